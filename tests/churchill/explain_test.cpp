// Why a decision offers so few options (issue 16, churchill/explain.h): each case with the rule that
// left the other options out, read from the rules' own legal actions.
#include "churchill/explain.h"

#include "table_fixture.h"

namespace churchill::testing {
namespace {

class FewOptions : public Position {
 protected:
  std::optional<OptionsWhy> why(const char* seat) const {
    const core::Seat p = static_cast<core::Seat>(*power_from_name(seat));
    return why_few_options(game, game.observe(s(), p), p);
  }
  std::vector<std::string> legal_texts(const char* seat) const {
    const core::Seat p = static_cast<core::Seat>(*power_from_name(seat));
    std::vector<std::string> out;
    for (core::Action a : session.legal_actions(p)) out.push_back(game.action_to_string(s(), p, a));
    return out;
  }
  std::size_t index(const char* p) const { return static_cast<std::size_t>(power(p)); }
  // The reason given to `seat`, expected to be `key` under `rule` (empty when there is none).
  OptionsWhy expect_why(const char* seat, const std::string& key, const std::string& rule) const {
    const auto w = why(seat);
    EXPECT_TRUE(w) << "no reason given to " << seat;
    if (!w) return {};
    EXPECT_EQ(w->key, key);
    EXPECT_EQ(w->rule, rule);
    return *w;
  }
  void no_markers() {
    start.networks.fill(0);
    start.network_owner.fill(kNoPower);
    start.alignment.fill(kNoPower);
  }
  void only_others_networks() {  // every location holds one US network
    for (LocationId l : data().locations.ids()) {
      start.networks[l] = 1;
      start.network_owner[l] = power("US");
    }
  }
};

// 4.22: play goes on until every staff card is used; with no issue left to advance a card is discarded.
TEST_F(FewOptions, Rule4_22_WithNoIssueLeftOnTheTableEachCardCanOnlyBeDiscarded) {
  hand("UK", {"cunningham", "eden"});
  hand("US", {"crowley"});
  meeting("UK");
  const auto w = why("UK");
  ASSERT_TRUE(w) << "legal: " << legal_texts("UK").size();
  EXPECT_EQ(w->key, "why.no_issue_on_table");
  EXPECT_EQ(w->rule, "4.22");
  EXPECT_EQ(w->text, "only discards: no issue is left on the table to advance, and play goes on until every staff card is used (4.22)");
  for (const std::string& a : legal_texts("UK")) EXPECT_EQ(a.rfind("discard ", 0), 0u) << a;
  EXPECT_FALSE(why("US")) << "a seat that may not act is told nothing";
}

// 5.26 play note: a Leader the conference card keeps at home may debate but not advance.
TEST_F(FewOptions, Rule5_26_ALeaderKeptHomeByTheConferenceCardOffersNoLeaderAdvance) {
  hand("UK", {"cunningham", "eden"});
  put("europe-leadership", "centre");
  start.leaders[Power::UK].stays_home = true;
  meeting("UK");
  const auto w = why("UK");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.leader_stays_home");
  EXPECT_EQ(w->rule, "5.26");
  EXPECT_NE(w->text.find("keeps Sir Winston Churchill at home"), std::string::npos) << w->text;
  for (const std::string& a : legal_texts("UK")) EXPECT_NE(a.rfind("leader ", 0), 0u) << a;
}

// 5.26: "A player may only use his Leader once per conference. Once used, move him to the inactive position."
TEST_F(FewOptions, Rule5_26_AnInactiveLeaderOffersNoLeaderAdvance) {
  hand("UK", {"cunningham", "eden"});
  put("europe-leadership", "centre");
  start.leaders[Power::UK].active = false;
  meeting("UK");
  const auto w = why("UK");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.leader_inactive");
  EXPECT_EQ(w->args, (std::vector<std::pair<std::string, std::string>>{{"leader", "Sir Winston Churchill"}}));
}

TEST_F(FewOptions, Rule5_26_WithTheLeaderActiveAMeetingTurnNeedsNoExplanation) {
  hand("UK", {"cunningham"});
  put("europe-leadership", "centre");
  meeting("UK");
  ASSERT_TRUE(legal("UK", "leader europe-leadership discard cunningham"));
  EXPECT_FALSE(why("UK"));
}

// 5.22, 5.26: the last staff card, one issue on the table and no Leader to use: one way to play.
TEST_F(FewOptions, Rule5_22_TheLastCardOnTheOnlyIssueWithNoLeaderIsTheOnlyAdvance) {
  hand("UK", {"cunningham"});
  put("europe-leadership", "centre");
  start.leaders[Power::UK].active = false;
  meeting("UK");
  ASSERT_EQ(legal_texts("UK"), std::vector<std::string>{"advance cunningham europe-leadership"});
  const auto w = why("UK");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.last_card_one_issue");
  EXPECT_EQ(w->rule, "5.22, 5.26");
}

// 5.25: "A player must commit to playing his Chief of Staff card before determining his value".
TEST_F(FewOptions, Rule5_25_ALastCardThatIsTheChiefOfStaffIsCommittedBeforeHisRoll) {
  hand("UK", {"brooke"});
  put("europe-leadership", "centre");
  put("pacific-leadership", "US 2");
  start.leaders[Power::UK].active = false;
  meeting("UK");
  const auto w = why("UK");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.chief_committed");
  EXPECT_EQ(w->rule, "5.25");
}

// 6.4: production is "allocated first to ... 1. Allocations mandated by the current conference card
// (see 6.6) 2. Directed Offensives".
TEST_F(FewOptions, Rule6_4_ProductionGoesFirstToTheConferenceCardsMandate) {
  start.mandates[0] = Mandate{power("UK"), ProductionUse::Naval, data().theater("arctic"), 1};
  start.mandate_count = 1;
  start.production[Power::UK] = 3;
  begin(step::Allocation{Power::UK, 0});
  ASSERT_EQ(g_active(), "UK");
  const auto w = why("UK");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.production_mandate");
  EXPECT_EQ(w->rule, "6.4, 6.6");
}

TEST_F(FewOptions, Rule6_4_ProductionGoesToTheDirectedOffensiveBeforeAnyFreeChoice) {
  start.directed_front[Power::UK] = data().front("mediterranean");
  start.production[Power::UK] = 3;
  begin(step::Allocation{Power::UK, 0});
  const auto w = why("UK");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.production_directed");
  EXPECT_EQ(w->rule, "6.4, 6.7");
}

TEST_F(FewOptions, Rule6_4_FreeProductionNeedsNoExplanation) {
  start.production[Power::UK] = 3;
  begin(step::Allocation{Power::UK, 0});
  ASSERT_EQ(g_active(), "UK");
  EXPECT_FALSE(why("UK"));
}

// 5.24: "If an issue was advanced by a Leader card, the issue can only be debated by another Leader card."
TEST_F(FewOptions, Rule5_24_AnAdvanceWithALeaderIsDebatedOnlyWithALeader) {
  hand("UK", {"cunningham", "eden"});
  hand("USSR", {"molotov", "vyshinsky"});
  put("europe-leadership", "centre");
  meeting("UK");
  act("UK", "leader europe-leadership discard cunningham");
  ASSERT_EQ(g_active(), "USSR");
  const auto w = why("USSR");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.leader_advance");
  EXPECT_EQ(w->rule, "5.24");
  EXPECT_NE(w->text.find("UK advanced with its Leader"), std::string::npos) << w->text;
  for (const std::string& a : legal_texts("USSR")) EXPECT_TRUE(a == "no-debate" || a.rfind("debate-leader ", 0) == 0) << a;
}

// 5.13: each player plays a staff card face down; with one card left it is the only choice.
TEST_F(FewOptions, Rule5_13_TheLastStaffCardInHandIsTheOnlyAgendaCard) {
  hand("UK", {"cunningham"});
  hand("US", {"crowley", "hopkins"});
  hand("USSR", {"molotov"});
  begin(step::AgendaPlay{});
  const auto w = why("UK");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.one_card_left");
  EXPECT_EQ(w->rule, "5.13");
  EXPECT_EQ(w->args, (std::vector<std::pair<std::string, std::string>>{{"action", "agenda cunningham"}}));
  EXPECT_FALSE(why("US")) << "two cards: a real choice";
}

// 5.14: the players place issues from the issue display; the last one left is the only choice.
TEST_F(FewOptions, Rule5_14_TheLastIssueOnTheDisplayIsTheOnlyOneToPlace) {
  for (IssueState& is : start.issues) is.where = IssueWhere::Removed;
  start.issues[data().issue("a-bomb-research")].where = IssueWhere::Display;
  begin(step::AgendaPairs{Power::US, 0, 2});
  const auto w = why("US");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.one_issue_left");
  EXPECT_EQ(w->rule, "5.14");
}

// 6.11: a player moves a Global Issue marker of his not already at his position.
TEST_F(FewOptions, Rule6_11_OnlyOneGlobalIssueMarkerIsLeftToMove) {
  start.global[global_issue_at(0)] = power("UK");  // Churchill-Roosevelt at the UK's position
  begin(step::GlobalIssue{Power::UK});
  const auto w = why("UK");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.one_global_marker");
  EXPECT_EQ(w->rule, "6.11");
  EXPECT_EQ(legal_texts("UK"), std::vector<std::string>{"global churchill-stalin"});
}

// 7.11, 7.12: a network goes where there is none or where the player's own stands alone; elsewhere
// he may remove another's, one for one, or leave it unplaced.
TEST_F(FewOptions, Rule7_12_WhereEveryLocationHoldsAnotherPowersNetworkOnlyRemovalsAreOffered) {
  only_others_networks();
  start.to_place[Power::UK] = 1;
  begin(step::PlaceNetworks{Power::UK, 0});
  ASSERT_EQ(g_active(), "UK");
  const auto w = why("UK");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.no_network_place");
  EXPECT_EQ(w->rule, "7.12");
  EXPECT_TRUE(legal("UK", "decline"));
}

TEST_F(FewOptions, Rule7_11_OneFreeLocationIsTheOnlyPlaceForANetwork) {
  only_others_networks();
  for (LocationId l : data().locations.ids()) start.network_owner[l] = power("UK");
  for (LocationId l : data().locations.ids()) start.networks[l] = 2;  // the UK's own, full
  start.networks[data().location("france")] = 1;
  start.to_place[Power::UK] = 1;
  begin(step::PlaceNetworks{Power::UK, 0});
  const auto w = why("UK");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->key, "why.one_location");
  EXPECT_EQ(w->rule, "7.11");
  EXPECT_NE(w->text.find("france"), std::string::npos) << w->text;
}

// 7.3, 7.31: more Political Alignment markers than locations that take one: the rest are lost
// (or remove another's marker, 7.32), and the screen says so.
TEST_F(FewOptions, Rule7_3_MoreAlignmentMarkersThanLocationsSaysTheRestAreLost) {
  no_markers();
  for (const char* l : {"greece", "yugoslavia"}) {  // not colonies nor connected to a Front (6.11)
    start.networks[data().location(l)] = 1;
    start.network_owner[data().location(l)] = power("UK");
  }
  start.to_place[Power::UK] = 5;
  begin(step::PlaceAlignment{Power::UK, 0});
  ASSERT_EQ(g_active(), "UK");
  const OptionsWhy w = expect_why("UK", "why.fewer_alignment_places", "7.3, 7.31, 7.32");
  EXPECT_NE(w.text.find("5 Political Alignment marker(s) to place but only 2 location(s)"), std::string::npos) << w.text;
}

// 7.4: with fewer than three naval support in the Arctic, Norway and Finland are left out, and the
// screen says why.
TEST_F(FewOptions, Rule7_4_NorwayAndFinlandLeftOutWithoutThreeArcticNaval) {
  no_markers();
  start.naval[data().theater("arctic")] = 2;
  start.to_place[Power::UK] = 1;
  begin(step::PlaceNetworks{Power::UK, 0});
  const OptionsWhy w = expect_why("UK", "why.arctic_closed", "7.4");
  EXPECT_NE(w.text.find("Norway"), std::string::npos) << w.text;
  EXPECT_NE(w.text.find("Finland"), std::string::npos) << w.text;
  start.naval[data().theater("arctic")] = 3;
  begin(step::PlaceNetworks{Power::UK, 0});
  EXPECT_FALSE(why("UK")) << "three naval support open the Arctic's locations";
}

// 4.53: a Leader offered the tie break is told what happens if every Leader declines.
TEST_F(FewOptions, Rule4_53_TheTieOfferSaysWhatHappensIfNoLeaderBreaksIt) {
  const auto bits = [&](std::initializer_list<const char*> ps) {
    PowerSet b;
    for (const char* p : ps) b.set(power(p));
    return b;
  };
  begin(step::TieBreakOffer{Power::USSR, 0, bits({"UK", "US"}), 0});
  ASSERT_EQ(g_active(), "USSR");
  expect_why("USSR", "why.tie_us_wins_otherwise", "4.53");
  begin(step::TieBreakOffer{Power::USSR, 0, bits({"UK", "USSR"}), 0});
  EXPECT_EQ(expect_why("USSR", "why.tie_us_gives_otherwise", "4.53").text,
            "if no Leader breaks the tie, the US gives it to one of the tied powers (Arsenal of Democracy) (4.53)");
}

}  // namespace
}  // namespace churchill::testing
