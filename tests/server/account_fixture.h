// A server fixture whose requests are a browser page's of this site: the session cookie and the
// X-Churchill-CSRF header (docs/server.md, "Accounts"), for the tests of accounts and of what they own.
#pragma once

#include <map>
#include <string>

#include "tests/server/server_fixture.h"

namespace test_support {

struct Answer {
  int status = 0;
  json body;
  std::string set_cookie;
};

class AccountServer : public Server {
 protected:
  // A request with the headers a browser page of this site sends (the session cookie, X-Churchill-CSRF).
  Answer send(http::verb method, const std::string& target, const std::string& body = "", const std::string& cookie = "",
              const std::map<std::string, std::string>& headers = {{"X-Churchill-CSRF", "1"}, {"Content-Type", "application/json"}}) {
    boost::asio::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(tcp::resolver(io).resolve("127.0.0.1", port));
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    for (const auto& [name, value] : headers) req.set(name, value);
    if (!cookie.empty()) req.set(http::field::cookie, "other=1; churchill_session=" + cookie);
    req.body() = body;
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    return {static_cast<int>(res.result_int()), json::parse(res.body(), nullptr, false), std::string(res[http::field::set_cookie])};
  }
  static std::string token_of(const std::string& set_cookie) {
    const auto at = set_cookie.find("churchill_session=");
    if (at == std::string::npos) return "";
    const auto start = at + 18;
    return set_cookie.substr(start, set_cookie.find(';', start) - start);
  }
  // Signs up (or in) and gives the session cookie's token.
  std::string sign(const std::string& path, const std::string& name, const std::string& password = "correct horse") {
    const Answer a = send(http::verb::post, path, json{{"name", name}, {"password", password}}.dump());
    EXPECT_EQ(a.status, 201) << a.body.dump();
    return token_of(a.set_cookie);
  }
  std::string count(const std::string& table) { return sql_text(db, "SELECT count(*) FROM " + table); }
  void expect_code(const Answer& a, int status, const std::string& code) {
    EXPECT_EQ(a.status, status) << a.body.dump();
    EXPECT_EQ(a.body.value("code", ""), code) << a.body.dump();
  }
};

}  // namespace test_support
