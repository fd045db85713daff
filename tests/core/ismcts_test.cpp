// The information-set search (core/ismcts.h) on Three Hills (hills/game.h), whose secret order
// sheets are the hidden information: the search must choose from its seat's observation alone.
#include <gtest/gtest.h>

#include "core/ismcts.h"
#include "core/session.h"
#include "hills/game.h"

namespace {

using core::Seat;
constexpr Seat kRed = 0, kGreen = 1;

core::Action parse(const hills::Game& g, const hills::State& s, Seat seat, const char* text) {
  const auto a = g.action_from_string(s, seat, text);
  EXPECT_TRUE(a) << text;
  return a.value_or(0);
}

core::Ismcts<hills::Game> search(int iterations, int threads = 1) {
  core::SearchConfig c;
  c.iterations = iterations;
  c.threads = threads;
  return core::Ismcts<hills::Game>(c, {});
}

// Two positions of round 1 that Red cannot tell apart: Green's secret sheet differs (R2).
struct TwoSheets : ::testing::Test {
  hills::Game game{2};
  hills::State a = game.new_game(), b = game.new_game();
  void SetUp() override {
    game.apply(a, kRed, parse(game, a, kRed, "send 2 A"), nullptr);
    b = a;
    game.apply(a, kGreen, parse(game, a, kGreen, "send 5 C"), nullptr);
    game.apply(b, kGreen, parse(game, b, kGreen, "send 1 A"), nullptr);
    game.apply(b, kGreen, parse(game, b, kGreen, "send 2 B"), nullptr);
  }
};

TEST_F(TwoSheets, R2_TheSearchNeverReadsAnotherSeatsSecretSheet) {
  ASSERT_NE(a, b);
  ASSERT_EQ(game.observe(a, kRed), game.observe(b, kRed));
  const auto ismcts = search(400);
  const core::SearchResult from_a = ismcts.search(game, a, kRed, 99), from_b = ismcts.search(game, b, kRed, 99);
  ASSERT_EQ(from_a.ranked.size(), from_b.ranked.size());
  for (std::size_t i = 0; i < from_a.ranked.size(); ++i) {
    EXPECT_EQ(from_a.ranked[i].action, from_b.ranked[i].action);
    EXPECT_EQ(from_a.ranked[i].visits, from_b.ranked[i].visits);
    EXPECT_DOUBLE_EQ(from_a.ranked[i].value, from_b.ranked[i].value);
  }
  EXPECT_EQ(from_a.best, from_b.best);
}

TEST_F(TwoSheets, TheSameSeedAndThreadsGiveTheSameSearch) {
  for (int threads : {1, 2}) {
    const auto ismcts = search(300, threads);
    const auto first = ismcts.search(game, a, kRed, 5), second = ismcts.search(game, a, kRed, 5);
    EXPECT_EQ(first.iterations, 300);
    ASSERT_EQ(first.ranked.size(), second.ranked.size());
    for (std::size_t i = 0; i < first.ranked.size(); ++i) {
      EXPECT_EQ(first.ranked[i].action, second.ranked[i].action);
      EXPECT_EQ(first.ranked[i].visits, second.ranked[i].visits);
    }
  }
}

TEST_F(TwoSheets, EveryRankedActionIsLegalAndTheVisitsAddUp) {
  const auto result = search(300).search(game, a, kRed, 1);
  core::ActionList legal;
  game.legal_actions(game.observe(a, kRed), kRed, legal);
  long visits = 0;
  for (const auto& v : result.ranked) {
    EXPECT_NE(std::find(legal.begin(), legal.end(), v.action), legal.end());
    EXPECT_GE(v.value, 0.0);
    EXPECT_LE(v.value, 1.0);
    visits += v.visits;
  }
  EXPECT_EQ(visits, 300);  // every iteration passes through one of Red's root actions
  EXPECT_EQ(result.best, result.ranked.front().action);
}

// Guess: the first seat names 0 or 1, or settles for a draw (2); then the second seat, seeing the
// name, says 0 or 1. The first seat wins if they match, the second if not; a draw is shared.
struct Guess {
  struct State {
    int first = -1, second = -1;
    bool operator==(const State&) const = default;
  };
  core::NodeKind node_kind(const State& s) const {
    return s.second >= 0 || s.first == 2 ? core::NodeKind::Terminal : core::NodeKind::Decision;
  }
  core::SeatMask acting_seats(const State& s) const { return s.first < 0 ? 1 : 2; }
  void legal_actions(const State& s, Seat, core::ActionList& out) const {
    for (core::Action a = 0; a < (s.first < 0 ? 3u : 2u); ++a) out.push_back(a);
  }
  void chance_outcomes(const State&, core::OutcomeList&) const {}
  core::Applied apply(State& s, Seat seat, core::Action a, core::LogSink*) const {
    (seat == 0 ? s.first : s.second) = static_cast<int>(a);
    return {};
  }
  std::string action_to_string(const State&, Seat, core::Action a) const { return std::to_string(a); }
  std::optional<core::Action> action_from_string(const State&, Seat, std::string_view) const { return std::nullopt; }
  std::uint64_t hash(const State& s) const { return static_cast<std::uint64_t>(s.first) * 8 + static_cast<std::uint64_t>(s.second); }
  std::string seat_name(Seat seat) const { return seat == 0 ? "first" : "second"; }
  std::optional<Seat> seat_from_name(std::string_view) const { return std::nullopt; }
  int seat_count() const { return 2; }
  State observe(const State& s, Seat) const { return s; }
  State resample_hidden(const State& s, Seat, core::Rng&) const { return s; }
  core::SeatMask winners(const State& s) const { return s.first == 2 ? 3 : s.first == s.second ? 1 : 2; }
};
static_assert(core::ObservableGame<Guess>);

// The second seat's habit, which the rollouts also follow: it always says 0.
core::SearchHooks<Guess> says_zero() {
  core::SearchHooks<Guess> hooks;
  hooks.rollout = [](const Guess&, const Guess::State&, Seat, core::Rng&) { return core::Action{0}; };
  return hooks;
}

core::SearchResult search_guess(bool opponents_follow_policy) {
  core::SearchConfig c;
  c.iterations = 2000;
  c.opponents_follow_policy = opponents_follow_policy;
  return core::Ismcts<Guess>(c, says_zero()).search(Guess{}, Guess::State{}, 0, 7);
}

TEST(OpponentModel, WithTheModelTheSearchAnswersThePolicysPlay) {
  const core::SearchResult r = search_guess(true);
  EXPECT_EQ(r.best, 0u);  // the second seat says 0: naming 0 wins
  EXPECT_DOUBLE_EQ(r.ranked.front().value, 1.0);
}

TEST(OpponentModel, WithoutItTheOtherSeatChoosesForItselfAndTheDrawIsSafest) {
  const core::SearchResult r = search_guess(false);
  EXPECT_EQ(r.best, 2u);  // a second seat that chooses for itself never matches: the draw is worth most
  EXPECT_NEAR(r.ranked.front().value, 0.5, 1e-9);
}

// The searching seat's own policy, where one is given, is its prior: the first seat's own habit is
// to name 1, the others' (and the rollouts') to say 0.
TEST(OwnPolicy, TheSearchingSeatsOwnPolicyIsItsPrior) {
  core::SearchConfig c;
  c.iterations = 1;  // one expansion: the prior's action
  c.policy_bonus = 0.5;
  core::SearchHooks<Guess> hooks = says_zero();
  EXPECT_EQ(core::Ismcts<Guess>(c, hooks).search(Guess{}, Guess::State{}, 0, 7).best, 0u);
  hooks.own_policy = [](const Guess&, const Guess::State&, Seat, core::Rng&) { return core::Action{1}; };
  EXPECT_EQ(core::Ismcts<Guess>(c, hooks).search(Guess{}, Guess::State{}, 0, 7).best, 1u);
}

}  // namespace
