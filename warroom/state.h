// The state of a game of War Room (design §4.2): a plain value of fixed size (12 KB) with small integer
// ids and no heap, so that search can copy it cheaply. Regions, nations and unit types are indices
// into the engine's tables (warroom/rules.h), themselves built from the data set.
//
// What is secret lives here like everything else: the order sheets, bids, purchases and
// deployment plans. Only observe() (warroom/observe.cpp) knows what each seat may see.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "core/step_stack.h"
#include "core/steps.h"
#include "warroom/battle.h"
#include "warroom/data.h"

namespace warroom {

// ---- Ids -------------------------------------------------------------------------------------
// Nations, regions, unit kinds, resources and zones are the data set's (warroom/data.h). The state
// stores them as small integers; these helpers name what the rules need of them.

constexpr Alliance alliance_of(Nation nation) { return nation >= GER ? Alliance::Axis : Alliance::Allied; }

// Unit types are UnitKind's first kUnitTypes values (inf, art, arm, ftr, bmb, sub, ca, cv, bb).
// Within its category a type has a slot 0..3 in Command::n.
constexpr int kInf = 0, kArt = 1, kArm = 2, kFtr = 3, kBmb = 4, kSub = 5, kCa = 6, kCv = 7, kBb = 8;
constexpr Category category_of(int type) { return type <= kArm ? Category::Land : type <= kBmb ? Category::Air : Category::Sea; }
constexpr int first_type(Category c) { return c == Category::Land ? kInf : c == Category::Air ? kFtr : kSub; }
constexpr int type_count(Category c) { return c == Category::Land ? 3 : c == Category::Air ? 2 : 4; }
constexpr int slot_of(int type) { return type - first_type(category_of(type)); }

constexpr int kOil = 0, kIron = 1, kOsr = 2;
constexpr int kWhite = 0, kBlue = 1, kYellow = 2, kOrange = 3, kRed = 4, kGray = 5;

// ---- Limits ----------------------------------------------------------------------------------

inline constexpr int kMaxCommandNumber = 120;  // Command tokens 1..120 per nation (ruling 8)
inline constexpr int kStackLimit = 8;          // "a limit of 8 stacked Units per Command"
inline constexpr int kMaxOrders = 9;           // the 9 boxes of the O&P Chart
inline constexpr int kMaxIndustries = 48;      // industrial territories of the map
inline constexpr int kGoodsCost = 5;           // "Civilian Goods cost 5 resources"
inline constexpr int kMaxMobilization = 8;     // territories with China's mobilization icon

// ---- Pieces ----------------------------------------------------------------------------------

// A Command stack on the map: the token [nation][number] over up to 8 units of its category. The
// category follows from the number (the nation's pools, ruling 8). region == kNoRegion: the token
// is in storage.
struct Command {
  RegionId region = kNoRegion;
  std::array<std::uint8_t, 4> n{};  // units per type of the category, by slot_of(type)
  std::uint8_t flags = 0;           // kLandingTag, kSplitThisPhase (Phase 3 pinning)
  bool operator==(const Command&) const = default;
};
using CommandPool = std::array<Command, kMaxCommandNumber + 1>;  // a nation's Command tokens by number, 0 unused
inline constexpr std::uint8_t kLandingTag = 1;                   // Phase 3 › Tag Air Commands
inline constexpr std::uint8_t kSplitThisPhase = 2;               // Reorganizing Commands (Phase 3: splits once)

struct NationState {
  std::array<std::int32_t, kResources> res{};  // no ceiling ("add an additional peg")
  std::int32_t stress = 0;                     // Stress Points on the Morale Board
  std::uint16_t medals = 0, goods = 0;         // Medals; Civilian Goods (bought in Phase 7: usable from the next Phase 6)
  UnitTypeArray<std::uint16_t> casualties{};   // the Casualty List, by unit type
  std::uint8_t zone = kWhite;                  // Homeland Status Track
  std::uint8_t slot = 0;                       // turn-order slot 1..n this round (0: none yet)
  bool in_play = false;                        // a nation of the scenario
  bool collapsed = false;                      // Victory Check note: out of the game
  bool operator==(const NationState&) const = default;
};

struct RegionState {
  Nation controller = kNoNation;  // the Territory Card holder; kNoNation: neutral or a sea
  std::uint8_t bombs = 0;         // Bomb Tokens, never removed
  std::uint8_t flags = 0;         // kNeutralActivated, kInvasionStressGiven, kActive, kRaidOk, kCardEmbattled

  bool operator==(const RegionState&) const = default;
};
inline constexpr std::uint8_t kNeutralActivated = 1;
inline constexpr std::uint8_t kInvasionStressGiven = 2;
inline constexpr std::uint8_t kActive = 4;          // Phase 4: an Active Hotspot still to address this round (ruling 94)
inline constexpr std::uint8_t kRaidOk = 8;          // Phase 4: a convoy raid may be made here (the verdict of ruling 55)
inline constexpr std::uint8_t kCardEmbattled = 16;  // the Territory Card shows its Embattled side (Phase 1 › Step 1)

// Units under an Industry Token in one industrial territory (Phase 7 › Step 5), owned by the
// territory's controller (captured with it), and the secret deployment plan for them (Phase 5 ›
// Step 2, ruling 100): units held back, and each naval unit's sea region.
struct Construction {
  UnitTypeArray<std::uint8_t> n{};
  UnitTypeArray<std::uint8_t> hold{};                              // plan: stays under the token
  std::array<std::array<std::uint8_t, kMaxPortSeas>, 4> to_sea{};  // plan: naval slot x port sea
  bool operator==(const Construction&) const = default;
};

// One box of the O&P Chart's movement side.
enum OrderStatus : std::uint8_t { kEmpty, kWritten, kExecuted, kCancelled };
// Why a cancelled order was cancelled (Phase 3 › Canceling Orders and Resolving Mistakes): by its
// owner while it could move (ruling 22), or because the rules left it no move: pinned (rulings 24,
// 26), no Command Token for the units left behind (ruling 104), a mistake the map shows only now
// (ruling 21), or the pact's other party refused (ruling 66). Ids: cancel_reason_id (movement.cpp).
enum class CancelReason : std::uint8_t {
  None,  // not cancelled
  Owner,
  Pinned,
  TransportPinned,
  NoCommandToken,
  NoCommand,
  Impassable,
  AirRange,
  NoSeaRoute,
  TransportLanding,
  ChinaAtSea,
  NoRailPath,
  PactRefused,
};
inline constexpr int kCancelReasons = static_cast<int>(CancelReason::PactRefused) + 1;
// Why a rail order stopped short of its destination (ruling 29), as the map showed it then: an
// enemy or neutral destination is an invasion; a friendly one held enemy land units, or a Bomb Token
// or its controller's Yellow Zone closed its rails (ruling 30), or no friendly rail path reached it.
// Ids: rail_short_id (movement.cpp), the same as the plotting outlook's reasons.
enum class RailShort : std::uint8_t { None, Invasion, EnemyLand, Closed, NoPath };
inline constexpr int kRailShorts = static_cast<int>(RailShort::NoPath) + 1;
struct Order {
  std::uint8_t command = 0;  // Command number (its category is implied)
  RegionId dest = kNoRegion;
  std::uint8_t status = kEmpty;
  // Carried out: where the Command's move ended (the destination, or short of it), and whether by
  // rail it could go no nearer (ruling 29). Why it ended so, in the 7 bits the flag left unused, so
  // that the State keeps its size: a CancelReason when cancelled, a RailShort when stopped by rail.
  RegionId end = kNoRegion;
  bool rail_stop : 1 = false;
  std::uint8_t reason : 7 = 0;
  CancelReason why_cancelled() const { return status == kCancelled ? static_cast<CancelReason>(reason) : CancelReason::None; }
  RailShort why_rail_short() const { return rail_stop && status == kExecuted ? static_cast<RailShort>(reason) : RailShort::None; }
  // Carried out short of its destination (a rail stop, ruling 29, or any other stop).
  bool stopped_short() const { return status == kExecuted && end != kNoRegion && end != dest; }
  bool operator==(const Order&) const = default;
};
static_assert(sizeof(Order) == 5, "the order's reason shares the rail stop's byte");

// A nation's O&P Chart for the round: orders and bid (Phase 2), purchases (Phase 7). Secret until
// its reveal (ruling 91): bids at Phase 2 Step 2, orders at the nation's Phase 3 turn, purchases at
// Phase 7 Step 4. The deployment plan lives in Construction.
struct Sheet {
  std::array<Order, kMaxOrders> box{};
  std::int32_t bid = 0;
  std::uint8_t selected = 0;                               // a Command chosen, waiting for its destination (0: none)
  UnitTypeArray<std::uint8_t> buy{};                       // units bought this round
  std::uint8_t goods = 0;                                  // Civilian Goods bought this round
  std::array<std::uint16_t, kResources> goods_paid{};      // what the Goods cost, by resource (ruling 80)
  std::array<std::uint8_t, kMaxMobilization> mobilized{};  // infantry mobilized this round, by mobilization territory (ruling 72)
  std::uint8_t flags = 0;                                  // kDone, kOrdersRevealed
  bool operator==(const Sheet&) const = default;
};
inline constexpr std::uint8_t kDone = 1;            // finished the current simultaneous step
inline constexpr std::uint8_t kOrdersRevealed = 2;  // its Phase 3 turn has begun (ruling 91)

// ---- Flow ------------------------------------------------------------------------------------

// One row of the step table (warroom/game.cpp) per id, and one payload type per id below (core/steps.h).
enum class StepId : std::uint8_t {
  Phase,            // auto: the automatic part of a phase, pushing its steps
  OrderDraw,        // chance: round 1's reorganization order (ruling 19)
  Reorganize,       // decision: a nation reorganizes its Commands
  WriteSheets,      // simultaneous: Phase 2 Step 1, orders and bids
  SlotSequence,     // auto: Phase 2 Step 2, who chooses next (then Step 3, pay)
  TieDraw,          // chance: Phase 2 Step 2, who takes a position among tied bidders
  ChooseSlot,       // decision: Phase 2 Step 2, a nation chooses its turn-order slot
  RevealSheet,      // auto: Phase 3, a nation's sheet is revealed as its turn begins (ruling 91)
  MovementTurn,     // decision: Phase 3 Step 2, a nation resolves its orders in box order
  PactPermission,   // decision: Soviet-Japanese Pact, Article Two: a party permits or refuses an ally's order (ruling 66)
  CarrierLaunch,    // decision: Phase 3 Step 3 (the movement module)
  Combat,           // auto: Phase 4 begins: the Active regions are marked (combat.cpp)
  BattleOrder,      // auto: Phase 4 Order of Battles, who selects next
  PickRegion,       // decision: a nation selects an Active region involving its forces
  HandOver,         // decision: Battle Setup › 4, the default Commander keeps or hands over command
  BattleDrive,      // auto: sets up and runs the battle of State::fight until a die or a decision is needed
  BattleDie,        // chance: one d12 of the battle
  BattleChoice,     // decision: a nation decides in the battle (stance, hit, escort, garrison, bombing, convoy, repair)
  Claim,            // decision: Update Territory Status, the victorious Commander picks the new controller
  Medal,            // decision: Apply Medals, the victorious Commander gives the next Medal
  NeutralDefence,   // decision: Attacking Standard Neutrals, who takes a neutral's defence force (ruling 103)
  LandAir,          // decision: Phase 5 Step 1 (the movement module)
  DeployPlans,      // simultaneous: Phase 5 Step 2
  MoraleCancel,     // decision: Phase 6 Step 1
  MoraleEvaluate,   // auto: Phase 6 Step 2
  MoraleRelieve,    // decision: Phase 6 Step 3
  MoralePenalties,  // auto: Phase 6 Step 4, pushes the Blue payments and Gray desertions
  BluePay,          // decision: Phase 6 Step 4 Blue Zone
  Desert,           // decision: Phase 6 Step 4 Gray Zone
  Trade,            // decision: Phase 7 Step 2, one trade with a neutral (Global War)
  Purchases,        // simultaneous: Phase 7 Step 3
  Place,            // decision: Phase 7 Step 5, a nation places its new units
  GameOver,         // terminal
  kCount
};

// A pending step: its id and its payload's three bytes (the state's hash reads them).
using Step = core::steps::Record<StepId>;

// The windows of a Reorganize step (Reorganizing Commands).
inline constexpr std::int8_t kReorganizePhase1 = 1;   // Phase 1's public window (ruling 92)
inline constexpr std::int8_t kReorganizeDebrief = 4;  // a Battle Debrief: only the Active region's Commands
inline constexpr std::int8_t kReorganizePhase5 = 5;   // Phase 5 Step 3

// The payload of each step, pushed as `s.steps.push(step::Place{n})` and read as
// `st.as<step::Place>().nation`. A decision's acting nation is its `nation`.
namespace step {
struct Phase {
  static constexpr StepId id = StepId::Phase;
  std::int8_t phase = 0;
};  // 1..7; 8: the end of the round
struct OrderDraw {
  static constexpr StepId id = StepId::OrderDraw;
  std::int8_t placed = 0;
};  // places drawn so far
struct Reorganize {
  static constexpr StepId id = StepId::Reorganize;
  Nation nation = CHN;
  std::int8_t window = 0;
};  // window: kReorganize...
struct WriteSheets {
  static constexpr StepId id = StepId::WriteSheets;
};
// The nation at turn-order position `position` chooses next; position == count: Step 3, pay.
struct SlotSequence {
  static constexpr StepId id = StepId::SlotSequence;
  std::int8_t position = 0;
};
struct TieDraw {
  static constexpr StepId id = StepId::TieDraw;
  std::int8_t position = 0;
};  // the position drawn for
struct ChooseSlot {
  static constexpr StepId id = StepId::ChooseSlot;
  Nation nation = CHN;
};
struct RevealSheet {
  static constexpr StepId id = StepId::RevealSheet;
  Nation nation = CHN;
};
struct MovementTurn {
  static constexpr StepId id = StepId::MovementTurn;
  Nation nation = CHN;
};
// The party asked (`nation`) for the ally's order in box `box`, executed via region `region`.
// Layout: nation, ally * 16 + box, region.
struct PactPermission {
  static constexpr StepId id = StepId::PactPermission;
  Nation nation = CHN, ally = CHN;
  int box = 0;
  RegionId region = kNoRegion;
  core::steps::Bytes pack() const {
    return {static_cast<std::int8_t>(index(nation)), static_cast<std::int8_t>(index(ally) * 16 + box), static_cast<std::int8_t>(region)};
  }
  static PactPermission unpack(core::steps::Bytes b) {
    const auto order = static_cast<std::uint8_t>(b[1]);
    return {nation_at(b[0]), nation_at(order / 16), order % 16, region_byte(static_cast<std::uint8_t>(b[2]))};
  }
};
struct CarrierLaunch {
  static constexpr StepId id = StepId::CarrierLaunch;
  Nation nation = CHN;
  std::int8_t handled = 0;
};  // carriers handled so far
struct Combat {
  static constexpr StepId id = StepId::Combat;
};
struct BattleOrder {
  static constexpr StepId id = StepId::BattleOrder;
  std::int8_t position = 0;
};  // the turn-order position selecting next
struct PickRegion {
  static constexpr StepId id = StepId::PickRegion;
  Nation nation = CHN;
  std::int8_t position = 0;
};  // position: the nation's
struct HandOver {
  static constexpr StepId id = StepId::HandOver;
  Nation nation = CHN;
  std::int8_t side = 0;
};  // the default Commander of `side`
struct BattleDrive {
  static constexpr StepId id = StepId::BattleDrive;
};
struct BattleDie {
  static constexpr StepId id = StepId::BattleDie;
};
struct BattleChoice {
  static constexpr StepId id = StepId::BattleChoice;
  Nation nation = CHN;
};
struct Claim {
  static constexpr StepId id = StepId::Claim;
  Nation nation = CHN;
};  // the victorious Commander
struct Medal {
  static constexpr StepId id = StepId::Medal;
  Nation nation = CHN;
};  // the victorious Commander
// `nation` picks who takes `region`'s defence force against `invader`.
struct NeutralDefence {
  static constexpr StepId id = StepId::NeutralDefence;
  Nation nation = CHN;
  RegionId region{};
  Nation invader = CHN;
};
struct LandAir {
  static constexpr StepId id = StepId::LandAir;
  Nation nation = CHN;
};
struct DeployPlans {
  static constexpr StepId id = StepId::DeployPlans;
};
struct MoraleCancel {
  static constexpr StepId id = StepId::MoraleCancel;
  Nation nation = CHN;
};
struct MoraleEvaluate {
  static constexpr StepId id = StepId::MoraleEvaluate;
};
struct MoraleRelieve {
  static constexpr StepId id = StepId::MoraleRelieve;
  Nation nation = CHN;
};
struct MoralePenalties {
  static constexpr StepId id = StepId::MoralePenalties;
};
// A penalty: what is still owed, and what was owed at first ("payment 1 of 3").
struct BluePay {
  static constexpr StepId id = StepId::BluePay;
  Nation nation = CHN;
  std::int8_t owed = 0, owed_at_first = 0;
};
struct Desert {
  static constexpr StepId id = StepId::Desert;
  Nation nation = CHN;
  std::int8_t owed = 0, owed_at_first = 0;
};
struct Trade {
  static constexpr StepId id = StepId::Trade;
  Nation nation = CHN;
};
struct Purchases {
  static constexpr StepId id = StepId::Purchases;
};
struct Place {
  static constexpr StepId id = StepId::Place;
  Nation nation = CHN;
};
struct GameOver {
  static constexpr StepId id = StepId::GameOver;
};
}  // namespace step

// Phase 3: a Command leaving units behind at a pin, one unit at a time (movement.cpp; Pinning,
// rulings 23-25). box == 0: none.
struct PinSplit {
  Nation nation = CHN;
  std::uint8_t box = 0;       // the order being executed, 1..9
  RegionId at = kNoRegion;    // where the pin holds (the Command stands there)
  RegionId via = kNoRegion;   // the intermediate region still to pass, or kNoRegion
  RegionId stop = kNoRegion;  // where the move ends
  std::uint8_t owed = 0;      // units still to leave behind
  std::uint8_t left = 0;      // the new Command holding them (0: not yet placed)
  bool operator==(const PinSplit&) const = default;
};

// Carrier Fighter Tokens launched (Phase 3 Step 3) and not yet removed (end of Phase 5), by nation
// and region: a short list in (nation, region) order, an entry per place with tokens, rather than a
// [nation][region] table of bytes nearly always empty (1.8 KB of every copy of the state). Each
// token is one naval Command's launch, and a nation has at most 14 naval Command numbers (ruling 8,
// data/warroom/nations.json), so there are at most 7 x 14 places.
struct FighterTokens {
  static constexpr int kMaxPlaces = kNations * 14;
  struct Place {
    Nation nation = CHN;
    RegionId region = kNoRegion;
    std::uint8_t count = 0;
    bool operator==(const Place&) const = default;
  };
  std::array<Place, kMaxPlaces> place{};
  std::uint8_t places = 0;

  int count(Nation nation, RegionId r) const {
    for (int i = 0; i < places; ++i)
      if (place[static_cast<std::size_t>(i)].nation == nation && place[static_cast<std::size_t>(i)].region == r)
        return place[static_cast<std::size_t>(i)].count;
    return 0;
  }
  // Adds `delta` tokens (negative: removes); a place left with none leaves the list.
  void add(Nation nation, RegionId r, int delta);
  std::span<const Place> all() const { return {place.data(), places}; }
  bool operator==(const FighterTokens&) const = default;
};

// Phase 4: the Active region being resolved (combat.cpp). Sides are those of the battle module:
// 0 the Allied Forces, 1 the Axis.

enum FightPart : std::uint8_t { kFightNone, kFightSetup, kFightBattle, kFightNextBattle, kFightRaidSetup, kFightRaid };
struct Fight {
  RegionId region = kNoRegion;
  std::uint8_t part = kFightNone;
  std::array<Nation, 2> commander{kNoNation, kNoNation};
  std::array<NationSet, 2> took_part{};  // the nations of each side with units in the battle
  std::uint8_t victor = 0;               // the side that captured the territory (Claim, Medal)
  std::uint8_t medals = 0;               // Medals still to give (Apply Medals)
  NationSet medal_to{};                  // the nations that may gain them (Article Four, ruling 61)
  // The Soviet-Japanese Pact's two battles in one region (Article Three, ruling 52): the party each
  // battle leaves out (kNoNation: an ordinary battle), and which of the two is being fought.
  std::array<Nation, 2> left_out{kNoNation, kNoNation};
  std::uint8_t battle_no = 0;
  bool bombed = false;  // the region's one raid of the round is made (ruling 53)
  // Between Active regions: the last one resolved, whose board stays in State::battle as the Battle
  // Debrief left it until the next one is selected (the clients show it; no rule reads it).
  RegionId fought = kNoRegion;
  bool operator==(const Fight&) const = default;
};

inline constexpr std::uint8_t kAlliedWin = 1, kAxisWin = 2, kBothLose = 4;

// The Soviet-Japanese Non-Aggression Pact (warroom/pact.cpp): in force from the start in a scenario
// that has it; once broken (Article Four) or ended (Moscow or Greater Germany captured, ruling 68)
// it never holds again.
enum PactStatus : std::uint8_t { kPactInForce, kPactBroken, kPactEnded };
struct PactState {
  std::uint8_t status = kPactInForce;
  Nation offender = kNoNation;     // the party that broke it (Article Four)
  std::uint16_t broken_round = 0;  // the round it was broken: no Medals between the parties then
  bool operator==(const PactState&) const = default;
};

struct State {
  std::uint8_t scenario = 0;
  std::uint16_t round = 1;
  std::uint8_t round_limit = 0;  // 0: none (ruling 105); a harness may stop games at a round
  std::uint8_t phase = 1;        // 1..7, for views and logs
  std::uint8_t pass = 1;         // Rapid Resolution: 2 while Phases 2-6 are repeated
  core::StepStack<Step, 24> steps;
  std::uint16_t reveal_epoch = 0;  // incremented by every reveal (design §4.4): the undo barrier

  NationArray<NationState> nation{};
  std::array<Nation, kNations> turn_order{};  // slot order: nations, then kNoNation
  std::array<Nation, kNations> choosing{};    // Phase 2 Step 2: the bid order being formed
  RegionArray<RegionState> region{};
  NationArray<CommandPool> command{};                       // [nation][number], 0 unused
  std::array<Construction, kMaxIndustries> construction{};  // by the tables' industry index
  NationArray<Sheet> sheet{};
  PinSplit pin{};                  // Phase 3 pin split in progress
  FighterTokens fighter_tokens{};  // Carrier Fighter Tokens launched (Phase 3 Step 3)
  Battle battle{};                 // Phase 4: the battle being resolved (warroom/battle.h), driven by BattleDrive, or the last one resolved
  Fight fight{};                   // Phase 4: the Active region being resolved and its debrief (combat.cpp)
  std::uint8_t winner = 0;         // at the end: kAlliedWin, kAxisWin, kBothLose, or 0 (stopped by a round limit)
  PactState pact{};                // the Soviet-Japanese Non-Aggression Pact
  bool operator==(const State&) const = default;
};

}  // namespace warroom
