// Phase 6: Morale -- casualties converted into Stress, then Steps 1-4 each for every nation in
// turn order (ruling 99): Medals and Civilian Goods cancel Stress, Stress moves the nation along the
// Homeland Status Track, 5 Medals/Goods relieve one zone, and the zone penalties apply.
#include <algorithm>
#include <cassert>

#include "warroom/rules.h"

namespace warroom {

namespace {

constexpr const char* kConvert = "Phase 6 > Convert Casualties into Stress";
constexpr const char* kPhase6Step1 = "Phase 6 > 1. Submit Medals to Cancel Stress Points";
constexpr const char* kPhase6Step2 = "Phase 6 > 2. Evaluate Stress Levels";
constexpr const char* kPhase6Step3 = "Phase 6 > 3. Relieve Stress";
constexpr const char* kBlueRule = "Phase 6 > Stress Zone Penalties > Blue Zone";
constexpr const char* kGrayRule = "Phase 6 > Stress Zone Penalties > Gray Zone";

int units_on_map(const State& s, Nation nation) {
  int n = 0;
  for (const Command& c : s.command[nation])
    if (c.region != kNoRegion) n += units_in(c);
  return n;
}

int total_resources(const State& s, Nation nation) {
  const auto& r = s.nation[nation].res;
  return r[0] + r[1] + r[2];
}

}  // namespace

int casualty_points(const Data& d, const NationState& n) {
  int cp = 0;
  for (int t = 0; t < kUnitTypes; ++t) cp += n.casualties[type_at(t)] * d.units[kind_at(t)].casualty_points;
  return cp;
}

// "multiplying by the factor at the top of the column ... Convert the Casualty Points into Stress
// Tokens"; the remainder is lost (ruling 98) and the Units return to storage.
void convert_casualties(Ctx& c) {
  for (Nation n : kAllNations) {
    NationState& ns = c.s.nation[n];
    const int cp = casualty_points(c.d(), ns);
    if (cp == 0) continue;
    const int stress = c.d().morale.stress_for(cp);
    ns.stress += stress;
    ns.casualties = {};
    c.add(kConvert, n, Event::CasualtyStress, cp, stress);
  }
}

// ---- Step 1 ----

void cancel_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const NationState& n = c.s.nation[nation];
  out.push_back(encode(ActionKind::Done, nation));
  if (n.stress > 0 && n.medals > 0) out.push_back(encode(ActionKind::CancelStress, nation, 0));
  if (n.stress > 0 && n.goods > 0) out.push_back(encode(ActionKind::CancelStress, nation, 1));
}

void cancel_apply(Ctx& c, const Act& a) {
  if (a.kind == ActionKind::Done) {
    c.s.steps.pop();
    return;
  }
  NationState& n = c.s.nation[nation_at(a.nation)];
  if (a.a == 0)
    --n.medals;  // "1 Medal/Civilians Goods cancels 1 Stress Point"
  else
    --n.goods;
  --n.stress;
  c.add(kPhase6Step1, nation_at(a.nation), Event::StressCancelled, a.a, n.stress);
}

// ---- Step 2 ----

void evaluate_stress(Ctx& c) {
  std::array<Nation, kNations> order{};
  const int count = nations_in_turn_order(c.s, order);
  for (int i = 0; i < count; ++i) {
    const Nation n = order[at(i)];
    NationState& ns = c.s.nation[n];
    const int threshold = c.g.threshold(n);
    // "Repeat this process until any Stress Points remaining are less than the threshold"; in the
    // Gray Zone the nation does not advance and returns no Stress.
    while (threshold > 0 && ns.zone < kGray && ns.stress >= threshold) {
      ++ns.zone;
      ns.stress -= threshold;
      c.add(kPhase6Step2, n, Event::ZoneUp, ns.zone, ns.stress);
    }
  }
}

// ---- Step 3 ----

void relieve_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const NationState& n = c.s.nation[nation];
  const int cost = c.d().morale.relieve_cost;
  out.push_back(encode(ActionKind::Done, nation));
  for (int medals = std::max(0, cost - n.goods); medals <= std::min<int>(cost, n.medals); ++medals)
    out.push_back(encode(ActionKind::Relieve, nation, medals));
}

void relieve_apply(Ctx& c, const Act& a) {
  c.s.steps.pop();  // "nor slide back more than 1 zone per round"
  if (a.kind == ActionKind::Done) return;
  NationState& n = c.s.nation[nation_at(a.nation)];
  const int goods = c.d().morale.relieve_cost - a.a;
  n.medals = static_cast<std::uint16_t>(n.medals - a.a);
  n.goods = static_cast<std::uint16_t>(n.goods - goods);
  --n.zone;
  c.add(kPhase6Step3, nation_at(a.nation), Event::Relieved, a.a, goods, n.zone);
}

// ---- Step 4: penalties, cumulative and recurring ----

namespace {
// A penalty step: what is still owed, and what was owed at first ("payment 1 of 3").
template <class P>
void push_owed(Ctx& c, Nation nation, int owed) {
  const auto n = static_cast<std::int8_t>(owed);
  c.push(P{.nation = nation, .owed = n, .owed_at_first = n});
}
// One more paid.
template <class P>
void paid_one(Ctx& c) {
  P p = c.top<P>();
  --p.owed;
  c.set_top(p);
}
}  // namespace

void push_penalties(Ctx& c) {
  std::array<Nation, kNations> order{};
  const int count = nations_in_turn_order(c.s, order);
  for (int i = count - 1; i >= 0; --i) {
    const Nation n = order[at(i)];
    const NationState& ns = c.s.nation[n];
    if (ns.zone >= kGray) {  // Mass Desertion: units equal to its current Stress Points (ruling 75)
      const int owed = std::min({ns.stress, units_on_map(c.s, n), 127});
      if (owed > 0) push_owed<step::Desert>(c, n, owed);
    }
    if (ns.zone >= kBlue) {  // Labor and Civil Unrest: any 3 resources, as far as able (ruling 74)
      const int owed = std::min<int>(c.d().morale.blue_payment, total_resources(c.s, n));
      if (owed > 0) push_owed<step::BluePay>(c, n, owed);
    }
  }
}

void blue_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  for (int r = 0; r < kResources; ++r)
    if (resource(c.s, nation, r) > 0) out.push_back(encode(ActionKind::Pay, nation, r));
}

void blue_apply(Ctx& c, const Act& a) {
  --c.s.nation[nation_at(a.nation)].res[a.a];
  paid_one<step::BluePay>(c);
  c.add(kBlueRule, nation_at(a.nation), Event::BluePaid, a.a);
}

void desert_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  for (int number = 1; number <= kMaxCommandNumber; ++number) {
    const Command& cmd = c.s.command[nation][at(number)];
    if (cmd.region == kNoRegion) continue;
    const Category cat = command_category(c.d(), nation, number);
    for (int t = first_type(cat); t < first_type(cat) + type_count(cat); ++t)
      if (cmd.n[at(slot_of(t))]) out.push_back(encode(ActionKind::Desert, nation, number, t));
  }
}

// Deserters go back to storage, not to the Casualty List (ruling 75).
void desert_apply(Ctx& c, const Act& a) {
  Command& cmd = c.s.command[nation_at(a.nation)][a.a];
  const RegionId where = cmd.region;
  --cmd.n[at(slot_of(a.b))];
  if (units_in(cmd) == 0) cmd = Command{};
  paid_one<step::Desert>(c);
  c.add(kGrayRule, nation_at(a.nation), Event::Deserted, a.a, a.b);
  if (category_of(a.b) == Category::Land) desertion_capture(c, where);  // ruling 76
}

}  // namespace warroom
