// The rules bot's campaigns (warroom/bots_rules_campaign.cpp, docs/warroom/bots.md "Campaigns"): the
// aim it keeps over several rounds, the massing for it and the strike, on hand-made positions of War
// in Europe (Victory Check: the Axis needs two of Great Britain, Moscow and the Eastern United States,
// the Allies Greater Germany).
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/warroom/bots_fixture.h"
#include "warroom/bots_rules.h"
#include "warroom/map.h"

namespace warroom::testing {
namespace {

void clear_commands(State& s, Nation nation, Category cat, const Game& g) {
  for (int number = 1; number <= kMaxCommandNumber; ++number)
    if (command_category(g.data(), nation, number) == cat) s.command[nation][at(number)] = Command{};
}

bool ordered(const SheetPlan& plan, int command, RegionId dest) {
  return std::any_of(plan.orders.begin(), plan.orders.end(), [&](const PlannedOrder& o) { return o.command == command && o.dest == dest; });
}

// Moscow is German; the British fleet and air force are gone, Great Britain keeps one small Command,
// and two German armies wait at sea in the North Sea under a German fleet: the Sea Invasion of Great
// Britain it prepared (Transporting Land Units by Sea: from the sea, one adjacent territory).
State invasion_ready(const Game& g) {
  State s = write_sheets_untouched(g);
  s.region[region("R1")].controller = GER;
  for (Nation n : {BC, USSR, US}) clear_commands(s, n, Category::Sea, g), clear_commands(s, n, Category::Air, g);
  const RegionId gb = region("B1"), north_sea = region("A-6");
  for (Nation n : {BC, US})
    for (Command& c : s.command[n])
      if (c.region == gb) c = Command{};
  s.command[BC][36] = Command{};
  s.command[BC][36].region = gb;
  s.command[BC][36].n[at(slot_of(kInf))] = 2;
  for (int number : {52, 53}) s.command[GER][at(number)].region = north_sea;
  s.command[GER][1].region = north_sea;
  return s;
}

TEST(RulesBotCampaign, VictoryCheck_GermanyAimsAtMoscowWhileTheAlliesHoldTheSea) {
  const Game g = europe(2);
  const State s = write_sheets_untouched(g);
  EXPECT_EQ(plan_campaign(g, s, assess(g, s, GER)).target, region("R1"));
  EXPECT_EQ(plan_campaign(g, s, assess(g, s, USSR)).target, region("G1"));
}

TEST(RulesBotCampaign, TransportingLandUnitsBySea_TheAxisOrdersTheSeaInvasionItPrepared) {
  const Game g = europe(2);
  const State s = invasion_ready(g);
  const SheetPlan plan = plan_sheet(g, s, GER);
  const RegionId gb = region("B1");
  EXPECT_EQ(plan.campaign, gb);
  EXPECT_TRUE(ordered(plan, 52, gb));
  EXPECT_TRUE(ordered(plan, 53, gb));
  EXPECT_TRUE(plan.wants_first) << "a strike on a capital wants the first slot (to pin the defenders)";
  for (const PlannedOrder& o : plan.orders) EXPECT_TRUE(order_executable(g, s, GER, o.command, o.dest));
}

// One step before: the same armies in France and the Low Countries (the rest of the German army and
// the Red Army gone, so that no other front takes the orders), the German fleet in the North Sea.
// The campaign embarks them into a sea beside Great Britain (no stronger enemy fleet near).
TEST(RulesBotCampaign, TransportingLandUnitsBySea_TheAxisEmbarksForTheInvasion) {
  const Game g = europe(2);
  State s = invasion_ready(g);
  for (int number = 1; number <= kMaxCommandNumber; ++number)
    if (number != 52 && number != 53 && command_category(g.data(), GER, number) == Category::Land) s.command[GER][at(number)] = Command{};
  for (Command& c : s.command[USSR]) c = Command{};
  s.command[GER][52].region = region("G2");
  s.command[GER][53].region = region("G3");
  const SheetPlan plan = plan_sheet(g, s, GER);
  ASSERT_EQ(plan.campaign, region("B1"));
  int embarked = 0;
  for (const PlannedOrder& o : plan.orders)
    embarked += (o.command == 52 || o.command == 53) && g.data().region(o.dest).is_sea() && is_edge(g.data(), o.dest, region("B1"));
  EXPECT_GE(embarked, 1);
}

// The alliance strikes together: the Soviets in Poland and the Americans in the Low Countries are
// each weaker than Greater Germany's army, together stronger. Each plans the strike; alone, the
// Soviets mass and wait.
TEST(RulesBotCampaign, AlliesBesideTheTargetStrikeTogether) {
  const Game g = europe(2);
  State s = write_sheets_untouched(g);
  const RegionId gg = region("G1"), poland = region("G6"), low = region("G3");
  s.command[GER][53].region = gg;
  for (Command& c : s.command[GER])
    if (c.region != gg) c = Command{};
  for (Nation n : {BC, USSR, US, GER}) clear_commands(s, n, Category::Air, g);  // land strength only
  s.region[poland].controller = USSR;
  s.region[low].controller = US;
  for (int number : {37, 38}) s.command[USSR][at(number)].region = poland;
  for (int number : {35, 36, 37, 38}) s.command[US][at(number)].region = low;
  const Assessment a = assess(g, s, USSR);
  const auto& axis = a.land[at(static_cast<int>(Alliance::Axis))];
  const auto& allied = a.land[at(static_cast<int>(Alliance::Allied))];
  const int defence = axis[gg], soviet = allied[poland], american = allied[low];
  ASSERT_LT(soviet, defence);
  ASSERT_LT(american, defence);
  ASSERT_GE(soviet + american, defence);
  const SheetPlan ussr = plan_sheet(g, s, USSR), us = plan_sheet(g, s, US);
  EXPECT_TRUE(ordered(ussr, 37, gg) && ordered(ussr, 38, gg));
  EXPECT_TRUE(std::any_of(us.orders.begin(), us.orders.end(), [&](const PlannedOrder& o) { return o.dest == gg; }));
  for (Command& c : s.command[US])
    if (c.region == low) c = Command{};
  EXPECT_FALSE(ordered(plan_sheet(g, s, USSR), 37, gg)) << "alone the Soviets are weaker than the defence";
}

// A stalled war (no region changed hands for kStallRounds rounds) accepts worse odds the longer
// the quiet lasts, down to kStallFloorPercent of the defence.
TEST(RulesBotCampaign, AStalledWarAcceptsWorseOddsStepByStep) {
  EXPECT_EQ(strike_odds_percent(0), 100);
  EXPECT_EQ(strike_odds_percent(kStallRounds - 1), 100);
  EXPECT_EQ(strike_odds_percent(kStallRounds), 100 - kStallStepPercent);
  EXPECT_EQ(strike_odds_percent(kStallRounds + 1), 100 - 2 * kStallStepPercent);
  EXPECT_EQ(strike_odds_percent(1000), kStallFloorPercent);
}

// The Soviets alone beside Greater Germany, weaker than its army but stronger than
// kStallFloorPercent of it: they mass and wait while the war moves, and strike once it has stalled.
TEST(RulesBotCampaign, AStalledWarStrikesAtWorseOdds) {
  const Game g = europe(2);
  State s = write_sheets_untouched(g);
  const RegionId gg = region("G1"), poland = region("G6");
  s.command[GER][53].region = gg;
  for (Command& c : s.command[GER])
    if (c.region != gg) c = Command{};
  for (Nation n : {BC, USSR, US, GER}) clear_commands(s, n, Category::Air, g);  // land strength only
  s.region[poland].controller = USSR;
  for (int number : {37, 38}) s.command[USSR][at(number)].region = poland;
  const Assessment a = assess(g, s, USSR);
  const int defence = a.land[at(static_cast<int>(Alliance::Axis))][gg], soviet = a.land[at(static_cast<int>(Alliance::Allied))][poland];
  ASSERT_LT(soviet, defence);
  ASSERT_GE(soviet * 100, defence * kStallFloorPercent) << soviet << " against " << defence;
  EXPECT_FALSE(ordered(plan_sheet(g, s, USSR, kNoRegion, 0), 37, gg));
  const SheetPlan stalled = plan_sheet(g, s, USSR, kNoRegion, 100);
  EXPECT_EQ(stalled.campaign, gg);
  EXPECT_TRUE(ordered(stalled, 37, gg) && ordered(stalled, 38, gg));
  EXPECT_TRUE(stalled.wants_first);
}

// The Americans hold France, an industry, beside Greater Germany; a German army in the Low Countries
// and Greater Germany's together far outweigh them. While the war moves they stay to meet the threat;
// once it has stalled, France could not be held even by its whole army, and they strike Greater
// Germany, which they outweigh.
TEST(RulesBotCampaign, AStalledWarStrikesFromARegionItCannotHold) {
  const Game g = europe(2);
  State s = write_sheets_untouched(g);
  const RegionId gg = region("G1"), france = region("G2"), low = region("G3");
  bool kept = false;  // one German Command in Greater Germany
  for (int number = 1; number <= kMaxCommandNumber; ++number) {
    Command& c = s.command[GER][at(number)];
    const bool keep = !kept && c.region == gg && command_category(g.data(), GER, number) == Category::Land;
    if (!keep) c = Command{};
    kept = kept || keep;
  }
  for (int number : {53, 54, 55, 56, 57, 58}) {
    Command& c = s.command[GER][at(number)];
    c.region = low;
    c.n[at(slot_of(kInf))] = 6;
  }
  for (Nation n : {BC, USSR, US, GER, ITA}) clear_commands(s, n, Category::Air, g);  // land strength only
  for (Command& c : s.command[ITA]) c = Command{};
  s.region[france].controller = US;
  s.region[low].controller = GER;
  for (int number = 1; number <= kMaxCommandNumber; ++number)  // the whole American army
    if (Command& c = s.command[US][at(number)]; c.region != kNoRegion && command_category(g.data(), US, number) == Category::Land)
      c.region = france;
  const Assessment a = assess(g, s, US);
  const int allied = a.land[at(static_cast<int>(Alliance::Allied))][france];
  ASSERT_GT(allied, defence_of(a, gg));
  ASSERT_GT(a.land[at(static_cast<int>(Alliance::Axis))][low], a.land[at(static_cast<int>(Alliance::Axis))][gg])
      << "Greater Germany's army is not most of the threat";
  ASSERT_LT(allied * 100, a.threat[france] * kStallFloorPercent) << allied << " against " << a.threat[france];
  const auto strikes = [&](const SheetPlan& p) {
    return std::any_of(p.orders.begin(), p.orders.end(), [&](const PlannedOrder& o) { return o.dest == gg; });
  };
  EXPECT_FALSE(strikes(plan_sheet(g, s, US, kNoRegion, 0)));
  EXPECT_TRUE(strikes(plan_sheet(g, s, US, kNoRegion, 100)));
}

// The Global War game that once ran past round 1,700 (both alliances massed and neither attacked)
// ends with a winner.
TEST(RulesBotCampaign, VictoryCheck_AGlobalWarGameOfRulesBotsEnds) {
  Options o;
  o.round_limit = 250;
  const Game g(data(), *data()->find_scenario("global-war"), 7, o);
  const GameResult r = play_game(g, 1, "rules", "rules");
  EXPECT_NE(r.winner, 0) << "stopped at round " << r.rounds;
}

}  // namespace
}  // namespace warroom::testing
