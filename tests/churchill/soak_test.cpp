// Random play of whole games from every scenario: only legal actions, sampled chance, invariants
// checked after every action (architecture.md §7), save -> load -> identical state, and a winner.
#include <gtest/gtest.h>

#include "churchill/game.h"
#include "core/save.h"
#include "core/session.h"

namespace {

using churchill::Game;
using churchill::State;

const churchill::Data& data() {
  static const churchill::Data d = churchill::load_data(CHURCHILL_TEST_DATA_DIR);
  return d;
}

void check_invariants(const Game& g, const State& s) {
  const auto& d = g.data();
  for (std::size_t t = 0; t < d.theaters.size(); ++t) ASSERT_LE(s.naval[t], 5) << "6.5: at most five naval in a box";
  for (std::size_t l = 0; l < d.locations.size(); ++l) {
    ASSERT_LE(s.networks[l], 2) << "7.11";
    ASSERT_EQ(s.networks[l] == 0, s.network_owner[l] == churchill::kNone);
  }
  for (int p = 0; p < churchill::kPowers; ++p) {
    ASSERT_LE(__builtin_popcount(s.hand[static_cast<std::size_t>(p)]), churchill::kHandSize);
    ASSERT_EQ(s.hand[static_cast<std::size_t>(p)] & s.draw[static_cast<std::size_t>(p)], 0u) << "a card is in one place";
    ASSERT_GE(s.production[static_cast<std::size_t>(p)], 0);
  }
  for (std::size_t i = 0; i < d.issues.size(); ++i) {
    ASSERT_GE(s.issues[i].space, 0);
    ASSERT_LE(s.issues[i].space, churchill::kChair);
    ASSERT_EQ(s.issues[i].space == 0, s.issues[i].track == churchill::kCenter) << d.issues[i].id;
  }
}

// Fronts never move back (7.71); Axis reserves are conserved (7.61).
void check_progress(const Game& g, const State& before, const State& after) {
  const auto& d = g.data();
  for (std::size_t f = 0; f < d.fronts.size(); ++f) ASSERT_GE(after.front[f], before.front[f]) << d.fronts[f].id;
  for (std::size_t k = 0; k < churchill::kReserveKinds; ++k) {
    int total = 0, placed = after.reserves_pool[k] + after.reserves_lost[k];
    for (const auto& a : d.axis) total += a.reserves[k];
    for (const auto& r : after.reserves_on_front) placed += r[k];
    for (const auto& r : after.reserves_in_box) placed += r[k];
    ASSERT_EQ(placed, total) << "reserve kind " << k;
  }
}

struct Totals {
  int games = 0, both_surrendered = 0;
  long actions = 0;
};

void play_random_game(const Game& g, const churchill::Scenario& sc, std::uint64_t seed, Totals& totals) {
  core::Session<Game> session(g, g.new_game(sc), seed);
  core::Rng pick(seed ^ 0x5eed);
  int steps = 0;
  while (session.node_kind() != core::NodeKind::Terminal) {
    ASSERT_LT(++steps, 40000) << "a game that never ends";
    const State before = session.state();
    if (session.node_kind() == core::NodeKind::Chance) {
      session.sample_chance();
      check_progress(g, before, session.state());
    } else {
      const core::SeatMask seats = g.acting_seats(session.state());
      ASSERT_NE(seats, 0);
      core::Seat seat = 0;
      while (!(seats & core::seat_bit(seat))) ++seat;
      const auto legal = session.legal_actions(seat);
      ASSERT_FALSE(legal.empty()) << "no legal action at step " << static_cast<int>(session.state().steps.top().id);
      const core::Action a = legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
      // Every action's string form parses back to itself.
      ASSERT_EQ(g.action_from_string(session.state(), seat, g.action_to_string(session.state(), seat, a)), a);
      session.act(seat, a);
    }
    check_progress(g, before, session.state());
    check_invariants(g, session.state());
    if (::testing::Test::HasFatalFailure()) return;
  }
  ASSERT_GE(session.state().winner, 0);
  ASSERT_LT(session.state().winner, churchill::kPowers);
  ++totals.games;
  totals.actions += static_cast<long>(session.history().size());
  totals.both_surrendered += session.state().surrendered[0] && session.state().surrendered[1];
  // Save and load: the replay reaches the same state.
  core::SaveFile f;
  f.game = "churchill";
  f.seed = seed;
  f.actions = core::saved_actions(g, g.new_game(sc), session.history());
  f.state_hash = core::to_hex(g.hash(session.state()));
  auto loaded = core::load_session(g, g.new_game(sc), core::save_from_json(core::save_to_json(f)));
  ASSERT_EQ(g.hash(loaded.state()), g.hash(session.state()));
  for (const auto& entry : session.log().entries()) ASSERT_FALSE(g.describe(entry).empty());
}

TEST(GameSoak, RandomGamesFromEveryScenarioEndWithAWinner) {
  const Game g(data());
  for (const auto& sc : data().scenarios) {
    Totals totals;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      SCOPED_TRACE(sc.id + " seed " + std::to_string(seed));
      play_random_game(g, sc, seed, totals);
      if (::testing::Test::HasFatalFailure()) return;
    }
    std::printf("%s: %d games, %ld actions, both Axis powers surrendered in %d\n", sc.id.c_str(), totals.games,
                totals.actions, totals.both_surrendered);
  }
}

}  // namespace
