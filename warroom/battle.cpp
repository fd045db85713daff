// Phase 4: Combat Operations - Setup, Battles and Battle Debrief (casualty side). Raids live in
// battle_raids.cpp, text in battle_text.cpp. See battle.h for the flow.
#include "warroom/battle.h"

#include <algorithm>
#include "core/expect.h"

#include "warroom/battle_internal.h"

namespace warroom {

namespace rule {
const char* const kStances = "Phase 4 > Battle Setup > 5. Assign Combat Stances";
const char* const kForceAdvantage = "Phase 4 > Battle Setup > 6. Force Advantage";
const char* const kCountDice = "Phase 4 > Resolve Battles > 1. Count Dice";
const char* const kBatches = "Phase 4 > Resolve Battles > 2. Roll Dice in Batches";
const char* const kAssignDamage = "Phase 4 > Resolve Battles > 3. Assign Damage";
const char* const kEscort = "Phase 4 > Cruiser Escort Stance";
const char* const kDive = "Phase 4 > Battle Status Positions > Dive";
const char* const kGarrison = "Phase 4 > Garrison Forces";
const char* const kBombing = "Phase 4 > Raids > Strategic Bombing Raids";
const char* const kConvoy = "Phase 4 > Raids > Resolving Convoy Raids";
const char* const kRepairs = "Phase 4 > Battle Debrief > 1. Assess Unit Status and Pay for Repairs";
const char* const kTransports = "Phase 4 > Battle Debrief > 3. Check for Lost Troop Transports";
}  // namespace rule

void log_event(core::LogSink* log, const char* rule_heading, std::uint16_t event, int a0, int a1, int a2, int a3) {
  if (!log) return;
  core::LogEntry e;
  e.rule = rule_heading;
  e.seat = core::kChance;
  e.event = event;
  e.args = {a0, a1, a2, a3};
  log->add(e);
}

int Row::alive(Nation nation) const { return fresh[nation] + light[nation] + (damaged == nation ? 1 : 0); }
int Row::alive() const {
  int n = 0;
  for (Nation k : kAllNations) n += alive(k);
  return n;
}

std::uint32_t encode(Choice c) {
  return static_cast<std::uint32_t>(c.kind) | std::uint32_t{c.a} << 8 | std::uint32_t{c.b} << 16 | std::uint32_t{c.c} << 24;
}
Choice decode(std::uint32_t v) {
  Choice c;
  c.kind = static_cast<ChoiceKind>(v & 0xFF);
  c.a = static_cast<std::uint8_t>(v >> 8);
  c.b = static_cast<std::uint8_t>(v >> 16);
  c.c = static_cast<std::uint8_t>(v >> 24);
  return c;
}

core::OutcomeList die_outcomes() {
  core::OutcomeList out;
  for (int f = 0; f < kColours; ++f) out.push_back({static_cast<core::Action>(f), kDieTwelfths[f] / 12.0});
  return out;
}

// The side whose Commander is first in Turn Order Rank ("always begins the battle in each Stage").
int first_side(const Battle& b) { return b.rank[b.commander[1]] < b.rank[b.commander[0]] ? 1 : 0; }

bool in_stage(const Battle& b, const Row& r, Stage st) {
  return st == Stage::Air ? b.type(r).category == Category::Air : b.type(r).category != Category::Air;
}

bool has_targets(const Battle& b, int side, Stage st) {
  for (int i = 0; i < b.row_count[side]; ++i)
    if (in_stage(b, b.rows[side][i], st) && b.rows[side][i].alive() > 0) return true;
  return false;
}

// ---- Setup ---------------------------------------------------------------------------------------

namespace {

bool valid_type(const TypeSpec& t) {
  if (t.id >= kMaxTypes || t.stance_count < 1 || t.stance_count > kMaxStances) return false;
  if (static_cast<int>(t.colour) > static_cast<int>(Colour::Red)) return false;
  if (static_cast<int>(t.category) > static_cast<int>(Category::Sea)) return false;
  for (int i = 0; i < t.stance_count; ++i) {
    const StanceSpec& s = t.stance[i];
    if (s.steps < 1 || s.steps > 3 || (s.light_box && s.steps != 3) || (!s.light_box && s.steps == 3)) return false;
    if (static_cast<int>(s.special) > static_cast<int>(Special::Dive)) return false;
    if (s.special == Special::StrategicBombing && (s.raid_dice < 1 || s.raid_dice > kMaxBatch)) return false;
  }
  return true;
}

// The row of `side` for (type, stance), created on first use.
int row_of(Battle& b, int side, const TypeSpec& t, int stance) {
  for (int i = 0; i < b.row_count[side]; ++i)
    if (b.rows[side][i].type == t.id && b.rows[side][i].stance == stance) return i;
  CORE_EXPECT(b.row_count[side] < kMaxRowsPerSide);
  Row& r = b.rows[side][b.row_count[side]];
  r = Row{};
  r.type = t.id;
  r.stance = static_cast<std::uint8_t>(stance);
  return b.row_count[side]++;
}

// A stance with Strategic Bombing is open only to the side opposed to the bombed territory's owner.
bool stance_allowed(const Battle& b, int side, const TypeSpec& t, int stance) {
  if (t.stance[stance].special != Special::StrategicBombing) return true;
  return b.target.present && side == b.raid_side;
}

std::string check_setup(const BattleSetup& s, int& raid_side, int& garrison_side) {
  for (int side = 0; side < kSides; ++side)
    if (index(s.commander[side]) >= kNations) return "each side needs a Commander";
  if (s.commander[0] == s.commander[1]) return "the two Commanders must differ";
  if (s.units.size() > 64 || s.transports.size() > 16) return "too many participant entries";
  std::array<int, kSides> seen{};
  NationArray<int> nation_side{};
  nation_side.fill(-1);
  nation_side[s.commander[0]] = 0;
  nation_side[s.commander[1]] = 1;
  auto claim = [&](int side, Nation nation) {
    if (side < 0 || side >= kSides || index(nation) >= kNations) return false;
    if (nation_side[nation] != -1 && nation_side[nation] != side) return false;
    nation_side[nation] = side;
    return true;
  };
  NationArray<std::array<int, kMaxTypes>> per_type{};
  for (const Participant& p : s.units) {
    if (!claim(p.side, p.nation)) return "a participant's side or nation is invalid";
    if (!valid_type(p.type)) return "a participant's unit type is invalid";
    if (p.stance >= p.type.stance_count) return "a participant's stance is invalid";
    if ((per_type[p.nation][p.type.id] += p.count) > 255) return "too many units of one type";
    seen[p.side] += p.count;
  }
  // One unit type, one set of numbers: the battle keeps a type's once (Battle::types).
  std::array<const TypeSpec*, kMaxTypes> spec{};
  for (const Participant& p : s.units) {
    if (spec[p.type.id] && !(*spec[p.type.id] == p.type)) return "a unit type's numbers differ between participants";
    spec[p.type.id] = &p.type;
  }
  std::array<std::array<bool, kMaxTypes>, kSides> types{};
  std::array<int, kSides> rows{};
  for (const Participant& p : s.units)
    if (!types[p.side][p.type.id]) {
      types[p.side][p.type.id] = true;
      if ((rows[p.side] += p.type.stance_count) > kMaxRowsPerSide) return "too many unit types on one side";
    }
  for (const TransportGroup& t : s.transports)
    if (!claim(t.side, t.nation) || t.type >= kMaxTypes) return "a transport's side, nation or type is invalid";
  raid_side = 0;
  if (s.target.present) {
    // The owner loses the resources even when only its allies' units defend the territory.
    const Nation owner = s.target.owner;
    if (index(owner) >= kNations || !claim(nation_side[owner] != -1 ? nation_side[owner] : s.target.owner_side, owner))
      return "the bombed territory's owner must be on a side";
    raid_side = other(nation_side[owner]);
    if (s.target.construction_count > s.target.construction.size()) return "too many construction entries";
  }
  if (s.garrison) {
    if (index(s.garrison_nation) >= kNations) return "the garrison needs its controller";
    const int gs = nation_side[s.garrison_nation];
    if (gs == -1) return "the garrison's controller must command a side";
    if (seen[gs] != 0) return "a garrison defends only an empty territory (ruling 50)";
    garrison_side = gs;
  }
  return {};
}

// The Commander's nation first, then its allies in Turn Order Rank (ruling 96).
void order_pool_nations(Battle& b, int side, const NationArray<bool>& present) {
  std::uint8_t n = 0;
  b.pool_order[side][n++] = b.commander[side];
  std::array<Nation, kNations> others{};
  std::uint8_t count = 0;
  for (Nation k : kAllNations)
    if (present[k] && k != b.commander[side]) others[count++] = k;
  for (int i = 1; i < count; ++i)  // by Turn Order Rank (insertion: at most 6 allies)
    for (int j = i; j > 0 && b.rank[others[j]] < b.rank[others[j - 1]]; --j) std::swap(others[j], others[j - 1]);
  for (std::uint8_t i = 0; i < count && n < 4; ++i) b.pool_order[side][n++] = others[i];
  b.pool_nations[side] = n;
}

}  // namespace

std::string setup_battle(Battle& b, const BattleSetup& s, core::LogSink* log) {
  int raid_side = 0, garrison_side = 0;
  if (std::string err = check_setup(s, raid_side, garrison_side); !err.empty()) return err;
  Battle n{};
  n.kind = BattleKind::Battle;
  n.commander = s.commander;
  n.rank = s.rank;
  n.orange = s.orange;
  n.port_advantage = s.port_advantage;
  n.stock = s.stock;
  n.target = s.target;
  n.raid_side = static_cast<std::uint8_t>(raid_side);
  n.garrison = s.garrison;
  n.garrison_nation = s.garrison_nation;
  n.garrison_side = static_cast<std::uint8_t>(garrison_side);
  std::array<NationArray<bool>, kSides> present{};
  for (int side = 0; side < kSides; ++side) present[side][s.commander[side]] = true;
  for (const Participant& p : s.units) n.types[p.type.id] = p.type;
  for (const Participant& p : s.units) {
    if (p.count == 0) continue;
    present[p.side][p.nation] = true;
    if (p.stance >= 0) {
      if (!stance_allowed(n, p.side, p.type, p.stance)) return "Strategic Bombing needs an enemy target";
      Row& r = n.rows[p.side][row_of(n, p.side, p.type, p.stance)];
      if (r.fresh[p.nation] + p.count > 255) return "too many units in one row";
      r.fresh[p.nation] += p.count;
      continue;
    }
    if (n.group_count == kMaxGroups) return "too many stance groups";
    Group& g = n.groups[n.group_count++];
    g.side = p.side;
    g.nation = p.nation;
    g.left = p.count;
    g.type = p.type.id;
    while (g.cursor < p.type.stance_count && !stance_allowed(n, g.side, p.type, g.cursor)) ++g.cursor;
    if (g.cursor == p.type.stance_count) return "a unit type has no stance open to it";
  }
  for (const TransportGroup& t : s.transports) {
    n.transports[n.transport_count++] = t;
    present[t.side][t.nation] = true;
  }
  // Groups in decision order: the side whose Commander is first in turn order commits first
  // (ruling 47), nations in turn order, types by id.
  const int first = first_side(n);
  std::stable_sort(n.groups.begin(), n.groups.begin() + n.group_count, [&](const Group& x, const Group& y) {
    const int xs = x.side == first ? 0 : 1, ys = y.side == first ? 0 : 1;
    if (xs != ys) return xs < ys;
    if (n.rank[x.nation] != n.rank[y.nation]) return n.rank[x.nation] < n.rank[y.nation];
    return x.type < y.type;
  });
  for (int side = 0; side < kSides; ++side) order_pool_nations(n, side, present[side]);
  // Force Advantage, once, from the types present whatever their stances (ruling 45).
  std::array<std::array<bool, kMaxTypes>, kSides> has{};
  for (const Participant& p : s.units)
    if (p.count > 0 && p.type.category != Category::Air) has[p.side][p.type.id] = true;
  for (int t = 0; t < kMaxTypes; ++t)
    for (int side = 0; side < kSides; ++side)
      if (has[side][t] && !has[other(side)][t]) n.force_advantage_side_mask[t] |= 1 << side;
  n.phase = Phase::Stances;
  b = n;
  for (int t = 0; t < kMaxTypes; ++t)
    for (int side = 0; side < kSides; ++side)
      if (b.force_advantage_side_mask[t] >> side & 1) log_event(log, rule::kForceAdvantage, kEvForceAdvantage, side, t);
  advance(b, log);
  return {};
}

TypeSpec type_spec(const UnitInfo& u) {
  TypeSpec t;
  t.id = static_cast<std::uint8_t>(index(u.kind));
  t.colour = u.colour;
  t.category = u.category;
  t.stance_count = static_cast<std::uint8_t>(std::min<int>(u.stances, kMaxStances));
  for (int i = 0; i < t.stance_count; ++i) {
    const Stance& s = u.stance[i];
    t.stance[i] = StanceSpec{s.air_dice, s.surface_dice, s.steps, s.light_box, s.white_triangle, s.special, s.raid_dice};
  }
  return t;
}

bool force_advantage(const Battle& b, int side, std::uint8_t type) {
  return type < kMaxTypes && (b.force_advantage_side_mask[type] >> side & 1);
}

// ---- Stances -------------------------------------------------------------------------------------

namespace {

// The stances still open to a group from its cursor on.
int open_stances(const Battle& b, const Group& g) {
  int n = 0;
  const TypeSpec& t = b.type(g);
  for (int i = g.cursor; i < t.stance_count; ++i) n += stance_allowed(b, g.side, t, i);
  return n;
}

void put_in_stance(Battle& b, Group& g, int count, core::LogSink* log) {
  if (count > 0) {
    Row& r = b.rows[g.side][row_of(b, g.side, b.type(g), g.cursor)];
    r.fresh[g.nation] += count;
    log_event(log, rule::kStances, kEvStance, index(g.nation), g.type, g.cursor, count);
  }
  g.left -= count;
  ++g.cursor;
  const TypeSpec& t = b.type(g);
  while (g.cursor < t.stance_count && !stance_allowed(b, g.side, t, g.cursor)) ++g.cursor;
}

// Whether `side` faces no enemy unit at all (an invasion met only by the Garrison Force, which
// the attacking force does not roll against: Phase 4 > Garrison Forces).
bool faces_nobody(const Battle& b, int side) {
  const int enemy = other(side);
  for (int i = 0; i < b.row_count[enemy]; ++i)
    if (b.rows[enemy][i].alive() > 0) return false;
  for (int i = 0; i < b.group_count; ++i)
    if (b.groups[i].side == enemy && b.groups[i].left > 0) return false;
  for (int i = 0; i < b.transport_count; ++i)
    if (b.transports[i].side == enemy && b.transports[i].count > 0) return false;
  return true;
}

// A group's stance decides nothing when its last open stance is the only one, or when no unit
// faces it and it cannot raid: nothing it has would roll.
bool stance_is_moot(const Battle& b, const Group& g) {
  if (open_stances(b, g) == 1) return true;
  if (!faces_nobody(b, g.side)) return false;
  const TypeSpec& t = b.type(g);
  for (int i = g.cursor; i < t.stance_count; ++i)
    if (t.stance[i].special == Special::StrategicBombing && stance_allowed(b, g.side, t, i)) return false;
  return true;
}

}  // namespace

void stance_legal(const Battle& b, std::vector<Choice>& out) {
  const Group& g = b.groups[b.group_cursor];
  for (int k = 0; k <= g.left; ++k) out.push_back({ChoiceKind::Stance, b.group_cursor, static_cast<std::uint8_t>(k), 0});
}

void apply_stance(Battle& b, Choice c, core::LogSink* log) {
  Group& g = b.groups[b.group_cursor];
  put_in_stance(b, g, c.b, log);
}

// Settles what needs no decision: a group's last open stance takes all its units, and so does its
// first when its stance cannot matter (stance_is_moot).
bool settle_stances(Battle& b, core::LogSink* log) {
  while (b.group_cursor < b.group_count) {
    Group& g = b.groups[b.group_cursor];
    if (g.left == 0 || g.cursor >= b.type(g).stance_count) {
      ++b.group_cursor;
      continue;
    }
    if (stance_is_moot(b, g)) {
      put_in_stance(b, g, g.left, log);
      continue;
    }
    return false;
  }
  return true;
}

// ---- Stages --------------------------------------------------------------------------------------

namespace {

int row_dice(const Battle& b, int side, const Row& r, Stage st) {
  const StanceSpec& s = b.spec(r);
  if (st == Stage::Air) return s.air_dice;
  if (s.special == Special::StrategicBombing) return 0;  // they raid instead
  const int fa = b.type(r).category != Category::Air && force_advantage(b, side, r.type) ? 1 : 0;
  return s.surface_dice + fa;
}

}  // namespace

// Count Dice: per row units x (combat value + Force Advantage), per nation, capped at 30 with the
// Commander's nation filled first (ruling 96); nothing if the enemy has no target (ruling 46).
void begin_stage(Battle& b, Stage st, core::LogSink* log) {
  b.stage = st;
  b.phase = st == Stage::Air ? Phase::AirStage : Phase::SurfaceStage;
  std::array<int, kSides> total{};
  for (int side = 0; side < kSides; ++side) {
    b.pool[side].fill(0);
    if (!has_targets(b, other(side), st)) continue;
    NationArray<int> dice{};
    for (int i = 0; i < b.row_count[side]; ++i) {
      const Row& r = b.rows[side][i];
      for (Nation k : kAllNations) dice[k] += r.alive(k) * row_dice(b, side, r, st);
    }
    int room = kMaxStageDice;
    for (int i = 0; i < b.pool_nations[side]; ++i) {
      const Nation k = b.pool_order[side][i];
      const int take = std::min(room, dice[k]);
      b.pool[side][k] = static_cast<std::uint8_t>(take);
      room -= take;
    }
    total[side] = kMaxStageDice - room;
  }
  b.rolling_side = static_cast<std::uint8_t>(first_side(b));
  b.batch_size = b.batch_rolled = 0;
  log_event(log, rule::kCountDice, kEvStage, static_cast<int>(st), total[0], total[1]);
}

int dice_in_pool(const Battle& b, int side) {
  int n = 0;
  for (std::uint8_t v : b.pool[side]) n += v;
  return n;
}

namespace {

// Takes the next batch of up to 10 dice from the pool, nation by nation in pool order.
void start_batch(Battle& b, core::LogSink* log) {
  const int side = b.rolling_side;
  int n = 0;
  for (int i = 0; i < b.pool_nations[side] && n < kMaxBatch; ++i) {
    const Nation k = b.pool_order[side][i];
    while (b.pool[side][k] > 0 && n < kMaxBatch) {
      b.batch[n++] = Die{Colour::Yellow, k, false};
      --b.pool[side][k];
    }
  }
  b.batch_size = static_cast<std::uint8_t>(n);
  b.batch_rolled = 0;
  log_event(log, rule::kBatches, kEvBatch, side, index(b.commander[side]), n);
}

bool black_misses(const Battle& b, const Die& d) { return d.face == Colour::Black && b.orange[d.nation]; }

void push_row_targets(const Battle& b, int side, int i, std::vector<Choice>& out) {
  const Row& r = b.rows[side][i];
  const auto row = static_cast<std::uint8_t>(i);
  if (r.damaged != kNoNation) {  // the row rule: the DAMAGED unit goes first
    out.push_back({ChoiceKind::Hit, row, byte_of(r.damaged), static_cast<std::uint8_t>(Box::Damaged)});
    return;
  }
  for (Nation k : kAllNations) {
    if (r.fresh[k] > 0) out.push_back({ChoiceKind::Hit, row, byte_of(k), static_cast<std::uint8_t>(Box::Fresh)});
    if (r.light[k] > 0) out.push_back({ChoiceKind::Hit, row, byte_of(k), static_cast<std::uint8_t>(Box::Light)});
  }
}

}  // namespace

// The legal targets of a die in the current stage (Assign Damage; White and Black Die Rolls).
void hit_targets(const Battle& b, const Die& d, std::vector<Choice>& out) {
  if (d.face == Colour::White) {
    const int enemy = other(b.rolling_side);
    for (int i = 0; i < b.row_count[enemy]; ++i) {
      const Row& r = b.rows[enemy][i];
      if (in_stage(b, r, b.stage) && r.damaged != kNoNation && b.spec(r).white_triangle)
        out.push_back({ChoiceKind::Hit, static_cast<std::uint8_t>(i), byte_of(r.damaged), static_cast<std::uint8_t>(Box::Damaged)});
    }
    return;
  }
  if (black_misses(b, d)) return;
  const int enemy = other(b.rolling_side);
  for (int i = 0; i < b.row_count[enemy]; ++i) {
    const Row& r = b.rows[enemy][i];
    if (!in_stage(b, r, b.stage)) continue;
    if (d.face != Colour::Black && b.type(r).colour != d.face) continue;
    push_row_targets(b, enemy, i, out);
  }
}

// The die whose hit is resolved next: all of one colour before the next (Y, B, G, R, K, W).
int current_die(const Battle& b) {
  int best = -1;
  for (int i = 0; i < b.batch_size; ++i)
    if (!b.batch[i].done && (best < 0 || b.batch[i].face < b.batch[best].face)) best = i;
  return best;
}

// Moves one unit one step closer to ELIMINATED (Assign Damage).
void step_unit(Battle& b, int side, int row, Nation nation, Box box, const char* heading, core::LogSink* log) {
  Row& r = b.rows[side][row];
  const StanceSpec& s = b.spec(r);
  int now = 3;  // the box reached: 1 light, 2 damaged, 3 eliminated
  switch (box) {
    case Box::Fresh:
      CORE_EXPECT(r.fresh[nation] > 0);
      --r.fresh[nation];
      if (s.steps == 1) {
        ++r.eliminated[nation];
      } else if (s.light_box) {
        ++r.light[nation];
        now = 1;
      } else {
        CORE_EXPECT(r.damaged == kNoNation);
        r.damaged = nation;
        now = 2;
      }
      break;
    case Box::Light:
      CORE_EXPECT(r.light[nation] > 0 && r.damaged == kNoNation);
      --r.light[nation];
      r.damaged = nation;
      now = 2;
      break;
    case Box::Damaged:
      CORE_EXPECT(r.damaged == nation);
      r.damaged = kNoNation;
      ++r.eliminated[nation];
      break;
  }
  // The row's unit type and stance go into the entry, so that the log names the unit hit (Assign
  // Damage: "The two yellows hit a single Infantry Unit in the Defensive Stance").
  log_event(log, heading, kEvHit, side, r.type << 8 | r.stance, index(nation), now);
}

// The Escort row of a side able to take a hit, or -1 ("If the escorting cruiser is sunk the
// ability is lost").
int escort_row(const Battle& b, int side) {
  for (int i = 0; i < b.row_count[side]; ++i) {
    const Row& r = b.rows[side][i];
    if (b.spec(r).special == Special::Escort && r.alive() > 0) return i;
  }
  return -1;
}

bool escortable(const Battle& b, const Row& r) {
  return b.type(r).category == Category::Sea && (b.type(r).colour == Colour::Green || b.type(r).colour == Colour::Red);
}

void escort_legal(const Battle& b, std::vector<Choice>& out) {
  const int side = other(b.rolling_side);
  out.push_back({ChoiceKind::Escort, byte_of(kNoNation), 0, 0});
  const int i = escort_row(b, side);
  CORE_EXPECT(i >= 0);
  std::vector<Choice> targets;
  push_row_targets(b, side, i, targets);  // a damaged escort absorbs before a fresh one (ruling 43)
  for (const Choice& t : targets) out.push_back({ChoiceKind::Escort, t.b, t.c, 0});
}

namespace {

void finish_die(Battle& b, int die) { b.batch[die].done = true; }

void apply_hit(Battle& b, Choice c, core::LogSink* log) {
  const int die = current_die(b);
  const int enemy = other(b.rolling_side);
  const Row& r = b.rows[enemy][c.a];
  if (escortable(b, r) && escort_row(b, enemy) >= 0) {  // the defender may redirect it
    b.pending_die = static_cast<std::uint8_t>(die);
    b.pending_hit = c;
    return;
  }
  step_unit(b, enemy, c.a, nation_at(c.b), static_cast<Box>(c.c), rule::kAssignDamage, log);
  finish_die(b, die);
}

void apply_escort(Battle& b, Choice c, core::LogSink* log) {
  const int enemy = other(b.rolling_side);
  if (nation_byte(c.a) == kNoNation) {
    step_unit(b, enemy, b.pending_hit.a, nation_at(b.pending_hit.b), static_cast<Box>(b.pending_hit.c), rule::kAssignDamage, log);
  } else {
    log_event(log, rule::kEscort, kEvEscort, enemy, c.a);
    step_unit(b, enemy, escort_row(b, enemy), nation_at(c.a), static_cast<Box>(c.b), rule::kEscort, log);
  }
  finish_die(b, b.pending_die);
  b.pending_die = 0xFF;
}

// After each batch of enemy dice, damaged submarines in DIVE flee the battle (ruling 44).
void dive(Battle& b, int side, core::LogSink* log) {
  for (int i = 0; i < b.row_count[side]; ++i) {
    Row& r = b.rows[side][i];
    if (b.spec(r).special != Special::Dive || r.damaged == kNoNation) continue;
    ++r.escaped[r.damaged];
    log_event(log, rule::kDive, kEvDive, side, index(r.damaged));
    r.damaged = kNoNation;
  }
}

// Resolves every die of the batch that needs nobody; false when a decision is due.
bool settle_batch(Battle& b, core::LogSink* log) {
  std::vector<Choice> targets;
  while (b.pending_die == 0xFF) {
    const int die = current_die(b);
    if (die < 0) return true;
    targets.clear();
    hit_targets(b, b.batch[die], targets);
    if (targets.empty()) {
      log_event(log, rule::kAssignDamage, kEvMiss, static_cast<int>(b.batch[die].face), index(b.batch[die].nation));
      finish_die(b, die);
    } else if (targets.size() == 1) {
      apply_hit(b, targets[0], log);
    } else {
      return false;
    }
  }
  return false;
}

}  // namespace

// Runs a stage until a die or a decision is due; true when the stage is over.
bool run_stage(Battle& b, core::LogSink* log) {
  for (;;) {
    if (b.batch_size > 0) {
      if (b.batch_rolled < b.batch_size) return false;
      if (!settle_batch(b, log)) {
        if (b.pending_die != 0xFF) {
          std::vector<Choice> options;
          escort_legal(b, options);
          if (options.size() > 1) return false;
          apply_escort(b, options[0], log);
        }
        if (b.pending_die == 0xFF && current_die(b) >= 0) return false;
        continue;
      }
      dive(b, other(b.rolling_side), log);
      b.batch_size = b.batch_rolled = 0;
      b.rolling_side = static_cast<std::uint8_t>(other(b.rolling_side));
      continue;
    }
    if (dice_in_pool(b, 0) + dice_in_pool(b, 1) == 0) return true;
    if (dice_in_pool(b, b.rolling_side) == 0) {
      b.rolling_side = static_cast<std::uint8_t>(other(b.rolling_side));
      continue;
    }
    if (!has_targets(b, other(b.rolling_side), b.stage)) {  // nothing left to hit: same outcome
      b.pool[b.rolling_side].fill(0);
      continue;
    }
    start_batch(b, log);
  }
}

void battle_die(Battle& b, Colour f, core::LogSink* log) {
  Die& d = b.batch[b.batch_rolled++];
  d.face = f;
  log_event(log, rule::kBatches, kEvDie, b.rolling_side, index(d.nation), static_cast<int>(f));
}

// ---- Debrief: repairs and transports -------------------------------------------------------------

namespace {

bool is_sub(const Battle& b, const Row& r) { return b.spec(r).special == Special::Dive; }

// The next row with a DAMAGED unit left to settle, as side * kMaxRowsPerSide + row, or -1.
int next_damaged(const Battle& b) {
  for (int side = 0; side < kSides; ++side)
    for (int i = 0; i < b.row_count[side]; ++i)
      if (b.rows[side][i].damaged != kNoNation) return side * kMaxRowsPerSide + i;
  return -1;
}

void repaired(Battle& b, int side, int row, int how, core::LogSink* log) {
  Row& r = b.rows[side][row];
  const Nation k = r.damaged;
  r.damaged = kNoNation;
  if (how == 4) {
    ++r.eliminated[k];
    ++r.scrapped[k];
  } else {
    ++r.fresh[k];
    ++r.repaired[k];
    if (how < kResources) {
      --b.stock[k][how];
      ++b.spent[k][how];
    }
  }
  log_event(log, rule::kRepairs, kEvRepair, index(k), r.type, how);
}

// Units present at the end of the battle by kind: air, naval other than submarines, submarines.
struct Presence {
  bool air = false, naval = false, subs = false;
};
Presence presence(const Battle& b, int side) {
  Presence p;
  for (int i = 0; i < b.row_count[side]; ++i) {
    const Row& r = b.rows[side][i];
    int here = r.alive();
    for (std::uint8_t v : r.escaped) here += v;
    if (here == 0) continue;
    if (b.type(r).category == Category::Air)
      p.air = true;
    else if (b.type(r).category == Category::Sea)
      (is_sub(b, r) ? p.subs : p.naval) = true;
  }
  return p;
}

// Check for Lost Troop Transports: sunk by enemy air unless friendly air or surface ships remain;
// by enemy naval units unless any friendly air or naval unit remains (submarines protect against
// ships, not aircraft).
void check_transports(Battle& b, core::LogSink* log) {
  for (int side = 0; side < kSides; ++side) {
    bool any = false;
    for (int i = 0; i < b.transport_count; ++i) any |= b.transports[i].side == side && b.transports[i].count > 0;
    if (!any) continue;
    const Presence own = presence(b, side), enemy = presence(b, other(side));
    const bool by_air = enemy.air && !own.air && !own.naval;
    const bool by_sea = (enemy.naval || enemy.subs) && !own.air && !own.naval && !own.subs;
    if (by_air || by_sea) {
      b.sunk[side] = true;
      log_event(log, rule::kTransports, kEvTransports, side);
    }
  }
}

}  // namespace

void repair_legal(const Battle& b, std::vector<Choice>& out) {
  const int at = next_damaged(b);
  const int side = at / kMaxRowsPerSide, row = at % kMaxRowsPerSide;
  const Row& r = b.rows[side][row];
  for (int res = 0; res < kResources; ++res)
    if (b.stock[r.damaged][res] > 0)
      out.push_back({ChoiceKind::Repair, static_cast<std::uint8_t>(side), static_cast<std::uint8_t>(row), static_cast<std::uint8_t>(res)});
  out.push_back({ChoiceKind::Repair, static_cast<std::uint8_t>(side), static_cast<std::uint8_t>(row), 3});
}

void apply_repair(Battle& b, Choice c, core::LogSink* log) { repaired(b, c.a, c.b, c.c == 3 ? 4 : c.c, log); }

Nation repair_owner(const Battle& b) {
  const int at = next_damaged(b);
  return b.rows[at / kMaxRowsPerSide][at % kMaxRowsPerSide].damaged;
}

// Battle Debrief 1: light damage needs nothing; naval units repair free with Port Advantage; for every
// other unit in a DAMAGED box, carrier fighter tokens included (Debrief › 2 names them among the
// units; ruling 37), the owner pays 1 resource or scraps (only scrapping if it holds none).
bool run_repairs(Battle& b, core::LogSink* log) {
  for (;;) {
    const int at = next_damaged(b);
    if (at < 0) break;
    const int side = at / kMaxRowsPerSide, row = at % kMaxRowsPerSide;
    const Row& r = b.rows[side][row];
    if (b.type(r).category == Category::Sea && b.port_advantage[side]) {
      repaired(b, side, row, 3, log);
      continue;
    }
    std::vector<Choice> options;
    repair_legal(b, options);
    if (options.size() > 1) return false;
    apply_repair(b, options[0], log);
  }
  for (int side = 0; side < kSides; ++side)  // LIGHTLY DAMAGED units return to INITIAL STATUS
    for (int i = 0; i < b.row_count[side]; ++i) {
      Row& r = b.rows[side][i];
      for (Nation k : kAllNations) {
        r.fresh[k] += r.light[k];
        r.light[k] = 0;
      }
    }
  check_transports(b, log);
  return true;
}

// ---- Flow ----------------------------------------------------------------------------------------

bool any_air(const Battle& b) { return has_targets(b, 0, Stage::Air) || has_targets(b, 1, Stage::Air); }

void advance(Battle& b, core::LogSink* log) {
  for (;;) {
    switch (b.phase) {
      case Phase::Stances:
        if (!settle_stances(b, log)) return;
        if (any_air(b)) {
          begin_stage(b, Stage::Air, log);
        } else {
          begin_bombing(b, log);
        }
        break;
      case Phase::AirStage:
        if (!run_stage(b, log)) return;
        begin_bombing(b, log);
        break;
      case Phase::Bombing:
        if (!run_bombing(b, log)) return;
        begin_stage(b, Stage::Surface, log);
        break;
      case Phase::SurfaceStage:
        if (!run_stage(b, log)) return;
        b.phase = Phase::Garrison;
        break;
      case Phase::Garrison:
        if (!run_garrison(b, log)) return;
        b.phase = Phase::Repairs;
        break;
      case Phase::Repairs:
        if (!run_repairs(b, log)) return;
        b.phase = Phase::Done;
        break;
      case Phase::ConvoyTargets:
      case Phase::ConvoyDice:
        if (!run_convoy(b, log)) return;
        b.phase = Phase::Done;
        break;
      case Phase::Done: return;
    }
  }
}

// ---- Public decision API -------------------------------------------------------------------------

Need need(const Battle& b) {
  switch (b.phase) {
    case Phase::Stances: return Need::Stance;
    case Phase::AirStage:
    case Phase::SurfaceStage:
      if (b.pending_die != 0xFF) return Need::Escort;
      return b.batch_rolled < b.batch_size ? Need::Die : Need::Hit;
    case Phase::Bombing: return b.batch_rolled < b.batch_size ? Need::Die : Need::BombingEffect;
    case Phase::Garrison: return b.garrison_rolled < 2 ? Need::Die : Need::GarrisonType;
    case Phase::Repairs: return Need::Repair;
    case Phase::ConvoyTargets: return Need::ConvoyCluster;
    case Phase::ConvoyDice: return b.batch_rolled < b.batch_size ? Need::Die : Need::ConvoyBlack;
    case Phase::Done: return Need::Done;
  }
  return Need::Done;
}

int dice_to_roll(const Battle& b) {
  if (need(b) != Need::Die) return 0;
  return b.phase == Phase::Garrison ? 2 - b.garrison_rolled : b.batch_size - b.batch_rolled;
}

Nation die_nation(const Battle& b, int k) { return b.phase == Phase::Garrison ? b.garrison_nation : b.batch[b.batch_rolled + k].nation; }

Nation deciding_nation(const Battle& b) {
  switch (need(b)) {
    case Need::Stance: return b.commander[b.groups[b.group_cursor].side];
    case Need::Hit: return b.commander[b.rolling_side];
    case Need::Escort: return b.commander[other(b.rolling_side)];
    case Need::GarrisonType: return b.garrison_nation;
    case Need::BombingEffect: return b.commander[b.raid_side];
    case Need::ConvoyCluster:
    case Need::ConvoyBlack: return b.raiders[b.raider_cursor].nation;
    case Need::Repair: return repair_owner(b);
    case Need::Die:
    case Need::Done: return kNoNation;
  }
  return kNoNation;
}

void legal(const Battle& b, std::vector<Choice>& out) {
  out.clear();
  switch (need(b)) {
    case Need::Stance: stance_legal(b, out); break;
    case Need::Hit: hit_targets(b, b.batch[current_die(b)], out); break;
    case Need::Escort: escort_legal(b, out); break;
    case Need::GarrisonType: garrison_legal(b, out); break;
    case Need::BombingEffect: bombing_legal(b, out); break;
    case Need::ConvoyCluster: cluster_legal(b, out); break;
    case Need::ConvoyBlack: black_legal(b, out); break;
    case Need::Repair: repair_legal(b, out); break;
    case Need::Die:
    case Need::Done: break;
  }
}

bool is_legal(const Battle& b, Choice c) {
  std::vector<Choice> options;
  legal(b, options);
  return std::find(options.begin(), options.end(), c) != options.end();
}

bool apply(Battle& b, Choice c, core::LogSink* log) {
  if (!is_legal(b, c)) return false;
  switch (need(b)) {
    case Need::Stance: apply_stance(b, c, log); break;
    case Need::Hit: apply_hit(b, c, log); break;
    case Need::Escort: apply_escort(b, c, log); break;
    case Need::GarrisonType: apply_garrison(b, c, log); break;
    case Need::BombingEffect: apply_bombing(b, c, log); break;
    case Need::ConvoyCluster: apply_cluster(b, c, log); break;
    case Need::ConvoyBlack: apply_black(b, c, log); break;
    case Need::Repair: apply_repair(b, c, log); break;
    case Need::Die:
    case Need::Done: return false;
  }
  advance(b, log);
  return true;
}

bool apply_die(Battle& b, Colour f, core::LogSink* log) {
  if (need(b) != Need::Die || static_cast<int>(f) >= kColours) return false;
  switch (b.phase) {
    case Phase::AirStage:
    case Phase::SurfaceStage: battle_die(b, f, log); break;
    case Phase::Bombing: bombing_die(b, f, log); break;
    case Phase::Garrison: garrison_die(b, f, log); break;
    case Phase::ConvoyDice: convoy_die(b, f, log); break;
    default: return false;
  }
  advance(b, log);
  return true;
}

void play(Battle& b, Choice c, core::LogSink* log) {
  const bool applied = apply(b, c, log);
  CORE_EXPECT(applied);
}

void roll(Battle& b, Colour f, core::LogSink* log) {
  const bool applied = apply_die(b, f, log);
  CORE_EXPECT(applied);
}

// ---- Results -------------------------------------------------------------------------------------

int eliminated(const Battle& b, int side, Nation nation, std::uint8_t type) {
  int n = 0;
  for (int i = 0; i < b.row_count[side]; ++i)
    if (b.rows[side][i].type == type) n += b.rows[side][i].eliminated[nation];
  if (b.sunk[side])
    for (int i = 0; i < b.transport_count; ++i) {
      const TransportGroup& t = b.transports[i];
      if (t.side == side && t.nation == nation && t.type == type) n += t.count;
    }
  return n;
}

int survivors(const Battle& b, int side, Nation nation, std::uint8_t type) {
  int n = 0;
  for (int i = 0; i < b.row_count[side]; ++i) {
    const Row& r = b.rows[side][i];
    if (r.type == type) n += r.alive(nation) + r.escaped[nation];
  }
  if (!b.sunk[side])
    for (int i = 0; i < b.transport_count; ++i) {
      const TransportGroup& t = b.transports[i];
      if (t.side == side && t.nation == nation && t.type == type) n += t.count;
    }
  return n;
}

int land_survivors(const Battle& b, int side) {
  int n = 0;
  for (int i = 0; i < b.row_count[side]; ++i)
    if (b.type(b.rows[side][i]).category == Category::Land) n += b.rows[side][i].alive();
  return n;
}

bool transports_sunk(const Battle& b, int side) { return b.sunk[side]; }

std::int32_t resources_spent(const Battle& b, Nation nation, Resource r) { return b.spent[nation][static_cast<int>(r)]; }

// ---- Fingerprint ---------------------------------------------------------------------------------

namespace {

void hash_type(core::Hasher& h, const TypeSpec& t) {
  h.add(t.id | static_cast<unsigned>(t.colour) << 8 | static_cast<unsigned>(t.category) << 16);
  h.add(t.stance_count);
  for (const StanceSpec& s : t.stance)
    h.add(s.air_dice | s.surface_dice << 8 | s.steps << 16 | static_cast<unsigned>(s.light_box) << 24 |
          static_cast<std::uint64_t>(s.white_triangle) << 32 | static_cast<std::uint64_t>(s.special) << 40 |
          static_cast<std::uint64_t>(s.raid_dice) << 48);
}

template <class A>
void add_all(core::Hasher& h, const A& a) {
  for (const auto& v : a) h.add(static_cast<std::uint64_t>(v));
}

void hash_i32(core::Hasher& h, const NationArray<std::array<std::int32_t, kResources>>& a) {
  for (const auto& row : a)
    for (std::int32_t v : row) h.add(static_cast<std::uint32_t>(v));
}

}  // namespace

void hash_battle(core::Hasher& h, const Battle& b) {
  static_assert(sizeof(Battle) == 3204, "Battle changed: hash every new field, then update this size");
  h.add(static_cast<unsigned>(b.kind) | static_cast<unsigned>(b.phase) << 8 | static_cast<unsigned>(b.stage) << 16);
  add_all(h, b.commander);
  add_all(h, b.rank);
  add_all(h, b.orange);
  add_all(h, b.port_advantage);
  hash_i32(h, b.stock);
  hash_i32(h, b.spent);
  for (int side = 0; side < kSides; ++side) {
    h.add(b.row_count[side]);
    for (int i = 0; i < b.row_count[side]; ++i) {
      const Row& r = b.rows[side][i];
      hash_type(h, b.type(r));
      h.add(r.stance | index(r.damaged) << 8);
      for (const auto* a : {&r.fresh, &r.light, &r.eliminated, &r.escaped, &r.scrapped, &r.repaired}) add_all(h, *a);
    }
  }
  add_all(h, b.force_advantage_side_mask);
  h.add(b.group_count | b.group_cursor << 8);
  for (int i = 0; i < b.group_count; ++i) {
    const Group& g = b.groups[i];
    h.add(g.side | index(g.nation) << 8 | g.cursor << 16 | g.left << 24);
    hash_type(h, b.type(g));
  }
  for (const auto& p : b.pool) add_all(h, p);
  for (const auto& p : b.pool_order) add_all(h, p);
  add_all(h, b.pool_nations);
  h.add(b.rolling_side | b.batch_size << 8 | b.batch_rolled << 16 | b.pending_die << 24);
  for (const Die& d : b.batch) h.add(static_cast<unsigned>(d.face) | index(d.nation) << 8 | static_cast<unsigned>(d.done) << 16);
  h.add(encode(b.pending_hit));
  h.add(b.transport_count);
  for (const TransportGroup& t : b.transports) h.add(t.side | index(t.nation) << 8 | t.type << 16 | t.count << 24);
  add_all(h, b.sunk);
  h.add(static_cast<unsigned>(b.garrison) | static_cast<unsigned>(b.garrison_fired) << 8 | index(b.garrison_nation) << 16 |
        b.garrison_side << 24);
  add_all(h, b.garrison_dice);
  h.add(b.garrison_rolled);
  h.add(static_cast<unsigned>(b.target.present) | index(b.target.owner) << 8 | static_cast<unsigned>(b.target.infrastructure) << 16 |
        b.target.construction_count << 24);
  h.add(static_cast<std::uint8_t>(b.target.owner_side));
  add_all(h, b.target.production);
  for (const ConstructionGroup& g : b.target.construction) h.add(g.type | static_cast<unsigned>(g.colour) << 8 | g.count << 16);
  add_all(h, b.bomb_resource_lost);
  add_all(h, b.construction_destroyed);
  h.add(b.bomb_tokens | b.raid_side << 8 | b.raid_dice << 16);
  h.add(b.cluster_count);
  for (const ConvoyCluster& c : b.clusters) {
    h.add(index(c.owner));
    add_all(h, c.ships);
  }
  for (const RaidingCommand& c : b.raiders) h.add(index(c.nation) | c.units << 8);
  add_all(h, b.raider_cluster);
  h.add(b.raider_count | b.raider_cursor << 8 | b.raider_dice_left << 16);
  for (const auto& c : b.convoy_sunk) add_all(h, c);
}

}  // namespace warroom
