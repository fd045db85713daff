// 7.0 War Phase and 8.0 Post-mortem, rule by rule, on positions set up by hand.
#include "churchill/rules.h"
#include "table_fixture.h"

namespace churchill::testing {
namespace {

class War : public Position {
 protected:
  War() {  // a map without networks or alignments
    start.networks.fill(0);
    start.network_owner.fill(kNoPower);
    start.alignment.fill(kNoPower);
    start.behind_front.fill(false);
  }
  LocationId L(const char* id) const { return data().location(id); }
  void networks(const char* loc, const char* p, int n) {
    start.networks[L(loc)] = static_cast<std::int8_t>(n);
    start.network_owner[L(loc)] = n ? power(p) : kNoPower;
  }
  // The War Phase begins with these markers to place.
  void war(std::array<int, kPowers> nets, std::array<int, kPowers> aligns = {}) {
    for (std::size_t p = 0; p < kPowers; ++p) {
      start.networks_gained[power_at(p)] = static_cast<std::int8_t>(nets[p] - 1);  // 7.1 adds one each
      start.alignment_gained[power_at(p)] = static_cast<std::int8_t>(aligns[p]);
    }
    begin(step::EndConference{});
  }
  // A Front on the space `space` of its track.
  void put_front(const char* front, const char* space) {
    const auto f = data().front(front);
    const auto& track = data().fronts[f].track;
    for (std::size_t i = 0; i < track.size(); ++i)
      if (data().spaces[track[i].space].id == space) start.front[f] = static_cast<std::int8_t>(i);
  }
  // Only `left` reserves of a kind are still in the game; the others were permanently removed.
  void reserves_left(ReserveKind kind, int left) {
    const auto k = static_cast<std::size_t>(kind);
    start.reserves_lost[k] = static_cast<std::int8_t>(start.reserves_pool[k] + start.reserves_lost[k] - left);
    start.reserves_pool[k] = static_cast<std::int8_t>(left);
  }
  int pool(ReserveKind kind) const { return s().reserves_pool[static_cast<std::size_t>(kind)]; }
  // The steps of the Axis reserve placement waiting in the stack (7.6): at most the one running.
  int reserve_steps() const {
    int n = 0;
    for (std::size_t i = 0; i < s().steps.size(); ++i) n += s().steps[i].id == StepId::Reserves;
    return n;
  }
};

TEST_F(War, Rule_7_1_TheMostNetworksPlaceFirstTiesOrderedByTheUs) {
  war({3, 1, 5});  // 7.1 example: Stalin five, Churchill three, Roosevelt one
  EXPECT_EQ(g_active(), "USSR");
  for (int i = 0; i < 5; ++i) act("USSR", "network " + std::string(i < 2 ? "hungary" : i < 4 ? "austria" : "greece"));
  EXPECT_EQ(g_active(), "UK");
}

TEST_F(War, Rule_7_1_TieOrderedByTheUs) {
  war({2, 2, 1});
  EXPECT_EQ(g_active(), "US");
  act("US", "first UK");
  EXPECT_EQ(g_active(), "UK");
}

TEST_F(War, Rule_7_1_ThreeWayTieTheUsDecidesTheWholeOrder) {
  // "the US player's national characteristic allows him to determine who goes next": the US names
  // the first and then the second; UK, USSR, US is one of the six orders he may choose.
  war({1, 1, 1});
  act("US", "first UK");
  EXPECT_EQ(g_active(), "US") << "the US also decides who goes second";
  EXPECT_FALSE(legal("US", "first UK"));
  act("US", "first USSR");
  act("UK", "network greece");
  act("USSR", "network hungary");
  act("US", "network france");
  EXPECT_EQ(s().network_owner[L("greece")], power("UK"));
  EXPECT_EQ(s().network_owner[L("hungary")], power("USSR"));
  EXPECT_EQ(s().network_owner[L("france")], power("US"));
}

TEST_F(War, Rule_7_11_TwoPerLocationOfOneNationAndRemovalOneForOne) {
  networks("austria", "USSR", 1);
  war({1, 3, 1});
  act("US", "first UK");  // the UK and the USSR tie behind the US: the US orders them
  EXPECT_FALSE(legal("US", "network austria")) << "a location holds networks of one nation only";
  act("US", "remove-network austria");
  EXPECT_EQ(s().networks[L("austria")], 0);
  act("US", "network austria");
  EXPECT_EQ(s().network_owner[L("austria")], power("US"));
  act("US", "network austria");
  EXPECT_EQ(s().networks[L("austria")], 2);
  EXPECT_FALSE(legal("USSR", "network austria"));
}

TEST_F(War, Rule_7_12_RemovalIsOptional) {
  // Every open location holds a Soviet network: the UK can place nowhere, and "may discard one of
  // his own un-played Clandestine Networks ... to remove an opponent's": he may also decline.
  for (const auto& l : data().locations) networks(l.id.c_str(), "USSR", 1);
  start.to_place = {1, 0, 0};
  begin(step::PlaceNetworks{Power::UK, 0});
  EXPECT_TRUE(legal("UK", "remove-network austria"));
  act("UK", "decline");
  EXPECT_EQ(s().to_place[Power::UK], 0) << "7.1: unused markers are lost";
  EXPECT_EQ(s().networks[L("austria")], 1);
  EXPECT_NE(log_text().find("[7.12] UK declines to remove: 1 Clandestine Network(s) lost"), std::string::npos) << log_text();
}

TEST_F(War, Rule_7_12_NoDeclineWhileAPlacementIsPossible) {
  start.to_place = {1, 0, 0};
  begin(step::PlaceNetworks{Power::UK, 0});
  EXPECT_FALSE(legal("UK", "decline")) << "7.1: a player must place as many as he is able";
}

TEST_F(War, Rule_7_32_RemovalIsOptional) {
  networks("poland", "UK", 1);
  start.alignment[L("poland")] = power("USSR");
  start.global[global_issue_at(1)] = power("UK");  // Free Europe: the UK may remove it
  start.to_place = {1, 0, 0};
  begin(step::PlaceAlignment{Power::UK, 0});
  EXPECT_TRUE(legal("UK", "remove-alignment poland"));
  act("UK", "decline");
  EXPECT_EQ(s().alignment[L("poland")], power("USSR"));
  EXPECT_EQ(s().to_place[Power::UK], 0);
}

TEST_F(War, Rule_7_4_ArcticNeedsThreeNaval) {
  start.naval[data().theater("arctic")] = 2;
  war({1, 1, 2});
  EXPECT_FALSE(legal("USSR", "network norway"));
  EXPECT_FALSE(legal("USSR", "network finland"));
}

TEST_F(War, Rule_7_31_AlignmentNeedsAnOwnNetworkAndOnePerLocation) {
  networks("greece", "UK", 1);
  networks("yugoslavia", "USSR", 1);
  start.alignment[L("yugoslavia")] = power("USSR");
  war({1, 1, 1}, {2, 0, 0});
  act("US", "first USSR");  // a three-way tie: the US puts the USSR first, then the UK
  act("US", "first UK");
  act("USSR", "network hungary");
  act("UK", "network greece");
  act("US", "network france");
  EXPECT_TRUE(legal("UK", "align greece"));
  EXPECT_FALSE(legal("UK", "align poland")) << "7.31: only where the UK has a network";
  act("UK", "align greece");
  EXPECT_FALSE(legal("UK", "align greece")) << "one Political Alignment per location";
}

TEST_F(War, Rule_6_11_ColonialismLetsOnlyTheUkPlaceInColonies) {
  networks("siam", "US", 1);
  networks("malaya", "UK", 1);
  start.global[global_issue_at(0)] = power("UK");  // Colonialism
  start.alignment_gained[Power::US] = 1;
  start.alignment_gained[Power::UK] = 1;
  start.to_place = {1, 1, 0};
  begin(step::PlaceAlignment{Power::US, 0});
  EXPECT_FALSE(legal("US", "align siam"));
}

TEST_F(War, Rule_6_11_NeutralColonialIssueForbidsColonyPlacements) {
  networks("malaya", "UK", 1);
  start.to_place = {1, 0, 0};
  begin(step::PlaceAlignment{Power::UK, 0});
  EXPECT_FALSE(legal("UK", "align malaya"));
}

TEST_F(War, Rule_6_11_SpheresOfInfluenceAndTheUnRemovalCost) {
  networks("poland", "UK", 1);
  start.alignment[L("poland")] = power("USSR");
  networks("france", "USSR", 1);
  start.global[global_issue_at(1)] = power("USSR");  // Spheres of Influence
  start.global[global_issue_at(2)] = power("US");    // UN: removal costs two
  start.to_place = {1, 0, 0};
  begin(step::PlaceAlignment{Power::UK, 0});
  EXPECT_FALSE(legal("UK", "remove-alignment poland")) << "Spheres: only the USSR in Poland";
  start.global[global_issue_at(1)] = power("UK");  // Free Europe
  begin(step::PlaceAlignment{Power::UK, 0});
  EXPECT_FALSE(legal("UK", "remove-alignment poland")) << "UN: two markers needed, the UK has one";
  start.to_place = {2, 0, 0};
  begin(step::PlaceAlignment{Power::UK, 0});
  act("UK", "remove-alignment poland");
  EXPECT_EQ(s().alignment[L("poland")], kNoPower);
  EXPECT_EQ(s().to_place[Power::UK], 0);
}

TEST_F(War, Rule_7_62_TournamentOpening) {
  start = game.new_game(*data().scenario("tournament"));
  start.steps.clear();
  start.steps.push(step::GameOver{});
  begin(step::Reserves{0, 1});
  // 2: one army against the Eastern Front; 4 Eastern Horde: four more; 5 Atlantic Wall: one in
  // Normandy. The Italian army and the U-boats are out of play (9.64).
  EXPECT_EQ(reserves_against("eastern"), 5);
  EXPECT_EQ(reserves_against("western"), 1);
  EXPECT_EQ(reserves_against("mediterranean"), 0);
}

TEST_F(War, GermanReservesOptionSendsOneEasternHordeArmy) {
  start = game.new_game(*data().scenario("tournament"), Options{false, true});
  start.steps.clear();
  start.steps.push(step::GameOver{});
  begin(step::Reserves{0, 1});
  EXPECT_EQ(reserves_against("eastern"), 2);  // priority 2 and the option's one
  EXPECT_EQ(reserves_against("western"), 1);
  EXPECT_EQ(s().steps.top().id, StepId::ReserveRoll) << "the other three are placed at random (priority 8)";
  chance("roll 1");
  chance("roll 3");
  chance("roll 5");
  EXPECT_EQ(reserves_against("western"), 2);
  EXPECT_EQ(reserves_against("eastern"), 3);
  EXPECT_EQ(reserves_against("mediterranean"), 1);
}

TEST_F(War, Rule_7_73_3_NoDDayWithoutTheSecondFront) {
  start = game.new_game(*data().scenario("tournament"));  // Western in Bolero, 5 naval
  start.steps.clear();
  start.steps.push(step::GameOver{});
  start.offensive[data().front("western")] = 4;
  start.second_front = false;
  begin(step::Campaigns{0});
  EXPECT_NE(s().steps.top().as<step::FrontRoll>().front, data().front("western")) << "the Western Front makes no roll";
  EXPECT_EQ(s().offensive[data().front("western")], 0) << "7.71: support removed anyway";
}

TEST_F(War, Rule_7_73_TheLogSaysWhyAFrontCannotAdvance) {
  start = game.new_game(*data().scenario("tournament"));
  start.steps.clear();
  start.steps.push(step::GameOver{});
  start.steps.push(step::Campaigns{0});
  const auto army = static_cast<std::size_t>(ReserveKind::GermanArmy);
  for (const char* f : {"eastern", "mediterranean"}) start.reserves_on_front[data().front(f)][army] = 1;
  start.reserves_on_front[data().front("cbi")][static_cast<std::size_t>(ReserveKind::JapaneseArmy)] = 1;
  start.naval[data().theater("central-pacific")] = 2;
  core::LogBuffer log;
  game.run_automatic(start, &log);  // up to the SW Pacific Front's roll
  std::string text;
  for (const auto& e : log.entries()) text += game.describe(e) + "\n";
  EXPECT_NE(text.find("the Western Front cannot advance: D-Day, the Second Front issue did not end the Meeting in the centre (7.73.3)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("the Eastern Front cannot advance: strength 0 (7.73.2)"), std::string::npos) << text;
  EXPECT_NE(
      text.find("the Far East Front cannot advance: the USSR Declares War on Japan issue did not end the Meeting in the centre (7.73.4)"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("the Central Pacific Front cannot advance: 2 naval support, an amphibious entry needs 3 (7.73.1)"), std::string::npos)
      << text;
}

// 7.72, 7.73.2: the strength the log gives for a Front that cannot advance is the one the roll would
// use, offensive support included (support is removed after, 7.71): 2 + 2x1 - 2x2 = 0, not -2.
TEST_F(War, Rule_7_73_2_TheHeldStrengthCountsTheOffensiveSupport) {
  start = game.new_game(*data().scenario("tournament"));
  start.steps.clear();
  start.steps.push(step::GameOver{});
  start.steps.push(step::Campaigns{0});
  const auto army = static_cast<std::size_t>(ReserveKind::GermanArmy);
  const auto med = data().front("mediterranean");
  start.offensive[med] = 1;
  start.reserves_on_front[med][army] = 2;
  start.reserves_on_front[data().front("eastern")][army] = 1;  // held too (2 - 2), so the Mediterranean's turn comes
  EXPECT_EQ(rules::front_strength(start, med), 0) << "7.72: 2 + 2 - 4";
  core::LogBuffer log;
  game.run_automatic(start, &log);  // up to the first Front that rolls
  std::string text;
  for (const auto& e : log.entries()) text += game.describe(e) + "\n";
  EXPECT_NE(text.find("the Mediterranean Front cannot advance: strength 0 (7.73.2)"), std::string::npos) << text;
  EXPECT_EQ(start.offensive[med], 0) << "7.71: the support is removed all the same";
}

TEST_F(War, Rule_7_74_BreakthroughButNotIntoAnAmphibiousSpace) {
  start.front[data().front("eastern")] = 1;      // Ukraine: Prussia then East Germany, both land
  start.offensive[data().front("eastern")] = 5;  // strength 12
  begin(step::FrontRoll{data().front("eastern")});
  chance("roll 8");  // 8 + 2 = 10: a breakthrough
  EXPECT_EQ(
      data().spaces[data().fronts[data().front("eastern")].track[static_cast<std::size_t>(s().front[data().front("eastern")])].space].id,
      "east-germany");
  const auto cp = data().front("central-pacific");
  start.front[cp] = 0;  // Carolines; Marianas is amphibious
  start.offensive[cp] = 6;
  start.naval[data().theater("central-pacific")] = 5;
  begin(step::FrontRoll{cp});
  chance("roll 10");
  EXPECT_EQ(s().front[cp], 1) << "one space: the second would be amphibious (7.74)";
  EXPECT_NE(log_text().find("[7.74] the Central Pacific Front breaks through but stops: Iwo Jima is an amphibious space"),
            std::string::npos)
      << log_text();
}

TEST_F(War, Rule_7_13_AdvancePutsRivalNetworksBehindTheFrontOnce) {
  networks("poland", "UK", 2);
  networks("rumania", "USSR", 1);
  start.front[data().front("eastern")] = 1;  // Ukraine
  start.offensive[data().front("eastern")] = 4;
  begin(step::FrontRoll{data().front("eastern")});
  chance("roll 1");
  EXPECT_EQ(s().networks[L("poland")], 1) << "the Soviet advance removes one UK network";
  EXPECT_EQ(s().networks[L("rumania")], 1) << "its own stay";
  EXPECT_TRUE(s().behind_front[L("poland")]);
}

TEST_F(War, Rule_7_75_KamikazeCostsANavalSupport) {
  const auto cp = data().front("central-pacific");
  start.front[cp] = 2;  // Iwo Jima: Okinawa next, a Kamikaze space
  start.naval[data().theater("central-pacific")] = 4;
  start.offensive[cp] = 2;
  begin(step::FrontRoll{cp});
  chance("roll 2");
  EXPECT_EQ(s().naval[data().theater("central-pacific")], 3);
}

TEST_F(War, Rule_7_81_GermanTechnologyOnSurrender) {
  const auto w = data().front("western");
  start.front[w] = 3;  // West Germany
  start.offensive[w] = 4;
  start.steps.push(step::Campaigns{1});  // the Eastern Front next, then the surrender check
  begin(step::FrontRoll{w});
  chance("roll 1");
  while (game.node_kind(s()) == core::NodeKind::Chance && !s().surrendered[0]) session.sample_chance();
  EXPECT_TRUE(s().surrendered[0]);
  EXPECT_EQ(s().german_technology, (PowerArray<std::int8_t>{1, 1, 0})) << "the West alone: US and UK";
}

TEST_F(War, Rule_7_81_BothFrontsEnterGermanyInOneConference) {
  // The Fronts of Europe all make their attempt before Germany's surrender is checked (7.8 with
  // 7.81): otherwise the Western Front's entry would stop the Eastern Front, and "both Fronts
  // enter Germany during the same conference" could never happen.
  put_front("western", "west-germany");
  put_front("eastern", "east-germany");
  start.offensive[data().front("western")] = 4;
  start.offensive[data().front("eastern")] = 4;
  reserves_left(ReserveKind::GermanArmy, 0);
  begin(step::Campaigns{0});
  chance("roll 1");  // the Western Front enters Germany
  EXPECT_FALSE(s().surrendered[0]) << "not yet: the Eastern Front attempts too";
  chance("roll 1");  // the Eastern Front enters Germany
  while (game.node_kind(s()) == core::NodeKind::Chance && !s().surrendered[0]) session.sample_chance();
  EXPECT_TRUE(s().surrendered[0]);
  EXPECT_EQ(s().german_technology, (PowerArray<std::int8_t>{1, 1, 1})) << "both Fronts: one each";
}

TEST_F(War, Rule_7_82_TheEmperorsThreeConditions) {
  start.surrendered[0] = true;                                        // a
  start.a_bomb = static_cast<std::int8_t>(data().a_bomb.size() - 1);  // b: Trinity...
  start.entered[data().space("marianas-islands")] = 3;                // ... and a B29 space
  const auto fe = data().front("far-east");
  start.front[fe] = 1;  // c: Manchuria
  begin(step::Campaigns{7});
  EXPECT_TRUE(s().surrendered[1]);
}

TEST_F(War, Rule_7_64_PacificPriorities) {
  // Training: the Far East Front has left its box; SW Pacific faces the Philippines (a B29 space).
  begin(step::Reserves{1, 1});
  EXPECT_EQ(reserves_against("far-east"), 2);    // 2: two armies against the Soviets
  EXPECT_EQ(reserves_against("sw-pacific"), 1);  // 3: one in each B29 entry space
  chance("roll 1");                              // 4: the IJN sorties against the Central Pacific (an amphibious entry, 3 naval)
  EXPECT_EQ(s().naval[data().theater("central-pacific")], 2);
  chance("roll 5");  // 5: it survives and returns to Japan
  EXPECT_EQ(s().reserves_pool[static_cast<std::size_t>(ReserveKind::Ijn)], 2);
  chance("roll 6");  // 6: the last army to the CBI
  EXPECT_EQ(reserves_against("cbi"), 1);
  EXPECT_EQ(s().steps.top().id, StepId::FrontRoll) << "then the Fronts advance";
}

class Ijn : public War {
 protected:
  // 8C Leyte Gulf: "IJN sorties in SW Pacific Theater and 1 Japanese reserve in SW Pacific
  // Theater", placed when the card was revealed (5.11), which cost a naval support there.
  Ijn() {
    const auto ijn = static_cast<std::size_t>(ReserveKind::Ijn), army = static_cast<std::size_t>(ReserveKind::JapaneseArmy);
    --start.reserves_pool[ijn];
    ++start.reserves_in_box[data().theater("sw-pacific")][ijn];
    start.naval[data().theater("sw-pacific")] = 2;
    --start.reserves_pool[army];
    ++start.reserves_on_front[data().front("sw-pacific")][army];
  }
  int ijn_in_boxes() const {
    int n = 0;
    for (const auto& box : s().reserves_in_box) n += box[static_cast<std::size_t>(ReserveKind::Ijn)];
    return n;
  }
  int ijn_lost() const { return s().reserves_lost[static_cast<std::size_t>(ReserveKind::Ijn)]; }
};

TEST_F(Ijn, Rule_7_64_4_NeverMoreThanOneIjnAtATime) {
  begin(step::Reserves{1, 1});
  EXPECT_EQ(reserves_against("far-east"), 2);
  // Priority 4 sends no second IJN while the card's is at sea; the next roll is the card IJN's
  // battle (7.64.5): on a 1 it is eliminated.
  chance("roll 1");
  EXPECT_EQ(ijn_in_boxes(), 0);
  EXPECT_EQ(ijn_lost(), 1);
  EXPECT_EQ(s().naval[data().theater("central-pacific")], 3) << "no IJN sortied against the Central Pacific";
  EXPECT_EQ(s().naval[data().theater("sw-pacific")], 2) << "the card's IJN cost its naval support once, on placement";
}

TEST_F(Ijn, Rule_7_64_5_AnIjnPlacedByAConferenceCardTakesTheLeyteGulfRoll) {
  begin(step::Reserves{1, 1});
  chance("roll 5");  // 5-6: it survives and goes back to Japan
  EXPECT_EQ(ijn_in_boxes(), 0);
  EXPECT_EQ(ijn_lost(), 0);
  EXPECT_EQ(pool(ReserveKind::Ijn), 2);
  EXPECT_NE(log_text().find("[7.64.5] Battle of the Philippine Sea and Leyte Gulf roll 5: the IJN returns to Japan"), std::string::npos)
      << log_text();
}

TEST_F(War, Rule_7_64_4_TheIjnRollsAreLoggedAndTheViewShowsHowManyRemain) {
  begin(step::Reserves{1, 1});
  chance("roll 2");  // sorties against the Central Pacific (Marianas -> Iwo Jima, 3 naval)
  chance("roll 4");  // eliminated
  EXPECT_NE(log_text().find("[7.64.4] IJN roll 2: the IJN sorties into the Central Pacific Theater"), std::string::npos) << log_text();
  EXPECT_NE(log_text().find("[7.64.5] Battle of the Philippine Sea and Leyte Gulf roll 4: the IJN is eliminated (1 IJN left)"),
            std::string::npos)
      << log_text();
  EXPECT_EQ(view_json(game, s(), std::nullopt)["axis_reserves"]["ijn"], 1);
  EXPECT_NE(board_text(game, s(), std::nullopt).find("IJN 1"), std::string::npos) << board_text(game, s(), std::nullopt);
}

TEST_F(War, Rule_7_64_4_NoSortieIsLoggedToo) {
  begin(step::Reserves{1, 1});
  chance("roll 3");
  EXPECT_NE(log_text().find("[7.64.4] IJN roll 3: no sortie"), std::string::npos) << log_text();
}

TEST_F(Ijn, Rule_7_64_3_AB29EntrySpaceThatHoldsAnArmyNeedsNoOther) {
  // The card's army already opposes the SW Pacific Front's entry into the Philippines: priority 3
  // is met there, as in the example of play (Japanese armies 50% Far East, 25% Central Pacific,
  // 25% SW Pacific).
  begin(step::Reserves{1, 1});
  EXPECT_EQ(reserves_against("sw-pacific"), 1);
  EXPECT_EQ(pool(ReserveKind::JapaneseArmy), 1) << "the last army is placed at random (priority 6)";
}

TEST_F(War, Rule_7_72_4_OddArmyGoesToJapan) {
  // The Far East Front in Korea (past Manchuria: the Kwangtung Army is gone) and the Central
  // Pacific Front in Okinawa both attempt Japan: three armies, one each and the odd one by a roll,
  // before priority 2 may take it for the Far East.
  put_front("far-east", "korea");
  put_front("central-pacific", "okinawa");
  start.naval[data().theater("far-east")] = 3;
  reserves_left(ReserveKind::JapaneseArmy, 3);
  begin(step::Reserves{1, 1});
  chance("front central-pacific");
  EXPECT_EQ(reserves_against("central-pacific"), 2);
  EXPECT_EQ(reserves_against("far-east"), 1) << "7.64.2 finds no army left";
  EXPECT_EQ(pool(ReserveKind::JapaneseArmy), 0);
  EXPECT_EQ(reserve_steps(), 1);
}

TEST_F(War, Rule_7_72_4_OnlyFrontsThatMayAttemptJapanShareItsArmies) {
  // The Central Pacific Front in Okinawa lacks the 3 naval support Japan's amphibious entry needs
  // (7.64.4 play note: it cannot attempt it); the SW Pacific Front in Kyushu can.
  put_front("central-pacific", "okinawa");
  put_front("sw-pacific", "kyushu");
  start.naval[data().theater("central-pacific")] = 2;
  begin(step::Reserves{1, 1});
  EXPECT_EQ(reserves_against("sw-pacific"), 4);
  EXPECT_EQ(reserves_against("central-pacific"), 0);
}

TEST_F(War, Rule_7_62_1_LastGermanArmyAgainstGermanyGoesByARoll) {
  put_front("western", "west-germany");
  put_front("eastern", "east-germany");
  reserves_left(ReserveKind::GermanArmy, 1);
  begin(step::Reserves{0, 1});
  chance("front western");
  EXPECT_EQ(reserves_against("western"), 1);
  EXPECT_EQ(reserves_against("eastern"), 0) << "7.62.2 finds no army left";
  EXPECT_EQ(pool(ReserveKind::GermanArmy), 0);
  EXPECT_EQ(reserve_steps(), 1) << "the Pacific step runs; no European one is left below it";
}

TEST_F(War, Rule_7_62_6_OneArmyForTwoEquidistantFrontsGoesByARoll) {
  // Training: the Western Front in the Rhineland and the Eastern in Prussia, two spaces each from
  // Germany. Two armies: priority 2 takes one for the Eastern Front; the last is rolled for.
  reserves_left(ReserveKind::GermanArmy, 2);
  begin(step::Reserves{0, 1});
  EXPECT_EQ(reserves_against("eastern"), 1);
  chance("front eastern");
  EXPECT_EQ(reserves_against("eastern"), 2);
  EXPECT_EQ(reserves_against("western"), 0);
  EXPECT_EQ(pool(ReserveKind::GermanArmy), 0);
}

TEST_F(War, Rule_7_62_6_TwoArmiesForTwoEquidistantFrontsOneEach) {
  reserves_left(ReserveKind::GermanArmy, 3);
  begin(step::Reserves{0, 1});
  EXPECT_EQ(reserves_against("eastern"), 2);
  EXPECT_EQ(reserves_against("western"), 1);
  EXPECT_EQ(s().steps.top().id, StepId::ReserveRoll) << "no roll in Europe: the Pacific's IJN roll comes next";
}

TEST_F(War, Rule_7_63_EnteringWestGermanyRemovesAGermanArmyForGood) {
  const auto w = data().front("western");  // training: Rhineland
  start.offensive[w] = 4;
  begin(step::FrontRoll{w});
  chance("roll 1");
  EXPECT_EQ(s().reserves_lost[static_cast<std::size_t>(ReserveKind::GermanArmy)], 1);
  EXPECT_EQ(s().reserves_pool[static_cast<std::size_t>(ReserveKind::GermanArmy)], 5);
}

TEST_F(War, Rule_7_65_ManchuriaDestroysTheKwangtungArmy) {
  const auto fe = data().front("far-east");  // training: Nomonhan
  start.offensive[fe] = 4;
  start.ussr_declares_war = true;
  begin(step::FrontRoll{fe});
  chance("roll 1");
  EXPECT_EQ(s().reserves_lost[static_cast<std::size_t>(ReserveKind::JapaneseArmy)], 1);
  EXPECT_EQ(where("ussr-declares-war"), "removed") << "6.22: removed once Manchuria is entered";
}

TEST_F(War, Rule_8_0_PostMortemBeginsTheNextConference) {
  start.conference = 8;
  start.offensive[data().front("western")] = 3;
  put("global-issue", "US 3");
  begin(step::PostMortem{});
  EXPECT_EQ(s().conference, 9);
  EXPECT_EQ(s().offensive[data().front("western")], 0);
  EXPECT_EQ(where("global-issue"), "display");
  EXPECT_EQ(s().steps.top().id, StepId::RevealConference);
}

TEST_F(War, Rule_8_0_TheLastConferenceEndsTheGame) {
  start.conference = 10;
  begin(step::PostMortem{});
  EXPECT_EQ(game.node_kind(s()), core::NodeKind::Terminal);
  EXPECT_NE(s().winner, kNoPower);
}

}  // namespace
}  // namespace churchill::testing
