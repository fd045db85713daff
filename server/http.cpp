// The game server's process (architecture.md §5, docs/server.md): one thread runs Boost.Asio (the
// connections, server/sessions.h; the lobby), a second commits to the store (server/committer.h),
// and workers play bots, search and load off the event loop (server/workers.h). No input ends the
// process: the last line of defence catches what escapes a handler.
#include "server/http.h"

#include <sys/resource.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <boost/asio.hpp>
#include <charconv>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string_view>
#include <thread>

#include "server/accounts.h"
#include "server/chat.h"
#include "server/committer.h"
#include "server/my_games.h"
#include "server/pg_store.h"
#include "server/sessions.h"
#include "server/workers.h"

namespace server {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

// The machine's cores less one for the event loop, at least one.
std::size_t default_search_threads() {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 2 ? cores - 1 : 1;
}

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
  ChangeWatch(asio::io_context& io, Lobby& lobby, Store& store, MyGames& my_games, Chat& chat)
      : io_(io), lobby_(lobby), store_(store), my_games_(my_games), chat_(chat), timer_(io) {}
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
    socket_->async_wait(asio::posix::stream_descriptor::wait_read, [this](boost::system::error_code ec) {
      if (ec == asio::error::operation_aborted) return;
      take();
      if (ec) return close();  // watched again by the next tick
      watch();
    });
  }
  void tick() {
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([this](boost::system::error_code ec) {
      if (ec) return;
      take();
      if (store_.change_socket() != fd_) watch();
      tick();
    });
  }
  // A game's id, `account:ID` (an account that holds a seat more or whose sessions ended) or
  // `chat:GAME:MESSAGE` (a message of the game's table talk).
  void take() {
    for (const std::string& id : store_.take_changes()) {
      if (id.rfind(PgStore::kAccountChange, 0) == 0) {
        touched(id.substr(PgStore::kAccountChange.size()));
        continue;
      }
      if (id.rfind(PgStore::kChatChange, 0) == 0) {
        said(id.substr(PgStore::kChatChange.size()));
        continue;
      }
      lobby_.changed_elsewhere(id);
      my_games_.changed(id);  // "My games" is read from the store, which holds the change already
    }
  }
  // The whole of `text` as a number, if it is one.
  static std::optional<std::int64_t> number_of(std::string_view text) {
    std::int64_t n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    return ec == std::errc() && end == text.data() + text.size() ? std::optional(n) : std::nullopt;
  }
  void touched(const std::string& account) {
    if (const auto number = number_of(account)) my_games_.touched(*number);
  }
  void said(const std::string& game_and_message) {
    const auto colon = game_and_message.rfind(':');
    if (colon == std::string::npos) return;
    if (const auto message = number_of(std::string_view(game_and_message).substr(colon + 1)))
      chat_.heard(game_and_message.substr(0, colon), *message);
  }
  void close() {
    if (socket_) {
      boost::system::error_code ec;
      socket_->cancel(ec);
      socket_->close(ec);
      socket_.reset();
    }
    fd_ = -1;
  }
  asio::io_context& io_;
  Lobby& lobby_;
  Store& store_;
  MyGames& my_games_;
  Chat& chat_;
  asio::steady_timer timer_;
  std::optional<asio::posix::stream_descriptor> socket_;
  int fd_ = -1;
};

void expire_every(asio::steady_timer& timer, Context& c) {
  timer.expires_after(std::chrono::seconds(c.options.expire_check_seconds));
  timer.async_wait([&timer, &c](boost::system::error_code ec) {
    if (ec) return;
    c.lobby.expire();
    c.committer.kick();
    expire_every(timer, c);
  });
}

// The clocks are looked at every second: a seat whose clock ran out is given to its stand-in.
void tick_clocks_every(asio::steady_timer& timer, Context& c) {
  timer.expires_after(std::chrono::seconds(1));
  timer.async_wait([&timer, &c](boost::system::error_code ec) {
    if (ec) return;
    c.lobby.tick_clocks();
    c.committer.kick();
    tick_clocks_every(timer, c);
  });
}

}  // namespace

int serve(const Options& o, Lobby& lobby, Store& store, SideStore& side, Notifier& notifier) {
  std::signal(SIGPIPE, SIG_IGN);  // a closed log pipe or socket is an error to handle, not the end of the process
  asio::io_context io;
  Committer committer(io, lobby, store);
  const std::size_t searchers = o.search_threads ? o.search_threads : default_search_threads();
  // The odds lane has a thread a core: a query is short, and several players asking at once share the
  // cores instead of waiting in turn (docs/warroom/ai.md, "Speed").
  const std::size_t calculators = std::max(1u, std::thread::hardware_concurrency());
  Workers workers(io, {{Lane::Bots, 1}, {Lane::Search, searchers}, {Lane::Odds, calculators}, {Lane::Load, 1}},
                  [&committer] { committer.kick(); });
  lobby.offload([&workers](Job job) { workers.submit(std::move(job)); });
  committer.kick();
  // An eighth of the places is kept for addresses that hold none; behind a proxy every connection is
  // the proxy's, whose limits per client are its own (docs/deploy.md).
  const std::size_t total = o.max_connections ? o.max_connections : default_max_connections();
  Connections connections(total, o.max_per_address, o.max_per_network ? o.max_per_network : 4 * o.max_per_address,
                          o.trust_proxy || !o.proxies.empty() ? 0 : total / 8);
  // Shared through the store by every server of a store several servers share.
  RateLimiter creations(o.create_per_minute, o.create_burst, &store, "create");
  // A page of 500 lines costs ~6.5 ms of this thread: 5 a second from an address, after a page
  // opened late read 40 at once (20,000 lines). Each server's own, as each server's thread is.
  RateLimiter log_pages(300, 40);
  Accounts accounts(io, side, lobby, o, &notifier);
  Chat chat(accounts, lobby);
  MyGames my_games(io, accounts);
  accounts.on_touched([&my_games](std::int64_t account) { my_games.touched(account); });
  lobby.on_listed([&my_games](const std::string& id) { my_games.changed(id); });
  Context context{o, lobby, committer, connections, creations, log_pages, accounts, chat, my_games};
  Acceptor acceptor(io, {asio::ip::make_address(o.host), o.port}, context);
  // SIGINT and SIGTERM are caught before the address is announced: whoever reads it may stop the
  // server at once (a test's restart did, and the signal was lost under ThreadSanitizer).
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code, int) { io.stop(); });
  std::cout << fmt::format("serve: http://{}:{}/ ({} games in play)", o.host, acceptor.port(), lobby.live()) << std::endl;
  acceptor.accept();
  notifier.start(fmt::format("http://{}:{}", o.host, acceptor.port()), lobby.titles());
  lobby.on_committed([&notifier](const std::string& id, const std::string& before, const std::string& after, std::size_t actions,
                                 bool invitation, const Lobby::Waits& waits) {
    notifier.committed({id, before, after, actions, invitation, waits});
  });
  asio::steady_timer expiry(io);
  expire_every(expiry, context);
  asio::steady_timer clocks(io);
  tick_clocks_every(clocks, context);
  ChangeWatch changes(io, lobby, store, my_games, chat);
  changes.start();
  for (;;) {
    try {
      io.run();
      break;
    } catch (const std::exception& e) {  // never expected: a handler let an exception out; serve on
      std::cerr << "serve: " << printable(e.what(), 200) << std::endl;
    }
  }
  // Stopped by a signal: the commit in flight is finished (what was acknowledged is already durable),
  // then the process ends at once. Open connections are dropped, not destroyed one by one: their
  // sessions' handlers would outlive the objects above them here (the connection counts, the lobby).
  workers.stop();
  committer.drain();
  std::cout << "serve: stopped" << std::endl;
  std::_Exit(0);
}

}  // namespace server
