// The rulebook's Illustrated Example of Play: the training scenario's first conference, 8 Tolstoy C,
// with the printed card plays and dice, asserting the printed positions and results.
#include "table_fixture.h"

namespace churchill::testing {
namespace {

class ExampleOfPlay : public Table {
 protected:
  void agenda() {
    chance("card 8c");
    chance("roll 4");  // Northern Flank: "he rolls a 4, so the convoy is sunk by U-boats"
    chance("roll 6");  // Partisan Dispute: "the six-sided die roll is a 6, so nothing of note occurs"
    deal({"beaverbrook", "cunningham", "portal", "pound", "attlee", "bevin", "menzies"});
    deal({"crowley", "embick", "donovan", "walker", "morgenthau", "harriman", "hopkins"});
    deal({"voznesensky", "merkulov", "budyonny", "molotov", "malenkov", "kuznetsov", "zhukov"});
    act("UK", "agenda beaverbrook");
    act("USSR", "agenda voznesensky");
    act("US", "agenda crowley");
    act("UK", "select pol-mil-2-2");
    act("USSR", "select us-production-1");
    act("USSR", "select pol-mil-1-3");
    act("US", "select ussr-directed-offensive");
    act("US", "select ussr-declares-war");
    act("UK", "select europe-leadership");
    act("UK", "select global-issue");
  }

  void meeting() {
    act("USSR", "advance merkulov pol-mil-1-3");
    EXPECT_EQ(where("pol-mil-1-3"), "USSR 2");  // 1 + 1 on Pol-Mil
    act("US", "no-debate");
    act("UK", "no-debate");
    act("US", "advance embick ussr-directed-offensive");
    EXPECT_EQ(where("ussr-directed-offensive"), "US 3");  // 1 + 2 Directed Offensive
    act("UK", "no-debate");
    act("USSR", "debate budyonny");  // 5 + 1 Nyet - 2 Stalin active = 4
    chance("roll 3");                // Merkulov's purge: "the die roll is 3 - not a 1"
    EXPECT_EQ(where("ussr-directed-offensive"), "USSR 1");
    act("UK", "advance cunningham europe-leadership");
    EXPECT_EQ(where("europe-leadership"), "UK 4");  // 2 + 2 European Leadership
    act("USSR", "no-debate");
    act("US", "no-debate");
    act("USSR", "pass");  // earned by debating
    act("US", "advance donovan pol-mil-1-3");
    EXPECT_EQ(where("pol-mil-1-3"), "US 3");  // five spaces from the USSR 2 space
    act("UK", "no-debate");
    act("USSR", "no-debate");
    act("UK", "advance portal pol-mil-1-3");
    EXPECT_EQ(where("pol-mil-1-3"), "centre");  // 1 + 2 on the US track
    act("USSR", "no-debate");
    act("US", "debate-leader discard walker");    // Roosevelt stays home but may debate
    chance("roll 8");                             // Roosevelt's health roll: survives
    EXPECT_EQ(where("pol-mil-1-3"), "US chair");  // captured by debate
    act("USSR", "advance molotov global-issue");
    EXPECT_EQ(where("global-issue"), "USSR 6");  // 5 + 1 Global Issue
    act("US", "no-debate");
    act("UK", "debate-leader discard pound");
    chance("roll 9");                          // Churchill's health roll: no heart attack
    EXPECT_EQ(where("global-issue"), "UK 1");  // back seven spaces
    act("US", "pass");
    act("UK", "pass");
    act("USSR", "leader pol-mil-2-2 discard malenkov");
    EXPECT_FALSE(legal("US", "no-debate")) << "no active Leader is left to debate Stalin";
    chance("roll 7");                           // Paranoia: passes
    EXPECT_EQ(where("pol-mil-2-2"), "USSR 5");  // seven spaces from the UK 2 space
    act("US", "advance morgenthau global-issue");
    EXPECT_EQ(where("global-issue"), "US 4");  // 4 + 1 Global Issue
    act("UK", "no-debate");
    act("USSR", "debate kuznetsov");  // 4 + 1 Nyet; a naval support to the Arctic
    EXPECT_EQ(where("global-issue"), "USSR 1");
    act("UK", "advance attlee global-issue");
    EXPECT_EQ(where("global-issue"), "UK 4");  // 5: Churchill is inactive, no penalty
    act("USSR", "debate-chief zhukov");
    chance("roll 3");  // 3 + 1 Nyet = 4
    EXPECT_EQ(where("global-issue"), "centre");
    act("US", "advance harriman ussr-directed-offensive");
    EXPECT_EQ(where("ussr-directed-offensive"), "US 4");  // 4 + 1 on the USSR track
    act("UK", "no-debate");
    act("UK", "advance bevin pol-mil-2-2");
    EXPECT_EQ(where("pol-mil-2-2"), "USSR 1");  // 5 - 1 on the USSR track
    act("US", "no-debate");
    act("US", "advance hopkins global-issue");
    EXPECT_EQ(where("global-issue"), "US 5");
    act("UK", "no-debate");
    act("UK", "advance menzies us-production-1");
    EXPECT_EQ(where("us-production-1"), "UK 1");
  }

  // The Decision Segment and the placements of the War Phase, as printed.
  void decision() {
    act("US", "directed ussr-directed-offensive far-east");  // Manchuria
    EXPECT_EQ(s().production[Power::UK], 5);                 // 4 + the US Production issue
    EXPECT_EQ(s().production[Power::US], 5);                 // 6 - 1
    EXPECT_EQ(s().production[Power::USSR], 3);               // no convoy
    // The UK: the CBI mandate first, then five on the Western Front and one in the Mediterranean.
    EXPECT_FALSE(legal("UK", "offensive western")) << "6.4: the card's mandate comes first";
    act("UK", "offensive cbi");
    for (int i = 0; i < 4; ++i) act("UK", "offensive western");
    act("UK", "offensive western bonus-europe");
    act("UK", "offensive mediterranean bonus-europe");
    // The USSR: two for its Directed Offensive in the Far East, then one on the Eastern Front.
    EXPECT_FALSE(legal("USSR", "offensive eastern")) << "6.7: the Directed Offensive comes first";
    act("USSR", "offensive far-east");
    act("USSR", "offensive far-east");
    act("USSR", "offensive eastern");
    // The US: Pol-Mil 1/3, then offensive and naval support, with one bonus per command.
    EXPECT_FALSE(legal("US", "offensive western bonus-pacific")) << "6.91: a command's bonus stays in its theater";
    act("US", "activate pol-mil-1-3");
    act("US", "offensive western");
    act("US", "offensive western");
    act("US", "offensive central-pacific");
    act("US", "naval sw-pacific");
    act("US", "offensive eastern bonus-europe");
    act("US", "offensive sw-pacific bonus-pacific");
    auto offensive = [&](const char* f) { return s().offensive[data().front(f)]; };
    EXPECT_EQ(offensive("western"), 7);
    EXPECT_EQ(offensive("eastern"), 2);
    EXPECT_EQ(offensive("mediterranean"), 1);
    EXPECT_EQ(offensive("cbi"), 1);
    EXPECT_EQ(offensive("far-east"), 2);
    EXPECT_EQ(offensive("central-pacific"), 1);
    EXPECT_EQ(offensive("sw-pacific"), 1);
    EXPECT_EQ(s().naval[data().theater("sw-pacific")], 3);
    EXPECT_EQ(s().networks_gained[Power::US], 3);  // Pol-Mil 1/3
    EXPECT_EQ(s().alignment_gained[Power::US], 1);
    act("UK", "leadership europe UK");        // 6.92: the UK won the European Leadership issue
    act("US", "global churchill-roosevelt");  // "Roosevelt's view holding sway with Self Determination"
    EXPECT_EQ(s().theater_leader[0], Power::UK);
    EXPECT_EQ(s().global[global_issue_at(0)], power("US"));
    // 7.1: the US has 1 + 3 networks, the USSR 1 + 2 (ruling 3), the UK 1: the US places first.
    EXPECT_EQ(phase_text(game, s()), "7.1 Clandestine Networks: US places 4");
    act("US", "network denmark");
    act("US", "network malaya");
    act("US", "remove-network austria");
    act("US", "network austria");
    act("USSR", "remove-network austria");
    act("USSR", "network austria");
    act("USSR", "network hungary");  // the second network of Stalin's card
    act("UK", "remove-network malaya");
    // 7.3: one Political Alignment marker each for the UK and the US: the US orders the tie (ruling 4).
    act("US", "first UK");
    EXPECT_FALSE(legal("UK", "align poland")) << "6.11: neutral Churchill-Stalin, Poland is on the Eastern track";
    act("UK", "align greece");
    act("US", "align denmark");
    EXPECT_EQ(s().alignment[data().location("greece")], power("UK"));
    EXPECT_EQ(s().alignment[data().location("denmark")], power("US"));
    EXPECT_EQ(s().networks[data().location("austria")], 1);
    EXPECT_EQ(s().network_owner[data().location("austria")], power("USSR"));
    EXPECT_EQ(s().networks[data().location("malaya")], 0);
  }
};

TEST_F(ExampleOfPlay, ConferenceCardAndAgenda) {
  agenda();
  EXPECT_EQ(data().conference_cards[s().conference_card].id, "8c");
  EXPECT_TRUE(s().leaders[Power::US].stays_home);         // Roosevelt stays in Washington
  EXPECT_EQ(s().naval[data().theater("sw-pacific")], 2);  // the IJN sortie costs a naval support
  EXPECT_EQ(s().reserves_on_front[data().front("sw-pacific")][static_cast<std::size_t>(ReserveKind::JapaneseArmy)], 1);
  EXPECT_EQ(s().production_delta[Power::USSR], 0);  // the convoy was sunk
  EXPECT_EQ(s().agenda_winner, power("UK"));
  EXPECT_EQ(where("pol-mil-2-2"), "UK 2");  // 3 + 1 Imperial Staff against 2
  EXPECT_EQ(where("ussr-declares-war"), "centre");
  EXPECT_EQ(phase_text(game, s()), "5.2 Meeting: USSR to advance an issue");
}

TEST_F(ExampleOfPlay, MeetingAsPrinted) {
  agenda();
  meeting();
  // "The Americans have won the conference ... by controlling the Global issue, Pol-Mil 1/3, and a
  // USSR Directed Offensive." The printed "one issue apiece" undercounts the UK, which keeps both
  // European Leadership and US Production, as the example's own later text says.
  EXPECT_EQ(s().conference_winner, power("US"));
  EXPECT_EQ(s().issues[data().issue("global-issue")].winner, power("US"));
  EXPECT_EQ(s().issues[data().issue("pol-mil-2-2")].winner, power("USSR"));
  EXPECT_EQ(s().issues[data().issue("europe-leadership")].winner, power("UK"));
  EXPECT_TRUE(s().ussr_declares_war);                 // ended in the centre (6.22)
  EXPECT_EQ(s().naval[data().theater("arctic")], 2);  // Kuznetsov
  EXPECT_EQ(s().alignment_gained[Power::UK], 1);      // Churchill on the Global Issue
  // The card beats the example: Stalin on a Pol-Mil issue gives 2 networks, not 1 (ruling 3).
  EXPECT_EQ(s().networks_gained[Power::USSR], 2);
}

TEST_F(ExampleOfPlay, DecisionSegmentAsPrinted) {
  agenda();
  meeting();
  decision();
}

TEST_F(ExampleOfPlay, MilitarySegmentAsPrinted) {
  agenda();
  meeting();
  decision();
  // "strong German reserves (50%) to the Eastern Front, while the remaining movements were to the
  // Western Front (33%) and Italy (16%)": priorities 2 and 6 (the Rhineland and Prussia are both
  // two spaces from Germany: one army each) leave three armies for priority 8's rolls.
  EXPECT_EQ(reserves_against("eastern"), 2);
  EXPECT_EQ(reserves_against("western"), 1);
  chance("roll 3");  // Eastern
  chance("roll 1");  // Western
  chance("roll 5");  // Mediterranean
  EXPECT_EQ(reserves_against("eastern"), 3);
  EXPECT_EQ(reserves_against("western"), 2);
  EXPECT_EQ(reserves_against("mediterranean"), 1);
  // "the IJN sortied to oppose the invasion of the Philippines with the Japanese army sending
  // strong forces (50%) to oppose the Soviets, Central Pacific (25%) and the SW Pacific (25%)":
  // two against the Far East (priority 2); the card's army in the SW Pacific meets priority 3; the
  // card's IJN is the one at sea, so priority 4 sends none, and it takes the 7.64.5 roll: "the
  // Japanese navy sortied and was eliminated at Leyte Gulf after causing the loss of one Allied
  // naval support".
  EXPECT_EQ(reserves_against("far-east"), 2);
  EXPECT_EQ(reserves_against("sw-pacific"), 1);
  chance("roll 2");  // Leyte Gulf: eliminated
  EXPECT_EQ(s().reserves_lost[static_cast<std::size_t>(ReserveKind::Ijn)], 1);
  EXPECT_EQ(s().naval[data().theater("sw-pacific")], 3) << "one naval support lost in all: the card's";
  chance("roll 1");  // the last army: Central Pacific
  EXPECT_EQ(reserves_against("central-pacific"), 1);
  EXPECT_NE(log_text().find("[7.64.5] Battle of the Philippine Sea and Leyte Gulf roll 2: the IJN is eliminated"), std::string::npos);
  // "The well-resourced Western Front advanced into West Germany, but failed to make a
  // breakthrough. The attacks Northern Italy and East Germany stalled. In the Pacific, the SW
  // Pacific failed to complete the capture of the Philippines ... his forces in the Far East failed
  // to advance ... the CBI and the Central Pacific surprisingly advanced into Burma and Iwo Jima."
  const auto position = [&](const char* front) {
    const auto f = data().front(front);
    return s().front[f] < 0 ? std::string("box") : data().spaces[data().fronts[f].track[static_cast<std::size_t>(s().front[f])].space].id;
  };
  chance("roll 5");  // Western, strength 12: advances; 5 + 2 < 10, no breakthrough
  // The Eastern Front, at strength 0 (2 + 4 offensive - 6 for three armies), makes no roll.
  chance("roll 7");  // Mediterranean, strength 2
  chance("roll 3");  // CBI, strength 4
  chance("roll 9");  // Far East, strength 2
  chance("roll 2");  // Central Pacific, strength 2
  chance("roll 8");  // SW Pacific, strength 2
  EXPECT_EQ(position("western"), "west-germany");
  EXPECT_EQ(position("eastern"), "prussia");
  EXPECT_EQ(position("mediterranean"), "central-italy");
  EXPECT_EQ(position("cbi"), "burma");
  EXPECT_EQ(position("far-east"), "nomonhan");
  EXPECT_EQ(position("central-pacific"), "iwo-jima");
  EXPECT_EQ(position("sw-pacific"), "vogelkop-new-guinea");
  // "As I sit here ... I see that the next conference is in Yalta."
  EXPECT_EQ(s().conference, 9);
  EXPECT_EQ(phase_text(game, s()), "5.11 Conference 9: the card is revealed");
}

}  // namespace
}  // namespace churchill::testing
