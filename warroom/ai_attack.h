// Attacks weighed by the battle calculator (docs/warroom/ai.md, "Attacks chosen with the calculator"):
// the search bot's candidate sheets of Style::calculated_attacks attack where the calculator gives the
// best expected gain, not where bot:rules' count of unit costs says the force is enough.
#pragma once

#include <cstdint>
#include <vector>

#include "warroom/game.h"

namespace warroom {

// The expected gain of `nation`'s attack on `target` by its Commands `commands` (all that the sheet
// orders there), from its observation: the chance to take (or clear) the region x
// kAttackValueScale x `value` (bot:rules' worth of the region, Assessment::value or ::importance),
// plus the Casualty Points the enemy is expected to lose, minus those the attacker is expected to lose.
// `taken` receives the chance. Not weighable (the calculator refused the position): nothing to gain,
// -1 and `taken` 0.
inline constexpr double kAttackValueScale = 4.0;
double attack_gain(const Game& g, const State& obs, Nation nation, RegionId target, const std::vector<std::uint8_t>& commands, double value,
                   double& taken);

}  // namespace warroom
