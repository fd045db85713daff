// The conformance harness every title runs (OpenSpiel's RandomSimTest): random games, checked after
// every action for what the platform relies on --
//   * every legal action and chance outcome survives its text form (to text and back);
//   * only legal actions are applied: an illegal one is refused and changes nothing;
//   * a seat's legal actions are the same in its observation as in the state;
//   * resampling a seat's hidden information keeps the seat's observation (and so its view);
//   * saving and loading at any point gives the same state hash (at random points in the first 200
//     actions, or spread over the whole game with Options::save_every);
//   * undo, where a seat may undo, gives the state of replaying the remaining actions;
//   * the same seed plays the same game.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/save.h"
#include "core/session.h"
#include "core/session_match.h"
#include "tests/support/sanitized.h"

namespace conformance {

struct Options {
  int games = 20;
  std::uint64_t seed = 1;
  int max_actions = 100000;  // a game longer than this fails the test
  int saves_per_game = 3;    // save/load round trips at random points of the first 200 actions
  int save_every = 0;        // > 0: instead, a round trip about every this many actions, over the whole game
  int resamples_per_action = 1;
  int views_every = 1;              // every seat's view is made at one action in this many
  int check_every = 1;              // the checks of one state (text forms, legality, resampling) at one action in this many
  std::string scenario = "a game";  // for messages
};

struct Stats {
  long actions = 0;
  long resamples = 0;
  long resamples_that_differ = 0;  // the resampled state is not the true one: hidden information was redrawn
  long undos = 0;
  long saves = 0;  // save -> load round trips
  int terminal_games = 0;
};

template <class G>
bool equal_states(const G& g, const typename G::State& a, const typename G::State& b) {
  return g.hash(a) == g.hash(b);
}

template <class G>
core::ActionList legal(const G& g, const typename G::State& s, core::Seat seat) {
  core::ActionList out;
  g.legal_actions(s, seat, out);
  return out;
}

// Checks one state: text forms, legality from the observation, resampling, and (`views`) every seat's view.
template <class G>
void check_state(const G& g, const typename G::State& s, core::Rng& rng, const Options& o, Stats& stats, bool views = true) {
  using State = typename G::State;
  const core::NodeKind kind = g.node_kind(s);
  if (kind == core::NodeKind::Chance) {
    core::OutcomeList outcomes;
    g.chance_outcomes(s, outcomes);
    ASSERT_FALSE(outcomes.empty()) << o.scenario << ": a chance node with no outcomes";
    double total = 0;
    for (const auto& out : outcomes) {
      total += out.probability;
      const std::string text = g.action_to_string(s, core::kChance, out.action);
      ASSERT_EQ(g.action_from_string(s, core::kChance, text), std::optional(out.action))
          << o.scenario << ": chance outcome \"" << text << "\"";
    }
    EXPECT_NEAR(total, 1.0, 1e-9) << o.scenario << ": chance probabilities";
    return;
  }
  if (kind == core::NodeKind::Terminal) return;
  const core::SeatMask acting = g.acting_seats(s);
  ASSERT_NE(acting, 0u) << o.scenario << ": a decision with nobody to decide";
  for (core::Seat seat = 0; seat < g.seat_count(); ++seat) {
    if (!(acting & core::seat_bit(seat))) continue;
    const core::ActionList actions = legal(g, s, seat);
    ASSERT_FALSE(actions.empty()) << o.scenario << ": " << g.seat_name(seat) << " must act but has no legal action";
    for (core::Action a : actions) {
      const std::string text = g.action_to_string(s, seat, a);
      ASSERT_EQ(g.action_from_string(s, seat, text), std::optional(a))
          << o.scenario << ": action \"" << text << "\" of " << g.seat_name(seat);
    }
    const State seen = g.observe(s, seat);
    // The search observes what it is given, which may be an observation already: observing one
    // again must change nothing (else the hidden hands it redraws would be the wrong size).
    ASSERT_TRUE(equal_states(g, g.observe(seen, seat), seen))
        << o.scenario << ": " << g.seat_name(seat) << "'s observation changes when observed again";
    const core::ActionList from_view = legal(g, seen, seat);
    ASSERT_TRUE(std::equal(actions.begin(), actions.end(), from_view.begin(), from_view.end()))
        << o.scenario << ": " << g.seat_name(seat) << "'s legal actions differ in its observation";
    for (int k = 0; k < o.resamples_per_action; ++k) {
      const State guess = g.resample_hidden(seen, seat, rng);
      ++stats.resamples;
      stats.resamples_that_differ += !equal_states(g, guess, s);
      ASSERT_TRUE(equal_states(g, g.observe(guess, seat), seen))
          << o.scenario << ": a state resampled for " << g.seat_name(seat) << " does not match its observation";
      const core::ActionList from_guess = legal(g, guess, seat);
      ASSERT_TRUE(std::equal(actions.begin(), actions.end(), from_guess.begin(), from_guess.end()))
          << o.scenario << ": " << g.seat_name(seat) << "'s legal actions differ in a resampled state";
    }
  }
  if constexpr (core::PresentableGame<G>) {
    for (core::Seat seat = core::kSpectator; seat < g.seat_count() && views; ++seat) {
      if (seat == core::kChance) continue;
      const auto viewer = seat >= 0 ? std::optional(seat) : std::nullopt;
      EXPECT_FALSE(g.view_json(g.observe(s, seat), viewer).is_null());
    }
  }
}

// Flips one bit in each byte of `s` in turn, outside the byte ranges `skip` ([first, last) offsets
// of parts out of play, such as unused slots): every flip that makes a different State (not padding,
// not a popped step) must change the hash. Returns how many bytes were checked.
template <class G>
int expect_every_byte_hashed(const G& g, const typename G::State& s, const char* what,
                             const std::vector<std::pair<std::size_t, std::size_t>>& skip = {}) {
  using State = typename G::State;
  const std::uint64_t h = g.hash(s);
  int checked = 0;
  for (std::size_t i = 0; i < sizeof(State); ++i) {
    if (std::any_of(skip.begin(), skip.end(), [i](const auto& r) { return i >= r.first && i < r.second; })) continue;
    State t;
    std::memcpy(&t, &s, sizeof(State));
    unsigned char byte;
    std::memcpy(&byte, reinterpret_cast<const unsigned char*>(&s) + i, 1);
    byte ^= 1;  // keeps bools 0 or 1
    std::memcpy(reinterpret_cast<unsigned char*>(&t) + i, &byte, 1);
    if (t == s) continue;
    ++checked;
    EXPECT_NE(g.hash(t), h) << what << ": the byte at offset " << i << " of State is not hashed";
  }
  return checked;
}

// An action id that is not legal for the seat here (or nullopt if every small id is legal).
inline std::optional<core::Action> some_illegal(const core::ActionList& legal, core::Rng& rng) {
  for (int tries = 0; tries < 64; ++tries) {
    const core::Action a = rng.below(4096);
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) return a;
  }
  return std::nullopt;
}

// Saves the session as a save file and loads it: the same state hash (`n`: the action, -1 at the end).
template <class G>
void check_save_and_load(const G& g, const typename G::State& initial, const core::Session<G>& session, std::uint64_t seed,
                         const Options& o, int n, Stats& stats) {
  core::SaveFile f;
  f.seed = seed;
  f.actions = core::saved_actions(g, initial, session.history());
  f.state_hash = core::to_hex(g.hash(session.state()));
  EXPECT_NO_THROW(core::load_session(g, initial, f)) << o.scenario << ": save and load at action " << n << " (seed " << seed << ")";
  ++stats.saves;
}

// States along a session's history, one every kEvery actions, so that checking an undo replays the
// history from the nearest one before the action taken back instead of from the first action.
template <class G>
class Checkpoints {
 public:
  using State = typename G::State;
  static constexpr std::size_t kEvery = 128;
  Checkpoints(const G& g, const State& initial) : g_(g) { states_.push_back(initial); }
  // Called after every action: keeps the state at each multiple of kEvery.
  void grow(const std::vector<core::Record>& history, const State& now) {
    if (history.size() == states_.size() * kEvery) states_.push_back(now);
  }
  // The state the history gives, replayed from the last checkpoint within its first `kept` records
  // (those it shares with the history the checkpoints were taken on); later checkpoints are dropped.
  State replay(const std::vector<core::Record>& history, std::size_t kept) {
    states_.resize(std::min(states_.size(), kept / kEvery + 1));
    State s = states_.back();
    for (std::size_t i = (states_.size() - 1) * kEvery; i < history.size(); ++i) g_.apply(s, history[i].seat, history[i].action, nullptr);
    return s;
  }

 private:
  const G& g_;
  std::vector<State> states_;
};

// After an undo: the session's state is the one its history (`before` less what was taken back) gives.
template <class G>
void expect_undo_replays(const G& g, Checkpoints<G>& checkpoints, const std::vector<core::Record>& before, const core::Session<G>& session,
                         const Options& o) {
  const std::vector<core::Record>& after = session.history();
  std::size_t kept = 0;
  while (kept < before.size() && kept < after.size() && before[kept].seat == after[kept].seat && before[kept].action == after[kept].action)
    ++kept;
  EXPECT_EQ(g.hash(checkpoints.replay(after, kept)), g.hash(session.state()))
      << o.scenario << ": undo left a state the history does not give";
}

// Plays one random game through a core::Session from `initial`, checking as it goes (`checked`), or
// only playing it: the checks draw from their own stream, so the game is the same either way.
template <class G>
std::vector<core::Record> play_checked(const G& g, const typename G::State& initial, std::uint64_t seed, const Options& o, Stats& stats,
                                       bool checked = true) {
  core::Session<G> session(g, initial, seed);
  core::Rng rng(seed ^ 0x5bd1e995ULL);
  core::Rng check_rng(seed ^ 0x2545f4914f6cdd1dULL);
  std::vector<int> save_at;
  for (int i = 0; i < o.saves_per_game && o.save_every == 0; ++i) save_at.push_back(static_cast<int>(rng.below(200)));
  core::Rng save_points(seed ^ 0x9e3779b97f4a7c15ULL);  // its own stream: the game's choices do not depend on it
  const auto next_save = [&](int n) {
    return n + 1 + static_cast<int>(save_points.below(static_cast<std::uint32_t>(2 * o.save_every - 1)));
  };
  int save_next = o.save_every > 0 ? next_save(-1) : -1;
  Checkpoints<G> checkpoints(g, initial);
  for (int n = 0; session.node_kind() != core::NodeKind::Terminal; ++n) {
    if (n >= o.max_actions) {
      ADD_FAILURE() << o.scenario << ": no end after " << n << " actions (seed " << seed << ")";
      break;
    }
    if (checked && n % o.check_every == 0) check_state(g, session.state(), check_rng, o, stats, n % o.views_every == 0);
    if (::testing::Test::HasFatalFailure()) return {};
    if (checked && (n == save_next || std::find(save_at.begin(), save_at.end(), n) != save_at.end())) {
      check_save_and_load(g, initial, session, seed, o, n, stats);
      if (n == save_next) save_next = next_save(n);
    }
    if (session.node_kind() == core::NodeKind::Chance) {
      session.sample_chance();
    } else {
      const core::SeatMask acting = g.acting_seats(session.state());
      std::vector<core::Seat> seats;
      for (core::Seat p = 0; p < g.seat_count(); ++p)
        if (acting & core::seat_bit(p)) seats.push_back(p);
      const core::Seat seat = seats[rng.below(static_cast<std::uint32_t>(seats.size()))];
      const core::ActionList actions = session.legal_actions(seat);
      if (const auto bad = some_illegal(actions, rng); bad && checked) {
        const std::uint64_t before = g.hash(session.state());
        EXPECT_THROW(session.act(seat, *bad), core::ActionError) << o.scenario << ": an illegal action was applied";
        EXPECT_EQ(g.hash(session.state()), before) << o.scenario << ": a refused action changed the state";
      }
      session.act(seat, actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
      // Sometimes take it back and choose again: undo must give the state of the remaining actions.
      if (session.can_undo(seat) && rng.below(8) == 0) {
        const std::vector<core::Record> before = checked ? session.history() : std::vector<core::Record>{};
        session.undo(seat);
        ++stats.undos;
        if (checked) expect_undo_replays(g, checkpoints, before, session, o);
      }
    }
    if (checked) checkpoints.grow(session.history(), session.state());
    ++stats.actions;
  }
  stats.terminal_games += session.node_kind() == core::NodeKind::Terminal;
  if (checked && o.save_every > 0) check_save_and_load(g, initial, session, seed, o, -1, stats);  // and the finished game
  return session.history();
}

// Runs `o.games` random games from `initial`; the same seed must give the same game twice.
template <class G>
Stats run(const G& g, const typename G::State& initial, const Options& o) {
  Stats stats;
  for (int i = 0; i < o.games; ++i) {
    const std::uint64_t seed = o.seed + static_cast<std::uint64_t>(i);
    const auto first = play_checked(g, initial, seed, o, stats);
    if (::testing::Test::HasFatalFailure()) return stats;
    if (i == 0) {
      Stats again;  // the same game's states: played only, not checked again
      const auto second = play_checked(g, initial, seed, o, again, false);
      EXPECT_TRUE(first.size() == second.size() && std::equal(first.begin(), first.end(), second.begin(),
                                                              [](const core::Record& a, const core::Record& b) {
                                                                return a.seat == b.seat && a.action == b.action && a.sampled == b.sampled;
                                                              }))
          << o.scenario << ": the same seed played a different game";
    }
  }
  EXPECT_EQ(stats.terminal_games, o.games) << o.scenario << ": every game must reach its end";
  return stats;
}

}  // namespace conformance
