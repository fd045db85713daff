// Phase 4: Garrison Forces, Strategic Bombing Raids and Raiding Convoys.
#include <algorithm>
#include <cassert>

#include "warroom/battle_internal.h"

namespace warroom {

namespace {

// The resource a bombing or convoy die of this colour destroys: yellow OSR, blue iron, red oil;
// green none (Strategic Bombing Raids; the convoy silhouettes share these colours).
bool face_resource(Colour f, Resource& r) {
  switch (f) {
    case Colour::Yellow: r = Resource::Osr; return true;
    case Colour::Blue: r = Resource::Iron; return true;
    case Colour::Red: r = Resource::Oil; return true;
    default: return false;
  }
}

bool black_misses(const Battle& b, Colour f, Nation nation) { return f == Colour::Black && b.orange[nation]; }

}  // namespace

// ---- Strategic Bombing Raids ---------------------------------------------------------------------

// Bombers in the Strategic Bombing stance that survived the Air stage raid, one at a time, at the
// start of the Surface stage (ruling 97); the Commander's nation's bombers first.
void begin_bombing(Battle& b, core::LogSink*) {
  b.phase = Phase::Bombing;
  b.pool[b.raid_side].fill(0);
  b.batch_size = b.batch_rolled = 0;
  if (!b.target.present) return;
  for (int i = 0; i < b.row_count[b.raid_side]; ++i) {
    const Row& r = b.rows[b.raid_side][i];
    if (b.spec(r).special != Special::StrategicBombing) continue;
    for (Nation k : kAllNations) b.pool[b.raid_side][k] += r.alive(k);
    b.raid_dice = std::max(b.raid_dice, b.spec(r).raid_dice);
  }
}

namespace {

bool resource_open(const Battle& b, Resource r) {
  const int i = static_cast<int>(r);
  return b.bomb_resource_lost[i] < b.target.production[i] && b.stock[b.target.owner][i] > 0;
}

void bombing_options(const Battle& b, const Die& d, std::vector<Choice>& out) {
  if (d.face == Colour::White || black_misses(b, d.face, d.nation)) return;
  if (d.face == Colour::Black) {
    for (int r = 0; r < kResources; ++r)
      if (resource_open(b, static_cast<Resource>(r))) out.push_back({ChoiceKind::Bomb, 0, static_cast<std::uint8_t>(r), 0});
    if (b.target.infrastructure) out.push_back({ChoiceKind::Bomb, 2, 0, 0});
    return;
  }
  for (int i = 0; i < b.target.construction_count; ++i) {
    const ConstructionGroup& g = b.target.construction[i];
    if (g.colour == d.face && b.construction_destroyed[i] < g.count) out.push_back({ChoiceKind::Bomb, 1, static_cast<std::uint8_t>(i), 0});
  }
  Resource r;
  if (face_resource(d.face, r) && resource_open(b, r)) out.push_back({ChoiceKind::Bomb, 0, static_cast<std::uint8_t>(r), 0});
}

}  // namespace

void bombing_legal(const Battle& b, std::vector<Choice>& out) { bombing_options(b, b.batch[current_die(b)], out); }

void apply_bombing(Battle& b, Choice c, core::LogSink* log) {
  const int die = current_die(b);
  switch (c.a) {
    case 0: {
      const Nation owner = b.target.owner;
      ++b.bomb_resource_lost[c.b];
      --b.stock[owner][c.b];
      ++b.spent[owner][c.b];
      break;
    }
    case 1: ++b.construction_destroyed[c.b]; break;
    default: ++b.bomb_tokens; break;
  }
  log_event(log, rule::kBombing, kEvBomb, c.a, c.a == 1 ? b.target.construction[c.b].type : c.b);
  b.batch[die].done = true;
}

void bombing_die(Battle& b, Colour f, core::LogSink* log) {
  Die& d = b.batch[b.batch_rolled++];
  d.face = f;
  log_event(log, rule::kBombing, kEvDie, b.raid_side, index(d.nation), static_cast<int>(f));
}

bool run_bombing(Battle& b, core::LogSink* log) {
  std::vector<Choice> options;
  for (;;) {
    if (b.batch_size > 0) {
      if (b.batch_rolled < b.batch_size) return false;
      const int die = current_die(b);
      if (die >= 0) {
        options.clear();
        bombing_options(b, b.batch[die], options);
        if (options.size() > 1) return false;  // the attacker decides what is destroyed
        if (options.empty()) {
          log_event(log, rule::kBombing, kEvBomb, 3, static_cast<int>(b.batch[die].face));
          b.batch[die].done = true;
        } else {
          apply_bombing(b, options[0], log);
        }
        continue;
      }
      b.batch_size = b.batch_rolled = 0;
    }
    // The next bomber, in pool order (the Commander's nation first).
    Nation nation = kNoNation;
    for (int i = 0; i < b.pool_nations[b.raid_side] && nation == kNoNation; ++i)
      if (b.pool[b.raid_side][b.pool_order[b.raid_side][i]] > 0) nation = b.pool_order[b.raid_side][i];
    if (nation == kNoNation) return true;
    --b.pool[b.raid_side][nation];
    const int dice = std::min<int>(kMaxBatch, b.raid_dice);
    for (int i = 0; i < dice; ++i) b.batch[i] = Die{Colour::Yellow, nation, false};
    b.batch_size = static_cast<std::uint8_t>(dice);
    b.batch_rolled = 0;
    log_event(log, rule::kBombing, kEvBatch, b.raid_side, index(nation), dice);
  }
}

int construction_destroyed(const Battle& b, std::uint8_t type) {
  int n = 0;
  for (int i = 0; i < b.target.construction_count; ++i)
    if (b.target.construction[i].type == type) n += b.construction_destroyed[i];
  return n;
}

int bomb_tokens(const Battle& b) { return b.bomb_tokens; }

// ---- Garrison Forces -----------------------------------------------------------------------------

namespace {

int invaders(const Battle& b) { return other(b.garrison_side); }

bool invading_land(const Battle& b) {
  const int side = invaders(b);
  for (int i = 0; i < b.row_count[side]; ++i)
    if (b.type(b.rows[side][i]).category == Category::Land && b.rows[side][i].alive() > 0) return true;
  return false;
}

}  // namespace

// Two dice of the same colour eliminate one invading land unit of that colour; black is wild
// (a miss from an Orange Zone controller, ruling 49), white misses.
void garrison_legal(const Battle& b, std::vector<Choice>& out) {
  std::array<bool, 4> colour{};
  Colour f0 = b.garrison_dice[0], f1 = b.garrison_dice[1];
  const auto miss = [&](Colour f) { return f == Colour::White || black_misses(b, f, b.garrison_nation); };
  if (miss(f0) || miss(f1)) return;
  if (f0 == Colour::Black && f1 == Colour::Black)
    colour.fill(true);
  else if (f0 == Colour::Black)
    colour[static_cast<int>(f1)] = true;
  else if (f1 == Colour::Black || f0 == f1)
    colour[static_cast<int>(f0)] = true;
  const int side = invaders(b);
  for (int i = 0; i < b.row_count[side]; ++i) {
    const Row& r = b.rows[side][i];
    if (b.type(r).category != Category::Land || !colour[static_cast<int>(b.type(r).colour)]) continue;
    const auto row = static_cast<std::uint8_t>(i);
    for (Nation k : kAllNations) {
      if (r.fresh[k] > 0) out.push_back({ChoiceKind::Garrison, row, byte_of(k), static_cast<std::uint8_t>(Box::Fresh)});
      if (r.light[k] > 0) out.push_back({ChoiceKind::Garrison, row, byte_of(k), static_cast<std::uint8_t>(Box::Light)});
      if (r.damaged == k) out.push_back({ChoiceKind::Garrison, row, byte_of(k), static_cast<std::uint8_t>(Box::Damaged)});
    }
  }
}

// "One Unit of that Type is eliminated (no partial damage, hence no repairs)".
void apply_garrison(Battle& b, Choice c, core::LogSink* log) {
  Row& r = b.rows[invaders(b)][c.a];
  const Nation nation = nation_at(c.b);
  switch (static_cast<Box>(c.c)) {
    case Box::Fresh: --r.fresh[nation]; break;
    case Box::Light: --r.light[nation]; break;
    case Box::Damaged: r.damaged = kNoNation; break;
  }
  ++r.eliminated[nation];
  b.garrison_fired = true;
  log_event(log, rule::kGarrison, kEvGarrison, c.b, r.type);
}

void garrison_die(Battle& b, Colour f, core::LogSink* log) {
  b.garrison_dice[b.garrison_rolled++] = f;
  log_event(log, rule::kGarrison, kEvDie, b.garrison_side, index(b.garrison_nation), static_cast<int>(f));
}

bool run_garrison(Battle& b, core::LogSink* log) {
  if (!b.garrison || b.garrison_fired) return true;
  if (b.garrison_rolled == 0 && !invading_land(b)) {  // no land invader left: the garrison is not attacked
    b.garrison_fired = true;
    return true;
  }
  if (b.garrison_rolled < 2) return false;
  std::vector<Choice> options;
  garrison_legal(b, options);
  if (options.size() > 1) return false;  // the controller chooses (ruling 113)
  if (options.empty()) {
    b.garrison_fired = true;
    log_event(log, rule::kGarrison, kEvGarrison, index(b.garrison_nation), 0xFF);
  } else {
    apply_garrison(b, options[0], log);
  }
  return true;
}

// ---- Raiding Convoys -----------------------------------------------------------------------------

std::string setup_convoy_raid(Battle& b, const ConvoyRaidSetup& s, core::LogSink* log) {
  if (s.clusters.empty() || s.clusters.size() > 8) return "a convoy raid needs 1 to 8 clusters";
  if (s.commands.empty() || s.commands.size() > 8) return "a convoy raid needs 1 to 8 raiding Commands";
  for (const ConvoyCluster& c : s.clusters)
    if (index(c.owner) >= kNations) return "a convoy cluster needs its controller";
  for (const RaidingCommand& c : s.commands)
    if (index(c.nation) >= kNations || c.units == 0) return "a raiding Command needs its nation and units";
  Battle n{};
  n.kind = BattleKind::ConvoyRaid;
  n.phase = Phase::ConvoyTargets;
  n.orange = s.orange;
  n.stock = s.stock;
  for (const ConvoyCluster& c : s.clusters) n.clusters[n.cluster_count++] = c;
  for (const RaidingCommand& c : s.commands) n.raiders[n.raider_count++] = c;
  b = n;
  advance(b, log);
  return {};
}

void cluster_legal(const Battle& b, std::vector<Choice>& out) {
  for (int i = 0; i < b.cluster_count; ++i) out.push_back({ChoiceKind::Cluster, static_cast<std::uint8_t>(i), 0, 0});
}

void apply_cluster(Battle& b, Choice c, core::LogSink*) { b.raider_cluster[b.raider_cursor++] = c.a; }

namespace {

bool ships_left(const Battle& b, int cluster, int r) { return b.clusters[cluster].ships[r] > 0 && !b.convoy_sunk[cluster][r]; }

// "All of the convoy transports of that resource type are sunk within that cluster"; the owner
// loses 1 resource per silhouette (ruling 58), never dropping below 0.
void sink(Battle& b, int r, core::LogSink* log) {
  const int cluster = b.raider_cluster[b.raider_cursor];
  const Nation owner = b.clusters[cluster].owner;
  b.convoy_sunk[cluster][r] = true;
  const std::int32_t loss = std::min<std::int32_t>(b.clusters[cluster].ships[r], std::max(0, b.stock[owner][r]));
  b.stock[owner][r] -= loss;
  b.spent[owner][r] += loss;
  log_event(log, rule::kConvoy, kEvConvoy, cluster, r, b.clusters[cluster].ships[r], loss);
}

}  // namespace

void black_legal(const Battle& b, std::vector<Choice>& out) {
  const int cluster = b.raider_cluster[b.raider_cursor];
  for (int r = 0; r < kResources; ++r)
    if (ships_left(b, cluster, r)) out.push_back({ChoiceKind::Black, static_cast<std::uint8_t>(r), 0, 0});
}

void apply_black(Battle& b, Choice c, core::LogSink* log) {
  sink(b, c.a, log);
  b.batch[current_die(b)].done = true;
}

void convoy_die(Battle& b, Colour f, core::LogSink* log) {
  Die& d = b.batch[b.batch_rolled++];
  d.face = f;
  log_event(log, rule::kConvoy, kEvDie, b.raider_cursor, index(d.nation), static_cast<int>(f));
}

bool run_convoy(Battle& b, core::LogSink* log) {
  if (b.phase == Phase::ConvoyTargets) {
    while (b.raider_cursor < b.raider_count) {
      if (b.cluster_count > 1) return false;  // the raider targets one cluster per Command
      b.raider_cluster[b.raider_cursor++] = 0;
    }
    b.phase = Phase::ConvoyDice;
    b.raider_cursor = 0;
    b.raider_dice_left = b.raiders[0].units;
    b.batch_size = b.batch_rolled = 0;
  }
  std::vector<Choice> options;
  for (;;) {
    if (b.batch_size > 0) {
      if (b.batch_rolled < b.batch_size) return false;
      const int die = current_die(b);
      if (die >= 0) {
        Die& d = b.batch[die];
        const int cluster = b.raider_cluster[b.raider_cursor];
        Resource r;
        if (d.face == Colour::Black && !black_misses(b, d.face, d.nation)) {
          options.clear();
          black_legal(b, options);
          if (options.size() > 1) return false;  // black is wild: the raider picks the colour
          if (options.size() == 1) {
            apply_black(b, options[0], log);
            continue;
          }
        } else if (face_resource(d.face, r) && ships_left(b, cluster, static_cast<int>(r))) {
          sink(b, static_cast<int>(r), log);
          d.done = true;
          continue;
        }
        log_event(log, rule::kConvoy, kEvMiss, static_cast<int>(d.face), index(d.nation));
        d.done = true;
        continue;
      }
      b.batch_size = b.batch_rolled = 0;
    }
    if (b.raider_dice_left == 0) {
      if (++b.raider_cursor >= b.raider_count) {
        b.raider_cursor = static_cast<std::uint8_t>(b.raider_count - 1);
        return true;
      }
      b.raider_dice_left = b.raiders[b.raider_cursor].units;
    }
    const int n = std::min<int>(kMaxBatch, b.raider_dice_left);  // "in batches of up to 10"
    for (int i = 0; i < n; ++i) b.batch[i] = Die{Colour::Yellow, b.raiders[b.raider_cursor].nation, false};
    b.batch_size = static_cast<std::uint8_t>(n);
    b.batch_rolled = 0;
    b.raider_dice_left = static_cast<std::uint8_t>(b.raider_dice_left - n);
    log_event(log, rule::kConvoy, kEvBatch, 0, index(b.raiders[b.raider_cursor].nation), n);
  }
}

}  // namespace warroom
