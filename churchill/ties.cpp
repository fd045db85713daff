// 4.5 Tiebreaker procedure: in the Agenda (4.51) and for the conference winner (4.52) the active
// Leaders are offered the tie from Stalin leftwards; otherwise the US decides (4.53).
#include <optional>

#include "churchill/rules.h"

namespace churchill::rules {

namespace {

constexpr const char* rule_of(int kind) { return kind == 0 ? "4.51" : "4.52"; }

// The next seat, from `from` leftwards and not past the US's turn, whose Leader is active.
std::optional<Power> next_offer(const State& s, Power from, int offered) {
  Power p = from;
  for (int n = offered; n < kPowers; p = left_of(p), ++n)
    if (s.leaders[p].active) return p;
  return std::nullopt;
}

// 4.53 Arsenal of Democracy: the US wins a tie it is in; otherwise it chooses the winner.
void us_decides(const Ctx& c, int kind, PowerSet tied) {
  constexpr Power us = Power::US;
  if (tied.test(us)) {
    c.note("4.53", us, Event::TieByUs, us, us);
    tie_decided(c, kind, us);
  } else {
    c.push(step::TieBreakChoose{us, kind, tied, false});
  }
}

void start_tie(const Ctx& c, int kind, PowerSet tied) {
  const std::optional<Power> first = next_offer(c.s, Power::USSR, 0);  // Stalin first
  if (!first) return us_decides(c, kind, tied);
  c.push(step::TieBreakOffer{*first, kind, tied, 0});
}

}  // namespace

void most_wins(const Ctx& c, int kind, PowerSet most) {
  if (most.count() == 1)
    tie_decided(c, kind, most.nth(0));
  else
    start_tie(c, kind, most);
}

void tie_legal(const CCtx& c, core::ActionList& out) {
  if (c.s.steps.top().id == StepId::TieBreakOffer) {
    out.push_back(encode(Act::TieBreak));
    out.push_back(encode(Act::NoTieBreak));
    return;
  }
  const step::TieBreakChoose choice = c.top<step::TieBreakChoose>();
  for (Power p : choice.tied) out.push_back(encode(Act::Winner, index(p)));
}

void apply_tie(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::TieBreakOffer, StepId::TieBreakChoose}));
  CORE_EXPECT(c.s.steps.top().id == StepId::TieBreakOffer
                  ? kind_of(a) == Act::TieBreak || kind_of(a) == Act::NoTieBreak
                  : kind_of(a) == Act::Winner && c.top<step::TieBreakChoose>().tied.test(power_at(arg_a(a))));
  State& s = c.s;
  if (s.steps.top().id == StepId::TieBreakOffer) {
    const step::TieBreakOffer offer = c.top<step::TieBreakOffer>();
    const Power seat = offer.seat;
    const int kind = offer.kind;
    s.steps.pop();
    if (kind_of(a) == Act::TieBreak) {
      // The first Leader to commit breaks the tie; he goes inactive without a discard.
      s.leaders[seat].active = false;
      if (offer.tied.test(seat)) {
        c.note(rule_of(kind), seat, Event::TieBroken, seat, seat);
        tie_decided(c, kind, seat);
        push_leader_rolls(c, seat);  // "after each use": made before play goes on
      } else {
        c.push(step::TieBreakChoose{seat, kind, offer.tied, true});
      }
      return;
    }
    const std::optional<Power> next = offer.offered + 1 < kPowers ? next_offer(s, left_of(seat), offer.offered + 1) : std::nullopt;
    if (next)
      c.push(step::TieBreakOffer{*next, kind, offer.tied, offer.offered + 1});
    else
      us_decides(c, kind, offer.tied);
    return;
  }
  const step::TieBreakChoose choice = c.top<step::TieBreakChoose>();  // Winner
  s.steps.pop();
  const Power winner = power_at(arg_a(a));  // the action's argument
  c.note(choice.by_leader ? rule_of(choice.kind) : "4.53", choice.seat, choice.by_leader ? Event::TieBroken : Event::TieByUs, choice.seat,
         winner);
  tie_decided(c, choice.kind, winner);
  if (choice.by_leader) push_leader_rolls(c, choice.seat);
}

void tie_decided(const Ctx& c, int kind, Power winner) {
  if (kind == 0)
    agenda_won(c, winner);
  else
    conference_won(c, winner);
}

}  // namespace churchill::rules
