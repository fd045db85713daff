// The attacks of issue 31 (tests/server/attack_test.cpp) against the endpoints of issue 35: accounts
// and sessions, "My games" and its socket, notification settings and their codes, vacations, table
// talk and the clocks (docs/server.md, "Accounts" ... "Paces and clocks"). Each test floods from a
// few hostile addresses beside a victim on another address whose requests are timed (a probe), and
// checks that bad input changed nothing. Figures are printed ("figures: ..."); the bounds are loose
// (a shared machine), far below the failures they guard against.
#include <atomic>
#include <map>
#include <mutex>
#include <thread>

#include "tests/server/latencies.h"
#include "tests/server/server_fixture.h"
#include "tests/support/my_games_socket.h"
#include "tests/support/sanitized.h"

namespace {

namespace http = boost::beast::http;
using nlohmann::json;
using test_support::Latencies;
using test_support::load_average;
using Clock = std::chrono::steady_clock;

using test_support::kSlow;

// Statuses seen by a flood, counted from several threads.
class Tally {
 public:
  void add(int status) {
    const std::lock_guard lock(mutex_);
    ++counts_[status];
  }
  int count(int status) const {
    const std::lock_guard lock(mutex_);
    const auto it = counts_.find(status);
    return it == counts_.end() ? 0 : it->second;
  }
  // Any status but those expected.
  int others(std::initializer_list<int> expected) const {
    const std::lock_guard lock(mutex_);
    int n = 0;
    for (const auto& [status, count] : counts_)
      if (std::find(expected.begin(), expected.end(), status) == expected.end()) n += count;
    return n;
  }
  std::string figures() const {
    const std::lock_guard lock(mutex_);
    std::string out;
    for (const auto& [status, count] : counts_) out += fmt::format("{}{}x{}", out.empty() ? "" : ", ", count, status);
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::map<int, int> counts_;
};

class AccountsAttack : public test_support::Server {
 protected:
  // One request of a page of this site from `from` (the session cookie and X-Churchill-CSRF), on a
  // connection of its own: {status, body, Set-Cookie's session token}. 0 when the server closed the
  // connection without an answer.
  struct Answer {
    int status = 0;
    json body;
    std::string session;
  };
  Answer page(const std::string& from, http::verb method, const std::string& target, const std::string& body = "",
              const std::string& session = "", const std::string& bearer = "") {
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::content_type, "application/json");
    req.set("X-Churchill-CSRF", "1");
    if (!session.empty()) req.set(http::field::cookie, "churchill_session=" + session);
    if (!bearer.empty()) req.set(http::field::authorization, "Bearer " + bearer);
    req.body() = body;
    req.prepare_payload();
    try {
      test_support::HttpClient client(port, from);
      auto [status, answer] = client.send(req);
      const std::string& cookie = client.set_cookie();
      const auto at = cookie.find("churchill_session=");
      return {status, answer, at == std::string::npos ? "" : cookie.substr(at + 18, cookie.find(';', at) - at - 18)};
    } catch (const std::exception&) {
      return {};
    }
  }
  std::string signed_up(const std::string& from, const std::string& name) {
    const Answer a = page(from, http::verb::post, "/api/accounts", json{{"name", name}, {"password", "correct horse"}}.dump());
    EXPECT_EQ(a.status, 201) << a.body.dump();
    return a.session;
  }
  std::string count(const std::string& table) { return test_support::sql_text(db, "SELECT count(*) FROM " + table); }
  // What the tables of accounts and their games hold: what bad input must leave as it was.
  std::string tables() {
    std::string out;
    for (const char* table : {"accounts", "account_sessions", "account_seats", "chat", "chat_mutes", "vacations", "notify_settings",
                              "notify_outbox"})
      out += std::string(table) + "=" + count(table) + " ";
    return out + "clocks=" + test_support::sql_text(db, "SELECT group_concat(clocks, '|') FROM games");
  }
  // The victim: its own game's view and first legal action, each timed (the event loop's latency).
  void probe(const std::pair<std::string, std::string>& game, Latencies& times) {
    const auto& [id, token] = game;
    const Reply view = times.time([&] { return get("/api/games/" + id + "/view", token); });
    EXPECT_EQ(view.status, 200);
    if (view.status != 200 || view.body["terminal"].get<bool>() || view.body["legal_actions"].empty()) return;
    EXPECT_EQ(times.time([&] { return act(id, token, view.body); }).status, 200);
  }
  std::pair<std::string, std::string> victim_game() {
    const std::string id = create();
    return {id, claim(id)};
  }
};

// Registrations and sign-ins from twelve addresses in twelve networks, as fast as they are answered: each costs an
// Argon2id hash (2 passes over 64 MiB). The hashes run on a thread of their own, never the event
// loop's nor the accounts' store's, so a victim's game, its "My games" and its sign-in are answered
// while the flood's hashes wait their turn; the flood's wrong passwords open no session.
TEST_F(AccountsAttack, ASignInAndRegistrationFloodStarvesNeitherTheEventLoopNorAnotherAccount) {
  const std::string victim_from = "127.0.100.1";  // a network of its own: the limits count each /24 too
  const std::string victim = signed_up(victim_from, "victim");
  signed_up("127.0.101.1", "anna");
  const auto game = victim_game();
  std::atomic<bool> done{false};
  std::atomic<int> made{0};
  Tally tally;
  std::vector<std::thread> flood;
  for (int c = 0; c < 24; ++c)
    flood.emplace_back([&, c] {
      const std::string from = fmt::format("127.0.{}.2", 2 + c % 12);
      for (int i = 0; !done; ++i) {
        const bool sign_up = i % 3 == 0;
        const std::string name = sign_up ? fmt::format("flood{}x{}", c, i) : (i % 2 ? "anna" : fmt::format("nobody{}", i));
        const Answer a = page(from, http::verb::post, sign_up ? "/api/accounts" : "/api/sessions",
                              json{{"name", name}, {"password", "wrong horse " + std::to_string(i)}}.dump());
        tally.add(a.status);
        if (sign_up && a.status == 201) ++made;
      }
    });
  Latencies loop, mine;
  const auto start = Clock::now();
  while (Clock::now() - start < std::chrono::seconds(8)) {
    probe(game, loop);
    const Answer list = mine.time([&] { return page(victim_from, http::verb::get, "/api/me/games", "", victim); });
    EXPECT_EQ(list.status, 200) << list.body.dump();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  Latencies sign_in;
  const Answer again = sign_in.time([&] {
    return page(victim_from, http::verb::post, "/api/sessions", json{{"name", "victim"}, {"password", "correct horse"}}.dump());
  });
  done = true;
  for (auto& t : flood) t.join();
  std::cout << "figures: sign-in and registration flood, 24 clients from 12 networks: " << tally.figures() << "; the victim's game "
            << loop.figures() << "; its My games " << mine.figures() << "; its sign-in " << sign_in.figures() << "; load average "
            << load_average() << std::endl;
  EXPECT_EQ(again.status, 201) << again.body.dump();
  EXPECT_EQ(tally.others({201, 401, 409, 429}), 0) << tally.figures();
  EXPECT_GT(tally.count(401), 0) << "the flood's guesses were hashed";
  EXPECT_LT(loop.quantile(0.99), 300 * kSlow) << loop.figures();
  EXPECT_LT(mine.quantile(0.99), 500 * kSlow) << "My games waited behind the flood's hashes: " << mine.figures();
  EXPECT_LT(sign_in.quantile(1.0), 5000 * kSlow) << sign_in.figures();
  // Only the registrations opened sessions (two before the flood, the victim's sign-in after).
  EXPECT_EQ(count("account_sessions"), std::to_string(3 + made));
  EXPECT_EQ(count("accounts"), std::to_string(2 + made));
}

}  // namespace
