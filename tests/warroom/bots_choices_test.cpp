// The rules-based bot's answers at the pact's permission step (Article Two, ruling 66), the neutral's
// defence force (ruling 103), Trade with Neutrals (Phase 7 Step 2) and the size of its bids, each on
// a hand-made position (docs/warroom/bots.md).
#include <gtest/gtest.h>

#include <stdexcept>

#include "tests/warroom/theater_fixture.h"
#include "warroom/bots_rules.h"

namespace warroom::testing {
namespace {

core::Action rules_choice(const Game& g, const State& s, Nation nation) {
  RulesBot bot;
  core::Rng rng(1);
  const core::Seat seat = g.seat_of(nation);
  return bot.choose(g, g.observe(s, seat), seat, rng);
}

std::string rules_choice_text(const Game& g, const State& s, Nation nation) {
  return g.action_to_string(s, g.seat_of(nation), rules_choice(g, s, nation));
}

// The US in Soviet Far East orders an attack on Japanese Korea: the USSR seat is asked (T16).
State permission_asked(const Game& g) {
  State s = empty_map(g);
  put(s, US, 35, "R15", {{kInf, 1}});
  put(s, US, 36, "R15", {{kInf, 1}});
  movement_turn(g, s, US, {{35, "J2"}, {36, "R14"}});
  act(g, s, US, "move US 1 J2");
  EXPECT_EQ(top(s), StepId::PactPermission);
  return s;
}

TEST(RulesBotChoices, PactArticleTwo_PermitsWhenStrongOnTheBorderAndMoscowIsSafe) {
  const Game g = global_war();
  State s = permission_asked(g);
  put(s, USSR, 40, "R15", {{kInf, 6}, {kArt, 2}});
  put(s, USSR, 41, "R1", {{kInf, 4}});
  put(s, JPN, 40, "J3", {{kInf, 2}});
  EXPECT_EQ(rules_choice_text(g, s, USSR), "permit USSR");
}

TEST(RulesBotChoices, PactArticleTwo_RefusesWhileMoscowIsShortOfDefence) {
  const Game g = global_war();
  State s = permission_asked(g);
  put(s, USSR, 40, "R15", {{kInf, 6}, {kArt, 2}});
  put(s, GER, 40, "R12", {{kInf, 6}, {kArm, 4}});  // next to an empty Moscow
  EXPECT_EQ(rules_choice_text(g, s, USSR), "refuse USSR");
}

TEST(RulesBotChoices, PactArticleTwo_RefusesWhenJapanIsStrongerOnTheBorder) {
  const Game g = global_war();
  State s = permission_asked(g);
  put(s, USSR, 41, "R1", {{kInf, 4}});
  put(s, JPN, 40, "J3", {{kInf, 6}, {kArm, 3}});
  EXPECT_EQ(rules_choice_text(g, s, USSR), "refuse USSR");
}

// Article One: a party never breaks the pact itself; once it is broken, the other party's
// territory is a target like any other.
TEST(RulesBotChoices, PactArticleOne_APartyAttacksTheOtherOnlyOnceThePactIsBroken) {
  const Game g = global_war();
  State s = at_write_sheets(g);
  for (auto& pool : s.command) pool.fill(Command{});
  put(s, USSR, 40, "R15", {{kInf, 8}, {kArt, 4}, {kArm, 4}});
  put(s, JPN, 40, "J2", {{kInf, 1}});
  const auto orders_into_japanese_territory = [&](const State& x) {
    int n = 0;
    for (const PlannedOrder& o : plan_sheet(g, x, USSR).orders) n += x.region[o.dest].controller == JPN;
    return n;
  };
  ASSERT_TRUE(pact_in_force(CCtx{g, s}));
  EXPECT_EQ(orders_into_japanese_territory(s), 0);
  s.pact.status = kPactBroken;
  EXPECT_GT(orders_into_japanese_territory(s), 0);
}

// Ruling 103: Germany enters Spain; the USSR, first of the Allies in turn order, hands the defence
// force to the ally with an army next to Spain (the BC in Gibraltar); with no ally near, it keeps it.
TEST(RulesBotChoices, Ruling103_TheDefenceForceGoesToTheAllyWhoCanHoldIt) {
  const Game g = europe();
  State s = g.new_game();
  for (auto& pool : s.command) pool.fill(Command{});
  for (Sheet& sh : s.sheet) sh = Sheet{};
  s.turn_order = {GER, USSR, BC, US, ITA, kNoNation, kNoNation};
  put(s, GER, 40, "G2", {{kArm, 3}});
  put(s, USSR, 40, "R1", {{kInf, 1}});
  s.sheet[GER].box[0] = {40, region("N9"), kWritten};
  start_phase(g, s, 3);
  State alone = s;
  put(s, BC, 40, "B4", {{kInf, 3}});
  act(g, s, GER, "move GER 1 N9");
  ASSERT_EQ(top(s), StepId::NeutralDefence);
  EXPECT_EQ(rules_choice_text(g, s, USSR), "defend USSR BC");
  act(g, alone, GER, "move GER 1 N9");
  ASSERT_EQ(top(alone), StepId::NeutralDefence);
  EXPECT_EQ(rules_choice_text(g, alone, USSR), "defend USSR USSR");
}

// Phase 7 Step 2: short of iron, the US trades for iron (Mexico's offer) and never gives the
// resource it lacks; with nothing to gain, it does not trade.
TEST(RulesBotChoices, Phase7Step2_TradesForTheScarceResource) {
  const Game g = global_war();
  State s = at_trade(g, US);
  s.nation[US].res = {30, 1, 30};
  const core::Action a = rules_choice(g, s, US);
  const Act x = decode_action(a);
  ASSERT_EQ(x.kind, ActionKind::Trade) << rules_choice_text(g, s, US);
  EXPECT_NE(x.b, kIron) << "never gives the scarce resource";
  State after = s;
  g.apply(after, g.seat_of(US), a, nullptr);
  EXPECT_GT(after.nation[US].res[kIron], 1) << "receives iron";
}

TEST(RulesBotChoices, Phase7Step2_NoTradeWhenNothingIsScarce) {
  const Game g = global_war();
  State s = at_trade(g, US);
  s.nation[US].res = {2, 3, 5};  // a block of each: any trade gives up all of one resource
  EXPECT_EQ(decode_action(rules_choice(g, s, US)).kind, ActionKind::Done) << rules_choice_text(g, s, US);
}

// Bids: never more than one above the most oil an enemy holds, which already outbids every enemy.
TEST(RulesBotChoices, BidsNoMoreThanOutbidsEveryEnemy) {
  const Game g = europe(2);
  State s = at_write_sheets(g);
  s.nation[GER].res[kOil] = 30;
  for (Command& c : s.command[USSR])
    if (c.region == region("R12")) c = Command{};
  for (Nation n : {BC, USSR, US}) s.nation[n].res[kOil] = 0;
  const SheetPlan plan = plan_sheet(g, s, GER);
  ASSERT_TRUE(plan.wants_first);
  EXPECT_EQ(plan.bid, 1);
  s.nation[USSR].res[kOil] = 2;
  EXPECT_EQ(plan_sheet(g, s, GER).bid, 3);
}

// Phase 5 Step 2: a deployment that leaves no acceptable plan is not made, so the bot never undoes
// its own choices (Global War, seed 1006, once held and released the same infantry forever).
TEST(RulesBotChoices, Phase5Step2_DeploymentsEndWithAnAcceptedPlan) {
  Options o;
  o.round_limit = 40;
  const Game g(data(), *data()->find_scenario("global-war"), 7, o);
  long actions = 0;
  const GameResult r = play_game(g, 1006, "rules", "rules", [&](const State& s) {
    if (++actions > 200000) throw std::runtime_error("no end in sight at " + g.phase_text(s));
  });
  EXPECT_LE(r.rounds, 40);
}

}  // namespace
}  // namespace warroom::testing
