// Phase 3: Movement Operations -- executing the revealed orders in box order (Step 2), pinning
// (Phase 2 › Pinning; rulings 23-27), rail (Plotting Land Commands by Rail; rulings 29-31), troop
// transports (Transporting Land Units by Sea; ruling 28), air (Plotting Air Commands; ruling 32),
// naval moves and The World's Narrow Sea Passages (ruling 35), carrier fighter launches (Step 3;
// ruling 37); and Phase 5 › Step 1, landing the tagged Air Commands (rulings 34, 111).
//
// An order is executed with `move NATION box X`: X is the region entered first when a 2-region move
// has a choice of route ("via"), otherwise the region where the Command ends (its destination, or
// the rail stop "as near as possible", ruling 29). A pin that leaves part of the Command behind is
// then settled one unit at a time with `leave NATION type` (State::pin).
#include <algorithm>
#include <array>

#include "core/expect.h"

#include "warroom/map.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

constexpr const char* kPhase3Step2 = "Phase 3 > Step 2. Resolve Movement in Turn Order";
constexpr const char* kPinning = "Phase 2 > Pinning";
constexpr const char* kRail = "Phase 2 > Plotting Land Commands by Rail";
constexpr const char* kTransport = "Phase 2 > Transporting Land Units by Sea";
constexpr const char* kPhase3Step3 = "Phase 3 > Step 3. Carrier Plane Movement";
constexpr const char* kLand = "Phase 5 > Step 1. Land Air Commands";

bool friendly_territory(const CCtx& c, RegionId r, Alliance side) {
  const Nation owner = c.s.region[r].controller;
  return c.d().region(r).is_territory() && owner != kNoNation && alliance_of(owner) == side;
}

// Units of one category of one alliance in a region, leaving out one Command (ruling 27: on-map
// Commands only; units under construction are not Commands).
int units_there(const CCtx& c, RegionId r, Category cat, Alliance side, Nation skip_nation = kNoNation, int skip_number = 0) {
  int total = 0;
  for (Nation n : kAllNations) {
    if (alliance_of(n) != side) continue;
    const NumberRange range = c.d().nations[n].commands[at(static_cast<int>(cat))];
    for (int number = std::max(1, static_cast<int>(range.lo)); number <= std::min(static_cast<int>(range.hi), kMaxCommandNumber);
         ++number) {
      if (n == skip_nation && number == skip_number) continue;
      const Command& cmd = c.s.command[n][at(number)];
      if (cmd.region == r) total += units_in(cmd);
    }
  }
  return total;
}

Alliance enemy_of(Alliance a) { return a == Alliance::Allied ? Alliance::Axis : Alliance::Allied; }

// The units a Command leaving region r must leave behind (Pinning; ruling 23: every friendly unit
// that stays counts). Land Commands in territories are pinned by enemy land units; naval Commands
// at sea by enemy naval units. Troop transports (land Commands at sea) are handled by
// transport_pinned: they never split (ruling 26).
int pin_owed(const CCtx& c, Nation nation, int number, RegionId r) {
  const Category cat = command_category(c.d(), nation, number);
  if (cat == Category::Air) return 0;  // "Air Commands can't pin nor be pinned."
  const Alliance side = alliance_of(nation);
  const int enemy = units_there(c, r, cat, enemy_of(side)) - pact_truce_units(c, nation, r, cat);  // ruling 27
  if (enemy == 0) return 0;
  const int friends = units_there(c, r, cat, side, nation, number);
  return std::max(0, enemy - friends);
}

// Troop Transports During Battle › Pinning: "always pinned by enemy Naval Units unless there is at
// least an equal force of Friendly Naval Units in the same region".
bool transport_pinned(const CCtx& c, Nation nation, RegionId sea) {
  const Alliance side = alliance_of(nation);
  const int enemy = units_there(c, sea, Category::Sea, enemy_of(side)) - pact_truce_units(c, nation, sea, Category::Sea);  // ruling 27
  return enemy > units_there(c, sea, Category::Sea, side);
}

// The World's Narrow Sea Passages (ruling 35): open to the alliance controlling the key territories
// (Panama: or aligned with Central America while it is an un-invaded neutral).
bool passage_open(const CCtx& c, RegionId a, RegionId b, Alliance side) {
  const Passage* p = passage_between(c.d(), a, b);
  if (!p) return true;
  const auto holds = [&](RegionId key) {
    const Nation owner = c.s.region[key].controller;
    return owner != kNoNation && alliance_of(owner) == side;
  };
  const auto aligned = [&](RegionId key) {
    const Region& r = c.d().region(key);
    if (!r.neutral || c.s.region[key].controller != kNoNation || (c.s.region[key].flags & kNeutralActivated)) return false;
    return (r.neutral->type == NeutralType::ProAllied && side == Alliance::Allied) ||
           (r.neutral->type == NeutralType::ProAxis && side == Alliance::Axis);
  };
  switch (p->rule) {
    case PassageRule::AllKeys:
      for (int k = 0; k < p->key_count; ++k)
        if (!holds(p->keys[at(k)])) return false;
      return p->key_count > 0;
    case PassageRule::Key: return p->key_count > 0 && holds(p->keys[0]);
    case PassageRule::KeyOrAligned: return p->key_count > 0 && (holds(p->keys[0]) || aligned(p->keys[0]));
  }
  return false;
}

// A sea-to-sea step a naval unit or a transport may take: both in play, an edge, the passage open.
bool sea_step(const CCtx& c, RegionId from, RegionId to, Alliance side) {
  const Data& d = c.d();
  return in_scenario(c, to) && d.region(to).is_sea() && d.region(from).is_sea() && is_edge(d, from, to) && passage_open(c, from, to, side);
}

bool has_enemy_land(const CCtx& c, RegionId r, Alliance side) { return units_there(c, r, Category::Land, enemy_of(side)) > 0; }

// A territory a rail path may use (Plotting Land Commands by Rail; rulings 30, 31): on the rail net,
// in play, friendly, without enemy land units or a Bomb token, its controller not in the Yellow Zone
// or worse.
bool rail_usable(const CCtx& c, RegionId r, Alliance side) {
  const Region& reg = c.d().region(r);
  if (!reg.rail || !in_scenario(c, r) || !friendly_territory(c, r, side) || c.s.region[r].bombs > 0) return false;
  if (c.s.nation[c.s.region[r].controller].zone >= kYellow) return false;
  return !has_enemy_land(c, r, side);
}

// The territories reachable by rail from `from` (ruling 31: the origin may hold enemy land units, the
// Command leaving after the pin; it must be friendly, without a Bomb token and not Yellow).
std::vector<RegionId> rail_reach(const CCtx& c, RegionId from, Alliance side) {
  const Data& d = c.d();
  std::vector<RegionId> out;
  const Region& origin = d.region(from);
  if (!origin.rail || !friendly_territory(c, from, side) || c.s.region[from].bombs > 0 ||
      c.s.nation[c.s.region[from].controller].zone >= kYellow)
    return out;
  RegionArray<bool> seen{};
  seen[from] = true;
  out.push_back(from);
  for (std::size_t i = 0; i < out.size(); ++i)
    for (RegionId next : neighbours(d, out[i]))
      if (!seen[next] && rail_edge(d, out[i], next) && rail_usable(c, next, side)) {
        seen[next] = true;
        out.push_back(next);
      }
  return out;
}

// What kind of move an order is, read from the Command's category and where it stands.
enum class Route : std::uint8_t { Impossible, Air, Naval, Step, Rail, Embark, Transport };

// Why an order has no route (the player is told, Canceling Orders and Resolving Mistakes).
// Each with an id for the clients (the view's "destinations", and a cancelled order's reason on the
// chart and in the log) and the text the player is told.
struct Why {
  const char* id = "";
  const char* text = "";
  CancelReason code = CancelReason::None;  // what a cancellation for this reason records
};

// The clients' id of each CancelReason (state.h), in its order.
constexpr std::array<const char*, kCancelReasons> kCancelReasonIds{"",
                                                                   "owner",
                                                                   "pinned",
                                                                   "transport_pinned",
                                                                   "no_command_token",
                                                                   "no_command",
                                                                   "impassable",
                                                                   "air_range",
                                                                   "no_sea_route",
                                                                   "transport_landing",
                                                                   "china_at_sea",
                                                                   "no_rail_path",
                                                                   "pact_refused"};
// Why a rail order stops short (RailShort, state.h), each with its id for the clients (the plotting
// outlook's reason, the chart's stopped order) and the text the player is told.
constexpr std::array<Why, kRailShorts> kRailShortWhys{
    Why{},
    Why{"rail_stops_short",
        "Plotting Land Commands by Rail: a Nation may not invade by Rail; the Command stops in the friendly territory nearest to it "
        "(ruling 29)"},
    Why{"rail_stops_short_enemy",
        "Plotting Land Commands by Rail: enemy land units are in it, and a Nation may not invade by Rail; the Command stops in the "
        "friendly territory nearest to it (ruling 29)"},
    Why{"rail_stops_short_closed",
        "Plotting Land Commands by Rail: a Bomb Token or its controller's Yellow Zone closes its rails; the Command stops in the "
        "friendly territory nearest to it (rulings 29, 30)"},
    Why{"rail_stops_short_path",
        "Plotting Land Commands by Rail: no friendly rail path reaches it (enemy land units, Bomb Tokens and the Yellow Zone close the "
        "rails on the way); the Command stops in the friendly territory nearest to it (ruling 29)"}};

constexpr Why cancel_why(CancelReason r, const char* text) { return {kCancelReasonIds[static_cast<std::size_t>(r)], text, r}; }

constexpr Why kPinnedWhy =
    cancel_why(CancelReason::Pinned, "Pinning: the enemy units here are as many as the Command's or more, so it must stay (ruling 24)");
constexpr Why kNoSeaRouteWhy = cancel_why(
    CancelReason::NoSeaRoute, "Plotting Naval Commands; Narrow Passages: no route of 1 or 2 sea regions is open to the destination");
constexpr Why kNoRailWhy =
    cancel_why(CancelReason::NoRailPath,
               "Plotting Land Commands by Rail: no friendly rail path leads toward it (no invading by rail; enemy land "
               "units, Bomb Tokens and the Yellow Zone close rails)");
constexpr Why kNoTokenWhy =
    cancel_why(CancelReason::NoCommandToken,
               "Pinning: the units left behind need a new Command Token, and every token of the category is in use (ruling 104)");
constexpr Why kNoCommandWhy = cancel_why(
    CancelReason::NoCommand,
    "Canceling Orders and Resolving Mistakes: the Command is gone, or the destination is where it stands or out of the scenario");
constexpr Why kImpassableWhy =
    cancel_why(CancelReason::Impassable, "Impassable Regions: no Command may end its move in the Sahara or the Himalayas");
constexpr Why kAirRangeWhy = cancel_why(CancelReason::AirRange, "Plotting Air Commands: the destination is more than 2 regions away");
constexpr Why kTransportPinnedWhy = cancel_why(
    CancelReason::TransportPinned, "Troop Transports During Battle › Pinning: enemy naval units here outnumber the friendly ones");
constexpr Why kTransportLandingWhy = cancel_why(
    CancelReason::TransportLanding, "Transporting Land Units by Sea: a transport lands only on a territory next to its sea region");
constexpr Why kChinaAtSeaWhy =
    cancel_why(CancelReason::ChinaAtSea, "China's Restrictions: China may not enter sea regions with Land Commands");

// Pinning: "The owner places a new Command Token on the pinned force which remains behind". Tokens
// are piece-limited: with none of the category free, a split owing `owed` units cannot be made
// (ruling 104). A Command that already split this phase does not split again (ruling 25).
bool split_blocked(const CCtx& c, Nation nation, int number, int owed) {
  const Command& cmd = c.s.command[nation][at(number)];
  return owed > 0 && owed < units_in(cmd) && !(cmd.flags & kSplitThisPhase) &&
         lowest_free_command(c.s, c.d(), nation, command_category(c.d(), nation, number)) == 0;
}

struct Plan {
  Route route = Route::Impossible;
  std::vector<RegionId> choices;  // the X of `move NATION box X`
  Why why;                        // with no choice: the rule that stops the order (the player is told)
};

// Neutrals: whether the nation entering region r invades it -- an uncontrolled neutral not yet
// invaded, unless it is aligned with the nation's alliance (ruling 64(b)).
bool invades(const CCtx& c, Nation nation, RegionId r) {
  const Region& reg = c.d().region(r);
  const RegionState& rs = c.s.region[r];
  if (!reg.neutral || rs.controller != kNoNation || (rs.flags & kNeutralActivated)) return false;
  return !((reg.neutral->type == NeutralType::ProAllied && alliance_of(nation) == Alliance::Allied) ||
           (reg.neutral->type == NeutralType::ProAxis && alliance_of(nation) == Alliance::Axis));
}

// Whether flying through region x invades a neutral (ruling 32, 64(a)) or breaks the Soviet-Japanese
// Pact (Article One or Two, ruling 66): where it does, the route matters (ruling 93).
bool costly_via(const CCtx& c, Nation nation, RegionId from, RegionId x) {
  return invades(c, nation, x) || pact_breach(c, nation, from, x) != 0;
}

// Air: the regions an air move of 2 regions may pass through on its way to `to` (in play; the Sahara
// and the Himalayas may be flown over, ruling 32). Empty when `to` is next to `from` or out of reach.
std::vector<RegionId> air_vias(const CCtx& c, RegionId from, RegionId to) {
  const Data& d = c.d();
  std::vector<RegionId> out;
  if (to == from || !in_scenario(c, to) || d.region(to).type == RegionType::Impassable || is_edge(d, from, to)) return out;
  for (RegionId x : neighbours(d, from))
    if (in_scenario(c, x) && is_edge(d, x, to)) out.push_back(x);
  return out;
}

// Air: 1 or 2 regions through regions in play, never ending in an impassable region (ruling 32).
bool air_reaches(const CCtx& c, RegionId from, RegionId to) {
  const Data& d = c.d();
  if (to == from || !in_scenario(c, to) || d.region(to).type == RegionType::Impassable) return false;
  return is_edge(d, from, to) || !air_vias(c, from, to).empty();
}

// Phase 5 › Step 1: a landing reaches `to` by a route that neither invades a neutral nor breaks the
// pact while it holds (a landing is no invasion: Article One, ruling 32; rulings.md 27).
bool safe_flight(const CCtx& c, Nation nation, RegionId from, RegionId to) {
  if (!air_reaches(c, from, to)) return false;
  const std::vector<RegionId> vias = air_vias(c, from, to);
  return vias.empty() || std::any_of(vias.begin(), vias.end(), [&](RegionId x) { return !costly_via(c, nation, from, x); });
}

// Plotting Air Commands: X = the destination where the route does not matter (a direct flight, or a
// route that invades no neutral and keeps the pact: the engine flies it); each route through a
// region that invades a neutral or breaks the pact is the owner's to choose, X = that region
// (rulings 32, 64(a), 66, 93). With no harmless route, executing the order crosses the region chosen.
void air_choices(const CCtx& c, Nation nation, RegionId from, RegionId to, std::vector<RegionId>& out) {
  if (!air_reaches(c, from, to)) return;
  const std::vector<RegionId> vias = air_vias(c, from, to);
  if (vias.empty() || std::any_of(vias.begin(), vias.end(), [&](RegionId x) { return !costly_via(c, nation, from, x); })) out.push_back(to);
  for (RegionId x : vias)
    if (costly_via(c, nation, from, x)) out.push_back(x);
}

// Naval and transport routes at sea: direct (X = dest) or through a sea region X.
void sea_routes(const CCtx& c, RegionId from, RegionId to, Alliance side, std::vector<RegionId>& out) {
  const Data& d = c.d();
  if (!in_scenario(c, to) || !d.region(to).is_sea()) return;
  if (sea_step(c, from, to, side)) out.push_back(to);
  for (RegionId x : neighbours(d, from))
    if (x != to && sea_step(c, from, x, side) && sea_step(c, x, to, side)) out.push_back(x);
}

Plan plan_order(const CCtx& c, Nation nation, const Order& o) {
  const Data& d = c.d();
  Plan p;
  const Command& cmd = c.s.command[nation][o.command];
  const RegionId from = cmd.region, to = o.dest;
  if (from == kNoRegion || units_in(cmd) == 0 || to == from || !in_scenario(c, to)) {
    p.why = kNoCommandWhy;
    return p;
  }
  const Alliance side = alliance_of(nation);
  const Category cat = command_category(d, nation, o.command);
  const Region& origin = d.region(from);
  const Region& dest = d.region(to);
  if (dest.type == RegionType::Impassable) {  // Impassable Regions
    p.why = kImpassableWhy;
    return p;
  }
  if (cat == Category::Air) {
    air_choices(c, nation, from, to, p.choices);
    if (!p.choices.empty())
      p.route = Route::Air;
    else
      p.why = kAirRangeWhy;
    return p;
  }
  if (cat == Category::Sea) {  // Plotting Naval Commands: "Naval Units may NOT enter territories"
    const int owed = pin_owed(c, nation, o.command, from);
    if (owed >= units_in(cmd)) return p.why = kPinnedWhy, p;  // ruling 24
    if (split_blocked(c, nation, o.command, owed)) return p.why = kNoTokenWhy, p;
    sea_routes(c, from, to, side, p.choices);
    const bool routes = !p.choices.empty();
    if (owed == 0)  // a pin in the region passed through would need a token too
      std::erase_if(p.choices,
                    [&](RegionId x) { return x != to && split_blocked(c, nation, o.command, pin_owed(c, nation, o.command, x)); });
    if (!p.choices.empty())
      p.route = Route::Naval;
    else
      p.why = routes ? kNoTokenWhy : kNoSeaRouteWhy;
    return p;
  }
  if (origin.is_sea()) {                                                           // a Troop Transport
    if (transport_pinned(c, nation, from)) return p.why = kTransportPinnedWhy, p;  // ruling 26
    if (dest.is_territory()) {
      if (is_edge(d, from, to))
        p.route = Route::Step, p.choices.push_back(to);  // sea to land: 1 region (ruling 28)
      else
        p.why = kTransportLandingWhy;
      return p;
    }
    sea_routes(c, from, to, side, p.choices);
    if (!p.choices.empty())
      p.route = Route::Transport;
    else
      p.why = kNoSeaRouteWhy;
    return p;
  }
  if (pin_owed(c, nation, o.command, from) >= units_in(cmd)) return p.why = kPinnedWhy, p;  // ruling 24
  if (split_blocked(c, nation, o.command, pin_owed(c, nation, o.command, from))) return p.why = kNoTokenWhy, p;
  if (dest.is_sea()) {  // Transporting Land Units by Sea: land to sea, then sea to sea

    if (d.nations[nation].has(NationRule::LandNeverAtSea)) return p.why = kChinaAtSeaWhy, p;
    if (is_edge(d, from, to)) p.choices.push_back(to);
    for (RegionId x : neighbours(d, from))
      if (x != to && d.region(x).is_sea() && in_scenario(c, x) && sea_step(c, x, to, side)) p.choices.push_back(x);
    if (!p.choices.empty())
      p.route = Route::Embark;
    else
      p.why = kNoSeaRouteWhy;
    return p;
  }
  if (land_distance(d, from, to) == 1) {  // Plotting Land Commands: one adjacent territory
    p.route = Route::Step, p.choices.push_back(to);
    return p;
  }
  // Rail (implied when the destination is not adjacent): to the destination, or as near as
  // possible to it among the friendly territories with a rail path to it (ruling 29).
  const std::vector<RegionId> reach = rail_reach(c, from, side);
  if (reach.empty() || !rail_connected(d, from, to)) return p.why = kNoRailWhy, p;
  if (std::find(reach.begin(), reach.end(), to) != reach.end()) {
    p.route = Route::Rail, p.choices.push_back(to);
    return p;
  }
  int best = kUnreachable;
  for (RegionId r : reach) best = std::min(best, rail_distance(d, r, to));
  for (RegionId r : reach)
    if (r != from && rail_distance(d, r, to) == best) p.choices.push_back(r);
  if (!p.choices.empty())
    p.route = Route::Rail;
  else
    p.why = kNoRailWhy;
  return p;
}

int pending_box(const State& s, Nation nation) { return s.pin.box && s.pin.nation == nation ? s.pin.box : 0; }

int next_box(const Sheet& sh) {
  for (int b = 0; b < kMaxOrders; ++b)
    if (sh.box[at(b)].status == kWritten) return b + 1;
  return 0;
}

// Neutrals: a Command entering an uncontrolled, un-invaded neutral territory activates it
// (ruling 32 for air).
void enter(Ctx& c, Nation nation, RegionId r) {
  if (!invades(c.view(), nation, r)) return;
  RegionState& rs = c.s.region[r];
  rs.flags |= kNeutralActivated;

  c.add("Neutrals", nation, Event::NeutralInvaded, r);
  if (!(rs.flags & kInvasionStressGiven)) {  // "gains 1 Stress immediately upon entering it (the first time only)"
    rs.flags |= kInvasionStressGiven;
    ++c.s.nation[nation].stress;
    c.add("Neutrals > Stress and Medals", nation, Event::InvasionStress, r);
  }
  activate_neutral(c, r, nation);
}

void finish(Ctx& c, Nation nation, int box, RegionId at_region) {
  Order& o = c.s.sheet[nation].box[at(box - 1)];
  Command& cmd = c.s.command[nation][o.command];
  const RegionId from = cmd.region;
  cmd.region = at_region;
  if (command_category(c.d(), nation, o.command) == Category::Air) cmd.flags |= kLandingTag;  // Tag Air Commands
  o.status = kExecuted;
  o.end = at_region;
  c.s.pin = PinSplit{};
  if (at_region != from) enter(c, nation, at_region);
  c.add(kPhase3Step2, nation, at_region == o.dest ? Event::Moved : Event::MovedShort, o.command, from, at_region);
}

// Continues the order of box `box` from where its Command stands: the pin there is settled.
// `via`: the intermediate region still to pass (kNoRegion: none); `stop`: where it ends.
void go_on(Ctx& c, Nation nation, int box, RegionId via, RegionId stop) {
  const Order& o = c.s.sheet[nation].box[at(box - 1)];
  Command& cmd = c.s.command[nation][o.command];
  if (via == kNoRegion) return finish(c, nation, box, stop);
  const RegionId from = cmd.region;
  cmd.region = via;  // enters the intermediate region
  if (via != from) enter(c, nation, via);
  const bool transport = command_category(c.d(), nation, o.command) == Category::Land;
  if (transport) {  // ruling 26: entering a sea with a stronger enemy fleet ends the move there
    if (transport_pinned(c.view(), nation, via)) {
      c.add(kTransport, nation, Event::PinnedAt, o.command, via);
      return finish(c, nation, box, via);
    }
    return finish(c, nation, box, stop);
  }
  const int owed = pin_owed(c.view(), nation, o.command, via);
  if (owed == 0) return finish(c, nation, box, stop);
  if (owed >= units_in(cmd) || (cmd.flags & kSplitThisPhase)) {  // rulings 24, 25: all of it stops
    c.add(kPinning, nation, Event::PinnedAt, o.command, via);
    return finish(c, nation, box, via);
  }
  c.s.pin = {nation, static_cast<std::uint8_t>(box), via, kNoRegion, stop, static_cast<std::uint8_t>(owed), 0};
}

}  // namespace

// ---- Phase 3 Step 2 ----

void begin_movement(State& s) {
  s.pin = PinSplit{};
  for (auto& pool : s.command)
    for (Command& cmd : pool) cmd.flags = static_cast<std::uint8_t>(cmd.flags & ~kSplitThisPhase);
}

const char* cancel_reason_id(CancelReason r) {
  const auto i = static_cast<std::size_t>(r);
  return i < kCancelReasonIds.size() ? kCancelReasonIds[i] : "";
}

const char* rail_short_id(RailShort r) {
  const auto i = static_cast<std::size_t>(r);
  return i < kRailShortWhys.size() ? kRailShortWhys[i].id : "";
}

// Why nation's next order offers only `cancel` (empty when it has a route or a pin to settle).
std::string order_blocked_why(const CCtx& c, Nation nation) {
  const State& s = c.s;
  if (pending_box(s, nation)) return "";
  const int box = next_box(s.sheet[nation]);
  if (box <= 0) return "";
  const Plan p = plan_order(c, nation, s.sheet[nation].box[at(box - 1)]);
  return p.choices.empty() ? p.why.text : "";
}

namespace {
// Why a rail order stops short of `to` (ruling 29), as the player can see it on the map: an enemy or
// neutral destination is an invasion; a friendly one is closed by enemy land units in it, by a Bomb
// token or its controller's Yellow Zone (ruling 30), or else no friendly rail path reaches it (the
// newcomer play-test of 5 December, finding 10: German-held Karelia said "a Nation may not invade by
// Rail").
RailShort rail_short(const CCtx& c, RegionId to, Alliance side) {
  if (!friendly_territory(c, to, side)) return RailShort::Invasion;
  if (has_enemy_land(c, to, side)) return RailShort::EnemyLand;
  if (c.s.region[to].bombs > 0 || c.s.nation[c.s.region[to].controller].zone >= kYellow) return RailShort::Closed;
  return RailShort::NoPath;
}
}  // namespace

// Plotting (Phase 2): what executing the order would do on the map as it stands, from the same
// plan that executes it (Phase 3 › Step 2): reach the destination, stop short of it at the rail stop
// nearest to it (ruling 29), or be cancelled, and why.
OrderOutlook order_outlook(const CCtx& c, Nation nation, int command, RegionId to) {
  const Plan p = plan_order(c, nation, Order{.command = static_cast<std::uint8_t>(command), .dest = to, .status = kWritten});
  if (p.choices.empty()) return {OrderOutlook::Cancelled, p.why.id, p.why.text, {}};
  if (p.route == Route::Rail && std::find(p.choices.begin(), p.choices.end(), to) == p.choices.end()) {
    const Why& why = kRailShortWhys[static_cast<std::size_t>(rail_short(c, to, alliance_of(nation)))];
    return {OrderOutlook::StopsShort, why.id, why.text, p.choices};
  }
  return {};
}

void movement_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const State& s = c.s;
  if (pending_box(s, nation)) {  // leave units behind, one at a time, until the pin is matched
    const Command& cmd = s.command[nation][s.sheet[nation].box[at(s.pin.box - 1)].command];
    const Category cat = command_category(c.d(), nation, s.sheet[nation].box[at(s.pin.box - 1)].command);
    for (int t = first_type(cat); t < first_type(cat) + type_count(cat); ++t)
      if (cmd.n[at(slot_of(t))]) out.push_back(encode(ActionKind::Leave, nation, t));
    return;
  }
  const int box = next_box(s.sheet[nation]);
  CORE_EXPECT(box > 0);
  const Plan p = plan_order(c, nation, s.sheet[nation].box[at(box - 1)]);
  for (RegionId x : p.choices) out.push_back(encode(ActionKind::Move, nation, box, index(x)));
  out.push_back(encode(ActionKind::Cancel, nation, box));  // ruling 22: every execution may be cancelled
}

void movement_apply(Ctx& c, const Act& a) {
  State& s = c.s;
  const Nation nation = nation_at(a.nation);
  if (a.kind == ActionKind::Cancel) {
    Order& o = s.sheet[nation].box[at(a.a - 1)];
    CORE_EXPECT(o.status == kWritten);
    // Why: the rule that left the order no move (pinned, ruling 24; a mistake, ruling 21; ...), or
    // its owner's choice while it had one (ruling 22). Kept with the order for the chart.
    const Plan p = plan_order(c.view(), nation, o);
    const CancelReason why = p.choices.empty() ? p.why.code : CancelReason::Owner;
    o.status = kCancelled;
    o.reason = static_cast<std::uint8_t>(why);
    c.add("Phase 3 > Canceling Orders and Resolving Mistakes", nation, Event::OrderCancelled, a.a, o.command, static_cast<int>(why));
    return;
  }
  if (a.kind == ActionKind::Leave) {  // Pinning: "The owner places a new Command Token on the pinned force"
    const int number = s.sheet[nation].box[at(s.pin.box - 1)].command;
    Command& cmd = s.command[nation][at(number)];
    const Category cat = command_category(c.d(), nation, number);
    if (!s.pin.left) s.pin.left = static_cast<std::uint8_t>(lowest_free_command(s, c.d(), nation, cat));
    CORE_EXPECT(s.pin.left && cmd.n[at(slot_of(a.a))] && s.pin.owed > 0);
    Command& left = s.command[nation][s.pin.left];
    left.region = cmd.region;
    --cmd.n[at(slot_of(a.a))];
    ++left.n[at(slot_of(a.a))];
    left.flags |= kSplitThisPhase;
    cmd.flags |= kSplitThisPhase;  // "such Commands may only split once"
    c.add(kPinning, nation, Event::LeftBehind, number, a.a, s.pin.left);
    if (--s.pin.owed == 0) go_on(c, nation, s.pin.box, s.pin.via, s.pin.stop);
    return;
  }
  CORE_EXPECT(a.kind == ActionKind::Move);
  const int box = a.a;
  const RegionId x = region_byte(a.b);
  const Order& o = s.sheet[nation].box[at(box - 1)];
  const Command& cmd = s.command[nation][o.command];
  const RegionId from = cmd.region;
  const auto [via, stop] = move_leg(c.view(), nation, box, x);
  if (pact_interrupts(c, nation, box, x, from, via, stop)) return;  // Soviet-Japanese Pact, Article Two asks the party (ruling 66)
  if (stop != o.dest) {  // by rail no nearer (ruling 29): why, as the map shows it now, kept for the chart
    c.add(kRail, nation, Event::RailObstructed, o.command, o.dest, x);
    Order& stopped = s.sheet[nation].box[at(box - 1)];
    stopped.rail_stop = true;
    stopped.reason = static_cast<std::uint8_t>(rail_short(c.view(), o.dest, alliance_of(nation)));
  }

  const int owed = c.d().region(from).is_territory() || command_category(c.d(), nation, o.command) == Category::Sea
                       ? pin_owed(c.view(), nation, o.command, from)
                       : 0;
  CORE_EXPECT(owed < units_in(cmd));
  if (owed > 0) {
    if (cmd.flags & kSplitThisPhase) return finish(c, nation, box, from);  // unreachable: one order per Command
    s.pin = {nation, static_cast<std::uint8_t>(box), from, via, stop, static_cast<std::uint8_t>(owed), 0};
    return;
  }
  go_on(c, nation, box, via, stop);
}

MoveLeg move_leg(const CCtx& c, Nation nation, int box, RegionId x) {
  const Order& o = c.s.sheet[nation].box[at(box - 1)];
  const RegionId from = c.s.command[nation][o.command].region;
  // X is the intermediate region of a 2-region route unless it is where the Command ends: the
  // destination, or the rail stop "as near as possible" (ruling 29).
  const bool rail_stop = command_category(c.d(), nation, o.command) == Category::Land && c.d().region(from).is_territory() &&
                         c.d().region(o.dest).is_territory() && land_distance(c.d(), from, o.dest) != 1;
  if (rail_stop) return {kNoRegion, x};
  return {x == o.dest ? kNoRegion : x, o.dest};
}

bool movement_done(const CCtx& c, Nation nation) { return !pending_box(c.s, nation) && next_box(c.s.sheet[nation]) == 0; }

CarryOut carry_out_next(const CCtx& c, Nation nation) {
  const Sheet& sh = c.s.sheet[nation];
  CarryOut out;
  out.left = static_cast<int>(std::count_if(sh.box.begin(), sh.box.end(), [](const Order& o) { return o.status == kWritten; }));
  if (const int pinned = pending_box(c.s, nation)) return out.stop = CarryOut::Pin, out.box = pinned, out;
  out.box = next_box(sh);
  if (out.box == 0) return out;
  const Order& o = sh.box[at(out.box - 1)];
  const Plan p = plan_order(c, nation, o);
  const bool direct = std::find(p.choices.begin(), p.choices.end(), o.dest) != p.choices.end();
  if (p.choices.empty())
    out.action = encode(ActionKind::Cancel, nation, out.box);
  else if (direct || p.choices.size() == 1)
    out.action = encode(ActionKind::Move, nation, out.box, index(direct ? o.dest : p.choices.front()));
  else
    return out.stop = CarryOut::Route, out;
  out.stop = CarryOut::Next;
  return out;
}

// ---- Phase 3 Step 3: Carrier Plane Movement (ruling 37) ----
// step::CarrierLaunch{nation, handled}: the nation's carriers are taken in
// Command-number order; each launches its token to its region or an adjacent one, or keeps it.

namespace {
// A region next to the carrier's where its token may be launched: in play and passable; never an
// uncontrolled neutral (ruling 64(a)), nor, while the pact holds, the other party's territory
// (Article One).
bool token_may_enter(const CCtx& c, Nation nation, RegionId from, RegionId r) {
  const Region& reg = c.d().region(r);
  if (!in_scenario(c, r) || reg.type == RegionType::Impassable) return false;
  if (reg.neutral && c.s.region[r].controller == kNoNation) return false;
  return pact_breach(c, nation, from, r) == 0;
}

// The Sea Command holding the nation's carrier number `index` (0-based, in Command-number order), or 0.
int carrier_command(const State& s, const Data& d, Nation nation, int index) {
  const NumberRange range = d.nations[nation].commands[at(static_cast<int>(Category::Sea))];
  for (int number = std::max(1, static_cast<int>(range.lo)); number <= std::min(static_cast<int>(range.hi), kMaxCommandNumber); ++number) {
    const Command& cmd = s.command[nation][at(number)];
    if (cmd.region == kNoRegion) continue;
    const int cv = cmd.n[at(slot_of(kCv))];
    if (index < cv) return number;
    index -= cv;
  }
  return 0;
}
}  // namespace

bool launch_done(const CCtx& c, Nation nation, int handled) { return carrier_command(c.s, c.d(), nation, handled) == 0; }

void launch_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const int number = carrier_command(c.s, c.d(), nation, c.top<step::CarrierLaunch>().handled);
  CORE_EXPECT(number);
  const RegionId from = c.s.command[nation][at(number)].region;
  out.push_back(encode(ActionKind::Launch, nation, number, index(kNoRegion)));  // keeps its fighter aboard
  out.push_back(encode(ActionKind::Launch, nation, number, index(from)));
  for (RegionId r : neighbours(c.d(), from))
    if (token_may_enter(c, nation, from, r)) out.push_back(encode(ActionKind::Launch, nation, number, index(r)));
}

void launch_apply(Ctx& c, const Act& a) {
  step::CarrierLaunch st = c.top<step::CarrierLaunch>();
  ++st.handled;
  c.set_top(st);
  const RegionId to = region_byte(a.b);
  if (to == kNoRegion) return;
  c.s.fighter_tokens.add(nation_at(a.nation), to, 1);
  c.add(kPhase3Step3, nation_at(a.nation), Event::Launched, a.a, to);
}

// ---- Phase 5 Step 1: Land Air Commands ----

namespace {
// The nation's lowest-numbered Air Command with a Landing Tag, or 0.
int tagged(const State& s, const Data& d, Nation nation) {
  const NumberRange range = d.nations[nation].commands[at(static_cast<int>(Category::Air))];
  for (int number = std::max(1, static_cast<int>(range.lo)); number <= std::min(static_cast<int>(range.hi), kMaxCommandNumber); ++number) {
    const Command& cmd = s.command[nation][at(number)];
    if (cmd.region != kNoRegion && (cmd.flags & kLandingTag)) return number;
  }
  return 0;
}

// Ruling 111: a territory controlled by the lander's alliance, Embattled or not; for the Allies also
// an un-invaded Pro-Allied neutral.
bool landing_ground(const CCtx& c, RegionId r, Alliance side) {
  if (!in_scenario(c, r)) return false;
  if (friendly_territory(c, r, side)) return true;
  const Region& reg = c.d().region(r);
  return side == Alliance::Allied && reg.neutral && reg.neutral->type == NeutralType::ProAllied && c.s.region[r].controller == kNoNation &&
         !(c.s.region[r].flags & kNeutralActivated);
}
}  // namespace

void remove_carrier_fighters(State& s) {  // "Remove all Carrier Fighter Tokens from the World Map."
  s.fighter_tokens = {};
}

bool landing_done(const CCtx& c, Nation nation) { return tagged(c.s, c.d(), nation) == 0; }

void landing_legal(const CCtx& c, Nation nation, core::ActionList& out) {
  const int number = tagged(c.s, c.d(), nation);
  CORE_EXPECT(number);
  const RegionId from = c.s.command[nation][at(number)].region;
  const Alliance side = alliance_of(nation);
  const std::size_t before = out.size();
  if (landing_ground(c, from, side)) out.push_back(encode(ActionKind::Land, nation, number, index(from)));  // ruling 34: 0 regions
  for (const Region& r : c.d().regions)
    if (r.rid != from && landing_ground(c, r.rid, side) && safe_flight(c, nation, from, r.rid))
      out.push_back(encode(ActionKind::Land, nation, number, index(r.rid)));

  if (out.size() == before) out.push_back(encode(ActionKind::Land, nation, number, index(kNoRegion)));  // no legal move: eliminated
}

void landing_apply(Ctx& c, const Act& a) {
  Command& cmd = c.s.command[nation_at(a.nation)][a.a];
  const RegionId to = region_byte(a.b);
  if (to == kNoRegion) {  // "If an Air Command has no legal moves possible, then it will be eliminated"
    for (int t = kFtr; t <= kBmb; ++t)
      c.s.nation[nation_at(a.nation)].casualties[type_at(t)] =
          static_cast<std::uint16_t>(c.s.nation[nation_at(a.nation)].casualties[type_at(t)] + cmd.n[at(slot_of(t))]);
    c.add(kLand, nation_at(a.nation), Event::Perished, a.a, cmd.region, units_in(cmd));
    cmd = Command{};
    return;
  }
  const RegionId from = cmd.region;
  cmd.region = to;
  cmd.flags = static_cast<std::uint8_t>(cmd.flags & ~kLandingTag);  // "As Air Commands are landed, remove their Landing Tags."
  c.add(kLand, nation_at(a.nation), Event::Landed, a.a, from, to);
}

}  // namespace warroom
