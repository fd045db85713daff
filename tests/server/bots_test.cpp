// Bots play on workers (issue 31, point 1): never on the server's thread. A game's quick bots play a
// slice at a time on a worker that holds the game, while its committed views are served from the
// cache; a game no human plays stops at its cap; searches are one per game, charged to an address,
// and applied only where they were searched; the workers take jobs in turn by address, then game.
#include <algorithm>

#include "server/workers.h"
#include "tests/server/lobby_fixture.h"

namespace {

using nlohmann::json;
using test_support::FailingStore;
using test_support::Jobs;
using test_support::LobbyOverFailingStore;
using test_support::status_of;
using test_support::titles;

server::Job job(const std::string& owner, const std::string& game) { return {server::Lane::Search, owner, game, {}}; }

TEST(FairQueue, JobsAreTakenInTurnByAddressThenByGameThenInOrder) {
  server::FairQueue q;
  for (const auto& [owner, game] : std::vector<std::pair<std::string, std::string>>{
           {"flood", "f1"}, {"flood", "f1"}, {"flood", "f2"}, {"flood", "f3"}, {"victim", "v1"}, {"flood", "f1"}, {"other", "o1"}})
    q.push(job(owner, game));
  std::vector<std::string> order;
  while (!q.empty()) {
    const server::Job j = q.pop();
    order.push_back(j.owner + ":" + j.game);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"flood:f1", "victim:v1", "other:o1", "flood:f2", "flood:f3", "flood:f1", "flood:f1"}))
      << "the victim's job waits for one of the flood's, not for all of them";
}

TEST_F(LobbyOverFailingStore, QuickBotsPlayOnAWorkerWhileTheirGameIsServedFromItsCommittedViews) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  Jobs jobs;
  jobs.attach(lobby);
  const std::string id =
      lobby.create(json{{"seating", "public"}, {"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}}, "10.0.0.1")["id"];
  lobby.commit_now();
  ASSERT_FALSE(jobs.queue.empty()) << "the bots' first moves wait for a worker";
  EXPECT_EQ(jobs.queue.front().lane, server::Lane::Bots);
  EXPECT_EQ(jobs.queue.front().owner, "10.0.0.1") << "charged to the address that created the game";
  jobs.run_all(lobby);
  const std::string token = lobby.claim(id, "UK", json::object());
  lobby.commit_now();
  json acted;
  for (int moves = 0; moves < 50 && jobs.queue.empty(); ++moves) {  // until the bots must reply
    const json before = json::parse(lobby.view(id, token));
    acted = json::parse(lobby.act(id, token, {{"action", before["legal_actions"][0]}, {"version", before["version"]}}, "10.0.0.2"));
    lobby.commit_now();
  }
  bool answered = false;
  lobby.after_bots(id, [&] { answered = true; });
  ASSERT_EQ(jobs.queue.size(), 1u) << "the bots reply on a worker";
  EXPECT_EQ(jobs.queue.front().owner, "10.0.0.2") << "charged to the address they answer";
  EXPECT_FALSE(lobby.ready(id));
  EXPECT_EQ(json::parse(lobby.view(id, token)), acted) << "the committed view, from the cache, while the game is on a worker";
  EXPECT_THROW(lobby.act(id, token, {{"action", "pass"}, {"version", acted["version"]}}), server::NotReady);
  EXPECT_FALSE(answered) << "an action is answered once the bots replied";
  jobs.run_all(lobby);
  EXPECT_TRUE(answered);
  EXPECT_TRUE(lobby.ready(id));
  const json after = json::parse(lobby.view(id, token));
  EXPECT_GT(after["version"].get<int>(), acted["version"].get<int>()) << "the bots' moves are committed";
  EXPECT_EQ(after["active"], json::array({"UK"})) << "the bots played until the human must act";
}

TEST_F(LobbyOverFailingStore, AGameNoHumanPlaysStopsAtItsCapOfActions) {
  FailingStore store(path());
  server::LobbyLimits limits;
  limits.bot_game_actions = 300;
  limits.bot_slice_seconds = 0.0001;
  server::Lobby lobby(titles(), store, limits);
  Jobs jobs;
  jobs.attach(lobby);
  const std::string id =
      lobby.create(json{{"scenario", "campaign"}, {"seats", {{"UK", "bot:random"}, {"US", "bot:random"}, {"USSR", "bot:random"}}}})["id"];
  lobby.commit_now();
  EXPECT_GT(jobs.run_all(lobby), 1) << "a slice at a time";
  EXPECT_TRUE(jobs.queue.empty()) << "its bots stopped";
  const json view = json::parse(lobby.view(id, ""));
  EXPECT_FALSE(view["terminal"].get<bool>());
  EXPECT_NE(view.value("stopped", "").find("no human plays"), std::string::npos) << view.dump().substr(0, 300);
  EXPECT_EQ(store.load(id)->record.actions.size(), 300u);
  EXPECT_NE(lobby.list("live", "", 10).find("\"stopped\""), std::string::npos) << "the list says so";
}

TEST_F(LobbyOverFailingStore, AGameNoHumanPlaysStopsAtItsCapOfBotTime) {
  FailingStore store(path());
  server::LobbyLimits limits;
  limits.bot_game_seconds = 0.05;
  limits.bot_slice_seconds = 0.01;
  server::Lobby lobby(titles(), store, limits);
  Jobs jobs;
  jobs.attach(lobby);
  const std::string id =
      lobby.create(json{{"title", "warroom"},
                        {"scenario", "war-in-europe"},
                        {"players", 4u},
                        {"seats", {{"BC", "bot:random"}, {"USSR", "bot:random"}, {"US", "bot:random"}, {"GER+ITA", "bot:random"}}}})["id"];
  lobby.commit_now();
  const int slices = jobs.run_all(lobby, 1000);
  EXPECT_GE(slices, 5) << "slices of 10 ms up to 50 ms";
  EXPECT_TRUE(jobs.queue.empty());
  const json view = json::parse(lobby.view(id, ""));
  EXPECT_FALSE(view["terminal"].get<bool>());
  EXPECT_TRUE(view.contains("stopped"));
}

// Phase 2 (TOP SECRET): how the server groups a stand-in's entries into commits -- a slice of a
// worker's time each -- shows in no other seat's version: the same War in Europe game, its Allies
// resigned at the orders, their bot writing their sheets in one slice or in one action a slice.
TEST_F(LobbyOverFailingStore, Rule_Phase2_TopSecret_HowABotsEntriesAreGroupedIntoCommitsShowsInNoOtherSeatsVersion) {
  std::string id, allied, axis;
  {
    FailingStore store(path());
    server::Lobby lobby(titles(), store);
    id = lobby.create(json{{"title", "warroom"}, {"scenario", "war-in-europe"}, {"players", 2u}, {"seating", "public"}})["id"];
    lobby.commit_now();
    const json seats = json::parse(lobby.view(id, ""))["seat_order"];
    allied = lobby.claim(id, seats[0], json::object()), axis = lobby.claim(id, seats[1], json::object());
    lobby.commit_now();
    const auto phase = [&] { return json::parse(lobby.view(id, axis))["phase"].get<std::string>(); };
    for (int step = 0; step < 20 && phase().find("Phase 2") == std::string::npos; ++step)
      for (const std::string& token : {allied, axis}) {  // each seat's first "done" until the orders
        const json v = json::parse(lobby.view(id, token));
        for (const json& a : v["legal_actions"])
          if (a.get<std::string>().rfind("done", 0) == 0) {
            lobby.act(id, token, {{"action", a}, {"version", v["version"]}});
            lobby.commit_now();
            break;
          }
      }
    ASSERT_NE(phase().find("Phase 2"), std::string::npos);
  }
  std::filesystem::copy_file(path(), dir / "orders.db");
  const auto axis_after_the_bot = [&](double slice_seconds) {
    std::filesystem::copy_file(dir / "orders.db", path(), std::filesystem::copy_options::overwrite_existing);
    FailingStore store(path());
    server::LobbyLimits limits;
    limits.bot_slice_seconds = slice_seconds;
    server::Lobby lobby(titles(), store, limits);
    Jobs jobs;
    jobs.attach(lobby);
    lobby.resign(id, allied, {{"bot", "rules"}});
    lobby.commit_now();
    const int slices = jobs.run_all(lobby);
    const json seen = json::parse(lobby.view(id, axis));
    EXPECT_EQ(seen["active"].size(), 1u) << "the Allies' bot has finished their sheets";
    return std::pair{slices, seen};
  };
  const auto [one, whole] = axis_after_the_bot(1e9);
  const auto [many, sliced] = axis_after_the_bot(0);
  EXPECT_EQ(one, 1);
  EXPECT_GT(many, 3) << "one action a slice";
  EXPECT_EQ(whole["version"], sliced["version"]);
  EXPECT_EQ(whole.dump(), sliced.dump());
}

// Searches: one per game at a time, charged to the game's address, at most max_searches waiting per
// address (a new searching game from it is refused, 429; from another address it is not), applied
// only where they were searched, and dropped when their game is deleted meanwhile.
TEST_F(LobbyOverFailingStore, SearchesAreOnePerGameLimitedPerAddressAndAppliedOnlyWhereSearched) {
  FailingStore store(path());
  server::LobbyLimits limits;
  limits.max_searches = 1;
  limits.expire_seconds = 100;
  std::int64_t now = 1000;
  server::Lobby lobby(titles(), store, limits, [&now] { return now; });
  Jobs jobs;
  jobs.attach(lobby);
  const json searching = {{"scenario", "training"}, {"seats", {{"UK", "bot:ai:easy"}, {"US", "bot:ai:easy"}, {"USSR", "bot:ai:easy"}}}};
  const std::string first = lobby.create(searching, "10.0.0.1")["id"];
  lobby.commit_now();
  while (!jobs.queue.empty() && jobs.queue.front().lane == server::Lane::Bots) jobs.run_one(lobby);  // the deal
  ASSERT_EQ(jobs.queue.size(), 1u);
  EXPECT_EQ(jobs.queue.front().lane, server::Lane::Search);
  EXPECT_EQ(status_of([&] { lobby.create(searching, "10.0.0.1"); }), 429) << "its address has max_searches waiting";
  const std::string second = lobby.create(searching, "10.0.0.2")["id"];
  lobby.commit_now();
  lobby.create(json{{"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}}, "10.0.0.1");  // quick bots are not refused
  lobby.commit_now();
  const std::uint64_t before = json::parse(lobby.view(first, ""))["version"];
  lobby.changed_elsewhere(first);
  const auto search_of = [&](const std::string& id) {
    return std::find_if(jobs.queue.begin(), jobs.queue.end(),
                        [&](const server::Job& j) { return j.game == id && j.lane == server::Lane::Search; });
  };
  EXPECT_EQ(std::count_if(jobs.queue.begin(), jobs.queue.end(),
                          [&](const server::Job& j) { return j.game == first && j.lane == server::Lane::Search; }),
            1)
      << "one search per game";
  std::rotate(jobs.queue.begin(), search_of(first), search_of(first) + 1);
  jobs.run_one(lobby);
  EXPECT_GT(json::parse(jobs.when_ready(lobby, [&] { return lobby.view(first, ""); }))["version"].get<std::uint64_t>(), before)
      << "the decision was played";

  for (auto quick = jobs.queue.begin(); quick != jobs.queue.end(); quick = jobs.queue.begin()) {  // loads and deals first
    while (quick != jobs.queue.end() && quick->lane == server::Lane::Search) ++quick;
    if (quick == jobs.queue.end()) break;
    std::rotate(jobs.queue.begin(), quick, quick + 1);
    jobs.run_one(lobby);
  }
  EXPECT_EQ(lobby.searching(), 2u) << "the two searching games' searches";
  now += 1000;  // every game is abandoned and deleted while the searches are under way
  lobby.expire();
  lobby.commit_now();
  jobs.run_all(lobby);
  EXPECT_EQ(status_of([&] { jobs.when_ready(lobby, [&] { return lobby.view(second, ""); }); }), 404);
  EXPECT_EQ(status_of([&] { jobs.when_ready(lobby, [&] { return lobby.view(first, ""); }); }), 404);
  EXPECT_EQ(lobby.searching(), 0u);
}

// War Room's search bot (docs/warroom/ai.md) is a bot that searches: its decisions run on the search
// workers, one at a time, and are played; the quick bot beside it plays its slices on the bots' lane.
// An Eastern Front game whose German seat is a bot that searches, created from 10.0.0.1, its jobs
// queued in `jobs`.
std::string search_bot_game(server::Lobby& lobby, Jobs& jobs) {
  jobs.attach(lobby);
  std::string id = lobby.create(
      json{
          {"title", "warroom"}, {"scenario", "eastern-front"}, {"players", 2u}, {"seats", {{"USSR", "bot:rules"}, {"GER", "bot:ai:easy"}}}},
      "10.0.0.1")["id"];
  lobby.commit_now();
  return id;
}

TEST_F(LobbyOverFailingStore, AWarRoomGameWithASearchBotPlaysItsMovesOnTheSearchWorkers) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  Jobs jobs;
  const std::string id = search_bot_game(lobby, jobs);
  int searches = 0;
  for (int n = 0; n < 400 && !jobs.queue.empty() && searches < 30; ++n) {
    searches += jobs.queue.front().lane == server::Lane::Search;
    EXPECT_EQ(jobs.queue.front().owner, "10.0.0.1");
    jobs.run_one(lobby);
  }
  EXPECT_GE(searches, 30) << "the German seat's decisions were searched on the search lane";
  const json view = json::parse(jobs.when_ready(lobby, [&] { return lobby.view(id, ""); }));
  EXPECT_GE(view["version"].get<std::uint64_t>(), 10u)
      << "and played: the public view changed with them (its secret entries are not counted)";
  EXPECT_FALSE(view.contains("stopped"));
}

// The battle calculator's odds (docs/server.md, "Odds") are a lane of their own: a query of a few
// milliseconds never waits behind a bot's search of seconds queued or running before it.
TEST_F(LobbyOverFailingStore, OddsAreComputedOnTheirOwnLaneNotBehindSearches) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  Jobs jobs;
  const std::string id = search_bot_game(lobby, jobs);
  while (!jobs.queue.empty() && jobs.queue.front().lane != server::Lane::Search) jobs.run_one(lobby);  // the quick bots' moves
  ASSERT_FALSE(jobs.queue.empty());
  ASSERT_EQ(jobs.queue.front().lane, server::Lane::Search) << "Germany's search is waiting";
  int status = 0;
  std::string answer;
  jobs.when_ready(lobby, [&] {
    lobby.odds(
        id, "", "/api/games/" + id + "/odds?region=R12&with=GER:42,GER:43,GER:17",
        [&](int code, const std::string& text) { status = code, answer = text; }, "10.0.0.2");
    return 0;
  });
  ASSERT_EQ(jobs.queue.back().lane, server::Lane::Odds);
  EXPECT_EQ(jobs.queue.back().owner, "10.0.0.2") << "charged to the address asking";
  server::Job odds = std::move(jobs.queue.back());
  jobs.queue.pop_back();
  odds.work()();
  EXPECT_EQ(status, 200) << answer;
  EXPECT_EQ(json::parse(answer)["odds"]["region"], "R12");
}

}  // namespace
