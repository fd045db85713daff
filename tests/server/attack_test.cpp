// The server attacked as a hostile client would (issue 31): request patterns from a few addresses that
// once stopped, starved or exhausted it, each beside a victim whose requests are timed. Each test
// prints its figures ("figures: ...", docs/server.md quotes them with the machine's load average); the
// bounds asserted are loose (a machine shared with other work: the victim's p95 under 300 ms and its
// slowest request under 2 s, Latencies::in_turn), far below the failures they guard against
// (requests unanswered for seconds to minutes).
#include <algorithm>
#include <mutex>
#include <numeric>
#include <random>

#include <fmt/format.h>

#include "tests/server/latencies.h"
#include "tests/server/server_fixture.h"
#include "tests/support/sanitized.h"

namespace {

namespace websocket = boost::beast::websocket;
using tcp = boost::asio::ip::tcp;
namespace http = boost::beast::http;
using nlohmann::json;
using test_support::Reply;
using test_support::Server;
using test_support::sql_text;
using Clock = std::chrono::steady_clock;
using test_support::Latencies;
using test_support::load_average;

using test_support::kSlow;

class Attack : public Server {
 protected:
  // A victim: a Churchill game with 'Bots as US and USSR and a human UK, claimed; {id, token}.
  std::pair<std::string, std::string> victim_game() {
    const std::string id = create();
    return {id, claim(id)};
  }
  // The victim plays: a view, then the first legal action, each timed; false once the game is over.
  bool victim_moves(const std::pair<std::string, std::string>& game, Latencies& times) {
    const std::string& id = game.first;
    const std::string& token = game.second;
    const Reply view = times.time([&] { return get("/api/games/" + id + "/view", token); });
    EXPECT_EQ(view.status, 200) << view.body.dump().substr(0, 300);
    if (view.status != 200 || view.body["terminal"].get<bool>() || view.body["legal_actions"].empty()) return false;
    const Reply acted = times.time([&] { return act(id, token, view.body); });
    EXPECT_EQ(acted.status, 200) << acted.body.dump().substr(0, 300);
    return acted.status == 200;
  }
};

// Point 1: a War Room game whose every seat is a random bot once played to its end inside the
// request that created it, on the event loop (34 s to 210 s, millions of actions, gigabytes): now its
// bots play on a worker a slice at a time, and it stops at its cap of actions.
TEST_F(Attack, AnAllBotWarRoomGameNeitherHoldsUpAnotherClientNorRunsForever) {
  const int cap = kSlow > 1 ? 5000 : 20000;  // once under ThreadSanitizer, beside clang-tidy, 20,000 outran 5 minutes
  restart({"--bot-game-actions", std::to_string(cap)});
  const auto created_at = Clock::now();
  const Reply made = post("/api/games", R"({"title": "warroom", "scenario": "war-in-europe", "players": 4, "seating": "public",
      "seats": {"BC": "bot:random", "USSR": "bot:random", "US": "bot:random", "GER+ITA": "bot:random"}})");
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const double create_ms = std::chrono::duration<double, std::milli>(Clock::now() - created_at).count();
  const std::string bots = made.body["id"];
  const auto victim = victim_game();
  Latencies times;
  json state;
  const auto capped = [&] {
    state = get("/api/games/" + bots + "/view").body;
    return state.contains("stopped") || state["terminal"].get<bool>();
  };
  for (int round = 0; round < 2000; ++round) {
    if (!victim_moves(victim, times)) break;
    if (capped() && times.count() >= 60) break;
  }
  // Under ThreadSanitizer the victim's game may end before the bots reach their cap: wait for it.
  for (const auto until = Clock::now() + std::chrono::seconds(300); !capped() && Clock::now() < until;)
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  std::cout << "figures: all-bot War Room game created in " << fmt::format("{:.0f}", create_ms) << " ms; the victim: " << times.figures()
            << "; load average " << load_average() << "; server memory " << rss_kb() / 1024 << " MiB" << std::endl;
  // Once in a fresh clone's ASan+UBSan run and once in 4 runs side by side (8 December) the bots'
  // game stored its cap of actions and stood, neither stopped nor played on: where it stands is printed.
  EXPECT_TRUE(state.contains("stopped") || state["terminal"].get<bool>())
      << "the bots' game came to its cap or its end; it stands at "
      << sql_text(db, "SELECT count(*) FROM actions WHERE game = '" + bots + "'") << " actions stored, version "
      << state.value("version", json()).dump() << ", " << state.value("phase", json()).dump() << ", to act "
      << state.value("active", json()).dump();
  EXPECT_LE(std::stoul(sql_text(db, "SELECT count(*) FROM actions WHERE game = '" + bots + "'")), static_cast<unsigned long>(cap));
  EXPECT_LT(create_ms, 1000 * kSlow) << "the creation is answered after one slice of the bots' moves";
  EXPECT_TRUE(times.in_turn(300 * kSlow));
  EXPECT_LT(rss_kb(), 400 * 1024) << "the capped game's memory";
}

// Point 2: a finished War Room game once cost tens of megabytes held whole for as long as anyone
// watched it, outside any limit: 60 spectators took the server to 2.6 GiB. Now a finished game is
// served from its views and the games held are bounded by --max-memory.
TEST_F(Attack, SixtySpectatorsOfFinishedGamesStayUnderTheMemoryCeiling) {
  restart({"--create-burst", "100"});
  // Under the sanitizers three Eastern Front games (a rules-bot War in Europe game there took over
  // two minutes); else ten of War in Europe.
  const int games = kSlow > 1 ? 3 : 10;
  const std::string game = kSlow > 1 ? R"({"title": "warroom", "scenario": "eastern-front", "players": 2,
        "seats": {"USSR": "bot:rules", "GER": "bot:rules"}})"
                                     : R"({"title": "warroom", "scenario": "war-in-europe", "players": 4,
        "seats": {"BC": "bot:rules", "USSR": "bot:rules", "US": "bot:rules", "GER+ITA": "bot:rules"}})";
  const auto start = [&] {
    const Reply made = post("/api/games", game);
    EXPECT_EQ(made.status, 201) << made.body.dump();
    return made.body.value("id", std::string());
  };
  std::vector<std::string> ids;
  for (int i = 0; i < games; ++i) ids.push_back(start());
  // The server draws each game's seed, and a few rules-bot games in a hundred run long (9 of 400 War in
  // Europe games in one arena went past round 60, 2 past 150): one that comes to the cap of a game no
  // human plays stops unfinished, with nothing to watch, and is replaced (three times at most).
  int replaced = 0;
  auto until = Clock::now() + std::chrono::seconds(static_cast<int>(60 * games * kSlow));  // a minute a game
  for (std::string& id : ids) {
    ASSERT_FALSE(id.empty()) << "a game could not be created";
    json view = get("/api/games/" + id + "/view").body;
    for (; !view.value("terminal", false) && Clock::now() < until; view = get("/api/games/" + id + "/view").body) {
      if (view.contains("stopped")) {
        if (++replaced > 3) break;
        id = start();
        ASSERT_FALSE(id.empty()) << "a game could not be created";
        until += std::chrono::seconds(static_cast<int>(60 * kSlow));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ASSERT_TRUE(view.value("terminal", false)) << "game " << id << " has not ended: nothing to watch (" << view.value("stopped", "") << ")";
  }
  restart({"--max-memory", "32"});  // every finished game cold, as after a restart
  const long before = rss_kb();
  const auto victim = victim_game();
  boost::asio::io_context io;
  std::vector<std::unique_ptr<websocket::stream<tcp::socket>>> spectators;
  for (int i = 0; i < 60; ++i) spectators.push_back(watch(io, ids[static_cast<std::size_t>(i) % ids.size()], ""));
  Latencies times;
  for (auto& ws : spectators) {
    EXPECT_TRUE(next_view(*ws)["terminal"].get<bool>());
    victim_moves(victim, times);
  }
  const long after = rss_kb();
  std::cout << "figures: 60 spectators of " << games << " finished War Room games (" << (kSlow > 1 ? "Eastern Front" : "War in Europe")
            << "): server memory " << before / 1024 << " MiB before, " << after / 1024 << " MiB after (--max-memory 32; " << replaced
            << " stopped games replaced); the victim: " << times.figures() << "; load average " << load_average() << std::endl;
  EXPECT_LT(after - before, (32 + 48) * 1024 * static_cast<long>(kSlow > 1 ? 2 : 1)) << "the ceiling, and what the allocator keeps";
  EXPECT_TRUE(times.in_turn(300 * kSlow));
}

// Point 3: replaying a long game once re-opened it from its first action for every step, on the
// event loop (96 ms a step for 5,368 actions), and 8 clients doing that pushed an unrelated player's
// requests to 0.5 s median. Now a step is made from the nearest snapshot, on a worker.
TEST_F(Attack, AReplayFloodDoesNotHoldUpAnotherClient) {
  const int actions = kSlow > 1 ? 5000 : 20000;
  restart({"--bot-game-actions", std::to_string(actions)});
  const Reply made = post("/api/games", R"({"title": "warroom", "scenario": "war-in-europe", "players": 4,
      "seats": {"BC": "bot:random", "USSR": "bot:random", "US": "bot:random", "GER+ITA": "bot:random"}})");
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"];
  for (int wait = 0; wait < 600 && !get("/api/games/" + id + "/view").body.contains("stopped"); ++wait)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  // The steps the game has: it may end in a victory before the cap (a step past its end is refused 400).
  const Reply first = get("/api/games/" + id + "/replay?step=0");
  ASSERT_EQ(first.status, 200);
  const int steps = first.body.value("steps", 0);
  ASSERT_GT(steps, 0);
  const auto victim = victim_game();
  std::atomic<bool> done{false};
  std::atomic<int> replayed{0}, refused{0}, failed{0};
  std::mutex replay_mutex;
  Latencies replays;
  std::vector<std::thread> flood;
  for (int c = 0; c < 8; ++c)
    flood.emplace_back([&, c] {
      test_support::HttpClient client(port, c % 2 ? "127.0.0.2" : "127.0.0.3");
      std::mt19937 rng(static_cast<unsigned>(c));
      while (!done) {
        const auto started = Clock::now();
        const auto [status, body] =
            client.call_text(http::verb::get, "/api/games/" + id + "/replay?step=" + std::to_string(rng() % (steps + 1)));
        (status == 200 ? replayed : status == 429 ? refused : failed)++;
        if (status != 200) continue;
        const std::lock_guard lock(replay_mutex);
        replays.add(std::chrono::duration<double, std::milli>(Clock::now() - started).count());
      }
    });
  Latencies times;
  const auto start = Clock::now();
  while ((times.count() < 100 || Clock::now() - start < std::chrono::seconds(5)) && victim_moves(victim, times))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  done = true;
  for (auto& t : flood) t.join();
  std::cout << "figures: 8 clients from 2 addresses replaying a " << actions << "-action War Room game: " << replayed << " steps in "
            << fmt::format("{:.1f}", seconds) << " s (" << refused << " refused 429; each: " << replays.figures()
            << "); the victim: " << times.figures() << "; load average " << load_average() << std::endl;
  EXPECT_EQ(failed, 0);
  EXPECT_GT(replayed, 10);
  EXPECT_TRUE(times.in_turn(300 * kSlow));
}

// Point 4: 17 all-AI games from two addresses once shut everyone out of AI games (503 for every new
// one) and took a victim's bot replies from 0.11 s to 16 s median; seats asking a hint after every
// move did the same. Now searches are taken in turn by address, then game: the victim's search waits
// for at most one of each other address's.
class AiFlood : public Attack {
 protected:
  // A client from `from` creates a game (its bots charged to that address).
  std::string create_from(const std::string& from, const std::string& body) {
    const auto [status, reply] = test_support::HttpClient(port, from).call(http::verb::post, "/api/games", body);
    EXPECT_EQ(status, 201) << reply.dump();
    return reply.value("id", "");
  }
  // The victim: UK against a searching US, from its own address; how long its bots take to reply to
  // each of its moves (from the answer to its action to its next turn), `moves` times.
  Latencies victim_replies(int moves) {
    test_support::HttpClient victim(port, "127.0.0.9");
    const std::string id = victim
                               .call(http::verb::post, "/api/games", R"({"scenario": "training", "seating": "public",
        "seats": {"US": "bot:ai:hard", "USSR": "bot:rulebook"}})")
                               .second["id"];
    const std::string token = victim.call(http::verb::post, "/api/games/" + id + "/seats/UK").second["token"];
    Latencies replies;
    for (int move = 0; move < moves; ++move) {
      json view = victim.call(http::verb::get, "/api/games/" + id + "/view", "", token).second;
      const auto answered = Clock::now();
      while (view["active"] != json::array({"UK"}) && !view["terminal"].get<bool>() && Clock::now() - answered < std::chrono::seconds(60)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        view = victim.call(http::verb::get, "/api/games/" + id + "/view", "", token).second;
      }
      replies.add(std::chrono::duration<double, std::milli>(Clock::now() - answered).count());
      if (view["terminal"].get<bool>() || view["legal_actions"].empty()) break;
      const auto [status, body] = victim.call(http::verb::post, "/api/games/" + id + "/actions",
                                              json{{"action", view["legal_actions"][0]}, {"version", view["version"]}}.dump(), token);
      EXPECT_EQ(status, 200) << body.dump().substr(0, 300);
    }
    return replies;
  }
  // The victim's replies under a flood against its replies alone, on the same server at the same
  // load: in turn with one search of each flooding address (at most about three searches a reply
  // here), not behind every search the flood has asked for (twelve and more; 16 s against 0.11 s
  // alone before). A ratio, so the machine's load moves both sides alike; the fixed part, the
  // requests' own work, is what the sanitizers multiply (a sanitizer run once measured 2.09 s against
  // 0.26 s alone, in turn, over a bound of 2.08 s).
  static void expect_in_turn(const Latencies& alone, const Latencies& flooded, const char* behind) {
    std::cout << "figures: the victim's bot replies alone: " << alone.figures() << std::endl;
    EXPECT_LT(flooded.quantile(0.5), 6 * alone.quantile(0.5) + 500 * kSlow) << "the victim's searches wait in turn, not behind " << behind;
  }
};

TEST_F(AiFlood, AllAiGamesFromTwoAddressesSlowTheFloodNotAVictimsBots) {
  restart({"--search-threads", "1", "--create-burst", "100"});
  const Latencies alone = victim_replies(4);
  for (const char* from : {"127.0.0.2", "127.0.0.3"})
    for (int g = 0; g < 6; ++g)
      create_from(from, R"({"scenario": "campaign", "seats": {"UK": "bot:ai:hard", "US": "bot:ai:hard", "USSR": "bot:ai:hard"}})");
  const Latencies replies = victim_replies(8);
  std::cout << "figures: 12 all-ai:hard games from 2 addresses, 1 search thread; the victim's bot replies: " << replies.figures()
            << "; load average " << load_average() << std::endl;
  EXPECT_EQ(post("/api/games", R"({"seats": {"US": "bot:ai:expert", "USSR": "bot:ai:expert"}})").status, 201)
      << "AI games are not refused to others";
  expect_in_turn(alone, replies, "all twelve games' searches");
}

TEST_F(AiFlood, HintsAfterEveryMoveFromOneAddressSlowTheFloodNotAVictimsBots) {
  restart({"--search-threads", "1", "--create-burst", "100"});
  const Latencies alone = victim_replies(4);
  std::atomic<bool> done{false};
  std::atomic<int> hints{0}, refused{0};
  std::vector<std::thread> flood;
  for (int g = 0; g < 8; ++g)
    flood.emplace_back([&] {
      test_support::HttpClient client(port, "127.0.0.2");
      const std::string id =
          client.call(http::verb::post, "/api/games", R"({"seating": "public", "seats": {"US": "bot:rulebook", "USSR": "bot:rulebook"}})")
              .second["id"];
      const std::string token = client.call(http::verb::post, "/api/games/" + id + "/seats/UK").second["token"];
      while (!done) {
        const json view = client.call(http::verb::get, "/api/games/" + id + "/view", "", token).second;
        if (view["terminal"].get<bool>() || view["legal_actions"].empty()) break;
        const auto [status, _] = client.call(http::verb::get, "/api/games/" + id + "/hint", "", token);
        (status == 200 ? hints : refused)++;
        client.call(http::verb::post, "/api/games/" + id + "/actions",
                    json{{"action", view["legal_actions"][0]}, {"version", view["version"]}}.dump(), token);
      }
    });
  const Latencies replies = victim_replies(8);
  done = true;
  for (auto& t : flood) t.join();
  std::cout << "figures: 8 seats from one address asking a hint before every move (" << hints << " hints, " << refused
            << " refused), 1 search thread; the victim's bot replies: " << replies.figures() << "; load average " << load_average()
            << std::endl;
  expect_in_turn(alone, replies, "the eight seats' hints");
}

// Point 6: addresses that hold every place they may (spectator WebSockets, each answering pings)
// once locked every newcomer out. Now the last eighth of the places goes to addresses holding none:
// 7 hogs trying 8 WebSockets each on a 40-place server leave newcomers their place, and a hog gets
// no more.
TEST_F(Attack, ASpectatorHogLeavesANewcomerItsPlace) {
  restart({"--max-connections", "40", "--max-per-address", "8", "--max-per-network", "1000"});
  const std::string id = create();
  boost::asio::io_context io;
  std::vector<std::unique_ptr<websocket::stream<tcp::socket>>> hog;
  const auto watch_from = [&](const std::string& from) {
    auto ws = std::make_unique<websocket::stream<tcp::socket>>(io);
    boost::beast::error_code ec;
    ws->next_layer().open(tcp::v4());
    ws->next_layer().bind({boost::asio::ip::make_address(from), 0});
    ws->next_layer().connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(std::stoi(port))}, ec);
    if (!ec) ws->handshake("127.0.0.1", "/api/games/" + id + "/ws", ec);  // a connection over a cap is closed at once
    if (!ec) ws->write(boost::asio::buffer(std::string("{}")), ec);
    if (!ec) hog.push_back(std::move(ws));
    return !ec;
  };
  for (int a = 2; a <= 8; ++a)
    for (int i = 0; i < 8 && watch_from("127.0.0." + std::to_string(a)); ++i) {}
  const auto status_from = [&](const std::string& from) {
    try {
      return test_support::HttpClient(port, from).call(http::verb::get, "/api/games").first;
    } catch (const std::exception&) {
      return 0;  // closed at once
    }
  };
  std::cout << "figures: 7 addresses trying 8 WebSockets each on a 40-place server hold " << hog.size() << std::endl;
  EXPECT_LE(hog.size(), 37u) << "35 places, then the first of each address that held none (the 7th and 8th)";
  EXPECT_EQ(status_from("127.0.0.2"), 0) << "a hog gets no more";
  EXPECT_EQ(status_from("127.0.1.1"), 200) << "a newcomer is served";
  EXPECT_EQ(status_from("127.0.2.1"), 200);
}

// Point 6: 110 addresses once filled the 1,000-game limit in 0.5 s, and every visitor got 503 for
// days. Now games in play are capped per address and per network (an IPv4 /24), the last eighth of
// the places go only to addresses that hold none, and X-Forwarded-For is believed only from a proxy
// the server was told of.
TEST_F(Attack, ACreationFloodFromManyAddressesLeavesOthersTheirPlace) {
  restart({"--max-games", "24", "--max-games-per-address", "2", "--max-games-per-network", "6", "--create-burst", "100", "--proxy",
           "127.0.0.5"});
  const auto create_as = [&](const std::string& from, const std::string& forwarded = "") {
    http::request<http::string_body> req{http::verb::post, "/api/games", 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::content_type, "application/json");
    if (!forwarded.empty()) req.set("X-Forwarded-For", forwarded);
    req.body() = "{}";
    req.prepare_payload();
    return test_support::HttpClient(port, from).send(req);
  };
  // 40 addresses of one /24, three games each: 6 games for the network.
  int made = 0, refused = 0;
  for (int a = 1; a <= 40; ++a)
    for (int g = 0; g < 3; ++g) {
      const auto [status, body] = create_as("127.0.1." + std::to_string(a));
      made += status == 201;
      if (status != 201) {
        EXPECT_EQ(body.value("code", ""), "games_held") << status << body.dump();
        ++refused;
      }
    }
  EXPECT_EQ(made, 6) << "the network's cap";
  // One address of another network: two games.
  EXPECT_EQ(create_as("127.0.2.1").first, 201);
  EXPECT_EQ(create_as("127.0.2.1").first, 201);
  EXPECT_EQ(create_as("127.0.2.1").first, 429) << "the address's cap";
  // A header naming another client is believed only from the proxy.
  EXPECT_EQ(create_as("127.0.2.1", "10.9.9.9").first, 429) << "not a proxy: its own address counts";
  for (int a = 1; a <= 3; ++a) EXPECT_EQ(create_as("127.0.0.5", "10.0." + std::to_string(a) + ".1").first, 201) << "the proxy's clients";
  EXPECT_EQ(create_as("127.0.0.5", "192.0.2.1, 10.0.1.1").first, 201) << "the address the proxy added counts, not one the client wrote";
  EXPECT_EQ(create_as("127.0.0.5", "10.0.1.1").first, 429);
  // 12 games in play; addresses from many networks fill the places but the last eighth (3 of 24).
  int filled = 0;
  for (int n = 10; n < 40 && filled < 9; ++n) filled += create_as("127.0." + std::to_string(n) + ".1").first == 201;
  EXPECT_EQ(filled, 9);
  EXPECT_EQ(create_as("127.0.10.1").first, 503) << "an address that holds a game is refused the last places";
  EXPECT_EQ(create_as("127.0.50.1").first, 201) << "one that holds none gets one";
  std::cout << "figures: 120 creations from 40 addresses of one /24: " << made << " made, " << refused << " refused; load average "
            << load_average() << std::endl;
}

}  // namespace
