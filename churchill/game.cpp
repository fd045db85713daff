// The step table: what kind of decision point each step is, who acts, and which rulebook part
// handles it. Automatic steps run inside apply() until a decision or a chance node is reached.
#include "churchill/game.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <stdexcept>
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

enum class Kind : std::uint8_t { Auto, Decision, Simultaneous, Chance, Terminal };

using Legal = void (*)(const CCtx&, int seat, core::ActionList&);
using Random = core::Action (*)(const CCtx&, int seat, core::Rng&);
using Outcomes = void (*)(const CCtx&, core::OutcomeList&);
using Apply = void (*)(const Ctx&, int seat, core::Action);
using Run = void (*)(const Ctx&);
using Acting = core::SeatMask (*)(const State&);
using Phase = core::i18n::Message (*)(const Game&, const State&);
using OutcomeText = std::string (*)(const Game&, const State&, int outcome);

// One row of the step table: what kind of node the step is and the rules that serve it. Decision
// and simultaneous steps have `acting`, `legal` and `apply`; chance steps `outcomes` and `apply`;
// automatic steps `run`; every step its phase line (a "prompt.*" message, worded in each reader's
// language: docs/i18n.md); chance steps the text of an outcome.
struct StepRule {
  StepId id;
  Kind kind;
  Acting acting = nullptr;
  Legal legal = nullptr;
  Outcomes outcomes = nullptr;
  Apply apply = nullptr;
  Run run = nullptr;
  Phase phase = nullptr;
  OutcomeText outcome_text = nullptr;
  Random random = nullptr;  // optional: a random legal action without the list (Game::random_action)
  rules::EqualOutcomes equal = nullptr;  // a chance step's equally likely outcomes (Game::sample_chance)
};

using core::i18n::Message;

// The phase line of a step: its "prompt.*" message with the rule number, and the acting power.
Message prompt(const char* key) { return Message{key, {}, {}, {}}; }
Message prompt(const char* key, const char* rule) { return prompt(key).with("rule", rule); }
Message prompt(const char* key, const char* rule, int power) {
  return prompt(key, rule).name("power", power_key(static_cast<Power>(power)));
}
template <class P>
int seat_of(const State& s) { return s.steps.top().as<P>().seat; }
template <class P>
core::SeatMask one_seat(const State& s) { return core::seat_bit(static_cast<core::Seat>(seat_of<P>(s))); }

// 5.13: the seats whose agenda card is not yet on the table.
core::SeatMask agenda_players(const State& s) {
  core::SeatMask m = 0;
  for (int p = 0; p < kPowers; ++p)
    if (s.agenda_card[at(p)] == kNone) m |= core::seat_bit(static_cast<core::Seat>(p));
  return m;
}

// The list of an equal-chance step's outcomes (rules::EqualOutcomes), and the outcome
// core::sample_outcome draws from it: the same calls of the generator, without the list.
template <rules::EqualOutcomes Bits>
void equal_list(const CCtx& c, core::OutcomeList& out) { rules::equal_outcomes(Bits(c), out); }
core::Action equal_draw(std::uint64_t bits, core::Rng& rng) {
  rng.pick_equal(static_cast<std::size_t>(rules::bit_count64(bits)), [&] { bits &= bits - 1; });  // to the bit drawn
  return encode(Act::Chance, __builtin_ctzll(bits));
}
// An apply function that needs no seat (chance outcomes, and decisions whose step names the seat).
template <void (*F)(const Ctx&, core::Action)>
void seatless(const Ctx& c, int, core::Action a) { F(c, a); }

constexpr StepRule automatic(StepId id, Run run) {
  return {id, Kind::Auto, nullptr, nullptr, nullptr, nullptr, run, [](const Game&, const State&) { return prompt("prompt.resolving"); }};
}
constexpr StepRule decision(StepId id, Acting acting, Legal legal, Apply apply, Phase phase, Random random = nullptr) {
  return {id, Kind::Decision, acting, legal, nullptr, apply, nullptr, phase, nullptr, random};
}
std::string roll_text(const Game&, const State&, int face) { return fmt::format("roll {}", face); }
constexpr StepRule roll(StepId id, Outcomes outcomes, Apply apply, Phase phase, OutcomeText text = roll_text) {
  return {id, Kind::Chance, nullptr, nullptr, outcomes, apply, nullptr, phase, text};
}
constexpr StepRule with_equal(StepRule r, rules::EqualOutcomes bits) {
  r.equal = bits;
  return r;
}
template <rules::EqualOutcomes Bits>
constexpr StepRule equal_roll(StepId id, Apply apply, Phase phase, OutcomeText text = roll_text) {
  return with_equal(roll(id, equal_list<Bits>, apply, phase, text), Bits);
}

core::Action select_random(const CCtx& c, int, core::Rng& rng) { return rules::selection_random(c, rng); }

// The step table, one row per StepId in its order.
constexpr std::array<StepRule, kStepCount> kSteps = {{
    // 5.11 Conference card
    roll(StepId::RevealConference, rules::conference_outcomes, seatless<rules::reveal_conference>,
         [](const Game&, const State& s) { return prompt("prompt.reveal_conference", "5.11").with("number", std::to_string(s.conference)); },
         [](const Game& g, const State&, int v) { return "card " + g.data().conference_cards[at(v)].id; }),
    automatic(StepId::Bands, [](const Ctx& c) { rules::run_bands(c); }),
    equal_roll<rules::die_faces<6>>(StepId::ConvoyRoll, seatless<rules::apply_convoy_roll>, [](const Game&, const State&) { return prompt("prompt.conference_roll", "5.11"); }),
    equal_roll<rules::die_faces<6>>(StepId::PolMilCount, seatless<rules::apply_polmil_count>, [](const Game&, const State&) { return prompt("prompt.conference_roll", "5.11"); }),
    equal_roll<rules::polmil_faces>(StepId::PolMilRoll, seatless<rules::apply_polmil_roll>,
         [](const Game&, const State&) { return prompt("prompt.conference_roll", "5.11"); },
         [](const Game&, const State&, int v) { return fmt::format("polmil {}-{}", v / 8, v % 8); }),
    // 5.13 Pre-conference
    automatic(StepId::PreConference, rules::pre_conference),
    equal_roll<rules::deal_pile>(StepId::Deal, seatless<rules::apply_deal>,
         [](const Game&, const State&) { return prompt("prompt.deal", "5.13"); },
         [](const Game& g, const State& s, int v) { return "deal " + g.data().staff[at(s.steps.top().as<step::Deal>().power)][at(v)].id; }),
    {StepId::AgendaPlay, Kind::Simultaneous, agenda_players, rules::agenda_legal, nullptr, rules::apply_agenda_card, nullptr,
     [](const Game&, const State&) { return prompt("prompt.agenda_play", "5.13"); }},
    equal_roll<rules::die_faces<6>>(StepId::AgendaChiefRoll, seatless<rules::apply_meeting_roll>,
         [](const Game&, const State&) { return prompt("prompt.agenda_chief_roll", "5.25"); }),
    automatic(StepId::AgendaResolve, rules::resolve_agenda),
    decision(StepId::TieBreakOffer, one_seat<step::TieBreakOffer>, [](const CCtx& c, int, core::ActionList& out) { rules::tie_legal(c, out); },
             seatless<rules::apply_tie>,
             [](const Game&, const State& s) { return prompt("prompt.tie_break_offer", "4.5", seat_of<step::TieBreakOffer>(s)); }),
    decision(StepId::TieBreakChoose, one_seat<step::TieBreakChoose>, [](const CCtx& c, int, core::ActionList& out) { rules::tie_legal(c, out); },
             seatless<rules::apply_tie>,
             [](const Game&, const State& s) { return prompt("prompt.tie_break_choose", "4.5", seat_of<step::TieBreakChoose>(s)); }),
    decision(StepId::AgendaWinnerPlaces, one_seat<step::AgendaWinnerPlaces>, [](const CCtx& c, int, core::ActionList& out) { rules::selection_legal(c, out); },
             seatless<rules::apply_selection>,
             [](const Game&, const State& s) {
               const step::AgendaWinnerPlaces w = s.steps.top().as<step::AgendaWinnerPlaces>();
               return prompt("prompt.agenda_winner_places", "5.14", w.seat).with("space", std::to_string(w.space));
             },
             select_random),
    decision(StepId::AgendaPairs, one_seat<step::AgendaPairs>, [](const CCtx& c, int, core::ActionList& out) { rules::selection_legal(c, out); },
             seatless<rules::apply_selection>,
             [](const Game&, const State& s) { return prompt("prompt.agenda_pairs", "5.14", seat_of<step::AgendaPairs>(s)); },
             select_random),
    // 5.2 Meeting
    decision(StepId::MeetingTurn, one_seat<step::MeetingTurn>, rules::advance_legal, rules::apply_meeting,
             [](const Game&, const State& s) { return prompt("prompt.meeting_turn", "5.2", seat_of<step::MeetingTurn>(s)); },
             rules::advance_random),
    equal_roll<rules::die_faces<6>>(StepId::ChiefRoll, seatless<rules::apply_meeting_roll>,
         [](const Game&, const State&) { return prompt("prompt.chief_roll", "5.25"); }),
    decision(StepId::ChiefIssue, one_seat<step::ChiefIssue>, rules::chief_issue_legal, rules::apply_meeting,
             [](const Game&, const State& s) {
               const step::ChiefIssue ch = s.steps.top().as<step::ChiefIssue>();
               return !ch.debate ? prompt("prompt.chief_issue", "5.25", ch.seat) : prompt("prompt.chief_stop", "5.22", ch.seat);
             }),
    decision(StepId::DebateOffer, one_seat<step::DebateOffer>, rules::debate_legal, rules::apply_meeting,
             [](const Game& g, const State& s) {
               const int seat = seat_of<step::DebateOffer>(s);
               if (s.advance.seat < 0 || s.advance.issue == kNone) return prompt("prompt.debate_offer", "5.24", seat);
               return prompt("prompt.debate_offer_advance", "5.24", seat)
                   .name("advancer", power_key(static_cast<Power>(s.advance.seat)))
                   .name("issue", issue_key(g.data(), s.advance.issue) + ".name")
                   .with("value", std::to_string(s.advance.value));
             }),
    automatic(StepId::ResolvePlay, rules::resolve_play),
    with_equal(roll(StepId::HealthRoll, rules::effect_roll_outcomes, seatless<rules::apply_meeting_roll>,
                    [](const Game&, const State&) { return prompt("prompt.health_roll", "3.31"); }),
               rules::effect_roll_faces),
    with_equal(roll(StepId::ParanoiaRoll, rules::effect_roll_outcomes, seatless<rules::apply_meeting_roll>,
                    [](const Game&, const State&) { return prompt("prompt.paranoia_roll"); }),
               rules::effect_roll_faces),
    equal_roll<rules::die_faces<6>>(StepId::PurgeRoll, seatless<rules::apply_meeting_roll>, [](const Game&, const State&) { return prompt("prompt.purge_roll"); }),
    automatic(StepId::EndMeeting, rules::end_meeting),
    // 6.0 Decision Segment
    decision(StepId::DirectedOffensives, one_seat<step::DirectedOffensives>, rules::directed_legal, rules::apply_decision,
             [](const Game&, const State& s) { return prompt("prompt.directed_offensives", "6.1", seat_of<step::DirectedOffensives>(s)); }),
    automatic(StepId::DecisionProduction, rules::decision_production),
    decision(StepId::Allocation, one_seat<step::Allocation>, rules::allocation_legal, rules::apply_decision,
             [](const Game&, const State& s) {
               const int p = seat_of<step::Allocation>(s);
               int bonus = 0;
               for (const std::int8_t b : s.support_bonus[at(p)]) bonus += b;
               return prompt("prompt.allocation", "6.4", p).with("production", std::to_string(s.production[at(p)])).with("bonus", std::to_string(bonus));
             },
             rules::allocation_random),
    decision(StepId::TheaterLeadership, one_seat<step::TheaterLeadership>, rules::leadership_legal, rules::apply_decision,
             [](const Game&, const State& s) { return prompt("prompt.theater_leadership", "6.9", seat_of<step::TheaterLeadership>(s)); }),
    equal_roll<rules::die_faces<6>>(StepId::ABombRoll, seatless<rules::apply_a_bomb>, [](const Game&, const State&) { return prompt("prompt.a_bomb_roll", "6.10"); }),
    decision(StepId::GlobalIssue, one_seat<step::GlobalIssue>, rules::global_legal, rules::apply_decision,
             [](const Game&, const State& s) { return prompt("prompt.global_issue", "6.11", seat_of<step::GlobalIssue>(s)); }),
    automatic(StepId::EndConference, rules::begin_war),
    // 7.0 War Phase
    decision(StepId::PlacementOrder, one_seat<step::PlacementOrder>, rules::placement_order_legal, rules::apply_placement,
             [](const Game&, const State&) { return prompt("prompt.placement_order", "7.1"); }),
    decision(StepId::PlaceNetworks, one_seat<step::PlaceNetworks>, rules::placement_legal, rules::apply_placement,
             [](const Game&, const State& s) {
               const int p = seat_of<step::PlaceNetworks>(s);
               return prompt("prompt.place_networks", "7.1", p).with("count", std::to_string(s.to_place[at(p)]));
             }),
    decision(StepId::PlaceAlignment, one_seat<step::PlaceAlignment>, rules::placement_legal, rules::apply_placement,
             [](const Game&, const State& s) {
               const int p = seat_of<step::PlaceAlignment>(s);
               return prompt("prompt.place_alignment", "7.3", p).with("count", std::to_string(s.to_place[at(p)]));
             }),
    automatic(StepId::Reserves, rules::run_reserves),
    equal_roll<rules::die_faces<6>>(StepId::ReserveRoll, seatless<rules::apply_reserve_roll>, [](const Game&, const State&) { return prompt("prompt.reserve_roll", "7.6"); }),
    equal_roll<rules::split_fronts>(StepId::SplitRoll, seatless<rules::apply_reserve_roll>,
         [](const Game&, const State&) { return prompt("prompt.reserve_roll", "7.6"); },
         [](const Game& g, const State&, int v) { return "front " + g.data().fronts[at(v)].id; }),
    equal_roll<rules::die_faces<10>>(StepId::FrontRoll, seatless<rules::apply_front_roll>,
         [](const Game& g, const State& s) {
           return prompt("prompt.front_roll", "7.7").name("front", front_key(g.data(), s.steps.top().as<step::FrontRoll>().front) + ".name");
         }),
    automatic(StepId::Campaigns, rules::run_advance),
    automatic(StepId::PostMortem, rules::post_mortem),
    {StepId::GameOver, Kind::Terminal, nullptr, nullptr, nullptr, nullptr, nullptr,
     [](const Game&, const State& s) { return s.winner >= 0 ? prompt("prompt.game_over_winner").name("power", power_key(static_cast<Power>(s.winner))) : prompt("prompt.game_over"); }},
    equal_roll<rules::secret_agenda_pool>(StepId::SecretAgendaDeal, seatless<rules::apply_secret_agenda>,
         [](const Game&, const State&) { return prompt("prompt.secret_agenda_deal", "10.2"); },
         [](const Game& g, const State&, int v) { return "marker " + g.data().secret_agenda[at(v)].id; }),
}};

// Each row is the step of its index (checked when compiling) ...
constexpr bool rows_in_order() {
  for (std::size_t i = 0; i < kSteps.size(); ++i)
    if (static_cast<std::size_t>(kSteps[i].id) != i) return false;
  return true;
}
static_assert(rows_in_order(), "the step table needs one row per StepId, in order");

// ... and has what its kind needs (checked when a Game is made: the addresses of functions are not
// constants in every build, e.g. with the sanitizers).
bool rows_complete() {
  for (const StepRule& r : kSteps) {
    const bool acts = r.kind == Kind::Decision || r.kind == Kind::Simultaneous;
    if (!r.phase || acts != (r.acting && r.legal) || (r.kind == Kind::Chance) != (r.outcomes && r.outcome_text)) return false;
    if ((acts || r.kind == Kind::Chance) != (r.apply != nullptr) || (r.kind == Kind::Auto) != (r.run != nullptr)) return false;
  }
  return true;
}

const StepRule& rule_of(const Step& step) { return kSteps[static_cast<std::size_t>(step.id)]; }

std::uint8_t need(std::uint8_t index, const char* what) {
  if (index == kNone) throw DataError(std::string("the rules need ") + what);
  return index;
}

std::uint8_t issue_of_kind(const Data& d, IssueKind kind) {
  for (std::size_t i = 0; i < d.issues.size(); ++i)
    if (d.issues[i].kind == kind) return static_cast<std::uint8_t>(i);
  return kNone;
}

std::uint8_t leadership_issue(const Data& d, Region r) {
  for (std::size_t i = 0; i < d.issues.size(); ++i)
    if (d.issues[i].kind == IssueKind::TheaterLeadership && d.issues[i].region == r) return static_cast<std::uint8_t>(i);
  return kNone;
}

std::uint8_t axis_power(const Data& d, std::string_view id) {
  for (std::size_t i = 0; i < d.axis.size(); ++i)
    if (d.axis[i].id == id) return static_cast<std::uint8_t>(i);
  return kNone;
}

std::uint32_t locations(const Data& d, std::initializer_list<const char*> ids) {
  std::uint32_t bits = 0;
  for (const char* id : ids) bits |= 1u << need(d.location(id), id);
  return bits;
}

// Runs automatic steps until a decision, a chance node or the end.
void settle(const Ctx& c) {
  while (!c.s.steps.empty() && rule_of(c.s.steps.top()).kind == Kind::Auto) rule_of(c.s.steps.top()).run(c);
}

}  // namespace

Game::Game(const Data& data) : data_(&data) {
  if (!rows_complete()) throw std::logic_error("the step table has a row without the functions its kind needs");
  const Data& d = data;
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
  for (std::size_t i = 0; i < d.issues.size() && i < kMaxIssues; ++i)
    if (d.issues[i].kind == IssueKind::PolMil) known_.polmil_issues |= 1u << i;
  known_.conditional_issues = 0;
  for (std::size_t i = 0; i < d.issues.size() && i < kMaxIssues; ++i)
    if (d.issues[i].conditional()) known_.conditional_issues |= 1u << i;
  for (std::size_t p = 0; p < kPowers; ++p) {
    if (d.staff[p].size() > kStaffPerDeck) throw DataError("the rules need at most " + std::to_string(kStaffPerDeck) + " staff cards a deck");
    known_.staff_traits[p].fill(0);
    for (std::size_t card = 0; card < d.staff[p].size(); ++card) known_.staff_traits[p][card] = rules::staff_traits(d.staff[p][card]);
  }
  known_.arctic_locations = 0;
  for (std::size_t l = 0; l < d.locations.size() && l < kMaxLocations; ++l)
    if (d.locations[l].theater == known_.arctic) known_.arctic_locations |= 1u << l;
  known_.uk_us_marker = need(rules::marker_of(d, Power::UK, Power::US), "a UK-US Global Issue marker");
  known_.uk_ussr_marker = need(rules::marker_of(d, Power::UK, Power::USSR), "a UK-USSR Global Issue marker");
  known_.us_ussr_marker = need(rules::marker_of(d, Power::US, Power::USSR), "a US-USSR Global Issue marker");
  known_.front_of_theater.fill(-1);
  for (std::size_t f = 0; f < d.fronts.size(); ++f) {
    std::int8_t& front = known_.front_of_theater[d.fronts[f].theater];
    if (front >= 0) throw DataError("the rules need one Front per theater box: " + d.theaters[d.fronts[f].theater].id + " has two");
    front = static_cast<std::int8_t>(f);
  }
  known_.track_length.fill(0);
  known_.region_fronts.fill(0);
  known_.region_theaters.fill(0);
  for (std::size_t t = 0; t < d.theaters.size() && t < kMaxTheaters; ++t)
    known_.region_theaters[static_cast<std::size_t>(d.theaters[t].region)] |= 1u << t;
  for (std::size_t f = 0; f < d.fronts.size() && f < kMaxFronts; ++f) {
    known_.track_length[f] = static_cast<std::int8_t>(d.fronts[f].track.size());
    known_.region_fronts[static_cast<std::size_t>(d.theaters[d.fronts[f].theater].region)] |= 1u << f;
  }
  known_.front_countries = rules::front_countries(d, known_);
  if (d.issues.size() > kMaxIssues || d.fronts.size() > kMaxFronts || d.theaters.size() > kMaxTheaters ||
      d.locations.size() > kMaxLocations)
    throw DataError("the data set is larger than the engine's fixed arrays");
}

// 9.x Scenario setup.
State Game::new_game(const Scenario& sc, const Options& options) const {
  const Data& d = *data_;
  State s;
  s.scenario = static_cast<std::uint8_t>(&sc - d.scenarios.data());
  s.conference = static_cast<std::int8_t>(sc.first_conference);
  for (std::uint8_t i : sc.issues_removed) s.issues[i].where = IssueWhere::Removed;
  for (std::uint8_t i : sc.issues_on_table) s.issues[i].where = IssueWhere::Table;  // 9.64.5
  for (std::size_t l = 0; l < d.leaders.size(); ++l)
    if (d.leaders[l].replaces == kNone) s.leaders[static_cast<std::size_t>(d.leaders[l].power)].card = static_cast<std::uint8_t>(l);
  for (int p = 0; p < kPowers; ++p) s.draw[static_cast<std::size_t>(p)] = (1u << kStaffPerDeck) - 1;
  s.agenda_card.fill(kNone);
  s.directed_front.fill(kNone);
  s.network_owner.fill(kNone);
  s.alignment.fill(kNone);
  s.global.fill(kNone);  // 9.52, 9.62, 9.72: all Global Issue markers neutral
  for (std::size_t f = 0; f < d.fronts.size(); ++f) {
    s.front[f] = sc.fronts[f];
    // 7.13: the countries of spaces a Front has already passed are behind the front.
    for (int i = 0; i < sc.fronts[f]; ++i)
      for (std::size_t l = 0; l < d.locations.size(); ++l)
        if (d.locations[l].space == d.fronts[f].track[static_cast<std::size_t>(i)].space) s.behind_front[l] = true;
  }
  for (std::size_t t = 0; t < d.theaters.size(); ++t) s.naval[t] = sc.naval[t];
  for (const AxisPower& a : d.axis)
    for (std::size_t k = 0; k < kReserveKinds; ++k) {
      s.reserves_pool[k] = static_cast<std::int8_t>(s.reserves_pool[k] + a.reserves[k]);
      if (sc.reserves_out_of_play[k]) s.reserves_lost[k] = static_cast<std::int8_t>(s.reserves_lost[k] + a.reserves[k]);
    }
  for (std::size_t k = 0; k < kReserveKinds; ++k) s.reserves_pool[k] = static_cast<std::int8_t>(s.reserves_pool[k] - s.reserves_lost[k]);
  // 9.53 and the setups: spaces already passed were entered before the game (conference 0 marks them
  // as simultaneous where 9.53 says so; otherwise earlier than any conference of the game).
  for (std::size_t f = 0; f < d.fronts.size(); ++f)
    for (int i = 0; i <= sc.fronts[f]; ++i) s.entered[d.fronts[f].track[static_cast<std::size_t>(i)].space] = -1;
  for (const SetupMarker& m : sc.markers) {
    s.networks[m.location] = m.networks;
    s.network_owner[m.location] = m.networks ? static_cast<std::uint8_t>(m.power) : kNone;
    if (m.alignment) s.alignment[m.location] = static_cast<std::uint8_t>(m.power);
  }
  s.theater_leader = {static_cast<std::uint8_t>(sc.europe_leadership), static_cast<std::uint8_t>(sc.pacific_leadership)};
  s.a_bomb = static_cast<std::int8_t>(sc.a_bomb);
  s.spy_ring = static_cast<std::int8_t>(sc.spy_ring);
  s.italy_surrendered = s.entered[known_.southern_italy] != 0;  // 7.81: a Front passed Southern Italy
  s.secret_agenda_variant = options.secret_agenda;
  s.german_reserves_option = options.german_reserves;
  for (auto& markers : s.secret_agenda) markers.fill(kNone);
  s.steps.push(step::GameOver{});
  rules::begin_conference(Ctx{{*this, s, nullptr}});
  if (options.secret_agenda)  // 10.2: three markers each, drawn secretly before the first conference
    for (int p = kPowers - 1; p >= 0; --p) s.steps.push(step::SecretAgendaDeal{p, 3});
  return s;
}

NodeKind Game::node_kind(const State& s) const {
  if (s.steps.empty()) return NodeKind::Terminal;
  switch (rule_of(s.steps.top()).kind) {
    case Kind::Decision: return NodeKind::Decision;
    case Kind::Simultaneous: return NodeKind::Simultaneous;
    case Kind::Chance: return NodeKind::Chance;
    case Kind::Auto: case Kind::Terminal: break;
  }
  return NodeKind::Terminal;
}

core::SeatMask Game::acting_seats(const State& s) const {
  if (s.steps.empty()) return 0;
  const StepRule& r = rule_of(s.steps.top());
  return r.acting ? r.acting(s) : 0;
}

void Game::legal_actions(const State& s, core::Seat seat, core::ActionList& out) const {
  if (!(acting_seats(s) & core::seat_bit(seat))) return;
  const CCtx c{{*this, s}};
  rule_of(s.steps.top()).legal(c, seat, out);
}

core::Action Game::random_action(const State& s, core::Seat seat, core::Rng& rng) const {
  const CCtx c{{*this, s}};
  CORE_EXPECT(rules::acting(c, seat));
  const StepRule& r = rule_of(s.steps.top());
  if (r.random) return r.random(c, seat, rng);
  core::ActionList legal;
  r.legal(c, seat, legal);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

core::Action Game::sample_chance(const State& s, core::Rng& rng) const {
  const CCtx c{{*this, s}};
  CORE_EXPECT(node_kind(s) == NodeKind::Chance);
  const StepRule& r = rule_of(s.steps.top());
  if (const std::uint64_t bits = r.equal ? r.equal(c) : 0) return equal_draw(bits, rng);
  core::OutcomeList list;
  r.outcomes(c, list);
  return core::sample_outcome(list, rng);
}

void rules::equal_outcomes(std::uint64_t bits, core::OutcomeList& out) {
  const double probability = 1.0 / bit_count64(bits);
  for (; bits; bits &= bits - 1) out.push_back({encode(Act::Chance, __builtin_ctzll(bits)), probability});
}

void Game::chance_outcomes(const State& s, core::OutcomeList& out) const {
  if (node_kind(s) != NodeKind::Chance) return;
  const CCtx c{{*this, s}};
  rule_of(s.steps.top()).outcomes(c, out);
}

void Game::apply(State& s, core::Seat seat, core::Action a, core::LogSink* log) const {
  const Ctx c{{*this, s, log}};
  const StepRule& r = rule_of(s.steps.top());
  if (!r.apply) throw std::logic_error("no action applies at this step");
  r.apply(c, seat, a);
  settle(c);
}

std::string rules::outcome_text(const Game& g, const State& s, core::Action a) {
  const StepRule& r = rule_of(s.steps.top());
  return (r.outcome_text ? r.outcome_text : roll_text)(g, s, arg_a(a));
}

core::i18n::Message phase_message(const Game& g, const State& s) {
  if (s.steps.empty()) return prompt("prompt.no_step");
  return rule_of(s.steps.top()).phase(g, s);
}

std::string phase_text(const Game& g, const State& s) { return g.data().catalogues->render(core::i18n::kFallbackLanguage, phase_message(g, s)); }

void Game::run_automatic(State& s, core::LogSink* log) const { settle(Ctx{{*this, s, log}}); }

bool Game::reveals_hidden(const State& s, core::Seat seat, core::Action) const {
  // The last face-down agenda card reveals all three (5.13); a deal is chance, a barrier anyway.
  if (seat == core::kChance || s.steps.empty() || s.steps.top().id != StepId::AgendaPlay) return false;
  return __builtin_popcount(acting_seats(s)) == 1;
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
  h.add(s.conference_card);
  h.add(s.steps.size());
  for (std::size_t i = 0; i < s.steps.size(); ++i)
    h.add((static_cast<std::uint64_t>(s.steps[i].id) << 24) | (static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.steps[i].bytes[0])) << 16) |
          (static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.steps[i].bytes[1])) << 8) | static_cast<std::uint8_t>(s.steps[i].bytes[2]));
  for (const IssueState& i : s.issues)
    h.add((static_cast<std::uint64_t>(i.where) << 24) | (static_cast<std::uint64_t>(static_cast<std::uint8_t>(i.track)) << 16) |
          (static_cast<std::uint64_t>(static_cast<std::uint8_t>(i.space)) << 8) | i.winner);
  for (const LeaderState& l : s.leaders) h.add(l.card | (l.active << 8) | (l.stays_home << 9) | (l.heart_attack << 10));
  add(s.hand); add(s.draw); add(s.removed); add(s.agenda_card); add(s.agenda_value);
  h.add(static_cast<std::uint64_t>(s.agenda_winner)); h.add(static_cast<std::uint64_t>(s.conference_winner));
  add(s.pass_earned); h.add(s.paranoia); h.add(s.purge_by | (s.purge_card << 8) | (s.purge_roller << 16)); h.add(static_cast<std::uint64_t>(s.meeting_next));
  for (const Play& p : {s.advance, s.debate})
    h.add((static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.seat)) << 40) | (static_cast<std::uint64_t>(p.card) << 32) |
          (static_cast<std::uint64_t>(p.issue) << 24) | (static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.value)) << 16) |
          (p.leader << 8) | p.stop_at_center | (static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.track)) << 48));
  add(s.production);
  for (const Mandate& m : s.mandates) h.add(m.power | (static_cast<unsigned>(m.use) << 8) | (m.theater << 16) | (static_cast<std::uint8_t>(m.count) << 24));
  h.add(static_cast<std::uint64_t>(s.mandate_count));
  add(s.production_delta); add(s.networks_gained); add(s.alignment_gained);
  for (const auto& b : s.support_bonus) add(b);
  h.add(s.activated);
  h.add(static_cast<std::uint64_t>(s.a_bomb_modifier)); h.add(s.second_front); h.add(s.ussr_declares_war);
  add(s.front); add(s.offensive); add(s.directed_front); add(s.directed_paid); add(s.naval);
  for (const auto& r : s.reserves_on_front) add(r);
  for (const auto& r : s.reserves_in_box) add(r);
  add(s.reserves_pool); add(s.theater_leader); add(s.surrendered);
  h.add(static_cast<std::uint64_t>(s.a_bomb)); h.add(static_cast<std::uint64_t>(s.spy_ring));
  add(s.networks); add(s.network_owner); add(s.alignment); add(s.behind_front); add(s.global); add(s.conferences_won);
  add(s.to_place); add(s.order); add(s.entered); add(s.german_technology); add(s.reserves_lost);
  h.add(s.entered_this_conference | (s.italy_surrendered << 8) | (static_cast<std::uint8_t>(s.winner) << 16) |
        (static_cast<std::uint64_t>(s.secret_agenda_variant) << 24) | (static_cast<std::uint64_t>(s.german_reserves_option) << 25));
  h.add(s.agenda_markers_drawn);
  for (const auto& m : s.secret_agenda) add(m);
  // Only an observation holds hidden hand sizes; a state in play has none, and its hash is what
  // save files recorded before this field was hashed, so it is fed only when set.
  if (std::any_of(s.hidden_hand.begin(), s.hidden_hand.end(), [](std::int8_t n) { return n != 0; })) add(s.hidden_hand);
  return h.digest();
}

std::string Game::seat_name(core::Seat seat) const {
  if (seat >= 0 && seat < kPowers) return std::string(power_name(static_cast<Power>(seat)));
  return "chance";
}

std::optional<core::Seat> Game::seat_from_name(std::string_view name) const {
  auto p = power_from_name(name);
  if (!p) return std::nullopt;
  return static_cast<core::Seat>(*p);
}

}  // namespace churchill
