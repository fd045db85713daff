// The battle calculator's position and outcome, both through the engine (calculator.h): the
// Commands moved in by the Phase 3 step, the conflict set up by Phase 4, and each battle's end
// handed to the engine's Battle Debrief. The search over dice and stances: calculator_search.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "warroom/bots_rules.h"
#include "warroom/calculator_internal.h"
#include "warroom/rules.h"

namespace warroom {

namespace calc {

namespace {

bool is_kind(core::Action a, ActionKind k) { return decode_action(a).kind == k; }

}  // namespace

core::Seat acting_seat(const Game& g, const State& s) {
  const core::SeatMask mask = g.node_kind(s) == core::NodeKind::Decision ? g.acting_seats(s) : 0;
  for (core::Seat p = 0; p < g.seat_count(); ++p)
    if (mask & core::seat_bit(p)) return p;
  return -1;
}

core::Action default_action(const Game& g, const State& s, core::Seat seat, RegionId target) {
  const Step& st = s.steps.top();
  if (st.is<step::Reorganize>()) return encode(ActionKind::Done, st.as<step::Reorganize>().nation);  // always open
  if (st.is<step::HandOver>()) {
    // The Commander keeps command.
    const Nation nation = st.as<step::HandOver>().nation;
    return encode(ActionKind::Assign, nation, index(nation));
  }
  core::ActionList legal;
  g.legal_actions(s, seat, legal);
  switch (st.id) {
    case StepId::BattleChoice: return battle_decision(g, s, legal);
    case StepId::MovementTurn:  // straight into the target where a route offers it
      for (core::Action a : legal)
        if (is_kind(a, ActionKind::Move) && region_byte(decode_action(a).b) == target) return a;
      for (core::Action a : legal)
        if (is_kind(a, ActionKind::Move)) return a;
      break;
    default: break;
  }
  return legal[0];
}

bool play_out(const Game& g, State& s, RegionId target, core::Rng& rng) {
  bool chance = false;
  core::OutcomeList outcomes;
  for (int guard = 0; guard < 100000 && g.node_kind(s) != core::NodeKind::Terminal; ++guard) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      chance = true;
      g.apply(s, core::kChance, core::draw_chance(g, s, rng, outcomes), nullptr);
      continue;
    }
    const core::Seat seat = acting_seat(g, s);
    if (seat < 0) break;  // nobody can act (never within one region's conflict)
    g.apply(s, seat, default_action(g, s, seat, target), nullptr);
  }
  return chance;
}

namespace {

int units_there(const State& s, int side, RegionId r) {
  int n = 0;
  for (Nation nation : kAllNations) {
    if (side_of(nation) != side) continue;
    n += s.fighter_tokens.count(nation, r);
    for (const Command& c : s.command[nation])
      if (c.region == r) n += units_in(c);
  }
  return n;
}

}  // namespace

Tally tally(const Game& g, const State& before, const State& after, RegionId region) {
  const Data& d = g.data();
  Tally t{};
  for (Nation n : kAllNations) {
    const NationState &a = before.nation[n], &b = after.nation[n];
    if (!a.in_play) continue;
    const int side = side_of(n);
    for (int type = 0; type < kUnitTypes; ++type) t[field(kUnits, side)] += b.casualties[type_at(type)] - a.casualties[type_at(type)];
    const int cp_a = casualty_points(d, a), cp_b = casualty_points(d, b);
    t[field(kCasualtyPoints, side)] += cp_b - cp_a;
    t[field(kStress, side)] += (b.stress - a.stress) + d.morale.stress_for(cp_b) - d.morale.stress_for(cp_a);
    t[field(kMedals, side)] += b.medals - a.medals;
    for (int r = 0; r < kResources; ++r) t[field(kResourcesLost, side)] += std::max(0, a.res[at(r)] - b.res[at(r)]);
  }
  const std::array<int, kSides> here{units_there(after, 0, region), units_there(after, 1, region)};
  if (d.region(region).is_territory()) {
    const Nation owner = after.region[region].controller;
    if (owner != kNoNation) t[field(kWins, side_of(owner))] = 1;
    t[kContested] = embattled(CCtx{g, after}, region) ? 1 : 0;
  } else {
    for (int side = 0; side < kSides; ++side) t[field(kWins, side)] = here[at(side)] > 0 && here[at(1 - side)] == 0 ? 1 : 0;
    t[kContested] = here[0] > 0 && here[1] > 0 ? 1 : 0;
  }
  return t;
}

// ---- Outcomes through the engine's Battle Debrief ----

Debrief::Debrief(const Game& g, const Position& p) : g_(g), p_(p) {
  const Battle& b = p.at.battle;
  const auto add = [&](int side, Nation nation, int type) {
    const Present k{static_cast<std::uint8_t>(side), nation, static_cast<std::uint8_t>(type)};
    if (std::find(present_.begin(), present_.end(), k) == present_.end()) present_.push_back(k);
  };
  for (int side = 0; side < kSides; ++side)
    for (int i = 0; i < b.row_count[at(side)]; ++i) {
      const Row& r = b.rows[at(side)][at(i)];
      for (Nation n : kAllNations)
        if (r.alive(n) + r.eliminated[n] + r.escaped[n] > 0) add(side, n, r.type);
    }
  for (int i = 0; i < b.group_count; ++i) add(b.groups[at(i)].side, b.groups[at(i)].nation, b.groups[at(i)].type);
  for (int i = 0; i < b.transport_count; ++i) add(b.transports[at(i)].side, b.transports[at(i)].nation, b.transports[at(i)].type);
}

std::uint64_t Debrief::key(const Battle& b) const {
  core::Hasher h;
  for (const auto& [side, nation, type] : present_) {
    h.add(static_cast<std::uint64_t>(eliminated(b, side, nation, type)));
    h.add(static_cast<std::uint64_t>(survivors(b, side, nation, type)));
  }
  for (Nation n : kAllNations)
    for (int r = 0; r < kResources; ++r) h.add(static_cast<std::uint64_t>(resources_spent(b, n, static_cast<Resource>(r))));
  for (int t = 0; t < kMaxTypes; ++t) h.add(static_cast<std::uint64_t>(construction_destroyed(b, static_cast<std::uint8_t>(t))));
  h.add(static_cast<std::uint64_t>(bomb_tokens(b)) | static_cast<std::uint64_t>(transports_sunk(b, 0)) << 8 |
        static_cast<std::uint64_t>(transports_sunk(b, 1)) << 9);
  return h.digest();
}

const Tally& Debrief::outcome(const Battle& done, core::Rng& rng) {
  const std::uint64_t k = key(done);
  if (const auto it = kept_.find(k); it != kept_.end()) return it->second;
  State s = p_.at;
  s.battle = done;
  s.steps.pop();  // the die or decision the battle stood at: BattleDrive now runs the debrief
  Ctx c{g_, s, nullptr};
  advance(c);
  const bool chance = play_out(g_, s, p_.region, rng);
  last_ = tally(g_, p_.before, s, p_.region);
  if (chance) {
    met_chance_ = true;
    return last_;
  }
  return kept_[k] = last_;
}

}  // namespace calc

// ---- The position ----

namespace {

using calc::Position;

std::string command_name(const Game& g, CommandRef c) { return fmt::format("{} {}", g.nation_name(c.nation), c.number); }
std::string place(const Game& g, RegionId r) { return fmt::format("{} ({})", g.data().region(r).name, g.region_name(r)); }

// The Phase 3 step carries out an order of Command `c` into `r` on the copy `s` (its stack ending
// in GameOver): pins, obstructions and neutrals as the rules have them.
std::string move_in(const Game& g, State& s, CommandRef c, RegionId r, core::Rng& rng) {
  if (index(c.nation) >= kNations || !in_play(s, c.nation)) return fmt::format("nation {} is not in this game", index(c.nation));
  if (c.number < 1 || c.number > kMaxCommandNumber)
    return fmt::format("{}: no such Command number (1-{})", command_name(g, c), kMaxCommandNumber);
  const Command& cmd = s.command[c.nation][at(c.number)];
  if (cmd.region == kNoRegion || units_in(cmd) == 0) return fmt::format("{} is not on the map", command_name(g, c));
  if (cmd.region == r) return {};
  std::vector<RegionId> pad;
  pad_destinations(CCtx{g, s}, c.nation, c.number, pad);
  if (std::find(pad.begin(), pad.end(), r) == pad.end())
    return fmt::format("{} cannot be ordered into {}: not on its order pad from {} (ruling 21)", command_name(g, c), place(g, r),
                       place(g, cmd.region));
  Sheet& sh = s.sheet[c.nation];
  sh.box = {};
  sh.box[0] = {c.number, r, kWritten};
  sh.selected = 0;
  s.pin = PinSplit{};
  s.steps.push(step::MovementTurn{c.nation});
  core::ActionList legal;
  g.legal_actions(s, g.seat_of(c.nation), legal);
  if (std::none_of(legal.begin(), legal.end(), [](core::Action a) { return decode_action(a).kind == ActionKind::Move; }))
    return fmt::format("{} cannot move into {} now: {}", command_name(g, c), place(g, r), order_blocked_why(CCtx{g, s}, c.nation));
  calc::play_out(g, s, r, rng);
  const RegionId end = s.command[c.nation][at(c.number)].region;
  if (end != r)  // a pin, an obstructed rail, a cancelled order
    return fmt::format("{} would stop in {}, short of {}, as Phase 3 would carry out its order now", command_name(g, c), place(g, end),
                       place(g, r));
  return {};
}

// The Commands the seat's own sheets order into `r` (written, not yet carried out).
std::vector<CommandRef> own_orders(const Game& g, const State& obs, core::Seat seat, RegionId r) {
  std::vector<CommandRef> out;
  if (seat < 0 || seat >= g.seat_count()) return out;
  for (Nation n : g.seat_nations(seat))
    for (const Order& o : obs.sheet[n].box)
      if (o.status == kWritten && o.dest == r) out.push_back({n, o.command});
  return out;
}

bool at_battle_point(const State& s) {
  const StepId id = s.steps.top().id;
  return (id == StepId::BattleChoice || id == StepId::BattleDie) &&
         (s.fight.part == kFightBattle || s.fight.part == kFightRaid || s.fight.part == kFightNextBattle);
}

// The battle being fought in r: the engine's state from the region's BattleDrive up, over GameOver.
bool in_progress(const State& obs, RegionId r, Position& p) {
  if (obs.fight.region != r || obs.battle.kind == BattleKind::None || need(obs.battle) == Need::Done || !at_battle_point(obs)) return false;
  std::size_t drive = obs.steps.size();
  for (std::size_t i = 0; i < obs.steps.size(); ++i)
    if (obs.steps[i].id == StepId::BattleDrive) drive = i;
  if (drive == obs.steps.size()) return false;
  p.at = obs;
  p.at.steps.clear();
  p.at.steps.push(step::GameOver{});
  for (std::size_t i = drive; i < obs.steps.size(); ++i) p.at.steps.push(obs.steps[i]);
  p.before = p.at;
  return true;
}

// Phase 4 on the copy `s`: the Active regions marked, all but r set aside, r's conflict selected and
// set up, up to its first die or decision.
std::string set_up(const Game& g, State& s, RegionId r, Position& p, core::Rng& rng) {
  s.phase = 4;
  s.fight = Fight{};
  s.battle = Battle{};
  Ctx c{g, s, nullptr};
  begin_combat(c);
  if (!(s.region[r].flags & kActive))
    return fmt::format("no battle in {}: no opposing forces, invasion, bombing or convoy raid there", place(g, r));
  for (RegionState& rs : s.region)
    if (&rs != &s.region[r]) rs.flags = static_cast<std::uint8_t>(rs.flags & ~kActive);
  p.before = s;
  advance(c);  // the Order of Battles: the first nation in turn order with forces there selects it
  if (s.steps.top().id != StepId::PickRegion) return fmt::format("no battle in {}: no nation's forces there to fight", place(g, r));
  const Nation picker = s.steps.top().as<step::PickRegion>().nation;
  g.apply(s, g.seat_of(picker), encode(ActionKind::Fight, picker, index(r)), nullptr);
  for (core::Seat seat = calc::acting_seat(g, s); seat >= 0 && !at_battle_point(s); seat = calc::acting_seat(g, s))
    g.apply(s, seat, calc::default_action(g, s, seat, r), nullptr);  // Battle Setup > 4: the Commanders
  if (!at_battle_point(s)) calc::play_out(g, s, r, rng);             // nothing to roll or decide: the end
  p.settled = !at_battle_point(s);
  p.at = s;
  return {};
}

std::string make_position(const Game& g, const State& obs, core::Seat seat, const OddsQuery& q, Odds& o, Position& p) {
  const RegionId r = q.region;
  p.region = r;
  if (in_progress(obs, r, p)) {
    if (!q.moving_in.empty()) return fmt::format("the battle in {} is being fought: no Command can join it now", place(g, r));
    o.in_progress = true;
    return {};
  }
  State s = obs;
  s.steps.clear();
  s.steps.push(step::GameOver{});
  s.pin = PinSplit{};
  core::Rng rng(q.seed);
  const bool named = !q.moving_in.empty();
  for (const CommandRef& c : named ? q.moving_in : own_orders(g, obs, seat, r)) {
    const bool there = index(c.nation) < kNations && c.number <= kMaxCommandNumber && s.command[c.nation][at(c.number)].region == r;
    const State before = s;
    if (std::string e = move_in(g, s, c, r, rng); !e.empty()) {
      if (named) return e;
      s = before;  // an own order that would not arrive (a pin, a rail stop short of it) brings nobody
      continue;
    }
    if (!there) o.moved_in.push_back(c);
  }
  return set_up(g, s, r, p, rng);
}

// ---- The figures ----

void fill(Odds& o, const calc::Tally& mean, const calc::Tally& se) {
  for (int side = 0; side < kSides; ++side) {
    SideOdds& s = o.side[at(side)];
    const auto est = [&](calc::Field f) { return Estimate{mean[calc::field(f, side)], se[calc::field(f, side)]}; };
    s.wins = est(calc::kWins);
    s.units_lost = est(calc::kUnits);
    s.casualty_points = est(calc::kCasualtyPoints);
    s.stress = est(calc::kStress);
    s.medals = est(calc::kMedals);
    s.resources_lost = est(calc::kResourcesLost);
  }
  o.contested = {mean[calc::kContested], se[calc::kContested]};
}

// Each side's rows once the plan has put its units into stances: the stances assumed.
void list_stances(const Game& g, const Position& p, const StancePlan& plan, Odds& o) {
  Battle b = p.at.battle;
  while (need(b) == Need::Stance) play(b, stance_choice(g, b, plan));
  for (int side = 0; side < kSides; ++side)
    for (int i = 0; i < b.row_count[at(side)]; ++i) {
      const Row& r = b.rows[at(side)][at(i)];
      int units = r.alive();
      for (Nation n : kAllNations) units += r.eliminated[n] + r.escaped[n];
      if (units > 0) o.side[at(side)].stances.push_back({r.type, r.stance});
    }
}

void describe(const Game& g, const Position& p, Odds& o) {
  const Data& d = g.data();
  o.land = d.region(p.region).is_territory();
  const Nation owner = p.before.region[p.region].controller;
  o.defender = o.land && owner != kNoNation ? side_of(owner) : -1;
  o.kind = p.at.battle.kind;
  o.first_side = p.at.battle.group_count > 0 ? p.at.battle.groups[0].side : 0;
}

}  // namespace

Choice stance_choice(const Game& game, const Battle& b, const StancePlan& plan) {
  const Group& gr = b.groups[b.group_cursor];
  const int want = plan[gr.side][gr.type];
  if (want < 0) return preferred_choice(game, b);
  const int k = gr.cursor >= want ? gr.left : 0;  // all of them into the planned stance (or the next open one)
  return {ChoiceKind::Stance, b.group_cursor, static_cast<std::uint8_t>(k), 0};
}

StancePlan plan_of(const Odds& odds) {
  StancePlan plan;
  for (auto& side : plan) side.fill(-1);
  for (int side = 0; side < kSides; ++side)
    for (const StanceUse& u : odds.side[at(side)].stances) plan[at(side)][u.type] = static_cast<std::int8_t>(u.stance);
  return plan;
}

Odds odds_from_observation(const Game& g, const State& obs, core::Seat seat, const OddsQuery& q) {
  const auto start = std::chrono::steady_clock::now();
  Odds o;
  o.region = q.region;
  o.error_target = q.error;
  const Data& d = g.data();
  if (q.samples < 100 || q.samples > 1000000)
    o.error = "the samples must be from 100 to 1,000,000";
  else if (!(q.error >= 0 && q.error <= 0.5))
    o.error = "the error must be from 0 to 0.5";
  else if (seat >= g.seat_count())
    o.error = fmt::format("no seat {} in this game", seat);
  else if (!d.is_region(q.region) || !g.scenario().in_play.test(q.region) || d.region(q.region).type == RegionType::Impassable)
    o.error = "the region is not in play in this scenario";
  if (!o.error.empty()) return o;
  Position p;
  if (std::string e = make_position(g, obs, seat, q, o, p); !e.empty()) {
    o.error = e;
    return o;
  }
  describe(g, p, o);
  o.more_may_come = obs.phase <= 3;
  StancePlan plan;
  for (auto& side : plan) side.fill(-1);
  if (p.settled) {
    fill(o, calc::tally(g, p.before, p.at, p.region), calc::Tally{});
    o.exact = true;
  } else {
    const calc::Evaluation ev = calc::evaluate(g, p, q);
    fill(o, ev.mean, ev.se);
    o.exact = ev.exact;
    o.samples = ev.exact ? 0 : ev.samples;
    o.plans = ev.plans;
    o.later_chance = !ev.exact && ev.later_chance;
    plan = ev.plan;
    for (int side = 0; side < kSides; ++side)
      o.side[at(side)].stance_source = !ev.chose[at(side)]                            ? StanceSource::None
                                       : q.search_stances && !q.rules_sides[at(side)] ? StanceSource::Searched
                                                                                      : StanceSource::RulesBot;
  }
  list_stances(g, p, plan, o);
  if (o.in_progress)
    for (int side = 0; side < kSides; ++side)
      if (o.side[at(side)].stance_source == StanceSource::None && !o.side[at(side)].stances.empty())
        o.side[at(side)].stance_source = StanceSource::OnBoard;
  o.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return o;
}

namespace {

const char* side_id(int side) { return side == 0 ? "allied" : "axis"; }

const char* source_id(StanceSource s) {
  switch (s) {
    case StanceSource::Searched: return "searched";
    case StanceSource::RulesBot: return "bot:rules";
    case StanceSource::OnBoard: return "on-board";
    case StanceSource::None: break;
  }
  return "none";
}

nlohmann::json estimate_json(const Estimate& e) { return {{"mean", e.mean}, {"se", e.se}}; }

nlohmann::json side_json(const Game& g, const SideOdds& s) {
  const BattleNames names = g.battle_names();
  nlohmann::json stances = nlohmann::json::array();
  for (const StanceUse& u : s.stances) stances.push_back({{"type", names.type[u.type]}, {"stance", names.stance[u.type][u.stance]}});
  return {{"wins", estimate_json(s.wins)},
          {"units_lost", estimate_json(s.units_lost)},
          {"casualty_points", estimate_json(s.casualty_points)},
          {"stress", estimate_json(s.stress)},
          {"medals", estimate_json(s.medals)},
          {"resources_lost", estimate_json(s.resources_lost)},
          {"stances", stances},
          {"stance_source", source_id(s.stance_source)}};
}

}  // namespace

nlohmann::json odds_json(const Game& g, const Odds& o) {
  if (!o.error.empty()) return {{"error", o.error}};
  nlohmann::json moved = nlohmann::json::array();
  for (const CommandRef& c : o.moved_in) moved.push_back({{"nation", g.nation_name(c.nation)}, {"command", c.number}});
  return {{"region", g.region_name(o.region)},
          {"land", o.land},
          {"kind", o.kind == BattleKind::ConvoyRaid ? "convoy-raid" : "battle"},
          {"defender", o.defender < 0 ? nlohmann::json(nullptr) : nlohmann::json(side_id(o.defender))},
          {"first_side", side_id(o.first_side)},
          {"exact", o.exact},
          {"samples", o.samples},
          {"error_target", o.error_target},
          {"plans_compared", o.plans},
          {"in_progress", o.in_progress},
          {"more_may_come", o.more_may_come},
          {"later_chance", o.later_chance},
          {"moved_in", moved},
          {"sides", {{"allied", side_json(g, o.side[0])}, {"axis", side_json(g, o.side[1])}}},
          {"contested", estimate_json(o.contested)},
          {"battle_decisions", "bot:rules"},
          {"milliseconds", o.milliseconds},
          {"casualty_points_provenance", provenance_id(g.data().casualty_points_provenance())}};
}

Odds battle_odds(const Game& game, const State& state, core::Seat seat, const OddsQuery& query) {
  if (seat >= game.seat_count()) {
    Odds o;
    o.error = fmt::format("no seat {} in this game", seat);
    return o;
  }
  return odds_from_observation(game, game.observe(state, seat), seat, query);
}

}  // namespace warroom
