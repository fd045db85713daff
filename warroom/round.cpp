// The round (The Phases and Officers): the seven phases in order, each pushing its steps; the
// hooks where Phase 3 movement and Phase 4 battles plug in; and the small helpers every part uses.
#include <algorithm>
#include <cassert>
#include <utility>

#include "core/expect.h"
#include "warroom/rules.h"

namespace warroom {

// ---- Helpers ----

bool in_play(const State& s, Nation nation) { return s.nation[nation].in_play && !s.nation[nation].collapsed; }

int nations_in_turn_order(const State& s, std::array<Nation, kNations>& out) {
  int count = 0;
  for (Nation n : s.turn_order)  // "Turn Order Rank becomes the universal tie-breaker"
    if (n != kNoNation && in_play(s, n)) out[at(count++)] = n;
  for (Nation n : kAllNations)  // before any turn order: nation order
    if (in_play(s, n) && std::find(out.begin(), out.begin() + count, n) == out.begin() + count) out[at(count++)] = n;
  return count;
}

int units_in(const Command& c) { return c.n[0] + c.n[1] + c.n[2] + c.n[3]; }

Category command_category(const Data& d, Nation nation, int number) {
  for (int cat = 0; cat < kCategories; ++cat)
    if (d.nations[nation].commands[at(cat)].contains(number)) return static_cast<Category>(cat);
  return Category::Land;
}

int lowest_free_command(const CommandPool& pool, const Data& d, Nation nation, Category cat) {  // ruling 104
  const NumberRange range = d.nations[nation].commands[at(static_cast<int>(cat))];
  for (int number = std::max(1, static_cast<int>(range.lo)); number <= std::min(static_cast<int>(range.hi), kMaxCommandNumber); ++number)
    if (pool[at(number)].region == kNoRegion) return number;
  return 0;
}
int lowest_free_command(const State& s, const Data& d, Nation nation, Category cat) {
  return lowest_free_command(s.command[nation], d, nation, cat);
}

bool has_units_on_map(const CCtx& c, Nation nation) {
  for (const Command& cmd : c.s.command[nation])
    if (cmd.region != kNoRegion && units_in(cmd) > 0) return true;
  for (int i = 0; i < c.g.industries(); ++i)
    if (c.s.region[c.g.industry_region(i)].controller == nation)
      for (std::uint8_t n : c.s.construction[at(i)].n)
        if (n) return true;
  return false;
}

void FighterTokens::add(Nation nation, RegionId r, int delta) {
  std::size_t i = 0;  // where (nation, r) is or belongs
  while (i < places && std::pair(index(place[i].nation), place[i].region) < std::pair(index(nation), r)) ++i;
  if (i == places || place[i].nation != nation || place[i].region != r) {
    CORE_EXPECT(delta > 0 && places < kMaxPlaces);
    std::copy_backward(place.begin() + static_cast<std::ptrdiff_t>(i), place.begin() + places, place.begin() + places + 1);
    place[i] = {nation, r, 0};
    ++places;
  }
  place[i].count = static_cast<std::uint8_t>(place[i].count + delta);
  if (place[i].count == 0) {  // the list keeps no empty place, so equal tokens are equal lists
    std::copy(place.begin() + static_cast<std::ptrdiff_t>(i) + 1, place.begin() + places, place.begin() + static_cast<std::ptrdiff_t>(i));
    place[--places] = {};
  }
}

MapPresence map_presence(const CCtx& c) {
  MapPresence p;
  for (Nation n : kAllNations) {
    for (int number = 1; number <= kMaxCommandNumber; ++number) {
      const Command& cmd = c.s.command[n][at(number)];
      if (cmd.region == kNoRegion || units_in(cmd) == 0) continue;
      p.any.set(cmd.region);
      if (command_category(c.d(), n, number) == Category::Land) p.land[static_cast<std::size_t>(alliance_of(n))].set(cmd.region);
    }
  }
  for (const FighterTokens::Place& t : c.s.fighter_tokens.all()) p.any.set(t.region);
  return p;
}

int resource(const State& s, Nation nation, int r) { return s.nation[nation].res[at(r)]; }

void gain(Ctx& c, Nation nation, int r, int amount) {
  if (amount <= 0) return;
  if (c.s.nation[nation].zone >= kRed) return;                            // Red Zone: "No new resources may be added"
  if (r == kOil && c.d().nations[nation].has(NationRule::NoOil)) return;  // China's Restrictions
  c.s.nation[nation].res[at(r)] += amount;
}

namespace {

void clear_done(State& s) {
  for (Sheet& sh : s.sheet) sh.flags = static_cast<std::uint8_t>(sh.flags & ~kDone);
}

int nations_in_play(const State& s) {
  int count = 0;
  for (Nation n : kAllNations) count += in_play(s, n);
  return count;
}

// Phase 1 ends with one public reorganization window per nation (ruling 92), in the previous
// round's turn order; in round 1 in an order drawn at random (ruling 19).
void push_reorganize_windows(Ctx& c) {
  if (c.s.round == 1 && c.s.turn_order[0] == kNoNation && nations_in_play(c.s) > 1) {
    c.s.steps.push(step::OrderDraw{0});
    return;
  }
  std::array<Nation, kNations> order{};
  const int count = nations_in_turn_order(c.s, order);
  push_per_nation<step::Reorganize>(c.s, order, count, 1);
}

}  // namespace

void run_phase(Ctx& c, int phase) {
  State& s = c.s;
  std::array<Nation, kNations> order{};
  const int count = nations_in_turn_order(s, order);
  s.phase = static_cast<std::uint8_t>(std::min(phase, 7));
  switch (phase) {
    case 1:  // Phase 1: Direct National Economy; a new O&P Chart for every nation
      c.add("The Phases and Officers", kNoNation, Event::RoundBegins, s.round);
      s.pass = 1;
      for (Sheet& sh : s.sheet) sh = Sheet{};
      collect_income(c);
      s.steps.push(step::Phase{2});
      push_reorganize_windows(c);
      break;
    case 2:  // Phase 2: Strategic Planning, on a fresh movement side of the O&P Chart
      for (Sheet& sh : s.sheet) sh.box = {}, sh.bid = 0, sh.selected = 0, sh.flags = 0;
      s.steps.push(step::Phase{3});
      s.steps.push(step::WriteSheets{});
      break;
    case 3:  // Phase 3: Movement Operations, nation by nation in turn order, then carrier fighters
      s.steps.push(step::Phase{4});
      begin_movement(s);
      push_per_nation<step::CarrierLaunch>(s, order, count);
      push_per_nation<step::RevealSheet>(s, order, count);
      break;
    case 4:  // Phase 4: Combat Operations
      s.steps.push(step::Phase{5});
      s.steps.push(step::Combat{});
      break;
    case 5:  // Phase 5: Refit & Deploy: land air, deploy (simultaneous, ruling 100), reorganize
      clear_done(s);
      if (c.g.options().rapid_resolution && s.pass == 1) {  // Rapid Resolution: "repeat Phases 2 through 6 before ... Phase 7"
        s.pass = 2;
        s.steps.push(step::Phase{2});
      } else {
        s.steps.push(step::Phase{6});
      }
      push_per_nation<step::Reorganize>(s, order, count, 5);
      s.steps.push(step::DeployPlans{});
      remove_carrier_fighters(s);
      push_per_nation<step::LandAir>(s, order, count);
      break;
    case 6:  // Phase 6: Morale, each step for every nation in turn order (ruling 99)
      convert_casualties(c);
      s.steps.push(step::Phase{7});
      s.steps.push(step::MoralePenalties{});
      push_per_nation<step::MoraleRelieve>(s, order, count);
      s.steps.push(step::MoraleEvaluate{});
      push_per_nation<step::MoraleCancel>(s, order, count);
      break;
    case 7:  // Phase 7: Production (Step 1 marks resources; Step 2 trade, Global War only, ruling 101)
      clear_done(s);
      s.steps.push(step::Phase{8});
      s.steps.push(step::Purchases{});
      if (c.g.scenario().trade) push_per_nation<step::Trade>(s, order, count);
      break;
    default:  // after Phase 7: the Victory Check, then a new round
      end_of_round(c);
      break;
  }
}

// ---- Phase 3 Step 2: the nation's orders, read left to right and row 1 to row 3 ----

void reveal_orders(Ctx& c, Nation nation) {  // ruling 91: the whole sheet at the start of its turn
  Sheet& sh = c.s.sheet[nation];
  sh.flags |= kOrdersRevealed;
  ++c.s.reveal_epoch;
  int written = 0;
  for (const Order& o : sh.box) written += o.status == kWritten;
  c.add("Phase 3 > Step 2. Resolve Movement in Turn Order", nation, Event::SheetRevealed, written);
  for (int b = 0; b < kMaxOrders; ++b)
    if (sh.box[at(b)].status == kWritten)
      c.add("Phase 3 > Step 2. Resolve Movement in Turn Order", nation, Event::OrderShown, b + 1, sh.box[at(b)].command,
            sh.box[at(b)].dest);
}

}  // namespace warroom
