#include "warroom/ai_attack.h"

#include "warroom/calculator.h"

namespace warroom {

namespace {

// A quick look, enough to rank attacks: bot:rules' stances (no stance search), a small exact budget,
// and at most kAttackSamples Monte Carlo battles to a standard error of kAttackError.
constexpr int kAttackSamples = 300;
constexpr double kAttackError = 0.05;
constexpr long kAttackExactBudget = 3000;

}  // namespace

double attack_gain(const Game& g, const State& obs, Nation nation, RegionId target, const std::vector<std::uint8_t>& commands, double value,
                   double& taken) {
  OddsQuery q;
  q.region = target;
  for (std::uint8_t number : commands) q.moving_in.push_back({nation, number});
  q.samples = kAttackSamples;
  q.error = kAttackError;
  q.search_stances = false;
  q.exact_budget = kAttackExactBudget;
  q.seed = (static_cast<std::uint64_t>(obs.round) << 32) ^ (static_cast<std::uint64_t>(nation) << 16) ^
           static_cast<std::uint64_t>(index(target));  // the same look twice
  const Odds o = odds_from_observation(g, obs, g.seat_of(nation), q);
  taken = 0;
  if (!o.error.empty()) return -1;
  const auto me = static_cast<std::size_t>(alliance_of(nation)), them = 1 - me;
  taken = o.side[me].wins.mean;
  return taken * kAttackValueScale * value + o.side[them].casualty_points.mean - o.side[me].casualty_points.mean;
}

}  // namespace warroom
