// The rules-based bot's campaigns (docs/warroom/bots.md, "Campaigns"): the aim it keeps over several
// rounds. Each round's plan alone attacks only what it can take at once; a Victory condition held by
// a defended capital (Great Britain behind the Channel, Moscow, Greater Germany) is never that. The
// campaign picks one region of the alliance's Victory condition (Victory Check) and the planner
// masses the army next to it, embarks it where the aim lies over the sea, and strikes with
// everything once the massed force is enough (bots_rules_plan.cpp).
#include <algorithm>

#include "warroom/bots_rules.h"
#include "warroom/map.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

bool held_by(const State& s, RegionId r, Alliance side) {
  const Nation c = s.region[r].controller;
  return c != kNoNation && alliance_of(c) == side;
}

// The candidates: the regions of the alliance's Victory condition it does not hold, except a
// territory of the other party of the Soviet-Japanese Pact while it holds (Article One).
std::vector<RegionId> candidates(const Game& g, const State& s, const Assessment& a) {
  std::vector<RegionId> out;
  for (const VictoryTerm& term : g.scenario().victory[at(static_cast<int>(a.side))].all_of)
    for (RegionId r : term.of) {
      const Nation c = s.region[r].controller;
      if (held_by(s, r, a.side) || (c != kNoNation && pact_truce(CCtx{g, s}, a.nation, c))) continue;
      if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
    }
  return out;
}

// A stalled war (kStallRounds quiet rounds): every enemy territory worth taking is an aim too;
// taking one moves the front again (an island beside a narrow passage opens the passage, ruling 35).
void add_stall_candidates(const Assessment& a, const Data& d, std::vector<RegionId>& out) {
  for (const Region& r : d.regions)
    if (r.is_territory() && a.value[r.rid] > 0 && std::find(out.begin(), out.end(), r.rid) == out.end()) out.push_back(r.rid);
}

// A stalled war's aim: the most valuable candidate the alliance's armies beside it (and its own
// troops there) can strike at `odds_percent` of its defence; kNoRegion: none.
RegionId stall_strike(const Game& g, const Assessment& a, const std::vector<RegionId>& aims, int odds_percent) {
  RegionId best = kNoRegion;
  for (RegionId t : aims) {
    const int force = a.land[at(static_cast<int>(a.side))][t] + alliance_beside(g, a, t);
    if (force * 100 >= defence_of(a, t) * odds_percent && (best == kNoRegion || a.value[t] > a.value[best])) best = t;
  }
  return best;
}

// The steps from the nation's nearest land Command to the target (kForceFar: none can reach it,
// e.g. China's armies, which never sail).
int nearest_army(const Game& g, const State& s, Nation nation, const RegionArray<int>& dist) {
  int nearest = kForceFar;
  for (int number = 1; number <= kMaxCommandNumber; ++number) {
    const Command& c = s.command[nation][at(number)];
    if (c.region != kNoRegion && units_in(c) > 0 && command_category(g.data(), nation, number) == Category::Land)
      nearest = std::min(nearest, dist[c.region]);
  }
  return nearest;
}

// How promising a campaign on `t` is: the alliance's land strength within reach (nearer counts more)
// against the defence of the target and its neighbours (which can reinforce it); halved when none of
// the nation's own land Commands is within reach.
double promise(const Game& g, const State& s, const Assessment& a, const RegionArray<int>& dist, RegionId t) {
  const Data& d = g.data();
  const int me = static_cast<int>(a.side), them = 1 - me;
  double ours = 0, theirs = a.land[at(them)][t] + a.air[at(them)][t] / 2.0;
  for (const Region& r : d.regions) {
    const int k = dist[r.rid];
    if (k > kCampaignReach) continue;
    const double w = static_cast<double>(kCampaignReach + 1 - k) / (kCampaignReach + 1);
    ours += w * (a.land[at(me)][r.rid] + a.air[at(me)][r.rid] / 2.0);
  }
  for (RegionId x : neighbours(d, t)) theirs += a.land[at(them)][x] / 2.0;
  const bool own = nearest_army(g, s, a.nation, dist) <= kCampaignReach;
  return (ours + 1) / (theirs + 5) * (own ? 1.0 : 0.5);
}

// An aim over the sea is only as good as the fleet that would cover the crossing: the alliance's
// ships within two regions of the target against the enemy's ships and aircraft there (Troop
// Transports During Battle: unguarded transports are sunk), at most 1.
double command_of_the_sea(const Game& g, const Assessment& a, RegionId t) {
  const Data& d = g.data();
  const int me = static_cast<int>(a.side), them = 1 - me;
  double ours = 0, theirs = a.air[at(them)][t];
  for (const Region& r : d.regions) {
    if (!r.is_sea() || !g.scenario().in_play.test(r.rid) || air_distance(d, r.rid, t) > 2) continue;
    ours += a.naval[at(me)][r.rid];
    theirs += a.naval[at(them)][r.rid] + a.air[at(them)][r.rid];
  }
  return std::min(1.0, (ours + 1) / (theirs + 1));
}

}  // namespace

int strike_odds_percent(int quiet) {
  if (quiet < kStallRounds) return 100;
  return std::max(kStallFloorPercent, 100 - kStallStepPercent * (quiet - kStallRounds + 1));
}

Campaign plan_campaign(const Game& g, const State& s, const Assessment& a, RegionId kept, int quiet) {
  const Data& d = g.data();
  const RegionId capital = d.nations[a.nation].capital;
  const auto on = [&](RegionId t) {
    Campaign c;
    c.target = t;
    c.distance.fill(kForceFar);
    c.distance[t] = 0;
    force_distances(g, !d.nations[a.nation].has(NationRule::LandNeverAtSea), c.distance);
    c.overseas = capital != kNoRegion && land_distance(d, capital, t) == kUnreachable;
    return c;
  };
  std::vector<RegionId> aims = candidates(g, s, a);
  if (quiet >= kStallRounds) {         // a stalled war: strike where the alliance can, at the stalled odds,
    add_stall_candidates(a, d, aims);  // else mass on the most promising enemy territory
    const RegionId t = stall_strike(g, a, aims, strike_odds_percent(quiet));
    if (t != kNoRegion && nearest_army(g, s, a.nation, on(t).distance) < kForceFar) return on(t);
  }
  Campaign best;
  double top = 0;
  for (RegionId t : aims) {
    const Campaign c = on(t);
    if (nearest_army(g, s, a.nation, c.distance) >= kForceFar) continue;
    // A campaign once begun is kept unless another is clearly better (the massed forces stay massed).
    const double p = promise(g, s, a, c.distance, t) * (c.overseas ? command_of_the_sea(g, a, t) : 1.0) * (t == kept ? 1.5 : 1.0);
    if (p > top) top = p, best = c;
  }
  return best;
}

}  // namespace warroom
