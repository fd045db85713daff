// What a game must provide to be driven by core::Session (OpenSpiel's Game/State split, with the
// state a plain value and the rules a const object holding the data).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/log.h"
#include "core/rng.h"
#include "core/types.h"

namespace core {

// What applying an action did besides changing the state: whether it revealed information some
// seat did not have (a barrier of per-seat undo: core::Session). Every game's apply returns it: its
// rules know when they reveal.
struct Applied {
  bool revealed = false;
};

template <class G>
concept Game = requires(const G g, typename G::State& s, const typename G::State& cs, Seat seat, Action a, ActionList& al, OutcomeList& ol,
                        LogSink* log, std::string_view text) {
  { g.node_kind(cs) } -> std::same_as<NodeKind>;
  { g.acting_seats(cs) } -> std::same_as<SeatMask>;
  g.legal_actions(cs, seat, al);                          // for a seat that may act now
  g.chance_outcomes(cs, ol);                              // at a chance node
  { g.apply(s, seat, a, log) } -> std::same_as<Applied>;  // seat == kChance for a chance outcome
  { g.action_to_string(cs, seat, a) } -> std::convertible_to<std::string>;
  { g.action_from_string(cs, seat, text) } -> std::same_as<std::optional<Action>>;
  { g.hash(cs) } -> std::same_as<std::uint64_t>;
  { g.seat_name(seat) } -> std::convertible_to<std::string>;
  { g.seat_from_name(text) } -> std::same_as<std::optional<Seat>>;
};

// A seat's view of the state: what that seat knows (OpenSpiel's information state). `observe`
// returns the state with everything the seat may not see cleared; for kSpectator, what everyone
// sees. `resample_hidden` fills an observation's hidden parts with one arrangement consistent with
// it, drawn from `rng` (for search bots: a determinization). Bots, views, the server, the leak
// tests and the search all use these two functions and nothing else to hide information.
inline constexpr Seat kSpectator = -2;

template <class G>
concept ObservableGame = Game<G> && requires(const G g, const typename G::State& cs, Seat seat, Rng& rng) {
  { g.seat_count() } -> std::same_as<int>;
  { g.observe(cs, seat) } -> std::same_as<typename G::State>;
  { g.resample_hidden(cs, seat, rng) } -> std::same_as<typename G::State>;
  { g.winners(cs) } -> std::same_as<SeatMask>;  // at a terminal state: the seats that won (0: nobody)
};

// Draws one of a chance node's outcomes by its probability.
inline Action sample_outcome(const OutcomeList& outcomes, Rng& rng) {
  double weights[OutcomeList::capacity()];
  for (std::size_t i = 0; i < outcomes.size(); ++i) weights[i] = outcomes[i].probability;
  return outcomes[rng.pick_weighted(std::span<const double>(weights, outcomes.size()))].action;
}

// Draws the outcome of the chance node `s`: the game's own draw where it has one (sample_chance:
// the outcome sample_outcome picks from the list, by the same calls of `rng`, without building the
// list), else sample_outcome over the list, built in `scratch`.
template <class G>
Action draw_chance(const G& g, const typename G::State& s, Rng& rng, OutcomeList& scratch) {
  if constexpr (requires { g.sample_chance(s, rng); }) {
    return g.sample_chance(s, rng);
  } else {
    scratch.clear();
    g.chance_outcomes(s, scratch);
    return sample_outcome(scratch, rng);
  }
}

}  // namespace core
