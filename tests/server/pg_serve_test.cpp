// Real `churchill serve` processes on one PostgreSQL database. A commit whose outcome the server
// cannot know (docs/server.md, "Idempotency keys"): the connection to PostgreSQL is cut right at
// COMMIT, as at a database's fast shutdown, by a proxy between the server and the database that cuts
// the connection of a transaction that wrote a game once its COMMIT is sent on (the database commits,
// the server never hears so) or instead of sending it on (nothing is committed). Either way the answer
// is 504 `outcome_unknown`, never "not made", and the request sent again with its Idempotency-Key is
// made exactly once. And the limits that protect the service are the service's, not each server's
// (docs/server.md, "Limits"), and a move made, a seat held or the sessions ended through one server
// reach an account's "My games" socket on another at once ("Notifications"). Needs CHURCHILL_TEST_POSTGRES and CHURCHILL_BINARY (ctest's
// Server.PostgreSQL sets both).
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <csignal>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "server/pg_store.h"
#include "tests/support/http_client.h"
#include "tests/support/my_games_socket.h"

namespace {

using nlohmann::json;
namespace http = boost::beast::http;

int listen_on_loopback(int& port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in at{};
  at.sin_family = AF_INET;
  at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof at;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&at), size) != 0 || ::listen(fd, 64) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&at), &size) != 0)
    return -1;
  port = ntohs(at.sin_port);
  return fd;
}

int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in at{};
  at.sin_family = AF_INET;
  at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  at.sin_port = htons(static_cast<std::uint16_t>(port));
  if (::connect(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Passes PostgreSQL's protocol on unchanged, until armed: then the next transaction that writes a game
// ("UPDATE games") has its connection cut at its COMMIT, after passing the COMMIT on (and giving the
// database time to make it) or instead of passing it on.
class CommitCutter {
 public:
  explicit CommitCutter(int database_port) : database_(database_port) {
    listener_ = listen_on_loopback(port_);
    accepter_ = std::thread([this] { accept_loop(); });
  }
  ~CommitCutter() {
    stop_ = true;
    ::shutdown(listener_, SHUT_RDWR);
    ::close(listener_);
    accepter_.join();
    for (auto& t : pumps_) t.join();
  }
  int port() const { return port_; }
  void arm(bool commit_goes_through) {
    through_ = commit_goes_through;
    armed_ = true;
  }
  int cuts() const { return cuts_; }

 private:
  void accept_loop() {
    for (;;) {
      const int client = ::accept(listener_, nullptr, nullptr);
      if (client < 0) return;
      const int database = connect_to(database_);
      if (database < 0) {
        ::close(client);
        continue;
      }
      pumps_.emplace_back([this, client, database] { pump(client, database); });
    }
  }
  void pump(int client, int database) {
    bool wrote = false;
    char buffer[65536];
    while (!stop_) {
      pollfd fds[2] = {{client, POLLIN, 0}, {database, POLLIN, 0}};
      if (::poll(fds, 2, 100) <= 0) continue;
      if (fds[1].revents) {
        const ssize_t n = ::read(database, buffer, sizeof buffer);
        if (n <= 0 || ::write(client, buffer, static_cast<std::size_t>(n)) != n) break;
      }
      if (fds[0].revents) {
        const ssize_t n = ::read(client, buffer, sizeof buffer);
        if (n <= 0) break;
        const std::string_view sent(buffer, static_cast<std::size_t>(n));
        wrote = wrote || sent.find("UPDATE games") != std::string_view::npos;
        if (armed_ && wrote && sent.find("COMMIT") != std::string_view::npos) {
          if (through_ && ::write(database, buffer, static_cast<std::size_t>(n)) != n) break;
          std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the database commits; its answer is never passed on
          armed_ = false;
          ++cuts_;
          break;
        }
        if (sent.find("COMMIT") != std::string_view::npos) wrote = false;
        if (::write(database, buffer, static_cast<std::size_t>(n)) != n) break;
      }
    }
    ::close(client);
    ::close(database);
  }

  int database_, port_ = 0, listener_ = -1;
  std::thread accepter_;
  std::vector<std::thread> pumps_;
  std::atomic<bool> stop_{false}, armed_{false}, through_{false};
  std::atomic<int> cuts_{0};
};

class ServersOnPostgres : public ::testing::Test {
 protected:
  std::string url, port;  // the port of the server last started
  PGconn* admin = nullptr;
  std::vector<pid_t> pids;

  void SetUp() override {
    const char* env = std::getenv("CHURCHILL_TEST_POSTGRES");
    if (!env || !*env || !std::getenv("CHURCHILL_BINARY")) GTEST_SKIP() << "CHURCHILL_TEST_POSTGRES and CHURCHILL_BINARY are set by ctest";
    url = env;
    admin = PQconnectdb(url.c_str());
    ASSERT_EQ(PQstatus(admin), CONNECTION_OK) << PQerrorMessage(admin);
    PQsetNoticeProcessor(
        admin, [](void*, const char*) {}, nullptr);
    PQclear(PQexec(admin, (std::string("DROP TABLE IF EXISTS ") + server::PgStore::kTables + " CASCADE").c_str()));
  }
  void TearDown() override {
    stop();
    PQfinish(admin);
  }
  void stop() {
    for (const pid_t pid : pids) {
      ::kill(pid, SIGTERM);
      ::waitpid(pid, nullptr, 0);
    }
    pids.clear();
  }
  int database_port() const { return std::stoi(url.substr(url.rfind(':') + 1)); }

  // A `churchill serve` on the database (through a proxy at `via`, 0: directly), with `flags`.
  void serve(int via = 0, std::vector<std::string> flags = {}) {
    const std::string at = url.substr(url.rfind(':') + 1);  // PORT/churchill
    std::string db =
        url.substr(0, url.rfind(':') + 1) + std::to_string(via ? via : database_port()) + at.substr(at.find('/')) + "?sslmode=disable";
    std::vector<std::string> args = {std::getenv("CHURCHILL_BINARY"), "serve", "--port", "0", "--db", db};
    args.insert(args.end(), flags.begin(), flags.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int out[2];
    ASSERT_EQ(::pipe(out), 0);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      ::dup2(out[1], 1);
      ::close(out[0]);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    pids.push_back(pid);
    ::close(out[1]);
    std::string line;
    char ch;
    while (::read(out[0], &ch, 1) == 1 && ch != '\n') line += ch;
    ::close(out[0]);
    const auto colon = line.rfind(':');
    ASSERT_NE(colon, std::string::npos) << line;
    port = line.substr(colon + 1, line.find('/', colon) - colon - 1);
  }

  std::string value(const std::string& query) {
    PGresult* r = PQexec(admin, query.c_str());
    std::string v = PQntuples(r) > 0 ? PQgetvalue(r, 0, 0) : "";
    PQclear(r);
    return v;
  }

  std::pair<int, json> post(const std::string& target, const json& body, const std::string& token = "", const std::string& key = "",
                            const std::string& to = "") {
    http::request<http::string_body> req{http::verb::post, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::content_type, "application/json");
    if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
    if (!key.empty()) req.set("Idempotency-Key", key);
    req.body() = body.dump();
    req.prepare_payload();
    return test_support::HttpClient(to.empty() ? port : to).send(req);
  }
  // A signed-in page's request through the server at `at`: the session cookie and the CSRF header;
  // `session` is set from the cookie of the first answer when it is empty (registered, signed in).
  std::pair<int, json> page_request(const std::string& at, std::string& session, http::verb method, const std::string& target,
                                    const json& body) {
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::content_type, "application/json");
    req.set("X-Churchill-CSRF", "1");
    if (!session.empty()) req.set(http::field::cookie, "churchill_session=" + session);
    req.body() = body.dump();
    req.prepare_payload();
    test_support::HttpClient client(at);
    auto answer = client.send(req);
    if (session.empty()) session = client.set_cookie().substr(18, 64);
    return answer;
  }
  json view(const std::string& id, const std::string& token) {
    return test_support::HttpClient(port).call(http::verb::get, "/api/games/" + id + "/view", "", token).second;
  }
};

TEST_F(ServersOnPostgres, ACommitCutAtCommitIsAnsweredUnknownAndItsKeyMakesItExactlyOnce) {
  CommitCutter cutter(database_port());
  serve(cutter.port());
  for (const bool through : {true, false}) {
    SCOPED_TRACE(through ? "the COMMIT reached the database" : "the COMMIT never reached the database");
    // Every seat a human's, all claimed here: nothing but this test's requests changes the game.
    const auto [created, game] = post("/api/games", {{"seating", "public"}});
    ASSERT_EQ(created, 201) << game.dump();
    const std::string id = game["id"];
    std::string token, seat;
    json before;
    for (const char* name : {"UK", "US", "USSR"}) {
      const auto [claimed, got] = post("/api/games/" + id + "/seats/" + name, json::object());
      ASSERT_EQ(claimed, 201) << got.dump();
      const json v = view(id, got["token"]);
      if (token.empty() && !v["legal_actions"].empty()) token = got["token"], seat = name, before = v;
    }
    ASSERT_FALSE(token.empty()) << "a seat may act";
    const auto stored_version = [&] { return std::stoull(value("SELECT version FROM games WHERE id = '" + id + "'")); };
    const auto seat_actions = [&] {
      return std::stoi(value(fmt::format("SELECT count(*) FROM actions WHERE game = '{}' AND seat = '{}'", id, seat)));
    };
    const std::uint64_t version_before = stored_version();
    const int actions_before = seat_actions();
    const json action = {{"action", before["legal_actions"][0]}, {"version", before["version"]}};
    const std::string key = through ? "key-1" : "key-2";
    cutter.arm(through);
    const auto [status, answer] = post("/api/games/" + id + "/actions", action, token, key);
    EXPECT_EQ(cutter.cuts(), through ? 1 : 2);
    EXPECT_EQ(status, 504) << answer.dump();
    EXPECT_EQ(answer.value("code", ""), "outcome_unknown") << "never \"not made\": " << answer.dump();
    EXPECT_EQ(seat_actions() == actions_before + 1, through) << "stored exactly when the COMMIT reached the database";

    // Sent again with its key: made now if it was not, never a second time.
    const auto [again, after] = post("/api/games/" + id + "/actions", action, token, key);
    ASSERT_EQ(again, 200) << after.dump();
    EXPECT_GT(after["version"].get<std::uint64_t>(), before["version"].get<std::uint64_t>());
    EXPECT_EQ(view(id, token), after);
    EXPECT_EQ(stored_version(), version_before + 1) << "one change stored, not two";
    EXPECT_EQ(seat_actions(), actions_before + 1) << "the action stored once";
    const auto [third, same] = post("/api/games/" + id + "/actions", action, token, key);
    EXPECT_EQ(third, 200);
    EXPECT_EQ(same, after) << "the same answer again";

    // Without the key, the same request on the old version is refused, not applied twice.
    const auto [stale, refused] = post("/api/games/" + id + "/actions", action, token);
    EXPECT_EQ(stale, 409) << refused.dump();
    // The key with another request is refused.
    const auto [reused, said] = post("/api/games/" + id + "/undo", {{"version", after["version"]}}, token, key);
    EXPECT_EQ(reused, 422) << said.dump();
    EXPECT_EQ(said.value("code", ""), "key_reused");
    EXPECT_EQ(stored_version(), version_before + 1);
    EXPECT_EQ(seat_actions(), actions_before + 1);
    const auto [bad, wrong] = post("/api/games/" + id + "/actions", action, token, "no spaces allowed");
    EXPECT_EQ(bad, 400) << wrong.dump();
  }
}

// 40 creations through 2 servers meet the same limit as through 1: the buckets are the database's.
TEST_F(ServersOnPostgres, TheRateOfNewGamesIsTheServicesNotEachServers) {
  const auto made_through = [&](int servers) {
    stop();
    PQclear(PQexec(admin, (std::string("DROP TABLE IF EXISTS ") + server::PgStore::kTables + " CASCADE").c_str()));
    std::vector<std::string> ports;
    for (int i = 0; i < servers; ++i) serve(), ports.push_back(port);
    int made = 0;
    for (int i = 0; i < 40; ++i) {
      const auto [status, body] = post("/api/games", json::object(), "", "", ports[static_cast<std::size_t>(i % servers)]);
      EXPECT_TRUE(status == 201 || status == 429) << status << body.dump();
      made += status == 201;
    }
    return made;
  };
  const int one = made_through(1), two = made_through(2);
  std::cout << "figures: 40 creations from one address: " << one << " made through 1 server, " << two << " through 2\n";
  EXPECT_GE(one, 10) << "the burst of 10";
  EXPECT_LE(one, 11) << "and what refilled at 10 a minute meanwhile";
  EXPECT_GE(two, 10);
  EXPECT_LE(two, 11);
}

// Games in play per address are counted in the database: every server's games.
TEST_F(ServersOnPostgres, GamesPerAddressAreCountedAcrossServers) {
  const std::vector<std::string> flags = {"--max-games-per-address", "3", "--create-burst", "100"};
  serve(0, flags);
  const std::string a = port;
  serve(0, flags);
  const std::string b = port;
  int made = 0;
  for (int i = 0; i < 8; ++i) {
    const auto [status, body] = post("/api/games", json::object(), "", "", i % 2 ? a : b);
    if (status == 429) {
      EXPECT_EQ(body.value("code", ""), "games_held") << body.dump();
    }
    made += status == 201;
  }
  EXPECT_EQ(made, 3);
}

// "My games" pushed (docs/server.md, "Notifications"): a move made through one server reaches the
// account's socket on another, as the game's sockets learn of it (the store's notifications).
TEST_F(ServersOnPostgres, AMoveThroughOneServerIsPushedToTheAccountsSocketOnAnother) {
  serve();
  const std::string a = port;
  serve();
  const std::string b = port;
  port = a;  // every request through A; the socket on B
  // A request of Anna's page on server A: the session cookie and the header.
  std::string session;
  const auto page = [&](const std::string& target, const json& body) { return page_request(a, session, http::verb::post, target, body); };
  ASSERT_EQ(page("/api/accounts", {{"name", "anna"}, {"password", "correct horse"}}).first, 201);
  const auto [created, game] =
      post("/api/games", {{"scenario", "training"}, {"seating", "public"}, {"seats", {{"USSR", "bot:rulebook"}}}}, "", "", a);
  ASSERT_EQ(created, 201) << game.dump();
  const std::string id = game["id"];
  const std::string uk = page("/api/games/" + id + "/seats/UK", json::object()).second.value("token", "");
  const std::string us = post("/api/games/" + id + "/seats/US", json::object(), "", "", a).second.value("token", "");
  const auto active = [&](const std::string& token) { return !view(id, token)["legal_actions"].empty(); };
  const auto act = [&](const std::string& token) {
    const json v = view(id, token);
    const auto [status, body] =
        post("/api/games/" + id + "/actions", {{"action", v["legal_actions"][0]}, {"version", v["version"]}}, token);
    EXPECT_EQ(status, 200) << body.dump();
    return status;
  };
  for (int i = 0; i < 50 && active(uk); ++i) ASSERT_EQ(act(uk), 200);  // Anna's agenda: the game waits for Boris (5.1)
  ASSERT_TRUE(active(us));
  test_support::MyGamesSocket pushes(b, session);
  ASSERT_TRUE(pushes.opened());
  const auto first = pushes.next();
  ASSERT_TRUE(first);
  ASSERT_EQ((*first)["games"].size(), 1u) << first->dump();
  EXPECT_FALSE((*first)["games"][0].value("your_turn", true));
  double seconds = -1;
  for (int i = 0; i < 20 && seconds < 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // an account's lists come a second apart at most
    ASSERT_TRUE(active(us)) << "the game no longer waits for Boris, and UK was not told";
    ASSERT_EQ(act(us), 200);
    const auto moved = std::chrono::steady_clock::now();
    if (!active(uk)) continue;
    for (auto list = pushes.next(3); list && seconds < 0; list = pushes.next(3))
      if ((*list)["games"][0].value("your_turn", false))
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - moved).count();
    break;
  }
  std::cout << "figures: pushed through the other server " << seconds << " s after the move\n";
  EXPECT_GE(seconds, 0) << "UK's turn was not pushed through server B";
  EXPECT_LT(seconds, 2.0);
}

// A seat claimed, and the sessions ended, through server A reach Anna's "My games" socket on server B
// at once, through the store's notifications (`account:ID` on the games' channel), not when B makes
// each account's list again a minute later (MyGames::kRecheck).
TEST_F(ServersOnPostgres, ASeatHeldAndASessionEndedThroughOneServerReachTheAccountsSocketOnAnother) {
  serve();
  const std::string a = port;
  serve();
  const std::string b = port;
  std::string session;
  const auto page = [&](http::verb method, const std::string& target, const json& body) {
    return page_request(a, session, method, target, body);
  };
  ASSERT_EQ(page(http::verb::post, "/api/accounts", {{"name", "anna"}, {"password", "correct horse"}}).first, 201);
  test_support::MyGamesSocket pushes(b, session);
  ASSERT_TRUE(pushes.opened());
  const auto first = pushes.next();
  ASSERT_TRUE(first);
  EXPECT_TRUE((*first)["games"].empty()) << first->dump();
  const auto [created, game] = post("/api/games", {{"scenario", "training"}, {"seating", "public"}}, "", "", a);
  ASSERT_EQ(created, 201) << game.dump();
  const std::string id = game["id"];

  const auto claimed = std::chrono::steady_clock::now();
  const auto [status, seat] = page(http::verb::post, "/api/games/" + id + "/seats/UK", json::object());
  ASSERT_EQ(status, 201) << seat.dump();
  ASSERT_EQ(seat.value("account", ""), "anna") << seat.dump();
  double held = -1;
  for (auto list = pushes.next(5); list && held < 0; list = pushes.next(5))
    if ((*list)["games"].size() == 1 && (*list)["games"][0].value("id", "") == id)
      held = std::chrono::duration<double>(std::chrono::steady_clock::now() - claimed).count();
  EXPECT_GE(held, 0) << "the seat held through server A was not pushed through server B within 5 s";
  EXPECT_LT(held, 2.0);

  const auto signed_out = std::chrono::steady_clock::now();
  const auto [out, ended] = page(http::verb::delete_, "/api/sessions", json::object());
  ASSERT_EQ(out, 200) << ended.dump();
  EXPECT_EQ(ended.value("ended", 0), 1);
  while (!pushes.closed() && std::chrono::steady_clock::now() - signed_out < std::chrono::seconds(5)) pushes.next(0.2);
  const double closed = std::chrono::duration<double>(std::chrono::steady_clock::now() - signed_out).count();
  EXPECT_TRUE(pushes.closed()) << "the socket on server B outlived the sessions ended through server A by 5 s";
  EXPECT_LT(closed, 2.0);
  std::cout << "figures: through the other server, a seat held pushed after " << held << " s, the socket closed " << closed
            << " s after the sessions ended\n";
}

// Table talk written through server A is pushed over the game's WebSockets on server B to the seats
// that may read it (issue 35, item 4; the store's notification `chat:GAME:MESSAGE`), and once over
// A's own: a private message (5.13) to its addressee only, never to a spectator.
TEST_F(ServersOnPostgres, TableTalkThroughOneServerIsPushedOverTheGamesSocketsOnAnother) {
  serve();
  const std::string a = port;
  serve();
  const std::string b = port;
  port = a;
  const auto [created, game] =
      post("/api/games", {{"scenario", "training"}, {"seating", "public"}, {"seats", {{"USSR", "bot:rulebook"}}}}, "", "", a);
  ASSERT_EQ(created, 201) << game.dump();
  const std::string id = game["id"];
  const std::string uk = post("/api/games/" + id + "/seats/UK", json::object(), "", "", a).second.value("token", "");
  const std::string us = post("/api/games/" + id + "/seats/US", json::object(), "", "", a).second.value("token", "");
  test_support::MyGamesSocket us_on_b(b, {id, us}), spectator_on_b(b, {id, ""}), uk_on_a(a, {id, uk});
  ASSERT_TRUE(us_on_b.opened() && spectator_on_b.opened() && uk_on_a.opened());
  // The chat messages a socket is pushed within `seconds` (views aside).
  const auto chats = [](test_support::MyGamesSocket& ws, double seconds) {
    std::vector<json> out;
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < until)
      if (const auto m = ws.next(0.1); m && m->contains("chat")) out.push_back((*m)["chat"]);
    return out;
  };
  chats(us_on_b, 0.5);  // the first views
  const auto said = std::chrono::steady_clock::now();
  const auto [status, body] = post("/api/games/" + id + "/chat", {{"channel", "private"}, {"to", "US"}, {"text", "a deal?"}}, uk, "", a);
  ASSERT_EQ(status, 201) << body.dump();
  double pushed = -1;
  for (int i = 0; i < 30 && pushed < 0; ++i)
    for (const json& m : chats(us_on_b, 0.1))
      if (m.value("text", "") == "a deal?") pushed = std::chrono::duration<double>(std::chrono::steady_clock::now() - said).count();
  EXPECT_GE(pushed, 0) << "the private message written through A never reached US's socket on B";
  EXPECT_LT(pushed, 2.0);
  const auto own = chats(uk_on_a, 1.5);
  EXPECT_EQ(std::count_if(own.begin(), own.end(), [](const json& m) { return m.value("text", "") == "a deal?"; }), 1)
      << "the writer's socket on A: once, not again when A hears its own announcement";
  EXPECT_TRUE(chats(spectator_on_b, 0.5).empty()) << "a spectator on B is pushed no private message";
  std::cout << "figures: a private message through A pushed to its addressee on B after " << pushed << " s\n";
}

}  // namespace
