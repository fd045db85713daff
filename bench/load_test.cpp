// A bounded load test of `churchill serve` on loopback: G games at once, every seat driven through
// the HTTP API by client threads choosing random legal actions. Reports actions/s and latency.
// Usage: load_test PORT [GAMES=100] [ACTIONS_PER_GAME=60] [THREADS=16]
#include <utility>

#include <algorithm>
#include <atomic>
#include "tests/support/http_client.h"
#include <chrono>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>
#include <vector>

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

using Client = test_support::HttpClient;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: load_test PORT [GAMES] [ACTIONS_PER_GAME] [THREADS]\n");
    return 2;
  }
  const std::string port = argv[1];
  const int games = argc > 2 ? std::atoi(argv[2]) : 100, per_game = argc > 3 ? std::atoi(argv[3]) : 60,
            threads = argc > 4 ? std::atoi(argv[4]) : 16;
  struct Game {
    std::string id;
    std::array<std::string, 3> tokens;
  };
  std::vector<Game> all(static_cast<std::size_t>(games));
  {
    Client c(port);
    for (auto& g : all) {
      g.id = c.call(http::verb::post, "/api/games", R"({"scenario": "campaign"})", "").second["id"];
      const char* seats[] = {"UK", "US", "USSR"};
      for (int s = 0; s < 3; ++s) g.tokens[static_cast<std::size_t>(s)] = c.call(http::verb::post, "/api/games/" + g.id + "/seats/" + seats[s], "", "").second["token"];
    }
  }
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
      for (int round = 0; round < per_game; ++round)
        for (int gi = t; gi < games; gi += threads) {
          Game& g = all[static_cast<std::size_t>(gi)];
          for (const auto& token : g.tokens) {  // whichever seat may act
            auto [status, view] = c.call(http::verb::get, "/api/games/" + g.id + "/view", "", token);
            if (status != 200) { ++errors; continue; }
            if (view["legal_actions"].empty()) continue;
            const std::string action = view["legal_actions"][rng() % view["legal_actions"].size()];
            const auto t0 = Clock::now();
            auto [s2, _] = c.call(http::verb::post, "/api/games/" + g.id + "/actions", json{{"action", action}}.dump(), token);
            mine.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            if (s2 != 200) ++errors; else ++actions;
            break;
          }
        }
      std::lock_guard lock(m);
      latencies.insert(latencies.end(), mine.begin(), mine.end());
    });
  for (auto& th : pool) th.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::sort(latencies.begin(), latencies.end());
  auto pct = [&](double p) { return latencies.empty() ? 0.0 : latencies[static_cast<std::size_t>(p * (latencies.size() - 1))]; };
  std::printf("%d games, %d client threads: %ld actions in %.1f s = %.0f actions/s; latency p50 %.2f ms, p99 %.2f ms; %ld errors\n",
              games, threads, actions.load(), seconds, actions / seconds, pct(0.5), pct(0.99), errors.load());
  return errors == 0 ? 0 : 1;
}
