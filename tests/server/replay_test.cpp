// GET /api/games/ID/replay (server/replay.cpp): a game after its first N actions, with the secrecy of
// issue 16: a finished game from any seat's view, a game in play only from the asking seat's.
#include "server/lobby.h"

#include "churchill/title.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const core::Titles& titles() {
  static const core::Titles t = [] {
    core::Titles all;
    all.add(churchill::make_title(CHURCHILL_TEST_DATA_DIR));
    return all;
  }();
  return t;
}

class Replay : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("churchill-replay-test-" + std::to_string(::getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }
  int status_of(const std::function<void()>& call) {
    try {
      call();
    } catch (const server::ApiError& e) {
      return e.status();
    }
    return 200;
  }
};

TEST_F(Replay, AFinishedGameIsReplayedStepByStepFromAnySeatsView) {
  server::SqliteStore store((dir / "games.db").string());
  server::Lobby lobby(titles(), store);
  const std::string id = lobby.create(json{{"seats", {{"UK", "bot:random"}, {"US", "bot:random"}, {"USSR", "bot:random"}}}})["id"];
  lobby.commit_now();
  const json end = json::parse(lobby.view(id, ""));
  ASSERT_TRUE(end["terminal"].get<bool>());

  const json last = lobby.replay(id, "", "", "");
  const std::size_t steps = last["steps"];
  EXPECT_EQ(last["step"], steps) << "no step: the end";
  EXPECT_TRUE(last["view"]["terminal"].get<bool>());
  EXPECT_EQ(last["view"]["scores"], end["scores"]) << "replaying every action reaches the game's end";

  const json start = lobby.replay(id, "", "0", "");
  EXPECT_EQ(start["step"], 0);
  EXPECT_TRUE(start["action"].is_null());
  EXPECT_FALSE(start["view"]["terminal"].get<bool>());

  const json first = lobby.replay(id, "", "1", "UK");
  EXPECT_EQ(first["seat"], "UK") << "a finished game shows any seat's view";
  EXPECT_TRUE(first["action"]["action"].is_string()) << "and names every action";
  EXPECT_TRUE(first["view"]["legal_actions"].empty()) << "a replay decides nothing";

  EXPECT_EQ(status_of([&] { lobby.replay(id, "", "x1", ""); }), 400);
  EXPECT_EQ(status_of([&] { lobby.replay(id, "", std::to_string(steps + 1), ""); }), 400);
  EXPECT_EQ(status_of([&] { lobby.replay(id, "", "1", "Germany"); }), 400);
  EXPECT_EQ(json::parse(lobby.view(id, "")), end) << "the game itself is unchanged";
}

TEST_F(Replay, AGameInPlayIsReplayedOnlyFromTheAskingSeatsViewWithoutOthersChoices) {
  server::SqliteStore store((dir / "games.db").string());
  server::Lobby lobby(titles(), store);
  const std::string id = lobby.create(json{{"seating", "public"}, {"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}})["id"];
  lobby.commit_now();
  const std::string token = lobby.claim(id, "UK", json::object());
  lobby.commit_now();
  const json now = json::parse(lobby.view(id, token));
  lobby.act(id, token, json{{"action", now["legal_actions"][0]}, {"version", now["version"]}});
  lobby.commit_now();

  EXPECT_EQ(status_of([&] { lobby.replay(id, token, "1", "US"); }), 403) << "another seat's view of a game in play";
  EXPECT_EQ(status_of([&] { lobby.replay(id, "", "1", "UK"); }), 403) << "a spectator asking for a seat's view";
  const json end = lobby.replay(id, token, "", "");
  EXPECT_EQ(end["seat"], "UK");
  bool hidden = false, own = false;
  for (std::size_t n = 1; n <= end["steps"].get<std::size_t>(); ++n) {
    const json step = lobby.replay(id, token, std::to_string(n), "");
    const std::string seat = step["action"]["seat"];
    if (seat == "UK") own |= step["action"]["action"].is_string();
    else hidden |= step["action"]["action"].is_null();
    EXPECT_EQ(seat == "UK", step["action"]["action"].is_string()) << "step " << n << " by " << seat;
  }
  EXPECT_TRUE(own && hidden) << "the UK's own action is named, the deals and bots' choices are not";
  EXPECT_EQ(lobby.replay(id, "", "", "")["seat"], nullptr) << "a spectator replays with a spectator's view";
}

}  // namespace
