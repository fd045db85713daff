// War in the Pacific: the scenario's seats and conditions (T19 for the Pacific), the simultaneous
// victory condition, and the Malacca and Panama passages on the project map.
#include "theater_fixture.h"

namespace warroom::testing {
namespace {

// War Room Scenarios › Choose a Scenario to Play: "In each scenario, all unlisted territories,
// including Neutrals, may not be entered": in War in the Pacific no order pad offers a region out of
// play to any Command of any nation (Eastern United States, Great Britain, Spain...).
TEST(WarRoomScenarios, ChooseAScenario_UnlistedTerritoriesMayNotBeEntered) {
  const Game g = war_in_the_pacific();
  const State s = at_write_sheets(g);
  int offered = 0;
  for (Nation nation : {CHN, BC, US, JPN})
    for (int number = 1; number <= kMaxCommandNumber; ++number) {
      if (s.command[nation][at(number)].region == kNoRegion) continue;
      State t = s;
      const std::string select = fmt::format("select {} {}", g.nation_name(nation), number);
      if (!legal(g, t, g.seat_of(nation), select)) continue;
      act(g, t, nation, select);
      for (const std::string& text : legal_texts(g, t, nation)) {
        if (text.rfind("to ", 0) != 0) continue;
        ++offered;
        const std::string dest = text.substr(text.rfind(' ') + 1);
        EXPECT_TRUE(g.scenario().in_play.test(region(dest))) << text;
      }
    }
  EXPECT_GT(offered, 100);
}

// Choose a Scenario to Play: "Trading with Neutrals is only permitted in the Global War scenario":
// War in the Pacific's Phase 7 has no trade step, even with Mexico in play.
TEST(WarRoomScenarios, ChooseAScenario_TradeOnlyInGlobalWar) {
  const Game g = war_in_the_pacific();
  State s = g.new_game();
  for (NationState& n : s.nation) n.res = {20, 20, 20};
  start_phase(g, s, 7);
  bool traded = false;
  s = play_until(g, s, [&traded](const State& x) {
    traded = traded || top(x) == StepId::Trade;
    return top(x) == StepId::Purchases;
  });
  EXPECT_FALSE(traded);
  EXPECT_FALSE(g.scenario().trade);
}

// War Room Scenarios › War in the Pacific: "3 Player ... 2 Player" only.
TEST(WarInThePacific, T19_SeatsForTwoAndThreePlayers) {
  EXPECT_EQ(war_in_the_pacific(3).seat_name(0), "CHN+BC");
  EXPECT_EQ(war_in_the_pacific(3).seat_name(1), "US");
  EXPECT_EQ(war_in_the_pacific(3).seat_name(2), "JPN");
  EXPECT_EQ(war_in_the_pacific(2).seat_name(0), "CHN+BC+US");
  EXPECT_EQ(war_in_the_pacific(2).seat_name(1), "JPN");
  EXPECT_THROW(war_in_the_pacific(4), core::SetupError);
  const Game g = war_in_the_pacific();
  const State s = g.new_game();
  for (Nation n : {CHN, BC, US, JPN}) EXPECT_TRUE(s.nation[n].in_play) << nation_id(n);
  for (Nation n : {USSR, GER, ITA}) EXPECT_FALSE(s.nation[n].in_play) << nation_id(n);
  EXPECT_EQ(g.threshold(BC), 4);
  EXPECT_EQ(g.threshold(US), 4);
  EXPECT_FALSE(g.scenario().trade) << "Trade is only possible in a Global War scenario";
}

// The Pacific data: every nation of the scenario collects income from its cards in play and can
// produce (an industry with a port, or China's mobilization); Japan holds industrial Peiping, as
// "China can make artillery Units if it gains control of an industrial territory such as Peiping".
TEST(WarInThePacific, EveryNationHasIncomeAndCanProduce) {
  const Game g = war_in_the_pacific();
  State s = g.new_game();
  for (NationState& n : s.nation) n.res = {};
  Ctx c{g, s, nullptr};
  collect_income(c);
  for (Nation n : {CHN, BC, US, JPN}) {
    EXPECT_GT(s.nation[n].res[kIron] + s.nation[n].res[kOsr], 0) << nation_id(n);
    EXPECT_GT(placement_room(CCtx{g, s}, n, n != CHN) + mobilization_room(CCtx{g, s}, n), 0) << nation_id(n);
  }
  EXPECT_EQ(s.nation[CHN].res[kOil], 0);
  EXPECT_GE(g.industry_index(region("J4")), 0);
  EXPECT_EQ(s.region[region("J4")].controller, JPN);
}

// "Imperial Japan wins if it controls – at the same time – one of the following territories:
// Eastern Australia or India, and one of the following territories: Hawaii, Alaska, or Western
// United States. The Allied Forces win if they control Japan."
TEST(WarInThePacific, VictoryCheck_JapanNeedsBothGroupsAtTheSameTime) {
  const Game g = war_in_the_pacific();
  State s = g.new_game();
  s.region[region("B24")].controller = JPN;  // Eastern Australia alone
  s = end_round(g, s);
  EXPECT_NE(g.node_kind(s), core::NodeKind::Terminal);
  s.region[region("B24")].controller = BC;  // lost again as Hawaii falls: never both at once
  s.region[region("U5")].controller = JPN;
  s = end_round(g, s);
  EXPECT_NE(g.node_kind(s), core::NodeKind::Terminal);
  s.region[region("B10")].controller = JPN;  // India with Hawaii
  s = end_round(g, s);
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Terminal);
  EXPECT_EQ(s.winner, kAxisWin);
  EXPECT_EQ(g.winners(s), core::seat_bit(g.seat_of(JPN)));
}

TEST(WarInThePacific, VictoryCheck_EachPairCounts) {
  const Game g = war_in_the_pacific();
  for (const char* west : {"B24", "B10"})
    for (const char* east : {"U5", "U4", "U3"}) {
      State s = g.new_game();
      s.region[region(west)].controller = JPN;
      s.region[region(east)].controller = JPN;
      s = end_round(g, s);
      EXPECT_EQ(s.winner, kAxisWin) << west << " + " << east;
    }
}

TEST(WarInThePacific, VictoryCheck_TheAlliesNeedJapan) {
  const Game g = war_in_the_pacific();
  State s = g.new_game();
  s.region[region("J2")].controller = US;
  s = end_round(g, s);
  EXPECT_NE(g.node_kind(s), core::NodeKind::Terminal);
  s.region[region("J1")].controller = US;
  s = end_round(g, s);
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Terminal);
  EXPECT_EQ(s.winner, kAlliedWin);
  EXPECT_EQ(g.winners(s), core::seat_bit(g.seat_of(CHN)) | core::seat_bit(g.seat_of(US)));
}

// The World's Narrow Sea Passages: "Control Malaya to pass through the Strait of Malacca (I-9, P-15)".
TEST(WarInThePacific, NarrowPassages_MalaccaFollowsMalaya) {
  const Game g = war_in_the_pacific();
  State s = empty_map(g);
  ASSERT_EQ(s.region[region("J15")].controller, JPN);
  put(s, BC, 1, "I-9", {{kCa, 1}});
  put(s, JPN, 1, "P-15", {{kCa, 1}});
  State british = s;
  movement_turn(g, british, BC, {{1, "P-15"}});
  EXPECT_EQ(legal_texts(g, british, BC), (std::set<std::string>{"cancel BC 1"}));
  State japanese = s;
  movement_turn(g, japanese, JPN, {{1, "I-9"}});
  EXPECT_TRUE(legal(g, japanese, g.seat_of(JPN), "move JPN 1 I-9"));
  s.region[region("J15")].controller = BC;
  movement_turn(g, s, BC, {{1, "P-15"}});
  EXPECT_TRUE(legal(g, s, g.seat_of(BC), "move BC 1 P-15"));
}

// "Control (or be aligned with) Central America (the territory) to pass through the Panama Canal
// (A-12, P-7)": open to the Allies while the Pro-Allied neutral is not invaded (ruling 35).
TEST(WarInThePacific, NarrowPassages_PanamaOpenToTheAlliesWhileCentralAmericaIsAligned) {
  const Game g = war_in_the_pacific();
  State s = empty_map(g);
  put(s, US, 1, "A-12", {{kCa, 1}});
  put(s, JPN, 1, "P-7", {{kCa, 1}});
  State us = s;
  movement_turn(g, us, US, {{1, "P-7"}});
  EXPECT_TRUE(legal(g, us, g.seat_of(US), "move US 1 P-7"));
  State japan = s;
  movement_turn(g, japan, JPN, {{1, "A-12"}});
  EXPECT_EQ(legal_texts(g, japan, JPN), (std::set<std::string>{"cancel JPN 1"}));
  // Invaded and taken by Japan: the canal is Japan's alone.
  s.region[region("N15")].flags |= kNeutralActivated;
  s.region[region("N15")].controller = JPN;
  us = s;
  movement_turn(g, us, US, {{1, "P-7"}});
  EXPECT_EQ(legal_texts(g, us, US), (std::set<std::string>{"cancel US 1"}));
  movement_turn(g, s, JPN, {{1, "A-12"}});
  EXPECT_TRUE(legal(g, s, g.seat_of(JPN), "move JPN 1 A-12"));
}

}  // namespace
}  // namespace warroom::testing
