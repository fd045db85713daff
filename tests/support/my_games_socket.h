// A page's socket for "My games" (GET /api/me/ws, docs/server.md "Notifications") in the server's
// tests: opened with a session cookie, and the lists it is pushed, read as they come; or a game's
// socket (GET /api/games/ID/ws) opened with a seat's token (none: a spectator's), its views and
// table talk read the same way.
#pragma once

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <deque>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace test_support {

class MyGamesSocket {
  using tcp = boost::asio::ip::tcp;
  using Clock = std::chrono::steady_clock;

 public:
  // `from`: the local address to connect from (any of 127.0.0.0/8 on Linux), as another client would.
  MyGamesSocket(const std::string& port, const std::string& session, const std::string& from = "") : ws_(io_) {
    boost::system::error_code ec;
    auto& socket = ws_.next_layer();
    socket.open(tcp::v4());
    if (!from.empty()) socket.bind({boost::asio::ip::make_address(from), 0}, ec);
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(std::stoi(port))}, ec);
    if (ec) return;
    ws_.set_option(boost::beast::websocket::stream_base::decorator([session](boost::beast::websocket::request_type& req) {
      req.set(boost::beast::http::field::cookie, "other=1; churchill_session=" + session);
    }));
    ws_.handshake("127.0.0.1:" + port, "/api/me/ws", ec);
    opened_ = !ec;
    if (opened_) read();
  }
  struct Game {
    std::string id, token;
  };
  MyGamesSocket(const std::string& port, const Game& game) : ws_(io_) {
    boost::system::error_code ec;
    ws_.next_layer().connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(std::stoi(port))}, ec);
    if (!ec) ws_.handshake("127.0.0.1:" + port, "/api/games/" + game.id + "/ws", ec);
    if (!ec) ws_.write(boost::asio::buffer(game.token.empty() ? std::string("{}") : nlohmann::json{{"token", game.token}}.dump()), ec);
    opened_ = !ec;
    if (opened_) read();
  }
  bool opened() const { return opened_; }
  // The next list pushed within `seconds`, or nullopt.
  std::optional<nlohmann::json> next(double seconds = 5) {
    const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    while (lists_.empty() && !closed_ && Clock::now() < until) io_.run_one_until(until);
    if (lists_.empty()) return std::nullopt;
    nlohmann::json list = std::move(lists_.front());
    lists_.pop_front();
    return list;
  }
  bool closed() const { return closed_; }

 private:
  void read() {
    ws_.async_read(buffer_, [this](boost::beast::error_code ec, std::size_t) {
      if (ec) {
        closed_ = true;
        return;
      }
      lists_.push_back(nlohmann::json::parse(boost::beast::buffers_to_string(buffer_.data()), nullptr, false));
      buffer_.consume(buffer_.size());
      read();
    });
  }
  boost::asio::io_context io_;
  boost::beast::websocket::stream<tcp::socket> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<nlohmann::json> lists_;
  bool closed_ = false, opened_ = false;
};

}  // namespace test_support
