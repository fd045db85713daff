// Victory Check, at the end of every round after Phase 7 (ruling 9): collapse first, then "all
// Nations have no Units on the map" (both lose), then the scenario's conditions.
#include "warroom/rules.h"

namespace warroom {

namespace {
constexpr const char* kVictory = "Victory Check";
}

// Control at the moment of the check (ruling 10): every term of the alliance's condition holds.
bool alliance_qualifies(const CCtx& c, Alliance a) {
  const VictoryCondition& cond = c.g.scenario().victory[static_cast<std::size_t>(a)];
  if (cond.all_of.empty()) return false;
  for (const VictoryTerm& term : cond.all_of) {
    int held = 0;
    for (RegionId r : term.of) {
      const std::uint8_t controller = c.s.region[r].controller;
      held += controller != kNoNation && alliance_of(controller) == a;
    }
    if (held < term.at_least) return false;
  }
  return true;
}

void end_of_round(Ctx& c) {
  State& s = c.s;
  pact_check_capitals(c);  // ruling 68, whoever took the capital
  // "If a Nation has no more Units on the World Map and is in the Gray Zone at the end of a round
  // it is considered Collapsed"; units under an Industry Token are on the World Map (ruling 14).
  const CCtx cc{c.g, s};
  for (int n = 0; n < kNations; ++n)
    if (in_play(s, n) && s.nation[at(n)].zone >= kGray && !has_units_on_map(cc, n)) {
      s.nation[at(n)].collapsed = true;
      c.add(kVictory, n, Event::Collapsed);
    }
  bool any_units = false;
  for (int n = 0; n < kNations; ++n) any_units = any_units || (s.nation[at(n)].in_play && has_units_on_map(cc, n));
  if (!any_units) {  // "In the extremely rare case in which all Nations have no Units on the map, then both sides lose."
    s.winner = kBothLose;
    c.add(kVictory, -1, Event::BothLose);
    s.steps.push({StepId::GameOver});
    return;
  }
  const bool allied
 = alliance_qualifies(cc, Alliance::Allied), axis = alliance_qualifies(cc, Alliance::Axis);
  if (allied != axis) {
    s.winner = allied ? 1 : 2;
    c.add(kVictory, -1, Event::Victory, allied ? 0 : 1);
    s.steps.push({StepId::GameOver});
    return;
  }
  if (allied && axis) c.add(kVictory, -1, Event::Stalemate);  // "continue the war until that is no longer the case"
  if (s.round_limit && s.round >= s.round_limit) {  // a harness's cap, not a rule (ruling 105)
    c.add("Victory Check (round limit of this game)", -1, Event::Stopped, s.round);
    s.steps.push({StepId::GameOver});
    return;
  }
  ++s.round;
  s.steps.push({StepId::Phase, 1});
}

}  // namespace warroom
