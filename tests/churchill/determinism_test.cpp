// Speed-ups of the engine must change no game (docs/ai.md, Speed): for fixed seeds, random bots,
// the rulebook 'Bots (rulebook section 11) and the normal search choose exactly the actions they
// chose before, and every game ends in the same state. Each test folds a few games into one
// fingerprint and compares it with the value the engine gave before its speed-ups; a change of
// rules (not of speed) that moves a fingerprint must say so and record the new value.
#include <gtest/gtest.h>

#include "churchill/ai.h"
#include "churchill/bots.h"
#include "core/hash.h"
#include "table_fixture.h"
#include "tests/support/hashing_log.h"

namespace churchill::testing {
namespace {

using test_support::HashingLog;

// Plays the game of `seed` with `bots`, folding into `h` each seat's legal actions, each action,
// the log (when `with_log`) and the final state's hash and score.
void fold_game(const Game& g, const Scenario& sc, const Options& options, const std::array<Bot*, kPowers>& bots, std::uint64_t seed,
               bool with_log, core::Hasher& h) {
  std::uint64_t mix = seed;
  core::Rng chance_rng(core::splitmix64(mix)), bot_rng(core::splitmix64(mix));
  State s = g.new_game(sc, options);
  HashingLog log(h);
  play_until_human(g, s, bots, chance_rng, bot_rng, [&](core::Seat seat, core::Action a) {
    if (seat != core::kChance) {
      core::ActionList legal;
      g.legal_actions(s, seat, legal);
      h.add(legal.size());
      h.add_range(legal.begin(), legal.end());
    }
    h.add((static_cast<std::uint64_t>(static_cast<std::uint8_t>(seat)) << 32) | a);
    g.apply(s, seat, a, with_log ? &log : nullptr);
    h.add(g.hash(s));
  });
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Terminal);
  h.add(g.hash(s));
  h.add(static_cast<std::uint64_t>(g.winner(s)));
  for (int vp : g.score(s, true).total) h.add(static_cast<std::uint64_t>(vp));
}

std::uint64_t fingerprint(std::string_view bot_kind, std::uint64_t games) {
  const Game g(data());
  auto bot = make_bot(bot_kind);
  const std::array<Bot*, kPowers> bots = {bot.get(), bot.get(), bot.get()};
  core::Hasher h;
  for (const auto& sc : data().scenarios)
    for (std::uint64_t seed = 1; seed <= games; ++seed)
      fold_game(g, sc, Options{seed % 2 == 0, seed % 3 == 0}, bots, seed, seed % 4 == 1, h);
  return h.digest();
}

TEST(Determinism, RandomBotGamesAreUnchanged) { EXPECT_EQ(core::to_hex(fingerprint("random", 40)), "1cd54381ef3dd5f6"); }

TEST(Determinism, Rule_11_RulebookBotGamesAreUnchanged) { EXPECT_EQ(core::to_hex(fingerprint("rulebook", 20)), "d3cb268797d4f9e1"); }

// The normal level's search (docs/ai.md) at its full iteration budget, without the processor-time
// cap (which depends on the machine): the ranked actions, visits and values at decision points of a
// campaign game.
TEST(Determinism, NormalSearchIsUnchanged) {
  const Game g(data());
  const std::vector<State> states = decision_states(g, *data().scenario("campaign"), 7, 400);
  core::SearchConfig config = ai_config(*ai_level("normal"));
  config.max_seconds = 0;
  const core::Ismcts<Game> search(config, ai_hooks(ai_level("normal")->evaluation));
  core::Hasher h;
  for (std::size_t i = 0; i < states.size(); i += 40) {
    const core::Seat seat = static_cast<core::Seat>(__builtin_ctz(g.acting_seats(states[i])));
    const core::SearchResult r = search.search(g, states[i], seat, i);
    h.add(r.best);
    for (const core::ActionValue& v : r.ranked) {
      h.add(v.action);
      h.add(static_cast<std::uint64_t>(v.visits));
      h.add(static_cast<std::uint64_t>(v.value * 1e9));
    }
  }
  // Changed when the rulebook 'Bot, in the rollouts' full states, counted the others' cards for its pass
  // (4.22), when the search's own seat took every pass it earns (ai.cpp), and when a forced action
  // became the search's only answer (core/ismcts.h: the ranking of the decision after it no longer
  // stands in its place; a bot never searched a forced action, so games are unchanged).
  EXPECT_EQ(core::to_hex(h.digest()), "59387d6049368ca2");  // the evaluation of 4.4 over imagined ends (docs/ai.md)
}

}  // namespace
}  // namespace churchill::testing
