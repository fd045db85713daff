// Shared set-up of the rules bot's tests: a War Room game at Phase 2 Step 1, where the bot plans.
#pragma once

#include "tests/warroom/engine_fixture.h"

namespace warroom::testing {

// A new game at Phase 2 Step 1, every reorganization window closed without a change.
inline State write_sheets_untouched(const Game& g) {
  State s = g.new_game();
  core::Rng chance(5);
  while (top(s) != StepId::WriteSheets) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      core::OutcomeList outcomes;
      g.chance_outcomes(s, outcomes);
      g.apply(s, core::kChance, core::sample_outcome(outcomes, chance), nullptr);
      continue;
    }
    const Nation nation = step_nation(s.steps.top());
    g.apply(s, g.seat_of(nation), encode(ActionKind::Done, nation), nullptr);
  }
  return s;
}

}  // namespace warroom::testing
