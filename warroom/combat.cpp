// Phase 4: Combat Operations, the engine's side (rulebook pages "Phase 4: Combat Operations - Setup,
// Battles, Raids, Battle Debrief"; design §2.5, §4.5). The battle itself (stances, stages, dice, hits,
// garrison, bombing, convoy raids, repairs, lost transports) is the battle module's
// (warroom/battle.h); this file
//   * marks the Active regions when Phase 3 ends (Place Hotspot Markers; rulings 55, 94),
//   * runs the Order of Battles (each nation in turn order selects a conflict of its forces, ruling 102),
//   * sets up each battle from the position (Battle Setup › 2-6; the Commander, ruling 48),
//   * drives the module one die (a chance node) or one decision at a time,
//   * and applies the Battle Debrief to the State: casualties, resources, Bomb Tokens, Landing Tags,
//     territory control, captured units, Stress and Medals.
#include <algorithm>
#include "core/expect.h"

#include "warroom/rules.h"

namespace warroom {

namespace {

constexpr const char* kHotspots = "Phase 3 > Place Hotspot Markers";
constexpr const char* kOrder = "Phase 4 > Setup > Order of Battles";
constexpr const char* kCommander = "Phase 4 > Battle Setup > 4. Assign Commander";
constexpr const char* kRemove = "Phase 4 > Battle Debrief > 2. Remove Eliminated Units";
constexpr const char* kRepairs = "Phase 4 > Battle Debrief > 1. Assess Unit Status and Pay for Repairs";
constexpr const char* kBombing = "Phase 4 > Raids > Strategic Bombing Raids";
constexpr const char* kConvoys = "Phase 4 > Raids > Resolving Convoy Raids";
constexpr const char* kTerritory = "Phase 4 > Battle Debrief > 5. Update Territory Status";
constexpr const char* kCapturedUnits = "Phase 4 > Battle Debrief > 5. Update Territory Status > Check for Captured Units";
constexpr const char* kRestoring = "Phase 4 > Battle Debrief > Restoring Control";
constexpr const char* kHotspot = "Phase 4 > Battle Debrief > 6. Update Hotspot Marker";
constexpr const char* kNeutrals = "Neutrals > Attacking Standard Neutrals";
constexpr const char* kStressMedals = "Phase 4 > Battle Debrief > 7. Assign Stress and Medals";

constexpr int kToken = index(UnitKind::CarrierFighter);
constexpr Nation kNobody = kNoNation;
constexpr std::uint8_t kAssignCommand = 0, kAssignClaim = 1, kAssignMedal = 2, kAssignDefence = 3;

struct Numbers {
  int lo = 1, hi = 0;
};
Numbers numbers(const Data& d, Nation nation, Category cat) {
  const NumberRange r = d.nations[nation].commands[at(static_cast<int>(cat))];
  return {std::max(1, static_cast<int>(r.lo)), std::min(static_cast<int>(r.hi), kMaxCommandNumber)};
}

// The units in a region, per nation and unit kind (carrier fighter tokens included); Commands only
// (ruling 109: units under construction never fight).
struct Forces {
  NationArray<std::array<int, kUnitKinds>> n{};
  int of(int side, int lo, int hi) const {  // units of kinds lo..hi of a side
    int total = 0;
    for (Nation nation : kAllNations)
      if (side_of(nation) == side)
        for (int t = lo; t <= hi; ++t) total += n[nation][at(t)];
    return total;
  }
  int land(int side) const { return of(side, kInf, kArm); }
  int any(int side) const { return of(side, kInf, kToken); }
  int fighting_at_sea(int side) const { return of(side, kFtr, kToken); }  // air, naval and tokens: not transports
  // Units of Air and Sea Commands: what may raid a convoy ("per raiding Command"), carrier fighter
  // tokens left out, as they "don't require Command Tokens" (ruling 37).
  int in_commands_at_sea(int side) const { return of(side, kFtr, kBb); }
  int nation_units(Nation nation) const {
    int total = 0;
    for (int v : n[nation]) total += v;
    return total;
  }
};

// `left_out`: the pact party that takes no part in this battle (ruling 52), or kNoNation.
Forces forces(const CCtx& c, RegionId r, Nation left_out = kNoNation) {
  Forces f;
  for (Nation nation : kAllNations) {
    if (!c.s.nation[nation].in_play || nation == left_out) continue;
    for (int cat = 0; cat < kCategories; ++cat) {
      const Category category = static_cast<Category>(cat);
      const Numbers range = numbers(c.d(), nation, category);
      for (int number = range.lo; number <= range.hi; ++number) {
        const Command& cmd = c.s.command[nation][at(number)];
        if (cmd.region != r) continue;
        for (int k = 0; k < type_count(category); ++k) f.n[nation][at(first_type(category) + k)] += cmd.n[at(k)];
      }
    }
    f.n[nation][at(kToken)] = c.s.fighter_tokens.count(nation, r);
  }
  return f;
}

// The forces of every region (by RegionId) in one pass over the Commands, for the checks Place
// Hotspot Markers makes of all regions; without(all[r], left_out) is forces(c, r, left_out).
core::IdVector<RegionId, Forces> all_forces(const CCtx& c) {
  core::IdVector<RegionId, Forces> all{std::vector<Forces>(kMaxRegions)};
  for (Nation nation : kAllNations) {
    if (!c.s.nation[nation].in_play) continue;
    for (int cat = 0; cat < kCategories; ++cat) {
      const Category category = static_cast<Category>(cat);
      const Numbers range = numbers(c.d(), nation, category);
      for (int number = range.lo; number <= range.hi; ++number) {
        const Command& cmd = c.s.command[nation][at(number)];
        if (cmd.region == kNoRegion) continue;
        for (int k = 0; k < type_count(category); ++k) all[cmd.region].n[nation][at(first_type(category) + k)] += cmd.n[at(k)];
      }
    }
  }
  for (const FighterTokens::Place& p : c.s.fighter_tokens.all())
    if (c.s.nation[p.nation].in_play) all[p.region].n[p.nation][at(kToken)] = p.count;
  return all;
}

Forces without(Forces f, Nation left_out) {
  if (left_out != kNoNation) f.n[left_out] = {};
  return f;
}

int rank_of(const State& s, Nation nation) {
  std::array<Nation, kNations> order{};
  const int count = nations_in_turn_order(s, order);
  for (int i = 0; i < count; ++i)
    if (order[at(i)] == nation) return i;
  return kNations;
}

// The nation of a side earliest in Turn Order Rank among `mask` (ruling 48), or kNoNation.
Nation earliest(const State& s, NationSet among) {
  std::array<Nation, kNations> order{};
  const int count = nations_in_turn_order(s, order);
  for (int i = 0; i < count; ++i)
    if (among.test(order[at(i)])) return order[at(i)];
  return kNoNation;
}

NationSet in_play_of_side(const State& s, int side) {
  NationSet out;
  for (Nation n : kAllNations)
    if (in_play(s, n) && side_of(n) == side) out.set(n);
  return out;
}

int controller_side(const State& s, RegionId r) {
  const Nation owner = s.region[r].controller;
  return owner == kNoNation ? -1 : side_of(owner);
}

// What the territory produces as its card lies now ("taking flipped Territory Card status into
// account"): a territory invaded this round still shows its face-up card until the Battle Debrief.
const Resources& production(const CCtx& c, RegionId r) {
  const Region& reg = c.d().region(r);
  return card_embattled(c, r) ? reg.embattled_income : reg.income;
}

// "Strategic bombing may occur in any territory which has a potential target: i.e., resources, Units
// under construction (including Naval Units), and/or Infrastructure."
bool bombing_target(const CCtx& c, RegionId r) {
  const Region& reg = c.d().region(r);
  if (production(c, r).total() > 0 || reg.has_port() || reg.rail || reg.industry) return true;
  const int i = c.g.industry_index(r);
  if (i < 0) return false;
  for (std::uint8_t v : c.s.construction[at(i)].n)
    if (v) return true;
  return false;
}

// Whether a territory's controller can defend it with a garrison or lose it: a nation in play.
// A Collapsed nation's territories are "up for grabs ... (without any Garrison)" (ruling 13).
bool live_controller(const State& s, RegionId r) {
  const Nation owner = s.region[r].controller;
  return owner != kNoNation && in_play(s, owner);
}

// ---- Identifying the Active regions (Place Hotspot Markers; ruling 94) ----

// A land battle, an invasion of an enemy or activated neutral territory, or a strategic bombing raid.
bool territory_conflict(const CCtx& c, RegionId r, const Forces& f) {
  if (f.any(0) && f.any(1)) return true;  // "opposing forces sharing a territory"
  const int owner_side = controller_side(c.s, r);
  for (int side = 0; side < kSides; ++side) {
    // A Collapsed nation's territories are "up for grabs by any Nation" (ruling 13).
    if (owner_side >= 0 && !live_controller(c.s, r) && f.land(side)) return true;
    if (owner_side == side) continue;
    const bool open = owner_side >= 0 || (c.s.region[r].flags & kNeutralActivated);
    if (f.land(side) && open) return true;  // "an invasion of an empty territory (see Garrison)"
    if (owner_side == other(side) && live_controller(c.s, r) && f.of(side, kBmb, kBmb) && bombing_target(c, r)) return true;
  }
  return false;
}

// A sea battle: both sides present and one of them with more than troop transports ("The presence of
// enemy Troop Transports has no effect"; ruling 38).
bool sea_conflict(const Forces& f) { return f.any(0) && f.any(1) && (f.fighting_at_sea(0) || f.fighting_at_sea(1)); }

// Whether the battle that leaves out `left_out` (ruling 52; kNoNation: the ordinary battle) has two
// sides. A territory controlled by the left-out party changes hands in none of its battles: the
// other party does not invade it (Article Three), so only units of third parties there fight.
// `all`, when given, is the region's entry of all_forces.
bool conflict(const CCtx& c, RegionId r, Nation left_out, const Forces* all = nullptr) {
  const Forces f = all ? without(*all, left_out) : forces(c, r, left_out);
  if (c.d().region(r).is_sea()) return sea_conflict(f);
  if (left_out != kNoNation && c.s.region[r].controller == left_out) return f.any(0) && f.any(1);
  return territory_conflict(c, r, f);
}

// Soviet-Japanese Pact, Article Three: with both parties in the region, its two battles (ruling 52).
bool battle_needed(const CCtx& c, RegionId r, const Forces* all = nullptr) {
  const PactBattles p = pact_battles(c, r);
  if (!p.split()) return conflict(c, r, kNoNation, all);
  return conflict(c, r, p.left_out[0], all) || conflict(c, r, p.left_out[1], all);
}

Nation left_out_now(const State& s) { return s.fight.left_out[at(s.fight.battle_no)]; }

// The controller of a convoy (Coastal Convoys; Trans-Ocean Convoys; rulings 56, 57), or kNoNation
// when it is inactive.
Nation convoy_controller(const CCtx& c, const Convoy& cv) {
  if (cv.kind == ConvoyKind::Coastal) return cv.linked == kNoRegion ? kNobody : c.s.region[cv.linked].controller;
  const Nation a = c.s.region[cv.from].controller, b = c.s.region[cv.to].controller;
  if (a == kNoNation || b == kNoNation || side_of(a) != side_of(b)) return kNoNation;  // ruling 56
  if (a == b) return a;
  if (cv.flag != kNoNation && (a == cv.flag || b == cv.flag)) return cv.flag;
  return rank_of(c.s, a) <= rank_of(c.s, b) ? a : b;  // "decide amongst themselves": the earlier (ruling 57)
}

// Identifying Convoy Raids: an active convoy, enemy air or naval forces present, no defending naval or
// air units. Returns the raiding side, or -1. Resolving Convoy Raids: only a Command raids ("one
// Convoy cluster per raiding Command"), so enemy carrier fighter tokens alone raid nothing; a token of
// the convoy's side defends it like any air unit (ruling 37).
// Article Three: the other pact party does not raid a party's convoys.
int raiding_side(const CCtx& c, RegionId r, const Forces* all = nullptr) {
  for (const Convoy& cv : c.d().convoys) {
    if (cv.sea != r) continue;
    const Nation owner = convoy_controller(c, cv);
    if (owner == kNoNation) continue;
    const Nation partner = pact_partner(c, owner);
    const Forces f = all ? without(*all, partner) : forces(c, r, partner);
    const int defender = side_of(owner);
    if (f.in_commands_at_sea(other(defender)) && !f.fighting_at_sea(defender)) return other(defender);
  }
  return -1;
}

// The regions where the nation's forces are, its Commands and carrier fighter tokens: those of the
// conflicts that involve it (Order of Battles), found in one pass over its Commands.
RegionSet regions_of(const CCtx& c, Nation nation) {
  RegionSet where;
  for (const FighterTokens::Place& t : c.s.fighter_tokens.all())
    if (t.nation == nation) where.set(t.region);
  for (int cat = 0; cat < kCategories; ++cat) {
    const Numbers range = numbers(c.d(), nation, static_cast<Category>(cat));
    for (int number = range.lo; number <= range.hi; ++number)
      if (const RegionId r = c.s.command[nation][at(number)].region; r != kNoRegion) where.set(r);
  }
  return where;
}

// Whether r is an Active region whose conflict involves the forces in `where` (regions_of a nation).
bool involves(const State& s, RegionId r, const RegionSet& where) {
  return r != kNoRegion && (s.region[r].flags & kActive) && where.test(r);
}

bool any_active(const State& s) {
  for (const RegionState& r : s.region)
    if (r.flags & kActive) return true;
  return false;
}

// ---- Setting up a battle from the position (Battle Setup › 2-6) ----

NationSet took_part(const Forces& f, int side) {
  NationSet out;
  for (Nation n : kAllNations)
    if (side_of(n) == side && f.nation_units(n) > 0) out.set(n);
  return out;
}

// Port Advantage: a port on the sea region, controlled by the side, without a Bomb Token, its
// controller below the Yellow Zone (ruling 59).
std::array<bool, kSides> port_advantage(const CCtx& c, RegionId sea) {
  std::array<bool, kSides> out{};
  for (const Region& t : c.d().regions) {
    if (!t.has_port() || t.rid == kNoRegion || !c.g.scenario().in_play.test(t.rid)) continue;
    if (std::find(t.port_seas.begin(), t.port_seas.begin() + t.port_count, sea) == t.port_seas.begin() + t.port_count) continue;
    const Nation owner = c.s.region[t.rid].controller;
    if (owner == kNoNation || c.s.region[t.rid].bombs > 0 || c.s.nation[owner].zone >= kYellow) continue;
    out[at(side_of(owner))] = true;
  }
  return out;
}

BombingTarget bombing_target_of(const CCtx& c, RegionId r) {
  BombingTarget t;
  const Region& reg = c.d().region(r);
  if (!reg.is_territory() || !live_controller(c.s, r)) return t;
  t.present = true;
  t.owner = c.s.region[r].controller;
  t.owner_side = static_cast<std::int8_t>(side_of(t.owner));
  const Resources& p = production(c, r);
  for (int k = 0; k < kResources; ++k) t.production[at(k)] = static_cast<std::uint8_t>(std::max<int>(0, p[static_cast<Resource>(k)]));
  t.infrastructure = reg.has_port() || reg.rail || reg.industry;
  const int i = c.g.industry_index(r);
  if (i >= 0)
    for (int type = 0; type < kUnitTypes && t.construction_count < t.construction.size(); ++type)
      if (const int n = c.s.construction[at(i)].n[type_at(type)])
        t.construction[t.construction_count++] = {static_cast<std::uint8_t>(type), c.d().units[kind_at(type)].colour,
                                                  static_cast<std::uint8_t>(n)};
  return t;
}

// The defence of an activated neutral without a controller: the opposing alliance's nation earliest
// in turn order (ruling 103).
Nation neutral_defender(const State& s, int invading_side) { return earliest(s, in_play_of_side(s, other(invading_side))); }

BattleSetup battle_setup(const CCtx& c, RegionId r, const Forces& f) {
  const State& s = c.s;
  BattleSetup b;
  b.commander = s.fight.commander;
  for (Nation n : kAllNations) {
    b.rank[n] = static_cast<std::uint8_t>(rank_of(s, n));
    b.orange[n] = s.nation[n].zone >= kOrange;
    for (int k = 0; k < kResources; ++k) b.stock[n][at(k)] = s.nation[n].res[at(k)];
  }
  const bool sea = c.d().region(r).is_sea();
  if (sea) b.port_advantage = port_advantage(c, r);
  for (Nation n : kAllNations)
    for (int t = 0; t < kUnitKinds; ++t) {
      const int count = f.n[n][at(t)];
      if (!count) continue;
      const std::uint8_t side = static_cast<std::uint8_t>(side_of(n));
      if (sea && category_of(t) == Category::Land && t != kToken) {  // Troop Transports remain on the World Map
        b.transports.push_back({side, n, static_cast<std::uint8_t>(t), static_cast<std::uint8_t>(count)});
        continue;
      }
      b.units.push_back({side, n, type_spec(c.d().units[kind_at(t)]), static_cast<std::uint8_t>(count), -1});
    }
  if (sea) return b;
  const int owner_side = controller_side(s, r);
  const int invaders = owner_side >= 0 ? other(owner_side) : (f.land(0) ? 0 : 1);
  // Garrison Forces (ruling 50): "All empty territories have a garrison force", not a Collapsed
  // nation's (ruling 13).
  if (!f.any(other(invaders)) && f.land(invaders)) {
    if (owner_side >= 0 && live_controller(s, r)) b.garrison = true, b.garrison_nation = s.region[r].controller;
    if (owner_side < 0) b.garrison = true, b.garrison_nation = neutral_defender(s, invaders);
  }
  // One raid per territory per round (ruling 53), never on the left-out party's territory (ruling 52).
  if (owner_side >= 0 && !s.fight.bombed && s.region[r].controller != left_out_now(s) && f.of(other(owner_side), kBmb, kBmb))
    b.target = bombing_target_of(c, r);
  return b;
}

// ---- The Battle Debrief applied to the State ----

void log_lost(Ctx& c, Nation nation, int type, int count, int where) {
  if (count > 0) c.add(kRemove, nation, Event::UnitsLost, type, count, where);
}

// Takes `count` units of `type` of the nation off its Commands in region r, lowest numbers first.
void strip_units(Ctx& c, Nation nation, RegionId r, int type, int count) {
  const Numbers range = numbers(c.d(), nation, category_of(type));
  for (int number = range.lo; number <= range.hi && count > 0; ++number) {
    Command& cmd = c.s.command[nation][at(number)];
    if (cmd.region != r) continue;
    const int take = std::min<int>(count, cmd.n[at(slot_of(type))]);
    cmd.n[at(slot_of(type))] = static_cast<std::uint8_t>(cmd.n[at(slot_of(type))] - take);
    count -= take;
    if (units_in(cmd) == 0) cmd = Command{};  // the token returns to storage
  }
  CORE_EXPECT(count == 0);
}

// Remove Eliminated Units: `count` units of `type` of the nation in region r go to the Casualty List
// (carrier fighter tokens as fighters).
void remove_units(Ctx& c, Nation nation, RegionId r, int type, int count) {
  NationState& ns = c.s.nation[nation];
  log_lost(c, nation, type, count, type == kToken ? 2 : 0);
  if (type == kToken) {
    c.s.fighter_tokens.add(nation, r, -count);
    ns.casualties[type_at(kFtr)] = static_cast<std::uint16_t>(ns.casualties[type_at(kFtr)] + count);
    return;
  }
  ns.casualties[type_at(type)] = static_cast<std::uint16_t>(ns.casualties[type_at(type)] + count);
  strip_units(c, nation, r, type, count);
}

// Attacking Standard Neutrals: "Place the Neutral's defense forces on the invaded Neutral territory
// ... under a Command Token of a Nation of the Alliance which is opposed to the invading force ...
// and the same Nation is given control of the territory."
void place_defence(Ctx& c, RegionId r, Nation nation) {
  const Neutral& n = *c.d().region(r).neutral;
  c.s.region[r].controller = nation;
  const int before = forces(c.view(), r).nation_units(nation);
  // Units no Command Token can take stay off the map (ruling 104); the log counts those placed.
  for (int t = 0; t < kUnitTypes; ++t)
    if (n.defense[type_at(t)]) static_cast<void>(form_units(c.s, c.d(), nation, r, t, n.defense[type_at(t)]));
  c.add(kNeutrals, nation, Event::NeutralDefence, r, forces(c.view(), r).nation_units(nation) - before);
}

using Amounts = std::array<int, kResources>;

// Takes `amount` of each resource from the nation's stock ("A Nation may not drop below 0
// resources"), logged as `e` under `rule`.
void take_resources(Ctx& c, Nation nation, Amounts amount, const char* rule, Event e) {
  auto& res = c.s.nation[nation].res;
  for (int k = 0; k < kResources; ++k) {
    amount[at(k)] = std::min<int>(amount[at(k)], res[at(k)]);
    res[at(k)] -= amount[at(k)];
  }
  if (amount[0] + amount[1] + amount[2]) c.add(rule, nation, e, amount[0], amount[1], amount[2]);
}

// What the battle (or convoy raid) took of the nation's resources, in all, and what its Strategic
// Bombing Raid destroyed of them (the raided territory's owner's); the rest of a battle's is what the
// nation paid for repairs.
Amounts taken(const Battle& b, Nation nation) {
  Amounts out{};
  for (int k = 0; k < kResources; ++k) out[at(k)] = resources_spent(b, nation, static_cast<Resource>(k));
  return out;
}
Amounts bombed(const Battle& b, Nation nation) {
  Amounts out{};
  if (b.target.present && b.target.owner == nation)
    for (int k = 0; k < kResources; ++k) out[at(k)] = b.bomb_resource_lost[at(k)];
  return out;
}

// Battle Debrief › 1. Assess Unit Status and Pay for Repairs: "the owning Nation may pay 1 resource
// (any type) per damaged Unit to repair it" -- a payment, logged apart from what bombing destroyed
// (apply_bombing), which the same battle's resources also hold.
void pay_repairs(Ctx& c) {
  for (Nation n : kAllNations) {
    Amounts paid = taken(c.s.battle, n);
    const Amounts lost = bombed(c.s.battle, n);
    for (int k = 0; k < kResources; ++k) paid[at(k)] -= lost[at(k)];
    take_resources(c, n, paid, kRepairs, Event::RepairsPaid);
  }
}

void remove_casualties(Ctx& c, RegionId r) {
  const Battle& b = c.s.battle;
  for (Nation n : kAllNations)
    for (int t = 0; t < kUnitKinds; ++t)
      if (const int k = eliminated(b, side_of(n), n, static_cast<std::uint8_t>(t))) remove_units(c, n, r, t, k);
}

// Strategic Bombing Raids: the resources destroyed are lost; units under construction destroyed go to
// the owner's Casualty List; Bomb Tokens are placed ("never removed").
void apply_bombing(Ctx& c, RegionId r) {
  const Battle& b = c.s.battle;
  if (b.target.present && b.target.owner != kNoNation)
    take_resources(c, b.target.owner, bombed(b, b.target.owner), kBombing, Event::ResourcesLost);
  const int i = c.g.industry_index(r);
  const Nation owner = c.s.region[r].controller;
  if (i >= 0 && owner != kNoNation)
    for (int t = 0; t < kUnitTypes; ++t)
      if (const int k = std::min<int>(construction_destroyed(b, static_cast<std::uint8_t>(t)), c.s.construction[at(i)].n[type_at(t)])) {
        Construction& k_ = c.s.construction[at(i)];
        k_.n[type_at(t)] = static_cast<std::uint8_t>(k_.n[type_at(t)] - k);
        k_.hold[type_at(t)] = std::min(k_.hold[type_at(t)], k_.n[type_at(t)]);
        c.s.nation[owner].casualties[type_at(t)] = static_cast<std::uint16_t>(c.s.nation[owner].casualties[type_at(t)] + k);
        c.add(kBombing, owner, Event::UnitsLost, t, k, 1);
      }
  if (const int tokens = bomb_tokens(b)) {
    c.s.region[r].bombs = static_cast<std::uint8_t>(c.s.region[r].bombs + tokens);
    c.add(kBombing, kNoNation, Event::BombToken, r, tokens);
  }
}

// Tag Air Commands: "Place Landing Tags atop Air Command tokens as they are moved and/or participate
// in combat this round"; the Commands of a side left without the territory must land elsewhere
// (Evacuate Enemy Air Commands).
void tag_air(Ctx& c, RegionId r) {
  for (Nation n : kAllNations) {
    const Numbers range = numbers(c.d(), n, Category::Air);
    for (int number = range.lo; number <= range.hi; ++number)
      if (c.s.command[n][at(number)].region == r) c.s.command[n][at(number)].flags |= kLandingTag;
  }
}

// The new controller takes the card, the flag and the units under the Industry Token (Check for
// Captured Units; China removes air and naval units to storage).
void set_controller(Ctx& c, RegionId r, Nation nation, Event e) {
  const Nation former = c.s.region[r].controller;
  c.s.region[r].controller = nation;
  c.add(e == Event::Restored ? kRestoring : kTerritory, nation, e, r, former);
  pact_check_capitals(c);  // the Soviet-Japanese Pact ends when Moscow or Greater Germany falls (ruling 68)
  const int i = c.g.industry_index(r);
  if (i < 0) return;
  Construction& k = c.s.construction[at(i)];
  k.hold = {};
  k.to_sea = {};
  if (c.d().nations[nation].has(NationRule::NoCaptureAirNaval)) {
    int removed = 0;
    for (int t = kFtr; t < kUnitTypes; ++t) removed += k.n[type_at(t)], k.n[type_at(t)] = 0;
    if (removed) c.add(kCapturedUnits, nation, Event::ConstructionSeized, r, removed);
  }
  int captured = 0;
  for (const std::uint8_t n : k.n) captured += n;
  if (captured && former != kNoNation) c.add(kCapturedUnits, nation, Event::UnitsCaptured, r, captured, former);
}

// The nations of the victorious side with land units in the territory: who may take it.
NationSet claimants(const CCtx& c, RegionId r, int side) {
  const Forces f = forces(c, r, left_out_now(c.s));
  NationSet out;
  for (Nation n : kAllNations)
    if (side_of(n) == side && (f.n[n][kInf] + f.n[n][kArt] + f.n[n][kArm]) > 0) out.set(n);
  return out;
}

// Restoring Control: "An ally must restore recaptured allied territories to the original controller
// ... unless the original controller is in the Gray Zone"; occupied territories revert (Occupied
// Territories). kNoNation: nobody to restore to.
Nation restore_to(const CCtx& c, RegionId r, int side) {
  const Nation original = c.d().region(r).original();
  if (original == kNoNation || !in_play(c.s, original) || side_of(original) != side) return kNoNation;
  if (c.s.nation[original].zone >= kGray) return kNoNation;
  return original;
}

void give_medals(Ctx& c, Nation nation, int count) {
  c.s.nation[nation].medals = static_cast<std::uint16_t>(c.s.nation[nation].medals + count);
  for (int k = 0; k < count; ++k) c.add(kStressMedals, nation, Event::MedalGiven, c.s.fight.region);
}

// The participating nations of the victorious side that may gain the Medals for territory r taken
// from `former`: not a pact party in the round the pact broke, for the other party's territory
// (Article Four; ruling 61: its own original territories excepted).
NationSet medal_takers(Ctx& c, RegionId r, int side, Nation former) {
  NationSet took = c.s.fight.took_part[at(side)] & in_play_of_side(c.s, side);
  for (Nation n : kAllNations)
    if (former != kNoNation && took.test(n) && pact_denies_medal(c.view(), n, r, former)) {
      took.reset(n);
      c.add(kPactArticle4, n, Event::MedalDenied, r, former);
    }
  return took;
}

// Update Territory Status, then Assign Stress and Medals for the captured territory. The Stress and
// Medals are settled first, as they always were (the pact's end at a capital's fall must not change
// who may take the Medals), but their log lines follow Step 5's: Step 7 comes after Step 5.
void capture(Ctx& c, RegionId r, int side) {
  core::LogBuffer step7;
  Ctx later{c.g, c.s, c.log ? &step7 : nullptr};
  const auto then_step7 = [&] {
    for (const core::LogEntry& e : step7.entries()) c.log->add(e);
  };
  Fight& f = c.s.fight;
  const Nation former = c.s.region[r].controller;
  const Region& reg = c.d().region(r);
  f.victor = static_cast<std::uint8_t>(side);
  // APPLY STRESS: "A territory's former controller gains Stress equal to the SV of the lost territory."
  if (former != kNoNation && in_play(c.s, former) && reg.sv) {
    c.s.nation[former].stress += reg.sv;
    later.add(kStressMedals, former, Event::TerritoryStress, r, reg.sv);
  }
  // APPLY MEDALS: 1 for a territory, 3 for a capital (ruling 60); none for neutrals (ruling 114) nor
  // for a Collapsed ally's territory (ruling 13).
  const bool from_enemy = former != kNoNation && side_of(former) != side;
  const int medals = reg.neutral || !from_enemy ? 0 : reg.capital_of != kNoNation ? 3 : 1;
  f.medal_to = medal_takers(later, r, side, medals ? former : kNoNation);
  const NationSet took = f.medal_to;
  if (medals && took.any()) {
    if (took.count() == 1)
      give_medals(later, took.nth(0), medals);
    else
      f.medals = static_cast<std::uint8_t>(medals), c.s.steps.push(step::Medal{f.commander[at(side)]});
  }
  const Nation back = restore_to(c.view(), r, side);
  const NationSet who = claimants(c.view(), r, side);
  if (back != kNoNation)
    set_controller(c, r, back, Event::Restored);
  else if (who.count() == 1)
    set_controller(c, r, who.nth(0), Event::Captured);
  // "If the territory is captured and there were multiple Nations on the victorious side, the
  // Commander decides which of those Nations will be the new controller."
  else
    c.s.steps.push(step::Claim{f.commander[at(side)]});
  then_step7();
}

// Update Territory Status (land battles): "If all Land Units on one side are eliminated, the surviving
// Land Units capture (or retain) the territory."
void update_territory(Ctx& c, RegionId r) {
  const Forces f = forces(c.view(), r, left_out_now(c.s));
  const int owner_side = controller_side(c.s, r);
  const bool may_change = c.s.region[r].controller != left_out_now(c.s) || left_out_now(c.s) == kNoNation;  // ruling 52
  for (int side = 0; side < kSides && may_change; ++side)
    if ((owner_side != side || !live_controller(c.s, r)) && f.land(side) && !f.land(other(side))) return capture(c, r, side);
  if (f.land(0) && f.land(1)) c.add(kHotspot, kNoNation, Event::Embattled, r);
}

// Battle Debrief 4. Return Command Stacks to World Map: "and optionally reorganize within that
// region" — each nation with something there to split or merge, in turn order (Reorganizing Commands).
void offer_reorganizing(Ctx& c, RegionId r) {
  std::array<Nation, kNations> order{}, offered{};
  const int count = nations_in_turn_order(c.s, order);
  int n = 0;
  for (int i = 0; i < count; ++i) {
    if (order[at(i)] == left_out_now(c.s)) continue;  // it took no part in this battle (ruling 52)
    int stacks = 0, units = 0;
    for (const Command& cmd : c.s.command[order[at(i)]])
      if (cmd.region == r && units_in(cmd) > 0) ++stacks, units += units_in(cmd);
    if (stacks > 1 || units > 1) offered[at(n++)] = order[at(i)];
  }
  push_per_nation<step::Reorganize>(c.s, offered, n, kReorganizeDebrief);
}

void debrief(Ctx& c) {
  const RegionId r = c.s.fight.region;
  remove_casualties(c, r);
  pay_repairs(c);
  apply_bombing(c, r);
  tag_air(c, r);
  if (c.d().region(r).is_territory())
    update_territory(c, r), face_card(c, r);

  else if (const Forces f = forces(c.view(), r, left_out_now(c.s)); f.of(0, kSub, kBb) && f.of(1, kSub, kBb))
    c.add(kHotspot, kNoNation, Event::Embattled, r);
  offer_reorganizing(c, r);  // above any Claim or Medal decision: Step 4 comes before Steps 5 and 6
}

// ---- Convoy raids ----

bool setup_raid(Ctx& c, RegionId r) {
  if (!(c.s.region[r].flags & kRaidOk)) return false;
  const int raiders = raiding_side(c.view(), r);  // ruling 55: defenders destroyed since still bar the raid
  if (raiders < 0) return false;
  ConvoyRaidSetup setup;
  for (Nation n : kAllNations) {
    setup.orange[n] = c.s.nation[n].zone >= kOrange;
    for (int k = 0; k < kResources; ++k) setup.stock[n][at(k)] = c.s.nation[n].res[at(k)];
  }
  for (const Convoy& cv : c.d().convoys) {
    const Nation owner = cv.sea == r ? convoy_controller(c.view(), cv) : kNobody;
    if (owner == kNoNation || side_of(owner) == raiders || setup.clusters.size() >= 8) continue;
    setup.clusters.push_back({owner,
                              {static_cast<std::uint8_t>(cv.silhouettes.oil), static_cast<std::uint8_t>(cv.silhouettes.iron),
                               static_cast<std::uint8_t>(cv.silhouettes.osr)}});
  }
  // "1 die per Air or Naval Unit present ... in the raiding Command": carrier fighter tokens are in no
  // Command and add no dice (ruling 37). A pact party does not raid the other's convoys

  // (Article Three), so it stays out of a raid on a cluster of the other party.
  NationSet spared;
  for (const ConvoyCluster& cl : setup.clusters)
    if (const Nation p = pact_partner(c.view(), cl.owner); p != kNoNation) spared.set(p);
  for (Nation n : kAllNations) {
    if (side_of(n) != raiders || spared.test(n)) continue;
    for (Category cat : {Category::Air, Category::Sea}) {
      const Numbers range = numbers(c.d(), n, cat);
      for (int number = range.lo; number <= range.hi && setup.commands.size() < 8; ++number)
        if (const Command& cmd = c.s.command[n][at(number)]; cmd.region == r && units_in(cmd))
          setup.commands.push_back({n, static_cast<std::uint8_t>(units_in(cmd))});
    }
  }
  if (setup.clusters.empty() || setup.commands.empty()) return false;
  c.s.battle = Battle{};
  return setup_convoy_raid(c.s.battle, setup, c.log).empty();
}

// ---- Setting up the Active region's battle ----

void start_battle(Ctx& c) {
  const RegionId r = c.s.fight.region;
  const Forces f = forces(c.view(), r, left_out_now(c.s));
  c.s.battle = Battle{};
  const BattleSetup setup = battle_setup(c.view(), r, f);
  // A side without units is led by the garrison's controller or the bombed territory's owner; with
  // neither, nothing is fought: a Collapsed nation's territory is taken without dice (ruling 13).
  BattleSetup b = setup;
  for (int side = 0; side < kSides; ++side)
    if (b.commander[at(side)] == kNoNation) {
      if (b.garrison && side_of(b.garrison_nation) == side)
        b.commander[at(side)] = b.garrison_nation;
      else if (b.target.present && side_of(b.target.owner) == side)
        b.commander[at(side)] = b.target.owner;
    }
  if (b.commander[0] == kNoNation || b.commander[1] == kNoNation) return;
  c.s.fight.commander = b.commander;
  c.s.fight.bombed = c.s.fight.bombed || b.target.present;
  const std::string error = setup_battle(c.s.battle, b, c.log);
  CORE_EXPECT(error.empty());
}

// Battle Setup › 4 for the battle about to be fought: the nations taking part and each side's
// Commander, who may hand command over (ruling 48).
void open_battle(Ctx& c) {
  Fight& f = c.s.fight;
  f.part = kFightSetup;
  f.victor = f.medals = 0;
  f.medal_to = {};
  if (const Nation out = left_out_now(c.s); out != kNoNation) c.add(kPactArticle3, out, Event::PactBattle, f.region, f.battle_no + 1);
  const Forces forces_there = forces(c.view(), f.region, left_out_now(c.s));
  for (int side = kSides - 1; side >= 0; --side) {
    f.took_part[at(side)] = took_part(forces_there, side);
    f.commander[at(side)] = earliest(c.s, f.took_part[at(side)]);  // ruling 48
    if (f.took_part[at(side)].count() > 1) c.s.steps.push(step::HandOver{f.commander[at(side)], static_cast<std::int8_t>(side)});
  }
}

}  // namespace

// The units that will fight in the Active region, before its battle is set up (Battle Setup › 4,
// while the Commanders are chosen): Battle Setup's own list.
std::vector<Participant> forces_to_fight(const CCtx& c) {
  const RegionId r = c.s.fight.region;
  return battle_setup(c, r, forces(c, r, left_out_now(c.s))).units;
}

namespace {

void push_drive_step(Ctx& c) {
  const Battle& b = c.s.battle;
  if (need(b) == Need::Die)
    c.s.steps.push(step::BattleDie{});
  else
    c.s.steps.push(step::BattleChoice{deciding_nation(b)});
}

}  // namespace

int side_of(Nation nation) { return alliance_of(nation) == Alliance::Allied ? 0 : 1; }

// ---- Phase 4 begins: the Active regions (ruling 94) ----

void begin_combat(Ctx& c) {
  pact_expel(c);  // Soviet-Japanese Pact, Article Three: at the end of Phase 3 (ruling 67)
  const CCtx cc = c.view();
  const MapPresence p = map_presence(cc);  // a region with no Command nor token has neither battle nor raid
  const core::IdVector<RegionId, Forces> all = all_forces(cc);
  int active = 0;
  for (const Region& reg : c.d().regions) {
    if (reg.rid == kNoRegion) continue;
    RegionState& rs = c.s.region[reg.rid];
    rs.flags = static_cast<std::uint8_t>(rs.flags & ~(kActive | kRaidOk));
    if (!c.g.scenario().in_play.test(reg.rid) || reg.type == RegionType::Impassable || !p.any.test(reg.rid)) continue;
    const bool battle = battle_needed(cc, reg.rid, &all[reg.rid]);
    const bool raid = reg.is_sea() && raiding_side(cc, reg.rid, &all[reg.rid]) >= 0;  // ruling 55: judged now, kept
    if (raid) rs.flags |= kRaidOk;
    if (battle || raid) rs.flags |= kActive, ++active;
  }
  if (!active) c.add(kHotspots, kNoNation, Event::NoBattles);
  c.s.steps.push(step::BattleOrder{0});
}

// Order of Battles: "In turn order, each Nation selects a conflict (including raids) to resolve ...
// The chosen conflict must involve the current Nation's forces (or if there are no such conflicts,
// he must pass)."
void battle_order(Ctx& c, int position) {
  std::array<Nation, kNations> order{};
  const int count = nations_in_turn_order(c.s, order);
  if (any_active(c.s) && count > 0)
    for (int k = 0; k < count; ++k) {
      const int p = (position + k) % count;
      const Nation n = order[at(p)];
      const RegionSet where = regions_of(c.view(), n);
      for (const Region& reg : c.d().regions)
        if (involves(c.s, reg.rid, where)) {
          c.s.steps.replace(step::PickRegion{n, static_cast<std::int8_t>(p)});
          return;
        }
    }
  for (RegionState& rs : c.s.region) rs.flags = static_cast<std::uint8_t>(rs.flags & ~kActive);  // nobody's forces are left there
  c.s.steps.pop();
}

void pick_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const RegionSet where = regions_of(c, nation);
  for (const Region& reg : c.d().regions)
    if (involves(c.s, reg.rid, where)) out.push_back(encode(ActionKind::Fight, nation, index(reg.rid)));
}

void pick_apply(Ctx& c, const Act& a) {
  const RegionId r = region_byte(a.a);
  const int position = c.top<step::PickRegion>().position;
  c.s.region[r].flags = static_cast<std::uint8_t>(c.s.region[r].flags & ~kActive);  // "Each region is addressed only once per round."
  c.s.steps.replace(step::BattleOrder{static_cast<std::int8_t>(position + 1)});
  c.add(kOrder, nation_at(a.nation), Event::BattleBegins, r);
  Fight& f = c.s.fight;
  f = Fight{};
  f.region = r;
  c.s.battle = Battle{};
  const bool battle = battle_needed(c.view(), r);
  f.part = battle ? kFightSetup : kFightRaidSetup;
  c.s.steps.push(step::BattleDrive{});
  if (!battle) return;
  f.left_out = pact_battles(c.view(), r).left_out;  // Article Three: two battles with both parties there (ruling 52)
  f.battle_no = f.left_out[0] != kNoNation && !conflict(c.view(), r, f.left_out[0]) ? 1 : 0;
  open_battle(c);
}

// Battle Setup › 4: "Any participating Nations from the same Alliance must choose a single Commander"
// -- the earliest in turn order, who may hand command to a participating ally (ruling 48).
bool hand_over_finished(const CCtx& c, step::HandOver st) { return c.s.fight.took_part[at(st.side)].count() < 2; }

void hand_over_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  for (Nation n : c.s.fight.took_part[at(c.top<step::HandOver>().side)])
    out.push_back(encode(ActionKind::Assign, nation, index(n), 0, kAssignCommand));
}

void hand_over_apply(Ctx& c, const Act& a) {
  const int side = c.top<step::HandOver>().side;
  c.s.fight.commander[at(side)] = nation_at(a.a);
  c.add(kCommander, nation_at(a.a), Event::CommanderIs, side, c.s.fight.region);
  c.s.steps.pop();
}

// Runs the Active region's resolution until a die or a decision is needed: the battle, its debrief,
// then the convoy raid where the verdict allows one.
void battle_drive(Ctx& c) {
  Fight& f = c.s.fight;
  switch (f.part) {
    case kFightSetup:
      start_battle(c);
      f.part = kFightBattle;
      return;
    case kFightBattle:
      if (need(c.s.battle) != Need::Done) return push_drive_step(c);
      debrief(c);  // may push the Claim and Medal decisions above this step
      f.part = kFightNextBattle;
      return;
    case kFightNextBattle:  // the pact's second battle, with the survivors (ruling 52)
      if (f.battle_no == 0 && f.left_out[1] != kNoNation && conflict(c.view(), f.region, f.left_out[1])) {
        f.battle_no = 1;
        return open_battle(c);
      }
      f.part = kFightRaidSetup;
      return;
    case kFightRaidSetup: f.part = setup_raid(c, f.region) ? kFightRaid : kFightNone; return;
    case kFightRaid:
      if (need(c.s.battle) != Need::Done) return push_drive_step(c);
      for (Nation n : kAllNations) take_resources(c, n, taken(c.s.battle, n), kConvoys, Event::ResourcesLost);
      tag_air(c, f.region);
      f.part = kFightNone;
      return;
    default:
      f = Fight{.fought = f.region};  // the battle's final board stays for the clients
      c.s.steps.pop();
      return;
  }
}

void battle_die_outcomes(const CCtx&, core::OutcomeList& out) {
  for (const core::ChanceOutcome& o : die_outcomes()) out.push_back({die_action(static_cast<int>(o.action)), o.probability});
}

void battle_die(Ctx& c, int colour) {
  c.s.steps.pop();
  const bool ok = apply_die(c.s.battle, static_cast<Colour>(colour), c.log);
  CORE_EXPECT(ok);
}

core::Action battle_action(Nation nation, Choice ch) {
  return encode(ActionKind::Battle, nation, ch.a, ch.b, (static_cast<int>(ch.kind) << 4) | (ch.c & 0xF));
}

Choice battle_choice(const Act& a) { return {static_cast<ChoiceKind>(a.c >> 4), a.a, a.b, static_cast<std::uint8_t>(a.c & 0xF)}; }

void battle_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  std::vector<Choice> choices;
  legal(c.s.battle, choices);
  for (const Choice& ch : choices) out.push_back(battle_action(nation, ch));
}

void battle_apply(Ctx& c, const Act& a) {
  c.s.steps.pop();
  const bool ok = apply(c.s.battle, battle_choice(a), c.log);
  CORE_EXPECT(ok);
}

void claim_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  for (Nation n : claimants(c, c.s.fight.region, c.s.fight.victor))
    out.push_back(encode(ActionKind::Assign, nation, index(n), 0, kAssignClaim));
}

void claim_apply(Ctx& c, const Act& a) {
  c.s.steps.pop();
  set_controller(c, c.s.fight.region, nation_at(a.a), Event::Captured);
}

// Apply Medals: "The victorious Commander chooses which participating Nation(s) gain" them (ruling 107).
void medal_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  for (Nation n : c.s.fight.medal_to) out.push_back(encode(ActionKind::Assign, nation, index(n), 0, kAssignMedal));
}

void medal_apply(Ctx& c, const Act& a) {
  give_medals(c, nation_at(a.a), 1);
  if (--c.s.fight.medals == 0) c.s.steps.pop();
}

// Ruling 103: the defending alliance's nation earliest in turn order takes the force and the card at
// once (so that it pins at once), then chooses which of its nations keeps them.
// While the Soviet-Japanese Pact holds, the invader's other party does not take the force: the two
// "coexist without engaging in any battles" (Article Three), so it could not defend the neutral
// (rulings.md 24); it does when no other nation of its alliance is in play.
NationSet neutral_defenders(const CCtx& c, Nation invader) {
  const NationSet all = in_play_of_side(c.s, other(side_of(invader)));
  const Nation partner = pact_partner(c, invader);
  const NationSet others = partner == kNoNation ? all : all.without(nation_bit(partner));
  return others.any() ? others : all;
}

void activate_neutral(Ctx& c, RegionId r, Nation invader) {
  const NationSet defenders = neutral_defenders(c.view(), invader);
  const Nation chooser = earliest(c.s, defenders);
  if (chooser == kNobody) return;
  place_defence(c, r, chooser);
  if (defenders.count() > 1) c.s.steps.push(step::NeutralDefence{.nation = chooser, .region = r, .invader = invader});
}

void defence_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  for (Nation n : neutral_defenders(c, c.top<step::NeutralDefence>().invader))
    out.push_back(encode(ActionKind::Assign, nation, index(n), 0, kAssignDefence));
}

void defence_apply(Ctx& c, const Act& a) {
  const RegionId r = c.top<step::NeutralDefence>().region;
  c.s.steps.pop();
  const Nation nation = nation_at(a.nation);
  if (nation_at(a.a) == nation) return;
  const Neutral& n = *c.d().region(r).neutral;
  const Forces f = forces(c.view(), r);
  int withdrawn = 0;
  for (int t = 0; t < kUnitTypes; ++t)
    if (const int k = std::min<int>(n.defense[type_at(t)], f.n[nation][at(t)])) strip_units(c, nation, r, t, k), withdrawn += k;
  c.add(kNeutrals, nation, Event::NeutralDefence, r, -withdrawn);  // handed to the ally
  place_defence(c, r, nation_at(a.a));
}

// Gray Zone note (ruling 76): "Air Units are captured if the last Land Unit deserts. The control status
// is updated immediately and any new Stress Points and Medals are assigned."
void desertion_capture(Ctx& c, RegionId r) {
  if (r == kNoRegion || !c.d().region(r).is_territory() || !live_controller(c.s, r)) return;
  const Forces f = forces(c.view(), r);
  const int owner_side = controller_side(c.s, r);
  const int enemy = other(owner_side);
  if (f.land(owner_side) || !f.land(enemy)) return;
  for (Nation n : kAllNations)
    if (side_of(n) == owner_side)
      for (int t = kFtr; t <= kBmb; ++t)
        if (f.n[n][at(t)]) remove_units(c, n, r, t, f.n[n][at(t)]);
  Fight& fight = c.s.fight;
  fight = Fight{};
  fight.region = r;
  fight.took_part[at(enemy)] = took_part(f, enemy);
  fight.commander[at(enemy)] = earliest(c.s, fight.took_part[at(enemy)]);  // ruling 48
  capture(c, r, enemy);
}

}  // namespace warroom
