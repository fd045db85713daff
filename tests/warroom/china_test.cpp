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
// Units; such units are removed to storage.)" -- also when the US liberates Peiping for China.
TEST(ChinasRestrictions, NoCapturedAirOrNavalUnits) {
  const Game g = war_in_the_pacific();
  for (const Nation liberator : {CHN, US}) {
    State s = empty_map(g);
    const int peiping = g.industry_index(region("J4"));
    ASSERT_GE(peiping, 0);
    s.construction[at(peiping)].n = {};
    s.construction[at(peiping)].n[UnitKind::Inf] = 2;
    s.construction[at(peiping)].n[UnitKind::Ftr] = 1;
    s.construction[at(peiping)].n[UnitKind::Sub] = 1;
    put(s, JPN, 35, "J1", {{kInf, 1}});
    put(s, liberator, 101, "J4", {{kInf, 2}});
    take_undefended(g, s, liberator, "J4");
    EXPECT_EQ(s.region[region("J4")].controller, CHN) << nation_id(liberator);
    EXPECT_EQ(s.construction[at(peiping)].n[UnitKind::Inf], 2) << "captured with the territory";
    EXPECT_EQ(s.construction[at(peiping)].n[UnitKind::Ftr], 0) << "removed to storage";
    EXPECT_EQ(s.construction[at(peiping)].n[UnitKind::Sub], 0);
  }
}

// Check for Captured Units: the capture, silent on the board, is logged with its heading -- China's
// 2 infantry captured, its fighter and submarine removed to storage -- and the chronicle of the end
// screen counts it (warroom/chronicle.cpp).
TEST(CheckForCapturedUnits, TheUnitsUnderTheIndustryTokenCapturedAreLogged) {
  const Game g = war_in_the_pacific();
  State s = empty_map(g);
  const int peiping = g.industry_index(region("J4"));
  ASSERT_GE(peiping, 0);
  s.region[region("J4")].controller = JPN;
  s.construction[at(peiping)].n = {};
  s.construction[at(peiping)].n[UnitKind::Inf] = 2;
  s.construction[at(peiping)].n[UnitKind::Ftr] = 1;
  s.construction[at(peiping)].n[UnitKind::Sub] = 1;
  put(s, JPN, 35, "J1", {{kInf, 1}});
  put(s, CHN, 101, "J4", {{kInf, 2}});
  s.turn_order.fill(kNoNation);
  s.turn_order[0] = CHN;
  start_phase(g, s, 4);
  core::LogBuffer log;
  act(g, s, CHN, "fight CHN J4", &log);
  resolve(g, s, {"white", "white"}, {}, &log);
  ASSERT_EQ(s.region[region("J4")].controller, CHN);
  const auto logged = [&](Event e) {
    return std::find_if(log.entries().begin(), log.entries().end(),
                        [&](const core::LogEntry& x) { return x.event == static_cast<std::uint16_t>(e); });
  };
  const auto captured = logged(Event::UnitsCaptured);
  ASSERT_NE(captured, log.entries().end()) << "the capture is logged";
  EXPECT_STREQ(captured->rule, "Phase 4 > Battle Debrief > 5. Update Territory Status > Check for Captured Units");
  EXPECT_NE(g.describe(*captured).find("China captures 2 units under the Industry Token in Peiping from Imperial Japan"), std::string::npos)
      << g.describe(*captured);
  EXPECT_NE(logged(Event::ConstructionSeized), log.entries().end()) << "the fighter and the submarine go to storage";
  const nlohmann::json chronicle = g.chronicle_json(log.entries());
  EXPECT_EQ(chronicle["totals"]["CHN"]["captured_units"], 2);
  ASSERT_EQ(chronicle["rounds"].size(), 1u);
  EXPECT_EQ(chronicle["rounds"][0]["units_captured"][0],
            nlohmann::json::parse(R"({"nation": "CHN", "region": "J4", "units": 2, "from": "JPN"})"));
  EXPECT_EQ(chronicle["rounds"][0]["captured"][0]["region"], "J4");
  EXPECT_EQ(chronicle["rounds"][0]["battles"][0], "J4");
  EXPECT_TRUE(chronicle["end"].is_null()) << "the war goes on";
}

// Occupied Territories: "Peiping, Manchuria, Chekiang, Kwangtung [China]" revert to China "if
// liberated", unless China is in the Gray Zone (Restoring Control).
TEST(OccupiedTerritories, LiberatedChineseTerritoriesRevertToChina) {
  const Game g = war_in_the_pacific();
  for (const char* id : {"J3", "J4", "J5", "J6"}) EXPECT_EQ(g.new_game().region[region(id)].controller, JPN) << id << " starts occupied";
  for (const bool gray : {false, true}) {
    State s = empty_map(g);
    if (gray) s.nation[CHN].zone = kGray;
    put(s, JPN, 35, "J1", {{kInf, 1}});
    put(s, BC, 40, "J5", {{kInf, 1}});
    take_undefended(g, s, BC, "J5");
    EXPECT_EQ(s.region[region("J5")].controller, gray ? BC : CHN) << "Chekiang";
  }
  State s = empty_map(g);
  put(s, JPN, 35, "J1", {{kInf, 1}});
  put(s, US, 40, "J2", {{kInf, 1}});
  take_undefended(g, s, US, "J2");
  EXPECT_EQ(s.region[region("J2")].controller, US) << "Korea is Japan's own: the capturer keeps it";
}

TEST(ChinasRestrictions, MobilizesInfantryInThePacific) {
  const Game g = war_in_the_pacific();
  const State s = g.new_game();
  EXPECT_GT(mobilization_room(CCtx{g, s}, CHN), 0) << "China mobilizes without an industry";
  EXPECT_EQ(mobilization_room(CCtx{g, s}, BC), 0);
}

// Ruling 72 with ruling 104: mobilized infantry forms Commands at once, so China mobilizes only
// what free Command numbers, or room in its Commands in the mobilization territory, can take; a
// purchase beyond it is refused at entry (ruling 79), and placement never meets a dead end.
TEST(ChinasRestrictions, MobilizationNeedsCommandsToTakeTheInfantry) {
  const Game g = war_in_the_pacific();
  State s = empty_map(g);
  const NumberRange range = data()->nations[CHN].pool(Category::Land);
  for (int n = range.lo; n <= std::min<int>(range.hi, kMaxCommandNumber); ++n) put(s, CHN, n, "P-1", {{kInf, 1}});
  EXPECT_EQ(mobilization_room(CCtx{g, s}, CHN), 0) << "no Command number free, no Command in a mobilization territory";
  const RegionId r = g.mobilization_region(0);
  ASSERT_EQ(s.region[r].controller, CHN);
  put(s, CHN, range.lo, g.region_name(r), {{kInf, 5}});
  EXPECT_EQ(mobilization_room(CCtx{g, s}, CHN), std::min<int>(3, data()->region(r).sv)) << "room for 3 in the Command of 5 there";
}

// Optional Rules › Rapid Resolution with China, which has no industry (ruling 88): "each Nation
// begins the game with ... 1 infantry, 1 artillery, and 1 armor" under production; China starts with
// three infantry instead, mobilized at once in its mobilization territories (at most SV each), while
// the other nations' three units wait under Industry tokens to deploy in round 1's Phase 5.
TEST(RapidResolution, Ruling88_ChinaStartsWithThreeInfantryMobilized) {
  Options o;
  o.rapid_resolution = true;
  const Game g(data(), *data()->find_scenario("war-in-the-pacific"), 3, o);
  const Game plain = war_in_the_pacific();
  const State before = plain.new_game();
  State s = g.new_game();
  ASSERT_EQ(top(s), StepId::Place) << "the starting units are placed before round 1";
  while (top(s) == StepId::Place) {
    const Nation nation = step_nation(s.steps.top());
    core::ActionList l;
    g.legal_actions(s, g.seat_of(nation), l);
    ASSERT_FALSE(l.empty());
    g.apply(s, g.seat_of(nation), l[0], nullptr);
  }
  EXPECT_EQ(units_of(s, CHN), units_of(before, CHN) + 3) << "three infantry on the map at once";
  int china_under_construction = 0, japan_under_construction = 0;
  for (int i = 0; i < g.industries(); ++i) {
    const Nation owner = s.region[g.industry_region(i)].controller;
    for (int t = 0; t < kUnitTypes; ++t) {
      china_under_construction += owner == CHN ? s.construction[at(i)].n[type_at(t)] : 0;
      japan_under_construction += owner == JPN ? s.construction[at(i)].n[type_at(t)] - before.construction[at(i)].n[type_at(t)] : 0;
    }
  }
  EXPECT_EQ(china_under_construction, 0) << "China has no Industry token";
  EXPECT_EQ(japan_under_construction, 3) << "1 infantry, 1 artillery and 1 armor under Japan's Industry tokens";
}

}  // namespace
}  // namespace warroom::testing
