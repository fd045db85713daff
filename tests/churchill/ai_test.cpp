// The search opponent (churchill/ai.h): it reads only its seat's observation (5.13: hands and
// face-down agenda cards are secret; 10.2: Secret Agenda markers too), it is reproducible from its
// seed, and its levels are bot kinds a game may name.
#include <gtest/gtest.h>

#include <future>
#include <tuple>

#include "churchill/actions.h"
#include "churchill/ai.h"
#include "churchill/title.h"
#include "core/session_match.h"
#include "table_fixture.h"
#include "tests/support/play_until.h"

namespace churchill::testing {
namespace {

// A state at a decision of one power in the Meeting or the agenda, with cards in every hand, from
// a game of random bots in the Secret Agenda variant.
State decision_with_hidden_cards(const Game& g, core::Seat& seat) {
  State s = g.new_game(*data().scenario("training"), Options{true, false});
  core::Rng chance(11), choices(12);
  const auto wanted = [&](const State& at) {
    const core::NodeKind kind = g.node_kind(at);
    if (kind == core::NodeKind::Chance || kind == core::NodeKind::Terminal) return false;
    seat = test_support::lowest_seat(g.acting_seats(at));
    core::ActionList legal;
    g.legal_actions(at, seat, legal);
    bool others_hold_cards = true;
    for (int p = 0; p < kPowers; ++p)
      if (p != seat) others_hold_cards &= at.hand[power_at(p)].count() >= 2 && at.draw[power_at(p)].any();
    return at.steps.top().id == StepId::MeetingTurn && legal.size() >= 4 && others_hold_cards;
  };
  if (test_support::play_until(g, s, wanted, chance, test_support::random_choice(g, choices), 400)) return s;
  ADD_FAILURE() << "no Meeting decision with cards in every hand";
  return s;
}

// The same position with every other power's hand dealt differently (as many cards of its hand
// as may be swapped with undealt ones) and its Secret Agenda markers exchanged with each other's.
State other_secrets(const State& s, core::Seat seat) {
  State t = s;
  for (std::size_t p = 0; p < kPowers; ++p) {
    if (static_cast<core::Seat>(p) == seat) continue;
    const Power q = power_at(p);
    while ((t.hand[q] & s.hand[q]).any() && (t.draw[q] & s.draw[q]).any()) {
      const StaffId in_hand = (t.hand[q] & s.hand[q]).nth(0), undealt = (t.draw[q] & s.draw[q]).nth(0);
      t.hand[q].reset(in_hand).set(undealt);
      t.draw[q].reset(undealt).set(in_hand);
    }
  }
  const std::size_t a = seat == 0 ? 1 : 0, b = seat == 2 ? 1 : 2;
  std::swap(t.secret_agenda[power_at(a)], t.secret_agenda[power_at(b)]);
  return t;
}

// The normal level's search config on `threads` threads with 120 iterations and no processor-time
// cap: the iteration budget alone ends the search, so its result depends only on the position, the
// seat and the seed.
core::SearchConfig fixed_budget(int threads = 1) {
  core::SearchConfig config = ai_config(*ai_level("normal"), threads);
  config.max_seconds = 0;
  config.iterations = 120;
  return config;
}

core::SearchHooks<Game> normal_hooks() { return ai_hooks(ai_level("normal")->evaluation); }

// A search's root statistics: each ranked action with its visits and value.
std::vector<std::tuple<core::Action, long, double>> statistics(const core::SearchResult& r) {
  std::vector<std::tuple<core::Action, long, double>> out;
  for (const core::ActionValue& v : r.ranked) out.emplace_back(v.action, v.visits, v.value);
  return out;
}

// The match Title::open makes of a training game's `record`, its bots' searches on the record's
// threads but without their processor-time cap, so that a game is reproducible however slow the
// machine (a sanitizer build).
core::SessionMatch<Game> uncapped_match(const core::SaveFile& record) {
  auto game = std::make_unique<const Game>(data());
  const State start = game->new_game(*data().scenario("training"), Options{});
  auto bots = [threads = record.search_threads](std::string_view name) -> std::unique_ptr<Bot> {
    if (!name.starts_with("ai:")) return make_bot(name);
    const AiLevel& level = *ai_level(name.substr(3));
    core::SearchConfig config = ai_config(level, threads);
    config.max_seconds = 0;
    return std::make_unique<core::IsmctsBot<Game>>(config, ai_hooks(level.evaluation));
  };
  return core::SessionMatch<Game>(std::move(game), start, record, data().hash, bots);
}

TEST(Ai, Rule_5_13_TheSearchNeverReadsAnotherPowersHandOrSecretAgenda) {
  const Game g(data());
  core::Seat seat = 0;
  const State s = decision_with_hidden_cards(g, seat);
  const State t = other_secrets(s, seat);
  ASSERT_NE(s, t);
  ASSERT_EQ(g.observe(s, seat), g.observe(t, seat)) << "the two states differ only in what the seat cannot see";
  // Also with the opponent model, whose other seats play the rulebook 'Bot's action in the tree
  // from the determinization (the search's own guess), never from the true state.
  for (const bool opponent_model : {false, true}) {
    SCOPED_TRACE(opponent_model ? "opponent model" : "UCB at every seat");
    core::SearchConfig config = fixed_budget();
    config.opponents_follow_policy = opponent_model;
    config.rollout_limit = -1;  // rollouts to the end, through later deals from the undealt cards
    const core::Ismcts<Game> search(config, normal_hooks());
    const core::SearchResult from_s = search.search(g, s, seat, 2024), from_t = search.search(g, t, seat, 2024);
    EXPECT_EQ(from_s.best, from_t.best);
    EXPECT_EQ(statistics(from_s), statistics(from_t));
    // The bot, as a match drives it (from the observation), chooses the same as the search.
    core::IsmctsBot<Game> bot(config, normal_hooks());
    core::Rng r1(8), r2(8);
    EXPECT_EQ(bot.choose(g, g.observe(s, seat), seat, r1), bot.choose(g, g.observe(t, seat), seat, r2));
  }
}

// 5.13: a seat sees how many cards the others hold. The search, given the seat's observation (as a
// match gives it) rather than the full state, draws hands of those sizes: it searches the same.
TEST(Ai, Rule_5_13_TheSearchFromTheObservationDrawsHandsOfTheSizesTheSeatSees) {
  const Game g(data());
  core::Seat seat = 0;
  const State s = decision_with_hidden_cards(g, seat);
  const core::Ismcts<Game> search(fixed_budget(), normal_hooks());
  const core::SearchResult from_state = search.search(g, s, seat, 77), from_view = search.search(g, g.observe(s, seat), seat, 77);
  EXPECT_EQ(statistics(from_state), statistics(from_view));
}

// 4.22: a power that debated may pass its next advance. The search's own seat takes every pass it
// earns while it holds cards, where the rulebook 'Bot passes only when it holds the most cards.
TEST(Ai, Rule_4_22_TheSearchsOwnSeatTakesEveryPassItEarns) {
  const Game g(data());
  auto bot = make_bot("rulebook");
  const core::SearchHooks<Game> hooks = normal_hooks();
  int both = 0, own_only = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    State s = g.new_game(*data().scenario("training"));
    core::Rng chance(seed), choices(seed + 1);
    const std::array<Bot*, kPowers> bots = {bot.get(), bot.get(), bot.get()};
    play_until_human(g, s, bots, chance, choices, [&](core::Seat seat, core::Action a) {
      if (seat != core::kChance && s.steps.top().id == StepId::MeetingTurn) {
        core::ActionList legal;
        g.legal_actions(s, seat, legal);
        const bool pass_earned = std::any_of(legal.begin(), legal.end(), [](core::Action x) { return kind_of(x) == Act::Pass; });
        core::Rng r1(seed), r2(seed);
        const bool own_passes = kind_of(hooks.own_policy(g, s, seat, r1)) == Act::Pass;
        const bool bot_passes = kind_of(hooks.rollout(g, s, seat, r2)) == Act::Pass;
        EXPECT_EQ(own_passes, pass_earned && s.cards_in_hand(seat) > 0);
        both += own_passes && bot_passes;
        own_only += own_passes && !bot_passes;
      }
      g.apply(s, seat, a, nullptr);
    });
  }
  EXPECT_GT(both, 0) << "the 'Bot passes too when it holds the most cards";
  EXPECT_GT(own_only, 0) << "the search's own seat passes where the 'Bot plays a card";
}

TEST(Ai, EvaluationIsAChanceOfWinningPerPower) {
  const Game g(data());
  core::Seat seat = 0;
  const State s = decision_with_hidden_cards(g, seat);
  std::array<double, kPowers> v{};
  evaluate_board(g, s, v);
  double total = 0;
  for (double x : v) {
    EXPECT_GE(x, 0.0);
    EXPECT_LE(x, 1.0);
    total += x;
  }
  EXPECT_NEAR(total, 1.0, 1e-9);
}

// Each power's index into the arrays of totals and win chances below (arrays by a power's index).
constexpr std::size_t kUK = core::index_of(Power::UK), kUS = core::index_of(Power::US), kUSSR = core::index_of(Power::USSR);

// The board of the last conference with the UK far ahead: 9.4 D and E give conferences won until
// the US has at least 35 VP, the USSR 45 and the UK leads the last by 30 and the second by 10 (more
// than 4.42's 20 and the evaluation's spread), yet less than the other two together.
State uk_far_ahead(const Game& g, core::Seat& seat) {
  State s = decision_with_hidden_cards(g, seat);
  s.conference = static_cast<std::int8_t>(data().scenario("training")->last_conference);
  auto vp = [&](std::size_t p) { return g.score(s, true).total[p]; };
  while (vp(kUS) < 35) ++s.conferences_won[Power::US];
  while (vp(kUSSR) < 45) ++s.conferences_won[Power::USSR];
  while (vp(kUK) < std::max(vp(kUS) + 30, vp(kUSSR) + 10)) ++s.conferences_won[Power::UK];
  return s;
}

// 4.42: once both Axis powers have surrendered, a leader more than 20 VP ahead of the last who does
// not outscore the other two together loses to the second; 4.43 (the Axis not surrendered, no
// Front able to reach them in the conference left): the leader wins. The evaluation follows both.
TEST(Ai, Rule_4_42_TheEvaluationRatesTheSecondAboveALeaderFarAheadWhoCannotOutscoreTheOtherTwo) {
  const Game g(data());
  core::Seat seat = 0;
  State s = uk_far_ahead(g, seat);
  auto t = g.score(s, true).total;
  ASSERT_LT(t[kUK] + 10, t[kUS] + t[kUSSR]) << "the UK must not outscore the other two together";
  const std::size_t second = kUSSR;
  State ended = s;
  ended.surrendered = {true, true};
  ASSERT_EQ(index(g.winner(ended)), static_cast<int>(second));
  std::array<double, kPowers> v{};
  evaluate_board(g, ended, v);
  EXPECT_GT(v[second], v[kUK]);

  State fighting = s;
  fighting.surrendered = {false, false};
  fighting.front.fill(kInBox);  // no Front can reach Germany or Japan in the one conference left
  ASSERT_EQ(g.winner(fighting), Power::UK);
  evaluate_board(g, fighting, v);
  EXPECT_GT(v[kUK], v[second]);
  EXPECT_GT(v[kUK], 0.5);
}

// 7.8: with three conferences to play and Fronts one space from Germany and from Japan, both Axis
// powers will likely surrender, so 4.42 likely decides: the evaluation rates the second above the
// leader whom 4.43 would make the winner if the game ended now.
TEST(Ai, Rule_7_8_TheEvaluationExpectsTheAxisSurrenderFrontsAreAboutToForce) {
  const Game g(data());
  core::Seat seat = 0;
  State s = uk_far_ahead(g, seat);
  s.conference = static_cast<std::int8_t>(data().scenario("training")->first_conference);
  s.surrendered = {false, false};
  for (FrontId f : {g.known().western, g.known().central_pacific}) s.front[f] = static_cast<std::int8_t>(data().fronts[f].track.size() - 2);
  ASSERT_EQ(g.winner(s), Power::UK);  // 4.43 if the game ended now
  std::array<double, kPowers> v{};
  evaluate_board(g, s, v);
  EXPECT_GT(v[kUSSR], v[kUK]);
}

// The expert's evaluation spreads each power's score wider over the conferences to play (docs/ai.md,
// Strength): a power 10 VP behind keeps a better chance of catching up than the normal level's
// evaluation gives it, and the leader's lead is less sure.
TEST(Ai, TheExpertsEvaluationGivesAPowerBehindMoreChanceOfCatchingUp) {
  const Game g(data());
  core::Seat seat = 0;
  State s = uk_far_ahead(g, seat);
  s.conference = static_cast<std::int8_t>(data().scenario("training")->first_conference);
  s.front.fill(kInBox);  // 4.43 decides: no Front can reach Germany or Japan
  const auto t = g.score(s, true).total;
  ASSERT_GE(t[kUK], t[kUSSR] + 10);
  const Evaluation normal = ai_level("normal")->evaluation, expert = ai_level("expert")->evaluation;
  ASSERT_GT(expert.spread_per_conference, normal.spread_per_conference);
  std::array<double, kPowers> narrow{}, wide{};
  evaluate_board(g, s, narrow, normal);
  evaluate_board(g, s, wide, expert);
  EXPECT_GT(wide[kUSSR], narrow[kUSSR]);
  EXPECT_LT(wide[kUK], narrow[kUK]);
  EXPECT_GT(wide[kUK], wide[kUSSR]) << "the leader is still the likeliest winner";
}

TEST(Ai, LevelsAreBotKindsOfTheTitle) {
  const auto title = make_title(CHURCHILL_TEST_DATA_DIR);
  for (const char* kind : {"ai:easy", "ai:normal", "ai:hard", "ai:expert"}) {
    EXPECT_TRUE(title->valid_controller(std::string("bot:") + kind)) << kind;
    EXPECT_NE(make_ai(kind), nullptr) << kind;
  }
  for (const char* bad : {"ai:", "ai:godlike", "ai", "ai:normal ", "AI:normal"}) {
    EXPECT_FALSE(title->valid_controller(std::string("bot:") + bad)) << bad;
    EXPECT_EQ(make_any_bot(bad), nullptr) << bad;
  }
  EXPECT_THROW(title->new_record("training", {}, 0, {{"UK", "bot:ai:godlike"}}), core::SetupError);
}

// A whole training game with the easy search in every seat, through the match every front end
// uses: every action it chooses is legal, to the end.
TEST(Ai, EasySearchPlaysAWholeGameLegally) {
  const auto title = make_title(CHURCHILL_TEST_DATA_DIR);
  auto play = [&] {
    core::SaveFile record = title->new_record("training", {}, 0, {{"UK", "bot:ai:easy"}, {"US", "bot:ai:easy"}, {"USSR", "bot:ai:easy"}});
    record.seed = 77;
    auto match = title->open(record);
    match->run_bots();
    EXPECT_EQ(match->node_kind(), core::NodeKind::Terminal);
    return match->snapshot();
  };
  // Replaying the record checks each action against the state it applies to, and the end hash.
  EXPECT_NO_THROW(title->open(play()));
}

// The server takes a searching bot's decision off its event loop (core::Match::bot_task, run on a
// worker, then apply_bot): the game it plays is the one run_bots plays in the terminal from the
// same record, move for move. The search has no time cap here, so that it is reproducible however
// slow the machine (a sanitizer build).
TEST(Ai, ADecisionTakenApartFromTheMatchIsTheOneTheMatchWouldMake) {
  core::SaveFile record;
  record.game = "churchill";
  record.scenario = "training";
  record.seed = 5;
  record.seats = {{"UK", "bot:rulebook"}, {"US", "bot:ai:easy"}, {"USSR", "bot:rulebook"}};
  auto open = [&] { return uncapped_match(record); };
  auto inline_match = open();
  inline_match.run_bots();
  ASSERT_EQ(inline_match.node_kind(), core::NodeKind::Terminal);

  auto apart = open();
  int searched = 0;
  for (apart.run_bots(true); auto task = apart.bot_task(); apart.run_bots(true)) {
    const core::Action chosen = std::async(std::launch::async, task->decide).get();  // on another thread
    apart.apply_bot(*task, chosen);
    ++searched;
    EXPECT_THROW(apart.apply_bot(*task, chosen), core::ActionError) << "a task applies only where it was made";
  }
  EXPECT_GT(searched, 10);
  EXPECT_EQ(apart.actions(), inline_match.actions());
  EXPECT_EQ(apart.state_hash(), inline_match.state_hash());
}

// --threads N (docs/ai.md): N trees from seeds derived from the decision's seed, their root
// statistics added (root parallelism). The same seed and count give the same statistics, so the
// same choice; two threads are not one thread's search, which is why a game keeps its count.
TEST(Ai, RootParallelSearchIsTheSameForASeedAndThreadCount) {
  const Game g(data());
  core::Seat seat = 0;
  const State s = decision_with_hidden_cards(g, seat);
  auto search = [&](int threads) { return core::Ismcts<Game>(fixed_budget(threads), normal_hooks()).search(g, s, seat, 2024); };
  const core::SearchResult two = search(2), again = search(2), one = search(1);
  EXPECT_EQ(two.iterations, 120);
  EXPECT_EQ(two.best, again.best);
  EXPECT_EQ(statistics(two), statistics(again));
  EXPECT_NE(statistics(two), statistics(one)) << "two trees of 60 iterations are not one tree of 120";
}

// A game keeps its search threads (core::SaveFile::search_threads) and its bots search with them:
// the record played again plays the same game move for move, and it replays to its state hash.
TEST(Ai, AGamePlayedWithTwoThreadsASearchIsPlayedAgainFromItsRecord) {
  const auto title = make_title(CHURCHILL_TEST_DATA_DIR);
  core::SaveFile record = title->new_record("training", {}, 0, {{"UK", "bot:rulebook"}, {"US", "bot:ai:easy"}, {"USSR", "bot:rulebook"}});
  record.seed = 5;
  record.search_threads = 2;
  auto play = [&](const core::SaveFile& r) {
    auto match = uncapped_match(r);
    match.run_bots();
    EXPECT_EQ(match.node_kind(), core::NodeKind::Terminal);
    return match.snapshot();
  };
  const core::SaveFile first = play(record), second = play(record);
  EXPECT_EQ(first.actions, second.actions);
  EXPECT_EQ(first.state_hash, second.state_hash);
  EXPECT_EQ(first.search_threads, 2);
  EXPECT_EQ(core::save_from_json(core::save_to_json(first)).search_threads, 2) << "the save keeps the count";
  EXPECT_NO_THROW(title->open(core::save_from_json(core::save_to_json(first)))) << "replays to its state hash";
  record.search_threads = core::kMaxSearchThreads + 1;
  EXPECT_THROW(title->open(record), core::SetupError);
}

// A hint is the search's ranking, and names only what the seat may do now. Where the seat's one legal
// action is forced, the search does not branch on it (the root's edges are those of the decision
// after it), so it answers that action alone, with the value of what follows; elsewhere every ranked
// action is legal. Checked at every decision of two random games.
TEST(Ai, TheSearchRanksOnlyTheSeatsLegalActionsAForcedOneAlone) {
  const Game g(data());
  core::SearchConfig config = fixed_budget();
  config.iterations = 40;
  const core::Ismcts<Game> search(config, normal_hooks());
  int forced = 0, followed = 0, free = 0;
  for (const std::uint64_t seed : {3u, 4u}) {
    State s = g.new_game(*data().scenario("training"), Options{true, false});
    core::Rng chance(seed), choices(seed + 100);
    const auto check = [&](const State& at) {
      const core::NodeKind kind = g.node_kind(at);
      if (kind == core::NodeKind::Chance || kind == core::NodeKind::Terminal) return false;
      const core::Seat seat = test_support::lowest_seat(g.acting_seats(at));
      const State seen = g.observe(at, seat);
      core::ActionList legal;
      g.legal_actions(seen, seat, legal);
      if (legal.size() > 1 && ++free % 25 != 0) return false;  // a sample of the free decisions: each costs a search
      const core::SearchResult r = search.search(g, seen, seat, 7);
      for (const core::ActionValue& v : r.ranked)
        EXPECT_NE(std::find(legal.begin(), legal.end(), v.action), legal.end()) << g.action_to_string(seen, seat, v.action);
      if (legal.size() == 1) {
        ++forced;
        EXPECT_EQ(r.ranked.size(), 1u);
        EXPECT_EQ(r.best, legal[0]);
        followed += r.ranked.front().visits > 0;  // its value is that of the seat's next decision
      }
      return false;
    };
    test_support::play_until(g, s, check, chance, test_support::random_choice(g, choices), 3000);
  }
  EXPECT_GT(forced, 10) << "forced decisions were met";
  EXPECT_GT(followed, 0) << "forced decisions followed by the seat's own next one, whose actions the search once ranked instead";
}

}  // namespace
}  // namespace churchill::testing
