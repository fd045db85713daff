// The Churchill data set: cards, map, issues, tables and scenarios, loaded from data/churchill/*.json
// and validated at start-up (docs/data.md). Everything is addressed by small integer indices; the
// string ids exist for files, saves and people.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/data_error.h"
#include "core/i18n.h"
#include "core/ids.h"

namespace churchill {

// An array index from the small signed integers the rules compute with.
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// ---------------------------------------------------------------------------------------------
// Basic vocabulary

enum class Power : std::uint8_t { UK, US, USSR };
inline constexpr int kPowers = 3;
inline constexpr std::array<Power, kPowers> kAllPowers = {Power::UK, Power::US, Power::USSR};
std::string_view power_name(Power p);  // "UK", "US", "USSR"
std::optional<Power> power_from_name(std::string_view name);
// The power of index `i` (0 UK, 1 US, 2 USSR): where the ints the rules compute with (seats, log
// arguments, step payloads' bytes) meet a typed array, checked by CORE_EXPECT where checks are live.
constexpr Power power_at(int i) { return core::id_at<Power, kPowers>(i); }
constexpr int index(Power p) { return static_cast<int>(p); }
// One value per power, indexed only by Power.
template <class T>
using PowerArray = core::IdArray<Power, T, kPowers>;
// A set of powers (the powers a Pol-Mil placement or a victory condition names, the powers tied):
// bit i for the power of index i, in the byte such a set has always been (core::IdBits), so a step
// payload that holds one packs the same bits. power_bit(p) is the set of the one power.
using PowerSet = core::IdBits<Power, std::uint8_t>;
constexpr PowerSet power_bit(Power p) { return PowerSet::of(p); }
inline constexpr PowerSet kEveryPower = PowerSet::first(kPowers);

inline constexpr std::uint8_t kNone = 0xff;  // "no index"
// None, where a byte of the State or a datum may name no power (a Meeting play nobody made, a
// location without networks, a neutral Global Issue marker): the byte kNone it has always held.
inline constexpr Power kNoPower = Power{kNone};
// A power that may be none as the ints the log, the hash and a game's result have always held it: its
// index, or -1 for kNoPower; and back (a log's argument), checked where checks are live.
constexpr int index_or_none(Power p) { return p == kNoPower ? -1 : index(p); }
constexpr Power power_or_none(int i) { return i < 0 ? kNoPower : power_at(i); }

// A Front: its index into Data::fronts, typed so that it indexes only the arrays of Fronts
// (core/ids.h); an int becomes one through front_at, checked where checks are live.
inline constexpr int kMaxFronts = 8;
enum class FrontId : std::uint8_t {};
template <class T>
using FrontArray = core::IdArray<FrontId, T, kMaxFronts>;
constexpr FrontId front_at(int i) { return core::id_at<FrontId, kMaxFronts>(i); }
constexpr int index(FrontId f) { return static_cast<int>(f); }
inline constexpr FrontId kNoFront = FrontId{kNone};  // where a byte or a datum names no Front

// The map's nouns (3.2): the theater boxes, the spaces of the Front Tracks, and the countries and
// colonies that take markers (locations). Each is its index into its array of Data, typed so that it
// indexes only its own arrays (core/ids.h); an int (an action's argument, a log argument) becomes one
// through theater_at, space_at or location_at, checked where checks are live.
inline constexpr int kMaxTheaters = 8;
inline constexpr int kMaxSpaces = 32;
inline constexpr int kMaxLocations = 32;
enum class TheaterId : std::uint8_t {};
enum class SpaceId : std::uint8_t {};
enum class LocationId : std::uint8_t {};
template <class T>
using TheaterArray = core::IdArray<TheaterId, T, kMaxTheaters>;
template <class T>
using SpaceArray = core::IdArray<SpaceId, T, kMaxSpaces>;
template <class T>
using LocationArray = core::IdArray<LocationId, T, kMaxLocations>;
constexpr TheaterId theater_at(int i) { return core::id_at<TheaterId, kMaxTheaters>(i); }
constexpr SpaceId space_at(int i) { return core::id_at<SpaceId, kMaxSpaces>(i); }
constexpr LocationId location_at(int i) { return core::id_at<LocationId, kMaxLocations>(i); }
constexpr int index(TheaterId t) { return static_cast<int>(t); }
constexpr int index(SpaceId s) { return static_cast<int>(s); }
constexpr int index(LocationId l) { return static_cast<int>(l); }
// None, where a datum may name none (a location off the Front Tracks, an effect naming no theater).
inline constexpr SpaceId kNoSpace = SpaceId{kNone};
inline constexpr TheaterId kNoTheater = TheaterId{kNone};
inline constexpr LocationId kNoLocation = LocationId{kNone};

// A Leader card (3.31): its index into Data::leaders, typed so that it indexes only the Leaders
// (core/ids.h); an int (a log argument) becomes one through leader_at, checked where checks are live.
inline constexpr int kMaxLeaders = 8;
enum class LeaderId : std::uint8_t {};
constexpr LeaderId leader_at(int i) { return core::id_at<LeaderId, kMaxLeaders>(i); }
constexpr int index(LeaderId l) { return static_cast<int>(l); }
inline constexpr LeaderId kNoLeader = LeaderId{kNone};  // where a byte or a datum names no Leader

// An Axis power (7.8): its index into Data::axis, typed the same way (axis_at, kNoAxis where a space
// is no Axis power).
inline constexpr int kMaxAxisPowers = 4;
enum class AxisId : std::uint8_t {};
constexpr AxisId axis_at(int i) { return core::id_at<AxisId, kMaxAxisPowers>(i); }
constexpr int index(AxisId a) { return static_cast<int>(a); }
inline constexpr AxisId kNoAxis = AxisId{kNone};
// 4.4, 7.8: the Axis power whose surrender a Region's index records (State::surrendered, a log's
// Surrender): Germany in Europe, Japan in the Pacific, the data set's first two Axis powers.
constexpr AxisId surrendered_axis(int region) { return axis_at(region == 0 ? 0 : 1); }

// A conference card (9.2): its index into Data::conference_cards, typed the same way
// (conference_card_at, kNoConferenceCard before a conference's card is revealed).
inline constexpr int kConferenceCards = 30;  // 9.2: versions A, B and C of each of the ten conferences
enum class ConferenceCardId : std::uint8_t {};
constexpr ConferenceCardId conference_card_at(int i) { return core::id_at<ConferenceCardId, kConferenceCards>(i); }
constexpr int index(ConferenceCardId c) { return static_cast<int>(c); }
inline constexpr ConferenceCardId kNoConferenceCard = ConferenceCardId{kNone};

// A Secret Agenda marker (10.1): its index into Data::secret_agenda, typed the same way (marker_at,
// kNoMarker where a power holds none).
inline constexpr int kSecretAgendaMarkers = 36;  // 10.1
enum class MarkerId : std::uint8_t {};
constexpr MarkerId marker_at(int i) { return core::id_at<MarkerId, kSecretAgendaMarkers>(i); }
constexpr int index(MarkerId m) { return static_cast<int>(m); }
inline constexpr MarkerId kNoMarker = MarkerId{kNone};
// A set of Secret Agenda markers (those dealt, those a seat sees): bit i for marker i.
using MarkerSet = core::IdBits<MarkerId, std::uint64_t>;

// A Global Issue marker (6.11): its index into Data::global_issues, typed the same way
// (global_issue_at, kNoGlobalIssue where two powers debate none).
inline constexpr int kGlobalIssues = 3;  // 6.11
enum class GlobalIssueId : std::uint8_t {};
constexpr GlobalIssueId global_issue_at(int i) { return core::id_at<GlobalIssueId, kGlobalIssues>(i); }
constexpr int index(GlobalIssueId g) { return static_cast<int>(g); }
inline constexpr GlobalIssueId kNoGlobalIssue = GlobalIssueId{kNone};
template <class T>
using GlobalIssueArray = core::IdArray<GlobalIssueId, T, kGlobalIssues>;

enum class Provenance : std::uint8_t { Rulebook, RulebookIt, RulebookRu, Reconstructed };
inline constexpr int kProvenances = 4;
std::string_view provenance_name(Provenance p);  // "rulebook", "rulebook-it", ...

struct StatedField {
  std::string field;
  Provenance provenance;
  std::string source;
};

// Where a datum comes from (docs/data.md, "Provenance").
struct Origin {
  Provenance provenance = Provenance::Reconstructed;
  std::string source;
  std::vector<StatedField> stated;  // fields whose provenance differs from the entry's
};

struct Dice {
  std::uint8_t count = 0;
  std::uint8_t sides = 0;  // 0: no dice
};

struct Range {
  std::int8_t lo = 0, hi = -1;  // inclusive; empty by default
  bool contains(int v) const { return v >= lo && v <= hi; }
};

// ---------------------------------------------------------------------------------------------
// Issues

enum class IssueKind : std::uint8_t {
  PolMil,
  Production,
  DirectedOffensive,
  TheaterLeadership,
  ABombResearch,
  GlobalIssue,
  SecondFront,
  UssrDeclaresWar,
  StrategicMaterials,
};
inline constexpr int kIssueKinds = 9;
std::string_view issue_kind_name(IssueKind k);

enum class Region : std::uint8_t { Europe, Pacific };

// An issue counter: its index into Data::issues, typed so that it indexes only the issues' arrays
// (core/ids.h); an int becomes one through issue_at, checked where checks are live.
inline constexpr int kMaxIssues = 32;
enum class IssueId : std::uint8_t {};
template <class T>
using IssueArray = core::IdArray<IssueId, T, kMaxIssues>;
constexpr IssueId issue_at(int i) { return core::id_at<IssueId, kMaxIssues>(i); }
constexpr int index(IssueId i) { return static_cast<int>(i); }
inline constexpr IssueId kNoIssue = IssueId{kNone};  // where a byte or a datum names no issue
// A set of issues (the issues on the table, the conditional ones, a condition's): bit i for the
// issue of index i.
using IssueSet = core::IdBits<IssueId, std::uint32_t>;
static_assert(kMaxIssues <= static_cast<int>(IssueSet::kWidth));
// A set of kinds of issue (a condition's), bit i for the kind of value i.
using IssueKindSet = core::IdBits<IssueKind, std::uint16_t>;
static_assert(kIssueKinds <= static_cast<int>(IssueKindSet::kWidth));

struct Issue {
  std::string id, name;
  IssueKind kind{};
  Power power = kNoPower;     // Production, Directed Offensive: the power named on it
  Region region{};            // Theater Leadership: which theater command
  std::int8_t alignment = 0;  // Pol-Mil X
  std::int8_t networks = 0;   // Pol-Mil Y
  Origin origin;
  bool conditional() const { return kind == IssueKind::SecondFront || kind == IssueKind::UssrDeclaresWar; }
};

// ---------------------------------------------------------------------------------------------
// Effects: the typed vocabulary of docs/data.md, interpreted by the rules.

// When a card effect applies; every set member must hold.
struct Condition {
  enum class Use : std::uint8_t { Any, Advance, Debate } use = Use::Any;
  IssueKindSet issue_kinds;  // none: any kind
  IssueSet issues;           // none: any issue
  PowerSet on_track;         // the issue lies on one of these powers' tracks; none: anywhere
  // A Leader card: it leads its power and is active / inactive. A card naming Roosevelt does not
  // also apply to Truman (Glossary).
  LeaderId leader_active = kNoLeader;
  LeaderId leader_inactive = kNoLeader;
};

enum class EffectType : std::uint8_t {
  // Staff and Leader cards
  Modifier,
  GainNetworks,
  GainAlignment,
  PlaceNaval,
  PlaceOffensive,
  HealthRoll,
  PurgeRoll,
  Paranoia,
  LessThanFullValue,
  Undebatable,
  // Conference cards (GainNetworks, GainAlignment, PlaceNaval, PlaceOffensive are shared)
  MandateProduction,
  Production,
  PlaceIssue,
  LeaderRestriction,
  AxisReserve,
  PolMil,
  Convoy,
};
std::string_view effect_type_name(EffectType t);

enum class HealthResult : std::uint8_t { Removed, Dies, HeartAttack };
enum class ProductionUse : std::uint8_t { Offensive, Naval, Support, PolMil, ABomb };
enum class Restriction : std::uint8_t { StaysHome, Inactive };
enum class ReserveKind : std::uint8_t { GermanArmy, ItalianArmy, GermanNavy, JapaneseArmy, Ijn };
inline constexpr int kReserveKinds = 5;
std::string_view reserve_kind_name(ReserveKind k);
enum class PolMilAction : std::uint8_t {
  PlaceNetworks,
  PlaceAlignment,
  RemoveNetwork,
  RemoveAlignment,
  RemoveAllNetworks,
  RemoveAllAlignment,
};

// A card's offensive support placed on any Front in Production Allocation (5.22), not on a named one.
inline constexpr FrontId kAnyFront = FrontId{0xfe};

struct Effect {
  EffectType type{};
  std::int8_t amount = 0;           // modifier / paranoia amount; count of markers, production, reserves
  Power power = kNoPower;           // conference-card effects: the power concerned
  PowerSet powers;                  // Pol-Mil placements: the powers that place (none: the card's)
  TheaterId theater = kNoTheater;   // PlaceNaval, AxisReserve (navies), MandateProduction, Convoy
  FrontId front = kNoFront;         // PlaceOffensive (or kAnyFront), AxisReserve (armies)
  IssueId issue = kNoIssue;         // PlaceIssue
  LeaderId leader = kNoLeader;      // LeaderRestriction: the Leader card it names
  Dice dice;                        // HealthRoll, PurgeRoll, Paranoia, Convoy; PolMil: the die for rolls
  Range range;                      // fail range (rolls), success range (Convoy)
  std::int8_t rolls = 0;            // PolMil: fixed number of rolls (0 when a die decides)
  std::int8_t rolls_max = 0;        // PolMil: roll `dice`; on <= rolls_max roll that many times
  std::int8_t min_value = 0;        // Paranoia
  std::int8_t naval_threshold = 0;  // Convoy
  HealthResult health{};
  LeaderId replaced_by = kNoLeader;  // HealthRoll Dies: the successor Leader
  ProductionUse use{};
  Restriction restriction{};
  ReserveKind reserve{};
  PolMilAction polmil{};
  Condition when;
};

// ---------------------------------------------------------------------------------------------
// Cards

enum class NationalCharacteristic : std::uint8_t { ImperialStaff, ArsenalOfDemocracy, Nyet };

struct Leader {
  std::string id, name, surname, text;  // the surname alone, where a line names the card briefly
  Power power{};
  std::int8_t value = 7;
  NationalCharacteristic characteristic{};
  LeaderId replaces = kNoLeader;  // Truman replaces Roosevelt
  int card_no = -1;
  std::vector<Effect> effects;
  Origin origin;
};

inline constexpr int kStaffPerDeck = 21;
// A staff card: its index in its power's deck (Data::staff), typed so that it indexes only a deck's
// arrays (core/ids.h); an int (a hand's bit, an action's argument) becomes one through staff_at,
// checked where checks are live.
enum class StaffId : std::uint8_t {};
template <class T>
using StaffArray = core::IdArray<StaffId, T, kStaffPerDeck>;
constexpr StaffId staff_at(int i) { return core::id_at<StaffId, kStaffPerDeck>(i); }
constexpr int index(StaffId c) { return static_cast<int>(c); }
inline constexpr StaffId kNoStaff = StaffId{kNone};  // where a byte names no card (a Leader's play)
inline constexpr std::int8_t kStar = 0;              // Chief of Staff: value is 1d6 when played (5.25)

struct StaffCard {
  std::string id, name, surname, office, text;  // the surname alone, where a line names the card briefly
  Power power{};
  std::int8_t value = 0;  // 1..5, or kStar
  int card_no = -1;
  std::vector<Effect> effects;
  Origin origin;
  bool chief_of_staff() const { return value == kStar; }
};

struct Conference {
  int number = 0;
  std::string name, place, date;
  Origin origin;
};

enum class Band : std::uint8_t { Green, Red, Blue, Gray, White };
inline constexpr int kBands = 5;
std::string_view band_name(Band b);

struct ConferenceBand {
  std::string title, text;
  std::vector<Effect> effects;
};

struct ConferenceCard {
  std::string id, title, date;
  int conference = 0;
  char version = 'A';
  std::array<ConferenceBand, kBands> bands;
  Origin origin;
};

// ---------------------------------------------------------------------------------------------
// Map

struct Theater {
  std::string id, name;
  Region region{};
  Origin origin;
};

struct AxisPower {
  std::string id, name;
  SpaceId space = kNoSpace;
  std::array<std::int8_t, kReserveKinds> reserves{};
  Origin origin;
};

struct Space {
  std::string id, name;
  bool b29 = false, kamikaze = false;
  AxisId axis = kNoAxis;  // the Axis power this space is
  Origin origin;
};

struct TrackStep {
  SpaceId space = kNoSpace;
  bool amphibious = false;
  std::int8_t naval_required = 0;
};

struct Front {
  std::string id, name;
  Power color{};
  TheaterId theater = kNoTheater;
  SpaceId end = kNoSpace;
  std::vector<TrackStep> track;  // from the theater box towards the Axis power
  Origin origin;
};

struct Location {
  std::string id, name;
  bool colony = false;
  TheaterId theater = kNoTheater;
  SpaceId space = kNoSpace;  // the Front Track space it is connected to, if any
  Origin origin;
};

// ---------------------------------------------------------------------------------------------
// Tracks, tables, markers

struct ABombSpace {
  std::string id, name;
  Origin origin;
};

struct GlobalIssueMarker {
  std::string id, name;
  std::array<Power, 2> powers{};
  std::array<std::string, 2> advantage;  // the name of each power's advantage position
  Origin origin;
};

struct PolMilTable {
  std::array<std::array<LocationId, 6>, 6> cells{};  // [red die - 1][blue die - 1] -> location
  Origin origin;
};

struct SecretAgendaMarker {
  std::string id;
  LocationId location{};
  Origin origin;
};

// ---------------------------------------------------------------------------------------------
// Scenarios and victory points

inline constexpr std::int8_t kInBox = -1;  // a Front still in its theater box

struct SetupMarker {
  Power power{};
  LocationId location{};
  std::int8_t networks = 0;
  bool alignment = false;
};

struct Scenario {
  std::string id, name;
  int first_conference = 1, last_conference = 10;
  core::IdVector<FrontId, std::int8_t> fronts;   // per front: track position (kInBox or index into its track)
  core::IdVector<TheaterId, std::int8_t> naval;  // per theater
  std::vector<SetupMarker> markers;
  Power europe_leadership{}, pacific_leadership{};
  std::uint8_t a_bomb = 0, spy_ring = 0;  // A-Bomb track positions
  std::array<bool, kReserveKinds> reserves_out_of_play{};
  std::vector<IssueId> issues_removed, issues_on_table;
  bool simultaneous_dday_central_italy = false;  // 9.53
  Origin origin;
};

enum class VpCondition : std::uint8_t {
  Alignment,
  NetworksWithoutAlignment,
  GlobalAdvantage,
  ConferencesWon,
  EmptyColony,
  AxisOccupied,
  FrontInSpace,
  EnteredBefore,
  GermanyWithoutWesternFront,
  GermanTechnology,
  JapanUnoccupied,
  SpaceNeverEntered,
  InterserviceRivalry,
  SpyRingSpaces,
  ABomb,
  NoABomb,
};

struct VpCase {
  FrontId front = kNoFront;
  SpaceId space = kNoSpace;
  PowerSet powers;
};

struct VictoryCondition {
  std::string id, text;
  int vp = 0;
  VpCondition condition{};
  PowerSet powers;                              // none: every power, for itself
  std::vector<VpCase> cases;                    // FrontInSpace
  FrontId front = kNoFront;                     // SpaceNeverEntered
  SpaceId space = kNoSpace;                     // SpaceNeverEntered
  SpaceId first = kNoSpace, second = kNoSpace;  // EnteredBefore
  std::vector<FrontId> fronts;                  // InterserviceRivalry
  std::vector<AxisId> axis;                     // AxisOccupied
  Origin origin;
};

// ---------------------------------------------------------------------------------------------

// A data file that breaks a rule of docs/data.md. The message names file, entry and field.
using DataError = core::DataError;

struct Data {
  core::IdVector<LeaderId, Leader> leaders;
  PowerArray<core::IdVector<StaffId, StaffCard>> staff;
  std::vector<Conference> conferences;  // by number - 1
  core::IdVector<ConferenceCardId, ConferenceCard> conference_cards;
  core::IdVector<IssueId, Issue> issues;
  core::IdVector<TheaterId, Theater> theaters;
  core::IdVector<AxisId, AxisPower> axis;
  core::IdVector<SpaceId, Space> spaces;
  core::IdVector<FrontId, Front> fronts;
  core::IdVector<LocationId, Location> locations;
  std::vector<ABombSpace> a_bomb;
  core::IdVector<GlobalIssueId, GlobalIssueMarker> global_issues;
  PolMilTable polmil;
  core::IdVector<MarkerId, SecretAgendaMarker> secret_agenda;
  std::vector<Scenario> scenarios;
  std::vector<VictoryCondition> victory;
  std::string hash;  // hex digest of the data files, recorded in save files
  // The message catalogues (data/i18n beside the directory, else the source tree's): the names and
  // texts of every entry above and the game's messages in each language (docs/i18n.md).
  std::shared_ptr<const core::i18n::Catalogues> catalogues;

  // Index of an entry by id, or kNone
  // (kNoFront, kNoIssue, kNoTheater, kNoSpace, kNoLocation, kNoLeader, kNoConferenceCard for the
  // typed ones).
  TheaterId theater(std::string_view id) const;
  FrontId front(std::string_view id) const;
  SpaceId space(std::string_view id) const;
  LocationId location(std::string_view id) const;
  IssueId issue(std::string_view id) const;
  LeaderId leader(std::string_view id) const;
  ConferenceCardId conference_card(std::string_view id) const;
  const Scenario* scenario(std::string_view id) const;
};

// The files of the data set, in the order they are read and hashed.
inline constexpr std::array<const char*, 11> kDataFiles = {"leaders.json",       "staff-uk.json",  "staff-us.json",      "staff-ussr.json",
                                                           "conferences.json",   "issues.json",    "map.json",           "tracks.json",
                                                           "secret-agenda.json", "scenarios.json", "victory-points.json"};

// Loads and validates the directory holding the files above (data/churchill/).
// Throws DataError.
Data load_data(const std::filesystem::path& dir);

// The data directory: $CHURCHILL_DATA if set, else data/churchill/ of the source tree.
std::filesystem::path default_data_dir();

}  // namespace churchill
