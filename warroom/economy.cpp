// Phase 1: Direct National Economy (card facing, income) and Phase 7: Production (purchases in
// secret, their reveal, units placed under Industry tokens).
#include <algorithm>
#include <optional>
#include "core/expect.h"

#include "warroom/rules.h"

namespace warroom {

namespace {

constexpr const char* kIncome = "Phase 1 > Step 2. Tally Income";
constexpr const char* kPhase7Step3 = "Phase 7 > Step 3. Note Purchase of Units";
constexpr const char* kPhase7Step4 = "Phase 7 > Step 4. Reveal Purchases and Update Resources";
constexpr const char* kPhase7Step5 = "Phase 7 > Step 5. Transfer New Units to Industries";

// Land units of each alliance in a region (Command stacks only: units under construction never
// count, ruling 109), leaving out `skip`'s.
std::array<int, kAlliances> land_units(const State& s, const Data& d, RegionId r, Nation skip) {
  std::array<int, kAlliances> out{};
  for (Nation n : kAllNations)
    for (int number = 1; number <= kMaxCommandNumber && n != skip; ++number) {
      const Command& c = s.command[n][at(number)];
      if (c.region == r && command_category(d, n, number) == Category::Land) out[static_cast<std::size_t>(alliance_of(n))] += units_in(c);
    }
  return out;
}

const Resources& cost_of(const Data& d, int type) { return d.units[kind_at(type)].cost; }

int bought(const Sheet& sh, bool naval_only) {
  int n = 0;
  for (int t = 0; t < kUnitTypes; ++t)
    if (!naval_only || category_of(t) == Category::Sea) n += sh.buy[type_at(t)];
  return n;
}

// Commands of each alliance in a sea region: naval, and all but troop transports (land Commands).
struct SeaPresence {
  std::array<int, kAlliances> naval{}, non_transport{};
};
SeaPresence sea_presence(const State& s, const Data& d, RegionId sea) {
  SeaPresence p;
  for (Nation n : kAllNations)
    for (int number = 1; number <= kMaxCommandNumber; ++number) {
      const Command& c = s.command[n][at(number)];
      if (c.region != sea || units_in(c) == 0) continue;
      const Category cat = command_category(d, n, number);
      const auto side = static_cast<std::size_t>(alliance_of(n));
      p.naval[side] += cat == Category::Sea;
      p.non_transport[side] += cat != Category::Land;
    }
  return p;
}

// Ruling 115 (b): the neutral can be reached by land from a non-Embattled adjacent territory of the
// side, or by sea when its port's sea region holds no enemy Command but transports -- the Axis also
// needing a Naval Command there -- never from the Yellow Zone or worse ("No trade via Ports").
bool reaches(const CCtx& c, Nation nation, const Region& neutral) {
  const Data& d = c.d();
  const Alliance side = alliance_of(nation);
  for (int i = 0; i < neutral.degree; ++i) {
    const RegionId r = neutral.adjacent[at(i)];
    const Nation controller = c.s.region[r].controller;
    if (d.region(r).is_territory() && controller != kNoNation && alliance_of(controller) == side && !embattled(c, r)) return true;
  }
  const RegionId sea = neutral.neutral->port_sea;
  if (sea == kNoRegion || c.s.nation[nation].zone >= kYellow) return false;
  const SeaPresence p = sea_presence(c.s, d, sea);
  const auto own = static_cast<std::size_t>(side), enemy = 1 - own;
  return p.non_transport[enemy] == 0 && (side == Alliance::Allied || p.naval[own] > 0);
}

// Ruling 115 (a) and ruling 65: whether the neutral trades with the nation's side at all.
bool trades_with(const CCtx& c, Nation nation, const Region& neutral) {
  const Nation controller = c.s.region[neutral.rid].controller;
  const Alliance side = alliance_of(nation);
  if (controller != kNoNation) return alliance_of(controller) == side;  // a captured neutral: its controller's side only
  switch (neutral.neutral->type) {
    case NeutralType::ProAllied: return side == Alliance::Allied;
    case NeutralType::ProAxis: return side == Alliance::Axis;
    case NeutralType::Standard: return side == Alliance::Allied || reaches(c, nation, neutral);  // the Axis only if threatened
  }
  return false;
}

// EXCHANGE RATES: "OSRs are traded in blocks of 5, iron in blocks of 3, and oil in blocks of 2."
constexpr int kBlock[kResources] = {2, 3, 5};

}  // namespace

std::array<int, kResources> purchase_spent(const CCtx& c, Nation nation) {
  const Sheet& sh = c.s.sheet[nation];
  std::array<int, kResources> out{sh.goods_paid[0], sh.goods_paid[1], sh.goods_paid[2]};
  for (int t = 0; t < kUnitTypes; ++t)
    for (int r = 0; r < kResources; ++r) out[at(r)] += sh.buy[type_at(t)] * cost_of(c.d(), t)[static_cast<Resource>(r)];
  return out;
}

// Ruling 95: both sides have land units in it. Article Three: "If a third party loses control of a
// territory to either party while both parties are present ... the territory would not be considered
// Embattled unless a third party still exists": the other party's units there are left out.
bool embattled(const CCtx& c, RegionId r, const MapPresence* p) {
  if (p && !(p->land[0].test(r) && p->land[1].test(r))) return false;  // no land units of one side at all
  const auto units = land_units(c.s, c.d(), r, pact_partner(c, c.s.region[r].controller));
  return units[0] > 0 && units[1] > 0;
}

bool card_embattled(const CCtx& c, RegionId r, const MapPresence* p) {
  return (c.s.region[r].flags & kCardEmbattled) && embattled(c, r, p);
}

void face_card(Ctx& c, RegionId r, const MapPresence* p) {
  RegionState& rs = c.s.region[r];
  const bool flipped = c.d().region(r).is_territory() && embattled(CCtx{c.g, c.s}, r, p);
  rs.flags = static_cast<std::uint8_t>(flipped ? rs.flags | kCardEmbattled : rs.flags & ~kCardEmbattled);
}

// ---- Phase 7 Step 2: Trade with Neutrals, one trade a round (ruling 77), in turn order (ruling 101) ----

void trade_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const Data& d = c.d();
  out.push_back(encode(ActionKind::Done, nation));
  if (!c.g.scenario().trade || d.nations[nation].has(NationRule::NoTrade) || c.s.nation[nation].zone >= kRed) return;
  for (const Region& r : d.regions) {
    if (!r.neutral || !r.neutral->trade || !c.g.scenario().in_play.test(r.rid)) continue;
    if (embattled(c, r.rid) || !trades_with(c, nation, r) || !reaches(c, nation, r)) continue;
    const int offered = static_cast<int>(*r.neutral->trade);
    for (int give = 0; give < kResources; ++give) {
      if (give == offered || resource(c.s, nation, give) < kBlock[give]) continue;  // "it will not accept" its own resource
      if (d.nations[nation].has(NationRule::NoOil) && (give == kOil || offered == kOil)) continue;
      out.push_back(encode(ActionKind::Trade, nation, index(r.rid), give));
    }
  }
}

void trade_apply(Ctx& c, const Act& a) {
  c.s.steps.pop();
  if (a.kind == ActionKind::Done) return;
  const int offered = static_cast<int>(*c.d().region(region_byte(a.a)).neutral->trade);
  c.s.nation[nation_at(a.nation)].res[a.b] -= kBlock[a.b];
  gain(c, nation_at(a.nation), offered, kBlock[offered]);
  c.add("Phase 7 > Step 2. Trade with Neutrals", nation_at(a.nation), Event::Traded, a.a, a.b, offered);
}

// ---- Phase 1 ----

void collect_income(Ctx& c) {
  const Data& d = c.d();
  const MapPresence p = map_presence(c.view());  // no unit moves in Phase 1's Steps 1-2
  for (const Region& r : d.regions)              // Step 1. Check Territory Card Facing
    if (r.is_territory() && c.g.scenario().in_play.test(r.rid)) face_card(c, r.rid, &p);
  for (Nation n : kAllNations) {
    if (!in_play(c.s, n)) continue;
    std::array<int, kResources> total{};
    for (const Region& r : d.regions) {
      // Step 1: the card's facing (face_cards) -- Embattled cards give one resource less (ruling 78: the back face).
      if (!r.is_territory() || r.neutral || c.s.region[r.rid].controller != n || !c.g.scenario().in_play.test(r.rid)) continue;
      const Resources& inc = card_embattled(CCtx{c.g, c.s}, r.rid, &p) ? r.embattled_income : r.income;

      total[kOil] += inc.oil, total[kIron] += inc.iron, total[kOsr] += inc.osr;
    }
    if (c.s.nation[n].zone >= kRed) {
      c.add("Phase 6 > Stress Zone Penalties > Red Zone", n, Event::IncomeBlocked);
      continue;
    }
    if (d.nations[n].has(NationRule::NoOil)) total[kOil] = 0;  // China's Restrictions
    for (int r = 0; r < kResources; ++r) gain(c, n, r, total[at(r)]);
    c.add(kIncome, n, Event::Income, total[kOil], total[kIron], total[kOsr]);
  }
}

// ---- Phase 7 ----

// Ruling 69: SV minus Bomb tokens, counting everything already under the Industry token.
int industry_capacity(const CCtx& c, RegionId r) {
  const int i = c.g.industry_index(r);
  if (i < 0) return 0;
  int under = 0;
  for (std::uint8_t n : c.s.construction[at(i)].n) under += n;
  return std::max(0, c.d().region(r).sv - c.s.region[r].bombs - under);
}

int placement_room(const CCtx& c, Nation nation, bool naval) {
  int room = 0;
  for (int i = 0; i < c.g.industries(); ++i) {
    const RegionId r = c.g.industry_region(i);
    if (c.s.region[r].controller != nation) continue;
    if (naval && !c.d().region(r).has_port()) continue;  // "Naval Units may only be placed in territories that have a Port"
    room += industry_capacity(c, r);
  }
  return room;
}

// Mobilized infantry forms Commands at once (ruling 72): a new Command for each while a number is
// free, else room in the nation's Commands in that territory (ruling 104). So the room is at most
// SV a territory, and at most what free Command numbers and that room can take.
int mobilization_room(const CCtx& c, Nation nation) {
  if (!c.d().nations[nation].has(NationRule::Mobilization)) return 0;
  const NumberRange range = c.d().nations[nation].pool(Category::Land);
  int free_numbers = 0;
  for (int number = std::max(1, static_cast<int>(range.lo)); number <= std::min(static_cast<int>(range.hi), kMaxCommandNumber); ++number)
    free_numbers += c.s.command[nation][at(number)].region == kNoRegion;
  int room = 0, joinable = 0;
  for (int i = 0; i < c.g.mobilizations(); ++i) {
    const RegionId r = c.g.mobilization_region(i);
    if (c.s.region[r].controller != nation) continue;
    const int cap = std::max(0, c.d().region(r).sv - c.s.sheet[nation].mobilized[at(i)]);
    int join = 0;
    for (int number = std::max(1, static_cast<int>(range.lo)); number <= std::min(static_cast<int>(range.hi), kMaxCommandNumber); ++number)
      if (const Command& cmd = c.s.command[nation][at(number)]; cmd.region == r) join += kStackLimit - units_in(cmd);
    room += cap;
    joinable += std::min(cap, join);
  }
  return std::min(room, free_numbers + joinable);
}

namespace {
// What the nation's industries (naval: those with a port) and China's mobilization territories can
// still take, for purchase_fits; computed once for a list of purchases.
struct PurchaseRoom {
  int all = 0, naval = 0, mobilization = 0;
};
PurchaseRoom purchase_room(const CCtx& c, Nation nation) {
  return {placement_room(c, nation, false), placement_room(c, nation, true), mobilization_room(c, nation)};
}
bool purchase_fits(const PurchaseRoom& room, const UnitTypeArray<std::uint8_t>& buy) {
  int naval = 0, other = 0;
  for (int t = 0; t < kUnitTypes; ++t) (category_of(t) == Category::Sea ? naval : other) += t == kInf ? 0 : buy[type_at(t)];
  return naval <= room.naval && naval + other <= room.all && naval + other + buy[UnitKind::Inf] <= room.all + room.mobilization;
}
}  // namespace

bool purchase_fits(const CCtx& c, Nation nation, const UnitTypeArray<std::uint8_t>& buy) {
  return purchase_fits(purchase_room(c, nation), buy);
}

// Phase 7 Step 3's entries, listed so that the numbers a player types stay where they were while
// the purchases are noted: `done`, every buy (units, then the Civilian Goods mixes), and only then
// the unbuys of what is already noted. A buy leaves the list only when it can no longer be paid or
// placed (ruling 79).
void purchases_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const Data& d = c.d();
  const Sheet& sh = c.s.sheet[nation];
  out.push_back(encode(ActionKind::Done, nation));
  // What the chart already spends, and the room to place units, are the same for every entry.
  const std::array<int, kResources> used = purchase_spent(c, nation);
  const auto affordable = [&](const std::array<int, kResources>& extra) {
    for (int r = 0; r < kResources; ++r)
      if (used[at(r)] + extra[at(r)] > resource(c.s, nation, r)) return false;
    return true;
  };
  const PurchaseRoom room = purchase_room(c, nation);
  for (int t = 0; t < kUnitTypes; ++t) {
    const UnitInfo& u = d.units[kind_at(t)];
    if (!u.buildable || !d.nations[nation].may_buy(type_at(t))) continue;
    if (!affordable({u.cost.oil, u.cost.iron, u.cost.osr})) continue;
    // Ruling 79: a purchase that could not be placed is refused at entry.
    auto more = sh.buy;
    ++more[type_at(t)];
    if (purchase_fits(room, more)) out.push_back(encode(ActionKind::Buy, nation, t));
  }
  // Civilian Goods: 5 resources in any mix (ruling 80); China's mix has no oil.
  const int goods_cost = d.goods.cost_any;
  const bool no_oil = d.nations[nation].has(NationRule::NoOil);
  const auto each_mix = [&](auto&& visit) {
    for (int oil = 0; oil <= goods_cost; ++oil)
      for (int iron = 0; oil + iron <= goods_cost; ++iron) visit(oil, iron, goods_cost - oil - iron);
  };
  each_mix([&](int oil, int iron, int osr) {
    if (!(no_oil && oil > 0) && affordable({oil, iron, osr})) out.push_back(encode(ActionKind::BuyGoods, nation, oil, iron, osr));
  });
  for (int t = 0; t < kUnitTypes; ++t)
    if (sh.buy[type_at(t)]) out.push_back(encode(ActionKind::Unbuy, nation, t));
  each_mix([&](int oil, int iron, int osr) {
    if (sh.goods > 0 && sh.goods_paid[0] >= oil && sh.goods_paid[1] >= iron && sh.goods_paid[2] >= osr)
      out.push_back(encode(ActionKind::UnbuyGoods, nation, oil, iron, osr));
  });
}

void purchases_apply(Ctx& c, const Act& a) {
  Sheet& sh = c.s.sheet[nation_at(a.nation)];
  switch (a.kind) {
    case ActionKind::Done: break;
    case ActionKind::Buy: ++sh.buy[type_at(a.a)]; break;
    case ActionKind::Unbuy: --sh.buy[type_at(a.a)]; break;
    case ActionKind::BuyGoods:
    case ActionKind::UnbuyGoods: {
      const int sign = a.kind == ActionKind::BuyGoods ? 1 : -1;
      sh.goods = static_cast<std::uint8_t>(sh.goods + sign);
      const int mix[kResources] = {a.a, a.b, a.c};
      for (int r = 0; r < kResources; ++r) sh.goods_paid[at(r)] = static_cast<std::uint16_t>(sh.goods_paid[at(r)] + sign * mix[r]);
      break;
    }
    default: CORE_EXPECT(false);
  }
}

void reveal_purchases(Ctx& c) {
  State& s = c.s;
  ++s.reveal_epoch;
  std::array<Nation, kNations> order{};
  const int count = nations_in_turn_order(s, order);
  for (Nation n : kAllNations) {
    if (!in_play(s, n)) continue;
    const auto used = purchase_spent(CCtx{c.g, s}, n);
    for (int r = 0; r < kResources; ++r) s.nation[n].res[at(r)] -= used[at(r)];
    s.nation[n].goods = static_cast<std::uint16_t>(s.nation[n].goods + s.sheet[n].goods);
    c.add(kPhase7Step4, n, Event::PurchasesRevealed, bought(s.sheet[n], false), s.sheet[n].goods, used[0] + used[1] + used[2]);
  }
  for (int i = count - 1; i >= 0; --i)  // Step 5: in turn order
    if (bought(s.sheet[order[at(i)]], false) > 0) s.steps.push(step::Place{order[at(i)]});
}

namespace {
int mobilization_index(const Game& g, RegionId r) {
  for (int i = 0; i < g.mobilizations(); ++i)
    if (g.mobilization_region(i) == r) return i;
  return -1;
}

// Places one unit (on `s`): China's infantry in a mobilization territory forms Commands at once
// (Phase 7 Step 5, ruling 72); everything else goes under the Industry token. False if it cannot.
bool place_one(State& s, const Game& g, Nation nation, RegionId r, int t) {
  const int m = t == kInf && g.data().nations[nation].has(NationRule::Mobilization) ? mobilization_index(g, r) : -1;
  if (m >= 0) {
    if (s.region[r].controller != nation || s.sheet[nation].mobilized[at(m)] >= g.data().region(r).sv) return false;
    if (!form_units(s, g.data(), nation, r, t, 1)) return false;
    ++s.sheet[nation].mobilized[at(m)];
  } else {
    const int i = g.industry_index(r);
    if (i < 0 || s.region[r].controller != nation || industry_capacity(CCtx{g, s}, r) == 0) return false;
    if (category_of(t) == Category::Sea && !g.data().region(r).has_port()) return false;
    ++s.construction[at(i)].n[type_at(t)];
  }
  --s.sheet[nation].buy[type_at(t)];
  return true;
}
}  // namespace

// A placement is offered only if what is left can still be placed (ruling 79): one unit, or several
// of a type at once (`place GER G1 inf*3`: Step 5 sets no number of units a placement, only the
// Industrial territory's SV), each count listed after the single unit's placement.
void place_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const Sheet& sh = c.s.sheet[nation];
  std::vector<RegionId> places;
  for (int i = 0; i < c.g.industries(); ++i) places.push_back(c.g.industry_region(i));
  for (int i = 0; i < c.g.mobilizations(); ++i) places.push_back(c.g.mobilization_region(i));
  // Each trial places on a copy of the state made once; place_one changes only the nation's sheet and
  // Commands and the construction, which are put back after each trial.
  std::optional<State> trial;
  for (RegionId r : places) {
    if (c.s.region[r].controller != nation) continue;
    for (int t = 0; t < kUnitTypes; ++t) {
      if (!sh.buy[type_at(t)]) continue;
      if (!trial) trial.emplace(c.s);
      for (int count = 1; count <= sh.buy[type_at(t)]; ++count) {
        if (!place_one(*trial, c.g, nation, r, t) || !purchase_fits(CCtx{c.g, *trial}, nation, trial->sheet[nation].buy)) break;
        out.push_back(place_action(nation, index(r), t, count));
      }
      trial->sheet[nation] = sh;
      trial->command[nation] = c.s.command[nation];
      trial->construction = c.s.construction;
    }
  }
}

void place_apply(Ctx& c, const Act& a) {
  for (int k = 0; k < place_count(a); ++k) {
    const bool placed = place_one(c.s, c.g, nation_at(a.nation), region_byte(a.a), a.b);
    CORE_EXPECT(placed);
  }
  c.add(kPhase7Step5, nation_at(a.nation), Event::Placed, a.a, a.b, place_count(a));
}

bool place_done(const CCtx& c, Nation nation) { return bought(c.s.sheet[nation], false) == 0; }

}  // namespace warroom
