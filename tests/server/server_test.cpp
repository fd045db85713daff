// The game server's API against a real `churchill serve` on loopback: create, claim, view, act,
// illegal and hostile input (a bounded fuzz), secrets never leaking, seeds, versions, invitations,
// limits, storage faults and damaged games, the WebSocket, and kill -9 with a restart.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <csignal>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "server/limits.h"
#include "tests/server/server_fixture.h"

namespace {

using test_support::Reply;
using test_support::Server;
using test_support::sql;
using test_support::sql_text;
namespace fs = std::filesystem;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using nlohmann::json;

TEST_F(Server, CreateClaimViewAct) {
  const std::string id = create();
  const std::string token = claim(id);
  EXPECT_EQ(token.size(), 64u);
  const Reply view = get("/api/games/" + id + "/view", token);
  ASSERT_EQ(view.status, 200);
  EXPECT_EQ(view.body["hand"].size(), 7u);
  EXPECT_EQ(view.body["active"], json::array({"UK"}));
  const Reply acted = act(id, token, view.body);
  ASSERT_EQ(acted.status, 200) << acted.body.dump();
  EXPECT_NE(acted.body["phase"], view.body["phase"]) << "the bots played on";
  EXPECT_GT(acted.body["version"].get<int>(), view.body["version"].get<int>());
  const Reply list = get("/api/games");
  ASSERT_EQ(list.status, 200);
  EXPECT_EQ(list.body["games"][0]["seats"]["UK"], "taken");
  EXPECT_EQ(list.body["games"][0]["seats"]["US"], "bot:rulebook");
}

// One server, several titles: the lobby lists them; a game of the demonstration title Three Hills is
// created, two seats write secret orders at once, each takes back its own, neither sees the other's
// orders before the reveal, and the reveal is a barrier.
TEST_F(Server, ASecondTitlePlaysThroughTheSameApiWithSecretOrdersAndPerSeatUndo) {
  const Reply titles = get("/api/titles");
  ASSERT_EQ(titles.status, 200);
  ASSERT_EQ(titles.body.size(), 3u);
  EXPECT_EQ(titles.body[0]["id"], "churchill");
  EXPECT_EQ(titles.body[1]["id"], "warroom");
  EXPECT_EQ(titles.body[2]["id"], "hills");
  EXPECT_EQ(titles.body[2]["scenarios"][0]["seats"]["2"], json::array({"red", "green"}));
  // War Room's options as the lobby reads them: the round caps are the test harness's (ruling 105),
  // the USSR's seat applies to 3-player War in Europe only (ruling 90).
  for (const json& o : titles.body[1]["options"]) {
    EXPECT_EQ(o["harness"], o["id"].get<std::string>().starts_with("round-limit-")) << o;
    if (o["id"] == "ussr-with-seat-2") {
      EXPECT_EQ(o["scenario"], "war-in-europe");
      EXPECT_EQ(o["players"], 3);
    } else {
      EXPECT_FALSE(o.contains("scenario")) << o;
    }
  }
  // War Room's layout is the project's map, said to be so.
  const Reply map = get("/api/titles/warroom/layout");
  EXPECT_EQ(map.body["regions"].size(), 188u);
  EXPECT_NE(map.body["notice"].get<std::string>().find("not the printed board"), std::string::npos);
  EXPECT_EQ(map.body["passages"].size(), 6u);  // The World's Narrow Sea Passages, drawn by the browser
  EXPECT_EQ(map.body["regions"][0]["capital_of"], "GER");
  EXPECT_EQ(get("/api/titles/hills/layout").body["hills"].size(), 3u);
  expect_error(get("/api/titles/chess/layout"), 404, "no title");
  // The rulebook's text of a section, for the log's rule numbers: a number, or a heading (War Room).
  const Reply rule = get("/api/titles/churchill/rules/4.4");
  ASSERT_EQ(rule.status, 200);
  EXPECT_EQ(rule.body["section"], "4.4");
  EXPECT_FALSE(rule.body["text"].get<std::string>().empty());
  expect_error(get("/api/titles/churchill/rules/..%2F..%2Fetc"), 400, "by its number");
  expect_error(get("/api/titles/churchill/rules/4.4."), 400, "by its number");
  expect_error(get("/api/titles/warroom/rules/Phase%202%0A"), 400, "or its heading");  // a control character
  expect_error(get("/api/titles/warroom/rules/" + std::string(121, 'A')), 400, "or its heading");
  // War Room's rulebook is cited by its headings (the reader's copy may be absent: then not found).
  const Reply heading = get("/api/titles/warroom/rules/Phase%206%20%3E%203.%20Relieve%20Stress?lang=it");
  EXPECT_EQ(heading.status, 200) << heading.body.dump();
  EXPECT_EQ(heading.body["section"], "Phase 6 > 3. Relieve Stress");
  if (heading.body["found"] == true) {
    EXPECT_EQ(heading.body["language"], "en") << "War Room's rulebook is English only";
    EXPECT_EQ(heading.body["text"].get<std::string>().rfind("3. Relieve Stress\n", 0), 0u) << heading.body.dump();
  }
  expect_error(get("/api/titles/chess/rules/4.4"), 404, "no title");
  expect_error(post("/api/games", R"({"title": "chess"})"), 400, "no title \"chess\"");
  expect_error(post("/api/games", R"({"title": "hills", "players": 5})"), 400, "not 5");
  const Reply made = post("/api/games", R"({"title": "hills", "players": 2, "seating": "public"})");
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  const std::string red = claim(id, "red"), green = claim(id, "green");
  auto view = [&](const std::string& token) { return get("/api/games/" + id + "/view", token).body; };
  auto send = [&](const std::string& token, const std::string& action) {
    const Reply r = post("/api/games/" + id + "/actions", json{{"action", action}, {"version", view(token)["version"]}}.dump(), token);
    EXPECT_EQ(r.status, 200) << action << ": " << r.body.dump();
    return r.body;
  };
  send(red, "send 4 C");
  send(green, "send 2 A");
  send(red, "send 1 B");
  EXPECT_TRUE(view(green)["sheets"]["red"]["orders"].is_null()) << "green must not see red's orders";
  EXPECT_EQ(get("/api/games/" + id + "/view").body.dump().find("\"C\":4"), std::string::npos) << "nor may a spectator";
  // Red takes back its latest entry although green wrote after it.
  const json undone = post("/api/games/" + id + "/undo", json{{"version", view(red)["version"]}}.dump(), red).body;
  EXPECT_EQ(undone["sheets"]["red"]["orders"]["B"], 0) << undone.dump();
  EXPECT_EQ(undone["sheets"]["red"]["orders"]["C"], 4);
  EXPECT_EQ(view(green)["sheets"]["green"]["orders"]["A"], 2);
  send(red, "done");
  // Until the reveal red may take back its "done" (R3: the sheets are shown when all are done);
  // green learns only that red is writing again, and the store keeps the game as played.
  EXPECT_EQ(view(green)["sheets"]["red"]["status"], "done");
  const json reopened = post("/api/games/" + id + "/undo", json{{"version", view(red)["version"]}}.dump(), red).body;
  EXPECT_EQ(reopened["sheets"]["red"]["status"], "writing") << reopened.dump();
  EXPECT_EQ(reopened["sheets"]["red"]["orders"]["C"], 4);
  EXPECT_EQ(view(green)["sheets"]["red"]["status"], "writing");
  EXPECT_TRUE(view(green)["sheets"]["red"]["orders"].is_null());
  send(red, "done");
  const json revealed = send(green, "done");
  EXPECT_EQ(revealed["round"], 2) << "the orders were revealed and the round resolved";
  EXPECT_TRUE(revealed["sheets"]["red"]["orders"].is_null()) << "round 2's sheets are secret again";
  EXPECT_EQ(revealed["scores"]["red"], 3);
  EXPECT_EQ(revealed["scores"]["green"], 1);
  EXPECT_FALSE(revealed["can_undo"].get<bool>()) << "nobody undoes past the reveal";
  // The store holds the game as played: a restart serves the same view.
  restart({});
  EXPECT_EQ(view(green)["scores"], revealed["scores"]);
}

TEST_F(Server, BadRequestsAreJsonErrorsAndChangeNothing) {
  expect_error(post("/api/games", "{not json"), 400, "not valid JSON");
  expect_error(post("/api/games", R"({"scenario": "moon"})"), 400, "unknown scenario");
  expect_error(post("/api/games", R"({"seats": {"France": "human"}})"), 400, "unknown seat");
  expect_error(post("/api/games", R"({"seats": {"UK": "bot:skynet"}})"), 400, "unknown controller");
  expect_error(post("/api/games", R"({"colour": "red"})"), 400, "unknown field");
  expect_error(post("/api/games", std::string(20000, ' ')), 413, "too large");
  const std::string id = create();
  expect_error(post("/api/games/nope/seats/UK"), 404, "no game");
  expect_error(post("/api/games/" + id + "/seats/France"), 404, "no seat");
  expect_error(post("/api/games/" + id + "/seats/US"), 409, "played by a bot");
  expect_error(post("/api/games/" + id + "/seats/%55S"), 409, "played by a bot");  // escapes decoded: "US" (seats like "GER+ITA")
  const std::string token = claim(id);
  expect_error(post("/api/games/" + id + "/seats/UK"), 409, "already taken");
  const json before = get("/api/games/" + id + "/view", token).body;
  const json& version = before["version"];
  expect_error(post("/api/games/" + id + "/actions", json{{"action", "win the war"}, {"version", version}}.dump(), token), 422,
               "not a legal action");
  expect_error(post("/api/games/" + id + "/actions", R"({"action": 3})", token), 400, "the body must be");
  expect_error(post("/api/games/" + id + "/actions", json{{"action", "pass"}}.dump(), token), 400, "\"version\"");
  expect_error(post("/api/games/" + id + "/actions", R"({"action": "pass"})", "0123"), 401, "opens no seat");
  expect_error(post("/api/games/" + id + "/actions", R"({"action": "pass"})"), 401, "needs the seat's token");
  expect_error(call(http::verb::delete_, "/api/games/" + id + "/actions"), 405, "not allowed");
  expect_error(get("/api/nothing"), 404, "no such API endpoint");
  expect_error(post("/api/games/" + id + "/undo", json{{"version", version}}.dump(), token), 409, "nothing to undo");
  EXPECT_EQ(get("/api/games/" + id + "/view", token).body, before) << "nothing changed";
  expect_error(get("/../../etc/passwd"), 404, "not found");
}

// Item 1: text a client sends is echoed in messages; bytes that are not UTF-8 once ended the process.
// A page of a game's log (docs/server.md, "The log") costs the thread that answers requests some
// milliseconds: an address may ask 40 at once, then 5 a second; bad numbers are 400.
TEST_F(Server, Issue31_LogPagesAreCountedPerAddressAndBadNumbersRefused) {
  const std::string id = create();
  for (const char* q : {"from=-1", "from=x", "count=0", "count=501", "from=1e3", "from=9999999999"})
    EXPECT_EQ(get("/api/games/" + id + "/log?" + q).status, 400) << q;
  const auto start = std::chrono::steady_clock::now();
  int answered = 0;
  while (answered < 200 && get("/api/games/" + id + "/log?from=0&count=500").status == 200) ++answered;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GE(answered, 40) << "40 at once; a bad number takes none";
  EXPECT_LE(answered, 41 + 5 * seconds) << "then 5 a second";
  const Reply refused = get("/api/games/" + id + "/log?from=0");
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.body["code"], "too_many_log_pages");
  EXPECT_EQ(get("/api/games/" + id + "/view").status, 200) << "the views are not counted";
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  EXPECT_EQ(get("/api/games/" + id + "/log?from=0").status, 200) << "5 a second";
}

TEST_F(Server, NonUtf8InputIsAnswered4xxAndTheServerServesOn) {
  EXPECT_EQ(raw("GET /api/games/\xff/view HTTP/1.1\r\nHost: x\r\n\r\n"), 404);
  const std::string id = create();
  const std::string token = claim(id);
  const json view = get("/api/games/" + id + "/view", token).body;
  const std::string cut = std::string(79, 'a') + "\xc3\xa9";  // 80 bytes end inside the é
  expect_error(post("/api/games/" + id + "/actions", json{{"action", cut}, {"version", view["version"]}}.dump(), token), 422,
               "not a legal action");
  expect_error(post("/api/games/" + id + "/seats/\xc3\xa9\xff"), 404, "no seat");
  const std::string body = "{\"action\": \"\xff\xfe\", \"version\": 0}";
  EXPECT_EQ(raw("POST /api/games/" + id + "/actions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer " +
                token + "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body),
            400);
  EXPECT_TRUE(running());
  EXPECT_EQ(get("/api/games/" + id + "/view", token).status, 200);
}

// Item 1: a bounded random fuzz of request lines, headers, paths, bodies and WebSocket upgrades.
TEST_F(Server, FuzzedRequestsAreAnsweredBelow500AndNeverStopTheServer) {
  const std::string id = create();
  const std::string token = claim(id);
  std::mt19937 rng(20240611);
  auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
  auto bytes = [&](std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += static_cast<char>(rng() % 256);
    return s;
  };
  const std::vector<std::string> methods = {"GET",     "POST",    "HEAD",  "PUT",    "DELETE", "TRACE",
                                            "OPTIONS", "CONNECT", "PATCH", "G\x01T", "",       "get"};
  const std::vector<std::string> paths = {"/",
                                          "/api/games",
                                          "/api/games/" + id + "/view",
                                          "/api/games/" + id + "/log?from=99999999&count=500",
                                          "/api/games/" + id + "/actions",
                                          "/api/games/" + id + "/undo",
                                          "/api/games/" + id + "/seats/UK",
                                          "/api/games/" + id + "/ws",
                                          "/api/titles",
                                          "/api/titles/churchill/layout",
                                          "/api/titles/\xff/layout",
                                          "/assets",
                                          "/api/games?limit=0",
                                          "/api/games?status=finished&after=\xff",
                                          "*",
                                          "http://x/",
                                          "/api/games/" + id + "/view?x",
                                          "/api/games//view",
                                          "/%00",
                                          "/api/games/" + id};
  const std::vector<std::string> bodies = {"",
                                           "{}",
                                           "{\"action\": \"pass\", \"version\": 0}",
                                           "[1,2",
                                           "{\"seats\": []}",
                                           "null",
                                           "{\"options\": [\"secret-agenda\", \"secret-agenda\"]}",
                                           "{\"seed\": 1e400}",
                                           "{\"version\": -1}",
                                           "{\"action\": \"" + std::string(200, 'x') + "\"}",
                                           "\"\xff\""};
  const std::vector<std::string> headers = {"Content-Type: application/json",
                                            "Content-Type: text/plain",
                                            "Origin: http://evil.example",
                                            "Authorization: Bearer " + token,
                                            "Authorization: Basic x",
                                            "Authorization: Bearer \xff",
                                            "Transfer-Encoding: chunked",
                                            "Transfer-Encoding: gzip",
                                            "Content-Length: -1",
                                            "Content-Length: 99999999999999999999",
                                            "Upgrade: websocket",
                                            "Connection: Upgrade",
                                            "Sec-WebSocket-Version: 13",
                                            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                                            "X: " + std::string(9000, 'h'),
                                            "\xff: \xfe",
                                            "Content-Length: 3",
                                            "Expect: 100-continue",
                                            "Host: "};
  int answered = 0;
  for (int i = 0; i < 6000; ++i) {
    std::string target = pick(paths);
    if (rng() % 6 == 0) target += bytes(rng() % 20);
    if (rng() % 20 == 0) target += std::string(3000, 'p');
    std::string request =
        pick(methods) + " " + target + " " + (rng() % 10 ? "HTTP/1.1" : pick({"HTTP/9.9", "HTTP/1.0", "", "\xff"})) + "\r\n";
    if (rng() % 15 == 0) request = bytes(rng() % 300) + "\r\n";
    const int n = static_cast<int>(rng() % 6);
    for (int h = 0; h < n; ++h) request += pick(headers) + "\r\n";
    std::string body = rng() % 8 ? pick(bodies) : bytes(rng() % 100);
    if (rng() % 3) request += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    request += "Host: 127.0.0.1\r\n\r\n" + body;
    const int status = raw(request);
    EXPECT_LT(status, 500) << "request " << i << ": " << testing::PrintToString(request.substr(0, 200));
    answered += status != 0;
    if (i % 50 == 0) {
      ASSERT_TRUE(running()) << "request " << i << " stopped the server";
    }
  }
  EXPECT_GT(answered, 4500) << "most hostile requests get an answer, not a reset";
  ASSERT_TRUE(running());
  EXPECT_EQ(get("/api/games/" + id + "/view", token).status, 200);
}

// Item 9: framing, methods, folders.
TEST_F(Server, BadFramingIsAnswered400Or414Or431) {
  EXPECT_EQ(raw("GET /" + std::string(9000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n"), 414);
  EXPECT_EQ(raw("GET /" + std::string(3000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n"), 414);
  EXPECT_EQ(raw("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(9000, 'b') + "\r\n\r\n"), 431);
  EXPECT_EQ(raw("\x16\x03\x01 garbage\r\n\r\n"), 400);
  EXPECT_EQ(raw("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}"), 400);
  EXPECT_EQ(raw("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}"), 400);
  EXPECT_EQ(raw("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}"), 400);
  EXPECT_EQ(raw("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: -2\r\n\r\n{}"), 400);
  EXPECT_EQ(raw("TRACE / HTTP/1.1\r\nHost: x\r\n\r\n"), 405);
  EXPECT_EQ(raw("GET /assets HTTP/1.1\r\nHost: x\r\n\r\n"), 404);
  EXPECT_EQ(raw("HEAD /api/games HTTP/1.1\r\nHost: x\r\n\r\n"), 200);
  EXPECT_EQ(raw("HEAD / HTTP/1.1\r\nHost: x\r\n\r\n"), fs::exists(std::string(CHURCHILL_WEB_DIST) + "/index.html") ? 200 : 404);
  EXPECT_TRUE(running());
}

// Item 9: create's fields are checked, numbers included.
TEST_F(Server, CreateRefusesBadOptionsAndAnySeed) {
  expect_error(post("/api/games", R"({"seed": 1e400})"), 400, "");
  expect_error(post("/api/games", R"({"seed": 7})"), 400, "seed");
  expect_error(post("/api/games", R"({"options": "secret-agenda"})"), 400, "\"options\" must be an array");
  expect_error(post("/api/games", R"({"options": {"a": 1}})"), 400, "\"options\" must be an array");
  expect_error(post("/api/games", R"({"options": ["secret-agenda", "secret-agenda"]})"), 400, "twice");
  expect_error(post("/api/games", R"({"seating": "secret"})"), 400, "\"seating\"");
  expect_error(post("/api/games", "[]"), 400, "the body must be");
}

// A search bot would think on the event loop and hold up every other game: the server neither lists
// nor accepts the "ai:" levels, and offers the bots that decide at once.
// Bots that search (ai:LEVEL) think on the server's search workers, off the event loop: a game of
// three expert searches (a second of processor time per decision) is created at once, and while it
// plays on, another game is created, claimed, viewed and played, each answered before the searching
// game is over; the searching game moves on by itself.
TEST_F(Server, SearchingBotsPlayOffTheEventLoopWhileOtherRequestsAreAnswered) {
  const Reply titles = get("/api/titles");
  ASSERT_EQ(titles.status, 200);
  EXPECT_EQ(titles.body[0]["bots"], json::array({"rulebook", "random", "ai:easy", "ai:normal", "ai:hard", "ai:expert"}));
  const std::string searching = create(R"({"UK": "bot:ai:expert", "US": "bot:ai:expert", "USSR": "bot:ai:expert"})");
  ASSERT_FALSE(searching.empty());
  const int created_at = get("/api/games/" + searching + "/view").body["version"].get<int>();
  const std::string other = create();
  const std::string token = claim(other);
  const Reply view = get("/api/games/" + other + "/view", token);
  ASSERT_EQ(view.status, 200);
  ASSERT_EQ(act(other, token, view.body).status, 200);
  EXPECT_FALSE(get("/api/games/" + searching + "/view").body["terminal"].get<bool>()) << "answered while the search plays on";
  int version = created_at;
  for (int i = 0; i < 1200 && version < created_at + 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    version = get("/api/games/" + searching + "/view").body["version"].get<int>();
  }
  EXPECT_GE(version, created_at + 2) << "the searching bots moved on by themselves";
}

// SIGTERM while a bot searches: the process ends cleanly (status 0), the game is as last committed,
// and the search starts again when the server does.
TEST_F(Server, StoppingWithASearchUnderWayIsCleanAndTheGamePlaysOnAfterARestart) {
  const std::string id = create(R"({"UK": "bot:ai:expert", "US": "bot:ai:expert", "USSR": "bot:ai:expert"})");
  const int created_at = get("/api/games/" + id + "/view").body["version"].get<int>();
  ::kill(pid, SIGTERM);
  int status = -1;
  ::waitpid(pid, &status, 0);
  pid = -1;
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status << log_text();
  start();
  const Reply after = get("/api/games/" + id + "/view");
  ASSERT_EQ(after.status, 200) << after.body.dump();
  int version = after.body["version"].get<int>();
  EXPECT_GE(version, created_at);
  const int restarted_at = version;
  for (int i = 0; i < 1200 && version == restarted_at; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    version = get("/api/games/" + id + "/view").body["version"].get<int>();
  }
  EXPECT_GT(version, restarted_at) << "the bots searched again after the restart";
}

// A hint is for a seat's own decision: the seat's token, the seat to act; its three actions are among
// the seat's legal ones, each with a chance of winning. A spectator, a bad token and a seat that may
// not act are refused.
TEST_F(Server, HintsAreForTheSeatToActOnly) {
  const std::string id = create(R"({"USSR": "bot:rulebook"})");
  const std::map<std::string, std::string> tokens = {{"UK", claim(id, "UK")}, {"US", claim(id, "US")}};
  expect_error(get("/api/games/" + id + "/hint"), 401, "token");
  expect_error(get("/api/games/" + id + "/hint", std::string(64, 'a')), 401, "");
  expect_error(post("/api/games/" + id + "/hint", "{}", tokens.at("UK")), 405, "");
  int answered = 0;
  for (const auto& [seat, token] : tokens) {
    const json view = get("/api/games/" + id + "/view", token).body;
    const bool active = std::find(view["active"].begin(), view["active"].end(), seat) != view["active"].end();
    const Reply hint = get("/api/games/" + id + "/hint", token);
    if (!active) {
      expect_error(hint, 409, "may not act");
      continue;
    }
    ++answered;
    ASSERT_EQ(hint.status, 200) << hint.body.dump();
    EXPECT_EQ(hint.body["seat"], seat);
    EXPECT_EQ(hint.body["version"], view["version"]);
    ASSERT_GE(hint.body["hints"].size(), 1u);
    EXPECT_LE(hint.body["hints"].size(), 3u);
    for (const auto& h : hint.body["hints"]) {
      EXPECT_NE(std::find(view["legal_actions"].begin(), view["legal_actions"].end(), h["action"]), view["legal_actions"].end()) << h;
      EXPECT_GE(h["win_chance"].get<double>(), 0.0);
      EXPECT_LE(h["win_chance"].get<double>(), 1.0);
    }
    EXPECT_EQ(get("/api/games/" + id + "/hint", token).body, hint.body) << "the same version gives the same hint";
  }
  EXPECT_GE(answered, 1);
}

// Item 2: the server draws 128-bit seeds from the OS, and no view shows one before the game is over.
TEST_F(Server, SeedsAre128BitsSecretUntilTheEndThenPublished) {
  const std::string id = create();
  const std::string token = claim(id);
  const std::string seed = json::parse(sql_text(db, "SELECT record FROM games WHERE id = '" + id + "'"))["seed"];
  EXPECT_EQ(seed.size(), 32u) << seed;
  for (const Reply& r : {get("/api/games/" + id + "/view"), get("/api/games/" + id + "/view", token), get("/api/games")})
    EXPECT_EQ(r.body.dump().find(seed), std::string::npos);
  EXPECT_FALSE(get("/api/games/" + id + "/view", token).body.contains("seed"));
  const Reply over = post("/api/games", R"({"seats": {"UK": "bot:random", "US": "bot:random", "USSR": "bot:random"}})");
  ASSERT_EQ(over.status, 201);
  const Reply finished = get("/api/games/" + over.body["id"].get<std::string>() + "/view");
  ASSERT_EQ(finished.status, 200) << finished.body.dump();
  EXPECT_TRUE(finished.body["terminal"].get<bool>());
  EXPECT_EQ(finished.body["seed"].get<std::string>().size(), 32u) << "published once the game is over";
}

TEST_F(Server, NoResponseCarriesAnotherSeatsSecrets) {
  const std::string id = create(R"({"USSR": "bot:rulebook"})");
  std::array<std::string, 2> tokens = {claim(id, "UK"), claim(id, "US")};
  std::array<json, 2> hands = {get("/api/games/" + id + "/view", tokens[0]).body["hand"],
                               get("/api/games/" + id + "/view", tokens[1]).body["hand"]};
  const std::vector<Reply> replies = {get("/api/games"), get("/api/games/" + id + "/view"), get("/api/games/" + id + "/view", tokens[0]),
                                      get("/api/games/" + id + "/view", tokens[1])};
  for (std::size_t r = 0; r < replies.size(); ++r) {
    const std::string text = replies[r].body.dump();
    for (const char* secret :
         {"\"seed\"", "\"actions\"", "\"draw\"", "xoshiro", "token_hash", "invitation", tokens[0].c_str(), tokens[1].c_str()})
      EXPECT_EQ(text.find(secret), std::string::npos) << "reply " << r << " holds " << secret;
    for (std::size_t seat = 0; seat < 2; ++seat) {
      const bool own = r == 2 + seat;
      if (own || !replies[r].body.is_object() || !replies[r].body.contains("hand")) continue;
      for (const auto& card : hands[seat]) EXPECT_EQ(replies[r].body["hand"].dump().find(card.get<std::string>()), std::string::npos);
    }
  }
}

// Item 8: an action names the version it was chosen on; a repeat or a stale one is 409 with the view.
TEST_F(Server, RepeatedOrStaleActionsAre409WithTheCurrentView) {
  const std::string id = create();
  const std::string token = claim(id);
  const json view = get("/api/games/" + id + "/view", token).body;
  const Reply first = act(id, token, view);
  ASSERT_EQ(first.status, 200);
  const Reply again = act(id, token, view);
  expect_error(again, 409, "has changed since version");
  EXPECT_EQ(again.body["view"]["version"], first.body["version"]);
  EXPECT_EQ(again.body["view"]["legal_actions"], first.body["legal_actions"]);
  // Four identical requests at once: one is applied.
  const json now = first.body;
  std::atomic<int> ok{0}, conflict{0};
  std::vector<std::thread> racers;
  for (int i = 0; i < 4; ++i)
    racers.emplace_back([&] {
      const auto [status, _] =
          test_support::HttpClient(port).call(http::verb::post, "/api/games/" + id + "/actions",
                                              json{{"action", now["legal_actions"][0]}, {"version", now["version"]}}.dump(), token);
      (status == 200 ? ok : conflict)++;
    });
  for (auto& t : racers) t.join();
  EXPECT_EQ(ok.load(), 1);
  EXPECT_EQ(conflict.load(), 3);
}

// Item 7: a game's seats are by invitation unless its creator makes them public.
TEST_F(Server, InvitationSeatsNeedTheSecret) {
  const Reply made = post("/api/games", R"({"seats": {"USSR": "bot:rulebook"}})");
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"], invitation = made.body["invitation"];
  EXPECT_EQ(invitation.size(), 64u);
  const json listed = get("/api/games").body["games"][0];
  EXPECT_EQ(listed["seats"]["UK"], "invitation");
  EXPECT_FALSE(listed["open"].get<bool>());
  EXPECT_EQ(get("/api/games?status=open").body["games"].size(), 0u) << "not offered to strangers";
  expect_error(post("/api/games/" + id + "/seats/UK"), 403, "by invitation");
  expect_error(post("/api/games/" + id + "/seats/UK", json{{"invitation", std::string(64, '0')}}.dump()), 403, "by invitation");
  // One invitation opens every open seat (docs/server.md, "Invitations"), each once.
  EXPECT_EQ(post("/api/games/" + id + "/seats/UK", json{{"invitation", invitation}}.dump()).status, 201);
  EXPECT_EQ(post("/api/games/" + id + "/seats/US", json{{"invitation", invitation}}.dump()).status, 201);
  expect_error(post("/api/games/" + id + "/seats/UK", json{{"invitation", invitation}}.dump()), 409, "already taken");
  expect_error(post("/api/games/" + id + "/seats/USSR", json{{"invitation", invitation}}.dump()), 409, "played by a bot");
  const std::string open = create();
  EXPECT_EQ(get("/api/games?status=open").body["games"][0]["id"], open);
}

// Item 7: a browser on another site may not POST, nor POST anything but JSON.
TEST_F(Server, CrossSiteAndNonJsonPostsAreRefused) {
  auto request = [&](const std::string& origin, const std::string& type) {
    http::request<http::string_body> req{http::verb::post, "/api/games", 11};
    req.set(http::field::host, "127.0.0.1:" + port);
    if (!origin.empty()) req.set(http::field::origin, origin);
    if (!type.empty()) req.set(http::field::content_type, type);
    req.body() = "{}";
    req.prepare_payload();
    return test_support::HttpClient(port).send(req).first;
  };
  EXPECT_EQ(request("http://evil.example", "application/json"), 403);
  EXPECT_EQ(request("null", "application/json"), 403);
  EXPECT_EQ(request("", "text/plain"), 415);
  EXPECT_EQ(request("", "application/x-www-form-urlencoded"), 415);
  EXPECT_EQ(request("", ""), 415);
  EXPECT_EQ(request("http://127.0.0.1:" + port, "application/json; charset=utf-8"), 201);
  EXPECT_EQ(request("", "application/json"), 201);
}

// Item 6: a page at a time; live games by default; finished ones on request, from the store.
TEST_F(Server, TheListIsPagedAndShowsLiveGamesByDefault) {
  restart({"--create-burst", "100"});
  std::set<std::string> live;
  for (int i = 0; i < 7; ++i) live.insert(create());
  const std::string finished =
      post("/api/games", R"({"seats": {"UK": "bot:random", "US": "bot:random", "USSR": "bot:random"}})").body["id"];
  // The lists show each game as stored: the bots' game is finished once the committer has written its
  // end (under ThreadSanitizer the list was read before, with the game still live there).
  for (int wait = 0; wait < 200 && get("/api/games?status=finished").body["games"].empty(); ++wait)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::set<std::string> seen;
  std::string after;
  for (int page = 0; page < 10; ++page) {
    const Reply r = get("/api/games?limit=3" + (after.empty() ? "" : "&after=" + after));
    ASSERT_EQ(r.status, 200);
    EXPECT_LE(r.body["games"].size(), 3u);
    for (const auto& g : r.body["games"]) seen.insert(g["id"]);
    if (r.body["next"].is_null()) break;
    after = r.body["next"];
  }
  EXPECT_EQ(seen, live);
  const Reply done = get("/api/games?status=finished");
  ASSERT_EQ(done.body["games"].size(), 1u);
  EXPECT_EQ(done.body["games"][0]["id"], finished);
  expect_error(get("/api/games?limit=1000"), 400, "\"limit\"");
  expect_error(get("/api/games?status=secret"), 400, "\"status\"");
}

// Item 6: finished games do not count against the cap of games in play.
TEST_F(Server, TheCapOnGamesInPlayIgnoresFinishedGames) {
  restart({"--max-games", "2", "--create-burst", "100"});
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(post("/api/games", R"({"seats": {"UK": "bot:random", "US": "bot:random", "USSR": "bot:random"}})").status, 201);
  create();
  create();
  expect_error(post("/api/games", "{}"), 503, "as many games in play");
}

// Item 6: creation is rate-limited per address.
TEST_F(Server, CreationIsRateLimitedPerAddress) {
  restart({"--create-burst", "3", "--create-per-minute", "1"});
  for (int i = 0; i < 3; ++i) create();
  expect_error(post("/api/games", "{}"), 429, "too many new games");
}

// Item 6: a game nobody touches is deleted after the configured time; a finished one is kept.
TEST_F(Server, AbandonedGamesExpire) {
  restart({"--expire", "1s", "--expire-check", "1"});
  const std::string id = create();
  const std::string over = post("/api/games", R"({"seats": {"UK": "bot:random", "US": "bot:random", "USSR": "bot:random"}})").body["id"];
  std::this_thread::sleep_for(std::chrono::milliseconds(3500));
  expect_error(get("/api/games/" + id + "/view"), 404, "no game");
  EXPECT_EQ(get("/api/games/" + over + "/view").status, 200);
  EXPECT_EQ(sql_text(db, "SELECT count(*) FROM actions WHERE game = '" + id + "'"), "0");
}

// Item 3: with the write lock held by another process, a move is refused with 503 and nothing changes.
TEST_F(Server, ALockedDatabaseAnswers503AndChangesNothing) {
  restart({"--busy-timeout", "300"});
  const std::string id = create();
  const std::string token = claim(id);
  const json before = get("/api/games/" + id + "/view", token).body;
  sqlite3* lock = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &lock), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(lock, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  expect_error(act(id, token, before), 503, "could not be stored");
  EXPECT_EQ(get("/api/games/" + id + "/view", token).body, before) << "the game is as it was";
  expect_error(post("/api/games", "{}"), 503, "could not be stored");
  sqlite3_exec(lock, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(lock);
  const Reply moved = act(id, token, before);
  ASSERT_EQ(moved.status, 200) << moved.body.dump();
  stop(SIGKILL);
  start();
  EXPECT_EQ(get("/api/games/" + id + "/view", token).body, moved.body) << "what was answered is what was stored";
}

// Item 4: a game that does not replay to its stored count and hash is kept aside; the others serve.
TEST_F(Server, ADamagedGameIsQuarantinedAndTheOthersServe) {
  const std::string bad = create(), good = create();
  const std::string bad_token = claim(bad), good_token = claim(good);
  ASSERT_EQ(act(bad, bad_token, get("/api/games/" + bad + "/view", bad_token).body).status, 200);
  const Reply good_view = act(good, good_token, get("/api/games/" + good + "/view", good_token).body);
  stop(SIGKILL);
  sql(db, "DELETE FROM actions WHERE game = '" + bad + "' AND idx = (SELECT max(idx) FROM actions WHERE game = '" + bad + "')");
  start();
  expect_error(get("/api/games/" + bad + "/view", bad_token), 410, "damaged");
  EXPECT_EQ(get("/api/games/" + good + "/view", good_token).body, good_view.body);
  EXPECT_EQ(get("/api/games?status=damaged").body["games"][0]["id"], bad);
  EXPECT_NE(log_text().find("game " + bad + " is damaged"), std::string::npos) << log_text();
  sql(db, "UPDATE games SET record = 'garbage' WHERE id = '" + good + "'");
  restart({});
  expect_error(get("/api/games/" + good + "/view"), 410, "damaged");
}

// Item 4: `churchill db backup` copies a database in use, and a server runs on the copy.
TEST_F(Server, DbBackupMakesAServableCopyWhileTheServerRuns) {
  const std::string id = create();
  const std::string token = claim(id);
  const Reply moved = act(id, token, get("/api/games/" + id + "/view", token).body);
  const std::string copy = (dir / "copy.db").string();
  const std::string command = std::string(std::getenv("CHURCHILL_BINARY")) + " db backup --db " + db.string() + " --to " + copy;
  ASSERT_EQ(std::system(command.c_str()), 0);
  stop(SIGKILL);
  fs::remove(db);
  fs::remove(db.string() + "-wal");
  fs::remove(db.string() + "-shm");
  fs::copy_file(copy, db);
  start();
  EXPECT_EQ(get("/api/games/" + id + "/view", token).body, moved.body);
}

TEST_F(Server, GamesSurviveKillMinusNine) {
  const std::string id = create();
  const std::string token = claim(id);
  ASSERT_EQ(act(id, token, get("/api/games/" + id + "/view", token).body).status, 200);
  const json before = get("/api/games/" + id + "/view", token).body;
  stop(SIGKILL);
  start();
  const Reply after = get("/api/games/" + id + "/view", token);
  ASSERT_EQ(after.status, 200) << after.body.dump();
  EXPECT_EQ(after.body, before);
  expect_error(post("/api/games/" + id + "/seats/UK"), 409, "already taken");
}

TEST_F(Server, WebSocketPushesTheViewAfterEveryChange) {
  const std::string id = create();
  const std::string token = claim(id);
  boost::asio::io_context io;
  auto ws = watch(io, id, token);
  const json first = next_view(*ws);
  EXPECT_EQ(first["seat"], "UK");
  ASSERT_EQ(act(id, token, first).status, 200);
  const json second = next_view(*ws);
  EXPECT_NE(second["phase"], first["phase"]);
  ws->close(websocket::close_code::normal);
}

// Item 9: the token never travels in the URL; a bad first message or token closes the socket.
TEST_F(Server, WebSocketTokensTravelInTheFirstMessageOnly) {
  const std::string id = create();
  const std::string token = claim(id);
  boost::asio::io_context io;
  websocket::stream<tcp::socket> ws(io);
  boost::asio::connect(ws.next_layer(), tcp::resolver(io).resolve("127.0.0.1", port));
  beast::error_code ec;
  ws.handshake("127.0.0.1", "/api/games/" + id + "/ws?token=" + token, ec);
  EXPECT_TRUE(ec) << "a token in the URL is refused";
  auto bad = watch(io, id, std::string(64, 'f'));
  beast::flat_buffer buffer;
  bad->read(buffer, ec);
  EXPECT_EQ(ec, websocket::error::closed);
  EXPECT_EQ(bad->reason().code, websocket::close_code::policy_error);
  auto spectator = watch(io, id, "");
  EXPECT_TRUE(next_view(*spectator)["seat"].is_null());
}

// Item 5: spectators that never read cost one view each, and silent sockets are closed.
TEST_F(Server, SlowAndSilentWebSocketsAreBoundedAndClosed) {
  restart({"--ws-idle", "2"});
  const std::string id = create(R"({"US": "human", "USSR": "human"})");
  const std::map<std::string, std::string> tokens = {{"UK", claim(id, "UK")}, {"US", claim(id, "US")}, {"USSR", claim(id, "USSR")}};
  boost::asio::io_context io;
  std::vector<std::unique_ptr<websocket::stream<tcp::socket>>> idle;
  for (int i = 0; i < 20; ++i) {
    idle.push_back(watch(io, id, ""));
    const int small = 4096;
    ::setsockopt(idle.back()->next_layer().native_handle(), SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
  }
  const long before = rss_kb();
  std::size_t pushed = 0;  // bytes the sockets would have queued, had every view been queued
  int pairs = 0;
  for (int step = 0; step < 200 && pairs < 60; ++step) {  // play on to a move that can be undone, then act and undo there
    const std::string& token = tokens.at(get("/api/games/" + id + "/view").body["active"][0]);
    const Reply acted = act(id, token, get("/api/games/" + id + "/view", token).body);
    ASSERT_EQ(acted.status, 200) << acted.body.dump();
    if (!acted.body["can_undo"].get<bool>()) continue;
    ASSERT_EQ(post("/api/games/" + id + "/undo", json{{"version", acted.body["version"]}}.dump(), token).status, 200);
    pushed += 2 * 20 * acted.body.dump().size();  // every change is pushed to 20 sockets that never read
    ++pairs;
  }
  EXPECT_EQ(pairs, 60);
#ifdef __SANITIZE_ADDRESS__
  const long allowed = static_cast<long>(pushed / 1024 / 2);  // AddressSanitizer's red zones and shadow grow with every allocation
#else
  const long allowed = static_cast<long>(pushed / 1024 / 8);
#endif
  EXPECT_LT(rss_kb() - before, allowed) << "memory grew by " << (rss_kb() - before) << " KiB; unbounded queues would hold " << pushed / 1024
                                        << " KiB";
  std::this_thread::sleep_for(std::chrono::milliseconds(3500));
  beast::error_code ec;
  for (int reads = 0; reads < 1000 && !ec; ++reads) {  // drain what was sent; then the server's close
    beast::flat_buffer buffer;
    idle[0]->read(buffer, ec);
  }
  EXPECT_TRUE(ec) << "a socket that answered no ping was closed";
  EXPECT_TRUE(running());
}

// A network's addresses share one cap (an IPv4 /24, an IPv6 /64), and the last places go only to
// addresses that hold none: 16 addresses holding 62 WebSockets each once locked every newcomer out.
TEST(Connections, ANetworkSharesOneCapAndTheLastPlacesAreKeptForNewcomers) {
  EXPECT_EQ(server::network_of("10.1.2.3"), "10.1.2.0/24");
  EXPECT_EQ(server::network_of("::ffff:10.1.2.3"), "10.1.2.0/24");
  EXPECT_EQ(server::network_of("2001:db8:0:7:1:2:3:4"), "2001:db8:0:7::/64");
  EXPECT_EQ(server::network_of("?"), "?");
  server::Connections c(16, 5, 7, 4);  // 16 places, 5 an address, 7 a network, the last 4 for newcomers
  std::vector<std::shared_ptr<server::Connections::Slot>> held;
  const auto take = [&](const std::string& address, int tries) {
    int got = 0;
    for (int i = 0; i < tries; ++i)
      if (auto slot = c.admit(address)) held.push_back(std::move(slot)), ++got;
    return got;
  };
  EXPECT_EQ(take("10.0.0.1", 9), 5) << "an address's cap";
  EXPECT_EQ(take("10.0.0.2", 9), 2) << "its network's cap, shared";
  EXPECT_EQ(take("2001:db8::1", 9), 5) << "12 of 16 places held";
  EXPECT_EQ(take("2001:db8::2", 9), 1) << "in the last 4 places an address gets one, the first";
  for (const char* newcomer : {"10.9.0.1", "10.9.0.2", "10.9.0.3"}) EXPECT_EQ(take(newcomer, 9), 1) << newcomer;
  EXPECT_EQ(take("10.9.0.4", 1), 0) << "all 16 places held";
  held.clear();
  EXPECT_EQ(take("10.0.0.1", 9), 5) << "places are given back";
}

// Item 5: connections are capped per address.
TEST_F(Server, ConnectionsAreCappedPerAddress) {
  restart({"--max-per-address", "4"});
  boost::asio::io_context io;
  std::vector<tcp::socket> held = hold(io, 4);
  EXPECT_EQ(raw("GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"), 0) << "the fifth connection is closed";
  held.clear();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(get("/api/games").status, 200);
}

// The log's rule numbers open the rulebook in the reader's language (?lang=): the edition of that
// language, else the English text, said so ("language"); a language no title is played in is refused
// with its code. The test rulebooks of tests/support/rulebooks (the Italian one lacks 5.25).
TEST_F(Server, RulesComeFromTheEditionOfTheReadersLanguage) {
  rules_dir = (fs::path(CHURCHILL_TEST_DATA_DIR).parent_path().parent_path() / "tests" / "support" / "rulebooks").string();
  restart({});
  Reply r = get("/api/titles/churchill/rules/5.24?lang=ru");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["language"], "ru");
  EXPECT_EQ(r.body["found"], true);
  EXPECT_EQ(r.body["text"].get<std::string>().rfind("5.24. Оспаривание вопроса\n", 0), 0u) << r.body.dump();
  r = get("/api/titles/churchill/rules/5.25?lang=it");
  EXPECT_EQ(r.body["language"], "en") << "not in the Italian edition: the English text";
  EXPECT_EQ(r.body["text"].get<std::string>().rfind("5.25 Staff Star\n", 0), 0u) << r.body.dump();
  EXPECT_EQ(get("/api/titles/churchill/rules/5.24").body["language"], "en");
  EXPECT_EQ(get("/api/titles/churchill/rules/5.24?lang=").body["language"], "en");
  r = get("/api/titles/churchill/rules/9.9?lang=it");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body["found"], false);
  EXPECT_NE(r.body["text"].get<std::string>().find("No rule 9.9"), std::string::npos) << r.body.dump();
  // A title with an English rulebook only answers a Russian reader in English.
  r = get("/api/titles/hills/rules/1.0?lang=ru");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body["language"], "en");
  for (const char* bad : {"de", "%2e%2e%2fetc", "RU", "ru-RU"}) {
    r = get(std::string("/api/titles/churchill/rules/5.24?lang=") + bad);
    expect_error(r, 400, "no language");
    EXPECT_EQ(r.body["code"], "no_language") << r.body.dump();
    EXPECT_EQ(r.body["message"]["args"]["languages"], "en, it, ru") << r.body.dump();
  }
  EXPECT_TRUE(running());
}

// Item 5: a process out of file descriptors waits before accepting again instead of spinning.
TEST_F(Server, AcceptBacksOffWhenOutOfDescriptors) {
#ifdef __SANITIZE_ADDRESS__
  // UndefinedBehaviorSanitizer checks a virtual call's object through a pipe it opens: with no
  // descriptor left it reports every such call (Boost's error categories) as invalid and stops.
  GTEST_SKIP() << "not under the sanitizers, which need descriptors of their own";
#endif
  open_files = 40;  // fewer than the connections below, with no cap of our own
  restart({"--max-connections", "1000"});
  boost::asio::io_context io;
  std::vector<tcp::socket> held = hold(io, 60);
  auto cpu_ticks = [&] {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    std::istringstream fields(text.substr(text.rfind(')') + 2));
    std::string f;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> f; ++i) {
      if (i == 14) utime = std::stol(f);
      if (i == 15) stime = std::stol(f);
    }
    return utime + stime;
  };
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const long t0 = cpu_ticks();
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const long used = cpu_ticks() - t0;
  EXPECT_LT(used, ::sysconf(_SC_CLK_TCK) / 2) << "the server spun for " << used << " ticks of 2 s while out of descriptors";
  held.clear();
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_EQ(get("/api/games").status, 200) << "it accepts again";
  open_files = 0;
}

// A War Room seat's name has "+" in it; the web client asks the replay of "GER+ITA" as
// seat=GER%2BITA, the query's value percent-decoded like the path's parts.
TEST_F(Server, AReplaysSeatIsPercentDecoded) {
  const Reply made = post("/api/games", R"({"title": "warroom", "scenario": "war-in-europe", "players": 2, "seating": "public"})");
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  const Reply claimed = post("/api/games/" + id + "/seats/GER%2BITA");
  ASSERT_EQ(claimed.status, 201) << claimed.body.dump();
  const std::string token = claimed.body["token"];
  for (const char* seat : {"GER%2BITA", "GER%2bITA", "GER+ITA"}) {
    const Reply replay = get("/api/games/" + id + "/replay?step=0&seat=" + seat, token);
    ASSERT_EQ(replay.status, 200) << seat << " " << replay.body.dump();
    EXPECT_EQ(replay.body["seat"], "GER+ITA") << seat;
  }
  expect_error(get("/api/games/" + id + "/replay?step=0&seat=BC%2BUSSR%2BUS", token), 403, "seat whose token asks");
}

// The battle calculator through the API (GET /api/games/{id}/odds, docs/server.md "Odds"): Germany's
// attack on Smolensk from Germany's observation, on a worker; the same query gives the same figures;
// every bad parameter is refused with a clear JSON error; nothing of the game changes.
TEST_F(Server, OddsAnswerTheCalculatorFromTheSeatsObservationAndRefuseBadInput) {
  const Reply made =
      post("/api/games", R"({"title": "warroom", "scenario": "eastern-front", "seating": "public", "seats": {"USSR": "bot:rules"}})");
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  const std::string token = claim(id, "GER");
  json view = get("/api/games/" + id + "/view", token).body;
  for (int i = 0; i < 10 && view["phase"].get<std::string>().find("Write Orders") == std::string::npos; ++i)
    view = post("/api/games/" + id + "/actions", json{{"action", "done GER"}, {"version", view["version"]}}.dump(), token).body;
  ASSERT_NE(view["phase"].get<std::string>().find("Write Orders"), std::string::npos) << view["phase"];
  const std::string odds = "/api/games/" + id + "/odds?";
  const Reply asked = get(odds + "region=R12&with=GER:42,GER:43,GER:17&samples=2000&error=0", token);
  ASSERT_EQ(asked.status, 200) << asked.body.dump();
  EXPECT_EQ(asked.body["seat"], "GER");
  // The answer names the version it was computed at: this one, or a later one where the USSR's bot
  // has marked its sheet done meanwhile (a slow build's bot may still be writing).
  EXPECT_GE(asked.body["version"].get<int>(), view["version"].get<int>());
  const json& o = asked.body["odds"];
  EXPECT_EQ(o["region"], "R12");
  EXPECT_EQ(o["exact"], false);
  EXPECT_EQ(o["samples"], 2000);
  EXPECT_EQ(o["error_target"], 0);
  EXPECT_EQ(o["defender"], "allied");
  EXPECT_EQ(o["moved_in"].size(), 3u);
  EXPECT_NEAR(o["sides"]["axis"]["wins"]["mean"].get<double>() + o["sides"]["allied"]["wins"]["mean"].get<double>(), 1.0, 1e-9);
  EXPECT_GT(o["sides"]["axis"]["units_lost"]["se"].get<double>(), 0) << "Monte Carlo: every figure with its error";
  EXPECT_EQ(get(odds + "with=GER%3A42%2CGER%3A43%2CGER%3A17&samples=2000&error=0&region=smolensk", token).body["odds"]["sides"], o["sides"])
      << "the same query (the region by its name, escaped), the same figures";
  EXPECT_EQ(get(odds + "region=R12&with=GER:42,GER:43,GER:17&samples=2000&error=0").body["seat"], nullptr) << "a spectator asks too";
  // Germany's own written order moves in when Germany asks; a spectator sees no order, so no battle.
  view = post("/api/games/" + id + "/actions", json{{"action", "select GER 43"}, {"version", view["version"]}}.dump(), token).body;
  view = post("/api/games/" + id + "/actions", json{{"action", "to GER R12"}, {"version", view["version"]}}.dump(), token).body;
  const Reply own = get(odds + "region=R12", token);
  ASSERT_EQ(own.status, 200) << own.body.dump();
  EXPECT_EQ(own.body["odds"]["moved_in"], json::parse(R"([{"nation": "GER", "command": 43}])"));
  // The API answers what `warroom odds --json` answers for the same position: the game's record, read
  // from the server's database, saved as a file for the command line built beside the server.
  json record = json::parse(sql_text(db, "SELECT record FROM games WHERE id = '" + id + "'"));
  record["actions"] = json::parse(sql_text(db,
                                           "SELECT json_group_array(json_object('seat', seat, 'action', action, 'sampled', "
                                           "json(CASE sampled WHEN 0 THEN 'false' ELSE 'true' END))) FROM "
                                           "(SELECT * FROM actions WHERE game = '" +
                                               id + "' ORDER BY idx)"));
  record["state_hash"] = "";
  std::ofstream(dir / "odds-game.json") << record.dump();
  const std::string warroom = (fs::path(std::getenv("CHURCHILL_BINARY")).parent_path() / "warroom").string();
  const std::string command =
      warroom + " odds " + (dir / "odds-game.json").string() + " --as GER --region R12 --json > " + (dir / "odds.txt").string();
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  json local = json::parse(std::ifstream(dir / "odds.txt"));
  json served = own.body["odds"];
  local.erase("milliseconds"), served.erase("milliseconds");
  EXPECT_EQ(served, local);
  expect_error(get(odds + "region=R12"), 422, "no battle in Smolensk (R12)");
  EXPECT_EQ(get(odds + "region=R12").body["code"], "no_battle");
  expect_error(get(odds, token), 400, "region: the region of the battle is needed");
  expect_error(get(odds + "region=Atlantis", token), 400, "unknown region \"Atlantis\"");
  expect_error(get(odds + "region=R12&with=GER-42", token), 400, "not a Command of this game as NATION:NUMBER");
  expect_error(get(odds + "region=R12&with=GER:99", token), 422, "GER 99 is not on the map");
  expect_error(get(odds + "region=R12&samples=5", token), 400, "samples: a number from 100 to 20000");
  expect_error(get(odds + "region=R12&samples=1000000", token), 400, "samples: a number from 100 to 20000");
  expect_error(get(odds + "region=R12&seed=-1", token), 400, "seed");
  expect_error(get(odds + "region=R12&error=0.6", token), 400, "error: a number from 0 to 0.5");
  expect_error(get(odds + "region=R12&error=1e-2", token), 400, "error: a number from 0 to 0.5");
  expect_error(get(odds + "region=R12&stances=worst", token), 400, "stances");
  expect_error(get(odds + "region=R12&region=R13", token), 400, "given twice");
  expect_error(get(odds + "region=R12&colour=red", token), 400, "unknown parameter \"colour\"");
  EXPECT_EQ(get(odds + "region=R12&with=GER-42", token).body["code"], "bad_odds");
  expect_error(get(odds + "region=R12", std::string(64, 'a')), 401, "");
  expect_error(post("/api/games/" + id + "/odds?region=R12", "{}", token), 405, "");
  expect_error(get("/api/games/nosuchgame/odds?region=R12"), 404, "");
  EXPECT_EQ(get("/api/games/" + id + "/view", token).body["version"], view["version"]) << "asking changes nothing";
}

// A WebSocket that never sends its first message is closed after --ws-hello seconds, though it
// answers every ping (it would hold a connection's place for ever); one that sends it is served.
TEST_F(Server, AWebSocketThatNeverSaysHelloIsClosed) {
  restart({"--ws-hello", "1"});
  const std::string id = create();
  boost::asio::io_context io;
  websocket::stream<tcp::socket> silent(io);
  boost::asio::connect(silent.next_layer(), tcp::resolver(io).resolve("127.0.0.1", port));
  silent.handshake("127.0.0.1", "/api/games/" + id + "/ws");
  auto spectator = watch(io, id, "");
  const auto start = std::chrono::steady_clock::now();
  beast::flat_buffer buffer;
  beast::error_code ec;
  silent.read(buffer, ec);  // answers pings while it waits, as a browser would
  const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(ec, websocket::error::closed);
  EXPECT_EQ(silent.reason().code, websocket::close_code::policy_error);
  EXPECT_NE(std::string(silent.reason().reason.c_str()).find("no first message"), std::string::npos);
  EXPECT_GT(waited, 0.5);
  EXPECT_LT(waited, 5.0);
  EXPECT_TRUE(next_view(*spectator)["seat"].is_null()) << "a socket that said hello is served";
}

}  // namespace
