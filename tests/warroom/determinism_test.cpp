// Speed-ups of the engine must change no game (docs/warroom/engine.md, "Numbers"): for fixed seeds,
// random bots and rules bots choose exactly the actions they chose before, every seat is offered the
// same legal actions in the same order, sees the same observation, and every action leaves the same
// state. Each test folds games into fingerprints and compares them with the values the engine gave
// before its speed-ups; a change of rules (not of speed) that moves a fingerprint must say so and
// record the new value. The games and their logs are fingerprinted apart: a change of the log alone
// (the repair payment logged apart from bombing losses, 6 December 2026; a cancelled order's reason in
// order_cancelled, later that day) moves only the log's.
#include <string>

#include "core/hash.h"
#include "engine_fixture.h"
#include "tests/support/hashing_log.h"
#include "warroom/bots_rules.h"

namespace warroom::testing {
namespace {

using test_support::HashingLog;

// The two parts of a fingerprint: the games (legal actions, observations, actions, states) and
// their logs, apart, so that a change of the log's words or events shows it left the games alone.
struct Fingerprint {
  std::string games, log;
};

// Plays the game of `seed` with one bot per seat (each on its seat's observation), folding into `h`
// the acting seat's legal actions and observation, each action and the state's hash after every
// action, then the round, the winner and the final hash; and into `log_h` the log (when `with_log`).
void fold_game(const Game& g, std::vector<std::unique_ptr<core::Bot<Game>>>& bots, std::uint64_t seed, bool with_log, core::Hasher& h,
               core::Hasher& log_h) {
  State s = g.new_game();
  core::Rng chance(seed), choices(seed ^ 0x9e3779b97f4a7c15ULL);
  core::OutcomeList outcomes;
  HashingLog log(log_h);
  while (g.node_kind(s) != core::NodeKind::Terminal) {
    core::Seat seat = core::kChance;
    core::Action a = 0;
    if (g.node_kind(s) == core::NodeKind::Chance) {
      a = core::draw_chance(g, s, chance, outcomes);
    } else {
      seat = test_support::lowest_seat(g.acting_seats(s));
      core::ActionList legal;
      g.legal_actions(s, seat, legal);
      h.add(legal.size());
      h.add_range(legal.begin(), legal.end());
      const State seen = g.observe(s, seat);
      h.add(g.hash(seen));
      // A seat's legal actions, in order, are the same in its observation (what it may do follows
      // from what it knows): the game driver hands a random bot the state itself (warroom/bots.cpp).
      core::ActionList offered;
      g.legal_actions(seen, seat, offered);
      ASSERT_TRUE(std::equal(legal.begin(), legal.end(), offered.begin(), offered.end())) << g.phase_text(s);
      a = bots[static_cast<std::size_t>(seat)]->choose(g, seen, seat, choices);
    }
    h.add((static_cast<std::uint64_t>(static_cast<std::uint8_t>(seat)) << 32) | a);
    h.add(g.apply(s, seat, a, with_log ? &log : nullptr).revealed);
    h.add(g.hash(s));
  }
  h.add(s.round);
  h.add(s.winner);
  h.add(g.hash(s));
}

// Every scenario at its smallest and largest seat table, `games` seeds each, stopped at `rounds`.
Fingerprint fingerprint(std::string_view bot_kind, std::uint64_t games, int rounds) {
  core::Hasher h, log_h;
  for (const Scenario& sc : data()->scenarios)
    for (const int players : {sc.seat_tables.front().players, sc.seat_tables.back().players}) {
      Options o;
      o.round_limit = static_cast<std::uint8_t>(rounds);
      const Game g(data(), sc, players, o);
      for (std::uint64_t seed = 1; seed <= games; ++seed) {
        std::vector<std::unique_ptr<core::Bot<Game>>> bots;
        for (int p = 0; p < g.seat_count(); ++p) bots.push_back(make_bot(bot_kind));
        fold_game(g, bots, seed, seed % 4 == 1, h, log_h);
      }
    }
  return {core::to_hex(h.digest()), core::to_hex(log_h.digest())};
}

TEST(WarroomDeterminism, RandomBotGamesAreUnchanged) {
  const Fingerprint f = fingerprint("random", 4, 6);
  EXPECT_EQ(f.games, "fdffb73ede3c1586");
  EXPECT_EQ(f.log, "5bc00b1261e10f93");
}

TEST(WarroomDeterminism, RulesBotGamesAreUnchanged) {
  const Fingerprint f = fingerprint("rules", 2, 4);
  EXPECT_EQ(f.games, "a67d07705f4f2739");
  EXPECT_EQ(f.log, "2c550962542d0291");
}

}  // namespace
}  // namespace warroom::testing
