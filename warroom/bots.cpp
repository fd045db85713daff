#include "warroom/bots.h"

#include <bit>

#include "warroom/actions.h"

namespace warroom {

core::Action RandomBot::choose(const Game& game, const State& observation, core::Seat seat, core::Rng& rng) {
  core::ActionList legal;
  game.legal_actions(observation, seat, legal);
  if (legal.size() > 1 && rng.below(4) == 0)
    for (core::Action a : legal)
      if (decode_action(a).kind == ActionKind::Done) return a;
  // A kind first, then an action of that kind: the hundreds of bids on a sheet must not drown the
  // few orders, nor the targets of a move its execution.
  // "done" has had its chance above.
  std::uint32_t kinds = 0;
  for (core::Action a : legal) kinds |= 1u << static_cast<int>(decode_action(a).kind);
  if (kinds != 1u) kinds &= ~1u;
  std::uint32_t pick = rng.below(static_cast<std::uint32_t>(std::popcount(kinds)));
  int kind = 0;
  for (;; ++kind)
    if (((kinds >> kind) & 1u) && pick-- == 0) break;
  std::uint32_t count = 0;
  for (core::Action a : legal) count += static_cast<int>(decode_action(a).kind) == kind;
  std::uint32_t which = rng.below(count);
  for (core::Action a : legal)
    if (static_cast<int>(decode_action(a).kind) == kind && which-- == 0) return a;
  return legal[0];
}

std::unique_ptr<core::Bot<Game>> make_bot(std::string_view kind) {
  if (kind == "random") return std::make_unique<RandomBot>();
  return nullptr;
}

}  // namespace warroom

namespace warroom {

GameResult play_random_game(const Game& g, std::uint64_t seed, const std::function<void(const State&)>& after_action) {
  State s = g.new_game();
  core::Rng chance(seed), choices(seed ^ 0x9e3779b97f4a7c15ULL);
  RandomBot bot;
  core::OutcomeList outcomes;
  GameResult r;
  while (g.node_kind(s) != core::NodeKind::Terminal) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      outcomes.clear();
      g.chance_outcomes(s, outcomes);
      g.apply(s, core::kChance, core::sample_outcome(outcomes, chance), nullptr);
    } else {
      const core::SeatMask acting = g.acting_seats(s);
      core::Seat seat = 0;
      while (!(acting & core::seat_bit(seat))) ++seat;
      g.apply(s, seat, bot.choose(g, g.observe(s, seat), seat, choices), nullptr);
    }
    ++r.actions;
    if (after_action) after_action(s);
  }
  r.rounds = s.round;
  r.winner = s.winner;
  r.stopped = s.winner == 0;
  return r;
}

}  // namespace warroom
