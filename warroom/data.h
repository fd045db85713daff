// The War Room data set: nations, units, morale, the project's world map and the scenarios, loaded
// from data/warroom/*.json and validated at start-up (docs/warroom/data.md). Everything is addressed
// by small integer ids; the string ids exist for files, orders, saves and people.
//
// Load once with load_data() and pass the Data by const reference: there is no global state.
#pragma once

#include <array>
#include <bitset>
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

namespace warroom {

// ---------------------------------------------------------------------------------------------
// Basic vocabulary

// The seven nations, in the rulebook's order (Game Components › National Flags).
// A scoped enum: a Nation converts to and from a number only through the conversions below (index,
// nation_at, nation_byte, byte_of); `using enum` keeps the rules' short names (GER, not Nation::GER).
enum class Nation : std::uint8_t { CHN, BC, USSR, US, GER, ITA, JPN };
using enum Nation;
inline constexpr int kNations = 7;
inline constexpr Nation kNoNation = static_cast<Nation>(0xff);
inline constexpr std::array<Nation, kNations> kAllNations = {CHN, BC, USSR, US, GER, ITA, JPN};
std::string_view nation_id(Nation n);  // "CHN", "BC", ...
std::optional<Nation> nation_from_id(std::string_view id);
constexpr int index(Nation n) { return static_cast<int>(n); }
// A set of nations whose storage is the byte of bits it always was (bit i the nation of index i):
// a scenario's or a seat's nations, a side's nations in a battle, the Medals' takers.
using NationSet = core::IdBits<Nation, std::uint8_t>;
constexpr NationSet nation_bit(Nation n) { return NationSet::of(n); }
// A nation's byte where a number holds it (an action's or a battle choice's byte): its index, or
// kNoNation's 0xff; nation_byte reads it back.
constexpr std::uint8_t byte_of(Nation n) { return static_cast<std::uint8_t>(n); }
// The nation of index `i` (a seat's, a log argument's, a payload's or a state byte's int): checked
// where checks are live (core/expect.h), so kNoNation or -1 stops a checked build at the conversion.
constexpr Nation nation_at(int i) { return core::id_at<Nation, kNations>(i); }
// The nation a byte names that may name none (a region's controller, a battle's or a convoy's
// owner, a turn-order slot): 0..6 a nation, 0xff kNoNation; anything else stops a checked build.
constexpr Nation nation_byte(std::uint8_t b) {
  CORE_EXPECT(b < kNations || b == 0xff);
  return static_cast<Nation>(b);
}
// One value per nation, indexed only by Nation (core/ids.h): s.nation[GER], s.sheet[nation_at(n)].
template <class T>
using NationArray = core::IdArray<Nation, T, kNations>;

enum class Alliance : std::uint8_t { Allied, Axis };
inline constexpr int kAlliances = 2;
std::string_view alliance_id(Alliance a);  // "allied", "axis"

// The unit types in the rulebook's order (Game Components: land, air, naval), then the carrier
// fighter token, which is no Unit Type of its own but is a Unit (Step 3 Carrier Plane Movement).
enum class UnitKind : std::uint8_t { Inf, Art, Arm, Ftr, Bmb, Sub, Ca, Cv, Bb, CarrierFighter };
inline constexpr int kUnitTypes = 9;   // buildable types: Inf..Bb
inline constexpr int kUnitKinds = 10;  // with the carrier fighter token
std::string_view unit_id(UnitKind k);  // "inf", "art", "arm", "ftr", "bmb", "sub", "ca", "cv", "bb", "cf"
std::optional<UnitKind> unit_from_id(std::string_view id);
constexpr int index(UnitKind k) { return static_cast<int>(k); }
// The unit type of index `i` (a payload's, a log argument's or a loop's int: kInf..kBb), and the
// unit kind of index `i` (the types and the carrier fighter token): checked where checks are live
// (core/expect.h), so the token, -1 or kNone stops a checked build at the conversion.
constexpr UnitKind type_at(int i) { return core::id_at<UnitKind, kUnitTypes>(i); }
constexpr UnitKind kind_at(int i) { return core::id_at<UnitKind, kUnitKinds>(i); }
// One value per unit type (Inf..Bb), indexed only by UnitKind: s.sheet[n].buy[UnitKind::Inf].
template <class T>
using UnitTypeArray = core::IdArray<UnitKind, T, kUnitTypes>;

enum class Category : std::uint8_t { Land, Air, Sea };
inline constexpr int kCategories = 3;
std::string_view category_id(Category c);  // "land", "air", "sea"

// Die faces and unit colours (Game Components › Dice: 4 yellow, 3 blue, 2 green, 1 red, 1 black,
// 1 white).
enum class Colour : std::uint8_t { Yellow, Blue, Green, Red, Black, White };
inline constexpr int kColours = 6;
std::string_view colour_id(Colour c);  // "yellow", ...

enum class Resource : std::uint8_t { Oil, Iron, Osr };
inline constexpr int kResources = 3;
std::string_view resource_id(Resource r);  // "oil", "iron", "osr"

struct Resources {
  std::int16_t oil = 0, iron = 0, osr = 0;
  std::int16_t operator[](Resource r) const { return r == Resource::Oil ? oil : r == Resource::Iron ? iron : osr; }
  int total() const { return oil + iron + osr; }
  bool operator==(const Resources&) const = default;
};

enum class Provenance : std::uint8_t { Rulebook, Reconstructed };
inline constexpr int kProvenances = 2;
std::string_view provenance_id(Provenance p);  // "rulebook", "reconstructed"

struct StatedField {
  std::string field;
  Provenance provenance = Provenance::Rulebook;
  std::string source;
};

// Where a datum comes from (design §3.1): the entry's provenance is never better than its
// least-attested field that affects play; `stated` lists the fields whose provenance differs.
struct Origin {
  Provenance provenance = Provenance::Reconstructed;
  std::string source;
  std::vector<StatedField> stated;
  // A field's own provenance: where `stated` names it, else the entry's.
  Provenance of(std::string_view field) const {
    for (const StatedField& f : stated)
      if (f.field == field) return f.provenance;
    return provenance;
  }
};

// A region of the map: its index into Data::regions, in the data set's order, typed so that it
// indexes only the arrays of regions (core/ids.h). An int becomes one only through region_at, checked
// where checks are live, and a byte that may name none (an action's argument, a step payload's byte)
// through region_byte; a loop over the map runs over Data::regions.ids().
enum class RegionId : std::uint8_t {};
inline constexpr int kMaxRegions = 255;  // ids 0..254; 255 is kNoRegion
inline constexpr RegionId kNoRegion{0xff};
constexpr RegionId region_at(int i) { return core::id_at<RegionId, kMaxRegions>(i); }
constexpr int index(RegionId r) { return static_cast<int>(r); }
// The region a byte names (an action's argument, a step payload's byte): 0..254 a region's id, 0xff
// kNoRegion. Whether the scenario's map has it is the rules' to check (in_scenario).
constexpr RegionId region_byte(std::uint8_t b) { return RegionId{b}; }
// One value per region of the map, indexed only by RegionId: s.region[r].
template <class T>
using RegionArray = core::IdArray<RegionId, T, kMaxRegions>;
// A set of regions (a bit per id, kNoRegion's included): where.test(r).
using RegionSet = core::IdSet<RegionId, 256>;
inline constexpr std::uint8_t kNone = 0xff;

// ---------------------------------------------------------------------------------------------
// nations.json

enum class NationRule : std::uint8_t {
  NoOil,              // gains and spends no oil (China's Restrictions)
  NoTrade,            // never trades
  LandNeverAtSea,     // Land Commands never enter sea regions
  NoCaptureAirNaval,  // captures no air or naval units
  Mobilization,       // mobilizes infantry in territories with the mobilization icon
};
inline constexpr int kNationRules = 5;
std::string_view nation_rule_id(NationRule r);  // "no-oil", "no-trade", ...

struct NumberRange {
  std::uint8_t lo = 0, hi = 0;  // inclusive
  bool contains(int v) const { return v >= lo && v <= hi; }
};

struct NationInfo {
  Nation nation = kNoNation;
  std::string id, name;
  Alliance alliance = Alliance::Allied;
  std::uint8_t order_limit = 9;  // orders per round (scenarios may lower it)
  RegionId capital = kNoRegion;
  std::array<NumberRange, kCategories> commands{};  // Command token numbers per category
  std::uint8_t rules = 0;                           // bits of NationRule
  std::uint16_t buys = 0;                           // bits of UnitKind this nation may buy (ruling 70)
  Origin origin;
  bool has(NationRule r) const { return (rules >> static_cast<int>(r)) & 1u; }
  const NumberRange& pool(Category c) const { return commands[static_cast<std::size_t>(c)]; }
  bool may_buy(UnitKind k) const { return (buys >> index(k)) & 1u; }
};

// ---------------------------------------------------------------------------------------------
// units.json

enum class Special : std::uint8_t { None, Escort, StrategicBombing, Dive };
std::string_view special_id(Special s);  // "", "escort", "strategic-bombing", "dive"

// One Battle Status Board stance of a unit type (Phase 4 › Battle Status Positions).
struct Stance {
  std::string id, name;
  std::uint8_t air_dice = 0;      // dice rolled in the Air Battle Stage
  std::uint8_t surface_dice = 0;  // dice rolled in the Surface Battle Stage
  std::uint8_t steps = 1;         // hits to eliminate, the light box included
  bool light_box = false;         // the first hit is the LIGHTLY DAMAGED box (no repair)
  bool white_triangle = false;    // the DAMAGED box takes white hits (DIVE does not)
  Special special = Special::None;
  std::uint8_t raid_dice = 0;  // strategic-bombing: dice per bomber
  Origin origin;
};

struct UnitInfo {
  UnitKind kind = UnitKind::Inf;
  std::string id, name;
  Category category = Category::Land;
  Colour colour = Colour::Yellow;
  Resources cost;  // the carrier fighter token: not bought
  bool buildable = true;
  std::uint8_t casualty_points = 0;
  std::uint8_t move = 1;            // regions per order (land: adjacent, or any distance by rail)
  std::uint8_t transport_move = 0;  // land units at sea (Transporting Land Units by Sea)
  std::uint8_t landing_move = 0;    // air units in Phase 5 Step 1
  std::uint8_t stances = 0;         // how many entries of `stance` are used (1 or 2)
  std::array<Stance, 2> stance{};
  std::uint8_t pieces = 0;  // pieces in the box (Game Components); units are not piece-limited (Multiplier Units)
  Origin origin;
  std::uint8_t stance_index(std::string_view stance_id) const;  // kNone if absent
};

struct Goods {
  std::uint8_t cost_any = 5;  // resources of any mix (Phase 7 › Step 3)
  Origin origin;
};

// ---------------------------------------------------------------------------------------------
// morale.json

enum class Zone : std::uint8_t { White, Blue, Yellow, Orange, Red, Gray };
inline constexpr int kZones = 6;
std::string_view zone_id(Zone z);  // "white", ...

enum class BoardSide : std::uint8_t { Front, Reverse };  // Morale Board: Global / Eastern Front; Europe / Pacific
inline constexpr int kBoardSides = 2;
std::string_view board_side_id(BoardSide s);  // "front", "reverse"

struct ZoneInfo {
  Zone zone = Zone::White;
  std::string id, name, penalty;  // penalty: "", "pay-3", "rails-ports", "black-misses", "no-gains", "desertion"
  Origin origin;
};

struct CasualtyRow {
  std::uint16_t min_cp = 0;
  std::uint8_t stress = 0;
};

struct Threshold {
  std::uint8_t value = 0;
  Origin origin;
};

struct Morale {
  std::array<ZoneInfo, kZones> zones{};
  std::vector<CasualtyRow> casualty_chart;  // ascending min_cp, starting at 0
  std::uint16_t beyond_per_cp = 15;         // past the last row: 1 Stress per this many CP
  Origin chart_origin;
  std::array<NationArray<Threshold>, kBoardSides> thresholds{};  // [side][nation]
  std::uint8_t relieve_cost = 5;                                 // Medals/Goods to slide back one zone (Phase 6 › Step 3)
  std::uint8_t blue_payment = 3;                                 // resources paid in the Blue Zone
  Origin rules_origin;
  int stress_for(int casualty_points) const;  // the Casualty to Stress Conversion Chart
};

// ---------------------------------------------------------------------------------------------
// map.json

enum class RegionType : std::uint8_t { Territory, Sea, Impassable };
std::string_view region_type_id(RegionType t);  // "territory", "sea", "impassable"

enum class NeutralType : std::uint8_t { Standard, ProAllied, ProAxis };
std::string_view neutral_type_id(NeutralType t);  // "standard", "pro-allied", "pro-axis"

// A neutral's printed data (Neutrals › Three Types of Neutrals; Trade Restrictions).
struct Neutral {
  NeutralType type = NeutralType::Standard;
  UnitTypeArray<std::uint8_t> defense{};  // units placed when invaded
  std::optional<Resource> trade;          // the resource offered
  RegionId port_sea = kNoRegion;          // the sea region for trade by sea
  Origin origin;
};

inline constexpr int kMaxPortSeas = 4;  // a port touches 1..4 sea regions (deployment plans)
inline constexpr int kMaxNeighbours = 16;

struct Region {
  RegionId rid = kNoRegion;
  std::string id, name;
  RegionType type = RegionType::Territory;
  bool island = false;            // touches only sea regions
  std::string theater;            // "europe", "pacific", "americas", "africa", "asia": for people and maps
  Nation owner = kNoNation;       // controller in 1942 (whose Territory Card it is); kNoNation: neutral
  Nation reverts_to = kNoNation;  // occupied territories: the nation it reverts to when liberated
  Nation capital_of = kNoNation;
  std::uint8_t sv = 0;         // Strategic Value
  Resources income;            // the card's front face
  Resources embattled_income;  // the card's back face
  bool industry = false;
  bool rail = false;
  bool mobilization = false;  // China's mobilization icon
  std::array<RegionId, kMaxPortSeas> port_seas{kNoRegion, kNoRegion, kNoRegion, kNoRegion};
  std::uint8_t port_count = 0;  // 0: no port
  std::optional<Neutral> neutral;
  float lon = 0, lat = 0;  // geographic centroid, for drawing
  Origin origin;
  // Derived at load: the neighbours by ascending id.
  std::array<RegionId, kMaxNeighbours> adjacent{};
  std::uint8_t degree = 0;

  bool is_territory() const { return type == RegionType::Territory; }
  bool is_sea() const { return type == RegionType::Sea; }
  bool has_port() const { return port_count > 0; }
  // The nation whose original territory this is (Restoring Control): reverts_to, else owner.
  Nation original() const { return reverts_to != kNoNation ? reverts_to : owner; }
};

enum class EdgeKind : std::uint8_t { Land, Coast, Sea };  // territory-territory, territory-sea, sea-sea
std::string_view edge_kind_id(EdgeKind k);

struct Edge {
  RegionId a = kNoRegion, b = kNoRegion;  // a < b
  EdgeKind kind = EdgeKind::Land;
  bool rail = false;             // both ends on the rail net and linked
  std::uint8_t passage = kNone;  // index into Data::passages for a narrow sea passage
  Origin origin;
};

struct NonEdge {
  RegionId a = kNoRegion, b = kNoRegion;
  Origin origin;
};

enum class PassageRule : std::uint8_t { AllKeys, Key, KeyOrAligned };
std::string_view passage_rule_id(PassageRule r);  // "all-keys", "key", "key-or-aligned"

// A narrow sea passage (The World's Narrow Sea Passages).
struct Passage {
  std::string id, name;
  RegionId sea_a = kNoRegion, sea_b = kNoRegion;
  std::array<RegionId, 2> keys{kNoRegion, kNoRegion};
  std::uint8_t key_count = 0;
  PassageRule rule = PassageRule::Key;
  Origin origin;
};

enum class ConvoyKind : std::uint8_t { Coastal, TransOcean };
std::string_view convoy_kind_id(ConvoyKind k);  // "coastal", "trans-ocean"

struct Convoy {
  std::string id;
  ConvoyKind kind = ConvoyKind::Coastal;
  RegionId sea = kNoRegion;
  RegionId linked = kNoRegion;                // coastal: the territory whose controller owns it
  RegionId from = kNoRegion, to = kNoRegion;  // trans-ocean: origin and destination territories
  Nation flag = kNoNation;                    // trans-ocean: the printed National Flag
  Resources silhouettes;                      // ships per resource colour (1 resource each, ruling 58)
  Origin origin;
};

// ---------------------------------------------------------------------------------------------
// scenarios.json

// One seat of a seat table: the nations it always holds and the ones it may take (ruling 90).
struct SeatPlan {
  NationSet nations;   // the nations it always holds
  NationSet optional;  // the nations one of the marked seats must take ("USSR?")
};

struct SeatTable {
  std::uint8_t players = 0;
  std::vector<SeatPlan> seats;
  bool project_option = false;  // e.g. the 7-seat Global War (ruling 89)
};

// "n of these regions" (control_at_least) or all of them (control_all, at_least = size).
struct VictoryTerm {
  std::uint8_t at_least = 1;
  std::vector<RegionId> of;
};

struct VictoryCondition {
  std::vector<VictoryTerm> all_of;  // every term at the same time
};

struct SetupCommand {
  Nation nation = kNoNation;
  std::uint8_t number = 0;
  RegionId region = kNoRegion;
  Category category = Category::Land;
  UnitTypeArray<std::uint8_t> units{};
  Origin origin;
};

struct SetupConstruction {
  Nation nation = kNoNation;
  RegionId region = kNoRegion;
  UnitTypeArray<std::uint8_t> units{};
  Origin origin;
};

// The search bot's position value (warroom/ai.h): the weights of the differences between the
// alliances in the share of their Victory condition's regions held, of unit value and of Strategic
// Value, whose logistic is a position's worth.
struct ValueWeights {
  double victory = 0, units = 0, sv = 0;
};

struct Scenario {
  std::string id, name;
  NationSet nations;                        // the nations of the scenario
  std::vector<SeatTable> seat_tables;       // by ascending players
  NationArray<std::uint8_t> order_limit{};  // per nation, after the scenario's limits
  BoardSide morale = BoardSide::Front;
  bool trade = false;
  bool pact = false;
  std::array<VictoryCondition, kAlliances> victory{};  // [Alliance]
  RegionSet in_play;                                   // territories (Territory Cards used) and seas
  core::IdArray<RegionId, Nation, 256> control{};      // starting controller per region (kNoNation: neutral / sea)
  std::vector<SetupCommand> commands;
  std::vector<SetupConstruction> construction;
  bool setup_complete = false;  // the starting forces are given in full
  // The position value fitted to this scenario's self-play (`warroom fit-value --scenario ID`), for
  // the levels that value a rollout's end with the scenario's own weights where it has them.
  std::optional<ValueWeights> value;
  Origin origin;
  bool has(Nation n) const { return nations.test(n); }
  const SeatTable* seats_for(int players) const;
};

// ---------------------------------------------------------------------------------------------
// The whole data set

using DataError = core::DataError;

inline constexpr std::uint8_t kUnreachable = 0xff;

// Distances on the static map (map.h), computed at load: [from * region_count + to], kUnreachable
// when there is no path.
struct MapTables {
  std::vector<std::uint8_t> land;                         // land moves: territory to territory, never through impassable regions
  std::vector<std::uint8_t> sea;                          // naval moves: sea to sea
  std::vector<std::uint8_t> air;                          // air moves: through every region
  std::vector<std::uint8_t> rail;                         // rail steps along the static rail net
  core::IdVector<RegionId, std::uint8_t> rail_component;  // per region: rail net component, kNone off the net
  core::IdVector<RegionId, RegionSet> adjacent;           // per region
  // The index of (from, to) in the tables above, each region checked against the map's.
  std::size_t pair(RegionId from, RegionId to) const {
    CORE_EXPECT(static_cast<std::size_t>(index(from)) < adjacent.size() && static_cast<std::size_t>(index(to)) < adjacent.size());
    return static_cast<std::size_t>(index(from)) * adjacent.size() + static_cast<std::size_t>(index(to));
  }
};

struct Data {
  NationArray<NationInfo> nations{};
  core::IdArray<UnitKind, UnitInfo, kUnitKinds> units{};
  Goods goods;
  Morale morale;
  std::string map_edition, map_notice;
  Origin map_origin;
  core::IdVector<RegionId, Region> regions;
  std::vector<Edge> edges;
  std::vector<NonEdge> non_edges;
  std::vector<Passage> passages;
  std::vector<Convoy> convoys;
  std::vector<Scenario> scenarios;
  MapTables tables;
  std::string hash;  // hex digest of the data files, recorded in save files
  // The message catalogues of the display texts (data/i18n/warroom; warroom/i18n_text.h).
  std::shared_ptr<const core::i18n::Catalogues> catalogues;

  const NationInfo& nation(Nation n) const { return nations[n]; }
  const UnitInfo& unit(UnitKind k) const { return units[k]; }
  const Region& region(RegionId r) const { return regions[r]; }
  std::size_t region_count() const { return regions.size(); }
  // Whether `r` names a region of the map (kNoRegion does not).
  bool is_region(RegionId r) const { return static_cast<std::size_t>(index(r)) < regions.size(); }
  RegionId find_region(std::string_view id) const;           // kNoRegion if absent
  const Scenario* find_scenario(std::string_view id) const;  // nullptr if absent
  // Where the units' Casualty Points come from: the project's if any unit's are (rulings 1-3).
  Provenance casualty_points_provenance() const;
};

// `warroom data audit`: one row per datum with its provenance (data_audit.cpp).
struct AuditRow {
  std::string kind;  // nation, unit, stance, goods, zone, casualty-chart, threshold, morale-rules, map,
                     // territory, neutral, impassable, sea, edge, non-edge, passage, convoy, scenario, setup-command
  std::string id;
  std::string name;
  std::string value;  // a short summary of the datum ("" where there is none)
  const Origin* origin = nullptr;
};
std::vector<AuditRow> audit_rows(const Data& data);
std::string audit_text(const std::vector<AuditRow>& rows);                    // a table and the counts per kind and provenance
std::string audit_json(const Data& data, const std::vector<AuditRow>& rows);  // JSON: data hash, counts, rows

// The files of the data set, in the order they are read and hashed.
inline constexpr std::array<const char*, 5> kDataFiles = {"nations.json", "units.json", "morale.json", "map.json", "scenarios.json"};

// Loads and validates data/warroom; throws DataError naming file, entry and field.
Data load_data(const std::filesystem::path& dir);

// The data set next to the program, or $WARROOM_DATA.
std::filesystem::path default_data_dir();

}  // namespace warroom
