// The rules-based bot (docs/warroom/bots.md): never an illegal action, only its observation read,
// and a few behaviours on hand-made positions.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/warroom/bots_fixture.h"
#include "warroom/bots_rules.h"

namespace warroom::testing {
namespace {

int planned_strength_to(const Game& g, const State& s, Nation nation, const SheetPlan& plan, RegionId r) {
  int total = 0;
  for (const PlannedOrder& o : plan.orders)
    if (o.dest == r) {
      const Command& c = s.command[nation][o.command];
      for (int t = kInf; t <= kArm; ++t) total += c.n[at(slot_of(t))] * g.data().units[kind_at(t)].cost.total();
    }
  return total;
}

// Plays the rules bot in every seat (or against random seats) and checks that each action it
// chooses is among the seat's legal actions.
void expect_only_legal(const Game& g, std::uint64_t seed, bool against_random) {
  State s = g.new_game();
  std::vector<RulesBot> bots(static_cast<std::size_t>(g.seat_count()));
  RandomBot random;
  core::Rng chance(seed), choices(seed + 7);
  long checked = 0;
  for (int n = 0; g.node_kind(s) != core::NodeKind::Terminal && n < 60000; ++n) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      core::OutcomeList outcomes;
      g.chance_outcomes(s, outcomes);
      g.apply(s, core::kChance, core::sample_outcome(outcomes, chance), nullptr);
      continue;
    }
    const core::SeatMask acting = g.acting_seats(s);
    core::Seat seat = 0;
    while (!(acting & core::seat_bit(seat))) ++seat;
    const State obs = g.observe(s, seat);
    const bool rules = !against_random || alliance_of(g.seat_nations(seat).nth(0)) == Alliance::Allied;
    const core::Action a =
        rules ? bots[static_cast<std::size_t>(seat)].choose(g, obs, seat, choices) : random.choose(g, obs, seat, choices);
    core::ActionList legal;
    g.legal_actions(s, seat, legal);
    ASSERT_NE(std::find(legal.begin(), legal.end(), a), legal.end())
        << g.action_to_string(s, seat, a) << " is not legal at " << g.phase_text(s) << " (seed " << seed << ")";
    checked += rules;
    g.apply(s, seat, a, nullptr);
  }
  EXPECT_GT(checked, 100);
}

TEST(RulesBot, NeverChoosesAnIllegalActionInAnyScenario) {
  for (const Scenario& sc : data()->scenarios) {
    if (!sc.setup_complete) continue;
    for (const SeatTable& table : sc.seat_tables) {
      Options o;
      o.round_limit = 4;
      const Game g(data(), sc, table.players, o);
      SCOPED_TRACE(sc.id + " with " + std::to_string(table.players) + " seats");
      expect_only_legal(g, 11 + table.players, false);
      expect_only_legal(g, 23 + table.players, true);
    }
  }
}

// The bot reads only what its seat may see: given two states that differ only in the other
// seats' secrets (their orders, bids, purchases), it writes the same entries.
TEST(RulesBot, ReadsOnlyItsObservation) {
  const Game g = europe(2);
  const core::Seat allied = g.seat_of(USSR), axis = g.seat_of(GER);
  State plain = write_sheets_untouched(g);
  State secret = plain;
  // The Axis writes orders and a bid in secret.
  core::Rng rng(3);
  RulesBot axis_bot;
  for (int k = 0; k < 12 && (g.acting_seats(secret) & core::seat_bit(axis)); ++k) {
    const core::Action a = axis_bot.choose(g, g.observe(secret, axis), axis, rng);
    if (decode_action(a).kind == ActionKind::Done) break;
    g.apply(secret, axis, a, nullptr);
  }
  ASSERT_NE(plain.sheet[GER], secret.sheet[GER]);
  // Fed the full states (not even the observation), the Allied bot writes the same sheet.
  RulesBot one, two;
  for (int k = 0; k < 40 && (g.acting_seats(plain) & core::seat_bit(allied)); ++k) {
    const core::Action a = one.choose(g, plain, allied, rng);
    ASSERT_EQ(a, two.choose(g, secret, allied, rng)) << "entry " << k;
    g.apply(plain, allied, a, nullptr);
    g.apply(secret, allied, a, nullptr);
  }
}

// Phase 2 › Pinning, Plotting Land Commands by Rail, Narrow Passages: every planned order is one
// the Phase 3 step would execute in the position it was planned in.
TEST(RulesBot, PlansOnlyOrdersTheRulesWouldExecute) {
  const Game g = europe(4);
  const State s = write_sheets_untouched(g);
  for (Nation nation : {BC, USSR, US, GER, ITA}) {
    const SheetPlan plan = plan_sheet(g, s, nation);
    EXPECT_LE(static_cast<int>(plan.orders.size()), g.order_limit(nation));
    EXPECT_GE(plan.bid, 0);
    EXPECT_LE(plan.bid, s.nation[nation].res[kOil]);
    for (const PlannedOrder& o : plan.orders) EXPECT_TRUE(order_executable(g, s, nation, o.command, o.dest));
  }
}

// Defence of capitals: Moscow emptied, a German army next door in R12 -> the Soviets send enough.
TEST(RulesBot, DefendsAnEmptyThreatenedCapital) {
  const Game g = europe(2);
  State s = write_sheets_untouched(g);
  const RegionId moscow = region("R1"), r12 = region("R12");
  for (Command& c : s.command[USSR])
    if (c.region == moscow || c.region == r12) c = Command{};
  for (int number : {42, 43}) s.command[GER][at(number)].region = r12;
  s.region[r12].controller = GER;
  const SheetPlan plan = plan_sheet(g, s, USSR);
  const Assessment a = assess(g, s, USSR);
  ASSERT_GT(a.threat[moscow], 0);
  EXPECT_GE(planned_strength_to(g, s, USSR, plan, moscow), a.threat[moscow]);
}

// Style::sure_defence (the search bot's candidates, docs/warroom/ai.md): Greater Germany threatened
// from the Baltic Sea by a Soviet army at sea, as in the Eastern Front games the Axis search bot lost
// in round 2. A Command in Poland steps in (no enemy move can stop it); the Commands in Belarus can
// come only by rail, which stops short once the Soviets have landed first (ruling 29), so the sure
// defence sends the Polish Command first and bids for the first slot. bot:rules' own plan (the
// default style) is unchanged: it sends the strongest Commands, by rail too, and bids no more.
TEST(RulesBot, Phase2Step1_SureDefenceStepsInFirstAndBidsForTheFirstSlotWhenRailMustCome) {
  const Game g(data(), *data()->find_scenario("eastern-front"), 2);
  State s = write_sheets_untouched(g);
  const RegionId berlin = region("G1"), poland = region("G6"), baltic_sea = region("A-5");
  for (int number : {39, 50}) {  // two Soviet armies embarked beside Greater Germany
    Command& c = s.command[USSR][at(number)];
    c.region = baltic_sea;
    c.n[at(slot_of(kInf))] = 8, c.n[at(slot_of(kArt))] = 2;
  }
  s.nation[GER].res[kOil] = 9;
  s.nation[USSR].res[kOil] = 6;
  const Assessment a = assess(g, s, GER);
  ASSERT_GT(a.threat[berlin], 0);
  Style sure;
  sure.sure_defence = true;
  sure.bid_oil_thirds = 2;
  const SheetPlan plan = plan_sheet(g, s, GER, kNoRegion, 0, sure);
  const SheetPlan rules = plan_sheet(g, s, GER);
  std::vector<RegionId> from;  // where the Commands ordered into Greater Germany stand, in order
  for (const PlannedOrder& o : plan.orders)
    if (o.dest == berlin) from.push_back(s.command[GER][o.command].region);
  ASSERT_GE(from.size(), 2u) << "the Polish Command and at least one by rail";
  EXPECT_EQ(from.front(), poland) << "the Command that steps in goes first";
  EXPECT_NE(from.back(), poland);
  EXPECT_TRUE(plan.wants_first) << "the rail reinforcement needs the first slot";
  EXPECT_GT(plan.bid, rules.bid);
  EXPECT_LE(plan.bid, s.nation[GER].res[kOil] * 2 / 3);
  EXPECT_EQ(rules.bid, std::min(2, 9 / 3)) << "bot:rules bids as before: short of defence, 2, at most a third of its oil";
}

// Style::sea_watch (the search bot's candidates, docs/warroom/ai.md): in War in the Pacific a Japanese
// army at sea in the South Pacific, one sea region beyond Eastern Australia's coast (a region of the
// Axis's Victory condition), lands there within two rounds. bot:rules counts troops that far out
// only against capitals; with the sea watch the Commonwealth counts them against Eastern Australia
// too and sends Commands in by land.
TEST(RulesBot, Phase2Step1_SeaWatchReinforcesAVictoryRegionAnArmyAtSeaCanReach) {
  const Game g(data(), *data()->find_scenario("war-in-the-pacific"), 2);
  State s = write_sheets_untouched(g);
  const RegionId australia = region("B24"), south_pacific = region("P-21");
  for (int number : {62, 63}) s.command[JPN][at(number)].region = south_pacific;
  Style watch;
  watch.sea_watch = true;
  const SheetPlan watched = plan_sheet(g, s, BC, kNoRegion, 0, watch);
  const SheetPlan rules = plan_sheet(g, s, BC);
  EXPECT_GT(planned_strength_to(g, s, BC, watched, australia), planned_strength_to(g, s, BC, rules, australia));
  EXPECT_GT(planned_strength_to(g, s, BC, watched, australia), 0);
}

// Bids sized to need: with an attack to make, the bot bids for the first slot; with none, it bids
// nothing and chooses late.
TEST(RulesBot, BidsMoreWhenItNeedsTheFirstSlot) {
  const Game g = europe(2);
  State s = write_sheets_untouched(g);
  s.nation[GER].res[kOil] = 30;
  // An empty Soviet territory next to a German army: an attack worth the first slot.
  const RegionId r12 = region("R12");
  for (Command& c : s.command[USSR])
    if (c.region == r12) c = Command{};
  const SheetPlan attack = plan_sheet(g, s, GER);
  EXPECT_TRUE(attack.wants_first);
  // No German army anywhere: nothing to attack with.
  State quiet = s;
  for (int number = 35; number <= kMaxCommandNumber; ++number) quiet.command[GER][at(number)] = Command{};
  for (Command& c : quiet.command[ITA]) c = Command{};
  const SheetPlan none = plan_sheet(g, quiet, GER);
  EXPECT_FALSE(none.wants_first);
  EXPECT_GT(attack.bid, none.bid);
  EXPECT_EQ(none.bid, 0);
}

// Phase 4 › Assign Combat Stances and Assign Damage: fighters intercept when the enemy flies, and
// support the ground when it does not; a hit goes where it destroys the most.
class RulesBotBattle : public ::testing::Test {
 protected:
  Game g = europe(2);
  BattleSetup setup;
  Battle b;
  RulesBotBattle() {
    for (std::uint8_t n = 0; n < kNations; ++n) setup.rank[nation_at(n)] = n;
    for (auto& st : setup.stock) st = {5, 5, 5};
    setup.commander = {USSR, GER};
  }
  void add(int side, Nation nation, UnitKind k, int count, int stance) {
    setup.units.push_back({static_cast<std::uint8_t>(side), nation, type_spec(data()->unit(k)), static_cast<std::uint8_t>(count),
                           static_cast<std::int8_t>(stance)});
  }
};

TEST_F(RulesBotBattle, FightersInterceptOnlyWhenTheEnemyFlies) {
  add(0, USSR, UnitKind::Ftr, 2, -1);
  add(0, USSR, UnitKind::Inf, 2, 0);
  add(1, GER, UnitKind::Inf, 3, 0);
  ASSERT_EQ(setup_battle(b, setup), "");
  ASSERT_EQ(need(b), Need::Stance);
  Choice c = preferred_choice(g, b);
  EXPECT_EQ(c.b, 0) << "no enemy air: none of the fighters in Intercept (stance 0)";
  Battle flying;
  setup.units.push_back({1, GER, type_spec(data()->unit(UnitKind::Ftr)), 2, 0});
  ASSERT_EQ(setup_battle(flying, setup), "");
  ASSERT_EQ(need(flying), Need::Stance);
  c = preferred_choice(g, flying);
  EXPECT_EQ(c.b, 2) << "enemy fighters: both fighters Intercept";
}

TEST_F(RulesBotBattle, BlackHitsTheMostValuableUnit) {
  add(0, USSR, UnitKind::Inf, 3, 1);
  add(1, GER, UnitKind::Inf, 2, 1);
  add(1, GER, UnitKind::Arm, 1, 1);
  ASSERT_EQ(setup_battle(b, setup), "");
  // The Soviets roll first (earlier in turn order): one black die, the rest white.
  while (need(b) == Need::Die) ASSERT_TRUE(apply_die(b, b.batch_rolled == 0 ? Colour::Black : Colour::White));
  ASSERT_EQ(need(b), Need::Hit);
  const Choice c = preferred_choice(g, b);
  const Row& r = b.rows[1][c.a];
  EXPECT_EQ(r.type, index(UnitKind::Inf)) << "an assault infantry dies of one hit; the armor would only be scratched";
}

// A regression guard on the measured strength (docs/warroom/bots.md has the full figures): the
// rules bots win nearly every game of War in Europe against random bots, on either side.
TEST(RulesBot, BeatsRandomBotsInWarInEurope) {
  Options o;
  o.round_limit = 40;
  const Game g = europe(2, o);
  int allied = 0, axis = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    allied += play_game(g, seed, "rules", "random").winner == kAlliedWin;
    axis += play_game(g, seed, "random", "rules").winner == kAxisWin;
  }
  EXPECT_GE(allied, 9);
  EXPECT_GE(axis, 9);
}

// Production builds toward the objectives: Germany buys an army while Moscow is to be taken by
// land, and a fleet once the goals left (Great Britain, Eastern United States) lie over the sea.
UnitTypeArray<std::uint8_t> german_purchases(const Game& g, State s) {
  RulesBot bot;
  core::Rng rng(1);
  const core::Seat seat = g.seat_of(GER);
  for (int k = 0; k < 60 && g.acting_nations(s, seat).test(GER); ++k)
    g.apply(s, seat, bot.choose(g, g.observe(s, seat), seat, rng), nullptr);
  return s.sheet[GER].buy;
}

TEST(RulesBot, BuildsAFleetWhenItsGoalsLieOverTheSea) {
  const Game g = europe(2);
  State s = play_until(g, g.new_game(), [](const State& x) { return top(x) == StepId::Purchases; });
  s.nation[GER].res = {40, 40, 40};
  const auto naval = [](const UnitTypeArray<std::uint8_t>& buy) {
    return buy[UnitKind::Sub] + buy[UnitKind::Ca] + buy[UnitKind::Cv] + buy[UnitKind::Bb];
  };
  const auto army = german_purchases(g, s);
  EXPECT_EQ(naval(army), 0);
  EXPECT_GT(army[UnitKind::Inf] + army[UnitKind::Art] + army[UnitKind::Arm], 0);
  s.region[region("R1")].controller = GER;
  EXPECT_GT(naval(german_purchases(g, s)), 0);
}

// Deploy Units (ruling 104): with every sea Command number in use a new ship could only be held
// under its Industry token, taking the room of the units that can leave (ruling 69). Germany, its
// goals over the sea, buys an army then, not ships (a German fleet of 14 Commands once filled every
// Industry with held ships and bought nothing for thousands of rounds).
TEST(RulesBot, Phase7Step3_NoShipsWhenEverySeaCommandIsInUse) {
  const Game g = europe(2);
  State s = play_until(g, g.new_game(), [](const State& x) { return top(x) == StepId::Purchases; });
  s.nation[GER].res = {40, 40, 40};
  s.region[region("R1")].controller = GER;
  for (int number = 1; number <= 14; ++number) {
    ASSERT_EQ(command_category(g.data(), GER, number), Category::Sea);
    Command& c = s.command[GER][at(number)];
    c = Command{};
    c.region = region("A-5");
    c.n[at(slot_of(kSub))] = 1;
  }
  const auto buy = german_purchases(g, s);
  EXPECT_EQ(buy[UnitKind::Sub] + buy[UnitKind::Ca] + buy[UnitKind::Cv] + buy[UnitKind::Bb], 0);
  EXPECT_GT(buy[UnitKind::Inf] + buy[UnitKind::Art] + buy[UnitKind::Arm], 0);
}

// The game has no round limit (ruling 105): a stalled war must still end. War in Europe games of
// rules bots that once ran to the harness's cap of 250 rounds (both alliances massed, nobody
// attacked, the Industries full) end with a winner.
TEST(RulesBot, VictoryCheck_StalledWarsInEuropeEnd) {
  Options o;
  o.round_limit = 250;
  const Game g(data(), *data()->find_scenario("war-in-europe"), 4, o);
  for (std::uint64_t seed : {1013, 1217, 1259}) {
    const GameResult r = play_game(g, seed, "rules", "rules");
    EXPECT_NE(r.winner, 0) << "seed " << seed << " stopped at round " << r.rounds;
  }
}

}  // namespace
}  // namespace warroom::testing
