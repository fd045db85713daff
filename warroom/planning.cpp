// Phase 2: Strategic Planning -- secret order sheets and oil bids (Step 1), the reveal and the
// turn-order slots (Step 2), paying the bids (Step 3) -- and Reorganizing Commands.
#include <algorithm>
#include "core/expect.h"

#include "warroom/rules.h"

namespace warroom {

namespace {

constexpr const char* kPhase2Step1 = "Phase 2 > Step 1. Write Orders and Turn Order Bids";
constexpr const char* kPhase2Step2 = "Phase 2 > Step 2. Reveal Bids and Establish Turn Order";
constexpr const char* kPhase2Step3 = "Phase 2 > Step 3. Pay Oil for Bids";
constexpr const char* kReorganizing = "Reorganizing Commands";

int written(const Sheet& sh) {
  int n = 0;
  for (const Order& o : sh.box) n += o.status != kEmpty;
  return n;
}

bool ordered(const Sheet& sh, int number) {  // "Never assign multiple orders to the same Command"
  for (const Order& o : sh.box)
    if (o.status != kEmpty && o.command == number) return true;
  return false;
}

std::uint8_t dist(const std::vector<std::uint8_t>& table, const Data& d, RegionId from, RegionId to) {
  return table[d.tables.pair(from, to)];
}

// Transporting Land Units by Sea: "land to sea, and then sea to sea" -- an adjacent sea region, or
// one more sea region beyond it.
bool embark_reach(const Data& d, RegionId from, RegionId to) {
  if (d.tables.adjacent[from].test(to)) return true;
  const Region& origin = d.region(from);
  for (int i = 0; i < origin.degree; ++i) {
    const RegionId x = origin.adjacent[at(i)];
    if (d.region(x).is_sea() && dist(d.tables.sea, d, x, to) == 1) return true;
  }
  return false;
}

int count_in_play(const State& s) {
  int n = 0;
  for (Nation nation : kAllNations) n += in_play(s, nation);
  return n;
}

}  // namespace

// Ruling 21: the pad offers the destinations a Command's category can reach on the static map --
// adjacency, 2-region ranges, the static rail net -- ignoring control and enemies; in play only.
bool pad_reaches(const Data& d, const Scenario& sc, RegionId from, Category cat, bool may_sail, RegionId to) {
  const Region& origin = d.region(from);
  const Region& r = d.region(to);
  if (to == from || !sc.in_play.test(to) || r.type == RegionType::Impassable) return false;
  switch (cat) {
    case Category::Land:
      if (origin.is_territory())  // Plotting Land Commands; by Rail; Transporting Land Units by Sea
        return (r.is_territory() && dist(d.tables.land, d, from, to) == 1) ||
               (r.is_territory() && origin.rail && r.rail && d.tables.rail_component[from] != kNone &&
                d.tables.rail_component[from] == d.tables.rail_component[to]) ||
               (r.is_sea() && may_sail && embark_reach(d, from, to));
      // a Troop Transport at sea: 2 sea regions, or land on an adjacent territory
      return (r.is_sea() && dist(d.tables.sea, d, from, to) <= 2) || (r.is_territory() && d.tables.adjacent[from].test(to));
    case Category::Air: return dist(d.tables.air, d, from, to) <= 2;                // Plotting Air Commands
    case Category::Sea: return r.is_sea() && dist(d.tables.sea, d, from, to) <= 2;  // Plotting Naval Commands
  }
  return false;
}

// The pad's destinations of the Command, from the game's table of pad_reaches.
std::span<const RegionId> pad_reach_of(const CCtx& c, Nation nation, int number) {
  const RegionId from = c.s.command[nation][at(number)].region;
  const bool may_sail = !c.d().nations[nation].has(NationRule::LandNeverAtSea);
  return c.g.pad_reach(from, command_category(c.d(), nation, number), may_sail);
}

void pad_destinations(const CCtx& c, Nation nation, int number, std::vector<RegionId>& out) {
  const std::span<const RegionId> reach = pad_reach_of(c, nation, number);
  out.insert(out.end(), reach.begin(), reach.end());
}

// ---- Step 1: the O&P Chart, in secret ----

void sheets_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const Sheet& sh = c.s.sheet[nation];
  out.push_back(encode(ActionKind::Done, nation));
  if (sh.selected) {
    for (RegionId r : pad_reach_of(c, nation, sh.selected)) out.push_back(encode(ActionKind::To, nation, index(r)));
    out.push_back(encode(ActionKind::Select, nation, 0));  // the pad's Command put down again, no order written
  }
  // "no more than 9 written orders"; China and Italy 6. A Command with no destination in the
  // scenario (a fleet in a sea whose neighbours are out of play) is not offered: selecting it led
  // nowhere (ruling 21).
  if (written(sh) < c.g.order_limit(nation))
    for (int number = 1; number <= kMaxCommandNumber; ++number) {
      const Command& cmd = c.s.command[nation][at(number)];
      if (cmd.region == kNoRegion || units_in(cmd) == 0 || number == sh.selected || ordered(sh, number)) continue;
      if (!pad_reach_of(c, nation, number).empty()) out.push_back(encode(ActionKind::Select, nation, number));
    }
  for (int b = 0; b < kMaxOrders; ++b)
    if (sh.box[at(b)].status != kEmpty) out.push_back(encode(ActionKind::Erase, nation, b + 1));
  // Bidding Oil for Turn Order: 0 up to the oil held; units and thousands separately (design §4.4).
  const int oil = resource(c.s, nation, kOil);
  const int thousands = sh.bid / 1000;
  for (int v = 0; v <= std::min(999, oil - thousands * 1000); ++v)
    if (thousands * 1000 + v != sh.bid) out.push_back(bid_action(nation, v, false));
  for (int k = 0; k * 1000 <= oil && oil >= 1000; ++k)
    if (k != thousands && k * 1000 + sh.bid % 1000 <= oil) out.push_back(bid_action(nation, k, true));
}

void sheets_apply(Ctx& c, const Act& a) {
  Sheet& sh = c.s.sheet[nation_at(a.nation)];
  switch (a.kind) {
    case ActionKind::Done: sh.selected = 0; break;
    case ActionKind::Select: sh.selected = a.a; break;
    case ActionKind::To:
      for (Order& o : sh.box)  // the lowest empty box
        if (o.status == kEmpty) {
          o = {sh.selected, region_byte(a.a), kWritten};
          break;
        }
      sh.selected = 0;
      break;
    case ActionKind::Erase: sh.box[at(a.a - 1)] = Order{}; break;
    case ActionKind::Bid: {
      const int v = bid_value(a);
      sh.bid = a.c ? v * 1000 + sh.bid % 1000 : (sh.bid / 1000) * 1000 + v;
      break;
    }
    default: CORE_EXPECT(false);
  }
}

// ---- Step 2: reveal the bids; choose slots in bid order; ties drawn (rulings 15, 16) ----

void reveal_bids(Ctx& c) {
  State& s = c.s;
  ++s.reveal_epoch;
  s.turn_order.fill(kNoNation);
  s.choosing.fill(kNoNation);
  int count = 0;
  for (Nation n : kAllNations) {
    s.nation[n].slot = 0;
    if (!in_play(s, n)) continue;
    c.add(kPhase2Step2, n, Event::BidRevealed, s.sheet[n].bid);
    s.choosing[at(count++)] = n;
  }
  std::stable_sort(s.choosing.begin(), s.choosing.begin() + count, [&](Nation x, Nation y) { return s.sheet[x].bid > s.sheet[y].bid; });
  s.steps.push(step::SlotSequence{0});
}

namespace {
int tied_from(const State& s, int position, int count) {  // how many share the bid at `position`
  int n = 0;
  for (int i = position; i < count; ++i) n += s.sheet[s.choosing[at(i)]].bid == s.sheet[s.choosing[at(position)]].bid;
  return n;
}

int free_slot(const State& s, int count) {
  for (int slot = 1; slot <= count; ++slot)
    if (s.turn_order[at(slot - 1)] == kNoNation) return slot;
  return 0;
}

void take_slot(Ctx& c, Nation nation, int slot) {
  c.s.nation[nation].slot = static_cast<std::uint8_t>(slot);
  c.s.turn_order[at(slot - 1)] = nation;
  c.add(kPhase2Step2, nation, Event::SlotChosen, slot);
}
}  // namespace

void slot_sequence(Ctx& c, int position) {
  State& s = c.s;
  const int count = count_in_play(s);
  if (position >= count) {  // Step 3: "All bids must be paid - win or lose."
    for (Nation n : kAllNations)
      if (in_play(s, n)) {
        s.nation[n].res[kOil] -= s.sheet[n].bid;
        CORE_EXPECT(s.nation[n].res[kOil] >= 0);
        if (s.sheet[n].bid) c.add(kPhase2Step3, n, Event::BidPaid, s.sheet[n].bid);
      }
    return;
  }
  s.steps.push(step::SlotSequence{static_cast<std::int8_t>(position + 1)});
  if (position == count - 1) return take_slot(c, s.choosing[at(position)], free_slot(s, count));  // the last slot left
  if (tied_from(s, position, count) > 1)
    s.steps.push(step::TieDraw{static_cast<std::int8_t>(position)});
  else
    s.steps.push(step::ChooseSlot{s.choosing[at(position)]});
}

void tie_outcomes(const CCtx& c, int position, core::OutcomeList& out) {
  const int count = count_in_play(c.s);
  const int tied = tied_from(c.s, position, count);
  for (int i = position; i < count; ++i)
    if (c.s.sheet[c.s.choosing[at(i)]].bid == c.s.sheet[c.s.choosing[at(position)]].bid)
      out.push_back({encode(ActionKind::Draw, c.s.choosing[at(i)]), 1.0 / tied});
}

void tie_apply(Ctx& c, int position, Nation nation) {
  State& s = c.s;
  int i = position;  // the drawn flag goes first, the rest keep their order
  while (i < kNations - 1 && s.choosing[at(i)] != nation) ++i;
  CORE_EXPECT(s.choosing[at(i)] == nation);
  for (; i > position; --i) s.choosing[at(i)] = s.choosing[at(i - 1)];
  s.choosing[at(position)] = nation;
  c.add(kPhase2Step2, nation, Event::TieDrawn, position + 1);
  s.steps.replace(step::ChooseSlot{nation});
}

void slot_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const int count = count_in_play(c.s);
  for (int slot = 1; slot <= count; ++slot)
    if (c.s.turn_order[at(slot - 1)] == kNoNation) out.push_back(encode(ActionKind::Slot, nation, slot));
}

void slot_apply(Ctx& c, const Act& a) {
  c.s.steps.pop();
  take_slot(c, nation_at(a.nation), a.a);
}

// ---- Round 1's reorganization order, drawn at random (ruling 19) ----

void order_draw_outcomes(const CCtx& c, int placed, core::OutcomeList& out) {
  int left = 0;
  for (Nation n : kAllNations)
    left += in_play(c.s, n) && std::find(c.s.turn_order.begin(), c.s.turn_order.begin() + placed, n) == c.s.turn_order.begin() + placed;
  for (Nation n : kAllNations)
    if (in_play(c.s, n) && std::find(c.s.turn_order.begin(), c.s.turn_order.begin() + placed, n) == c.s.turn_order.begin() + placed)
      out.push_back({encode(ActionKind::Draw, n), 1.0 / left});
}

void order_draw_apply(Ctx& c, int placed, Nation nation) {
  State& s = c.s;
  s.steps.pop();
  s.turn_order[at(placed)] = nation;
  c.add(kReorganizing, nation, Event::OrderDrawn, placed + 1);
  const int count = count_in_play(s);
  if (placed + 2 < count) {
    s.steps.push(step::OrderDraw{static_cast<std::int8_t>(placed + 1)});
    return;
  }
  for (Nation n : kAllNations)  // the last flag left
    if (in_play(s, n) && std::find(s.turn_order.begin(), s.turn_order.begin() + placed + 1, n) == s.turn_order.begin() + placed + 1) {
      s.turn_order[at(placed + 1)] = n;
      c.add(kReorganizing, n, Event::OrderDrawn, placed + 2);
    }
  std::array<Nation, kNations> order{};
  const int n = nations_in_turn_order(s, order);
  push_per_nation<step::Reorganize>(s, order, n, 1);
}

// ---- Reorganizing Commands: split and merge within a region ----
// Step 3 (Reorganize Commands) sets no number of units per move: a shift moves one unit, several of
// one type (`inf*3`) or, when the Commands hold more than one type, the whole Command into another.

// "Phase 4: Only during Battle Debrief and within the Active region" (Reorganizing Commands; Battle
// Debrief 4): the region a Phase 4 reorganization is confined to, or kNoRegion for any region.
RegionId reorganizing_region(const State& s) {
  const Step& st = s.steps.top();
  return st.is<step::Reorganize>() && st.as<step::Reorganize>().window == kReorganizeDebrief ? s.fight.region : kNoRegion;
}

namespace {

// The Command `from` of `nation` as reorganizing may take it: on the map, with units, in the region
// a Phase 4 reorganization is confined to.
// `only`: reorganizing_region(s), which a list of moves reads once.
bool may_reorganize(const State& s, Nation nation, int from, RegionId only) {
  const Command& src = s.command[nation][at(from)];
  return src.region != kNoRegion && units_in(src) > 0 && (only == kNoRegion || src.region == only);
}
bool may_reorganize(const State& s, Nation nation, int from) { return may_reorganize(s, nation, from, reorganizing_region(s)); }

// A Command that may reorganize, with its number, Unit Category, units and types.
struct Stack {
  const Command* command;
  int number;
  Category cat;
  int units, types;
};

// "Players may merge or split Commands that share a region and are the same Nationality", "Units,
// when merging, must be all the same Unit Category", "No Command Stack can exceed 8 Units": how many
// units `to` may take from `from` (0: none).
int merge_room(const Stack& from, const Stack& to) {
  if (to.number == from.number || to.command->region != from.command->region || to.units == 0 || to.cat != from.cat) return 0;
  return kStackLimit - to.units;
}

// The most units of type `t` that `from` may shift to `to`, or to a new Command (`to` null) where a
// Command token of its category is free: 0 if none. "When splitting a Command, be sure to assign a
// new Command Token": a split leaves a unit behind.
int shift_room(const Stack& from, int t, const Stack* to, bool token_free) {
  if (category_of(t) != from.cat) return 0;
  const int have = from.command->n[at(slot_of(t))];
  if (to) return std::min(have, merge_room(from, *to));
  return token_free ? std::min(have, from.units - 1) : 0;
}

// The whole of `from` into `to`: offered where `from` holds more than one type (one type's units
// are `inf*N`).
bool merges_whole(const Stack& from, const Stack& to) { return from.types > 1 && from.units <= merge_room(from, to); }

Stack stack_of(const CCtx& c, Nation nation, int number) {
  const Command& cmd = c.s.command[nation][at(number)];
  const int types = static_cast<int>(std::count_if(cmd.n.begin(), cmd.n.end(), [](std::uint8_t k) { return k > 0; }));
  return {&cmd, number, command_category(c.d(), nation, number), units_in(cmd), types};
}

}  // namespace

// The single-unit shifts come in the order of every version (a bot's choice among equals is the
// first); the shifts of several units of a type follow each single one, and each Command's whole
// merges its types.
void reorganize_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  out.push_back(encode(ActionKind::Done, nation));
  std::array<Stack, kMaxCommandNumber> stacks;  // the first `count` are set
  int count = 0;
  const RegionId only = reorganizing_region(c.s);
  for (int number = 1; number <= kMaxCommandNumber; ++number)
    if (may_reorganize(c.s, nation, number, only)) stacks[at(count++)] = stack_of(c, nation, number);
  std::array<bool, kCategories> token_free{};
  for (int cat = 0; cat < kCategories; ++cat)
    token_free[at(cat)] = lowest_free_command(c.s, c.d(), nation, static_cast<Category>(cat)) != 0;
  // Merges need a shared region and Unit Category and room in the partner: for each (region,
  // category), the stacks of fewer than 8 units in number order, so that a Command's partners are
  // those of its chain but itself, found without comparing it with every other Command.
  std::array<std::uint8_t, kMaxRegions * kCategories> first;
  first.fill(0xFF);
  std::array<std::uint8_t, kMaxCommandNumber> next;
  const auto chain = [&](const Stack& st) -> std::uint8_t& {
    return first[at(index(st.command->region) * kCategories + static_cast<int>(st.cat))];
  };
  for (int i = count - 1; i >= 0; --i)
    if (stacks[at(i)].units < kStackLimit) {
      next[at(i)] = chain(stacks[at(i)]);
      chain(stacks[at(i)]) = static_cast<std::uint8_t>(i);
    }
  std::array<const Stack*, kMaxCommandNumber> others;  // the Commands `from` may merge into
  std::array<int, kMaxCommandNumber> room;             // and the units each may take (merge_room)
  for (int i = 0; i < count; ++i) {
    const Stack& from = stacks[at(i)];
    int near = 0;
    for (int j = chain(from); j != 0xFF; j = next[at(j)])
      if (j != i) {
        others[at(near)] = &stacks[at(j)];
        room[at(near++)] = kStackLimit - stacks[at(j)].units;
      }
    // shift_room's figures, each partner's room read once and the types `from` lacks skipped.
    const int split = token_free[at(static_cast<int>(from.cat))] ? from.units - 1 : 0;
    for (int slot = 0; slot < type_count(from.cat); ++slot) {
      const int have = from.command->n[at(slot)];
      if (have == 0) continue;
      const int t = first_type(from.cat) + slot;
      const auto offer = [&](int most, int to) {
        for (int k = 1; k <= most; ++k) out.push_back(shift_action(nation, from.number, t, k, to));
      };
      for (int j = 0; j < near; ++j) offer(std::min(have, room[at(j)]), others[at(j)]->number);
      offer(std::min(have, split), 0);
    }
    for (int j = 0; j < near; ++j)
      if (merges_whole(from, *others[at(j)])) out.push_back(shift_action(nation, from.number, kWholeStack, 1, others[at(j)]->number));
  }
}

bool reorganize_allows(const CCtx& c, const Act& a) {
  if (a.kind == ActionKind::Done) return true;
  const Nation nation = nation_at(a.nation);
  if (a.kind != ActionKind::Shift || a.a < 1 || a.a > kMaxCommandNumber || a.c > kMaxCommandNumber || !may_reorganize(c.s, nation, a.a))
    return false;
  const Stack from = stack_of(c, nation, a.a);
  if (a.c && !may_reorganize(c.s, nation, a.c)) return false;
  const Stack to = a.c ? stack_of(c, nation, a.c) : Stack{};
  if (shift_type(a) == kWholeStack) return a.c && shift_count(a) == 1 && merges_whole(from, to);
  const bool token_free = lowest_free_command(c.s, c.d(), nation, from.cat) != 0;
  return shift_type(a) < kUnitTypes && shift_count(a) <= shift_room(from, shift_type(a), a.c ? &to : nullptr, token_free);
}

void reorganize_apply(Ctx& c, const Act& a) {
  State& s = c.s;
  if (a.kind == ActionKind::Done) {
    c.add(kReorganizing, nation_at(a.nation), Event::ReorganizeDone);
    s.steps.pop();
    return;
  }
  CORE_EXPECT(a.kind == ActionKind::Shift);
  auto& pool = s.command[nation_at(a.nation)];
  Command& src = pool[a.a];
  const int to = a.c ? a.c : lowest_free_command(s, c.d(), nation_at(a.nation), command_category(c.d(), nation_at(a.nation), a.a));
  Command& dst = pool[at(to)];
  dst.region = src.region;
  // Split in a Battle Debrief, an Air Command that fought keeps its Landing Tag (Phase 5 Step 1).
  if (!a.c) dst.flags = static_cast<std::uint8_t>(src.flags & kLandingTag);
  const bool whole = shift_type(a) == kWholeStack;
  for (std::size_t slot = 0; slot < src.n.size(); ++slot) {
    if (!whole && slot != at(slot_of(shift_type(a)))) continue;
    const int moved = whole ? src.n[slot] : shift_count(a);
    src.n[slot] = static_cast<std::uint8_t>(src.n[slot] - moved);
    dst.n[slot] = static_cast<std::uint8_t>(dst.n[slot] + moved);
  }
  if (units_in(src) == 0) src = Command{};  // "Store all Command Tokens that are not being used."
  c.add(kReorganizing, nation_at(a.nation), Event::Shifted, a.a, a.b, to);
}

}  // namespace warroom
