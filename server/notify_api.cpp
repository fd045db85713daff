// The account's notification settings (docs/server.md, "Notifications"): GET and PUT
// /api/me/notifications, and POST /api/me/notifications/confirm with the code sent to a new webhook or
// address. Everything a request says is checked on the event loop before anything is read or stored;
// the settings are read and written on the accounts' worker.
#include <sodium.h>

#include <fmt/format.h>
#include <chrono>
#include <optional>

#include "server/accounts.h"
#include "server/notify.h"
#include "server/unix_time.h"

namespace server {

namespace http = boost::beast::http;

namespace {

constexpr int kCodesPerHour = 5;             // codes sent to one account's webhook (or address) in an hour
constexpr int kCodeTries = 5;                // wrong codes before a code is void
constexpr std::int64_t kCodeSeconds = 3600;  // a code's life

constexpr const char* kShape =
    "{\"webhook\": URL or null, \"email\": ADDRESS or null, \"browser\": BOOL, \"turns\": BOOL, \"digest\": BOOL, \"language\": CODE}";
constexpr const char* kConfirmShape = "{\"channel\": \"webhook\" or \"email\", \"code\": \"123456\"}";

ApiError bad(const std::string& field, const char* what) {
  return ApiError(400, ErrorCode{"bad_notifications", {{"field", field}}},
                  fmt::format("\"{}\" must be {}: the body is {}", field, what, kShape));
}

// What a PUT changes; a field not given stays as it was.
struct Change {
  std::optional<std::string> webhook, email;  // "": removed
  std::optional<bool> browser, turns, digest;
  std::optional<std::string> language;
};

Change parse_change(const nlohmann::json& body, const Notifier& n) {
  Change c;
  const auto target = [&](const char* field, auto check) -> std::optional<std::string> {
    if (!body.contains(field)) return std::nullopt;
    const auto& v = body[field];
    if (v.is_null() || (v.is_string() && v.get<std::string>().empty())) return std::string();
    if (!v.is_string()) throw bad(field, "a string or null");
    return check(v.get<std::string>());
  };
  const auto flag = [&](const char* field) -> std::optional<bool> {
    if (!body.contains(field)) return std::nullopt;
    if (!body[field].is_boolean()) throw bad(field, "true or false");
    return body[field].get<bool>();
  };
  c.webhook = target("webhook", [&](const std::string& url) { return checked_webhook(url, n.options().allow_local); });
  c.email = target("email", [](const std::string& address) { return checked_email(address); });
  if (c.email && !c.email->empty() && !n.email_available())
    throw ApiError(400, ErrorCode{"no_email"}, "this server sends no e-mail (it was started without --smtp)");
  c.browser = flag("browser");
  c.turns = flag("turns");
  c.digest = flag("digest");
  if (body.contains("language")) {
    if (!body["language"].is_string() || !n.speaks(body["language"].get<std::string>()))
      throw ApiError(400, ErrorCode{"bad_language"}, "\"language\" must be a language of the server's catalogues (en, it, ru, ...)");
    c.language = body["language"].get<std::string>();
  }
  return c;
}

// A new webhook or address (or the same one again while it waits for its code): a new code is made,
// its hash kept; at most kCodesPerHour an hour, else nothing changes (429).
std::optional<std::string> retarget(NotifySettings::Target& t, const std::string& to, std::int64_t now) {
  if (to.empty()) {
    t = {};
    return std::nullopt;
  }
  if (t.to == to && t.confirmed) return std::nullopt;
  if (now - t.window >= 3600) t.window = now, t.sends = 0;
  if (t.sends >= kCodesPerHour)
    throw ApiError(429, ErrorCode{"too_many_codes"}, "too many confirmation codes were sent this hour; try again later");
  const std::string code = new_code();
  t.to = to;
  t.confirmed = false;
  t.code_hash = code_hash(code, to);
  t.code_expires = now + kCodeSeconds;
  t.tries = 0;
  ++t.sends;
  return code;
}

JobAnswer put(SideStore& s, Notifier& n, const std::string& token, const Change& c) {
  const Account a = Accounts::signed_in(s, token);
  NotifySettings st = NotifySettings::parse(s.notify_settings(a.id));
  const std::int64_t now = unix_now();
  std::vector<std::pair<std::string, std::string>> codes;  // (channel, code)
  if (c.webhook)
    if (auto code = retarget(st.webhook, *c.webhook, now)) codes.emplace_back("webhook", *code);
  if (c.email)
    if (auto code = retarget(st.email, *c.email, now)) codes.emplace_back("email", *code);
  if (c.browser) st.browser = *c.browser;
  if (c.turns) st.turns = *c.turns;
  if (c.digest) st.digest = *c.digest;
  if (c.language) st.language = *c.language;
  s.set_notify_settings(a.id, st.stored());
  for (const auto& [channel, code] : codes) {
    const NotifySettings::Target& t = channel == "email" ? st.email : st.webhook;
    const std::string payload = n.confirmation(channel, code, st.language).to_json().dump();
    s.add_outbox(fmt::format("confirm:{}:{}:{}", a.id, channel, t.code_hash), {0, a.id, channel, t.to, payload, 0}, now, now);
  }
  if (!codes.empty()) n.wake();
  return JobAnswer{200, st.public_json(n.email_available()), "", std::nullopt};
}

JobAnswer confirm(SideStore& s, const Notifier& n, const std::string& token, const std::string& channel, const std::string& code) {
  const Account a = Accounts::signed_in(s, token);
  NotifySettings st = NotifySettings::parse(s.notify_settings(a.id));
  NotifySettings::Target& t = channel == "email" ? st.email : st.webhook;
  if (t.to.empty() || t.confirmed || t.code_hash.empty())
    throw ApiError(409, ErrorCode{"nothing_to_confirm"}, fmt::format("no {} waits for a code", channel));
  if (unix_now() > t.code_expires || t.tries >= kCodeTries)
    throw ApiError(400, ErrorCode{"code_expired"}, "the code is no longer valid: give the webhook or the address again for a new one");
  const std::string given = code_hash(code, t.to);
  if (given.size() != t.code_hash.size() || sodium_memcmp(given.data(), t.code_hash.data(), given.size()) != 0) {
    ++t.tries;
    s.set_notify_settings(a.id, st.stored());
    throw ApiError(400, ErrorCode{"bad_code", {{"left", std::to_string(kCodeTries - t.tries)}}},
                   fmt::format("the code is wrong ({} tries left)", kCodeTries - t.tries));
  }
  t.confirmed = true;
  t.code_hash.clear();
  s.set_notify_settings(a.id, st.stored());
  return JobAnswer{200, st.public_json(n.email_available()), "", std::nullopt};
}

}  // namespace

Accounts::Work Accounts::notifications(const Request& req, const std::vector<std::string>& p, const std::string& token) {
  if (!notifier_ || p.size() > 4 || (p.size() == 4 && p[3] != "confirm")) throw ApiError(404, "no such API endpoint");
  Notifier& n = *notifier_;
  const auto method = req.method();
  if (p.size() == 3 && (method == http::verb::get || method == http::verb::head))
    return [token, &n](SideStore& s) {
      const Account a = signed_in(s, token);
      return JobAnswer{200, NotifySettings::parse(s.notify_settings(a.id)).public_json(n.email_available()), "", std::nullopt};
    };
  if (p.size() == 3 && method == http::verb::put) {
    check_csrf(req);
    const Change c = parse_change(object_body(req, {"webhook", "email", "browser", "turns", "digest", "language"}, kShape), n);
    return [token, &n, c](SideStore& s) { return put(s, n, token, c); };
  }
  if (p.size() == 4 && method == http::verb::post) {
    check_csrf(req);
    const nlohmann::json body = object_body(req, {"channel", "code"}, kConfirmShape);
    const auto channel = body.value("channel", nlohmann::json()), code = body.value("code", nlohmann::json());
    if (!channel.is_string() || (channel != "webhook" && channel != "email"))
      throw ApiError(400, ErrorCode{"bad_notifications", {{"field", "channel"}}}, fmt::format("the body must be {}", kConfirmShape));
    const bool six = code.is_string() && code.get<std::string>().size() == 6 &&
                     code.get<std::string>().find_first_not_of("0123456789") == std::string::npos;
    if (!six) throw ApiError(400, ErrorCode{"bad_code", {{"left", "?"}}}, "the code is the 6 digits sent to the webhook or the address");
    return [token, &n, channel = channel.get<std::string>(), code = code.get<std::string>()](SideStore& s) {
      return confirm(s, n, token, channel, code);
    };
  }
  throw ApiError(405, "method not allowed here");
}

}  // namespace server
