// War Room, Phase 4: Combat Operations (rulebook pages "Phase 4: Combat Operations - Stages, Setup,
// Battles, Raids, Battle Debrief"; design war-room.md §2.5 and §4.5).
//
// A `Battle` is a plain value (fixed arrays, no heap, no pointers; trivially copyable) that resolves
// one Active region: a battle with its Air and Surface stages, the strategic bombing raid and the
// garrison that may go with it, or a convoy raid, and the casualty side of the Battle Debrief. It
// knows nations, unit types and stances only as small integer ids with the numbers the engine copies
// from the data; it knows nothing of the engine's State, seats or map.
//
// The engine drives it:
//   Battle b; std::string error = setup_battle(b, setup);   // or setup_convoy_raid(b, raid)
//   while (need(b) != Need::Done) {
//     if (need(b) == Need::Die) apply_die(b, face, log);    // chance node: die_outcomes()
//     else { legal(b, choices); apply(b, chosen, log); }    // decision for deciding_nation(b)
//   }
//   then read the results: eliminated(), survivors(), transports_sunk(), resource_loss(), ...
// Every rule below names its rulebook heading; the log entries carry the same headings.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/hash.h"
#include "core/i18n.h"
#include "core/log.h"
#include "core/types.h"
#include "warroom/data.h"

namespace warroom {

inline constexpr int kSides = 2;            // 0: Allied Forces (left of the board), 1: Axis
inline constexpr int kMaxRowsPerSide = 24;  // rows are (type, stance) pairs
inline constexpr int kMaxStances = 3;
inline constexpr int kMaxGroups = 32;     // (side, nation, type) groups awaiting stances
inline constexpr int kMaxBatch = 10;      // Roll Dice in Batches: "comprised of 10 dice"
inline constexpr int kMaxStageDice = 30;  // "can never be above 30"

// The side facing `side`.
constexpr int other(int side) { return 1 - side; }

// The d12 (Game Components › Dice): faces are data.h's Colour, in the order hits are resolved
// (Assigning White and Black Die Rolls): yellow, blue, green, red, black, white, with 4, 3, 2, 1, 1, 1
// faces of twelve.
inline constexpr std::array<int, kColours> kDieTwelfths{4, 3, 2, 1, 1, 1};
std::string colour_name(Colour c);      // "yellow", ...
std::string resource_name(Resource r);  // "oil", "iron", "osr"

enum class Stage : std::uint8_t { Air, Surface };

// One stance of a unit type, copied from the data (units.json, design §3.3). `steps` counts the hits
// that eliminate a unit: 1 (no DAMAGED box), 2 (DAMAGED box) or 3 with `light_box` (LIGHTLY DAMAGED,
// then DAMAGED). `white_triangle`: the DAMAGED box is open to white dice (DIVE is not).
struct StanceSpec {
  std::uint8_t air_dice = 0, surface_dice = 0, steps = 1;
  bool light_box = false, white_triangle = true;
  Special special = Special::None;
  std::uint8_t raid_dice = 0;  // Strategic Bombing: dice per bomber ("rolls 4 dice")
  bool operator==(const StanceSpec&) const = default;
};

// A unit type as the battle needs it. Every unit left in a DAMAGED box is repaired or eliminated,
// carrier fighter tokens too (Battle Debrief › 1; ruling 37).
struct TypeSpec {
  std::uint8_t id = 0;  // the engine's unit type id (< kMaxTypes)
  Colour colour = Colour::Yellow;
  Category category = Category::Land;
  std::uint8_t stance_count = 1;
  std::array<StanceSpec, kMaxStances> stance{};
  bool operator==(const TypeSpec&) const = default;
};
inline constexpr int kMaxTypes = 16;

// The TypeSpec of a unit type of the data set (units.json), its id being index(u.kind).
TypeSpec type_spec(const UnitInfo& u);

// ---- Setup ---------------------------------------------------------------------------------------

struct Participant {
  std::uint8_t side = 0;
  Nation nation = CHN;
  TypeSpec type;
  std::uint8_t count = 0;
  std::int8_t stance = -1;  // index into type.stance; -1: the Commander chooses (Battle Setup › 5)
};

// Troop Transports: land units at sea, which do not fight (Troop Transports During Battle).
struct TransportGroup {
  std::uint8_t side = 0;
  Nation nation = CHN;
  std::uint8_t type = 0, count = 0;
  bool operator==(const TransportGroup&) const = default;
};

// A unit type under construction in the bombed territory (Strategic Bombing Raids).
struct ConstructionGroup {
  std::uint8_t type = 0;
  Colour colour = Colour::Yellow;
  std::uint8_t count = 0;
  bool operator==(const ConstructionGroup&) const = default;
};

struct BombingTarget {
  bool present = false;
  Nation owner = kNoNation;                           // controller of the territory (loses resources)
  std::int8_t owner_side = -1;                        // the owner's side, which it is on even with no units there
  std::array<std::uint8_t, kResources> production{};  // the territory's current production per type (ruling 53)
  bool infrastructure = false;                        // ports, rails or industry: a Bomb Token is possible
  std::array<ConstructionGroup, 10> construction{};
  std::uint8_t construction_count = 0;
  bool operator==(const BombingTarget&) const = default;
};

struct BattleSetup {
  std::array<Nation, kSides> commander{kNoNation, kNoNation};
  NationArray<std::uint8_t> rank{};                           // Turn Order Rank: 0 earliest
  NationArray<bool> orange{};                                 // Orange Zone or worse: black is a miss (ruling 49)
  std::array<bool, kSides> port_advantage{};                  // Port Advantage per side (ruling 59)
  NationArray<std::array<std::int32_t, kResources>> stock{};  // resources held
  std::vector<Participant> units;
  std::vector<TransportGroup> transports;
  bool garrison = false;               // the invaded territory holds no defenders (ruling 50)
  Nation garrison_nation = kNoNation;  // its controller, on the side opposed to the invaders
  BombingTarget target;                // bombers of the side opposed to target.owner may raid it
};

// Resolving Convoy Raids: one entry per raiding Command, one per cluster in the region.
struct ConvoyCluster {
  Nation owner = kNoNation;                      // the convoy's controller (ruling 57)
  std::array<std::uint8_t, kResources> ships{};  // silhouettes per resource (ruling 58: 1 each)
  bool operator==(const ConvoyCluster&) const = default;
};
struct RaidingCommand {
  Nation nation = CHN;
  std::uint8_t units = 0;  // air and naval units of the Command
  bool operator==(const RaidingCommand&) const = default;
};
struct ConvoyRaidSetup {
  NationArray<bool> orange{};
  NationArray<std::array<std::int32_t, kResources>> stock{};
  std::vector<ConvoyCluster> clusters;   // at most 8
  std::vector<RaidingCommand> commands;  // at most 8
};

// ---- The state -----------------------------------------------------------------------------------

// A row of the Battle Status Board: one type in one stance, shared by all nations of a side
// (ruling 40). At most one unit of a row is DAMAGED (the row rule, ruling 41).
struct Row {
  std::uint8_t type = 0;  // the unit type's id: its numbers are Battle::types[type]
  std::uint8_t stance = 0;
  NationArray<std::uint8_t> fresh{}, light{}, eliminated{}, escaped{};
  Nation damaged = kNoNation;                        // the nation of the DAMAGED (or DIVE) unit, if any
  NationArray<std::uint8_t> scrapped{}, repaired{};  // debrief
  int alive(Nation nation) const;                    // fresh + light + damaged, not eliminated nor escaped
  int alive() const;
  bool operator==(const Row&) const = default;
};

struct Group {  // units awaiting their stance
  std::uint8_t side = 0;
  Nation nation = CHN;
  std::uint8_t cursor = 0, left = 0;
  std::uint8_t type = 0;  // the unit type's id, as Row::type
  bool operator==(const Group&) const = default;
};

struct Die {
  Colour face = Colour::Yellow;
  Nation nation = CHN;
  bool done = false;
  bool operator==(const Die&) const = default;
};

enum class BattleKind : std::uint8_t { None, Battle, ConvoyRaid };

// Where the battle stands; internal flow, read through need().
enum class Phase : std::uint8_t {
  Stances,
  AirStage,
  Bombing,
  SurfaceStage,
  Garrison,
  Repairs,
  Done,
  ConvoyTargets,
  ConvoyDice,
};

enum class Need : std::uint8_t {
  Stance,         // the Commander of a side puts units into stances
  Die,            // a chance node: one d12 (die_outcomes)
  Hit,            // the rolling Commander assigns a hit
  Escort,         // the defending Commander may redirect a hit to an Escort cruiser
  GarrisonType,   // the garrison's controller picks the type its pair eliminates (ruling 113)
  BombingEffect,  // the raider picks what a bombing die destroys
  ConvoyCluster,  // the raider picks a cluster for a raiding Command
  ConvoyBlack,    // the raider picks the colour a black die sinks
  Repair,         // the owner pays for a DAMAGED unit or scraps it
  Done,
};

enum class Box : std::uint8_t { Fresh, Light, Damaged };

// A decision's choice. Layout (encode/decode, 32 bits): kind | a << 8 | b << 16 | c << 24.
enum class ChoiceKind : std::uint8_t {
  Stance,    // a: group, b: units put into the group's current stance
  Hit,       // a: enemy row, b: nation, c: Box; or a = 0xFF: the die misses (no legal target)
  Escort,    // a: nation of the escort cruiser taking the hit (b: its Box), or kNoNation: no redirect
  Garrison,  // a: invader row, b: nation, c: Box of the unit eliminated
  Bomb,      // a: 0 resource (b: Resource), 1 unit under construction (b: construction index), 2 Bomb Token
  Cluster,   // a: cluster index
  Black,     // a: Resource sunk by the black die
  Repair,    // a: side, b: row, c: resource paid (Resource), or 3: scrap
};
struct Choice {
  ChoiceKind kind = ChoiceKind::Hit;
  std::uint8_t a = 0, b = 0, c = 0;
  bool operator==(const Choice&) const = default;
};
std::uint32_t encode(Choice c);
Choice decode(std::uint32_t v);

struct Battle {
  BattleKind kind = BattleKind::None;
  Phase phase = Phase::Done;
  std::array<Nation, kSides> commander{kNoNation, kNoNation};
  NationArray<std::uint8_t> rank{};
  NationArray<bool> orange{};
  std::array<bool, kSides> port_advantage{};
  NationArray<std::array<std::int32_t, kResources>> stock{};  // working copy
  NationArray<std::array<std::int32_t, kResources>> spent{};  // lost or paid here

  // The numbers of the unit types fighting, by id, copied from the participants once: the rows and
  // stance groups name their type by id rather than each carrying a copy (the state is copied often).
  std::array<TypeSpec, kMaxTypes> types{};
  const TypeSpec& type(const Row& r) const { return types[r.type]; }
  const TypeSpec& type(const Group& g) const { return types[g.type]; }
  const StanceSpec& spec(const Row& r) const { return types[r.type].stance[r.stance]; }

  std::array<std::array<Row, kMaxRowsPerSide>, kSides> rows{};
  std::array<std::uint8_t, kSides> row_count{};
  std::array<std::uint8_t, kMaxTypes> force_advantage_side_mask{};  // bit s: side s has Force Advantage
  std::array<Group, kMaxGroups> groups{};
  std::uint8_t group_count = 0, group_cursor = 0;

  // The current stage.
  Stage stage = Stage::Air;
  std::array<NationArray<std::uint8_t>, kSides> pool{};    // dice left per nation
  std::array<std::array<Nation, 4>, kSides> pool_order{};  // nations, Commander first
  std::array<std::uint8_t, kSides> pool_nations{};
  std::uint8_t rolling_side = 0;
  std::array<Die, kMaxBatch> batch{};
  std::uint8_t batch_size = 0, batch_rolled = 0;
  std::uint8_t pending_die = 0xFF;  // the die whose hit awaits the Escort decision
  Choice pending_hit{};             // the hit the roller chose, before the Escort decision

  // Transports (Battle Debrief › 3).
  std::array<TransportGroup, 16> transports{};
  std::uint8_t transport_count = 0;
  std::array<bool, kSides> sunk{};

  // Garrison Forces.
  bool garrison = false, garrison_fired = false;
  Nation garrison_nation = kNoNation;
  std::uint8_t garrison_side = 0;
  std::array<Colour, 2> garrison_dice{};
  std::uint8_t garrison_rolled = 0;

  // Strategic Bombing Raids.
  BombingTarget target{};
  std::array<std::uint8_t, kResources> bomb_resource_lost{};
  std::array<std::uint8_t, 10> construction_destroyed{};
  std::uint8_t bomb_tokens = 0;
  std::uint8_t raid_side = 0;  // the side whose Strategic Bombing bombers raid the target
  std::uint8_t raid_dice = 0;  // dice per bomber (the stance's raid_dice)

  // Convoy raids.
  std::array<ConvoyCluster, 8> clusters{};
  std::uint8_t cluster_count = 0;
  std::array<RaidingCommand, 8> raiders{};
  std::array<std::uint8_t, 8> raider_cluster{};
  std::uint8_t raider_count = 0, raider_cursor = 0, raider_dice_left = 0;
  std::array<std::array<bool, kResources>, 8> convoy_sunk{};  // [cluster][resource]
  bool operator==(const Battle&) const = default;
};

// ---- The API -------------------------------------------------------------------------------------

// Sets up a battle (Battle Setup › 1-6); returns an error and leaves `b` unchanged if the setup is
// malformed. Then runs whatever needs nobody (stances with one choice, stages without dice).
std::string setup_battle(Battle& b, const BattleSetup& setup, core::LogSink* log = nullptr);
std::string setup_convoy_raid(Battle& b, const ConvoyRaidSetup& setup, core::LogSink* log = nullptr);

Need need(const Battle& b);
// The nation that decides now (the Commander, the defending Commander, the garrison controller, the
// raider or the owner), or kNoNation at a chance node or when done.
Nation deciding_nation(const Battle& b);
// The d12's outcomes with their probabilities, at Need::Die.
core::OutcomeList die_outcomes();
void legal(const Battle& b, std::vector<Choice>& out);
bool is_legal(const Battle& b, Choice c);
// Applies a legal choice, then runs on to the next decision or die. An illegal choice (or a die when
// none is awaited, or a face out of range) is refused: false, and nothing changes.
[[nodiscard]] bool apply(Battle& b, Choice c, core::LogSink* log = nullptr);
[[nodiscard]] bool apply_die(Battle& b, Colour f, core::LogSink* log = nullptr);
// The same for a choice the battle offers (legal) and a face at Need::Die, which the caller knows
// are taken: a refusal is a fault, stopped by CORE_EXPECT where checks are on.
void play(Battle& b, Choice c, core::LogSink* log = nullptr);
void roll(Battle& b, Colour f, core::LogSink* log = nullptr);
// At Need::Die, the dice rolled together before anyone decides again (the rest of a batch, of the
// garrison's pair, of a bomber's or a raiding Command's dice; 0 otherwise), and the nation the k-th
// of them is rolled for (its black misses in the Orange Zone, ruling 49). Hits are resolved colour by
// colour, so the same faces rolled in another order lead to the same position (only which slot held
// which face differs): the battle calculator enumerates them as multisets.
int dice_to_roll(const Battle& b);
Nation die_nation(const Battle& b, int k);

// ---- Results (valid once need(b) == Need::Done) -------------------------------------------------
// Units of a nation and type lost in this battle (eliminated, scrapped in the debrief, or sunk as
// troop transports), and units that survive (escaped submarines included, ruling 44).
int eliminated(const Battle& b, int side, Nation nation, std::uint8_t type);
int survivors(const Battle& b, int side, Nation nation, std::uint8_t type);
int land_survivors(const Battle& b, int side);
bool transports_sunk(const Battle& b, int side);
// Resources the nation lost or paid in this battle (bombing, convoy raids, repairs), per Resource.
std::int32_t resources_spent(const Battle& b, Nation nation, Resource r);
int construction_destroyed(const Battle& b, std::uint8_t type);
int bomb_tokens(const Battle& b);
int dice_in_pool(const Battle& b, int side);  // dice left to roll in the current stage
int current_die(const Battle& b);             // the batch's die whose hit is being decided, or -1
bool force_advantage(const Battle& b, int side, std::uint8_t type);

// Feeds every field of the battle into the state's fingerprint (the engine's Game::hash).
void hash_battle(core::Hasher& h, const Battle& b);

// ---- Text ----------------------------------------------------------------------------------------
struct BattleNames {
  std::span<const std::string> nation;               // by nation id
  std::span<const std::string> type;                 // by type id
  std::span<const std::vector<std::string>> stance;  // by type id, then stance index
};
std::string choice_text(const Battle& b, Choice c, const BattleNames& names);
// The same choice as structure (the view's "action_fields"): {"choice": its first word, nation,
// unit, stance, box, resource...} as data ids.
nlohmann::json choice_json(const Battle& b, Choice c, const BattleNames& names);
// The legal choice whose text is `text`, if any.
bool choice_from_text(const Battle& b, std::string_view text, const BattleNames& names, Choice& out);

// Log events (core::LogEntry::event), args as listed. The rule field holds the heading.
enum BattleEvent : std::uint16_t {
  kEvStage = 200,     // stage, dice side 0, dice side 1
  kEvBatch,           // side, nation of the Commander, dice in the batch
  kEvDie,             // side, nation, face
  kEvHit,             // side hit, unit type << 8 | stance of the row, nation, new box (0 fresh .. 3 eliminated)
  kEvMiss,            // face, nation of the roller
  kEvEscort,          // side hit, escort nation
  kEvDive,            // side, nation: a submarine escapes
  kEvGarrison,        // nation whose unit is eliminated, type (or 0xFF: no effect)
  kEvBomb,            // kind (0 resource, 1 construction, 2 Bomb Token, 3 miss), what
  kEvConvoy,          // cluster, resource, ships sunk
  kEvRepair,          // nation, type, resource paid (3: free with Port Advantage, 4: scrapped)
  kEvTransports,      // side whose transports are sunk
  kEvForceAdvantage,  // side, type
  kEvStance,          // nation, type, stance index, units
};
// The display texts as catalogue messages (warroom/i18n_text.h, data/i18n/warroom): a battle event
// of the log; what the battle waits for ("Germany assigns a yellow hit"); a choice in words beside
// its command (choice_text).
core::i18n::Message event_message(const core::LogEntry& e, const BattleNames& names);
core::i18n::Message prompt_message(const Battle& b, const BattleNames& names);
core::i18n::Message choice_message(const Battle& b, Choice c, const BattleNames& names);

}  // namespace warroom
