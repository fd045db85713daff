// Per-seat undo of secret simultaneous orders, on the demonstration game Three Hills (hills/game.h):
// three seats write interleaved secret orders, each takes back its own, and the reveal is a barrier.
#include <gtest/gtest.h>

#include "conformance.h"
#include "core/session.h"
#include "core/session_match.h"
#include "hills/game.h"
#include "tests/support/action_fields.h"

namespace {

using core::Seat;
constexpr Seat kRed = 0, kGreen = 1, kBlue = 2;

struct HillsTest : ::testing::Test {
  hills::Game game{3};
  core::Session<hills::Game> session{game, game.new_game(), 7};
  void act(Seat seat, const char* text) {
    const auto a = game.action_from_string(session.state(), seat, text);
    ASSERT_TRUE(a) << text;
    session.act(seat, *a);
  }
  int troops(Seat seat, int hill) const { return session.state().sheet[static_cast<std::size_t>(seat)][static_cast<std::size_t>(hill)]; }
};

TEST_F(HillsTest, R2_EachSeatUndoesItsOwnOrdersWhateverTheOthersDo) {
  act(kRed, "send 2 A");
  act(kGreen, "send 3 B");
  act(kBlue, "send 1 C");
  act(kRed, "send 1 B");
  act(kGreen, "erase B");
  // Red's latest entry came before Green's: Red still takes it back, Green's entry stays.
  session.undo(kRed);
  EXPECT_EQ(troops(kRed, 1), 0);
  EXPECT_EQ(troops(kRed, 0), 2);
  EXPECT_EQ(troops(kGreen, 1), 0);
  session.undo(kGreen);  // the erase is taken back: the 3 troops are on B again
  EXPECT_EQ(troops(kGreen, 1), 3);
  session.undo(kRed);
  EXPECT_EQ(troops(kRed, 0), 0);
  EXPECT_FALSE(session.can_undo(kRed));
  EXPECT_TRUE(session.can_undo(kGreen));
  EXPECT_TRUE(session.can_undo(kBlue));
  EXPECT_EQ(troops(kBlue, 2), 1);
  EXPECT_EQ(session.history().size(), 2u);  // Green's send and Blue's send remain
}

// R3: the sheets are shown when all are done; until then a seat that said "done" may take it back
// (and then its orders), whatever the others wrote since.
TEST_F(HillsTest, R3_ASeatThatIsDoneMayTakeItBackUntilTheReveal) {
  act(kRed, "send 2 A");
  act(kGreen, "send 3 B");
  act(kRed, "done");
  act(kGreen, "send 1 C");
  EXPECT_TRUE(session.can_undo(kRed));
  session.undo(kRed);  // the "done" is taken back, Green's later entry stays
  EXPECT_FALSE(session.state().done[kRed]);
  EXPECT_EQ(troops(kRed, 0), 2);
  EXPECT_EQ(troops(kGreen, 2), 1);
  session.undo(kRed);  // and then the order before it
  EXPECT_EQ(troops(kRed, 0), 0);
  EXPECT_FALSE(session.can_undo(kRed));
  EXPECT_TRUE(session.can_undo(kGreen));
  session.undo(kGreen);
  EXPECT_EQ(troops(kGreen, 2), 0);
  EXPECT_EQ(troops(kGreen, 1), 3);
}

TEST_F(HillsTest, R3_TheRevealIsABarrier) {
  act(kRed, "send 2 A");
  act(kGreen, "send 3 B");
  act(kBlue, "send 1 C");
  act(kRed, "done");
  act(kGreen, "done");
  act(kBlue, "done");  // reveals every sheet and resolves the round
  EXPECT_FALSE(session.can_undo(kRed));
  EXPECT_FALSE(session.can_undo(kGreen));
  EXPECT_FALSE(session.can_undo(kBlue));
  EXPECT_EQ(session.state().points[kRed], 1);
  EXPECT_EQ(session.state().points[kGreen], 2);
  EXPECT_EQ(session.state().points[kBlue], 3);
  EXPECT_EQ(session.state().round, 2);
}

TEST_F(HillsTest, R2_SheetsAreSecretUntilTheReveal) {
  act(kRed, "send 4 C");
  act(kGreen, "send 1 A");
  const hills::State green_sees = game.observe(session.state(), kGreen);
  EXPECT_EQ(green_sees.sheet[kRed][2], 0);
  EXPECT_EQ(green_sees.sheet[kGreen][0], 1);
  const hills::State nobody_sees = game.observe(session.state(), core::kSpectator);
  EXPECT_EQ(nobody_sees.sheet[kGreen][0], 0);
}

TEST_F(HillsTest, R4_ATieIsSettledByTheDieAmongTheTied) {
  act(kRed, "send 3 C");
  act(kGreen, "send 3 C");
  act(kBlue, "send 2 C");
  act(kRed, "done");
  act(kGreen, "done");
  act(kBlue, "done");
  ASSERT_EQ(session.node_kind(), core::NodeKind::Chance);
  const auto outcomes = session.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 0.5);
  EXPECT_EQ(game.action_to_string(session.state(), core::kChance, outcomes[1].action), "tie green");
  session.chance(*game.action_from_string(session.state(), core::kChance, "tie green"));
  EXPECT_EQ(session.state().points[kGreen], 3);
  EXPECT_EQ(session.state().points[kRed], 0);
  EXPECT_FALSE(session.can_undo(kBlue));
}

// The log as structure (the view's `log_events`): R3's sheets, R4's hills and the die, as seats and
// hill ids, which the browser words in the reader's language.
TEST_F(HillsTest, R4_TheLogCarriesEachEventAsStructure) {
  act(kRed, "send 3 C");
  act(kGreen, "send 3 C");
  act(kBlue, "send 2 A");
  for (Seat s : {kRed, kGreen, kBlue}) act(s, "done");
  session.chance(*game.action_from_string(session.state(), core::kChance, "tie green"));
  std::vector<nlohmann::json> events;
  for (const core::LogEntry& e : session.log().entries()) events.push_back(game.log_json(e));
  ASSERT_EQ(events.size(), 6u);
  EXPECT_EQ(events[0],
            (nlohmann::json{{"rule", "R3"}, {"event", "sheet_shown"}, {"seat", "red"}, {"orders", {{"A", 0}, {"B", 0}, {"C", 3}}}}));
  EXPECT_EQ(events[3],
            (nlohmann::json{{"rule", "R4"}, {"event", "hill_taken"}, {"seat", "blue"}, {"hill", "A"}, {"troops", 2}, {"points", 1}}));
  EXPECT_EQ(events[4], (nlohmann::json{{"rule", "R4"}, {"event", "hill_empty"}, {"hill", "B"}}));
  EXPECT_EQ(events[5]["event"], "tie_broken");
  EXPECT_EQ(events[5]["seat"], "green");
  EXPECT_EQ(events[5]["hill"], "C");
}

// The actions as structure (the view's `action_fields`): R2's orders by their troops and hill.
TEST_F(HillsTest, R2_EachOrderCarriesItsTroopsAndHill) {
  EXPECT_EQ(game.action_json(session.state(), kRed, hills::send(2, 4)), (nlohmann::json{{"kind", "send"}, {"troops", 4}, {"hill", "C"}}));
  EXPECT_EQ(game.action_json(session.state(), kRed, hills::erase(0)), (nlohmann::json{{"kind", "erase"}, {"hill", "A"}}));
  EXPECT_EQ(game.action_json(session.state(), kRed, hills::kDone), (nlohmann::json{{"kind", "done"}}));
  act(kRed, "send 2 B");
  EXPECT_GT(test_support::expect_fields_identify_actions(game, session.state(), kRed), 10);
}

TEST(HillsConformance, RandomGamesWithTwoAndThreeSeats) {
  for (int players : {2, 3}) {
    hills::Game game(players);
    conformance::Options o;
    o.games = test_support::kSanitized ? 50 : 200;  // under the sanitizers 200 a table took 35 s
    o.scenario = "hills/" + std::to_string(players);
    const auto stats = conformance::run(game, game.new_game(), o);
    EXPECT_GT(stats.undos, 0);
    EXPECT_GT(stats.resamples_that_differ, 0);
  }
}

}  // namespace

namespace {

// A random bot that counts the decisions it made, in the object itself: what a bot that remembers
// its plan relies on.
struct CountingBot final : core::Bot<hills::Game> {
  int* made;
  int decisions = 0;
  explicit CountingBot(int* made_counter) : made(made_counter) { ++*made; }
  core::Action choose(const hills::Game& game, const hills::State& seen, Seat seat, core::Rng& rng) override {
    ++decisions;
    return core::RandomBot<hills::Game>().choose(game, seen, seat, rng);
  }
};

// Issue 32, item 4: a match keeps one bot object per seat for the whole game (not one per decision),
// so a bot may remember its plan and plays as it would in self-play.
TEST(MatchBots, OneBotObjectPlaysEachSeatForTheWholeGame) {
  int made = 0;
  core::SaveFile record;
  record.game = "hills";
  record.scenario = "standard";
  record.players = 2;
  record.seed = core::Seed(5);
  auto game = std::make_unique<const hills::Game>(2);
  const hills::State start = game->new_game();
  record.seats = {{game->seat_name(kRed), "bot:counting"}, {game->seat_name(kGreen), "bot:counting"}};
  core::SessionMatch<hills::Game> match(std::move(game), start, record, "none",
                                        [&made](std::string_view) { return std::make_unique<CountingBot>(&made); });
  const int actions = match.run_bots();
  ASSERT_EQ(match.node_kind(), core::NodeKind::Terminal);
  EXPECT_GT(actions, 2 * 3) << "each seat decided several times";
  EXPECT_EQ(made, 2) << "one bot object for each of the two seats, kept from the first decision to the last";
}

}  // namespace
