// The step table (core/steps.h): what kind of decision point each step is, who acts, and which
// rulebook part handles it; the core::Game entry points that dispatch through it. Automatic steps
// run inside apply() (core::steps::settle) until a decision or a chance node is reached. A step's
// payload is the type of its name in churchill::step (state.h).
#include "churchill/game.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "churchill/i18n_names.h"
#include "churchill/rules.h"
#include "churchill/view.h"
#include "core/hash.h"

namespace churchill {

using core::NodeKind;
using rules::CCtx;
using rules::Ctx;

namespace {

using core::i18n::Message;
using core::steps::Kind;
using core::steps::typed;

std::string roll_text(const CCtx&, const Step&, int face) { return fmt::format("roll {}", face); }

// One row of the step table (core/steps.h): what kind of node the step is and the rules that serve
// it. Every step has its phase line (docs/i18n.md); decisions the acting seat, simultaneous steps
// the seats taking part, and both the legal actions and how one applies; chance steps their
// outcomes and the text of one; automatic steps `run`.
struct StepRow {
  StepId id{};
  Kind kind = Kind::Auto;
  // The phase line: a "prompt.*" catalogue key with its rule number and, where `names_seat`, the
  // acting seat's power; `phase` words one with other arguments instead.
  const char* prompt = "prompt.resolving";
  const char* rule = nullptr;
  bool names_seat = false;
  Message (*phase)(const CCtx&, const Step&) = nullptr;
  // Decisions: the acting seat (set by row<P> from the payload's `seat`). Simultaneous steps: the
  // seats taking part.
  Power (*seat)(const Step&) = nullptr;
  core::SeatMask (*players)(const State&) = nullptr;
  // Decisions and simultaneous steps: a seat's legal actions and, optionally, a random one of them
  // without the list (Game::random_action). Chance steps: their outcomes, or, where they are equally
  // likely, their bits (rules::EqualOutcomes; a step with both draws from the bits where they are
  // not 0), and the text of one.
  void (*legal)(const CCtx&, Power seat, core::ActionList&) = nullptr;
  core::Action (*random)(const CCtx&, Power seat, core::Rng&) = nullptr;
  void (*outcomes)(const CCtx&, core::OutcomeList&) = nullptr;
  rules::EqualOutcomes equal = nullptr;
  std::string (*outcome_text)(const CCtx&, const Step&, int outcome) = roll_text;
  // How an action (a chance outcome: seat core::kChance) applies; it pops or replaces the step. A
  // decision's or a simultaneous step's takes the seat's Power (seated, below).
  void (*apply)(const Ctx&, int seat, core::Action) = nullptr;
  // Automatic steps: run once, popping or replacing themselves (or pushing a chance step above).
  void (*run)(const Ctx&, const Step&) = nullptr;

  // core::steps::settle: a decision or a chance step ends when its apply pops it, never before
  // anyone is asked, and nothing follows its pop.
  bool over(const CCtx&, const Step&) const { return false; }
  void end(const Ctx&) const {}
};

// The row of the step whose payload is P: its id, and a decision's acting seat. A row without what
// its kind needs stops the compilation (the table is a constant).
template <class P>
constexpr StepRow row(StepRow r) {
  r.id = P::id;
  if constexpr (requires(P p) { p.seat; }) r.seat = [](const Step& st) { return st.as<P>().seat; };
    // GCC 12 under -fsanitize=undefined cannot compare a handler's address with null in a constant
    // expression, so the sanitizer build leaves this check to the release build (the same table).
#ifndef CHURCHILL_UBSAN
  const bool complete = r.kind == Kind::Auto           ? r.run != nullptr
                        : r.kind == Kind::Chance       ? (r.outcomes || r.equal) && r.apply && r.outcome_text
                        : r.kind == Kind::Decision     ? r.seat && r.legal && r.apply
                        : r.kind == Kind::Simultaneous ? r.players && r.legal && r.apply
                                                       : r.phase != nullptr;
  if (!complete) throw "a step row lacks what its kind needs";
#endif
  return r;
}

// ---- Handlers that only adapt a part's function to the table ----

// An apply function that needs no seat (chance outcomes, and decisions whose step names the seat).
template <void (*F)(const Ctx&, core::Action)>
void seatless(const Ctx& c, int, core::Action a) {
  F(c, a);
}
// A decision's or a simultaneous step's apply function: the engine's seat, an acting one, becomes
// its Power here, once.
template <void (*F)(const Ctx&, Power, core::Action)>
void seated(const Ctx& c, int seat, core::Action a) {
  F(c, power_at(seat), a);
}
// A legal-action list or a random action that needs no seat (the step names it).
template <void (*F)(const CCtx&, core::ActionList&)>
void seatless_legal(const CCtx& c, Power, core::ActionList& out) {
  F(c, out);
}
template <core::Action (*F)(const CCtx&, core::Rng&)>
core::Action seatless_random(const CCtx& c, Power, core::Rng& rng) {
  return F(c, rng);
}
// An automatic step that reads no payload.
template <void (*F)(const Ctx&)>
void unpaid(const Ctx& c, const Step&) {
  F(c);
}

// 5.13: the seats whose agenda card is not yet on the table.
core::SeatMask agenda_players(const State& s) {
  core::SeatMask m = 0;
  for (Power p : kAllPowers)
    if (s.agenda_card[p] == kNoStaff) m |= core::seat_bit(static_cast<core::Seat>(p));
  return m;
}

core::Action equal_draw(std::uint64_t bits, core::Rng& rng) {
  rng.pick_equal(static_cast<std::size_t>(rules::bit_count64(bits)), [&] { bits &= bits - 1; });  // to the bit drawn
  return encode(Act::Chance, __builtin_ctzll(bits));
}

// The phase lines with more than a rule and a power.
Message prompt(const char* key) { return Message{key, {}, {}, {}}; }
Message prompt(const char* key, const char* rule, Power power) { return prompt(key).with("rule", rule).name("power", power_key(power)); }
Message reveal_phase(const CCtx& c, step::RevealConference) {
  return prompt("prompt.reveal_conference").with("rule", "5.11").with("number", std::to_string(c.s.conference));
}
Message winner_places_phase(const CCtx&, step::AgendaWinnerPlaces w) {
  return prompt("prompt.agenda_winner_places", "5.14", w.seat).with("space", std::to_string(w.space));
}
Message chief_issue_phase(const CCtx&, step::ChiefIssue ch) {
  return !ch.debate ? prompt("prompt.chief_issue", "5.25", ch.seat) : prompt("prompt.chief_stop", "5.22", ch.seat);
}
Message debate_phase(const CCtx& c, step::DebateOffer offer) {
  const State& s = c.s;
  if (!s.advance.made() || s.advance.issue == kNoIssue) return prompt("prompt.debate_offer", "5.24", offer.seat);
  return prompt("prompt.debate_offer_advance", "5.24", offer.seat)
      .name("advancer", power_key(s.advance.seat))
      .name("issue", issue_key(c.d, index(s.advance.issue)) + ".name")
      .with("value", std::to_string(s.advance.value));
}
Message allocation_phase(const CCtx& c, step::Allocation turn) {
  int bonus = 0;
  for (const std::int8_t b : c.s.support_bonus[turn.seat]) bonus += b;
  return prompt("prompt.allocation", "6.4", turn.seat)
      .with("production", std::to_string(c.s.production[turn.seat]))
      .with("bonus", std::to_string(bonus));
}
Message networks_phase(const CCtx& c, step::PlaceNetworks turn) {
  return prompt("prompt.place_networks", "7.1", turn.seat).with("count", std::to_string(c.s.to_place[turn.seat]));
}
Message alignment_phase(const CCtx& c, step::PlaceAlignment turn) {
  return prompt("prompt.place_alignment", "7.3", turn.seat).with("count", std::to_string(c.s.to_place[turn.seat]));
}
Message front_roll_phase(const CCtx& c, step::FrontRoll roll) {
  return prompt("prompt.front_roll").with("rule", "7.7").name("front", front_key(c.d, roll.front) + ".name");
}
Message game_over_phase(const CCtx& c, step::GameOver) {
  if (c.s.winner == kNoPower) return prompt("prompt.game_over");
  return prompt("prompt.game_over_winner").name("power", power_key(c.s.winner));
}

// The text form of chance outcomes other than a die's.
std::string card_text(const CCtx& c, step::RevealConference, int v) { return "card " + c.d.conference_cards[conference_card_at(v)].id; }
std::string polmil_text(const CCtx&, step::PolMilRoll, int v) { return fmt::format("polmil {}-{}", v / 8, v % 8); }
std::string deal_text(const CCtx& c, step::Deal deal, int v) { return "deal " + c.d.staff[deal.power][staff_at(v)].id; }
std::string front_text(const CCtx& c, step::SplitRoll, int v) { return "front " + c.d.fronts[front_at(v)].id; }
std::string marker_text(const CCtx& c, step::SecretAgendaDeal, int v) { return "marker " + c.d.secret_agenda[marker_at(v)].id; }

// The step table, one row per StepId in its order.
constexpr StepRow kSteps[] = {
    // 5.11 Conference card
    row<step::RevealConference>({.kind = Kind::Chance,
                                 .phase = typed<reveal_phase>,
                                 .outcomes = rules::conference_outcomes,
                                 .outcome_text = typed<card_text>,
                                 .apply = seatless<rules::reveal_conference>}),
    row<step::Bands>({.kind = Kind::Auto, .run = typed<rules::run_bands>}),
    row<step::ConvoyRoll>({.kind = Kind::Chance,
                           .prompt = "prompt.conference_roll",
                           .rule = "5.11",
                           .equal = rules::die_faces<6>,
                           .apply = seatless<rules::apply_convoy_roll>}),
    row<step::PolMilCount>({.kind = Kind::Chance,
                            .prompt = "prompt.conference_roll",
                            .rule = "5.11",
                            .equal = rules::die_faces<6>,
                            .apply = seatless<rules::apply_polmil_count>}),
    row<step::PolMilRoll>({.kind = Kind::Chance,
                           .prompt = "prompt.conference_roll",
                           .rule = "5.11",
                           .equal = rules::polmil_faces,
                           .outcome_text = typed<polmil_text>,
                           .apply = seatless<rules::apply_polmil_roll>}),
    // 5.13 Pre-conference
    row<step::PreConference>({.kind = Kind::Auto, .run = unpaid<rules::pre_conference>}),
    row<step::Deal>({.kind = Kind::Chance,
                     .prompt = "prompt.deal",
                     .rule = "5.13",
                     .equal = rules::deal_pile,
                     .outcome_text = typed<deal_text>,
                     .apply = seatless<rules::apply_deal>}),
    row<step::AgendaPlay>({.kind = Kind::Simultaneous,
                           .prompt = "prompt.agenda_play",
                           .rule = "5.13",
                           .players = agenda_players,
                           .legal = rules::agenda_legal,
                           .apply = seated<rules::apply_agenda_card>}),
    row<step::AgendaChiefRoll>({.kind = Kind::Chance,
                                .prompt = "prompt.agenda_chief_roll",
                                .rule = "5.25",
                                .equal = rules::die_faces<6>,
                                .apply = seatless<rules::apply_meeting_roll>}),
    row<step::AgendaResolve>({.kind = Kind::Auto, .run = unpaid<rules::resolve_agenda>}),
    row<step::TieBreakOffer>({.kind = Kind::Decision,
                              .prompt = "prompt.tie_break_offer",
                              .rule = "4.5",
                              .names_seat = true,
                              .legal = seatless_legal<rules::tie_legal>,
                              .apply = seatless<rules::apply_tie>}),
    row<step::TieBreakChoose>({.kind = Kind::Decision,
                               .prompt = "prompt.tie_break_choose",
                               .rule = "4.5",
                               .names_seat = true,
                               .legal = seatless_legal<rules::tie_legal>,
                               .apply = seatless<rules::apply_tie>}),
    row<step::AgendaWinnerPlaces>({.kind = Kind::Decision,
                                   .phase = typed<winner_places_phase>,
                                   .legal = seatless_legal<rules::selection_legal>,
                                   .random = seatless_random<rules::selection_random>,
                                   .apply = seatless<rules::apply_selection>}),
    row<step::AgendaPairs>({.kind = Kind::Decision,
                            .prompt = "prompt.agenda_pairs",
                            .rule = "5.14",
                            .names_seat = true,
                            .legal = seatless_legal<rules::selection_legal>,
                            .random = seatless_random<rules::selection_random>,
                            .apply = seatless<rules::apply_selection>}),
    // 5.2 Meeting
    row<step::MeetingTurn>({.kind = Kind::Decision,
                            .prompt = "prompt.meeting_turn",
                            .rule = "5.2",
                            .names_seat = true,
                            .legal = rules::advance_legal,
                            .random = rules::advance_random,
                            .apply = seated<rules::apply_meeting>}),
    row<step::ChiefRoll>({.kind = Kind::Chance,
                          .prompt = "prompt.chief_roll",
                          .rule = "5.25",
                          .equal = rules::die_faces<6>,
                          .apply = seatless<rules::apply_meeting_roll>}),
    row<step::ChiefIssue>({.kind = Kind::Decision,
                           .phase = typed<chief_issue_phase>,
                           .legal = rules::chief_issue_legal,
                           .apply = seated<rules::apply_meeting>}),
    row<step::DebateOffer>(
        {.kind = Kind::Decision, .phase = typed<debate_phase>, .legal = rules::debate_legal, .apply = seated<rules::apply_meeting>}),
    row<step::ResolvePlay>({.kind = Kind::Auto, .run = typed<rules::resolve_play>}),
    row<step::HealthRoll>({.kind = Kind::Chance,
                           .prompt = "prompt.health_roll",
                           .rule = "3.31",
                           .outcomes = rules::effect_roll_outcomes,
                           .equal = rules::effect_roll_faces,
                           .apply = seatless<rules::apply_meeting_roll>}),
    row<step::ParanoiaRoll>({.kind = Kind::Chance,
                             .prompt = "prompt.paranoia_roll",
                             .outcomes = rules::effect_roll_outcomes,
                             .equal = rules::effect_roll_faces,
                             .apply = seatless<rules::apply_meeting_roll>}),
    row<step::PurgeRoll>(
        {.kind = Kind::Chance, .prompt = "prompt.purge_roll", .equal = rules::die_faces<6>, .apply = seatless<rules::apply_meeting_roll>}),
    row<step::EndMeeting>({.kind = Kind::Auto, .run = unpaid<rules::end_meeting>}),
    // 6.0 Decision Segment
    row<step::DirectedOffensives>({.kind = Kind::Decision,
                                   .prompt = "prompt.directed_offensives",
                                   .rule = "6.1",
                                   .names_seat = true,
                                   .legal = rules::directed_legal,
                                   .apply = seated<rules::apply_decision>}),
    row<step::DecisionProduction>({.kind = Kind::Auto, .run = unpaid<rules::decision_production>}),
    row<step::Allocation>({.kind = Kind::Decision,
                           .phase = typed<allocation_phase>,
                           .legal = rules::allocation_legal,
                           .random = rules::allocation_random,
                           .apply = seated<rules::apply_decision>}),
    row<step::TheaterLeadership>({.kind = Kind::Decision,
                                  .prompt = "prompt.theater_leadership",
                                  .rule = "6.9",
                                  .names_seat = true,
                                  .legal = rules::leadership_legal,
                                  .apply = seated<rules::apply_decision>}),
    row<step::ABombRoll>({.kind = Kind::Chance,
                          .prompt = "prompt.a_bomb_roll",
                          .rule = "6.10",
                          .equal = rules::die_faces<6>,
                          .apply = seatless<rules::apply_a_bomb>}),
    row<step::GlobalIssue>({.kind = Kind::Decision,
                            .prompt = "prompt.global_issue",
                            .rule = "6.11",
                            .names_seat = true,
                            .legal = rules::global_legal,
                            .apply = seated<rules::apply_decision>}),
    row<step::EndConference>({.kind = Kind::Auto, .run = unpaid<rules::begin_war>}),
    // 7.0 War Phase
    row<step::PlacementOrder>({.kind = Kind::Decision,
                               .prompt = "prompt.placement_order",
                               .rule = "7.1",
                               .legal = rules::placement_order_legal,
                               .apply = seated<rules::apply_placement>}),
    row<step::PlaceNetworks>(
        {.kind = Kind::Decision, .phase = typed<networks_phase>, .legal = rules::placement_legal, .apply = seated<rules::apply_placement>}),
    row<step::PlaceAlignment>({.kind = Kind::Decision,
                               .phase = typed<alignment_phase>,
                               .legal = rules::placement_legal,
                               .apply = seated<rules::apply_placement>}),
    row<step::Reserves>({.kind = Kind::Auto, .run = typed<rules::run_reserves>}),
    row<step::ReserveRoll>({.kind = Kind::Chance,
                            .prompt = "prompt.reserve_roll",
                            .rule = "7.6",
                            .equal = rules::die_faces<6>,
                            .apply = seatless<rules::apply_reserve_roll>}),
    row<step::SplitRoll>({.kind = Kind::Chance,
                          .prompt = "prompt.reserve_roll",
                          .rule = "7.6",
                          .equal = rules::split_fronts,
                          .outcome_text = typed<front_text>,
                          .apply = seatless<rules::apply_reserve_roll>}),
    row<step::FrontRoll>({.kind = Kind::Chance,
                          .phase = typed<front_roll_phase>,
                          .equal = rules::die_faces<10>,
                          .apply = seatless<rules::apply_front_roll>}),
    row<step::Campaigns>({.kind = Kind::Auto, .run = typed<rules::run_advance>}),
    row<step::PostMortem>({.kind = Kind::Auto, .run = unpaid<rules::post_mortem>}),
    row<step::GameOver>({.kind = Kind::Terminal, .phase = typed<game_over_phase>}),
    row<step::SecretAgendaDeal>({.kind = Kind::Chance,
                                 .prompt = "prompt.secret_agenda_deal",
                                 .rule = "10.2",
                                 .equal = rules::secret_agenda_pool,
                                 .outcome_text = typed<marker_text>,
                                 .apply = seatless<rules::apply_secret_agenda>}),
};
static_assert(std::size(kSteps) == kStepCount);
static_assert(core::steps::rows_in_order(kSteps), "the step table has one row per StepId, in order");

const StepRow& row_of(const Step& st) { return kSteps[static_cast<std::size_t>(st.id)]; }

// The phase line of the step on top (docs/i18n.md).
Message phase_of(const CCtx& c, const Step& st) {
  const StepRow& r = row_of(st);
  if (r.phase) return r.phase(c, st);
  Message m = prompt(r.prompt);
  if (r.rule) m.with("rule", r.rule);
  if (r.names_seat) m.name("power", power_key(r.seat(st)));
  return m;
}

template <class Index>
Index need(Index index, const char* what) {
  if (index == Index{kNone}) throw DataError(std::string("the rules need ") + what);
  return index;
}

IssueId issue_of_kind(const Data& d, IssueKind kind) {
  for (IssueId i : d.issues.ids())
    if (d.issues[i].kind == kind) return i;
  return kNoIssue;
}

IssueId leadership_issue(const Data& d, Region r) {
  for (IssueId i : d.issues.ids())
    if (d.issues[i].kind == IssueKind::TheaterLeadership && d.issues[i].region == r) return i;
  return kNoIssue;
}

AxisId axis_power(const Data& d, std::string_view id) {
  for (AxisId a : d.axis.ids())
    if (d.axis[a].id == id) return a;
  return kNoAxis;
}

std::uint32_t locations(const Data& d, std::initializer_list<const char*> ids) {
  std::uint32_t bits = 0;
  for (const char* id : ids) bits |= 1u << index(need(d.location(id), id));
  return bits;
}

}  // namespace

Game::Game(const Data& data) : data_(&data) {
  const Data& d = data;
  if (d.issues.size() > kMaxIssues || d.fronts.size() > kMaxFronts || d.theaters.size() > kMaxTheaters ||
      d.locations.size() > kMaxLocations || d.spaces.size() > kMaxSpaces || d.leaders.size() > kMaxLeaders ||
      d.axis.size() > kMaxAxisPowers)
    throw DataError("the data set is larger than the engine's fixed arrays");
  known_.arctic = need(d.theater("arctic"), "the Arctic theater");
  known_.western_theater = need(d.theater("western"), "the Western theater");
  known_.western = need(d.front("western"), "the Western Front");
  known_.eastern = need(d.front("eastern"), "the Eastern Front");
  known_.mediterranean = need(d.front("mediterranean"), "the Mediterranean Front");
  known_.cbi = need(d.front("cbi"), "the CBI Front");
  known_.far_east = need(d.front("far-east"), "the Far East Front");
  known_.central_pacific = need(d.front("central-pacific"), "the Central Pacific Front");
  known_.sw_pacific = need(d.front("sw-pacific"), "the SW Pacific Front");
  known_.normandy = need(d.space("normandy"), "Normandy");
  known_.manchuria = need(d.space("manchuria"), "Manchuria");
  known_.bolero = need(d.space("uk-bolero"), "UK/Bolero");
  known_.west_germany = need(d.space("west-germany"), "West Germany");
  known_.east_germany = need(d.space("east-germany"), "East Germany");
  known_.second_front = need(issue_of_kind(d, IssueKind::SecondFront), "a Second Front issue");
  known_.ussr_declares_war = need(issue_of_kind(d, IssueKind::UssrDeclaresWar), "a USSR Declares War issue");
  known_.strategic_materials = need(issue_of_kind(d, IssueKind::StrategicMaterials), "a Strategic Materials issue");
  known_.a_bomb_research = need(issue_of_kind(d, IssueKind::ABombResearch), "an A-Bomb Research issue");
  known_.global_issue = need(issue_of_kind(d, IssueKind::GlobalIssue), "a Global Issue");
  known_.leadership = {need(leadership_issue(d, Region::Europe), "a European Leadership issue"),
                       need(leadership_issue(d, Region::Pacific), "a Pacific Leadership issue")};
  known_.stalin = need(d.leader("stalin"), "Stalin");
  known_.southern_italy = need(d.space("southern-italy"), "Southern Italy");
  known_.central_italy = need(d.space("central-italy"), "Central Italy");
  known_.italy = need(axis_power(d, "italy"), "Italy");
  // 6.11: "Baltic States, Poland, Rumania, Bulgaria, Finland" and "France, Belgium, Netherlands".
  known_.eastern_sphere = locations(d, {"baltic-states", "poland", "rumania", "bulgaria", "finland"});
  known_.western_sphere = locations(d, {"france", "belgium", "netherlands"});
  known_.polmil_issues = 0;
  for (IssueId i : d.issues.ids())
    if (d.issues[i].kind == IssueKind::PolMil) known_.polmil_issues |= 1u << index(i);
  known_.conditional_issues = {};
  for (IssueId i : d.issues.ids())
    if (d.issues[i].conditional()) known_.conditional_issues.set(i);
  for (Power p : kAllPowers) {
    if (d.staff[p].size() > kStaffPerDeck)
      throw DataError("the rules need at most " + std::to_string(kStaffPerDeck) + " staff cards a deck");
    known_.staff_traits[p].fill(0);
    for (std::size_t card = 0; card < d.staff[p].size(); ++card)
      known_.staff_traits[p][staff_at(card)] = rules::staff_traits(d.staff[p][staff_at(card)]);
  }
  known_.arctic_locations = 0;
  for (LocationId l : d.locations.ids())
    if (d.locations[l].theater == known_.arctic) known_.arctic_locations |= 1u << index(l);
  known_.uk_us_marker = need(rules::marker_of(d, Power::UK, Power::US), "a UK-US Global Issue marker");
  known_.uk_ussr_marker = need(rules::marker_of(d, Power::UK, Power::USSR), "a UK-USSR Global Issue marker");
  known_.us_ussr_marker = need(rules::marker_of(d, Power::US, Power::USSR), "a US-USSR Global Issue marker");
  known_.front_of_theater.fill(-1);
  for (FrontId f : d.fronts.ids()) {
    std::int8_t& front = known_.front_of_theater[d.fronts[f].theater];
    if (front >= 0) throw DataError("the rules need one Front per theater box: " + d.theaters[d.fronts[f].theater].id + " has two");
    front = static_cast<std::int8_t>(f);
  }
  known_.track_length.fill(0);
  known_.region_fronts.fill(0);
  known_.region_theaters.fill(0);
  for (TheaterId t : d.theaters.ids()) known_.region_theaters[static_cast<std::size_t>(d.theaters[t].region)] |= 1u << index(t);
  for (FrontId f : d.fronts.ids()) {
    known_.track_length[f] = static_cast<std::int8_t>(d.fronts[f].track.size());
    known_.region_fronts[static_cast<std::size_t>(d.theaters[d.fronts[f].theater].region)] |= 1u << index(f);
  }
  known_.front_countries = rules::front_countries(d, known_);
}

// 9.x Scenario setup.
State Game::new_game(const Scenario& sc, const Options& options) const {
  const Data& d = *data_;
  State s;
  s.scenario = static_cast<std::uint8_t>(&sc - d.scenarios.data());
  s.conference = static_cast<std::int8_t>(sc.first_conference);
  for (IssueId i : sc.issues_removed) s.issues[i].where = IssueWhere::Removed;
  for (IssueId i : sc.issues_on_table) s.issues[i].where = IssueWhere::Table;  // 9.64.5
  for (LeaderId l : d.leaders.ids())
    if (d.leaders[l].replaces == kNoLeader) s.leaders[d.leaders[l].power].card = l;
  s.draw.fill(StaffSet::first(kStaffPerDeck));
  s.agenda_card.fill(kNoStaff);
  s.directed_front.fill(kNoFront);
  s.network_owner.fill(kNoPower);
  s.alignment.fill(kNoPower);
  s.global.fill(kNoPower);  // 9.52, 9.62, 9.72: all Global Issue markers neutral
  for (FrontId f : d.fronts.ids()) {
    s.front[f] = sc.fronts[f];
    // 7.13: the countries of spaces a Front has already passed are behind the front.
    for (int i = 0; i < sc.fronts[f]; ++i)
      for (LocationId l : d.locations.ids())
        if (d.locations[l].space == d.fronts[f].track[static_cast<std::size_t>(i)].space) s.behind_front[l] = true;
  }
  for (TheaterId t : d.theaters.ids()) s.naval[t] = sc.naval[t];
  for (const AxisPower& a : d.axis)
    for (std::size_t k = 0; k < kReserveKinds; ++k) {
      add_to(s.reserves_pool[k], a.reserves[k]);
      if (sc.reserves_out_of_play[k]) s.reserves_lost[k] = static_cast<std::int8_t>(s.reserves_lost[k] + a.reserves[k]);
    }
  for (std::size_t k = 0; k < kReserveKinds; ++k) s.reserves_pool[k] = static_cast<std::int8_t>(s.reserves_pool[k] - s.reserves_lost[k]);
  // 9.53 and the setups: spaces already passed were entered before the game (conference 0 marks them
  // as simultaneous where 9.53 says so; otherwise earlier than any conference of the game).
  for (FrontId f : d.fronts.ids())
    for (int i = 0; i <= sc.fronts[f]; ++i) s.entered[d.fronts[f].track[static_cast<std::size_t>(i)].space] = -1;
  for (const SetupMarker& m : sc.markers) {
    s.networks[m.location] = m.networks;
    s.network_owner[m.location] = m.networks ? m.power : kNoPower;
    if (m.alignment) s.alignment[m.location] = m.power;
  }
  s.theater_leader = {sc.europe_leadership, sc.pacific_leadership};
  s.a_bomb = static_cast<std::int8_t>(sc.a_bomb);
  s.spy_ring = static_cast<std::int8_t>(sc.spy_ring);
  s.italy_surrendered = s.entered[known_.southern_italy] != 0;  // 7.81: a Front passed Southern Italy
  s.secret_agenda_variant = options.secret_agenda;
  s.german_reserves_option = options.german_reserves;
  for (auto& markers : s.secret_agenda) markers.fill(kNoMarker);
  s.steps.push(step::GameOver{});
  rules::begin_conference(Ctx{{*this, s, nullptr}});
  if (options.secret_agenda)  // 10.2: three markers each, drawn secretly before the first conference
    for (Power p : rules::kPowersLastFirst) s.steps.push(step::SecretAgendaDeal{p, 3});
  return s;
}

NodeKind Game::node_kind(const State& s) const {
  if (s.steps.empty()) return NodeKind::Terminal;
  switch (row_of(s.steps.top()).kind) {
    case Kind::Decision: return NodeKind::Decision;
    case Kind::Simultaneous: return NodeKind::Simultaneous;
    case Kind::Chance: return NodeKind::Chance;
    case Kind::Auto:
    case Kind::Terminal: break;
  }
  return NodeKind::Terminal;
}

core::SeatMask Game::acting_seats(const State& s) const {
  if (s.steps.empty()) return 0;
  const StepRow& r = row_of(s.steps.top());
  switch (r.kind) {
    case Kind::Decision: return core::seat_bit(static_cast<core::Seat>(index(r.seat(s.steps.top()))));
    case Kind::Simultaneous: return r.players(s);
    default: return 0;
  }
}

void Game::legal_actions(const State& s, core::Seat seat, core::ActionList& out) const {
  if (!(acting_seats(s) & core::seat_bit(seat))) return;
  row_of(s.steps.top()).legal(CCtx{{*this, s}}, power_at(seat), out);  // an acting seat is a power
}

core::Action Game::random_action(const State& s, core::Seat seat, core::Rng& rng) const {
  const CCtx c{{*this, s}};
  CORE_EXPECT(rules::acting(c, seat));
  const StepRow& r = row_of(s.steps.top());
  const Power me = power_at(seat);  // an acting seat is a power
  if (r.random) return r.random(c, me, rng);
  core::ActionList legal;
  r.legal(c, me, legal);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

void rules::equal_outcomes(std::uint64_t bits, core::OutcomeList& out) {
  const double probability = 1.0 / bit_count64(bits);
  for (; bits; bits &= bits - 1) out.push_back({encode(Act::Chance, __builtin_ctzll(bits)), probability});
}

namespace {
// A chance step's outcomes: its list, or the equally likely ones of its bits.
void outcome_list(const CCtx& c, const StepRow& r, core::OutcomeList& out) {
  if (r.outcomes)
    r.outcomes(c, out);
  else
    rules::equal_outcomes(r.equal(c), out);
}
}  // namespace

core::Action Game::sample_chance(const State& s, core::Rng& rng) const {
  const CCtx c{{*this, s}};
  CORE_EXPECT(node_kind(s) == NodeKind::Chance);
  const StepRow& r = row_of(s.steps.top());
  if (const std::uint64_t bits = r.equal ? r.equal(c) : 0) return equal_draw(bits, rng);
  core::OutcomeList list;
  outcome_list(c, r, list);
  return core::sample_outcome(list, rng);
}

void Game::chance_outcomes(const State& s, core::OutcomeList& out) const {
  if (node_kind(s) != NodeKind::Chance) return;
  outcome_list(CCtx{{*this, s}}, row_of(s.steps.top()), out);
}

core::Applied Game::apply(State& s, core::Seat seat, core::Action a, core::LogSink* log) const {
  const Ctx c{{*this, s, log}};
  const StepRow& r = row_of(s.steps.top());
  if (!r.apply) throw std::logic_error("no action applies at this step");
  // The last face-down agenda card reveals all three (5.13); a deal is chance, a barrier anyway.
  const bool reveals = seat != core::kChance && s.steps.top().id == StepId::AgendaPlay && __builtin_popcount(acting_seats(s)) == 1;
  r.apply(c, seat, a);
  core::steps::settle(c, kSteps);
  return {.revealed = reveals};
}

std::string rules::outcome_text(const Game& g, const State& s, core::Action a) {
  return row_of(s.steps.top()).outcome_text(CCtx{{g, s}}, s.steps.top(), arg_a(a));
}

core::i18n::Message phase_message(const Game& g, const State& s) {
  if (s.steps.empty()) return prompt("prompt.no_step");
  return phase_of(CCtx{{g, s}}, s.steps.top());
}

std::string phase_text(const Game& g, const State& s) {
  return g.data().catalogues->render(core::i18n::kFallbackLanguage, phase_message(g, s));
}

void Game::run_automatic(State& s, core::LogSink* log) const {
  const Ctx c{{*this, s, log}};
  core::steps::settle(c, kSteps);
}

// Every field of State is hashed below, in declaration order. A field added to State changes its
// size and stops this assertion: hash the new field here, then update the size
// (tests/churchill/conformance_test.cpp also flips every byte of a State and expects a new hash).
constexpr std::size_t kStateSize = 720;
static_assert(sizeof(State) == kStateSize, "a State field was added or changed: hash it in Game::hash");
static_assert(std::is_trivially_copyable_v<State>);

std::uint64_t Game::hash(const State& s) const {
  core::Hasher h;
  auto add = [&](const auto& array) { h.add_range(std::begin(array), std::end(array)); };
  h.add(s.scenario);
  h.add(static_cast<std::uint64_t>(s.conference));
  h.add(core::index_of(s.conference_card));
  h.add(s.steps.size());
  for (std::size_t i = 0; i < s.steps.size(); ++i)
    h.add((static_cast<std::uint64_t>(s.steps[i].id) << 24) |
          (static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.steps[i].bytes[0])) << 16) |
          (static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.steps[i].bytes[1])) << 8) |
          static_cast<std::uint8_t>(s.steps[i].bytes[2]));
  for (const IssueState& i : s.issues)
    h.add((static_cast<std::uint64_t>(i.where) << 24) | (static_cast<std::uint64_t>(static_cast<std::uint8_t>(i.track)) << 16) |
          (static_cast<std::uint64_t>(static_cast<std::uint8_t>(i.space)) << 8) | static_cast<std::uint8_t>(i.winner));
  for (const LeaderState& l : s.leaders) h.add(index(l.card) | (l.active << 8) | (l.stays_home << 9) | (l.heart_attack << 10));
  for (const auto* cards : {&s.hand, &s.draw, &s.removed})
    for (const StaffSet& set : *cards) h.add(set.bits);  // the word of bits, as before it was typed
  add(s.agenda_card);
  add(s.agenda_value);
  // A winner not yet decided and the Meeting's next turn not yet set are hashed as the 64-bit -1 their
  // int8 bytes were, before they held a Power.
  h.add(static_cast<std::uint64_t>(index_or_none(s.agenda_winner)));
  h.add(static_cast<std::uint64_t>(index_or_none(s.conference_winner)));
  add(s.pass_earned);
  h.add(s.paranoia);
  h.add(index(s.purge_by) | (index(s.purge_card) << 8) | (index(s.purge_roller) << 16));
  h.add(static_cast<std::uint64_t>(index_or_none(s.meeting_next)));
  for (const Play& p : {s.advance, s.debate})
    h.add((static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.seat)) << 40) | (static_cast<std::uint64_t>(index(p.card)) << 32) |
          (static_cast<std::uint64_t>(index(p.issue)) << 24) | (static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.value)) << 16) |
          (p.leader << 8) | p.stop_at_center | (static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.track)) << 48));
  add(s.production);
  for (const Mandate& m : s.mandates)
    h.add(static_cast<std::uint8_t>(m.power) | (static_cast<unsigned>(m.use) << 8) | (index(m.theater) << 16) |
          (static_cast<std::uint8_t>(m.count) << 24));
  h.add(static_cast<std::uint64_t>(s.mandate_count));
  add(s.production_delta);
  add(s.networks_gained);
  add(s.alignment_gained);
  for (const auto& b : s.support_bonus) add(b);
  h.add(s.activated);
  h.add(static_cast<std::uint64_t>(s.a_bomb_modifier));
  h.add(s.second_front);
  h.add(s.ussr_declares_war);
  add(s.front);
  add(s.offensive);
  add(s.directed_front);
  add(s.directed_paid);
  add(s.naval);
  for (const auto& r : s.reserves_on_front) add(r);
  for (const auto& r : s.reserves_in_box) add(r);
  add(s.reserves_pool);
  add(s.theater_leader);
  add(s.surrendered);
  h.add(static_cast<std::uint64_t>(s.a_bomb));
  h.add(static_cast<std::uint64_t>(s.spy_ring));
  add(s.networks);
  add(s.network_owner);
  add(s.alignment);
  add(s.behind_front);
  add(s.global);
  add(s.conferences_won);
  add(s.to_place);
  add(s.order);
  add(s.entered);
  add(s.german_technology);
  add(s.reserves_lost);
  h.add(s.entered_this_conference | (s.italy_surrendered << 8) | (static_cast<std::uint8_t>(s.winner) << 16) |
        (static_cast<std::uint64_t>(s.secret_agenda_variant) << 24) | (static_cast<std::uint64_t>(s.german_reserves_option) << 25));
  h.add(s.agenda_markers_drawn.bits);
  for (const auto& m : s.secret_agenda) add(m);
  // Only an observation holds hidden hand sizes; a state in play has none, and its hash is what
  // save files recorded before this field was hashed, so it is fed only when set.
  if (std::any_of(s.hidden_hand.begin(), s.hidden_hand.end(), [](std::int8_t n) { return n != 0; })) add(s.hidden_hand);
  return h.digest();
}

std::string Game::seat_name(core::Seat seat) const {
  if (seat >= 0 && seat < kPowers) return std::string(power_name(power_at(seat)));
  return "chance";
}

std::optional<core::Seat> Game::seat_from_name(std::string_view name) const {
  auto p = power_from_name(name);
  if (!p) return std::nullopt;
  return static_cast<core::Seat>(*p);
}

}  // namespace churchill
