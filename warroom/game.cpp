// The step table (Rally the Troops' states, each with its prompt and handlers; core/steps.h) and
// the core::Game entry points that dispatch through it. A step is automatic (runs inside apply), a
// chance node, a decision of one nation, a simultaneous decision of several seats, or the end of
// the game; its payload is the type of its name in warroom::step (state.h).
#include <fmt/format.h>

#include <algorithm>
#include "core/expect.h"

#include "core/title.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

using core::steps::Kind;
using core::steps::typed;

struct StepRow {
  StepId id{};
  const char* name = "";
  Kind kind = Kind::Auto;
  const char* rule = "";    // the rulebook heading
  const char* prompt = "";  // the catalogue key of what the acting nations are asked (data/i18n/warroom)
  // Decision and simultaneous steps: the acting nation's legal actions and how one applies.
  void (*legal)(const CCtx&, Nation nation, core::ActionList&) = nullptr;
  void (*apply)(Ctx&, const Act&) = nullptr;
  // Decision steps: the acting nation (set by row<P> from the payload), and whether the step is
  // over (popped before anyone is asked; none: it ends when its apply pops it).
  Nation (*nation)(const Step&) = nullptr;
  bool (*finished)(const CCtx&, const Step&) = nullptr;
  // Simultaneous steps: which nations take part, and the reveal when the last is done.
  bool (*takes_part)(const CCtx&, Nation nation) = nullptr;
  void (*reveal)(Ctx&) = nullptr;
  // Chance steps.
  void (*outcomes)(const CCtx&, const Step&, core::OutcomeList&) = nullptr;
  void (*chance)(Ctx&, const Step&, int outcome) = nullptr;
  // Automatic steps: run once, popping or replacing themselves.
  void (*run)(Ctx&, const Step&) = nullptr;

  // core::steps::settle: a decision is over when `finished` says so; a simultaneous step when every
  // nation taking part is done (at once if none does: Phase 5 Step 2 with nothing built), and then
  // reveals what they wrote if any did.
  bool over(const CCtx& c, const Step& st) const;
  void end(Ctx& c) const;
};

// The row of the step whose payload is P: its id, and a decision's acting nation. A row without
// what its kind needs stops the compilation (the table is a constant).
template <class P>
constexpr StepRow row(StepRow r) {
  r.id = P::id;
  if constexpr (requires(P p) { p.nation; }) r.nation = [](const Step& st) { return st.as<P>().nation; };
    // GCC 12 under -fsanitize=undefined cannot compare a handler's address with null in a constant
    // expression, so the sanitizer build leaves this check to the release build (the same table).
#ifndef CHURCHILL_UBSAN
  const bool complete = r.kind == Kind::Auto       ? r.run != nullptr
                        : r.kind == Kind::Chance   ? r.outcomes && r.chance
                        : r.kind == Kind::Decision ? r.legal && r.apply && r.nation
                        : r.kind == Kind::Terminal ? true
                                                   : r.legal && r.apply && r.takes_part && r.reveal;
  if (!complete) throw "a step row lacks what its kind needs";
#endif
  return r;
}

// ---- Handlers that only adapt a part's function to the table ----

void run_phase_step(Ctx& c, step::Phase st) {
  c.pop();
  run_phase(c, st.phase);
}
void run_combat(Ctx& c, step::Combat) {
  c.pop();
  begin_combat(c);
}
void run_battle_order(Ctx& c, step::BattleOrder st) { battle_order(c, st.position); }
void run_battle_drive(Ctx& c, step::BattleDrive) { battle_drive(c); }
void die_outcomes_step(const CCtx& c, step::BattleDie, core::OutcomeList& out) { battle_die_outcomes(c, out); }
void die_step(Ctx& c, step::BattleDie, int colour) { battle_die(c, colour); }
bool medals_given(const CCtx& c, step::Medal) { return c.s.fight.medals == 0; }
void run_slot_sequence(Ctx& c, step::SlotSequence st) {
  c.pop();
  slot_sequence(c, st.position);
}
void run_reveal_sheet(Ctx& c, step::RevealSheet st) {
  c.replace(step::MovementTurn{st.nation});
  reveal_orders(c, st.nation);
}
void run_evaluate(Ctx& c, step::MoraleEvaluate) {
  c.pop();
  evaluate_stress(c);
}
void run_penalties(Ctx& c, step::MoralePenalties) {
  c.pop();
  push_penalties(c);
}

bool in_play_nation(const CCtx& c, Nation nation) { return in_play(c.s, nation); }
bool has_construction_nation(const CCtx& c, Nation nation) { return in_play(c.s, nation) && has_construction(c, nation); }
bool movement_finished(const CCtx& c, step::MovementTurn st) { return movement_done(c, st.nation); }
bool launch_finished(const CCtx& c, step::CarrierLaunch st) { return launch_done(c, st.nation, st.handled); }
bool landing_finished(const CCtx& c, step::LandAir st) { return landing_done(c, st.nation); }
bool place_finished(const CCtx& c, step::Place st) { return place_done(c, st.nation); }
bool blue_paid(const CCtx&, step::BluePay st) { return st.owed <= 0; }
// Mass Desertion is paid as far as able (ruling 75): it ends when nothing of the nation's may desert.
bool desertion_paid(const CCtx& c, step::Desert st) {
  if (st.owed <= 0) return true;
  core::ActionList l;
  desert_legal(c, st.nation, l);
  return l.empty();
}
bool trade_finished(const CCtx& c, step::Trade st) {
  core::ActionList l;
  trade_legal(c, st.nation, l);
  return l.size() <= 1;  // only "done": no neutral trades with it
}
bool cancel_finished(const CCtx& c, step::MoraleCancel st) {
  const NationState& n = c.s.nation[st.nation];
  return n.stress == 0 || (n.medals == 0 && n.goods == 0);
}
bool relieve_finished(const CCtx& c, step::MoraleRelieve st) {
  const NationState& n = c.s.nation[st.nation];
  return n.zone == kWhite || n.medals + n.goods < c.d().morale.relieve_cost;
}

void order_draw_outcomes_step(const CCtx& c, step::OrderDraw st, core::OutcomeList& out) { order_draw_outcomes(c, st.placed, out); }
void order_draw_step(Ctx& c, step::OrderDraw st, int outcome) { order_draw_apply(c, st.placed, nation_at(outcome)); }
void tie_outcomes_step(const CCtx& c, step::TieDraw st, core::OutcomeList& out) { tie_outcomes(c, st.position, out); }
void tie_step(Ctx& c, step::TieDraw st, int outcome) { tie_apply(c, st.position, nation_at(outcome)); }

constexpr StepRow kSteps[] = {
    row<step::Phase>({.name = "phase", .kind = Kind::Auto, .rule = "The Phases and Officers", .run = typed<run_phase_step>}),
    row<step::OrderDraw>({.name = "order-draw",
                          .kind = Kind::Chance,
                          .rule = "Reorganizing Commands",
                          .outcomes = typed<order_draw_outcomes_step>,
                          .chance = typed<order_draw_step>}),
    row<step::Reorganize>({.name = "reorganize",
                           .kind = Kind::Decision,
                           .rule = "Reorganizing Commands",
                           .prompt = "warroom.prompt.reorganize",
                           .legal = reorganize_legal,
                           .apply = reorganize_apply}),
    row<step::WriteSheets>({.name = "write-sheets",
                            .kind = Kind::Simultaneous,
                            .rule = "Phase 2 > Step 1. Write Orders and Turn Order Bids",
                            .prompt = "warroom.prompt.write_sheets",
                            .legal = sheets_legal,
                            .apply = sheets_apply,
                            .takes_part = in_play_nation,
                            .reveal = reveal_bids}),
    row<step::SlotSequence>({.name = "slot-sequence",
                             .kind = Kind::Auto,
                             .rule = "Phase 2 > Step 2. Reveal Bids and Establish Turn Order",
                             .run = typed<run_slot_sequence>}),
    row<step::TieDraw>({.name = "tie-draw",
                        .kind = Kind::Chance,
                        .rule = "Phase 2 > Step 2. Reveal Bids and Establish Turn Order",
                        .outcomes = typed<tie_outcomes_step>,
                        .chance = typed<tie_step>}),
    row<step::ChooseSlot>({.name = "choose-slot",
                           .kind = Kind::Decision,
                           .rule = "Phase 2 > Step 2. Reveal Bids and Establish Turn Order",
                           .prompt = "warroom.prompt.choose_slot",
                           .legal = slot_legal,
                           .apply = slot_apply}),
    row<step::RevealSheet>({.name = "reveal-sheet",
                            .kind = Kind::Auto,
                            .rule = "Phase 3 > Step 2. Resolve Movement in Turn Order",
                            .run = typed<run_reveal_sheet>}),
    row<step::MovementTurn>({.name = "movement-turn",
                             .kind = Kind::Decision,
                             .rule = "Phase 3 > Step 2. Resolve Movement in Turn Order",
                             .prompt = "warroom.prompt.movement_turn",
                             .legal = movement_legal,
                             .apply = movement_apply,
                             .finished = typed<movement_finished>}),
    row<step::PactPermission>({.name = "pact-permission",
                               .kind = Kind::Decision,
                               .rule = "Soviet-Japanese Non-Aggression Pact > Article Two",
                               .prompt = "warroom.prompt.pact_permission",
                               .legal = permission_legal,
                               .apply = permission_apply}),
    row<step::CarrierLaunch>({.name = "carrier-launch",
                              .kind = Kind::Decision,
                              .rule = "Phase 3 > Step 3. Carrier Plane Movement",
                              .prompt = "warroom.prompt.carrier_launch",
                              .legal = launch_legal,
                              .apply = launch_apply,
                              .finished = typed<launch_finished>}),
    row<step::Combat>({.name = "combat", .kind = Kind::Auto, .rule = "Phase 3 > Place Hotspot Markers", .run = typed<run_combat>}),
    row<step::BattleOrder>(
        {.name = "battle-order", .kind = Kind::Auto, .rule = "Phase 4 > Setup > Order of Battles", .run = typed<run_battle_order>}),
    row<step::PickRegion>({.name = "pick-region",
                           .kind = Kind::Decision,
                           .rule = "Phase 4 > Setup > Order of Battles",
                           .prompt = "warroom.prompt.pick_region",
                           .legal = pick_legal,
                           .apply = pick_apply}),
    row<step::HandOver>({.name = "hand-over",
                         .kind = Kind::Decision,
                         .rule = "Phase 4 > Battle Setup > 4. Assign Commander",
                         .prompt = "warroom.prompt.hand_over",
                         .legal = hand_over_legal,
                         .apply = hand_over_apply,
                         .finished = typed<hand_over_finished>}),
    row<step::BattleDrive>({.name = "battle", .kind = Kind::Auto, .rule = "Phase 4 > Resolve Battles", .run = typed<run_battle_drive>}),
    row<step::BattleDie>({.name = "battle-die",
                          .kind = Kind::Chance,
                          .rule = "Phase 4 > Resolve Battles > 2. Roll Dice in Batches",
                          .outcomes = typed<die_outcomes_step>,
                          .chance = typed<die_step>}),
    row<step::BattleChoice>({.name = "battle-choice",
                             .kind = Kind::Decision,
                             .rule = "Phase 4 > Resolve Battles",
                             .prompt = "warroom.prompt.battle_choice",
                             .legal = battle_legal,
                             .apply = battle_apply}),
    row<step::Claim>({.name = "claim",
                      .kind = Kind::Decision,
                      .rule = "Phase 4 > Battle Debrief > 5. Update Territory Status",
                      .prompt = "warroom.prompt.claim",
                      .legal = claim_legal,
                      .apply = claim_apply}),
    row<step::Medal>({.name = "medal",
                      .kind = Kind::Decision,
                      .rule = "Phase 4 > Battle Debrief > 7. Assign Stress and Medals",
                      .prompt = "warroom.prompt.medal",
                      .legal = medal_legal,
                      .apply = medal_apply,
                      .finished = typed<medals_given>}),
    row<step::NeutralDefence>({.name = "neutral-defence",
                               .kind = Kind::Decision,
                               .rule = "Neutrals > Attacking Standard Neutrals",
                               .prompt = "warroom.prompt.neutral_defence",
                               .legal = defence_legal,
                               .apply = defence_apply}),
    row<step::LandAir>({.name = "land-air",
                        .kind = Kind::Decision,
                        .rule = "Phase 5 > Step 1. Land Air Commands",
                        .prompt = "warroom.prompt.land_air",
                        .legal = landing_legal,
                        .apply = landing_apply,
                        .finished = typed<landing_finished>}),
    row<step::DeployPlans>({.name = "deploy-plans",
                            .kind = Kind::Simultaneous,
                            .rule = "Phase 5 > Step 2. Deploy Units",
                            .prompt = "warroom.prompt.deploy_plans",
                            .legal = deploy_legal,
                            .apply = deploy_apply,
                            .takes_part = has_construction_nation,
                            .reveal = reveal_deployments}),
    row<step::MoraleCancel>({.name = "morale-cancel",
                             .kind = Kind::Decision,
                             .rule = "Phase 6 > 1. Submit Medals to Cancel Stress Points",
                             .prompt = "warroom.prompt.morale_cancel",
                             .legal = cancel_legal,
                             .apply = cancel_apply,
                             .finished = typed<cancel_finished>}),
    row<step::MoraleEvaluate>(
        {.name = "morale-evaluate", .kind = Kind::Auto, .rule = "Phase 6 > 2. Evaluate Stress Levels", .run = typed<run_evaluate>}),
    row<step::MoraleRelieve>({.name = "morale-relieve",
                              .kind = Kind::Decision,
                              .rule = "Phase 6 > 3. Relieve Stress",
                              .prompt = "warroom.prompt.morale_relieve",
                              .legal = relieve_legal,
                              .apply = relieve_apply,
                              .finished = typed<relieve_finished>}),
    row<step::MoralePenalties>(
        {.name = "morale-penalties", .kind = Kind::Auto, .rule = "Phase 6 > 4. Apply Stress Zone Penalties", .run = typed<run_penalties>}),
    row<step::BluePay>({.name = "blue-pay",
                        .kind = Kind::Decision,
                        .rule = "Phase 6 > Stress Zone Penalties > Blue Zone",
                        .prompt = "warroom.prompt.blue_pay",
                        .legal = blue_legal,
                        .apply = blue_apply,
                        .finished = typed<blue_paid>}),
    row<step::Desert>({.name = "desert",
                       .kind = Kind::Decision,
                       .rule = "Phase 6 > Stress Zone Penalties > Gray Zone",
                       .prompt = "warroom.prompt.desert",
                       .legal = desert_legal,
                       .apply = desert_apply,
                       .finished = typed<desertion_paid>}),
    row<step::Trade>({.name = "trade",
                      .kind = Kind::Decision,
                      .rule = "Phase 7 > Step 2. Trade with Neutrals",
                      .prompt = "warroom.prompt.trade",
                      .legal = trade_legal,
                      .apply = trade_apply,
                      .finished = typed<trade_finished>}),
    row<step::Purchases>({.name = "purchases",
                          .kind = Kind::Simultaneous,
                          .rule = "Phase 7 > Step 3. Note Purchase of Units",
                          .prompt = "warroom.prompt.purchases",
                          .legal = purchases_legal,
                          .apply = purchases_apply,
                          .takes_part = in_play_nation,
                          .reveal = reveal_purchases}),
    row<step::Place>({.name = "place",
                      .kind = Kind::Decision,
                      .rule = "Phase 7 > Step 5. Transfer New Units to Industries",
                      .prompt = "warroom.prompt.place",
                      .legal = place_legal,
                      .apply = place_apply,
                      .finished = typed<place_finished>}),
    row<step::GameOver>({.name = "game-over", .kind = Kind::Terminal, .rule = "Victory Check"}),
};
static_assert(std::size(kSteps) == static_cast<std::size_t>(StepId::kCount));
static_assert(core::steps::rows_in_order(kSteps), "the step table has one row per StepId, in order");

const StepRow& row(const Step& st) { return kSteps[static_cast<std::size_t>(st.id)]; }

bool all_done(const CCtx& c, const StepRow& r) {
  for (Nation n : kAllNations)
    if (r.takes_part(c, n) && !(c.s.sheet[n].flags & kDone)) return false;
  return true;
}

bool anyone_takes_part(const CCtx& c, const StepRow& r) {
  for (Nation n : kAllNations)
    if (r.takes_part(c, n)) return true;
  return false;
}

bool StepRow::over(const CCtx& c, const Step& st) const {
  switch (kind) {
    case Kind::Decision: return finished && finished(c, st);
    case Kind::Simultaneous: return all_done(c, *this);
    default: return false;
  }
}

void StepRow::end(Ctx& c) const {
  if (kind == Kind::Simultaneous && anyone_takes_part(c.view(), *this)) reveal(c);  // the last one is done: reveal
}

}  // namespace

void advance(Ctx& c) { core::steps::settle(c, kSteps); }

Nation step_nation(const Step& st) {
  const StepRow& r = row(st);
  return r.kind == Kind::Decision ? r.nation(st) : kNoNation;
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
  NationSet optional;
  for (const SeatPlan& p : table->seats) optional |= p.optional;
  bool optional_given = false;
  int optional_seen = 0;
  for (const SeatPlan& p : table->seats) {
    NationSet nations = p.nations;
    if (p.optional.any()) {  // ruling 90: one of the marked seats takes it, seat 1 unless told otherwise
      const bool take = !optional_given && (optional_seen == (options_.ussr_with_second_seat ? 1 : 0));
      ++optional_seen;
      if (take || (optional_seen == 2 && !optional_given)) nations |= p.optional, optional_given = true;
    }
    seat_nations_.push_back(nations);
  }
  for (std::size_t seat = 0; seat < seat_nations_.size(); ++seat)
    for (Nation n : seat_nations_[seat]) nation_seat_[n] = static_cast<core::Seat>(seat);
  for (Nation n : kAllNations) battle_nation_.push_back(nation_name(n));
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
  pad_start_.assign(static_cast<std::size_t>(kMaxRegions) * 4 + 1, 0);
  for (const Region& from : data_->regions)
    for (int kind = 0; kind < 4 && from.rid != kNoRegion; ++kind) {
      const Category cat = kind < 2 ? Category::Land : kind == 2 ? Category::Air : Category::Sea;
      for (const Region& to : data_->regions)
        if (pad_reaches(*data_, scenario, from.rid, cat, kind == 0, to.rid)) pad_to_.push_back(to.rid);
      pad_start_[at_(index(from.rid)) * 4 + at_(kind) + 1] = static_cast<std::uint32_t>(pad_to_.size());
    }
  for (std::size_t i = 1; i < pad_start_.size(); ++i) pad_start_[i] = std::max(pad_start_[i], pad_start_[i - 1]);
}

int Game::threshold(Nation nation) const { return data_->morale.thresholds[static_cast<std::size_t>(scenario_->morale)][nation].value; }
Provenance Game::threshold_provenance(Nation nation) const {
  return data_->morale.thresholds[static_cast<std::size_t>(scenario_->morale)][nation].origin.provenance;
}

std::string Game::nation_name(Nation nation) const { return index(nation) < kNations ? std::string(nation_id(nation)) : "?"; }

std::string Game::region_name(RegionId r) const { return data_->is_region(r) ? data_->regions[r].id : "?"; }

State Game::new_game() const {
  State s;
  s.scenario = static_cast<std::uint8_t>(scenario_index_);
  s.round_limit = options_.round_limit;
  for (Nation n : kAllNations) s.nation[n].in_play = nation_seat_[n] >= 0;
  s.turn_order.fill(kNoNation);
  s.choosing.fill(kNoNation);
  for (const Region& r : data_->regions) {
    if (r.rid == kNoRegion) continue;
    s.region[r.rid].controller = scenario_->control[r.rid];
  }
  for (const SetupCommand& sc : scenario_->commands) {
    Command& cmd = s.command[sc.nation][sc.number];
    cmd.region = sc.region;
    for (int t = 0; t < kUnitTypes; ++t)
      if (sc.units[type_at(t)]) cmd.n[at_(slot_of(t))] = static_cast<std::uint8_t>(cmd.n[at_(slot_of(t))] + sc.units[type_at(t)]);
  }
  for (const SetupConstruction& sc : scenario_->construction) {
    const int i = industry_index(sc.region);
    if (i < 0) continue;
    for (int t = 0; t < kUnitTypes; ++t)
      s.construction[at_(i)].n[type_at(t)] = static_cast<std::uint8_t>(s.construction[at_(i)].n[type_at(t)] + sc.units[type_at(t)]);
  }
  s.steps.push(step::Phase{1});
  if (options_.rapid_resolution) {  // "each Nation begins the game with ... 1 infantry, 1 artillery, and 1 armor" under production
    for (int i = kNations - 1; i >= 0; --i) {
      const Nation n = nation_at(i);
      if (!s.nation[n].in_play) continue;
      s.sheet[n].buy[UnitKind::Inf] = s.sheet[n].buy[UnitKind::Art] = s.sheet[n].buy[UnitKind::Arm] = 1;
      if (data_->nations[n].has(NationRule::Mobilization)) s.sheet[n].buy = {3};  // ruling 88: China, three infantry
      // Only what its industries (and China's mobilization territories, ruling 88) can take.
      const CCtx cc{*this, s};
      while (!purchase_fits(cc, n, s.sheet[n].buy)) {
        std::uint8_t* last = s.sheet[n].buy[UnitKind::Arm]   ? &s.sheet[n].buy[UnitKind::Arm]
                             : s.sheet[n].buy[UnitKind::Art] ? &s.sheet[n].buy[UnitKind::Art]
                                                             : &s.sheet[n].buy[UnitKind::Inf];
        --*last;
      }
      if (s.sheet[n].buy[UnitKind::Inf] + s.sheet[n].buy[UnitKind::Art] + s.sheet[n].buy[UnitKind::Arm] > 0) s.steps.push(step::Place{n});
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

NationSet Game::acting_nations(const State& s, core::Seat seat) const {
  if (seat < 0 || seat >= seat_count()) return {};
  const Step& st = s.steps.top();
  const StepRow& r = row(st);
  const NationSet mine = seat_nations_[static_cast<std::size_t>(seat)];
  if (r.kind == Kind::Decision) {
    const Nation nation = r.nation(st);
    return nation != kNoNation && mine.test(nation) ? nation_bit(nation) : NationSet{};
  }
  if (r.kind != Kind::Simultaneous) return {};
  const CCtx c{*this, s};
  NationSet out;
  for (Nation n : mine)
    if (r.takes_part(c, n) && !(s.sheet[n].flags & kDone)) out.set(n);
  return out;
}

core::SeatMask Game::acting_seats(const State& s) const {
  core::SeatMask mask = 0;
  for (core::Seat p = 0; p < seat_count(); ++p)
    if (acting_nations(s, p).any()) mask |= core::seat_bit(p);
  return mask;
}

void Game::legal_actions(const State& s, core::Seat seat, core::ActionList& out) const {
  const NationSet nations = acting_nations(s, seat);
  CORE_EXPECT(nations.any());
  const StepRow& r = row(s.steps.top());
  const CCtx c{*this, s};
  for (Nation n : nations) r.legal(c, n, out);
}

void Game::chance_outcomes(const State& s, core::OutcomeList& out) const {
  const Step& st = s.steps.top();
  row(st).outcomes(CCtx{*this, s}, st, out);
}

core::Applied Game::apply(State& s, core::Seat seat, core::Action a, core::LogSink* log) const {
  const std::uint16_t epoch = s.reveal_epoch;
  Ctx c{*this, s, log};
  const Step st = s.steps.top();
  const StepRow& r = row(st);
  if (seat == core::kChance) {
    CORE_EXPECT(r.kind == Kind::Chance);
    r.chance(c, st, decode_action(a).nation);
  } else {
    const Act x = decode_action(a);
    CORE_EXPECT(acting_nations(s, seat).test(nation_at(x.nation)));
    r.apply(c, x);
    if (r.kind == Kind::Simultaneous && x.kind == ActionKind::Done) {
      s.sheet[nation_at(x.nation)].flags |= kDone;
      c.add(r.rule, nation_at(x.nation), Event::SheetDone);
    }
  }
  advance(c);
  return {.revealed = s.reveal_epoch != epoch};  // every reveal increments reveal_epoch (design §4.4)
}

std::string Game::seat_name(core::Seat seat) const {
  if (seat == core::kChance) return "chance";
  if (seat < 0 || seat >= seat_count()) return "?";
  std::string name;
  for (Nation n : seat_nations_[static_cast<std::size_t>(seat)]) name += (name.empty() ? "" : "+") + nation_name(n);
  return name;
}

int Game::team(core::Seat seat) const {
  int team = -1;
  for (Nation n : seat_nations_[static_cast<std::size_t>(seat)]) {
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
  h.add(index(c.region));
  h.add_range(c.n.begin(), c.n.end());
  h.add(c.flags);
}
}  // namespace

std::uint64_t Game::hash(const State& s) const {
  // A new field of State must be hashed here: this size check fails until it is.
  static_assert(sizeof(State) == 12000, "State changed: hash every new field, then update this size");
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
    h.add(static_cast<std::uint64_t>(static_cast<std::uint8_t>(st.bytes[0])) |
          (static_cast<std::uint64_t>(static_cast<std::uint8_t>(st.bytes[1])) << 8) |
          (static_cast<std::uint64_t>(static_cast<std::uint8_t>(st.bytes[2])) << 16));
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
  for (const RegionState& r : s.region) h.add(index(r.controller) | (r.bombs << 8) | (r.flags << 16));
  for (const auto& pool : s.command)
    for (const Command& c : pool) hash_command(h, c);
  for (const Construction& c : s.construction) {
    h.add_range(c.n.begin(), c.n.end());
    h.add_range(c.hold.begin(), c.hold.end());
    for (const auto& seas : c.to_sea) h.add_range(seas.begin(), seas.end());
  }
  for (const Sheet& sh : s.sheet) {
    // An order's cancel reason (Order::cancelled) is left out: it records how the order ended, as
    // the log does, and two states that differ only in it are the same position (the same legal
    // actions, the same game after them). Left out, the hashes of states and saves made before it was
    // kept are unchanged, and so are the determinism fingerprints of the games (their logs' carry it).
    for (const Order& o : sh.box)
      h.add(o.command | (index(o.dest) << 8) | (o.status << 16) | (static_cast<std::uint64_t>(o.end) << 24) |
            (static_cast<std::uint64_t>(o.rail_stop) << 32));
    h.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>(sh.bid)));
    h.add(sh.selected);
    h.add_range(sh.buy.begin(), sh.buy.end());
    h.add(sh.goods);
    h.add_range(sh.goods_paid.begin(), sh.goods_paid.end());
    h.add_range(sh.mobilized.begin(), sh.mobilized.end());
    h.add(sh.flags);
  }
  h.add(index(s.pin.nation) | (s.pin.box << 8) | (index(s.pin.at) << 16) | (static_cast<std::uint64_t>(s.pin.via) << 24) |
        (static_cast<std::uint64_t>(s.pin.stop) << 32) | (static_cast<std::uint64_t>(s.pin.owed) << 40) |
        (static_cast<std::uint64_t>(s.pin.left) << 48));
  // The tokens as the [nation][region] table of bytes they were kept in: the same hash.
  std::size_t token = 0;
  const std::span<const FighterTokens::Place> tokens = s.fighter_tokens.all();
  for (Nation n : kAllNations)
    for (int r = 0; r < kMaxRegions; ++r) {
      const bool here = token < tokens.size() && tokens[token].nation == n && index(tokens[token].region) == r;
      h.add(here ? tokens[token++].count : 0);
    }
  if (token != tokens.size()) h.add(token);  // a place out of order or out of the map: never in a state the rules make
  hash_battle(h, s.battle);
  const Fight& f = s.fight;
  h.add(index(f.region) | (f.part << 8) | (index(f.commander[0]) << 16) | (static_cast<std::uint64_t>(index(f.commander[1])) << 24) |
        (static_cast<std::uint64_t>(f.took_part[0].bits) << 32) | (static_cast<std::uint64_t>(f.took_part[1].bits) << 40) |
        (static_cast<std::uint64_t>(f.victor) << 48) | (static_cast<std::uint64_t>(f.medals) << 56));
  h.add(f.medal_to.bits | (index(f.left_out[0]) << 8) | (index(f.left_out[1]) << 16) | (f.battle_no << 24) |
        (static_cast<std::uint64_t>(f.bombed) << 32) | (static_cast<std::uint64_t>(f.fought) << 40));
  h.add(s.winner);
  h.add(s.pact.status | (index(s.pact.offender) << 8) | (s.pact.broken_round << 16));
  return h.digest();
}

}  // namespace warroom
