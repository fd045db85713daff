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
  explicit HttpClient(const std::string& port) { stream_.connect(boost::asio::ip::tcp::resolver(io_).resolve("127.0.0.1", port)); }

  // The status and the JSON body (discarded JSON when the body is not JSON).
  std::pair<int, nlohmann::json> call(boost::beast::http::verb method, const std::string& target, const std::string& body = "",
                                      const std::string& token = "") {
    namespace http = boost::beast::http;
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.keep_alive(true);
    if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
    req.body() = body;
    req.prepare_payload();
    http::write(stream_, req);
    boost::beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream_, buffer, res);
    return {static_cast<int>(res.result_int()), nlohmann::json::parse(res.body(), nullptr, false)};
  }

 private:
  boost::asio::io_context io_;
  boost::beast::tcp_stream stream_{io_};
};

}  // namespace test_support
