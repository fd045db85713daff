// The tests' shared random play-out (tests/support/play_until.h) on the duel fixture: two secret
// bids, a die, three steps.
#include "tests/support/play_until.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/log.h"
#include "duel_game.h"

namespace {

const duel::Game game{};

TEST(PlayUntil, PlaysToTheEndWithTheLowestActingSeatChoosingAndEveryStateAsked) {
  duel::State s = game.initial();
  core::Rng chance(3), choices(4);
  std::vector<core::Seat> seats;
  int asked = 0;
  core::LogBuffer log;
  const auto ended = [&](const duel::State& at) {
    ++asked;
    return game.node_kind(at) == core::NodeKind::Terminal;
  };
  EXPECT_TRUE(test_support::play_until(
      game, s, ended, chance,
      [&](const duel::State& at, core::Seat seat) {
        seats.push_back(seat);
        return test_support::random_choice(game, choices)(at, seat);
      },
      test_support::kNoLimit, &log));
  EXPECT_EQ(game.node_kind(s), core::NodeKind::Terminal);
  // The simultaneous bids: north first, then south; the steps: north twice, south once.
  EXPECT_EQ(seats, (std::vector<core::Seat>{0, 1, 0, 0, 1}));
  EXPECT_EQ(asked, 7) << "the first state and the state after each of the six actions";
  ASSERT_EQ(log.size(), 1u) << "the die's entry reaches the log";
  EXPECT_EQ(log.entries()[0].args[0], s.die);
}

TEST(PlayUntil, TheSameSeedsPlayTheSameGame) {
  const auto played = [](std::uint64_t seed) {
    duel::State s = game.initial();
    core::Rng chance(seed), choices(seed + 1);
    EXPECT_TRUE(test_support::play_to_end(game, s, chance, test_support::random_choice(game, choices)));
    return game.hash(s);
  };
  std::vector<std::uint64_t> first, again;
  for (std::uint64_t seed = 0; seed < 20; ++seed) first.push_back(played(seed)), again.push_back(played(seed));
  EXPECT_EQ(first, again);
  EXPECT_NE(std::count(first.begin(), first.end(), first[0]), 20) << "seeds do differ";
}

TEST(PlayUntil, StopsWhereAskedAndAtTheLimit) {
  duel::State s = game.initial();
  core::Rng chance(1), choices(2);
  const auto random = test_support::random_choice(game, choices);
  const auto at_roll = [](const duel::State& at) { return !at.steps.empty() && at.steps.top().id == duel::kRoll; };
  EXPECT_TRUE(test_support::play_until(game, s, at_roll, chance, random));
  EXPECT_EQ(game.node_kind(s), core::NodeKind::Chance) << "stopped before the die";
  EXPECT_NE(s.bid[0] * s.bid[1], 0);

  EXPECT_FALSE(test_support::play_to_end(game, s, chance, random, 2)) << "the die and one step: not the end";
  EXPECT_NE(s.die, 0);
  EXPECT_EQ(s.seat0_steps, 1);

  EXPECT_FALSE(test_support::play_until(
      game, s, [](const duel::State&) { return false; }, chance, random))
      << "the game ended first";
  EXPECT_EQ(game.node_kind(s), core::NodeKind::Terminal);
}

}  // namespace
