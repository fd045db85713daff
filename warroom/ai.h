// War Room's search bot (`bot:ai:easy|normal|hard|expert`, docs/warroom/ai.md "The search bot"): an
// equilibrium search over the secret simultaneous steps -- the orders and bid of Phase 2 Step 1 and
// the purchases of Phase 7 Step 3 -- after SearchBot for no-press Diplomacy. The rules bot
// (bots_rules.h) made stochastic by a few numbers (Style) proposes K candidates for the searching
// seat and K' styles for every other seat; each pair is valued by R rollouts of rules bots to the
// end of the round (and a few rounds more at the higher levels) and the position value; regret
// matching over the K x K' matrix gives a mixed strategy, and the bot plays a sample of it. Stances
// come from the battle calculator (calculator.h), and at `hard` and `expert` the hits it assigns too;
// everything else it plays as the chosen candidate's rules bot would.
//
// It sees only its seat's observation: the other seats' unrevealed sheets and purchases are blank
// there and are made afresh in every rollout by the rules bots of their candidate styles, never read.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ismcts.h"
#include "warroom/bots_rules.h"
#include "warroom/calculator.h"

namespace warroom {

// What the position value weighs, for one alliance: the differences between the alliances in the
// share of their Victory condition's regions held, in their shares of unit value (on the map and under
// construction, at cost) and of the Strategic Value they control; each in [-1, 1].
struct ValueFeatures {
  double victory = 0, units = 0, sv = 0;
};
// The position value's weights (ValueWeights, warroom/data.h): the logistic of their sum with the
// features (docs/warroom/ai.md).
// Hand-set: a share of the Victory condition's regions counts most, then the units and the SV.
inline constexpr ValueWeights kHandValue{3.0, 4.0, 2.0};
// Fitted by self-play (docs/warroom/ai.md, "The position value fitted by self-play"): `warroom
// fit-value --games 200 --seed 44001`, bot:rules on both sides of the four scenarios, 2 seats, 12,850
// positions (the start of every round from the second) labelled by the game's outcome; mean log-loss
// 0.587 against the hand-set weights' 0.628 and 0.685 with none.
inline constexpr ValueWeights kFittedValue{-0.38, 3.76, 2.40};

// A level: the search's budget per sheet (docs/warroom/ai.md gives the measured time of each).
struct AiLevel {
  std::string_view name;            // "easy", "normal", "hard", "expert": the bot kind is "ai:" + name
  int plans;                        // K: the searching seat's candidate sheets
  int answers;                      // K': the styles the other seats may write with
  int rollouts;                     // R: rollouts per pair
  int rounds;                       // rounds a rollout plays (1: to the end of this round) before the position value
  ValueWeights value = kHandValue;  // the position value's weights at a rollout's end
  // Common dice: the r-th rollout against answer j draws the same chance for every candidate, so that
  // the candidates' values differ by their plans more than by their luck (fewer spurious winners).
  bool common_dice = false;
  // Plays the heaviest candidate of the mixed strategy rather than a sample of it (the other seats'
  // search, if any, models them as rules bots of drawn styles, not as this search: nothing reads the
  // sample's randomness).
  bool heaviest = false;
  // Hits and escorts chosen with the battle calculator (docs/warroom/ai.md, "Hits and escorts chosen
  // with the calculator"): at each hit it rolls, and each hit on its carrier or battleship its Escort
  // cruiser may take, the bot takes the legal choice after which the calculator gives its side the best
  // result (SearchBot::kPickSamples battles at most), not the rules bot's costliest unit or sure escort.
  bool calculated_picks = false;
  // A rollout's end valued with the scenario's own fitted weights (Scenario::value) where it has them,
  // `value` elsewhere (docs/warroom/ai.md, "The position value fitted by self-play").
  bool scenario_value = false;
  // Stances chosen with the battle calculator (each side's best plan), not the rules bot's: `easy`
  // keeps bot:rules' stances so that a newcomer can beat it (docs/warroom/ai.md, "Levels").
  bool calculated_stances = true;
  // Every other drawn sheet candidate chooses its attacks with the battle calculator
  // (Style::calculated_attacks), as the fourth does (docs/warroom/ai.md, "Attacks chosen
  // with the calculator").
  bool calculated_candidates = false;
  // Every sheet candidate but bot:rules' own keeps a garrison by sea where only the sea reaches
  // (Style::sea_garrison; docs/warroom/ai.md, "A garrison by sea, kept").
  bool sea_garrison_candidates = false;
};
const std::array<AiLevel, 4>& ai_levels();
const AiLevel* ai_level(std::string_view name);  // "normal"; nullptr for an unknown one
std::vector<std::string> ai_kinds();             // "ai:easy" ... "ai:expert"

// The features of the position for `side` (a terminal position's too).
ValueFeatures value_features(const Game& g, const State& s, Alliance side);
// The value of a position to `side`, in [0, 1]: the winner's at the end (a draw or a stopped game
// 1/2); before it the logistic of the weighted features.
double position_value(const Game& g, const State& s, Alliance side, const ValueWeights& w = kHandValue);

// Positions of self-play labelled by the outcome: the features for the Allies at the start of a
// round, `group` (e.g. the scenario: each group has its own constant, the side's lean, not kept) and
// the outcome for the Allies (1 won, 0 lost, 1/2 neither).
struct ValueSample {
  ValueFeatures f;
  int group = 0;
  double outcome = 0.5;
};
// The weights of the logistic regression of the outcome on the features (Newton's method on the
// log-loss, with one constant per group, slightly regularised); `loss` the mean log-loss with them.
ValueWeights fit_value(const std::vector<ValueSample>& samples, int groups, double* loss = nullptr);
// The mean log-loss of `w` on the samples, each group's constant fitted alone.
double value_loss(const std::vector<ValueSample>& samples, int groups, const ValueWeights& w);

// One candidate sheet of the searching seat: the style it was written with, the actions that write
// it, its weight in the mixed strategy and its value against the others' mixed strategy.
struct SheetCandidate {
  Style style;
  std::vector<core::Action> actions;
  double probability = 0;
  double value = 0;
  RulesBot writer;  // the rules bot once it has written them (its plan of the round kept)
};
// The secret simultaneous steps the bot searches.
enum class SecretStep : std::uint8_t { Sheet, Purchases, Deploy };  // Phase 2 Step 1, Phase 7 Step 3, Phase 5 Step 2
inline constexpr std::size_t kSecretSteps = 3;

struct SheetSearch {
  SecretStep step = SecretStep::Sheet;
  std::vector<SheetCandidate> plans;  // the first is bot:rules' own entries
  std::size_t chosen = 0;             // the sample of the mixed strategy played
  int answers = 0;                    // K' styles of the other seats
  long rollouts = 0;
  double seconds = 0;
};

// The value of each pair (own candidate i, the others' style j) to the seat: the mean of
// `level.rollouts` rollouts (the others' entries made anew by rules bots of style j, the candidate's
// played, all playing on for `level.rounds` rounds, then the position value with `level.value`).
// Each rollout has its own seed; with `level.common_dice` the r-th against style j has the same for
// every candidate. Deterministic for a seed, whatever the number of threads.
std::vector<std::vector<double>> pair_values(const Game& g, const State& observation, core::Seat seat,
                                             const std::vector<SheetCandidate>& plans, const std::vector<Style>& answers,
                                             const AiLevel& level, std::uint64_t seed, int threads = 1);

// The search of `seat`'s entries at the secret step its observation is at (`position` is observed
// first; no candidates at another step): its sheet at Phase 2 Step 1 (candidates of drawn styles),
// its purchases at Phase 7 Step 3 (the round's style with each BuyMix; their rollouts play a round
// more). `own` is the seat's rules bot as it stands (its style, campaigns and count of quiet rounds).
// Deterministic for a seed, whatever the number of threads.
SheetSearch search_secret(const Game& g, const State& observation, core::Seat seat, const RulesBot& own, const AiLevel& level,
                          std::uint64_t seed, int threads = 1);

// The bot: one object per seat for the whole game (it keeps the chosen candidate's rules bot, its
// campaigns included, for the rest of the round); made anew in the middle of a sheet or of its
// purchases it searches the rest of them. Its stances are the calculator's best for the battle being
// fought (kStanceSamples battles at most, to a standard error of kStanceError), computed once per
// battle and side.
class SearchBot final : public core::Bot<Game> {
 public:
  static constexpr int kStanceSamples = 1000;
  static constexpr double kStanceError = 0.02;
  static constexpr int kPickSamples = 300;
  static constexpr double kPickError = 0.03;
  SearchBot(const AiLevel& level, int threads) : level_(level), threads_(threads) {}
  core::Action choose(const Game& game, const State& observation, core::Seat seat, core::Rng& rng) override;
  bool searches() const override { return true; }
  const SheetSearch& last_search() const { return last_; }

 private:
  struct Searched {
    bool valid = false;
    std::uint16_t round = 0;
    std::uint8_t pass = 0;
  };
  struct StanceKey {
    std::uint16_t round = 0;
    std::uint8_t pass = 0;
    RegionId region = kNoRegion;
    std::uint8_t part = 0, side = 0;
    bool operator==(const StanceKey&) const = default;
  };
  std::optional<core::Action> calculated_stance(const Game& game, const State& observation, core::Seat seat, const core::ActionList& legal,
                                                core::Rng& rng);
  std::optional<core::Action> calculated_pick(const Game& game, const State& observation, core::Seat seat, const core::ActionList& legal,
                                              core::Rng& rng) const;
  AiLevel level_;
  int threads_;
  RulesBot bot_;                                   // the chosen candidate's rules bot (bot:rules' style until the first search)
  std::array<Searched, kSecretSteps> searched_{};  // per SecretStep: the round and pass last searched
  std::vector<core::Action> script_;               // the chosen candidate's entries, played in turn while the step lasts
  std::size_t next_ = 0;
  SheetSearch last_;
  StanceKey stance_key_{0, 0, kNoRegion, 0, 0};
  StancePlan stance_plan_{};
};

// The secret simultaneous step the observation is at, if the search plays it (nullopt elsewhere).
std::optional<SecretStep> secret_step(const State& s);

// The actions `bot` takes for `seat` from `s` until the seat has no more entries at the step `s` is
// at (its sheet, purchases or deployment plan written out, or the one decision made); `s` ends after them.
std::vector<core::Action> write_step(const Game& g, State& s, core::Seat seat, RulesBot& bot, core::Rng& rng);

// A hint (core::Match::hint, the server's hint request, `hint` in `warroom play`) from `seat`'s
// observation only (docs/warroom/ai.md, "Hints"); `controllers` (who plays each seat, public: a side
// bot:rules plays is assumed to choose its stances as bot:rules does, OddsQuery::rules_sides) may be
// empty.
//  * ranked: at Phase 2 Step 1 and Phase 7 Step 3, the next entry of each candidate sheet of the
//    search, by its weight in the mixed strategy (`visits`: the rollouts behind it), `value` the
//    candidate's value against the others' mixed strategy; at any other decision, the search bot's
//    action (bot:rules', or the calculator's stance) with the position value of the observation.
//  * plan: the whole entry the AI would write as structure for clients, data ids and reason codes,
//    never English: at Phase 2 Step 1 the heaviest candidate's sheet (each order with the planner's
//    reason, the bid with its own, the odds of every attack from the battle calculator as the odds
//    request answers them), at Phase 7 Step 3 its purchases, at Phase 5 Step 2 bot:rules' deployment
//    plan, elsewhere the one action (a stance with the odds of the battle being fought).
core::Advised advise(const Game& g, const State& observation, core::Seat seat, const AiLevel& level, std::uint64_t seed, int threads = 1,
                     const std::vector<std::string>& controllers = {});

// A bot of kind "ai:LEVEL"; nullptr for an unknown name.
std::unique_ptr<core::Bot<Game>> make_ai(std::string_view name, int threads = 1);

}  // namespace warroom
