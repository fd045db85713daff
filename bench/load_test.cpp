// A bounded load test of `churchill serve` on loopback: G games at once, every seat driven through
// the HTTP API by client threads choosing random legal actions (each naming the version it was
// chosen on), and S WebSocket spectators reading every pushed view. Reports actions/s and the
// latency of acting (p50, p99, max).
// Usage: load_test PORT [GAMES=100] [ACTIONS_PER_GAME=60] [THREADS=16] [SPECTATORS=0]
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
  return json::parse(text, [](int depth, json::parse_event_t event, json& parsed) {
    if (depth != 1 || event != json::parse_event_t::key) return true;
    return parsed == "legal_actions" || parsed == "version" || parsed == "active";
  }, false);
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: load_test PORT [GAMES] [ACTIONS_PER_GAME] [THREADS] [SPECTATORS]\n");
    return 2;
  }
  const std::string port = argv[1];
  const int games = argc > 2 ? std::atoi(argv[2]) : 100, per_game = argc > 3 ? std::atoi(argv[3]) : 60,
            threads = argc > 4 ? std::atoi(argv[4]) : 16, spectators = argc > 5 ? std::atoi(argv[5]) : 0;
  struct Game {
    std::string id;
    std::array<std::string, 3> tokens;
    std::size_t next = 0;  // the seat to act next
  };
  std::vector<Game> all(static_cast<std::size_t>(games));
  {
    Client c(port);
    for (auto& g : all) {
      const json made = c.call(http::verb::post, "/api/games", R"({"scenario": "campaign"})").second;
      g.id = made["id"];
      const std::string invitation = json{{"invitation", made["invitation"]}}.dump();
      const char* seats[] = {"UK", "US", "USSR"};
      for (int s = 0; s < 3; ++s)
        g.tokens[static_cast<std::size_t>(s)] = c.call(http::verb::post, "/api/games/" + g.id + "/seats/" + seats[s], invitation).second["token"];
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
  std::vector<double> latencies;
  std::atomic<long> actions{0}, errors{0};
  const auto start = Clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      Client c(port);
      std::mt19937 rng(static_cast<unsigned>(t));
      std::vector<double> mine;
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
          mine.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
          if (s2 != 200) {
            ++errors;
            continue;
          }
          ++actions;
          if (after["active"].empty()) break;  // the game is over
          const std::string next = after["active"][0];
          g.next = next == "UK" ? 0 : next == "US" ? 1 : 2;
        }
      }
      std::lock_guard lock(m);
      latencies.insert(latencies.end(), mine.begin(), mine.end());
    });
  for (auto& th : pool) th.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  work.reset();
  io.stop();
  watcher.join();
  std::sort(latencies.begin(), latencies.end());
  auto pct = [&](double p) { return latencies.empty() ? 0.0 : latencies[static_cast<std::size_t>(p * (latencies.size() - 1))]; };
  std::printf("%d games, %d client threads, %d spectators: %ld actions in %.1f s = %.0f actions/s; act latency p50 %.2f ms, "
              "p99 %.2f ms, max %.2f ms; %ld views pushed; %ld errors\n",
              games, threads, spectators, actions.load(), seconds, actions / seconds, pct(0.5), pct(0.99), pct(1.0), pushed.load(),
              errors.load());
  return errors == 0 ? 0 : 1;
}
