// The game server: the HTTP API, WebSocket pushes and the web client's files (architecture.md §5).
#pragma once

#include <cstdint>
#include <string>

#include "server/lobby.h"

namespace server {

struct Options {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: any free port (printed at start)
  std::string web_dir;        // the built web client
};

// Runs until SIGINT or SIGTERM. Prints "churchill serve: http://HOST:PORT/" when listening.
int serve(const Options& options, Lobby& lobby);

}  // namespace server
