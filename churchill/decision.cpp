// 6.0 Decision Segment: Directed Offensives (6.1), conditional issues (6.2, set at the end of the
// Meeting), production (6.3), production allocation (6.4-6.8), theater leadership (6.9), A-Bomb
// research (6.10) and the Global Issue (6.11). Each activity starts left of the conference winner.
#include <algorithm>
#include <bit>
#include <cstring>

#include "churchill/rules.h"

namespace churchill::rules {

namespace {

// Bonus buckets of State::support_bonus.
enum Bucket { kEurope = 0, kPacific = 1, kEither = 2, kAnyFrontOffensive = 3 };
constexpr int kBuckets = 4;

// Players in activity order: left of the winner, then clockwise, the winner last (6.0).
std::array<Power, kPowers> activity_order(const State& s) {
  const Power first = left_of(s.conference_winner);
  return {first, left_of(first), left_of(left_of(first))};
}

bool won_by(const State& s, IssueId issue, Power power) {
  return s.issues[issue].where == IssueWhere::Table && s.issues[issue].winner == power;
}

// The eight Fronts' or theaters' bytes as one word, byte i in bits 8i to 8i + 7, for the tests below
// that compare all eight at once (each byte's top bit the answer, and no byte carries or borrows
// into the next: the values are small and not negative, but a Front's position kInBox, -1).
static_assert(kMaxFronts == 8 && kMaxTheaters == 8 && std::endian::native == std::endian::little);
constexpr std::uint64_t kTop = 0x8080808080808080ull, kOnes = 0x0101010101010101ull;
std::uint64_t word_of(const std::array<std::int8_t, 8>& bytes) {
  std::uint64_t w;
  std::memcpy(&w, bytes.data(), sizeof w);
  return w;
}
// The bytes whose top bit is set, one bit per byte.
std::uint32_t top_bits(std::uint64_t w) { return static_cast<std::uint32_t>((((w & kTop) >> 7) * 0x0102040810204080ull) >> 56); }

// The Fronts that may receive offensive support: an entry space left (has_entry_space: position + 1
// < the track's length; a Front the data set lacks has a track of length 0), in a Region whose Axis
// power has not surrendered (7.8). Bits of fronts.
std::uint32_t open_fronts(const CCtx& c) {
  const std::uint64_t next = ((word_of(c.s.front.items) ^ kTop) + kOnes) ^ kTop;           // position + 1, 0..127
  const std::uint32_t at_end = top_bits((next | kTop) - word_of(c.k.track_length.items));  // position + 1 >= length
  std::uint32_t bits = ~at_end & 0xffu;
  for (std::size_t r = 0; r < 2; ++r)
    if (c.s.surrendered[r]) bits &= ~c.k.region_fronts[r];
  return bits;
}

// The theater boxes that may receive naval support (can_place_naval, 6.5: at most five). Bits of theaters.
std::uint32_t open_naval(const CCtx& c) {
  const std::uint32_t full = top_bits((word_of(c.s.naval.items) | kTop) - 5 * kOnes);  // naval >= 5
  return ~full & (c.k.region_theaters[0] | c.k.region_theaters[1]);
}

// --- 6.1 Directed Offensives -------------------------------------------------------------------

bool directed_to_place(const CCtx& c, Power power) {
  for (IssueId i : c.d.issues.ids())
    if (c.d.issues[i].kind == IssueKind::DirectedOffensive && won_by(c.s, i, power) && c.s.directed_front[c.d.issues[i].power] == kNoFront)
      return open_fronts(c) != 0;
  return false;
}

// --- 6.4 Production Allocation -----------------------------------------------------------------

struct Targets {
  std::uint32_t offensive = 0;  // bits of fronts
  std::uint32_t naval = 0;      // bits of theaters
  std::uint32_t activate = 0;   // bits of Pol-Mil issues
  bool a_bomb = false;
  bool any() const { return offensive || naval || activate || a_bomb; }
};

// 6.8: the Pol-Mil issues `power` won and has not activated yet this conference.
std::uint32_t activatable(const CCtx& c, Power power) {
  std::uint32_t bits = 0;
  for_each_bit(c.k.polmil_issues & ~c.s.activated, [&](int i) {
    if (won_by(c.s, issue_at(i), power)) bits |= 1u << i;  // a bit of the issues
  });
  return bits;
}

// 6.6: what satisfies a card mandate. Card text is followed even in a surrendered theater (5.11).
Targets mandate_targets(const CCtx& c, const Mandate& m) {
  Targets t;
  const bool offensive = m.use == ProductionUse::Offensive || m.use == ProductionUse::Support;
  const bool naval = m.use == ProductionUse::Naval || m.use == ProductionUse::Support;
  if (offensive) {
    const int front = c.k.front_of_theater[m.theater];  // 3.25: the theater box's Front
    if (front >= 0 && has_entry_space(c, front_at(front))) t.offensive = 1u << front;
  }
  if (naval && can_place_naval(c, m.theater)) t.naval |= 1u << index(m.theater);
  if (m.use == ProductionUse::PolMil) t.activate = activatable(c, m.power);
  if (m.use == ProductionUse::ABomb) t.a_bomb = won_by_anyone(c.s, c.k.a_bomb_research);
  return t;
}

// 6.7: what satisfies a power's Directed Offensive: naval first on an amphibious entry until the
// theater has 3 (5 for Normandy), offensive support otherwise.
Targets directed_targets(const CCtx& c, Power who) {
  Targets t;
  const FrontId front = c.s.directed_front[who];
  if (front == kNoFront) return t;
  if (c.s.directed_paid[who] >= 2 || !has_entry_space(c, front)) return t;
  const Front& f = c.d.fronts[front];
  const TrackStep& entry = f.track[at(c.s.front[front] + 1)];
  if (entry.amphibious && c.s.naval[f.theater] < entry.naval_required) {
    if (can_place_naval(c, f.theater)) t.naval |= 1u << index(f.theater);
  } else {
    t.offensive |= 1u << index(front);
  }
  return t;
}

// 6.5, 6.8, 6.10.2: free choices once the priorities are met.
Targets free_targets(const CCtx& c, Power power) {
  Targets t;
  t.offensive = open_fronts(c);
  t.naval = open_naval(c);
  t.activate = activatable(c, power);
  t.a_bomb = won_by_anyone(c.s, c.k.a_bomb_research);
  return t;
}

// Where a leadership bonus of a bucket may go (6.91, 6.92): offensive or naval support in its region.
Targets bonus_targets(const CCtx& c, int bucket) {
  Targets t;
  const bool any_region = bucket == kEither || bucket == kAnyFrontOffensive;
  t.offensive = open_fronts(c) & (any_region ? ~0u : c.k.region_fronts[at(bucket)]);
  if (bucket == kAnyFrontOffensive) return t;
  t.naval = open_naval(c) & (any_region ? ~0u : c.k.region_theaters[at(bucket)]);
  return t;
}

// The production targets a power must choose among now: its first satisfiable priority (6.4), which
// `priority` is told: 1 the conference card's mandate, 2 its Directed Offensive, 3 free.
Targets production_targets(const CCtx& c, Power power, int* priority = nullptr) {
  int unused = 0;
  int& served = priority ? *priority : unused;
  for (int i = 0; i < c.s.mandate_count; ++i) {
    const Mandate& m = c.s.mandates[at(i)];
    if (m.power == power && m.count > 0) {
      const Targets t = mandate_targets(c, m);
      served = 1;
      if (t.any()) return t;
    }
  }
  served = 2;
  if (const Targets t = directed_targets(c, power); t.any()) return t;
  served = 3;
  return free_targets(c, power);
}

// The allocations to the targets `t` of a source (0: a production marker, 1 + bucket: a leadership
// bonus), as one run of the list (rules.h): offensive support by Front, naval by theater, the
// Pol-Mil issues to activate, the A-Bomb modifier.
std::uint32_t allocations(const Targets& t) {
  return static_cast<std::uint32_t>(bit_count(t.offensive) + bit_count(t.naval) + bit_count(t.activate) + t.a_bomb);
}
template <class Out>
void emit(const Targets& t, int source, Out& out) {
  out.run([&] { return allocations(t); },
          [&](auto add) {
            for_each_bit(t.offensive, [&](int f) { add(encode(Act::Offensive, f, source)); });
            for_each_bit(t.naval, [&](int th) { add(encode(Act::Naval, th, source)); });
            for_each_bit(t.activate, [&](int i) { add(encode(Act::Activate, i)); });
            if (t.a_bomb) add(encode(Act::ABombModifier));
          });
}
// The allocation emit lists k-th for `t` (k < allocations(t)), found by counting the bits before it
// (Bots.ARandomActionIsTheListsItemAtTheSameDraw checks it is the list's at every decision of random
// games).
core::Action nth_allocation(const Targets& t, int source, std::uint32_t k) {
  const auto offensive = static_cast<std::uint32_t>(bit_count(t.offensive));
  if (k < offensive) return encode(Act::Offensive, nth_bit(t.offensive, k), source);
  k -= offensive;
  const auto naval = static_cast<std::uint32_t>(bit_count(t.naval));
  if (k < naval) return encode(Act::Naval, nth_bit(t.naval, k), source);
  k -= naval;
  if (k < static_cast<std::uint32_t>(bit_count(t.activate))) return encode(Act::Activate, nth_bit(t.activate, k));
  return encode(Act::ABombModifier);
}

// What `seat` may allocate now: f(targets, source) for its production markers (source 0), then for
// each leadership bonus bucket it holds (source 1 + bucket), in the list's order.
template <class F>
void each_source(const CCtx& c, Power me, F f) {
  if (c.s.production[me] > 0) f(production_targets(c, me), 0);
  for (int b = 0; b < kBuckets; ++b)
    if (c.s.support_bonus[me][at(b)] > 0) f(bonus_targets(c, b), 1 + b);
}

bool has_allocation(const CCtx& c, Power who) {
  if (c.s.production[who] > 0 && production_targets(c, who).any()) return true;
  for (int b = 0; b < kBuckets; ++b)
    if (c.s.support_bonus[who][at(b)] > 0 && bonus_targets(c, b).any()) return true;
  return false;
}

// Charges one production marker to the first mandate or Directed Offensive it satisfies.
void charge_priorities(const Ctx& c, Power power, core::Action a) {
  State& s = c.s;
  for (int i = 0; i < s.mandate_count; ++i) {
    Mandate& m = s.mandates[at(i)];
    if (m.power != power || m.count == 0) continue;
    const Targets t = mandate_targets(c, m);
    const bool hit = (kind_of(a) == Act::Offensive && (t.offensive & (1u << arg_a(a)))) ||
                     (kind_of(a) == Act::Naval && (t.naval & (1u << arg_a(a)))) ||
                     (kind_of(a) == Act::Activate && (t.activate & (1u << arg_a(a)))) || (kind_of(a) == Act::ABombModifier && t.a_bomb);
    if (hit) {
      --m.count;
      return;
    }
  }
  const Targets d = directed_targets(c, power);
  if ((kind_of(a) == Act::Offensive && (d.offensive & (1u << arg_a(a)))) || (kind_of(a) == Act::Naval && (d.naval & (1u << arg_a(a)))))
    ++s.directed_paid[power];
}

// --- Moving from activity to activity ----------------------------------------------------------

void start_allocation(const Ctx& c, int index);
void start_leadership(const Ctx& c, int index);

void start_directed(const Ctx& c, int index) {
  const auto order = activity_order(c.s);
  for (int i = index; i < kPowers; ++i)
    if (directed_to_place(c, order[at(i)])) return c.replace(step::DirectedOffensives{order[at(i)], i});
  c.s.steps.replace(step::DecisionProduction{});
}

void start_allocation(const Ctx& c, int index) {
  const auto order = activity_order(c.s);
  for (int i = index; i < kPowers; ++i)
    if (has_allocation(c, order[at(i)])) return c.replace(step::Allocation{order[at(i)], i});
  // Whatever could not be placed anywhere is lost (a full box, no open Front).
  for (Power p : kAllPowers) {
    c.s.production[p] = 0;
    c.s.support_bonus[p].fill(0);
  }
  start_leadership(c, 0);
}

// 6.9: each won Theater Leadership issue, its winner decides the holder (in activity order).
void start_leadership(const Ctx& c, int index) {
  const auto order = activity_order(c.s);
  for (int i = index; i < 2 * kPowers; ++i) {
    const Power power = order[at(i / 2)];
    const int region = i % 2;
    if (won_by(c.s, c.k.leadership[at(region)], power)) return c.replace(step::TheaterLeadership{power, region, i});
  }
  // 6.10 A-Bomb Research, then 6.11 Global Issue.
  c.s.steps.replace(step::EndConference{});
  const Power w = c.s.issues[c.k.global_issue].where == IssueWhere::Table ? c.s.issues[c.k.global_issue].winner : kNoPower;
  if (w != kNoPower) {
    for (GlobalIssueId m : c.d.global_issues.ids())
      if (may_move_global(c.d, c.s, w, m)) {
        c.push(step::GlobalIssue{w});
        break;
      }
  }
  if (won_by_anyone(c.s, c.k.a_bomb_research)) c.push(step::ABombRoll{});
}

}  // namespace

bool won_by_anyone(const State& s, IssueId issue) {
  return s.issues[issue].where == IssueWhere::Table && s.issues[issue].winner != kNoPower;
}

// 5.27: the conference winner receives a conference victory marker; the Decision Segment begins.
void conference_won(const Ctx& c, Power winner) {
  State& s = c.s;
  s.conference_winner = winner;
  ++s.conferences_won[winner];
  c.note("5.27", winner, Event::ConferenceWinner, winner);
  s.directed_front.fill(kNoFront);
  s.directed_paid.fill(0);
  s.activated = 0;
  s.a_bomb_modifier = 0;
  c.push(step::DecisionProduction{});  // start_directed puts the first turn (or the production) in its place
  start_directed(c, 0);
}

// 6.3 Production, and the leadership support of 6.91-6.92 (placed during allocation, 6.4).
void decision_production(const Ctx& c) {
  State& s = c.s;
  for (Power p : kAllPowers) s.production[p] = static_cast<std::int8_t>(kBaseProduction[core::index_of(p)] + s.production_delta[p]);
  for (IssueId i : c.d.issues.ids()) {  // 6.32: production issues of another power
    const Issue& is = c.d.issues[i];
    const Power w = s.issues[i].where == IssueWhere::Table ? s.issues[i].winner : kNoPower;
    if (is.kind != IssueKind::Production || w == kNoPower || w == is.power) continue;
    ++s.production[w];
    --s.production[is.power];
    c.note("6.32", w, Event::ProductionTaken, w, is.power);
  }
  const IssueState& sm = s.issues[c.k.strategic_materials];
  if (sm.where == IssueWhere::Table && sm.track == kCenter)
    for (auto& p : s.production) ++p;
  else if (sm.where == IssueWhere::Table && sm.winner != kNoPower)
    ++s.production[sm.winner];
  if (s.naval[c.k.arctic] >= 3) ++s.production[Power::USSR];  // 7.4
  for (Power p : kAllPowers) {
    s.production[p] = std::max<std::int8_t>(s.production[p], 0);
    c.note("6.3", index(p), Event::ProductionTotal, index(p), s.production[p]);
  }
  // 6.91: the holders when allocation begins (ruling 2); 6.92: the winners of the issues.
  for (int r = 0; r < 2; ++r) {
    ++s.support_bonus[s.theater_leader[at(r)]][at(r)];
    for (Power p : kAllPowers)
      if (won_by(s, c.k.leadership[at(r)], p)) add_to(s.support_bonus[p][at(r)], 2);
  }
  for (Power p : kAllPowers)
    if (won_by(s, c.k.leadership[0], p) && won_by(s, c.k.leadership[1], p)) add_to(s.support_bonus[p][kEither], 2);
  start_allocation(c, 0);
}

int production_priority(const CCtx& c, Power power) {
  int priority = 0;
  production_targets(c, power, &priority);
  return priority;
}

void directed_legal(const CCtx& c, Power me, core::ActionList& out) {
  const State& s = c.s;
  for (IssueId i : c.d.issues.ids())
    if (c.d.issues[i].kind == IssueKind::DirectedOffensive && won_by(s, i, me) && s.directed_front[c.d.issues[i].power] == kNoFront)
      for_each_bit(open_fronts(c), [&](int f) { out.push_back(encode(Act::PlaceDirected, static_cast<int>(i), f)); });
}

void allocation_legal(const CCtx& c, Power seat, core::ActionList& list) {
  ListOut out{list};
  each_source(c, seat, [&](const Targets& t, int source) { emit(t, source, out); });
}

core::Action allocation_random(const CCtx& c, Power seat, core::Rng& rng) {
  struct Source {
    Targets targets;
    int source;
    std::uint32_t size;
  };
  std::array<Source, 1 + kBuckets> sources;
  std::size_t n = 0;
  std::uint32_t total = 0;
  each_source(c, seat, [&](const Targets& t, int source) {
    sources[n++] = {t, source, allocations(t)};
    total += allocations(t);
  });
  CORE_EXPECT(total > 0);
  std::uint32_t k = rng.below(total);
  std::size_t i = 0;
  while (k >= sources[i].size) k -= sources[i++].size;
  return nth_allocation(sources[i].targets, sources[i].source, k);
}

void leadership_legal(const CCtx& c, Power, core::ActionList& out) {  // 6.92: only the US or the UK holds it
  out.push_back(encode(Act::Leadership, c.top<step::TheaterLeadership>().region, index(Power::UK)));
  out.push_back(encode(Act::Leadership, c.top<step::TheaterLeadership>().region, index(Power::US)));
}

void global_legal(const CCtx& c, Power seat, core::ActionList& out) {
  for (GlobalIssueId m : c.d.global_issues.ids())
    if (may_move_global(c.d, c.s, seat, m)) out.push_back(encode(Act::MoveGlobal, index(m)));
}

namespace {

void allocate(const Ctx& c, Power me, core::Action a) {
  State& s = c.s;
  const int source = arg_b(a);  // 0: a production marker; 1 + bucket: a support bonus
  if (source == 0) {
    charge_priorities(c, me, a);
    --s.production[me];
  } else {
    --s.support_bonus[me][at(source - 1)];
  }
  const char* rule = source == 0 ? "6.5" : "6.9";
  switch (kind_of(a)) {
    case Act::Offensive:
      ++s.offensive[front_at(arg_a(a))];
      c.note(rule, me, Event::OffensivePlaced, arg_a(a), me, source);
      break;
    case Act::Naval: place_naval(c, theater_at(arg_a(a)), me, rule); break;
    case Act::Activate: {  // 6.81: X Political Alignment markers and Y Clandestine Networks
      const Issue& is = c.d.issues[issue_at(arg_a(a))];
      s.activated |= 1u << arg_a(a);
      add_to(s.alignment_gained[me], is.alignment);
      add_to(s.networks_gained[me], is.networks);
      c.note("6.8", me, Event::Activated, me, arg_a(a));
      break;
    }
    default:  // 6.10.2: +1 to the A-Bomb Research roll
      ++s.a_bomb_modifier;
      c.note("6.10.2", me, Event::ABombModifier, me);
      break;
  }
  const step::Allocation turn = c.top<step::Allocation>();
  if (!has_allocation(c, me)) {
    s.production[me] = 0;  // nothing left can be placed: the rest is lost
    s.support_bonus[me].fill(0);
    start_allocation(c, turn.index + 1);
  }
}

}  // namespace

void apply_decision(const Ctx& c, Power me, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::DirectedOffensives, StepId::Allocation, StepId::TheaterLeadership, StepId::GlobalIssue}));
  CORE_EXPECT(acting(c, me));
  State& s = c.s;
  switch (kind_of(a)) {
    case Act::PlaceDirected: {
      const Power power = c.d.issues[issue_at(arg_a(a))].power;  // the power the action's issue names
      s.directed_front[power] = front_at(arg_b(a));              // the action's Front
      c.note("6.1", me, Event::DirectedPlaced, me, arg_a(a), arg_b(a));
      if (!directed_to_place(c, me)) start_directed(c, c.top<step::DirectedOffensives>().index + 1);
      break;
    }
    case Act::Leadership: {                                 // 6.92: the USSR may decide, but only the US or the UK holds it
      s.theater_leader[at(arg_a(a))] = power_at(arg_b(a));  // the action's holder
      c.note("6.92", me, Event::LeadershipSet, me, arg_a(a), arg_b(a));
      start_leadership(c, c.top<step::TheaterLeadership>().index + 1);
      break;
    }
    case Act::MoveGlobal:
      s.global[global_issue_at(arg_a(a))] = me;
      c.note("6.11", me, Event::GlobalMoved, me, arg_a(a));
      s.steps.pop();
      break;
    default: allocate(c, me, a); break;
  }
}

// 6.10: 4-6 (modified) advances the US marker; Stalin's win also moves the spy ring (6.10.1).
void apply_a_bomb(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::ABombRoll}) && face(arg_a(a), 6));
  State& s = c.s;
  const int roll = arg_a(a);
  const int last = static_cast<int>(c.d.a_bomb.size()) - 1;
  const bool advanced = roll + s.a_bomb_modifier >= 4 && s.a_bomb < last;
  if (advanced) ++s.a_bomb;
  c.note("6.10", -1, Event::ABombRoll, roll, s.a_bomb_modifier, advanced);
  if (s.issues[c.k.a_bomb_research].winner == Power::USSR && s.spy_ring < last) {
    ++s.spy_ring;
    c.note("6.10.1", Power::USSR, Event::SpyRing, s.spy_ring);
  }
  s.steps.pop();
}

}  // namespace churchill::rules
