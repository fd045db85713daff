// Shared between the battle calculator's files (calculator.cpp: the position and the outcome
// through the engine; calculator_search.cpp: exact values, Monte Carlo, stances); not part of its
// interface (warroom/calculator.h).
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/rng.h"
#include "warroom/calculator.h"

namespace warroom::calc {

// One outcome's figures, or their expectation: per side, then whether both sides keep units there.
enum Field : int { kWins, kUnits, kCasualtyPoints, kStress, kMedals, kResourcesLost, kSideFields };
constexpr int kContested = kSideFields * kSides;
constexpr int kTallyFields = kContested + 1;
using Tally = std::array<double, kTallyFields>;
constexpr std::size_t field(Field f, int side) { return static_cast<std::size_t>(f) * kSides + static_cast<std::size_t>(side); }

// The region's conflict as the engine has set it up.
struct Position {
  RegionId region = kNoRegion;
  State before;          // the position just before the conflict is resolved (Commands moved in)
  State at;              // the engine at the conflict's first die or decision, its stack ending in GameOver
  bool settled = false;  // nothing was left to decide or roll: `at` is the end
};

// The seat to act at a decision, or -1.
core::Seat acting_seat(const Game& g, const State& s);

// The engine's decisions outside the battle module, as the calculator takes them: a Commander keeps
// command, the Battle Debrief's reorganizing is declined, a moving order goes straight into the
// region, any other choice (claims, Medals, pins, the pact's permission) is the first legal one;
// battle decisions of a later battle are bot:rules's.
core::Action default_action(const Game& g, const State& s, core::Seat seat, RegionId target);

// Plays the engine's steps from `s` until its stack is down to the GameOver it ends in, chance
// drawn from `rng`; returns whether chance was met.
bool play_out(const Game& g, State& s, RegionId target, core::Rng& rng);

// The figures of the position `after` compared with `before` in `region`.
Tally tally(const Game& g, const State& before, const State& after, RegionId region);

// The outcome of a finished battle: the engine's Battle Debrief and whatever the region's conflict
// holds after it, applied to the position. Outcomes that met no chance are kept by the battle's
// results (the Results of battle.h, which is all the debrief reads of it).
class Debrief {
 public:
  Debrief(const Game& g, const Position& p);
  const Tally& outcome(const Battle& done, core::Rng& rng);
  bool met_chance() const { return met_chance_; }

 private:
  std::uint64_t key(const Battle& b) const;
  const Game& g_;
  const Position& p_;
  struct Present {
    std::uint8_t side;
    Nation nation;
    std::uint8_t type;
    bool operator==(const Present&) const = default;
  };
  std::vector<Present> present_;  // (side, nation, type) in the battle
  std::unordered_map<std::uint64_t, Tally> kept_;
  Tally last_{};
  bool met_chance_ = false;
};

// What the search found.
struct Evaluation {
  Tally mean{}, se{};
  bool exact = false;
  int samples = 0;
  int plans = 0;
  StancePlan plan{};
  std::array<bool, kSides> chose{};  // the side had a stance to choose
  bool later_chance = false;         // a debrief met chance (see Odds::later_chance)
};
Evaluation evaluate(const Game& g, const Position& p, const OddsQuery& q);

}  // namespace warroom::calc
