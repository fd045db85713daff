#include "server/my_games.h"

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <iostream>

#include "server/ws_stream.h"

namespace server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

constexpr std::size_t kWaiting = 32;  // lists waiting for the accounts' worker at most: the rest of its places are sign-ins'

// The account of a session and its list, made on the worker: {"account", "text", "games"}.
JobAnswer list_of(SideStore& s, const std::string& token) {
  const Account a = Accounts::signed_in(s, token);
  const nlohmann::json list = Accounts::my_games(s, a);
  nlohmann::json games = nlohmann::json::array();
  for (const nlohmann::json& g : list["games"]) games.push_back(g.value("id", ""));
  return JobAnswer{200,
                   {{"account", a.id}, {"text", list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)}, {"games", games}},
                   "",
                   std::nullopt};
}

MyGames::Opened opened_of(const nlohmann::json& body) {
  MyGames::Opened o;
  o.account = body["account"];
  o.list = std::make_shared<const std::string>(body["text"].get<std::string>());
  for (const nlohmann::json& g : body["games"]) o.games.insert(g.get<std::string>());
  return o;
}

}  // namespace

MyGames::MyGames(asio::io_context& io, Accounts& accounts) : io_(io), accounts_(accounts), recheck_(io) { recheck(); }

// A destructor throws nothing: cancel() throws only if the reactor fails, and then no wait is left.
MyGames::~MyGames() {
  try {
    recheck_.cancel();
  } catch (...) {}
}

void MyGames::open(const std::string& token, const std::function<void(std::optional<Opened>, std::optional<ApiError>)>& then) {
  if (token.empty())
    return then(std::nullopt, ApiError(401, ErrorCode{"not_signed_in"}, "not signed in (no session, or it ended): sign in again"));
  const bool queued = accounts_.submit([token](SideStore& s) { return list_of(s, token); },
                                       [then](const JobAnswer& o) {
                                         if (o.error) return then(std::nullopt, o.error);
                                         then(opened_of(o.body), std::nullopt);
                                       },
                                       kWaiting);
  if (!queued) then(std::nullopt, ApiError(503, ErrorCode{"accounts_busy"}, "too many requests are waiting; try again in a moment"));
}

int MyGames::join(const Opened& opened, const std::string& token, Socket socket) {
  auto [it, fresh] = watched_.try_emplace(opened.account, io_);
  Watched& w = it->second;
  const int handle = next_++;
  w.token = token;
  if (fresh) w.made_at = std::chrono::steady_clock::now();
  socket.send(opened.list);
  w.sockets.emplace(handle, std::make_pair(std::move(socket), token));
  if (fresh || !w.sent || *w.sent != *opened.list) {  // the newest list: the account's other sockets get it too
    const std::set<std::string> before = std::exchange(w.games, opened.games);
    index(opened.account, before, w.games);
    w.sent = opened.list;
    for (auto& [h, s] : w.sockets)
      if (h != handle) s.first.send(w.sent);
  }
  // The list was made on the worker before the socket joined: a game that moved in between (the
  // account was not watched yet, or its list was being made) was not told. It is made once more
  // after the interval, and sent only if it differs.
  due(opened.account);
  return handle;
}

void MyGames::leave(std::int64_t account, int handle) {
  auto it = watched_.find(account);
  if (it == watched_.end()) return;
  it->second.sockets.erase(handle);
  if (!it->second.sockets.empty()) return;
  index(account, it->second.games, {});
  it->second.timer.cancel();
  watched_.erase(it);  // a list being made for it is dropped when it comes back
}

void MyGames::changed(const std::string& game) {
  if (game == "*") {
    for (auto& [account, _] : watched_) due(account);
    return;
  }
  const auto it = by_game_.find(game);
  if (it == by_game_.end()) return;
  for (const std::int64_t account : std::set<std::int64_t>(it->second)) due(account);
}

void MyGames::touched(std::int64_t account) {
  if (watched_.count(account)) due(account);
}

// The list is made again once the last was made kInterval ago (now, if it was longer ago); a change
// while it is being made makes it again after.
void MyGames::due(std::int64_t account) {
  Watched& w = watched_.at(account);
  if (w.token.empty()) return;  // its sessions ended: its sockets are closing
  if (std::exchange(w.due, true) || w.making) return;
  w.timer.expires_at(w.made_at + kInterval);
  w.timer.async_wait([this, account](boost::system::error_code ec) {
    if (!ec && watched_.count(account)) make(account);
  });
}

void MyGames::make(std::int64_t account) {
  Watched& w = watched_.at(account);
  w.due = false;
  w.making = true;
  w.made_at = std::chrono::steady_clock::now();
  const bool queued = accounts_.submit([token = w.token](SideStore& s) { return list_of(s, token); },
                                       [this, account, token = w.token](const JobAnswer& o) {
                                         if (o.error) return made(account, token, std::nullopt, o.error);
                                         made(account, token, opened_of(o.body), std::nullopt);
                                       },
                                       kWaiting);
  if (!queued) made(account, w.token, std::nullopt, ApiError(503, "the accounts' worker is busy"));
}

void MyGames::made(std::int64_t account, const std::string& token, std::optional<Opened> opened, std::optional<ApiError> error) {
  const auto it = watched_.find(account);
  if (it == watched_.end()) return;
  Watched& w = it->second;
  w.making = false;
  if (error && error->status() == 401) ended(w, token, error->what());
  if (error) {  // tried again: the store or the worker was busy, or with a session of the account still open
    w.due = false;
    if (!w.token.empty()) due(account);
    return;
  }
  if (opened->account == account && *opened->list != *w.sent) {
    index(account, w.games, opened->games);
    w.games = opened->games;
    w.sent = opened->list;
    for (auto& [_, s] : w.sockets) s.first.send(w.sent);
  }
  if (std::exchange(w.due, false)) due(account);
}

// The session `token` ended: its sockets are closed; the account's list is made with another
// session of a socket still open, if any (signed in again).
void MyGames::ended(Watched& w, const std::string& token, const std::string& reason) {
  w.token.clear();
  for (const auto& [_, s] : w.sockets)
    if (s.second != token) w.token = s.second;
  std::vector<Socket> closing;
  for (const auto& [_, s] : w.sockets)
    if (s.second == token) closing.push_back(s.first);
  for (const Socket& s : closing) s.close(reason);
}

void MyGames::index(std::int64_t account, const std::set<std::string>& before, const std::set<std::string>& after) {
  for (const std::string& game : before)
    if (!after.count(game)) {
      auto it = by_game_.find(game);
      if (it == by_game_.end()) continue;
      it->second.erase(account);
      if (it->second.empty()) by_game_.erase(it);
    }
  for (const std::string& game : after) by_game_[game].insert(account);
}

void MyGames::recheck() {
  recheck_.expires_after(kRecheck);
  recheck_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    changed("*");
    recheck();
  });
}

namespace {

// One page's socket: sent the account's list when it opens and after every change of it. Lists are
// never queued: while one is being sent, a newer one replaces the one waiting.
class MyGamesSocket : public std::enable_shared_from_this<MyGamesSocket> {
 public:
  MyGamesSocket(tcp::socket socket, Context& c, std::shared_ptr<Connections::Slot> slot, MyGames::Opened opened, std::string token)
      : ws_(std::move(socket)), c_(c), slot_(std::move(slot)), opened_(std::move(opened)), token_(std::move(token)) {}
  ~MyGamesSocket() {
    try {
      if (handle_) c_.my_games.leave(opened_.account, handle_);
    } catch (const std::exception& e) {  // a destructor throws nothing
      std::cerr << "churchill serve: My games socket not left: " << e.what() << std::endl;
    }
  }

  void start(const Request& req) {
    set_limits(ws_, c_.options);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      std::weak_ptr<MyGamesSocket> weak = self;
      self->handle_ = self->c_.my_games.join(self->opened_, self->token_,
                                             {[weak](std::shared_ptr<const std::string> list) {
                                                if (auto s = weak.lock()) s->push(std::move(list));
                                              },
                                              [weak](const std::string& reason) {
                                                if (auto s = weak.lock()) s->close(reason);
                                              }});
      self->opened_.list.reset();
      self->read();
    });
  }

 private:
  void push(std::shared_ptr<const std::string> list) {
    next_ = std::move(list);
    if (!writing_) write();
  }
  void write() {
    if (!next_ || closing_) return;
    sending_ = std::move(next_);
    writing_ = true;
    ws_.text(true);
    ws_.async_write(asio::buffer(*sending_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->writing_ = false;
      self->sending_.reset();
      if (ec) return;
      if (self->closing_) return self->close_now();
      self->write();
    });
  }
  // Closed once the list being sent, if any, is sent.
  void close(const std::string& reason) {
    if (std::exchange(closing_, true)) return;
    next_.reset();
    reason_ = reason.substr(0, 120);
    if (!writing_) close_now();
  }
  void close_now() {
    ws_.async_close(websocket::close_reason(websocket::close_code::policy_error, reason_),
                    [self = shared_from_this()](beast::error_code) {});
  }
  void read() { drain(ws_, buffer_, shared_from_this()); }  // nothing more the server needs

  WsStream ws_;
  Context& c_;
  std::shared_ptr<Connections::Slot> slot_;
  MyGames::Opened opened_;
  std::string token_;
  int handle_ = 0;
  beast::flat_buffer buffer_;
  std::shared_ptr<const std::string> sending_, next_;
  std::string reason_;  // why it is closed
  bool writing_ = false, closing_ = false;
};

}  // namespace

void serve_my_games(tcp::socket socket, const Request& req, Context& c, std::shared_ptr<Connections::Slot> slot,
                    const MyGames::Opened& opened, const std::string& token) {
  std::make_shared<MyGamesSocket>(std::move(socket), c, std::move(slot), opened, token)->start(req);
}

}  // namespace server
