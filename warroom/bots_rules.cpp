// The rules-based bot (`bot:rules`): one priority list per decision of the step table
// (docs/warroom/bots.md). Every decision picks among the rules' legal actions for the seat; the bot
// never builds an action the rules did not offer.
#include "warroom/bots_rules.h"

#include <algorithm>
#include <limits>
#include <optional>

#include "warroom/map.h"
#include "warroom/rules.h"

namespace warroom {

int unit_strength(const Data& d, int type);  // bots_rules_plan.cpp
int command_strength(const Data& d, Nation nation, int number, const Command& c);

namespace {

constexpr double kNever = -std::numeric_limits<double>::infinity();

// The legal action with the highest score (the first among equals); kNever excludes an action.
template <class Score>
std::optional<core::Action> best(const core::ActionList& legal, Score score) {
  std::optional<core::Action> out;
  double top = kNever;
  for (core::Action a : legal) {
    const double v = score(decode_action(a));
    if (v > top) top = v, out = a;
  }
  return out;
}

std::optional<core::Action> find(const core::ActionList& legal, ActionKind kind, Nation nation) {
  return best(legal, [&](const Act& x) { return x.kind == kind && x.by(nation) ? 0.0 : kNever; });
}

Nation lowest_nation(NationSet nations) { return nations.any() ? nations.nth(0) : CHN; }

// ---- Reorganizing Commands: merge small stacks into bigger ones in the same region, so that one
// order moves more units (the rulebook's TIP). Never splits.
core::Action reorganize(const State& s, Nation nation, const core::ActionList& legal) {
  const auto& pool = s.command[nation];
  const auto pick = best(legal, [&](const Act& x) {
    if (x.kind != ActionKind::Shift || !x.by(nation) || x.c == 0) return kNever;
    const int from = units_in(pool[x.a]), to = units_in(pool[x.c]);
    if (from > to || (from == to && x.a < x.c)) return kNever;  // smaller into bigger: always ends
    return static_cast<double>(to - from);
  });
  return pick ? *pick : *find(legal, ActionKind::Done, nation);
}

// ---- Phase 2 Step 1: write the planned orders and bid.
core::Action write_sheet(const State& s, Nation nation, const SheetPlan& plan, const core::ActionList& legal) {
  const Sheet& sh = s.sheet[nation];
  const auto legal_one = [&](core::Action a) { return std::find(legal.begin(), legal.end(), a) != legal.end(); };
  if (sh.selected) {
    for (const PlannedOrder& o : plan.orders)
      if (o.command == sh.selected && legal_one(encode(ActionKind::To, nation, index(o.dest))))
        return encode(ActionKind::To, nation, index(o.dest));
    return encode(ActionKind::Done, nation);  // "done" clears the selection
  }
  for (const PlannedOrder& o : plan.orders) {
    const bool written =
        std::any_of(sh.box.begin(), sh.box.end(), [&](const Order& b) { return b.status != kEmpty && b.command == o.command; });
    if (!written && legal_one(encode(ActionKind::Select, nation, o.command))) return encode(ActionKind::Select, nation, o.command);
  }
  const int bid = std::min(plan.bid, 999);
  if (sh.bid != bid && legal_one(bid_action(nation, bid, false))) return bid_action(nation, bid, false);
  return encode(ActionKind::Done, nation);
}

// ---- Phase 2 Step 2: attackers take the earliest slot, the others the latest (to answer moves).
core::Action choose_slot(bool wants_first, const core::ActionList& legal) {
  return *best(legal, [&](const Act& x) { return wants_first ? -static_cast<double>(x.a) : static_cast<double>(x.a); });
}

// A land order that, as the board now stands, would leave a threatened capital or industry with less
// than the threat to it (the enemies that moved earlier this turn count), unless it goes to a region
// that matters more. The planner weighed the board of Phase 2 (can_leave); this is the same rule on
// the board of the nation's movement turn.
bool bares_vital_region(const Data& d, const State& s, const Assessment& a, Nation nation, const Order& o, int odds_percent) {
  const Command& c = s.command[nation][o.command];
  const RegionId from = c.region;
  if (from == kNoRegion || a.importance[from] == 0 || a.importance[o.dest] >= a.importance[from]) return false;
  if (strikes_the_threat(a, from, o.dest)) return false;
  const int all = a.land[at(static_cast<int>(a.side))][from];
  if (odds_percent < 100 && all * 100 < a.threat[from] * odds_percent) return false;  // a stalled war: it cannot be held anyway
  const int stays = all - command_strength(d, nation, o.command, c);
  return stays * 100 < a.threat[from] * odds_percent;  // a stalled war risks more (strike_odds_percent)
}

// ---- Phase 3 Step 2: execute an order unless it now walks into a lost battle or bares a vital
// region; pinned units left behind are the cheapest.
core::Action execute_order(const Game& g, const State& s, Nation nation, RegionId campaign, int odds_percent, bool home_guard,
                           const core::ActionList& legal) {
  const Data& d = g.data();
  const auto leave =
      best(legal, [&](const Act& x) { return x.kind == ActionKind::Leave ? -static_cast<double>(unit_strength(d, x.a)) : kNever; });
  if (leave) return *leave;
  const auto cancel = *find(legal, ActionKind::Cancel, nation);
  const Act c = decode_action(cancel);
  const Order& o = s.sheet[nation].box[at(c.a - 1)];
  const Assessment a = assess(g, s, nation);
  const int me = static_cast<int>(a.side), them = 1 - me;
  const RegionId dest = o.dest;
  const Category cat = command_category(d, nation, o.command);
  // This order and the nation's other orders still to come to the same region attack together.
  int mine = 0, land_coming = 0;
  for (const Order& other : s.sheet[nation].box) {
    if (other.status != kWritten || other.dest != dest) continue;
    const Category oc = command_category(d, nation, other.command);
    const int st = command_strength(d, nation, other.command, s.command[nation][other.command]);
    if (oc == cat) mine += st;
    if (oc == Category::Land) land_coming += st;
  }
  // The home guard's strike on troops at sea (Style::home_guard) is no lone air raid: unguarded, they
  // are sunk; gone from the sea (landed, perhaps at home), the aircraft stay where they stand.
  const bool at_sea = home_guard && d.region(dest).is_sea();
  if (cat == Category::Air && !at_sea && a.land[at(them)][dest] > 0 && a.land[at(me)][dest] + land_coming == 0)
    return cancel;  // no lone air raid
  if (cat == Category::Air && at_sea && a.land[at(them)][dest] + a.naval[at(them)][dest] + a.air[at(them)][dest] == 0) return cancel;
  // The campaign's strike counts the allies beside the target: they strike in the same round; in a
  // stalled war it accepts the worse odds it was planned with (strike_odds_percent).
  const bool strike = dest == campaign;
  const int allies_coming = strike ? alliance_beside(g, a, dest) : 0;
  const int odds = strike ? odds_percent : 100;
  if (cat == Category::Land && d.region(dest).is_territory() &&
      a.land[at(them)][dest] * odds * 10 > (std::max(mine, allies_coming) + a.land[at(me)][dest]) * 12 * 100)
    return cancel;  // the defence grew beyond the attack
  if (cat == Category::Land && d.region(dest).is_sea() && a.naval[at(them)][dest] + a.air[at(them)][dest] > a.naval[at(me)][dest])
    return cancel;  // unguarded transports would be sunk (Troop Transports During Battle)
  if (cat == Category::Sea && a.naval[at(them)][dest] * 10 > (mine + a.naval[at(me)][dest]) * 13) return cancel;
  if (cat == Category::Land && bares_vital_region(d, s, a, nation, o, odds_percent)) return cancel;
  const auto move = best(legal, [&](const Act& x) {
    if (x.kind != ActionKind::Move) return kNever;
    const RegionId r = region_byte(x.b);
    if (r == dest) return 1000.0;
    return -static_cast<double>(a.naval[at(them)][r] + a.land[at(them)][r] + a.goal_distance[r]);  // via or rail stop
  });
  return move ? *move : cancel;
}

// ---- Phase 3 Step 3: a carrier's fighter joins a fight nearby, else stays over its carrier.
core::Action launch(const Game& g, const State& s, Nation nation, const core::ActionList& legal) {
  const Assessment a = assess(g, s, nation);
  const int me = static_cast<int>(a.side), them = 1 - me;
  return *best(legal, [&](const Act& x) {
    const RegionId r = region_byte(x.b);
    if (r == kNoRegion) return 0.0;
    const int enemy = a.land[at(them)][r] + a.naval[at(them)][r] + a.air[at(them)][r];
    const int ours = a.land[at(me)][r] + a.naval[at(me)][r] + a.air[at(me)][r];
    if (enemy == 0) return 0.5;               // over a quiet sea it guards convoys and transports
    return ours > 0 ? 10.0 + enemy : kNever;  // never alone into an enemy force
  });
}

// ---- Phase 5 Step 1: land where the air is needed (a threatened capital or industry), else
// nearest the goals; never "lost" while a landing exists.
core::Action land(const Game& g, const State& s, Nation nation, const core::ActionList& legal) {
  const Assessment a = assess(g, s, nation);
  const int me = static_cast<int>(a.side);
  return *best(legal, [&](const Act& x) {
    const RegionId r = region_byte(x.b);
    if (r == kNoRegion) return -1e9;
    const int gap = std::max(0, a.threat[r] - a.land[at(me)][r]);
    return (a.importance[r] > 0 ? 3.0 * gap : 0.0) - a.goal_distance[r];
  });
}

// ---- Phase 5 Step 2: naval units to the port sea of the style's lean (Style::deploy_sea: bot:rules'
// the safest); land units leave as far as the industry
// allows, the cheapest held back. The rules say when a plan is acceptable ("done" is legal); a
// deployment is made only if, after it, the plan is acceptable or units are still free to hold, so
// that the bot never has to undo a choice (hold, release, hold... would never end). When nothing but
// undoing is left, it takes a ship back from its sea, to hold it.
bool deploy_leaves_a_way(const Game& g, const State& s, Nation nation, core::Action a) {
  State after = s;
  g.apply(after, g.seat_of(nation), a, nullptr);
  core::ActionList next;
  g.legal_actions(after, g.seat_of(nation), next);
  return std::any_of(next.begin(), next.end(), [&](core::Action x) {
    const Act y = decode_action(x);
    return y.by(nation) && (y.kind == ActionKind::Done || y.kind == ActionKind::Hold);
  });
}

// How much a port sea suits new ships of the lean.
double deploy_score(const Assessment& a, RegionId sea, DeploySea lean) {
  const int me = static_cast<int>(a.side), them = 1 - me;
  switch (lean) {
    case DeploySea::Safest: break;
    case DeploySea::Massed: return a.naval[at(me)][sea];
    case DeploySea::Forward: return a.naval[at(them)][sea] + a.land[at(them)][sea];
  }
  return a.naval[at(me)][sea] - 2 * a.naval[at(them)][sea] - a.air[at(them)][sea];
}

core::Action deploy(const Game& g, const State& s, Nation nation, const core::ActionList& legal, DeploySea lean) {
  if (const auto done = find(legal, ActionKind::Done, nation)) return *done;
  const Assessment a = assess(g, s, nation);
  if (const auto sea = best(legal,
                            [&](const Act& x) {
                              if (x.kind != ActionKind::Deploy) return kNever;
                              return deploy_score(a, g.data().region(region_byte(x.a)).port_seas[at(x.c)], lean);
                            });
      sea && deploy_leaves_a_way(g, s, nation, *sea))
    return *sea;
  // A naval unit with no sea to go to (every sea Command number in use, ruling 104) is held first:
  // holding the cheapest land units instead would keep the whole army under the Industry token,
  // and a full Industry takes no purchases (ruling 69).
  if (const auto hold = best(legal, [&](const Act& x) {
        if (x.kind != ActionKind::Hold) return kNever;
        return (category_of(x.b) == Category::Sea ? 1000.0 : 0.0) - static_cast<double>(unit_strength(g.data(), x.b));
      }))
    return *hold;
  if (const auto back = find(legal, ActionKind::Undeploy, nation)) return *back;
  return legal[0];
}

// ---- Phase 7 Step 3: production. Replace losses and build toward the goals: an army for a nation
// whose goals are by land, a fleet share for one whose goals lie over the sea; Civilian Goods when
// Stress has pushed it out of the White Zone.
// A style's lean on the target shares (Style::buy_mix); bot:rules' own shares unchanged.
void lean(std::array<double, kUnitTypes>& share, BuyMix mix) {
  switch (mix) {
    case BuyMix::Rules: break;
    case BuyMix::Armor: share[kArm] += 3, share[kArt] += 1; break;
    case BuyMix::Infantry: share[kInf] += 4, share[kArt] += 1, share[kArm] = std::max(0.0, share[kArm] - 1); break;
    case BuyMix::Air: share[kFtr] += 2, share[kBmb] += 1; break;
    case BuyMix::Fleet: share[kSub] += 1, share[kCa] += 1, share[kCv] += 1, share[kBb] += 1; break;
  }
}

core::Action purchase(const Game& g, const State& s, Nation nation, const core::ActionList& legal, BuyMix lean_to) {
  const Data& d = g.data();
  const Sheet& sh = s.sheet[nation];
  const NationState& ns = s.nation[nation];
  if (ns.zone >= kBlue && sh.goods < ns.zone)
    if (const auto goods = best(legal, [&](const Act& x) {
          if (x.kind != ActionKind::BuyGoods) return kNever;
          const int mix[kResources] = {x.a, x.b, x.c};
          double v = 0;  // pay from what is most plentiful
          for (int r = 0; r < kResources; ++r) v -= mix[r] * (100.0 / (1 + ns.res[at(r)]));
          return v;
        }))
      return *goods;
  const Assessment a = assess(g, s, nation);
  const RegionId capital = d.nations[nation].capital;
  // Goals no land route reaches from the capital call for a fleet (and troops carried by sea).
  bool overseas = capital != kNoRegion;
  for (const VictoryTerm& term : g.scenario().victory[at(static_cast<int>(a.side))].all_of)
    for (RegionId r : term.of) {
      const Nation holder = s.region[r].controller;
      const bool held = holder != kNoNation && alliance_of(holder) == a.side;
      if (!held && capital != kNoRegion && land_distance(d, capital, r) != kUnreachable) overseas = false;
    }
  // Target shares of the purchases, in units.
  std::array<double, kUnitTypes> share{};
  share[kInf] = 4, share[kArt] = 2, share[kArm] = 2, share[kFtr] = 1;
  if (overseas) share[kCa] = 1, share[kCv] = 1, share[kSub] = 1, share[kInf] = 3;
  if (capital != kNoRegion && a.threat[capital] > a.land[at(static_cast<int>(a.side))][capital])
    share = {}, share[kInf] = 3, share[kArt] = 2;  // the capital first
  lean(share, lean_to);
  // No sea Command number free: new ships could only be held under an Industry token (Deploy Units,
  // ruling 104), where they would take the room of the units that can leave (ruling 69).
  if (lowest_free_command(s, d, nation, Category::Sea) == 0) share[kSub] = share[kCa] = share[kCv] = share[kBb] = 0;
  // What is left after this round's entries; a resource in short supply makes a unit dear.
  std::array<double, kResources> left{};
  for (int r = 0; r < kResources; ++r) left[at(r)] = ns.res[at(r)] - sh.goods_paid[at(r)];
  for (int t = 0; t < kUnitTypes; ++t)
    for (int r = 0; r < kResources; ++r) left[at(r)] -= sh.buy[type_at(t)] * d.units[kind_at(t)].cost[static_cast<Resource>(r)];
  const double mean = std::max(1.0, (left[0] + left[1] + left[2]) / 3);
  const auto pick = best(legal, [&](const Act& x) {
    if (x.kind != ActionKind::Buy || share[x.a] <= 0) return kNever;
    double price = 0;
    for (int r = 0; r < kResources; ++r)
      price += d.units[kind_at(x.a)].cost[static_cast<Resource>(r)] * mean / (1 + std::max(0.0, left[at(r)]));
    return 2.0 * unit_strength(d, x.a) / std::max(0.5, price) - (sh.buy[type_at(x.a)] + 1) / share[x.a];
  });
  // Keep a little oil for next round's bid.
  if (pick && (d.units[kind_at(decode_action(*pick).a)].cost.oil == 0 || ns.res[kOil] > 2)) return *pick;
  if (const auto inf =
          best(legal, [&](const Act& x) { return x.kind == ActionKind::Buy && d.units[kind_at(x.a)].cost.oil == 0 ? 0.0 : kNever; }))
    return *inf;
  return *find(legal, ActionKind::Done, nation);
}

// ---- Phase 7 Step 5: new units where a capital or industry is short of defence (the most important
// first), else at the industry nearest the goals.
core::Action place(const Game& g, const State& s, Nation nation, const core::ActionList& legal) {
  const Assessment a = assess(g, s, nation);
  const int me = static_cast<int>(a.side);
  return *best(legal, [&](const Act& x) {
    if (place_count(x) > 1) return kNever;  // one unit at a time, each where it is needed most
    const RegionId r = region_byte(x.a);
    const bool short_of_defence = a.importance[r] > 0 && a.threat[r] > a.land[at(me)][r];
    return (short_of_defence ? 100.0 + a.importance[r] : 0.0) - static_cast<double>(a.goal_distance[r]) + (a.importance[r] > 0 ? 0.5 : 0);
  });
}

// ---- Phase 7 Step 2: Trade with Neutrals (Global War). The rules offer, per neutral in reach, the
// blocks the nation may give for the neutral's own resource; what a trade gives and takes is read
// from the rules by playing it on a copy of the observation. The bot counts each resource unit dearer
// the less it holds (1 / (1 + held)) and trades when what it receives is worth more than what it gives.
double trade_gain(const Game& g, const State& s, Nation nation, core::Action trade) {
  State after = s;
  g.apply(after, g.seat_of(nation), trade, nullptr);
  const auto& before = s.nation[nation].res;
  const auto& now = after.nation[nation].res;
  double v = 0;
  for (int r = 0; r < kResources; ++r) {
    for (int k = before[at(r)]; k < now[at(r)]; ++k) v += 1.0 / (1 + std::max(0, k));  // received
    for (int k = now[at(r)]; k < before[at(r)]; ++k) v -= 1.0 / (1 + std::max(0, k));  // given
  }
  return v;
}

core::Action trade(const Game& g, const State& s, Nation nation, const core::ActionList& legal) {
  double top = 0;
  std::optional<core::Action> pick;
  for (core::Action x : legal)
    if (decode_action(x).kind == ActionKind::Trade)
      if (const double v = trade_gain(g, s, nation, x); v > top) top = v, pick = x;
  if (pick) return *pick;
  return *find(legal, ActionKind::Done, nation);
}

// ---- Phase 6: Medals and Goods cancel Stress one for one (Medals first: Goods cost resources);
// relieve a zone when possible; pay the Blue Zone from the largest pile; desert the cheapest units.
core::Action morale(const Data& d, const State& s, StepId step, Nation nation, const core::ActionList& legal) {
  const auto& res = s.nation[nation].res;
  switch (step) {
    case StepId::MoraleCancel: return *best(legal, [](const Act& x) { return x.kind == ActionKind::CancelStress ? 2.0 - x.a : 0.0; });
    case StepId::MoraleRelieve: return *best(legal, [](const Act& x) { return x.kind == ActionKind::Relieve ? 10.0 + x.a : 0.0; });
    case StepId::BluePay:
      return *best(legal, [&](const Act& x) { return x.kind == ActionKind::Pay ? static_cast<double>(res[at(x.a)]) : kNever; });
    case StepId::Desert:
      return *best(legal,
                   [&](const Act& x) { return x.kind == ActionKind::Desert ? -static_cast<double>(unit_strength(d, x.b)) : kNever; });
    default: return legal[0];
  }
}

// ---- Phase 4 › Order of Battles: the Active region that matters most first (a friendly capital or
// industry under attack, then the most valuable enemy territory). Battle Setup › 4: the Commander
// keeps command. Update Territory Status: a liberated territory to its original owner, else the
// Commander. Apply Medals: to the nation under the most Stress.
core::Action pick_region(const Game& g, const State& s, Nation nation, const core::ActionList& legal) {
  const Assessment a = assess(g, s, nation);
  return *best(legal, [&](const Act& x) { return static_cast<double>(a.importance[region_byte(x.a)] + a.value[region_byte(x.a)]); });
}

core::Action assign(const Game& g, const State& s, StepId step, Nation nation, const core::ActionList& legal) {
  const RegionId r = s.fight.region;
  const Nation original = r == kNoRegion ? kNoNation : g.data().region(r).original();
  return *best(legal, [&](const Act& x) {
    switch (step) {
      case StepId::Claim: return x.a == byte_of(original) ? 2.0 : x.a == byte_of(nation) ? 1.0 : 0.0;
      case StepId::Medal: return static_cast<double>(s.nation[nation_at(x.a)].stress);
      default: return x.a == byte_of(nation) ? 1.0 : 0.0;
    }
  });
}

// ---- Soviet-Japanese Pact, Article Two (ruling 66): the party's seat permits an ally's order into
// the other party's territory only when it can afford the war the pact keeps away: permitting breaks
// the pact, costs the party 5 Stress (Article Four) and frees the other party to attack it. It
// permits when its capital is not short of defence, the 5 Stress leave it in the White Zone's room
// (the Stress it holds stays below half of the breaking cost's margin, i.e. it is in the White Zone),
// and its land forces next to the other party's territory are at least the other party's there.
core::Action pact_permission(const Game& g, const State& s, Nation nation, const core::ActionList& legal) {
  const Data& d = g.data();
  const Assessment a = assess(g, s, nation);
  const int me = static_cast<int>(a.side), them = 1 - me;
  const RegionId capital = d.nations[nation].capital;
  const bool capital_safe = capital == kNoRegion || a.threat[capital] <= a.land[at(me)][capital];
  const Nation party = nation == USSR ? JPN : USSR;
  int ours = 0, theirs = 0;  // land strength on the border between the parties
  for (const Region& r : d.regions) {
    if (!r.is_territory() || !g.scenario().in_play.test(r.rid) || s.region[r.rid].controller != party) continue;
    theirs += a.land[at(them)][r.rid];
    for (RegionId x : neighbours(d, r.rid))
      if (d.region(x).is_territory() && s.region[x].controller == nation) ours += a.land[at(me)][x];
  }
  const bool permit = capital_safe && s.nation[nation].zone == kWhite && ours >= theirs;
  return *best(legal, [&](const Act& x) { return x.kind == ActionKind::Permit && (x.a == 1) == permit ? 1.0 : 0.0; });
}

// ---- Attacking Standard Neutrals (ruling 103): the defending alliance's first nation in turn order
// hands the neutral's defence force to the nation of its alliance with the most land strength next
// to the neutral (it can reinforce and hold it); itself among equals.
core::Action neutral_defence(const Game& g, const State& s, Nation nation, const core::ActionList& legal) {
  const Data& d = g.data();
  const RegionId r = s.steps.top().as<step::NeutralDefence>().region;
  NationArray<int> near{};
  for (Nation n : kAllNations) {
    if (!in_play(s, n)) continue;
    for (int number = 1; number <= kMaxCommandNumber; ++number) {
      const Command& c = s.command[n][at(number)];
      if (c.region == kNoRegion || units_in(c) == 0 || command_category(d, n, number) != Category::Land) continue;
      if (c.region != r && is_edge(d, c.region, r)) near[n] += command_strength(d, n, number, c);  // the force itself is in r
    }
  }
  return *best(legal, [&](const Act& x) { return near[nation_at(x.a)] + (x.a == byte_of(nation) ? 0.5 : 0.0); });
}

}  // namespace

void RulesBot::watch_control(const State& obs) {
  if (obs.round == control_round_) return;
  std::uint64_t print = 1469598103934665603ULL;  // FNV-1a over every region's controller
  for (const RegionState& r : obs.region) print = (print ^ byte_of(r.controller)) * 1099511628211ULL;
  quiet_rounds_ = control_round_ != 0 && print == control_print_ ? quiet_rounds_ + 1 : 0;
  control_round_ = obs.round, control_print_ = print;
}

int RulesBot::quiet(const State& obs) {
  watch_control(obs);
  return std::max(quiet_rounds_, obs.round - kLongWar);
}

const SheetPlan& RulesBot::plan_for(const Game& game, const State& obs, Nation nation) {
  const int q = quiet(obs);
  Cached& c = cache_[nation];
  const Sheet& sh = obs.sheet[nation];
  const bool blank =
      sh.selected == 0 && sh.bid == 0 && std::all_of(sh.box.begin(), sh.box.end(), [](const Order& o) { return o.status == kEmpty; });
  if (!c.valid || blank || c.round != obs.round || c.pass != obs.pass) {
    c.plan = plan_sheet(game, obs, nation, campaign_[nation], q + style_.extra_quiet, style_);
    campaign_[nation] = c.plan.campaign;
    c.round = obs.round, c.pass = obs.pass, c.valid = true;
  }
  return c.plan;
}

// Phase 3 Step 2 with the campaign and odds the sheet was written with; a bot made anew since (no
// plan of this round) weighs them again on the board as it stands.
core::Action RulesBot::movement(const Game& game, const State& obs, Nation nation, const core::ActionList& own) {
  const Cached& c = cache_[nation];
  if (c.valid && c.round == obs.round && c.pass == obs.pass)
    return execute_order(game, obs, nation, campaign_[nation], c.plan.odds_percent, style_.home_guard, own);
  const int q = quiet(obs) + style_.extra_quiet;
  const Campaign aim = plan_campaign(game, obs, assess(game, obs, nation), kNoRegion, q);
  return execute_order(game, obs, nation, aim.target, strike_odds_percent(q) * style_.odds_scale_percent / 100, style_.home_guard, own);
}

core::Action RulesBot::choose(const Game& game, const State& obs, core::Seat seat, core::Rng&) {
  core::ActionList legal;
  game.legal_actions(obs, seat, legal);
  if (legal.size() == 1) return legal[0];
  const StepId step = obs.steps.top().id;
  const Nation nation = lowest_nation(game.acting_nations(obs, seat));
  core::ActionList own;  // a seat of several nations acts for one at a time
  for (core::Action a : legal)
    if (decode_action(a).by(nation)) own.push_back(a);
  switch (step) {
    case StepId::Reorganize: return reorganize(obs, nation, own);
    case StepId::WriteSheets: return write_sheet(obs, nation, plan_for(game, obs, nation), own);
    case StepId::ChooseSlot: return choose_slot(plan_for(game, obs, nation).wants_first, own);
    case StepId::MovementTurn: return movement(game, obs, nation, own);
    case StepId::CarrierLaunch: return launch(game, obs, nation, own);
    case StepId::LandAir: return land(game, obs, nation, own);
    case StepId::DeployPlans: return deploy(game, obs, nation, own, style_.deploy_sea);
    case StepId::Purchases: return purchase(game, obs, nation, own, style_.buy_mix);
    case StepId::Place: return place(game, obs, nation, own);
    case StepId::Trade: return trade(game, obs, nation, own);
    case StepId::PactPermission: return pact_permission(game, obs, nation, own);
    case StepId::NeutralDefence: return neutral_defence(game, obs, nation, own);
    case StepId::MoraleCancel:
    case StepId::MoraleRelieve:
    case StepId::BluePay:
    case StepId::Desert: return morale(game.data(), obs, step, nation, own);
    case StepId::PickRegion: return pick_region(game, obs, nation, own);
    case StepId::HandOver:
    case StepId::Claim:
    case StepId::Medal: return assign(game, obs, step, nation, own);
    default: break;
  }
  return battle_decision(game, obs, own);
}

}  // namespace warroom
