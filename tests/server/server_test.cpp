// The game server's API against a real `churchill serve` on loopback: create, claim, view, act,
// illegal input, wrong tokens, secrets never leaking, the WebSocket, and kill -9 with a restart.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/support/http_client.h"

extern char** environ;

namespace {

namespace fs = std::filesystem;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;
using nlohmann::json;

struct Reply {
  int status = 0;
  json body;
};

class Server : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("churchill-server-test-" + std::to_string(::getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  pid_t pid = -1;
  std::string port;

  void SetUp() override {
    if (!std::getenv("CHURCHILL_BINARY")) GTEST_SKIP() << "run through ctest";
    fs::create_directories(dir);
    start();
  }
  void TearDown() override {
    stop(SIGTERM);
    fs::remove_all(dir);
  }

  void start() {
    int out[2];
    ASSERT_EQ(::pipe(out), 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    const std::string db = (dir / "games.db").string();
    std::vector<std::string> args = {std::getenv("CHURCHILL_BINARY"), "serve", "--port", "0", "--db", db};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ASSERT_EQ(spawned, 0);
    ::close(out[1]);
    std::string line;
    char ch;
    while (::read(out[0], &ch, 1) == 1 && ch != '\n') line += ch;
    ::close(out[0]);
    const auto colon = line.rfind(':');
    ASSERT_NE(colon, std::string::npos) << line;
    port = line.substr(colon + 1, line.find('/', colon) - colon - 1);
  }
  void stop(int signal) {
    if (pid <= 0) return;
    ::kill(pid, signal);
    ::waitpid(pid, nullptr, 0);
    pid = -1;
  }

  Reply call(http::verb method, const std::string& target, const std::string& body = "", const std::string& token = "") {
    auto [status, json_body] = test_support::HttpClient(port).call(method, target, body, token);
    return {status, json_body};
  }
  Reply get(const std::string& t, const std::string& token = "") { return call(http::verb::get, t, "", token); }
  Reply post(const std::string& t, const std::string& body = "", const std::string& token = "") {
    return call(http::verb::post, t, body, token);
  }
  std::string create(const std::string& seats = R"({"US": "bot:rulebook", "USSR": "bot:rulebook"})") {
    const Reply r = post("/api/games", R"({"scenario": "training", "seed": 7, "seats": )" + seats + "}");
    EXPECT_EQ(r.status, 201) << r.body.dump();
    return r.body["id"];
  }
  void expect_error(const Reply& r, int status, const std::string& fragment) {
    EXPECT_EQ(r.status, status) << r.body.dump();
    ASSERT_TRUE(r.body.is_object() && r.body.contains("error")) << r.body.dump();
    EXPECT_NE(r.body["error"].get<std::string>().find(fragment), std::string::npos) << r.body.dump();
  }
};

TEST_F(Server, CreateClaimViewAct) {
  const std::string id = create();
  const Reply claim = post("/api/games/" + id + "/seats/UK");
  ASSERT_EQ(claim.status, 201);
  const std::string token = claim.body["token"];
  EXPECT_EQ(token.size(), 64u);
  const Reply view = get("/api/games/" + id + "/view", token);
  ASSERT_EQ(view.status, 200);
  EXPECT_EQ(view.body["hand"].size(), 7u);
  EXPECT_EQ(view.body["active"], json::array({"UK"}));
  const std::string action = view.body["legal_actions"][0];
  const Reply acted = post("/api/games/" + id + "/actions", json{{"action", action}}.dump(), token);
  ASSERT_EQ(acted.status, 200) << acted.body.dump();
  EXPECT_NE(acted.body["phase"], view.body["phase"]) << "the bots played on";
  const Reply list = get("/api/games");
  ASSERT_EQ(list.status, 200);
  EXPECT_EQ(list.body[0]["seats"]["UK"], "taken");
  EXPECT_EQ(list.body[0]["seats"]["US"], "bot:rulebook");
}

TEST_F(Server, BadRequestsAreJsonErrorsAndChangeNothing) {
  expect_error(post("/api/games", "{not json"), 400, "not valid JSON");
  expect_error(post("/api/games", R"({"scenario": "moon"})"), 400, "\"scenario\"");
  expect_error(post("/api/games", R"({"seats": {"France": "human"}})"), 400, "unknown seat");
  expect_error(post("/api/games", R"({"seats": {"UK": "bot:skynet"}})"), 400, "a seat is");
  expect_error(post("/api/games", R"({"colour": "red"})"), 400, "unknown field");
  expect_error(post("/api/games", std::string(20000, ' ')), 413, "too large");
  const std::string id = create();
  expect_error(post("/api/games/nope/seats/UK"), 404, "no game");
  expect_error(post("/api/games/" + id + "/seats/France"), 404, "no seat");
  expect_error(post("/api/games/" + id + "/seats/US"), 409, "played by a bot");
  const std::string token = post("/api/games/" + id + "/seats/UK").body["token"];
  expect_error(post("/api/games/" + id + "/seats/UK"), 409, "already taken");
  const json before = get("/api/games/" + id + "/view", token).body;
  expect_error(post("/api/games/" + id + "/actions", R"({"action": "win the war"})", token), 422, "not a legal action");
  expect_error(post("/api/games/" + id + "/actions", R"({"action": 3})", token), 400, "the body must be");
  expect_error(post("/api/games/" + id + "/actions", R"({"action": "pass"})", "0123"), 401, "opens no seat");
  expect_error(post("/api/games/" + id + "/actions", R"({"action": "pass"})"), 401, "needs the seat's token");
  expect_error(call(http::verb::delete_, "/api/games/" + id + "/actions"), 405, "not allowed");
  expect_error(get("/api/nothing"), 404, "no such API endpoint");
  expect_error(post("/api/games/" + id + "/undo", "", token), 409, "nothing to undo");
  EXPECT_EQ(get("/api/games/" + id + "/view", token).body, before) << "nothing changed";
  expect_error(get("/../../etc/passwd"), 404, "not found");
}

TEST_F(Server, NoResponseCarriesAnotherSeatsSecrets) {
  const std::string id = create(R"({"USSR": "bot:rulebook"})");
  std::array<std::string, 2> tokens = {post("/api/games/" + id + "/seats/UK").body["token"],
                                       post("/api/games/" + id + "/seats/US").body["token"]};
  std::array<json, 2> hands = {get("/api/games/" + id + "/view", tokens[0]).body["hand"],
                               get("/api/games/" + id + "/view", tokens[1]).body["hand"]};
  const std::vector<Reply> replies = {get("/api/games"), get("/api/games/" + id + "/view"),
                                      get("/api/games/" + id + "/view", tokens[0]), get("/api/games/" + id + "/view", tokens[1])};
  for (std::size_t r = 0; r < replies.size(); ++r) {
    const std::string text = replies[r].body.dump();
    for (const char* secret : {"\"seed\"", "\"actions\"", "\"draw\"", "xoshiro", "token_hash", tokens[0].c_str(), tokens[1].c_str()})
      EXPECT_EQ(text.find(secret), std::string::npos) << "reply " << r << " holds " << secret;
    for (std::size_t seat = 0; seat < 2; ++seat) {
      const bool own = r == 2 + seat;
      if (own || !replies[r].body.is_object()) continue;
      for (const auto& card : hands[seat]) {
        EXPECT_EQ(replies[r].body["hand"].dump().find(card.get<std::string>()), std::string::npos);
      }
    }
  }
}

TEST_F(Server, GamesSurviveKillMinusNine) {
  const std::string id = create();
  const std::string token = post("/api/games/" + id + "/seats/UK").body["token"];
  const std::string action = get("/api/games/" + id + "/view", token).body["legal_actions"][0];
  ASSERT_EQ(post("/api/games/" + id + "/actions", json{{"action", action}}.dump(), token).status, 200);
  const json before = get("/api/games/" + id + "/view", token).body;
  stop(SIGKILL);
  start();
  const Reply after = get("/api/games/" + id + "/view", token);
  ASSERT_EQ(after.status, 200) << after.body.dump();
  EXPECT_EQ(after.body["phase"], before["phase"]);
  EXPECT_EQ(after.body["hand"], before["hand"]);
  EXPECT_EQ(after.body["legal_actions"], before["legal_actions"]);
  expect_error(post("/api/games/" + id + "/seats/UK"), 409, "already taken");
}

TEST_F(Server, WebSocketPushesTheViewAfterEveryChange) {
  const std::string id = create();
  const std::string token = post("/api/games/" + id + "/seats/UK").body["token"];
  boost::asio::io_context io;
  beast::websocket::stream<tcp::socket> ws(io);
  boost::asio::connect(ws.next_layer(), tcp::resolver(io).resolve("127.0.0.1", port));
  ws.handshake("127.0.0.1", "/api/games/" + id + "/ws?token=" + token);
  beast::flat_buffer buffer;
  ws.read(buffer);
  const json first = json::parse(beast::buffers_to_string(buffer.data()));
  EXPECT_EQ(first["seat"], "UK");
  buffer.consume(buffer.size());
  ASSERT_EQ(post("/api/games/" + id + "/actions", json{{"action", first["legal_actions"][0]}}.dump(), token).status, 200);
  ws.read(buffer);
  const json second = json::parse(beast::buffers_to_string(buffer.data()));
  EXPECT_NE(second["phase"], first["phase"]);
  ws.close(beast::websocket::close_code::normal);
}

}  // namespace
