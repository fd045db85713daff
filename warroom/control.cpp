// Control of territories when they change hands (Phase 4 › Battle Debrief › Restoring Control;
// Occupied Territories; China's Restrictions; Check for Captured Units), and the pact's end when
// Moscow or Greater Germany falls (ruling 68). The battle module decides that a territory is taken
// and by which nation; this file says who holds it then, on every theater alike.
#include "warroom/rules.h"

namespace warroom {

namespace {
constexpr const char* kRestoring = "Phase 4 > Battle Debrief > Restoring Control";
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
