#include "server/notify_send.h"

#include <sodium.h>

#include <utility>  // before Asio, whose awaitable.hpp uses std::exchange

#include <fmt/format.h>
#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <ctime>
#include <optional>
#include <vector>

namespace server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;
using boost::system::error_code;

Url Url::parse(const std::string& text) {
  Url u;
  const auto colon = text.find("://");
  if (colon == std::string::npos || colon == 0) throw std::invalid_argument("no scheme");
  u.scheme = text.substr(0, colon);
  for (char& c : u.scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto rest = text.substr(colon + 3);
  const auto slash = rest.find_first_of("/?#");
  std::string authority = rest.substr(0, slash);
  if (slash != std::string::npos) u.target = rest[slash] == '/' ? rest.substr(slash) : "/" + rest.substr(slash);
  if (const auto at = authority.rfind('@'); at != std::string::npos) {
    const std::string info = authority.substr(0, at);
    authority = authority.substr(at + 1);
    const auto sep = info.find(':');
    u.user = info.substr(0, sep);
    if (sep != std::string::npos) u.password = info.substr(sep + 1);
  }
  std::string port;
  if (!authority.empty() && authority[0] == '[') {
    const auto close = authority.find(']');
    if (close == std::string::npos) throw std::invalid_argument("unclosed [");
    u.host = authority.substr(1, close - 1);
    if (close + 1 < authority.size()) {
      if (authority[close + 1] != ':') throw std::invalid_argument("junk after ]");
      port = authority.substr(close + 2);
    }
  } else {
    const auto sep = authority.rfind(':');
    u.host = authority.substr(0, sep);
    if (sep != std::string::npos) port = authority.substr(sep + 1);
  }
  if (u.host.empty()) throw std::invalid_argument("no host");
  if (!port.empty()) {
    if (port.size() > 5 || !std::all_of(port.begin(), port.end(), [](unsigned char c) { return std::isdigit(c); }))
      throw std::invalid_argument("bad port");
    const int n = std::stoi(port);
    if (n <= 0 || n > 65535) throw std::invalid_argument("bad port");
    u.port = static_cast<std::uint16_t>(n);
  }
  return u;
}

bool public_address(const std::string& text) {
  error_code ec;
  auto a = asio::ip::make_address(text, ec);
  if (ec) return false;
  if (a.is_v6() && a.to_v6().is_v4_mapped()) a = asio::ip::make_address_v4(asio::ip::v4_mapped, a.to_v6());
  if (a.is_v4()) {
    const std::uint32_t n = a.to_v4().to_uint();
    const auto in = [n](std::uint32_t net, int bits) { return (n >> (32 - bits)) == (net >> (32 - bits)); };
    return !(in(0x00000000, 8) || in(0x0A000000, 8) || in(0x7F000000, 8) || in(0xA9FE0000, 16) || in(0xAC100000, 12) ||
             in(0xC0A80000, 16) || in(0x64400000, 10) || in(0xC0000000, 24) || in(0xC6120000, 15) || in(0xE0000000, 3));
  }
  const auto v6 = a.to_v6();
  const auto b = v6.to_bytes();
  return !(v6.is_loopback() || v6.is_unspecified() || v6.is_link_local() || v6.is_site_local() || v6.is_multicast() ||
           (b[0] & 0xFE) == 0xFC || v6.is_v4_compatible());
}

namespace {

// One exchange with a far end: each asynchronous operation is run to its end on a private
// io_context; the stream's deadline (beast::tcp_stream::expires_after) bounds them all.
struct Done {
  error_code* ec;
  std::size_t* n;
  void operator()(error_code e) const { *ec = e; }
  void operator()(error_code e, std::size_t k) const { *ec = e, *n = k; }
  void operator()(error_code e, const tcp::endpoint&) const { *ec = e; }
};

template <class Start>
std::size_t await(asio::io_context& io, const char* what, Start start) {
  error_code ec;
  std::size_t n = 0;
  start(Done{&ec, &n});
  io.restart();
  io.run();
  if (ec) throw SendError(fmt::format("{}: {}", what, ec.message()), false);
  return n;
}

// The host's addresses, only public ones unless `allow_local`; connected to those, never resolved again.
std::vector<tcp::endpoint> endpoints(asio::io_context& io, const Url& u, std::uint16_t port, bool allow_local) {
  error_code ec;
  const auto found = tcp::resolver(io).resolve(u.host, std::to_string(port), ec);
  if (ec) throw SendError(fmt::format("cannot resolve {}: {}", u.host, ec.message()), false);
  std::vector<tcp::endpoint> out;
  for (const auto& e : found) {
    if (!allow_local && !public_address(e.endpoint().address().to_string()))
      throw SendError(fmt::format("{} is not a public address", u.host), true);
    out.push_back(e.endpoint());
  }
  if (out.empty()) throw SendError(fmt::format("no address for {}", u.host), false);
  return out;
}

std::shared_ptr<ssl::context> tls_context() {
  auto ctx = std::make_shared<ssl::context>(ssl::context::tls_client);
  ctx->set_default_verify_paths();
  ctx->set_verify_mode(ssl::verify_peer);
  return ctx;
}

template <class Tls>
void handshake(asio::io_context& io, Tls& tls, const std::string& host) {
  if (!SSL_set_tlsext_host_name(tls.native_handle(), host.c_str())) throw SendError("TLS: bad host name", true);
  tls.set_verify_callback(ssl::host_name_verification(host));
  await(io, "TLS handshake", [&](Done d) { tls.async_handshake(ssl::stream_base::client, d); });
}

template <class Stream>
int post_on(asio::io_context& io, Stream& s, const Url& u, const std::string& json) {
  http::request<http::string_body> req{http::verb::post, u.target, 11};
  req.set(http::field::host, u.port ? fmt::format("{}:{}", u.host, u.port) : u.host);
  req.set(http::field::user_agent, "churchill-notify");
  req.set(http::field::content_type, "application/json");
  req.set(http::field::connection, "close");
  req.body() = json;
  req.prepare_payload();
  await(io, "sending", [&](Done d) { http::async_write(s, req, d); });
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> res;
  res.body_limit(64 * 1024);
  await(io, "reading the answer", [&](Done d) { http::async_read_header(s, buffer, res, d); });
  return static_cast<int>(res.get().result_int());
}

}  // namespace

void post_webhook(const std::string& url, const std::string& json, bool allow_local, std::chrono::seconds timeout) {
  Url u;
  try {
    u = Url::parse(url);
  } catch (const std::invalid_argument& e) {
    throw SendError(fmt::format("bad URL: {}", e.what()), true);
  }
  const bool tls = u.scheme == "https";
  if (!tls && !(u.scheme == "http" && allow_local)) throw SendError("a webhook's URL must be https://", true);
  asio::io_context io;
  beast::tcp_stream tcp_stream(io);
  tcp_stream.expires_after(timeout);
  const auto at = endpoints(io, u, u.port ? u.port : tls ? 443 : 80, allow_local);
  await(io, "connecting", [&](Done d) { tcp_stream.async_connect(at, d); });
  int status = 0;
  if (tls) {
    const auto ctx = tls_context();
    beast::ssl_stream<beast::tcp_stream&> s(tcp_stream, *ctx);
    handshake(io, s, u.host);
    status = post_on(io, s, u, json);
  } else {
    status = post_on(io, tcp_stream, u, json);
  }
  if (status >= 200 && status < 300) return;
  const bool permanent = status >= 400 && status < 500 && status != 408 && status != 429;
  throw SendError(fmt::format("the webhook answered {}", status), permanent);
}

namespace {

std::string base64(const std::string& bytes) {
  std::string out(sodium_base64_encoded_len(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  out.resize(out.size() - 1);  // the terminating NUL
  return out;
}

std::string mail_date() {
  const std::time_t now = std::time(nullptr);
  std::tm t{};
  gmtime_r(&now, &t);
  char out[64];
  std::strftime(out, sizeof out, "%a, %d %b %Y %H:%M:%S +0000", &t);
  return out;
}

std::string message_text(const std::string& from, const std::string& to, const std::string& subject, const std::string& text) {
  std::string body = base64(text), wrapped;
  for (std::size_t i = 0; i < body.size(); i += 76) wrapped += body.substr(i, 76) + "\r\n";
  unsigned char id[12];
  randombytes_buf(id, sizeof id);
  std::string hex;
  for (unsigned char c : id) hex += fmt::format("{:02x}", c);
  const std::string domain = from.substr(from.find('@') + 1);
  return fmt::format(
      "From: <{}>\r\nTo: <{}>\r\nSubject: =?UTF-8?B?{}?=\r\nDate: {}\r\nMessage-ID: <{}@{}>\r\nMIME-Version: 1.0\r\n"
      "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\nAuto-Submitted: auto-generated\r\n\r\n{}.\r\n",
      from, to, base64(subject), mail_date(), hex, domain, wrapped);
}

// An SMTP dialog on a stream (plain, or TLS after STARTTLS or from the start).
template <class Stream>
class Smtp {
 public:
  Smtp(asio::io_context& io, Stream& s) : io_(io), s_(s) {}
  // A reply's code (its last line's); its lines are added to `text`.
  int reply(std::string* text = nullptr) {
    for (;;) {
      const std::size_t n = await(io_, "reading from the SMTP server",
                                  [&](Done d) { asio::async_read_until(s_, asio::dynamic_buffer(buf_, 65536), "\r\n", d); });
      const std::string line = buf_.substr(0, n);
      buf_.erase(0, n);
      if (line.size() < 5 || !std::isdigit(static_cast<unsigned char>(line[0])) || !std::isdigit(static_cast<unsigned char>(line[1])) ||
          !std::isdigit(static_cast<unsigned char>(line[2])))
        throw SendError("the SMTP server's reply is malformed", false);
      if (text) *text += line;
      if (line[3] != '-') return std::stoi(line.substr(0, 3));
    }
  }
  int command(const std::string& line, std::string* text = nullptr) {
    const std::string data = line + "\r\n";
    await(io_, "writing to the SMTP server", [&](Done d) { asio::async_write(s_, asio::buffer(data), d); });
    return reply(text);
  }
  void expect(int code, int want, const std::string& what) {
    if (code / 100 == want / 100) return;
    throw SendError(fmt::format("the SMTP server refused {} ({})", what, code), code >= 500);
  }
  bool pending() const { return !buf_.empty(); }

 private:
  asio::io_context& io_;
  Stream& s_;
  std::string buf_;
};

// From EHLO on: authentication (only over TLS) and the message.
template <class Stream>
void deliver(Smtp<Stream>& smtp, const Url& u, bool tls, const std::string& from, const std::string& to, const std::string& message) {
  if (!u.user.empty()) {
    if (!tls) throw SendError("the SMTP server offers no TLS: the password is not sent in clear", true);
    smtp.expect(smtp.command("AUTH PLAIN " + base64(std::string(1, '\0') + u.user + std::string(1, '\0') + u.password)), 235,
                "the sign-in");
  }
  smtp.expect(smtp.command("MAIL FROM:<" + from + ">"), 250, "the sender");
  smtp.expect(smtp.command("RCPT TO:<" + to + ">"), 250, "the recipient");
  smtp.expect(smtp.command("DATA"), 354, "the message");
  std::string body = message;
  body.resize(body.size() - 2);  // ends with the final "."; command() adds its "\r\n"
  smtp.expect(smtp.command(body), 250, "the message");
  smtp.command("QUIT");
}

}  // namespace

void send_mail(const std::string& smtp_url, const std::string& from, const std::string& to, const std::string& subject,
               const std::string& text, std::chrono::seconds timeout) {
  Url u;
  try {
    u = Url::parse(smtp_url);
  } catch (const std::invalid_argument& e) {
    throw SendError(fmt::format("bad --smtp: {}", e.what()), true);
  }
  const bool implicit = u.scheme == "smtps";
  if (!implicit && u.scheme != "smtp") throw SendError("--smtp must be smtp:// or smtps://", true);
  const std::string message = message_text(from, to, subject, text);
  const std::string helo = "EHLO " + from.substr(from.find('@') + 1);
  asio::io_context io;
  beast::tcp_stream tcp_stream(io);
  tcp_stream.expires_after(timeout);
  const auto at = endpoints(io, u, u.port ? u.port : implicit ? 465 : 25, true);  // the operator's own server
  await(io, "connecting to the SMTP server", [&](Done d) { tcp_stream.async_connect(at, d); });
  const auto ctx = tls_context();
  if (implicit) {
    beast::ssl_stream<beast::tcp_stream&> s(tcp_stream, *ctx);
    handshake(io, s, u.host);
    Smtp smtp(io, s);
    smtp.expect(smtp.reply(), 220, "the connection");
    smtp.expect(smtp.command(helo), 250, "EHLO");
    return deliver(smtp, u, true, from, to, message);
  }
  Smtp plain(io, tcp_stream);
  plain.expect(plain.reply(), 220, "the connection");
  std::string offers;
  plain.expect(plain.command(helo, &offers), 250, "EHLO");
  if (offers.find("STARTTLS") == std::string::npos) return deliver(plain, u, false, from, to, message);
  plain.expect(plain.command("STARTTLS"), 220, "STARTTLS");
  if (plain.pending()) throw SendError("the SMTP server sent data before TLS began", true);
  beast::ssl_stream<beast::tcp_stream&> s(tcp_stream, *ctx);
  handshake(io, s, u.host);
  Smtp smtp(io, s);
  smtp.expect(smtp.command(helo), 250, "EHLO");
  deliver(smtp, u, true, from, to, message);
}

}  // namespace server
