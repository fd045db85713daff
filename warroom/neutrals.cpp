// Neutrals › Attacking Standard Neutrals and Pro-Allied Neutrals: what entering a neutral does
// (rulings 64, 103). Movement calls it for every region a Command enters; the battle that follows
// is Phase 4's (combat.cpp).
#include "warroom/rules.h"

namespace warroom {

namespace {
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
  c.add("Neutrals", nation, Event::NeutralInvaded, r);
  if (first) {
    ++c.s.nation[at(nation)].stress;
    c.add("Neutrals > Stress and Medals", nation, Event::InvasionStress, r);
  }
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

}  // namespace warroom
