// Global War: the seat tables (T19), trade with neutrals (T14), Pro-Allied alignment and restoring
// control across theaters (T15 and its Pacific and Eastern counterparts).
#include <string>
#include <vector>

#include "theater_fixture.h"

namespace warroom::testing {
namespace {

std::vector<std::string> seats(const Game& g) {
  std::vector<std::string> out;
  for (core::Seat p = 0; p < g.seat_count(); ++p) out.push_back(g.seat_name(p));
  return out;
}

// Global War: "6 Player (Full Game) ... 5 Player ... 4 Player ... 3 Player ... 2 Player", and 7 as
// the project's option (ruling 89), marked so in the data.
TEST(GlobalWar, T19_TheSeatTables) {
  using V = std::vector<std::string>;
  EXPECT_EQ(seats(global_war(2)), (V{"CHN+BC+USSR+US", "GER+ITA+JPN"}));
  EXPECT_EQ(seats(global_war(3)), (V{"CHN+USSR", "BC+US", "GER+ITA+JPN"}));
  EXPECT_EQ(seats(global_war(4)), (V{"CHN+USSR", "BC+US", "GER+ITA", "JPN"}));
  EXPECT_EQ(seats(global_war(5)), (V{"CHN+US", "BC", "USSR", "GER+ITA", "JPN"}));
  EXPECT_EQ(seats(global_war(6)), (V{"CHN+US", "BC", "USSR", "GER", "ITA", "JPN"}));
  EXPECT_EQ(seats(global_war(7)), (V{"CHN", "BC", "USSR", "US", "GER", "ITA", "JPN"}));
  const Scenario& sc = *data()->find_scenario("global-war");
  for (int players = 2; players <= 6; ++players) EXPECT_FALSE(sc.seats_for(players)->project_option) << players;
  EXPECT_TRUE(sc.seats_for(7)->project_option);
  const Game seven = global_war(7), six = global_war(6);
  EXPECT_NE(seven.board_text(seven.new_game(), std::nullopt).find("the project's option"), std::string::npos) << "labelled so";
  EXPECT_EQ(six.board_text(six.new_game(), std::nullopt).find("the project's option"), std::string::npos);
  EXPECT_TRUE(seven.view_json(seven.new_game(), std::nullopt)["seats_project_option"].get<bool>());
  EXPECT_THROW(global_war(1), core::SetupError);
  EXPECT_THROW(global_war(8), core::SetupError);
  const Game g = global_war(4);
  const State s = g.new_game();
  for (int n = 0; n < kNations; ++n) EXPECT_TRUE(s.nation[at(n)].in_play) << n;
  EXPECT_EQ(g.scenario().order_limit[CHN], 6);
  EXPECT_EQ(g.scenario().order_limit[ITA], 6);
  EXPECT_EQ(g.scenario().order_limit[BC], 9) << "6 orders only in Europe and the Pacific";
}

// T14, Phase 7 › Step 2 EXCHANGE RATES: "It takes 2 oil to get 5 OSRs and vice versa", one trade a
// round. Colombia offers OSR and Venezuela oil, both by sea through A-12.
TEST(GlobalWar, T14_TwoOilForFiveOsrAndBack) {
  const Game g = global_war();
  State s = at_trade(g, US);
  act(g, s, US, "trade US N3 oil");
  EXPECT_EQ(s.nation[US].res, (std::array<std::int32_t, 3>{18, 20, 25}));
  EXPECT_FALSE(top(s) == StepId::Trade && s.steps.top().a == US) << "one trade per round";
  State back = at_trade(g, US);
  EXPECT_FALSE(legal(g, back, g.seat_of(US), "trade US N13 oil")) << "Venezuela offers oil: it will not accept oil";
  act(g, back, US, "trade US N13 osr");
  EXPECT_EQ(back.nation[US].res, (std::array<std::int32_t, 3>{22, 20, 15}));
}

// TRADING BY SEA: "the sea region connected to the trading Neutral's Port must be free of ALL enemy
// Commands (except Troop Transports). The Axis, additionally, must have a friendly Naval Command in
// that sea region"; the Yellow Zone: "No trade via Ports".
TEST(GlobalWar, T14_TradingBySea) {
  const Game g = global_war();
  State s = at_trade(g, US);
  for (auto& pool : s.command)
    for (Command& c : pool)
      if (c.region == region("A-12")) c = Command{};
  EXPECT_TRUE(legal(g, s, g.seat_of(US), "trade US N13 osr"));
  State yellow = s;
  yellow.nation[US].zone = kYellow;
  EXPECT_FALSE(legal(g, yellow, g.seat_of(US), "trade US N13 osr")) << "Venezuela is reached only by sea";
  EXPECT_TRUE(legal(g, yellow, g.seat_of(US), "trade US N18 oil")) << "Mexico also by land, from the US";
  State transports = s;
  put(transports, GER, 35, "A-12", {{kInf, 1}});
  EXPECT_TRUE(legal(g, transports, g.seat_of(US), "trade US N13 osr")) << "troop transports do not bar trade";
  put(s, GER, 1, "A-12", {{kSub, 1}});
  EXPECT_FALSE(legal(g, s, g.seat_of(US), "trade US N13 osr")) << "an enemy Naval Command bars it";
  core::ActionList l;
  trade_legal(CCtx{g, s}, GER, l);
  EXPECT_NE(std::find(l.begin(), l.end(), encode(ActionKind::Trade, GER, region("N13"), kOsr)), l.end())
      << "the German submarine lets Germany trade with Venezuela (threatened, ruling 65)";
}

// Pro-Allied Neutrals "will not trade with the Axis (unless control shifts to the Axis)"; "A
// captured Neutral will only trade with its new controller or its allies".
TEST(GlobalWar, ProAlliedAlignmentShiftsWithControl) {
  const Game g = global_war();
  State s = at_trade(g, US);
  core::ActionList before;
  trade_legal(CCtx{g, s}, JPN, before);
  EXPECT_EQ(std::find(before.begin(), before.end(), encode(ActionKind::Trade, JPN, region("N18"), kOil)), before.end());
  s.region[region("N18")].controller = JPN;
  s.region[region("N18")].flags |= kNeutralActivated;
  s.region[region("U3")].controller = JPN;  // Japan reaches Mexico by land
  core::ActionList after;
  trade_legal(CCtx{g, s}, JPN, after);
  EXPECT_NE(std::find(after.begin(), after.end(), encode(ActionKind::Trade, JPN, region("N18"), kOil)), after.end());
  EXPECT_FALSE(legal(g, s, g.seat_of(US), "trade US N18 oil"));
}

// Neutrals › Attacking Standard Neutrals: "its status immediately shifts ... in opposition to the
// invader", its defense force and card go to a nation of the other alliance (ruling 103: the
// earliest in turn order), and the invader takes 1 Stress the first time only.
TEST(GlobalWar, AttackingStandardNeutrals_ForcesControlAndStress) {
  const Game g = global_war();
  State s = empty_map(g);
  put(s, GER, 35, "G2", {{kInf, 1}});
  movement_turn(g, s, GER, {{35, "N9"}});
  s.turn_order[1] = BC;
  act(g, s, GER, "move GER 1 N9");
  const RegionId spain = region("N9");
  EXPECT_EQ(s.nation[GER].stress, 1);
  EXPECT_EQ(s.region[spain].controller, BC);
  std::array<int, kUnitTypes> units{};
  for (int number = 1; number <= kMaxCommandNumber; ++number) {
    const Command& c = s.command[BC][at(number)];
    const Category cat = command_category(*data(), BC, number);
    if (c.region == spain)
      for (int t = first_type(cat); t < first_type(cat) + type_count(cat); ++t) units[at(t)] += c.n[at(slot_of(t))];
  }
  const int inf = units[kInf], art = units[kArt], ftr = units[kFtr];
  EXPECT_EQ(inf, 6);  // "Spain – 6 infantry, 2 artillery, 1 fighter"
  EXPECT_EQ(art, 2);
  EXPECT_EQ(ftr, 1);
  EXPECT_TRUE(embattled(s, *data(), spain)) << "to be resolved in Phase 4";
}

// Pro-Allied Neutrals: "Defense Forces do not activate ... unless invaded by the Axis" (ruling 64 b).
TEST(GlobalWar, ProAlliedNeutralsOpenToTheAllies) {
  const Game g = global_war();
  State s = empty_map(g);
  put(s, US, 35, "U2", {{kInf, 1}});
  put(s, JPN, 35, "U3", {{kInf, 1}});
  s.region[region("U3")].controller = JPN;
  State axis = s;
  movement_turn(g, s, US, {{35, "N18"}});
  act(g, s, US, "move US 1 N18");
  EXPECT_EQ(s.command[US][35].region, region("N18"));
  EXPECT_EQ(s.region[region("N18")].controller, kNoNation);
  EXPECT_FALSE(s.region[region("N18")].flags & kNeutralActivated);
  EXPECT_EQ(s.nation[US].stress, 0);
  movement_turn(g, axis, JPN, {{35, "N18"}});
  act(g, axis, JPN, "move JPN 1 N18");
  EXPECT_EQ(axis.nation[JPN].stress, 1);
  EXPECT_EQ(alliance_of(axis.region[region("N18")].controller), Alliance::Allied);
  EXPECT_EQ(units_of(axis, axis.region[region("N18")].controller), 4) << "Mexico – 3 infantry, 1 artillery";
}

// Battle Debrief › Restoring Control (T15) on every theater: an ally's original territory goes back
// to it unless it is in the Gray Zone (or Collapsed); enemy territory stays with its capturer.
TEST(GlobalWar, RestoringControl_T15_AcrossTheaters) {
  const Game g = global_war();
  State s = g.new_game();
  const auto after = [&](const char* id, int capturer) { return controller_after_capture(CCtx{g, s}, region(id), capturer); };
  const RegionId france = data()->find_region("G2");
  ASSERT_EQ(data()->region(france).name, "France");
  EXPECT_EQ(after("G2", BC), BC) << "France, Germany's card, is the British Commonwealth's once captured";
  EXPECT_EQ(after("B1", US), BC) << "Great Britain goes back to the British Commonwealth";
  EXPECT_EQ(after("B10", US), BC) << "so does India, on the other side of the world";
  EXPECT_EQ(after("U5", BC), US) << "and Hawaii to the US";
  EXPECT_EQ(after("G8", BC), USSR) << "Belarus reverts to the Soviets";
  EXPECT_EQ(after("J3", USSR), CHN) << "Manchuria to China";
  EXPECT_EQ(after("B1", GER), GER) << "the enemy keeps what it takes";
  EXPECT_EQ(after("I1", GER), ITA) << "Italy retaken by Germany goes back to Italy";
  s.nation[BC].zone = kGray;
  EXPECT_EQ(after("B1", US), US) << "unless the original controller is in the Gray Zone";
  s.nation[BC].zone = kWhite;
  s.nation[BC].collapsed = true;
  EXPECT_EQ(after("B10", US), US) << "a Collapsed ally's territory is kept";
  EXPECT_EQ(after("N9", GER), GER) << "a neutral goes to its invader";
  Ctx c{g, s, nullptr};
  s.region[region("U5")].controller = JPN;
  EXPECT_EQ(take_control(c, region("U5"), BC), US);
  EXPECT_EQ(s.region[region("U5")].controller, US);
}

}  // namespace
}  // namespace warroom::testing
