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
  for (Nation n : kAllNations) EXPECT_TRUE(s.nation[n].in_play) << nation_id(n);
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
  EXPECT_FALSE(top(s) == StepId::Trade && step_nation(s.steps.top()) == US) << "one trade per round";
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
  EXPECT_NE(std::find(l.begin(), l.end(), encode(ActionKind::Trade, GER, index(region("N13")), kOsr)), l.end())
      << "the German submarine lets Germany trade with Venezuela (threatened, ruling 65)";
}

// Pro-Allied Neutrals "will not trade with the Axis (unless control shifts to the Axis)"; "A
// captured Neutral will only trade with its new controller or its allies".
TEST(GlobalWar, ProAlliedAlignmentShiftsWithControl) {
  const Game g = global_war();
  State s = at_trade(g, US);
  core::ActionList before;
  trade_legal(CCtx{g, s}, JPN, before);
  EXPECT_EQ(std::find(before.begin(), before.end(), encode(ActionKind::Trade, JPN, index(region("N18")), kOil)), before.end());
  s.region[region("N18")].controller = JPN;
  s.region[region("N18")].flags |= kNeutralActivated;
  s.region[region("U3")].controller = JPN;  // Japan reaches Mexico by land
  core::ActionList after;
  trade_legal(CCtx{g, s}, JPN, after);
  EXPECT_NE(std::find(after.begin(), after.end(), encode(ActionKind::Trade, JPN, index(region("N18")), kOil)), after.end());
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
  EXPECT_TRUE(embattled(CCtx{g, s}, spain)) << "to be resolved in Phase 4";
}

// Neutrals › Stress and Medals: "Nations capturing (or recapturing) a Neutral do not receive Medals"
// (ruling 114); the loser still takes its SV in Stress (ruling 64 e). Spain, held by the BC after an
// earlier invasion, empty; the garrison's two white dice miss.
TEST(GlobalWar, Neutrals_NoMedalForCapturingANeutral) {
  const Game g = global_war();
  State s = empty_map(g);
  const RegionId spain = region("N9");
  s.region[spain].controller = BC;
  s.region[spain].flags |= kNeutralActivated;
  put(s, GER, 35, "N9", {{kInf, 1}});
  take_undefended(g, s, GER, "N9");
  EXPECT_EQ(s.region[spain].controller, GER);
  EXPECT_EQ(s.nation[GER].medals, 0);
  EXPECT_EQ(s.nation[BC].stress, data()->region(spain).sv);
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

// Neutrals: "When Units enter a Standard Neutral for the first time" it is invaded; an air path
// crossing it enters it (rulings 32, 64(a)), and the owner chooses the route where it matters (ruling
// 93). Italian fighters in Greece ordered to Iraq can fly only over Turkey: the order's one route
// is through Turkey, and carrying it out invades Turkey (its defence force placed, 1 Stress).
TEST(GlobalWar, Neutrals_AnAirPathThatCanOnlyCrossANeutralInvadesIt) {
  const Game g = global_war();
  State s = empty_map(g);
  put(s, ITA, 20, "I5", {{kFtr, 2}});
  put(s, BC, 35, "B1", {{kInf, 1}});
  movement_turn(g, s, ITA, {{20, "B8"}});
  s.turn_order[1] = BC;
  EXPECT_EQ(legal_texts(g, s, ITA), (std::set<std::string>{"move ITA 1 N12", "cancel ITA 1"}));
  act(g, s, ITA, "move ITA 1 N12");
  const RegionId turkey = region("N12");
  EXPECT_EQ(s.command[ITA][20].region, region("B8")) << "the fighters end in Iraq";
  EXPECT_TRUE(s.region[turkey].flags & kNeutralActivated);
  EXPECT_EQ(s.region[turkey].controller, BC) << "its defence force goes to the Allies";
  EXPECT_EQ(units_of(s, BC), 1 + 6 + 2 + 1) << "Turkey – 6 infantry, 2 artillery, 1 fighter";
  EXPECT_EQ(s.nation[ITA].stress, 1) << "1 Stress for invading a neutral";
}

// Where a route avoids the neutral, the owner chooses: Greece to Palestine flies over the Eastern
// Mediterranean (X = Palestine: the engine's harmless route) or over Turkey (X = Turkey).
TEST(GlobalWar, Neutrals_AnAirPathThatMayAvoidANeutralIsTheOwnersChoice) {
  const Game g = global_war();
  State s = empty_map(g);
  put(s, ITA, 20, "I5", {{kFtr, 2}});
  put(s, BC, 35, "B1", {{kInf, 1}});
  movement_turn(g, s, ITA, {{20, "B7"}});
  s.turn_order[1] = BC;
  EXPECT_EQ(legal_texts(g, s, ITA), (std::set<std::string>{"move ITA 1 B7", "move ITA 1 N12", "cancel ITA 1"}));
  State around = s;
  act(g, around, ITA, "move ITA 1 B7");
  EXPECT_EQ(around.command[ITA][20].region, region("B7"));
  EXPECT_FALSE(around.region[region("N12")].flags & kNeutralActivated);
  EXPECT_EQ(around.nation[ITA].stress, 0);
  act(g, s, ITA, "move ITA 1 N12");
  EXPECT_EQ(s.command[ITA][20].region, region("B7"));
  EXPECT_TRUE(s.region[region("N12")].flags & kNeutralActivated);
  EXPECT_EQ(s.nation[ITA].stress, 1);
}

// Carrier Fighter Tokens are never launched into an uncontrolled neutral (ruling 64(a)): an Italian
// carrier in the Eastern Mediterranean may launch to Greece, the sea or Palestine, not to Turkey.
TEST(GlobalWar, Neutrals_NoCarrierFighterTokenIntoAnUncontrolledNeutral) {
  const Game g = global_war();
  State s = empty_map(g);
  put(s, ITA, 1, "M-3", {{kCv, 1}});
  s.turn_order = {ITA, kNoNation, kNoNation, kNoNation, kNoNation, kNoNation, kNoNation};
  start_phase(g, s, 3);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::CarrierLaunch && step_nation(x.steps.top()) == ITA; });
  const auto l = legal_texts(g, s, ITA);
  EXPECT_FALSE(l.contains("launch ITA 1 N12"));
  EXPECT_TRUE(l.contains("launch ITA 1 I5"));
  EXPECT_TRUE(l.contains("launch ITA 1 B7"));
  EXPECT_TRUE(l.contains("launch ITA 1 M-3"));
  s.region[region("N12")].controller = BC;  // a neutral taken by a nation is no longer uncontrolled
  s.region[region("N12")].flags |= kNeutralActivated;
  EXPECT_TRUE(legal(g, s, g.seat_of(ITA), "launch ITA 1 N12"));
}

// Battle Debrief › Restoring Control (T15, in Europe in combat_test.cpp) on the other theaters: an
// ally's original territory, or an occupied one, goes back to its original controller.
TEST(GlobalWar, RestoringControl_T15_AcrossTheaters) {
  const Game g = global_war();
  struct Case {
    Nation liberator;
    const char* where;
    Nation enemy;
    Nation restored_to;
  };
  for (const Case k : {Case{BC, "U5", JPN, US}, Case{US, "B10", JPN, BC}, Case{BC, "G8", GER, USSR}, Case{USSR, "J3", JPN, CHN}}) {
    State s = empty_map(g);
    s.pact.status = kPactBroken;  // the USSR may fight Japan
    s.region[region(k.where)].controller = k.enemy;
    put(s, k.enemy, 35, k.enemy == JPN ? "J1" : "G1", {{kInf, 1}});
    put(s, k.liberator, 40, k.where, {{kInf, 1}});
    take_undefended(g, s, k.liberator, k.where);
    EXPECT_EQ(s.region[region(k.where)].controller, k.restored_to) << k.where;
  }
}

}  // namespace
}  // namespace warroom::testing
