#include "server/sessions.h"

#include <fmt/format.h>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <deque>
#include <iostream>

#include "server/accounts.h"
#include "server/chat.h"
#include "server/committer.h"
#include "server/my_games.h"
#include "server/ws_stream.h"

namespace server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

std::string target_of(const Request& req) { return std::string(req.target()); }

constexpr std::size_t kBodyLimit = 16 * 1024;
constexpr std::size_t kHeaderLimit = 8 * 1024;
constexpr std::size_t kTargetLimit = 2048;

// One WebSocket client: its first message names its seat ({"token": "..."}, or {} to watch), then it
// is sent the seat's view now and after every committed change. Views are never queued: while one is
// being sent, later changes only mark the view stale, and the newest is sent next.
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Context& c, std::string id, std::shared_ptr<Connections::Slot> slot, std::string client)
      : ws_(std::move(socket)), c_(c), id_(std::move(id)), slot_(std::move(slot)), client_(std::move(client)) {}
  ~WsSession() {
    if (handle_) c_.lobby.unsubscribe(id_, handle_);
    if (chat_handle_) c_.chat.unsubscribe(chat_handle_);
  }

  void start(const Request& req) {
    set_limits(ws_, c_.options);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->read_hello();
    });
  }

 private:
  // The first message is due within ws_hello_seconds: a socket that only answers pings holds a
  // connection's place, and is closed.
  void read_hello() {
    hello_due_.expires_after(std::chrono::seconds(c_.options.ws_hello_seconds));
    hello_due_.async_wait([weak = weak_from_this()](beast::error_code ec) {
      if (auto self = weak.lock(); self && !ec)
        self->close(
            fmt::format("no first message within {} s: send {{\"token\": \"...\"}}, or {{}} to watch", self->c_.options.ws_hello_seconds));
    });
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->hello_due_.cancel();
      if (ec) return;
      self->hello(beast::buffers_to_string(self->buffer_.data()));
      self->buffer_.consume(self->buffer_.size());
    });
  }
  void hello(const std::string& text) {
    const Lobby::Asking asking(c_.lobby, client_);
    try {
      const auto j = nlohmann::json::parse(text, nullptr, false);
      if (!j.is_object() || (j.contains("token") && !j["token"].is_string()) || j.size() > (j.contains("token") ? 1u : 0u))
        throw ApiError(400, "the first message must be {\"token\": \"...\"}, or {} to watch");
      token_ = j.value("token", "");
      handle_ = c_.lobby.subscribe(id_, token_, [weak = weak_from_this()] {  // a bad token is refused here
        if (auto self = weak.lock()) self->push();
      });
      chat_handle_ = c_.chat.subscribe(id_, token_, [weak = weak_from_this()](const std::string& message) {
        if (auto self = weak.lock()) self->say(message);
      });
    } catch (const NotReady& wait) {
      return c_.lobby.when_ready(wait.id, [self = shared_from_this(), text] { self->hello(text); });
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
  // A table talk message (server/chat.h) for this socket: sent in its turn; the oldest go first when
  // a client that does not read lets more than 64 wait (it reads them all again from the chat's list).
  void say(const std::string& message) {
    if (said_.size() >= 64) said_.pop_front();
    said_.push_back(message);
    if (!writing_) write();
  }
  void write() {
    if (!said_.empty()) {
      message_ = std::move(said_.front());
      said_.pop_front();
    } else if (!stale_) {
      return;
    } else {
      const Lobby::Asking asking(c_.lobby, client_);
      try {
        message_ = c_.lobby.view(id_, token_);
      } catch (const NotReady& wait) {  // pushed once the game is ready
        return c_.lobby.when_ready(wait.id, [weak = weak_from_this()] {
          if (auto self = weak.lock(); self && !self->writing_) self->write();
        });
      } catch (const ApiError& e) {
        return close(e.what());  // the game was deleted, or the seat's token no longer opens it
      }
      stale_ = false;
    }
    writing_ = true;
    ws_.text(true);
    ws_.async_write(asio::buffer(message_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->writing_ = false;
      if (!ec) self->write();
    });
  }
  void read() { drain(ws_, buffer_, shared_from_this()); }  // nothing more the server needs

  WsStream ws_;
  Context& c_;
  std::string id_, token_;
  std::shared_ptr<Connections::Slot> slot_;
  std::string client_;  // the address the work of its views is charged to
  int handle_ = 0, chat_handle_ = 0;
  beast::flat_buffer buffer_;
  std::string message_;
  std::deque<std::string> said_;  // table talk waiting to be sent
  bool stale_ = false, writing_ = false;
  asio::steady_timer hello_due_{ws_.get_executor()};
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Context& c, std::string client, std::shared_ptr<Connections::Slot> slot)
      : stream_(std::move(socket)), c_(c), client_(std::move(client)), slot_(std::move(slot)) {}
  void start() { read(); }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(kBodyLimit);
    parser_->header_limit(kHeaderLimit);
    stream_.expires_after(std::chrono::seconds(c_.options.http_idle_seconds));
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (!ec) return self->checked(self->parser_->release());
      if (auto res = self->framing(ec)) self->send(std::move(*res));
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
    if (websocket::is_upgrade(req)) return upgrade(std::move(req));
    auto reply = [self = shared_from_this()](Response r) { self->send(std::move(r)); };
    if (Accounts::route(target_of(req))) return c_.accounts.answer(req, client(req), reply);
    if (Chat::route(target_of(req))) return c_.chat.answer(req, client(req), reply);
    if (const auto p = parts(target_of(req)); p.size() == 4 && p[1] == "games" && (p[3] == "hint" || p[3] == "odds" || p[3] == "replay"))
      return later(std::move(req));
    const std::size_t staged = c_.lobby.staged();
    auto answered = answer(req, client(req), c_);
    if (const auto* wait = std::get_if<NotReady>(&answered)) return again_when_ready(wait->id, std::move(req));
    Response res = std::get<Response>(std::move(answered));
    if (c_.lobby.staged() == staged) return send(std::move(res));
    // A change: answered once it is committed, and an action's or a new game's once the bots
    // replied (the view then shows their moves; the rest are pushed).
    auto shared = std::make_shared<Request>(std::move(req));
    auto response = std::make_shared<Response>(std::move(res));
    c_.committer.on_commit([self = shared_from_this(), shared, response](Outcome outcome, const std::vector<std::string>& conflicts) {
      self->committed(*shared, std::move(*response), outcome, conflicts);
    });
  }

  void again_when_ready(const std::string& id, Request req) {
    auto shared = std::make_shared<Request>(std::move(req));
    c_.lobby.when_ready(id, [self = shared_from_this(), shared] { self->handle(std::move(*shared)); });
  }

  void committed(const Request& req, Response res, Outcome outcome, const std::vector<std::string>& conflicts) {
    const std::string id = created(req, res) ? nlohmann::json::parse(res.body()).value("id", "") : game_of(target_of(req));
    if (outcome == Outcome::failed)
      return send(error(req, ApiError(503, ErrorCode{"not_stored"}, "the change could not be stored, so it was not made; try again")));
    if (outcome == Outcome::unknown) return send(unknown(req, res));
    if (std::find(conflicts.begin(), conflicts.end(), id) != conflicts.end()) return send_conflict(req, id);
    const auto p = parts(target_of(req));
    if (p.size() == 5 && p[3] == "seats" && res.result() == http::status::created)  // tied to the account the request signs in with
      return c_.accounts.claimed(req, id, p[4], std::move(res), [self = shared_from_this()](Response r) { self->send(std::move(r)); });
    if (p.size() == 4 && p[3] == "rematch" &&
        res.result() == http::status::created) {  // the accounts holding its seats hold them there too
      const std::string made = nlohmann::json::parse(res.body()).value("id", "");
      return c_.accounts.rematched(id, made, std::move(res), [self = shared_from_this()](Response r) { self->send(std::move(r)); });
    }
    const bool moved = p.size() == 4 && (p[3] == "actions" || p[3] == "undo");
    if (!moved && !created(req, res)) return send(std::move(res));
    auto shared = std::make_shared<Request>(req);
    auto response = std::make_shared<Response>(std::move(res));
    c_.lobby.after_bots(id, [self = shared_from_this(), shared, response, id, moved] {
      if (!moved) return self->send(std::move(*response));
      self->send_view(*shared, id);
    });
  }

  // The database connection was lost while the change was being committed: it may have been made.
  // 504, and what the answer would have been if it was (a new game's id and invitation, a claimed
  // seat's token: given once, it opens the seat if the claim was stored).
  static Response unknown(const Request& req, const Response& would_be) {
    Response res =
        error(req, ApiError(504, ErrorCode{"outcome_unknown"},
                            "the database connection was lost while the change was being stored: it may or may not have been made. "
                            "Read the game again, or send the same request again with the same Idempotency-Key"));
    if (parts(target_of(req)).size() == 4) return res;  // an action's or undo's view: read it again
    nlohmann::json body = nlohmann::json::parse(res.body());
    body["if_made"] = nlohmann::json::parse(would_be.body(), nullptr, false);
    res.body() = body.dump();
    res.prepare_payload();
    return res;
  }

  // Another server sharing the store changed the game first: 409 with the current view (once the game
  // is read again), to choose again.
  void send_conflict(const Request& req, const std::string& id) {
    nlohmann::json view;
    try {
      view = nlohmann::json::parse(c_.lobby.view(id, token(req)));
    } catch (const NotReady& wait) {
      auto shared = std::make_shared<Request>(req);
      return c_.lobby.when_ready(wait.id, [self = shared_from_this(), shared, id] { self->send_conflict(*shared, id); });
    } catch (const ApiError&) {  // the game is gone, or the token opens nothing now: the error says enough
    }
    send(error(req, ApiError(409, ErrorCode{"stale"},
                             "the game was changed through another server at the same moment, so this change was not made: "
                             "choose again on the current view",
                             view)));
  }

  // The seat's view now, as the answer to its action (or, if the game is busy again, once it is not).
  void send_view(const Request& req, const std::string& id) {
    try {
      send(json_text(req, http::status::ok, c_.lobby.view(id, token(req))));
    } catch (const NotReady& wait) {
      auto shared = std::make_shared<Request>(req);
      c_.lobby.when_ready(wait.id, [self = shared_from_this(), shared, id] { self->send_view(*shared, id); });
    } catch (const ApiError& e) {
      send(error(req, e));
    }
  }

  static bool created(const Request& req, const Response& res) {
    return req.method() == http::verb::post && res.result() == http::status::created && parts(target_of(req)).size() == 2;
  }
  static std::string token(const Request& req) {
    try {
      return bearer(req);
    } catch (const ApiError&) {
      return "";
    }
  }

  // GET /api/games/{id}/hint (with the seat's token), /odds and /replay: answered when their work, on a
  // worker, is done.
  void later(Request req) {
    const std::string id = game_of(target_of(req));
    auto shared = std::make_shared<Request>(std::move(req));
    const Lobby::Asking asking(c_.lobby, client(*shared));
    try {
      if (shared->method() != http::verb::get && shared->method() != http::verb::head) throw ApiError(405, "method not allowed here");
      auto respond = [self = shared_from_this(), shared](int status, const std::string& text) {
        Response res = json_text(*shared, static_cast<http::status>(status), text);
        if (shared->method() == http::verb::head) {
          const auto length = res.body().size();
          res.body().clear();
          res.content_length(length);
        }
        self->send(std::move(res));
      };
      const std::string target = target_of(*shared);
      if (parts(target)[3] == "hint")
        c_.lobby.hint(id, bearer(*shared), respond, client(*shared));
      else if (parts(target)[3] == "odds")
        c_.lobby.odds(id, bearer(*shared), target, respond, client(*shared));
      else
        c_.lobby.replay(id, bearer(*shared), query(target, "step"), query(target, "seat"), respond);
    } catch (const NotReady& wait) {
      again_when_ready(wait.id, std::move(*shared));
    } catch (const ApiError& e) {
      send(error(*shared, e));
    }
  }

  // The address a request comes from: from a proxy the server trusts (--trust-proxy: one on this
  // machine; --proxy ADDRESS), the last of X-Forwarded-For, which that proxy added; from anyone else
  // the connection's own, whatever the request says.
  bool from_proxy() const {
    const auto& proxies = c_.options.proxies;
    if (std::find(proxies.begin(), proxies.end(), client_) != proxies.end()) return true;
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(client_, ec);
    return c_.options.trust_proxy && !ec && address.is_loopback();
  }
  std::string client(const Request& req) const {
    const auto forwarded = req.find("X-Forwarded-For");
    if (forwarded == req.end() || !from_proxy()) return client_;
    const std::string_view all(forwarded->value().data(), forwarded->value().size());
    const auto comma = all.rfind(',');
    std::string_view last = comma == std::string_view::npos ? all : all.substr(comma + 1);
    while (!last.empty() && last.front() == ' ') last.remove_prefix(1);
    return std::string(last.substr(0, 64));
  }

  void upgrade(Request req) {
    if (parts(target_of(req)) == std::vector<std::string>{"api", "me", "ws"}) return my_games(std::move(req));
    const std::string id = game_of(target_of(req));
    const auto p = parts(std::string(req.target()));
    const Lobby::Asking asking(c_.lobby, client(req));
    try {
      if (p.size() != 4 || p[0] != "api" || p[1] != "games" || p[3] != "ws") throw ApiError(404, "no such WebSocket");
      if (req.target().find('?') != beast::string_view::npos)
        throw ApiError(400, "the WebSocket URL takes no query: send the token in the first message, {\"token\": \"...\"}");
      if (!same_origin(req, c_.options)) throw ApiError(403, "a cross-site WebSocket is refused (its Origin is not this server's)");
      c_.lobby.seat_of(id, "");  // a game that does not exist is refused before the upgrade
    } catch (const NotReady& wait) {
      return again_when_ready(wait.id, std::move(req));
    } catch (const ApiError& e) {
      return send(error(req, e));
    }
    stream_.expires_never();
    std::make_shared<WsSession>(stream_.release_socket(), c_, id, std::move(slot_), client(req))->start(req);
  }

  // GET /api/me/ws: opened for a session of this site (its cookie) only; refused before the upgrade
  // otherwise (401 not signed in, 403 another site's page).
  void my_games(Request req) {
    try {
      if (req.target() != "/api/me/ws") throw ApiError(400, "the WebSocket URL takes no query: the session cookie says who you are");
      if (!same_origin(req, c_.options)) throw ApiError(403, "a cross-site WebSocket is refused (its Origin is not this server's)");
    } catch (const ApiError& e) {
      return send(error(req, e));
    }
    const std::string token = Accounts::session_token(req);
    auto shared = std::make_shared<Request>(std::move(req));
    c_.my_games.open(token, [self = shared_from_this(), shared, token](std::optional<MyGames::Opened> opened, std::optional<ApiError> e) {
      if (e) return self->send(error(*shared, *e));
      self->stream_.expires_never();
      serve_my_games(self->stream_.release_socket(), *shared, self->c_, std::move(self->slot_), *opened, token);
    });
  }

  void send(Response res) {
    auto shared = std::make_shared<Response>(std::move(res));
    stream_.expires_after(std::chrono::seconds(c_.options.http_idle_seconds));
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
  Context& c_;
  std::string client_;
  std::shared_ptr<Connections::Slot> slot_;
};

// Accepts connections within the caps; when the process is out of file descriptors (or the kernel
// out of buffers), waits before accepting again instead of spinning.

}  // namespace

Acceptor::Acceptor(asio::io_context& io, const tcp::endpoint& at, Context& c) : acceptor_(io, at), timer_(io), c_(c) {}

void Acceptor::accept() {
  acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (ec) return back_off(ec);
    backoff_ = std::chrono::milliseconds(0);
    beast::error_code peer_ec;
    const auto peer = socket.remote_endpoint(peer_ec);
    const std::string address = peer_ec ? "?" : peer.address().to_string();
    if (auto slot = c_.connections.admit(address)) {
      std::make_shared<HttpSession>(std::move(socket), c_, address, std::move(slot))->start();
    } else {
      beast::error_code ignored;
      socket.close(ignored);  // over the caps: closed at once
    }
    accept();
  });
}

void Acceptor::back_off(beast::error_code ec) {
  backoff_ = std::min(std::chrono::milliseconds(1000), std::max(std::chrono::milliseconds(10), backoff_ * 2));
  // strerror, not ec.message(): accept's errors are the OS's (EMFILE, ENFILE, ENOBUFS, ENOMEM).
  if (backoff_ == std::chrono::milliseconds(10)) std::cerr << "serve: accept: " << std::strerror(ec.value()) << "; waiting" << std::endl;
  timer_.expires_after(backoff_);
  timer_.async_wait([this](beast::error_code) { accept(); });
}

}  // namespace server
