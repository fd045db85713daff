// Random play-outs, the loop many tests share: from a state, until a position is reached or the game
// ends, a chance node draws its outcome and a decision is taken by the lowest acting seat.
#pragma once

#include <bit>
#include <limits>
#include <utility>

#include "core/bot.h"
#include "core/game.h"

namespace test_support {

// The lowest seat of `acting`: the seat a play-out lets choose first.
inline core::Seat lowest_seat(core::SeatMask acting) { return static_cast<core::Seat>(std::countr_zero(acting)); }

// The choice of a random bot (core::RandomBot unless a title has its own) for the seat, from the
// seat's observation, drawn from `rng`.
template <class G, class Bot = core::RandomBot<G>>
auto random_choice(const G& g, core::Rng& rng) {
  return [&g, &rng](const typename G::State& s, core::Seat seat) { return Bot().choose(g, g.observe(s, seat), seat, rng); };
}

inline constexpr long kNoLimit = std::numeric_limits<long>::max();

// Plays from `s` until `stop(s)` holds, the game ends or `limit` actions were played: a chance node
// draws its outcome from `chance` (core::draw_chance), a decision is `choose(s, seat)` of the lowest
// acting seat. `stop` is asked at every state reached, the first included, so a test may check each
// there; `log` receives the entries. Returns whether `stop` held.
template <class G, class Stop, class Choose>
bool play_until(const G& g, typename G::State& s, Stop&& stop, core::Rng& chance, Choose&& choose, long limit = kNoLimit,
                core::LogSink* log = nullptr) {
  core::OutcomeList outcomes;
  for (long n = 0; !stop(s); ++n) {
    const core::NodeKind kind = g.node_kind(s);
    if (kind == core::NodeKind::Terminal || n >= limit) return false;
    const core::Seat seat = kind == core::NodeKind::Chance ? core::kChance : lowest_seat(g.acting_seats(s));
    g.apply(s, seat, seat == core::kChance ? core::draw_chance(g, s, chance, outcomes) : choose(std::as_const(s), seat), log);
  }
  return true;
}

// The same to the end of the game; returns whether it ended within `limit` actions.
template <class G, class Choose>
bool play_to_end(const G& g, typename G::State& s, core::Rng& chance, Choose&& choose, long limit = kNoLimit,
                 core::LogSink* log = nullptr) {
  return play_until(
      g, s, [&g](const typename G::State& at) { return g.node_kind(at) == core::NodeKind::Terminal; }, chance, choose, limit, log);
}

}  // namespace test_support
