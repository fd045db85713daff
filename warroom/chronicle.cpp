// A finished game's chronicle (the end screen's "what happened", issue 33 item 9): the log's
// structured entries summed by round and by nation -- battles, territories taken, units lost and
// captured, Casualty Points, Stress and Medals gained, collapses -- and why the war ended. Read from
// the log alone (every entry is public), as data ids: clients word it from their catalogues.
#include <map>

#include "warroom/rules.h"

namespace warroom {

namespace {

// One nation's figures in one round (or in the whole war).
struct Tally {
  int units_lost = 0, casualty_points = 0, stress = 0, medals = 0, captured_units = 0;
  void add(const Tally& t) {
    units_lost += t.units_lost, casualty_points += t.casualty_points, stress += t.stress, medals += t.medals;
    captured_units += t.captured_units;
  }
  nlohmann::json json() const {
    return {{"units_lost", units_lost},
            {"casualty_points", casualty_points},
            {"stress", stress},
            {"medals", medals},
            {"captured_units", captured_units}};
  }
};

struct Round {
  int round = 0;
  std::map<int, Tally> nations;
  nlohmann::json battles = nlohmann::json::array(), captured = nlohmann::json::array(), units_captured = nlohmann::json::array(),
                 collapsed = nlohmann::json::array();
};

}  // namespace

nlohmann::json Game::chronicle_json(const std::vector<core::LogEntry>& log) const {
  const auto nation = [](int n) { return nlohmann::json(nation_id(nation_at(n))); };
  const auto region = [this](int r) { return nlohmann::json(data().region(static_cast<RegionId>(r)).id); };
  // A game's log starts inside round 1 (its Phase 1 began with the new game), so its first entries
  // are round 1's.
  std::vector<Round> rounds(1);
  rounds.back().round = 1;
  nlohmann::json end = nullptr;
  for (const core::LogEntry& e : log) {
    const int n = e.args[0], a = e.args[1], b = e.args[2], c = e.args[3];
    Round& r = rounds.back();
    Tally* t = n >= 0 && n < kNations ? &r.nations[n] : nullptr;
    switch (static_cast<Event>(e.event)) {
      case Event::RoundBegins:
        if (a != r.round) rounds.emplace_back().round = a;
        break;
      case Event::BattleBegins: r.battles.push_back(region(a)); break;
      case Event::Captured:
      case Event::Restored:
        r.captured.push_back({{"nation", nation(n)}, {"region", region(a)}, {"from", b < kNations ? nation(b) : nullptr}});
        break;
      case Event::UnitsLost:
        if (t) t->units_lost += b;
        break;
      case Event::CasualtyStress:
        if (t) t->casualty_points += a, t->stress += b;
        break;
      case Event::TerritoryStress:
        if (t) t->stress += b;
        break;
      case Event::InvasionStress:
        if (t) t->stress += 1;
        break;
      case Event::PactBroken:
        if (t) t->stress += b;
        break;
      case Event::MedalGiven:
        if (t) t->medals += 1;
        break;
      case Event::UnitsCaptured:
        if (t) t->captured_units += b;
        r.units_captured.push_back({{"nation", nation(n)}, {"region", region(a)}, {"units", b}, {"from", nation(c)}});
        break;
      case Event::Collapsed: r.collapsed.push_back(nation(n)); break;
      case Event::Victory: end = {{"kind", "victory"}, {"alliance", alliance_id(static_cast<Alliance>(a))}, {"round", r.round}}; break;
      case Event::BothLose: end = {{"kind", "both-lose"}, {"round", r.round}}; break;
      case Event::Stopped: end = {{"kind", "stopped"}, {"round", a}}; break;
      default: break;
    }
  }
  nlohmann::json out_rounds = nlohmann::json::array();
  std::map<int, Tally> totals;
  for (const Round& r : rounds) {
    nlohmann::json nations = nlohmann::json::object();
    for (const auto& [n, t] : r.nations) nations[std::string(nation_id(nation_at(n)))] = t.json(), totals[n].add(t);
    out_rounds.push_back({{"round", r.round},
                          {"battles", r.battles},
                          {"captured", r.captured},
                          {"units_captured", r.units_captured},
                          {"collapsed", r.collapsed},
                          {"nations", nations}});
  }
  nlohmann::json total = nlohmann::json::object();
  for (const auto& [n, t] : totals) total[std::string(nation_id(nation_at(n)))] = t.json();
  return {{"end", end},
          {"rounds", out_rounds},
          {"totals", total},
          {"casualty_points_provenance", provenance_id(data().casualty_points_provenance())}};
}

}  // namespace warroom
