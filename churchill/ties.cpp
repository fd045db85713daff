// 4.5 Tiebreaker procedure: in the Agenda (4.51) and for the conference winner (4.52) the active
// Leaders are offered the tie from Stalin leftwards; otherwise the US decides (4.53).
#include "churchill/rules.h"

namespace churchill::rules {

namespace {

constexpr const char* rule_of(int kind) { return kind == 0 ? "4.51" : "4.52"; }

// The next seat, from `from` leftwards and not past the US's turn, whose Leader is active.
int next_offer(const State& s, int from, int offered) {
  for (int p = from, n = offered; n < kPowers; p = left_of(p), ++n)
    if (s.leaders[static_cast<std::size_t>(p)].active) return p;
  return -1;
}

// 4.53 Arsenal of Democracy: the US wins a tie it is in; otherwise it chooses the winner.
void us_decides(const Ctx& c, int kind, std::uint8_t tied) {
  constexpr int us = static_cast<int>(Power::US);
  if (tied & (1u << us)) {
    c.note("4.53", us, Event::TieByUs, us, us);
    tie_decided(c, kind, us);
  } else {
    c.push(StepId::TieBreakChoose, us, kind, tied);
  }
}

}  // namespace

void start_tie(const Ctx& c, int kind, std::uint8_t tied) {
  constexpr int stalin = static_cast<int>(Power::USSR);
  const int first = next_offer(c.s, stalin, 0);
  if (first < 0) return us_decides(c, kind, tied);
  // b = tie kind, c = tied powers; the offer count rides in the high bits of c.
  c.push(StepId::TieBreakOffer, first, kind, tied);
}

void tie_legal(const Ctx& c, core::ActionList& out) {
  const Step& step = c.s.steps.top();
  if (step.id == StepId::TieBreakOffer) {
    out.push_back(encode(Act::TieBreak));
    out.push_back(encode(Act::NoTieBreak));
    return;
  }
  for (int p = 0; p < kPowers; ++p)
    if (step.c & (1 << p)) out.push_back(encode(Act::Winner, p));
}

void apply_tie(const Ctx& c, core::Action a) {
  State& s = c.s;
  const Step step = s.steps.top();
  const int kind = step.b;
  const std::uint8_t tied = static_cast<std::uint8_t>(step.c & 7);
  const int offered = step.c >> 3;
  s.steps.pop();
  switch (kind_of(a)) {
    case Act::TieBreak:
      // The first Leader to commit breaks the tie; he goes inactive without a discard.
      s.leaders[static_cast<std::size_t>(step.a)].active = false;
      if (tied & (1u << step.a)) {
        c.note(rule_of(kind), step.a, Event::TieBroken, step.a, step.a);
        tie_decided(c, kind, step.a);
        push_leader_rolls(c, step.a);  // "after each use": made before play goes on
      } else {
        c.push(StepId::TieBreakChoose, step.a, kind, tied | 8);  // bit 3: chosen by a Leader
      }
      break;
    case Act::NoTieBreak: {
      const int next = offered + 1 < kPowers ? next_offer(s, left_of(step.a), offered + 1) : -1;
      if (next >= 0) c.push(StepId::TieBreakOffer, next, kind, tied | ((offered + 1) << 3));
      else us_decides(c, kind, tied);
      break;
    }
    default: {  // Winner
      const int winner = arg_a(a);
      const bool by_leader = step.c & 8;
      c.note(by_leader ? rule_of(kind) : "4.53", step.a, by_leader ? Event::TieBroken : Event::TieByUs, step.a, winner);
      tie_decided(c, kind, winner);
      if (by_leader) push_leader_rolls(c, step.a);
    }
  }
}

void tie_decided(const Ctx& c, int kind, int winner) {
  if (kind == 0) agenda_won(c, winner);
  else conference_won(c, winner);
}

}  // namespace churchill::rules
