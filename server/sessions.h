// The connections: an HTTP connection reads requests (framing and size checked) and answers them
// through the routes (server/router.h), after the commit of what they changed; a WebSocket pushes a
// game's view after every committed change; the acceptor admits connections within the caps.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>

#include "server/router.h"

namespace server {

// Accepts connections within the caps; when the process is out of file descriptors (or the kernel
// out of buffers), waits before accepting again instead of spinning.
class Acceptor {
 public:
  Acceptor(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& at, Context& c);
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
  void accept();

 private:
  void back_off(boost::system::error_code ec);
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer timer_;
  Context& c_;
  std::chrono::milliseconds backoff_{0};
};

}  // namespace server
