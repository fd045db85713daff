// The game server: the HTTP API, WebSocket pushes and the web client's files (architecture.md §5,
// docs/server.md for the limits).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/lobby.h"
#include "server/notify.h"
#include "server/side_store.h"

namespace server {

struct Options {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;        // 0: any free port (printed at start)
  std::string web_dir;              // the built web client
  std::size_t max_connections = 0;  // HTTP and WebSocket together; 0: from the open-file limit
  std::size_t max_per_address = 64;
  std::size_t max_per_network = 0;   // from one IPv4 /24 or IPv6 /64; 0: four times max_per_address
  int http_idle_seconds = 30;        // a keep-alive connection with no request is closed
  int ws_idle_seconds = 60;          // a WebSocket is pinged after half of it, closed after all of it silent
  int ws_hello_seconds = 10;         // a WebSocket that has not sent its first message by then is closed
  double create_per_minute = 10;     // games one address may create, on average
  double create_burst = 10;          // ... and at once
  bool trust_proxy = false;          // a proxy on this machine (a loopback address): its X-Forwarded-For names the client
  std::vector<std::string> proxies;  // the addresses of proxies elsewhere whose X-Forwarded-For is believed
  std::vector<std::string> origins;  // origins allowed to POST besides the server's own ("https://example.org")
  int expire_check_seconds = 60;     // how often abandoned games are looked for
  std::size_t search_threads = 0;    // workers for bots that search and hints; 0: the cores less one, at least one
  NotifyOptions notify;              // "your turn" notifications (server/notify.h)
};

// Runs until SIGINT or SIGTERM, then finishes the commit in flight and ends the process. Prints "serve: http://HOST:PORT/" when listening.
// Writes go through `store` on a thread of their own (group commit); reads use the lobby's thread. `side` (accounts, table talk) is used
// from a worker of its own; `notifier` (notifications, with a side store of its own) gets the lobby's committed changes.
int serve(const Options& options, Lobby& lobby, Store& store, SideStore& side, Notifier& notifier);

}  // namespace server
