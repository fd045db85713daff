// The attacks of issue 31 (tests/server/attack_test.cpp) against the endpoints of issue 35: accounts
// and sessions, "My games" and its socket, notification settings and their codes, vacations, table
// talk and the clocks (docs/server.md, "Accounts" ... "Paces and clocks"). Each test floods from a
// few hostile addresses beside a victim on another address whose requests are timed (a probe), and
// checks that bad input changed nothing. Figures are printed ("figures: ..."); the bounds are loose
// (a shared machine: a victim's p95 under 500 ms and its slowest request under 2 s, where its p99
// measures 30-320 ms at a load average of 8), far below the failures they guard against (seconds).
#include <atomic>
#include <map>
#include <mutex>
#include <set>
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
              const std::string& session = "", const std::string& bearer = "", bool csrf = true) {
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::content_type, "application/json");
    if (csrf) req.set("X-Churchill-CSRF", "1");
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
  std::string count_text(const std::string& game) {
    return test_support::sql_text(db, "SELECT length(clocks) FROM games WHERE id = '" + game + "'");
  }
  // What the tables of accounts and their games hold: what bad input must leave as it was.
  std::string tables() {
    std::string out;
    for (const char* table :
         {"accounts", "account_sessions", "account_seats", "chat", "chat_mutes", "vacations", "notify_settings", "notify_outbox"})
      out += std::string(table) + "=" + count(table) + " ";
    return out + "clocks=" + test_support::sql_text(db, "SELECT group_concat(clocks, '|') FROM games WHERE clocks <> ''");
  }
  // The victim: its own game's view and first legal action, each timed (the event loop's latency).
  void probe(const std::pair<std::string, std::string>& game, Latencies& times) {
    const std::string& id = game.first;
    const std::string& token = game.second;
    const Reply view = times.time([&] { return get("/api/games/" + id + "/view", token); });
    EXPECT_EQ(view.status, 200);
    if (view.status != 200 || view.body["terminal"].get<bool>() || view.body["legal_actions"].empty()) return;
    EXPECT_EQ(times.time([&] { return act(id, token, view.body); }).status, 200);
  }
  std::pair<std::string, std::string> victim_game() {
    const std::string id = create();
    return {id, claim(id)};
  }
  // A hostile account's game with a clock (an hour a seat), its UK seat claimed while signed in (held
  // by the account): {id, token}.
  std::pair<std::string, std::string> clocked_game(const std::string& from, const std::string& session) {
    const Reply made =
        post("/api/games", R"({"scenario": "training", "seating": "public", "pace": {"initial": 3600, "per_move": 60, "most": 7200},
        "stand_in": "bot:rulebook", "seats": {"US": "bot:rulebook", "USSR": "bot:rulebook"}})");
    EXPECT_EQ(made.status, 201) << made.body.dump();
    const std::string id = made.body.value("id", "");
    const Answer seat = page(from, http::verb::post, "/api/games/" + id + "/seats/UK", "{}", session);
    EXPECT_EQ(seat.body.value("account", ""), "mallory") << seat.body.dump();
    return {id, seat.body.value("token", "")};
  }
  // The victim probes while `attack` runs on `threads` threads (each given its number) for `seconds`.
  template <class F>
  Latencies probed(int threads, double seconds, F attack) {
    const auto game = victim_game();
    std::atomic<bool> done{false};
    std::vector<std::thread> flood;
    for (int c = 0; c < threads; ++c)
      flood.emplace_back([&, c] {
        for (int i = 0; !done; ++i) attack(c, i);
      });
    Latencies times;
    const auto start = Clock::now();
    while (std::chrono::duration<double>(Clock::now() - start).count() < seconds) {
      probe(game, times);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    done = true;
    for (auto& t : flood) t.join();
    return times;
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
  std::mutex answers_mutex;
  std::set<std::string> refusals;  // the answers to wrong passwords and unknown names: one, whichever
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
        if (a.status == 401) {
          const std::lock_guard lock(answers_mutex);
          refusals.insert(a.body.dump());
        }
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
  EXPECT_EQ(refusals.size(), 1u) << "a wrong password and an unknown name were answered apart";
  EXPECT_TRUE(loop.in_turn(500 * kSlow));
  EXPECT_TRUE(mine.in_turn(500 * kSlow)) << "My games waited behind the flood's hashes";
  EXPECT_LT(sign_in.quantile(1.0), 8000 * kSlow) << sign_in.figures();
  // Only the registrations opened sessions (two before the flood, the victim's sign-in after).
  EXPECT_EQ(count("account_sessions"), std::to_string(3 + made));
  EXPECT_EQ(count("accounts"), std::to_string(2 + made));
}

// Oversized bodies, malformed ones, forged sessions, requests without the CSRF header and bad values,
// to every endpoint issue 35 added, from four hostile clients as fast as they are answered: each is a
// 4xx at once (413 for a body over 16 KiB, the connection closed), nothing in the store changes, the
// hostile account keeps its session, and a victim's game is answered as before.
TEST_F(AccountsAttack, HugeMalformedAndForgedRequestsToTheNewEndpointsAreRefusedAndChangeNothing) {
  const std::string from = "127.0.7.2";
  const std::string mallory = signed_up(from, "mallory");
  const auto claimed = clocked_game(from, mallory);
  const std::string& id = claimed.first;
  const std::string& token = claimed.second;
  ASSERT_EQ(page(from, http::verb::post, "/api/games/" + id + "/chat", R"({"channel": "table", "text": "hello"})", "", token).status, 201);
  const std::string before = tables();
  const std::string huge(100 * 1024, 'x'), big_text(600, 'y');
  const std::string game = "/api/games/" + id;
  struct Bad {
    http::verb method;
    std::string target, body;
    bool csrf = true, signed_in = true, seat = false;
  };
  const std::vector<Bad> bad = {
      {http::verb::post, "/api/accounts", "{\"name\": \"" + huge + "\", \"password\": \"correct horse\"}"},
      {http::verb::post, "/api/accounts", R"({"name": "zed", "password": "short"})"},
      {http::verb::post, "/api/accounts", R"({"name": "x<script>", "password": "correct horse"})"},
      {http::verb::post, "/api/accounts", R"({"name": "mallory2", "password": "correct horse", "admin": true})"},
      {http::verb::post, "/api/accounts", R"({"name": "mallory3", "password": "correct horse"})", false},
      {http::verb::post, "/api/sessions", "[1, 2, 3]"},
      {http::verb::post, "/api/sessions", R"({"name": "mallory", "password": ")" + std::string(200, 'p') + "\"}"},
      {http::verb::post, "/api/sessions", huge},
      {http::verb::delete_, "/api/sessions", "", false},
      {http::verb::delete_, "/api/sessions", "", true, false},
      {http::verb::get, "/api/me/games", "", true, false},
      {http::verb::put, "/api/me/notifications", R"({"webhook": "http://127.0.0.1/hook"})"},
      {http::verb::put, "/api/me/notifications", R"({"webhook": "https://)" + std::string(600, 'h') + "\"}"},
      {http::verb::put, "/api/me/notifications", R"({"email": "someone@example.org"})"},
      {http::verb::put, "/api/me/notifications", R"({"turns": "yes"})"},
      {http::verb::put, "/api/me/notifications", R"({"language": "xx"})"},
      {http::verb::put, "/api/me/notifications", huge},
      {http::verb::put, "/api/me/notifications", R"({"turns": false})", false},
      {http::verb::post, "/api/me/notifications/confirm", R"({"channel": "webhook", "code": "123456"})"},
      {http::verb::post, "/api/me/notifications/confirm", R"({"channel": "pigeon", "code": "1"})"},
      {http::verb::put, "/api/me/vacation", R"({"days": 15})"},
      {http::verb::put, "/api/me/vacation", R"({"days": -1})"},
      {http::verb::put, "/api/me/vacation", R"({"days": 3})", false},
      {http::verb::post, "/api/me/seats", R"({"game": ")" + id + R"(", "token": "0000"})"},
      {http::verb::post, game + "/chat", R"({"channel": "table", "text": ")" + big_text + "\"}", true, false, true},
      {http::verb::post, game + "/chat", R"({"channel": "table", "text": "   "})", true, false, true},
      {http::verb::post, game + "/chat", R"({"channel": "alliance", "team": "Axis", "text": "hi"})", true, false, true},
      {http::verb::post, game + "/chat", R"({"channel": "private", "to": "UK", "text": "me"})", true, false, true},
      {http::verb::post, game + "/chat", R"({"channel": "table", "text": "\u0007bell"})", true, false, true},
      {http::verb::post, game + "/chat", huge, true, false, true},
      {http::verb::post, game + "/chat", R"({"channel": "table", "text": "anonymous"})", true, false, false},
      {http::verb::post, game + "/chat/mute", R"({"seat": "NOBODY", "muted": true})", true, false, true},
      {http::verb::post, game + "/clock", R"({"pause": "yes"})", true, false, true},
      {http::verb::post, game + "/clock", R"({"back": true})", true, false, true},
      {http::verb::post, game + "/clock", R"({"pause": true, "back": true})", true, false, true},
      {http::verb::post, game + "/clock", R"({"pause": true})", true, false, false},
      {http::verb::post, game + "/clock", huge, true, false, true},
  };
  Tally tally;
  std::mutex mutex;
  std::vector<std::string> accepted;
  const Latencies times = probed(4, 4, [&](int c, int i) {
    const Bad& b = bad[static_cast<std::size_t>(c * 7 + i) % bad.size()];
    const Answer a =
        page(from, b.method, b.target, b.body, b.signed_in ? mallory : (b.seat ? "" : "0000forged"), b.seat ? token : "", b.csrf);
    tally.add(a.status);
    if (a.status != 0 && (a.status < 400 || a.status >= 500)) {
      const std::lock_guard lock(mutex);
      accepted.push_back(b.target + " " + b.body.substr(0, 80) + " -> " + std::to_string(a.status) + " " + a.body.dump().substr(0, 200));
    }
  });
  std::cout << "figures: bad requests to the new endpoints from 4 clients: " << tally.figures() << "; the victim's game " << times.figures()
            << "; load average " << load_average() << std::endl;
  for (const std::string& a : accepted) ADD_FAILURE() << "answered as if good, or 5xx: " << a;
  EXPECT_GT(tally.count(413), 0) << tally.figures();
  EXPECT_EQ(tables(), before) << "bad input changed the store";
  EXPECT_EQ(page(from, http::verb::get, "/api/me", "", mallory).status, 200) << "the hostile account's own session ended";
  EXPECT_TRUE(times.in_turn(500 * kSlow));
}

// Sockets: a hostile account opens "My games" sockets from one address far beyond its share, another
// address opens connections that never send a request, a third asks for the socket without a session
// over and over. Each is capped (--max-per-address) or refused before it opens; a victim on another
// network opens its socket and gets its list at once, and its game is answered as before.
TEST_F(AccountsAttack, SocketsThatNeverSayHelloAndMyGamesSocketFloodsLeaveAVictimItsSocket) {
  const std::string mallory = signed_up("127.0.9.2", "mallory");
  const std::string victim = signed_up("127.0.100.1", "victim");
  std::vector<std::unique_ptr<test_support::MyGamesSocket>> sockets;
  int opened = 0;
  for (int i = 0; i < 100; ++i) {
    sockets.push_back(std::make_unique<test_support::MyGamesSocket>(port, mallory, "127.0.9.2"));
    opened += sockets.back()->opened();
  }
  boost::asio::io_context io;
  std::vector<std::unique_ptr<boost::asio::ip::tcp::socket>> silent;
  for (int i = 0; i < 100; ++i) {
    auto s = std::make_unique<boost::asio::ip::tcp::socket>(io);
    boost::system::error_code ec;
    s->open(boost::asio::ip::tcp::v4());
    s->bind({boost::asio::ip::make_address("127.0.9.3"), 0}, ec);
    s->connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(std::stoi(port))}, ec);
    if (!ec) silent.push_back(std::move(s));
  }
  Tally refused;
  const Latencies times = probed(2, 3, [&](int, int) {
    test_support::MyGamesSocket s(port, "0000forged", "127.0.9.4");
    refused.add(s.opened() ? 101 : 401);
  });
  Latencies list;
  std::optional<json> first;
  {
    const auto start = Clock::now();
    test_support::MyGamesSocket mine(port, victim, "127.0.100.1");
    EXPECT_TRUE(mine.opened());
    first = mine.next(5);
    list.add(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  std::cout << "figures: 100 My games sockets from one address, " << opened << " opened; 100 silent connections; sockets without a session "
            << refused.figures() << "; the victim's socket and first list " << list.figures() << "; its game " << times.figures()
            << "; load average " << load_average() << std::endl;
  EXPECT_LE(opened, 64) << "one address held more sockets than --max-per-address";
  EXPECT_GT(opened, 0);
  EXPECT_EQ(refused.count(101), 0) << "a socket without a session opened";
  ASSERT_TRUE(first) << "the victim's socket was sent no list";
  EXPECT_EQ(first->value("name", ""), "victim");
  EXPECT_LT(list.quantile(1.0), test_support::kStallMs) << "the victim's socket waited: " << list.figures();
  EXPECT_TRUE(times.in_turn(500 * kSlow));
}

// A seat's table talk, pauses and vacations as fast as they are answered: table talk is limited
// (5 messages at once, then 20 a minute), and so are a seat's clock requests (5, then 6 a minute)
// and an account's vacations (5, then 6 an hour), each of which writes the game and a line of its
// log that every player reads: a flood neither fills the log nor holds up another game. (Before their
// limits, 2,053 vacations in 5 s filled the game's log with its 400 clock lines.)
TEST_F(AccountsAttack, TableTalkPauseAndVacationFloodsFromOneSeatAreLimited) {
  const std::string from = "127.0.11.2";
  const std::string mallory = signed_up(from, "mallory");
  const auto claimed = clocked_game(from, mallory);
  const std::string& id = claimed.first;
  const std::string& token = claimed.second;
  const std::string game = "/api/games/" + id;
  Tally chat, clock, vacation;
  const Latencies times = probed(3, 5, [&](int c, int i) {
    if (c == 0) {
      chat.add(
          page(from, http::verb::post, game + "/chat", json{{"channel", "table"}, {"text", fmt::format("spam {}", i)}}.dump(), "", token)
              .status);
    } else if (c == 1) {
      clock.add(page(from, http::verb::post, game + "/clock", json{{"pause", i % 2 == 0}}.dump(), "", token).status);
    } else {
      vacation.add(page(from, http::verb::put, "/api/me/vacation", json{{"days", i % 2 ? 0 : 1}}.dump(), mallory).status);
    }
  });
  const json view = get(game + "/view", token).body;
  std::size_t notes = 0;
  for (const json& e : view.value("log_events", json::array())) notes += e.value("event", "").rfind("clock_", 0) == 0;
  std::cout << "figures: from one seat for 5 s: table talk " << chat.figures() << "; pauses " << clock.figures() << "; vacations "
            << vacation.figures() << "; clock lines in the game's log " << notes << ", its clocks " << count_text(id)
            << " bytes; the victim's game " << times.figures() << "; load average " << load_average() << std::endl;
  EXPECT_LE(chat.count(201), 8) << chat.figures();
  EXPECT_EQ(count("chat"), std::to_string(chat.count(201)));
  EXPECT_LE(clock.count(200), 7) << "a seat's pauses are limited as its messages are: " << clock.figures();
  EXPECT_LE(vacation.count(200), 6) << "an account's vacations are limited: " << vacation.figures();
  EXPECT_LE(notes, 12u) << "the flood wrote the game's log";
  EXPECT_GT(clock.count(429) * vacation.count(429), 0) << clock.figures() << " / " << vacation.figures();
  EXPECT_EQ(chat.others({201, 429}) + clock.others({200, 429}) + vacation.others({200, 429}), 0)
      << chat.figures() << " / " << clock.figures() << " / " << vacation.figures();
  EXPECT_TRUE(times.in_turn(500 * kSlow));
}

}  // namespace
