// The step table (Rally the Troops' states, each with its prompt and handlers) and the core::Game
// entry points that dispatch through it. A step is automatic (runs inside apply), a chance node, a
// decision of one nation, a simultaneous decision of several seats, or the end of the game.
#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "core/title.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

enum class Kind : std::uint8_t { Auto, Chance, Decision, Simultaneous, Terminal };

struct StepRow {
  StepId id;
  const char* name;
  Kind kind;
  const char* rule;   // the rulebook heading
  const char* prompt; // the catalogue key of what the acting nations are asked (data/i18n/warroom)
  // Decision and simultaneous steps: the acting nation's legal actions and how one applies.
  void (*legal)(const CCtx&, int nation, core::ActionList&);
  void (*apply)(Ctx&, const Act&);
  // Decision steps: true when the step is over (popped before anyone is asked).
  bool (*finished)(const CCtx&, const Step&);
  // Simultaneous steps: which nations take part, and the reveal when the last is done.
  bool (*takes_part)(const CCtx&, int nation);
  void (*reveal)(Ctx&);
  // Chance steps.
  void (*outcomes)(const CCtx&, const Step&, core::OutcomeList&);
  void (*chance)(Ctx&, const Step&, int outcome);
  // Automatic steps: run once, popping or replacing themselves.
  void (*run)(Ctx&, const Step&);
};

// ---- Handlers that only adapt a part's function to the table ----

void run_phase_step(Ctx& c, const Step& st) {
  c.s.steps.pop();
  run_phase(c, st.a);
}
void run_combat(Ctx& c, const Step&) {
  c.s.steps.pop();
  begin_combat(c);
}
void run_battle_order(Ctx& c, const Step& st) { battle_order(c, st.a); }
void run_battle_drive(Ctx& c, const Step&) { battle_drive(c); }
void die_outcomes_step(const CCtx& c, const Step&, core::OutcomeList& out) { battle_die_outcomes(c, out); }
void die_step(Ctx& c, const Step&, int colour) { battle_die(c, colour); }
bool medals_given(const CCtx& c, const Step&) { return c.s.fight.medals == 0; }
void run_slot_sequence(Ctx& c, const Step& st) {
  c.s.steps.pop();
  slot_sequence(c, st.a);
}
void run_reveal_sheet(Ctx& c, const Step& st) {
  c.s.steps.replace({StepId::MovementTurn, st.a});
  reveal_orders(c, st.a);
}
void run_evaluate(Ctx& c, const Step&) {
  c.s.steps.pop();
  evaluate_stress(c);
}
void run_penalties(Ctx& c, const Step&) {
  c.s.steps.pop();
  push_penalties(c);
}

bool in_play_nation(const CCtx& c, int nation) { return in_play(c.s, nation); }
bool has_construction_nation(const CCtx& c, int nation) { return in_play(c.s, nation) && has_construction(c, nation); }
bool never(const CCtx&, const Step&) { return false; }
bool movement_finished(const CCtx& c, const Step& st) { return movement_done(c, st.a); }
bool launch_finished(const CCtx& c, const Step& st) { return launch_done(c, st.a, st.b); }
bool landing_finished(const CCtx& c, const Step& st) { return landing_done(c, st.a); }
bool place_finished(const CCtx& c, const Step& st) { return place_done(c, st.a); }
bool owed_paid(const CCtx&, const Step& st) { return st.b <= 0; }
// Mass Desertion is paid as far as able (ruling 75): it ends when nothing of the nation's may desert.
bool desertion_paid(const CCtx& c, const Step& st) {
  if (st.b <= 0) return true;
  core::ActionList l;
  desert_legal(c, st.a, l);
  return l.empty();
}
bool trade_finished(const CCtx& c, const Step& st) {
  core::ActionList l;
  trade_legal(c, st.a, l);
  return l.size() <= 1;  // only "done": no neutral trades with it
}
bool cancel_finished(const CCtx& c, const Step& st) {
  const NationState& n = c.s.nation[at(st.a)];
  return n.stress == 0 || (n.medals == 0 && n.goods == 0);
}
bool relieve_finished(const CCtx& c, const Step& st) {
  const NationState& n = c.s.nation[at(st.a)];
  return n.zone == kWhite || n.medals + n.goods < c.d().morale.relieve_cost;
}

void order_draw_outcomes_step(const CCtx& c, const Step& st, core::OutcomeList& out) { order_draw_outcomes(c, st.a, out); }
void order_draw_step(Ctx& c, const Step& st, int nation) { order_draw_apply(c, st.a, nation); }
void tie_outcomes_step(const CCtx& c, const Step& st, core::OutcomeList& out) { tie_outcomes(c, st.a, out); }
void tie_step(Ctx& c, const Step& st, int nation) { tie_apply(c, st.a, nation); }

// clang-format off
constexpr StepRow kSteps[] = {
  {StepId::Phase, "phase", Kind::Auto, "The Phases and Officers", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, run_phase_step},
  {StepId::OrderDraw, "order-draw", Kind::Chance, "Reorganizing Commands", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, order_draw_outcomes_step, order_draw_step, nullptr},
  {StepId::Reorganize, "reorganize", Kind::Decision, "Reorganizing Commands",
   "warroom.prompt.reorganize",
   reorganize_legal, reorganize_apply, never, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::WriteSheets, "write-sheets", Kind::Simultaneous, "Phase 2 > Step 1. Write Orders and Turn Order Bids",
   "warroom.prompt.write_sheets",
   sheets_legal, sheets_apply, nullptr, in_play_nation, reveal_bids, nullptr, nullptr, nullptr},
  {StepId::SlotSequence, "slot-sequence", Kind::Auto, "Phase 2 > Step 2. Reveal Bids and Establish Turn Order", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, run_slot_sequence},
  {StepId::TieDraw, "tie-draw", Kind::Chance, "Phase 2 > Step 2. Reveal Bids and Establish Turn Order", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, tie_outcomes_step, tie_step, nullptr},
  {StepId::ChooseSlot, "choose-slot", Kind::Decision, "Phase 2 > Step 2. Reveal Bids and Establish Turn Order",
   "warroom.prompt.choose_slot",
   slot_legal, slot_apply, never, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::RevealSheet, "reveal-sheet", Kind::Auto, "Phase 3 > Step 2. Resolve Movement in Turn Order", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, run_reveal_sheet},
  {StepId::MovementTurn, "movement-turn", Kind::Decision, "Phase 3 > Step 2. Resolve Movement in Turn Order",
   "warroom.prompt.movement_turn",
   movement_legal, movement_apply, movement_finished, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::PactPermission, "pact-permission", Kind::Decision, "Soviet-Japanese Non-Aggression Pact > Article Two",
   "warroom.prompt.pact_permission",
   permission_legal, permission_apply, never, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::CarrierLaunch, "carrier-launch", Kind::Decision, "Phase 3 > Step 3. Carrier Plane Movement",
   "warroom.prompt.carrier_launch",
   launch_legal, launch_apply, launch_finished, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::Combat, "combat", Kind::Auto, "Phase 3 > Place Hotspot Markers", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, run_combat},
  {StepId::BattleOrder, "battle-order", Kind::Auto, "Phase 4 > Setup > Order of Battles", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, run_battle_order},
  {StepId::PickRegion, "pick-region", Kind::Decision, "Phase 4 > Setup > Order of Battles",
   "warroom.prompt.pick_region",
   pick_legal, pick_apply, never, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::HandOver, "hand-over", Kind::Decision, "Phase 4 > Battle Setup > 4. Assign Commander",
   "warroom.prompt.hand_over",
   hand_over_legal, hand_over_apply, hand_over_finished, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::BattleDrive, "battle", Kind::Auto, "Phase 4 > Resolve Battles", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, run_battle_drive},
  {StepId::BattleDie, "battle-die", Kind::Chance, "Phase 4 > Resolve Battles > 2. Roll Dice in Batches", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, die_outcomes_step, die_step, nullptr},
  {StepId::BattleChoice, "battle-choice", Kind::Decision, "Phase 4 > Resolve Battles",
   "warroom.prompt.battle_choice",
   battle_legal, battle_apply, never, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::Claim, "claim", Kind::Decision, "Phase 4 > Battle Debrief > 5. Update Territory Status",
   "warroom.prompt.claim",
   claim_legal, claim_apply, never, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::Medal, "medal", Kind::Decision, "Phase 4 > Battle Debrief > 7. Assign Stress and Medals",
   "warroom.prompt.medal",
   medal_legal, medal_apply, medals_given, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::NeutralDefence, "neutral-defence", Kind::Decision, "Neutrals > Attacking Standard Neutrals",
   "warroom.prompt.neutral_defence",
   defence_legal, defence_apply, never, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::LandAir, "land-air", Kind::Decision, "Phase 5 > Step 1. Land Air Commands",
   "warroom.prompt.land_air",
   landing_legal, landing_apply, landing_finished, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::DeployPlans, "deploy-plans", Kind::Simultaneous, "Phase 5 > Step 2. Deploy Units",
   "warroom.prompt.deploy_plans",
   deploy_legal, deploy_apply, nullptr, has_construction_nation, reveal_deployments, nullptr, nullptr, nullptr},
  {StepId::MoraleCancel, "morale-cancel", Kind::Decision, "Phase 6 > 1. Submit Medals to Cancel Stress Points",
   "warroom.prompt.morale_cancel",
   cancel_legal, cancel_apply, cancel_finished, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::MoraleEvaluate, "morale-evaluate", Kind::Auto, "Phase 6 > 2. Evaluate Stress Levels", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, run_evaluate},
  {StepId::MoraleRelieve, "morale-relieve", Kind::Decision, "Phase 6 > 3. Relieve Stress",
   "warroom.prompt.morale_relieve",
   relieve_legal, relieve_apply, relieve_finished, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::MoralePenalties, "morale-penalties", Kind::Auto, "Phase 6 > 4. Apply Stress Zone Penalties", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, run_penalties},
  {StepId::BluePay, "blue-pay", Kind::Decision, "Phase 6 > Stress Zone Penalties > Blue Zone",
   "warroom.prompt.blue_pay",
   blue_legal, blue_apply, owed_paid, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::Desert, "desert", Kind::Decision, "Phase 6 > Stress Zone Penalties > Gray Zone",
   "warroom.prompt.desert",
   desert_legal, desert_apply, desertion_paid, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::Trade, "trade", Kind::Decision, "Phase 7 > Step 2. Trade with Neutrals",
   "warroom.prompt.trade",
   trade_legal, trade_apply, trade_finished, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::Purchases, "purchases", Kind::Simultaneous, "Phase 7 > Step 3. Note Purchase of Units",
   "warroom.prompt.purchases",
   purchases_legal, purchases_apply, nullptr, in_play_nation, reveal_purchases, nullptr, nullptr, nullptr},
  {StepId::Place, "place", Kind::Decision, "Phase 7 > Step 5. Transfer New Units to Industries",
   "warroom.prompt.place",
   place_legal, place_apply, place_finished, nullptr, nullptr, nullptr, nullptr, nullptr},
  {StepId::GameOver, "game-over", Kind::Terminal, "Victory Check", "",
   nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr},
};
// clang-format on
static_assert(std::size(kSteps) == static_cast<std::size_t>(StepId::kCount));

constexpr bool table_in_order() {
  for (std::size_t i = 0; i < std::size(kSteps); ++i)
    if (static_cast<std::size_t>(kSteps[i].id) != i) return false;
  return true;
}
static_assert(table_in_order(), "the step table has one row per StepId, in order");

const StepRow& row(const Step& st) { return kSteps[static_cast<std::size_t>(st.id)]; }

bool all_done(const CCtx& c, const StepRow& r) {
  for (int n = 0; n < kNations; ++n)
    if (r.takes_part(c, n) && !(c.s.sheet[at(n)].flags & kDone)) return false;
  return true;
}

bool anyone_takes_part(const CCtx& c, const StepRow& r) {
  for (int n = 0; n < kNations; ++n)
    if (r.takes_part(c, n)) return true;
  return false;
}

}  // namespace

// Runs automatic steps and ends finished ones until someone must act, chance must speak, or the
// game is over.
void advance(Ctx& c) {
  for (;;) {
    assert(!c.s.steps.empty());
    const Step st = c.s.steps.top();
    const StepRow& r = row(st);
    const CCtx cc{c.g, c.s};
    switch (r.kind) {
      case Kind::Auto: r.run(c, st); continue;
      case Kind::Decision:
        if (r.finished(cc, st)) {
          c.s.steps.pop();
          continue;
        }
        return;
      case Kind::Simultaneous:
        if (!anyone_takes_part(cc, r)) {  // nothing to write (Phase 5 Step 2 with nothing built)
          c.s.steps.pop();
          continue;
        }
        if (all_done(cc, r)) {  // the last one is done: reveal and go on
          c.s.steps.pop();
          r.reveal(c);
          continue;
        }
        return;
      case Kind::Chance:
      case Kind::Terminal: return;
    }
  }
}

const char* step_name(StepId id) { return kSteps[static_cast<std::size_t>(id)].name; }
const char* step_rule(StepId id) { return kSteps[static_cast<std::size_t>(id)].rule; }
const char* step_prompt(StepId id) { return kSteps[static_cast<std::size_t>(id)].prompt; }

// ---- Construction ----

Game::Game(std::shared_ptr<const Data> data, const Scenario& scenario, int players, Options options)
    : data_(std::move(data)), scenario_(&scenario), options_(options) {
  for (std::size_t i = 0; i < data_->scenarios.size(); ++i)
    if (&data_->scenarios[i] == scenario_) scenario_index_ = static_cast<int>(i);
  const SeatTable* table = scenario.seats_for(players);
  if (!table) throw core::SetupError(fmt::format("{} is not played by {} players", scenario.name, players));
  seat_table_ = table;
  nation_seat_.fill(-1);
  std::uint8_t optional = 0;
  for (const SeatPlan& p : table->seats) optional |= p.optional;
  bool optional_given = false;
  int optional_seen = 0;
  for (const SeatPlan& p : table->seats) {
    std::uint8_t nations = p.nations;
    if (p.optional) {  // ruling 90: one of the marked seats takes it, seat 1 unless told otherwise
      const bool take = !optional_given && (optional_seen == (options_.ussr_with_second_seat ? 1 : 0));
      ++optional_seen;
      if (take || (optional_seen == 2 && !optional_given)) nations |= p.optional, optional_given = true;
    }
    seat_nations_.push_back(nations);
  }
  for (std::size_t seat = 0; seat < seat_nations_.size(); ++seat)
    for (int n = 0; n < kNations; ++n)
      if (seat_nations_[seat] & (1u << n)) nation_seat_[at_(n)] = static_cast<core::Seat>(seat);
  for (int n = 0; n < kNations; ++n) battle_nation_.push_back(nation_name(n));
  for (const UnitInfo& u : data_->units) {
    battle_type_.push_back(u.id);
    battle_stance_.emplace_back();
    for (int k = 0; k < u.stances; ++k) battle_stance_.back().push_back(u.stance[at_(k)].id);
  }
  industry_index_.fill(-1);
  for (const Region& r : data_->regions)
    if (r.is_territory() && r.industry && scenario.in_play.test(r.rid) && industry_region_.size() < kMaxIndustries) {
      industry_index_[r.rid] = static_cast<std::int8_t>(industry_region_.size());
      industry_region_.push_back(r.rid);
    }
  for (const Region& r : data_->regions)
    if (r.is_territory() && r.mobilization && !r.industry && scenario.in_play.test(r.rid) && mobilization_region_.size() < kMaxMobilization)
      mobilization_region_.push_back(r.rid);
}

int Game::threshold(int nation) const {
  return data_->morale.thresholds[static_cast<std::size_t>(scenario_->morale)][at_(nation)].value;
}

std::string Game::nation_name(int nation) const {
  return nation >= 0 && nation < kNations ? std::string(nation_id(static_cast<Nation>(nation))) : "?";
}

std::string Game::region_name(RegionId r) const { return r < data_->regions.size() ? data_->regions[r].id : "?"; }

State Game::new_game() const {
  State s;
  s.scenario = static_cast<std::uint8_t>(scenario_index_);
  s.round_limit = options_.round_limit;
  for (int n = 0; n < kNations; ++n) s.nation[at_(n)].in_play = nation_seat_[at_(n)] >= 0;
  s.turn_order.fill(kNoNation);
  s.choosing.fill(kNoNation);
  for (const Region& r : data_->regions) {
    if (r.rid >= kMaxRegions) continue;
    s.region[r.rid].controller = scenario_->control[r.rid];
  }
  for (const SetupCommand& sc : scenario_->commands) {
    Command& cmd = s.command[at_(sc.nation)][sc.number];
    cmd.region = sc.region;
    for (int t = 0; t < kUnitTypes; ++t)
      if (sc.units[at_(t)]) cmd.n[at_(slot_of(t))] = static_cast<std::uint8_t>(cmd.n[at_(slot_of(t))] + sc.units[at_(t)]);
  }
  for (const SetupConstruction& sc : scenario_->construction) {
    const int i = industry_index(sc.region);
    if (i < 0) continue;
    for (int t = 0; t < kUnitTypes; ++t)
      s.construction[at_(i)].n[at_(t)] = static_cast<std::uint8_t>(s.construction[at_(i)].n[at_(t)] + sc.units[at_(t)]);
  }
  s.steps.push({StepId::Phase, 1});
  if (options_.rapid_resolution) {  // "each Nation begins the game with ... 1 infantry, 1 artillery, and 1 armor" under production
    for (int n = kNations - 1; n >= 0; --n) {
      if (!s.nation[at_(n)].in_play) continue;
      s.sheet[at_(n)].buy[kInf] = s.sheet[at_(n)].buy[kArt] = s.sheet[at_(n)].buy[kArm] = 1;
      if (data_->nations[at_(n)].has(NationRule::Mobilization)) s.sheet[at_(n)].buy = {3};  // ruling 88: China, three infantry
      // Only what its industries (and China's mobilization territories, ruling 88) can take.
      const CCtx cc{*this, s};
      while (!purchase_fits(cc, n, s.sheet[at_(n)].buy)) {
        std::uint8_t* last = s.sheet[at_(n)].buy[kArm] ? &s.sheet[at_(n)].buy[kArm] : s.sheet[at_(n)].buy[kArt] ? &s.sheet[at_(n)].buy[kArt] : &s.sheet[at_(n)].buy[kInf];
        --*last;
      }
      if (s.sheet[at_(n)].buy[kInf] + s.sheet[at_(n)].buy[kArt] + s.sheet[at_(n)].buy[kArm] > 0) s.steps.push({StepId::Place, static_cast<std::int8_t>(n)});
    }
  }
  Ctx c{*this, s, nullptr};
  advance(c);
  return s;
}

// ---- core::Game ----

core::NodeKind Game::node_kind(const State& s) const {
  switch (row(s.steps.top()).kind) {
    case Kind::Chance: return core::NodeKind::Chance;
    case Kind::Simultaneous: return core::NodeKind::Simultaneous;
    case Kind::Terminal: return core::NodeKind::Terminal;
    default: return core::NodeKind::Decision;
  }
}

std::uint8_t Game::acting_nations(const State& s, core::Seat seat) const {
  if (seat < 0 || seat >= seat_count()) return 0;
  const Step& st = s.steps.top();
  const StepRow& r = row(st);
  const std::uint8_t mine = seat_nations_[static_cast<std::size_t>(seat)];
  if (r.kind == Kind::Decision) return (mine >> st.a) & 1u ? static_cast<std::uint8_t>(1u << st.a) : 0;
  if (r.kind != Kind::Simultaneous) return 0;
  const CCtx c{*this, s};
  std::uint8_t out = 0;
  for (int n = 0; n < kNations; ++n)
    if (((mine >> n) & 1u) && r.takes_part(c, n) && !(s.sheet[at_(n)].flags & kDone)) out |= static_cast<std::uint8_t>(1u << n);
  return out;
}

core::SeatMask Game::acting_seats(const State& s) const {
  core::SeatMask mask = 0;
  for (core::Seat p = 0; p < seat_count(); ++p)
    if (acting_nations(s, p)) mask |= core::seat_bit(p);
  return mask;
}

void Game::legal_actions(const State& s, core::Seat seat, core::ActionList& out) const {
  const std::uint8_t nations = acting_nations(s, seat);
  assert(nations != 0);
  const StepRow& r = row(s.steps.top());
  const CCtx c{*this, s};
  for (int n = 0; n < kNations; ++n)
    if ((nations >> n) & 1u) r.legal(c, n, out);
}

void Game::chance_outcomes(const State& s, core::OutcomeList& out) const {
  const Step& st = s.steps.top();
  row(st).outcomes(CCtx{*this, s}, st, out);
}

void Game::apply(State& s, core::Seat seat, core::Action a, core::LogSink* log) const {
  Ctx c{*this, s, log};
  const Step st = s.steps.top();
  const StepRow& r = row(st);
  if (seat == core::kChance) {
    assert(r.kind == Kind::Chance);
    r.chance(c, st, decode_action(a).nation);
  } else {
    const Act x = decode_action(a);
    assert(acting_nations(s, seat) & (1u << x.nation));
    r.apply(c, x);
    if (r.kind == Kind::Simultaneous && x.kind == ActionKind::Done) {
      s.sheet[at_(x.nation)].flags |= kDone;
      c.add(r.rule, x.nation, Event::SheetDone);
    }
  }
  advance(c);
}

bool Game::reveals_hidden(const State& s, core::Seat, core::Action a) const {
  // Every reveal increments reveal_epoch (design §4.4): apply the action to a copy and compare.
  if (node_kind(s) == core::NodeKind::Terminal) return false;
  State copy = s;
  const core::Seat seat = node_kind(s) == core::NodeKind::Chance ? core::kChance : seat_of(decode_action(a).nation);
  apply(copy, seat, a, nullptr);
  return copy.reveal_epoch != s.reveal_epoch;
}

std::string Game::seat_name(core::Seat seat) const {
  if (seat == core::kChance) return "chance";
  if (seat < 0 || seat >= seat_count()) return "?";
  std::string name;
  for (int n = 0; n < kNations; ++n)
    if ((seat_nations_[static_cast<std::size_t>(seat)] >> n) & 1u) name += (name.empty() ? "" : "+") + nation_name(n);
  return name;
}

int Game::team(core::Seat seat) const {
  int team = -1;
  for (int n = 0; n < kNations; ++n) {
    if (!((seat_nations_[static_cast<std::size_t>(seat)] >> n) & 1u)) continue;
    const int side = alliance_of(n) == Alliance::Axis ? 1 : 0;
    if (team >= 0 && team != side) return -1;
    team = side;
  }
  return team;
}

std::optional<core::Seat> Game::seat_from_name(std::string_view name) const {
  for (core::Seat p = 0; p < seat_count(); ++p)
    if (seat_name(p) == name) return p;
  return std::nullopt;
}

// ---- Hash: every field of the state ----

namespace {
void hash_command(core::Hasher& h, const Command& c) {
  h.add(c.region);
  h.add_range(c.n.begin(), c.n.end());
  h.add(c.flags);
}
}  // namespace

std::uint64_t Game::hash(const State& s) const {
  // A new field of State must be hashed here: this size check fails until it is.
  static_assert(sizeof(State) == 14868, "State changed: hash every new field, then update this size");
  core::Hasher h;
  h.add(s.scenario);
  h.add(s.round);
  h.add(s.round_limit);
  h.add(s.phase);
  h.add(s.pass);
  h.add(s.steps.size());
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    const Step& st = s.steps[i];
    h.add(static_cast<std::uint64_t>(st.id));
    h.add(static_cast<std::uint64_t>(static_cast<std::uint8_t>(st.a)) | (static_cast<std::uint64_t>(static_cast<std::uint8_t>(st.b)) << 8) |
          (static_cast<std::uint64_t>(static_cast<std::uint8_t>(st.c)) << 16));
  }
  h.add(s.reveal_epoch);
  for (const NationState& n : s.nation) {
    for (auto r : n.res) h.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>(r)));
    h.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>(n.stress)));
    h.add(n.medals);
    h.add(n.goods);
    h.add_range(n.casualties.begin(), n.casualties.end());
    h.add(n.zone);
    h.add(n.slot);
    h.add(n.in_play);
    h.add(n.collapsed);
  }
  h.add_range(s.turn_order.begin(), s.turn_order.end());
  h.add_range(s.choosing.begin(), s.choosing.end());
  for (const RegionState& r : s.region) h.add(r.controller | (r.bombs << 8) | (r.flags << 16));
  for (const auto& pool : s.command)
    for (const Command& c : pool) hash_command(h, c);
  for (const Construction& c : s.construction) {
    h.add_range(c.n.begin(), c.n.end());
    h.add_range(c.hold.begin(), c.hold.end());
    for (const auto& seas : c.to_sea) h.add_range(seas.begin(), seas.end());
  }
  for (const Sheet& sh : s.sheet) {
    for (const Order& o : sh.box) h.add(o.command | (o.dest << 8) | (o.status << 16));
    h.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>(sh.bid)));
    h.add(sh.selected);
    h.add_range(sh.buy.begin(), sh.buy.end());
    h.add(sh.goods);
    h.add_range(sh.goods_paid.begin(), sh.goods_paid.end());
    h.add_range(sh.mobilized.begin(), sh.mobilized.end());
    h.add(sh.flags);
  }
  h.add(s.pin.nation | (s.pin.box << 8) | (s.pin.at << 16) | (static_cast<std::uint64_t>(s.pin.via) << 24) |
        (static_cast<std::uint64_t>(s.pin.stop) << 32) | (static_cast<std::uint64_t>(s.pin.owed) << 40) |
        (static_cast<std::uint64_t>(s.pin.left) << 48));
  for (const auto& tokens : s.fighter_tokens) h.add_range(tokens.begin(), tokens.end());
  hash_battle(h, s.battle);
  const Fight& f = s.fight;
  h.add(f.region | (f.part << 8) | (f.commander[0] << 16) | (static_cast<std::uint64_t>(f.commander[1]) << 24) |
        (static_cast<std::uint64_t>(f.took_part[0]) << 32) | (static_cast<std::uint64_t>(f.took_part[1]) << 40) |
        (static_cast<std::uint64_t>(f.victor) << 48) | (static_cast<std::uint64_t>(f.medals) << 56));
  h.add(f.medal_to | (f.left_out[0] << 8) | (f.left_out[1] << 16) | (f.battle_no << 24) | (static_cast<std::uint64_t>(f.bombed) << 32) |
        (static_cast<std::uint64_t>(f.fought) << 40));
  h.add(s.winner);
  h.add(s.pact.status | (s.pact.offender << 8) | (s.pact.broken_round << 16));
  return h.digest();
}

}  // namespace warroom
