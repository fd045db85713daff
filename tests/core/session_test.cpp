#include "core/session.h"

#include <gtest/gtest.h>

#include "duel_game.h"

namespace {

using core::NodeKind;

struct SessionTest : ::testing::Test {
  duel::Game game;
  core::Session<duel::Game> session{game, game.initial(), 99};
};

TEST_F(SessionTest, SimultaneousDecisionAcceptsEitherOrder) {
  EXPECT_EQ(session.node_kind(), NodeKind::Simultaneous);
  session.act(1, 2);
  EXPECT_EQ(session.node_kind(), NodeKind::Simultaneous);
  EXPECT_THROW(session.act(1, 3), core::ActionError);  // south has chosen already
  session.act(0, 3);
  EXPECT_EQ(session.node_kind(), NodeKind::Chance);
  EXPECT_EQ(session.state().bid[0], 3);
  EXPECT_EQ(session.state().bid[1], 2);
}

TEST_F(SessionTest, ChanceOutcomesCarryProbabilities) {
  session.act(0, 1);
  session.act(1, 1);
  const auto outcomes = session.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 6u);
  double total = 0;
  for (const auto& o : outcomes) total += o.probability;
  EXPECT_DOUBLE_EQ(total, 1.0);
  EXPECT_DOUBLE_EQ(outcomes[5].probability, 2.0 / 7);
}

TEST_F(SessionTest, ChanceCanBeSuppliedOrSampled) {
  session.act(0, 1);
  session.act(1, 1);
  EXPECT_THROW(session.chance(7), core::ActionError);  // not a face of the die
  session.chance(4);
  EXPECT_EQ(session.state().die, 4);
  EXPECT_FALSE(session.history().back().sampled);

  core::Session<duel::Game> other(game, game.initial(), 99);
  other.act(0, 1);
  other.act(1, 1);
  const core::Action drawn = other.sample_chance();
  EXPECT_EQ(other.state().die, static_cast<int>(drawn));
  EXPECT_TRUE(other.history().back().sampled);
}

TEST_F(SessionTest, SampledChanceIsDeterministicForASeed) {
  auto run = [&](std::uint64_t seed) {
    core::Session<duel::Game> s(game, game.initial(), seed);
    s.act(0, 1);
    s.act(1, 1);
    return s.sample_chance();
  };
  std::vector<core::Action> a, b;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    a.push_back(run(seed));
    b.push_back(run(seed));
  }
  EXPECT_EQ(a, b);
  EXPECT_NE(std::count(a.begin(), a.end(), a[0]), 50);  // seeds do differ
}

TEST_F(SessionTest, IllegalActionsChangeNothing) {
  const auto before = game.hash(session.state());
  EXPECT_THROW(session.act(0, 9), core::ActionError);  // not a bid
  EXPECT_THROW(session.act(5, 1), core::ActionError);  // no such seat
  EXPECT_THROW(session.act(core::kChance, 1), core::ActionError);
  EXPECT_THROW(session.chance(1), core::ActionError);  // not a chance node
  EXPECT_EQ(game.hash(session.state()), before);
  EXPECT_TRUE(session.history().empty());
}

TEST_F(SessionTest, GameRunsToTerminalWithNoLegalActions) {
  session.act(0, 1);
  session.act(1, 2);
  session.chance(6);
  session.act(0, 1);
  session.act(0, 1);
  session.act(1, 0);
  EXPECT_EQ(session.node_kind(), NodeKind::Terminal);
  EXPECT_TRUE(session.legal_actions(0).empty());
  EXPECT_TRUE(session.legal_actions(1).empty());
  EXPECT_EQ(session.state().score[0], 2);
}

TEST_F(SessionTest, LogRecordsRuleNumbers) {
  session.act(0, 1);
  session.act(1, 2);
  session.chance(5);
  ASSERT_EQ(session.log().size(), 1u);
  EXPECT_STREQ(session.log().entries()[0].rule, "2");
  EXPECT_EQ(session.log().entries()[0].args[0], 5);
}

TEST_F(SessionTest, UndoWithinOwnTurn) {
  session.act(0, 1);
  session.act(1, 2);
  session.chance(3);
  session.act(0, 1);  // seat 0's first step; still seat 0's turn
  EXPECT_TRUE(session.can_undo(0));
  EXPECT_FALSE(session.can_undo(1));
  session.undo(0);
  EXPECT_EQ(session.state().score[0], 0);
  EXPECT_EQ(session.state().seat0_steps, 0);
  EXPECT_EQ(session.history().size(), 3u);
}

TEST_F(SessionTest, UndoNeverCrossesAChanceOutcome) {
  session.act(0, 1);
  session.act(1, 2);
  session.chance(3);
  EXPECT_FALSE(session.can_undo(0));
  EXPECT_FALSE(session.can_undo(1));
  EXPECT_THROW(session.undo(0), core::ActionError);
  EXPECT_EQ(session.state().die, 3);
}

TEST_F(SessionTest, UndoNeverCrossesARevealOrAChangeOfSeat) {
  session.act(0, 1);
  EXPECT_TRUE(session.can_undo(0));  // north has bid, the bids are not revealed: north may take it back
  EXPECT_FALSE(session.can_undo(1));
  session.undo(0);
  EXPECT_TRUE(session.history().empty());
  session.act(0, 1);
  session.act(1, 2);  // reveals both bids
  EXPECT_FALSE(session.can_undo(0));
  EXPECT_FALSE(session.can_undo(1));
  session.chance(3);
  session.act(0, 1);
  session.act(0, 0);  // the turn passes to south
  EXPECT_FALSE(session.can_undo(0));
}

}  // namespace
