// 5.1 Agenda Segment, 4.5 ties, 5.27 and the 6.0 Decision Segment, rule by rule.
#include "table_fixture.h"

namespace churchill::testing {
namespace {

using Decision = Position;

class Agenda : public Table {
 protected:
  // Conference 8 Tolstoy C with the example of play's dice and hands.
  void open_conference() {
    chance("card 8c");
    chance("roll 4");
    chance("roll 6");
    deal({"beaverbrook", "cunningham", "portal", "pound", "attlee", "bevin", "menzies"});
    deal({"crowley", "embick", "donovan", "walker", "morgenthau", "harriman", "hopkins"});
    deal({"voznesensky", "merkulov", "budyonny", "molotov", "malenkov", "kuznetsov", "zhukov"});
  }
  // The three agenda cards make a tie that every Leader declines to break (4.51): 4.53 decides.
  void no_leader_breaks_the_tie(const char* uk, const char* us, const char* ussr) {
    open_conference();
    act("UK", std::string("agenda ") + uk);
    act("US", std::string("agenda ") + us);
    act("USSR", std::string("agenda ") + ussr);
    act("USSR", "no-tie-break");
    act("US", "no-tie-break");
    act("UK", "no-tie-break");
  }
};

TEST_F(Decision, Rule_5_12_PolMilPlacementsInOrderAndTheirLimits) {
  // Card 1a's white band: Churchill and Roosevelt each roll once to place a network (5.12 order:
  // Churchill first).
  start.conference_card = data().conference_card("1a");
  begin(step::PolMilRoll{4, 0, 1, 0, 1});  // band 4, effect 0: one roll for the first power
  // France holds a US network: it is removed and the UK's is discarded.
  chance("polmil 1-1");
  EXPECT_EQ(s().networks[data().location("france")], 0);
  EXPECT_EQ(s().alignment[data().location("france")], power("US")) << "7.2: the alignment stays";
  // Roosevelt: the Netherlands holds a UK network: removed instead.
  chance("polmil 1-2");
  EXPECT_EQ(s().networks[data().location("netherlands")], 0);
}

TEST_F(Decision, Rule_5_12_NetworksBeyondTwoAreDiscarded) {
  start.networks[data().location("poland")] = 2;  // 9.54 has a UK network in Poland; make it two
  start.conference_card = data().conference_card("1a");
  begin(step::PolMilRoll{4, 0, 1, 0, 1});  // band 4, effect 0: one roll for the first power
  chance("polmil 3-1");                    // Poland
  EXPECT_EQ(s().networks[data().location("poland")], 2);
  EXPECT_EQ(s().network_owner[data().location("poland")], power("UK"));
}

TEST_F(Agenda, Rule_5_13_UkPlusOneAndTheDifference) {
  open_conference();
  act("UK", "agenda menzies");     // 1 + 1 = 2
  act("US", "agenda crowley");     // 2
  act("USSR", "agenda merkulov");  // 1
  // A tie between the UK and the US: Stalin is offered it first (4.51), then Roosevelt.
  EXPECT_EQ(g_active(), "USSR");
  act("USSR", "no-tie-break");
  EXPECT_EQ(g_active(), "US");
  act("US", "no-tie-break");
  // Roosevelt stays home (8c) but may still break ties... he declined; Churchill next.
  act("UK", "no-tie-break");
  // 4.53: the US is in the tie and wins it; the difference to the lowest other card is 2 - 1.
  EXPECT_EQ(s().agenda_winner, power("US"));
  act("US", "select global-issue");
  EXPECT_EQ(where("global-issue"), "US 1");
  EXPECT_FALSE(legal("UK", "select global-issue")) << "5.14: issues already on the table are not available";
  EXPECT_FALSE(legal("UK", "select second-front")) << "9.52: removed in the training scenario";
}

TEST_F(Agenda, Rule_4_51_AnUninvolvedLeaderChoosesTheWinnerAndGoesInactive) {
  open_conference();
  act("UK", "agenda menzies");    // 2
  act("US", "agenda crowley");    // 2
  act("USSR", "agenda molotov");  // 5: no tie
  EXPECT_EQ(s().agenda_winner, power("USSR"));
  EXPECT_EQ(where("global-issue"), "display");
  act("USSR", "select global-issue");
  EXPECT_EQ(where("global-issue"), "USSR 3");  // 5 - 2
}

TEST_F(Agenda, Rule_4_51_StalinBreaksATieHeIsNotIn) {
  open_conference();
  act("UK", "agenda portal");      // 1 + 1 = 2
  act("US", "agenda crowley");     // 2
  act("USSR", "agenda merkulov");  // 1
  act("USSR", "tie-break");
  act("USSR", "winner UK");
  EXPECT_EQ(s().agenda_winner, power("UK"));
  EXPECT_FALSE(s().leaders[Power::USSR].active);
  EXPECT_EQ(s().hand[Power::USSR].count(), 6) << "4.5: no discard";
}

TEST_F(Agenda, Rule_4_51_ATieBreakingLeaderMakesItsParanoiaRoll) {
  // Stalin's card: "Paranoia: after each use roll 2D6"; 4.51 calls breaking a tie "use their
  // active Leader".
  open_conference();
  act("UK", "agenda portal");      // 2
  act("US", "agenda crowley");     // 2
  act("USSR", "agenda merkulov");  // 1
  act("USSR", "tie-break");
  act("USSR", "winner UK");
  chance("roll 3");  // 2-4: every USSR staff card -1 for the rest of the conference
  EXPECT_TRUE(s().paranoia);
  EXPECT_NE(log_text().find("[3.31] Stalin's Paranoia roll 3"), std::string::npos) << log_text();
  EXPECT_EQ(g_active(), "UK") << "then the agenda winner places its issue";
}

TEST_F(Agenda, Rule_4_53_TheLogNamesTheWinnerNotTheChooser) {
  no_leader_breaks_the_tie("portal", "embick", "voznesensky");  // 2, 1, 2
  act("US", "winner USSR");
  EXPECT_NE(log_text().find("[4.53] Arsenal of Democracy: the US gives the tie to USSR"), std::string::npos) << log_text();
}

TEST_F(Agenda, Rule_4_53_TheUsInTheTieWinsIt) {
  no_leader_breaks_the_tie("menzies", "crowley", "merkulov");  // 2, 2, 1
  EXPECT_NE(log_text().find("[4.53] Arsenal of Democracy: the US wins the tie"), std::string::npos) << log_text();
}

TEST_F(Agenda, Rule_5_14_ZeroDifferenceGoesToTheCentreAndPairsFollowClockwise) {
  no_leader_breaks_the_tie("portal", "embick", "voznesensky");  // 2, 1, 2
  act("US", "winner USSR");                                     // 4.53: not in the tie, the US decides
  act("USSR", "select strategic-materials");
  EXPECT_EQ(where("strategic-materials"), "USSR 1");  // 2 - 1
  EXPECT_EQ(g_active(), "US") << "pairs begin at the winner's left";
}

TEST_F(Decision, Rule_6_3_ProductionIssuesStrategicMaterialsAndTheArctic) {
  // The last card of the Meeting ends it: 5.27, then the Decision Segment runs to allocation.
  start.naval[data().theater("arctic")] = 3;
  put("us-production-1", "USSR 2");
  put("uk-production", "UK 1");  // won by its own power: no effect
  put("strategic-materials", "centre");
  put("global-issue", "centre");
  hand("UK", {"eden"});
  meeting("UK");
  act("UK", "advance eden global-issue");
  EXPECT_EQ(s().conference_winner, power("UK"));  // two issues to one
  EXPECT_EQ(s().production[Power::UK], 5);        // 4 + Strategic Materials
  EXPECT_EQ(s().production[Power::US], 6);        // 6 - 1 + 1
  EXPECT_EQ(s().production[Power::USSR], 6);      // 3 + 1 + 1 + 1 Arctic
  // 6.91: the US holds both commands in the training scenario: one support in each theater.
  EXPECT_EQ(s().support_bonus[Power::US][0], 1);
  EXPECT_EQ(s().support_bonus[Power::US][1], 1);
  EXPECT_EQ(g_active(), "USSR") << "6.0: allocation begins left of the conference winner";
}

TEST_F(Decision, Rule_6_7_AmphibiousDirectedOffensiveTakesNavalFirst) {
  // The 6.7 example: four naval in the Western box, the Directed Offensive on Normandy.
  start.front[data().front("western")] = 0;  // UK/Bolero: Normandy is the entry space
  start.naval[data().theater("western")] = 4;
  start.directed_front[Power::US] = data().front("western");
  start.production[Power::US] = 2;
  start.conference_winner = power("UK");
  begin(step::Allocation{Power::US, 2});
  EXPECT_FALSE(legal("US", "offensive western"));
  act("US", "naval western");  // to the D-Day minimum of five
  EXPECT_FALSE(legal("US", "naval western")) << "6.5: and a box never holds more than five";
  act("US", "offensive western");
  EXPECT_EQ(s().naval[data().theater("western")], 5);
  EXPECT_EQ(s().offensive[data().front("western")], 1);
}

// 6.4 and 6.9: the phase line says how much production and how many leadership bonus markers the
// allocating power has left to place, so that a player knows when the bonuses are spent.
TEST_F(Decision, Rule_6_4_ThePhaseLineCountsTheProductionAndBonusesLeft) {
  const Power us = power("US");
  start.production[us] = 2;
  start.support_bonus[us] = {1, 0, 2, 0};  // Europe 1, either theater 2
  start.conference_winner = power("UK");
  begin(step::Allocation{Power::US, 2});
  EXPECT_EQ(game.phase_text(s()), "6.4 Production Allocation: US allocates (left: production 2, bonus 3)");
  act("US", "offensive western bonus-europe");
  EXPECT_EQ(game.phase_text(s()), "6.4 Production Allocation: US allocates (left: production 2, bonus 2)");
}

TEST_F(Decision, Rule_6_10_ABombResearchAndTheSpyRing) {
  put("a-bomb-research", "USSR 3");
  start.issues[data().issue("a-bomb-research")].winner = power("USSR");
  start.a_bomb_modifier = 1;
  const int a_bomb = start.a_bomb, spy = start.spy_ring;
  begin(step::ABombRoll{});
  chance("roll 3");  // 3 + 1 = 4: advances
  EXPECT_EQ(s().a_bomb, a_bomb + 1);
  EXPECT_EQ(s().spy_ring, spy + 1) << "6.10.1: Stalin's win moves the spy ring without a roll";
}

TEST_F(Decision, Rule_6_11_GlobalIssueMovesTowardTheWinner) {
  start.global[global_issue_at(0)] = power("UK");  // Churchill-Roosevelt on Colonialism
  begin(step::GlobalIssue{Power::US});
  EXPECT_TRUE(legal("US", "global churchill-roosevelt")) << "from the opponent's advantage to his";
  EXPECT_TRUE(legal("US", "global roosevelt-stalin"));
  EXPECT_FALSE(legal("US", "global churchill-stalin")) << "not one of his two markers";
  act("US", "global churchill-roosevelt");
  EXPECT_EQ(s().global[global_issue_at(0)], power("US"));
}

TEST_F(Decision, Rule_6_92_AnyWinnerChoosesOnlyTheUsOrTheUk) {
  begin(step::TheaterLeadership{Power::USSR, 1, 0});
  EXPECT_TRUE(legal("USSR", "leadership pacific UK"));
  EXPECT_TRUE(legal("USSR", "leadership pacific US"));
  EXPECT_FALSE(legal("USSR", "leadership pacific USSR"));
}

}  // namespace
}  // namespace churchill::testing

namespace churchill::testing {
namespace {

// Runs the conference card's own rolls until the deal begins.
void to_the_deal(Session& session, const Game& game) {
  while (game.node_kind(session.state()) == core::NodeKind::Chance && session.state().steps.top().id != StepId::Deal)
    session.sample_chance();
}

TEST_F(Decision, Rule_5_13_OddConferenceShufflesAndRemovedCardsStayOut) {
  start.conference = 9;
  start.draw[Power::UK] = StaffSet::first(3);          // three cards left from an earlier conference
  start.removed[Power::UK] = card_set("UK", "pound");  // died of ill health
  begin(step::RevealConference{});
  to_the_deal(session, game);
  const StaffSet deck = StaffSet::first(21);
  EXPECT_EQ(s().draw[Power::UK], deck.without(card_set("UK", "pound")));
}

TEST_F(Decision, Rule_5_13_EvenConferenceDealsFromTheRemainingDeck) {
  start.conference = 10;
  start.draw[Power::UK] = card_set("UK", "eden") | card_set("UK", "bevin") | card_set("UK", "ismay");
  begin(step::RevealConference{});
  to_the_deal(session, game);
  EXPECT_EQ(s().draw[Power::UK], card_set("UK", "eden") | card_set("UK", "bevin") | card_set("UK", "ismay"));
}

TEST_F(Decision, Rule_4_52_ConferenceTieOfferedToLeadersFromStalin) {
  put("global-issue", "USSR 2");
  put("uk-production", "UK 3");
  hand("UK", {"cadogan"});
  meeting("UK");
  act("UK", "advance cadogan uk-production");
  // One issue each for the UK and the USSR: Stalin is offered the tie first and takes it.
  EXPECT_EQ(g_active(), "USSR");
  act("USSR", "tie-break");
  EXPECT_EQ(s().conference_winner, power("USSR"));
  EXPECT_EQ(s().conferences_won[Power::USSR], 1);
  EXPECT_FALSE(s().leaders[Power::USSR].active);
}

TEST_F(Decision, Rule_4_52_ATieBreakingLeaderMakesItsHealthRoll) {
  put("global-issue", "USSR 2");
  put("uk-production", "UK 3");
  hand("UK", {"cadogan"});
  meeting("UK");
  act("UK", "advance cadogan uk-production");
  act("USSR", "no-tie-break");
  act("US", "no-tie-break");
  act("UK", "tie-break");  // Churchill takes the tie he is in
  EXPECT_EQ(s().conference_winner, power("UK"));
  chance("roll 4");  // Churchill's health: 2-4, a heart attack
  EXPECT_TRUE(s().leaders[Power::UK].heart_attack);
}

}  // namespace
}  // namespace churchill::testing
