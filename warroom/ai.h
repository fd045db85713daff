// War Room's search bot (`bot:ai:easy|normal|hard|expert`, docs/warroom/ai.md "The search bot"): an
// equilibrium search over the secret orders and bid of Phase 2 Step 1, after SearchBot for no-press
// Diplomacy. The rules bot (bots_rules.h) made stochastic by a few numbers (Style) proposes K
// candidate sheets for the searching seat and K' styles for every other seat; each pair is valued by
// R rollouts of rules bots to the end of the round (and a few rounds more at the higher levels) and
// the position value; regret matching over the K x K' matrix gives a mixed strategy, and the bot plays
// a sample of it. Everything else it plays as the chosen candidate's rules bot would.
//
// It sees only its seat's observation: the other seats' unrevealed sheets are blank there and are
// written afresh in every rollout by the rules bots of their candidate styles, never read.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/ismcts.h"
#include "warroom/bots_rules.h"

namespace warroom {

// A level: the search's budget per sheet (docs/warroom/ai.md gives the measured time of each).
struct AiLevel {
  std::string_view name;  // "easy", "normal", "hard", "expert": the bot kind is "ai:" + name
  int plans;              // K: the searching seat's candidate sheets
  int answers;            // K': the styles the other seats may write with
  int rollouts;           // R: rollouts per pair
  int rounds;             // rounds a rollout plays (1: to the end of this round) before the position value
};
const std::array<AiLevel, 4>& ai_levels();
const AiLevel* ai_level(std::string_view name);  // "normal"; nullptr for an unknown one
std::vector<std::string> ai_kinds();             // "ai:easy" ... "ai:expert"

// The hand-defined value of a position to `side`, in [0, 1]: the winner's at the end (a draw or a
// stopped game 1/2); before it a logistic of the differences between the alliances in the share of
// their Victory condition's regions held, the value of their units (on the map and under
// construction, at their cost) and the Strategic Value they control (docs/warroom/ai.md).
double position_value(const Game& g, const State& s, Alliance side);

// One candidate sheet of the searching seat: the style it was written with, the actions that write
// it, its weight in the mixed strategy and its value against the others' mixed strategy.
struct SheetCandidate {
  Style style;
  std::vector<core::Action> actions;
  double probability = 0;
  double value = 0;
};
struct SheetSearch {
  std::vector<SheetCandidate> plans;  // the first is bot:rules' own sheet
  std::size_t chosen = 0;             // the sample of the mixed strategy played
  int answers = 0;                    // K' styles of the other seats
  long rollouts = 0;
  double seconds = 0;
};

// The search of `seat`'s sheet at Phase 2 Step 1 from its observation (`position` is observed first); `own` is the seat's rules bot
// as it stands (its campaigns and its count of quiet rounds). Deterministic for a seed, whatever the
// number of threads.
SheetSearch search_sheet(const Game& g, const State& observation, core::Seat seat, const RulesBot& own, const AiLevel& level,
                         std::uint64_t seed, int threads = 1);

// The bot: one object per seat for the whole game (it keeps the chosen candidate's rules bot, its
// campaigns included, for the rest of the round); made anew in the middle of a sheet it searches the
// rest of it.
class SearchBot final : public core::Bot<Game> {
 public:
  SearchBot(const AiLevel& level, int threads) : level_(level), threads_(threads) {}
  core::Action choose(const Game& game, const State& observation, core::Seat seat, core::Rng& rng) override;
  bool searches() const override { return true; }
  const SheetSearch& last_search() const { return last_; }

 private:
  AiLevel level_;
  int threads_;
  RulesBot bot_;  // the chosen candidate's rules bot (bot:rules' style until the first search)
  std::uint16_t searched_round_ = 0;
  std::uint8_t searched_pass_ = 0;
  bool searched_ = false;
  SheetSearch last_;
};

// A hint's ranking (core::Match::hint) from `seat`'s observation: at Phase 2 Step 1, the next entry
// of each candidate sheet of the search, by its weight in the mixed strategy (`visits`: the rollouts
// behind it), `value` the candidate's value against the others' mixed strategy; at any other
// decision, bot:rules' action with the position value of the observation.
std::vector<core::ActionValue> advise(const Game& g, const State& observation, core::Seat seat, const AiLevel& level,
                                      std::uint64_t seed, int threads = 1);

// A bot of kind "ai:LEVEL"; nullptr for an unknown name.
std::unique_ptr<core::Bot<Game>> make_ai(std::string_view name, int threads = 1);

}  // namespace warroom
