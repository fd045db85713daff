// The state of a game of Churchill: a plain value of fixed size (no heap), so that search can copy it
// millions of times. Everything refers to the data set by small integer indices.
#pragma once

#include <array>
#include <cstdint>

#include "churchill/data.h"
#include "core/step_stack.h"

namespace churchill {

inline constexpr int kMaxIssues = 32;
inline constexpr int kMaxFronts = 8;
inline constexpr int kMaxTheaters = 8;
inline constexpr int kMaxLocations = 32;
inline constexpr int kHandSize = 7;
inline constexpr int kChair = 7;        // the seventh space of a track: the Leader's chair (5.23)
inline constexpr int kMaxMandates = 12;
inline constexpr int kMaxSpaces = 32;

// Seats are the powers: seat index == Power index.
inline constexpr std::int8_t kCenter = -1;  // an issue's track owner when it is on the centre space

// Where an issue counter is.
enum class IssueWhere : std::uint8_t {
  Display,   // on the issue display: available for the agenda
  Table,     // on the conference table (centre, a track, or captured in a chair)
  Removed,   // out of the game (Second Front after Normandy, 6.21; USSR DWJ after Manchuria, 6.22)
};

struct IssueState {
  IssueWhere where = IssueWhere::Display;
  std::int8_t track = kCenter;  // the power whose track it is on, or kCenter
  std::int8_t space = 0;        // 0 centre, 1..6 on the track, kChair captured
  std::uint8_t winner = kNone;  // after the Meeting: the power that won it (5.27)
  bool operator==(const IssueState&) const = default;
};

// Leader status within a conference (3.31, 5.13, 5.26).
struct LeaderState {
  std::uint8_t card = kNone;   // index into Data::leaders (Roosevelt becomes Truman)
  bool active = true;          // may still be used this conference
  bool stays_home = false;     // may not advance (conference card); may debate and break ties
  bool heart_attack = false;   // inactive at the next conference (Churchill's health roll)
  bool operator==(const LeaderState&) const = default;
};

// Production owed to a purpose before any free choice (6.4 priority 1, 6.6).
struct Mandate {
  std::uint8_t power = kNone;
  ProductionUse use{};
  std::uint8_t theater = kNone;
  std::int8_t count = 0;
  bool operator==(const Mandate&) const = default;
};

// A play in the Meeting Segment being resolved (5.22-5.26).
struct Play {
  std::int8_t seat = -1;
  std::uint8_t card = kNone;     // staff card index in the seat's deck; kNone for a Leader
  std::uint8_t issue = kNone;
  std::int8_t value = 0;         // modified value
  bool leader = false;
  bool stop_at_center = false;   // conditional issue: stop on entering the centre (5.22)
  std::int8_t track = kCenter;   // the issue's track when the card was played: attributes read it
  bool operator==(const Play&) const = default;
};

// The flow of play (Rally the Troops' state machine as an explicit stack).
enum class StepId : std::uint8_t {
  // 5.11 Conference card
  RevealConference,   // chance: which version of this conference's card
  Bands,              // apply the card's bands in order; a = band, b = effect
  ConvoyRoll,         // chance 1d6; a = band, b = effect
  PolMilCount,        // chance 1d6: how many Pol-Mil rolls; a = band, b = effect
  PolMilRoll,         // chance 2d6 (red, blue); a = band, b = effect, c = rolls left
  // 5.13 Pre-conference
  PreConference,
  Deal,               // chance: one card to power a; b = cards still to deal to it
  AgendaPlay,         // simultaneous: each seat plays a staff card face down
  AgendaChiefRoll,    // chance 1d6 for power a's Chief of Staff
  AgendaResolve,
  TieBreakOffer,      // 4.51/4.52: seat a may use its Leader; b = tie kind, c = mask of tied powers
  TieBreakChoose,     // seat a (a Leader or the US) chooses the winner among tied powers c; b = tie kind
  AgendaWinnerPlaces, // 5.14: the agenda winner places one issue; a = power, b = space
  AgendaPairs,        // 5.14: power a places issue b (0 or 1) of its pair; c = players left
  // 5.2 Meeting
  MeetingTurn,        // seat a advances (or passes)
  ChiefRoll,          // chance 1d6: the committed Chief of Staff's value; a = 0 advance, 1 debate
  ChiefIssue,         // seat a, once its Chief of Staff's value is rolled: b = 0 chooses the issue of
                      // an advance; b = 1 may stop a debated conditional issue in the centre (5.22)
  DebateOffer,        // seat a may debate the current advance; b = offers left
  ResolvePlay,        // a = 0 advance, 1 debate
  HealthRoll,         // chance; a = power, b = effect index, c = 1 if the Leader card
  ParanoiaRoll,       // chance 2d6
  PurgeRoll,          // chance 1d6 for USSR card a
  EndMeeting,
  // 6.0 Decision Segment
  DirectedOffensives, // seat a places its won Directed Offensives
  DecisionProduction,
  Allocation,         // seat a allocates production; b = players left
  TheaterLeadership,  // seat a decides the holder of region b
  ABombRoll,          // chance 1d6
  GlobalIssue,        // seat a moves a Global Issue marker
  EndConference,      // 7.0: the War Phase begins
  // 7.0 War Phase
  PlacementOrder,     // the US (a) orders players tied for placement; b = 0 networks / 1 alignment, c = tied
  PlaceNetworks,      // 7.1: seat a places its Clandestine Networks; b = order index
  PlaceAlignment,     // 7.3: seat a places its Political Alignment markers; b = order index
  Reserves,           // 7.6: Axis reserves; a = region
  ReserveRoll,        // chance 1d6 for a random placement; a = region, b = what the roll decides
  SplitRoll,          // chance: which Front an odd reserve opposes (7.72.4); a = region
  FrontRoll,          // chance 1d10: front a attempts to advance (7.7)
  Campaigns,          // 7.7: the next Front attempts to advance; a = index in the order of play
  PostMortem,         // 8.0
  GameOver,           // 4.4: the winner is determined
  SecretAgendaDeal,   // chance: power a draws a Secret Agenda marker; b = markers still to draw (10.2)
};

struct Step {
  StepId id{};
  std::int8_t a = 0, b = 0, c = 0;
  bool operator==(const Step&) const = default;
};

struct State {
  std::uint8_t scenario = 0;
  std::int8_t conference = 1;       // 1..10
  std::uint8_t conference_card = kNone;  // index into Data::conference_cards once revealed
  core::StepStack<Step, 24> steps;

  // Conference table
  std::array<IssueState, kMaxIssues> issues{};
  std::array<LeaderState, kPowers> leaders{};
  std::array<std::uint32_t, kPowers> hand{};     // bits: staff deck indices
  std::array<std::uint32_t, kPowers> draw{};     // bits: the undealt part of the deck (unordered)
  std::array<std::uint32_t, kPowers> removed{};  // bits: out of the game (health, purge)
  std::array<std::uint8_t, kPowers> agenda_card{};   // face down until all have played (kNone: not yet)
  std::array<std::int8_t, kPowers> agenda_value{};
  std::int8_t agenda_winner = -1;
  std::int8_t conference_winner = -1;
  std::array<bool, kPowers> pass_earned{};       // debated since the last turn (4.22)
  bool paranoia = false;                         // Stalin's Paranoia this conference
  std::uint8_t purge_by = kNone;                 // Merkulov: the USSR card whose purge falls on the next one
  std::uint8_t purge_card = kNone;               // the USSR card that owes the purge roll
  std::uint8_t purge_roller = kNone;             // ... and the card that imposed it
  std::int8_t meeting_next = -1;                 // whose turn comes after the current play
  Play advance{}, debate{};

  // Decision Segment
  std::array<std::int8_t, kPowers> production{};
  std::array<Mandate, kMaxMandates> mandates{};
  std::int8_t mandate_count = 0;
  std::array<std::int8_t, kPowers> production_delta{};   // conference-card and convoy changes
  std::array<std::int8_t, kPowers> networks_gained{};    // to place in the War Phase (7.1)
  std::array<std::int8_t, kPowers> alignment_gained{};   // to place in the War Phase (7.3)
  // Support markers to place that cost no production, by where they may go: theater leadership
  // (6.9) in Europe, in the Pacific, in either; a card's offensive support on any Front (5.22).
  std::array<std::array<std::int8_t, 4>, kPowers> support_bonus{};
  std::uint32_t activated = 0;                           // Pol-Mil issues activated (6.8)
  std::int8_t a_bomb_modifier = 0;
  bool second_front = false;     // 6.21: ended the conference in the centre
  bool ussr_declares_war = false;  // 6.22

  // Military display
  std::array<std::int8_t, kMaxFronts> front{};           // track position, or kInBox
  std::array<std::int8_t, kMaxFronts> offensive{};       // offensive support on the entry space
  std::array<std::uint8_t, kPowers> directed_front{};    // 6.1: where each power's Directed Offensive is
  std::array<std::int8_t, kPowers> directed_paid{};      // 6.7: production allocated to it so far
  std::array<std::int8_t, kMaxTheaters> naval{};
  std::array<std::array<std::int8_t, kReserveKinds>, kMaxFronts> reserves_on_front{};
  std::array<std::array<std::int8_t, kReserveKinds>, kMaxTheaters> reserves_in_box{};
  std::array<std::int8_t, kReserveKinds> reserves_pool{};   // still in their Axis country
  std::array<std::uint8_t, 2> theater_leader{};             // [Region] -> Power
  std::array<bool, 2> surrendered{};                        // [Region]: Germany, Japan (7.8)
  std::int8_t a_bomb = 0, spy_ring = 0;                     // A-Bomb track positions

  // Countries and colonies
  std::array<std::int8_t, kMaxLocations> networks{};        // Clandestine Networks (0..2)
  std::array<std::uint8_t, kMaxLocations> network_owner{};  // Power, or kNone
  std::array<std::uint8_t, kMaxLocations> alignment{};      // Power with the Political Alignment, or kNone
  std::array<bool, kMaxLocations> behind_front{};           // 7.13: once per location

  // Global Issues (6.11): per marker, kNone = neutral, else the power whose advantage it is on
  std::array<std::uint8_t, 3> global{};
  std::array<std::int8_t, kPowers> conferences_won{};

  // War Phase (7.x) and the end (8.0, 9.4, 4.4)
  std::array<std::int8_t, kPowers> to_place{};        // markers left in the current placement segment
  std::array<std::int8_t, kPowers> order{};           // placement order of the current segment
  std::array<std::int8_t, kMaxSpaces> entered{};      // conference a space was first entered (0: never)
  std::array<std::int8_t, kPowers> german_technology{};  // 7.81
  std::array<std::int8_t, kReserveKinds> reserves_lost{};  // out of play or permanently removed (7.63-7.65)
  std::uint8_t entered_this_conference = 0;           // bits of fronts that entered their Axis power
  bool italy_surrendered = false;
  std::int8_t winner = -1;                            // 4.4, once the game is over
  std::uint64_t agenda_markers_drawn = 0;             // bits of Secret Agenda markers dealt (10.2)
  std::array<std::array<std::uint8_t, 3>, kPowers> secret_agenda{};  // marker indices (secret until the end)
  bool secret_agenda_variant = false;
  bool german_reserves_option = false;                // the optional "German Reserves" rule (ruling 7)
  // In an observation (observe.cpp) only: the number of cards in the hands that were cleared.
  std::array<std::int8_t, kPowers> hidden_hand{};
  bool operator==(const State&) const = default;
};

}  // namespace churchill
