// The lobby over a store that fails on command (item 3 of the server's hardening): a change is seen
// only once committed, a failed commit leaves the game as the store holds it, and finished games
// leave memory. And the replay of a game, step by step.
#include <deque>
#include <functional>
#include <set>

#include "tests/server/lobby_fixture.h"

namespace {

using nlohmann::json;
using test_support::FailingStore;
using test_support::LobbyOverFailingStore;
using test_support::status_of;
using test_support::titles;

TEST_F(LobbyOverFailingStore, AFailedCommitLeavesTheGameAsStoredAndTheNextMoveIsKept) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  const auto [id, token] = game_with_uk_claimed(lobby);
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

// A commit whose answer was lost (docs/server.md, "Idempotency keys"): the game is read again as
// stored, and the action sent again with its key is answered with the view, not made twice.
TEST_F(LobbyOverFailingStore, ACommitOfUnknownOutcomeIsReadAgainAndItsKeyMakesItOnce) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  const auto [id, token] = game_with_uk_claimed(lobby);
  const json before = json::parse(lobby.view(id, token));
  const json chosen = {{"action", before["legal_actions"][0]}, {"version", before["version"]}};
  const json made = json::parse(lobby.act(id, token, chosen, "", "k1"));
  store.lose_answer = true;
  lobby.commit_now();
  store.lose_answer = false;
  EXPECT_EQ(json::parse(lobby.view(id, token)), made) << "read again: the change was stored";
  const std::size_t stored = store.load(id)->record.actions.size();
  EXPECT_EQ(json::parse(lobby.act(id, token, chosen, "", "k1")), made) << "the retry is answered with the view";
  EXPECT_EQ(lobby.staged(), 0u) << "and changes nothing";
  EXPECT_EQ(store.load(id)->record.actions.size(), stored);
  try {
    lobby.act(id, token, chosen);
    FAIL() << "sent again without its key, on the old version";
  } catch (const server::ApiError& e) {
    EXPECT_EQ(e.status(), 409);
  }
  try {
    lobby.undo(id, token, json{{"version", made["version"]}}, "k1");
    FAIL() << "the key of another request";
  } catch (const server::ApiError& e) {
    EXPECT_EQ(e.code(), "key_reused");
  }
  server::Lobby restarted(titles(), store);
  EXPECT_EQ(json::parse(restarted.act(id, token, chosen, "", "k1")), made) << "the key is stored with the game";
  EXPECT_EQ(restarted.staged(), 0u);
}

// Every change a seat asks for -- an action, an undo, a resignation, an agreement to concede -- keeps
// its Idempotency-Key with the change (Lobby::changed): sent again with the key it is answered with the
// seat's view and made no second time; the key sent with another request is refused and changes nothing.
TEST_F(LobbyOverFailingStore, EveryChangeOfASeatKeepsItsKeyAndIsMadeOnce) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  const auto once = [&](const std::string& id, const std::function<std::string()>& send) {
    const std::string made = send();
    lobby.commit_now();
    const std::size_t stored = store.load(id)->record.actions.size();
    const auto events = store.load(id)->record.events;
    EXPECT_EQ(send(), made) << "the retry is answered with the seat's view";
    EXPECT_EQ(lobby.staged(), 0u) << "and changes nothing";
    EXPECT_EQ(store.load(id)->record.actions.size(), stored);
    EXPECT_EQ(store.load(id)->record.events, events);
    return json::parse(made);
  };
  const auto reused = [&](const std::function<void()>& send) {
    try {
      send();
      ADD_FAILURE() << "the key of another request was taken";
    } catch (const server::ApiError& e) {
      EXPECT_EQ(e.code(), "key_reused");
    }
    EXPECT_EQ(lobby.staged(), 0u);
  };
  // Churchill: UK plays its agenda card (5.1, face down while the US chooses: it may take it back),
  // takes it back, resigns.
  const std::string id = lobby.create(json{{"seating", "public"}, {"seats", {{"USSR", "bot:rulebook"}}}})["id"];
  lobby.commit_now();
  const std::string uk = lobby.claim(id, "UK", json::object());
  lobby.commit_now();
  json v = json::parse(lobby.view(id, uk));
  json chosen = {{"action", v["legal_actions"][0]}, {"version", v["version"]}};
  v = once(id, [&] { return lobby.act(id, uk, chosen, "", "act-1"); });
  ASSERT_TRUE(v["can_undo"].get<bool>()) << v["phase"];
  reused([&] { lobby.undo(id, uk, json{{"version", v["version"]}}, "act-1"); });
  const json undone = once(id, [&] { return lobby.undo(id, uk, json{{"version", v["version"]}}, "undo-1"); });
  EXPECT_EQ(undone["can_undo"], false);
  reused([&] { lobby.resign(id, uk, json::object(), "undo-1"); });
  v = once(id, [&] { return lobby.resign(id, uk, json::object(), "resign-1"); });
  EXPECT_EQ(v["seats"]["UK"], "bot:rulebook");
  EXPECT_EQ(v["events"].size(), 1u) << "resigned once";
  // War Room: the Axis's only human seat agrees to concede, which ends the game.
  const std::string war = lobby.create(json{{"title", "warroom"},
                                            {"scenario", "eastern-front"},
                                            {"players", 2u},
                                            {"seating", "public"},
                                            {"seats", {{"USSR", "bot:rules"}}}})["id"];
  lobby.commit_now();
  const std::string ger = lobby.claim(war, "GER", json::object());
  lobby.commit_now();
  reused([&] {
    const json w = json::parse(lobby.view(war, ger));
    lobby.act(war, ger, json{{"action", w["legal_actions"][0]}, {"version", w["version"]}}, "", "concede-1");
    lobby.commit_now();
    lobby.concede(war, ger, json{{"agree", true}}, "concede-1");
  });
  v = once(war, [&] { return lobby.concede(war, ger, json{{"agree", true}}, "concede-2"); });
  EXPECT_EQ(v["terminal"], true);
  EXPECT_EQ(v["events"].size(), 2u) << "agreed and conceded, once";
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
  EXPECT_LE(lobby.loaded(), 1u) << "finished games are in the store only, but for finished_in_memory";
  for (const auto& id : ids) EXPECT_TRUE(json::parse(lobby.view(id, ""))["terminal"].get<bool>());
  EXPECT_EQ(lobby.loaded(), 1u) << "at most finished_in_memory stay loaded";
}

// --threads-per-search (docs/server.md): a new game's searches use the server's count, and the game
// keeps it, so that a server started again with another count plays and replays its games as before.
TEST_F(LobbyOverFailingStore, ANewGameKeepsTheServersSearchThreads) {
  FailingStore store(path());
  server::LobbyLimits limits;
  limits.threads_per_search = 2;
  std::string id;
  {
    server::Lobby lobby(titles(), store, limits);
    id = lobby.create(json{{"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}})["id"];
    lobby.commit_now();
  }
  ASSERT_TRUE(store.load(id));
  EXPECT_EQ(store.load(id)->record.search_threads, 2);
  limits.threads_per_search = 3;
  server::Lobby again(titles(), store, limits);
  const std::string later = again.create(json{{"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}})["id"];
  again.commit_now();
  EXPECT_EQ(store.load(id)->record.search_threads, 2) << "restored, the game keeps its count";
  EXPECT_EQ(store.load(later)->record.search_threads, 3);
  EXPECT_NO_THROW(again.view(id, "")) << "restored and served";
}

// GET /api/games/ID/replay (server/replay.cpp): a game after its first N actions, with the secrecy of
// issue 16: a finished game from any seat's view, a game in play only from the asking seat's.
class Replay : public LobbyOverFailingStore {
 protected:
  // The replay's answer (made at once: the lobby has no offload).
  static json replay(server::Lobby& lobby, const std::string& id, const std::string& token, const std::string& step,
                     const std::string& seat) {
    json out;
    lobby.replay(id, token, step, seat, [&](int status, const std::string& text) {
      EXPECT_EQ(status, 200) << text;
      out = json::parse(text);
    });
    return out;
  }
};

TEST_F(Replay, AFinishedGameIsReplayedStepByStepFromAnySeatsView) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  const std::string id = lobby.create(json{{"seats", {{"UK", "bot:random"}, {"US", "bot:random"}, {"USSR", "bot:random"}}}})["id"];
  lobby.commit_now();
  const json end = json::parse(lobby.view(id, ""));
  ASSERT_TRUE(end["terminal"].get<bool>());

  const json last = replay(lobby, id, "", "", "");
  const std::size_t steps = last["steps"];
  EXPECT_EQ(last["step"], steps) << "no step: the end";
  EXPECT_TRUE(last["view"]["terminal"].get<bool>());
  EXPECT_EQ(last["view"]["scores"], end["scores"]) << "replaying every action reaches the game's end";

  const json start = replay(lobby, id, "", "0", "");
  EXPECT_EQ(start["step"], 0);
  EXPECT_TRUE(start["action"].is_null());
  EXPECT_FALSE(start["view"]["terminal"].get<bool>());

  const json first = replay(lobby, id, "", "1", "UK");
  EXPECT_EQ(first["seat"], "UK") << "a finished game shows any seat's view";
  EXPECT_TRUE(first["action"]["action"].is_string()) << "and names every action";
  EXPECT_TRUE(first["view"]["legal_actions"].empty()) << "a replay decides nothing";

  EXPECT_EQ(status_of([&] { replay(lobby, id, "", "x1", ""); }), 400);
  EXPECT_EQ(status_of([&] { replay(lobby, id, "", std::to_string(steps + 1), ""); }), 400);
  EXPECT_EQ(status_of([&] { replay(lobby, id, "", "1", "Germany"); }), 400);
  EXPECT_EQ(json::parse(lobby.view(id, "")), end) << "the game itself is unchanged";
}

TEST_F(Replay, AGameInPlayIsReplayedOnlyFromTheAskingSeatsViewWithoutOthersChoices) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  const auto claimed = game_with_uk_claimed(lobby);
  const std::string& id = claimed.first;
  const std::string& token = claimed.second;
  const json now = json::parse(lobby.view(id, token));
  lobby.act(id, token, json{{"action", now["legal_actions"][0]}, {"version", now["version"]}});
  lobby.commit_now();

  EXPECT_EQ(status_of([&] { replay(lobby, id, token, "1", "US"); }), 403) << "another seat's view of a game in play";
  EXPECT_EQ(status_of([&] { replay(lobby, id, "", "1", "UK"); }), 403) << "a spectator asking for a seat's view";
  const json end = replay(lobby, id, token, "", "");
  EXPECT_EQ(end["seat"], "UK");
  bool hidden = false, own = false;
  for (std::size_t n = 1; n <= end["steps"].get<std::size_t>(); ++n) {
    const json step = replay(lobby, id, token, std::to_string(n), "");
    const std::string seat = step["action"]["seat"];
    if (seat == "UK")
      own |= step["action"]["action"].is_string();
    else
      hidden |= step["action"]["action"].is_null();
    EXPECT_EQ(seat == "UK", step["action"]["action"].is_string()) << "step " << n << " by " << seat;
  }
  EXPECT_TRUE(own && hidden) << "the UK's own action is named, the deals and bots' choices are not";
  EXPECT_EQ(replay(lobby, id, "", "", "")["seat"], nullptr) << "a spectator replays with a spectator's view";
}

// A creation flood holds nothing for long: a game none of whose human seats was ever claimed is
// deleted an hour after its last change; a game someone joined, and a game bots play alone, keep the
// fourteen days of any game.
TEST_F(LobbyOverFailingStore, AGameNobodyJoinedExpiresAfterAnHour) {
  FailingStore store(path());
  std::int64_t clock = 1'000'000;
  server::Lobby lobby(titles(), store, {}, [&] { return clock; });
  const std::string unjoined = lobby.create(json{{"seating", "public"}})["id"];
  const std::string joined = game_with_uk_claimed(lobby).first;
  const std::string bots =
      lobby.create(json{{"title", "hills"}, {"players", 2u}, {"seats", {{"red", "bot:random"}, {"green", "bot:random"}}}})["id"];
  lobby.commit_now();
  const auto live = [&] {
    std::set<std::string> ids;
    const json list = json::parse(lobby.list("live", "", 100));
    for (const json& g : list["games"]) ids.insert(g["id"].get<std::string>());
    return ids;
  };
  const auto bots_live = live().count(bots);  // (bots alone may have finished it already)
  clock += 3599;
  lobby.expire();
  lobby.commit_now();
  EXPECT_EQ(live().count(unjoined), 1u) << "not before the hour";
  clock += 2;
  lobby.expire();
  lobby.commit_now();
  EXPECT_EQ(live().count(unjoined), 0u);
  EXPECT_EQ(live().count(joined), 1u);
  EXPECT_EQ(live().count(bots), bots_live);
  EXPECT_FALSE(store.load(unjoined)) << "deleted from the store";
  clock += 14 * 86400;
  lobby.expire();
  lobby.commit_now();
  EXPECT_EQ(live().count(joined), 0u) << "unchanged for 14 days";
}

// Bidding Oil for Turn Order ("no bidding limit (except by how much oil that Nation currently owns)"):
// a War Room bid above the oil held is answered 422 with the code "refused" and the reason as a
// catalogue message with the amounts, and changes nothing; a bid within it is taken.
TEST_F(LobbyOverFailingStore, ABidAboveTheOilHeldIsRefusedWithItsReasonAndChangesNothing) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  const std::string id = lobby.create(
      json{{"title", "warroom"}, {"scenario", "eastern-front"}, {"seating", "public"}, {"seats", {{"GER", "bot:random"}}}})["id"];
  lobby.commit_now();
  const std::string token = lobby.claim(id, "USSR", json::object());
  lobby.commit_now();
  json view = json::parse(lobby.view(id, token));
  for (int i = 0; i < 5 && view["step"] != "write-sheets"; ++i) {  // Phase 1's reorganizing window
    view = json::parse(lobby.act(id, token, json{{"action", "done USSR"}, {"version", view["version"]}}));
    lobby.commit_now();
  }
  ASSERT_EQ(view["step"], "write-sheets") << view["phase"];
  const int oil = view["nations"][0]["oil"];
  ASSERT_LT(oil, 99);
  try {
    lobby.act(id, token, json{{"action", "bid USSR 99"}, {"version", view["version"]}});
    FAIL() << "a bid of 99 with " << oil << " oil was taken";
  } catch (const server::ApiError& e) {
    EXPECT_EQ(e.status(), 422);
    EXPECT_EQ(e.code(), "refused");
    const json reason = e.message()["args"]["reason"];
    EXPECT_EQ(reason["key"], "warroom.bid.over_oil") << reason;
    EXPECT_EQ(reason["args"]["bid"], "99") << reason;
    EXPECT_EQ(reason["args"]["oil"], std::to_string(oil)) << reason;
    EXPECT_NE(std::string(e.what()).find("A bid of 99 oil is more than the " + std::to_string(oil)), std::string::npos) << e.what();
  }
  EXPECT_FALSE(lobby.busy(id)) << "nothing was staged";
  EXPECT_EQ(json::parse(lobby.view(id, token)), view) << "nothing changed";
  const json within = json::parse(lobby.act(id, token, json{{"action", "bid USSR " + std::to_string(oil)}, {"version", view["version"]}}));
  EXPECT_EQ(within["nations"][0]["sheet"]["bid"], oil);
}

}  // namespace
