// Victory Check at the end of the round (rulings 9-14): scenario conditions, both qualifying,
// "nobody has units", collapse.
#include "engine_fixture.h"

namespace warroom::testing {
namespace {

State end_round(const Game& g, State s) {
  start_phase(g, s, 8);
  return s;
}

TEST(VictoryCheck, AxisWinsWithTwoOfTheThreeAlliedCapitals) {
  const Game g = europe();
  State s = g.new_game();
  s.region[region("B1")].controller = GER;
  s = end_round(g, s);
  EXPECT_NE(g.node_kind(s), core::NodeKind::Terminal) << "one capital is not enough";
  s.region[region("R1")].controller = ITA;
  s = end_round(g, s);
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Terminal);
  EXPECT_EQ(s.winner, kAxisWin);
  EXPECT_EQ(g.winners(s), core::seat_bit(g.seat_of(GER)));
}

TEST(VictoryCheck, AlliesWinWithGreaterGermany) {
  const Game g = europe();
  State s = g.new_game();
  s.region[region("G1")].controller = US;
  s = end_round(g, s);
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Terminal);
  EXPECT_EQ(s.winner, kAlliedWin);
  EXPECT_EQ(g.winners(s), core::seat_bit(g.seat_of(BC)) | core::seat_bit(g.seat_of(USSR)) | core::seat_bit(g.seat_of(US)));
}

// Ruling 12: if both alliances qualify in the same round, the war goes on.
TEST(VictoryCheck, BothQualifyingContinuesTheWar) {
  const Game g = europe();
  State s = g.new_game();
  s.region[region("G1")].controller = BC;
  s.region[region("B1")].controller = GER;
  s.region[region("U1")].controller = GER;
  s = end_round(g, s);
  EXPECT_NE(g.node_kind(s), core::NodeKind::Terminal);
  EXPECT_EQ(s.round, 2);
}

TEST(VictoryCheck, NobodyHasUnitsBothLose) {
  const Game g = europe();
  State s = g.new_game();
  for (auto& pool : s.command) pool = {};
  s.construction[0].n[kInf] = 1;  // ruling 14: units under construction are not on the map
  s = end_round(g, s);
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Terminal);
  EXPECT_EQ(s.winner, kBothLose);
  EXPECT_EQ(g.winners(s), 0u);
}

TEST(VictoryCheck, GrayZoneWithoutUnitsCollapses) {
  const Game g = europe();
  State s = g.new_game();
  s.command[ITA] = {};
  s.nation[ITA].zone = kGray;
  s.command[USSR] = {};  // Blue, not Gray: no collapse
  s.nation[USSR].zone = kBlue;
  s = end_round(g, s);
  EXPECT_TRUE(s.nation[ITA].collapsed);
  EXPECT_FALSE(s.nation[USSR].collapsed);
  EXPECT_FALSE(in_play(s, ITA));
}

TEST(VictoryCheck, TheRoundLimitStopsWithNoWinner) {  // ruling 105: a harness's cap, not a rule
  Options o;
  o.round_limit = 1;
  const Game g = europe(4, o);
  State s = end_round(g, g.new_game());
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Terminal);
  EXPECT_EQ(s.winner, 0);
}

}  // namespace
}  // namespace warroom::testing
