// The state of a game of Churchill: a plain value of fixed size (no heap), so that search can copy it
// millions of times. Everything refers to the data set by small integer indices.
#pragma once

#include <array>
#include <cstdint>

#include "churchill/data.h"
#include "core/ids.h"
#include "core/step_stack.h"
#include "core/steps.h"

namespace churchill {

inline constexpr int kHandSize = 7;
inline constexpr int kChair = 7;  // the seventh space of a track: the Leader's chair (5.23)
inline constexpr int kMaxMandates = 12;

// A counter of the State changed by `n` (a count of markers, reserves, production: small).
inline void add_to(std::int8_t& counter, int n) { counter = static_cast<std::int8_t>(counter + n); }

// A set of one power's staff cards (a hand, a draw pile, the cards out of the game): bit i for the
// card of index i in its deck, in the one word a State has always held (core::IdBits), so its layout
// and hash are unchanged.
using StaffSet = core::IdBits<StaffId, std::uint32_t>;
static_assert(kStaffPerDeck <= static_cast<int>(StaffSet::kWidth));
// Seats are the powers: seat index == Power index.
// An issue's track when it is on the centre space (and a play's, made on an issue there): no power's,
// the byte kNoPower the State has always held there (an int8's -1).
inline constexpr Power kCenter = kNoPower;

// Where an issue counter is.
enum class IssueWhere : std::uint8_t {
  Display,  // on the issue display: available for the agenda
  Table,    // on the conference table (centre, a track, or captured in a chair)
  Removed,  // out of the game (Second Front after Normandy, 6.21; USSR DWJ after Manchuria, 6.22)
};

struct IssueState {
  IssueWhere where = IssueWhere::Display;
  Power track = kCenter;    // the power whose track it is on, or kCenter
  std::int8_t space = 0;    // 0 centre, 1..6 on the track, kChair captured
  Power winner = kNoPower;  // after the Meeting: the power that won it (5.27)
  bool on_track_of(Power p) const { return track == p; }
  bool operator==(const IssueState&) const = default;
};

// Leader status within a conference (3.31, 5.13, 5.26).
struct LeaderState {
  LeaderId card = kNoLeader;  // the power's Leader card (Roosevelt becomes Truman)
  bool active = true;         // may still be used this conference
  bool stays_home = false;    // may not advance (conference card); may debate and break ties
  bool heart_attack = false;  // inactive at the next conference (Churchill's health roll)
  bool operator==(const LeaderState&) const = default;
};

// Production owed to a purpose before any free choice (6.4 priority 1, 6.6).
struct Mandate {
  Power power = kNoPower;
  ProductionUse use{};
  TheaterId theater = kNoTheater;
  std::int8_t count = 0;
  bool operator==(const Mandate&) const = default;
};

// A play in the Meeting Segment being resolved (5.22-5.26). Its seat, card and issue are typed ids
// in the bytes they always were (kNoPower's byte is the -1 of "nobody played").
struct Play {
  Power seat = kNoPower;     // kNoPower: nobody has played (the debate nobody made)
  StaffId card = kNoStaff;   // the staff card in the seat's deck; kNoStaff for a Leader
  IssueId issue = kNoIssue;  // kNoIssue: a play on no issue (a Leader breaking a tie)
  std::int8_t value = 0;     // modified value
  bool leader = false;
  bool stop_at_center = false;  // conditional issue: stop on entering the centre (5.22)
  Power track = kCenter;        // the issue's track when the card was played: attributes read it
  bool made() const { return seat != kNoPower; }
  bool operator==(const Play&) const = default;
};

// The flow of play (Rally the Troops' state machine as an explicit stack). Each step's payload is
// the type of its name in churchill::step (below).
enum class StepId : std::uint8_t {
  // 5.11 Conference card
  RevealConference,  // chance: which version of this conference's card
  Bands,             // apply the card's bands in order
  ConvoyRoll,        // chance 1d6 for a convoy
  PolMilCount,       // chance 1d6, how many Pol-Mil rolls
  PolMilRoll,        // chance 2d6 (red, blue)
  // 5.13 Pre-conference
  PreConference,
  Deal,             // chance, one staff card
  AgendaPlay,       // simultaneous: each seat plays a staff card face down
  AgendaChiefRoll,  // chance 1d6 for a power's Chief of Staff
  AgendaResolve,
  TieBreakOffer,       // 4.51/4.52, a seat may use its Leader
  TieBreakChoose,      // a Leader or the US chooses the winner among the tied powers
  AgendaWinnerPlaces,  // 5.14, the agenda winner places one issue
  AgendaPairs,         // 5.14, each player places a pair of issues in the centre
  // 5.2 Meeting
  MeetingTurn,   // a seat advances (or passes)
  ChiefRoll,     // chance 1d6, the committed Chief of Staff's value
  ChiefIssue,    // the seat whose Chief of Staff's value is rolled chooses
  DebateOffer,   // a seat may debate the current advance
  ResolvePlay,   // 5.23, the play is resolved once its debate is over
  HealthRoll,    // chance
  ParanoiaRoll,  // chance 2d6
  PurgeRoll,     // chance 1d6
  EndMeeting,
  // 6.0 Decision Segment
  DirectedOffensives,  // a seat places its won Directed Offensives
  DecisionProduction,
  Allocation,         // a seat allocates production
  TheaterLeadership,  // a seat decides a region's holder
  ABombRoll,          // chance 1d6
  GlobalIssue,        // a seat moves a Global Issue marker
  EndConference,      // 7.0: the War Phase begins
  // 7.0 War Phase
  PlacementOrder,    // the US orders players tied for placement
  PlaceNetworks,     // 7.1, a seat places its Clandestine Networks
  PlaceAlignment,    // 7.3, a seat places its Political Alignment markers
  Reserves,          // 7.6, Axis reserves
  ReserveRoll,       // chance 1d6 for a random placement
  SplitRoll,         // chance, which Front an odd reserve opposes (7.72.4)
  FrontRoll,         // chance 1d10, a Front attempts to advance (7.7)
  Campaigns,         // 7.7, the next Front attempts to advance
  PostMortem,        // 8.0
  GameOver,          // 4.4: the winner is determined
  SecretAgendaDeal,  // chance, a power draws a Secret Agenda marker (10.2)
  Count_,            // the number of steps (not a step)
};
inline constexpr std::size_t kStepCount = static_cast<std::size_t>(StepId::Count_);

// A pending step: its id and its payload's three bytes (core/steps.h), in the layout its payload
// type documents; a State stays small, and its hash is what save files recorded.
using Step = core::steps::Record<StepId>;
using StepBytes = core::steps::Bytes;
constexpr std::int8_t byte_of(int v) { return static_cast<std::int8_t>(v); }
// The powers tied in a payload's byte: its low three bits.
constexpr PowerSet tied_of(std::int8_t b) { return PowerSet{static_cast<std::uint8_t>(b & 7)}; }

// --- Step payloads ------------------------------------------------------------------------------
// One type per step, named after it: pushed as `c.push(step::FrontRoll{front})`, read as
// `st.as<step::FrontRoll>().front`. A field that names a power, a Front, a staff card or a theater is
// its typed id; counts, indices into an order, kinds and bit sets are ints. Each is packed into the
// three bytes by pack() in the layout given beside each, and unpack() is where a byte becomes an id
// again, through its checked conversion (power_at, front_at, staff_at, theater_at). Decision steps
// name the acting seat `seat` (its power), in the first byte.
namespace step {

// The layouts several steps share; each of those steps has its own payload type of the layout
// (Of<StepId, Layout>, below), so that reading one step as another stops the program.
// The band effect rolled for (5.11). Layout: band * 16 + effect, 0, 0.
struct BandEffect {
  int band = 0, effect = 0;
  StepBytes pack() const { return {byte_of(band * 16 + effect), 0, 0}; }
  static BandEffect unpack(StepBytes b) { return {b[0] / 16, b[0] % 16}; }
};
// The power dealt to and the cards (markers) still to deal it. Layout: power, left, 0.
struct Dealing {
  Power power = Power::UK;
  int left = 0;
  StepBytes pack() const { return {byte_of(index(power)), byte_of(left), 0}; }
  static Dealing unpack(StepBytes b) { return {power_at(b[0]), b[1]}; }
};
// The seat to act. Layout: seat, 0, 0.
struct SeatTurn {
  Power seat = Power::UK;
  StepBytes pack() const { return {byte_of(index(seat)), 0, 0}; }
  static SeatTurn unpack(StepBytes b) { return {power_at(b[0])}; }
};
// The seat to act and its index in the order of the activity. Layout: seat, index, 0.
struct OrderedTurn {
  Power seat = Power::UK;
  int index = 0;
  StepBytes pack() const { return {byte_of(churchill::index(seat)), byte_of(index), 0}; }
  static OrderedTurn unpack(StepBytes b) { return {power_at(b[0]), b[1]}; }
};
// The payload of step `Id` in `Layout`: `step::Deal{power, left}`.
template <StepId Id, class Layout>
struct Of : Layout {
  static constexpr StepId id = Id;
  static Of unpack(StepBytes b) { return {Layout::unpack(b)}; }
};

// 5.11 Conference card
struct RevealConference {
  static constexpr StepId id = StepId::RevealConference;
};
// Bands: where the card's bands resume (band, next effect). Layout: band, effect, 0.
struct Bands {
  static constexpr StepId id = StepId::Bands;
  int band = 0, effect = 0;
  StepBytes pack() const { return {byte_of(band), byte_of(effect), 0}; }
  static Bands unpack(StepBytes b) { return {b[0], b[1]}; }
};
using ConvoyRoll = Of<StepId::ConvoyRoll, BandEffect>;
using PolMilCount = Of<StepId::PolMilCount, BandEffect>;
// PolMilRoll: the band effect rolled for, the rolls each power makes, and the power rolling (its
// index in the 5.12 order) with its rolls left. Layout: band * 16 + effect, rolls_per_power,
// order * 16 + rolls_left.
struct PolMilRoll {
  static constexpr StepId id = StepId::PolMilRoll;
  int band = 0, effect = 0, rolls_per_power = 0, order = 0, rolls_left = 0;
  StepBytes pack() const { return {byte_of(band * 16 + effect), byte_of(rolls_per_power), byte_of(order * 16 + rolls_left)}; }
  static PolMilRoll unpack(StepBytes b) { return {b[0] / 16, b[0] % 16, b[1], b[2] / 16, b[2] % 16}; }
};
// 5.13 Pre-conference
struct PreConference {
  static constexpr StepId id = StepId::PreConference;
};
using Deal = Of<StepId::Deal, Dealing>;
struct AgendaPlay {
  static constexpr StepId id = StepId::AgendaPlay;
};
// AgendaChiefRoll: the power whose Chief of Staff rolls. Layout: power, 0, 0.
struct AgendaChiefRoll {
  static constexpr StepId id = StepId::AgendaChiefRoll;
  Power power = Power::UK;
  StepBytes pack() const { return {byte_of(index(power)), 0, 0}; }
  static AgendaChiefRoll unpack(StepBytes b) { return {power_at(b[0])}; }
};
struct AgendaResolve {
  static constexpr StepId id = StepId::AgendaResolve;
};
// 4.5 ties: kind 0 is the agenda's (4.51), 1 the conference winner's (4.52); tied, the powers tied.
// TieBreakOffer: the seat offered the tie and how many seats were offered it before.
// Layout: seat, kind, tied | offered << 3.
struct TieBreakOffer {
  static constexpr StepId id = StepId::TieBreakOffer;
  Power seat = Power::UK;
  int kind = 0;
  PowerSet tied;
  int offered = 0;
  StepBytes pack() const { return {byte_of(index(seat)), byte_of(kind), byte_of(tied.bits | offered << 3)}; }
  static TieBreakOffer unpack(StepBytes b) { return {power_at(b[0]), b[1], tied_of(b[2]), b[2] >> 3}; }
};
// TieBreakChoose: the seat choosing (a Leader, or the US under 4.53). Layout: seat, kind,
// tied | by_leader << 3.
struct TieBreakChoose {
  static constexpr StepId id = StepId::TieBreakChoose;
  Power seat = Power::UK;
  int kind = 0;
  PowerSet tied;
  bool by_leader = false;
  StepBytes pack() const { return {byte_of(index(seat)), byte_of(kind), byte_of(tied.bits | (by_leader ? 8 : 0))}; }
  static TieBreakChoose unpack(StepBytes b) { return {power_at(b[0]), b[1], tied_of(b[2]), (b[2] & 8) != 0}; }
};
// AgendaWinnerPlaces: the winner and the space of its track (0: the centre). Layout: seat, space, 0.
struct AgendaWinnerPlaces {
  static constexpr StepId id = StepId::AgendaWinnerPlaces;
  Power seat = Power::UK;
  int space = 0;
  StepBytes pack() const { return {byte_of(index(seat)), byte_of(space), 0}; }
  static AgendaWinnerPlaces unpack(StepBytes b) { return {power_at(b[0]), b[1]}; }
};
// AgendaPairs: the seat placing, the issues of its pair placed so far, the players still to place.
// Layout: seat, picked, players_left.
struct AgendaPairs {
  static constexpr StepId id = StepId::AgendaPairs;
  Power seat = Power::UK;
  int picked = 0, players_left = 0;
  StepBytes pack() const { return {byte_of(index(seat)), byte_of(picked), byte_of(players_left)}; }
  static AgendaPairs unpack(StepBytes b) { return {power_at(b[0]), b[1], b[2]}; }
};
// 5.2 Meeting
using MeetingTurn = Of<StepId::MeetingTurn, SeatTurn>;
// ChiefRoll: whether the Chief of Staff was committed to a debate (else to an advance).
// Layout: debate, 0, 0.
struct ChiefRoll {
  static constexpr StepId id = StepId::ChiefRoll;
  bool debate = false;
  StepBytes pack() const { return {byte_of(debate), 0, 0}; }
  static ChiefRoll unpack(StepBytes b) { return {b[0] != 0}; }
};
// ChiefIssue: the seat; for an advance it chooses the issue, for a debate whether a conditional
// issue stops in the centre (5.22). Layout: seat, debate, 0.
struct ChiefIssue {
  static constexpr StepId id = StepId::ChiefIssue;
  Power seat = Power::UK;
  bool debate = false;
  StepBytes pack() const { return {byte_of(index(seat)), byte_of(debate), 0}; }
  static ChiefIssue unpack(StepBytes b) { return {power_at(b[0]), b[1] != 0}; }
};
// DebateOffer: the seat offered the debate, and the offers after it. Layout: seat, offers_left, 0.
struct DebateOffer {
  static constexpr StepId id = StepId::DebateOffer;
  Power seat = Power::UK;
  int offers_left = 0;
  StepBytes pack() const { return {byte_of(index(seat)), byte_of(offers_left), 0}; }
  static DebateOffer unpack(StepBytes b) { return {power_at(b[0]), b[1]}; }
};
// ResolvePlay: the advance reaches the chair unless the debate stops it (5.23). Layout: pending, 0, 0.
struct ResolvePlay {
  static constexpr StepId id = StepId::ResolvePlay;
  bool capture_pending = false;
  StepBytes pack() const { return {byte_of(capture_pending), 0, 0}; }
  static ResolvePlay unpack(StepBytes b) { return {b[0] != 0}; }
};
// HealthRoll: the power, its staff card or its Leader, and the index of the card's effect.
// Layout: power, card (-1: the Leader), effect.
struct HealthRoll {
  static constexpr StepId id = StepId::HealthRoll;
  Power power = Power::UK;
  bool leader = false;
  StaffId card{};  // when not the Leader
  int effect = 0;
  StepBytes pack() const { return {byte_of(index(power)), byte_of(leader ? -1 : index(card)), byte_of(effect)}; }
  static HealthRoll unpack(StepBytes b) { return {power_at(b[0]), b[1] < 0, b[1] < 0 ? StaffId{} : staff_at(b[1]), b[2]}; }
};
// ParanoiaRoll: the power (the USSR) and the index of Stalin's effect. Layout: power, 0, effect.
struct ParanoiaRoll {
  static constexpr StepId id = StepId::ParanoiaRoll;
  Power power = Power::USSR;
  int effect = 0;
  StepBytes pack() const { return {byte_of(index(power)), 0, byte_of(effect)}; }
  static ParanoiaRoll unpack(StepBytes b) { return {power_at(b[0]), b[2]}; }
};
// PurgeRoll: the USSR card that may be purged and the card that imposed the roll.
// Layout: card, roller, 0.
struct PurgeRoll {
  static constexpr StepId id = StepId::PurgeRoll;
  StaffId card{}, roller{};
  StepBytes pack() const { return {byte_of(index(card)), byte_of(index(roller)), 0}; }
  static PurgeRoll unpack(StepBytes b) { return {staff_at(b[0]), staff_at(b[1])}; }
};
struct EndMeeting {
  static constexpr StepId id = StepId::EndMeeting;
};
// 6.0 Decision Segment
using DirectedOffensives = Of<StepId::DirectedOffensives, OrderedTurn>;
struct DecisionProduction {
  static constexpr StepId id = StepId::DecisionProduction;
};
using Allocation = Of<StepId::Allocation, OrderedTurn>;
// TheaterLeadership: the seat deciding, the Region, and the index of the decision (6.9).
// Layout: seat, region, index.
struct TheaterLeadership {
  static constexpr StepId id = StepId::TheaterLeadership;
  Power seat = Power::UK;
  int region = 0, index = 0;
  StepBytes pack() const { return {byte_of(churchill::index(seat)), byte_of(region), byte_of(index)}; }
  static TheaterLeadership unpack(StepBytes b) { return {power_at(b[0]), b[1], b[2]}; }
};
struct ABombRoll {
  static constexpr StepId id = StepId::ABombRoll;
};
using GlobalIssue = Of<StepId::GlobalIssue, SeatTurn>;
struct EndConference {
  static constexpr StepId id = StepId::EndConference;
};
// 7.0 War Phase
// PlacementOrder: the US, the segment (0 networks, 1 alignment) and the tied powers (bits).
// Layout: seat, kind, tied.
struct PlacementOrder {
  static constexpr StepId id = StepId::PlacementOrder;
  Power seat = Power::US;
  int kind = 0;
  PowerSet tied;
  StepBytes pack() const { return {byte_of(index(seat)), byte_of(kind), byte_of(tied.bits)}; }
  static PlacementOrder unpack(StepBytes b) { return {power_at(b[0]), b[1], tied_of(b[2])}; }
};
using PlaceNetworks = Of<StepId::PlaceNetworks, OrderedTurn>;
using PlaceAlignment = Of<StepId::PlaceAlignment, OrderedTurn>;
// Reserves: the Region placing (0 Europe, 1 Pacific) and its next priority (7.62, 7.64).
// Layout: region, priority, 0.
struct Reserves {
  static constexpr StepId id = StepId::Reserves;
  int region = 0, priority = 0;
  StepBytes pack() const { return {byte_of(region), byte_of(priority), 0}; }
  static Reserves unpack(StepBytes b) { return {b[0], b[1]}; }
};
// ReserveRoll: the Region; in the Pacific what the roll decides (1 the IJN sortie, 7.64.4; 2 the
// IJN battle, 7.64.5, in `theater`; 3 an army's Front, 7.64.6). Layout: region, decides, theater
// (0 where the roll decides no battle).
struct ReserveRoll {
  static constexpr StepId id = StepId::ReserveRoll;
  int region = 0, decides = 0;
  TheaterId theater{};
  StepBytes pack() const { return {byte_of(region), byte_of(decides), byte_of(index(theater))}; }
  static ReserveRoll unpack(StepBytes b) { return {b[0], b[1], theater_at(b[2])}; }
};
// SplitRoll: what is split (war.cpp SplitKind), the odd reserves left, the Fronts (bits).
// Layout: what, odd, fronts.
struct SplitRoll {
  static constexpr StepId id = StepId::SplitRoll;
  int what = 0, odd = 0;
  std::uint8_t fronts = 0;
  StepBytes pack() const { return {byte_of(what), byte_of(odd), byte_of(fronts)}; }
  static SplitRoll unpack(StepBytes b) { return {b[0], b[1], static_cast<std::uint8_t>(b[2])}; }
};
// FrontRoll: the Front. Layout: front, 0, 0.
struct FrontRoll {
  static constexpr StepId id = StepId::FrontRoll;
  FrontId front{};
  StepBytes pack() const { return {byte_of(index(front)), 0, 0}; }
  static FrontRoll unpack(StepBytes b) { return {front_at(b[0])}; }
};
// Campaigns: the index of the next Front in the order of play (7.7). Layout: index, 0, 0.
struct Campaigns {
  static constexpr StepId id = StepId::Campaigns;
  int index = 0;
  StepBytes pack() const { return {byte_of(index), 0, 0}; }
  static Campaigns unpack(StepBytes b) { return {b[0]}; }
};
struct PostMortem {
  static constexpr StepId id = StepId::PostMortem;
};
struct GameOver {
  static constexpr StepId id = StepId::GameOver;
};
using SecretAgendaDeal = Of<StepId::SecretAgendaDeal, Dealing>;

}  // namespace step

struct State {
  std::uint8_t scenario = 0;
  std::int8_t conference = 1;                            // 1..10
  ConferenceCardId conference_card = kNoConferenceCard;  // once revealed (9.2)
  core::StepStack<Step, 24> steps;

  // Conference table
  IssueArray<IssueState> issues{};
  PowerArray<LeaderState> leaders{};
  PowerArray<StaffSet> hand{};        // the cards in hand
  PowerArray<StaffSet> draw{};        // the undealt part of the deck (unordered)
  PowerArray<StaffSet> removed{};     // out of the game (health, purge)
  PowerArray<StaffId> agenda_card{};  // face down until all have played (kNoStaff: not yet)
  PowerArray<std::int8_t> agenda_value{};
  Power agenda_winner = kNoPower;  // 5.14, once the agenda is decided (the byte of an int8's -1 until then)
  Power conference_winner = kNoPower;
  PowerArray<bool> pass_earned{};   // debated since the last turn (4.22)
  bool paranoia = false;            // Stalin's Paranoia this conference
  StaffId purge_by = kNoStaff;      // Merkulov: the USSR card whose purge falls on the next one
  StaffId purge_card = kNoStaff;    // the USSR card that owes the purge roll
  StaffId purge_roller = kNoStaff;  // ... and the card that imposed it
  Power meeting_next = kNoPower;    // whose turn comes after the current play
  Play advance{}, debate{};

  // Decision Segment
  PowerArray<std::int8_t> production{};
  std::array<Mandate, kMaxMandates> mandates{};
  std::int8_t mandate_count = 0;
  PowerArray<std::int8_t> production_delta{};  // conference-card and convoy changes
  PowerArray<std::int8_t> networks_gained{};   // to place in the War Phase (7.1)
  PowerArray<std::int8_t> alignment_gained{};  // to place in the War Phase (7.3)
  // Support markers to place that cost no production, by where they may go: theater leadership
  // (6.9) in Europe, in the Pacific, in either; a card's offensive support on any Front (5.22).
  PowerArray<std::array<std::int8_t, 4>> support_bonus{};
  std::uint32_t activated = 0;  // Pol-Mil issues activated (6.8)
  std::int8_t a_bomb_modifier = 0;
  bool second_front = false;       // 6.21: ended the conference in the centre
  bool ussr_declares_war = false;  // 6.22

  // Military display
  FrontArray<std::int8_t> front{};          // track position, or kInBox
  FrontArray<std::int8_t> offensive{};      // offensive support on the entry space
  PowerArray<FrontId> directed_front{};     // 6.1: where each power's Directed Offensive is (kNoFront: none)
  PowerArray<std::int8_t> directed_paid{};  // 6.7: production allocated to it so far
  TheaterArray<std::int8_t> naval{};
  FrontArray<std::array<std::int8_t, kReserveKinds>> reserves_on_front{};
  TheaterArray<std::array<std::int8_t, kReserveKinds>> reserves_in_box{};
  std::array<std::int8_t, kReserveKinds> reserves_pool{};  // still in their Axis country
  std::array<Power, 2> theater_leader{};                   // [Region]: who holds its Theater Leadership
  std::array<bool, 2> surrendered{};                       // [Region]: Germany, Japan (7.8)
  std::int8_t a_bomb = 0, spy_ring = 0;                    // A-Bomb track positions

  // Countries and colonies
  LocationArray<std::int8_t> networks{};  // Clandestine Networks (0..2)
  LocationArray<Power> network_owner{};   // the power whose networks they are, or kNoPower
  LocationArray<Power> alignment{};       // the power with the Political Alignment, or kNoPower
  LocationArray<bool> behind_front{};     // 7.13: once per location

  // Global Issues (6.11): per marker, kNoPower = neutral, else the power whose advantage it is on
  GlobalIssueArray<Power> global{};
  PowerArray<std::int8_t> conferences_won{};

  // War Phase (7.x) and the end (8.0, 9.4, 4.4)
  PowerArray<std::int8_t> to_place{};                      // markers left in the current placement segment
  std::array<Power, kPowers> order{};                      // placement order of the current segment
  SpaceArray<std::int8_t> entered{};                       // conference a space was first entered (0: never)
  PowerArray<std::int8_t> german_technology{};             // 7.81
  std::array<std::int8_t, kReserveKinds> reserves_lost{};  // out of play or permanently removed (7.63-7.65)
  std::uint8_t entered_this_conference = 0;                // bits of fronts that entered their Axis power
  bool italy_surrendered = false;
  Power winner = kNoPower;                              // 4.4, once the game is over
  MarkerSet agenda_markers_drawn{};                     // the Secret Agenda markers dealt (10.2)
  PowerArray<std::array<MarkerId, 3>> secret_agenda{};  // each power's markers, kNoMarker until dealt (secret until the end)
  bool secret_agenda_variant = false;
  bool german_reserves_option = false;  // the optional "German Reserves" rule (ruling 7)
  // In an observation (observe.cpp) only: the number of cards in the hands that were cleared.
  PowerArray<std::int8_t> hidden_hand{};
  bool operator==(const State&) const = default;

  // How many staff cards `power` holds, whether its hand is seen or hidden (in an observation).
  int cards_in_hand(Power power) const { return hand[power].count() + hidden_hand[power]; }
  int cards_in_hand(int seat) const { return cards_in_hand(power_at(seat)); }  // a seat's, converted here
};

}  // namespace churchill
