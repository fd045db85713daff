// The lobby over a store that fails on command (item 3 of the server's hardening): a change is seen
// only once committed, a failed commit leaves the game as the store holds it, and finished games
// leave memory.
#include "server/lobby.h"

#include "churchill/title.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The SQLite store, but commit() throws while `fail` is set (a full disk, a lost lock, an I/O error).
class FailingStore : public server::Store {
 public:
  explicit FailingStore(const std::string& path) : real_(path) {}
  bool fail = false;
  int commits = 0;
  std::vector<server::StoredGame> load_unfinished() override { return real_.load_unfinished(); }
  std::optional<server::StoredGame> load(const std::string& id) override { return real_.load(id); }
  std::vector<std::string> finished_summaries(const std::string& after, std::size_t limit) override {
    return real_.finished_summaries(after, limit);
  }
  std::vector<std::string> game_ids() override { return real_.game_ids(); }
  std::vector<std::string> commit(const std::vector<server::GameWrite>& batch) override {
    if (fail) throw server::StoreError("injected failure");
    ++commits;
    return real_.commit(batch);
  }

 private:
  server::SqliteStore real_;
};

const core::Titles& titles() {
  static const core::Titles t = [] {
    core::Titles all;
    all.add(churchill::make_title(CHURCHILL_TEST_DATA_DIR));
    return all;
  }();
  return t;
}

class LobbyOverFailingStore : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("churchill-lobby-test-" + std::to_string(::getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }
  std::string path() const { return (dir / "games.db").string(); }
};

TEST_F(LobbyOverFailingStore, AFailedCommitLeavesTheGameAsStoredAndTheNextMoveIsKept) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  const std::string id = lobby.create(json{{"seating", "public"}, {"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}})["id"];
  lobby.commit_now();
  const std::string token = lobby.claim(id, "UK", json::object());
  lobby.commit_now();
  const json before = json::parse(lobby.view(id, token));

  const json chosen = {{"action", before["legal_actions"][0]}, {"version", before["version"]}};
  lobby.act(id, token, chosen);
  EXPECT_TRUE(lobby.busy(id)) << "nobody sees the change before it is committed";
  store.fail = true;
  lobby.commit_now();
  EXPECT_FALSE(lobby.busy(id));
  EXPECT_EQ(json::parse(lobby.view(id, token)), before) << "the failed change is gone from memory";

  store.fail = false;
  const json after = json::parse(lobby.act(id, token, chosen));
  lobby.commit_now();
  EXPECT_EQ(json::parse(lobby.view(id, token)), after);
  EXPECT_THROW(lobby.undo(id, token, json{{"version", before["version"]}}), server::ApiError) << "a stale undo";

  server::Lobby restarted(titles(), store);
  EXPECT_EQ(json::parse(restarted.view(id, token)), after) << "memory and store agree";
}

TEST_F(LobbyOverFailingStore, AFailedCreationLeavesNoGame) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  store.fail = true;
  const std::string id = lobby.create(json::object())["id"];
  lobby.commit_now();
  try {
    lobby.view(id, "");
    FAIL() << "the game was never stored";
  } catch (const server::ApiError& e) {
    EXPECT_EQ(e.status(), 404);
  }
  EXPECT_EQ(lobby.live(), 0u);
}

TEST_F(LobbyOverFailingStore, FinishedGamesLeaveMemoryAndAreLoadedWhenOpened) {
  FailingStore store(path());
  server::LobbyLimits limits;
  limits.finished_in_memory = 1;
  server::Lobby lobby(titles(), store, limits);
  std::vector<std::string> ids;
  for (int i = 0; i < 4; ++i) {
    ids.push_back(lobby.create(json{{"seats", {{"UK", "bot:random"}, {"US", "bot:random"}, {"USSR", "bot:random"}}}})["id"]);
    lobby.commit_now();
  }
  EXPECT_EQ(lobby.loaded(), 0u) << "finished games are in the store only";
  for (const auto& id : ids) EXPECT_TRUE(json::parse(lobby.view(id, ""))["terminal"].get<bool>());
  EXPECT_EQ(lobby.loaded(), 1u) << "at most finished_in_memory stay loaded";
}

}  // namespace
