// China's Restrictions ("China can not gain nor spend oil ... may not trade at all ... may not enter
// sea regions with Land Commands ... may not capture Naval or Air Units"), its mobilized infantry,
// and the Occupied Territories that revert to China when liberated.
#include "theater_fixture.h"

namespace warroom::testing {
namespace {

TEST(ChinasRestrictions, NoOilGainedFromIncomeNorAnyOtherSource) {
  const Game g = war_in_the_pacific();
  State s = g.new_game();
  s.region[region("U3")].controller = CHN;  // Western United States yields 4 oil, 3 iron, 2 OSR
  s.nation[CHN].res = {0, 0, 0};
  Ctx c{g, s, nullptr};
  gain(c, CHN, kOil, 3);
  EXPECT_EQ(s.nation[CHN].res[kOil], 0);
  collect_income(c);
  EXPECT_EQ(s.nation[CHN].res[kOil], 0) << "China can not gain ... oil";
  EXPECT_GE(s.nation[CHN].res[kIron], 3);
  EXPECT_GE(s.nation[CHN].res[kOsr], 2);
}

TEST(ChinasRestrictions, NoTradeEvenInGlobalWar) {
  const Game g = global_war();
  State s = g.new_game();
  s.nation[CHN].res = {0, 20, 20};
  s.region[region("C6")].controller = CHN;  // next to Mongolia; neutrals it touches would trade with an ally
  core::ActionList l;
  trade_legal(CCtx{g, s}, CHN, l);
  ASSERT_EQ(l.size(), 1u) << "China may not trade at all";
  EXPECT_EQ(decode_action(l[0]).kind, ActionKind::Done);
}

// "China may not enter sea regions with Land Commands": neither the pad nor the execution offers it.
TEST(ChinasRestrictions, LandCommandsNeverAtSea) {
  const Game g = war_in_the_pacific();
  State s = empty_map(g);
  s.region[region("J4")].controller = CHN;  // Peiping, on P-1
  put(s, CHN, 101, "J4", {{kInf, 2}});
  put(s, JPN, 85, "J4", {{kInf, 2}});  // an ordinary nation's Land Command there may embark
  std::vector<RegionId> pad;
  pad_destinations(CCtx{g, s}, CHN, 101, pad);
  EXPECT_TRUE(std::find(pad.begin(), pad.end(), region("J5")) != pad.end());
  for (RegionId r : pad) EXPECT_FALSE(data()->region(r).is_sea()) << g.region_name(r);
  std::vector<RegionId> japan;
  pad_destinations(CCtx{g, s}, JPN, 85, japan);
  EXPECT_TRUE(std::find(japan.begin(), japan.end(), region("P-1")) != japan.end());
  put(s, JPN, 85, "J1", {{kInf, 2}});
  movement_turn(g, s, CHN, {{101, "P-1"}});
  EXPECT_EQ(legal_texts(g, s, CHN), (std::set<std::string>{"cancel CHN 1"}));
}

// "Any Units under an Industry Token are also captured ... (China never captures Air or Naval
// Units; such units are removed to storage.)"
TEST(ChinasRestrictions, NoCapturedAirOrNavalUnits) {
  const Game g = war_in_the_pacific();
  State s = g.new_game();
  const int peiping = g.industry_index(region("J4"));
  ASSERT_GE(peiping, 0);
  s.construction[at(peiping)].n = {};
  s.construction[at(peiping)].n[kInf] = 2;
  s.construction[at(peiping)].n[kFtr] = 1;
  s.construction[at(peiping)].n[kSub] = 1;
  State by_us = s;
  Ctx c{g, s, nullptr};
  EXPECT_EQ(take_control(c, region("J4"), CHN), CHN);
  EXPECT_EQ(s.construction[at(peiping)].n[kInf], 2);
  EXPECT_EQ(s.construction[at(peiping)].n[kFtr], 0);
  EXPECT_EQ(s.construction[at(peiping)].n[kSub], 0);
  EXPECT_FALSE(captures_units(*data(), CHN, Category::Air));
  EXPECT_TRUE(captures_units(*data(), US, Category::Sea));
  // Liberated by the US, Peiping reverts to China, which still captures no air or naval units.
  Ctx u{g, by_us, nullptr};
  EXPECT_EQ(take_control(u, region("J4"), US), CHN);
  EXPECT_EQ(by_us.construction[at(peiping)].n[kFtr], 0);
  EXPECT_EQ(by_us.construction[at(peiping)].n[kInf], 2);
}

// Occupied Territories: "Peiping, Manchuria, Chekiang, Kwangtung [China]" revert to China "if
// liberated"; an ally never keeps them while China is active (Restoring Control).
TEST(OccupiedTerritories, LiberatedChineseTerritoriesRevertToChina) {
  const Game g = war_in_the_pacific();
  State s = g.new_game();
  for (const char* id : {"J3", "J4", "J5", "J6"}) {
    EXPECT_EQ(s.region[region(id)].controller, JPN) << id << " starts occupied";
    EXPECT_EQ(controller_after_capture(CCtx{g, s}, region(id), US), CHN) << id;
    EXPECT_EQ(controller_after_capture(CCtx{g, s}, region(id), BC), CHN) << id;
    EXPECT_EQ(controller_after_capture(CCtx{g, s}, region(id), CHN), CHN) << id;
  }
  EXPECT_EQ(controller_after_capture(CCtx{g, s}, region("J2"), US), US) << "Korea is Japan's own: the capturer keeps it";
  s.region[region("J4")].controller = CHN;
  EXPECT_EQ(controller_after_capture(CCtx{g, s}, region("J4"), JPN), JPN) << "the enemy takes it back for itself";
  s.nation[CHN].zone = kGray;  // "unless the original controller is in the Gray Zone"
  EXPECT_EQ(controller_after_capture(CCtx{g, s}, region("J5"), US), US);
}

TEST(ChinasRestrictions, MobilizesInfantryInThePacific) {
  const Game g = war_in_the_pacific();
  const State s = g.new_game();
  EXPECT_GT(mobilization_room(CCtx{g, s}, CHN), 0) << "China mobilizes without an industry";
  EXPECT_EQ(mobilization_room(CCtx{g, s}, BC), 0);
}

}  // namespace
}  // namespace warroom::testing
