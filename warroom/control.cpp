// Control of territories when they change hands (Phase 4 › Battle Debrief › Restoring Control;
// Occupied Territories; China's Restrictions; Check for Captured Units), and the pact's end when
// Moscow or Greater Germany falls (ruling 68). The battle module decides that a territory is taken
// and by which nation; this file says who holds it then, on every theater alike. Also Neutrals ›
// Attacking Standard Neutrals and Pro-Allied Neutrals: what entering a neutral does (rulings 64, 103).
#include "warroom/rules.h"

namespace warroom {

namespace {
constexpr const char* kRestoring = "Phase 4 > Battle Debrief > Restoring Control";
constexpr const char* kAttacking = "Neutrals > Attacking Standard Neutrals";

// The nation of `side` that takes an invaded neutral's forces and card: the earliest in turn order
// (ruling 103; rulings.md 11), or -1 if the alliance has nobody in play.
int defending_nation(const State& s, Alliance side) {
  std::array<std::uint8_t, kNations> order{};
  const int count = nations_in_turn_order(s, order);
  for (int i = 0; i < count; ++i)
    if (alliance_of(order[at(i)]) == side) return order[at(i)];
  return -1;
}
}  // namespace

void enter_neutral(Ctx& c, int nation, RegionId r) {
  const Region& reg = c.d().region(r);
  RegionState& rs = c.s.region[r];
  if (!reg.neutral || rs.controller != kNoNation || (rs.flags & kNeutralActivated)) return;
  const Alliance invader = alliance_of(nation);
  // Pro-Allied Neutrals: "Defense Forces do not activate ... unless invaded by the Axis" (ruling 64 b).
  if ((reg.neutral->type == NeutralType::ProAllied && invader == Alliance::Allied) ||
      (reg.neutral->type == NeutralType::ProAxis && invader == Alliance::Axis))
    return;
  rs.flags |= kNeutralActivated;
  // "The first Nation to invade a Neutral, successfully or not, gains 1 Stress immediately upon entering it".
  const bool first = !(rs.flags & kInvasionStressGiven);
  rs.flags |= kInvasionStressGiven;
  c.s.nation[at(nation)].stress += first ? 1 : 0;
  c.add("Neutrals > Stress and Medals", nation, Event::NeutralInvaded, r, first ? 1 : 0);
  // "its status immediately shifts to Pro-Allied or Pro-Axis in opposition to the invader. Place the
  // Neutral's defense forces ... under a Command Token of a Nation of the Alliance which is opposed to
  // the invading force ... and the same Nation is given control of the territory".
  const int defender = defending_nation(c.s, invader == Alliance::Allied ? Alliance::Axis : Alliance::Allied);
  if (defender < 0) return;
  rs.controller = static_cast<std::uint8_t>(defender);
  int placed = 0;
  for (int t = 0; t < kUnitTypes; ++t) {
    const int count = reg.neutral->defense[at(t)];
    if (count && form_units(c.s, c.d(), defender, r, t, count)) placed += count;
  }
  c.add(kAttacking, defender, Event::NeutralDefended, r, placed);
}

bool captures_units(const Data& d, int nation, Category cat) {
  // "China may not capture Naval or Air Units"; "such units are removed to storage".
  return cat == Category::Land || !d.nations[at(nation)].has(NationRule::NoCaptureAirNaval);
}

int controller_after_capture(const CCtx& c, RegionId r, int capturer) {
  // "An ally must restore recaptured allied territories to the original controller (as indicated by
  // the Flag on the Territory Card) unless the original controller is in the Gray Zone"; occupied
  // territories (Belarus, Ukraine; Peiping, Manchuria, Chekiang, Kwangtung) "revert control to the
  // Soviets or Chinese, respectively, if liberated". A neutral has no original controller.
  const Nation original = c.d().region(r).original();
  if (original == kNoNation || original == capturer || alliance_of(original) != alliance_of(capturer)) return capturer;
  // A Collapsed ally's territory: "it no longer transfers the card"; a nation not in the scenario
  // cannot take it back either (ruling 63).
  if (!in_play(c.s, original) || c.s.nation[at(original)].zone >= kGray) return capturer;
  return original;
}

int take_control(Ctx& c, RegionId r, int capturer) {
  const std::uint8_t former = c.s.region[r].controller;
  const int holder = controller_after_capture(CCtx{c.g, c.s}, r, capturer);
  c.s.region[r].controller = static_cast<std::uint8_t>(holder);
  if (holder == capturer) c.add(kRestoring, holder, Event::ControlTaken, r, former == kNoNation ? -1 : former);
  else c.add(kRestoring, holder, Event::ControlRestored, r, capturer);
  // "Any Units under an Industry Token are also captured" -- China removes air and naval ones.
  if (const int i = c.g.industry_index(r); i >= 0)
    for (int t = 0; t < kUnitTypes; ++t)
      if (!captures_units(c.d(), holder, category_of(t))) {
        Construction& built = c.s.construction[at(i)];
        built.n[at(t)] = built.hold[at(t)] = 0;
        if (category_of(t) == Category::Sea) built.to_sea[at(slot_of(t))].fill(0);
      }
  pact_check_capitals(c);
  return holder;
}

}  // namespace warroom
