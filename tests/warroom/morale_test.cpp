// Phase 6: Morale (T12 and rulings 74, 75, 98, 99) and the Red Zone's block on income.
#include "engine_fixture.h"

namespace warroom::testing {
namespace {

State quiet(const Game& g) {  // a new game's position, every nation without Stress or Medals
  State s = g.new_game();
  for (NationState& n : s.nation) n.stress = 0;
  return s;
}

// T12, Phase 6 › Convert Casualties into Stress: "a battleship (20), a cruiser (10) and a bomber (6),
// it gained 36 Casualty Points which convert into 2 Stress Points."
TEST(Phase6, ConvertCasualties_BattleshipCruiserBomberGiveTwoStress) {
  const Game g = europe();
  State s = quiet(g);
  s.nation[GER].casualties[UnitKind::Bb] = 1, s.nation[GER].casualties[UnitKind::Ca] = 1, s.nation[GER].casualties[UnitKind::Bmb] = 1;
  EXPECT_EQ(casualty_points(*data(), s.nation[GER]), 36);
  Ctx c{g, s, nullptr};
  convert_casualties(c);
  EXPECT_EQ(s.nation[GER].stress, 2);
  EXPECT_EQ(s.nation[GER].casualties, (UnitTypeArray<std::uint16_t>{})) << "Return the Units to storage";
}

// Ruling 98: leftover Casualty Points do not carry over.
TEST(Phase6, ConvertCasualties_RemainderIsLost) {
  const Game g = europe();
  State s = quiet(g);
  s.nation[GER].casualties[UnitKind::Bb] = 2;  // 40 CP
  Ctx c{g, s, nullptr};
  convert_casualties(c);
  const int first = s.nation[GER].stress;
  EXPECT_EQ(first, data()->morale.stress_for(40));
  convert_casualties(c);
  EXPECT_EQ(s.nation[GER].stress, first) << "nothing is left on the Casualty List";
}

TEST(Phase6, Step1_MedalsAndGoodsCancelStressOneForOne) {
  const Game g = europe();
  State s = quiet(g);
  s.nation[GER].stress = 3, s.nation[GER].medals = 1, s.nation[GER].goods = 1;
  start_phase(g, s, 6);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::MoraleCancel && step_nation(x.steps.top()) == GER; });
  act(g, s, GER, "cancel-stress GER medal");
  act(g, s, GER, "cancel-stress GER goods");
  EXPECT_EQ(s.nation[GER].stress, 1);
  EXPECT_EQ(s.nation[GER].medals, 0);
  EXPECT_EQ(s.nation[GER].goods, 0);
  EXPECT_NE(top(s), StepId::MoraleCancel) << "nothing left to give: the step ends";
}

// Step 2: "Repeat this process until any Stress Points remaining are less than the threshold."
TEST(Phase6, Step2_MovesUpSeveralZonesReturningTheThresholdEachTime) {
  const Game g = europe();
  State s = quiet(g);
  const int threshold = g.threshold(GER);
  ASSERT_EQ(threshold, 6) << "War in Europe: Germany's threshold on the reverse side";
  s.nation[GER].stress = 2 * threshold + 1;
  Ctx c{g, s, nullptr};
  evaluate_stress(c);
  EXPECT_EQ(s.nation[GER].zone, kYellow);
  EXPECT_EQ(s.nation[GER].stress, 1);
}

TEST(Phase6, Step2_GrayZoneReturnsNoStress) {
  const Game g = europe();
  State s = quiet(g);
  s.nation[ITA].zone = kRed;
  s.nation[ITA].stress = 3 * g.threshold(ITA);
  Ctx c{g, s, nullptr};
  evaluate_stress(c);
  EXPECT_EQ(s.nation[ITA].zone, kGray);
  EXPECT_EQ(s.nation[ITA].stress, 2 * g.threshold(ITA)) << "already Gray: it can't advance and returns nothing";
}

TEST(Phase6, Step3_FiveMedalsOrGoodsSlideBackOneZoneOnly) {
  const Game g = europe();
  State s = quiet(g);
  s.nation[GER].zone = kOrange, s.nation[GER].medals = 7, s.nation[GER].goods = 4;
  start_phase(g, s, 6);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::MoraleRelieve && step_nation(x.steps.top()) == GER; });
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), "relieve GER medals 0 goods 5")) << "only 4 Goods";
  EXPECT_TRUE(legal(g, s, g.seat_of(GER), "relieve GER medals 1 goods 4"));
  EXPECT_TRUE(legal(g, s, g.seat_of(GER), "relieve GER medals 5 goods 0"));
  act(g, s, GER, "relieve GER medals 3 goods 2");
  EXPECT_EQ(s.nation[GER].zone, kYellow);
  EXPECT_EQ(s.nation[GER].medals, 4);
  EXPECT_EQ(s.nation[GER].goods, 2);
  EXPECT_FALSE(top(s) == StepId::MoraleRelieve && step_nation(s.steps.top()) == GER) << "no more than 1 zone per round";
}

// Ruling 74: the Blue Zone pays 3 resources "if able": as far as able.
TEST(Phase6, Step4_BlueZonePaysAsFarAsAble) {
  const Game g = europe();
  State s = quiet(g);
  s.nation[ITA].zone = kBlue;
  s.nation[ITA].res = {1, 0, 1};
  start_phase(g, s, 6);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::BluePay; });
  ASSERT_EQ(step_nation(s.steps.top()), ITA);
  EXPECT_FALSE(legal(g, s, g.seat_of(ITA), "pay ITA iron"));
  act(g, s, ITA, "pay ITA oil");
  act(g, s, ITA, "pay ITA osr");
  EXPECT_EQ(s.nation[ITA].res, (std::array<std::int32_t, 3>{0, 0, 0}));
  EXPECT_NE(top(s), StepId::BluePay);
}

// Ruling 75: the Gray Zone removes units equal to the Stress Points; they are not casualties and
// the Stress stays.
TEST(Phase6, Step4_GrayZoneDesertion) {
  const Game g = europe();
  State s = quiet(g);
  s.nation[ITA].zone = kGray;
  s.nation[ITA].stress = 3;
  s.nation[ITA].res = {};
  const int before = units_of(s, ITA);
  start_phase(g, s, 6);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::Desert; });
  ASSERT_EQ(step_nation(s.steps.top()), ITA);
  EXPECT_EQ(s.steps.top().as<step::Desert>().owed, 3);
  s = play_until(g, s, [](const State& x) { return top(x) != StepId::Desert; });
  EXPECT_EQ(units_of(s, ITA), before - 3);
  EXPECT_EQ(s.nation[ITA].stress, 3) << "The Stress Points do NOT get removed for such desertions";
  EXPECT_EQ(casualty_points(*data(), s.nation[ITA]), 0);
}

// Stress Zone Penalties: each payment and each desertion is asked as "1 of 3", in the reader's
// language.
TEST(Phase6, Step4_PenaltyPromptsCountThePayments) {
  const Game g = europe();
  State s = quiet(g);
  s.nation[ITA].zone = kGray;
  s.nation[ITA].stress = 2;
  s.nation[ITA].res = {2, 2, 2};
  start_phase(g, s, 6);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::Desert || top(x) == StepId::BluePay; });
  const StepId first = top(s);
  const std::string what =
      first == StepId::BluePay ? "pays a resource to restore order (Blue Zone): payment " : "(Gray Zone: Mass Desertion): ";
  const int total = first == StepId::BluePay ? 3 : 2;
  for (int k = 1; k <= total; ++k) {
    ASSERT_EQ(top(s), first);
    EXPECT_NE(g.phase_text(s).find(what + std::to_string(k) + " of " + std::to_string(total)), std::string::npos) << g.phase_text(s);
    core::ActionList options;
    g.legal_actions(s, g.seat_of(ITA), options);
    ASSERT_FALSE(options.empty());
    g.apply(s, g.seat_of(ITA), options[0], nullptr);
  }
  EXPECT_NE(top(s), first);
  s = play_until(g, s, [&](const State& x) { return top(x) == StepId::Desert || top(x) == StepId::BluePay || x.phase != 6; });
  const std::string it = g.catalogues().render("it", g.phase_message(s)), ru = g.catalogues().render("ru", g.phase_message(s));
  if (top(s) == StepId::BluePay) {
    EXPECT_NE(it.find("pagamento 1 di 3"), std::string::npos) << it;
  } else {
    ASSERT_EQ(top(s), StepId::Desert);
    EXPECT_NE(ru.find("1 из 2"), std::string::npos) << ru;
  }
}

// Red Zone: "No new resources may be added to the Nation's Resource Track."
TEST(Phase1, RedZoneCollectsNoIncome) {
  const Game g = europe();
  State s = quiet(g);
  s.nation[GER].zone = kRed;
  const auto before_ger = s.nation[GER].res, before_bc = s.nation[BC].res;
  Ctx c{g, s, nullptr};
  collect_income(c);
  EXPECT_EQ(s.nation[GER].res, before_ger);
  EXPECT_NE(s.nation[BC].res, before_bc);
}

}  // namespace
}  // namespace warroom::testing
