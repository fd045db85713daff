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
      const Nation controller = c.s.region[r].controller;
      held += controller != kNoNation && alliance_of(controller) == a;
    }
    if (held < term.at_least) return false;
  }
  return true;
}

VictoryNow victory_now(const CCtx& c) {
  bool any_units = false;
  for (Nation n : kAllNations) any_units = any_units || (c.s.nation[n].in_play && has_units_on_map(c, n));
  if (!any_units) return VictoryNow::BothLose;
  const bool allied = alliance_qualifies(c, Alliance::Allied), axis = alliance_qualifies(c, Alliance::Axis);
  if (allied && axis) return VictoryNow::Both;
  return allied ? VictoryNow::Allied : axis ? VictoryNow::Axis : VictoryNow::None;
}

void end_of_round(Ctx& c) {
  State& s = c.s;
  pact_check_capitals(c);  // ruling 68, whoever took the capital
  // "If a Nation has no more Units on the World Map and is in the Gray Zone at the end of a round
  // it is considered Collapsed"; units under an Industry Token are on the World Map (ruling 14).
  const CCtx cc{c.g, s};
  for (Nation n : kAllNations)
    if (in_play(s, n) && s.nation[n].zone >= kGray && !has_units_on_map(cc, n)) {
      s.nation[n].collapsed = true;
      c.add(kVictory, n, Event::Collapsed);
    }
  const VictoryNow found = victory_now(cc);
  if (found == VictoryNow::BothLose) {  // "In the extremely rare case in which all Nations have no Units on the map, then both sides lose."
    s.winner = kBothLose;
    c.add(kVictory, kNoNation, Event::BothLose);
    s.steps.push(step::GameOver{});
    return;
  }
  if (found == VictoryNow::Allied || found == VictoryNow::Axis) {
    s.winner = found == VictoryNow::Allied ? 1 : 2;
    c.add(kVictory, kNoNation, Event::Victory, found == VictoryNow::Allied ? 0 : 1);
    s.steps.push(step::GameOver{});
    return;
  }
  if (found == VictoryNow::Both) c.add(kVictory, kNoNation, Event::Stalemate);  // "continue the war until that is no longer the case"
  if (s.round_limit && s.round >= s.round_limit) {                              // a harness's cap, not a rule (ruling 105)
    c.add("Victory Check (round limit of this game)", kNoNation, Event::Stopped, s.round);
    s.steps.push(step::GameOver{});
    return;
  }
  ++s.round;
  s.steps.push(step::Phase{1});
}

}  // namespace warroom
