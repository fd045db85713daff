// Statistics the self-play commands report (churchill arena, warroom balance).
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>

namespace cli {

// The 95% Wilson score interval of `wins` in `games`.
inline std::pair<double, double> wilson(int wins, int games) {
  if (games == 0) return {0, 1};
  constexpr double z = 1.96;
  const double n = games, p = wins / n, d = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / d, half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace cli
