// 5.1 Agenda Segment: the Conference card (5.11) and the Pol-Mil table (5.12), pre-conference
// (5.13) and agenda selection (5.14).
#include <algorithm>

#include "churchill/rules.h"

namespace churchill::rules {

namespace {

// Powers in the Pol-Mil placement order: Churchill, Stalin, Roosevelt (5.12).
constexpr std::array<Power, kPowers> kPolMilOrder = {Power::UK, Power::USSR, Power::US};

const Effect& band_effect(const CCtx& c, int band, int effect) {
  return c.d.conference_cards[c.s.conference_card].bands[at(band)].effects[at(effect)];
}

// The next power of the Pol-Mil placement order at or after `from` that the effect names.
int next_polmil_power(const Effect& e, int from) {
  for (int i = from; i < kPowers; ++i)
    if (e.powers.test(kPolMilOrder[at(i)])) return i;
  return kPowers;
}

// Pushes the Pol-Mil rolls of effect `r`: `rolls` for each power it names, in the order of 5.12.
// False if none.
bool start_polmil_rolls(const Ctx& c, const Effect& e, int band, int effect, int rolls) {
  const int first = e.powers.any() ? next_polmil_power(e, 0) : 0;
  if (rolls <= 0 || first >= kPowers) return false;
  c.push(step::PolMilRoll{band, effect, rolls, first, rolls});
  return true;
}

void place_axis_reserve(const Ctx& c, const Effect& e) {
  State& s = c.s;
  const std::size_t kind = static_cast<std::size_t>(e.reserve);
  const int n = std::min<int>(e.amount, s.reserves_pool[kind]);  // only reserves still in play
  if (n == 0) return;
  add_to(s.reserves_pool[kind], -n);
  if (e.theater != kNoTheater) {
    add_to(s.reserves_in_box[e.theater][kind], n);
    c.note("5.11", -1, Event::ReservePlaced, static_cast<int>(e.reserve), n, -1, e.theater);
    for (int i = 0; i < n && s.naval[e.theater] > 0; ++i) {  // 7.6: each navy removes a naval marker
      --s.naval[e.theater];
      c.note("7.6", -1, Event::NavalLost, e.theater);
    }
  } else {
    add_to(s.reserves_on_front[e.front][kind], n);
    c.note("5.11", -1, Event::ReservePlaced, static_cast<int>(e.reserve), n, e.front, -1);
  }
}

// Applies one band effect; returns false if it waits for a die roll (pushed on the stack).
bool apply_band_effect(const Ctx& c, const Effect& e, int band, int index) {
  CORE_EXPECT(c.s.conference_card != kNoConferenceCard && at_step(c.s, {StepId::Bands}));
  State& s = c.s;
  switch (e.type) {
    case EffectType::MandateProduction:
      if (s.mandate_count < kMaxMandates) s.mandates[at(s.mandate_count++)] = {e.power, e.use, e.theater, e.amount};
      c.note("6.6", e.power, Event::Mandate, e.power, e.amount, e.theater == kNoTheater ? -1 : churchill::index(e.theater),
             static_cast<int>(e.use));
      return true;
    case EffectType::Production:
      add_to(s.production_delta[e.power], e.amount);
      c.note("6.3", e.power, Event::ProductionChange, e.power, e.amount);
      return true;
    case EffectType::PlaceIssue:
      if (s.issues[e.issue].where == IssueWhere::Display) {
        s.issues[e.issue] = {IssueWhere::Table, kCenter, 0, kNoPower};
        c.note("5.11", -1, Event::IssueToTable, e.issue);
      }
      return true;
    case EffectType::LeaderRestriction: {
      LeaderState& l = leader_state(c.d, s, e.leader);
      const Power power = c.d.leaders[e.leader].power;
      c.note("5.26", power, Event::LeaderRestricted, power, static_cast<int>(e.restriction), e.leader, l.card);
      if (!leads(c.d, s, e.leader)) return true;  // Glossary: Roosevelt's restriction does not bind Truman
      if (e.restriction == Restriction::StaysHome)
        l.stays_home = true;
      else
        l.active = false;
      return true;
    }
    case EffectType::AxisReserve: place_axis_reserve(c, e); return true;
    case EffectType::GainNetworks:
      add_to(s.networks_gained[e.power], e.amount);
      c.note("7.1", e.power, Event::NetworksGained, e.power, e.amount);
      return true;
    case EffectType::GainAlignment:
      add_to(s.alignment_gained[e.power], e.amount);
      c.note("7.3", e.power, Event::AlignmentGained, e.power, e.amount);
      return true;
    case EffectType::PlaceNaval:
      for (int i = 0; i < e.amount; ++i) place_naval(c, e.theater, std::nullopt, "5.11");
      return true;
    case EffectType::PlaceOffensive:
      if (has_entry_space(c, e.front)) {
        add_to(s.offensive[e.front], e.amount);
        c.note("5.11", -1, Event::OffensivePlaced, e.front, -1, 0);
      }
      return true;
    case EffectType::Convoy:
      if (s.naval[e.theater] >= e.naval_threshold) {  // escorted: the convoy arrives
        add_to(s.production_delta[e.power], e.amount);
        c.note("6.32", e.power, Event::ConvoyArrives, e.power);
        return true;
      }
      c.push(step::ConvoyRoll{band, index});
      return false;
    case EffectType::PolMil:
      if (e.rolls_max > 0) {
        c.push(step::PolMilCount{band, index});
        return false;
      }
      return !start_polmil_rolls(c, e, band, index, e.rolls);
    default: return true;
  }
}

// One Pol-Mil table result applied to a location (5.12).
// `power` is none where the effect names no powers: only removals (the loader requires powers of a
// placement).
void apply_polmil_result(const Ctx& c, const Effect& e, std::optional<Power> power, LocationId location) {
  CORE_EXPECT(core::index_of(location) < c.d.locations.size());
  const bool placing = e.polmil == PolMilAction::PlaceNetworks || e.polmil == PolMilAction::PlaceAlignment;
  CORE_EXPECT(power || !placing);
  switch (e.polmil) {
    case PolMilAction::PlaceNetworks: place_network_polmil(c, *power, location); break;
    case PolMilAction::PlaceAlignment: place_alignment_polmil(c, *power, location); break;
    case PolMilAction::RemoveNetwork: remove_networks(c, location, e.powers, false); break;
    case PolMilAction::RemoveAllNetworks: remove_networks(c, location, e.powers, true); break;
    case PolMilAction::RemoveAlignment:
    case PolMilAction::RemoveAllAlignment: remove_alignment(c, location, e.powers); break;
  }
}

}  // namespace

// 5.13 (leaders) and the start of 5.11: a new conference begins.
void begin_conference(const Ctx& c) {
  State& s = c.s;
  for (LeaderState& l : s.leaders) {
    l.active = !l.heart_attack;  // Churchill's heart attack keeps him inactive this conference
    l.heart_attack = false;
    l.stays_home = false;
  }
  s.conference_card = kNoConferenceCard;
  s.mandate_count = 0;
  s.production_delta.fill(0);
  s.paranoia = false;
  s.purge_by = s.purge_card = s.purge_roller = kNoStaff;
  c.push(step::RevealConference{});
}

// 9.2: the deck holds one unseen version of each conference, drawn at random.
void conference_outcomes(const CCtx& c, core::OutcomeList& out) {
  int versions = 0;
  for (const ConferenceCard& card : c.d.conference_cards) versions += card.conference == c.s.conference;
  for (ConferenceCardId i : c.d.conference_cards.ids())
    if (c.d.conference_cards[i].conference == c.s.conference) out.push_back({encode(Act::Chance, index(i)), 1.0 / versions});
}

void reveal_conference(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::RevealConference}));
  const ConferenceCardId card = conference_card_at(arg_a(a));  // the outcome's card
  CORE_EXPECT(c.d.conference_cards[card].conference == c.s.conference);
  c.s.conference_card = card;
  c.note("5.11", -1, Event::ConferenceCard, card);
  c.replace(step::Bands{});
}

// 5.11: implement the card's instructions from top to bottom.
void run_bands(const Ctx& c, step::Bands from) {
  const ConferenceCard& card = c.d.conference_cards[c.s.conference_card];
  for (int band = from.band; band < kBands; ++band) {
    const auto& effects = card.bands[at(band)].effects;
    for (int i = band == from.band ? from.effect : 0; i < static_cast<int>(effects.size()); ++i) {
      c.set_top(step::Bands{band, i + 1});                         // resume after this effect once its roll is done
      if (!apply_band_effect(c, effects[at(i)], band, i)) return;  // stopped at its chance step
    }
    c.set_top(step::Bands{band, 0});
  }
  c.s.steps.replace(step::PreConference{});
}

std::uint64_t polmil_faces(const CCtx&) {
  std::uint64_t bits = 0;
  for (int red = 1; red <= 6; ++red) bits |= faces(6) << (red * 8);  // blue 1..6 after each red
  return bits;
}

// 6.32: a convoy's roll; it arrives on the effect's range.
void apply_convoy_roll(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::ConvoyRoll}) && c.s.conference_card != kNoConferenceCard && face(arg_a(a), 6));
  const step::ConvoyRoll r = c.top<step::ConvoyRoll>();
  const Effect& e = band_effect(c, r.band, r.effect);
  const int roll = arg_a(a);
  c.s.steps.pop();
  const bool arrives = e.range.contains(roll);
  c.note("6.32", e.power, Event::ConvoyRoll, roll, arrives);
  if (arrives) c.s.production_delta[e.power] = static_cast<std::int8_t>(c.s.production_delta[e.power] + e.amount);
}

// 5.12: "roll 1D6, on a 1-3 roll that # of times".
void apply_polmil_count(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::PolMilCount}) && c.s.conference_card != kNoConferenceCard && face(arg_a(a), 6));
  const step::PolMilCount r = c.top<step::PolMilCount>();
  const Effect& e = band_effect(c, r.band, r.effect);
  const int roll = arg_a(a);
  c.s.steps.pop();
  const int rolls = roll <= e.rolls_max ? roll : 0;
  c.note("5.12", -1, Event::PolMilCount, roll, rolls);
  start_polmil_rolls(c, e, r.band, r.effect, rolls);
}

// 5.12: a Pol-Mil roll; the red die gives the row, the blue die the column.
void apply_polmil_roll(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::PolMilRoll}) && c.s.conference_card != kNoConferenceCard && face(arg_a(a) / 8, 6) &&
              face(arg_a(a) % 8, 6));
  const step::PolMilRoll r = c.top<step::PolMilRoll>();
  const Effect& e = band_effect(c, r.band, r.effect);
  const int roll = arg_a(a);
  c.s.steps.pop();
  const int red = roll / 8, blue = roll % 8;
  const LocationId location = c.d.polmil.cells[at(red - 1)][at(blue - 1)];
  const std::optional<Power> power = e.powers.any() ? std::optional(kPolMilOrder[at(r.order)]) : std::nullopt;
  c.note("5.12", power ? index(*power) : -1, Event::PolMilCell, red, blue, location,
         static_cast<int>(e.polmil) + 1);  // + 1: what the roll is for
  apply_polmil_result(c, e, power, location);
  if (r.rolls_left > 1) {
    c.push(step::PolMilRoll{r.band, r.effect, r.rolls_per_power, r.order, r.rolls_left - 1});
  } else if (e.powers.any()) {
    const int next = next_polmil_power(e, r.order + 1);
    if (next < kPowers) c.push(step::PolMilRoll{r.band, r.effect, r.rolls_per_power, next, r.rolls_per_power});
  }
}

// 5.13 Pre-conference: decks shuffled on odd conferences, seven cards dealt to each.
void pre_conference(const Ctx& c) {
  State& s = c.s;
  for (Power p : kAllPowers) {
    const StaffSet deck = StaffSet::first(c.d.staff[p].size()).without(s.removed[p]);
    if (s.conference % 2 == 1 || s.draw[p].none()) {
      s.draw[p] = deck.without(s.hand[p]);
      c.note("5.13", index(p), Event::Shuffled, index(p), s.draw[p].count());
    }
  }
  s.agenda_card.fill(kNoStaff);
  s.steps.replace(step::AgendaPlay{});
  for (Power p : kPowersLastFirst) {
    const int n = std::min(kHandSize - s.hand[p].count(), s.draw[p].count());
    if (n > 0) c.push(step::Deal{p, n});
  }
}

std::uint64_t deal_pile(const CCtx& c) { return c.s.draw[c.top<step::Deal>().power].bits; }  // a card's outcome is its bit

void apply_deal(const Ctx& c, core::Action a) {
  step::Deal deal = c.top<step::Deal>();
  const Power p = deal.power;
  const StaffId card = staff_at(arg_a(a));  // the outcome's card
  CORE_EXPECT(at_step(c.s, {StepId::Deal}) && c.s.draw[p].test(card));
  c.s.draw[p].reset(card);
  c.s.hand[p].set(card);
  --deal.left;
  c.set_top(deal);
  if (deal.left == 0 || c.s.draw[p].none()) {
    c.note("5.13", p, Event::Dealt, p, c.s.hand[p].count());
    c.s.steps.pop();
  }
}

// 5.13: each player plays a staff card face down (not a Leader); revealed when all have played.
void agenda_legal(const CCtx& c, Power seat, core::ActionList& out) {
  for (StaffId card : c.s.hand[seat]) out.push_back(encode(Act::AgendaCard, index(card)));
}

void apply_agenda_card(const Ctx& c, Power me, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::AgendaPlay}) && acting(c, me) && kind_of(a) == Act::AgendaCard);
  const StaffId card = staff_at(arg_a(a));  // the action's card
  CORE_EXPECT(c.s.hand[me].test(card));
  State& s = c.s;
  s.agenda_card[me] = card;
  s.hand[me].reset(card);
  if (std::any_of(s.agenda_card.begin(), s.agenda_card.end(), [](StaffId v) { return v == kNoStaff; })) return;
  // All three are revealed. Attributes are ignored; the UK adds 1 (3.32); a Chief of Staff rolls.
  s.steps.replace(step::AgendaResolve{});
  for (Power p : kPowersLastFirst) {
    const StaffCard& sc = c.d.staff[p][s.agenda_card[p]];
    s.agenda_value[p] = static_cast<std::int8_t>(sc.value + (p == Power::UK));
    if (sc.chief_of_staff()) c.push(step::AgendaChiefRoll{p});
  }
}

void resolve_agenda(const Ctx& c) {
  State& s = c.s;
  for (Power p : kAllPowers) c.note("5.13", index(p), Event::AgendaRevealed, index(p), s.agenda_card[p], s.agenda_value[p]);
  const PowerSet best = highest(s.agenda_value);
  s.steps.pop();
  most_wins(c, 0, best);
}

// 5.14: the winner places one issue at the difference to the lowest other card.
void agenda_won(const Ctx& c, Power winner) {
  State& s = c.s;
  s.agenda_winner = winner;
  int lowest = 99;
  for (Power p : kAllPowers)
    if (p != winner) lowest = std::min<int>(lowest, s.agenda_value[p]);
  const int difference = std::clamp(s.agenda_value[winner] - lowest, 0, kChair - 1);
  c.note("5.14", winner, Event::AgendaWinner, winner, difference);
  c.push(step::AgendaWinnerPlaces{winner, difference});
}

namespace {
// 5.14: the issues that may be selected (on the display), one bit per issue.
std::uint32_t selectable(const CCtx& c) {
  std::uint32_t bits = 0;
  const std::size_t issues = c.d.issues.size();
  for (std::size_t i = 0; i < issues; ++i) bits |= static_cast<std::uint32_t>(c.s.issues[issue_at(i)].where == IssueWhere::Display) << i;
  return bits;
}
}  // namespace

void selection_legal(const CCtx& c, core::ActionList& out) {
  for_each_bit(selectable(c), [&](int i) { out.push_back(encode(Act::Select, i)); });
}

core::Action selection_random(const CCtx& c, core::Rng& rng) {
  const std::uint32_t bits = selectable(c);
  return encode(Act::Select, nth_bit(bits, rng.below(static_cast<std::uint32_t>(bit_count(bits)))));
}

namespace {
bool any_available(const State& s, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (s.issues[issue_at(i)].where == IssueWhere::Display) return true;
  return false;
}

// After a selection: the next player of the pairs, or the Meeting (5.21).
void next_selection(const Ctx& c, Power power, int picked, int players_left) {
  State& s = c.s;
  s.steps.pop();
  if (picked < 2 && any_available(s, c.d.issues.size())) {
    c.push(step::AgendaPairs{power, picked, players_left});
  } else if (players_left > 1 && any_available(s, c.d.issues.size())) {
    c.push(step::AgendaPairs{left_of(power), 0, players_left - 1});
  } else {
    s.pass_earned.fill(false);
    c.push(step::MeetingTurn{left_of(s.agenda_winner)});
  }
}
}  // namespace

void apply_selection(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::AgendaWinnerPlaces, StepId::AgendaPairs}) && kind_of(a) == Act::Select);
  CORE_EXPECT(arg_a(a) < static_cast<int>(c.d.issues.size()) && c.s.issues[issue_at(arg_a(a))].where == IssueWhere::Display);
  State& s = c.s;
  const int issue = arg_a(a);
  if (s.steps.top().id == StepId::AgendaWinnerPlaces) {
    const step::AgendaWinnerPlaces w = c.top<step::AgendaWinnerPlaces>();
    const bool center = w.space == 0;
    s.issues[issue_at(issue)] = {IssueWhere::Table, center ? kCenter : w.seat, static_cast<std::int8_t>(w.space), kNoPower};
    c.note("5.14", w.seat, Event::IssueSelected, w.seat, issue, w.space);
    // Then each player, from the winner's left, places a pair in the centre.
    c.replace(step::AgendaPairs{left_of(w.seat), 0, 3});
    if (!any_available(s, c.d.issues.size())) next_selection(c, w.seat, 2, 0);
    return;
  }
  const step::AgendaPairs pairs = c.top<step::AgendaPairs>();
  s.issues[issue_at(issue)] = {IssueWhere::Table, kCenter, 0, kNoPower};
  c.note("5.14", pairs.seat, Event::IssueSelected, pairs.seat, issue, 0);
  next_selection(c, pairs.seat, pairs.picked + 1, pairs.players_left);
}

}  // namespace churchill::rules
