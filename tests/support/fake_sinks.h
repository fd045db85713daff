// Local stand-ins for where notifications go (server/notify.h): a webhook receiver (HTTP on loopback,
// or HTTPS with a context given, recording each JSON body, answering a chosen status) and an SMTP sink
// (plain, offering STARTTLS or TLS from the start, recording each message with its envelope, subject,
// decoded text and sign-in). Each runs on a thread of its own.
#pragma once

#include <sodium.h>

#include <atomic>
#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace test_support {

// Accepts connections on 127.0.0.1 (a free port) and hands each to `serve` on the sink's thread.
class LoopbackListener {
 public:
  using Serve = std::function<void(boost::asio::ip::tcp::socket&)>;
  explicit LoopbackListener(Serve serve) : serve_(std::move(serve)), acceptor_(io_, {boost::asio::ip::make_address("127.0.0.1"), 0}) {
    thread_ = std::thread([this] { loop(); });
  }
  ~LoopbackListener() {
    stopping_ = true;
    try {
      boost::system::error_code ec;
      // Wakes the blocking accept with a connection of our own.
      boost::asio::io_context io;
      boost::asio::ip::tcp::socket s(io);
      const auto at = acceptor_.local_endpoint(ec);
      if (!ec) s.connect(at, ec);
      thread_.join();
    } catch (const std::exception&) {  // the thread cannot be joined: nothing is left to stop
    }
  }
  LoopbackListener(const LoopbackListener&) = delete;
  LoopbackListener& operator=(const LoopbackListener&) = delete;
  unsigned short port() const { return acceptor_.local_endpoint().port(); }

 private:
  void loop() {
    while (!stopping_) {
      boost::asio::ip::tcp::socket s(io_);
      boost::system::error_code ec;
      acceptor_.accept(s, ec);
      if (ec || stopping_) continue;
      try {
        serve_(s);
      } catch (const std::exception&) {  // a client that went away
      }
    }
  }
  Serve serve_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

// Waits up to `seconds` for `done`.
inline bool eventually(const std::function<bool()>& done, double seconds = 10) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return done();
}

// A webhook receiver: every POST's body (JSON) is kept; the answer's status is the next of `statuses`
// (200 once they are used up).
class FakeWebhook {
 public:
  // With `tls`: HTTPS, presenting its certificate.
  explicit FakeWebhook(std::shared_ptr<boost::asio::ssl::context> tls = nullptr)
      : tls_(std::move(tls)), listener_([this](boost::asio::ip::tcp::socket& s) { serve(s); }) {}
  std::string url(const std::string& path = "/hook") const {
    return (tls_ ? "https" : "http") + std::string("://127.0.0.1:") + std::to_string(listener_.port()) + path;
  }
  void answer_with(std::vector<int> statuses) {
    std::lock_guard lock(mutex_);
    statuses_.assign(statuses.begin(), statuses.end());
  }
  std::vector<nlohmann::json> received() {
    std::lock_guard lock(mutex_);
    return received_;
  }
  std::size_t requests() {
    std::lock_guard lock(mutex_);
    return requests_;
  }
  std::vector<std::string> content_types() {
    std::lock_guard lock(mutex_);
    return types_;
  }

 private:
  void serve(boost::asio::ip::tcp::socket& s) {
    if (!tls_) return exchange(s);
    boost::asio::ssl::stream<boost::asio::ip::tcp::socket&> tls(s, *tls_);
    tls.handshake(boost::asio::ssl::stream_base::server);  // throws for a client that refuses the certificate
    exchange(tls);
  }
  template <class Stream>
  void exchange(Stream& s) {
    namespace http = boost::beast::http;
    boost::beast::flat_buffer buffer;
    http::request<http::string_body> req;
    http::read(s, buffer, req);
    int status = 200;
    {
      std::lock_guard lock(mutex_);
      ++requests_;
      if (!statuses_.empty()) status = statuses_.front(), statuses_.pop_front();
      types_.emplace_back(req[http::field::content_type]);
      if (status < 300) received_.push_back(nlohmann::json::parse(req.body(), nullptr, false));
    }
    http::response<http::string_body> res{static_cast<http::status>(status), 11};
    res.body() = status < 300 ? "" : "{\"message\": \"no\"}";
    res.prepare_payload();
    http::write(s, res);
  }
  std::mutex mutex_;
  std::deque<int> statuses_;
  std::vector<nlohmann::json> received_;
  std::vector<std::string> types_;
  std::size_t requests_ = 0;
  std::shared_ptr<boost::asio::ssl::context> tls_;
  LoopbackListener listener_;  // last: its thread starts once the rest is made
};

// An SMTP sink: each message with its envelope, its Subject decoded (=?UTF-8?B?...?=), its text
// decoded (base64) and the sign-in it came with (AUTH PLAIN, decoded, and whether it came over TLS).
// Without TLS by default; with a context, offering STARTTLS or TLS from the start (smtps).
class FakeSmtp {
 public:
  enum class Tls { none, starttls, implicit };
  struct Mail {
    std::string from, to, headers, subject, text, auth;
    bool auth_over_tls = false;
  };
  explicit FakeSmtp(Tls mode = Tls::none, std::shared_ptr<boost::asio::ssl::context> tls = nullptr)
      : mode_(mode), tls_(std::move(tls)), listener_([this](boost::asio::ip::tcp::socket& s) { serve(s); }) {}
  std::string url(const std::string& user = "") const {
    return (mode_ == Tls::implicit ? "smtps://" : "smtp://") + user + "127.0.0.1:" + std::to_string(listener_.port());
  }
  std::vector<Mail> received() {
    std::lock_guard lock(mutex_);
    return mails_;
  }
  // Sign-ins seen, whether a message followed or not.
  std::vector<std::string> sign_ins() {
    std::lock_guard lock(mutex_);
    return sign_ins_;
  }

  static std::string unbase64(const std::string& text) {
    std::string out(text.size(), '\0');
    std::size_t n = 0;
    if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(), "\r\n", &n, nullptr,
                          sodium_base64_VARIANT_ORIGINAL) != 0)
      return "<bad base64>";
    out.resize(n);
    return out;
  }

 private:
  void serve(boost::asio::ip::tcp::socket& s) {
    std::optional<boost::asio::ssl::stream<boost::asio::ip::tcp::socket&>> tls;
    const auto begin_tls = [&] {
      tls.emplace(s, *tls_);
      tls->handshake(boost::asio::ssl::stream_base::server);  // throws for a client that refuses the certificate
    };
    if (mode_ == Tls::implicit) begin_tls();
    std::string buf;
    const auto line = [&] {
      const std::size_t n = tls ? boost::asio::read_until(*tls, boost::asio::dynamic_buffer(buf), "\r\n")
                                : boost::asio::read_until(s, boost::asio::dynamic_buffer(buf), "\r\n");
      std::string l = buf.substr(0, n - 2);
      buf.erase(0, n);
      return l;
    };
    const auto say = [&](const std::string& text) {
      if (tls)
        boost::asio::write(*tls, boost::asio::buffer(text + "\r\n"));
      else
        boost::asio::write(s, boost::asio::buffer(text + "\r\n"));
    };
    say("220 fake ESMTP");
    Mail m;
    for (;;) {
      const std::string l = line();
      if (l.rfind("EHLO", 0) == 0) {
        say(mode_ == Tls::starttls && !tls ? "250-fake\r\n250-STARTTLS\r\n250 8BITMIME" : "250-fake\r\n250-AUTH PLAIN\r\n250 8BITMIME");
      } else if (l == "STARTTLS" && mode_ == Tls::starttls && !tls) {
        say("220 go ahead");
        buf.clear();
        begin_tls();
      } else if (l.rfind("AUTH PLAIN ", 0) == 0) {
        m.auth = unbase64(l.substr(11));
        m.auth_over_tls = tls.has_value();
        {
          std::lock_guard lock(mutex_);
          sign_ins_.push_back(m.auth);
        }
        say("235 ok");
      } else if (l.rfind("MAIL FROM:", 0) == 0) {
        m.from = l.substr(10);
        say("250 ok");
      } else if (l.rfind("RCPT TO:", 0) == 0) {
        m.to = l.substr(8);
        say("250 ok");
      } else if (l == "DATA") {
        say("354 go on");
        std::string data;
        for (std::string d; (d = line()) != ".";) data += d + "\r\n";
        const auto split = data.find("\r\n\r\n");
        m.headers = data.substr(0, split);
        m.text = unbase64(data.substr(split + 4));
        const auto at = m.headers.find("Subject: =?UTF-8?B?");
        if (at != std::string::npos) {
          const auto start = at + 19;
          m.subject = unbase64(m.headers.substr(start, m.headers.find("?=", start) - start));
        }
        {
          std::lock_guard lock(mutex_);
          mails_.push_back(m);
        }
        say("250 queued");
      } else if (l == "QUIT") {
        say("221 bye");
        return;
      } else {
        say("502 not here");
      }
    }
  }
  std::mutex mutex_;
  std::vector<Mail> mails_;
  std::vector<std::string> sign_ins_;
  Tls mode_;
  std::shared_ptr<boost::asio::ssl::context> tls_;
  LoopbackListener listener_;
};

}  // namespace test_support
