// The rules-based bot's battle decisions (Phase 4: Combat Operations), over the battle module's
// legal choices (warroom/battle.h): stances by what the enemy brings, hits where they destroy the
// most (Casualty Points as the measure), escorts for carriers and battleships, repairs paid from
// the largest pile, bombs on what hurts longest.
#include <algorithm>

#include "warroom/bots_rules.h"
#include "warroom/rules.h"
#include "warroom/state.h"

namespace warroom {

namespace {

int casualty_value(const Data& d, int type) { return std::max<int>(1, d.units[kind_at(std::min(type, kUnitKinds - 1))].casualty_points); }

struct Enemy {
  int air = 0, surface = 0;
};

// What the other side brings: units already in stances and units still awaiting them.
Enemy enemy_of_side(const Battle& b, int side) {
  Enemy e;
  const int them = 1 - side;
  for (int i = 0; i < b.row_count[at(them)]; ++i) {
    const Row& r = b.rows[at(them)][at(i)];
    (b.type(r).category == Category::Air ? e.air : e.surface) += r.alive();
  }
  for (int i = 0; i < b.group_count; ++i) {
    const Group& gr = b.groups[at(i)];
    if (gr.side == them) (b.type(gr).category == Category::Air ? e.air : e.surface) += gr.left;
  }
  return e;
}

bool side_has(const Battle& b, int side, int type) {
  for (int i = 0; i < b.row_count[at(side)]; ++i)
    if (b.rows[at(side)][at(i)].type == type && b.rows[at(side)][at(i)].alive() > 0) return true;
  for (int i = 0; i < b.group_count; ++i)
    if (b.groups[at(i)].side == side && b.groups[at(i)].type == type) return true;
  return false;
}

// How good a stance is against this enemy: its dice where they have targets, a little for toughness.
double stance_score(const Battle& b, const Group& gr, int stance) {
  const StanceSpec& s = b.type(gr).stance[at(stance)];
  const Enemy e = enemy_of_side(b, gr.side);
  double v = (e.air > 0 ? s.air_dice : 0) + (e.surface > 0 ? s.surface_dice : 0) + 0.25 * s.steps;
  if (s.special == Special::StrategicBombing) v = b.target.present && e.surface == 0 ? 3.0 * s.raid_dice : 0;
  if (s.special == Special::Escort && (side_has(b, gr.side, kCv) || side_has(b, gr.side, kBb))) v += 1.5;
  return v;
}

// Hits: the unit whose loss costs the enemy most; a hit that eliminates counts in full.
double hit_score(const Data& d, const Battle& b, const Choice& c) {
  if (c.a == 0xFF) return 0;
  const Row& r = b.rows[at(1 - b.rolling_side)][c.a];
  const int steps = b.spec(r).steps;
  const int left = c.c == static_cast<int>(Box::Damaged) ? 1 : c.c == static_cast<int>(Box::Light) ? steps - 1 : steps;
  const double value = casualty_value(d, r.type);
  return left <= 1 ? 2 * value : value / left;
}

double score(const Data& d, const Battle& b, const Choice& c) {
  switch (c.kind) {
    case ChoiceKind::Stance: {
      const Group& gr = b.groups[c.a];
      double top = 0;
      int best_stance = gr.cursor;
      for (int i = gr.cursor; i < b.type(gr).stance_count; ++i)
        if (stance_score(b, gr, i) > top) top = stance_score(b, gr, i), best_stance = i;
      return best_stance == gr.cursor ? c.b : -c.b;  // all into the best stance
    }
    case ChoiceKind::Hit: return hit_score(d, b, c);
    case ChoiceKind::Escort: return c.a == byte_of(kNoNation) ? 0 : 1 + c.b;  // a cruiser takes it; a damaged one first
    case ChoiceKind::Garrison: return casualty_value(d, b.rows[at(1 - b.garrison_side)][c.a].type) + c.c;
    case ChoiceKind::Bomb:
      if (c.a == 1) return 2.0 * casualty_value(d, b.target.construction[c.b].type);
      return c.a == 2 ? 6.0 : 1.0;  // a Bomb Token lasts; a resource is one resource
    case ChoiceKind::Cluster: {
      const ConvoyCluster& cl = b.clusters[c.a];
      return cl.ships[0] + cl.ships[1] + cl.ships[2];
    }
    case ChoiceKind::Black: {
      const int cluster = b.raider_cluster[b.raider_cursor];
      return b.convoy_sunk[at(cluster)][c.a] ? -1 : b.clusters[at(cluster)].ships[c.a];
    }
    case ChoiceKind::Repair: {
      if (c.c == 3) return -1;  // scrap only with nothing to pay
      return b.stock[b.rows[c.a][c.b].damaged][c.c];
    }
  }
  return 0;
}

}  // namespace

Choice preferred_choice(const Game& g, const Battle& b) {
  std::vector<Choice> options;
  legal(b, options);
  Choice out = options.empty() ? Choice{} : options[0];
  double top = -1e18;
  for (const Choice& c : options) {
    const double v = score(g.data(), b, c);
    if (v > top) top = v, out = c;
  }
  return out;
}

core::Action battle_decision(const Game& g, const State& obs, const core::ActionList& legal) {
  const Battle& b = obs.battle;
  const Need n = need(b);
  if (b.kind == BattleKind::None || n == Need::Done || n == Need::Die) return legal[0];
  const core::Action a = battle_action(deciding_nation(b), preferred_choice(g, b));  // the rules' text of the choice
  return std::find(legal.begin(), legal.end(), a) != legal.end() ? a : legal[0];
}

}  // namespace warroom
