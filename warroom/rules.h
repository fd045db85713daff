// Internal to the rules: the context every rulebook-part file works in, the log events, and the
// functions each part gives the step table (warroom/game.cpp). One file per rulebook part:
//   round.cpp    the round's phases in order, the flow helpers
//   combat.cpp   Phase 4 Combat Operations: Order of Battles, Battle Setup from the position, the
//                battle module driven one die and one decision at a time, the Battle Debrief
//   movement.cpp Phase 3 Movement Operations; Phase 5 Step 1 landing
//   economy.cpp  Phase 1 Direct National Economy; Phase 7 Production
//   planning.cpp Phase 2 Strategic Planning (sheets, bids, turn order); Reorganizing Commands
//   deploy.cpp   Phase 5 Refit & Deploy (Steps 2-3)
//   morale.cpp   Phase 6 Morale
//   victory.cpp  Victory Check, collapse, "nobody has units"
//   pact.cpp     the Soviet-Japanese Non-Aggression Pact (Articles One to Four)
#pragma once

#include <bitset>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/log.h"
#include "warroom/actions.h"
#include "warroom/game.h"

namespace warroom {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The pact's rulebook headings that the battles (combat.cpp) and the pact (pact.cpp) both log under.
inline constexpr const char* kPactArticle3 = "Soviet-Japanese Non-Aggression Pact > Article Three";
inline constexpr const char* kPactArticle4 = "Soviet-Japanese Non-Aggression Pact > Article Four";

// Log events; the comments give args[0..3]. Nothing secret is ever logged (design §4.6).
enum class Event : std::uint16_t {
  RoundBegins,         // round
  Income,              // nation, oil, iron, osr
  IncomeBlocked,       // nation (Red Zone)
  OrderDrawn,          // nation, place (ruling 19)
  Shifted,             // nation, from, type, to
  ReorganizeDone,      // nation
  SheetDone,           // nation
  BidRevealed,         // nation, bid
  TieDrawn,            // nation, position
  SlotChosen,          // nation, slot
  BidPaid,             // nation, bid
  SheetRevealed,       // nation, orders written
  OrderShown,          // nation, box, command, destination region
  OrderCancelled,      // nation, box, command, CancelReason (state.h)
  NoBattles,           // Phase 4 with no Active region
  DeployRevealed,      // nation, region, units deployed, units held
  CasualtyStress,      // nation, casualty points, stress
  StressCancelled,     // nation, 0 medal / 1 goods, stress left
  ZoneUp,              // nation, zone, stress left
  Relieved,            // nation, medals, goods, zone
  BluePaid,            // nation, resource
  Deserted,            // nation, command, type
  Traded,              // nation, neutral region, resource given, resource gained
  PurchasesRevealed,   // nation, units, goods, resources left (total)
  Placed,              // nation, region, type, count
  Collapsed,           // nation
  Victory,             // alliance
  BothLose,            //
  Stalemate,           // both alliances qualify: play continues
  Stopped,             // round (the harness's round limit)
  Moved,               // nation, command, from, to (Phase 3)
  MovedShort,          // nation, command, from, to: stopped by a pin or an obstruction
  PinnedAt,            // nation, command, region: all of it stays (rulings 24-26)
  LeftBehind,          // nation, command, type, new command (Pinning)
  RailObstructed,      // nation, command, destination, stop (ruling 29)
  NeutralInvaded,      // nation, region
  Launched,            // nation, carrier command, region (Phase 3 Step 3)
  Landed,              // nation, command, from, to (Phase 5 Step 1)
  Perished,            // nation, command, region, units (Phase 5 Step 1)
  BattleBegins,        // nation selecting, region (Phase 4 Order of Battles)
  CommanderIs,         // nation, side, region (Battle Setup › 4)
  UnitsLost,           // nation, type, count, where (0 on the map, 1 under construction, 2 carrier fighter tokens)
  ResourcesLost,       // nation, oil, iron, osr (Strategic Bombing Raids, convoy raids)
  BombToken,           // region, tokens (Damaged Infrastructure)
  Captured,            // nation, region, former controller (kNoNation: none)
  Restored,            // nation, region, former controller (Restoring Control)
  TerritoryStress,     // nation, region, stress (Apply Stress: lost territory)
  MedalGiven,          // nation, region
  Embattled,           // region (Update Hotspot Marker)
  ConstructionSeized,  // nation, region, units removed to storage (China never captures air or naval units)
  InvasionStress,      // nation, region (Invaded a Neutral Territory: 1 Stress, the first time only)
  NeutralDefence,      // nation, region, units placed (negative: withdrawn, handed to an ally; ruling 103)
  PactBroken,          // nation (the offender), article, stress
  PactAsked,           // nation (the party asked), ally, command, region entered
  PactRefused,         // nation (the party asked), ally, box
  PactEnded,           // -, region captured (Moscow or Greater Germany)
  PactExpelled,        // nation, command, region, units (Article Three)
  PactBattle,          // nation (the party left out), region, 1 or 2: the pact's two battles (Article Three, ruling 52)
  MedalDenied,         // nation, region, former controller (Article Four: no Medal in the round the pact broke)
  UnitsCaptured,       // nation (the new controller), region, units under its Industry Token captured, former controller
  RepairsPaid,         // nation, oil, iron, osr (Battle Debrief › 1: 1 resource per DAMAGED unit repaired)
};

// A log event's argument: an int, or a region (its index, as the log has always held it).
struct LogArg {
  int v;
  constexpr LogArg(int i) : v(i) {}              // NOLINT: implicit, as the int it is
  constexpr LogArg(RegionId r) : v(index(r)) {}  // NOLINT: implicit, a log argument is the region's index
  constexpr LogArg(Nation n) : v(index(n)) {}    // NOLINT: implicit, a log argument is the nation's index
};

// The contexts the parts work in (core/steps.h): CCtx reads, Ctx may change the state and log.
struct CCtx : core::steps::View<Game, State> {
  const Data& d() const { return g.data(); }
};
struct Ctx : core::steps::Context<Game, State, CCtx> {
  const Data& d() const { return g.data(); }
  // args[0] is the nation (-1 for kNoNation), then a0..a2.
  void add(const char* rule, Nation nation, Event e, LogArg a0 = 0, LogArg a1 = 0, LogArg a2 = 0) const {
    if (log)
      log->add({rule,
                nation == kNoNation ? core::kChance : g.seat_of(nation),
                static_cast<std::uint16_t>(e),
                {nation == kNoNation ? -1 : index(nation), a0.v, a1.v, a2.v}});
  }
};

// A unit type's id by number ("inf"), or "?" for a number that names no type.
inline std::string unit_text(int t) { return t >= 0 && t < kUnitTypes ? std::string(unit_id(static_cast<UnitKind>(t))) : "?"; }

// Whether `seat` plays `nation`.
inline bool seat_plays(const Game& g, core::Seat seat, Nation nation) {
  return seat >= 0 && seat < g.seat_count() && g.seat_nations(seat).test(nation);
}

// Whether `r` is a region of the scenario's map.
inline bool in_scenario(const CCtx& c, RegionId r) { return r != kNoRegion && c.g.scenario().in_play.test(r); }

// ---- What a seat may not see (observe.cpp) ----
enum class Secret : std::uint8_t { Orders, Bid, Purchases, Plan };
bool is_hidden(const Game& g, const State& s, core::Seat seat, Nation nation, Secret part);

// ---- The step table (game.cpp) ----
const char* step_name(StepId id);
const char* step_rule(StepId id);
const char* step_prompt(StepId id);
// Runs automatic steps until someone must act, chance must speak, or the game is over.
void advance(Ctx& c);
// The acting nation of a decision step (its payload's `nation`); -1 for a step of another kind.
Nation step_nation(const Step& st);

// ---- Helpers shared by the parts (round.cpp) ----
bool in_play(const State& s, Nation nation);                                   // in the scenario and not collapsed
int nations_in_turn_order(const State& s, std::array<Nation, kNations>& out);  // returns the count
int units_in(const Command& c);
Category command_category(const Data& d, Nation nation, int number);
int lowest_free_command(const State& s, const Data& d, Nation nation, Category cat);
int lowest_free_command(const CommandPool& pool, const Data& d, Nation nation, Category cat);  // the same, of the nation's Commands
// Units on the World Map: in Commands, or under an Industry Token in a territory the nation controls
// (Phase 7 › Step 5 places new units "on the World Map"; ruling 14).
bool has_units_on_map(const CCtx& c, Nation nation);

// Where Commands with units stand, found in one pass over them, so that a question asked of every
// region (Embattled? a conflict?) skips the regions that hold nothing: `land` by alliance, `any` for
// Commands of any category and carrier fighter tokens. Valid until a Command or token moves.
struct MapPresence {
  std::array<RegionSet, kAlliances> land;
  RegionSet any;
};
MapPresence map_presence(const CCtx& c);

int resource(const State& s, Nation nation, int r);
void gain(Ctx& c, Nation nation, int r, int amount);  // Red Zone: no gains
// Pushes one step P{nation, more...} per nation, in turn order, on top of the stack (so they run in
// turn order).
template <class P, class... More>
void push_per_nation(State& s, const std::array<Nation, kNations>& order, int count, More... more) {
  for (int i = count - 1; i >= 0; --i) s.steps.push(P{order[at(i)], static_cast<std::int8_t>(more)...});
}

// ---- Round flow (round.cpp) ----
void run_phase(Ctx& c, int phase);          // the automatic part of a phase; pushes its steps
void reveal_orders(Ctx& c, Nation nation);  // ruling 91

// ---- Phase 4 (combat.cpp) ----
int side_of(Nation nation);  // the battle module's side: 0 Allied, 1 Axis
void begin_combat(Ctx& c);   // marks the Active regions (ruling 94), pushes the Order of Battles
void battle_order(Ctx& c, int position);
std::vector<Participant> forces_to_fight(const CCtx& c);  // before Battle Setup: the units that will fight
void pick_legal(const CCtx& c, Nation nation, core::ActionList& out);
void pick_apply(Ctx& c, const Act& a);
bool hand_over_finished(const CCtx& c, step::HandOver st);
void hand_over_legal(const CCtx& c, Nation nation, core::ActionList& out);
void hand_over_apply(Ctx& c, const Act& a);
void battle_drive(Ctx& c);
void battle_die_outcomes(const CCtx& c, core::OutcomeList& out);
void battle_die(Ctx& c, int colour);
void battle_legal(const CCtx& c, Nation nation, core::ActionList& out);
void battle_apply(Ctx& c, const Act& a);
void claim_legal(const CCtx& c, Nation nation, core::ActionList& out);
void claim_apply(Ctx& c, const Act& a);
void medal_legal(const CCtx& c, Nation nation, core::ActionList& out);
void medal_apply(Ctx& c, const Act& a);
void activate_neutral(Ctx& c, RegionId r, Nation invader);  // Attacking Standard Neutrals (ruling 103)
void defence_legal(const CCtx& c, Nation nation, core::ActionList& out);
void defence_apply(Ctx& c, const Act& a);
void desertion_capture(Ctx& c, RegionId r);  // Gray Zone note (ruling 76)
// Battle choices as actions: ActionKind::Battle, c = kind << 4 | choice.c.
core::Action battle_action(Nation nation, Choice ch);
Choice battle_choice(const Act& a);

// ---- Phase 3 and Phase 5 Step 1 (movement.cpp) ----
void begin_movement(State& s);  // a new Phase 3: no splits yet
void movement_legal(const CCtx& c, Nation nation, core::ActionList& out);
// The clients' id of a cancelled order's reason ("owner", "pinned", ...; "" for None): the view's
// chart and the log's order_cancelled.
const char* cancel_reason_id(CancelReason r);
// The clients' id of why a rail order stopped short ("rail_stops_short_enemy", ...; "" for None): the
// view's chart, the same ids as the plotting outlook's reasons.
const char* rail_short_id(RailShort r);
// Why the nation's next order has no route and only `cancel` is offered (empty: it has one).
std::string order_blocked_why(const CCtx& c, Nation nation);
// Phase 2: the outcome of an order `command → to` if executed on the map as it stands (movement.cpp,
// from the plan that executes orders): the clients mark destinations that cannot be reached.
struct OrderOutlook {
  enum Kind : std::uint8_t { Reaches, StopsShort, Cancelled } kind = Reaches;
  const char* reason = "";      // an id: "rail_stops_short", "pinned", "no_rail_path", ...
  const char* why = "";         // the rule, for the player
  std::vector<RegionId> stops;  // StopsShort: where the Command may stop instead
};
OrderOutlook order_outlook(const CCtx& c, Nation nation, int command, RegionId to);
void movement_apply(Ctx& c, const Act& a);
// `move NATION box X`: the region the move passes through (kNoRegion: none) and where it ends.
struct MoveLeg {
  RegionId via = kNoRegion, stop = kNoRegion;
};
MoveLeg move_leg(const CCtx& c, Nation nation, int box, RegionId x);

bool movement_done(const CCtx& c, Nation nation);
// "Carry out the rest" (Phase 3 › Step 2): the action that executes the nation's next written order
// as written -- `move` to its destination (the direct route, or for air the route the engine flies),
// to the one rail stop nearest it (ruling 29) or by its only route; `cancel` where the rules leave no
// route (Canceling Orders and Resolving Mistakes). None where the owner must choose: which units stay
// at a pin (Pinning), or between routes that differ (a 2-region route through different regions).
struct CarryOut {
  enum Stop : std::uint8_t { Next, Pin, Route, Nothing } stop = Nothing;
  core::Action action = 0;  // stop == Next: the next order's action
  int box = 0;              // the box concerned (0: none)
  int left = 0;             // written orders not yet executed, this one included
};
CarryOut carry_out_next(const CCtx& c, Nation nation);
bool launch_done(const CCtx& c, Nation nation, int handled);  // Step 3: carriers handled so far
void launch_legal(const CCtx& c, Nation nation, core::ActionList& out);
void launch_apply(Ctx& c, const Act& a);
void remove_carrier_fighters(State& s);
bool landing_done(const CCtx& c, Nation nation);
void landing_legal(const CCtx& c, Nation nation, core::ActionList& out);
void landing_apply(Ctx& c, const Act& a);

// ---- Phase 1 and 7 (economy.cpp) ----
void collect_income(Ctx& c);
void trade_legal(const CCtx& c, Nation nation, core::ActionList& out);
void trade_apply(Ctx& c, const Act& a);
// Embattled Region (ruling 95): both sides have land units in the territory; while the Soviet-Japanese
// Pact holds, the other party's units in a party's territory do not count (Article Three).
// `p`, when given, is map_presence(c) for the state as it stands.
bool embattled(const CCtx& c, RegionId r, const MapPresence* p = nullptr);
// Phase 1 › Step 1, Check Territory Card Facing: whether the territory's card shows its Embattled side
// now. face_card turns it to its true face, in Phase 1 and in the Battle Debrief (Update Territory
// Status); in between it is face up again as soon as the territory is no longer Embattled ("Anytime
// a territory is no longer Embattled its card should be restored face-up"). Strategic Bombing Raids
// read it as it lies: a territory invaded this round still shows its face-up card.
bool card_embattled(const CCtx& c, RegionId r, const MapPresence* p = nullptr);
void face_card(Ctx& c, RegionId r, const MapPresence* p = nullptr);

void purchases_legal(const CCtx& c, Nation nation, core::ActionList& out);
void purchases_apply(Ctx& c, const Act& a);
void reveal_purchases(Ctx& c);
void place_legal(const CCtx& c, Nation nation, core::ActionList& out);
void place_apply(Ctx& c, const Act& a);
bool place_done(const CCtx& c, Nation nation);
int placement_room(const CCtx& c, Nation nation, bool naval);  // units the nation's industries can still take
int mobilization_room(const CCtx& c, Nation nation);           // infantry China may still mobilize (ruling 72)
// Whether units bought (by type) can all be placed: naval in port industries, infantry also by
// mobilization, the rest in industries (ruling 79).
bool purchase_fits(const CCtx& c, Nation nation, const UnitTypeArray<std::uint8_t>& buy);
int industry_capacity(const CCtx& c, RegionId r);                          // SV - bombs - units already there
std::array<int, kResources> purchase_spent(const CCtx& c, Nation nation);  // what the chart's purchases cost, by resource

// ---- Phase 2 and reorganizing (planning.cpp) ----
void sheets_legal(const CCtx& c, Nation nation, core::ActionList& out);
void sheets_apply(Ctx& c, const Act& a);
void reveal_bids(Ctx& c);
void slot_sequence(Ctx& c, int position);
void tie_outcomes(const CCtx& c, int position, core::OutcomeList& out);
void tie_apply(Ctx& c, int position, Nation nation);
void slot_legal(const CCtx& c, Nation nation, core::ActionList& out);
void slot_apply(Ctx& c, const Act& a);
void order_draw_outcomes(const CCtx& c, int placed, core::OutcomeList& out);
void order_draw_apply(Ctx& c, int placed, Nation nation);
void reorganize_legal(const CCtx& c, Nation nation, core::ActionList& out);
void reorganize_apply(Ctx& c, const Act& a);
bool reorganize_allows(const CCtx& c, const Act& a);  // the same as membership in reorganize_legal, quicker
// Whether the order pad offers `to` to a Command of category `cat` in `from` (ruling 21; `may_sail`:
// its land units may embark): Game builds its table of destinations from it.
bool pad_reaches(const Data& d, const Scenario& sc, RegionId from, Category cat, bool may_sail, RegionId to);
// Static destinations of a Command for the order pad (ruling 21): the game's table, and a copy.
std::span<const RegionId> pad_reach_of(const CCtx& c, Nation nation, int number);
void pad_destinations(const CCtx& c, Nation nation, int number, std::vector<RegionId>& out);

// ---- Phase 5 (deploy.cpp) ----
bool has_construction(const CCtx& c, Nation nation);
// Puts `count` units of type t of `nation` into its Commands in region r (new Commands first, ruling
// 104); false, and `s` partly changed, if they do not fit.
[[nodiscard]] bool form_units(State& s, const Data& d, Nation nation, RegionId r, int t, int count);
void deploy_legal(const CCtx& c, Nation nation, core::ActionList& out);
void deploy_apply(Ctx& c, const Act& a);
void reveal_deployments(Ctx& c);

// ---- Phase 6 (morale.cpp) ----
void convert_casualties(Ctx& c);
void cancel_legal(const CCtx& c, Nation nation, core::ActionList& out);
void cancel_apply(Ctx& c, const Act& a);
void evaluate_stress(Ctx& c);
void relieve_legal(const CCtx& c, Nation nation, core::ActionList& out);
void relieve_apply(Ctx& c, const Act& a);
void push_penalties(Ctx& c);
void blue_legal(const CCtx& c, Nation nation, core::ActionList& out);
void blue_apply(Ctx& c, const Act& a);
void desert_legal(const CCtx& c, Nation nation, core::ActionList& out);
void desert_apply(Ctx& c, const Act& a);
int casualty_points(const Data& d, const NationState& n);

// ---- The Soviet-Japanese Non-Aggression Pact (pact.cpp) ----
bool pact_in_force(const CCtx& c);
// Article Three: true for the two parties while the pact holds (they neither fight nor pin each other).
bool pact_truce(const CCtx& c, Nation a, Nation b);
// The other party of `nation` while the pact holds (it neither fights nor raids `nation`), else kNoNation.
Nation pact_partner(const CCtx& c, Nation nation);
// Article Three, ruling 52: while the pact holds, a region with units of both parties has "two
// distinct battles", fought in sequence in one resolution: first the party earlier in turn order and
// its allies against their enemies there except the other party, then the other party likewise with
// the survivors. `left_out` names the party each battle leaves out; kNoNation in both when the
// region has one ordinary battle. With no third party there, neither battle has two sides.
struct PactBattles {
  std::array<Nation, 2> left_out{kNoNation, kNoNation};
  bool split() const { return left_out[0] != kNoNation; }
};
PactBattles pact_battles(const CCtx& c, RegionId r);
// Units of category `cat` in region r that do not pin `nation` under Article Three (ruling 27).
int pact_truce_units(const CCtx& c, Nation nation, RegionId r, Category cat);
// While the pact holds: the article (1 or 2) that `nation`, moving from `from`, breaks by entering or
// passing through region r; 0 if none (or the pact does not hold).
int pact_breach(const CCtx& c, Nation nation, RegionId from, RegionId r);

// Phase 3: the Move order of `nation`'s box `box` (executed with X = x) enters `via` (or kNoRegion)
// then ends in `stop`. Article One: the order breaks the pact now. Article Two: the allied party's
// seat is asked (a PactPermission step is pushed) and true is returned: the order waits.
bool pact_interrupts(Ctx& c, Nation nation, int box, RegionId x, RegionId from, RegionId via, RegionId stop);
void permission_legal(const CCtx& c, Nation nation, core::ActionList& out);
void permission_apply(Ctx& c, const Act& a);
void pact_break(Ctx& c, Nation offender, int article);  // Article Four: 5 Stress, once
// Article Four: no Medal to a party for a territory taken from the other party in the round the pact
// broke, unless it is the party's own original territory (ruling 61).
bool pact_denies_medal(const CCtx& c, Nation nation, RegionId r, Nation taken_from);
// Ruling 68: the pact ends for good at the first capture of Moscow or Greater Germany (called when
// control changes and at the end of the round).
void pact_check_capitals(Ctx& c);
// Article Three, ruling 67: at the end of Phase 3, land units of a party still in a territory the
// other party controls (taken from a third party in an earlier round) are eliminated.
void pact_expel(Ctx& c);

// ---- End of round (victory.cpp) ----
void end_of_round(Ctx& c);
bool alliance_qualifies(const CCtx& c, Alliance a);
// What the Victory Check would find if it were made now (control at the moment of the check, ruling
// 10): nobody qualifies, one alliance wins, both qualify (the war goes on), or no nation has units on
// the map (both lose). The one definition the check, the view and the board read.
enum class VictoryNow : std::uint8_t { None, Allied, Axis, Both, BothLose };
VictoryNow victory_now(const CCtx& c);

}  // namespace warroom
