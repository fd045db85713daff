// What the server's WebSockets share (a game's, server/sessions.cpp; "My games", server/my_games.cpp):
// their timeouts and message cap (docs/server.md, "Limits"), and the reading of what a client sends.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <memory>

#include "server/http.h"

namespace server {

using WsStream = boost::beast::websocket::stream<boost::beast::tcp_stream>;

// Pinged after half of --ws-idle silent, closed after all of it; messages of 4 KiB at most.
inline void set_limits(WsStream& ws, const Options& o) {
  boost::beast::websocket::stream_base::timeout t{};
  t.handshake_timeout = std::chrono::seconds(10);
  t.idle_timeout = std::chrono::seconds(o.ws_idle_seconds);
  t.keep_alive_pings = true;
  ws.set_option(t);
  ws.read_message_max(4096);
}

// Reads what the client sends and drops it, while `keep` (the socket's session) lives: reading
// answers pings and sees the close.
inline void drain(WsStream& ws, boost::beast::flat_buffer& buffer, std::shared_ptr<void> keep) {
  ws.async_read(buffer, [&ws, &buffer, keep = std::move(keep)](boost::beast::error_code ec, std::size_t) mutable {
    if (ec) return;
    buffer.consume(buffer.size());
    drain(ws, buffer, std::move(keep));
  });
}

}  // namespace server
