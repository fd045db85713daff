// What the views show a player (issue 16): what each Meeting action does, the move waiting for a
// debate, and at the end the 4.4 case with each 9.4 line.
#include <algorithm>
#include <set>

#include "churchill/bots.h"
#include "churchill/rules.h"
#include "core/session_match.h"
#include "table_fixture.h"
#include "tests/support/action_fields.h"
#include "tests/support/play_until.h"

namespace churchill::testing {
namespace {

// Cunningham (2, +2 on Europe Leadership) for the UK, with cards for the others to debate with.
class View : public Position {
 protected:
  void cunningham_meeting(const std::string& europe_leadership_at) {
    hand("UK", {"cunningham", "eden"});
    hand("US", {"crowley", "hopkins"});
    hand("USSR", {"molotov"});
    put("europe-leadership", europe_leadership_at);
    meeting("UK");
  }
};

nlohmann::json seen_by(const Game& game, const State& s, const char* seat) {
  const core::Seat p = static_cast<core::Seat>(*power_from_name(seat));
  return view_json(game, game.observe(s, p), p);
}

// English rulebook, Illustrated Example of Play: "Admiral Cunningham ... move the issue to my 4 space
// (2 value plus 2 Europe leadership attribute)".
TEST_F(View, Issue16_AnAdvanceSaysItsValueWithItsAttributeAndWhereTheIssueGoes) {
  cunningham_meeting("centre");
  const nlohmann::json notes = seen_by(game, s(), "UK")["action_notes"];
  EXPECT_EQ(notes["advance cunningham europe-leadership"], "value 2+2 = 4: centre → UK 4 if not debated") << notes.dump(1);
  EXPECT_TRUE(seen_by(game, s(), "US")["action_notes"].empty()) << "another seat's choices are not noted";
  EXPECT_EQ(where("europe-leadership"), "centre") << "the notes leave the game as it was";
}

TEST_F(View, Issue16_TheAdvanceWaitingForADebateIsShown) {
  cunningham_meeting("centre");
  EXPECT_TRUE(seen_by(game, s(), "US")["pending"].is_null()) << "nothing is pending before the advance";
  act("UK", "advance cunningham europe-leadership");
  ASSERT_NE(phase_text(game, s()).find("may debate the UK's advance of"), std::string::npos) << phase_text(game, s());
  for (const char* seat : {"UK", "US", "USSR"}) {
    const nlohmann::json pending = seen_by(game, s(), seat)["pending"];
    ASSERT_FALSE(pending.is_null()) << seat;
    EXPECT_EQ(pending["power"], "UK");
    EXPECT_EQ(pending["card"], "cunningham");
    EXPECT_EQ(pending["value"], 4);
    EXPECT_TRUE(pending["from"].is_null()) << "5.22: the advance has moved the issue already";
    EXPECT_EQ(pending["to"], "UK 4");
    EXPECT_EQ(pending["capture"], false);
  }
  EXPECT_EQ(where("europe-leadership"), "UK 4");
}

// 5.23: an advance that would capture its issue waits for the debate before it moves.
TEST_F(View, Issue16_ACapturePendingADebateShowsWhereTheIssueWaitsAndWhereItWouldGo) {
  cunningham_meeting("UK 4");
  act("UK", "advance cunningham europe-leadership");
  const nlohmann::json pending = seen_by(game, s(), "US")["pending"];
  ASSERT_FALSE(pending.is_null());
  EXPECT_EQ(pending["capture"], true);
  EXPECT_EQ(pending["from"], "UK 4");
  EXPECT_EQ(pending["to"], "UK chair");
  EXPECT_EQ(where("europe-leadership"), "UK 4");
}

TEST_F(View, Issue16_TheBoardTextKeepsToEightyColumns) {
  hand("UK", {"cunningham", "eden", "dill", "alexander", "bevin", "portal", "attlee"});
  meeting("UK");
  std::istringstream lines(board_text(game, game.observe(s(), 0), 0));
  for (std::string line; std::getline(lines, line);) {
    std::size_t columns = 0;
    for (unsigned char ch : line) columns += (ch & 0xc0) != 0x80;
    EXPECT_LE(columns, 80u) << line;
  }
}

// 5.24: a debate is made with a staff card (a Leader's too discards one): when no other power holds a
// card, an advance says where its issue goes without "if not debated".
TEST_F(View, Rule_5_24_NoIfNotDebatedWhenNobodyHoldsACardToDebate) {
  hand("UK", {"cunningham", "eden"});
  put("europe-leadership", "centre");
  meeting("UK");
  const nlohmann::json notes = seen_by(game, s(), "UK")["action_notes"];
  EXPECT_EQ(notes["advance cunningham europe-leadership"], "value 2+2 = 4: centre → UK 4") << notes.dump(1);
}

// 3.27, 5.26, 6.11: the terminal board names the state of each Leader ("inactive", the rulebook's
// word, after a use, a heart attack or the conference card), says what "7c" means, names each Global
// Issue marker, and tells the two US Production issues apart by their numbers.
TEST_F(View, Rule_5_26_TheBoardNamesInactiveLeadersGlobalIssuesAndIssueNumbers) {
  hand("UK", {"cunningham", "eden"});
  start.leaders[Power::US].active = false;
  put("us-production-2", "centre");
  meeting("UK");
  const std::string text = board_text(game, game.observe(s(), 0), 0);
  EXPECT_NE(text.find("US Roosevelt (inactive) 0c"), std::string::npos) << text;
  EXPECT_NE(text.find("(c: cards in hand)"), std::string::npos) << text;
  EXPECT_NE(text.find("Global Issues: Churchill-Roosevelt: "), std::string::npos) << text;
  EXPECT_NE(text.find("Roosevelt-Stalin: "), std::string::npos) << text;
  EXPECT_NE(text.find("US Production 2"), std::string::npos) << text;
  core::LogEntry e;
  e.rule = "5.11";
  e.event = static_cast<std::uint16_t>(rules::Event::IssueToTable);
  e.args = {index(data().issue("us-production-1")), 0, 0, 0};
  EXPECT_EQ(game.describe(e), "[5.11] US Production 1 is placed on the table");
}

// 5.2: every choice of every Meeting menu that does something (an advance, a Leader's advance or
// debate, a debate, a Chief of Staff committed (5.25) or his issue chosen) says what it does, in
// the view the terminal and the web list it from; only passing, declining to debate and a card
// spent with no issue left on the table (which move nothing) have no note. At every Meeting
// decision of random training games, every choice of the seat to move.
TEST(ViewNotes, Rule_5_2_EveryMeetingChoiceThatDoesSomethingSaysWhat) {
  const Game g(data());
  std::set<std::string> kinds;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    State s = g.new_game(*data().scenario("training"));
    core::Rng chance(seed), choices(seed + 100);
    const auto random = test_support::random_choice(g, choices);
    test_support::play_to_end(g, s, chance, [&](const State& at, core::Seat seat) {
      const StepId step = at.steps.top().id;
      if (step == StepId::MeetingTurn || step == StepId::DebateOffer || step == StepId::ChiefIssue) {
        const State seen = g.observe(at, seat);
        const nlohmann::json view = view_json(g, seen, seat);
        core::ActionList legal;
        g.legal_actions(seen, seat, legal);
        for (core::Action action : legal) {
          const std::string a = g.action_to_string(seen, seat, action), kind = a.substr(0, a.find(' '));
          kinds.insert(kind);
          if (kind == "pass" || kind == "no-debate" || kind == "discard") continue;
          EXPECT_TRUE(view["action_notes"].contains(a)) << a << " (seed " << seed << ", " << phase_text(g, at) << ")";
          EXPECT_TRUE(view["action_note_messages"].contains(a)) << a;
        }
      }
      return random(at, seat);
    });
  }
  for (const char* kind : {"advance", "leader", "chief", "chief-advance", "debate", "debate-leader", "debate-chief", "pass", "no-debate"})
    EXPECT_TRUE(kinds.count(kind)) << "no Meeting menu offered " << kind;
}

// The actions as structure (the view's `action_fields`): a Meeting's advance names its card and its
// issue; a debate names the issue of the advance it debates (5.24), so the board marks that issue.
TEST_F(View, Rule_5_24_ADebateNamesTheIssueItDebates) {
  cunningham_meeting("centre");
  // The view as a client gets it (the platform's fields with the title's).
  const auto seen_by = [&](const Game&, const State&, const char* seat) {
    return core::seat_view(game, session, core::SaveFile{}, static_cast<core::Seat>(*power_from_name(seat)), 5);
  };
  const nlohmann::json uk = seen_by(game, s(), "UK");
  EXPECT_EQ(uk["action_fields"]["advance cunningham europe-leadership"],
            (nlohmann::json{{"kind", "advance"}, {"card", "cunningham"}, {"issue", "europe-leadership"}}));
  EXPECT_EQ(uk["action_fields"].size(), uk["legal_actions"].size());
  act("UK", "advance cunningham europe-leadership");
  const std::string debater = g_active().substr(0, g_active().find(' '));
  const nlohmann::json other = seen_by(game, s(), debater.c_str());
  ASSERT_GT(other["legal_actions"].size(), 1u) << debater << " may debate or not";
  for (const auto& a : other["legal_actions"]) EXPECT_EQ(other["action_fields"][a.get<std::string>()]["issue"], "europe-leadership") << a;
  EXPECT_EQ(other["action_fields"]["no-debate"], (nlohmann::json{{"kind", "no-debate"}, {"issue", "europe-leadership"}}));
  EXPECT_EQ(other["places"]["europe-leadership"], (nlohmann::json{{"where", "track"}, {"power", "UK"}, {"space", 4}}));
}

// Every decision of random games: each action's fields give its kind and tell it from the others.
TEST(ActionFields, EveryDecisionOfRandomGamesHasFieldsThatTellItsActionsApart) {
  const Game g(data());
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    State s = g.new_game(*data().scenario("training"));
    core::Rng chance(seed), choices(seed + 7);
    const auto random = test_support::random_choice(g, choices);
    test_support::play_to_end(g, s, chance, [&](const State& at, core::Seat seat) {
      checked += test_support::expect_fields_identify_actions(g, g.observe(at, seat), seat);
      return random(at, seat);
    });
  }
  EXPECT_GT(checked, 1000);
}

// The log as structure (the view's `log_events`, churchill/log_json.cpp): each entry's rule, event
// and arguments as data ids, so that a client reads no English.
TEST(LogEvents, Rule_5_21_APlayCarriesItsPowerCardIssueAndValueAsIds) {
  const Game g(data());
  const int uk = static_cast<int>(Power::UK);
  const auto& deck = data().staff[power_at(uk)];
  const auto portal = std::find_if(deck.begin(), deck.end(), [](const auto& c) { return c.id == "portal"; }) - deck.begin();
  const int issue = index(data().issue("second-front"));
  const auto played = [&](int card) {
    return g.log_json({"5.21", static_cast<core::Seat>(uk), static_cast<std::uint16_t>(rules::Event::Played), {uk, card, issue, 4}});
  };
  EXPECT_EQ(played(static_cast<int>(portal)),
            (nlohmann::json{
                {"rule", "5.21"}, {"event", "played"}, {"power", "UK"}, {"card", "portal"}, {"issue", "second-front"}, {"value", 4}}));
  EXPECT_EQ(played(-1)["card"], "leader");
  const nlohmann::json purge = g.log_json({"5.11", core::kChance, static_cast<std::uint16_t>(rules::Event::Purge), {0, 3, 1, 0}});
  EXPECT_EQ(purge["card"], data().staff[Power::USSR][staff_at(0)].id);
  EXPECT_EQ(purge["arrested"], true);
  EXPECT_TRUE(g.log_json({"x", core::kChance, 999, {}})["event"].is_null());
}

// Every entry of random games has an event and its arguments; an id is missing only where the
// rules log "none" (a card's naval support has no power, a Pol-Mil cell no placement...). The view
// sends one event beside each worded line.
TEST(LogEvents, EveryEntryOfRandomGamesHasItsEventAndIds) {
  const Game g(data());
  std::set<std::string> events;
  const std::set<std::string> may_be_none{"power", "theater", "front", "for", "track"};
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    churchill::Session session(g, g.new_game(*data().scenario("training")), seed);
    core::Rng choices(seed + 50);
    const auto random = test_support::random_choice(g, choices);
    while (session.node_kind() != core::NodeKind::Terminal) {
      if (session.node_kind() == core::NodeKind::Chance)
        session.sample_chance();
      else {
        const core::Seat seat = test_support::lowest_seat(g.acting_seats(session.state()));
        session.act(seat, random(session.state(), seat));
      }
    }
    for (const core::LogEntry& e : session.log().entries()) {
      const nlohmann::json j = g.log_json(e);
      ASSERT_TRUE(j["event"].is_string()) << g.describe(e);
      EXPECT_EQ(j["rule"], e.rule);
      events.insert(j["event"]);
      for (const auto& [name, value] : j.items())
        EXPECT_TRUE(!value.is_null() || may_be_none.count(name)) << name << " of " << j.dump() << ": " << g.describe(e);
    }
    const nlohmann::json view = core::seat_view(g, session, core::SaveFile{}, core::Seat{0}, 40);
    ASSERT_EQ(view["log_events"].size(), view["log"].size());
    EXPECT_EQ(view["log_events"].back(), g.log_json(session.log().entries().back()));
  }
  for (const char* e : {"conference_card", "played", "issue_won", "end_of_conference", "front_rolled", "game_won"})
    EXPECT_TRUE(events.count(e)) << "no " << e << " in three games";
}

}  // namespace
}  // namespace churchill::testing
