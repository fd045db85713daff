// War Room's battle calculator (docs/warroom/ai.md, "The battle calculator"): the odds of the
// Phase 4 conflict in one region -- the chance each side takes or holds it, expected losses (units,
// Casualty Points), Stress and Medals -- computed by the rules themselves, from one seat's
// observation. Shared by `warroom odds`, the browser's odds panel and the bots.
//
// How (nothing of the battle is re-derived here):
//   * the position: the Commands assumed to move in are moved by the Phase 3 step (the order
//     executed as the rules execute it, on a copy), then Phase 4 marks the Active regions and the
//     region's conflict is selected and set up by the engine (Battle Setup);
//   * the battle: the battle module (warroom/battle.h) driven die by die; every decision inside it
//     (hits, escorts, the garrison's pick, bombing, convoys, repairs) as `bot:rules` makes it
//     (preferred_choice), stances searched (below);
//   * the outcome: the engine's own Battle Debrief applied to the position (casualties, control,
//     Stress, Medals), its later decisions (claims, Medals, reorganizing) as plain defaults;
//   * exact (a memoised recursion over the battle's states, batch by batch: each batch's dice as
//     multisets with their multinomial chances) while the states reached stay within a budget,
//     Monte Carlo with the standard error of every figure otherwise.
//
// Stances: each unit type of a side goes wholly into one stance (the rules let a Commander split a
// type; the calculator does not try splits). The side whose Commander is earlier in Turn Order Rank
// commits first (Battle Setup > 5) and the other answers knowing its choice: the first side takes
// the plan whose worst answer is best for it, the second its best answer to that plan. A side's
// result, for this choice, is its chance to take or hold the region minus the enemy's, plus half the
// Casualty Points it makes the enemy lose beyond its own as a share of all the Casualty Points in the
// battle.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/title.h"
#include "warroom/game.h"

namespace warroom {

struct CommandRef {
  Nation nation = CHN;
  std::uint8_t number = 0;
  bool operator==(const CommandRef&) const = default;
};

struct OddsQuery {
  RegionId region = kNoRegion;
  // Commands assumed to carry out an order into the region first ("if these Commands move in"). Empty:
  // the seat's own written orders into it, those that would arrive as Phase 3 carries them out now.
  std::vector<CommandRef> moving_in;
  int samples = 3000;  // Monte Carlo: battles of the final estimate at most (100 .. 1,000,000)
  // Monte Carlo: the final estimate stops early, once each side's chance to take or hold the region
  // has at most this standard error (checked every 100 battles from the 300th on);
  // 0: always `samples` battles.
  double error = 0.01;
  std::uint64_t seed = 1;      // Monte Carlo: the dice stream (the same seed, the same figures)
  bool search_stances = true;  // false: stances as bot:rules chooses them
  // Sides (0 Allied, 1 Axis) whose stances are as bot:rules chooses them whatever search_stances
  // says: the sides whose seats bot:rules plays (issue 33's play-test, finding 2: the Axis bot's
  // stances, once on the board, made the odds of a battle "being fought" other than those "to be
  // fought", which had assumed the Axis's best).
  std::array<bool, kSides> rules_sides{};
  long exact_budget = 30000;  // exact: dice placed at most (each a step of the enumeration), else Monte Carlo
};

// A figure with its standard error (0 when exact).
struct Estimate {
  double mean = 0, se = 0;
};

// A unit type of a side and the stance it is assumed to take (an index of units.json's stances).
struct StanceUse {
  std::uint8_t type = 0, stance = 0;
};
enum class StanceSource : std::uint8_t {
  None,      // the side has no stance to choose (single-stance types only, or no units)
  Searched,  // the calculator's best choice (see above)
  RulesBot,  // as bot:rules chooses (OddsQuery::search_stances false, or the side in rules_sides)
  OnBoard,   // already chosen: the battle is being fought
};

struct SideOdds {
  Estimate wins;             // land: controls the territory after the battle; sea: alone in the region
  Estimate units_lost;       // units to the Casualty List (troop transports, units under construction included)
  Estimate casualty_points;  // their Casualty Points
  Estimate stress;           // Stress gained by the side's nations: a lost territory's SV, plus the
                             // Casualty Points' conversion in Phase 6 (with the round's earlier losses)
  Estimate medals;
  Estimate resources_lost;  // oil, iron and OSR lost to bombing or convoy raids, or paid for repairs
  std::vector<StanceUse> stances;
  StanceSource stance_source = StanceSource::None;
};

struct Odds {
  std::string error;  // non-empty: nothing was computed (why, in one line)
  RegionId region = kNoRegion;
  bool land = true;                    // a territory (else a sea region)
  BattleKind kind = BattleKind::None;  // Battle (with any garrison or bombing) or ConvoyRaid
  int defender = -1;                   // land: the side controlling the territory before the battle (0 Allied, 1 Axis)
  int first_side = 0;                  // the side that commits its stances first (Battle Setup > 5)
  bool exact = false;
  int samples = 0;                   // Monte Carlo battles of the final estimate (0 when exact)
  double error_target = 0;           // the query's `error`: the standard error the Monte Carlo stopped at (0: none)
  int plans = 0;                     // stance plans compared (pairs of the two sides' plans)
  bool in_progress = false;          // the battle is being fought: its current state is the start
  bool more_may_come = false;        // orders not yet carried out may still bring Commands in (Phases 1-3)
  bool later_chance = false;         // chance after the first battle (the pact's second battle, a convoy
                                     // raid) was sampled: the figures include it, never exact
  std::vector<CommandRef> moved_in;  // the Commands assumed to move in
  std::array<SideOdds, kSides> side{};
  Estimate contested;       // both sides keep units there (land: Embattled)
  double milliseconds = 0;  // time taken
};

// The odds of the conflict in `query.region` as `seat` sees it (core::kChance or -1: a spectator).
// Only `game.observe(state, seat)` is read. With no Commands named, those the seat's own sheet
// orders into the region (written, not yet carried out) move in.
Odds battle_odds(const Game& game, const State& state, core::Seat seat, const OddsQuery& query);

// The same from an observation already made for the seat (the bots' entry).
Odds odds_from_observation(const Game& game, const State& observation, core::Seat seat, const OddsQuery& query);

// The odds as JSON for clients (`warroom odds --json`, the server's API): data ids, no English;
// every figure {"mean", "se"} (se 0 when exact).
nlohmann::json odds_json(const Game& game, const Odds& odds);

// The query from named text parameters (the API's query string, the command line's options):
// "region" (needed: an id, R1, or a name, Moscow, in any case), "with" (Commands moving in first,
// NATION:NUMBER,...), "samples" (100 .. max_samples), "error" (0 .. 0.5, OddsQuery::error), "seed",
// "stances" ("best" or "rules").
// Throws core::ActionError naming the parameter that is wrong (calculator_query.cpp).
OddsQuery odds_query(const Game& game, const core::Match::Parameters& parameters, int max_samples = 1000000);
RegionId region_named(const Game& game, std::string_view text);
// OddsQuery::rules_sides from who plays each seat ("human", "bot:rules", ...): the sides each of
// whose seats bot:rules plays.
std::array<bool, kSides> rules_sides(const Game& game, const std::vector<std::string>& controllers);
std::vector<CommandRef> commands_named(const Game& game, std::string_view text);

// The stance choice a plan makes at a Need::Stance decision: all of the group's units into the
// plan's stance for its type (`plan[side][type]`, -1: as bot:rules chooses).
using StancePlan = std::array<std::array<std::int8_t, kMaxTypes>, kSides>;
Choice stance_choice(const Game& game, const Battle& b, const StancePlan& plan);
StancePlan plan_of(const Odds& odds);

// A side's result in the battle `battle` whose odds are `odds` (0 Allied, 1 Axis): the measure the
// stance search weighs plans by (above), from the odds' means.
double side_result(const Game& game, const Battle& battle, const Odds& odds, int side);

}  // namespace warroom
