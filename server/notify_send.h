// The notifications' sinks (server/notify.h): a webhook's JSON POST over HTTP(S) and an e-mail through
// an SMTP server. Each blocks the notifier's thread (never the event loop) for at most its timeout.
#pragma once

#include <chrono>
#include <stdexcept>
#include <string>

namespace server {

// A send that failed: `permanent` when trying again cannot help (the far end refused the message,
// or the address is one a webhook may not reach).
struct SendError : std::runtime_error {
  SendError(const std::string& what, bool permanent_failure) : std::runtime_error(what), permanent(permanent_failure) {}
  bool permanent;
};

// scheme://[user[:password]@]host[:port][/path...]; throws std::invalid_argument.
struct Url {
  std::string scheme, user, password, host, target = "/";
  std::uint16_t port = 0;
  static Url parse(const std::string& text);
};

// Whether an address is one a webhook may reach: not loopback, private, link-local, unique local,
// shared (100.64/10), multicast or unspecified.
bool public_address(const std::string& address);

// POSTs `json` to `url` (http:// only with `allow_local`); the host's every address must be public
// unless `allow_local`. A 2xx answer is success; another 4xx but 408 and 429 is permanent.
void post_webhook(const std::string& url, const std::string& json, bool allow_local, std::chrono::seconds timeout);

// Sends a plain-text e-mail (UTF-8) through `smtp` (smtp:// with STARTTLS when the server offers it,
// smtps:// with TLS from the start; AUTH PLAIN with the URL's user and password, only over TLS).
void send_mail(const std::string& smtp, const std::string& from, const std::string& to, const std::string& subject, const std::string& text,
               std::chrono::seconds timeout);

}  // namespace server
