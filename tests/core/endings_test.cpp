// Endings at the platform's level (core/title.h, Match::hand_over, resign, concede): who plays a seat
// changes by an event kept in the record, the record reads back with it, a replay made from the
// record shows it, and what may not be done changes nothing. Three Hills has no alliances.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/save.h"
#include "hills/title.h"

namespace {

struct Endings : ::testing::Test {
  std::unique_ptr<core::Title> title = hills::make_title();
  std::unique_ptr<core::Match> match = [this] {
    core::SaveFile record = title->new_record("standard", {}, 3, {});
    record.seed = core::Seed(11);
    return title->open(record);
  }();
  template <class F>
  std::string refusal(F&& f) {
    try {
      f();
    } catch (const core::ActionError& e) {
      return e.what();
    }
    return "done";
  }
};

TEST_F(Endings, AResignationHandsTheSeatToItsBotAndIsKeptInTheRecord) {
  const std::string red = match->seat_name(0);
  match->act(0, match->legal_actions(0).front());
  match->take_changes();
  ASSERT_TRUE(match->can_undo(0));
  match->resign(0, "bot:random");
  EXPECT_EQ(match->controller(0), "bot:random");
  EXPECT_TRUE(match->resigned(0));
  EXPECT_FALSE(match->can_undo(0)) << "no undo crosses a change of who plays a seat";
  const core::MatchRecord::Changes seen = match->take_changes();
  EXPECT_TRUE(seen.open && seen.barrier);
  ASSERT_EQ(match->record().events.size(), 1u);
  // At the orders' start: how many secret orders Red had written is its own (public_actions).
  EXPECT_EQ(match->record().events[0], (core::SeatEvent{0, red, "resign", "bot:random", ""}));
  // Refused, changing nothing: twice, a player back in a resigned seat, a controller the title lacks.
  EXPECT_NE(refusal([&] { match->resign(0, "bot:random"); }).find("bot"), std::string::npos);
  EXPECT_NE(refusal([&] { match->hand_over(0, "human", "return"); }).find("resigned"), std::string::npos);
  EXPECT_NE(refusal([&] { match->resign(1, "bot:nobody"); }).find("nobody"), std::string::npos);
  EXPECT_NE(refusal([&] { match->concede(1, true); }).find("alliances"), std::string::npos);
  EXPECT_EQ(match->record().events.size(), 1u);
  // The record reads back with its event, and the game opened from it has the bot in the seat.
  const core::SaveFile saved = core::save_from_json(core::save_to_json(match->snapshot()));
  EXPECT_EQ(saved.events, match->record().events);
  EXPECT_EQ(title->open(saved)->controller(0), "bot:random");
  // A replay shows its bot from the orders' start, where the resignation stands.
  EXPECT_EQ(match->at_task(0)()->controller(0), "bot:random");
  // The bot plays the seat to the end, as the rules give it.
  match->run_bots();
  EXPECT_FALSE(match->acting_seats() & core::seat_bit(0));
  // Once the orders are revealed, a resignation stands after the actions everyone saw, and a replay
  // shows it coming in as it plays the action before it.
  for (int i = 0; i < 100 && match->public_actions() == 0; ++i) {
    for (const core::Seat p : {1, 2})
      if (match->acting_seats() & core::seat_bit(p)) match->act(p, match->legal_actions(p).front());
    match->run_bots();
  }
  const std::size_t n = match->public_actions();
  ASSERT_GT(n, 0u);
  match->resign(1, "bot:random");
  EXPECT_EQ(match->record().events.back().at, n);
  EXPECT_EQ(match->at_task(n - 1)()->controller(1), "human");
  const auto replay = match->at_task(n - 1)();
  const core::SavedAction& last = match->actions()[n - 1];
  if (last.seat == "chance")
    replay->chance(last.action);
  else
    replay->act(*replay->seat_from_name(last.seat), last.action);
  EXPECT_EQ(replay->controller(1), "bot:random");
}

TEST_F(Endings, AStandInGivesTheSeatBackToItsPlayer) {
  match->hand_over(1, "bot:random", "stand_in");
  EXPECT_TRUE(match->is_bot(1));
  EXPECT_NE(refusal([&] { match->hand_over(1, "bot:random", "stand_in"); }).find("already"), std::string::npos);
  match->hand_over(1, "human", "return");
  EXPECT_EQ(match->controller(1), "human");
  EXPECT_FALSE(match->resigned(1));
}

TEST(SaveEvents, ABadEventIsRefusedByName) {
  core::SaveFile s;
  s.game = "hills";
  s.scenario = "standard";
  s.seats = {{"Red", "human"}};
  s.events = {{0, "Red", "stand_in", "bot:random", ""}, {3, "Red", "rematch", "", "4f0c1a2b3c4d"}};
  s.observers = false;
  s.rematch = "0a0b0c0d0e0f";
  const std::string text = core::save_to_json(s);
  EXPECT_EQ(core::save_from_json(text), s);
  nlohmann::json j = nlohmann::json::parse(text);
  EXPECT_EQ(j["observers"], false);
  for (const char* bad : {R"([{"at": 1, "seat": "Red", "event": "explode"}])", R"([{"at": -1, "seat": "Red", "event": "resign"}])",
                          R"([{"at": 2, "seat": "Red", "event": "resign"}, {"at": 1, "seat": "Red", "event": "return"}])",
                          R"([{"at": 1, "event": "resign"}])", R"({"at": 1})"}) {
    j["events"] = nlohmann::json::parse(bad);
    EXPECT_THROW(core::save_from_json(j.dump()), core::SaveError) << bad;
  }
  // The game refuses events after its actions or naming another game's seat.
  const auto title = hills::make_title();
  core::SaveFile record = title->new_record("standard", {}, 3, {});
  record.events = {{5, record.seats[0].first, "resign", "bot:random", ""}};
  EXPECT_THROW(title->open(record), core::SaveError);
  record.events = {{0, "Mauve", "resign", "bot:random", ""}};
  EXPECT_THROW(title->open(record), core::SaveError);
}

}  // namespace
