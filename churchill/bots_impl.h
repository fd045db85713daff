// Template definitions for bots.h.
#pragma once

namespace churchill {

template <class Apply>
long play_until_human(const Game& g, State& s, const std::array<Bot*, kPowers>& bots, core::Rng& chance_rng,
                      core::Rng& bot_rng, Apply apply) {
  long n = 0;
  core::OutcomeList outcomes;
  while (g.node_kind(s) != core::NodeKind::Terminal) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      outcomes.clear();
      g.chance_outcomes(s, outcomes);
      apply(core::kChance, core::sample_outcome(outcomes, chance_rng));
    } else {
      const core::SeatMask seats = g.acting_seats(s);
      core::Seat seat = -1;
      for (core::Seat p = 0; p < kPowers && seat < 0; ++p)
        if ((seats & core::seat_bit(p)) && bots[static_cast<std::size_t>(p)]) seat = p;
      if (seat < 0) return n;  // a human must act
      apply(seat, bots[static_cast<std::size_t>(seat)]->choose(g, observe(s, seat), seat, bot_rng));
    }
    ++n;
  }
  return n;
}

}  // namespace churchill
