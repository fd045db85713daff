// 7.0 War Phase: Clandestine Networks (7.1, 7.2), Political Alignment (7.3) under the Global Issues
// (6.11), the Arctic (7.4), Axis reserves (7.6), Front advance (7.7) and surrender (7.8).
#include <algorithm>
#include <optional>

#include "churchill/rules.h"

namespace churchill::rules {

namespace {

// --- 7.1-7.3: placement order -------------------------------------------------------------------

// The turn of the placement segment on top: 7.1 networks or 7.3 alignment (both are in the
// same order, with the same payload layout), and a new turn for it.
step::OrderedTurn placing_turn(const State& s) {
  const Step& st = s.steps.top();
  return st.is<step::PlaceNetworks>() ? step::OrderedTurn{st.as<step::PlaceNetworks>()} : st.as<step::PlaceAlignment>();
}
void set_placing_turn(const Ctx& c, step::OrderedTurn turn) {
  if (c.s.steps.top().is<step::PlaceNetworks>())
    c.set_top(step::PlaceNetworks{turn});
  else
    c.set_top(step::PlaceAlignment{turn});
}

// The largest count places first; the US orders players with equal counts, the whole order of a
// three-way tie (7.1: "determine who goes next"; ruling 4 for 7.3).
void start_segment(const Ctx& c, int kind) {
  State& s = c.s;
  std::array<Power, kPowers> order = kAllPowers;
  std::stable_sort(order.begin(), order.end(), [&](Power a, Power b) { return s.to_place[a] > s.to_place[b]; });
  s.order = order;
  PowerSet tied;
  for (std::size_t i = 0; i + 1 < order.size(); ++i)
    if (s.to_place[order[i]] == s.to_place[order[i + 1]] && s.to_place[order[i]] > 0) tied.set(order[i]).set(order[i + 1]);
  const Power first = s.order[0];
  if (kind == 0)
    c.replace(step::PlaceNetworks{first, 0});
  else
    c.replace(step::PlaceAlignment{first, 0});
  if (tied.any()) c.push(step::PlacementOrder{Power::US, kind, tied});
}

}  // namespace

std::uint32_t arctic_closed_locations(const CCtx& c) {  // 7.4: Norway and Finland need 3 naval
  return c.s.naval[c.k.arctic] < 3 ? c.k.arctic_locations : 0;
}
bool arctic_closed(const CCtx& c, LocationId location) { return (arctic_closed_locations(c) >> index(location)) & 1u; }

namespace {

bool eastern_sphere(const Known& k, LocationId l) { return k.eastern_sphere & (1u << index(l)); }
bool western_sphere(const Known& k, LocationId l) { return k.western_sphere & (1u << index(l)); }

// 6.11: Political Alignment markers it costs `power` to remove the one in `location`.
int removal_cost(const CCtx& c, LocationId location) {
  const Power un = c.s.global[c.k.us_ussr_marker];
  if (un == Power::US) return 2;  // UN
  const bool soviet = c.s.alignment[location] == Power::USSR;
  if (un == Power::USSR && soviet && (eastern_sphere(c.k, location) || c.d.locations[location].colony)) return 2;
  return 1;
}

// --- 7.6: Axis reserves --------------------------------------------------------------------------

SpaceId entry_space(const CCtx& c, FrontId front) {
  return has_entry_space(c, front) ? c.d.fronts[front].track[at(c.s.front[front] + 1)].space : kNoSpace;
}

void oppose(const Ctx& c, FrontId front, ReserveKind kind, int n, const char* rule) {
  if (n <= 0) return;
  State& s = c.s;
  add_to(s.reserves_pool[static_cast<std::size_t>(kind)], -n);
  s.reserves_on_front[front][static_cast<std::size_t>(kind)] =
      static_cast<std::int8_t>(s.reserves_on_front[front][static_cast<std::size_t>(kind)] + n);
  c.note(rule, -1, Event::ReservePlaced, static_cast<int>(kind), n, front, -1);
}

void navy_to_box(const Ctx& c, TheaterId theater, ReserveKind kind, const char* rule) {
  State& s = c.s;
  --s.reserves_pool[static_cast<std::size_t>(kind)];
  ++s.reserves_in_box[theater][static_cast<std::size_t>(kind)];
  c.note(rule, -1, Event::ReservePlaced, static_cast<int>(kind), 1, -1, theater);
  if (s.naval[theater] > 0) {
    --s.naval[theater];
    c.note(rule, -1, Event::NavalLost, theater);
  }
}

// What a SplitRoll step splits: the armies of Germany or Japan against the Fronts entering
// it (7.72.4), or the two German armies of 7.62.6 between equidistant Fronts.
enum SplitKind { kSplitGermany = 0, kSplitJapan = 1, kSplitEquidistant = 2 };
ReserveKind split_reserve(int kind) { return kind == kSplitJapan ? ReserveKind::JapaneseArmy : ReserveKind::GermanArmy; }
const char* split_rule(int kind) { return kind == kSplitEquidistant ? "7.62.6" : "7.72.4"; }

// Reserves split evenly among `fronts` (a bit set); each odd one is placed by a roll, a chance
// node like every other undetermined placement. True if a roll was pushed: the placement procedure
// waits for it before the next priority (7.61: "fully meet a priority before moving to the next").
bool split(const Ctx& c, SplitKind what, std::uint32_t fronts, int n) {
  const int k = __builtin_popcount(fronts);
  if (k == 0 || n <= 0) return false;
  for (int f = 0; f < 32; ++f)
    if (fronts & (1u << f)) oppose(c, front_at(f), split_reserve(what), n / k, split_rule(what));
  if (n % k == 0) return false;
  c.push(step::SplitRoll{what, n % k, static_cast<std::uint8_t>(fronts)});
  return true;
}

// 7.73: the exception that bars a Front from attempting track position `pos` (1 amphibious entry
// without its naval support, 3 D-Day, 4 Soviet Far East, 5 Axis surrender), or 0. Exception 2, a
// strength of zero or less, depends on the reserves and is checked when the Front's turn comes.
int barred_by(const CCtx& c, FrontId front, int pos) {
  const Front& f = c.d.fronts[front];
  const TrackStep& t = f.track[at(pos)];
  if (t.amphibious && c.s.naval[f.theater] < t.naval_required) return 1;
  if (barred_by_conditional(c.k, c.s, f, pos)) return t.space == c.k.normandy ? 3 : 4;
  return theater_surrendered(c, f.theater) ? 5 : 0;
}

bool may_enter(const CCtx& c, FrontId front, int pos) {
  return pos < static_cast<int>(c.d.fronts[front].track.size()) && barred_by(c, front, pos) == 0;
}

// 7.72.4: the Fronts "trying to advance into" an Axis power: its space is their entry space and
// no exception of 7.73 bars the attempt (7.64.4 play note: without 3 naval support a Front cannot
// attempt an amphibious entry).
std::uint32_t fronts_entering(const CCtx& c, SpaceId axis_space) {
  std::uint32_t bits = 0;
  for (FrontId f : c.d.fronts.ids()) {
    if (entry_space(c, f) == axis_space && may_enter(c, f, c.s.front[f] + 1)) bits |= 1u << index(f);
  }
  return bits;
}

SpaceId germany(const CCtx& c) { return c.d.fronts[c.k.western].end; }
SpaceId japan(const CCtx& c) { return c.d.fronts[c.k.central_pacific].end; }

// 7.62 Europe. Returns false when a roll was pushed (the step resumes at its priority).
bool europe_priority(const Ctx& c, step::Reserves& step) {
  State& s = c.s;
  const auto pool = [&](ReserveKind k) { return static_cast<int>(s.reserves_pool[static_cast<std::size_t>(k)]); };
  const FrontId w = c.k.western, e = c.k.eastern, m = c.k.mediterranean;
  bool waits = false;  // a roll of this priority comes first
  switch (step.priority) {
    case 1:  // two German armies stay in Germany against the Fronts entering it
      waits = split(c, kSplitGermany, fronts_entering(c, germany(c)), std::min(2, pool(ReserveKind::GermanArmy)));
      break;
    case 2:
      if (has_entry_space(c, e)) oppose(c, e, ReserveKind::GermanArmy, std::min(1, pool(ReserveKind::GermanArmy)), "7.62");
      break;
    case 3:  // Battle of the Atlantic
      if (s.front[w] < 0 && pool(ReserveKind::GermanNavy) > 0) navy_to_box(c, c.d.fronts[w].theater, ReserveKind::GermanNavy, "7.62");
      break;
    case 4:  // Eastern Horde (the optional German Reserves rule sends 1, ruling 7)
      if (s.front[w] <= 0 && has_entry_space(c, e))
        oppose(c, e, ReserveKind::GermanArmy, std::min(s.german_reserves_option ? 1 : 4, pool(ReserveKind::GermanArmy)), "7.62");
      break;
    case 5:  // Atlantic Wall
      if (s.front[w] == 0) oppose(c, w, ReserveKind::GermanArmy, std::min(1, pool(ReserveKind::GermanArmy)), "7.62");
      break;
    case 6:  // after Normandy: two armies against the Front closer to Germany; equidistant, one each
      if (s.entered[c.k.normandy] != 0) {
        const int rw = has_entry_space(c, w) ? spaces_left(c.d, c.s, w) : 99, re = has_entry_space(c, e) ? spaces_left(c.d, c.s, e) : 99;
        const int n = std::min(2, pool(ReserveKind::GermanArmy));
        if (rw < re)
          oppose(c, w, ReserveKind::GermanArmy, n, "7.62.6");
        else if (re < rw)
          oppose(c, e, ReserveKind::GermanArmy, n, "7.62.6");
        else if (rw < 99)
          waits = split(c, kSplitEquidistant, (1u << index(w)) | (1u << index(e)), n);
      }
      break;
    case 7: oppose(c, m, ReserveKind::ItalianArmy, pool(ReserveKind::ItalianArmy), "7.62"); break;
    case 8:  // the rest at random, one roll each
      if (pool(ReserveKind::GermanArmy) > 0) {
        c.push(step::ReserveRoll{0, 0});
        return false;
      }
      break;
  }
  ++step.priority;
  return !waits;
}

// 7.64.4-5: the theater box where an IJN is at sea, or kNoTheater.
TheaterId ijn_at_sea(const CCtx& c) {
  for (TheaterId t : c.d.theaters.ids())
    if (c.s.reserves_in_box[t][static_cast<std::size_t>(ReserveKind::Ijn)] > 0) return t;
  return kNoTheater;
}

// 7.64 Pacific.
bool pacific_priority(const Ctx& c, step::Reserves& step) {
  State& s = c.s;
  const int armies = s.reserves_pool[static_cast<std::size_t>(ReserveKind::JapaneseArmy)];
  bool waits = false;
  switch (step.priority) {
    case 1: waits = split(c, kSplitJapan, fronts_entering(c, japan(c)), armies); break;
    case 2:
      if (s.front[c.k.far_east] >= 0 && has_entry_space(c, c.k.far_east))
        oppose(c, c.k.far_east, ReserveKind::JapaneseArmy, std::min(2, armies), "7.64");
      break;
    case 3:  // an army in each B29 entry space; one already there (a Conference card's) meets it
      for (FrontId f : {c.k.central_pacific, c.k.sw_pacific, c.k.cbi}) {
        const SpaceId space = entry_space(c, f);
        const auto army = static_cast<std::size_t>(ReserveKind::JapaneseArmy);
        if (space != kNoSpace && c.d.spaces[space].b29 && s.reserves_on_front[f][army] == 0)
          oppose(c, f, ReserveKind::JapaneseArmy, std::min<int>(1, s.reserves_pool[army]), "7.64");
      }
      break;
    case 4:  // "never more than one [IJN] is used at a time": none sorties while one is at sea
      if (s.reserves_pool[static_cast<std::size_t>(ReserveKind::Ijn)] > 0 && ijn_at_sea(c) == kNoTheater) {
        ++step.priority;
        c.push(step::ReserveRoll{1, 1});
        return false;
      }
      break;
    case 5:  // the IJN at sea, sent by priority 4 or placed by a Conference card, takes its roll
      if (const TheaterId theater = ijn_at_sea(c); theater != kNoTheater) {
        c.push(step::ReserveRoll{1, 2, theater});
        return false;
      }
      break;
    case 6:
      if (armies > 0) {
        c.push(step::ReserveRoll{1, 3});
        return false;
      }
      break;
  }
  ++step.priority;
  return !waits;
}

// The Front of CP, SWP, CBI (in that order) attempting an amphibious entry it may make (7.64.4).
std::optional<FrontId> ijn_target(const CCtx& c) {
  for (FrontId f : {c.k.central_pacific, c.k.sw_pacific, c.k.cbi}) {
    if (!has_entry_space(c, f)) continue;
    const TrackStep& t = c.d.fronts[f].track[at(c.s.front[f] + 1)];
    if (t.amphibious && c.s.naval[c.d.fronts[f].theater] >= t.naval_required) return f;
  }
  return std::nullopt;
}

// --- 7.7: advancing the Fronts --------------------------------------------------------------------

int strength(const CCtx& c, FrontId front) { return front_strength(c.s, front); }

void enter(const Ctx& c, FrontId front, const char* rule);

FrontId front_in_order(const CCtx& c, int i) {
  const std::array<FrontId, 7> fronts = {c.k.western,  c.k.eastern,         c.k.mediterranean, c.k.cbi,
                                         c.k.far_east, c.k.central_pacific, c.k.sw_pacific};
  return fronts[at(i)];
}

void check_germany(const Ctx& c);
void check_japan(const Ctx& c);

}  // namespace

GlobalIssueId marker_of(const Data& d, Power a, Power b) {
  for (GlobalIssueId m : d.global_issues.ids()) {
    const auto& p = d.global_issues[m].powers;
    if ((p[0] == a && p[1] == b) || (p[0] == b && p[1] == a)) return m;
  }
  return kNoGlobalIssue;
}

bool may_move_global(const Data& d, const State& s, Power power, GlobalIssueId m) {
  const auto& p = d.global_issues[m].powers;
  return (p[0] == power || p[1] == power) && s.global[m] != power;
}

std::uint32_t front_countries(const Data& d, const Known& k) {
  std::uint32_t bits = 0;
  for (LocationId l : d.locations.ids()) {
    const Location& loc = d.locations[l];
    const auto on_track = [&](FrontId front) {
      const auto& track = d.fronts[front].track;
      return std::any_of(track.begin(), track.end(), [&](const TrackStep& t) { return t.space == loc.space; });
    };
    if (loc.space != kNoSpace && (on_track(k.western) || on_track(k.eastern))) bits |= 1u << index(l);
  }
  return bits;
}

// 6.11: the Global Issues' limits on Political Alignment (rules.h).
bool global_allows(const Data& d, const Known& k, const State& s, Power power, LocationId location, bool remove) {
  const Location& loc = d.locations[location];
  const Power colonial = s.global[k.uk_us_marker];
  const Power europe = s.global[k.uk_ussr_marker];
  if (loc.colony) {
    if (colonial == kNoPower) return remove;               // neutral: no placement in colonies
    if (colonial == Power::UK) return power == Power::UK;  // Colonialism
    return true;                                           // Self-Determination
  }
  const bool front_country = k.front_countries & (1u << index(location));
  if (europe == kNoPower) return remove || !front_country;  // neutral
  if (europe == Power::USSR) {                              // Spheres of Influence
    if (eastern_sphere(k, location)) return power == Power::USSR;
    if (western_sphere(k, location)) return power != Power::USSR;
  }
  return true;  // Free Europe, or unrestricted
}

bool barred_by_conditional(const Known& k, const State& s, const Front& front, int pos) {
  const SpaceId space = front.track[at(pos)].space;
  return (space == k.normandy && !s.second_front) || (space == k.manchuria && !s.ussr_declares_war);
}

// 7.0: the War Phase begins once the Decision Segment is over. Each player has one network more.
int front_strength(const State& s, FrontId front) {
  int opposing = 0;
  for (std::int8_t r : s.reserves_on_front[front]) opposing += r;
  return 2 + 2 * s.offensive[front] - 2 * opposing;
}

int spaces_left(const Data& d, const State& s, FrontId front) {  // kInBox (-1): the whole track
  return static_cast<int>(d.fronts[front].track.size()) - 1 - s.front[front];
}

void begin_war(const Ctx& c) {
  State& s = c.s;
  for (Power p : kAllPowers) {
    s.to_place[p] = static_cast<std::int8_t>(1 + s.networks_gained[p]);  // 7.1: his secret service
    s.networks_gained[p] = 0;
  }
  start_segment(c, 0);
}

void placement_order_legal(const CCtx& c, Power, core::ActionList& out) {
  const step::PlacementOrder tie = c.top<step::PlacementOrder>();
  for (Power first : tie.tied) out.push_back(encode(Act::PlaceFirst, index(first)));
}

namespace {

// Each placement and removal `seat` may make now (7.1-7.3), in location order, to `add`; stops at
// the first for which `add` returns false.
template <class Add>
void each_placement(const CCtx& c, Power me, Add add) {
  const State& s = c.s;
  const bool networks = s.steps.top().id == StepId::PlaceNetworks;
  const std::uint32_t closed = arctic_closed_locations(c);
  for (LocationId l : c.d.locations.ids()) {
    if ((closed >> index(l)) & 1u) continue;
    const bool own = s.networks[l] > 0 && s.network_owner[l] == me;
    if (networks) {
      if ((s.networks[l] == 0 || (own && s.networks[l] < 2)) && !add(encode(Act::PlaceNetwork, index(l)))) return;
      if (s.networks[l] > 0 && !own && !add(encode(Act::RemoveNetwork, index(l)))) return;  // 7.12: one for one
    } else if (own) {
      const Power holder = s.alignment[l];
      if (holder == kNoPower && global_allows(c.d, c.k, c.s, me, l, false) && !add(encode(Act::PlaceAlignment, index(l)))) return;
      if (holder != kNoPower && holder != me && global_allows(c.d, c.k, c.s, me, l, true) && s.to_place[me] >= removal_cost(c, l) &&
          !add(encode(Act::RemoveAlignment, index(l))))
        return;
    }
  }
}

// Has `seat` a placement or removal to make (placement_legal's list is not empty)?
bool can_place(const CCtx& c, Power seat) {
  bool any = false;
  each_placement(c, seat, [&](core::Action) { return !(any = true); });
  return any;
}

}  // namespace

void placement_legal(const CCtx& c, Power seat, core::ActionList& out) {
  const std::size_t first = out.size();
  each_placement(c, seat, [&](core::Action a) {
    out.push_back(a);
    return true;
  });
  // A player must place what he can (7.1, 7.3); a removal is one he "may" make instead (7.12, 7.32).
  const auto removal = [](core::Action a) { return kind_of(a) == Act::RemoveNetwork || kind_of(a) == Act::RemoveAlignment; };
  if (out.size() > first && std::all_of(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), removal))
    out.push_back(encode(Act::Decline));
}

namespace {

// After a placement: the same player goes on while he can; then the next; then the next segment.
void next_placer(const Ctx& c) {
  State& s = c.s;
  const StepId id = s.steps.top().id;
  const step::OrderedTurn turn = placing_turn(s);
  if (s.to_place[turn.seat] > 0 && can_place(c, turn.seat)) return;
  s.to_place[turn.seat] = 0;  // 7.1, 7.3: unused markers are lost
  for (int i = turn.index + 1; i < kPowers; ++i) {
    const Power p = s.order[at(i)];
    if (s.to_place[p] == 0) continue;
    set_placing_turn(c, {p, i});
    if (can_place(c, p)) return;
    s.to_place[p] = 0;
  }
  if (id == StepId::PlaceNetworks) {  // 7.3 Political Alignment follows
    for (Power p : kAllPowers) {
      s.to_place[p] = s.alignment_gained[p];
      s.alignment_gained[p] = 0;
    }
    start_segment(c, 1);
    if (s.steps.top().id == StepId::PlaceAlignment) next_placer_check(c);
    return;
  }
  c.replace(step::Reserves{0, 1});  // 7.6 Military Segment
}

}  // namespace

void next_placer_check(const Ctx& c) {
  State& s = c.s;
  const StepId id = s.steps.top().id;
  if (id != StepId::PlaceNetworks && id != StepId::PlaceAlignment) return;
  const Power seat = placing_turn(s).seat;
  if (s.to_place[seat] == 0 || !can_place(c, seat)) next_placer(c);
}

void apply_placement(const Ctx& c, Power me, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::PlacementOrder, StepId::PlaceNetworks, StepId::PlaceAlignment}) && acting(c, me));
  CORE_EXPECT(kind_of(a) == Act::PlaceFirst || kind_of(a) == Act::Decline || arg_a(a) < static_cast<int>(c.d.locations.size()));
  State& s = c.s;
  switch (kind_of(a)) {
    case Act::PlaceFirst: {  // the US puts this tied player next among those tied, until one is left
      const step::PlacementOrder tie = c.top<step::PlacementOrder>();
      s.steps.pop();
      auto& order = s.order;
      const Power chosen = power_at(arg_a(a));  // the action's power
      const auto it = std::find(order.begin(), order.end(), chosen);
      const auto first_tied = std::find_if(order.begin(), order.end(), [&](Power p) { return tie.tied.test(p); });
      std::rotate(first_tied, it, it + 1);
      set_placing_turn(c, {order[0], 0});
      const PowerSet still_tied = tie.tied.without(power_bit(chosen));
      if (still_tied.count() > 1) return c.push(step::PlacementOrder{me, tie.kind, still_tied});
      next_placer_check(c);
      return;
    }
    case Act::PlaceNetwork: {
      const LocationId l = location_at(arg_a(a));
      ++s.networks[l];
      s.network_owner[l] = me;
      c.note("7.11", me, Event::NetworkPlaced, me, l);
      --s.to_place[me];
      break;
    }
    case Act::RemoveNetwork: {
      const LocationId l = location_at(arg_a(a));
      const Power owner = s.network_owner[l];
      if (--s.networks[l] == 0) s.network_owner[l] = kNoPower;
      c.note("7.12", me, Event::NetworkRemoved, owner, l);
      --s.to_place[me];
      break;
    }
    case Act::PlaceAlignment: {
      const LocationId l = location_at(arg_a(a));
      s.alignment[l] = me;
      c.note("7.31", me, Event::AlignmentPlaced, me, l);
      --s.to_place[me];
      break;
    }
    case Act::Decline: {
      const bool alignment = s.steps.top().id == StepId::PlaceAlignment;
      c.note(alignment ? "7.32" : "7.12", me, Event::RemovalDeclined, me, s.to_place[me], alignment);
      s.to_place[me] = 0;
      break;
    }
    default: {  // RemoveAlignment
      const LocationId l = location_at(arg_a(a));
      const int cost = removal_cost(c, l);
      c.note("7.32", me, Event::AlignmentRemoved, s.alignment[l], l);
      s.alignment[l] = kNoPower;
      add_to(s.to_place[me], -cost);
      break;
    }
  }
  next_placer(c);
}

// The Reserves step (automatic): priorities of 7.62 then 7.64, then the Fronts advance.
void run_reserves(const Ctx& c, step::Reserves st) {
  State& s = c.s;
  const std::size_t depth = s.steps.size();
  const bool europe = st.region == 0;
  if (s.surrendered[at(st.region)]) st.priority = 99;  // a surrendered power sends no reserves
  while (st.priority <= (europe ? 8 : 6))
    if (!(europe ? europe_priority(c, st) : pacific_priority(c, st))) {
      // A priority pushed its roll: the Reserves step under it resumes where `st` stands.
      if (s.steps.size() != depth + 1) throw std::logic_error("7.6: a reserve priority waits without its roll");
      const Step roll = s.steps.top();
      s.steps.pop();
      c.set_top(st);
      s.steps.push(roll);
      return;
    }
  if (europe)
    c.replace(step::Reserves{1, 1});
  else
    c.replace(step::Campaigns{0});
}

std::uint64_t split_fronts(const CCtx& c) { return c.top<step::SplitRoll>().fronts; }

void apply_reserve_roll(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::ReserveRoll, StepId::SplitRoll}));
  CORE_EXPECT(c.s.steps.top().id == StepId::SplitRoll ? (c.top<step::SplitRoll>().fronts & (1u << arg_a(a))) != 0 : face(arg_a(a), 6));
  State& s = c.s;
  const Step st = s.steps.top();
  const int roll = arg_a(a);
  s.steps.pop();
  if (st.id == StepId::SplitRoll) {  // one odd reserve against the rolled Front; the rest go on
    const step::SplitRoll split = st.as<step::SplitRoll>();
    oppose(c, front_at(roll), split_reserve(split.what), 1, split_rule(split.what));
    const std::uint8_t left = static_cast<std::uint8_t>(split.fronts & ~(1u << roll));
    if (split.odd > 1 && left) c.push(step::SplitRoll{split.what, split.odd - 1, left});
    return;
  }
  const step::ReserveRoll r = st.as<step::ReserveRoll>();
  if (r.region == 0) {  // 7.62.8: 1-2 Western, 3-4 Eastern, 5 Mediterranean, 6 Arctic (3+ naval) or Mediterranean
    const FrontId front = roll <= 2 ? c.k.western : roll <= 4 ? c.k.eastern : c.k.mediterranean;
    if (roll == 6 && s.naval[c.k.arctic] >= 3) {
      --s.reserves_pool[static_cast<std::size_t>(ReserveKind::GermanArmy)];
      ++s.reserves_in_box[c.k.arctic][static_cast<std::size_t>(ReserveKind::GermanArmy)];
      --s.naval[c.k.arctic];
      c.note("7.62", -1, Event::ReservePlaced, static_cast<int>(ReserveKind::GermanArmy), 1, -1, c.k.arctic);
      c.note("7.62", -1, Event::NavalLost, c.k.arctic);
      return;
    }
    oppose(c, front, ReserveKind::GermanArmy, 1, "7.62");
    return;
  }
  switch (r.decides) {
    case 1: {  // 7.64.4: 1-2, the IJN sorties (its 7.64.5 roll is priority 5's)
      const std::optional<FrontId> target = roll <= 2 ? ijn_target(c) : std::nullopt;
      c.note("7.64.4", -1, Event::IjnSortie, roll, target ? index(c.d.fronts[*target].theater) : -1);
      if (target) navy_to_box(c, c.d.fronts[*target].theater, ReserveKind::Ijn, "7.64.4");
      break;
    }
    case 2: {  // 7.64.5: 1-4, the IJN is eliminated; otherwise it returns to Japan
      const auto ijn = static_cast<std::size_t>(ReserveKind::Ijn);
      --s.reserves_in_box[r.theater][ijn];
      ++(roll <= 4 ? s.reserves_lost[ijn] : s.reserves_pool[ijn]);
      c.note("7.64.5", -1, Event::IjnBattle, roll, roll <= 4, c.g.reserves_in_game(s, ReserveKind::Ijn));
      break;
    }
    default: {  // 7.64.6: 1-2 Central Pacific, 3-4 SW Pacific, 5-6 CBI
      const FrontId front = roll <= 2 ? c.k.central_pacific : roll <= 4 ? c.k.sw_pacific : c.k.cbi;
      oppose(c, front, ReserveKind::JapaneseArmy, 1, "7.64");
      break;
    }
  }
}

// The Advance step (automatic): each Front in turn, Europe first; surrender checks between.
void run_advance(const Ctx& c, step::Campaigns st) {
  State& s = c.s;
  while (st.index < 7) {
    const int i = st.index++;
    c.set_top(st);
    if (i == 3) check_germany(c);
    const FrontId front = front_in_order(c, i);
    const Front& f = c.d.fronts[front];
    if (!has_entry_space(c, front) || theater_surrendered(c, f.theater)) continue;
    const int next = s.front[front] + 1;
    int exception = barred_by(c, front, next);
    if (exception == 0 && strength(c, front) <= 0) exception = 2;
    if (exception == 0) {
      c.push(step::FrontRoll{front});
      return;
    }
    const bool naval = exception == 1;  // the strength of 7.72 as the roll would use it: support still counted
    c.note("7.73", -1, Event::FrontHeld, front, exception, naval ? s.naval[f.theater] : strength(c, front),
           f.track[at(next)].naval_required);
    s.offensive[front] = 0;  // 7.71: removed whether or not a roll was made
  }
  check_japan(c);
  s.steps.replace(step::PostMortem{});
}

void apply_front_roll(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::FrontRoll}) && face(arg_a(a), 10));
  State& s = c.s;
  const FrontId front = c.top<step::FrontRoll>().front;
  const int roll = arg_a(a);
  s.steps.pop();
  const int str = strength(c, front);
  const bool advances = str >= 10 || roll <= str;
  c.note("7.71", -1, Event::FrontRolled, front, roll, str, advances);
  s.offensive[front] = 0;  // 7.71
  if (!advances) return;
  enter(c, front, "7.71");
  // 7.74 Breakthrough: strength 10+ and a modified 10+ roll, into a land space only (ruling 9).
  if (str >= 10 && roll + (str - 10) >= 10) {
    const int next = s.front[front] + 1;
    const Front& f = c.d.fronts[front];
    if (next < static_cast<int>(f.track.size()) && !f.track[at(next)].amphibious && may_enter(c, front, next))
      enter(c, front, "7.74");
    else if (next < static_cast<int>(f.track.size()) && f.track[at(next)].amphibious)
      c.note("7.74", -1, Event::BreakthroughHeld, front, f.track[at(next)].space);
  }
}

namespace {

// A Front enters its next space: collapse (7.63, 7.65), kamikaze (7.75), behind the front (7.13).
void enter(const Ctx& c, FrontId front, const char* rule) {
  State& s = c.s;
  const Front& f = c.d.fronts[front];
  const SpaceId left = s.front[front] >= 0 ? f.track[at(s.front[front])].space : kNoSpace;
  const SpaceId space = f.track[at(++s.front[front])].space;
  if (s.entered[space] == 0) s.entered[space] = s.conference;
  c.note(rule, -1, Event::FrontAdvanced, front, space);
  // A permanently removed reserve comes from its Axis country, or else from the board: first from
  // this Front, then from wherever one stands.
  const auto lose = [&](ReserveKind k, const char* why) {
    const std::size_t kind = static_cast<std::size_t>(k);
    std::int8_t* from = s.reserves_pool[kind] > 0 ? &s.reserves_pool[kind] : nullptr;
    if (!from && s.reserves_on_front[front][kind] > 0) from = &s.reserves_on_front[front][kind];
    for (auto& r : s.reserves_on_front)
      if (!from && r[kind] > 0) from = &r[kind];
    for (auto& r : s.reserves_in_box)
      if (!from && r[kind] > 0) from = &r[kind];
    if (!from) return;  // none left in play
    --*from;
    ++s.reserves_lost[kind];
    c.note(why, -1, Event::ReserveCollapse, static_cast<int>(k));
  };
  const Space& sp = c.d.spaces[space];
  if (sp.axis == c.k.italy && !s.italy_surrendered) {  // 7.63, 7.81
    s.italy_surrendered = true;
    lose(ReserveKind::ItalianArmy, "7.63");
  }
  if (space == c.k.bolero) lose(ReserveKind::GermanNavy, "7.63");  // the Allies win the Battle of the Atlantic
  if (space == c.k.west_germany || space == c.k.east_germany) lose(ReserveKind::GermanArmy, "7.63");
  if (space == c.k.manchuria) {
    lose(ReserveKind::JapaneseArmy, "7.65");                      // the Kwangtung Army
    s.issues[c.k.ussr_declares_war].where = IssueWhere::Removed;  // 6.22
  }
  if (space == c.k.normandy) s.issues[c.k.second_front].where = IssueWhere::Removed;  // 6.21
  if (sp.kamikaze && s.naval[f.theater] > 0) {                                        // 7.75
    --s.naval[f.theater];
    c.note("7.75", -1, Event::NavalLost, f.theater);
  }
  if (space == f.end && sp.axis != kNoAxis) s.entered_this_conference |= static_cast<std::uint8_t>(1u << index(front));
  // 7.13: the locations of the space left behind are now behind the front, once each.
  if (left == kNoSpace) return;
  for (LocationId l : c.d.locations.ids()) {
    if (c.d.locations[l].space != left || s.behind_front[l]) continue;
    s.behind_front[l] = true;
    const Power owner = s.network_owner[l];
    const bool soviet_front = f.color == Power::USSR;
    if (s.networks[l] > 0 && (soviet_front ? owner != Power::USSR : owner == Power::USSR)) {
      if (--s.networks[l] == 0) s.network_owner[l] = kNoPower;
      c.note("7.13", owner, Event::NetworkRemoved, owner, l);
    }
  }
}

// 7.81: Germany surrenders when the Western and/or Eastern Front enters it.
void check_germany(const Ctx& c) {
  State& s = c.s;
  if (s.surrendered[0]) return;
  const bool w = s.entered_this_conference & (1u << index(c.k.western)), e = s.entered_this_conference & (1u << index(c.k.eastern));
  if (!w && !e) return;
  s.surrendered[0] = true;
  if (w && e) {
    for (auto& t : s.german_technology) ++t;
  } else if (w) {
    ++s.german_technology[Power::US];
    ++s.german_technology[Power::UK];
  } else {
    add_to(s.german_technology[Power::USSR], 2);
  }
  c.note("7.81", -1, Event::Surrender, 0);
}

// 7.82: Japan surrenders when a Front enters it, or on the Emperor's three conditions.
void check_japan(const Ctx& c) {
  State& s = c.s;
  if (s.surrendered[1]) return;
  bool entered = false;
  for (FrontId f : c.d.fronts.ids())
    entered |= c.d.fronts[f].end == japan(c) && s.front[f] == static_cast<int>(c.d.fronts[f].track.size()) - 1;
  bool b29 = false;
  for (SpaceId sp : c.d.spaces.ids()) b29 |= c.d.spaces[sp].b29 && s.entered[sp] != 0;
  const Front& fe = c.d.fronts[c.k.far_east];
  int manchuria = 0;
  while (manchuria < static_cast<int>(fe.track.size()) && fe.track[at(manchuria)].space != c.k.manchuria) ++manchuria;
  const bool emperor = s.surrendered[0] && s.a_bomb == static_cast<int>(c.d.a_bomb.size()) - 1 && b29 && s.front[c.k.far_east] >= manchuria;
  if (!entered && !emperor) return;
  s.surrendered[1] = true;
  c.note("7.82", -1, Event::Surrender, 1);
}

}  // namespace

}  // namespace churchill::rules
