// The Soviet-Japanese Non-Aggression Pact ("active for any scenario in which both nations participate
// until either Moscow or Greater Germany is captured or it is willingly broken by either party"),
// Articles One to Four, with the design's rulings 27, 52, 61, 66-68:
//   Article One   a party's order entering or passing through the other party's territory breaks
//                 the pact when it is executed; the party takes the 5 Stress (ruling 66).
//   Article Two   an ally's order from its party's territory into the other party's territory asks
//                 the party's seat at execution: permit (the pact breaks, the party offends) or
//                 refuse (the order is cancelled) (ruling 66).
//   Article Three the parties neither pin nor fight each other while it holds (rulings 27, 52); a
//                 party's land units left in a territory the other took must leave in the next
//                 Phase 3 or are eliminated (ruling 67).
//   Article Four  5 Stress to the offender, once; no Medals between the parties that round, except
//                 for a party's own original territories (ruling 61).
#include <algorithm>
#include "core/expect.h"

#include "warroom/map.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

constexpr const char* kPact = "Soviet-Japanese Non-Aggression Pact";
constexpr const char* kArticle2 = "Soviet-Japanese Non-Aggression Pact > Article Two";
constexpr int kBreakingStress = 5;  // Article Four: "the offending party receives 5 Stress Tokens"

bool is_party(Nation nation) { return nation == USSR || nation == JPN; }
Nation other_party(Nation party) { return party == USSR ? JPN : USSR; }
// "An ally of the Soviet Union ... An ally of Imperial Japan": the party of the nation's alliance.
Nation party_of(Nation nation) { return alliance_of(nation) == Alliance::Allied ? USSR : JPN; }

bool controlled_by(const CCtx& c, RegionId r, Nation nation) {
  return r != kNoRegion && c.d().region(r).is_territory() && c.s.region[r].controller == nation;
}

// Whether entering region r makes `nation`'s order (from `from`) break the pact, and by which
// article: 1 (a party into the other's territory), 2 (an ally, from its party's territory, into the
// other party's territory), or 0.
int breach_at(const CCtx& c, Nation nation, RegionId from, RegionId r) {
  if (is_party(nation)) return controlled_by(c, r, other_party(nation)) ? 1 : 0;
  const Nation party = party_of(nation);
  return controlled_by(c, from, party) && controlled_by(c, r, other_party(party)) ? 2 : 0;
}

// The article an order breaks, judged on the regions it enters: `via` if given, then `stop`. An
// air move over 2 regions with no route chosen flies the route that keeps the pact if there is one
// (ruling 93; rulings.md).
int breach(const CCtx& c, Nation nation, RegionId from, RegionId via, RegionId stop, bool air) {
  if (const int at_stop = breach_at(c, nation, from, stop)) return at_stop;
  if (via != kNoRegion) return breach_at(c, nation, from, via);
  if (!air || is_edge(c.d(), from, stop)) return 0;
  int worst = 0;
  for (RegionId x : neighbours(c.d(), from)) {
    if (!c.g.scenario().in_play.test(x) || !is_edge(c.d(), x, stop)) continue;
    const int article = breach_at(c, nation, from, x);
    if (article == 0) return 0;  // a route that keeps the pact
    worst = article;
  }
  return worst;
}

}  // namespace

bool pact_in_force(const CCtx& c) { return c.g.scenario().pact && c.s.pact.status == kPactInForce; }

int pact_breach(const CCtx& c, Nation nation, RegionId from, RegionId r) { return pact_in_force(c) ? breach_at(c, nation, from, r) : 0; }

Nation pact_partner(const CCtx& c, Nation nation) {
  return nation != kNoNation && is_party(nation) && pact_in_force(c) ? other_party(nation) : kNoNation;
}

bool pact_truce(const CCtx& c, Nation a, Nation b) { return b != kNoNation && pact_partner(c, a) == b; }

int pact_truce_units(const CCtx& c, Nation nation, RegionId r, Category cat) {
  if (!is_party(nation) || !pact_in_force(c)) return 0;
  const Nation other = other_party(nation);
  const NumberRange range = c.d().nations[other].pool(cat);
  int units = 0;
  for (int number = std::max(1, static_cast<int>(range.lo)); number <= std::min(static_cast<int>(range.hi), kMaxCommandNumber); ++number) {
    const Command& cmd = c.s.command[other][at(number)];
    if (cmd.region == r) units += units_in(cmd);
  }
  return units;
}

PactBattles pact_battles(const CCtx& c, RegionId r) {
  if (!pact_in_force(c)) return {};
  NationArray<bool> present{};
  for (Nation n : kAllNations) {
    for (const Command& cmd : c.s.command[n]) present[n] = present[n] || (cmd.region == r && units_in(cmd) > 0);
    present[n] = present[n] || c.s.fighter_tokens.count(n, r) > 0;
  }
  if (!present[USSR] || !present[JPN]) return {};
  // "the party earlier in turn order and its allies there fight their enemies there except the other
  // party; then the other party likewise, with the survivors" (ruling 52): the first battle leaves
  // out the later party, the second the earlier one.
  std::array<Nation, kNations> order{};
  const int count = nations_in_turn_order(c.s, order);
  const Nation* first = std::find_if(order.data(), order.data() + count, [](Nation n) { return is_party(n); });
  const Nation earlier = first != order.data() + count ? *first : USSR;
  return {other_party(earlier), earlier};
}

void pact_break(Ctx& c, Nation offender, int article) {
  if (!pact_in_force(CCtx{c.g, c.s})) return;  // "Once broken, the pact remains broken and there are no further penalties"
  c.s.pact = {kPactBroken, offender, c.s.round};
  c.s.nation[offender].stress += kBreakingStress;
  c.add(kPactArticle4, offender, Event::PactBroken, article, kBreakingStress);
}

bool pact_interrupts(Ctx& c, Nation nation, int box, RegionId x, RegionId from, RegionId via, RegionId stop) {
  const CCtx cc{c.g, c.s};
  if (!pact_in_force(cc)) return false;
  const int number = c.s.sheet[nation].box[at(box - 1)].command;
  const bool air = command_category(c.d(), nation, number) == Category::Air;
  const int article = breach(cc, nation, from, via, stop, air);
  if (article == 1) {  // the party breaks it willingly by executing the order
    pact_break(c, nation, 1);
    return false;
  }
  if (article != 2) return false;
  const Nation party = party_of(nation);  // "may not break the pact without permission from its allied party"
  c.push(step::PactPermission{.nation = party, .ally = nation, .box = box, .region = x});
  c.add(kArticle2, party, Event::PactAsked, nation, number, via != kNoRegion ? via : stop);
  return true;
}

void permission_legal(const CCtx&, Nation nation, core::ActionList& out) {
  out.push_back(encode(ActionKind::Permit, nation, 1));
  out.push_back(encode(ActionKind::Permit, nation, 0));
}

void permission_apply(Ctx& c, const Act& a) {
  const step::PactPermission st = c.top<step::PactPermission>();
  c.pop();
  const Nation ally = st.ally;
  const int box = st.box;
  const RegionId x = st.region;
  CORE_EXPECT(c.top<step::MovementTurn>().nation == ally);
  if (a.a) {  // "which is considered a violation of the pact by the party giving permission"
    pact_break(c, nation_at(a.nation), 2);
    movement_apply(
        c, Act{ActionKind::Move, static_cast<std::uint8_t>(ally), static_cast<std::uint8_t>(box), static_cast<std::uint8_t>(index(x)), 0});
    return;
  }
  Order& o = c.s.sheet[ally].box[at(box - 1)];
  o.status = kCancelled;
  o.reason = static_cast<std::uint8_t>(CancelReason::PactRefused);
  c.add(kArticle2, nation_at(a.nation), Event::PactRefused, ally, box);
}

bool pact_denies_medal(const CCtx& c, Nation nation, RegionId r, Nation taken_from) {
  if (!c.g.scenario().pact || c.s.pact.status != kPactBroken || c.s.pact.broken_round != c.s.round) return false;
  if (!is_party(nation) || taken_from != other_party(nation)) return false;
  return c.d().region(r).original() != nation;  // "unless it is liberation of its own original territories"
}

void pact_check_capitals(Ctx& c) {
  if (!c.g.scenario().pact || c.s.pact.status == kPactEnded) return;
  // "until either Moscow or Greater Germany is captured": the capitals of the USSR and Germany.
  for (Nation holder : {USSR, GER}) {
    const RegionId capital = c.d().nations[holder].capital;
    const Nation controller = c.s.region[capital].controller;
    if (controller == kNoNation || alliance_of(controller) != alliance_of(holder)) {
      c.s.pact.status = kPactEnded;
      c.add(kPact, kNoNation, Event::PactEnded, capital);
      return;
    }
  }
}

void pact_expel(Ctx& c) {
  const CCtx cc{c.g, c.s};
  if (!pact_in_force(cc)) return;
  for (Nation party : {USSR, JPN}) {
    const NumberRange range = c.d().nations[party].pool(Category::Land);
    for (int number = std::max(1, static_cast<int>(range.lo)); number <= std::min(static_cast<int>(range.hi), kMaxCommandNumber);
         ++number) {
      Command& cmd = c.s.command[party][at(number)];
      if (!controlled_by(cc, cmd.region, other_party(party))) continue;
      for (int t = kInf; t <= kArm; ++t)  // "or be eliminated (to the Casualty List)"
        c.s.nation[party].casualties[type_at(t)] =
            static_cast<std::uint16_t>(c.s.nation[party].casualties[type_at(t)] + cmd.n[at(slot_of(t))]);
      c.add(kPactArticle3, party, Event::PactExpelled, number, cmd.region, units_in(cmd));
      cmd = Command{};
    }
  }
}

}  // namespace warroom
