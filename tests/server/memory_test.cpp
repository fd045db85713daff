// Bounded memory whatever clients do (issue 31, point 2): games leave memory least recently used
// first, within a count and a memory ceiling, and come back from the store when used, loaded on a
// worker charged to the address asking; a finished game is served from its views, not a whole match,
// however many watch it.
#include "tests/server/lobby_fixture.h"

namespace {

using nlohmann::json;
using test_support::FailingStore;
using test_support::Jobs;
using test_support::LobbyOverFailingStore;
using test_support::titles;

const json kHumanGame = {{"seating", "public"}, {"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}};
const json kFinishedGame = {{"seats", {{"UK", "bot:random"}, {"US", "bot:random"}, {"USSR", "bot:random"}}}};

TEST_F(LobbyOverFailingStore, GamesLeaveMemoryLeastRecentlyUsedFirstAndComeBackWhenUsed) {
  FailingStore store(path());
  server::LobbyLimits limits;
  limits.max_loaded = 2;
  server::Lobby lobby(titles(), store, limits);
  std::vector<std::pair<std::string, std::string>> games;
  for (int i = 0; i < 5; ++i) {
    const std::string id = lobby.create(kHumanGame)["id"];
    lobby.commit_now();
    games.emplace_back(id, lobby.claim(id, "UK", json::object()));
    lobby.commit_now();
  }
  EXPECT_EQ(lobby.whole(), 2u) << "max_loaded";
  EXPECT_EQ(lobby.live(), 5u) << "every game is still in play";
  for (const auto& [id, token] : games) {  // each played on: loaded again from the store when used
    const json view = json::parse(lobby.view(id, token));
    lobby.act(id, token, {{"action", view["legal_actions"][0]}, {"version", view["version"]}});
    lobby.commit_now();
    EXPECT_LE(lobby.whole(), 2u);
  }
  server::Lobby restarted(titles(), store);
  for (const auto& [id, token] : games) EXPECT_EQ(json::parse(restarted.view(id, token)), json::parse(lobby.view(id, token)));
}

TEST_F(LobbyOverFailingStore, AMemoryCeilingDropsWholeGamesThenViewsAndEveryGameStillServes) {
  FailingStore store(path());
  server::LobbyLimits limits;
  limits.max_memory = 1;  // nothing fits: every game leaves memory as soon as it is idle
  server::Lobby lobby(titles(), store, limits);
  const std::string id = lobby.create(kHumanGame)["id"];
  lobby.commit_now();
  const std::string token = lobby.claim(id, "UK", json::object());
  lobby.commit_now();
  const json view = json::parse(lobby.view(id, token));
  lobby.act(id, token, {{"action", view["legal_actions"][0]}, {"version", view["version"]}});
  lobby.commit_now();
  EXPECT_EQ(lobby.whole(), 0u);
  EXPECT_LT(lobby.memory(), 4096u) << "its entry only";
  EXPECT_GT(json::parse(lobby.view(id, token))["version"].get<int>(), view["version"].get<int>());
}

// A finished game watched by many costs its views, not a match: the match leaves memory, the views
// stay for the watchers, and a seat's view not made yet is made by loading the game again.
TEST_F(LobbyOverFailingStore, AWatchedFinishedGameIsServedFromItsViews) {
  FailingStore store(path());
  server::LobbyLimits limits;
  limits.finished_in_memory = 0;
  server::Lobby lobby(titles(), store, limits);
  Jobs jobs;
  jobs.attach(lobby);
  const std::string id = lobby.create(kFinishedGame, "10.0.0.1")["id"];
  lobby.commit_now();
  jobs.run_all(lobby);
  int pushes = 0;
  const server::Lobby::Asking asking(lobby, "10.0.0.9");
  try {
    lobby.subscribe(id, "", [&] { ++pushes; });
    FAIL() << "a finished game not in memory is loaded first";
  } catch (const server::NotReady&) {}
  ASSERT_EQ(jobs.queue.size(), 1u);
  EXPECT_EQ(jobs.queue.front().lane, server::Lane::Load);
  EXPECT_EQ(jobs.queue.front().owner, "10.0.0.9") << "charged to the address asking";
  std::string spectator;
  lobby.when_ready(id, [&] {  // 60 spectators come in as a server's WebSockets would
    for (int i = 0; i < 60; ++i) lobby.subscribe(id, "", [&] { ++pushes; });
    spectator = lobby.view(id, "");
    EXPECT_EQ(lobby.whole(), 1u) << "whole while its view is made";
  });
  jobs.run_all(lobby);
  EXPECT_TRUE(json::parse(spectator)["terminal"].get<bool>());
  EXPECT_EQ(lobby.whole(), 0u) << "then only its views";
  EXPECT_EQ(&lobby.view(id, ""), &lobby.view(id, "")) << "one view shared by every watcher";
  EXPECT_EQ(lobby.view(id, ""), spectator);
  EXPECT_LT(lobby.memory(), spectator.size() + 8192);
  EXPECT_TRUE(jobs.queue.empty()) << "served without loading it again";
}

}  // namespace
