// HTTP and WebSocket over Boost.Beast (architecture.md §5), on one thread: every request is validated
// (size limits, JSON shape, ids, tokens), errors are JSON {"error": ...} with a 4xx status.
#include "server/http.h"

#include <boost/asio.hpp>
#include <cstring>
#include <boost/beast.hpp>
#include <deque>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <sstream>

namespace server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

constexpr std::size_t kBodyLimit = 16 * 1024;

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

Response respond(const Request& req, http::status status, const char* content_type, std::string body) {
  Response res{status, req.version()};
  res.set(http::field::content_type, content_type);
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

Response json_response(const Request& req, http::status status, const nlohmann::json& body) {
  Response res = respond(req, status, "application/json", body.dump());
  res.set(http::field::cache_control, "no-store");
  return res;
}

Response error(const Request& req, int status, const std::string& message) {
  return json_response(req, static_cast<http::status>(status), nlohmann::json{{"error", message}});
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
  } catch (const nlohmann::json::parse_error&) {
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

// A file of the web client; nothing outside its directory.
Response static_file(const Request& req, const std::string& web_dir) {
  const std::string target(req.target());
  std::string path = target.substr(0, target.find('?'));
  if (path == "/" || path.empty()) path = "/index.html";
  const bool safe = path.size() < 200 && path[0] == '/' && path.find("..") == std::string::npos &&
                    path.find("//") == std::string::npos &&
                    std::all_of(path.begin(), path.end(), [](unsigned char ch) {
                      return std::isalnum(ch) || ch == '/' || ch == '.' || ch == '-' || ch == '_';
                    });
  if (!safe) return error(req, 404, "not found");
  std::ifstream in(web_dir + path, std::ios::binary);
  if (!in) {
    if (path == "/index.html") return error(req, 404, "the web client is not built (scripts/setup.sh builds it)");
    return error(req, 404, "not found");
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return respond(req, http::status::ok, mime(path), ss.str());
}

// /api/games/{id}/... split into its parts.
std::vector<std::string> parts(std::string_view target) {
  target = target.substr(0, target.find('?'));
  std::vector<std::string> out;
  std::size_t start = 1;
  while (start <= target.size()) {
    const std::size_t end = target.find('/', start);
    out.emplace_back(target.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

Response route(const Request& req, Lobby& lobby, const std::string& web_dir) {
  const auto p = parts(std::string(req.target()));
  if (p.empty() || p[0] != "api") return static_file(req, web_dir);
  const auto method = req.method();
  const bool game = p.size() == 4 && p[1] == "games";
  auto only = [&](http::verb allowed) {
    if (method != allowed) throw ApiError(405, "method not allowed here");
  };
  if (p.size() == 2 && p[1] == "data") {
    only(http::verb::get);
    return json_response(req, http::status::ok, lobby.board());
  }
  if (p.size() == 2 && p[1] == "games") {
    if (method == http::verb::get) return json_response(req, http::status::ok, lobby.list());
    only(http::verb::post);
    return json_response(req, http::status::created, nlohmann::json{{"id", lobby.create(body_json(req))}});
  }
  if (p.size() == 5 && p[1] == "games" && p[3] == "seats") {
    only(http::verb::post);
    return json_response(req, http::status::created, nlohmann::json{{"token", lobby.claim(p[2], p[4])}});
  }
  if (game && p[3] == "view") {
    only(http::verb::get);
    return json_response(req, http::status::ok, lobby.view(p[2], bearer(req)));
  }
  if (game && p[3] == "actions") {
    only(http::verb::post);
    return json_response(req, http::status::ok, lobby.act(p[2], bearer(req), body_json(req)));
  }
  if (game && p[3] == "undo") {
    only(http::verb::post);
    return json_response(req, http::status::ok, lobby.undo(p[2], bearer(req)));
  }
  return error(req, 404, "no such API endpoint");
}

// One WebSocket client: sent the caller's view now and after every change of the game.
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Lobby& lobby, std::string id, std::string token)
      : ws_(std::move(socket)), lobby_(lobby), id_(std::move(id)), token_(std::move(token)) {}
  ~WsSession() { lobby_.unsubscribe(id_, handle_); }

  void start(Request req) {
    ws_.read_message_max(4096);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      self->handle_ = self->lobby_.subscribe(self->id_, [weak = std::weak_ptr<WsSession>(self)] {
        if (auto s = weak.lock()) s->push();
      });
      self->push();
      self->read();
    });
  }

 private:
  void push() {
    try {
      queue_.push_back(lobby_.view(id_, token_).dump());
    } catch (const std::exception&) {
      return;
    }
    if (queue_.size() == 1) write();
  }
  void write() {
    ws_.text(true);
    ws_.async_write(asio::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->queue_.pop_front();
      if (!self->queue_.empty()) self->write();
    });
  }
  void read() {  // the client says nothing the server needs; reading detects the close
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  websocket::stream<tcp::socket> ws_;
  Lobby& lobby_;
  std::string id_, token_;
  int handle_ = 0;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Lobby& lobby, const std::string& web_dir)
      : stream_(std::move(socket)), lobby_(lobby), web_dir_(web_dir) {}
  void start() { read(); }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(kBodyLimit);
    parser_->header_limit(8 * 1024);
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec == http::error::body_limit) return self->send_close(error(Request{}, 413, "the request body is too large"));
      if (ec) return;
      self->handle(self->parser_->release());
    });
  }

  void handle(Request req) {
    if (websocket::is_upgrade(req)) {
      const auto p = parts(std::string(req.target()));
      const std::string target(req.target());
      const auto q = target.find("?token=");
      const std::string token = q == std::string::npos ? "" : target.substr(q + 7);
      try {
        if (p.size() != 4 || p[0] != "api" || p[1] != "games" || p[3].rfind("ws", 0) != 0) throw ApiError(404, "no such WebSocket");
        lobby_.seat_of(p[2], token);  // a bad game or token is refused before the upgrade
      } catch (const ApiError& e) {
        return send(error(req, e.status(), e.what()));
      }
      std::make_shared<WsSession>(stream_.release_socket(), lobby_, p[2], token)->start(std::move(req));
      return;
    }
    Response res;
    try {
      res = route(req, lobby_, web_dir_);
    } catch (const ApiError& e) {
      res = error(req, e.status(), e.what());
    } catch (const std::exception& e) {
      std::cerr << "churchill serve: " << e.what() << "\n";
      res = error(req, 500, "internal error");
    }
    send(std::move(res));
  }

  void send(Response res) {
    auto shared = std::make_shared<Response>(std::move(res));
    http::async_write(stream_, *shared, [self = shared_from_this(), shared](beast::error_code ec, std::size_t) {
      if (ec || !shared->keep_alive()) return self->close();
      self->read();
    });
  }
  void send_close(Response res) {
    res.keep_alive(false);
    send(std::move(res));
  }
  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Lobby& lobby_;
  const std::string& web_dir_;
};

void accept(tcp::acceptor& acceptor, Lobby& lobby, const std::string& web_dir) {
  acceptor.async_accept([&](beast::error_code ec, tcp::socket socket) {
    if (!ec) std::make_shared<HttpSession>(std::move(socket), lobby, web_dir)->start();
    accept(acceptor, lobby, web_dir);
  });
}

}  // namespace

int serve(const Options& o, Lobby& lobby) {
  asio::io_context io;
  tcp::acceptor acceptor(io, {asio::ip::make_address(o.host), o.port});
  std::cout << fmt::format("churchill serve: http://{}:{}/ ({} games)", o.host, acceptor.local_endpoint().port(), lobby.size())
            << std::endl;
  accept(acceptor, lobby, o.web_dir);
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) { io.stop(); });
  io.run();
  return 0;
}

}  // namespace server
