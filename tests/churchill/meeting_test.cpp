// 5.2 Meeting Segment and 4.22, rule by rule.
#include "table_fixture.h"

namespace churchill::testing {
namespace {

using Meeting = Position;

TEST_F(Meeting, Rule_5_22_AdvanceAlongAnotherTrackFirstToTheCentre) {
  // 5.22 example 2: the UK Production issue on the Soviet 2 space, a 4-value play: UK 2.
  hand("UK", {"lyttelton", "eden"});  // Lyttelton 3, +1 on production issues
  hand("USSR", {"molotov"});
  hand("US", {"crowley"});
  put("uk-production", "USSR 2");
  meeting("UK");
  act("UK", "advance lyttelton uk-production");
  EXPECT_EQ(where("uk-production"), "UK 2");
}

TEST_F(Meeting, Rule_5_22_ConditionalIssueMayStopInTheCentre) {
  hand("UK", {"bevin"});
  hand("USSR", {"molotov"});
  put("second-front", "USSR 2");
  meeting("UK");
  EXPECT_TRUE(legal("UK", "advance bevin second-front stop"));
  EXPECT_FALSE(legal("UK", "advance bevin uk-production stop")) << "only conditional issues";
  act("UK", "advance bevin second-front stop");
  EXPECT_EQ(where("second-front"), "centre");
}

// The UK advances the Second Front (a conditional issue) from `at` with Bevin (5); Stalin debates
// with his Chief of Staff, whose die rolls `roll` (+1 Nyet).
class ChiefDebate : public Meeting {
 protected:
  void debate(const char* at, int roll) {
    hand("UK", {"bevin", "eden"});
    hand("US", {"harriman"});
    hand("USSR", {"zhukov", "molotov"});
    put("second-front", at);
    meeting("UK");
    act("UK", "advance bevin second-front");
    act("USSR", "debate-chief zhukov");
    chance("roll " + std::to_string(roll));
  }
};

TEST_F(ChiefDebate, Rule_5_22_AChiefOfStaffDebatingAConditionalIssueMayStopInTheCentre) {
  // "the player advancing/debating ... may optionally end movement in the center": a Chief of
  // Staff's debate too, once his die has given his value (5.25).
  debate("US 2", 3);  // Bevin: through the centre to UK 3; Zhukov 3 + 1 = 4, one beyond the centre
  EXPECT_TRUE(legal("USSR", "chief-debate"));
  act("USSR", "chief-debate stop");
  EXPECT_EQ(where("second-front"), "centre");
}

TEST_F(ChiefDebate, Rule_5_22_AChiefOfStaffDebateThatCannotReachTheCentreHasNoChoice) {
  debate("centre", 1);  // Bevin: UK 5; Zhukov 1 + 1 = 2: UK 3, short of the centre
  EXPECT_EQ(where("second-front"), "UK 3");
  EXPECT_EQ(g_active(), "USSR") << "the turn passes to the UK's left";
}

TEST_F(Meeting, Rule_5_22_HopkinsMayBePlayedBelowFullValue) {
  hand("US", {"hopkins", "crowley"});
  hand("UK", {"eden"});
  put("global-issue", "centre");
  meeting("US");
  EXPECT_TRUE(legal("US", "advance hopkins global-issue value 2"));
  EXPECT_FALSE(legal("US", "advance crowley global-issue value 1")) << "3.33: never below full value";
  act("US", "advance hopkins global-issue value 2");
  EXPECT_EQ(where("global-issue"), "US 2");
}

TEST_F(Meeting, Rule_5_23_CaptureIsDebatedBeforeTheMove) {
  // 5.23 example: US 5 space, a US 4 against a USSR 2 + 1 Nyet: one space toward Roosevelt.
  hand("US", {"harriman", "crowley"});
  hand("USSR", {"voznesensky", "molotov"});
  hand("UK", {"eden"});
  put("ussr-directed-offensive", "US 5");
  meeting("US");
  act("US", "advance crowley ussr-directed-offensive");  // 2: would reach the chair
  EXPECT_EQ(where("ussr-directed-offensive"), "US 5") << "not moved before the debate";
  act("UK", "no-debate");
  act("USSR", "debate voznesensky");  // 2 + 1 Nyet = 3 > 2: one space back toward the centre
  EXPECT_EQ(where("ussr-directed-offensive"), "US 4");
}

TEST_F(Meeting, Rule_5_23_UndebatedCaptureTakesTheIssue) {
  hand("US", {"harriman"});
  hand("UK", {"eden"});
  hand("USSR", {"molotov"});
  put("ussr-directed-offensive", "US 5");
  meeting("US");
  act("US", "advance harriman ussr-directed-offensive");
  act("UK", "no-debate");
  act("USSR", "no-debate");
  EXPECT_EQ(where("ussr-directed-offensive"), "US chair");
  EXPECT_FALSE(legal("UK", "advance eden ussr-directed-offensive")) << "a captured issue is out of play";
}

TEST_F(Meeting, Rule_5_24_OneDebateOnlyFromTheLeft) {
  hand("UK", {"eden", "bevin"});
  hand("USSR", {"molotov", "budyonny"});
  hand("US", {"harriman"});
  put("global-issue", "centre");
  meeting("UK");
  act("UK", "advance eden global-issue");  // 4 + 1 Global
  EXPECT_EQ(g_active(), "USSR") << "the player to the advancer's left debates first";
  act("USSR", "debate molotov");  // 5 + 1 + 1 Nyet = 7 from UK 5
  EXPECT_EQ(where("global-issue"), "USSR 2");
  EXPECT_EQ(g_active(), "USSR") << "no counter-debate: the turn passes on";
}

TEST_F(Meeting, Rule_5_24_LeaderAdvanceIsDebatedOnlyByALeader) {
  hand("UK", {"eden", "bevin"});
  hand("USSR", {"molotov", "budyonny"});
  hand("US", {"harriman"});
  put("global-issue", "centre");
  meeting("UK");
  act("UK", "leader global-issue discard bevin");
  EXPECT_FALSE(legal("USSR", "debate molotov"));
  EXPECT_TRUE(legal("USSR", "debate-leader discard molotov"));
}

TEST_F(Meeting, Rule_5_24_StalinOnABombResearchCannotBeDebated) {
  hand("USSR", {"molotov", "budyonny"});
  hand("US", {"harriman", "crowley"});
  hand("UK", {"eden"});
  put("a-bomb-research", "centre");
  meeting("USSR");
  act("USSR", "leader a-bomb-research discard budyonny");
  chance("roll 7");  // Paranoia passes
  EXPECT_EQ(where("a-bomb-research"), "USSR chair");
  EXPECT_EQ(g_active(), "US") << "nobody was offered a debate";
}

TEST_F(Meeting, Rule_5_24_ParanoiaThenNyet) {
  // Play note: a 1-value card under Paranoia is worth 2 in debate.
  start.paranoia = true;
  hand("UK", {"eden", "bevin"});
  hand("USSR", {"merkulov"});
  hand("US", {"harriman"});
  put("uk-production", "centre");
  meeting("UK");
  act("UK", "advance bevin uk-production");  // 5
  act("USSR", "debate merkulov");            // max(1, 1 - 1) + 1 Nyet = 2
  EXPECT_EQ(where("uk-production"), "UK 3");
}

TEST_F(Meeting, Rule_5_25_ChiefOfStaffCommitsBeforeTheRollChoosesAfter) {
  hand("UK", {"brooke", "eden"});
  hand("USSR", {"molotov"});
  hand("US", {"harriman"});
  put("global-issue", "centre");
  put("uk-production", "centre");
  meeting("UK");
  EXPECT_FALSE(legal("UK", "advance brooke global-issue")) << "the issue is chosen after the roll";
  act("UK", "chief brooke");
  chance("roll 5");
  act("UK", "chief-advance uk-production");
  EXPECT_EQ(where("uk-production"), "UK 5");
}

TEST_F(Meeting, Rule_5_26_StaysHomeLeaderMayDebateNotAdvance) {
  start.leaders[Power::US].stays_home = true;  // Roosevelt stays in Washington
  hand("US", {"harriman", "crowley"});
  hand("UK", {"eden"});
  hand("USSR", {"molotov"});
  put("global-issue", "centre");
  meeting("US");
  EXPECT_FALSE(legal("US", "leader global-issue discard crowley"));
  act("US", "advance harriman global-issue");
  act("UK", "no-debate");
  act("USSR", "no-debate");
  act("UK", "advance eden global-issue");
  act("USSR", "no-debate");
  EXPECT_TRUE(legal("US", "debate-leader discard crowley"));
}

TEST_F(Meeting, Rule_5_26_LeaderOncePerConference) {
  hand("UK", {"eden", "bevin", "cadogan"});
  hand("USSR", {"molotov"});
  hand("US", {"harriman"});
  put("global-issue", "centre");
  put("uk-production", "centre");
  meeting("UK");
  act("UK", "leader uk-production discard bevin");
  act("USSR", "no-debate");
  act("US", "no-debate");
  chance("roll 9");  // Churchill's health
  EXPECT_FALSE(s().leaders[Power::UK].active);
  act("USSR", "advance molotov global-issue");
  act("US", "no-debate");
  EXPECT_FALSE(legal("UK", "debate-leader discard eden"));
}

TEST_F(Meeting, Rule_4_22_PassIsEarnedByDebatingAndNotSaved) {
  hand("UK", {"eden", "bevin", "cadogan"});
  hand("USSR", {"molotov", "budyonny", "kuznetsov"});
  hand("US", {"harriman", "crowley", "hopkins"});
  put("global-issue", "centre");
  put("uk-production", "centre");
  meeting("UK");
  EXPECT_FALSE(legal("UK", "pass"));
  act("UK", "advance bevin uk-production");
  act("USSR", "debate budyonny");
  EXPECT_TRUE(legal("USSR", "pass"));
  act("USSR", "advance molotov global-issue");  // not passing: the option is gone
  act("US", "no-debate");
  act("UK", "no-debate");
  act("US", "advance harriman global-issue");
  act("UK", "no-debate");
  act("USSR", "no-debate");
  act("UK", "advance eden global-issue");
  act("USSR", "no-debate");
  act("US", "no-debate");
  EXPECT_FALSE(legal("USSR", "pass"));
}

TEST_F(Meeting, Merkulov_PurgeRemovesTheNextSovietCardOnAOne) {
  hand("USSR", {"merkulov", "molotov", "kuznetsov"});
  hand("UK", {"eden", "bevin"});
  hand("US", {"harriman", "crowley"});
  put("pol-mil-2-2", "centre");
  put("global-issue", "centre");
  meeting("USSR");
  act("USSR", "advance merkulov pol-mil-2-2");
  act("US", "no-debate");
  act("UK", "no-debate");
  act("US", "advance harriman global-issue");
  act("UK", "no-debate");
  act("USSR", "debate molotov");
  chance("roll 1");  // the purge falls on Molotov
  EXPECT_TRUE((s().removed[Power::USSR] & card_set("USSR", "molotov")).any()) << log_text();
}

// 5.26: Stalin advances with his Leader, discarding `purger` (Merkulov or Beria); Molotov then
// debates the US.
class DiscardedPurger : public Meeting {
 protected:
  void discard_then_play(const char* purger) {
    hand("USSR", {purger, "molotov", "kuznetsov"});
    hand("UK", {"eden", "bevin"});
    hand("US", {"harriman", "crowley"});
    put("pol-mil-2-2", "centre");
    put("global-issue", "centre");
    meeting("USSR");
    act("USSR", std::string("leader pol-mil-2-2 discard ") + purger);
    act("US", "no-debate");
    act("UK", "no-debate");
    chance("roll 7");  // Stalin's Paranoia: passes
    act("US", "advance harriman global-issue");
    act("UK", "no-debate");
    act("USSR", "debate molotov");
  }
};

TEST_F(DiscardedPurger, Rule_5_26_ADiscardedMerkulovDoesNotPurge) {
  // "Attributes, bonuses, or penalties from the discarded staff card are not implemented."
  discard_then_play("merkulov");
  EXPECT_NE(game.node_kind(s()), core::NodeKind::Chance) << "no purge roll for Molotov";
  EXPECT_EQ(g_active(), "UK");
}

TEST_F(DiscardedPurger, Rule_5_26_ADiscardedBeriaDoesNotPurge) {
  discard_then_play("beria");
  EXPECT_NE(game.node_kind(s()), core::NodeKind::Chance) << "no purge roll for Molotov";
}

TEST_F(Meeting, Roosevelt_DiesAndTrumanTakesHisPlace) {
  hand("US", {"harriman", "crowley"});
  hand("UK", {"eden"});
  hand("USSR", {"molotov"});
  put("global-issue", "centre");
  meeting("US");
  act("US", "leader global-issue discard crowley");
  act("UK", "no-debate");
  act("USSR", "no-debate");
  chance("roll 3");  // 2-3: Roosevelt dies
  EXPECT_EQ(data().leaders[s().leaders[Power::US].card].id, "truman");
}

// Roosevelt advances the Global Issue from `at` (his health roll passes).
class RooseveltAttribute : public Meeting {
 protected:
  void roosevelt_from(const char* at) {
    hand("US", {"harriman", "crowley"});
    hand("UK", {"eden"});
    hand("USSR", {"molotov"});
    put("global-issue", at);
    meeting("US");
    act("US", "leader global-issue discard crowley");
    act("UK", "no-debate");
    act("USSR", "no-debate");
    chance("roll 8");
  }
  int alignments() const { return s().alignment_gained[Power::US]; }
};

TEST_F(RooseveltAttribute, Rule_5_26_RooseveltsAttributeReadsWhereTheIssueStoodWhenPlayed) {
  // Roosevelt: "gain a Political Alignment marker if played for the Global Issue on the UK or USSR
  // track". Played with the issue on UK 2, it ends on US 5: the attribute counts.
  roosevelt_from("UK 2");
  EXPECT_EQ(where("global-issue"), "US 5");
  EXPECT_EQ(alignments(), 1);
}

TEST_F(RooseveltAttribute, Rule_5_26_RooseveltsAttributeNeedsTheIssueOnAnotherTrack) {
  roosevelt_from("centre");
  EXPECT_EQ(alignments(), 0) << "played from the centre";
}

// Glossary: "references to Roosevelt on conference and staff cards do not also apply to Truman".
class AfterRoosevelt : public Meeting {
 protected:
  void truman(bool active) {
    start.leaders[Power::US].card = data().leader("truman");
    start.leaders[Power::US].active = active;
  }
  void advance(const char* card) {
    hand("US", {card, "crowley"});
    hand("UK", {"eden"});
    hand("USSR", {"molotov"});
    put("global-issue", "centre");
    meeting("US");
    act("US", std::string("advance ") + card + " global-issue");
  }
};

TEST_F(AfterRoosevelt, Glossary_MacArthursPenaltyIsRooseveltsNotTrumans) {
  truman(true);
  advance("macarthur");  // "-2 to value if Roosevelt is active": Truman is active, Roosevelt gone
  EXPECT_EQ(where("global-issue"), "US 5");
}

TEST_F(AfterRoosevelt, Glossary_MacArthursPenaltyWhileRooseveltIsActive) {
  advance("macarthur");
  EXPECT_EQ(where("global-issue"), "US 3");
}

TEST_F(AfterRoosevelt, Glossary_WalkersBonusNeedsRooseveltInactiveNotTruman) {
  truman(false);
  advance("walker");  // "+2 to value if Roosevelt is inactive": Truman's inactivity does not count
  EXPECT_EQ(where("global-issue"), "US 2");
}

TEST_F(AfterRoosevelt, Glossary_WalkersBonusWhileRooseveltIsInactive) {
  start.leaders[Power::US].active = false;
  advance("walker");
  EXPECT_EQ(where("global-issue"), "US 4");
}

TEST_F(AfterRoosevelt, Glossary_RooseveltStaysInWashingtonDoesNotBindTruman) {
  // 8C's blue band, "Cannot use Roosevelt during this conference to advance an issue".
  truman(true);
  begin(step::RevealConference{});
  chance("card 8c");
  chance("roll 4");  // the red band's convoy roll; the blue band follows
  EXPECT_FALSE(s().leaders[Power::US].stays_home);
  EXPECT_NE(log_text().find("[5.26] the card names Franklin D. Roosevelt; Harry S. Truman leads the US: it does not apply"),
            std::string::npos)
      << log_text();
}

TEST_F(AfterRoosevelt, Glossary_RooseveltStaysInWashington) {
  begin(step::RevealConference{});
  chance("card 8c");
  chance("roll 4");
  EXPECT_TRUE(s().leaders[Power::US].stays_home);
}

TEST_F(Meeting, Churchill_HeartAttackMakesHimInactiveNextConference) {
  hand("UK", {"eden", "bevin"});
  hand("USSR", {"molotov"});
  hand("US", {"harriman"});
  put("global-issue", "centre");
  meeting("UK");
  act("UK", "leader global-issue discard bevin");
  act("USSR", "no-debate");
  act("US", "no-debate");
  chance("roll 4");  // 2-4: heart attack
  EXPECT_TRUE(s().leaders[Power::UK].heart_attack);
  EXPECT_EQ(s().alignment_gained[Power::UK], 1) << "Churchill on the Global Issue";
}

TEST_F(Meeting, StaffHealthRollRemovesTheCardFromTheGame) {
  hand("UK", {"pound", "eden"});
  hand("USSR", {"molotov"});
  hand("US", {"harriman"});
  put("uk-production", "centre");
  meeting("UK");
  act("UK", "advance pound uk-production");
  act("USSR", "no-debate");
  act("US", "no-debate");
  chance("roll 2");
  EXPECT_TRUE((s().removed[Power::UK] & card_set("UK", "pound")).any()) << log_text();
}

}  // namespace
}  // namespace churchill::testing
