// Phase 4: Combat Operations, rule by rule, with the dice supplied: the rulebook's examples (design
// war-room.md §5 T8-T11, T20, T21) and the edge cases the text implies.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "core/log.h"
#include "warroom/battle.h"

namespace warroom {
namespace {

// Nation ids as in the engine; sides as on the Battle Status Board.

constexpr int kAllied = 0, kAxis = 1;
constexpr Nation kNinth = static_cast<Nation>(9);  // a byte that names no nation: a bad setup
constexpr Colour Y = Colour::Yellow, B = Colour::Blue, G = Colour::Green, R = Colour::Red, K = Colour::Black, W = Colour::White;

// Unit types with the design's stance table (§3.3); the tests name every number they rely on.
enum Type : std::uint8_t { kInf, kArt, kArm, kFtr, kBmb, kSub, kCa, kCv, kBb, kCf };

StanceSpec stance(int air, int surface, int steps, Special special = Special::None) {
  StanceSpec s;
  s.air_dice = static_cast<std::uint8_t>(air);
  s.surface_dice = static_cast<std::uint8_t>(surface);
  s.steps = static_cast<std::uint8_t>(steps);
  s.light_box = steps == 3;
  s.white_triangle = special != Special::Dive;
  s.special = special;
  if (special == Special::StrategicBombing) s.raid_dice = 4;
  return s;
}

TypeSpec type(Type t) {
  TypeSpec s;
  s.id = t;
  auto set = [&](Colour colour, Category cat, std::initializer_list<StanceSpec> st) {
    s.colour = colour;
    s.category = cat;
    s.stance_count = static_cast<std::uint8_t>(st.size());
    std::copy(st.begin(), st.end(), s.stance.begin());
  };
  switch (t) {
    case kInf: set(Y, Category::Land, {stance(0, 1, 2), stance(0, 2, 1)}); break;  // defensive, assault
    case kArt: set(B, Category::Land, {stance(2, 1, 2), stance(0, 2, 2)}); break;  // anti-air, barrage
    case kArm: set(G, Category::Land, {stance(1, 2, 3), stance(0, 3, 3)}); break;  // defensive, breakthrough
    case kFtr: set(G, Category::Air, {stance(3, 0, 2), stance(1, 2, 2)}); break;   // intercept, ground-support
    case kBmb: set(R, Category::Air, {stance(0, 0, 2, Special::StrategicBombing), stance(0, 3, 2)}); break;
    case kSub: set(Y, Category::Sea, {stance(0, 2, 2, Special::Dive)}); break;
    case kCa: set(B, Category::Sea, {stance(2, 1, 2, Special::Escort), stance(1, 2, 2)}); break;
    case kCv: set(G, Category::Sea, {stance(2, 1, 3), stance(1, 2, 3)}); break;  // air-cover, strike
    case kBb: set(R, Category::Sea, {stance(2, 2, 3), stance(1, 4, 3)}); break;  // anti-air, line
    case kCf: set(G, Category::Air, {stance(3, 0, 2), stance(1, 2, 2)}); break;
  }
  return s;
}

const std::vector<std::string> kNationNames{"CHN", "BC", "USSR", "US", "GER", "ITA", "JPN"};
const std::vector<std::string> kTypeNames{"inf", "art", "arm", "ftr", "bmb", "sub", "ca", "cv", "bb", "cf"};
const std::vector<std::vector<std::string>> kStanceNames{{"defensive", "assault"},
                                                         {"anti-air", "barrage"},
                                                         {"defensive", "breakthrough"},
                                                         {"intercept", "ground-support"},
                                                         {"strategic-bombing", "tactical"},
                                                         {"attack"},
                                                         {"escort", "attack"},
                                                         {"air-cover", "strike"},
                                                         {"anti-air", "line"},
                                                         {"intercept", "ground-support"}};
const BattleNames kNames{kNationNames, kTypeNames, kStanceNames};

// War Room's catalogues (data/i18n/warroom), for the battle's texts in words.
const core::i18n::Catalogues& english() {
  static const core::i18n::Catalogues c =
      core::i18n::Catalogues::load(std::filesystem::path(WARROOM_TEST_DATA_DIR).parent_path() / "i18n" / "warroom");
  return c;
}

class BattleTest : public ::testing::Test {
 protected:
  BattleSetup setup;
  Battle b;
  core::LogBuffer log;

  BattleTest() {
    for (std::uint8_t n = 0; n < kNations; ++n) setup.rank[nation_at(n)] = n;  // turn order CHN, BC, ... JPN
    for (auto& s : setup.stock) s = {5, 5, 5};
  }
  void add(int side, Nation nation, Type t, int count, int stance) {
    setup.units.push_back(
        {static_cast<std::uint8_t>(side), nation, type(t), static_cast<std::uint8_t>(count), static_cast<std::int8_t>(stance)});
  }
  void start(Nation allied, Nation axis) {
    setup.commander = {allied, axis};
    const std::string err = setup_battle(b, setup, &log);
    ASSERT_EQ(err, "");
  }
  // Rolls the supplied dice; every die must be awaited.
  void roll(std::initializer_list<Colour> faces) {
    for (Colour f : faces) {
      ASSERT_EQ(need(b), Need::Die) << "before die " << colour_name(f);
      ASSERT_TRUE(apply_die(b, f, &log)) << colour_name(f);
    }
  }
  void choose(const std::string& text) {
    Choice c;
    ASSERT_TRUE(choice_from_text(b, text, kNames, c)) << "not legal: " << text << "; legal: " << legal_text();
    ASSERT_TRUE(apply(b, c, &log)) << text;
  }
  std::string legal_text() const {
    std::vector<Choice> out;
    legal(b, out);
    std::string s;
    for (const Choice& c : out) s += "[" + choice_text(b, c, kNames) + "] ";
    return s;
  }
  std::vector<std::array<int, 3>> batches() const {  // (side, Commander, dice) per batch
    std::vector<std::array<int, 3>> out;
    for (const auto& e : log.entries())
      if (e.event == kEvBatch) out.push_back({e.args[0], e.args[1], e.args[2]});
    return out;
  }
  std::vector<std::array<int, 2>> stage_totals() const {
    std::vector<std::array<int, 2>> out;
    for (const auto& e : log.entries())
      if (e.event == kEvStage) out.push_back({e.args[1], e.args[2]});
    return out;
  }
  std::vector<Nation> die_nations() const {
    std::vector<Nation> out;
    for (const auto& e : log.entries())
      if (e.event == kEvDie) out.push_back(nation_at(e.args[1]));
    return out;
  }
};

// ---- T8: Surface Battle Example ------------------------------------------------------------------

TEST_F(BattleTest, Phase4_SurfaceBattleExample_BatchesAlternateFromTheEarlierCommander) {
  setup.rank[GER] = 0;  // "The Germany player is Commander and is first in Turn Order Rank"
  setup.rank[USSR] = 1;
  setup.rank[ITA] = 2;
  add(kAxis, GER, kInf, 4, 1);     // assault: 4 x 2 = 8
  add(kAxis, ITA, kInf, 2, 1);     // 2 x 2 = 4: together 12
  add(kAllied, USSR, kInf, 3, 0);  // defensive: 3 (both sides have infantry: no bonus)
  add(kAllied, USSR, kArt, 6, 1);  // barrage 2, +1 Force Advantage (no Axis artillery): 18; together 21
  start(USSR, GER);
  ASSERT_EQ(stage_totals(), (std::vector<std::array<int, 2>>{{21, 12}}));
  // GER 10: its 8 dice first, then 2 Italian ones (ruling 96); all miss.
  roll({W, W, W, W, W, W, W, W, W, W});
  // USSR 10: two yellows, each with a German and an Italian target: the Soviet Commander decides.
  roll({Y, Y, W, W, W, W, W, W, W, W});
  ASSERT_EQ(need(b), Need::Hit);
  EXPECT_EQ(deciding_nation(b), USSR);
  EXPECT_EQ(legal_text(), "[hit GER inf assault fresh] [hit ITA inf assault fresh] ");
  choose("hit GER inf assault fresh");
  ASSERT_EQ(need(b), Need::Hit);  // the batch is fully assigned before the next one is rolled
  choose("hit ITA inf assault fresh");
  roll({W, W});                          // GER's leftover 2
  roll({W, W, W, W, W, W, W, W, W, W});  // USSR's second full batch
  roll({W});                             // and its last single die
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(batches(), (std::vector<std::array<int, 3>>{{kAxis, index(GER), 10},
                                                        {kAllied, index(USSR), 10},
                                                        {kAxis, index(GER), 2},
                                                        {kAllied, index(USSR), 10},
                                                        {kAllied, index(USSR), 1}}));
  const std::vector<Nation> nations = die_nations();
  EXPECT_EQ(std::count(nations.begin(), nations.begin() + 8, GER), 8);
  EXPECT_EQ(nations[8], ITA);
  EXPECT_EQ(nations[9], ITA);
  EXPECT_EQ(eliminated(b, kAxis, GER, kInf), 1);  // assault infantry: one step
  EXPECT_EQ(eliminated(b, kAxis, ITA, kInf), 1);
  ASSERT_EQ(need(b), Need::Done);
}

// ---- T9: Assign Damage example -------------------------------------------------------------------

TEST_F(BattleTest, Phase4_AssignDamage_ChinasFiveDice) {
  add(kAllied, CHN, kInf, 5, 0);  // 5 defensive infantry: 5 dice (both sides have infantry: no bonus)
  add(kAxis, JPN, kInf, 2, 0);    // defensive: 2 steps
  add(kAxis, JPN, kArt, 1, 0);
  start(CHN, JPN);
  ASSERT_EQ(stage_totals()[0][0], 5);
  roll({K, G, Y, Y, W});
  // Yellows first: both on one infantry (the row rule); green misses; then the black: China's choice.
  ASSERT_EQ(need(b), Need::Hit);
  EXPECT_EQ(deciding_nation(b), CHN);
  EXPECT_EQ(legal_text(), "[hit JPN inf defensive fresh] [hit JPN art anti-air fresh] ");
  EXPECT_EQ(b.rows[kAxis][0].eliminated[JPN], 1);
  choose("hit JPN art anti-air fresh");
  // The white then applies to the damaged artillery, without a decision.
  EXPECT_EQ(b.rows[kAxis][1].eliminated[JPN], 1);
  EXPECT_EQ(b.rows[kAxis][0].fresh[JPN], 1);
  EXPECT_EQ(need(b), Need::Die);  // Japan's 4 dice: 2 infantry + artillery with Force Advantage (1 + 1)
  EXPECT_EQ(dice_in_pool(b, kAxis), 0);
  EXPECT_EQ(batches().back(), (std::array<int, 3>{kAxis, index(JPN), 4}));
  roll({W, W, W, W});
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(eliminated(b, kAxis, JPN, kInf), 1);
  EXPECT_EQ(eliminated(b, kAxis, JPN, kArt), 1);
  EXPECT_EQ(survivors(b, kAxis, JPN, kInf), 1);
  int misses = 0;
  for (const auto& e : log.entries()) misses += e.event == kEvMiss && e.args[0] == static_cast<int>(G);
  EXPECT_EQ(misses, 1);
}

// ---- T10: Force Advantage ------------------------------------------------------------------------

TEST_F(BattleTest, Phase4_ForceAdvantage_TypesOnlyOneSideHas) {
  add(kAxis, GER, kArt, 2, 1);     // barrage 2 x 2 = 4
  add(kAxis, GER, kArm, 2, 1);     // breakthrough (3 + 1) x 2 = 8
  add(kAxis, GER, kArm, 1, 0);     // defensive (2 + 1): the bonus whatever the stance
  add(kAxis, GER, kFtr, 1, 1);     // ground-support 2: air never gains it
  add(kAllied, USSR, kArt, 2, 0);  // anti-air 1 x 2 = 2
  add(kAllied, USSR, kInf, 4, 1);  // assault (2 + 1) x 4 = 12
  start(USSR, GER);
  EXPECT_TRUE(force_advantage(b, kAxis, kArm));
  EXPECT_TRUE(force_advantage(b, kAllied, kInf));
  EXPECT_FALSE(force_advantage(b, kAxis, kArt));
  EXPECT_FALSE(force_advantage(b, kAllied, kArt));
  EXPECT_FALSE(force_advantage(b, kAxis, kFtr));
  // Air stage: the Soviet anti-air artillery (2 x 2) against the fighter; the fighter has no target.
  ASSERT_EQ(stage_totals(), (std::vector<std::array<int, 2>>{{4, 0}}));
  roll({W, W, W, W});
  ASSERT_EQ(stage_totals().size(), 2u);
  EXPECT_EQ(stage_totals()[1], (std::array<int, 2>{14, 4 + 8 + 3 + 2}));
}

TEST_F(BattleTest, Phase4_CountDice_ThirtyAtMostCommandersNationFirst) {
  setup.rank[ITA] = 0;          // Italy earlier in turn order, but Germany commands (ruling 96)
  add(kAxis, ITA, kInf, 4, 1);  // 8 dice
  add(kAxis, GER, kArm, 8, 1);  // (3 + 1) x 8 = 32
  add(kAllied, USSR, kInf, 1, 0);
  start(USSR, GER);
  EXPECT_EQ(stage_totals()[0][1], 30);
  EXPECT_EQ(dice_in_pool(b, kAxis), 30);
  EXPECT_EQ(b.pool[kAxis][GER], 30);
  EXPECT_EQ(b.pool[kAxis][ITA], 0);
}

// ---- T11: lost Troop Transports ------------------------------------------------------------------

class Transports : public BattleTest {
 protected:
  void german_transports() {
    add(kAxis, GER, kSub, 1, 0);
    setup.transports.push_back({kAxis, GER, kInf, 2});
    setup.transports.push_back({kAxis, GER, kArm, 1});
  }
};

TEST_F(Transports, Phase4_Debrief3_ExampleSubDoesNotProtectFromAircraft) {
  german_transports();
  add(kAllied, US, kFtr, 1, 0);
  add(kAllied, US, kCa, 1, 1);
  start(US, GER);
  // No Air stage dice: Germany has no air units, the fighter has no air target. Surface: US cruiser
  // attack (2 + 1), the sub (2 + 1); all miss.
  roll({W, W, W});
  roll({W, W, W});
  ASSERT_EQ(need(b), Need::Done);
  EXPECT_TRUE(transports_sunk(b, kAxis));
  EXPECT_EQ(eliminated(b, kAxis, GER, kInf), 2);
  EXPECT_EQ(eliminated(b, kAxis, GER, kArm), 1);
  EXPECT_EQ(survivors(b, kAxis, GER, kSub), 1);
}

TEST_F(Transports, Phase4_Debrief3_VariantSubProtectsFromShips) {
  german_transports();
  add(kAllied, US, kCa, 1, 1);
  start(US, GER);
  roll({W, W, W});
  roll({W, W, W});
  ASSERT_EQ(need(b), Need::Done);
  EXPECT_FALSE(transports_sunk(b, kAxis));
  EXPECT_EQ(survivors(b, kAxis, GER, kInf), 2);
}

TEST_F(Transports, Phase4_Dive_EscapedSubStillProtects) {
  german_transports();
  add(kAllied, US, kCa, 1, 1);
  start(US, GER);
  roll({Y, W, W});  // the sub is hit into DIVE, and escapes after the batch (ruling 44)
  EXPECT_EQ(b.rows[kAxis][0].escaped[GER], 1);
  roll({W, W, W});  // it still returns the fire of its stage
  ASSERT_EQ(need(b), Need::Done);
  EXPECT_FALSE(transports_sunk(b, kAxis));
  EXPECT_EQ(survivors(b, kAxis, GER, kSub), 1);
  EXPECT_EQ(eliminated(b, kAxis, GER, kSub), 0);
}

TEST_F(Transports, Phase4_TroopTransportsDuringBattle_AllWarshipsSunkTransportsSurvive) {
  german_transports();
  add(kAllied, US, kCa, 1, 1);
  setup.transports.push_back({kAllied, US, kInf, 1});
  setup.rank[GER] = 0;
  start(US, GER);
  roll({B, K, W});  // the cruiser: damaged, then the black ends it
  roll({Y, Y, W});  // both fire (simultaneous damage): the sub dives, then is sunk by the second yellow
  ASSERT_EQ(need(b), Need::Done);
  EXPECT_EQ(eliminated(b, kAxis, GER, kSub), 1);
  EXPECT_EQ(eliminated(b, kAllied, US, kCa), 1);
  EXPECT_FALSE(transports_sunk(b, kAxis));
  EXPECT_FALSE(transports_sunk(b, kAllied));
}

TEST_F(Transports, Ruling38_TransportsOnlyRegionIsResolvedByTheCheckAlone) {
  setup.transports.push_back({kAxis, GER, kInf, 3});
  add(kAllied, US, kSub, 1, 0);  // a submarine alone sinks unprotected transports
  start(US, GER);
  EXPECT_EQ(need(b), Need::Done);  // no dice: nothing to hit
  EXPECT_TRUE(transports_sunk(b, kAxis));
  EXPECT_EQ(eliminated(b, kAxis, GER, kInf), 3);
  EXPECT_FALSE(transports_sunk(b, kAllied));
}

// ---- Assign Damage: white, black, rows, light boxes ----------------------------------------------

TEST_F(BattleTest, Phase4_WhiteHitsOnlyDamagedUnits) {
  add(kAllied, BC, kInf, 1, 0);  // defensive 1, +1 (no German infantry)
  add(kAxis, GER, kArm, 1, 0);   // defensive 2, +1; 3 steps: light, damaged, eliminated
  start(BC, GER);
  roll({W, W});  // Britain first: nothing is damaged yet
  EXPECT_EQ(b.rows[kAxis][0].fresh[GER], 1);
  roll({W, W, W});
  ASSERT_EQ(need(b), Need::Done);
}

TEST_F(BattleTest, Phase4_LightlyDamagedIsNotDamaged_WhiteMissesAndRepairsNotNeeded) {
  add(kAllied, BC, kInf, 2, 1);  // assault (2 + 1) x 2 = 6 dice
  add(kAxis, GER, kArm, 1, 0);
  start(BC, GER);
  roll({G, W, W, W, W, W});  // green: lightly damaged; the whites cannot hit a light box
  EXPECT_EQ(b.rows[kAxis][0].light[GER], 1);
  roll({W, W, W});
  ASSERT_EQ(need(b), Need::Done);
  EXPECT_EQ(survivors(b, kAxis, GER, kArm), 1);
  EXPECT_EQ(resources_spent(b, GER, Resource::Oil) + resources_spent(b, GER, Resource::Iron) + resources_spent(b, GER, Resource::Osr), 0);
}

TEST_F(BattleTest, Phase4_RowRule_DamagedUnitFirstAcrossNations) {
  add(kAllied, BC, kInf, 2, 1);  // (2 + 1) x 2 = 6 dice
  add(kAxis, GER, kArt, 1, 1);
  add(kAxis, ITA, kArt, 1, 1);
  start(BC, GER);
  roll({B, B, W, W, W, W});
  ASSERT_EQ(need(b), Need::Hit);
  choose("hit ITA art barrage fresh");
  // The second blue must go to the damaged Italian artillery.
  EXPECT_EQ(b.rows[kAxis][0].eliminated[ITA], 1);
  EXPECT_EQ(b.rows[kAxis][0].fresh[GER], 1);
}

TEST_F(BattleTest, Phase4_RowRule_SeparateStancesAreSeparateRows) {
  add(kAllied, BC, kInf, 1, 1);  // 2 + 1 dice
  add(kAxis, GER, kArt, 1, 0);
  add(kAxis, GER, kArt, 1, 1);
  start(BC, GER);
  roll({B, B, W});
  choose("hit GER art anti-air fresh");
  EXPECT_EQ(legal_text(), "[hit GER art anti-air damaged] [hit GER art barrage fresh] ");
  choose("hit GER art barrage fresh");
  EXPECT_EQ(b.rows[kAxis][0].damaged, GER);
  EXPECT_EQ(b.rows[kAxis][1].damaged, GER);
}

TEST_F(BattleTest, Phase4_OrangeZone_BlackIsAMissForThatNationsDice) {
  setup.orange[ITA] = true;
  add(kAxis, GER, kInf, 1, 0);  // 1 + 1 dice, Germany's first
  add(kAxis, ITA, kInf, 1, 0);  // 1 + 1 dice, Italy's
  add(kAllied, BC, kArt, 1, 1);
  setup.rank[GER] = 0;
  start(BC, GER);
  roll({K, G, K, G});  // the German black damages the artillery; the Italian black misses
  EXPECT_EQ(b.rows[kAllied][0].damaged, BC);
  EXPECT_EQ(b.rows[kAllied][0].eliminated[BC], 0);
}

TEST_F(BattleTest, Phase4_AirStage_OnlyAirTargets_DestroyedAircraftSkipTheSurfaceStage) {
  add(kAllied, BC, kFtr, 2, 0);  // intercept: 3 air dice each, 0 surface
  add(kAllied, BC, kInf, 1, 0);
  add(kAxis, GER, kFtr, 1, 1);  // ground-support: 1 air die, 2 surface
  add(kAxis, GER, kInf, 1, 0);
  setup.rank[GER] = 0;
  start(BC, GER);
  ASSERT_EQ(stage_totals()[0], (std::array<int, 2>{6, 1}));
  roll({K});  // the German air die: damages a British fighter (infantry no target)
  EXPECT_EQ(b.rows[kAllied][0].damaged, BC);
  roll({G, W, W, K, W, W});  // the damaged fighter fires anyway; green then black: fighter eliminated
  EXPECT_EQ(b.rows[kAxis][0].eliminated[GER], 1);
  // Surface: the German fighter is gone; Germany rolls 1 (infantry), Britain 1 (infantry; the
  // damaged fighter has 0 surface dice).
  EXPECT_EQ(stage_totals()[1], (std::array<int, 2>{1, 1}));
  roll({W, W});
  ASSERT_EQ(need(b), Need::Repair);  // the damaged fighter: pay or scrap
  EXPECT_EQ(deciding_nation(b), BC);
  EXPECT_EQ(legal_text(),
            "[repair BC ftr intercept oil] [repair BC ftr intercept iron] [repair BC ftr intercept osr] "
            "[scrap BC ftr intercept] ");
  choose("repair BC ftr intercept iron");
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(resources_spent(b, BC, Resource::Iron), 1);
  EXPECT_EQ(survivors(b, kAllied, BC, kFtr), 2);
}

TEST_F(BattleTest, Phase4_NoTargetsLeft_TheRestOfThePoolIsNotRolled) {
  add(kAllied, BC, kInf, 6, 1);  // 12 dice
  add(kAxis, GER, kInf, 1, 1);   // assault: 1 step
  start(BC, GER);
  roll({Y, W, W, W, W, W, W, W, W, W});
  roll({W, W});  // Germany's die returns fire (simultaneous); then Britain has nothing left to hit
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(batches().size(), 2u);
}

// ---- Escort and DIVE -----------------------------------------------------------------------------

TEST_F(BattleTest, Phase4_CruiserEscort_DefenderRedirectsHitsOnCarriersAndBattleships) {
  add(kAllied, US, kCv, 1, 1);  // strike 2 (+1: Japan has no carrier)
  add(kAllied, BC, kCa, 1, 0);  // escort 1 surface (+1)
  add(kAxis, JPN, kBb, 1, 1);   // line 4 (+1)
  start(US, JPN);
  EXPECT_EQ(stage_totals(), (std::vector<std::array<int, 2>>{{5, 5}}));  // no air units: no Air stage
  // US first: 3 + 2 dice at the battleship.
  roll({R, W, W, W, W});
  roll({G, K, W, W, W});  // Japan: green on the carrier, black on carrier or cruiser
  ASSERT_EQ(need(b), Need::Escort);
  EXPECT_EQ(deciding_nation(b), US);  // the defending Commander decides, for an ally's escort too
  EXPECT_EQ(legal_text(), "[no escort] [escort BC fresh] ");
  choose("escort BC fresh");
  EXPECT_EQ(b.rows[kAllied][1].damaged, BC);
  ASSERT_EQ(need(b), Need::Hit);  // the black: Japan picks the carrier or the damaged escort
  EXPECT_EQ(legal_text(), "[hit US cv strike fresh] [hit BC ca escort damaged] ");
  choose("hit US cv strike fresh");
  ASSERT_EQ(need(b), Need::Escort);  // aimed at the carrier: the damaged escort absorbs first
  EXPECT_EQ(legal_text(), "[no escort] [escort BC damaged] ");
  choose("escort BC damaged");
  EXPECT_EQ(b.rows[kAllied][1].eliminated[BC], 1);
  EXPECT_EQ(b.rows[kAllied][0].fresh[US], 1);
}

TEST_F(BattleTest, Phase4_CruiserEscort_SunkEscortLosesTheAbility) {
  add(kAllied, US, kBb, 1, 0);
  add(kAllied, US, kCa, 1, 0);  // escort
  add(kAxis, JPN, kCa, 2, 1);   // attack: 2 x 2 surface dice; both sides have cruisers
  setup.rank[JPN] = 0;
  start(US, JPN);
  roll({R, B, W, B});             // the blues are resolved first ("Blue hits are always resolved before") and
                                  // sink the escort; the red then finds no escort to take it
  ASSERT_EQ(need(b), Need::Die);  // no Escort decision: the United States rolls
  EXPECT_EQ(b.rows[kAllied][1].eliminated[US], 1);
  EXPECT_EQ(b.rows[kAllied][0].light[US], 1);
}

TEST_F(BattleTest, Phase4_Dive_WhiteCannotHitADivingSubYellowCan) {
  add(kAllied, US, kCa, 2, 1);  // 2 x 2 (+1) = 6 dice
  add(kAxis, GER, kSub, 2, 0);
  start(US, GER);
  roll({Y, W, W, W, W, W});                     // one sub to DIVE; the whites miss it (no white triangle)
  EXPECT_EQ(b.rows[kAxis][0].escaped[GER], 1);  // escaped after the batch
  EXPECT_EQ(b.rows[kAxis][0].fresh[GER], 1);
  log.truncate(0);
  Battle fresh_battle;
  setup.units.clear();
  add(kAllied, US, kCa, 2, 1);
  add(kAxis, GER, kSub, 2, 0);
  ASSERT_EQ(setup_battle(fresh_battle, setup, &log), "");
  b = fresh_battle;
  roll({Y, Y, K, W, W, W});  // the row rule: the second yellow sinks the diving sub; black dives the other
  EXPECT_EQ(b.rows[kAxis][0].eliminated[GER], 1);
  EXPECT_EQ(b.rows[kAxis][0].escaped[GER], 1);
}

// ---- Stances -------------------------------------------------------------------------------------

TEST_F(BattleTest, Phase4_BattleSetup5_EarlierCommanderCommitsStancesFirst) {
  setup.rank[GER] = 0;
  add(kAllied, BC, kInf, 3, -1);
  add(kAxis, GER, kArm, 2, -1);
  add(kAxis, GER, kSub, 0, -1);
  add(kAllied, BC, kBmb, 1, -1);  // no target: Strategic Bombing is not offered, tactical is forced
  start(BC, GER);
  ASSERT_EQ(need(b), Need::Stance);
  EXPECT_EQ(deciding_nation(b), GER);
  EXPECT_EQ(legal_text(), "[stance GER arm defensive 0] [stance GER arm defensive 1] [stance GER arm defensive 2] ");
  choose("stance GER arm defensive 1");  // the other goes to breakthrough
  ASSERT_EQ(need(b), Need::Stance);
  EXPECT_EQ(deciding_nation(b), BC);
  choose("stance BC inf defensive 3");
  EXPECT_EQ(b.rows[kAxis][0].fresh[GER] + b.rows[kAxis][1].fresh[GER], 2);
  int bombers_tactical = 0;
  for (int i = 0; i < b.row_count[kAllied]; ++i)
    if (b.rows[kAllied][i].type == kBmb) bombers_tactical += b.rows[kAllied][i].stance == 1 ? b.rows[kAllied][i].fresh[BC] : 0;
  EXPECT_EQ(bombers_tactical, 1);
  EXPECT_NE(need(b), Need::Stance);
}

// ---- Setup input ---------------------------------------------------------------------------------

TEST_F(BattleTest, Setup_BadInputIsRefusedAndChangesNothing) {
  add(kAllied, BC, kInf, 1, 0);
  add(kAxis, GER, kInf, 1, 0);
  setup.commander = {BC, GER};
  ASSERT_EQ(setup_battle(b, setup), "");
  const Battle before = b;
  BattleSetup bad = setup;
  bad.commander = {BC, BC};
  EXPECT_NE(setup_battle(b, bad), "");
  bad = setup;
  bad.commander[1] = kNinth;
  EXPECT_NE(setup_battle(b, bad), "");
  bad = setup;
  bad.units[0].side = 1;  // BC on both sides
  EXPECT_NE(setup_battle(b, bad), "");
  bad = setup;
  bad.units[0].type.stance[0].steps = 0;
  EXPECT_NE(setup_battle(b, bad), "");
  bad = setup;
  bad.units[0].stance = 2;
  EXPECT_NE(setup_battle(b, bad), "");
  bad = setup;
  bad.units[1].type = type(kBmb);
  bad.units[1].stance = 0;  // strategic bombing without a target
  EXPECT_NE(setup_battle(b, bad), "");
  bad = setup;
  bad.units[1].type.stance[0].air_dice += 1;  // one unit type, two sets of numbers (the battle keeps one)
  EXPECT_EQ(setup_battle(b, bad), "a unit type's numbers differ between participants");
  bad = setup;
  bad.garrison = true;
  bad.garrison_nation = BC;  // BC's territory is not empty
  EXPECT_NE(setup_battle(b, bad), "");
  EXPECT_TRUE(before == b);
  EXPECT_FALSE(is_legal(b, Choice{ChoiceKind::Hit, 0, 0, 0}));
}

// ---- T20: Garrison Forces ------------------------------------------------------------------------

class Garrison : public BattleTest {
 protected:
  // Germany invades an empty British territory with the given land units (defensive stances).
  void invade(std::initializer_list<Type> types) {
    for (Type t : types) add(kAxis, GER, t, 2, 0);
    setup.garrison = true;
    setup.garrison_nation = BC;
    start(BC, GER);
  }
};

TEST_F(Garrison, Phase4_GarrisonForces_YellowAndBlackEliminateAnInfantry) {
  invade({kInf, kArt});
  ASSERT_EQ(need(b), Need::Die);  // no battle dice at all: only the garrison's 2
  EXPECT_TRUE(stage_totals().empty() || stage_totals()[0] == (std::array<int, 2>{0, 0}));
  roll({Y, K});
  EXPECT_EQ(need(b), Need::Done);  // one infantry row, one nation: no choice to make
  EXPECT_EQ(eliminated(b, kAxis, GER, kInf), 1);
  EXPECT_EQ(eliminated(b, kAxis, GER, kArt), 0);
  EXPECT_EQ(land_survivors(b, kAxis), 3);  // the territory will be captured
}

TEST_F(Garrison, Phase4_GarrisonForces_PairsAndMisses) {
  struct Case {
    Colour a, b;
    int inf, art;
  };
  const Case cases[] = {{Y, K, 1, 0}, {K, Y, 1, 0}, {Y, Y, 1, 0}, {B, B, 0, 1}, {B, K, 0, 1},
                        {W, W, 0, 0}, {Y, B, 0, 0}, {K, W, 0, 0}, {G, G, 0, 0}, {G, K, 0, 0}};
  for (const Case& c : cases) {
    setup = BattleSetup{};
    for (std::uint8_t n = 0; n < kNations; ++n) setup.rank[nation_at(n)] = n;
    add(kAxis, GER, kInf, 1, 0);
    add(kAxis, GER, kArt, 1, 0);
    setup.garrison = true;
    setup.garrison_nation = BC;
    start(BC, GER);
    roll({c.a, c.b});
    ASSERT_EQ(need(b), Need::Done) << colour_name(c.a) << "+" << colour_name(c.b);
    EXPECT_EQ(eliminated(b, kAxis, GER, kInf), c.inf) << colour_name(c.a) << "+" << colour_name(c.b);
    EXPECT_EQ(eliminated(b, kAxis, GER, kArt), c.art) << colour_name(c.a) << "+" << colour_name(c.b);
  }
}

TEST_F(Garrison, Ruling113_TwoBlacksTheControllerChoosesTheType) {
  invade({kInf, kArt});
  roll({K, K});
  ASSERT_EQ(need(b), Need::GarrisonType);
  EXPECT_EQ(deciding_nation(b), BC);
  EXPECT_EQ(legal_text(), "[garrison GER inf defensive fresh] [garrison GER art anti-air fresh] ");
  choose("garrison GER art anti-air fresh");
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(eliminated(b, kAxis, GER, kArt), 1);  // no partial damage: eliminated outright
  EXPECT_EQ(survivors(b, kAxis, GER, kArt), 1);
  EXPECT_EQ(land_survivors(b, kAxis), 3);
}

TEST_F(Garrison, Ruling49_OrangeControllerBlackIsAMiss) {
  setup.orange[BC] = true;
  invade({kInf});
  roll({Y, K});
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(eliminated(b, kAxis, GER, kInf), 0);
}

TEST_F(Garrison, Ruling33_AirAloneMeetsNoGarrison) {
  add(kAxis, GER, kFtr, 1, 0);
  setup.garrison = true;
  setup.garrison_nation = BC;
  start(BC, GER);
  EXPECT_EQ(need(b), Need::Done);
}

// "The attacking force doesn't roll against the garrison forces": with nothing to roll at, the
// invaders' stances decide nothing, so none is asked; only the garrison's 2 dice are awaited.
TEST_F(Garrison, Phase4_GarrisonForces_TheAttackingForceIsAskedNoStance) {
  add(kAxis, GER, kInf, 2, -1);
  add(kAxis, GER, kArm, 1, -1);
  add(kAxis, GER, kFtr, 1, -1);
  setup.garrison = true;
  setup.garrison_nation = BC;
  start(BC, GER);
  ASSERT_EQ(need(b), Need::Die);
  EXPECT_EQ(dice_to_roll(b), 2);
  EXPECT_EQ(land_survivors(b, kAxis), 3);
  roll({Y, Y});
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(eliminated(b, kAxis, GER, kInf), 1);
  EXPECT_EQ(land_survivors(b, kAxis), 2);
}

// A bomber over an empty territory with an Industry still chooses: Strategic Bombing rolls.
TEST_F(Garrison, Phase4_GarrisonForces_ABomberThatCanRaidStillChoosesItsStance) {
  add(kAxis, GER, kInf, 1, -1);
  add(kAxis, GER, kBmb, 1, -1);
  setup.target.present = true;
  setup.target.owner = BC;
  setup.target.production = {1, 1, 1};
  setup.garrison = true;
  setup.garrison_nation = BC;
  start(BC, GER);
  ASSERT_EQ(need(b), Need::Stance);
  EXPECT_EQ(deciding_nation(b), GER);
  EXPECT_EQ(legal_text().rfind("[stance GER bmb ", 0), 0u) << legal_text();
}

TEST_F(Garrison, Ruling50_OccupiedTerritoryHasNoGarrison) {
  add(kAxis, GER, kInf, 1, 0);
  add(kAllied, BC, kFtr, 1, 0);  // an air unit defends: no garrison
  setup.commander = {BC, GER};
  setup.garrison = true;
  setup.garrison_nation = BC;
  EXPECT_NE(setup_battle(b, setup), "");
}

// The exhaustive enumeration of the 144 pairs (design §5 T20).
int garrison_twelfths_squared(std::initializer_list<Type> invaders) {
  int hits = 0;
  for (int f0 = 0; f0 < kColours; ++f0)
    for (int f1 = 0; f1 < kColours; ++f1) {
      BattleSetup s;
      for (std::uint8_t n = 0; n < kNations; ++n) s.rank[nation_at(n)] = n;
      for (Type t : invaders) s.units.push_back({kAxis, GER, type(t), 1, 0});
      s.commander = {BC, GER};
      s.garrison = true;
      s.garrison_nation = BC;
      Battle b;
      EXPECT_EQ(setup_battle(b, s), "");
      EXPECT_TRUE(apply_die(b, static_cast<Colour>(f0)));
      EXPECT_TRUE(apply_die(b, static_cast<Colour>(f1)));
      if (need(b) == Need::GarrisonType) {
        std::vector<Choice> out;
        legal(b, out);
        EXPECT_TRUE(apply(b, out[0]));
      }
      EXPECT_EQ(need(b), Need::Done);
      int lost = 0;
      for (Type t : invaders) lost += eliminated(b, kAxis, GER, t);
      EXPECT_LE(lost, 1);
      if (lost) hits += kDieTwelfths[f0] * kDieTwelfths[f1];
    }
  return hits;
}

TEST(GarrisonOdds, Phase4_GarrisonForces_ExhaustiveOdds) {
  EXPECT_EQ(garrison_twelfths_squared({kInf}), 25);
  EXPECT_EQ(garrison_twelfths_squared({kInf, kArt, kArm}), 48);
  EXPECT_EQ(garrison_twelfths_squared({kArm}), 9);
}

// ---- T21: Strategic Bombing Raids ----------------------------------------------------------------

class Bombing : public BattleTest {
 protected:
  // A US bomber raids Greater Germany: production 1 oil, 2 iron, 1 OSR; an infantry and a cruiser
  // under construction; rails and a port.
  void raid(int bombers = 1) {
    add(kAllied, US, kBmb, bombers, 0);
    setup.target.present = true;
    setup.target.owner = GER;
    setup.target.production = {1, 2, 1};
    setup.target.infrastructure = true;
    setup.target.construction[0] = {kInf, Y, 1};
    setup.target.construction[1] = {kCa, B, 1};
    setup.target.construction_count = 2;
    start(US, GER);
  }
};

TEST_F(Bombing, Phase4_StrategicBombing_EachColour) {
  raid();
  ASSERT_EQ(need(b), Need::Die);
  EXPECT_EQ(batches().back(), (std::array<int, 3>{kAllied, index(US), 4}));
  roll({Y, G, R, W});
  ASSERT_EQ(need(b), Need::BombingEffect);  // yellow: the infantry under construction or 1 OSR
  EXPECT_EQ(deciding_nation(b), US);
  EXPECT_EQ(legal_text(), "[bomb inf] [bomb osr] ");
  choose("bomb inf");
  // green: nothing green is built here and green destroys no resource; red: 1 oil; white: a miss.
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(construction_destroyed(b, kInf), 1);
  EXPECT_EQ(resources_spent(b, GER, Resource::Oil), 1);
  EXPECT_EQ(resources_spent(b, GER, Resource::Osr), 0);
  EXPECT_EQ(bomb_tokens(b), 0);
}

TEST_F(Bombing, Phase4_StrategicBombing_BlueHitsTheCruiserOrIron_CappedByProduction) {
  raid(2);
  roll({B, B, B, R});
  ASSERT_EQ(need(b), Need::BombingEffect);
  EXPECT_EQ(legal_text(), "[bomb ca] [bomb iron] ");
  choose("bomb iron");
  EXPECT_EQ(legal_text(), "[bomb ca] [bomb iron] ");
  choose("bomb iron");
  // iron now at the territory's production (2): the third blue has only the cruiser
  EXPECT_EQ(construction_destroyed(b, kCa), 1);
  ASSERT_EQ(need(b), Need::Die);  // the second bomber rolls after the first is settled
  roll({R, R, W, W});             // oil: production 1, so the second red misses
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(resources_spent(b, GER, Resource::Iron), 2);
  EXPECT_EQ(resources_spent(b, GER, Resource::Oil), 1);
}

TEST_F(Bombing, Phase4_StrategicBombing_BlackIsAResourceOrABombToken) {
  raid();
  roll({K, K, W, W});
  ASSERT_EQ(need(b), Need::BombingEffect);
  EXPECT_EQ(legal_text(), "[bomb oil] [bomb iron] [bomb osr] [bomb token] ");
  choose("bomb osr");
  choose("bomb token");
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(resources_spent(b, GER, Resource::Osr), 1);
  EXPECT_EQ(bomb_tokens(b), 1);
}

TEST_F(Bombing, Phase4_StrategicBombing_ResourcesNeverBelowZero) {
  setup.stock[GER] = {0, 0, 1};
  raid();
  roll({K, R, B, W});  // red and blue: nothing left to lose; black: the OSR or a token
  ASSERT_EQ(need(b), Need::BombingEffect);
  EXPECT_EQ(legal_text(), "[bomb osr] [bomb token] ");
}

TEST_F(Bombing, Phase4_StrategicBombing_OrangeRaiderBlackMisses_AndOnlySurvivorsRaid) {
  setup.orange[US] = true;
  add(kAxis, GER, kFtr, 1, 0);  // intercept: 3 air dice at the bombers
  raid(2);
  roll({G, W, W});  // one bomber: damaged (still raids)
  roll({K, W, W, W});
  EXPECT_EQ(need(b), Need::Die);  // the black missed; the second bomber rolls
  roll({W, W, W, W});
  ASSERT_EQ(need(b), Need::Done);  // Surface stage: no one has a surface target or dice
}

TEST_F(Bombing, Phase4_SurfaceStage_BombersOnARaidRollNoSurfaceDice) {
  add(kAllied, US, kInf, 1, 0);
  add(kAxis, GER, kInf, 1, 0);
  raid();
  roll({W, W, W, W});                    // the raid first (ruling 97)
  ASSERT_EQ(stage_totals().size(), 2u);  // an empty Air stage (the bomber has no air target), then Surface
  EXPECT_EQ(stage_totals()[1], (std::array<int, 2>{1, 1}));
}

// ---- Raiding Convoys -----------------------------------------------------------------------------

class Convoy : public BattleTest {
 protected:
  ConvoyRaidSetup raid;
  Convoy() {
    for (auto& s : raid.stock) s = {5, 5, 5};
    raid.clusters.push_back({BC, {2, 1, 0}});  // 2 oil ships, 1 iron ship
    raid.clusters.push_back({BC, {0, 0, 3}});  // 3 OSR ships
    raid.commands.push_back({GER, 3});
  }
};

TEST_F(Convoy, Phase4_ResolvingConvoyRaids_AColourSinksAllShipsOfItsResource) {
  ASSERT_EQ(setup_convoy_raid(b, raid, &log), "");
  ASSERT_EQ(need(b), Need::ConvoyCluster);
  EXPECT_EQ(deciding_nation(b), GER);
  choose("cluster 1");
  roll({R, R, Y});  // both oil ships sunk by the first red; the second is ignored; no OSR here
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(resources_spent(b, BC, Resource::Oil), 2);
  EXPECT_EQ(resources_spent(b, BC, Resource::Iron), 0);
  EXPECT_EQ(resources_spent(b, BC, Resource::Osr), 0);
}

TEST_F(Convoy, Phase4_ResolvingConvoyRaids_BlackIsWild_NeverBelowZero) {
  raid.stock[BC] = {1, 5, 5};
  ASSERT_EQ(setup_convoy_raid(b, raid, &log), "");
  choose("cluster 1");
  roll({K, W, G});
  ASSERT_EQ(need(b), Need::ConvoyBlack);
  EXPECT_EQ(legal_text(), "[black oil] [black iron] ");
  choose("black oil");
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(resources_spent(b, BC, Resource::Oil), 1);  // 2 ships, but only 1 oil held
}

TEST_F(Convoy, Phase4_ResolvingConvoyRaids_BatchesOfTenPerCommand) {
  raid.commands = {{GER, 8}, {ITA, 4}};
  raid.orange[ITA] = true;
  raid.clusters.pop_back();
  ASSERT_EQ(setup_convoy_raid(b, raid, &log), "");  // one cluster: no choice
  roll({W, W, W, W, W, W, W, W});
  roll({K, B, W, W});  // Italy's black misses (Orange); the blue sinks the iron ship
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(batches().size(), 2u);
  EXPECT_EQ(resources_spent(b, BC, Resource::Iron), 1);
  EXPECT_EQ(resources_spent(b, BC, Resource::Oil), 0);
}

TEST_F(Convoy, Setup_BadRaidIsRefused) {
  raid.commands.push_back({kNinth, 1});
  EXPECT_NE(setup_convoy_raid(b, raid), "");
  raid.commands.pop_back();
  raid.clusters.clear();
  EXPECT_NE(setup_convoy_raid(b, raid), "");
}

// ---- Port Advantage and repairs ------------------------------------------------------------------

TEST_F(BattleTest, Phase4_PortAdvantage_NavalRepairsAreFree) {
  setup.port_advantage[kAllied] = true;
  add(kAllied, US, kCa, 1, 1);  // attack 2
  add(kAxis, JPN, kCa, 1, 1);
  add(kAxis, JPN, kFtr, 1, 0);
  start(US, JPN);
  roll({G});                         // US air dice (1 cruiser): the Japanese fighter damaged; Japan has no air target
  roll({B, G});                      // surface: US cruiser 2 dice: the Japanese cruiser damaged, green misses
  roll({B, G});                      // Japan: the US cruiser damaged
  ASSERT_EQ(need(b), Need::Repair);  // only Japan pays: its cruiser first (side order), then its fighter
  EXPECT_EQ(deciding_nation(b), JPN);
  choose("scrap JPN ca attack");
  choose("repair JPN ftr intercept oil");
  EXPECT_EQ(need(b), Need::Done);
  EXPECT_EQ(eliminated(b, kAxis, JPN, kCa), 1);
  EXPECT_EQ(survivors(b, kAxis, JPN, kFtr), 1);
  EXPECT_EQ(survivors(b, kAllied, US, kCa), 1) << "repaired free with Port Advantage";
  EXPECT_EQ(resources_spent(b, US, Resource::Oil) + resources_spent(b, US, Resource::Iron) + resources_spent(b, US, Resource::Osr), 0);
  EXPECT_EQ(resources_spent(b, JPN, Resource::Oil), 1);
}

// Battle Debrief › 1: "For each Unit remaining in a DAMAGED box, the owning Nation may pay 1 resource
// ... Each Nation may decline to repair; if so, move such damaged Units to their ELIMINATED boxes";
// › 2 names "Carrier Fighter Tokens" among the eliminated units. Port Advantage repairs only Naval
// Units: a damaged carrier fighter token is paid for or scrapped like a fighter (ruling 37).
TEST_F(BattleTest, Phase4_BattleDebrief1_ADamagedCarrierFighterTokenIsRepairedOrEliminated) {
  for (const bool pay : {true, false}) {
    SCOPED_TRACE(pay ? "repaired" : "declined");
    setup = BattleSetup{};
    for (std::uint8_t n = 0; n < kNations; ++n) setup.rank[nation_at(n)] = n;
    for (auto& st : setup.stock) st = {5, 5, 5};
    b = Battle{};
    setup.port_advantage[kAllied] = true;
    add(kAllied, US, kCf, 1, 0);  // a carrier fighter token, intercept: 3 air dice
    add(kAxis, JPN, kFtr, 1, 0);
    start(US, JPN);
    roll({W, W, W});  // the token's dice miss
    roll({G, Y, Y});  // Japan's fighter: the token damaged
    ASSERT_EQ(need(b), Need::Repair) << "the damaged token is not repaired for free, even with Port Advantage";
    EXPECT_EQ(deciding_nation(b), US);
    EXPECT_EQ(legal_text(),
              "[repair US cf intercept oil] [repair US cf intercept iron] [repair US cf intercept osr] [scrap US cf intercept] ");
    choose(pay ? "repair US cf intercept iron" : "scrap US cf intercept");
    EXPECT_EQ(need(b), Need::Done);
    EXPECT_EQ(survivors(b, kAllied, US, kCf), pay ? 1 : 0);
    EXPECT_EQ(eliminated(b, kAllied, US, kCf), pay ? 0 : 1) << "a declined repair eliminates it (to the Casualty List)";
    EXPECT_EQ(resources_spent(b, US, Resource::Iron), pay ? 1 : 0);
  }
}

TEST_F(BattleTest, Phase4_Repairs_ANationWithoutResourcesScraps) {
  setup.stock[BC] = {0, 0, 0};
  add(kAllied, BC, kArt, 1, 1);
  add(kAxis, GER, kArt, 1, 1);
  start(BC, GER);
  roll({W, W});
  roll({B, W});
  EXPECT_EQ(need(b), Need::Done);  // its only option: scrapped, without a decision
  EXPECT_EQ(eliminated(b, kAllied, BC, kArt), 1);
}

// ---- Hostile and random play ---------------------------------------------------------------------

TEST_F(BattleTest, Api_IllegalChoicesAndDiceAreRefusedAndChangeNothing) {
  add(kAllied, BC, kInf, 2, -1);
  add(kAxis, GER, kInf, 1, 0);
  start(BC, GER);
  ASSERT_EQ(need(b), Need::Stance);
  const Battle before = b;
  EXPECT_FALSE(apply_die(b, Y));                                       // no die awaited
  EXPECT_FALSE(apply(b, Choice{ChoiceKind::Stance, 0, 3, 0}));         // 3 of 2 units
  EXPECT_FALSE(apply(b, Choice{ChoiceKind::Stance, 7, 0, 0}));         // another group
  EXPECT_FALSE(apply(b, Choice{ChoiceKind::Hit, 0, byte_of(BC), 0}));  // not a hit decision
  EXPECT_FALSE(apply(b, decode(0xFFFFFFFFu)));
  Choice c;
  EXPECT_FALSE(choice_from_text(b, "stance BC inf defensive 9", kNames, c));
  EXPECT_TRUE(before == b);
  choose("stance BC inf defensive 1");
  EXPECT_FALSE(apply_die(b, static_cast<Colour>(6)));
  const Battle rolled = b;
  EXPECT_FALSE(apply(b, Choice{ChoiceKind::Hit, 0, byte_of(GER), 0}));  // a die is awaited
  EXPECT_TRUE(rolled == b);
  EXPECT_EQ(decode(encode(Choice{ChoiceKind::Repair, 1, 23, 3})), (Choice{ChoiceKind::Repair, 1, 23, 3}));
}

TEST_F(BattleTest, Api_HashFollowsEveryStepAndPromptSaysWhoActs) {
  add(kAllied, BC, kInf, 2, 1);
  add(kAxis, GER, kArt, 1, 1);
  add(kAxis, ITA, kArt, 1, 1);
  start(BC, GER);
  auto digest = [&] {
    core::Hasher h;
    hash_battle(h, b);
    return h.digest();
  };
  const std::uint64_t start_hash = digest();
  EXPECT_EQ(english().render("en", prompt_message(b, kNames)), "a die");
  roll({B});
  EXPECT_NE(digest(), start_hash);
  roll({B, W, W, W, W});
  EXPECT_EQ(english().render("en", prompt_message(b, kNames)), "British Commonwealth assigns a blue hit");
  Battle other_choice = b;
  choose("hit GER art barrage fresh");
  const std::uint64_t one = digest();
  std::swap(b, other_choice);
  choose("hit ITA art barrage fresh");
  EXPECT_NE(digest(), one);
}

// Random battles with random legal choices and dice: every one ends, no unit is lost or made, and
// the row rule holds after every step.
TEST(BattleSoak, RandomBattlesKeepTheirInvariants) {
  std::mt19937 rng(20260423);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  for (int game = 0; game < 400; ++game) {
    BattleSetup s;
    for (std::uint8_t n = 0; n < kNations; ++n) s.rank[nation_at(n)] = static_cast<std::uint8_t>((n * 3 + game) % 7);
    for (auto& st : s.stock) st = {pick(3), pick(3), pick(3)};
    s.commander = {nation_at(pick(4)), nation_at(4 + pick(3))};
    s.orange[nation_at(pick(7))] = pick(2) == 0;
    s.port_advantage = {pick(2) == 0, pick(2) == 0};
    const bool sea = pick(2) == 0;
    std::array<int, kSides> total{};
    for (int side = 0; side < kSides; ++side)
      for (int k = 0, n = 1 + pick(4); k < n; ++k) {
        const Nation nation = nation_at(side == 0 ? pick(4) : 4 + pick(3));
        const Type land_or_sea[] = {kInf, kArt, kArm, kSub, kCa, kCv, kBb};
        Type t = pick(3) == 0 ? (pick(2) ? kFtr : kCf) : land_or_sea[sea ? 3 + pick(4) : pick(3)];
        const int count = 1 + pick(8);
        int st = pick(3) - 1;
        if (st >= type(t).stance_count) st = -1;
        s.units.push_back(
            {static_cast<std::uint8_t>(side), nation, type(t), static_cast<std::uint8_t>(count), static_cast<std::int8_t>(st)});
        total[side] += count;
      }
    if (sea) s.transports.push_back({0, s.commander[0], kInf, 2});
    if (!sea && pick(2) == 0) {  // bombers that may raid, with a target
      const int bombers = 1 + pick(3);
      s.units.push_back({0, s.commander[0], type(kBmb), static_cast<std::uint8_t>(bombers), -1});
      total[0] += bombers;
      s.target.present = true;
      s.target.owner = s.commander[1];
      s.target.production = {static_cast<std::uint8_t>(pick(3)), static_cast<std::uint8_t>(pick(3)), 1};
      s.target.infrastructure = pick(2) == 0;
      s.target.construction[0] = {kArm, G, static_cast<std::uint8_t>(pick(3))};
      s.target.construction_count = 1;
    }
    Battle b;
    ASSERT_EQ(setup_battle(b, s), "") << game;
    std::vector<Choice> out;
    int steps = 0;
    while (need(b) != Need::Done) {
      ASSERT_LT(++steps, 2000) << game;
      if (need(b) == Need::Die) {
        int roll = pick(12);
        int f = 0;
        while (roll >= kDieTwelfths[f]) roll -= kDieTwelfths[f++];
        ASSERT_TRUE(apply_die(b, static_cast<Colour>(f)));
      } else {
        legal(b, out);
        ASSERT_FALSE(out.empty()) << game;
        ASSERT_NE(deciding_nation(b), kNoNation);
        ASSERT_TRUE(apply(b, out[pick(static_cast<int>(out.size()))]));
      }
    }
    for (int side = 0; side < kSides; ++side) {
      int units = 0;
      for (Nation n : kAllNations)
        for (int t = 0; t <= kCf; ++t) {
          units += eliminated(b, side, n, static_cast<std::uint8_t>(t)) + survivors(b, side, n, static_cast<std::uint8_t>(t));
        }
      const int transports = side == 0 && sea ? 2 : 0;
      EXPECT_EQ(units, total[side] + transports) << game;
      for (int i = 0; i < b.row_count[side]; ++i) {
        EXPECT_EQ(b.rows[side][i].damaged, kNoNation) << "settled in the debrief";
        for (std::uint8_t n = 0; n < kNations; ++n) EXPECT_EQ(b.rows[side][i].light[nation_at(n)], 0);
      }
    }
    for (std::uint8_t n = 0; n < kNations; ++n)
      for (int r = 0; r < kResources; ++r) EXPECT_GE(b.stock[nation_at(n)][r], 0);
  }
}

// ---- The data set's types -----------------------------------------------------------------------

TEST(BattleData, TypeSpecCopiesTheStanceTable) {
  const Data data = load_data(WARROOM_TEST_DATA_DIR);
  for (const UnitInfo& u : data.units) {
    const TypeSpec t = type_spec(u);
    EXPECT_EQ(t.id, index(u.kind));
    EXPECT_EQ(t.colour, u.colour);
    EXPECT_EQ(t.category, u.category);
    ASSERT_EQ(t.stance_count, u.stances) << u.id;
    for (int i = 0; i < t.stance_count; ++i) {
      EXPECT_EQ(t.stance[i].air_dice, u.stance[i].air_dice);
      EXPECT_EQ(t.stance[i].surface_dice, u.stance[i].surface_dice);
      EXPECT_EQ(t.stance[i].steps, u.stance[i].steps);
      EXPECT_EQ(t.stance[i].light_box, u.stance[i].light_box);
      EXPECT_EQ(t.stance[i].white_triangle, u.stance[i].white_triangle);
      EXPECT_EQ(t.stance[i].special, u.stance[i].special);
      EXPECT_EQ(t.stance[i].raid_dice, u.stance[i].raid_dice);
    }
  }
}

// T9 again with the data set's types: 5 Chinese dice against 2 defensive Japanese infantry and an
// artillery, whatever the numbers in units.json.
TEST(BattleData, Phase4_AssignDamage_ChinasFiveDiceWithTheDataSet) {
  const Data data = load_data(WARROOM_TEST_DATA_DIR);
  const TypeSpec inf = type_spec(data.unit(UnitKind::Inf)), art = type_spec(data.unit(UnitKind::Art));
  const int defensive = data.unit(UnitKind::Inf).stance_index("defensive");
  ASSERT_GE(defensive, 0);
  ASSERT_EQ(inf.stance[defensive].steps, 2);  // stated: defensive infantry takes 2 steps
  // China's infantry in a stance with 1 surface die, so 5 units roll 5 dice.
  int one_die = -1;
  for (int i = 0; i < inf.stance_count; ++i) one_die = inf.stance[i].surface_dice == 1 ? i : one_die;
  ASSERT_GE(one_die, 0);
  BattleSetup s;
  for (std::uint8_t n = 0; n < kNations; ++n) s.rank[nation_at(n)] = n;
  s.commander = {CHN, JPN};
  s.units.push_back({0, CHN, inf, 5, static_cast<std::int8_t>(one_die)});
  s.units.push_back({1, JPN, inf, 2, static_cast<std::int8_t>(defensive)});
  s.units.push_back({1, JPN, art, 1, 0});
  Battle b;
  ASSERT_EQ(setup_battle(b, s), "");
  ASSERT_EQ(dice_in_pool(b, 0), 0);  // the first batch is drawn
  for (Colour f : {K, G, Y, Y, W}) ASSERT_TRUE(apply_die(b, f));
  ASSERT_EQ(need(b), Need::Hit);  // the black: China's choice
  std::vector<Choice> out;
  legal(b, out);
  ASSERT_EQ(out.size(), 2u);
  const Choice on_art = b.rows[1][out[0].a].type == index(UnitKind::Art) ? out[0] : out[1];
  ASSERT_TRUE(apply(b, on_art));
  EXPECT_EQ(b.rows[1][0].eliminated[JPN], 1);  // both yellows on one infantry
  EXPECT_EQ(b.rows[1][0].fresh[JPN], 1);
  EXPECT_EQ(b.rows[1][1].eliminated[JPN], 1);  // black then white: the artillery is eliminated
}

TEST(BattleValue, IsTriviallyCopyable) {
  EXPECT_TRUE(std::is_trivially_copyable_v<Battle>);
  EXPECT_LT(sizeof(Battle), 6144u);
}

}  // namespace
}  // namespace warroom
