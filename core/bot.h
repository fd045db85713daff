// Bots and the driver that lets them play. A bot sees only its seat's observation (the game's
// `observe`), never the state itself; chance outcomes and bot choices come from separate streams,
// so the same seeds give the same game.
#pragma once

#include <memory>
#include <span>

#include "core/game.h"

namespace core {

template <class G>
class Bot {
 public:
  virtual ~Bot() = default;
  // One of `seat`'s legal actions in `observation` (what `seat` knows of the state).
  virtual Action choose(const G& game, const typename G::State& observation, Seat seat, Rng& rng) = 0;
  // A bot that searches takes up to its level's cap per decision (a second at most); a quick one
  // (a priority list, a random choice) decides at once. A server runs searching bots off its
  // event loop.
  virtual bool searches() const { return false; }
  // True for a bot whose choice reads nothing of the observation but `seat`'s legal actions. A
  // seat's legal actions are the same in the state as in its observation (the rules list what a
  // seat may do from what it knows), so the driver hands such a bot the state itself and spares
  // the copy that `observe` makes at every decision; the choice is the same.
  virtual bool reads_only_legal_actions() const { return false; }
};

// Chooses uniformly among the legal actions. A game may draw the choice itself (random_action: the
// list's item rng.below(size), without building the whole list); the choice is the same.
template <class G>
class RandomBot final : public Bot<G> {
 public:
  Action choose(const G& game, const typename G::State& observation, Seat seat, Rng& rng) override {
    if constexpr (requires { game.random_action(observation, seat, rng); }) return game.random_action(observation, seat, rng);
    ActionList legal;
    game.legal_actions(observation, seat, legal);
    return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  }
  bool reads_only_legal_actions() const override { return true; }
};

// The first seat of `seats` that a bot plays (bots[seat] != nullptr), or -1.
template <class G>
Seat first_bot_seat(SeatMask seats, std::span<Bot<G>* const> bots) {
  for (std::size_t p = 0; p < bots.size(); ++p)
    if ((seats & seat_bit(static_cast<Seat>(p))) && bots[p]) return static_cast<Seat>(p);
  return -1;
}

// Plays from `s` until a seat without a bot must act or the game ends. Each action goes through
// `apply(seat, action)` (seat == kChance for a chance outcome), which must apply it to `s`.
// Returns the number of actions.
template <class G, class Apply>
long play_until_human(const G& g, typename G::State& s, std::span<Bot<G>* const> bots, Rng& chance_rng, Rng& bot_rng, Apply apply) {
  long n = 0;
  OutcomeList outcomes;
  for (NodeKind kind = g.node_kind(s); kind != NodeKind::Terminal; kind = g.node_kind(s)) {
    if (kind == NodeKind::Chance) {
      apply(kChance, draw_chance(g, s, chance_rng, outcomes));
    } else {
      const Seat seat = first_bot_seat<G>(g.acting_seats(s), bots);
      if (seat < 0) return n;  // a human must act
      Bot<G>& bot = *bots[static_cast<std::size_t>(seat)];
      apply(seat, bot.reads_only_legal_actions() ? bot.choose(g, s, seat, bot_rng) : bot.choose(g, g.observe(s, seat), seat, bot_rng));
    }
    ++n;
  }
  return n;
}

}  // namespace core
