// 5.2 Meeting Segment: advancing (5.22), capturing (5.23) and debating (5.24) issues, Chiefs of
// Staff (5.25), Leaders (5.26), and the end of the Meeting (5.27).
#include <algorithm>

#include "churchill/rules.h"

namespace churchill::rules {

namespace {

const StaffCard& staff(const CCtx& c, Power power, StaffId card) { return c.d.staff[power][card]; }
const Leader& leader_card(const CCtx& c, Power power) { return c.d.leaders[c.s.leaders[power].card]; }
const std::vector<Effect>& effects_of(const CCtx& c, const Play& p) {
  return p.leader ? leader_card(c, p.seat).effects : staff(c, p.seat, p.card).effects;
}

bool on_table(const IssueState& is) { return is.where == IssueWhere::Table && is.space < kChair; }

// The Leader card `leader` leads its power and is active (or inactive).
bool leader_is(const CCtx& c, LeaderId leader, bool active) {
  return leads(c.d, c.s, leader) && leader_state(c.d, c.s, leader).active == active;
}

// A play of `seat` on `issue`, which stands where it stands now (kNoIssue: no issue, as when a Leader
// breaks a tie).
Play play_on(const CCtx& c, Power seat, StaffId card, IssueId issue, bool leader) {
  Play p{seat, card, issue, 0, leader, false};
  if (issue != kNoIssue) p.track = c.s.issues[issue].track;
  return p;
}

// Does a card's condition hold for a play? The issue's track is read where it stood when the card
// was played (Roosevelt: "if played for the Global Issue on the UK or USSR track").
bool holds(const CCtx& c, const Condition& w, const Play& p, bool debate) {
  const IssueId issue = p.issue;
  if (w.use == Condition::Use::Advance && debate) return false;
  if (w.use == Condition::Use::Debate && !debate) return false;
  if (issue == kNoIssue && (w.use != Condition::Use::Any || w.issue_kinds.any() || w.issues.any() || w.on_track.any())) return false;
  if (w.issue_kinds.any() && !w.issue_kinds.test(c.d.issues[issue].kind)) return false;
  if (w.issues.any() && !w.issues.test(issue)) return false;
  if (w.on_track.any() && !(p.track != kCenter && w.on_track.test(p.track))) return false;
  if (w.leader_active != kNoLeader && !leader_is(c, w.leader_active, true)) return false;
  if (w.leader_inactive != kNoLeader && !leader_is(c, w.leader_inactive, false)) return false;
  return true;
}

// The modified value of a play (5.22, 5.24; Stalin's Paranoia before bonuses; Nyet in debate).
int play_value(const CCtx& c, const Play& p, int base, bool debate) {
  int v = base;
  if (!p.leader && p.seat == Power::USSR && c.s.paranoia)
    for (const Effect& e : c.d.leaders[c.k.stalin].effects)
      if (e.type == EffectType::Paranoia) v = std::max<int>(std::min<int>(v, e.min_value), v + e.amount);
  for (const Effect& e : effects_of(c, p))
    if (e.type == EffectType::Modifier && holds(c, e.when, p, debate)) v += e.amount;
  v += nyet_bonus(p.seat, p.leader, debate);
  return std::max(v, 0);
}

bool has_effect(const CCtx& c, const Play& p, EffectType t, bool debate) {
  for (const Effect& e : effects_of(c, p))
    if (e.type == t && holds(c, e.when, p, debate)) return true;
  return false;
}

// Does a move toward `power` start on another power's track (so that it may pass the centre)?
bool off_own_track(const IssueState& is, Power power) { return is.track != kCenter && !is.on_track_of(power); }

// Does a move of `n` toward `power` pass through the centre (so the stop option exists)?
bool crosses_center(const IssueState& is, Power power, int n) { return off_own_track(is, power) && n > is.space; }

int cards_in_hand(const State& s, Power p) { return s.hand[p].count(); }

// Every way to play a card toward `power` on `issue` with the value `value()`: the stop option for
// a conditional issue, and lesser values for a card that may be played below its value. Only these
// two read the value: a card at full value on an issue that cannot stop in the centre is one
// action, whatever its value, so `value` is called only when one of them may apply.
template <class Value, class Emit>
void move_variants(const CCtx& c, Power power, IssueId issue, Value value, bool lesser, Emit emit) {
  const IssueState& is = c.s.issues[issue];
  const bool conditional = c.k.conditional_issues.test(issue);
  if (!lesser && !(conditional && off_own_track(is, power))) return emit(std::uint8_t{0});
  const int full = value();
  for (int v = lesser ? 1 : full; v <= full; ++v) {
    const std::uint8_t value_flag = v == full ? 0 : reduced_value_flag(v);
    emit(value_flag);
    if (conditional && crosses_center(is, power, v)) emit(static_cast<std::uint8_t>(value_flag | kStopAtCenter));
  }
}

bool lesser_allowed(const CCtx& c, Power power, StaffId card) { return c.k.staff_traits[power][card] & kLesserValue; }

}  // namespace

std::uint8_t staff_traits(const StaffCard& card) {
  std::uint8_t traits = 0;
  for (const Effect& e : card.effects) {
    if (e.type == EffectType::LessThanFullValue) traits |= kLesserValue;
    if (e.type == EffectType::Modifier && (e.when.issue_kinds.any() || e.when.issues.any() || e.when.on_track.any()))
      traits |= kValueByIssue;
  }
  return traits;
}

// The issues on the table.
IssueSet issues_on_table(const CCtx& c) {
  IssueSet on;
  for (IssueId i : c.d.issues.ids())
    if (on_table(c.s.issues[i])) on.set(i);
  return on;
}

// A Leader's variants on each issue of `issues` (his value does not depend on the card he discards,
// 5.26): computed once per list, then emitted for each card, in the order card, issue, variant.
struct LeaderVariants {
  std::array<IssueId, 2 * kMaxIssues> issue{};
  std::array<std::uint8_t, 2 * kMaxIssues> flags{};
  int size = 0;
};
LeaderVariants leader_variants(const CCtx& c, Power seat, IssueSet issues, bool debate) {
  LeaderVariants lv;
  for (IssueId issue : issues) {
    const auto value = [&] { return play_value(c, play_on(c, seat, kNoStaff, issue, true), leader_card(c, seat).value, debate); };
    move_variants(c, seat, issue, value, false, [&](std::uint8_t flags) {
      lv.issue[at(lv.size)] = issue;
      lv.flags[at(lv.size++)] = flags;
    });
  }
  return lv;
}

namespace {

// The number of ways move_variants plays a card on `issue`.
template <class Value>
std::uint32_t variant_count(const CCtx& c, Power power, IssueId issue, Value value, bool lesser) {
  std::uint32_t n = 0;
  move_variants(c, power, issue, value, lesser, [&](std::uint8_t) { ++n; });
  return n;
}

// 5.26: the Leader's plays, one per card he may discard and variant on each issue of `issues`, in
// the order card, issue, variant; action(card, issue, flags) encodes one.
template <class Out, class Encode>
void leader_run(const CCtx& c, Power seat, IssueSet issues, bool debate, Out& out, Encode action) {
  const StaffSet hand = c.s.hand[seat];
  const auto count = [&] { return static_cast<std::uint32_t>(hand.count() * leader_variants(c, seat, issues, debate).size); };
  out.run(count, [&](auto emit) {
    const LeaderVariants lv = leader_variants(c, seat, issues, debate);
    for (StaffId card : hand)
      for (int i = 0; i < lv.size; ++i) emit(action(card, lv.issue[at(i)], lv.flags[at(i)]));
  });
}

// 5.22, 5.25, 5.26: a Meeting turn's actions, in the order card, issue, variant; then the Leader's
// (the card he discards, issue, variant); then the pass (4.22).
template <class Out>
void advance_actions(const CCtx& c, Power me, IssueSet issues, Out& out) {
  const State& s = c.s;
  // At full value a card has one way to advance each issue but a conditional one (move_variants).
  const auto plain = static_cast<std::uint32_t>(issues.without(c.k.conditional_issues).count());
  for (StaffId card : s.hand[me]) {
    if (issues.none()) {
      out.one(encode(Act::Discard, index(card)));  // nothing left to advance: the card is spent
      continue;
    }
    const StaffCard& sc = staff(c, me, card);
    if (sc.chief_of_staff()) {
      out.one(encode(Act::AdvanceChief, index(card)));  // 5.25: commit before the roll
      continue;
    }
    const bool lesser = lesser_allowed(c, me, card);
    // Without a modifier that reads the issue, the card's value is the same on every issue.
    const bool by_issue = c.k.staff_traits[me][card] & kValueByIssue;
    int full = -1;
    const auto value_on = [&](IssueId issue) {
      return [&, issue] {
        if (by_issue || full < 0) full = play_value(c, play_on(c, me, card, issue, false), sc.value, false);
        return full;
      };
    };
    const auto count = [&] {
      std::uint32_t n = lesser ? 0 : plain;
      for (IssueId issue : lesser ? issues : issues& c.k.conditional_issues) n += variant_count(c, me, issue, value_on(issue), lesser);
      return n;
    };
    out.run(count, [&](auto emit) {
      for (IssueId issue : issues)
        move_variants(c, me, issue, value_on(issue), lesser,
                      [&](std::uint8_t flags) { emit(encode(Act::Advance, index(card), index(issue), flags)); });
    });
  }
  const LeaderState& l = s.leaders[me];
  if (issues.any() && l.active && !l.stays_home) {  // 5.26: discard a staff card, use the Leader
    leader_run(c, me, issues, false, out, [&](StaffId card, IssueId issue, std::uint8_t flags) {
      return encode(Act::AdvanceLeader, index(card), index(issue), flags);
    });
  }
  if (s.pass_earned[me]) out.one(encode(Act::Pass));
}

// 5.24, 5.25, 5.26: a debate offer's actions, in the order card, variant; then the Leader's (the
// card he discards, variant); then declining.
template <class Out>
void debate_actions(const CCtx& c, Power me, Out& out) {
  const State& s = c.s;
  const Play& adv = s.advance;
  const StaffSet hand = s.hand[me];
  const IssueId issue = adv.issue;
  CORE_EXPECT(index(issue) < kMaxIssues);
  if (!adv.leader)
    for (StaffId card : hand) {
      if (staff(c, me, card).chief_of_staff()) {
        out.one(encode(Act::DebateChief, index(card)));
        continue;
      }
      const auto value = [&] { return play_value(c, play_on(c, me, card, issue, false), staff(c, me, card).value, true); };
      move_variants(c, me, issue, value, lesser_allowed(c, me, card),
                    [&](std::uint8_t flags) { out.one(encode(Act::Debate, index(card), 0, flags)); });
    }
  if (s.leaders[me].active && hand.any())  // a stays-home Leader may still debate (5.26 play note)
    leader_run(c, me, IssueSet::of(issue), true, out,
               [&](StaffId card, IssueId, std::uint8_t flags) { return encode(Act::DebateLeader, index(card), 0, flags); });
  out.one(encode(Act::NoDebate));
}

}  // namespace

void advance_legal(const CCtx& c, Power seat, core::ActionList& list) {
  ListOut out{list};
  advance_actions(c, seat, issues_on_table(c), out);
}

core::Action advance_random(const CCtx& c, Power seat, core::Rng& rng) {
  const IssueSet issues = issues_on_table(c);
  return random_action([&](auto& out) { advance_actions(c, seat, issues, out); }, rng);
}

void debate_legal(const CCtx& c, Power seat, core::ActionList& list) {
  ListOut out{list};
  debate_actions(c, seat, out);
}

void chief_issue_legal(const CCtx& c, Power, core::ActionList& out) {
  if (c.top<step::ChiefIssue>().debate) {  // a debate: its issue is the advance's; it may stop in the centre
    const Play& p = c.s.debate;
    move_variants(
        c, p.seat, p.issue, [&] { return static_cast<int>(p.value); }, false,
        [&](std::uint8_t flags) { out.push_back(encode(Act::ChiefDebate, 0, 0, flags)); });
    return;
  }
  const Play& p = c.s.advance;
  for (IssueId issue : c.d.issues.ids()) {
    if (!on_table(c.s.issues[issue])) continue;
    const auto value = [&] { return play_value(c, play_on(c, p.seat, p.card, issue, false), p.value, false); };
    move_variants(c, p.seat, issue, value, false,
                  [&](std::uint8_t flags) { out.push_back(encode(Act::ChiefIssue, 0, index(issue), flags)); });
  }
}

namespace {

bool can_debate(const CCtx& c, Power seat) {
  if (cards_in_hand(c.s, seat) == 0) return false;  // even a Leader needs a card to discard
  return !c.s.advance.leader || c.s.leaders[seat].active;
}

// The card leaves the hand: played, or discarded (for the Leader, 5.26, or with no issue left).
// Merkulov's purge falls on the next USSR staff card played or discarded this conference; its roll
// comes after the play. Only a played card sets one up: "Attributes, bonuses, or penalties from
// the discarded staff card are not implemented" (5.26).
void spend_card(const Ctx& c, Power power, StaffId card, bool played) {
  State& s = c.s;
  s.hand[power].reset(card);
  if (power != Power::USSR) return;
  if (s.purge_by != kNoStaff) {
    s.purge_card = card;
    s.purge_roller = s.purge_by;
    s.purge_by = kNoStaff;
  }
  if (!played) return;
  for (const Effect& e : staff(c, power, card).effects)
    if (e.type == EffectType::PurgeRoll) s.purge_by = card;
}

// The rolls a play owes once it is resolved: health (3.31, 3.33), Paranoia (Stalin), purge.
void push_rolls(const Ctx& c, const Play& p, bool debate) {
  if (!p.made()) return;
  const auto& effects = effects_of(c, p);
  for (std::size_t i = 0; i < effects.size(); ++i) {
    const Effect& e = effects[i];
    if (!holds(c, e.when, p, debate)) continue;
    if (e.type == EffectType::HealthRoll) c.push(step::HealthRoll{p.seat, p.leader, p.leader ? StaffId{} : p.card, static_cast<int>(i)});
    if (e.type == EffectType::Paranoia) c.push(step::ParanoiaRoll{p.seat, static_cast<int>(i)});
  }
}

}  // namespace

void push_leader_rolls(const Ctx& c, Power power) { push_rolls(c, play_on(c, power, kNoStaff, kNoIssue, true), false); }

namespace {

void push_purge(const Ctx& c) {
  if (c.s.purge_card == kNoStaff) return;
  c.push(step::PurgeRoll{c.s.purge_card, c.s.purge_roller});
  c.s.purge_card = c.s.purge_roller = kNoStaff;
}

// The immediate side effects of a play (5.22: "implement any other attributes").
void play_effects(const Ctx& c, const Play& p, bool debate) {
  State& s = c.s;
  const auto& effects = effects_of(c, p);
  for (const Effect& e : effects) {
    if (!holds(c, e.when, p, debate)) continue;
    switch (e.type) {
      case EffectType::GainNetworks:
        add_to(s.networks_gained[p.seat], e.amount);
        c.note("5.22", p.seat, Event::NetworksGained, p.seat, e.amount);
        break;
      case EffectType::GainAlignment:
        add_to(s.alignment_gained[p.seat], e.amount);
        c.note("5.22", p.seat, Event::AlignmentGained, p.seat, e.amount);
        break;
      case EffectType::PlaceNaval:
        for (int n = 0; n < e.amount; ++n) place_naval(c, e.theater, p.seat, "5.22");
        break;
      case EffectType::PlaceOffensive:
        if (e.front != kAnyFront && has_entry_space(c, e.front) && !theater_surrendered(c, c.d.fronts[e.front].theater)) {
          add_to(s.offensive[e.front], e.amount);
          c.note("5.22", p.seat, Event::OffensivePlaced, e.front, p.seat, 0);
        } else if (e.front == kAnyFront) {  // placed on any Front in Production Allocation
          add_to(s.support_bonus[p.seat][3], e.amount);
        }
        break;
      default: break;
    }
  }
}

// Starts a play: the card is spent, the Leader used, the value fixed.
Play begin_play(const Ctx& c, Power seat, core::Action a, bool debate) {
  State& s = c.s;
  const Act kind = kind_of(a);
  const bool leader = kind == Act::AdvanceLeader || kind == Act::DebateLeader;
  Play p = play_on(c, seat, kNoStaff, debate ? s.advance.issue : issue_at(arg_b(a)), leader);  // the action's issue
  p.stop_at_center = (arg_c(a) & kStopAtCenter) != 0;
  const StaffId card = staff_at(arg_a(a));  // the action's card
  if (leader) {
    s.leaders[seat].active = false;
    spend_card(c, seat, card, false);
    c.note("5.26", seat, Event::Discarded, seat, card);
    p.value = static_cast<std::int8_t>(play_value(c, p, leader_card(c, seat).value, debate));
  } else {
    p.card = card;
    spend_card(c, seat, p.card, true);
    p.value = static_cast<std::int8_t>(play_value(c, p, staff(c, seat, p.card).value, debate));
  }
  if (const int v = reduced_value(arg_c(a)); v > 0) p.value = static_cast<std::int8_t>(v);
  return p;
}

void capture(const Ctx& c, IssueId issue, Power power) { c.note("5.23", power, Event::Captured, power, issue); }

void note_moved(const Ctx& c, IssueId issue) {
  const IssueState& is = c.s.issues[issue];
  c.note("5.22", index_or_none(is.track), Event::IssueMoved, issue, index_or_none(is.track), is.space);  // the centre's -1
}

// Is a move of the current advance going to reach the chair (5.23)?
bool would_capture(const CCtx& c, const Play& p) {
  IssueState is = c.s.issues[p.issue];
  return move_toward(is, p.seat, p.value, p.stop_at_center);
}

void start_advance(const Ctx& c, const Play& p) {
  State& s = c.s;
  s.advance = p;
  s.debate = {};
  s.pass_earned[p.seat] = false;  // the pass is not saved (4.22)
  c.note(p.leader ? "5.26" : "5.22", p.seat, Event::Played, p.seat, p.leader ? -1 : index(p.card), p.issue, p.value);
  const bool capture_pending = would_capture(c, p);
  if (!capture_pending && move_toward(s.issues[p.issue], p.seat, p.value, p.stop_at_center)) capture(c, p.issue, p.seat);
  if (!capture_pending) note_moved(c, p.issue);
  s.meeting_next = left_of(p.seat);
  c.replace(step::ResolvePlay{capture_pending});
  play_effects(c, p, false);
  // 5.24: the two others may debate, from the advancer's left; Stalin's A-Bomb exception.
  if (has_effect(c, p, EffectType::Undebatable, false)) return;
  const Power first = left_of(p.seat), second = left_of(first);
  const bool d1 = can_debate(c, first), d2 = can_debate(c, second);
  if (d1)
    c.push(step::DebateOffer{first, d2 ? 1 : 0});
  else if (d2)
    c.push(step::DebateOffer{second, 0});
}

void start_debate(const Ctx& c, const Play& p) {
  State& s = c.s;
  s.debate = p;
  s.pass_earned[p.seat] = true;  // 4.22: a debate earns a pass on the next turn
  c.note(p.leader ? "5.26" : "5.24", p.seat, Event::Debated, p.seat, p.leader ? -1 : index(p.card), p.value);
  play_effects(c, p, true);
}

// The next player with cards, from `from` clockwise; the Meeting ends when nobody has any.
void next_turn(const Ctx& c, Power from) {
  Power p = from;
  for (int n = 0; n < kPowers; p = left_of(p), ++n)
    if (cards_in_hand(c.s, p) > 0) return c.replace(step::MeetingTurn{p});
  c.s.steps.replace(step::EndMeeting{});
}

}  // namespace

// Moves an issue `n` spaces toward `power`'s chair: along another track to the centre first (5.22).
// A conditional issue may stop on entering the centre. True if it reached the chair.
bool move_toward(IssueState& is, Power power, int n, bool stop_at_center) {
  if (n <= 0) return false;
  if (is.track != kCenter && !is.on_track_of(power)) {
    if (n <= is.space) {
      add_to(is.space, -n);
      if (is.space == 0) is.track = kCenter;
      return false;
    }
    n -= is.space;
    is.track = kCenter;
    is.space = 0;
    if (stop_at_center) return false;
  }
  is.track = power;
  is.space = static_cast<std::int8_t>(std::min(kChair, is.space + n));
  return is.space == kChair;
}

int nyet_bonus(Power seat, bool leader, bool debate) { return debate && !leader && seat == Power::USSR ? 1 : 0; }

std::optional<Power> settle_debate(IssueState& is, const Play& adv, const Play& deb, bool capture_pending) {
  if (capture_pending) {  // 5.23: compare the two values and move by the difference
    const int diff = adv.value - (deb.made() ? deb.value : 0);
    if (diff > 0 && move_toward(is, adv.seat, diff, adv.stop_at_center)) return adv.seat;
    if (diff < 0 && move_toward(is, deb.seat, -diff, deb.stop_at_center)) return deb.seat;
    return std::nullopt;
  }
  // 5.24: the debater moves it as if advancing; no counter-debate
  if (deb.made() && move_toward(is, deb.seat, deb.value, deb.stop_at_center)) return deb.seat;
  return std::nullopt;
}

bool capture_pending(const State& s) {
  for (std::size_t i = s.steps.size(); i-- > 0;)
    if (s.steps[i].id == StepId::ResolvePlay) return s.steps[i].as<step::ResolvePlay>().capture_pending;
  return false;
}

void apply_meeting(const Ctx& c, Power me, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::MeetingTurn, StepId::ChiefIssue, StepId::DebateOffer}) && acting(c, me));
  State& s = c.s;
  switch (kind_of(a)) {
    case Act::Advance:
    case Act::AdvanceLeader: start_advance(c, begin_play(c, me, a, false)); break;
    case Act::AdvanceChief:
    case Act::DebateChief: {
      const bool debate = kind_of(a) == Act::DebateChief;
      Play p = play_on(c, me, staff_at(arg_a(a)), debate ? s.advance.issue : kNoIssue, false);  // the action's card
      spend_card(c, me, p.card, true);
      if (debate)
        s.debate = p;
      else
        s.advance = p;
      if (debate) s.steps.pop();  // the offer is taken
      c.push(step::ChiefRoll{debate});
      break;
    }
    case Act::ChiefIssue: {
      s.steps.pop();                                                       // back to the MeetingTurn, which the advance replaces
      Play p = play_on(c, me, s.advance.card, issue_at(arg_b(a)), false);  // the action's issue
      p.stop_at_center = arg_c(a) & kStopAtCenter;
      p.value = static_cast<std::int8_t>(play_value(c, p, s.advance.value, false));
      start_advance(c, p);
      break;
    }
    case Act::ChiefDebate: {
      s.steps.pop();
      Play p = s.debate;
      p.stop_at_center = arg_c(a) & kStopAtCenter;
      start_debate(c, p);
      break;
    }
    case Act::Debate:
    case Act::DebateLeader:
      s.steps.pop();
      start_debate(c, begin_play(c, me, a, true));
      break;
    case Act::NoDebate: {
      const step::DebateOffer offer = c.top<step::DebateOffer>();
      s.steps.pop();
      if (offer.offers_left > 0) c.push(step::DebateOffer{left_of(offer.seat), 0});
      break;
    }
    case Act::Pass:
      s.pass_earned[me] = false;
      c.note("4.22", me, Event::Passed, me);
      next_turn(c, left_of(me));
      break;
    case Act::Discard: {
      const StaffId card = staff_at(arg_a(a));  // the action's card
      spend_card(c, me, card, false);
      c.note("5.22", me, Event::Discarded, me, card);
      next_turn(c, left_of(me));
      push_purge(c);
      break;
    }
    default: break;
  }
}

namespace {
// The health effect a HealthRoll step rolls for: of the power's staff card, or of its Leader.
const Effect& health_effect(const CCtx& c, const step::HealthRoll& h) {
  const Play p{h.power, h.leader ? kNoStaff : h.card, kNoIssue, 0, h.leader, false};
  return effects_of(c, p)[at(h.effect)];
}

// The dice of a HealthRoll or ParanoiaRoll step.
Dice effect_dice(const CCtx& c) {
  return c.s.steps.top().id == StepId::HealthRoll ? health_effect(c, c.top<step::HealthRoll>()).dice
                                                  : c.d.leaders[c.k.stalin].effects[at(c.top<step::ParanoiaRoll>().effect)].dice;
}
}  // namespace

std::uint64_t effect_roll_faces(const CCtx& c) {
  const Dice dice = effect_dice(c);
  return dice.count == 1 ? faces(dice.sides) : 0;
}

void effect_roll_outcomes(const CCtx& c, core::OutcomeList& out) {
  if (const std::uint64_t one_die = effect_roll_faces(c)) return equal_outcomes(one_die, out);
  const Dice dice = effect_dice(c);
  const double total = static_cast<double>(dice.sides) * dice.sides;  // 2d6: the sum
  for (int sum = 2; sum <= 2 * dice.sides; ++sum) {
    const int ways = dice.sides - std::abs(sum - dice.sides - 1);
    out.push_back({encode(Act::Chance, sum), ways / total});
  }
}

void apply_meeting_roll(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::AgendaChiefRoll, StepId::ChiefRoll, StepId::HealthRoll, StepId::ParanoiaRoll, StepId::PurgeRoll}));
  CORE_EXPECT(face(arg_a(a), 12));
  State& s = c.s;
  const Step st = s.steps.top();
  const int roll = arg_a(a);
  s.steps.pop();
  switch (st.id) {
    case StepId::AgendaChiefRoll: {
      const Power power = st.as<step::AgendaChiefRoll>().power;
      s.agenda_value[power] = static_cast<std::int8_t>(roll + (power == Power::UK));
      c.note("5.25", power, Event::ChiefValue, power, roll);
      break;
    }
    case StepId::ChiefRoll: {
      const bool debate = st.as<step::ChiefRoll>().debate;
      c.note("5.25", debate ? s.debate.seat : s.advance.seat, Event::ChiefValue, debate ? s.debate.seat : s.advance.seat, roll);
      if (!debate) {  // the issue is chosen after the value is known
        s.advance.value = static_cast<std::int8_t>(roll);
        c.push(step::ChiefIssue{s.advance.seat, false});
      } else {
        Play p = s.debate;
        p.value = static_cast<std::int8_t>(play_value(c, p, roll, true));
        // 5.22: a conditional issue the debate takes through the centre may stop there.
        const bool choice = c.d.issues[p.issue].conditional() && crosses_center(s.issues[p.issue], p.seat, p.value);
        if (choice) {
          s.debate = p;
          c.push(step::ChiefIssue{p.seat, true});
        } else {
          start_debate(c, p);
        }
      }
      break;
    }
    case StepId::HealthRoll: {
      const step::HealthRoll h = st.as<step::HealthRoll>();
      const Effect& e = health_effect(c, h);
      const bool failed = e.range.contains(roll);
      c.note(h.leader ? "3.31" : "3.33", h.power, Event::HealthRoll, h.power, h.leader ? -1 : index(h.card), roll, failed);
      if (!failed) break;
      if (e.health == HealthResult::Removed) {
        s.removed[h.power].set(h.card);
        c.note("3.33", h.power, Event::CardRemoved, h.power, h.card);
      } else if (e.health == HealthResult::Dies) {
        c.note("3.31", h.power, Event::LeaderDies, s.leaders[h.power].card, e.replaced_by);
        s.leaders[h.power].card = e.replaced_by;  // Glossary: Truman replaces Roosevelt
      } else {
        s.leaders[h.power].heart_attack = true;
        c.note("3.31", h.power, Event::HeartAttack, h.power);
      }
      break;
    }
    case StepId::ParanoiaRoll: {
      const bool failed = c.d.leaders[c.k.stalin].effects[at(st.as<step::ParanoiaRoll>().effect)].range.contains(roll);
      c.note("3.31", Power::USSR, Event::Paranoia, roll, failed);
      if (failed) s.paranoia = true;
      break;
    }
    case StepId::PurgeRoll: {
      const step::PurgeRoll purge = st.as<step::PurgeRoll>();
      bool failed = false;
      for (const Effect& e : c.d.staff[Power::USSR][purge.roller].effects)
        if (e.type == EffectType::PurgeRoll) failed = e.range.contains(roll);
      c.note("5.22", Power::USSR, Event::Purge, purge.card, roll, failed);
      if (failed) {
        s.removed[Power::USSR].set(purge.card);
        c.note("5.22", Power::USSR, Event::CardRemoved, Power::USSR, purge.card);
      }
      break;
    }
    default: break;
  }
}

// After the debates: the issue moves (5.23, 5.24), the rolls owed are made, the turn passes.
void resolve_play(const Ctx& c, step::ResolvePlay st) {
  State& s = c.s;
  const bool capture_pending = st.capture_pending;
  const Play adv = s.advance, deb = s.debate;
  if (capture_pending || deb.made()) {
    if (const std::optional<Power> captor = settle_debate(s.issues[adv.issue], adv, deb, capture_pending)) capture(c, adv.issue, *captor);
    note_moved(c, adv.issue);
  }
  next_turn(c, s.meeting_next);
  push_rolls(c, deb, true);
  push_rolls(c, adv, false);
  push_purge(c);
  s.advance = {};
  s.debate = {};
}

// 5.27 Concluding the Meeting Segment.
void end_meeting(const Ctx& c) {
  State& s = c.s;
  PowerArray<int> won{};
  for (IssueId i : c.d.issues.ids()) {
    IssueState& is = s.issues[i];
    if (is.where != IssueWhere::Table) continue;
    if (is.track != kCenter) {
      const Power owner = is.track;
      is.winner = owner;
      ++won[owner];
      c.note("5.27", owner, Event::IssueWon, owner, i);
    }
  }
  s.second_front = s.issues[c.k.second_front].where == IssueWhere::Table && s.issues[c.k.second_front].track == kCenter;
  s.ussr_declares_war = s.issues[c.k.ussr_declares_war].where == IssueWhere::Table && s.issues[c.k.ussr_declares_war].track == kCenter;
  if (s.second_front) c.note("6.21", -1, Event::ConditionalInEffect, c.k.second_front);
  if (s.ussr_declares_war) c.note("6.22", -1, Event::ConditionalInEffect, c.k.ussr_declares_war);
  const PowerSet most = highest(won);
  s.steps.pop();
  most_wins(c, 1, most);
}

}  // namespace churchill::rules
