// The War Room data set: the shipped files honour every fact the rulebook states (design §5 T18,
// T19), and bad files are refused with errors naming file, entry and field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <bitset>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

#include "tests/support/command.h"
#include "tests/support/data_copy.h"
#include "warroom/data.h"
#include "warroom/map.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace warroom;

const Data& shipped() {
  static const Data d = load_data(WARROOM_TEST_DATA_DIR);
  return d;
}

RegionId id(std::string_view name) {
  const RegionId r = shipped().find_region(name);
  if (r == kNoRegion) throw std::runtime_error("no region " + std::string(name));
  return r;
}

const Region& region(std::string_view name) { return shipped().region(id(name)); }

const Scenario& scenario(std::string_view name) {
  const Scenario* s = shipped().find_scenario(name);
  if (!s) throw std::runtime_error("no scenario " + std::string(name));
  return *s;
}

bool edge(std::string_view a, std::string_view b) { return is_edge(shipped(), id(a), id(b)); }

// ---------------------------------------------------------------------------------------------
// Sizes and vocabulary

TEST(WarRoomData, ShippedSetLoadsWithTheDesignedSizes) {
  const Data& d = shipped();
  int territories = 0, seas = 0, impassable = 0, neutrals = 0;
  for (const Region& r : d.regions) {
    territories += r.is_territory();
    seas += r.is_sea();
    impassable += r.type == RegionType::Impassable;
    neutrals += r.neutral.has_value();
  }
  // Game Components: "131 Territory Cards"; design §3.4: 55 sea regions, 2 impassable regions.
  EXPECT_EQ(territories, 131);
  EXPECT_EQ(seas, 55);
  EXPECT_EQ(impassable, 2);
  EXPECT_EQ(neutrals, 19);
  EXPECT_LE(d.region_count(), static_cast<std::size_t>(kMaxRegions));
  EXPECT_EQ(d.scenarios.size(), 4u);
  EXPECT_EQ(d.hash.size(), 16u);
  EXPECT_FALSE(d.map_notice.empty());
}

TEST(WarRoomData, NationsInTheRulebooksOrderWithTheirLimits) {
  const Data& d = shipped();
  for (Nation n : kAllNations) EXPECT_EQ(d.nation(n).nation, n);
  // Writing Movement Orders: 9 orders, "China and Italy may write only 6 orders".
  EXPECT_EQ(d.nation(CHN).order_limit, 6);
  EXPECT_EQ(d.nation(ITA).order_limit, 6);
  for (Nation n : {BC, USSR, US, GER, JPN}) EXPECT_EQ(d.nation(n).order_limit, 9);
  for (Nation n : {CHN, BC, USSR, US}) EXPECT_EQ(d.nation(n).alliance, Alliance::Allied);
  for (Nation n : {GER, ITA, JPN}) EXPECT_EQ(d.nation(n).alliance, Alliance::Axis);
  // Objective: the capitals the victory conditions name.
  EXPECT_EQ(d.region(d.nation(GER).capital).id, "G1");
  EXPECT_EQ(d.region(d.nation(JPN).capital).name, "Japan");
  EXPECT_EQ(d.region(d.nation(BC).capital).name, "Great Britain");
  EXPECT_EQ(d.region(d.nation(USSR).capital).name, "Moscow");
  EXPECT_EQ(d.region(d.nation(US).capital).name, "Eastern United States");
  // China's Restrictions.
  const NationInfo& chn = d.nation(CHN);
  for (NationRule r :
       {NationRule::NoOil, NationRule::NoTrade, NationRule::LandNeverAtSea, NationRule::NoCaptureAirNaval, NationRule::Mobilization})
    EXPECT_TRUE(chn.has(r)) << nation_rule_id(r);
  EXPECT_TRUE(chn.may_buy(UnitKind::Art));  // "China can make artillery Units"
  for (UnitKind k : {UnitKind::Arm, UnitKind::Ftr, UnitKind::Bb}) EXPECT_FALSE(chn.may_buy(k));
  EXPECT_FALSE(d.nation(GER).has(NationRule::NoOil));
  // Ruling 8: Command pools fit every number in the examples (Japan's 2nd/5th/8th sea, 15th/18th
  // air, 39th/85th/92nd/97th land; China's 101st).
  const NationInfo& jpn = d.nation(JPN);
  for (int n : {2, 5, 8}) EXPECT_TRUE(jpn.commands[static_cast<std::size_t>(Category::Sea)].contains(n));
  for (int n : {15, 18}) EXPECT_TRUE(jpn.commands[static_cast<std::size_t>(Category::Air)].contains(n));
  for (int n : {39, 85, 92, 97}) EXPECT_TRUE(jpn.commands[static_cast<std::size_t>(Category::Land)].contains(n));
  EXPECT_TRUE(chn.commands[static_cast<std::size_t>(Category::Land)].contains(101));
}

TEST(WarRoomData, UnitsHonourTheStatedFacts) {
  const Data& d = shipped();
  // Game Components: colours and categories in the rulebook's order.
  const std::array<std::pair<Category, Colour>, kUnitKinds> expected = {{{Category::Land, Colour::Yellow},
                                                                         {Category::Land, Colour::Blue},
                                                                         {Category::Land, Colour::Green},
                                                                         {Category::Air, Colour::Green},
                                                                         {Category::Air, Colour::Red},
                                                                         {Category::Sea, Colour::Yellow},
                                                                         {Category::Sea, Colour::Blue},
                                                                         {Category::Sea, Colour::Green},
                                                                         {Category::Sea, Colour::Red},
                                                                         {Category::Air, Colour::Green}}};
  for (int k = 0; k < kUnitKinds; ++k) {
    const UnitInfo& u = d.unit(static_cast<UnitKind>(k));
    EXPECT_EQ(u.category, expected[static_cast<std::size_t>(k)].first) << u.id;
    EXPECT_EQ(u.colour, expected[static_cast<std::size_t>(k)].second) << u.id;
  }
  // Purchase Example: 2 fighters cost 4 oil, 2 iron, 2 OSR.
  EXPECT_EQ(d.unit(UnitKind::Ftr).cost, (Resources{2, 1, 1}));
  // Convert Casualties into Stress: battleship 20, cruiser 10, bomber 6 -> 36 CP -> 2 Stress.
  const int cp = d.unit(UnitKind::Bb).casualty_points + d.unit(UnitKind::Ca).casualty_points + d.unit(UnitKind::Bmb).casualty_points;
  EXPECT_EQ(cp, 36);
  EXPECT_EQ(d.morale.stress_for(cp), 2);
  EXPECT_EQ(d.morale.stress_for(14), 0);
  EXPECT_EQ(d.morale.stress_for(15), 1);
  EXPECT_EQ(d.morale.stress_for(90), 6);  // beyond the chart: 1 per full 15
  // Assign Damage example: a Defensive infantry takes 2 steps.
  const UnitInfo& inf = d.unit(UnitKind::Inf);
  EXPECT_EQ(inf.stance[inf.stance_index("defensive")].steps, 2);
  // Battle Status Positions: armor, carriers and battleships have the light box.
  for (UnitKind k : {UnitKind::Arm, UnitKind::Cv, UnitKind::Bb})
    for (std::uint8_t s = 0; s < d.unit(k).stances; ++s) EXPECT_TRUE(d.unit(k).stance[s].light_box) << unit_id(k);
  for (UnitKind k : {UnitKind::Inf, UnitKind::Art, UnitKind::Ftr, UnitKind::Bmb, UnitKind::Sub, UnitKind::Ca})
    for (std::uint8_t s = 0; s < d.unit(k).stances; ++s) EXPECT_FALSE(d.unit(k).stance[s].light_box) << unit_id(k);
  // Specials: Escort cruiser, Strategic Bombing bomber with 4 dice, DIVE without the white triangle.
  const UnitInfo& ca = d.unit(UnitKind::Ca);
  EXPECT_EQ(ca.stance[ca.stance_index("escort")].special, Special::Escort);
  const UnitInfo& bmb = d.unit(UnitKind::Bmb);
  EXPECT_EQ(bmb.stance[bmb.stance_index("strategic-bombing")].raid_dice, 4);
  const UnitInfo& sub = d.unit(UnitKind::Sub);
  ASSERT_EQ(sub.stances, 1);
  EXPECT_EQ(sub.stance[0].special, Special::Dive);
  EXPECT_FALSE(sub.stance[0].white_triangle);
  // The carrier fighter token is not bought and fights as a fighter (ruling 37).
  EXPECT_FALSE(d.unit(UnitKind::CarrierFighter).buildable);
  EXPECT_EQ(d.unit(UnitKind::CarrierFighter).casualty_points, d.unit(UnitKind::Ftr).casualty_points);
  EXPECT_EQ(d.goods.cost_any, 5);  // Phase 7 › Step 3
}

TEST(WarRoomData, MoraleZonesAndPenaltiesInTrackOrder) {
  const Morale& m = shipped().morale;
  const std::array<const char*, kZones> penalties = {"", "pay-3", "rails-ports", "black-misses", "no-gains", "desertion"};
  for (int z = 0; z < kZones; ++z) {
    EXPECT_EQ(m.zones[static_cast<std::size_t>(z)].zone, static_cast<Zone>(z));
    EXPECT_EQ(m.zones[static_cast<std::size_t>(z)].penalty, penalties[static_cast<std::size_t>(z)]);
  }
  EXPECT_EQ(m.relieve_cost, 5);
  EXPECT_EQ(m.blue_payment, 3);
}

// ---------------------------------------------------------------------------------------------
// T18: map facts (World Map Features; Narrow Sea Passages; Neutrals; Movement Examples)

TEST(WarRoomMap, T18_RegionIdsTheRulebookStates) {
  EXPECT_EQ(region("G1").name, "Greater Germany");
  EXPECT_EQ(region("A-5").name, "Baltic Sea");
  EXPECT_EQ(region("J3").name, "Manchuria");
  EXPECT_EQ(region("J4").name, "Peiping");
  EXPECT_EQ(region("J5").name, "Chekiang");
  EXPECT_EQ(region("J22").name, "Iwo Jima");
  EXPECT_EQ(region("J25").name, "Marshall Islands");
  EXPECT_EQ(region("J27").name, "Wake Island");
  for (const char* sea :
       {"A-5", "A-6", "A-12", "A-15", "M-1", "M-3", "M-4", "M-5", "I-9", "P-1", "P-2", "P-4", "P-7", "P-12", "P-13", "P-15"})
    EXPECT_TRUE(region(sea).is_sea()) << sea;
  for (const char* t : {"U3", "R16"}) EXPECT_TRUE(region(t).is_territory()) << t;
  for (const char* name : {"Japan",
                           "Great Britain",
                           "Moscow",
                           "Eastern United States",
                           "Central United States",
                           "Western United States",
                           "Alaska",
                           "Hawaii",
                           "Western Canada",
                           "India",
                           "Ceylon",
                           "Maldives",
                           "Iran",
                           "Papua",
                           "Western Australia",
                           "South Australia",
                           "Northern Territory",
                           "Eastern Australia",
                           "New Hebrides",
                           "New Zealand",
                           "Soviet Sakhalin",
                           "Belarus",
                           "Ukraine",
                           "Kwangtung",
                           "France",
                           "Egypt",
                           "Gibraltar",
                           "Malaya",
                           "Denmark",
                           "Norway"}) {
    const auto it = std::find_if(shipped().regions.begin(), shipped().regions.end(), [&](const Region& r) { return r.name == name; });
    EXPECT_NE(it, shipped().regions.end()) << name;
  }
  // Impassable Regions: the Sahara and the Himalayas.
  int impassable = 0;
  for (const Region& r : shipped().regions)
    if (r.type == RegionType::Impassable) {
      EXPECT_TRUE(r.name == "Sahara" || r.name == "Himalayas") << r.name;
      ++impassable;
    }
  EXPECT_EQ(impassable, 2);
}

TEST(WarRoomMap, T18_StatedEdgesAndNonEdges) {
  const Data& d = shipped();
  EXPECT_TRUE(edge("G1", "A-5"));  // Region ID: the Baltic north of Greater Germany
  EXPECT_TRUE(edge("J3", "J4"));   // Row 1 Box 1: the 92nd by rail through Peiping
  EXPECT_TRUE(rail_edge(d, id("J3"), id("J4")));
  EXPECT_TRUE(edge("J4", "P-1"));    // Row 2 Box 2
  EXPECT_TRUE(edge("P-13", "P-1"));  // Row 1 Box 2
  EXPECT_TRUE(edge("P-13", "P-12"));
  EXPECT_TRUE(edge("P-1", "P-2"));
  EXPECT_TRUE(edge("P-12", "P-2"));
  // Adjacency: corners are not adjacent.
  EXPECT_FALSE(edge("U3", "P-4"));
  EXPECT_FALSE(edge("R16", "P-2"));
  // Row 1 Box 1: J3 to J5 is a rail move, and every rail path passes Peiping.
  EXPECT_FALSE(edge("J3", "J5"));
  EXPECT_EQ(rail_distance(d, id("J3"), id("J5")), 2);
  EXPECT_TRUE(rail_connected(d, id("J3"), id("J5")));
  {
    // With Peiping blocked no rail path joins J3 and J5, so the 92nd has no stop short of J3 (T1).
    std::vector<RegionId> queue{id("J3")};
    RegionSet seen;
    seen.set(id("J3"));
    seen.set(id("J4"));
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (RegionId n : neighbours(d, queue[i]))
        if (!seen.test(n) && rail_edge(d, queue[i], n)) {
          seen.set(n);
          queue.push_back(n);
        }
    EXPECT_FALSE(seen.test(id("J5")));
  }
  // Row 1 Box 2, Row 2 Box 1: P-13 to P-2 needs an intermediate region, P-1 or P-12.
  EXPECT_FALSE(edge("P-13", "P-2"));
  EXPECT_EQ(sea_distance(d, id("P-13"), id("P-2")), 2);
  // "Japan may choose whether to pass through P-1 or through P-12 on its way to P-2".
  std::vector<RegionId> via;
  for (RegionId r : intermediates(d, id("P-13"), id("P-2")))
    if (d.region(r).is_sea()) via.push_back(r);
  std::sort(via.begin(), via.end());
  std::vector<RegionId> expected_via = {id("P-1"), id("P-12")};
  std::sort(expected_via.begin(), expected_via.end());
  EXPECT_EQ(via, expected_via);
  // Row 1 Box 3: the 18th flies from J25 to P-2 (2 regions); Row 2 Box 3: J22 cannot reach J27.
  EXPECT_LE(air_distance(d, id("J25"), id("P-2")), 2);
  EXPECT_GT(air_distance(d, id("J22"), id("J27")), 2);
  // Islands touch only sea regions (World Map Features › Island).
  for (const char* island : {"J22", "J25", "J27"}) {
    EXPECT_TRUE(region(island).island) << island;
    for (RegionId n : neighbours(d, id(island))) EXPECT_TRUE(d.region(n).is_sea()) << island;
  }
  EXPECT_TRUE(region("J4").industry);  // China's Restrictions: "an industrial territory such as Peiping"
  // Every non-edge in the file holds.
  for (const NonEdge& ne : d.non_edges) EXPECT_FALSE(is_edge(d, ne.a, ne.b));
}

TEST(WarRoomMap, T18_TheSixNarrowPassagesAndTheirKeys) {
  const Data& d = shipped();
  struct Expect {
    const char* a;
    const char* b;
    std::vector<const char*> keys;
    PassageRule rule;
  };
  const std::vector<Expect> expected = {{"A-12", "P-7", {"Central America"}, PassageRule::KeyOrAligned},
                                        {"M-3", "M-5", {"Egypt"}, PassageRule::Key},
                                        {"A-5", "A-6", {"Denmark", "Norway"}, PassageRule::AllKeys},
                                        {"A-15", "M-1", {"Gibraltar"}, PassageRule::Key},
                                        {"I-9", "P-15", {"Malaya"}, PassageRule::Key},
                                        {"M-3", "M-4", {"Turkey"}, PassageRule::Key}};
  ASSERT_EQ(d.passages.size(), expected.size());
  for (const Expect& e : expected) {
    const Passage* p = passage_between(d, id(e.a), id(e.b));
    ASSERT_NE(p, nullptr) << e.a << "/" << e.b;
    EXPECT_EQ(p, passage_between(d, id(e.b), id(e.a)));
    EXPECT_EQ(p->rule, e.rule);
    ASSERT_EQ(p->key_count, e.keys.size());
    for (std::size_t i = 0; i < e.keys.size(); ++i) EXPECT_EQ(d.region(p->keys[i]).name, e.keys[i]);
  }
  EXPECT_EQ(passage_between(d, id("P-1"), id("P-2")), nullptr);
}

TEST(WarRoomMap, T18_TheNineteenNeutralsAndTheirDefenceForces) {
  struct Expect {
    const char* name;
    NeutralType type;
    int inf, art, ftr;
  };
  const std::vector<Expect> expected = {{"Afghanistan", NeutralType::Standard, 4, 0, 0},
                                        {"Angola", NeutralType::Standard, 3, 0, 0},
                                        {"Colombia", NeutralType::Standard, 4, 0, 0},
                                        {"Ireland", NeutralType::Standard, 3, 0, 0},
                                        {"Mongolia", NeutralType::Standard, 3, 0, 0},
                                        {"Mozambique", NeutralType::Standard, 3, 0, 0},
                                        {"Portugal", NeutralType::Standard, 4, 0, 0},
                                        {"Saudi Arabia", NeutralType::Standard, 3, 0, 0},
                                        {"Spain", NeutralType::Standard, 6, 2, 1},
                                        {"Sweden", NeutralType::Standard, 4, 1, 1},
                                        {"Switzerland", NeutralType::Standard, 1, 0, 0},
                                        {"Turkey", NeutralType::Standard, 6, 2, 1},
                                        {"Venezuela", NeutralType::Standard, 4, 0, 0},
                                        {"Brazil", NeutralType::ProAllied, 4, 2, 1},
                                        {"Central America", NeutralType::ProAllied, 0, 0, 0},
                                        {"Greenland", NeutralType::ProAllied, 0, 0, 0},
                                        {"Iceland", NeutralType::ProAllied, 0, 0, 0},
                                        {"Mexico", NeutralType::ProAllied, 3, 1, 0},
                                        {"West Indies", NeutralType::ProAllied, 0, 0, 0}};
  int found = 0;
  for (const Region& r : shipped().regions) {
    if (!r.neutral) continue;
    ++found;
    const auto e = std::find_if(expected.begin(), expected.end(), [&](const Expect& x) { return r.name == x.name; });
    ASSERT_NE(e, expected.end()) << r.name;
    EXPECT_EQ(r.neutral->type, e->type) << r.name;
    const auto& def = r.neutral->defense;
    EXPECT_EQ(def[UnitKind::Inf], e->inf) << r.name;
    EXPECT_EQ(def[UnitKind::Art], e->art) << r.name;
    EXPECT_EQ(def[UnitKind::Ftr], e->ftr) << r.name;
    int others = 0;
    for (int k = 0; k < kUnitTypes; ++k) others += def[type_at(k)];
    EXPECT_EQ(others, e->inf + e->art + e->ftr) << r.name;
    // Ruling 114: a neutral has no owner and no income.
    EXPECT_EQ(r.owner, kNoNation);
    EXPECT_EQ(r.income.total(), 0);
  }
  EXPECT_EQ(found, 19);
  // Trade Restrictions: "Mexico only offers Iron".
  ASSERT_TRUE(region("N18").neutral->trade.has_value());
  EXPECT_EQ(*region("N18").neutral->trade, Resource::Iron);
}

TEST(WarRoomMap, T18_OccupiedTerritoriesAndStartingOwners) {
  for (const char* name : {"G8", "G9"}) {  // Belarus, Ukraine
    EXPECT_EQ(region(name).owner, GER);
    EXPECT_EQ(region(name).reverts_to, USSR);
    EXPECT_EQ(region(name).original(), USSR);
  }
  for (const char* name : {"J3", "J4", "J5", "J6"}) {  // Manchuria, Peiping, Chekiang, Kwangtung
    EXPECT_EQ(region(name).owner, JPN);
    EXPECT_EQ(region(name).reverts_to, CHN);
  }
  EXPECT_EQ(region("G2").owner, GER);  // Restoring Control: the BC captures France from Germany
  EXPECT_EQ(region("B1").owner, BC);
}

TEST(WarRoomMap, T18_ShapeOfTheProjectMap) {
  const Data& d = shipped();
  for (const Region& r : d.regions) {
    EXPECT_GT(r.degree, 0) << r.id;
    EXPECT_GE(r.lon, -180.f);
    EXPECT_LE(r.lon, 180.f);
    // Ruling 78: the Embattled face is one resource less.
    if (r.is_territory() && !r.neutral) {
      EXPECT_EQ(r.embattled_income.total(), std::max(0, r.income.total() - 1)) << r.id;
    }
    for (std::uint8_t i = 0; i < r.port_count; ++i) {
      EXPECT_TRUE(is_edge(d, r.rid, r.port_seas[i])) << r.id;
      const std::vector<RegionId> ports = ports_of(d, r.port_seas[i]);
      EXPECT_NE(std::find(ports.begin(), ports.end(), r.rid), ports.end());
    }
  }
  // Each nation but China has an industrial territory with a port (design §3.4); China has
  // mobilization territories and no industry (China's Restrictions).
  for (Nation n : {BC, USSR, US, GER, ITA, JPN}) {
    bool yard = false;
    for (const Region& r : d.regions) yard |= r.owner == n && r.industry && r.has_port();
    EXPECT_TRUE(yard) << nation_id(n);
  }
  int mobilization = 0;
  for (const Region& r : d.regions) {
    if (r.owner == CHN) {
      EXPECT_FALSE(r.industry) << r.id;
    }
    mobilization += r.mobilization;
  }
  EXPECT_GE(mobilization, 4);
  EXPECT_LE(mobilization, 6);
  // No capital can be reached by enemy land units in round 1: no capital touches an enemy territory.
  for (Nation n : kAllNations) {
    const RegionId cap = d.nation(n).capital;
    for (RegionId nb : neighbours(d, cap)) {
      const Region& r = d.region(nb);
      if (r.is_territory() && r.owner != kNoNation) {
        EXPECT_EQ(d.nation(r.owner).alliance, d.nation(n).alliance) << d.region(cap).id << " touches " << r.id;
      }
    }
  }
  // The Pacific scenario needs Iran next to Afghanistan and India, Western Canada next to Alaska
  // and the United States.
  EXPECT_TRUE(edge("B9", "N1"));
  EXPECT_TRUE(edge("B9", "B10"));
  EXPECT_TRUE(edge("B3", "U4"));
  EXPECT_TRUE(edge("B3", "U3"));
  // Distances are symmetric; land paths never cross the Sahara; air flies over it.
  EXPECT_EQ(land_distance(d, id("G14"), id("B18")), 1);
  EXPECT_EQ(air_distance(d, id("X1"), id("B13")), 1);
  EXPECT_EQ(land_distance(d, id("G14"), id("X1")), kUnreachable);  // impassable: never a land destination
  for (RegionId a : d.regions.ids())
    for (RegionId b : d.regions.ids()) ASSERT_EQ(air_distance(d, a, b), air_distance(d, b, a));
}

// ---------------------------------------------------------------------------------------------
// T19: scenario facts (War Room Scenarios)

TEST(WarRoomScenarios, T19_WarInEuropeAsStated) {
  const Data& d = shipped();
  const Scenario& s = scenario("war-in-europe");
  EXPECT_EQ(s.nations, nation_bit(BC) | nation_bit(USSR) | nation_bit(US) | nation_bit(GER) | nation_bit(ITA));
  // "The British Commonwealth, and the United States may only write 6 orders per round."
  EXPECT_EQ(s.order_limit[BC], 6);
  EXPECT_EQ(s.order_limit[US], 6);
  EXPECT_EQ(s.order_limit[USSR], 9);
  EXPECT_EQ(s.order_limit[GER], 9);
  EXPECT_EQ(s.order_limit[ITA], 6);
  EXPECT_EQ(s.morale, BoardSide::Reverse);
  // Thresholds 4 5 4 6 4 on the reverse side, read BC, USSR, US, GER, ITA (ruling 4).
  const auto& th = d.morale.thresholds[static_cast<std::size_t>(BoardSide::Reverse)];
  EXPECT_EQ(th[BC].value, 4);
  EXPECT_EQ(th[USSR].value, 5);
  EXPECT_EQ(th[US].value, 4);
  EXPECT_EQ(th[GER].value, 6);
  EXPECT_EQ(th[ITA].value, 4);
  EXPECT_FALSE(s.trade);
  EXPECT_FALSE(s.pact);
  // Seats: 4, 3 (the USSR to seat 1 or 2) and 2 players.
  ASSERT_NE(s.seats_for(4), nullptr);
  EXPECT_EQ(s.seats_for(4)->seats[3].nations, nation_bit(GER) | nation_bit(ITA));
  const SeatTable* three = s.seats_for(3);
  ASSERT_NE(three, nullptr);
  EXPECT_EQ(three->seats[0].optional, nation_bit(USSR));
  EXPECT_EQ(three->seats[1].optional, nation_bit(USSR));
  EXPECT_EQ(three->seats[2].nations, nation_bit(GER) | nation_bit(ITA));
  EXPECT_EQ(s.seats_for(2)->seats[0].nations, nation_bit(BC) | nation_bit(USSR) | nation_bit(US));
  EXPECT_EQ(s.seats_for(5), nullptr);
  // Victory: the Axis need 2 of GB, Moscow, Eastern US; the Allies need Greater Germany.
  const VictoryCondition& axis = s.victory[static_cast<std::size_t>(Alliance::Axis)];
  ASSERT_EQ(axis.all_of.size(), 1u);
  EXPECT_EQ(axis.all_of[0].at_least, 2);
  EXPECT_EQ(axis.all_of[0].of, (std::vector<RegionId>{id("B1"), id("R1"), id("U1")}));
  const VictoryCondition& allies = s.victory[static_cast<std::size_t>(Alliance::Allied)];
  ASSERT_EQ(allies.all_of.size(), 1u);
  EXPECT_EQ(allies.all_of[0].of, std::vector<RegionId>{id("G1")});
  EXPECT_EQ(allies.all_of[0].at_least, 1);
  // Territory Cards: Germany and Italy all; the USSR all but Soviet Sakhalin; the US only the
  // Eastern and Central United States; every neutral but Mongolia and Afghanistan; the BC not
  // India, Ceylon, Papua, the four Australias, New Hebrides, New Zealand.
  const std::set<std::string> bc_out = {
      "India",        "Ceylon",     "Papua", "Western Australia", "South Australia", "Northern Territory", "Eastern Australia",
      "New Hebrides", "New Zealand"};
  int cards = 0;
  for (const Region& r : d.regions) {
    if (!r.is_territory()) continue;
    bool in = false;
    if (r.neutral)
      in = r.name != "Mongolia" && r.name != "Afghanistan";
    else if (r.owner == GER || r.owner == ITA)
      in = true;
    else if (r.owner == USSR)
      in = r.name != "Soviet Sakhalin";
    else if (r.owner == US)
      in = r.name == "Eastern United States" || r.name == "Central United States";
    else if (r.owner == BC)
      in = bc_out.count(r.name) == 0;
    EXPECT_EQ(s.in_play.test(r.rid), in) << r.id << " " << r.name;
    cards += in;
  }
  EXPECT_GT(cards, 60);
  // Sea regions in play touch something in play (ruling 36); the Pacific is out.
  EXPECT_TRUE(s.in_play.test(id("A-5")));
  EXPECT_TRUE(s.in_play.test(id("M-3")));
  EXPECT_FALSE(s.in_play.test(id("P-1")));
}

TEST(WarRoomScenarios, T19_WarInEuropeSetupKeepsTheStatedFacts) {
  const Data& d = shipped();
  const Scenario& s = scenario("war-in-europe");
  EXPECT_TRUE(s.setup_complete);
  // Setting Up › Place Units: Great Britain starts with British and U.S. forces.
  bool us_in_gb = false, bc_in_gb = false;
  NationArray<int> land{};
  for (const SetupCommand& c : s.commands) {
    us_in_gb |= c.nation == US && c.region == id("B1");
    bc_in_gb |= c.nation == BC && c.region == id("B1");
    EXPECT_TRUE(s.has(c.nation));
    EXPECT_TRUE(s.in_play.test(c.region)) << d.region(c.region).id;
    if (c.category == Category::Land) ++land[c.nation];
  }
  EXPECT_TRUE(us_in_gb);
  EXPECT_TRUE(bc_in_gb);
  for (Nation n : {BC, USSR, US, GER, ITA}) EXPECT_GT(land[n], 0) << nation_id(n);
  // Occupied territories start in German hands; France is German.
  EXPECT_EQ(s.control[id("G8")], GER);
  EXPECT_EQ(s.control[id("G9")], GER);
  EXPECT_EQ(s.control[id("G2")], GER);
  EXPECT_EQ(s.control[id("N9")], kNoNation);  // Spain: neutral
  // Ruling 87: no region starts Embattled: no region holds land (territory) or naval (sea) units
  // of both alliances.
  for (const Region& r : d.regions) {
    std::array<bool, kAlliances> side{};
    for (const SetupCommand& c : s.commands)
      if (c.region == r.rid && c.category != Category::Air) side[static_cast<std::size_t>(d.nation(c.nation).alliance)] = true;
    EXPECT_FALSE(side[0] && side[1]) << r.id;
  }
}

TEST(WarRoomScenarios, T19_TheOtherScenariosAsStated) {
  const Data& d = shipped();
  const Scenario& global = scenario("global-war");
  EXPECT_EQ(global.nations, NationSet::first(kNations));
  EXPECT_EQ(global.morale, BoardSide::Front);
  EXPECT_TRUE(global.trade);
  EXPECT_TRUE(global.pact);
  for (int players = 2; players <= 6; ++players) {
    ASSERT_NE(global.seats_for(players), nullptr) << players;
    EXPECT_FALSE(global.seats_for(players)->project_option);
  }
  EXPECT_EQ(global.seats_for(6)->seats[0].nations, nation_bit(CHN) | nation_bit(US));  // "China and United States"
  EXPECT_EQ(global.seats_for(4)->seats[0].nations, nation_bit(CHN) | nation_bit(USSR));
  EXPECT_EQ(global.seats_for(3)->seats[2].nations, nation_bit(GER) | nation_bit(ITA) | nation_bit(JPN));
  EXPECT_TRUE(global.seats_for(7)->project_option);  // ruling 89
  EXPECT_EQ(global.order_limit[CHN], 6);
  EXPECT_EQ(global.order_limit[BC], 9);
  EXPECT_EQ(global.victory[static_cast<std::size_t>(Alliance::Allied)].all_of[0].of, (std::vector<RegionId>{id("G1"), id("J1")}));
  for (const Region& r : d.regions) EXPECT_TRUE(global.in_play.test(r.rid)) << r.id;  // all the cards, every sea

  const Scenario& pacific = scenario("war-in-the-pacific");
  EXPECT_EQ(pacific.nations, nation_bit(CHN) | nation_bit(BC) | nation_bit(US) | nation_bit(JPN));
  EXPECT_EQ(pacific.order_limit[BC], 6);
  EXPECT_EQ(pacific.order_limit[US], 6);
  EXPECT_EQ(pacific.order_limit[CHN], 6);
  EXPECT_EQ(pacific.morale, BoardSide::Reverse);
  EXPECT_EQ(d.morale.thresholds[1][BC].value, 4);  // ruling 4: Pacific BC and US as in Europe
  EXPECT_EQ(d.morale.thresholds[1][US].value, 4);
  const VictoryCondition& japan = pacific.victory[static_cast<std::size_t>(Alliance::Axis)];
  ASSERT_EQ(japan.all_of.size(), 2u);  // at the same time
  EXPECT_EQ(japan.all_of[0].of, (std::vector<RegionId>{id("B24"), id("B10")}));
  EXPECT_EQ(japan.all_of[1].of, (std::vector<RegionId>{id("U5"), id("U4"), id("U3")}));
  EXPECT_FALSE(pacific.in_play.test(id("U1")));
  EXPECT_FALSE(pacific.in_play.test(id("B1")));
  for (const char* n : {"N3", "N15", "N18", "N5", "N1"}) EXPECT_TRUE(pacific.in_play.test(id(n))) << n;
  EXPECT_FALSE(pacific.in_play.test(id("N9")));
  int bc = 0;
  for (const Region& r : d.regions) bc += r.owner == BC && pacific.in_play.test(r.rid);
  EXPECT_EQ(bc, 12);

  // Pacific setup: "The United States uses all its Territory Cards except for Eastern United
  // States (and its forces in Great Britain)".
  EXPECT_TRUE(pacific.setup_complete);
  for (const SetupCommand& c : pacific.commands) {
    EXPECT_NE(c.region, id("B1"));
    EXPECT_NE(c.region, id("U1"));
    EXPECT_TRUE(pacific.in_play.test(c.region)) << d.region(c.region).id;
  }
  // Global War: every nation has forces, the US among them in Great Britain.
  EXPECT_TRUE(global.setup_complete);
  NationArray<int> commands{};
  bool us_in_gb = false;
  for (const SetupCommand& c : global.commands) {
    ++commands[c.nation];
    us_in_gb |= c.nation == US && c.region == id("B1") && c.category == Category::Land;
  }
  EXPECT_TRUE(us_in_gb);
  for (Nation n : kAllNations) EXPECT_GT(commands[n], 0) << nation_id(n);

  const Scenario& east = scenario("eastern-front");
  EXPECT_TRUE(east.setup_complete);
  for (const SetupCommand& c : east.commands) EXPECT_TRUE(c.nation == GER || c.nation == USSR);
  EXPECT_EQ(east.nations, nation_bit(USSR) | nation_bit(GER));
  EXPECT_EQ(east.morale, BoardSide::Front);
  EXPECT_EQ(east.name, "Eastern Front (reconstructed)");
  EXPECT_EQ(east.origin.provenance, Provenance::Reconstructed);
  EXPECT_EQ(d.morale.thresholds[0][USSR].value, 7);
  EXPECT_EQ(d.morale.thresholds[0][GER].value, 8);
}

// Design §3.4: each scenario's theater is connected by land and sea: every region in play is
// reachable from every other through regions in play (the impassable ones flown over).
TEST(WarRoomScenarios, EveryTheaterIsConnected) {
  const Data& d = shipped();
  for (const Scenario& s : d.scenarios) {
    std::vector<RegionId> queue;
    RegionSet seen;
    for (const Region& r : d.regions)
      if (s.in_play.test(r.rid)) {
        queue.push_back(r.rid);
        seen.set(r.rid);
        break;
      }
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (RegionId n : neighbours(d, queue[i]))
        if (s.in_play.test(n) && !seen.test(n)) {
          seen.set(n);
          queue.push_back(n);
        }
    for (const Region& r : d.regions)
      EXPECT_TRUE(!s.in_play.test(r.rid) || seen.test(r.rid)) << s.id << ": " << r.id << " " << r.name << " is cut off";
  }
}

TEST(WarRoomData, AuditListsEveryEntryWithProvenanceAndSource) {
  const Data& d = shipped();
  const std::vector<AuditRow> rows = audit_rows(d);
  std::size_t regions = 0, edges = 0, setup = 0;
  for (const AuditRow& r : rows) {
    ASSERT_NE(r.origin, nullptr) << r.kind << " " << r.id;
    EXPECT_FALSE(r.origin->source.empty()) << r.kind << " " << r.id;
    regions += r.kind == "territory" || r.kind == "neutral" || r.kind == "sea" || r.kind == "impassable";
    edges += r.kind == "edge";
    setup += r.kind == "setup-command";
  }
  EXPECT_EQ(regions, d.region_count());
  EXPECT_EQ(edges, d.edges.size());
  std::size_t commands = 0;
  for (const Scenario& s : d.scenarios) commands += s.commands.size();
  EXPECT_EQ(setup, commands);
  // Nothing reconstructed is presented as printed: a region with reconstructed SV is reconstructed.
  EXPECT_EQ(region("G1").origin.provenance, Provenance::Reconstructed);
  const auto& st = region("G1").origin.stated;
  EXPECT_NE(std::find_if(st.begin(), st.end(), [](const StatedField& f) { return f.field == "id"; }), st.end());
  const json j = json::parse(audit_json(d, rows));
  EXPECT_EQ(j["rows"].size(), rows.size());
  EXPECT_EQ(j["data_hash"], d.hash);
  EXPECT_GT(j["counts"]["rulebook"].get<int>(), 10);
}

// ---------------------------------------------------------------------------------------------
// Rejected data: each error names file, entry and field, and nothing loads.

class WarRoomBadData : public test_support::DataCopyTest {
 protected:
  WarRoomBadData() : DataCopyTest(WARROOM_TEST_DATA_DIR, "warroom-data-test", [](const fs::path& d) { load_data(d); }) {}
  static json& find(json& list, std::string_view key, std::string_view value) {
    for (json& e : list)
      if (e.contains(key) && e[std::string(key)] == value) return e;
    throw std::runtime_error("no entry " + std::string(value));
  }
};

TEST_F(WarRoomBadData, EdgeToAnUnknownRegion) {
  edit("map.json", [](json& j) { j["edges"][0]["b"] = "Atlantis"; });
  expect_error({"map.json", "edges[0]", "field \"b\"", "unknown region \"Atlantis\""});
}

TEST_F(WarRoomBadData, DuplicateEdge) {
  edit("map.json", [](json& j) {
    json e = j["edges"][0];
    std::swap(e["a"], e["b"]);
    j["edges"].push_back(e);
  });
  expect_error({"map.json", "duplicate edge"});
}

TEST_F(WarRoomBadData, StatedNonEdgeThatIsAnEdge) {
  edit("map.json", [](json& j) { j["edges"].push_back({{"a", "U3"}, {"b", "P-4"}, {"provenance", "reconstructed"}, {"source", "test"}}); });
  expect_error({"map.json", "non_edges[0]", "U3 and P-4", "not adjacent"});
}

TEST_F(WarRoomBadData, IslandWithALandEdge) {
  edit("map.json", [](json& j) { j["edges"].push_back({{"a", "J22"}, {"b", "J1"}, {"provenance", "reconstructed"}, {"source", "test"}}); });
  expect_error({"map.json", "J", "is an island"});
}

TEST_F(WarRoomBadData, NeutralWithIncome) {
  edit("map.json", [](json& j) { find(j["regions"], "id", "N9")["income"] = {{"osr", 1}}; });
  expect_error({"map.json", "(id \"N9\")", "field \"income\"", "a neutral has none"});
}

TEST_F(WarRoomBadData, EmbattledFaceNotOneLess) {
  edit("map.json", [](json& j) { find(j["regions"], "id", "G1")["embattled_income"] = {{"oil", 1}, {"iron", 4}, {"osr", 2}}; });
  expect_error({"map.json", "(id \"G1\")", "field \"embattled_income\"", "less one resource"});
}

TEST_F(WarRoomBadData, PortOnASeaItDoesNotTouch) {
  edit("map.json", [](json& j) { find(j["regions"], "id", "G1")["port"]["seas"] = {"P-1"}; });
  expect_error({"map.json", "(id \"G1\")", "field \"port\"", "P-1 is not a sea region next to G1"});
}

TEST_F(WarRoomBadData, PassageBetweenSeasThatDoNotTouch) {
  edit("map.json", [](json& j) { find(j["passages"], "id", "suez")["seas"] = {"M-1", "M-5"}; });
  expect_error({"map.json", "(id \"suez\")", "field \"seas\"", "share an edge"});
}

TEST_F(WarRoomBadData, ConvoyLinkedToATerritoryWithoutAPortThere) {
  edit("map.json", [](json& j) { find(j["convoys"], "id", "norway-coast")["linked"] = "G6"; });
  expect_error({"map.json", "(id \"norway-coast\")", "field \"linked\"", "port"});
}

TEST_F(WarRoomBadData, UnknownTheater) {
  edit("map.json", [](json& j) { find(j["regions"], "id", "A-5")["theater"] = "baltic"; });
  expect_error({"map.json", "(id \"A-5\")", "field \"theater\"", "must be europe"});
}

TEST_F(WarRoomBadData, MisspeltField) {
  edit("map.json", [](json& j) { find(j["regions"], "id", "G2")["capitol_of"] = "GER"; });
  expect_error({"map.json", "(id \"G2\")", "field \"capitol_of\"", "unknown field"});
}

TEST_F(WarRoomBadData, UnknownProvenance) {
  edit("units.json", [](json& j) { j["units"][3]["provenance"] = "printed"; });
  expect_error({"units.json", "units[3] (id \"ftr\")", "field \"provenance\"", "unknown provenance"});
}

TEST_F(WarRoomBadData, UnitsOutOfTheRulebooksOrder) {
  edit("units.json", [](json& j) { std::swap(j["units"][0], j["units"][1]); });
  expect_error({"units.json", "units[0] (id \"art\")", "field \"id\"", "must be \"inf\""});
}

TEST_F(WarRoomBadData, DiveWithTheWhiteTriangle) {
  edit("units.json", [](json& j) { j["units"][5]["stances"][0]["white_triangle"] = true; });
  expect_error({"units.json", "(id \"attack\")", "field \"white_triangle\"", "DIVE"});
}

TEST_F(WarRoomBadData, CasualtyChartThatBreaksThePrintedExample) {
  edit("morale.json", [](json& j) { j["casualty_chart"]["rows"][2]["min_cp"] = 40; });
  expect_error({"morale.json", "casualty_chart", "36 Casualty Points into 2 Stress"});
}

TEST_F(WarRoomBadData, CapitalNotMarkedOnTheMap) {
  edit("nations.json", [](json& j) { j["nations"][5]["capital"] = "I2"; });
  expect_error({"nations.json", "(id \"ITA\")", "field \"capital\"", "I2 is not marked capital_of ITA"});
}

TEST_F(WarRoomBadData, SetupCommandTooBig) {
  edit("scenarios.json", [](json& j) {
    find(j["scenarios"], "id", "war-in-europe")["setup"]["commands"][0]["units"] = {{"inf", 6}, {"art", 3}};
  });
  expect_error({"scenarios.json", "(id \"war-in-europe\")", "commands[0]", "field \"units\"", "1 to 8 units"});
}

TEST_F(WarRoomBadData, SetupCommandOutsideItsPool) {
  edit("scenarios.json", [](json& j) { find(j["scenarios"], "id", "war-in-europe")["setup"]["commands"][0]["number"] = 3; });
  expect_error({"scenarios.json", "commands[0]", "field \"number\"", "GER land Commands are numbered 35..120"});
}

TEST_F(WarRoomBadData, SetupCommandInARegionOutOfPlay) {
  edit("scenarios.json", [](json& j) { find(j["scenarios"], "id", "war-in-europe")["setup"]["commands"][0]["region"] = "J1"; });
  expect_error({"scenarios.json", "commands[0]", "field \"region\"", "J1 is not in play"});
}

TEST_F(WarRoomBadData, NavalCommandOnLand) {
  edit("scenarios.json", [](json& j) {
    for (json& c : find(j["scenarios"], "id", "war-in-europe")["setup"]["commands"])
      if (c["nation"] == "GER" && c["number"] == 1) c["region"] = "G1";
  });
  expect_error({"scenarios.json", "field \"region\"", "a sea Command cannot start in G1"});
}

TEST_F(WarRoomBadData, SetupThatStartsEmbattled) {
  edit("scenarios.json", [](json& j) {
    for (json& c : find(j["scenarios"], "id", "war-in-europe")["setup"]["commands"])
      if (c["nation"] == "ITA" && c["number"] == 2) c["region"] = "M-1";
  });
  expect_error({"scenarios.json", "(id \"war-in-europe\")", "field \"commands\"", "M-1 starts Embattled"});
}

TEST_F(WarRoomBadData, SeatTableMissingANation) {
  edit("scenarios.json", [](json& j) { find(j["scenarios"], "id", "war-in-europe")["seats"][2]["seats"][3] = {"GER"}; });
  expect_error({"scenarios.json", "(id \"war-in-europe\")", "field \"seats\"", "exactly one seat"});
}

TEST_F(WarRoomBadData, SeatMixingAlliances) {
  edit("scenarios.json", [](json& j) {
    find(j["scenarios"], "id", "war-in-europe")["seats"][0]["seats"] = {{"BC", "USSR", "US", "ITA"}, {"GER"}};
  });
  expect_error({"scenarios.json", "field \"seats\"", "one alliance only"});
}

TEST_F(WarRoomBadData, CardOfAnotherNation) {
  edit("scenarios.json", [](json& j) { find(j["scenarios"], "id", "war-in-europe")["cards"]["USSR"]["except"] = {"G1"}; });
  expect_error({"scenarios.json", "cards: USSR", "field \"except\"", "G1 is not a card of USSR"});
}

TEST_F(WarRoomBadData, StatedNamesAFieldTheEntryLacks) {
  edit("map.json", [](json& j) { find(j["regions"], "id", "G1")["stated"]["kamikaze"] = {{"provenance", "rulebook"}, {"source", "x"}}; });
  expect_error({"map.json", "(id \"G1\")", "field \"kamikaze\"", "not a field of the entry"});
}

TEST_F(WarRoomBadData, EditedFileChangesTheHash) {
  const std::string before = load_data(dir).hash;
  edit("map.json", [](json& j) { j["notice"] = "changed"; });
  EXPECT_NE(load_data(dir).hash, before);
}

TEST_F(WarRoomBadData, NotJson) {
  std::ofstream(dir / "morale.json") << "{ not json";
  expect_error({"morale.json", "not valid JSON"});
}

TEST_F(WarRoomBadData, MissingFile) {
  fs::remove(dir / "scenarios.json");
  expect_error({"scenarios.json", "cannot read"});
}

// ---------------------------------------------------------------------------------------------
// The command: `warroom data check` and `warroom data audit [--json]`

test_support::Result run(const std::string& args) { return test_support::run_command(std::getenv("WARROOM_BINARY"), args); }

TEST(WarRoomDataCommand, CheckPrintsTheSizesHashAndNotice) {
  if (!std::getenv("WARROOM_BINARY")) GTEST_SKIP() << "run through ctest";
  const auto [status, out] = run("data check");
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("131 territories (19 neutral), 55 sea regions"), std::string::npos) << out;
  EXPECT_NE(out.find(shipped().hash), std::string::npos);
  EXPECT_NE(out.find("not the printed board"), std::string::npos);
}

TEST(WarRoomDataCommand, AuditJsonListsEveryRowWithCounts) {
  if (!std::getenv("WARROOM_BINARY")) GTEST_SKIP() << "run through ctest";
  const test_support::Result audit = run("data audit --json");
  const json j = json::parse(audit.out);
  EXPECT_EQ(audit.status, 0);
  const std::vector<AuditRow> rows = audit_rows(shipped());
  EXPECT_EQ(j["rows"].size(), rows.size());
  EXPECT_EQ(j["counts"]["rulebook"].get<int>() + j["counts"]["reconstructed"].get<int>(), static_cast<int>(rows.size()));
  bool g1 = false;
  for (const json& r : j["rows"])
    if (r["kind"] == "territory" && r["id"] == "G1") {
      g1 = true;
      EXPECT_EQ(r["provenance"], "reconstructed");
      EXPECT_EQ(r["stated"]["id"]["provenance"], "rulebook");
    }
  EXPECT_TRUE(g1);
}

TEST(WarRoomDataCommand, AuditFiltersByKindAndProvenance) {
  if (!std::getenv("WARROOM_BINARY")) GTEST_SKIP() << "run through ctest";
  const test_support::Result audit = run("data audit --json --kind passage --provenance rulebook");
  const json j = json::parse(audit.out);
  EXPECT_EQ(audit.status, 0);
  EXPECT_EQ(j["rows"].size(), 6u);
  EXPECT_NE(run("data audit --kind nothing-like-this").status, 0);
}

TEST(WarRoomDataCommand, BadDataDirectoryIsAOneLineErrorAndNonZeroExit) {
  if (!std::getenv("WARROOM_BINARY")) GTEST_SKIP() << "run through ctest";
  const auto [status, out] = run("--data /nonexistent data check");
  EXPECT_NE(status, 0);
  EXPECT_EQ(out.rfind("warroom: ", 0), 0u) << out;
  EXPECT_NE(out.find("cannot read"), std::string::npos);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1);
}

}  // namespace
