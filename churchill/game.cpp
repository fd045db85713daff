// The step table: what kind of decision point each step is, who acts, and which rulebook part
// handles it. Automatic steps run inside apply() until a decision or a chance node is reached.
#include "churchill/game.h"

#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include "churchill/rules.h"
#include "core/hash.h"

namespace churchill {

using core::NodeKind;
using rules::Ctx;

namespace {

enum class Kind : std::uint8_t { Auto, Decision, Simultaneous, Chance, Terminal };

Kind kind_of_step(StepId id) {
  switch (id) {
    case StepId::RevealConference: case StepId::ConvoyRoll: case StepId::PolMilCount: case StepId::PolMilRoll:
    case StepId::Deal: case StepId::AgendaChiefRoll: case StepId::ChiefRoll: case StepId::HealthRoll:
    case StepId::ParanoiaRoll: case StepId::PurgeRoll: case StepId::ABombRoll: case StepId::ReserveRoll:
    case StepId::SplitRoll: case StepId::FrontRoll: case StepId::SecretAgendaDeal:
      return Kind::Chance;
    case StepId::AgendaPlay:
      return Kind::Simultaneous;
    case StepId::TieBreakOffer: case StepId::TieBreakChoose: case StepId::AgendaWinnerPlaces:
    case StepId::AgendaPairs: case StepId::MeetingTurn: case StepId::ChiefIssue: case StepId::DebateOffer:
    case StepId::DirectedOffensives: case StepId::Allocation: case StepId::TheaterLeadership:
    case StepId::GlobalIssue: case StepId::PlacementOrder: case StepId::PlaceNetworks: case StepId::PlaceAlignment:
      return Kind::Decision;
    case StepId::GameOver:
      return Kind::Terminal;
    default:
      return Kind::Auto;
  }
}

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
  while (!c.s.steps.empty() && kind_of_step(c.s.steps.top().id) == Kind::Auto) {
    switch (c.s.steps.top().id) {
      case StepId::Bands: rules::run_bands(c); break;
      case StepId::PreConference: rules::pre_conference(c); break;
      case StepId::AgendaResolve: rules::resolve_agenda(c); break;
      case StepId::ResolvePlay: rules::resolve_play(c); break;
      case StepId::EndMeeting: rules::end_meeting(c); break;
      case StepId::DecisionProduction: rules::decision_production(c); break;
      case StepId::EndConference: rules::begin_war(c); break;
      case StepId::Reserves: rules::run_reserves(c); break;
      case StepId::Campaigns: rules::run_advance(c); break;
      case StepId::PostMortem: rules::post_mortem(c); break;
      default: throw std::logic_error("no automatic handler for a step");
    }
  }
}

}  // namespace

Game::Game(const Data& data) : data_(&data) {
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
  known_.front_of_theater.fill(-1);
  for (std::size_t f = 0; f < d.fronts.size(); ++f) {
    std::int8_t& front = known_.front_of_theater[d.fronts[f].theater];
    if (front >= 0) throw DataError("the rules need one Front per theater box: " + d.theaters[d.fronts[f].theater].id + " has two");
    front = static_cast<std::int8_t>(f);
  }
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
  s.steps.push({StepId::GameOver});
  rules::begin_conference(Ctx{*this, d, known_, s, nullptr});
  if (options.secret_agenda)  // 10.2: three markers each, drawn secretly before the first conference
    for (int p = kPowers - 1; p >= 0; --p) s.steps.push(Step::of(StepId::SecretAgendaDeal, Dealing{p, 3}));
  return s;
}

NodeKind Game::node_kind(const State& s) const {
  if (s.steps.empty()) return NodeKind::Terminal;
  switch (kind_of_step(s.steps.top().id)) {
    case Kind::Decision: return NodeKind::Decision;
    case Kind::Simultaneous: return NodeKind::Simultaneous;
    case Kind::Chance: return NodeKind::Chance;
    default: return NodeKind::Terminal;
  }
}

core::SeatMask Game::acting_seats(const State& s) const {
  if (s.steps.empty()) return 0;
  const Step& top = s.steps.top();
  switch (top.id) {
    case StepId::AgendaPlay: {
      core::SeatMask m = 0;
      for (int p = 0; p < kPowers; ++p)
        if (s.agenda_card[static_cast<std::size_t>(p)] == kNone) m |= core::seat_bit(static_cast<core::Seat>(p));
      return m;
    }
    default:
      return kind_of_step(top.id) == Kind::Decision ? core::seat_bit(static_cast<core::Seat>(top.bytes[0])) : 0;
  }
}

void Game::legal_actions(const State& s, core::Seat seat, core::ActionList& out) const {
  if (!(acting_seats(s) & core::seat_bit(seat))) return;
  const Ctx c{*this, *data_, known_, const_cast<State&>(s), nullptr};  // legal_* functions only read
  switch (s.steps.top().id) {
    case StepId::AgendaPlay: rules::agenda_legal(c, seat, out); break;
    case StepId::TieBreakOffer: case StepId::TieBreakChoose: rules::tie_legal(c, out); break;
    case StepId::AgendaWinnerPlaces: case StepId::AgendaPairs: rules::selection_legal(c, out); break;
    case StepId::MeetingTurn: case StepId::ChiefIssue: case StepId::DebateOffer: rules::meeting_legal(c, seat, out); break;
    case StepId::PlacementOrder: case StepId::PlaceNetworks: case StepId::PlaceAlignment: rules::placement_legal(c, seat, out); break;
    default: rules::decision_legal(c, seat, out); break;
  }
}

void Game::chance_outcomes(const State& s, core::OutcomeList& out) const {
  if (node_kind(s) != NodeKind::Chance) return;
  const Ctx c{*this, *data_, known_, const_cast<State&>(s), nullptr};
  switch (s.steps.top().id) {
    case StepId::RevealConference: rules::conference_outcomes(c, out); break;
    case StepId::ConvoyRoll: case StepId::PolMilCount: case StepId::PolMilRoll: rules::band_roll_outcomes(c, out); break;
    case StepId::Deal: rules::deal_outcomes(c, out); break;
    case StepId::ReserveRoll: case StepId::SplitRoll: case StepId::FrontRoll: rules::reserve_roll_outcomes(c, out); break;
    case StepId::SecretAgendaDeal: rules::secret_agenda_outcomes(c, out); break;
    case StepId::ABombRoll: rules::a_bomb_outcomes(out); break;
    default: rules::meeting_roll_outcomes(c, out); break;
  }
}

void Game::apply(State& s, core::Seat seat, core::Action a, core::LogSink* log) const {
  const Ctx c{*this, *data_, known_, s, log};
  switch (s.steps.top().id) {
    case StepId::RevealConference: rules::reveal_conference(c, a); break;
    case StepId::ConvoyRoll: case StepId::PolMilCount: case StepId::PolMilRoll: rules::apply_band_roll(c, a); break;
    case StepId::Deal: rules::apply_deal(c, a); break;
    case StepId::ReserveRoll: case StepId::SplitRoll: rules::apply_reserve_roll(c, a); break;
    case StepId::FrontRoll: rules::apply_front_roll(c, a); break;
    case StepId::SecretAgendaDeal: rules::apply_secret_agenda(c, a); break;
    case StepId::PlacementOrder: case StepId::PlaceNetworks: case StepId::PlaceAlignment: rules::apply_placement(c, seat, a); break;
    case StepId::AgendaPlay: rules::apply_agenda_card(c, seat, a); break;
    case StepId::TieBreakOffer: case StepId::TieBreakChoose: rules::apply_tie(c, a); break;
    case StepId::AgendaWinnerPlaces: case StepId::AgendaPairs: rules::apply_selection(c, a); break;
    case StepId::MeetingTurn: case StepId::ChiefIssue: case StepId::DebateOffer: rules::apply_meeting(c, seat, a); break;
    case StepId::AgendaChiefRoll: case StepId::ChiefRoll: case StepId::HealthRoll: case StepId::ParanoiaRoll:
    case StepId::PurgeRoll: rules::apply_meeting_roll(c, a); break;
    case StepId::ABombRoll: rules::apply_a_bomb(c, a); break;
    default: rules::apply_decision(c, seat, a); break;
  }
  settle(c);
}

void Game::run_automatic(State& s, core::LogSink* log) const { settle(Ctx{*this, *data_, known_, s, log}); }

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
