// Shared set-up of the War in the Pacific and Global War tests: the two scenarios, and a nation's
// Phase 3 turn with orders written by hand.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/title.h"
#include "engine_fixture.h"

namespace warroom::testing {

inline Game war_in_the_pacific(int players = 3) { return Game(data(), *data()->find_scenario("war-in-the-pacific"), players); }

// `nation`'s Phase 3 turn, first in turn order, with these orders in boxes 1, 2, ...
inline void movement_turn(const Game& g, State& s, Nation nation, const std::vector<std::pair<int, std::string>>& orders) {
  Sheet& sh = s.sheet[nation];
  for (std::size_t i = 0; i < orders.size(); ++i)
    sh.box[i] = {static_cast<std::uint8_t>(orders[i].first), region(orders[i].second), kWritten};
  s.turn_order.fill(kNoNation);
  s.turn_order[0] = nation;
  start_phase(g, s, 3);
  ASSERT_EQ(top(s), StepId::MovementTurn);
  ASSERT_EQ(step_nation(s.steps.top()), nation);
}

}  // namespace warroom::testing
