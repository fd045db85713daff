// Phase 7: Production (T13, rulings 69, 79, 80) and Phase 5 Step 2, deployment (rulings 71, 100).
#include "core/session.h"
#include "engine_fixture.h"

namespace warroom::testing {
namespace {

State at_purchases(const Game& g) {
  State s = g.new_game();
  return play_until(g, s, [](const State& x) { return top(x) == StepId::Purchases; });
}

// T13, Phase 7 › Purchase Example: "Producing 2 fighters will cost a total of 4 oil, 2 iron, and 2 OSR."
TEST(Phase7, PurchaseExample_TwoFightersCostFourOilTwoIronTwoOsr) {
  const Game g = europe();
  State s = at_purchases(g);
  s.nation[GER].res = {4, 2, 2};
  act(g, s, GER, "buy GER ftr");
  act(g, s, GER, "buy GER ftr");
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), "buy GER ftr")) << "nothing left to pay a third";
  EXPECT_EQ(s.nation[GER].res, (std::array<std::int32_t, 3>{4, 2, 2})) << "resources change only at the reveal";
  for (Nation n : {BC, USSR, US, GER, ITA}) act(g, s, n, "done " + g.nation_name(n));
  EXPECT_EQ(s.nation[GER].res, (std::array<std::int32_t, 3>{0, 0, 0}));
}

// Civilian Goods cost 5 resources of any mix (ruling 80): 21 mixes; China's without oil.
TEST(Phase7, CivilianGoodsCostFiveResourcesInAnyMix) {
  Options one_round;
  one_round.round_limit = 1;  // no income of round 2 after the reveal
  const Game g = europe(4, one_round);
  State s = at_purchases(g);
  s.nation[GER].res = {5, 5, 5};
  int mixes = 0;
  for (int oil = 0; oil <= 5; ++oil)
    for (int iron = 0; oil + iron <= 5; ++iron)
      mixes += legal(g, s, g.seat_of(GER), fmt::format("buy GER goods {}/{}/{}", oil, iron, 5 - oil - iron));
  EXPECT_EQ(mixes, 21);
  act(g, s, GER, "buy GER goods 2/3/0");
  EXPECT_TRUE(legal(g, s, g.seat_of(GER), "buy GER goods 0/0/5"));
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), "buy GER goods 0/3/2")) << "only 2 iron left";
  s.nation[CHN].res = {5, 5, 5};
  core::ActionList china;
  purchases_legal(CCtx{g, s}, CHN, china);
  for (core::Action a : china)
    if (decode_action(a).kind == ActionKind::BuyGoods) {
      EXPECT_EQ(decode_action(a).a, 0) << "China can not spend oil";
    }
  for (Nation n : {BC, USSR, US, GER, ITA}) act(g, s, n, "done " + g.nation_name(n));
  EXPECT_EQ(s.nation[GER].goods, 1);
  EXPECT_EQ(s.nation[GER].res, (std::array<std::int32_t, 3>{3, 2, 5}));
}

// Ruling 79: a purchase that could not be placed is refused at entry (SV limits, ruling 69).
TEST(Phase7, PurchasesBeyondTheIndustriesRoomAreRefused) {
  const Game g = europe();
  State s = at_purchases(g);
  s.nation[ITA].res = {500, 500, 500};
  const int room = placement_room(CCtx{g, s}, ITA, false);
  ASSERT_GT(room, 0);
  for (int i = 0; i < room; ++i) act(g, s, ITA, "buy ITA inf");
  EXPECT_FALSE(legal(g, s, g.seat_of(ITA), "buy ITA inf"));
  act(g, s, ITA, "unbuy ITA inf");
  EXPECT_TRUE(legal(g, s, g.seat_of(ITA), "buy ITA inf"));
}

// Germany at Step 5 (Transfer New Units to Industries) with the purchases `bought` noted.
State germany_placing(const Game& g, std::initializer_list<const char*> bought) {
  State s = at_purchases(g);
  s.nation[GER].res = {50, 50, 50};
  for (const char* purchase : bought) act(g, s, GER, purchase);
  for (Nation n : {BC, USSR, US, GER, ITA}) act(g, s, n, "done " + g.nation_name(n));
  return play_until(g, s, [](const State& x) { return top(x) == StepId::Place && step_nation(x.steps.top()) == GER; });
}

// Step 5. Transfer New Units to Industries: the prompt says how many new units are left to place,
// in the reader's language.
TEST(Phase7, Step5_ThePromptCountsTheUnitsLeftToPlace) {
  const Game g = europe();
  State s = germany_placing(g, {"buy GER inf", "buy GER arm"});
  EXPECT_NE(g.phase_text(s).find("Germany places a new unit under an Industry token (2 units left to place)"), std::string::npos)
      << g.phase_text(s);
  act(g, s, GER, "place GER G1 inf");
  EXPECT_NE(g.phase_text(s).find("(1 unit left to place)"), std::string::npos) << g.phase_text(s);
  EXPECT_NE(g.catalogues().render("ru", g.phase_message(s)).find("(осталось разместить: 1 подразделение)"), std::string::npos)
      << g.catalogues().render("ru", g.phase_message(s));
}

// Step 5. Transfer New Units to Industries sets no number of units a placement, only the Industrial
// territory's SV less its Bomb tokens (ruling 69): several units of a type go under the Industry token
// in one action ("place GER G1 inf*2"), offered only as far as the SV allows and the rest can still
// be placed; the log says it in one line, the clients read the count as a field, and the seat takes
// it back with one undo.
TEST(Phase7, Step5_SeveralUnitsOfATypeArePlacedInOneAction) {
  const Game g = europe();
  const RegionId g1 = region("G1");
  const int i = g.industry_index(g1);
  State start = germany_placing(g, {"buy GER inf", "buy GER inf", "buy GER inf", "buy GER arm"});
  start.region[g1].bombs = static_cast<std::uint8_t>(data()->region(g1).sv - 2);  // room for 2 in G1
  ASSERT_GE(placement_room(CCtx{g, start}, GER, false), 4) << "Germany's other industries take the rest";
  const core::Seat ger = g.seat_of(GER);
  EXPECT_TRUE(legal(g, start, ger, "place GER G1 inf*2"));
  EXPECT_FALSE(legal(g, start, ger, "place GER G1 inf*3")) << "G1's SV less its Bomb tokens is 2";
  EXPECT_FALSE(legal(g, start, ger, "place GER G1 arm*2")) << "only 1 Armor was bought";
  EXPECT_FALSE(legal(g, start, ger, "place GER G1 inf*1")) << "one unit is written without a count";
  const core::Action two = action(g, start, ger, "place GER G1 inf*2");
  EXPECT_EQ(g.action_json(start, ger, two),
            nlohmann::json::parse(R"({"kind": "place", "nation": "GER", "region": "G1", "unit": "inf", "count": 2})"));
  EXPECT_EQ(g.catalogues().render("en", g.action_message(start, ger, two)), "Germany: place 2 Infantry in Greater Germany");

  core::Session<Game> session(g, start, 5);
  core::LogBuffer log;
  State s = start;
  g.apply(s, ger, two, &log);
  EXPECT_EQ(s.construction[at(i)].n[UnitKind::Inf], 2);
  EXPECT_EQ(s.sheet[GER].buy[UnitKind::Inf], 1) << "one Infantry is left to place";
  ASSERT_EQ(log.entries().size(), 1u);
  EXPECT_EQ(g.describe(log.entries()[0]),
            "Phase 7 > Step 5. Transfer New Units to Industries: Germany places 2 Infantry in Greater Germany");
  EXPECT_FALSE(legal(g, s, ger, "place GER G1 inf")) << "G1 is full";

  session.act(ger, two);
  EXPECT_EQ(g.hash(session.state()), g.hash(s));
  ASSERT_TRUE(session.can_undo(ger));
  session.undo(ger);
  EXPECT_EQ(g.hash(session.state()), g.hash(start)) << "one undo takes back both units";
}

// Step 5: units go under Industry tokens, at most SV (less Bomb tokens) per territory; naval only
// where there is a Port. Then Phase 5 Step 2 deploys them from a secret plan.
TEST(Phase7, PlacementThenSecretDeployment) {
  const Game g = europe();
  const RegionId g1 = region("G1");
  State s = germany_placing(g, {"buy GER sub", "buy GER arm"});
  act(g, s, GER, "place GER G1 sub");
  act(g, s, GER, "place GER G1 arm");
  const int i = g.industry_index(g1);
  EXPECT_EQ(s.construction[at(i)].n[UnitKind::Sub], 1);
  EXPECT_EQ(s.construction[at(i)].n[UnitKind::Arm], 1);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::DeployPlans; });
  ASSERT_TRUE(g.acting_seats(s) & core::seat_bit(g.seat_of(GER)));
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), "done GER")) << "the submarine needs a sea region or to be held";
  const std::string sea = g.region_name(data()->region(g1).port_seas[0]);
  act(g, s, GER, "deploy GER G1 sub " + sea);
  EXPECT_TRUE(g.observe(s, g.seat_of(BC)).construction[at(i)].to_sea == (std::array<std::array<std::uint8_t, 4>, 4>{}))
      << "the plan is secret until every nation is done";
  const int fresh_sea = lowest_free_command(s, *data(), GER, Category::Sea);
  const int fresh_land = lowest_free_command(s, *data(), GER, Category::Land);
  act(g, s, GER, "done GER");
  ASSERT_NE(top(s), StepId::DeployPlans);
  EXPECT_EQ(s.command[GER][at(fresh_sea)].region, region(sea));
  EXPECT_EQ(s.command[GER][at(fresh_sea)].n[at(slot_of(kSub))], 1);
  EXPECT_EQ(s.command[GER][at(fresh_land)].region, g1);
  EXPECT_EQ(s.command[GER][at(fresh_land)].n[at(slot_of(kArm))], 1);
  EXPECT_EQ(s.construction[at(i)].n, (UnitTypeArray<std::uint8_t>{}));
}

// Ruling 104 (no free Command number: the plan must hold back what no Command can take) with ruling
// 79's check at entry: Germany's 14 sea Command numbers are all in use away from its ports, so a new
// submarine in Greater Germany is offered no sea, only to be held; with a German Command of 7 in
// the Baltic, it may join that one there.
TEST(Phase5, Ruling104_ANavalUnitIsOfferedOnlyASeaWhereACommandCanTakeIt) {
  const Game g = europe();
  State s = at_purchases(g);
  const RegionId g1 = region("G1");
  s.construction[at(g.industry_index(g1))].n[UnitKind::Sub] = 1;
  const NumberRange range = data()->nations[GER].pool(Category::Sea);
  for (int n = range.lo; n <= range.hi; ++n) put(s, GER, n, "M-5", {{kSub, 1}});
  start_phase(g, s, 5);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::DeployPlans; });
  const std::set<std::string> offered = legal_texts(g, s, GER);
  EXPECT_TRUE(offered.count("hold GER G1 sub"));
  for (const std::string& text : offered) EXPECT_EQ(text.rfind("deploy GER G1 sub", 0), std::string::npos) << text;
  put(s, GER, range.lo, "A-5", {{kSub, 7}});
  EXPECT_TRUE(legal(g, s, g.seat_of(GER), "deploy GER G1 sub A-5"));
  act(g, s, GER, "hold GER G1 sub");
  EXPECT_TRUE(legal(g, s, g.seat_of(GER), "done GER"));
}

// Ruling 71: at most SV - Bomb tokens units leave a territory; the rest wait.
TEST(Phase5, DeploymentLimitedBySvLessBombs) {
  const Game g = europe();
  State s = at_purchases(g);
  const RegionId g1 = region("G1");
  const int i = g.industry_index(g1);
  s.construction[at(i)].n[UnitKind::Inf] = 3;
  s.region[g1].bombs = static_cast<std::uint8_t>(data()->region(g1).sv - 2);
  start_phase(g, s, 5);
  s = play_until(
      g, s, [](const State& x) { return top(x) == StepId::DeployPlans; }, 3);
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), "done GER")) << "3 units, room for 2";
  act(g, s, GER, "hold GER G1 inf");
  EXPECT_TRUE(legal(g, s, g.seat_of(GER), "done GER"));
  act(g, s, GER, "done GER");
  EXPECT_EQ(s.construction[at(i)].n[UnitKind::Inf], 1) << "the held unit stays under the Industry token";
}

}  // namespace
}  // namespace warroom::testing

namespace warroom::testing {
namespace {

// "China may deploy new infantry immediately in each territory where the mobilization icon exists -
// limited by its SV" (Phase 7 Step 5; ruling 72: bought at the infantry's cost, no Industry token).
TEST(Phase7, ChinaMobilizesInfantryUpToSvPerTerritory) {
  const Game g(data(), *data()->find_scenario("global-war"), 7);
  State s = g.new_game();
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::Purchases; });
  s.nation[CHN].res = {0, 50, 50};
  const int room = mobilization_room(CCtx{g, s}, CHN);
  ASSERT_GT(room, 0);
  EXPECT_FALSE(legal(g, s, g.seat_of(CHN), "buy CHN art")) << "no industry to build artillery in";
  for (int i = 0; i < room; ++i) act(g, s, CHN, "buy CHN inf");
  EXPECT_FALSE(legal(g, s, g.seat_of(CHN), "buy CHN inf")) << "every mobilization territory is full";
  for (core::Seat seat = 0; seat < g.seat_count(); ++seat)
    for (Nation n : kAllNations)
      if (g.seat_nations(seat).test(n) && g.acting_nations(s, seat).test(n)) act(g, s, n, "done " + g.nation_name(n));
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::Place && step_nation(x.steps.top()) == CHN; });
  const int before = units_of(s, CHN);
  const RegionId c1 = data()->find_region("C1");
  const int sv = data()->region(c1).sv;
  for (int i = 0; i < sv; ++i) act(g, s, CHN, "place CHN C1 inf");
  EXPECT_EQ(units_of(s, CHN), before + sv) << "mobilized infantry are on the map at once";
  EXPECT_FALSE(legal(g, s, g.seat_of(CHN), "place CHN C1 inf")) << "limited by its SV";
}

}  // namespace
}  // namespace warroom::testing
