// "My games" pushed (docs/server.md, "Notifications"): a signed-in page holds one WebSocket,
// GET /api/me/ws, opened with the session cookie. It is sent the account's "My games" (the JSON of
// GET /api/me/games) when it opens and again whenever that list changes: a game of the account whose
// list entry moved (a move, a claim, an end; never another seat's secret entry, which leaves the entry
// as it was), a seat newly held, the sessions ended (then the socket is closed). The list is made on
// the accounts' worker, never on the event loop, at most once per half second per account, and sent only
// when its text differs from the last one sent.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "server/accounts.h"
#include "server/router.h"

namespace server {

class MyGames {
 public:
  // How often an account's list may be made and pushed, and how often it is made anyway (a seat held
  // through another server sharing the store, a session ended there, a game deleted).
  static constexpr std::chrono::milliseconds kInterval{500};
  static constexpr std::chrono::seconds kRecheck{60};

  MyGames(boost::asio::io_context& io, Accounts& accounts);
  ~MyGames();
  MyGames(const MyGames&) = delete;
  MyGames& operator=(const MyGames&) = delete;

  // A socket's side: `send` gets each list to send (the newest replaces one not yet sent), `close` the
  // reason the socket must close.
  struct Socket {
    std::function<void(std::shared_ptr<const std::string>)> send;
    std::function<void(const std::string&)> close;
  };
  // The account the session's token opens and its list now, on the worker (ApiError 401 for none):
  // `then` gets it on the loop, or the error.
  struct Opened {
    std::int64_t account = 0;
    std::shared_ptr<const std::string> list;
    std::set<std::string> games;  // the games in it
  };
  void open(const std::string& token, const std::function<void(std::optional<Opened>, std::optional<ApiError>)>& then);
  // A socket of the account opened with `token`, sent `opened.list` now and the list made again after
  // the interval if it changed meanwhile; a handle for leave().
  int join(const Opened& opened, const std::string& token, Socket socket);
  void leave(std::int64_t account, int handle);

  // A game's list entry moved, here or on another server ("*": any game): the accounts watched here
  // whose list holds it are made their list again.
  void changed(const std::string& game);
  // The account holds a seat more, or its sessions ended.
  void touched(std::int64_t account);

 private:
  struct Watched {
    explicit Watched(boost::asio::io_context& io) : timer(io) {}
    std::map<int, std::pair<Socket, std::string>> sockets;  // each with the session it was opened with
    std::string token;                                      // a session of the account, to make its list with
    std::shared_ptr<const std::string> sent;                // the list last sent
    std::set<std::string> games;                            // the games in it
    std::chrono::steady_clock::time_point made_at;          // when a list was last made
    bool due = false, making = false;
    boost::asio::steady_timer timer;
  };
  void due(std::int64_t account);
  void make(std::int64_t account);
  void made(std::int64_t account, const std::string& token, std::optional<Opened> opened, std::optional<ApiError> error);
  void ended(Watched& w, const std::string& token, const std::string& reason);
  void send(Watched& w, std::shared_ptr<const std::string> list);
  void index(std::int64_t account, const std::set<std::string>& before, const std::set<std::string>& after);
  void recheck();

  boost::asio::io_context& io_;
  Accounts& accounts_;
  std::map<std::int64_t, Watched> watched_;
  std::map<std::string, std::set<std::int64_t>> by_game_;
  boost::asio::steady_timer recheck_;
  int next_ = 1;
};

// GET /api/me/ws: the WebSocket, once open() found the session (sessions.cpp refuses the upgrade
// otherwise). Its Connections slot is held while it is open.
void serve_my_games(boost::asio::ip::tcp::socket socket, const Request& req, Context& c, std::shared_ptr<Connections::Slot> slot,
                    const MyGames::Opened& opened, const std::string& token);

}  // namespace server
