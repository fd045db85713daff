// "My games" pushed over GET /api/me/ws (docs/server.md, "Notifications") against a real server: the
// list is pushed within a second when another seat's move makes it the account's turn, to that account
// only; a socket without a session (or from another site's page) is refused, and one whose sessions
// end is closed; another seat's secret War Room entry pushes nothing, its finished sheet does.
#include <chrono>
#include <deque>
#include <optional>

#include "server/my_games.h"
#include "tests/server/account_fixture.h"
#include "tests/support/fake_sinks.h"
#include "tests/support/my_games_socket.h"

namespace {

using namespace test_support;
using Clock = std::chrono::steady_clock;
using Pushes = MyGamesSocket;

class MyGamesPushed : public AccountServer {
 protected:
  // A seat of a public game claimed by the account (its cookie): the seat's token.
  std::string claim_as(const std::string& session, const std::string& id, const std::string& seat) {
    const Answer a = send(http::verb::post, "/api/games/" + id + "/seats/" + seat, "", session);
    EXPECT_EQ(a.status, 201) << a.body.dump();
    return a.body.value("token", "");
  }
  bool active(const std::string& id, const std::string& token) {
    return !get("/api/games/" + id + "/view", token).body["legal_actions"].empty();
  }
  static std::optional<json> game_in(const json& list, const std::string& id) {
    for (const json& g : list["games"])
      if (g.value("id", "") == id) return g;
    return std::nullopt;
  }
};

TEST_F(MyGamesPushed, AMoveOfAnotherSeatThatMakesItTheAccountsTurnIsPushedWithinASecondToThatAccountOnly) {
  const std::string anna = sign("/api/accounts", "anna"), carl = sign("/api/accounts", "carl");
  // Training: Anna's UK, Boris's US (a seat without an account), a bot's USSR. Anna plays until the
  // game waits for Boris (the agenda is simultaneous, 5.1).
  const std::string id = create(R"({"US": "human", "USSR": "bot:rulebook"})");
  const std::string uk = claim_as(anna, id, "UK"), us = claim(id, "US");
  for (int i = 0; i < 50 && active(id, uk); ++i) ASSERT_EQ(act(id, uk, get("/api/games/" + id + "/view", uk).body).status, 200);
  ASSERT_TRUE(eventually([&] { return active(id, us); }));
  Pushes pushes(port, anna), others(port, carl);
  ASSERT_TRUE(pushes.opened());
  const auto first = pushes.next();
  ASSERT_TRUE(first) << "the list is sent when the socket opens";
  EXPECT_EQ(first->dump(), send(http::verb::get, "/api/me/games", "", anna).body.dump()) << "the same JSON as GET /api/me/games";
  ASSERT_TRUE(game_in(*first, id));
  EXPECT_FALSE(game_in(*first, id)->value("your_turn", true));
  EXPECT_EQ(others.next().value_or(json()).dump(), R"({"games":[],"name":"carl"})");
  // Boris plays, a move at a time, each after the account's interval: the move that makes it UK's
  // turn is pushed within a second.
  std::optional<json> told;
  double seconds = 0;
  for (int i = 0; i < 20 && !told; ++i) {
    std::this_thread::sleep_for(server::MyGames::kInterval + std::chrono::milliseconds(100));
    const json v = get("/api/games/" + id + "/view", us).body;
    ASSERT_FALSE(v["legal_actions"].empty()) << "the game no longer waits for Boris, and UK was not told";
    ASSERT_EQ(act(id, us, v).status, 200);
    const auto moved = Clock::now();
    if (!active(id, uk)) continue;
    for (auto list = pushes.next(3); list && !told; list = pushes.next(3))
      if (game_in(*list, id) && game_in(*list, id)->value("your_turn", false))
        told = list, seconds = std::chrono::duration<double>(Clock::now() - moved).count();
    break;
  }
  ASSERT_TRUE(told);
  EXPECT_LT(seconds, 1.0);
  std::cout << "pushed " << seconds << " s after the move" << std::endl;
  EXPECT_TRUE(active(id, uk));
  EXPECT_EQ(told->dump(), send(http::verb::get, "/api/me/games", "", anna).body.dump());
  EXPECT_FALSE(others.next(1.5)) << "another account is pushed nothing of Anna's game";
}

TEST_F(MyGamesPushed, ASocketWithoutASessionOrFromAnotherSiteIsRefusedOneWhoseSessionsEndIsClosedAndASeatHeldIsPushed) {
  const std::string anna = sign("/api/accounts", "anna");
  // An upgrade request as a browser sends it, refused with a JSON error before the upgrade.
  const auto upgrade = [&](const std::string& target, const std::string& session, const std::string& origin = "") {
    std::map<std::string, std::string> headers = {{"Upgrade", "websocket"},
                                                  {"Connection", "Upgrade"},
                                                  {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                                                  {"Sec-WebSocket-Version", "13"}};
    if (!origin.empty()) headers["Origin"] = origin;
    return send(http::verb::get, target, "", session, headers);
  };
  expect_code(upgrade("/api/me/ws", ""), 401, "not_signed_in");
  expect_code(upgrade("/api/me/ws", std::string(64, 'a')), 401, "not_signed_in");  // a session nobody opened
  EXPECT_EQ(upgrade("/api/me/ws", anna, "https://evil.example").status, 403);
  EXPECT_EQ(upgrade("/api/me/ws?x=1", anna).status, 400);
  EXPECT_FALSE(Pushes(port, "").opened());
  Pushes pushes(port, anna);
  ASSERT_TRUE(pushes.opened());
  ASSERT_TRUE(pushes.next());
  ASSERT_EQ(send(http::verb::delete_, "/api/sessions", "", anna).status, 200);  // signed out everywhere
  EXPECT_FALSE(pushes.next(3));
  EXPECT_TRUE(pushes.closed()) << "the socket of an ended session is closed";
  expect_code(upgrade("/api/me/ws", anna), 401, "not_signed_in");
  // Signed in again: a seat claimed, the account's socket is pushed its new game.
  const std::string again = sign("/api/sessions", "anna");
  Pushes back(port, again);
  ASSERT_TRUE(back.opened());
  EXPECT_EQ(back.next().value_or(json()).value("games", json()).size(), 0u);
  const std::string id = create();
  claim_as(again, id, "UK");
  const auto pushed = back.next(2);
  ASSERT_TRUE(pushed) << "a seat newly held is pushed";
  EXPECT_TRUE(game_in(*pushed, id));
  EXPECT_TRUE(running());
}

// The sockets count against the per-address connection cap, as every connection does.
TEST_F(MyGamesPushed, SocketsCountAgainstTheConnectionsOfTheirAddress) {
  restart({"--max-per-address", "3"});
  const std::string anna = sign("/api/accounts", "anna");
  std::vector<std::unique_ptr<Pushes>> held;
  for (int i = 0; i < 3; ++i) {
    held.push_back(std::make_unique<Pushes>(port, anna));
    ASSERT_TRUE(held.back()->opened());
    ASSERT_TRUE(held.back()->next());
  }
  EXPECT_EQ(raw("GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"), 0) << "a fourth connection is closed at once";
  held.pop_back();
  EXPECT_TRUE(eventually([&] { return raw("GET /api/titles HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") == 200; }));
}

// A page that reads nothing answers no ping and is closed after --ws-idle (meanwhile it holds one list
// in flight and one waiting at most, as a game's socket holds one view); one that reads stays.
TEST_F(MyGamesPushed, ASilentSocketIsClosedAfterWsIdleAndAReadingOneStays) {
  restart({"--ws-idle", "2"});
  const std::string anna = sign("/api/accounts", "anna");
  Pushes silent(port, anna), reading(port, anna);
  ASSERT_TRUE(silent.opened());
  ASSERT_TRUE(reading.opened());
  for (int i = 0; i < 35; ++i) reading.next(0.1);  // 3.5 s, answering pings
  EXPECT_TRUE(silent.next(1)) << "the list sent when it opened";
  EXPECT_FALSE(silent.next(2));
  EXPECT_TRUE(silent.closed()) << "a socket that answered no ping was closed";
  EXPECT_FALSE(reading.closed());
  EXPECT_TRUE(running());
}

// War in Europe for two at Phase 2's secret orders: Anna holds the Axis, the Allies write. An order
// that leaves the Allies still writing changes nothing Anna may know: nothing is pushed. Their
// finished sheet everyone sees: pushed.
TEST_F(MyGamesPushed, Rule_Phase2_TopSecret_AnotherSeatsSecretOrderPushesNothingItsFinishedSheetDoes) {
  const std::string anna = sign("/api/accounts", "anna");
  const Reply r = post("/api/games", R"({"title": "warroom", "scenario": "war-in-europe", "players": 2, "seating": "public"})");
  ASSERT_EQ(r.status, 201) << r.body.dump();
  const std::string id = r.body["id"];
  const json seats = get("/api/games/" + id + "/view").body["seat_order"];
  const std::string allied = claim(id, seats[0]), axis = claim_as(anna, id, seats[1]);
  const auto phase = [&] { return get("/api/games/" + id + "/view", axis).body["phase"].get<std::string>(); };
  const auto enter = [&](const std::string& token, bool done) {
    const json v = get("/api/games/" + id + "/view", token).body;
    for (const json& a : v["legal_actions"])
      if ((a.get<std::string>().rfind("done", 0) == 0) == done)
        return post("/api/games/" + id + "/actions", json{{"action", a}, {"version", v["version"]}}.dump(), token).status;
    return 0;
  };
  for (int step = 0; step < 20 && phase().find("Phase 2") == std::string::npos; ++step)
    for (const std::string& token : {allied, axis})
      if (phase().find("Phase 2") == std::string::npos && active(id, token)) {
        ASSERT_EQ(enter(token, true), 200);
      }
  ASSERT_NE(phase().find("Phase 2"), std::string::npos);
  Pushes pushes(port, anna);
  const auto first = pushes.next();
  ASSERT_TRUE(first);
  ASSERT_TRUE(game_in(*first, id));
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // the list's "updated" is in seconds
  for (int i = 0; i < 3; ++i) ASSERT_EQ(enter(allied, false), 200);
  EXPECT_FALSE(pushes.next(2)) << "the Allies' secret orders were pushed to the Axis";
  ASSERT_EQ(enter(allied, true), 200);
  const auto after = pushes.next(2);
  ASSERT_TRUE(after) << "the Allies' finished sheet is pushed";
  EXPECT_NE(after->dump(), first->dump());
}

}  // namespace
