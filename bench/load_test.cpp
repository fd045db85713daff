// A bounded load test of `churchill serve` on loopback: G Churchill games and W War Room games (War
// in Europe, four seats) at once, every seat driven through the HTTP API by client threads choosing
// random legal actions (each naming the version it was chosen on), and S WebSocket spectators
// reading every pushed view. Reports actions/s and the latency of acting (p50, p99, max), for all
// games and for each title.
// Usage: load_test PORT [GAMES=100] [ACTIONS_PER_GAME=60] [THREADS=16] [SPECTATORS=0] [WARROOM_GAMES=0]
#include <utility>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>
#include <vector>

#include "cli/guarded_main.h"
#include "tests/support/http_client.h"

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

using Client = test_support::HttpClient;

// The parts of a view the driver needs (its legal actions, version and acting seats), parsed without
// building the rest: the client shares the machine with the server and should cost it little.
json choices(const std::string& text) {
  return json::parse(
      text,
      [](int depth, json::parse_event_t event, json& parsed) {
        if (depth != 1 || event != json::parse_event_t::key) return true;
        return parsed == "legal_actions" || parsed == "version" || parsed == "active";
      },
      false);
}

int run(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: load_test PORT [GAMES] [ACTIONS_PER_GAME] [THREADS] [SPECTATORS] [WARROOM_GAMES]\n");
    return 2;
  }
  const std::string port = argv[1];
  const int churchill_games = argc > 2 ? std::atoi(argv[2]) : 100, per_game = argc > 3 ? std::atoi(argv[3]) : 60,
            threads = argc > 4 ? std::atoi(argv[4]) : 16, spectators = argc > 5 ? std::atoi(argv[5]) : 0,
            warroom_games = argc > 6 ? std::atoi(argv[6]) : 0;
  const int games = churchill_games + warroom_games;
  struct Game {
    std::string id;
    bool warroom = false;
    std::vector<std::string> seats, tokens;
    std::size_t next = 0;  // the seat to act next
  };
  std::vector<Game> all(static_cast<std::size_t>(games));
  {
    Client c(port);
    for (std::size_t i = 0; i < all.size(); ++i) {
      Game& g = all[i];
      g.warroom = static_cast<int>(i) >= churchill_games;
      const char* create = g.warroom ? R"({"title": "warroom", "scenario": "war-in-europe", "players": 4})" : R"({"scenario": "campaign"})";
      const json made = c.call(http::verb::post, "/api/games", create).second;
      g.id = made["id"];
      g.seats = c.call(http::verb::get, "/api/games/" + g.id + "/view", "").second["seat_order"].get<std::vector<std::string>>();
      const std::string invitation = json{{"invitation", made["invitation"]}}.dump();
      for (const std::string& seat : g.seats)
        g.tokens.push_back(c.call(http::verb::post, "/api/games/" + g.id + "/seats/" + seat, invitation).second["token"]);
      const json first = choices(c.call_text(http::verb::get, "/api/games/" + g.id + "/view", "", g.tokens[0]).second);
      if (!first["active"].empty())
        g.next = static_cast<std::size_t>(std::find(g.seats.begin(), g.seats.end(), first["active"][0]) - g.seats.begin());
    }
  }
  // Spectators: one thread reads them all (each socket is read as its views arrive).
  std::atomic<long> pushed{0};
  boost::asio::io_context io;
  std::vector<std::unique_ptr<websocket::stream<tcp::socket>>> sockets;
  std::vector<beast::flat_buffer> buffers(static_cast<std::size_t>(spectators));
  std::function<void(std::size_t)> read_one = [&](std::size_t i) {
    sockets[i]->async_read(buffers[i], [&, i](beast::error_code ec, std::size_t) {
      if (ec) return;
      ++pushed;
      buffers[i].consume(buffers[i].size());
      read_one(i);
    });
  };
  for (int s = 0; s < spectators; ++s) {
    auto ws = std::make_unique<websocket::stream<tcp::socket>>(io);
    boost::asio::connect(ws->next_layer(), tcp::resolver(io).resolve("127.0.0.1", port));
    ws->handshake("127.0.0.1", "/api/games/" + all[static_cast<std::size_t>(s % games)].id + "/ws");
    ws->write(boost::asio::buffer(std::string("{}")));
    sockets.push_back(std::move(ws));
    read_one(static_cast<std::size_t>(s));
  }
  auto work = boost::asio::make_work_guard(io);
  std::thread watcher([&] { io.run(); });

  std::mutex m;
  std::vector<double> latencies, warroom_latencies;
  std::atomic<long> actions{0}, errors{0}, warroom_actions{0};
  const auto start = Clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      Client c(port);
      std::mt19937 rng(static_cast<unsigned>(t));
      std::vector<double> mine, mine_warroom;
      for (int round = 0; round < per_game; ++round) {
        for (int gi = t; gi < games; gi += threads) {
          Game& g = all[static_cast<std::size_t>(gi)];
          // The seat that acts (the first of the last view's "active"): its view, then one of its actions.
          auto [status, text] = c.call_text(http::verb::get, "/api/games/" + g.id + "/view", "", g.tokens[g.next]);
          const json view = choices(text);
          if (status != 200 || view["legal_actions"].empty()) {
            ++errors;
            continue;
          }
          const std::string action = view["legal_actions"][rng() % view["legal_actions"].size()];
          const auto t0 = Clock::now();
          auto [s2, after_text] = c.call_text(http::verb::post, "/api/games/" + g.id + "/actions",
                                              json{{"action", action}, {"version", view["version"]}}.dump(), g.tokens[g.next]);
          const json after = choices(after_text);
          (g.warroom ? mine_warroom : mine).push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
          if (s2 != 200) {
            ++errors;
            continue;
          }
          ++actions;
          if (g.warroom) ++warroom_actions;
          if (after["active"].empty()) break;  // the game is over
          g.next = static_cast<std::size_t>(std::find(g.seats.begin(), g.seats.end(), after["active"][0]) - g.seats.begin());
        }
      }
      std::lock_guard lock(m);
      latencies.insert(latencies.end(), mine.begin(), mine.end());
      warroom_latencies.insert(warroom_latencies.end(), mine_warroom.begin(), mine_warroom.end());
    });
  for (auto& th : pool) th.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  work.reset();
  io.stop();
  watcher.join();
  std::vector<double> every = latencies;
  every.insert(every.end(), warroom_latencies.begin(), warroom_latencies.end());
  auto pct = [](std::vector<double>& v, double p) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
  };
  std::printf(
      "%d games (%d Churchill, %d War Room), %d client threads, %d spectators: %ld actions in %.1f s = %.0f actions/s; act latency "
      "p50 %.2f ms, p99 %.2f ms, max %.2f ms; %ld views pushed; %ld errors\n",
      games, churchill_games, warroom_games, threads, spectators, actions.load(), seconds, actions / seconds, pct(every, 0.5),
      pct(every, 0.99), pct(every, 1.0), pushed.load(), errors.load());
  if (warroom_games > 0)
    std::printf(
        "  Churchill: %zu actions, act latency p50 %.2f ms, p99 %.2f ms; War Room: %ld actions, act latency p50 %.2f ms, p99 %.2f ms\n",
        latencies.size(), pct(latencies, 0.5), pct(latencies, 0.99), warroom_actions.load(), pct(warroom_latencies, 0.5),
        pct(warroom_latencies, 0.99));
  return errors == 0 ? 0 : 1;
}

int main(int argc, char** argv) {
  return cli::guarded_main("load_test", [&] { return run(argc, argv); });
}
