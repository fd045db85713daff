// Victory Check at the end of the round (rulings 9-14): scenario conditions, both qualifying,
// "nobody has units", collapse.
#include "engine_fixture.h"

namespace warroom::testing {
namespace {

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

// Victory Check note: "If a Nation has no more Units on the World Map *and* is in the Gray Zone ...
// it is considered Collapsed"; Phase 7 › Step 5 places new units "on the World Map ... Cap each stack
// of new Units with an Industry Token". Units under construction are on the World Map (ruling 14 as
// corrected): Italy in the Gray Zone with an infantry under its Industry Token in Italy does not
// collapse, and while any nation has such units "all Nations have no Units on the map" is false.
TEST(VictoryCheck, VictoryCheckNote_AGrayZoneNationWithUnitsUnderConstructionDoesNotCollapse) {
  const Game g = europe();
  State s = g.new_game();
  const int italy = g.industry_index(region("I1"));
  ASSERT_GE(italy, 0);
  ASSERT_EQ(s.region[region("I1")].controller, ITA);
  s.command[ITA] = {};
  s.nation[ITA].zone = kGray;
  s.construction[at(italy)].n[UnitKind::Inf] = 1;
  State after = end_round(g, s);
  EXPECT_FALSE(after.nation[ITA].collapsed) << "its infantry under the Industry Token is on the World Map";
  EXPECT_TRUE(in_play(after, ITA));
  s.construction[at(italy)] = Construction{};
  after = end_round(g, s);
  EXPECT_TRUE(after.nation[ITA].collapsed) << "with nothing under the token it collapses";
}

TEST(VictoryCheck, VictoryCheck_UnitsUnderConstructionKeepAllNationsHaveNoUnitsFalse) {
  const Game g = europe();
  State s = g.new_game();
  for (auto& pool : s.command) pool = {};
  const int germany = g.industry_index(region("G1"));
  ASSERT_GE(germany, 0);
  s.construction[at(germany)].n[UnitKind::Arm] = 1;
  s = end_round(g, s);
  EXPECT_NE(g.node_kind(s), core::NodeKind::Terminal) << "Germany's armour under construction is a Unit on the map";
  EXPECT_EQ(s.winner, 0);
  EXPECT_EQ(s.round, 2);
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

namespace warroom::testing {
namespace {

// Optional Rules › Rapid Resolution: "Immediately after Phase 5: Refit & Deploy in each round, repeat
// Phases 2 through 6 before moving on to Phase 7" (design §4.3: Phases 1-5, 2-5, then 6 once and 7);
// "each Nation begins the game with ... 1 infantry, 1 artillery, and 1 armor" under production,
// which "will deploy in the first round during Phase 5" (Phase 5 › Step 2 is not skipped).
TEST(RapidResolution, PhasesTwoToSixRepeatAndStartingUnitsDeployInRoundOne) {
  Options o;
  o.rapid_resolution = true;
  o.round_limit = 1;
  const Game g = europe(4, o);
  State s = g.new_game();
  ASSERT_EQ(top(s), StepId::Place) << "the starting units go under Industry tokens first";
  const int units0 = units_of(s, GER);
  s.nation[GER].medals = 40, s.nation[GER].stress = 40;  // so that Phase 6 asks Germany (Step 1: cancel Stress)
  core::LogBuffer log;
  int bids_revealed = 0, deployed = 0, purchases_revealed = 0;
  std::vector<int> phases;  // the phases of round 1, in the order they run
  core::Rng chance(1), choices(2);
  std::size_t before = 0;                    // the log's entries already counted
  const auto count = [&](const State& at) {  // after each action
    for (std::size_t i = std::exchange(before, log.size()); i < log.size(); ++i) {
      const auto e = static_cast<Event>(log.entries()[i].event);
      bids_revealed += e == Event::BidRevealed && log.entries()[i].args[0] == index(GER);
      deployed += e == Event::DeployRevealed && log.entries()[i].args[0] == index(GER) && at.round == 1;
      purchases_revealed += e == Event::PurchasesRevealed && log.entries()[i].args[0] == index(GER);
    }
    if (at.phase >= 1 && (phases.empty() || phases.back() != at.phase)) phases.push_back(at.phase);
    return g.node_kind(at) == core::NodeKind::Terminal;
  };
  test_support::play_until(g, s, count, chance, test_support::random_choice<Game, RandomBot>(g, choices), test_support::kNoLimit, &log);
  EXPECT_EQ(phases, (std::vector<int>{1, 2, 3, 4, 5, 2, 3, 4, 5, 6, 7})) << "Phase 6 once, after the second Phase 5, then Phase 7";
  EXPECT_EQ(purchases_revealed, 1) << "Production once a round";
  EXPECT_EQ(bids_revealed, 2) << "Phase 2 twice in the round";
  EXPECT_GE(deployed, 1) << "the starting units deploy in round 1";
  EXPECT_GT(units_of(s, GER), units0);
}

}  // namespace
}  // namespace warroom::testing
