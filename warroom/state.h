// The state of a game of War Room (design §4.2): a plain value of fixed size (15 KB) with small integer
// ids and no heap, so that search can copy it cheaply. Regions, nations and unit types are indices
// into the engine's tables (warroom/rules.h), themselves built from the data set.
//
// What is secret lives here like everything else: the order sheets, bids, purchases and
// deployment plans. Only observe() (warroom/observe.cpp) knows what each seat may see.
#pragma once

#include <array>
#include <cstdint>

#include "core/step_stack.h"
#include "warroom/battle.h"
#include "warroom/data.h"

namespace warroom {

// ---- Ids -------------------------------------------------------------------------------------
// Nations, regions, unit kinds, resources and zones are the data set's (warroom/data.h). The state
// stores them as small integers; these helpers name what the rules need of them.

constexpr Alliance alliance_of(int nation) { return nation >= GER ? Alliance::Axis : Alliance::Allied; }

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
inline constexpr std::uint8_t kLandingTag = 1;      // Phase 3 › Tag Air Commands
inline constexpr std::uint8_t kSplitThisPhase = 2;  // Reorganizing Commands (Phase 3: splits once)

struct NationState {
  std::array<std::int32_t, kResources> res{};  // no ceiling ("add an additional peg")
  std::int32_t stress = 0;                     // Stress Points on the Morale Board
  std::uint16_t medals = 0, goods = 0;         // Medals; Civilian Goods (bought in Phase 7: usable from the next Phase 6)
  std::array<std::uint16_t, kUnitTypes> casualties{};  // the Casualty List, by unit type
  std::uint8_t zone = kWhite;                  // Homeland Status Track
  std::uint8_t slot = 0;                       // turn-order slot 1..n this round (0: none yet)
  bool in_play = false;                        // a nation of the scenario
  bool collapsed = false;                      // Victory Check note: out of the game
  bool operator==(const NationState&) const = default;
};

struct RegionState {
  std::uint8_t controller = kNoNation;  // the Territory Card holder; kNoNation: neutral or a sea
  std::uint8_t bombs = 0;               // Bomb Tokens, never removed
  std::uint8_t flags = 0;               // kNeutralActivated, kInvasionStressGiven, kActive, kRaidOk, kCardEmbattled

  bool operator==(const RegionState&) const = default;
};
inline constexpr std::uint8_t kNeutralActivated = 1;
inline constexpr std::uint8_t kInvasionStressGiven = 2;
inline constexpr std::uint8_t kActive = 4;   // Phase 4: an Active Hotspot still to address this round (ruling 94)
inline constexpr std::uint8_t kRaidOk = 8;   // Phase 4: a convoy raid may be made here (the verdict of ruling 55)
inline constexpr std::uint8_t kCardEmbattled = 16;  // the Territory Card shows its Embattled side (Phase 1 › Step 1)


// Units under an Industry Token in one industrial territory (Phase 7 › Step 5), owned by the
// territory's controller (captured with it), and the secret deployment plan for them (Phase 5 ›
// Step 2, ruling 100): units held back, and each naval unit's sea region.
struct Construction {
  std::array<std::uint8_t, kUnitTypes> n{};
  std::array<std::uint8_t, kUnitTypes> hold{};                    // plan: stays under the token
  std::array<std::array<std::uint8_t, kMaxPortSeas>, 4> to_sea{};  // plan: naval slot x port sea
  bool operator==(const Construction&) const = default;
};

// One box of the O&P Chart's movement side.
enum OrderStatus : std::uint8_t { kEmpty, kWritten, kExecuted, kCancelled };
struct Order {
  std::uint8_t command = 0;  // Command number (its category is implied)
  RegionId dest = kNoRegion;
  std::uint8_t status = kEmpty;
  bool operator==(const Order&) const = default;
};

// A nation's O&P Chart for the round: orders and bid (Phase 2), purchases (Phase 7). Secret until
// its reveal (ruling 91): bids at Phase 2 Step 2, orders at the nation's Phase 3 turn, purchases at
// Phase 7 Step 4. The deployment plan lives in Construction.
struct Sheet {
  std::array<Order, kMaxOrders> box{};
  std::int32_t bid = 0;
  std::uint8_t selected = 0;                      // a Command chosen, waiting for its destination (0: none)
  std::array<std::uint8_t, kUnitTypes> buy{};     // units bought this round
  std::uint8_t goods = 0;                         // Civilian Goods bought this round
  std::array<std::uint16_t, kResources> goods_paid{};  // what the Goods cost, by resource (ruling 80)
  std::array<std::uint8_t, kMaxMobilization> mobilized{};  // infantry mobilized this round, by mobilization territory (ruling 72)
  std::uint8_t flags = 0;                         // kDone, kOrdersRevealed
  bool operator==(const Sheet&) const = default;
};
inline constexpr std::uint8_t kDone = 1;            // finished the current simultaneous step
inline constexpr std::uint8_t kOrdersRevealed = 2;  // its Phase 3 turn has begun (ruling 91)

// ---- Flow ------------------------------------------------------------------------------------

// One row of the step table (warroom/game.cpp) per id. The comments give a, b, c.
enum class StepId : std::uint8_t {
  Phase,           // auto: the automatic part of phase a (1..7; 8 = end of round), pushing its steps
  OrderDraw,       // chance: round 1's reorganization order (ruling 19); a = places drawn
  Reorganize,      // decision: nation a reorganizes its Commands (b = 1: Phase 1 window, ruling 92; 4: Battle Debrief, the Active region only; 5: Phase 5 Step 3)
  WriteSheets,     // simultaneous: Phase 2 Step 1, orders and bids
  SlotSequence,    // auto: Phase 2 Step 2, the nation at position a chooses next (a = count: Step 3, pay)
  TieDraw,         // chance: Phase 2 Step 2, who takes position a among tied bidders
  ChooseSlot,      // decision: Phase 2 Step 2, nation a chooses its turn-order slot
  RevealSheet,     // auto: Phase 3, nation a's sheet is revealed as its turn begins (ruling 91)
  MovementTurn,    // decision: Phase 3 Step 2, nation a resolves its orders in box order
  PactPermission,  // decision: Soviet-Japanese Pact, Article Two: party a permits or refuses ally b's order executed via region c (ruling 66)
  CarrierLaunch,   // decision: Phase 3 Step 3, nation a; b = carriers handled (the movement module)
  Combat,          // auto: Phase 4 begins: the Active regions are marked (combat.cpp)
  BattleOrder,     // auto: Phase 4 Order of Battles, the nation at turn-order position a selects next
  PickRegion,      // decision: nation a selects an Active region involving its forces (b = its position)
  HandOver,        // decision: Battle Setup › 4, nation a (the default Commander of side b) keeps or hands over command
  BattleDrive,     // auto: sets up and runs the battle of State::fight until a die or a decision is needed
  BattleDie,       // chance: one d12 of the battle
  BattleChoice,    // decision: nation a decides in the battle (stance, hit, escort, garrison, bombing, convoy, repair)
  Claim,           // decision: Update Territory Status, the victorious Commander a picks the new controller
  Medal,           // decision: Apply Medals, the victorious Commander a gives the next Medal
  NeutralDefence,  // decision: Attacking Standard Neutrals, nation a picks who takes region b's defence force (ruling 103)
  LandAir,         // hook: Phase 5 Step 1 (the movement module)
  DeployPlans,     // simultaneous: Phase 5 Step 2
  MoraleCancel,    // decision: Phase 6 Step 1, nation a
  MoraleEvaluate,  // auto: Phase 6 Step 2
  MoraleRelieve,   // decision: Phase 6 Step 3, nation a
  MoralePenalties, // auto: Phase 6 Step 4, pushes the Blue payments and Gray desertions
  BluePay,         // decision: Phase 6 Step 4 Blue Zone, nation a pays; b = still owed, c = owed at first
  Desert,          // decision: Phase 6 Step 4 Gray Zone, nation a removes units; b = still owed, c = owed at first
  Trade,           // decision: Phase 7 Step 2, nation a may make one trade with a neutral (Global War)
  Purchases,       // simultaneous: Phase 7 Step 3
  Place,           // decision: Phase 7 Step 5, nation a places its new units
  GameOver,        // terminal
  kCount
};

struct Step {
  StepId id{};
  std::int8_t a = 0, b = 0, c = 0;
  bool operator==(const Step&) const = default;
};

// Phase 3: a Command leaving units behind at a pin, one unit at a time (movement.cpp; Pinning,
// rulings 23-25). box == 0: none.
struct PinSplit {
  std::uint8_t nation = 0;
  std::uint8_t box = 0;         // the order being executed, 1..9
  RegionId at = kNoRegion;      // where the pin holds (the Command stands there)
  RegionId via = kNoRegion;     // the intermediate region still to pass, or kNoRegion
  RegionId stop = kNoRegion;    // where the move ends
  std::uint8_t owed = 0;        // units still to leave behind
  std::uint8_t left = 0;        // the new Command holding them (0: not yet placed)
  bool operator==(const PinSplit&) const = default;
};

// Phase 4: the Active region being resolved (combat.cpp). Sides are those of the battle module:
// 0 the Allied Forces, 1 the Axis.
// Step::b of a Reorganize step in a Battle Debrief: only the Active region's Commands (Reorganizing Commands).
constexpr std::int8_t kReorganizeDebrief = 4;

enum FightPart : std::uint8_t { kFightNone, kFightSetup, kFightBattle, kFightNextBattle, kFightRaidSetup, kFightRaid };
struct Fight {
  RegionId region = kNoRegion;
  std::uint8_t part = kFightNone;
  std::array<std::uint8_t, 2> commander{kNoNation, kNoNation};
  std::array<std::uint8_t, 2> took_part{};  // nations (bits) of each side with units in the battle
  std::uint8_t victor = 0;                  // the side that captured the territory (Claim, Medal)
  std::uint8_t medals = 0;                  // Medals still to give (Apply Medals)
  std::uint8_t medal_to = 0;                // nations (bits) that may gain them (Article Four, ruling 61)
  // The Soviet-Japanese Pact's two battles in one region (Article Three, ruling 52): the party each
  // battle leaves out (kNoNation: an ordinary battle), and which of the two is being fought.
  std::array<std::uint8_t, 2> left_out{kNoNation, kNoNation};
  std::uint8_t battle_no = 0;
  bool bombed = false;                      // the region's one raid of the round is made (ruling 53)
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
  std::uint8_t offender = kNoNation;  // the party that broke it (Article Four)
  std::uint16_t broken_round = 0;     // the round it was broken: no Medals between the parties then
  bool operator==(const PactState&) const = default;
};

struct State {
  std::uint8_t scenario = 0;
  std::uint16_t round = 1;
  std::uint8_t round_limit = 0;    // 0: none (ruling 105); a harness may stop games at a round
  std::uint8_t phase = 1;          // 1..7, for views and logs
  std::uint8_t pass = 1;           // Rapid Resolution: 2 while Phases 2-6 are repeated
  core::StepStack<Step, 24> steps;
  std::uint16_t reveal_epoch = 0;  // incremented by every reveal (design §4.4): the undo barrier

  std::array<NationState, kNations> nation{};
  std::array<std::uint8_t, kNations> turn_order{};  // slot order: nations, then kNoNation
  std::array<std::uint8_t, kNations> choosing{};    // Phase 2 Step 2: the bid order being formed
  std::array<RegionState, kMaxRegions> region{};
  std::array<std::array<Command, kMaxCommandNumber + 1>, kNations> command{};  // [nation][number], 0 unused
  std::array<Construction, kMaxIndustries> construction{};  // by the tables' industry index
  std::array<Sheet, kNations> sheet{};
  PinSplit pin{};                                                            // Phase 3 pin split in progress
  std::array<std::array<std::uint8_t, kMaxRegions>, kNations> fighter_tokens{};  // Carrier Fighter Tokens launched [nation][region] (Phase 3 Step 3)
  Battle battle{};          // Phase 4: the battle being resolved (warroom/battle.h), driven by BattleDrive, or the last one resolved
  Fight fight{};            // Phase 4: the Active region being resolved and its debrief (combat.cpp)
  std::uint8_t winner = 0;  // at the end: kAlliedWin, kAxisWin, kBothLose, or 0 (stopped by a round limit)
  PactState pact{};         // the Soviet-Japanese Non-Aggression Pact
  bool operator==(const State&) const = default;
};

}  // namespace warroom
