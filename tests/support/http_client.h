// A small synchronous HTTP client over Boost.Beast for the server tests and the load test.
#pragma once

#include <utility>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace test_support {

// One keep-alive connection to a server on loopback.
class HttpClient {
 public:
  // `from`: the local address to connect from (any of 127.0.0.0/8 on Linux), as another client would.
  explicit HttpClient(const std::string& port, const std::string& from = "") {
    if (from.empty()) {
      stream_.connect(boost::asio::ip::tcp::resolver(io_).resolve("127.0.0.1", port));
      return;
    }
    auto& socket = stream_.socket();
    socket.open(boost::asio::ip::tcp::v4());
    socket.bind({boost::asio::ip::make_address(from), 0});
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(std::stoi(port))});
  }

  // The status and the JSON body (discarded JSON when the body is not JSON). A POST is sent as
  // application/json, as the server requires.
  std::pair<int, nlohmann::json> call(boost::beast::http::verb method, const std::string& target, const std::string& body = "",
                                      const std::string& token = "") {
    auto [status, text] = call_text(method, target, body, token);
    return {status, nlohmann::json::parse(text, nullptr, false)};
  }

  // The status and the body as it came.
  std::pair<int, std::string> call_text(boost::beast::http::verb method, const std::string& target, const std::string& body = "",
                                        const std::string& token = "") {
    namespace http = boost::beast::http;
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.keep_alive(true);
    if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
    if (method == http::verb::post) req.set(http::field::content_type, "application/json");
    req.body() = body;
    req.prepare_payload();
    return send_text(req);
  }

  // Sends a request as it is.
  std::pair<int, nlohmann::json> send(const boost::beast::http::request<boost::beast::http::string_body>& req) {
    auto [status, text] = send_text(req);
    return {status, nlohmann::json::parse(text, nullptr, false)};
  }
  std::pair<int, std::string> send_text(const boost::beast::http::request<boost::beast::http::string_body>& req) {
    namespace http = boost::beast::http;
    http::write(stream_, req);
    boost::beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    parser.skip(req.method() == http::verb::head);
    http::read(stream_, buffer, parser);
    set_cookie_ = std::string(parser.get()[http::field::set_cookie]);
    return {static_cast<int>(parser.get().result_int()), parser.release().body()};
  }
  // The Set-Cookie of the last answer ("" without one).
  const std::string& set_cookie() const { return set_cookie_; }

 private:
  boost::asio::io_context io_;
  boost::beast::tcp_stream stream_{io_};
  std::string set_cookie_;
};

}  // namespace test_support
