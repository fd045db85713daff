// A real `churchill serve` on loopback for the server's tests: started with a fresh database and the
// options a test gives, restarted, killed; requests and WebSockets to it.
#pragma once

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
#include <thread>

#include "tests/support/http_client.h"

namespace test_support {

namespace fs = std::filesystem;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using nlohmann::json;

struct Reply {
  int status = 0;
  json body;
};

// SQL on the server's database from outside (as another process would).
inline void sql(const fs::path& db, const std::string& statement) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  sqlite3_busy_timeout(h, 5000);
  char* message = nullptr;
  EXPECT_EQ(sqlite3_exec(h, statement.c_str(), nullptr, nullptr, &message), SQLITE_OK) << (message ? message : "");
  sqlite3_free(message);
  sqlite3_close(h);
}

inline std::string sql_text(const fs::path& db, const std::string& query) {
  sqlite3* h = nullptr;
  sqlite3_open(db.c_str(), &h);
  sqlite3_stmt* st = nullptr;
  std::string out;
  if (sqlite3_prepare_v2(h, query.c_str(), -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
    out = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
  sqlite3_finalize(st);
  sqlite3_close(h);
  return out;
}

class Server : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("churchill-server-test-" + std::to_string(::getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::path db = dir / "games.db";
  pid_t pid = -1;
  std::string port;
  std::vector<std::string> flags;  // extra options of `churchill serve`
  rlim_t open_files = 0;           // 0: inherited
  std::string rules_dir;           // the server's CHURCHILL_RULES_DIR ("": inherited)

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
    std::vector<std::string> args = {std::getenv("CHURCHILL_BINARY"), "serve", "--port", "0", "--db", db.string()};
    args.insert(args.end(), flags.begin(), flags.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string log = (dir / "serve.log").string();
    pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      ::dup2(out[1], 1);
      ::close(out[0]);
      ::freopen(log.c_str(), "a", stderr);
      // Freed memory is given back at once under AddressSanitizer, so that the server's size is its own.
      const std::string asan = std::string(std::getenv("ASAN_OPTIONS") ? std::getenv("ASAN_OPTIONS") : "") + ":quarantine_size_mb=1";
      ::setenv("ASAN_OPTIONS", asan.c_str(), 1);
      if (!rules_dir.empty()) ::setenv("CHURCHILL_RULES_DIR", rules_dir.c_str(), 1);
      if (open_files) {
        const rlimit limit{open_files, open_files};
        ::setrlimit(RLIMIT_NOFILE, &limit);
      }
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    std::string line;
    char ch;
    while (::read(out[0], &ch, 1) == 1 && ch != '\n') line += ch;
    ::close(out[0]);
    const auto colon = line.rfind(':');
    ASSERT_NE(colon, std::string::npos) << line << log_text();
    port = line.substr(colon + 1, line.find('/', colon) - colon - 1);
  }
  // Stops the server by `signal`, sent again each second it lives on: under ThreadSanitizer a signal
  // that arrives while the server starts its threads is sometimes never delivered (the server then
  // served on and the test waited for it for ever); a second one is. SIGKILL after 60 s.
  void stop(int signal) {
    if (pid <= 0) return;
    for (int tries = 0; ::waitpid(pid, nullptr, WNOHANG) == 0; ++tries) {
      if (tries % 100 == 0) ::kill(pid, tries < 6000 ? signal : SIGKILL);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    pid = -1;
  }
  void restart(std::vector<std::string> new_flags) {
    stop(SIGTERM);
    flags = std::move(new_flags);
    start();
  }
  bool running() { return pid > 0 && ::waitpid(pid, nullptr, WNOHANG) == 0; }
  // The server's resident memory, KiB.
  long rss_kb() const {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
      if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return 0;
  }
  std::string log_text() {
    std::ifstream in(dir / "serve.log");
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  Reply call(http::verb method, const std::string& target, const std::string& body = "", const std::string& token = "") {
    auto [status, json_body] = test_support::HttpClient(port).call(method, target, body, token);
    return {status, json_body};
  }
  Reply get(const std::string& t, const std::string& token = "") { return call(http::verb::get, t, "", token); }
  Reply post(const std::string& t, const std::string& body = "", const std::string& token = "") {
    return call(http::verb::post, t, body, token);
  }
  // A public game (anyone may claim its human seats).
  std::string create(const std::string& seats = R"({"US": "bot:rulebook", "USSR": "bot:rulebook"})") {
    const Reply r = post("/api/games", R"({"scenario": "training", "seating": "public", "seats": )" + seats + "}");
    EXPECT_EQ(r.status, 201) << r.body.dump();
    return r.body.value("id", "");
  }
  std::string claim(const std::string& id, const std::string& seat = "UK") {
    const Reply r = post("/api/games/" + id + "/seats/" + seat);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    return r.body.value("token", "");
  }
  Reply act(const std::string& id, const std::string& token, const json& view, std::size_t choice = 0) {
    return post("/api/games/" + id + "/actions", json{{"action", view["legal_actions"][choice]}, {"version", view["version"]}}.dump(),
                token);
  }
  void expect_error(const Reply& r, int status, const std::string& fragment) {
    EXPECT_EQ(r.status, status) << r.body.dump();
    ASSERT_TRUE(r.body.is_object() && r.body.contains("error")) << r.body.dump();
    EXPECT_NE(r.body["error"].get<std::string>().find(fragment), std::string::npos) << r.body.dump();
  }

  // Sends raw bytes on a new connection; the status of the answer, or 0 if the server closed without one.
  int raw(const std::string& bytes) {
    boost::asio::io_context io;
    tcp::socket s(io);
    s.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(std::stoi(port))});
    const timeval timeout{5, 0};
    ::setsockopt(s.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    boost::system::error_code ec;
    boost::asio::write(s, boost::asio::buffer(bytes), ec);
    s.shutdown(tcp::socket::shutdown_send, ec);
    std::string answer(12, '\0');
    const std::size_t n = boost::asio::read(s, boost::asio::buffer(answer), ec);
    if (n < 12 || answer.rfind("HTTP/1.", 0) != 0) return 0;
    return std::stoi(answer.substr(9, 3));
  }

  // n connections that send nothing.
  std::vector<tcp::socket> hold(boost::asio::io_context& io, int n) {
    std::vector<tcp::socket> held;
    for (int i = 0; i < n; ++i) {
      held.emplace_back(io);
      held.back().connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(std::stoi(port))});
    }
    return held;
  }

  // A WebSocket on a game, having sent its first message.
  std::unique_ptr<websocket::stream<tcp::socket>> watch(boost::asio::io_context& io, const std::string& id, const std::string& token) {
    auto ws = std::make_unique<websocket::stream<tcp::socket>>(io);
    boost::asio::connect(ws->next_layer(), tcp::resolver(io).resolve("127.0.0.1", port));
    ws->handshake("127.0.0.1", "/api/games/" + id + "/ws");
    ws->write(boost::asio::buffer(token.empty() ? std::string("{}") : json{{"token", token}}.dump()));
    return ws;
  }
  static json next_view(websocket::stream<tcp::socket>& ws) {
    beast::flat_buffer buffer;
    ws.read(buffer);
    return json::parse(beast::buffers_to_string(buffer.data()));
  }
};

}  // namespace test_support
