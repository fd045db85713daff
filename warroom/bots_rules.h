// War Room's rules-based bot (`bot:rules`, docs/warroom/bots.md): a fixed list of priorities per
// decision, for every nation. It sees only its seat's observation (Game::observe) and asks the rules
// what is legal: the order pad (pad_destinations), the execution of an order (a probe of the Phase 3
// step on a copy of the observation), purchases, placements, landings and the battle module's
// choices. It never re-derives a rule; its own arithmetic is only about what is worth doing.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/bot.h"
#include "warroom/battle.h"
#include "warroom/game.h"

namespace warroom {

// What a nation sees of the position, reduced to the numbers its plans weigh: strengths per region
// and alliance (unit costs as the measure of strength), the regions it must hold and the regions it
// must take (its alliance's Victory conditions, enemy capitals and industries), and how far each
// region is from those goals for a land force (land steps 1, sea steps 2).
struct Assessment {
  Nation nation = CHN;
  Alliance side = Alliance::Allied;
  std::array<RegionArray<int>, kAlliances> land{}, air{}, naval{};
  RegionArray<int> threat{};      // enemy land strength that can enter the region next round
  RegionArray<int> importance{};  // 0: none; capitals and victory regions most
  RegionArray<bool> enemy_aim{};  // a friendly region of the enemy's Victory condition
  RegionArray<int> goal_distance{};
  RegionArray<int> value{};  // worth of taking an enemy territory
};
Assessment assess(const Game& g, const State& obs, Nation nation);

// Steps for a land force (land steps 1; embarking, sailing and landing 2 each; no sea step when
// `may_sail` is false) from the regions whose distance is already set in `dist` (the rest kForceFar).
inline constexpr int kForceFar = 1000;
void force_distances(const Game& g, bool may_sail, RegionArray<int>& dist);

// The nation's campaign (warroom/bots_rules_campaign.cpp, docs/warroom/bots.md "Campaigns"): one
// region of its alliance's Victory condition, kept as the aim over several rounds. The army masses
// next to it (land steps 1, sea steps 2, as the goal distance) and strikes when the massed force is
// enough; an aim over the sea is weighed by the command of the sea around it.
struct Campaign {
  RegionId target = kNoRegion;  // kNoRegion: none (every region of the condition held)
  RegionArray<int> distance{};  // steps to the target for the nation's land forces
  bool overseas = false;        // no land route from the nation's capital to the target
};
inline constexpr int kCampaignReach = 4;  // steps within which a force counts toward a campaign
inline constexpr int kCampaignPull = 6;   // steps within which a Command marches to the campaign

// A stalled war (docs/warroom/bots.md, "A stalled war"): the rounds in a row in which no region
// changed hands. The game has no round limit (ruling 105), so a front where both alliances mass
// and neither attacks would never end. After kStallRounds quiet rounds the campaign may aim at any
// enemy territory beside the alliance's armies, not only its Victory condition, and the strike
// accepts worse odds the longer the quiet lasts: the needed share of the defence falls by
// kStallStepPercent a round, to kStallFloorPercent.
inline constexpr int kStallRounds = 3;
inline constexpr int kStallStepPercent = 5;
inline constexpr int kStallFloorPercent = 70;
// A bot made anew for each decision (as the server and `warroom play` make it) keeps no memory of
// the rounds before; a war that has lasted past kLongWar rounds counts as stalled by the rounds
// beyond it (the game has no round limit, ruling 105: a long war must still come to an end).
inline constexpr int kLongWar = 30;
// The share (percent) of the defence the campaign's strike needs after `quiet` quiet rounds; the
// same share of the threat keeps a capital or industry held (the rest of its army may strike).
int strike_odds_percent(int quiet);

// The defence of enemy territory t as the strike weighs it: the enemy land strength there, half its
// air, and for an empty territory its garrison's 2 dice (Garrison Forces).
int defence_of(const Assessment& a, RegionId t);
// `kept` is the campaign of the rounds before (kNoRegion: none): it stays unless another aim is
// clearly better, so that the forces massed for it are not led away by a passing change.
// After kStallRounds `quiet` rounds the candidates include every enemy territory beside the
// alliance's land forces, and the most valuable one the alliance beside it can strike at the
// stalled odds is the aim.
Campaign plan_campaign(const Game& g, const State& obs, const Assessment& a, RegionId kept = kNoRegion, int quiet = 0);

// A land Command may leave a threatened capital or industry `from` to attack `dest` when the enemy
// army in `dest` is most of the threat to `from`: taking it is the defence.
bool strikes_the_threat(const Assessment& a, RegionId from, RegionId dest);

// The alliance's land strength that can enter `t` in one move: beside it by land, or at sea beside it.
int alliance_beside(const Game& g, const Assessment& a, RegionId t);

// The mix of units a style's purchases build toward (Phase 7 Step 3): bot:rules' shares, or those
// shares leaning to armor and artillery (an attacking army), to infantry (a holding one), to
// fighters and bombers, or to a fleet (added to the shares, a threatened capital's included).
enum class BuyMix : std::uint8_t { Rules, Armor, Infantry, Air, Fleet };
inline constexpr int kBuyMixes = 5;
// Phase 5 Step 2: the Port-connected sea new ships deploy to: the safest (bot:rules'), the one where
// the nation's fleet is strongest (massed), or the one where the enemy's ships and troops at sea are.
enum class DeploySea : std::uint8_t { Safest, Massed, Forward };
inline constexpr int kDeploySeas = 3;

// A style of play: the few numbers the rules bot's plans weigh that a search may vary to propose
// different plans (warroom/ai.h, docs/warroom/ai.md "The search bot"). The defaults are bot:rules'.
struct Style {
  int odds_scale_percent = 100;              // scales the share of the defence the campaign's strike needs
  int attack_tenths = 13;                    // an attack goes in with this many tenths of the defence (1.3x)
  int extra_quiet = 0;                       // rounds added to the quiet ones: > 0 turns to a stalled war's aims sooner
  int bid_extra = 0;                         // added to the bid it sizes to need (within the same bounds)
  BuyMix buy_mix = BuyMix::Rules;            // Phase 7 Step 3: the mix of units it builds toward
  DeploySea deploy_sea = DeploySea::Safest;  // Phase 5 Step 2: where new ships go
  // A sure defence of a threatened capital or industry: the Commands that step in by land (or land
  // from the sea beside it) go first, and a defence that still needs a Command coming by rail wants
  // the first slot and bids for it (a Nation may not invade by Rail: once an enemy Command has moved
  // in first, the rail stops short, ruling 29).
  bool sure_defence = false;
  int bid_oil_thirds = 1;  // a bid spends at most this many thirds of the oil held
  // A watch on the sea for every threatened region that matters, not only capitals: half the enemy
  // troops at sea one sea region beyond its coast count toward the threat to any friendly industry
  // or region of the enemy's Victory condition (an army at sea lands within two rounds).
  bool sea_watch = false;
  // A home guard against the sea (docs/warroom/ai.md, "War in the Pacific: the home guard"): enemy
  // troops at sea beside a friendly capital or industry with no fleet or aircraft of theirs there are
  // struck by the nearest naval and air Commands (unguarded Troop Transports are sunk, Battle
  // Debrief > 3), and an island capital counts the enemy troops that can land on it within two
  // orders against its garrison and ferries its mainland armies home (embarking into a sea beside it,
  // then landing) when they outweigh it.
  bool home_guard = false;
  // Attacks chosen with the battle calculator (warroom/ai_attack.h): each target's force weighed by its
  // odds and expected losses instead of 1.3x the defence's unit costs, the best expected gain first.
  // The search bot's own candidates only: a look of the calculator per target is too dear for rollouts.
  bool calculated_attacks = false;
  // A garrison for what the enemy needs where only the sea reaches (docs/warroom/ai.md, "A garrison
  // by sea, kept"): every friendly region of the enemy's Victory condition but a capital that is an
  // island, or has no enemy army beside it, counts the enemy troops that can land on it within two
  // orders against its garrison, as the home guard does for an island capital, and armies are
  // ferried to it (embarking into a sea beside it, then landing).
  bool sea_garrison = false;
  bool operator==(const Style&) const = default;
};

// Why the planner wrote an order: the planner's stage that wrote it (bots_rules_plan.cpp), in its
// order. A hint names it to the player (warroom/ai.h, advise: its reason codes).
enum class OrderWhy : std::uint8_t {
  SinkTransports,    // 0. the home guard strikes enemy troops at sea beside a vital region
  FerryHome,         // 0b. an island capital's armies ferried home
  FerryGarrison,     // 1b. a garrison ferried where the enemy needs to win and only the sea reaches
  CampaignStrike,    // the campaign's strike on its target
  Defend,            // 1. a threatened capital or industry reinforced
  Attack,            // 2. an enemy territory worth taking, with enough strength
  CalculatedAttack,  // 2. the same, chosen by the battle calculator's gain (Style::calculated_attacks)
  AirSupport,        // air beside an attack, where it can land afterwards
  StrikeFleet,       // 3. an enemy fleet struck
  Escort,            // ships guarding troops at sea
  Gather,            // ships gathering at the safe sea nearest the goals
  Advance,           // 4. the army moving toward the campaign or the goals
  AirDefence,        // 5. air to the most threatened capital or industry within reach
};
// Why the bid is what it is.
enum class BidWhy : std::uint8_t {
  None,            // nothing wants a slot: no bid
  FirstSlot,       // its attacks want the first slot (to pin the defenders before they move)
  RailDefence,     // a sure defence coming by rail wants the first slot (ruling 29)
  ShortOfDefence,  // a threatened capital or industry it could not fully reinforce
};
// One planned order (Phase 2 Step 1).
struct PlannedOrder {
  std::uint8_t command = 0;
  RegionId dest = kNoRegion;
  OrderWhy why = OrderWhy::Advance;
};
struct SheetPlan {
  std::vector<PlannedOrder> orders;  // at most the nation's order limit, in execution order
  int bid = 0;
  BidWhy bid_why = BidWhy::None;
  bool wants_first = false;       // its attacks want to pin the defenders before they move
  RegionId campaign = kNoRegion;  // the campaign's target this round (plan_campaign)
  int odds_percent = 100;         // the share of the defence its strike needs (strike_odds_percent)
};
// The orders and bid the bot writes for `nation` in this observation; `quiet`: the rounds in a row
// in which no region changed hands (a stalled war).
SheetPlan plan_sheet(const Game& g, const State& obs, Nation nation, RegionId kept_campaign = kNoRegion, int quiet = 0,
                     const Style& style = {});

// Whether the order could be executed now (the Phase 3 step's legal moves on a copy of `obs`).
bool order_executable(const Game& g, const State& obs, Nation nation, int command, RegionId dest);

// The battle choice the bot prefers among the battle module's legal choices (need(b) is a decision
// of one of the bot's nations).
Choice preferred_choice(const Game& g, const Battle& b);

// The bot's action at a battle decision (Phase 4): preferred_choice in the rules' action form.
core::Action battle_decision(const Game& g, const State& obs, const core::ActionList& legal);

class RulesBot final : public core::Bot<Game> {
 public:
  RulesBot() = default;
  explicit RulesBot(const Style& style) : style_(style) {}
  core::Action choose(const Game& game, const State& observation, core::Seat seat, core::Rng& rng) override;
  const Style& style() const { return style_; }
  void set_style(const Style& style) { style_ = style; }
  // The sheet plan this bot wrote (or is writing) for `nation` in the observation's round and pass;
  // nullptr if it has none (a hint's reasons: warroom/ai.h, advise).
  const SheetPlan* sheet_plan(const State& obs, Nation nation) const {
    const Cached& c = cache_[nation];
    return c.valid && c.round == obs.round && c.pass == obs.pass ? &c.plan : nullptr;
  }

 private:
  // The sheet plan of the round being written, per nation (computed once a round).
  struct Cached {
    std::uint16_t round = 0;
    std::uint8_t pass = 0;
    bool valid = false;
    SheetPlan plan;
  };
  Style style_;
  NationArray<Cached> cache_{};
  NationArray<RegionId> campaign_ = [] {
    NationArray<RegionId> none{};
    none.fill(kNoRegion);
    return none;
  }();  // each nation's campaign, kept across rounds
  // The rounds in a row in which no region changed hands, counted from the control seen at each
  // round's first sheet (the public board: allies count alike).
  int quiet_rounds_ = 0;
  std::uint16_t control_round_ = 0;
  std::uint64_t control_print_ = 0;
  void watch_control(const State& obs);
  int quiet(const State& obs);  // quiet_rounds_, or the rounds past kLongWar if more
  const SheetPlan& plan_for(const Game& game, const State& obs, Nation nation);
  core::Action movement(const Game& game, const State& obs, Nation nation, const core::ActionList& own);
};

}  // namespace warroom
