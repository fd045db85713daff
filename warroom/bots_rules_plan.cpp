// The rules-based bot's Phase 2: what it sees of the position (assess), and the orders and bid it
// writes (plan_sheet): defence of capitals and industries first, then attacks it expects to win,
// then an advance toward its alliance's Victory conditions. Legality is always the rules': the
// pad's destinations (ruling 21) and the Phase 3 step's moves on a copy of the observation, which
// knows pinning, rails, passages and the scenario's regions.
#include <algorithm>
#include <queue>

#include "warroom/ai_attack.h"
#include "warroom/bots_rules.h"
#include "warroom/map.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

Alliance other(Alliance a) { return a == Alliance::Allied ? Alliance::Axis : Alliance::Allied; }
int side_index(Alliance a) { return static_cast<int>(a); }

bool friendly(const State& s, RegionId r, Alliance side) {
  const Nation c = s.region[r].controller;
  return c != kNoNation && alliance_of(c) == side;
}

// A territory of the other party of the Soviet-Japanese Pact while it holds: no target for a party
// (taking it would break the pact, Article One: 5 Stress and a second front).
bool under_truce(const Game& g, const State& s, Nation nation, RegionId r) {
  const Nation c = s.region[r].controller;
  return c != kNoNation && pact_truce(CCtx{g, s}, nation, c);
}

}  // namespace

// Strength of a unit type, measured by what it costs (units.json); carrier fighter tokens as fighters.
int unit_strength(const Data& d, int type) {
  const int t = type == index(UnitKind::CarrierFighter) ? kFtr : type;
  return std::max(1, d.units[kind_at(t)].cost.total());
}

int command_strength(const Data& d, Nation nation, int number, const Command& c) {
  const Category cat = command_category(d, nation, number);
  int total = 0;
  for (int t = first_type(cat); t < first_type(cat) + type_count(cat); ++t) total += c.n[at(slot_of(t))] * unit_strength(d, t);
  return total;
}

void force_distances(const Game& g, bool may_sail, RegionArray<int>& dist) {
  const Data& d = g.data();
  using Item = std::pair<int, RegionId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  for (const Region& r : d.regions)
    if (dist[r.rid] < kForceFar) open.push({dist[r.rid], r.rid});
  while (!open.empty()) {
    const auto [cost, r] = open.top();
    open.pop();
    if (cost > dist[r]) continue;
    for (RegionId x : neighbours(d, r)) {
      const Region& reg = d.region(x);
      if (!g.scenario().in_play.test(x) || reg.type == RegionType::Impassable) continue;
      const bool land_step = reg.is_territory() && d.region(r).is_territory();
      if (!land_step && !may_sail) continue;
      if (const int next = cost + (land_step ? 1 : 2); next < dist[x]) dist[x] = next, open.push({next, x});
    }
  }
}

namespace {

// Goal distance for a land force: goals are the regions of the alliance's Victory conditions it does
// not hold (distance 0) and enemy territories (4: any front will do, the objectives come first).
void goal_distances(const Game& g, const State& s, Assessment& a) {
  const Data& d = g.data();
  a.goal_distance.fill(kForceFar);
  for (const VictoryTerm& term : g.scenario().victory[at(side_index(a.side))].all_of)
    for (RegionId r : term.of)
      if (!friendly(s, r, a.side) && !under_truce(g, s, a.nation, r)) a.goal_distance[r] = 0;
  for (const Region& r : d.regions)
    if (r.is_territory() && g.scenario().in_play.test(r.rid) && friendly(s, r.rid, other(a.side)) && !under_truce(g, s, a.nation, r.rid))
      a.goal_distance[r.rid] = std::min(a.goal_distance[r.rid], 4);
  force_distances(g, !d.nations[a.nation].has(NationRule::LandNeverAtSea), a.goal_distance);
}

void count_forces(const Game& g, const State& s, Assessment& a) {
  const Data& d = g.data();
  for (Nation n : kAllNations) {
    if (!in_play(s, n)) continue;
    const int side = side_index(alliance_of(n));
    for (int number = 1; number <= kMaxCommandNumber; ++number) {
      const Command& c = s.command[n][at(number)];
      if (c.region == kNoRegion || units_in(c) == 0) continue;
      const int st = command_strength(d, n, number, c);
      switch (command_category(d, n, number)) {
        case Category::Land: a.land[at(side)][c.region] += st; break;
        case Category::Air: a.air[at(side)][c.region] += st; break;
        case Category::Sea: a.naval[at(side)][c.region] += st; break;
      }
    }
  }
}

// A capital's reinforcements may be rounds away (an island, an army overseas): half the enemy troops
// at sea one sea region further out than its coast count against it already, so that it keeps a
// garrison before the transports arrive.
int seaborne_reserve(const Game& g, const Assessment& a, RegionId capital, int them) {
  const Data& d = g.data();
  RegionArray<bool> seen{};
  int reserve = 0;
  for (RegionId coast : neighbours(d, capital)) {
    if (!d.region(coast).is_sea()) continue;
    seen[coast] = true;
    for (RegionId x : neighbours(d, coast))
      if (d.region(x).is_sea() && !seen[x] && !is_edge(d, x, capital) && g.scenario().in_play.test(x)) {
        seen[x] = true;
        reserve += a.land[at(them)][x] / 2;
      }
  }
  return reserve;
}

}  // namespace

Assessment assess(const Game& g, const State& s, Nation nation) {
  const Data& d = g.data();
  Assessment a;
  a.nation = nation;
  a.side = alliance_of(nation);
  count_forces(g, s, a);
  const int me = side_index(a.side), them = 1 - me;
  const auto& enemy_victory = g.scenario().victory[at(them)].all_of;
  for (const Region& r : d.regions) {
    if (!g.scenario().in_play.test(r.rid) || !r.is_territory()) continue;
    // Threat: enemy land units that can enter next round (adjacent territories, transports in
    // adjacent seas) and those already there; rails cannot invade (Plotting Land Commands by Rail).
    int threat = a.land[at(them)][r.rid];
    for (RegionId x : neighbours(d, r.rid)) threat += a.land[at(them)][x] + a.air[at(them)][x] / 2;
    if (r.capital_of != kNoNation) threat += seaborne_reserve(g, a, r.rid, them);
    a.threat[r.rid] = threat;
    if (friendly(s, r.rid, a.side)) {
      int imp = r.industry ? r.sv : 0;
      if (r.capital_of != kNoNation) imp += r.capital_of == nation ? 12 : 8;
      for (const VictoryTerm& term : enemy_victory)
        if (std::find(term.of.begin(), term.of.end(), r.rid) != term.of.end()) imp += 10, a.enemy_aim[r.rid] = true;
      a.importance[r.rid] = imp;
    } else if (friendly(s, r.rid, other(a.side)) && !under_truce(g, s, nation, r.rid)) {
      int v = r.sv + r.income.total() + (r.industry ? 3 : 0) + (r.capital_of != kNoNation ? 10 : 0);
      for (const VictoryTerm& term : g.scenario().victory[at(me)].all_of)
        if (std::find(term.of.begin(), term.of.end(), r.rid) != term.of.end()) v += 20;
      a.value[r.rid] = v;
    }
  }
  goal_distances(g, s, a);
  return a;
}

bool order_executable(const Game& g, const State& obs, Nation nation, int command, RegionId dest) {
  State s = obs;
  s.steps.push(step::MovementTurn{nation});
  s.sheet[nation].box = {};
  s.sheet[nation].box[0] = {static_cast<std::uint8_t>(command), dest, kWritten};
  s.pin = PinSplit{};
  core::ActionList legal;
  g.legal_actions(s, g.seat_of(nation), legal);
  return std::any_of(legal.begin(), legal.end(), [](core::Action x) { return decode_action(x).kind == ActionKind::Move; });
}

namespace {

struct Mine {
  std::uint8_t number = 0;
  RegionId region = kNoRegion;
  Category cat = Category::Land;
  int strength = 0;
  bool used = false;
};

class Planner {
 public:
  Planner(const Game& g, const State& s, Nation nation, RegionId kept, int quiet, const Style& style)
      : g_(g),
        d_(g.data()),
        s_(s),
        nation_(nation),
        a_(assess(g, s, nation)),
        campaign_(plan_campaign(g, s, a_, kept, quiet)),
        style_(style),
        odds_percent_(strike_odds_percent(quiet) * style.odds_scale_percent / 100) {
    for (int number = 1; number <= kMaxCommandNumber; ++number) {
      const Command& c = s.command[nation][at(number)];
      if (c.region == kNoRegion || units_in(c) == 0) continue;
      mine_.push_back(
          {static_cast<std::uint8_t>(number), c.region, command_category(d_, nation, number), command_strength(d_, nation, number, c)});
    }
    std::stable_sort(mine_.begin(), mine_.end(), [](const Mine& x, const Mine& y) { return x.strength > y.strength; });
    if (style.sea_watch)  // capitals have it already (assess)
      for (const Region& r : d_.regions)
        if (a_.importance[r.rid] > 0 && r.capital_of == kNoNation) a_.threat[r.rid] += seaborne_reserve(g, a_, r.rid, them());
    if (style.sea_garrison) garrisons_ = sea_only_vital();
    for (RegionId r : garrisons_) sea_guard_[r] = seaborne_guard(r);
  }

  SheetPlan run() {
    if (style_.home_guard) sink_transports(), ferry_home();
    strike();
    defend();
    for (RegionId v : garrisons_) ferry(v, sea_guard_[v], OrderWhy::FerryGarrison, true);
    attack();
    strike_fleets();
    escort_and_gather();
    advance();
    air_to_defence();
    plan_.bid = bid();
    plan_.campaign = campaign_.target;
    plan_.odds_percent = odds_percent_;
    return plan_;
  }

 private:
  const Game& g_;
  const Data& d_;
  const State& s_;
  Nation nation_;
  Assessment a_;
  Campaign campaign_;
  Style style_;
  int odds_percent_ = 100;  // the share of the defence the strike needs (a stalled war: less)
  int home_guard_ = home_guard();
  std::vector<RegionId> garrisons_;  // Style::sea_garrison: the regions it garrisons (sea_only_vital)
  RegionArray<int> sea_guard_{};     // and the enemy troops that can land on each within two orders
  std::vector<Mine> mine_;
  SheetPlan plan_;
  RegionArray<int> out_{}, in_{}, ships_in_{};
  int attacks_ = 0, capital_attacks_ = 0;
  bool short_of_defence_ = false;
  bool rail_defence_ = false;  // a sure defence counts on a Command coming by rail (it wants the first slot)

  int me() const { return side_index(a_.side); }
  int them() const { return 1 - me(); }
  bool full() const { return static_cast<int>(plan_.orders.size()) >= g_.order_limit(nation_); }

  bool on_pad(const Mine& m, RegionId dest) const {
    std::vector<RegionId> dests;
    pad_destinations(CCtx{g_, s_}, nation_, m.number, dests);
    return std::find(dests.begin(), dests.end(), dest) != dests.end();
  }

  // Friendly land strength left in r after the planned moves.
  int held(RegionId r) const { return a_.land[at(me())][r] + in_[r] - out_[r]; }

  // Leaving r must not bare a threatened capital or industry.
  // The nation's own capital is never emptied: its last land Command stays (a garrison that
  // reinforcements from overseas could not replace in time), and an island capital keeps the strength
  // of the enemy armies two moves away (home_guard_): its army, once sent overseas for a campaign,
  // could not come back in time. A region a garrison by sea holds keeps the enemy troops that can
  // land on it within two orders (sea_guard_) for the same reason.
  bool can_leave(const Mine& m) const {
    if (m.cat != Category::Land || a_.importance[m.region] == 0) return true;
    if (last_at_capital(m)) return false;
    const int near = m.region == d_.nations[nation_].capital ? home_guard_ : sea_guard_[m.region];
    const int guard = std::max(near, a_.threat[m.region]);
    return (held(m.region) - m.strength) * 100 >= guard * odds_percent_;  // a stalled war risks more
  }

  // The enemy land strength within two moves of the nation's capital (land steps 1, sea steps 2:
  // kCampaignReach), troops at sea included; for Style::home_guard, seaborne_guard.
  int home_guard() const {
    const RegionId capital = d_.nations[nation_].capital;
    if (capital == kNoRegion || !d_.region(capital).island) return 0;
    if (style_.home_guard) return seaborne_guard(capital);
    RegionArray<int> dist;
    dist.fill(kForceFar);
    dist[capital] = 0;
    force_distances(g_, true, dist);
    int total = 0;
    for (const Region& r : d_.regions)
      if (dist[r.rid] <= kCampaignReach) total += a_.land[at(them())][r.rid];
    return total;
  }

  // The enemy land strength that can land on `target` (an island capital, a region only the sea
  // reaches) within two orders (Transporting Land Units by Sea: up to 2 regions at sea, then one
  // adjacent territory): troops at sea within two sea regions of a sea beside it, and armies on a
  // coast of a sea at most one region from such a sea (embarking is the first of the two), of nations
  // whose land units may go to sea.
  int seaborne_guard(RegionId target) const {
    const auto seas_from_coast = [&](RegionId x) {
      int best = kForceFar;
      for (RegionId c : neighbours(d_, target))
        if (d_.region(c).is_sea() && sea_distance(d_, x, c) != kUnreachable) best = std::min(best, sea_distance(d_, x, c));
      return best;
    };
    int total = 0;
    for (Nation n : kAllNations) {
      if (!in_play(s_, n) || alliance_of(n) == a_.side || d_.nations[n].has(NationRule::LandNeverAtSea)) continue;
      for (int number = 1; number <= kMaxCommandNumber; ++number) {
        const Command& c = s_.command[n][at(number)];
        if (c.region == kNoRegion || c.region == target || command_category(d_, n, number) != Category::Land) continue;
        bool near = d_.region(c.region).is_sea() && seas_from_coast(c.region) <= 2;
        for (RegionId x : neighbours(d_, c.region))
          near = near || (d_.region(c.region).is_territory() && d_.region(x).is_sea() && seas_from_coast(x) <= 1);
        if (near) total += command_strength(d_, n, number, c);
      }
    }
    return total;
  }

  // A sea beside a friendly capital, industry or region of the enemy's Victory condition.
  bool beside_vital(RegionId sea) const {
    for (RegionId x : neighbours(d_, sea))
      if (a_.importance[x] > 0) return true;
    return false;
  }

  // 0. The home guard (Style::home_guard) strikes enemy troops at sea beside a vital region that no
  // fleet or aircraft of theirs guards: any air or naval Command of ours there at the end of the
  // battle sinks them all (Battle Debrief > 3. Check for Lost Troop Transports). A naval Command
  // goes first, as it pins them (Troop Transports During Battle > Pinning), then the air that can land
  // afterwards; a strike made wants the first slot (bid), before the troops land.
  void sink_transports() {
    for (const Region& r : d_.regions) {
      if (!r.is_sea() || !g_.scenario().in_play.test(r.rid) || a_.land[at(them())][r.rid] == 0 || !beside_vital(r.rid)) continue;
      if (a_.naval[at(them())][r.rid] + a_.air[at(them())][r.rid] > 0) continue;  // guarded: strike_fleets weighs it
      bool sent = false;
      for (const Category cat : {Category::Sea, Category::Air})
        for (Mine& m : mine_)
          if (!m.used && m.cat == cat && can_reach_sea(m, r.rid) && order(m, r.rid, OrderWhy::SinkTransports)) {
            sent = true;
            break;
          }
      attacks_ += sent;
    }
  }

  // 0b. An island capital is reinforced from the mainland in two orders (ferry) when the enemy troops
  // within two moves (home_guard_) or its threat outweigh its garrison.
  void ferry_home() {
    const RegionId cap = d_.nations[nation_].capital;
    if (cap != kNoRegion && d_.region(cap).island && friendly(s_, cap, a_.side)) ferry(cap, home_guard_, OrderWhy::FerryHome, false);
  }

  // Style::sea_garrison: the friendly regions of the enemy's Victory condition that only the sea
  // brings an enemy to (islands, and regions with no enemy army beside them), but capitals: a capital
  // is its own nation's to guard (ferry_home, the defence).
  std::vector<RegionId> sea_only_vital() const {
    std::vector<RegionId> v;
    for (const Region& r : d_.regions) {
      if (!a_.enemy_aim[r.rid] || r.capital_of != kNoNation) continue;
      bool beside = false;
      for (RegionId x : neighbours(d_, r.rid)) beside = beside || (d_.region(x).is_territory() && a_.land[at(them())][x] > 0);
      if (r.island || !beside) v.push_back(r.rid);
    }
    std::stable_sort(v.begin(), v.end(), [&](RegionId x, RegionId y) { return a_.importance[x] > a_.importance[y]; });
    return v;
  }

  // A region only the sea reaches is reinforced in two orders (embark into a sea beside it, then land:
  // Transporting Land Units by Sea) when `guard` (the enemy troops that can land on it within two
  // orders) or its threat outweigh its garrison: Commands at sea beside it land, and Commands on a
  // coast embark into a sea beside it where no stronger enemy fleet is near: from a coast of that sea,
  // or with `second_sea` also through a second sea region (land to sea, then sea to sea).
  void ferry(RegionId v, int guard, OrderWhy why, bool second_sea) {
    int coming = 0;
    const auto short_of = [&] { return std::max(guard, a_.threat[v]) * 11 / 10 + 1 - held(v) - coming > 0 && !full(); };
    for (Mine& m : mine_)
      if (short_of() && !m.used && m.cat == Category::Land && d_.region(m.region).is_sea() && is_edge(d_, m.region, v)) order(m, v, why);
    for (Mine& m : mine_) {
      if (!short_of()) return;
      if (m.used || m.cat != Category::Land || !d_.region(m.region).is_territory() || m.region == v || !can_leave(m)) continue;
      for (RegionId sea : neighbours(d_, v)) {
        const bool route = second_sea || is_edge(d_, m.region, sea);
        if (d_.region(sea).is_sea() && route && sea_safe(sea) && order(m, sea, why)) {
          coming += m.strength;
          break;
        }
      }
    }
  }

  bool order(Mine& m, RegionId dest, OrderWhy why) {
    if (full() || m.used || !on_pad(m, dest) || !order_executable(g_, s_, nation_, m.number, dest)) return false;
    m.used = true;
    plan_.orders.push_back({m.number, dest, why});
    if (m.cat == Category::Land) out_[m.region] += m.strength, in_[dest] += m.strength;
    if (m.cat == Category::Sea) ships_in_[dest] += m.strength;
    return true;
  }

  // Air may go where it can land next Phase 5: a friendly territory within its landing move.
  bool landing_near(RegionId r) const {
    for (const Region& t : d_.regions)
      if (t.is_territory() && g_.scenario().in_play.test(t.rid) && friendly(s_, t.rid, a_.side) && air_distance(d_, r, t.rid) <= 2)
        return true;
    return false;
  }

  std::vector<RegionId> vital_regions() const {
    std::vector<RegionId> v;
    for (const Region& r : d_.regions)
      if (a_.importance[r.rid] > 0 && a_.threat[r.rid] > 0) v.push_back(r.rid);
    std::stable_sort(v.begin(), v.end(), [&](RegionId x, RegionId y) { return a_.importance[x] > a_.importance[y]; });
    return v;
  }

  // 1. Capitals and industries: enough land strength to meet the threat (+10%). A sure defence
  // (Style::sure_defence) sends the Commands that step in first, then those that come by rail.
  void defend() {
    for (RegionId v : vital_regions()) {
      const auto need = [&] { return a_.threat[v] * 11 / 10 + 1 - held(v); };
      const auto reinforce = [&](bool rail) {
        for (Mine& m : mine_) {
          if (need() <= 0 || full()) break;
          // A Command may bare a lesser vital region to save a greater one (Moscow before Leningrad).
          if (m.used || m.cat != Category::Land || m.region == v || (!can_leave(m) && a_.importance[m.region] >= a_.importance[v]))
            continue;
          if (in_[m.region] > 0 || out_[v] > 0) continue;  // no Command both reinforces and leaves a region
          if (style_.sure_defence && adjacent_for_land(m.region, v) == rail) continue;
          if (order(m, v, OrderWhy::Defend) && rail) rail_defence_ = true;
        }
      };
      if (style_.sure_defence) reinforce(false);
      reinforce(style_.sure_defence);
      if (need() > 0) short_of_defence_ = true;
    }
  }

  // The campaign's strike (bots_rules_campaign.cpp): every land Command beside the target (and
  // transports in the seas beside it) goes in once they, the allies beside it and half the air
  // within reach (as the defence counts the defender's air) are at least its defence: the attacker
  // chooses the moment, bids for the first slot and brings its air. The allies strike too: their
  // campaign is the same (the same public board, the same choice).
  void strike() {
    const RegionId t = campaign_.target;
    if (t == kNoRegion) return;
    int force = a_.land[at(me())][t] + alliance_beside(g_, a_, t) + air_within_reach(t) / 2;
    const std::vector<Mine*> group = strike_group(t, force);
    if (group.empty() || force * 100 < defence_of(t) * odds_percent_) return;
    launch_attack(group, t, OrderWhy::CampaignStrike);
  }

  // Orders the group into t; an attack made (some order written) wants the first slot, and the air
  // within reach supports it.
  void launch_attack(const std::vector<Mine*>& group, RegionId t, OrderWhy why) {
    int sent = 0;
    for (Mine* m : group) sent += order(*m, t, why);
    if (!sent) return;
    ++attacks_;
    capital_attacks_ += d_.region(t).capital_of != kNoNation;
    air_support(t);
  }

  // The nation's Commands beside t that may strike it; `force` (the alliance beside t) loses those
  // that may not. A Command may leave a threatened capital or industry for the strike when the
  // target's own army is most of that threat: taking the target is that region's defence. The own
  // capital keeps its last Command.
  std::vector<Mine*> strike_group(RegionId t, int& force) {
    std::vector<Mine*> group;
    for (Mine& m : mine_) {
      if (m.cat != Category::Land || !adjacent_for_land(m.region, t)) continue;
      const bool may = !m.used && on_pad(m, t) &&
                       (can_leave(m) || ((strikes_the_threat(a_, m.region, t) || cannot_hold(m.region)) && !last_at_capital(m)));
      if (may)
        group.push_back(&m);
      else
        force -= m.strength;
    }
    return group;
  }

  // A stalled war: a region whose whole army falls short of the stalled share of the threat to it
  // is lost if the enemy comes, whether its army stays or not; the army may strike instead.
  bool cannot_hold(RegionId r) const { return odds_percent_ < 100 && held(r) * 100 < a_.threat[r] * odds_percent_; }

  bool last_at_capital(const Mine& m) const { return m.region == d_.nations[nation_].capital && held(m.region) - m.strength <= 0; }

  // The alliance's air strength within 2 regions of t, if it could land afterwards (air_support).
  int air_within_reach(RegionId t) const {
    if (!landing_near(t)) return 0;
    int total = 0;
    for (const Region& r : d_.regions)
      if (air_distance(d_, r.rid, t) <= 2) total += a_.air[at(me())][r.rid];
    return total;
  }

  void air_support(RegionId t) {
    for (Mine& m : mine_)
      if (supports(m, t)) order(m, t, OrderWhy::AirSupport);
  }

  // Air supports an attack where it can land afterwards, against an enemy army.
  bool supports(const Mine& m, RegionId t) const {
    return !m.used && m.cat == Category::Air && air_distance(d_, m.region, t) <= 2 && landing_near(t) && a_.land[at(them())][t] > 0;
  }

  int defence_of(RegionId t) const { return warroom::defence_of(a_, t); }

  // 2. Attacks on enemy territories worth taking, with at least 1.3 times the defence; or, for
  // Style::calculated_attacks, where the battle calculator expects the most (calculated_attack).
  void attack() {
    std::vector<RegionId> targets;
    for (const Region& r : d_.regions)
      if (r.is_territory() && (a_.value[r.rid] > 0 || (friendly(s_, r.rid, a_.side) && a_.land[at(them())][r.rid] > 0)))
        targets.push_back(r.rid);
    std::stable_sort(targets.begin(), targets.end(), [&](RegionId x, RegionId y) { return worth(x) > worth(y); });
    if (style_.calculated_attacks) return calculated_attack(targets);
    for (RegionId t : targets) {
      if (full()) break;
      int force = 0;
      const std::vector<Mine*> group = attack_group(t, force);
      if (group.empty() || force * 10 < defence_of(t) * style_.attack_tenths + 10) continue;
      launch_attack(group, t, OrderWhy::Attack);
    }
  }

  int worth(RegionId r) const { return a_.value[r] + (a_.land[at(them())][r] > 0 ? a_.importance[r] : 0); }

  // The land Commands that may attack t, strongest first, until the force there is 1.5 times its
  // defence and 2; `force` receives the force (the alliance's land already there and sent there).
  std::vector<Mine*> attack_group(RegionId t, int& force) {
    const int defence = defence_of(t);
    force = a_.land[at(me())][t] + in_[t];
    std::vector<Mine*> group;
    for (Mine& m : mine_) {
      if (force >= defence * 3 / 2 + 2) break;
      if (m.used || m.cat != Category::Land || !can_leave(m) || !adjacent_for_land(m.region, t)) continue;
      if (!on_pad(m, t)) continue;
      group.push_back(&m);
      force += m.strength;
    }
    return group;
  }

  // Style::calculated_attacks: each target's group (as above, with the air that would support it and
  // the Commands already sent there) weighed by the battle calculator (attack_gain: the chance to take
  // it x its worth, plus the enemy's expected Casualty Points lost, minus the attacker's); the attacks
  // with a gain go in, the best first. A force under kHopelessTenths of the defence is not weighed.
  static constexpr int kHopelessTenths = 7;
  void calculated_attack(const std::vector<RegionId>& targets) {
    struct Option {
      RegionId t;
      double gain;
    };
    std::vector<Option> options;
    for (RegionId t : targets) {
      int force = 0;
      const std::vector<Mine*> group = attack_group(t, force);
      if (group.empty() || force * 10 < defence_of(t) * kHopelessTenths) continue;
      if (const double gain = weigh(t, group); gain > 0) options.push_back({t, gain});
    }
    std::stable_sort(options.begin(), options.end(), [](const Option& x, const Option& y) { return x.gain > y.gain; });
    for (const Option& o : options) {
      if (full()) break;
      int force = 0;
      const std::vector<Mine*> group = attack_group(o.t, force);  // Commands taken by a better attack are gone
      if (!group.empty() && weigh(o.t, group) > 0) launch_attack(group, o.t, OrderWhy::CalculatedAttack);
    }
  }

  double weigh(RegionId t, const std::vector<Mine*>& group) {
    std::vector<std::uint8_t> commands;
    for (const PlannedOrder& o : plan_.orders)
      if (o.dest == t) commands.push_back(o.command);
    for (const Mine* m : group) commands.push_back(m->number);
    for (const Mine& m : mine_)
      if (supports(m, t)) commands.push_back(m.number);
    const auto key = std::make_pair(t, commands);
    if (const auto it = std::find_if(weighed_.begin(), weighed_.end(), [&](const auto& w) { return w.first == key; }); it != weighed_.end())
      return it->second;
    double taken = 0;
    const double gain = attack_gain(g_, s_, nation_, t, commands, worth(t), taken);
    weighed_.emplace_back(key, gain);
    return gain;
  }
  std::vector<std::pair<std::pair<RegionId, std::vector<std::uint8_t>>, double>> weighed_;

  bool adjacent_for_land(RegionId from, RegionId t) const {
    if (d_.region(from).is_sea()) return is_edge(d_, from, t);  // a transport lands on an adjacent territory
    return land_distance(d_, from, t) == 1;
  }

  // Troops may sail where the ships there (and those ordered there) meet any enemy fleet nearby.
  bool sea_safe(RegionId r) const { return sea_safe_for(r, ships_in_[r]); }

  // 3. Fleets (and aircraft that can land afterwards) strike an enemy fleet when together they are
  // 1.3 times its strength; then they guard the seas where troops sail; the rest gather at the
  // safe sea nearest the goals, where the troops will cross.
  bool can_reach_sea(const Mine& m, RegionId r) const {
    if (m.cat == Category::Sea) return sea_distance(d_, m.region, r) <= 2;
    return m.cat == Category::Air && air_distance(d_, m.region, r) <= 2 && landing_near(r);
  }

  void strike_fleets() {
    std::vector<RegionId> seas;
    for (const Region& r : d_.regions)
      if (r.is_sea() && g_.scenario().in_play.test(r.rid) && a_.naval[at(them())][r.rid] > 0) seas.push_back(r.rid);
    std::stable_sort(seas.begin(), seas.end(), [&](RegionId x, RegionId y) { return a_.goal_distance[x] < a_.goal_distance[y]; });
    for (RegionId r : seas) {
      const int enemy = a_.naval[at(them())][r] + a_.air[at(them())][r];
      int ours = a_.naval[at(me())][r] + a_.air[at(me())][r];
      std::vector<Mine*> group;
      for (Mine& m : mine_) {
        if (ours * 10 >= enemy * 13 + 10) break;
        if (m.used || m.cat == Category::Land || m.region == r || !can_reach_sea(m, r)) continue;
        group.push_back(&m);
        ours += m.strength;
      }
      if (group.empty() || ours * 10 < enemy * 13 + 10) continue;
      for (Mine* m : group) order(*m, r, OrderWhy::StrikeFleet);
    }
  }

  void escort_and_gather() {
    for (Mine& m : mine_) {
      if (m.used || m.cat != Category::Sea || full()) continue;
      RegionId best = kNoRegion;
      int best_score = 0;
      for (const Region& r : d_.regions) {
        if (!r.is_sea() || r.rid == m.region || sea_distance(d_, m.region, r.rid) > 2 || !g_.scenario().in_play.test(r.rid)) continue;
        if (a_.naval[at(them())][r.rid] + a_.air[at(them())][r.rid] > 0) continue;  // strikes are decided above
        const int transports = a_.land[at(me())][r.rid] + in_[r.rid];
        int score = transports > 0 && a_.naval[at(me())][r.rid] == 0 ? 100 + transports : 0;
        if (!score && a_.goal_distance[r.rid] < a_.goal_distance[m.region] && sea_safe_for(r.rid, m.strength))
          score = a_.goal_distance[m.region] - a_.goal_distance[r.rid];
        if (score > best_score) best = r.rid, best_score = score;
      }
      if (best != kNoRegion) order(m, best, best_score >= 100 ? OrderWhy::Escort : OrderWhy::Gather);
    }
  }

  // A sea where a force of `extra` more ships would not face a stronger enemy fleet next door.
  bool sea_safe_for(RegionId r, int extra) const {
    const int ours = a_.naval[at(me())][r] + extra;
    if (a_.naval[at(them())][r] > ours || a_.air[at(them())][r] > 0) return false;
    for (RegionId x : neighbours(d_, r))
      if (d_.region(x).is_sea() && a_.naval[at(them())][x] + a_.air[at(them())][x] > ours + a_.naval[at(me())][x]) return false;
    return true;
  }

  // Steps to where the army is wanted: the campaign's target for a Command within kCampaignPull of
  // it, else the nearest goal (an army far away, e.g. Japan's home army, has fronts of its own).
  int aim_distance(RegionId from, RegionId r) const {
    if (campaign_.target != kNoRegion && campaign_.distance[from] <= kCampaignPull) return campaign_.distance[r];
    return a_.goal_distance[r];
  }

  // 4. The rest of the army moves toward the campaign or the goals: friendly ground (rail included)
  // or a safe sea.
  void advance() {
    for (Mine& m : mine_) {
      if (m.used || m.cat != Category::Land || full() || !can_leave(m)) continue;
      std::vector<RegionId> dests;
      pad_destinations(CCtx{g_, s_}, nation_, m.number, dests);
      const auto aim = [&](RegionId r) { return aim_distance(m.region, r); };
      std::stable_sort(dests.begin(), dests.end(), [&](RegionId x, RegionId y) { return aim(x) < aim(y); });
      int tries = 0;
      for (RegionId r : dests) {
        if (aim(r) >= aim(m.region) || tries >= 4) break;
        const Region& reg = d_.region(r);
        const bool ok = reg.is_sea() ? sea_safe(r) : friendly(s_, r, a_.side) && a_.land[at(them())][r] == 0;
        if (!ok) continue;
        ++tries;
        if (order(m, r, OrderWhy::Advance)) break;
      }
    }
  }

  // 5. Air not yet used flies to the most threatened capital or industry it can reach.
  void air_to_defence() {
    for (Mine& m : mine_) {
      if (m.used || m.cat != Category::Air || full()) continue;
      RegionId best = kNoRegion;
      int worst = 0;
      for (const Region& r : d_.regions) {
        const int gap = a_.threat[r.rid] - held(r.rid);
        if (a_.importance[r.rid] == 0 || r.rid == m.region || gap <= worst || air_distance(d_, m.region, r.rid) > 2) continue;
        best = r.rid, worst = gap;
      }
      if (best != kNoRegion) order(m, best, OrderWhy::AirDefence);
    }
  }

  // Bids sized to need: attacks want the first slot (to pin the defenders before they move), more
  // so on a capital; a threatened capital or industry wants the last (to answer the enemy's moves).
  // Never more than one above the most oil an enemy holds (resources are public): that bid already
  // outbids every enemy, the rest would be paid for nothing.
  // A sure defence that counts on a rail move wants the first slot too: moving after the enemy, the
  // rail would stop short of the region the enemy has entered (ruling 29).
  int bid() {
    const int oil = resource(s_, nation_, kOil);
    plan_.wants_first = attacks_ > 0 || rail_defence_;
    int want = 0;
    if (attacks_ > 0)
      want = 1 + attacks_ + 3 * capital_attacks_, plan_.bid_why = BidWhy::FirstSlot;
    else if (short_of_defence_)
      want = 2, plan_.bid_why = BidWhy::ShortOfDefence;
    if (rail_defence_ && want <= 3) plan_.bid_why = BidWhy::RailDefence;
    if (rail_defence_) want = std::max(want, 3);
    int enemy_oil = 0;
    for (Nation n : kAllNations)
      if (in_play(s_, n) && alliance_of(n) != a_.side) enemy_oil = std::max(enemy_oil, resource(s_, n, kOil));
    if (want > 0) want += style_.bid_extra;  // a style bids more or less where it bids at all
    return std::clamp(want, 0, std::min(oil * style_.bid_oil_thirds / 3, enemy_oil + 1));
  }
};

}  // namespace

SheetPlan plan_sheet(const Game& g, const State& obs, Nation nation, RegionId kept_campaign, int quiet, const Style& style) {
  return Planner(g, obs, nation, kept_campaign, quiet, style).run();
}

int alliance_beside(const Game& g, const Assessment& a, RegionId t) {
  const Data& d = g.data();
  int total = 0;
  for (RegionId x : neighbours(d, t))
    if (d.region(x).is_sea() || land_distance(d, x, t) == 1) total += a.land[at(side_index(a.side))][x];
  return total;
}

int defence_of(const Assessment& a, RegionId t) {
  const int them = 1 - side_index(a.side);
  const int land = a.land[at(them)][t];
  return land + a.air[at(them)][t] / 2 + (land == 0 ? 2 : 0);  // the garrison's 2 dice (Garrison Forces)
}

bool strikes_the_threat(const Assessment& a, RegionId from, RegionId dest) {
  const int them = 1 - side_index(a.side);
  return a.land[at(them)][dest] > 0 && a.land[at(them)][dest] * 2 >= a.threat[from];
}

}  // namespace warroom
