// The client side of the deployment test (tests/e2e/deploy.sh): plays games through the load balancer
// from several client threads while WebSocket spectators watch every game on both servers directly;
// says "halfway" when half of the actions are acknowledged (the script then kills one server with
// SIGKILL and creates GO_FILE) and plays on through the other. Then checks that every acknowledged
// action is stored, in order, in PostgreSQL; that the surviving server's spectators were pushed every
// game's final version, moves made through the other server included; and that no response or push
// carried a secret (a token, a token hash, the seed or the generator, the actions of the record).
// Usage: deploy_check NGINX_PORT PORT_A PORT_B POSTGRES_URL GAMES ROUNDS GO_FILE KILLED(A|B)
#include <libpq-fe.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
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
using Client = test_support::HttpClient;

namespace {

constexpr const char* kSeats[] = {"UK", "US", "USSR"};

struct Ack {
  std::string seat, action;
  std::uint64_t version;  // the view's version after it
};

struct Game {
  std::string id;
  std::array<std::string, 3> tokens;
  std::vector<Ack> acks;
  bool over = false;
};

std::mutex report_mutex;
std::atomic<int> leaks{0};

void leak(const std::string& what, const std::string& where) {
  if (leaks++ < 5) {
    std::lock_guard lock(report_mutex);
    std::printf("LEAK: %s in %s\n", what.c_str(), where.substr(0, 200).c_str());
  }
}

// A response or push must carry none of the game's secrets; a spectator's view no hand.
void check_secrets(const std::string& text, const Game& g, std::optional<int> seat, const std::string& where) {
  const json v = json::parse(text, nullptr, false);
  const bool finished = v.is_object() && v.contains("active") && v["active"].empty();
  for (const char* secret : {"token_hash", "xoshiro", "invitation", "\"actions\"", "\"draw\""})
    if (text.find(secret) != std::string::npos) leak(secret, where);
  if (!finished && text.find("\"seed\"") != std::string::npos) leak("the seed of a game in play", where);
  for (int s = 0; s < 3; ++s)
    if (s != seat && !g.tokens[static_cast<std::size_t>(s)].empty() &&
        text.find(g.tokens[static_cast<std::size_t>(s)]) != std::string::npos)
      leak(std::string("the token of ") + kSeats[s], where);
  if (!seat && v.is_object() && v.contains("hand") && !v["hand"].is_null() && !v["hand"].empty())
    leak("a hand in a spectator's view", where);
}

// A spectator on one server: the last version it was pushed and how many views.
struct Spectator {
  std::unique_ptr<websocket::stream<tcp::socket>> ws;
  beast::flat_buffer buffer;
  std::atomic<std::uint64_t> version{0};
  std::atomic<std::uint64_t> first{0}, before_kill{0};  // the version it was first sent; the last before the kill
  std::atomic<int> views{0};
  std::atomic<bool> closed{false};
  const Game* game = nullptr;
};

void read_pushes(Spectator& s, const std::string& go_file) {
  s.ws->async_read(s.buffer, [&s, &go_file](beast::error_code ec, std::size_t) {
    if (ec) {
      s.closed = true;
      return;
    }
    const std::string text = beast::buffers_to_string(s.buffer.data());
    s.buffer.consume(s.buffer.size());
    check_secrets(text, *s.game, std::nullopt, "a push");
    const json v = json::parse(text, nullptr, false);
    if (v.is_object() && v["version"].is_number_unsigned()) s.version = v["version"].get<std::uint64_t>();
    if (s.views++ == 0) s.first = s.version.load();
    if (!std::filesystem::exists(go_file)) s.before_kill = s.version.load();
    read_pushes(s, go_file);
  });
}

struct Counters {
  std::atomic<long> acked{0}, conflicts{0}, unavailable{0}, reconnects{0};
};

// One action of the game's acting seat, retried through conflicts and a server's death: true once
// one is acknowledged (false: the game is over).
bool act_once(std::unique_ptr<Client>& c, const std::string& port, Game& g, std::mt19937& rng, Counters& n) {
  for (int attempt = 0; attempt < 50; ++attempt) {
    try {
      if (!c) {
        c = std::make_unique<Client>(port);
        ++n.reconnects;
      }
      auto [status, text] = c->call_text(http::verb::get, "/api/games/" + g.id + "/view");
      if (status != 200) {
        ++n.unavailable;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        continue;
      }
      check_secrets(text, g, std::nullopt, "a spectator's view");
      const json spectator = json::parse(text);
      if (spectator["active"].empty()) {
        g.over = true;
        return false;
      }
      const std::string seat_name = spectator["active"][0];
      const int seat = seat_name == "UK" ? 0 : seat_name == "US" ? 1 : 2;
      const std::string& token = g.tokens[static_cast<std::size_t>(seat)];
      auto [s1, view_text] = c->call_text(http::verb::get, "/api/games/" + g.id + "/view", "", token);
      if (s1 != 200) {
        ++n.unavailable;
        continue;
      }
      check_secrets(view_text, g, seat, "a seat's view");
      const json view = json::parse(view_text);
      if (view["legal_actions"].empty()) continue;  // changed meanwhile
      const std::string action = view["legal_actions"][rng() % view["legal_actions"].size()];
      auto [s2, after_text] = c->call_text(http::verb::post, "/api/games/" + g.id + "/actions",
                                           json{{"action", action}, {"version", view["version"]}}.dump(), token);
      check_secrets(after_text, g, seat, "an action's answer");
      if (s2 == 200) {
        g.acks.push_back({seat_name, action, json::parse(after_text)["version"].get<std::uint64_t>()});
        ++n.acked;
        return true;
      }
      if (s2 == 409) {
        ++n.conflicts;
        continue;
      }
      ++n.unavailable;  // 502 (the server died with the request) or 503: its outcome is read back next time
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    } catch (const std::exception&) {
      c.reset();  // the balancer closed the connection: a new one
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  throw std::runtime_error("no action of game " + g.id + " was acknowledged in 50 attempts");
}

// Every acknowledged action of the game is stored, in order, and the stored version of the
// spectators' views (the first of the game's "versions", server/versions.h) is the last view's.
int check_stored(PGconn* db, const Game& g, std::uint64_t final_version) {
  const char* params[] = {g.id.c_str()};
  PGresult* r = PQexecParams(db, "SELECT seat, action FROM actions WHERE game = $1 ORDER BY idx", 1, nullptr, params, nullptr, nullptr, 0);
  int failures = 0;
  std::size_t next = 0;
  for (int i = 0; i < PQntuples(r) && next < g.acks.size(); ++i)
    if (g.acks[next].seat == PQgetvalue(r, i, 0) && g.acks[next].action == PQgetvalue(r, i, 1)) ++next;
  PQclear(r);
  if (next != g.acks.size()) {
    std::printf("LOST: game %s: acknowledged action %zu of %zu (%s %s) is not stored in order\n", g.id.c_str(), next + 1, g.acks.size(),
                g.acks[next].seat.c_str(), g.acks[next].action.c_str());
    ++failures;
  }
  PGresult* v = PQexecParams(db, "SELECT split_part(versions, ',', 1) FROM games WHERE id = $1", 1, nullptr, params, nullptr, nullptr, 0);
  const std::string stored = PQntuples(v) == 1 ? PQgetvalue(v, 0, 0) : "none";
  PQclear(v);
  if (stored != std::to_string(final_version)) {
    std::printf("DIVERGED: game %s is at version %s in the database, %llu in its view\n", g.id.c_str(), stored.c_str(),
                static_cast<unsigned long long>(final_version));
    ++failures;
  }
  if (!g.acks.empty() && g.acks.back().version > final_version) {
    std::printf("LOST: game %s acknowledged version %llu but is at %llu\n", g.id.c_str(),
                static_cast<unsigned long long>(g.acks.back().version), static_cast<unsigned long long>(final_version));
    ++failures;
  }
  return failures;
}

int run(int argc, char** argv) {
  if (argc != 9) {
    std::fprintf(stderr, "usage: deploy_check NGINX_PORT PORT_A PORT_B POSTGRES_URL GAMES ROUNDS GO_FILE KILLED(A|B)\n");
    return 2;
  }
  const std::string front = argv[1], url = argv[4], go_file = argv[7];
  const std::array<std::string, 2> ports = {argv[2], argv[3]};
  const int games = std::atoi(argv[5]), rounds = std::atoi(argv[6]);
  const std::size_t survivor = std::string(argv[8]) == "A" ? 1 : 0;
  const auto start = std::chrono::steady_clock::now();

  std::vector<Game> all(static_cast<std::size_t>(games));
  {
    Client c(front);
    for (auto& g : all) {
      const auto [status, made] = c.call(http::verb::post, "/api/games", R"({"scenario": "campaign"})");
      if (status != 201) {
        std::printf("creating a game: %d %s\n", status, made.dump().c_str());
        return 1;
      }
      g.id = made["id"];
      const std::string invitation = json{{"invitation", made["invitation"]}}.dump();
      for (std::size_t s = 0; s < 3; ++s)
        g.tokens[s] = c.call(http::verb::post, "/api/games/" + g.id + "/seats/" + kSeats[s], invitation).second["token"];
    }
  }

  // Spectators of every game on both servers, read by one thread.
  boost::asio::io_context io;
  std::vector<std::unique_ptr<Spectator>> spectators;
  for (const Game& g : all)
    for (const std::string& port : ports) {
      auto s = std::make_unique<Spectator>();
      s->game = &g;
      s->ws = std::make_unique<websocket::stream<tcp::socket>>(io);
      boost::asio::connect(s->ws->next_layer(), tcp::resolver(io).resolve("127.0.0.1", port));
      s->ws->handshake("127.0.0.1", "/api/games/" + g.id + "/ws");
      s->ws->write(boost::asio::buffer(std::string("{}")));
      read_pushes(*s, go_file);
      spectators.push_back(std::move(s));
    }
  auto work = boost::asio::make_work_guard(io);
  std::thread reader([&] { io.run(); });

  // Races: the same seat sends a different action on one version to both servers at once. At most
  // one may be acknowledged; the other is refused 409, with the current view when its server found
  // the conflict only at its commit.
  int cross_conflicts = 0, races_failed = 0;
  {
    Game& g = all[0];
    Client on_a(ports[0]), on_b(ports[1]);
    for (int race = 0; race < 20; ++race) {
      const json spectator = json::parse(on_a.call_text(http::verb::get, "/api/games/" + g.id + "/view").second);
      if (spectator["active"].empty()) break;
      const std::string seat_name = spectator["active"][0];
      const std::size_t seat = seat_name == "UK" ? 0 : seat_name == "US" ? 1 : 2;
      const json view = json::parse(on_a.call_text(http::verb::get, "/api/games/" + g.id + "/view", "", g.tokens[seat]).second);
      const auto& legal = view["legal_actions"];
      if (legal.empty()) continue;
      const std::array<std::string, 2> actions = {legal[0], legal[legal.size() - 1]};
      std::array<std::pair<int, std::string>, 2> answers;
      std::array<Client*, 2> clients = {&on_a, &on_b};
      std::vector<std::thread> both;
      for (std::size_t k = 0; k < 2; ++k)
        both.emplace_back([&, k] {
          answers[k] = clients[k]->call_text(http::verb::post, "/api/games/" + g.id + "/actions",
                                             json{{"action", actions[k]}, {"version", view["version"]}}.dump(), g.tokens[seat]);
        });
      for (auto& t : both) t.join();
      int acknowledged = 0;
      for (std::size_t k = 0; k < 2; ++k) {
        check_secrets(answers[k].second, g, static_cast<int>(seat), "a raced action's answer");
        const json body = json::parse(answers[k].second, nullptr, false);
        if (answers[k].first == 200) {
          ++acknowledged;
          g.acks.push_back({seat_name, actions[k], body["version"].get<std::uint64_t>()});
        } else if (answers[k].first == 409 && body.value("error", "").find("another server") != std::string::npos) {
          ++cross_conflicts;
          if (!body.contains("view") || body["view"]["version"] <= view["version"]) {
            std::printf("FAILED: a conflict's 409 does not carry the current view: %s\n", answers[k].second.substr(0, 200).c_str());
            ++races_failed;
          }
        } else if (answers[k].first != 409) {
          std::printf("FAILED: a raced action was answered %d: %s\n", answers[k].first, answers[k].second.substr(0, 200).c_str());
          ++races_failed;
        }
      }
      if (acknowledged > 1) {
        std::printf("FORKED: both servers acknowledged an action on version %s of game %s\n", view["version"].dump().c_str(), g.id.c_str());
        ++races_failed;
      }
    }
    std::printf("20 races of two servers: %d refused at commit as changed through the other server\n", cross_conflicts);
    if (cross_conflicts == 0) {
      std::printf("FAILED: no race reached a commit on both servers\n");
      ++races_failed;
    }
  }

  // Players: client threads through the balancer, each driving its share of the games.
  Counters n;
  std::atomic<bool> said_halfway{false}, failed{false};
  const long total = static_cast<long>(games) * rounds;
  auto killed = [&] { return std::filesystem::exists(go_file); };
  const int threads = std::min(games, 8);
  auto all_pushed = [&] {
    for (std::size_t gi = 0; gi < all.size(); ++gi) {
      const Spectator& s = *spectators[gi * 2 + survivor];
      if (s.views == 0 || s.version <= s.first) return false;
    }
    return true;
  };
  std::vector<std::thread> players;
  for (int t = 0; t < threads; ++t)
    players.emplace_back([&, t] {
      std::mt19937 rng(static_cast<unsigned>(t) + 1);
      std::unique_ptr<Client> c;
      try {
        // The rounds, then (if the server is not killed yet) waiting for it, then four more rounds
        // so that play surely goes on through the survivor.
        for (int round = 0; round < rounds + 4; ++round) {
          if (round == rounds)
            for (int i = 0; i < 600 && !killed(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
          for (int gi = t; gi < games; gi += threads) {
            Game& g = all[static_cast<std::size_t>(gi)];
            if (!g.over) act_once(c, front, g, rng, n);
            if (n.acked >= total / 2 && !said_halfway.exchange(true)) {
              // The kill waits (at most 20 s) until the survivor has pushed a move of every game:
              // on a loaded machine a push made through the other server may take a while to cross,
              // and one that had not crossed yet would be counted as never pushed.
              for (int i = 0; i < 400 && !all_pushed(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
              std::printf("halfway: %ld actions acknowledged\n", n.acked.load());
              std::fflush(stdout);
            }
          }
        }
      } catch (const std::exception& e) {
        std::lock_guard lock(report_mutex);
        std::printf("FAILED: %s\n", e.what());
        failed = true;
      }
    });
  for (auto& p : players) p.join();
  if (!killed()) {
    std::printf("FAILED: the server was not killed during play\n");
    failed = true;
  }

  // Checks: the final views through the balancer and the survivor, the database, the pushes.
  int failures = (failed ? 1 : 0) + races_failed;
  PGconn* db = PQconnectdb(url.c_str());
  if (PQstatus(db) != CONNECTION_OK) {
    std::printf("cannot connect to %s: %s\n", url.c_str(), PQerrorMessage(db));
    return 1;
  }
  Client balancer(front), direct(ports[survivor]);
  int pushed_elsewhere = 0;
  for (std::size_t gi = 0; gi < all.size(); ++gi) {
    const Game& g = all[gi];
    const auto [status, text] = balancer.call_text(http::verb::get, "/api/games/" + g.id + "/view");
    const auto [status2, text2] = direct.call_text(http::verb::get, "/api/games/" + g.id + "/view");
    if (status != 200 || status2 != 200 || text != text2) {
      std::printf("DIVERGED: game %s: the balancer and the survivor answer differently (%d, %d)\n", g.id.c_str(), status, status2);
      ++failures;
      continue;
    }
    const std::uint64_t version = json::parse(text)["version"];
    failures += check_stored(db, g, version);
    const Spectator& s = *spectators[gi * 2 + survivor];
    for (int i = 0; i < 100 && s.version != version; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (s.version != version || s.closed) {
      std::printf("NOT PUSHED: game %s: the survivor's spectator last saw version %llu of %llu\n", g.id.c_str(),
                  static_cast<unsigned long long>(s.version.load()), static_cast<unsigned long long>(version));
      ++failures;
    }
    if (s.before_kill > s.first) ++pushed_elsewhere;
  }
  // Half the games were played through the killed server before it died (the balancer sends each
  // game to one server): the survivor's spectators saw those moves only if pushes cross servers.
  if (pushed_elsewhere != games) {
    std::printf("NOT PUSHED: the survivor's spectators of %d games saw no move made before the kill\n", games - pushed_elsewhere);
    ++failures;
  }
  PQfinish(db);
  work.reset();
  io.stop();
  reader.join();
  failures += leaks;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "%d games, %ld actions acknowledged in %.1f s (%ld answered 409 and chosen again, %ld answered 502/503 or cut off and "
      "read back, %ld new connections); the survivor's spectators were pushed moves of %d games before the kill, half of them made through the other server; %d leaks; %d failures\n",
      games, n.acked.load(), seconds, n.conflicts.load(), n.unavailable.load(), n.reconnects.load(), pushed_elsewhere, leaks.load(),
      failures);
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  return cli::guarded_main("deploy_check", [&] { return run(argc, argv); });
}
