// HTTP and WebSocket over Boost.Beast (architecture.md §5, docs/server.md), on one thread, with the
// store's commits on a second. Every request is checked (framing, size, method, origin, content
// type, JSON shape, ids, tokens); every error is JSON {"error": ...} with a 4xx status, or 503 when
// storage failed. No input ends the process: the last line of defence catches what escapes a handler.
#include "server/http.h"

#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

namespace server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

constexpr std::size_t kBodyLimit = 16 * 1024;
constexpr std::size_t kHeaderLimit = 8 * 1024;
constexpr std::size_t kTargetLimit = 2048;

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

Response respond(unsigned version, bool keep_alive, http::status status, const char* content_type, std::string body) {
  Response res{status, version};
  res.set(http::field::content_type, content_type);
  res.set("X-Content-Type-Options", "nosniff");
  res.keep_alive(keep_alive);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

Response json_text(const Request& req, http::status status, std::string body) {
  Response res = respond(req.version(), req.keep_alive(), status, "application/json", std::move(body));
  res.set(http::field::cache_control, "no-store");
  return res;
}

std::string dump(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

Response json_response(const Request& req, http::status status, const nlohmann::json& body) { return json_text(req, status, dump(body)); }

// {"error": English text, "code": stable id, "message": {"key": "server.error.<code>", "args"}, "view"}.
Response error(const Request& req, const ApiError& e) {
  nlohmann::json body = {{"error", e.what()}, {"code", e.code()}, {"message", e.message()}};
  if (!e.view().is_null()) body["view"] = e.view();
  const int status = e.status();
  Response res = json_response(req, static_cast<http::status>(status), body);
  if (status == 405) res.set(http::field::allow, "GET, HEAD, POST");
  if (status == 503 || status == 429) res.set(http::field::retry_after, "1");
  return res;
}

// A framing error: answered, then the connection is closed (what follows on it cannot be trusted).
Response framing_error(int status, const std::string& message) {
  Request req;
  req.keep_alive(false);
  Response res = error(req, ApiError(status, message));
  res.keep_alive(false);
  return res;
}

std::string bearer(const Request& req) {
  const auto it = req.find(http::field::authorization);
  if (it == req.end()) return "";
  const std::string value(it->value());
  if (value.rfind("Bearer ", 0) != 0) throw ApiError(401, "Authorization must be \"Bearer TOKEN\"");
  return value.substr(7);
}

nlohmann::json body_json(const Request& req) {
  if (req.body().empty()) return nlohmann::json::object();
  try {
    return nlohmann::json::parse(req.body());
  } catch (const nlohmann::json::exception&) {
    throw ApiError(400, "the body is not valid JSON");
  }
}

const char* mime(const std::string& path) {
  auto ends = [&](const char* ext) { return path.size() >= std::strlen(ext) && path.compare(path.size() - std::strlen(ext), std::string::npos, ext) == 0; };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript";
  if (ends(".css")) return "text/css";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".json")) return "application/json";
  if (ends(".png")) return "image/png";
  return "application/octet-stream";
}

// A file of the web client; nothing outside its directory, no folder.
Response static_file(const Request& req, const std::string& path_and_query, const std::string& web_dir) {
  std::string path = path_and_query.substr(0, path_and_query.find('?'));
  if (path == "/") path = "/index.html";
  const bool safe = path.size() < 200 && path[0] == '/' && path.find("..") == std::string::npos &&
                    path.find("//") == std::string::npos &&
                    std::all_of(path.begin(), path.end(), [](unsigned char ch) {
                      return std::isalnum(ch) || ch == '/' || ch == '.' || ch == '-' || ch == '_';
                    });
  if (!safe) return error(req, ApiError(404, "not found"));
  std::error_code ec;
  if (!std::filesystem::is_regular_file(web_dir + path, ec)) {
    if (path == "/index.html") return error(req, ApiError(404, "the web client is not built (scripts/setup.sh builds it)"));
    return error(req, ApiError(404, "not found"));
  }
  std::ifstream in(web_dir + path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return respond(req.version(), req.keep_alive(), http::status::ok, mime(path), ss.str());
}

// A path segment with its %XX escapes decoded (a War Room seat "BC+USSR+US" arrives as
// "BC%2BUSSR%2BUS" from the browser); a malformed escape is kept as it is.
std::string percent_decoded(std::string_view s) {
  std::string out;
  const auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1; };
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

// /api/games/{id}/... split into its parts, each decoded.
std::vector<std::string> parts(std::string_view target) {
  target = target.substr(0, target.find('?'));
  std::vector<std::string> out;
  std::size_t start = 1;
  while (start <= target.size()) {
    const std::size_t end = target.find('/', start);
    out.emplace_back(percent_decoded(target.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start)));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

// The value of `key` in the target's query ("" if absent).
std::string query(std::string_view target, std::string_view key) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return "";
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    if (pair.substr(0, key.size()) == key && pair.size() > key.size() && pair[key.size()] == '=')
      return std::string(pair.substr(key.size() + 1));
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return "";
}

// The game a target names (/api/games/{id}/...), or "".
std::string game_of(std::string_view target) {
  const auto p = parts(target);
  return p.size() >= 3 && p[0] == "api" && p[1] == "games" ? p[2] : "";
}

// Per-address and total connection counts; a Slot holds one connection's place.
class Connections {
 public:
  Connections(std::size_t total, std::size_t per_address) : total_(total), per_address_(per_address) {}
  struct Slot {
    Connections* owner;
    std::string address;
    ~Slot() { owner->release(address); }
  };
  std::shared_ptr<Slot> admit(const std::string& address) {
    if (count_ >= total_ || by_address_[address] >= per_address_) {
      if (by_address_[address] == 0) by_address_.erase(address);
      return nullptr;
    }
    ++count_;
    ++by_address_[address];
    return std::shared_ptr<Slot>(new Slot{this, address});
  }

 private:
  void release(const std::string& address) {
    --count_;
    if (--by_address_[address] == 0) by_address_.erase(address);
  }
  std::size_t total_, per_address_, count_ = 0;
  std::map<std::string, std::size_t> by_address_;
};

// A token bucket per address: `burst` at once, refilled at `per_minute`.
class RateLimiter {
 public:
  RateLimiter(double per_minute, double burst) : rate_(per_minute / 60.0), burst_(burst) {}
  bool allow(const std::string& key) {
    const auto now = std::chrono::steady_clock::now();
    if (buckets_.size() > 10000) forget_full(now);
    auto [it, fresh] = buckets_.try_emplace(key, Bucket{burst_, now});
    Bucket& b = it->second;
    b.tokens = std::min(burst_, b.tokens + rate_ * std::chrono::duration<double>(now - b.at).count());
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

 private:
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point at;
  };
  void forget_full(std::chrono::steady_clock::time_point now) {
    std::erase_if(buckets_, [&](const auto& kv) {
      return kv.second.tokens + rate_ * std::chrono::duration<double>(now - kv.second.at).count() >= burst_;
    });
  }
  double rate_, burst_;
  std::map<std::string, Bucket> buckets_;
};

// Group commit: the writes staged by every request handled in one turn of the event loop are
// committed together, on the writer thread, while the loop goes on; the requests are answered when
// their batch is committed (503 if it failed). One batch is committed at a time.
class Committer {
 public:
  Committer(asio::io_context& io, Lobby& lobby, Store& store) : io_(io), lobby_(lobby), store_(store) {}
  ~Committer() { writer_.join(); }
  void drain() { writer_.join(); }  // waits for the commit in flight

  // `done` runs once the writes staged so far are committed (true) or failed (false), with the games
  // whose writes were left out because another server changed them first.
  using Done = std::function<void(bool, const std::vector<std::string>&)>;
  void on_commit(Done done) {
    waiting_.push_back(std::move(done));
    kick();
  }
  // `then` runs after the batch being committed (or the next one) settles.
  void after_settle(std::function<void()> then) {
    deferred_.push_back(std::move(then));
    kick();
  }
  void kick() {
    if (posted_ || in_flight_ || lobby_.staged() == 0) return;
    posted_ = true;
    asio::post(io_, [this] {
      posted_ = false;
      flush();
    });
  }

 private:
  void flush() {
    if (in_flight_ || lobby_.staged() == 0) return;
    in_flight_ = true;
    auto batch = std::make_shared<std::vector<GameWrite>>(lobby_.take_staged());
    auto done = std::make_shared<std::vector<Done>>(std::exchange(waiting_, {}));
    // `done` is moved on to the event loop, never copied: the callbacks hold the requests' sessions,
    // which must be released on the loop's thread (a session's last release frees its connection
    // slot, which the loop counts), not on the writer's.
    asio::post(writer_, [this, batch = std::move(batch), done = std::move(done)]() mutable {
      std::string failure;
      std::vector<std::string> conflicts;
      try {
        conflicts = store_.commit(*batch);
      } catch (const std::exception& e) {
        failure = e.what();
      }
      asio::post(io_, [this, done = std::move(done), failure, conflicts] { settle(*done, failure, conflicts); });
    });
  }
  void settle(const std::vector<Done>& done, const std::string& failure, const std::vector<std::string>& conflicts) {
    if (!failure.empty()) std::cerr << "churchill serve: a commit failed, nothing of it was applied: " << failure << std::endl;
    lobby_.settle(failure.empty(), conflicts);
    in_flight_ = false;
    for (const auto& d : done) d(failure.empty(), conflicts);
    for (const auto& then : std::exchange(deferred_, {})) then();
    kick();
  }

  asio::io_context& io_;
  Lobby& lobby_;
  Store& store_;
  asio::thread_pool writer_{1};
  bool posted_ = false, in_flight_ = false;
  std::vector<Done> waiting_;
  std::vector<std::function<void()>> deferred_;
};

// The workers that search (bot decisions of kinds that search, hints), off the event loop: the lobby
// bounds how many searches wait or run (LobbyLimits::max_searches); each one's answer is posted back
// to the loop and applied there, and the commits its change stages are started.
class Searchers {
 public:
  Searchers(asio::io_context& io, Committer& committer, std::size_t threads) : io_(io), committer_(committer), pool_(threads) {}
  // `work` and its answer go back to the event loop by move: what they hold (a request's session)
  // is released there, never on a worker (see Committer::flush).
  void run(Lobby::Work work) {
    asio::post(pool_, [this, work = std::move(work)]() mutable {
      auto then = work();
      asio::post(io_, [this, work = std::move(work), then = std::move(then)] {
        then();
        committer_.kick();
      });
    });
  }
  // No search starts after this; one under way is dropped with the process (it wrote nothing, and
  // the game's bot searches again when the server starts).
  void stop() { pool_.stop(); }

 private:
  asio::io_context& io_;
  Committer& committer_;
  asio::thread_pool pool_;
};

// The machine's cores less one for the event loop, at least one.
std::size_t default_search_threads() {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 2 ? cores - 1 : 1;
}

struct Shared {
  const Options& options;
  Lobby& lobby;
  Committer& committer;
  Connections& connections;
  RateLimiter& creations;
};

// A browser's cross-site POST carries an Origin that is not this server's: refused. Clients that are
// not browsers send none.
bool same_origin(const Request& req, const Options& o) {
  const auto origin = req.find(http::field::origin);
  if (origin == req.end()) return true;
  const std::string value(origin->value());
  if (std::find(o.origins.begin(), o.origins.end(), value) != o.origins.end()) return true;
  const auto scheme = value.find("://");
  const auto host = req.find(http::field::host);
  return scheme != std::string::npos && host != req.end() && beast::iequals(value.substr(scheme + 3), host->value());
}

bool json_content(const Request& req) {
  const auto type = req.find(http::field::content_type);
  if (type == req.end()) return false;
  const beast::string_view v = type->value();
  return beast::iequals(v.substr(0, v.find(';')), "application/json");
}

Response route(const Request& req, const std::string& client, Shared& s) {
  const std::string target(req.target());
  const auto p = parts(target);
  const auto method = req.method();
  const bool read = method == http::verb::get || method == http::verb::head;
  if (p.empty() || p[0] != "api") {
    if (!read) throw ApiError(405, "method not allowed here");
    return static_file(req, target, s.options.web_dir);
  }
  auto only = [&](bool post) {
    if (post ? method != http::verb::post : !read) throw ApiError(405, "method not allowed here");
    if (!post) return;
    if (!same_origin(req, s.options)) throw ApiError(403, "a cross-site request is refused (its Origin is not this server's)");
    if (!json_content(req)) throw ApiError(415, "a POST must be sent with Content-Type: application/json");
  };
  Lobby& lobby = s.lobby;
  const bool game = p.size() == 4 && p[1] == "games";
  if (p.size() == 2 && p[1] == "titles") {
    only(false);
    return json_response(req, http::status::ok, lobby.titles());
  }
  if (p.size() == 4 && p[1] == "titles" && p[3] == "layout") {
    only(false);
    return json_response(req, http::status::ok, lobby.layout(p[2]));
  }
  if (p.size() == 5 && p[1] == "titles" && p[3] == "rules") {
    only(false);
    return json_response(req, http::status::ok, lobby.rules(p[2], p[4], query(target, "lang")));
  }
  if (p.size() == 2 && p[1] == "games") {
    if (read) {
      const std::string limit_text = query(target, "limit"), status = query(target, "status");
      std::size_t limit = 50;
      if (!limit_text.empty()) {
        if (limit_text.size() > 3 || !std::all_of(limit_text.begin(), limit_text.end(), ::isdigit) || std::stoul(limit_text) == 0 ||
            std::stoul(limit_text) > 100)
          throw ApiError(400, "\"limit\" is a number from 1 to 100");
        limit = std::stoul(limit_text);
      }
      return json_text(req, http::status::ok, lobby.list(status.empty() ? "live" : status, query(target, "after"), limit));
    }
    only(true);
    if (!s.creations.allow(client)) throw ApiError(429, ErrorCode{"too_many_games"}, "too many new games from this address; wait a minute");
    return json_response(req, http::status::created, lobby.create(body_json(req)));
  }
  if (p.size() == 5 && p[1] == "games" && p[3] == "seats") {
    only(true);
    return json_response(req, http::status::created, nlohmann::json{{"token", lobby.claim(p[2], p[4], body_json(req))}});
  }
  if (game && p[3] == "view") {
    only(false);
    return json_text(req, http::status::ok, lobby.view(p[2], bearer(req)));
  }
  if (game && p[3] == "replay") {
    only(false);
    return json_response(req, http::status::ok, lobby.replay(p[2], bearer(req), query(target, "step"), query(target, "seat")));
  }
  if (game && p[3] == "actions") {
    only(true);
    return json_text(req, http::status::ok, lobby.act(p[2], bearer(req), body_json(req)));
  }
  if (game && p[3] == "undo") {
    only(true);
    return json_text(req, http::status::ok, lobby.undo(p[2], bearer(req), body_json(req)));
  }
  throw ApiError(404, "no such API endpoint");
}

// Whatever a request causes is answered: an ApiError with its status, anything else 500 (logged).
Response answer(const Request& req, const std::string& client, Shared& s) {
  try {
    Response res = route(req, client, s);
    if (req.method() == http::verb::head) {
      const auto length = res.body().size();
      res.body().clear();
      res.content_length(length);
    }
    return res;
  } catch (const ApiError& e) {
    return error(req, e);
  } catch (const std::exception& e) {
    std::cerr << "churchill serve: " << printable(e.what(), 200) << std::endl;
    return error(req, ApiError(500, "internal error"));
  }
}

// One WebSocket client: its first message names its seat ({"token": "..."}, or {} to watch), then it
// is sent the seat's view now and after every committed change. Views are never queued: while one is
// being sent, later changes only mark the view stale, and the newest is sent next.
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Shared& s, std::string id, std::shared_ptr<Connections::Slot> slot)
      : ws_(std::move(socket)), s_(s), id_(std::move(id)), slot_(std::move(slot)) {}
  ~WsSession() {
    if (handle_) s_.lobby.unsubscribe(id_, handle_);
  }

  void start(Request req) {
    websocket::stream_base::timeout t{};
    t.handshake_timeout = std::chrono::seconds(10);
    t.idle_timeout = std::chrono::seconds(s_.options.ws_idle_seconds);
    t.keep_alive_pings = true;
    ws_.set_option(t);
    ws_.read_message_max(4096);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->read_hello();
    });
  }

 private:
  void read_hello() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->hello(beast::buffers_to_string(self->buffer_.data()));
      self->buffer_.consume(self->buffer_.size());
    });
  }
  void hello(const std::string& text) {
    try {
      const auto j = nlohmann::json::parse(text, nullptr, false);
      if (!j.is_object() || (j.contains("token") && !j["token"].is_string()) || j.size() > (j.contains("token") ? 1u : 0u))
        throw ApiError(400, "the first message must be {\"token\": \"...\"}, or {} to watch");
      token_ = j.value("token", "");
      s_.lobby.seat_of(id_, token_);  // a bad token is refused here
      handle_ = s_.lobby.subscribe(id_, [weak = weak_from_this()] {
        if (auto self = weak.lock()) self->push();
      });
    } catch (const ApiError& e) {
      return close(e.what());
    }
    push();
    read();
  }
  void close(const std::string& reason) {
    ws_.async_close(websocket::close_reason(websocket::close_code::policy_error, reason.substr(0, 120)),
                    [self = shared_from_this()](beast::error_code) {});
  }
  void push() {
    stale_ = true;
    if (!writing_) write();
  }
  void write() {
    if (!stale_ || s_.lobby.busy(id_)) return;  // a busy game is pushed when its change settles
    stale_ = false;
    try {
      message_ = s_.lobby.view(id_, token_);
    } catch (const ApiError& e) {
      return close(e.what());  // the game was deleted, or the seat's token no longer opens it
    }
    writing_ = true;
    ws_.text(true);
    ws_.async_write(asio::buffer(message_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->writing_ = false;
      if (!ec) self->write();
    });
  }
  void read() {  // the client says nothing more the server needs; reading answers pings and sees the close
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  Shared& s_;
  std::string id_, token_;
  std::shared_ptr<Connections::Slot> slot_;
  int handle_ = 0;
  beast::flat_buffer buffer_;
  std::string message_;
  bool stale_ = false, writing_ = false;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Shared& s, std::string client, std::shared_ptr<Connections::Slot> slot)
      : stream_(std::move(socket)), s_(s), client_(std::move(client)), slot_(std::move(slot)) {}
  void start() { read(); }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(kBodyLimit);
    parser_->header_limit(kHeaderLimit);
    stream_.expires_after(std::chrono::seconds(s_.options.http_idle_seconds));
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (!ec) return self->checked(self->parser_->release());
      if (const auto res = self->framing(ec)) self->send(std::move(*res));
    });
  }

  // The answer to a request that could not be read (nothing for a closed or timed-out connection).
  std::optional<Response> framing(beast::error_code ec) {
    if (ec == http::error::body_limit) return framing_error(413, "the request body is too large");
    if (ec == http::error::header_limit) {  // the parser keeps the start line once it has read it whole
      if (parser_->get().target().empty()) return framing_error(414, "the request's URL is too long");
      return framing_error(431, "the request's header fields are too large");
    }
    if (ec.category() == http::make_error_code(http::error::bad_target).category() && ec != http::error::end_of_stream &&
        ec != http::error::partial_message)
      return framing_error(400, fmt::format("the request is not well-formed HTTP/1.1 ({})", ec.message()));
    return std::nullopt;
  }

  void checked(Request req) {
    if (req.target().size() > kTargetLimit) return send(framing_error(414, "the request's URL is too long"));
    if (req.target().empty() || req.target()[0] != '/') return send(framing_error(400, "the request's target must be a path"));
    if (std::count_if(req.begin(), req.end(), [](const auto& f) { return f.name() == http::field::content_length; }) > 1)
      return send(framing_error(400, "the request has more than one Content-Length"));
    const auto te = req.find(http::field::transfer_encoding);
    if (te != req.end() && !beast::iequals(te->value(), "chunked"))
      return send(framing_error(400, "the only Transfer-Encoding accepted is chunked"));
    handle(std::move(req));
  }

  void handle(Request req) {
    const std::string id = game_of(std::string(req.target()));
    if (!id.empty() && s_.lobby.busy(id)) {  // its change is being committed: answered on what is committed
      auto shared = std::make_shared<Request>(std::move(req));
      return s_.committer.after_settle([self = shared_from_this(), shared] { self->handle(std::move(*shared)); });
    }
    if (websocket::is_upgrade(req)) return upgrade(std::move(req), id);
    if (const auto p = parts(std::string(req.target())); p.size() == 4 && p[1] == "games" && p[3] == "hint") return hint(std::move(req), id);
    const std::size_t staged = s_.lobby.staged();
    Response res = answer(req, client(req), s_);
    if (s_.lobby.staged() == staged) return send(std::move(res));
    auto shared = std::make_shared<Response>(std::move(res));
    auto token = std::make_shared<std::string>();
    try {
      *token = bearer(req);
    } catch (const ApiError&) {
    }
    s_.committer.on_commit([self = shared_from_this(), shared, id, token, version = req.version(), keep = req.keep_alive()](
                               bool ok, const std::vector<std::string>& conflicts) {
      Request r{http::verb::post, "/", version};
      r.keep_alive(keep);
      if (!ok) return self->send(error(r, ApiError(503, ErrorCode{"not_stored"}, "the change could not be stored, so it was not made; try again")));
      if (std::find(conflicts.begin(), conflicts.end(), id) == conflicts.end()) return self->send(std::move(*shared));
      // Another server sharing the store changed the game first: the current view, to choose again.
      nlohmann::json view;
      try {
        view = nlohmann::json::parse(self->s_.lobby.view(id, *token));
      } catch (const std::exception&) {
      }
      self->send(error(r, ApiError(409, ErrorCode{"stale"}, "the game was changed through another server at the same moment, so this change was not made: "
                                                    "choose again on the current view", view)));
    });
  }

  // GET /api/games/{id}/hint with the seat's token: answered when the search (off the loop) ends.
  void hint(Request req, const std::string& id) {
    auto shared = std::make_shared<Request>(std::move(req));
    try {
      if (shared->method() != http::verb::get && shared->method() != http::verb::head) throw ApiError(405, "method not allowed here");
      s_.lobby.hint(id, bearer(*shared), [self = shared_from_this(), shared](int status, const std::string& text) {
        Response res = json_text(*shared, static_cast<http::status>(status), text);
        if (shared->method() == http::verb::head) {
          const auto length = res.body().size();
          res.body().clear();
          res.content_length(length);
        }
        self->send(std::move(res));
      });
    } catch (const ApiError& e) {
      send(error(*shared, ApiError(e.status(), e.what())));
    }
  }

  // The address a request comes from: behind a trusted proxy, the last of X-Forwarded-For.
  std::string client(const Request& req) const {
    const auto forwarded = req.find("X-Forwarded-For");
    if (!s_.options.trust_proxy || forwarded == req.end()) return client_;
    const std::string_view all(forwarded->value().data(), forwarded->value().size());
    const auto comma = all.rfind(',');
    std::string_view last = comma == std::string_view::npos ? all : all.substr(comma + 1);
    while (!last.empty() && last.front() == ' ') last.remove_prefix(1);
    return std::string(last.substr(0, 64));
  }

  void upgrade(Request req, const std::string& id) {
    const auto p = parts(std::string(req.target()));
    try {
      if (p.size() != 4 || p[0] != "api" || p[1] != "games" || p[3] != "ws") throw ApiError(404, "no such WebSocket");
      if (req.target().find('?') != beast::string_view::npos)
        throw ApiError(400, "the WebSocket URL takes no query: send the token in the first message, {\"token\": \"...\"}");
      if (!same_origin(req, s_.options)) throw ApiError(403, "a cross-site WebSocket is refused (its Origin is not this server's)");
      s_.lobby.seat_of(id, "");  // a game that does not exist is refused before the upgrade
    } catch (const ApiError& e) {
      return send(error(req, e));
    }
    stream_.expires_never();
    std::make_shared<WsSession>(stream_.release_socket(), s_, id, std::move(slot_))->start(std::move(req));
  }

  void send(Response res) {
    auto shared = std::make_shared<Response>(std::move(res));
    stream_.expires_after(std::chrono::seconds(s_.options.http_idle_seconds));
    http::async_write(stream_, *shared, [self = shared_from_this(), shared](beast::error_code ec, std::size_t) {
      if (ec || !shared->keep_alive()) return self->close();
      self->read();
    });
  }
  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Shared& s_;
  std::string client_;
  std::shared_ptr<Connections::Slot> slot_;
};

// Accepts connections within the caps; when the process is out of file descriptors (or the kernel
// out of buffers), waits before accepting again instead of spinning.
class Acceptor {
 public:
  Acceptor(asio::io_context& io, const tcp::endpoint& at, Shared& s) : acceptor_(io, at), timer_(io), s_(s) {}
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
  void accept() {
    acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
      if (ec == asio::error::operation_aborted) return;
      if (ec) return back_off(ec);
      backoff_ = std::chrono::milliseconds(0);
      beast::error_code peer_ec;
      const auto peer = socket.remote_endpoint(peer_ec);
      const std::string address = peer_ec ? "?" : peer.address().to_string();
      if (auto slot = s_.connections.admit(address)) {
        std::make_shared<HttpSession>(std::move(socket), s_, address, std::move(slot))->start();
      } else {
        beast::error_code ignored;
        socket.close(ignored);  // over the caps: closed at once
      }
      accept();
    });
  }

 private:
  void back_off(beast::error_code ec) {
    backoff_ = std::min(std::chrono::milliseconds(1000), std::max(std::chrono::milliseconds(10), backoff_ * 2));
    // strerror, not ec.message(): accept's errors are the OS's (EMFILE, ENFILE, ENOBUFS, ENOMEM).
    if (backoff_ == std::chrono::milliseconds(10)) std::cerr << "churchill serve: accept: " << std::strerror(ec.value()) << "; waiting" << std::endl;
    timer_.expires_after(backoff_);
    timer_.async_wait([this](beast::error_code) { accept(); });
  }
  tcp::acceptor acceptor_;
  asio::steady_timer timer_;
  Shared& s_;
  std::chrono::milliseconds backoff_{0};
};

// The open-file limit less what the server needs besides connections (database, web files, logs).
std::size_t default_max_connections() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 1000;
  return limit.rlim_cur > 64 ? static_cast<std::size_t>(limit.rlim_cur) - 32 : 16;
}

// Changes other servers sharing the store commit: read when the store's socket becomes readable, and
// once a second besides (a lost connection is found and opened again there).
class ChangeWatch {
 public:
  ChangeWatch(asio::io_context& io, Lobby& lobby, Store& store) : io_(io), lobby_(lobby), store_(store), timer_(io) {}
  ~ChangeWatch() { close(); }
  void start() {
    if (store_.change_socket() < 0) return;
    watch();
    tick();
  }

 private:
  void watch() {
    const int fd = store_.change_socket();
    if (fd < 0) return;
    if (fd != fd_) {
      close();
      const int copy = ::dup(fd);  // asio closes its descriptor; the store keeps its own
      if (copy < 0) return;
      socket_.emplace(io_, copy);
      fd_ = fd;
    }
    socket_->async_wait(asio::posix::stream_descriptor::wait_read, [this](beast::error_code ec) {
      if (ec == asio::error::operation_aborted) return;
      take();
      if (ec) return close();  // watched again by the next tick
      watch();
    });
  }
  void tick() {
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([this](beast::error_code ec) {
      if (ec) return;
      take();
      if (store_.change_socket() != fd_) watch();
      tick();
    });
  }
  void take() {
    for (const std::string& id : store_.take_changes()) lobby_.changed_elsewhere(id);
  }
  void close() {
    if (socket_) {
      beast::error_code ec;
      socket_->cancel(ec);
      socket_->close(ec);
      socket_.reset();
    }
    fd_ = -1;
  }
  asio::io_context& io_;
  Lobby& lobby_;
  Store& store_;
  asio::steady_timer timer_;
  std::optional<asio::posix::stream_descriptor> socket_;
  int fd_ = -1;
};

void expire_every(asio::steady_timer& timer, Shared& s) {
  timer.expires_after(std::chrono::seconds(s.options.expire_check_seconds));
  timer.async_wait([&timer, &s](beast::error_code ec) {
    if (ec) return;
    s.lobby.expire();
    s.committer.kick();
    expire_every(timer, s);
  });
}

}  // namespace

int serve(const Options& o, Lobby& lobby, Store& store) {
  std::signal(SIGPIPE, SIG_IGN);  // a closed log pipe or socket is an error to handle, not the end of the process
  asio::io_context io;
  Committer committer(io, lobby, store);
  Searchers searchers(io, committer, o.search_threads ? o.search_threads : default_search_threads());
  lobby.offload([&searchers](Lobby::Work work) { searchers.run(std::move(work)); });
  committer.kick();
  Connections connections(o.max_connections ? o.max_connections : default_max_connections(), o.max_per_address);
  RateLimiter creations(o.create_per_minute, o.create_burst);
  Shared shared{o, lobby, committer, connections, creations};
  Acceptor acceptor(io, {asio::ip::make_address(o.host), o.port}, shared);
  std::cout << fmt::format("churchill serve: http://{}:{}/ ({} games in play)", o.host, acceptor.port(), lobby.live()) << std::endl;
  acceptor.accept();
  asio::steady_timer expiry(io);
  expire_every(expiry, shared);
  ChangeWatch changes(io, lobby, store);
  changes.start();
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) { io.stop(); });
  for (;;) {
    try {
      io.run();
      break;
    } catch (const std::exception& e) {  // never expected: a handler let an exception out; serve on
      std::cerr << "churchill serve: " << printable(e.what(), 200) << std::endl;
    }
  }
  // Stopped by a signal: the commit in flight is finished (what was acknowledged is already durable),
  // then the process ends at once. Open connections are dropped, not destroyed one by one: their
  // sessions' handlers would outlive the objects above them here (the connection counts, the lobby).
  searchers.stop();
  committer.drain();
  std::cout << "churchill serve: stopped" << std::endl;
  std::_Exit(0);
}

}  // namespace server
