// The search bot (docs/warroom/ai.md, "The search bot"): legal, deterministic for a seed and a
// number of threads, blind to the other seats' secret sheets; the position value; `warroom arena`.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "tests/support/command.h"
#include "tests/warroom/bots_fixture.h"
#include "tests/warroom/theater_fixture.h"
#include "warroom/ai.h"
#include "warroom/bots.h"
#include "warroom/map.h"

namespace warroom::testing {
namespace {
// A small search for testing the search's machinery at a few milliseconds a sheet: several
// candidates, answers and rollouts, the stances from the calculator (`easy` is the blueprint alone:
// one candidate, bot:rules' stances; docs/warroom/ai.md, "Levels").
const AiLevel kSmallSearch{"small", 4, 3, 1, 1};
}  // namespace
namespace {

Game eastern_front() {
  const Scenario* sc = data()->find_scenario("eastern-front");
  return Game(data(), *sc, 2);
}

// Phase 2 Step 1 › Write Orders: the normal bot, as either alliance against bot:rules, plays the
// first rounds choosing only legal actions, and searches every sheet it writes.
TEST(SearchBot, Phase2Step1_ChoosesOnlyLegalActionsAsEitherAlliance) {
  const Game g = eastern_front();
  for (const core::Seat searcher : {core::Seat{0}, core::Seat{1}}) {
    SCOPED_TRACE("the search bot in seat " + g.seat_name(searcher));
    std::vector<std::unique_ptr<core::Bot<Game>>> bots;
    for (core::Seat p = 0; p < g.seat_count(); ++p) bots.push_back(make_bot(p == searcher ? "ai:normal" : "rules"));
    State s = g.new_game();
    core::Rng chance(17), choices(18);
    core::OutcomeList outcomes;
    int sheets = 0;
    while (g.node_kind(s) != core::NodeKind::Terminal && s.round < 3) {
      if (g.node_kind(s) == core::NodeKind::Chance) {
        g.apply(s, core::kChance, core::draw_chance(g, s, chance, outcomes), nullptr);
        continue;
      }
      const core::SeatMask acting = g.acting_seats(s);
      core::Seat seat = 0;
      while (!(acting & core::seat_bit(seat))) ++seat;
      const core::Action a = bots[static_cast<std::size_t>(seat)]->choose(g, g.observe(s, seat), seat, choices);
      core::ActionList legal;
      g.legal_actions(s, seat, legal);
      ASSERT_NE(std::find(legal.begin(), legal.end(), a), legal.end()) << g.action_to_string(s, seat, a);
      g.apply(s, seat, a, nullptr);
      const auto& search = static_cast<const SearchBot&>(*bots[static_cast<std::size_t>(searcher)]).last_search();
      sheets += seat == searcher && !search.plans.empty() && search.plans.front().actions.size() > 0;
    }
    EXPECT_GT(sheets, 0);
    EXPECT_TRUE(s.round >= 3 || s.winner == kAlliedWin || s.winner == kAxisWin) << "two whole rounds were played, or the war was won";
  }
}

// The same observation, seed and level give the same search, whatever the number of threads: the
// candidates, their weights and values, and the sheet chosen.
TEST(SearchBot, DeterministicForASeedWhateverTheThreads) {
  const Game g = eastern_front();
  const State s = write_sheets_untouched(g);
  const core::Seat seat = g.seat_of(GER);
  const AiLevel& small = kSmallSearch;
  const SheetSearch one = search_secret(g, s, seat, RulesBot{}, small, 99, 1);
  const SheetSearch two = search_secret(g, s, seat, RulesBot{}, small, 99, 2);
  ASSERT_GE(one.plans.size(), 2u) << "the styles propose more than bot:rules' own sheet";
  ASSERT_EQ(one.plans.size(), two.plans.size());
  EXPECT_EQ(one.chosen, two.chosen);
  for (std::size_t i = 0; i < one.plans.size(); ++i) {
    EXPECT_EQ(one.plans[i].actions, two.plans[i].actions);
    EXPECT_EQ(one.plans[i].probability, two.plans[i].probability);
    EXPECT_EQ(one.plans[i].value, two.plans[i].value);
  }
  EXPECT_EQ(one.plans.front().style, Style{}) << "the first candidate is bot:rules' own sheet";
  double total = 0;
  for (const SheetCandidate& c : one.plans) total += c.probability;
  EXPECT_NEAR(total, 1.0, 1e-9);
}

// Two states that differ only in the Axis's secret entries at the step `plain` is at, made by
// bot:rules and finished (only whether it has finished is public: the flag is made the same); the
// Allied search bot must make the same entries in both, even handed the states themselves rather
// than its observation. Returns the bot that played `plain`.
SearchBot same_entries_whatever_the_axis_wrote(const Game& g, State plain) {
  const core::Seat allied = g.seat_of(USSR), axis = g.seat_of(GER);
  const StepId step = top(plain);
  State secret = plain;
  core::Rng rng(3);
  RulesBot axis_bot;
  while (g.acting_seats(secret) & core::seat_bit(axis))
    g.apply(secret, axis, axis_bot.choose(g, g.observe(secret, axis), axis, rng), nullptr);
  EXPECT_NE(plain.sheet[GER], secret.sheet[GER]);
  plain.sheet[GER].flags = secret.sheet[GER].flags;
  SearchBot one(kSmallSearch, 1), two(kSmallSearch, 1);
  core::Rng r1(5), r2(5);
  for (int k = 0; k < 60 && top(plain) == step && (g.acting_seats(plain) & core::seat_bit(allied)); ++k) {
    const core::Action a = one.choose(g, plain, allied, r1);
    EXPECT_EQ(a, two.choose(g, secret, allied, r2)) << "entry " << k;
    g.apply(plain, allied, a, nullptr);
    g.apply(secret, allied, a, nullptr);
  }
  EXPECT_EQ(plain.sheet[USSR], secret.sheet[USSR]);
  return one;
}

// The bot reads only what its seat may see: the Axis's secret sheet (orders and a bid).
TEST(SearchBot, AnotherSeatsSecretSheetIsNeverRead) {
  const Game g = eastern_front();
  const SearchBot bot = same_entries_whatever_the_axis_wrote(g, write_sheets_untouched(g));
  EXPECT_EQ(bot.last_search().step, SecretStep::Sheet);
  EXPECT_GT(bot.last_search().rollouts, 0) << "its sheet was searched";
}

// Eastern Front played by rules bots from the setup to the first round's Phase 7 Step 3, the
// purchases, with no seat's purchase made yet.
State at_purchases(const Game& g) {
  State s = g.new_game();
  std::vector<RulesBot> bots(static_cast<std::size_t>(g.seat_count()));
  core::Rng chance(11), choices(12);
  const auto rules = [&](const State& at, core::Seat seat) {
    return bots[static_cast<std::size_t>(seat)].choose(g, g.observe(at, seat), seat, choices);
  };
  EXPECT_TRUE(test_support::play_until(
      g, s, [](const State& at) { return top(at) == StepId::Purchases; }, chance, rules));
  return s;
}

// Phase 7 Step 3 › purchases are searched too: candidates of the round's style with each mix of
// units (bot:rules' own first), weighed by rollouts; the same for any number of threads.
TEST(SearchBot, Phase7Step3_PurchasesAreSearched_OneCandidatePerMix) {
  const Game g = eastern_front();
  const State s = at_purchases(g);
  const core::Seat seat = g.seat_of(GER);
  const AiLevel& small = kSmallSearch;
  const SheetSearch one = search_secret(g, s, seat, RulesBot{}, small, 41, 1);
  const SheetSearch two = search_secret(g, s, seat, RulesBot{}, small, 41, 2);
  EXPECT_EQ(one.step, SecretStep::Purchases);
  ASSERT_GE(one.plans.size(), 2u) << "the mixes buy differently";
  EXPECT_LE(one.plans.size(), static_cast<std::size_t>(small.plans));
  EXPECT_EQ(one.plans.front().style.buy_mix, BuyMix::Rules);
  EXPECT_GT(one.rollouts, 0);
  double total = 0;
  for (std::size_t i = 0; i < one.plans.size(); ++i) {
    total += one.plans[i].probability;
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(one.plans[i].actions, one.plans[j].actions);
    for (core::Action a : one.plans[i].actions) EXPECT_TRUE(decode_action(a).by(GER));
    EXPECT_EQ(one.plans[i].actions, two.plans[i].actions);
    EXPECT_EQ(one.plans[i].value, two.plans[i].value);
  }
  EXPECT_NEAR(total, 1.0, 1e-9);
  EXPECT_EQ(one.chosen, two.chosen);
  EXPECT_TRUE(search_secret(g, write_sheets_untouched(g), seat, RulesBot{}, small, 41, 1).step == SecretStep::Sheet);
}

// The entries `style` makes for `seat` from `s` to the end of the step.
std::vector<core::Action> written_with(const Game& g, State s, core::Seat seat, const Style& style, core::Rng& rng) {
  RulesBot bot(style);
  return write_step(g, s, seat, bot, rng);
}

// Phase 5 Step 2 (Deploy Units, a simultaneous secret plan: ruling 100) is searched as the sheets and
// purchases are: candidates of the round's style with each port sea's lean (bot:rules' safest first),
// weighed by rollouts; the same for any number of threads.
TEST(SearchBot, Phase5Step2_DeploymentPlansAreSearched_OneCandidatePerPortSeaLean) {
  const Game g(data(), *data()->find_scenario("war-in-europe"), 2);
  State s = g.new_game();
  std::vector<RulesBot> bots(static_cast<std::size_t>(g.seat_count()));
  core::Rng chance(21), choices(22);
  const auto rules = [&](const State& at, core::Seat seat) {
    return bots[static_cast<std::size_t>(seat)].choose(g, g.observe(at, seat), seat, choices);
  };
  // The first deployment whose ships the leans send to different seas.
  core::Seat seat = 0;
  const auto leans_differ = [&](const State& at) {
    if (top(at) != StepId::DeployPlans || !g.acting_seats(at)) return false;
    seat = static_cast<core::Seat>(__builtin_ctz(g.acting_seats(at)));
    const State seen = g.observe(at, seat);
    core::Rng r(1);
    Style massed, forward;
    massed.deploy_sea = DeploySea::Massed, forward.deploy_sea = DeploySea::Forward;
    const auto safest = written_with(g, seen, seat, Style{}, r);
    return written_with(g, seen, seat, massed, r) != safest || written_with(g, seen, seat, forward, r) != safest;
  };
  ASSERT_TRUE(test_support::play_until(g, s, leans_differ, chance, rules)) << "no deployment the leans make differently";
  const SheetSearch one = search_secret(g, s, seat, RulesBot{}, kSmallSearch, 41, 1);
  const SheetSearch two = search_secret(g, s, seat, RulesBot{}, kSmallSearch, 41, 2);
  EXPECT_EQ(one.step, SecretStep::Deploy);
  ASSERT_GE(one.plans.size(), 2u);
  EXPECT_LE(one.plans.size(), static_cast<std::size_t>(kDeploySeas));
  EXPECT_EQ(one.plans.front().style.deploy_sea, DeploySea::Safest);
  EXPECT_GT(one.rollouts, 0);
  for (std::size_t i = 0; i < one.plans.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(one.plans[i].actions, one.plans[j].actions);
    for (core::Action a : one.plans[i].actions) EXPECT_TRUE(seat_plays(g, seat, nation_at(decode_action(a).nation)));
    EXPECT_EQ(one.plans[i].actions, two.plans[i].actions);
    EXPECT_EQ(one.plans[i].value, two.plans[i].value);
  }
  EXPECT_EQ(one.chosen, two.chosen);
  // The hint of the step is the search's heaviest plan, worded action by action.
  const nlohmann::json plan = advise(g, s, seat, kSmallSearch, 41).plan;
  EXPECT_EQ(plan["step"], "deploy-plans");
}

// The other seat's purchases (Phase 7 Step 3, secret until Step 4) are never read either.
TEST(SearchBot, Phase7Step3_AnotherSeatsSecretPurchasesAreNeverRead) {
  const Game g = eastern_front();
  const SearchBot bot = same_entries_whatever_the_axis_wrote(g, at_purchases(g));
  EXPECT_EQ(bot.last_search().step, SecretStep::Purchases);
  EXPECT_GT(bot.last_search().rollouts, 0) << "its purchases were searched";
}

// Battle Setup › 5, stances from the calculator: one infantry each in Smolensk, Germany committed to
// Assault first. bot:rules answers Assault (more dice against infantry); the calculator's best answer
// is Defensive (the hand-worked table of CalculatorResolveBattles: Germany takes Smolensk with
// 35/144 x 84/144 instead of 95/144 x 49/144), and the search bot plays it.
State smolensk_after_germany_assaults(const Game& g) {
  State s = empty_map(g);
  s.turn_order = {GER, USSR, BC, US, ITA, kNoNation, kNoNation};
  for (NationState& n : s.nation) n.res = {5, 5, 5};
  put(s, GER, 40, "R12", {{kInf, 1}});
  put(s, USSR, 40, "R12", {{kInf, 1}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R12");
  act(g, s, GER, "battle GER stance GER inf defensive 0");  // none in Defensive: Assault
  return s;
}

TEST(SearchBot, Phase4_StancesAreTheCalculatorsBestAnswer) {
  const Game g = europe();
  const State s = smolensk_after_germany_assaults(g);
  const core::Seat ussr = g.seat_of(USSR);
  core::Rng rng(9);
  EXPECT_EQ(RulesBot{}.choose(g, g.observe(s, ussr), ussr, rng), action(g, s, ussr, "battle USSR stance USSR inf defensive 0"));
  SearchBot bot(kSmallSearch, 1);
  EXPECT_EQ(bot.choose(g, s, ussr, rng), action(g, s, ussr, "battle USSR stance USSR inf defensive 1"));
}

// The levels: `easy` is the blueprint alone, so that a newcomer can beat it (docs/warroom/ai.md,
// "Levels"): one candidate, bot:rules' own sheet (no rollout), and bot:rules' stances, not the
// calculator's (the Smolensk battle above: Assault, where a searching level answers Defensive).
TEST(SearchBotLevels, EasyWritesBotRulesOwnSheetAndTakesItsStances) {
  const Game ef = eastern_front();
  const State blank = write_sheets_untouched(ef);
  const core::Seat ger = ef.seat_of(GER);
  const AiLevel& easy = *ai_level("easy");
  const SheetSearch alone = search_secret(ef, blank, ger, RulesBot{}, easy, 41, 1);
  ASSERT_EQ(alone.plans.size(), 1u);
  EXPECT_EQ(alone.rollouts, 0);
  EXPECT_EQ(alone.plans[0].actions, search_secret(ef, blank, ger, RulesBot{}, kSmallSearch, 41, 1).plans[0].actions)
      << "bot:rules' own entries, the first candidate of every search";

  const Game g = europe();
  const State s = smolensk_after_germany_assaults(g);
  const core::Seat ussr = g.seat_of(USSR);
  core::Rng rng(9);
  SearchBot bot(easy, 1);
  EXPECT_EQ(bot.choose(g, s, ussr, rng), action(g, s, ussr, "battle USSR stance USSR inf defensive 0"));
}

// AiLevel::scenario_value: the Eastern Front has weights of its own (Scenario::value, fitted to its
// self-play), and a level that asks for them values its rollouts' ends with them, not with its own:
// the same candidates' values as a level given those weights, others than with the level's own.
TEST(SearchBotValue, TheScenariosOwnWeightsWhereItHasThem) {
  const Game g = eastern_front();
  ASSERT_TRUE(g.scenario().value.has_value());
  const State s = write_sheets_untouched(g);
  const core::Seat seat = g.seat_of(GER);
  AiLevel own = kSmallSearch;
  own.scenario_value = true;
  AiLevel given = kSmallSearch;
  given.value = *g.scenario().value;
  const auto values = [&](const AiLevel& level) {
    std::vector<double> out;
    for (const SheetCandidate& c : search_secret(g, s, seat, RulesBot{}, level, 7, 1).plans) out.push_back(c.value);
    return out;
  };
  EXPECT_EQ(values(own), values(given));
  EXPECT_NE(values(own), values(kSmallSearch));
}

// ---- Hits and escorts chosen with the calculator (AiLevel::calculated_picks) ---------------------

// Germany's three infantry and an artillery attack Smolensk, held by two Soviet infantry, an
// artillery and an armor; every stance as the first legal choice, the dice black (a hit on any unit,
// Assign Damage) one in four and white otherwise, each hit before `nth` Germany's as its first legal
// choice: the position at Germany's `nth` hit with a choice of units.
State at_german_hit(const Game& g, int nth) {
  State s = empty_map(g);
  s.turn_order = {GER, USSR, BC, US, ITA, kNoNation, kNoNation};
  for (NationState& n : s.nation) n.res = {5, 5, 5};
  put(s, GER, 40, "R12", {{kInf, 3}, {kArt, 1}});
  put(s, USSR, 40, "R12", {{kInf, 2}, {kArt, 1}, {kArm, 1}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R12");
  int rolled = 0;
  while (in_battle(s)) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      chance(g, s, rolled++ % 4 == 0 ? "die black" : "die white");
      continue;
    }
    const core::Seat seat = g.seat_of(step_nation(s.steps.top()));
    core::ActionList l;
    g.legal_actions(s, seat, l);
    if (need(s.battle) == Need::Hit && deciding_nation(s.battle) == GER && l.size() > 1 && --nth == 0) return s;
    g.apply(s, seat, l[0], nullptr);
  }
  ADD_FAILURE() << "no such hit";
  return s;
}

// Germany's second choice of a hit: bot:rules hits a fresh infantry (in Assault one step from
// ELIMINATED: its score counts the elimination double, before a step of the artillery or the armor); the calculator,
// playing the battle on from each choice (its other decisions as bot:rules makes them), expects the
// Soviets to lose 5 Casualty Points after the hit on the artillery against 4 after the hit on the
// infantry, Smolensk held either way, and `hard` plays the hit on the artillery; `normal` plays
// bot:rules' hit.
TEST(SearchBotCalculatedHits, AssignDamage_TheHitAfterWhichTheCalculatorGivesTheBestResult) {
  const Game g = europe();
  const State s = at_german_hit(g, 2);
  const core::Seat seat = g.seat_of(GER);
  core::Rng rng(4);
  const core::Action rules = RulesBot{}.choose(g, g.observe(s, seat), seat, rng);
  EXPECT_EQ(rules, action(g, s, seat, "battle GER hit USSR inf assault fresh"));
  const auto result = [&](const std::string& text) {
    State after = s;
    g.apply(after, seat, action(g, s, seat, text), nullptr);
    OddsQuery q;
    q.region = region("R12");
    const Odds o = odds_from_observation(g, g.observe(after, seat), seat, q);
    EXPECT_TRUE(o.in_progress);
    EXPECT_NEAR(o.side[0].wins.mean, 1.0, 1e-9) << "Smolensk held by the Allies (side 0)";
    return o.side[0].casualty_points.mean;
  };
  EXPECT_NEAR(result("battle GER hit USSR inf assault fresh"), 4.0, 1e-9);
  EXPECT_NEAR(result("battle GER hit USSR art barrage fresh"), 5.0, 1e-9);
  SearchBot hard(*ai_level("hard"), 1);
  EXPECT_EQ(hard.choose(g, s, seat, rng), action(g, s, seat, "battle GER hit USSR art barrage fresh"));
  SearchBot normal(*ai_level("normal"), 1);
  EXPECT_EQ(normal.choose(g, s, seat, rng), rules);
}

// In the Bay of Biscay Germany's two battleships and a cruiser attack an American carrier and
// battleship and a British cruiser (the British Commander leading); both cruisers in the Escort
// stance, the carrier in Air Cover, Germany's first hit aimed at the carrier, every other choice the
// first legal one, the dice black (a hit on any unit) and white in turn: the position where the
// defending Commander may redirect that hit to the Escort cruiser (Cruiser Escort).
State at_escort_choice(const Game& g) {
  State s = empty_map(g);
  s.turn_order = {GER, USSR, BC, US, ITA, kNoNation, kNoNation};
  for (NationState& n : s.nation) n.res = {5, 5, 5};
  put(s, US, 1, "A-6", {{kCv, 1}, {kBb, 1}});
  put(s, BC, 1, "A-6", {{kCa, 1}});
  put(s, GER, 1, "A-6", {{kBb, 2}, {kCa, 1}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER A-6");
  const std::array<const char*, 5> dice = {"die black", "die white", "die white", "die black", "die white"};
  for (std::size_t rolled = 0; in_battle(s);) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      chance(g, s, dice[rolled++ % dice.size()]);
      continue;
    }
    const core::Seat seat = g.seat_of(step_nation(s.steps.top()));
    if (need(s.battle) == Need::Escort) return s;
    core::ActionList l;
    g.legal_actions(s, seat, l);
    core::Action pick = l[0];
    for (const core::Action a : l)
      if (const std::string t = g.action_to_string(s, seat, a);
          t.find("escort 1") != std::string::npos || t.find("US cv") != std::string::npos)
        pick = a;
    g.apply(s, seat, pick, nullptr);
  }
  ADD_FAILURE() << "no escort choice";
  return s;
}

// Cruiser Escort: bot:rules always lets the Escort cruiser take the hit aimed at the carrier. Here the
// Allies lose the sea battle whatever they do (the calculator, exact: Germany holds the sea either
// way), and the escort only adds the cruiser to their losses: 30 Casualty Points expected against 28
// without it, the same 11.1 for Germany. `hard` declines the escort; `normal` escorts as bot:rules.
TEST(SearchBotCalculatedPicks, CruiserEscort_TheDefenderDeclinesAnEscortThatOnlyAddsToItsLosses) {
  const Game g = europe();
  const State s = at_escort_choice(g);
  const core::Seat seat = g.seat_of(BC);
  ASSERT_EQ(deciding_nation(s.battle), BC);
  const auto allies = static_cast<std::size_t>(alliance_of(BC)), axis = 1 - allies;
  core::Rng rng(4);
  const core::Action escort = action(g, s, seat, "battle BC escort BC fresh"), none = action(g, s, seat, "battle BC no escort");
  EXPECT_EQ(RulesBot{}.choose(g, g.observe(s, seat), seat, rng), escort);
  const auto odds = [&](core::Action a) {
    State after = s;
    g.apply(after, seat, a, nullptr);
    OddsQuery q;
    q.region = region("A-6");
    Odds o = odds_from_observation(g, g.observe(after, seat), seat, q);
    EXPECT_TRUE(o.exact && o.in_progress);
    EXPECT_NEAR(o.side[allies].wins.mean, 0.0, 1e-9) << "the sea is Germany's either way";
    return o;
  };
  const Odds with = odds(escort), without = odds(none);
  EXPECT_NEAR(with.side[allies].casualty_points.mean, 30.0, 1e-9);
  EXPECT_NEAR(without.side[allies].casualty_points.mean, 28.0, 1e-9);
  EXPECT_NEAR(with.side[axis].casualty_points.mean, without.side[axis].casualty_points.mean, 1e-9);
  SearchBot hard(*ai_level("hard"), 1);
  EXPECT_EQ(hard.choose(g, s, seat, rng), none);
  SearchBot normal(*ai_level("normal"), 1);
  EXPECT_EQ(normal.choose(g, s, seat, rng), escort);
}

// ---- The home guard against the sea (Style::home_guard), War in the Pacific ----------------------

bool orders_into(const Game& g, const SheetPlan& plan, Nation nation, RegionId dest, Category cat) {
  return std::any_of(plan.orders.begin(), plan.orders.end(),
                     [&](const PlannedOrder& o) { return o.dest == dest && command_category(g.data(), nation, o.command) == cat; });
}

Style home_guard() {
  Style s;
  s.home_guard = true;
  return s;
}

// Japan at its first sheet with a garrison of one infantry (Command 62) and its air force (15) at
// home; every other Japanese Command in Japan gone, and no American Command near its seas.
State japan_alone_at_home(const Game& g) {
  State s = at_write_sheets(g);
  for (int number = 1; number <= kMaxCommandNumber; ++number) {
    Command& c = s.command[JPN][at(number)];
    if (c.region == region("J1")) c = Command{};
  }
  for (Nation n : {CHN, BC, US})
    for (Command& c : s.command[n])
      if (c.region != kNoRegion && g.data().region(c.region).theater == g.data().region(region("J1")).theater &&
          air_distance(g.data(), c.region, region("J1")) <= 3)
        c = Command{};
  put(s, JPN, 62, "J1", {{kInf, 1}});
  put(s, JPN, 15, "J1", {{kFtr, 2}});
  return s;
}

// Battle Debrief › 3. Check for Lost Troop Transports: "Unguarded Troop Transports ... will all be
// sunk by any enemy Air or Naval Commands present". Six American infantry at sea in Bonin Waters,
// beside Japan, with no American ship or aircraft there: the home guard sends an air or naval
// Command into Bonin Waters and bids for the first slot (before they land); bot:rules does not.
TEST(SearchBotHomeGuard, BattleDebrief3_UnguardedTransportsBesideTheCapitalAreStruck) {
  const Game g = war_in_the_pacific(2);
  State s = japan_alone_at_home(g);
  const RegionId bonin = region("P-12");
  put(s, US, 35, "P-12", {{kInf, 6}});
  const SheetPlan guarded = plan_sheet(g, s, JPN, kNoRegion, 0, home_guard());
  EXPECT_TRUE(orders_into(g, guarded, JPN, bonin, Category::Air) || orders_into(g, guarded, JPN, bonin, Category::Sea));
  EXPECT_TRUE(guarded.wants_first);
  EXPECT_GT(guarded.bid, 0);
  const SheetPlan rules = plan_sheet(g, s, JPN);
  EXPECT_FALSE(orders_into(g, rules, JPN, bonin, Category::Air) || orders_into(g, rules, JPN, bonin, Category::Sea));
  s.command[US][1].region = bonin;  // guarded by a fleet: not this strike's (strike_fleets weighs it)
  s.command[US][1].n[at(slot_of(kCa))] = 1;
  EXPECT_FALSE(orders_into(g, plan_sheet(g, s, JPN, kNoRegion, 0, home_guard()), JPN, bonin, Category::Air));
}

// Transporting Land Units by Sea: an island capital is reinforced from the mainland in two orders
// (embark, then land from a sea beside it). Six American infantry at sea in the North Pacific are two
// moves from Japan, whose garrison is one infantry: the home guard embarks an army of the mainland
// (six infantry in Korea among them) into a sea beside Japan; bot:rules, which only sends what
// reaches the capital in one order, does not.
TEST(SearchBotHomeGuard, TransportingLandUnitsBySea_AnIslandCapitalFerriesItsArmyHome) {
  const Game g = war_in_the_pacific(2);
  State s = japan_alone_at_home(g);
  put(s, US, 35, "P-11", {{kInf, 6}});
  put(s, JPN, 42, "J2", {{kInf, 6}});
  const auto ferried = [&](const SheetPlan& plan) {
    return std::any_of(plan.orders.begin(), plan.orders.end(), [&](const PlannedOrder& o) {
      return command_category(g.data(), JPN, o.command) == Category::Land && g.data().region(o.dest).is_sea() &&
             is_edge(g.data(), o.dest, region("J1"));
    });
  };
  EXPECT_TRUE(ferried(plan_sheet(g, s, JPN, kNoRegion, 0, home_guard())));
  EXPECT_FALSE(ferried(plan_sheet(g, s, JPN)));
  put(s, JPN, 62, "J1", {{kInf, 12}});  // a garrison that outweighs them: the army stays on its front
  EXPECT_FALSE(ferried(plan_sheet(g, s, JPN, kNoRegion, 0, home_guard())));
}

// The search's sheet candidates include the home guard (with the sure defence and the sea watch).
TEST(SearchBotHomeGuard, Phase2Step1_TheHomeGuardIsAmongTheCandidates) {
  const Game g = war_in_the_pacific(2);
  const State s = japan_alone_at_home(g);
  const SheetSearch found = search_secret(g, s, g.seat_of(JPN), RulesBot{}, kSmallSearch, 5, 1);
  EXPECT_TRUE(std::any_of(found.plans.begin(), found.plans.end(), [](const SheetCandidate& c) { return c.style.home_guard; }));
}

// ---- A garrison by sea (Style::sea_garrison), War in the Pacific --------------------------------

Style sea_garrison() {
  Style s;
  s.sea_garrison = true;
  return s;
}

// The United States at its first sheet with Hawaii (of Japan's Victory condition) bare, six infantry
// in the Western United States (Command 35), no American ship in the seas around Hawaii, and of Japan
// only its home army and six infantry at `japanese_at`.
State hawaii_bare(const Game& g, const std::string& japanese_at) {
  State s = at_write_sheets(g);
  const Data& d = g.data();
  for (Command& c : s.command[JPN])
    if (c.region != region("J1")) c = Command{};
  for (Command& c : s.command[US])
    if (c.region != kNoRegion &&
        (c.region == region("U5") || (d.region(c.region).is_sea() && sea_distance(d, c.region, region("P-8")) <= 2)))
      c = Command{};
  put(s, US, 35, "U3", {{kInf, 6}});
  put(s, JPN, 42, japanese_at, {{kInf, 6}});
  return s;
}

bool garrison_ferried(const Game& g, const SheetPlan& plan) {
  return std::any_of(plan.orders.begin(), plan.orders.end(), [&](const PlannedOrder& o) {
    return o.why == OrderWhy::FerryGarrison && command_category(g.data(), US, o.command) == Category::Land && o.dest == region("P-8");
  });
}

// Transporting Land Units by Sea: "land to sea, and then sea to sea" in one order, then "one adjacent
// territory" in the next. Hawaii is an island only Hawaiian Waters (P-8) touch, and no coast of
// the United States touches that sea: six Japanese infantry in the North Pacific (P-11), beside it,
// can land on Hawaii in two orders, so the garrison style sends the army of the Western United States
// to sea through the California Current into Hawaiian Waters; bot:rules, which sends only what reaches
// a region in one order, does not.
TEST(SearchBotSeaGarrison, TransportingLandUnitsBySea_HawaiiIsGarrisonedThroughTwoSeas) {
  const Game g = war_in_the_pacific(2);
  const State s = hawaii_bare(g, "P-11");
  EXPECT_TRUE(garrison_ferried(g, plan_sheet(g, s, US, kNoRegion, 0, sea_garrison())));
  EXPECT_FALSE(garrison_ferried(g, plan_sheet(g, s, US)));
}

// A held Hawaii (one infantry) with no enemy troops that can land within two orders (Japan's coast is
// on Bonin Waters, two seas from Hawaiian Waters: three orders away) keeps the army where it is; the
// same garrison with the six at sea beside it is short, and the army sails. A garrison that outweighs
// them needs no more. (A bare Hawaii is short of any garrison, and gets one whenever an army can
// sail.)
TEST(SearchBotSeaGarrison, TransportingLandUnitsBySea_AGarrisonOnlyWhereTroopsCanLand) {
  const Game g = war_in_the_pacific(2);
  const auto garrisoned = [&](const std::string& japanese_at, int infantry) {
    State s = hawaii_bare(g, japanese_at);
    put(s, US, 36, "U5", {{kInf, infantry}});
    return garrison_ferried(g, plan_sheet(g, s, US, kNoRegion, 0, sea_garrison()));
  };
  EXPECT_FALSE(garrisoned("J1", 1));
  EXPECT_TRUE(garrisoned("P-11", 1));
  EXPECT_FALSE(garrisoned("P-11", 12));
}

// A capital is its own nation's to guard: in War in Europe the Axis needs two of Great Britain, Moscow
// and the Eastern United States, all capitals. Twelve German infantry in France can land on Great
// Britain within two orders (embark into the Channel, then land), more than its garrison of one
// British infantry and six American; the Americans keep no garrison there for the British and write
// the same sheet as without the style.
TEST(SearchBotSeaGarrison, VictoryConditions_AnotherNationsCapitalIsLeftToIt) {
  const Game g = europe(2);
  State s = at_write_sheets(g);
  for (Nation n : {BC, US, GER})
    for (Command& c : s.command[n])
      if (c.region == region("B1") || c.region == region("G2") || (c.region != kNoRegion && g.data().region(c.region).is_sea()))
        c = Command{};
  put(s, BC, 35, "B1", {{kInf, 1}});
  put(s, US, 35, "B1", {{kInf, 6}});
  put(s, GER, 42, "G2", {{kInf, 12}});
  const SheetPlan garrisoned = plan_sheet(g, s, US, kNoRegion, 0, sea_garrison()), rules = plan_sheet(g, s, US);
  ASSERT_EQ(garrisoned.orders.size(), rules.orders.size());
  for (std::size_t i = 0; i < rules.orders.size(); ++i) {
    EXPECT_EQ(garrisoned.orders[i].command, rules.orders[i].command);
    EXPECT_EQ(garrisoned.orders[i].dest, rules.orders[i].dest);
  }
  EXPECT_TRUE(std::any_of(rules.orders.begin(), rules.orders.end(), [](const PlannedOrder& o) { return o.command == 35; }))
      << "the American army leaves Great Britain";
}

// At `hard` and `expert` every sheet candidate but bot:rules' own keeps a garrison by sea
// (docs/warroom/ai.md, "A garrison by sea, kept"); at `normal` none does.
TEST(SearchBotSeaGarrison, Phase2Step1_AtHardEveryCandidateButBotRulesOwn) {
  const Game g = war_in_the_pacific(2);
  const State s = hawaii_bare(g, "P-11");
  const auto search = [&](bool garrison) {
    AiLevel level{"eight", 8, 2, 1, 1};
    level.sea_garrison_candidates = garrison;
    return search_secret(g, s, g.seat_of(US), RulesBot{}, level, 5, 1);
  };
  const SheetSearch with = search(true), without = search(false);
  ASSERT_GE(with.plans.size(), 2U);
  EXPECT_FALSE(with.plans.front().style.sea_garrison) << "bot:rules' own entries come first";
  for (std::size_t i = 1; i < with.plans.size(); ++i) EXPECT_TRUE(with.plans[i].style.sea_garrison) << i;
  for (const SheetCandidate& c : without.plans) EXPECT_FALSE(c.style.sea_garrison);
  EXPECT_TRUE(ai_level("hard")->sea_garrison_candidates);
  EXPECT_TRUE(ai_level("expert")->sea_garrison_candidates);
  EXPECT_FALSE(ai_level("normal")->sea_garrison_candidates);
}

// ---- Attacks chosen with the battle calculator (Style::calculated_attacks), Eastern Front ----------

Style calculated() {
  Style s;
  s.calculated_attacks = true;
  return s;
}

// Eastern Front at its first sheet with only a German army in Ukraine, beside Stalingrad (an industry,
// SV 4) held by `stalingrad` and Smolensk (SV 2) held by `smolensk`, and Moscow's garrison.
State ukraine_between(const Game& g, const std::vector<std::pair<int, int>>& army, const std::vector<std::pair<int, int>>& stalingrad,
                      const std::vector<std::pair<int, int>>& smolensk) {
  State s = write_sheets_untouched(g);
  for (auto& pool : s.command) pool.fill(Command{});
  put(s, GER, 44, "G9", army);
  put(s, GER, 35, "G1", {{kInf, 6}});
  put(s, USSR, 40, "R1", {{kInf, 6}});
  if (!stalingrad.empty()) put(s, USSR, 41, "R5", stalingrad);
  if (!smolensk.empty()) put(s, USSR, 42, "R12", smolensk);
  return s;
}

bool attacks(const SheetPlan& plan, const std::string& where) {
  return std::any_of(plan.orders.begin(), plan.orders.end(), [&](const PlannedOrder& o) { return o.dest == region(where); });
}

// bot:rules attacks where its force's unit costs are 1.3 times the defence's, the most valuable
// region first. Six infantry and an artillery (cost 15) against two armor and an infantry (10) in
// Stalingrad: bot:rules attacks it; the calculator gives the attack 16% and the attacker the heavier
// losses (10.7 Casualty Points against 6.2), and the army takes Smolensk instead (empty: its garrison
// only, taken for sure).
TEST(SearchBotCalculatedAttacks, Phase2Step1_AnAttackTheCalculatorExpectsToLoseIsNotMade) {
  const Game g = eastern_front();
  const State s = ukraine_between(g, {{kInf, 6}, {kArt, 1}}, {{kArm, 2}, {kInf, 1}}, {});
  EXPECT_TRUE(attacks(plan_sheet(g, s, GER), "R5"));
  const SheetPlan weighed = plan_sheet(g, s, GER, kNoRegion, 0, calculated());
  EXPECT_FALSE(attacks(weighed, "R5"));
  EXPECT_TRUE(attacks(weighed, "R12"));
}

// The other way: four armor (cost 16) against five infantry and an artillery (13) are short of 1.3
// times the defence, and bot:rules takes Smolensk; the calculator gives the attack on Stalingrad (an
// industry, SV 4) 86% with the defender's losses twice the attacker's, and the army goes there.
TEST(SearchBotCalculatedAttacks, Phase2Step1_TheAttackWithTheBestExpectedGainIsMade) {
  const Game g = eastern_front();
  const State s = ukraine_between(g, {{kArm, 4}}, {{kInf, 5}, {kArt, 1}}, {});
  const SheetPlan rules = plan_sheet(g, s, GER);
  EXPECT_FALSE(attacks(rules, "R5"));
  EXPECT_TRUE(attacks(rules, "R12"));
  EXPECT_TRUE(attacks(plan_sheet(g, s, GER, kNoRegion, 0, calculated()), "R5"));
}

// The search's sheet candidates include the calculator's attacks (on the home guard's style), and the
// search bot plays the entries of the candidate it chose.
TEST(SearchBotCalculatedAttacks, Phase2Step1_AmongTheCandidates) {
  const Game g = eastern_front();
  const State s = ukraine_between(g, {{kArm, 4}}, {{kInf, 5}, {kArt, 1}}, {});
  const SheetSearch found = search_secret(g, s, g.seat_of(GER), RulesBot{}, kSmallSearch, 5, 1);
  const auto it = std::find_if(found.plans.begin(), found.plans.end(), [](const SheetCandidate& c) { return c.style.calculated_attacks; });
  ASSERT_NE(it, found.plans.end());
  EXPECT_TRUE(it->style.home_guard);
  SearchBot bot(kSmallSearch, 1);
  core::Rng rng(3);
  const core::Seat seat = g.seat_of(GER);
  State played = s;
  while (top(played) == StepId::WriteSheets && g.acting_nations(played, seat).any())
    g.apply(played, seat, bot.choose(g, played, seat, rng), nullptr);
  const SheetCandidate& chosen = bot.last_search().plans[bot.last_search().chosen];
  EXPECT_EQ(played.sheet[GER].box, [&] {
    State written = s;
    for (core::Action a : chosen.actions) g.apply(written, seat, a, nullptr);
    return written.sheet[GER].box;
  }());
}

// At `hard` and `expert` every other drawn candidate (from the fifth try on) chooses its attacks with
// the calculator too; at `normal` only the fourth does (docs/warroom/ai.md, "Attacks chosen with the
// calculator"). Germany's first sheet of the Eastern Front.
TEST(SearchBotCalculatedAttacks, Phase2Step1_AtHardEveryOtherDrawnCandidateToo) {
  const Game g = eastern_front();
  const State s = write_sheets_untouched(g);
  const auto calculated = [&](bool more) {
    AiLevel level{"eight", 8, 2, 1, 1};
    level.calculated_candidates = more;
    const SheetSearch found = search_secret(g, s, g.seat_of(GER), RulesBot{}, level, 5, 1);
    EXPECT_EQ(found.plans.size(), 8U);
    return std::count_if(found.plans.begin(), found.plans.end(), [](const SheetCandidate& c) { return c.style.calculated_attacks; });
  };
  EXPECT_EQ(calculated(false), 1);
  EXPECT_GE(calculated(true), 3);
  EXPECT_TRUE(ai_level("hard")->calculated_candidates);
  EXPECT_TRUE(ai_level("expert")->calculated_candidates);
  EXPECT_FALSE(ai_level("normal")->calculated_candidates);
}

// The position value: the winner's 1 and the loser's 0 at the end; before it the two alliances'
// values add up to 1, and taking a region of the Victory condition raises the taker's.
TEST(SearchBotValue, VictoryCheck_TheWinnerValuesOneAndTheValuesAddUpToOne) {
  const Game g = eastern_front();
  State s = write_sheets_untouched(g);
  const double allied = position_value(g, s, Alliance::Allied), axis = position_value(g, s, Alliance::Axis);
  EXPECT_NEAR(allied + axis, 1.0, 1e-12);
  State taken = s;
  RegionId target = kNoRegion;
  for (RegionId r : g.scenario().victory[at(static_cast<int>(Alliance::Axis))].all_of.front().of)
    if (alliance_of(taken.region[r].controller) == Alliance::Allied) target = r;
  ASSERT_NE(target, kNoRegion);
  taken.region[target].controller = GER;
  EXPECT_GT(position_value(g, taken, Alliance::Axis), axis);
  State over = s;
  over.winner = kAxisWin;
  over.steps.push(step::GameOver{});
  ASSERT_EQ(g.node_kind(over), core::NodeKind::Terminal);
  EXPECT_EQ(position_value(g, over, Alliance::Axis), 1.0);
  EXPECT_EQ(position_value(g, over, Alliance::Allied), 0.0);
}

// The features of the value are each alliance's differences, so the Axis's are the Allies' negated;
// the weights decide which counts: a side ahead in units and behind in Victory condition regions is
// ahead with weights that favour the units and behind with weights that favour the regions.
TEST(SearchBotValue, TheWeightsDecideWhatCounts) {
  const Game g = eastern_front();
  State s = write_sheets_untouched(g);
  RegionId target = kNoRegion;
  for (RegionId r : g.scenario().victory[at(static_cast<int>(Alliance::Axis))].all_of.front().of)
    if (alliance_of(s.region[r].controller) == Alliance::Allied) target = r;
  ASSERT_NE(target, kNoRegion);
  s.region[target].controller = GER;  // the Axis ahead in the Victory condition's regions
  const ValueFeatures allied = value_features(g, s, Alliance::Allied), axis = value_features(g, s, Alliance::Axis);
  EXPECT_DOUBLE_EQ(allied.victory, -axis.victory);
  EXPECT_DOUBLE_EQ(allied.units, -axis.units);
  EXPECT_DOUBLE_EQ(allied.sv, -axis.sv);
  ASSERT_LT(allied.victory, 0);
  ASSERT_GT(allied.units, 0) << "the Soviet army outweighs the German one at the start";
  const ValueWeights units{0, 1, 0}, regions{1, 0, 0};
  EXPECT_GT(position_value(g, s, Alliance::Allied, units), 0.5);
  EXPECT_LT(position_value(g, s, Alliance::Allied, regions), 0.5);
  EXPECT_NEAR(position_value(g, s, Alliance::Allied, kFittedValue) + position_value(g, s, Alliance::Axis, kFittedValue), 1.0, 1e-12);
}

// The regression finds the weights the outcomes were drawn with: outcomes drawn from the logistic of
// known weights (and a different constant per group, the side's lean, which the weights must not
// absorb) on features spread over [-1, 1]; the fitted weights come near them and explain the
// outcomes better than the hand-set ones or none.
TEST(SearchBotValue, TheRegressionFindsTheWeightsTheOutcomesWereDrawnWith) {
  const ValueWeights truth{1.0, 6.0, -2.0};
  const std::array<double, 2> lean = {1.5, -0.5};
  core::Rng rng(11);
  const auto uniform = [&] { return 2 * (static_cast<double>(rng.next() >> 11) * 0x1.0p-53) - 1; };
  std::vector<ValueSample> samples;
  for (int i = 0; i < 20000; ++i) {
    ValueSample v;
    v.group = i % 2;
    v.f = {uniform(), uniform(), uniform()};
    const double z = truth.victory * v.f.victory + truth.units * v.f.units + truth.sv * v.f.sv + lean[at(v.group)];
    v.outcome = uniform() < 2 / (1 + std::exp(-z)) - 1 ? 1.0 : 0.0;
    samples.push_back(v);
  }
  double loss = 0;
  const ValueWeights fitted = fit_value(samples, 2, &loss);
  EXPECT_NEAR(fitted.victory, truth.victory, 0.25);
  EXPECT_NEAR(fitted.units, truth.units, 0.4);
  EXPECT_NEAR(fitted.sv, truth.sv, 0.25);
  EXPECT_NEAR(loss, value_loss(samples, 2, fitted), 1e-9);
  EXPECT_LT(loss, value_loss(samples, 2, kHandValue));
  EXPECT_LT(value_loss(samples, 2, kHandValue), value_loss(samples, 2, ValueWeights{}));
}

// Common dice: the same rollouts for every candidate, so two candidates that write the same entries
// get the same values against every answer; with dice of their own they differ by luck alone.
TEST(SearchBotCommonDice, TwoCandidatesWithTheSameSheetGetTheSameValues) {
  const Game g = eastern_front();
  const State s = write_sheets_untouched(g);
  const core::Seat seat = g.seat_of(GER);
  RulesBot writer;
  core::Rng rng(4);
  SheetCandidate plan{Style{}, {}, 0, 0, writer};
  State written = g.observe(s, seat);
  plan.actions = write_step(g, written, seat, plan.writer, rng);
  const std::vector<SheetCandidate> twins = {plan, plan};
  Style bold;
  bold.attack_tenths = 10;
  const std::vector<Style> answers = {Style{}, bold};
  AiLevel level = *ai_level("normal");
  ASSERT_FALSE(level.common_dice) << "normal keeps dice of its own (its measured strength)";
  const auto own = pair_values(g, s, seat, twins, answers, level, 21);
  EXPECT_NE(own[0], own[1]) << "each candidate's own dice";
  level.common_dice = true;
  const auto common = pair_values(g, s, seat, twins, answers, level, 21);
  EXPECT_EQ(common[0], common[1]);
  EXPECT_EQ(common, pair_values(g, s, seat, twins, answers, level, 21, 2)) << "whatever the threads";
  EXPECT_TRUE(ai_level("hard")->common_dice);
}

// hard plays the heaviest candidate of its mixed strategy, not a sample: whatever the seed of the
// choice, the candidate with the greatest weight; normal's sample differs from it for some seed.
TEST(SearchBotHeaviest, Phase2Step1_TheHeaviestCandidateIsPlayed) {
  const Game g = eastern_front();
  const State s = write_sheets_untouched(g);
  const core::Seat seat = g.seat_of(GER);
  AiLevel level = kSmallSearch;
  ASSERT_FALSE(level.heaviest);
  bool sampled_another = false;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const SheetSearch sampled = search_secret(g, s, seat, RulesBot{}, level, seed);
    ASSERT_GE(sampled.plans.size(), 2u);
    const auto heaviest = [](const SheetSearch& x) {
      return static_cast<std::size_t>(
          std::max_element(x.plans.begin(), x.plans.end(),
                           [](const SheetCandidate& a, const SheetCandidate& b) { return a.probability < b.probability; }) -
          x.plans.begin());
    };
    sampled_another = sampled_another || sampled.chosen != heaviest(sampled);
    AiLevel sharp = level;
    sharp.heaviest = true;
    const SheetSearch played = search_secret(g, s, seat, RulesBot{}, sharp, seed);
    EXPECT_EQ(played.chosen, heaviest(played)) << "seed " << seed;
  }
  EXPECT_TRUE(sampled_another) << "the mixed strategy has more than one candidate to sample";
  EXPECT_TRUE(ai_level("hard")->heaviest);
  EXPECT_FALSE(ai_level("normal")->heaviest);
}

// A hint at Phase 2 Step 1: the next entry of the search's candidate sheets, the most likely first,
// each a legal action with a value in [0, 1].
TEST(SearchBotHint, Phase2Step1_NextEntriesOfTheCandidateSheets) {
  const Game g = eastern_front();
  const State s = write_sheets_untouched(g);
  const core::Seat seat = g.seat_of(USSR);
  const auto hints = advise(g, s, seat, kSmallSearch, 7).ranked;
  ASSERT_FALSE(hints.empty());
  core::ActionList legal;
  g.legal_actions(s, seat, legal);
  for (const core::ActionValue& h : hints) {
    EXPECT_NE(std::find(legal.begin(), legal.end(), h.action), legal.end());
    EXPECT_GE(h.value, 0.0);
    EXPECT_LE(h.value, 1.0);
    EXPECT_GT(h.visits, 0);
  }
}

// Sends a plan item's actions (their texts, as a client sends them) on `s`; each must be legal there.
void take(const Game& g, State& s, core::Seat seat, const nlohmann::json& actions) {
  for (const auto& text : actions) {
    const auto a = g.action_from_string(s, seat, text.get<std::string>());
    ASSERT_TRUE(a.has_value()) << text;
    core::ActionList legal;
    g.legal_actions(s, seat, legal);
    ASSERT_NE(std::find(legal.begin(), legal.end(), *a), legal.end()) << text;
    g.apply(s, seat, *a, nullptr);
  }
}

// The odds without the time they took.
nlohmann::json timeless(nlohmann::json odds) {
  odds.erase("milliseconds");
  return odds;
}
nlohmann::json timeless_plan(nlohmann::json plan) {
  for (auto& a : plan["attacks"]) a["odds"] = timeless(a["odds"]);
  return plan;
}

const std::set<std::string> kOrderReasons = {"sink_transports", "ferry_home", "ferry_garrison", "campaign_strike",
                                             "defend",          "attack",     "air_support",    "strike_fleet",
                                             "escort",          "gather",     "advance",        "air_defence"};

// Phase 2 Step 1, the hint's plan (docs/warroom/ai.md, "Hints"): the whole sheet the search would
// write -- the heaviest candidate of its mixed strategy -- each order with the planner's reason and
// the actions that write it, the bid with its reason, and the odds of every attack as the odds
// request answers them on the sheet written. Taking every proposed entry writes that very sheet.
TEST(SearchBotHint, Phase2Step1_ThePlanIsTheWholeSheetWithReasonsAndEachAttacksOdds) {
  const Game g = eastern_front();
  const State s = write_sheets_untouched(g);
  const core::Seat seat = g.seat_of(GER);
  const nlohmann::json plan = advise(g, s, seat, kSmallSearch, 7).plan;
  ASSERT_TRUE(plan.is_object());
  EXPECT_EQ(plan["step"], "sheet");
  EXPECT_EQ(plan["level"], "small");
  EXPECT_GT(plan["weight"].get<double>(), 0.0);
  EXPECT_GT(plan["rollouts"].get<long>(), 0);
  ASSERT_EQ(plan["nations"].size(), 1u);
  const nlohmann::json& ger = plan["nations"][0];
  EXPECT_EQ(ger["nation"], "GER");
  ASSERT_FALSE(ger["orders"].empty()) << plan.dump();
  State taken = g.observe(s, seat);
  std::set<std::string> attacked;
  for (const auto& o : ger["orders"]) {
    EXPECT_TRUE(o["proposed"]) << o;
    EXPECT_TRUE(kOrderReasons.count(o["reason"].get<std::string>())) << o;
    ASSERT_EQ(o["actions"].size(), 2u) << o;  // select, then its destination
    take(g, taken, seat, o["actions"]);
    if (o["attack"]) attacked.insert(o["to"].get<std::string>());
  }
  take(g, taken, seat, ger["bid"]["actions"]);
  EXPECT_EQ(ger["bid"]["reason"] == "none", ger["bid"]["bid"] == 0) << ger["bid"];
  // The sheet taken is the sheet proposed, box by box.
  const Sheet& sheet = taken.sheet[GER];
  for (const auto& o : ger["orders"]) {
    const Order& box = sheet.box[o["box"].get<std::size_t>() - 1];
    EXPECT_EQ(box.command, o["command"]);
    EXPECT_EQ(g.data().regions[box.dest].id, o["to"]);
  }
  EXPECT_EQ(sheet.bid, ger["bid"]["bid"]);
  // Each attack's odds: those the calculator gives for the sheet taken, as the odds request would.
  ASSERT_FALSE(attacked.empty()) << "Germany's first sheet attacks: " << plan.dump();
  ASSERT_EQ(plan["attacks"].size(), attacked.size());
  for (const auto& a : plan["attacks"]) {
    EXPECT_TRUE(attacked.count(a["region"].get<std::string>()));
    OddsQuery q;
    q.region = region_named(g, a["region"].get<std::string>());
    EXPECT_EQ(timeless(a["odds"]), timeless(odds_json(g, odds_from_observation(g, taken, seat, q)))) << a["region"];
  }
}

// Phase 7 Step 3, the hint's plan: the purchases of the heaviest mix, each type's count with the
// mix as its reason and the actions that buy it.
TEST(SearchBotHint, Phase7Step3_ThePlanIsThePurchasesOfTheHeaviestMix) {
  const Game g = eastern_front();
  const State s = at_purchases(g);
  const core::Seat seat = g.seat_of(USSR);
  const nlohmann::json plan = advise(g, s, seat, kSmallSearch, 3).plan;
  EXPECT_EQ(plan["step"], "purchases");
  ASSERT_EQ(plan["styles"].size(), 1u);
  const std::string mix = plan["styles"][0];
  EXPECT_EQ(mix.rfind("mix_", 0), 0u) << mix;
  ASSERT_EQ(plan["nations"].size(), 1u);
  const nlohmann::json& bought = plan["nations"][0]["purchases"];
  ASSERT_FALSE(bought.empty()) << plan.dump();
  State taken = g.observe(s, seat);
  for (const auto& p : bought) {
    if (p.contains("unit")) {
      EXPECT_EQ(p["reason"], mix) << p;
      // What it costs: the count at the unit's cost (Phase 7 › Step 3).
      const Resources& cost = g.data().unit(*unit_from_id(p["unit"].get<std::string>())).cost;
      const int count = p["count"];
      EXPECT_EQ(p["cost"], (nlohmann::json{{"oil", count * cost.oil}, {"iron", count * cost.iron}, {"osr", count * cost.osr}})) << p;
    }
    take(g, taken, seat, p["actions"]);
  }
  for (const auto& p : bought) {
    if (p.contains("unit")) {
      EXPECT_GE(taken.sheet[USSR].buy[*unit_from_id(p["unit"].get<std::string>())], p["count"]);
    }
  }
}

// The plan is read from the seat's observation only: the other seat's secret sheet, written or
// not, changes nothing in it.
TEST(SearchBotHint, Phase2Step1_TopSecret_AnotherSeatsSheetChangesNothingInThePlan) {
  const Game g = eastern_front();
  const State blank = write_sheets_untouched(g);
  State written = blank;
  RulesBot axis;
  core::Rng rng(3);
  State copy = written;
  write_step(g, copy, g.seat_of(GER), axis, rng);
  for (std::size_t box = 0; box < copy.sheet[GER].box.size(); ++box) written.sheet[GER].box[box] = copy.sheet[GER].box[box];
  written.sheet[GER].bid = copy.sheet[GER].bid;
  ASSERT_NE(written.sheet[GER], blank.sheet[GER]) << "Germany wrote its sheet";
  const core::Seat seat = g.seat_of(USSR);
  const nlohmann::json plan = timeless_plan(advise(g, blank, seat, kSmallSearch, 5).plan);
  EXPECT_FALSE(plan["nations"][0]["orders"].empty());
  EXPECT_EQ(timeless_plan(advise(g, written, seat, kSmallSearch, 5).plan), plan);
}

TEST(SearchBotKinds, EveryLevelIsABotKindThatSearches) {
  for (const std::string_view kind : {"ai:easy", "ai:normal", "ai:hard", "ai:expert"}) {
    const auto bot = make_bot(kind);
    ASSERT_NE(bot, nullptr) << kind;
    EXPECT_TRUE(bot->searches());
  }
  EXPECT_EQ(make_bot("ai:extreme"), nullptr);
  EXPECT_EQ(make_bot("ai:"), nullptr);
}

// ---- warroom arena ---------------------------------------------------------------------------

class WarroomArena : public test_support::CommandTest {
 protected:
  WarroomArena() : CommandTest("WARROOM_BINARY", "warroom-arena-test") {}
};

TEST_F(WarroomArena, EachPlayerAloneAsEitherAllianceWithIntervalsInJson) {
  const test_support::Result r = run("arena --scenario eastern-front --players rules,random --games 2 --rounds 6 --seed 3 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["games"], 8);
  EXPECT_EQ(j["round_limit"], 6);
  ASSERT_EQ(j["seatings"].size(), 4u) << "rules alone as the Allies and as the Axis, and random alike";
  for (const auto& x : j["seatings"]) {
    EXPECT_EQ(x["games"], 2);
    EXPECT_EQ(x["wins"].get<int>() + x["losses"].get<int>() + x["undecided"].get<int>(), 2);
    EXPECT_LE(x["interval95"][0].get<double>(), x["win_rate"].get<double>());
    EXPECT_GE(x["interval95"][1].get<double>(), x["win_rate"].get<double>());
    EXPECT_EQ(x["scenario"], "eastern-front");
    // Each game: its seed, result and what each side held of the Victory regions at its end.
    ASSERT_EQ(x["results"].size(), 2u);
    std::map<std::string, int> results;
    for (int i = 0; i < 2; ++i) {
      const auto& game = x["results"][static_cast<std::size_t>(i)];
      EXPECT_EQ(game["seed"], 3 + i);
      EXPECT_LE(game["rounds"].get<int>(), 6);
      ++results[game["result"].get<std::string>()];
      const auto& held = game["victory_regions"];
      ASSERT_EQ(held.size(), 2u) << "the Eastern Front's Victory regions: Moscow (the Axis's) and Greater Germany (the Allies')";
      for (const char* region : {"R1", "G1"}) {
        ASSERT_TRUE(held.contains(region)) << region;
        EXPECT_TRUE(held.at(region).is_null() || held.at(region) == "Allies" || held.at(region) == "Axis") << region;
      }
      if (game["result"] != "undecided") {  // the winner holds its region: the player's if it won, the other's if not
        const bool allies_won = (game["result"] == "won") == (x["side"] == "Allies");
        EXPECT_EQ(held.at(allies_won ? "G1" : "R1"), allies_won ? "Allies" : "Axis") << game;
      }
    }
    EXPECT_EQ(results["won"], x["wins"]);
    EXPECT_EQ(results["lost"], x["losses"]);
    EXPECT_EQ(results["undecided"], x["undecided"]);
  }
  // Pooled: each player's wins as both sides against the other, over those 4 games.
  ASSERT_EQ(j["pooled"].size(), 2u);
  for (const auto& x : j["pooled"]) {
    int wins = 0;
    for (const auto& seating : j["seatings"]) wins += seating["player"] == x["player"] ? seating["wins"].get<int>() : 0;
    EXPECT_EQ(x["games"], 4);
    EXPECT_EQ(x["wins"], wins) << x["player"];
    EXPECT_LE(x["interval95"][0].get<double>(), x["win_rate"].get<double>());
    EXPECT_GE(x["interval95"][1].get<double>(), x["win_rate"].get<double>());
  }
}

// A player named twice plays itself: one seating, as the Allies (as the Axis it would be the same
// games), whose losses are the Axis's wins: the sides' own lean, a reference for a player against another.
TEST_F(WarroomArena, APlayerNamedTwicePlaysItselfOnce) {
  const test_support::Result r = run("arena --scenario eastern-front --players rules,rules --games 2 --rounds 6 --seed 3 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["games"], 2);
  ASSERT_EQ(j["seatings"].size(), 1u);
  EXPECT_EQ(j["seatings"][0]["side"], "Allies");
  EXPECT_EQ(j["seatings"][0]["against"], "rules");
}

// --side: only the seatings with the player alone as that alliance (a lopsided scenario's weaker side
// measured alone), the games the same as in the full run's seating.
TEST_F(WarroomArena, SideKeepsTheSeatingsAsThatAllianceAlone) {
  const test_support::Result all =
      run("arena --scenario eastern-front --players rules,random --alone rules --games 2 --rounds 6 --seed 3 --json");
  const test_support::Result axis =
      run("arena --scenario eastern-front --players rules,random --alone rules --side axis --games 2 --rounds 6 --seed 3 --json");
  ASSERT_EQ(all.status, 0) << all.out;
  ASSERT_EQ(axis.status, 0) << axis.out;
  const auto full = nlohmann::json::parse(all.out), one = nlohmann::json::parse(axis.out);
  ASSERT_EQ(full["seatings"].size(), 2u);
  ASSERT_EQ(one["seatings"].size(), 1u);
  EXPECT_EQ(one["games"], 2);
  EXPECT_EQ(one["seatings"][0]["side"], "Axis");
  EXPECT_EQ(one["seatings"][0]["wins"], full["seatings"][1]["wins"]);
  EXPECT_EQ(one["seatings"][0]["mean_rounds"], full["seatings"][1]["mean_rounds"]);
  EXPECT_TRUE(one["pooled"].empty()) << "one side: nothing to pool";
}

// warroom fit-value: bot:rules self-play's positions labelled by the outcome, the fitted weights with
// their log-loss beside the hand-set ones' and a constant's; an unknown scenario is refused.
TEST_F(WarroomArena, FitValueGivesTheWeightsWithTheirLogLoss) {
  const test_support::Result r = run("fit-value --scenario eastern-front --games 4 --seed 5");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_GT(j["positions"].get<int>(), 4) << "a position at the start of each round from the second";
  EXPECT_LE(j["fitted_log_loss"].get<double>(), j["hand_log_loss"].get<double>());
  EXPECT_LE(j["fitted_log_loss"].get<double>(), j["constant_log_loss"].get<double>());
  EXPECT_EQ(j["hand"]["units"], kHandValue.units);
  EXPECT_EQ(j["player"], "rules");
  const test_support::Result bad = run("fit-value --scenario atlantis --games 1");
  EXPECT_NE(bad.status, 0);
  EXPECT_NE(bad.out.find("\"atlantis\" cannot be played"), std::string::npos) << bad.out;
  const test_support::Result unknown = run("fit-value --scenario eastern-front --player ai:extreme --games 1");
  EXPECT_NE(unknown.status, 0);
  EXPECT_NE(unknown.out.find("--player: unknown player \"ai:extreme\""), std::string::npos) << unknown.out;
}

// --player: the positions of another player's self-play (the search bots' own games, whose outcomes a
// value for their search should read), labelled alike.
TEST_F(WarroomArena, FitValueReadsTheNamedPlayersSelfPlay) {
  const test_support::Result rules = run("fit-value --scenario eastern-front --games 2 --seed 5");
  const test_support::Result random = run("fit-value --scenario eastern-front --player random --games 2 --seed 5");
  ASSERT_EQ(rules.status, 0) << rules.out;
  ASSERT_EQ(random.status, 0) << random.out;
  const auto a = nlohmann::json::parse(rules.out), b = nlohmann::json::parse(random.out);
  EXPECT_EQ(b["player"], "random");
  // The same seeds, other games: bot:rules' two give 19 positions (a round's start from the second),
  // random bots', which wander, 78.
  EXPECT_EQ(a["positions"], 19);
  EXPECT_EQ(b["positions"], 78);
}

TEST_F(WarroomArena, BadArgumentsAreRefusedWithOneLine) {
  const auto refused = [&](const std::string& args, const std::string& why) {
    const test_support::Result r = run("arena " + args);
    EXPECT_NE(r.status, 0) << args;
    EXPECT_NE(r.out.find(why), std::string::npos) << args << ": " << r.out;
  };
  refused("--players rules,ai:extreme", "unknown player \"ai:extreme\"");
  refused("--players rules,rules,rules", "named three times");
  refused("--players rules", "at least two players");
  refused("--scenario atlantis", "unknown scenario \"atlantis\"");
  refused("--games 0", "--games");
  refused("--jobs 0", "--jobs");
  refused("--players rules,random --alone ai:easy", "--alone: \"ai:easy\" is not one of --players");
  refused("--players rules,random --side neutral", "--side");
  refused("--players rules,rules --side axis", "against itself plays as the Allies only");
}

// Play-test of 5 December, evening, finding 3: a hint within the round read "shift GER 44 arm 55".
// Each action of a decision's plan comes with its message, worded where it is taken (an entry after
// the first is no legal action of the view yet, whose words the client has).
TEST(SearchBotHint, Phase5Step2_EachActionOfTheDeploymentPlanComesWithItsWords) {
  const Game g(data(), *data()->find_scenario("war-in-europe"), 4);  // five nations: plans of several entries
  State s = g.new_game();
  std::vector<RulesBot> bots(static_cast<std::size_t>(g.seat_count()));
  core::Rng chance(11), choices(12);
  const auto rules = [&](const State& at, core::Seat seat) {
    return bots[static_cast<std::size_t>(seat)].choose(g, g.observe(at, seat), seat, choices);
  };
  // The first deployment plan of more than one entry (a plan of "done" alone has nothing to word).
  nlohmann::json plan;
  core::Seat seat = 0;
  const auto worded = [&](const State& at) {
    if (top(at) != StepId::DeployPlans || !g.acting_seats(at)) return false;
    seat = static_cast<core::Seat>(__builtin_ctz(g.acting_seats(at)));
    plan = advise(g, at, seat, kSmallSearch, 3).plan;
    return plan["actions"].size() >= 2;
  };
  ASSERT_TRUE(test_support::play_until(g, s, worded, chance, rules)) << "no deployment plan of two entries or more";
  EXPECT_EQ(plan["step"], "deploy-plans");
  ASSERT_GE(plan["actions"].size(), 2u) << plan.dump();
  State taken = g.observe(s, seat);
  for (const auto& x : plan["actions"]) {
    const core::Action a = *g.action_from_string(taken, seat, x["action"].get<std::string>());
    EXPECT_EQ(x["message"], core::i18n::to_json(g.action_message(taken, seat, a))) << x;
    EXPECT_EQ(x["message"]["key"].get<std::string>().rfind("warroom.action.", 0), 0u) << x;
    g.apply(taken, seat, a, nullptr);
  }
}

}  // namespace
}  // namespace warroom::testing
