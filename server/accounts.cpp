#include "server/accounts.h"

#include <sodium.h>

#include <fmt/format.h>
#include <boost/asio/post.hpp>
#include <boost/beast/core/string.hpp>
#include <chrono>
#include <iostream>

#include "server/notify.h"
#include "server/tokens.h"
#include "server/unix_time.h"

namespace server {

namespace http = boost::beast::http;

namespace {

constexpr std::size_t kMaxPending = 64;               // jobs waiting for the worker; 503 beyond
constexpr std::size_t kHashWaiting = 32;              // sign-ins and registrations waiting for their hash; 503 beyond
constexpr std::size_t kHashPerAddress = 4;            // of which from one address; 429 beyond
constexpr std::int64_t kSessionSeconds = 30 * 86400;  // a session lasts 30 days
constexpr const char* kCookie = "churchill_session";
constexpr const char* kCsrfHeader = "X-Churchill-CSRF";
// What an unknown name's password is checked against, so that it costs what a wrong password costs:
// the Argon2id hash, with the limits password_hash() uses, of 256 random bits nobody kept.
constexpr const char* kUnknownName = "$argon2id$v=19$m=65536,t=2,p=1$Rmj9W/PEm62Glbb0h52Z+A$9Kex2agiIMNDLi4yaY7tRLFzN45hY2ld+2Dn5OZSgW0";

std::string cookie(const std::string& token, bool secure) {
  return fmt::format("{}={}; Path=/; Max-Age={}; HttpOnly; SameSite=Lax{}", kCookie, token, token.empty() ? 0 : kSessionSeconds,
                     secure ? "; Secure" : "");
}

std::string text_field(const nlohmann::json& body, const char* field, const char* shape) {
  const auto it = body.find(field);
  if (it == body.end() || !it->is_string()) throw ApiError(400, fmt::format("\"{}\" must be a string: the body must be {}", field, shape));
  return it->get<std::string>();
}

constexpr const char* kCredentials = "{\"name\": \"...\", \"password\": \"...\"}";

// A name: 3 to 24 letters, digits, '-' or '_' (ASCII: no two names that look alike); its key is the
// name in lower case, so "Anna" and "anna" are one account.
std::string name_key(const std::string& name) {
  const bool ok = name.size() >= 3 && name.size() <= 24 &&
                  std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) || c == '-' || c == '_'; });
  if (!ok) throw ApiError(400, ErrorCode{"bad_name"}, "a name is 3 to 24 letters, digits, '-' or '_'");
  std::string key = name;
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

// A password: 8 to 128 bytes (the upper bound bounds the hashing's work).
const std::string& password(const std::string& text) {
  if (text.size() < 8 || text.size() > 128) throw ApiError(400, ErrorCode{"bad_password"}, "a password is 8 to 128 characters");
  return text;
}

// Argon2id, libsodium's interactive limits (2 passes over 64 MiB).
std::string password_hash(const std::string& password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    throw ApiError(503, ErrorCode{"accounts_busy"}, "the server is out of memory for hashing a password; try again");
  return out;
}

// A game of the account for "My games": its list entry, the seat, whether the game waits for that
// seat, and the seat's token (so that any device of the account can play it).
nlohmann::json my_game(const HeldSeat& h) {
  nlohmann::json g = nlohmann::json::parse(h.summary, nullptr, false);
  if (!g.is_object()) g = {{"id", h.game}};
  const auto active = g.value("active", nlohmann::json::array());
  const bool waiting = !g.value("terminal", false) && active.is_array() && std::find(active.begin(), active.end(), h.seat) != active.end();
  g["seat"] = h.seat;
  g["your_turn"] = waiting;
  g["token"] = h.token;
  return g;
}

// Vacation days (docs/server.md, "Paces and clocks"): each account has kVacationDays a calendar year
// (UTC) during which its seats' clocks stand still.
constexpr std::int64_t kVacationDays = 14;

std::int64_t year_of(std::int64_t unix_seconds) {
  using namespace std::chrono;
  return static_cast<int>(year_month_day(floor<days>(sys_seconds(seconds(unix_seconds)))).year());
}

nlohmann::json vacation_json(const Vacation& v, std::int64_t now) {
  const bool away = v.until > now;
  return {{"allowance_days", kVacationDays},
          {"year", year_of(now)},
          {"used_days", v.used_days},
          {"left_days", kVacationDays - v.used_days},
          {"until", away ? nlohmann::json(v.until) : nlohmann::json(nullptr)}};
}

// What a job of the accounts' threads answers: its work's answer, or its error as the request's (a
// store that cannot be used 503, anything else 500, logged).
JobAnswer answer_of(const std::function<JobAnswer()>& work) {
  JobAnswer o;
  try {
    o = work();
  } catch (const ApiError& e) {
    o.error = e;
  } catch (const StoreError& e) {
    std::cerr << "serve: accounts: " << printable(e.what(), 200) << std::endl;
    o.error = ApiError(503, ErrorCode{"storage"}, "the database cannot be used now; try again");
  } catch (const std::exception& e) {
    std::cerr << "serve: accounts: " << printable(e.what(), 200) << std::endl;
    o.error = ApiError(500, "internal error");
  }
  return o;
}

}  // namespace

Response respond(const Request& req, const JobAnswer& o) {
  Response res =
      o.error ? error(req, *o.error)
              : json_text(req, static_cast<http::status>(o.status), o.body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  if (!o.cookie.empty()) res.set(http::field::set_cookie, o.cookie);
  if (req.method() == http::verb::head) {
    const auto length = res.body().size();
    res.body().clear();
    res.content_length(length);
  }
  return res;
}

nlohmann::json object_body(const Request& req, std::initializer_list<const char*> allowed, const char* shape) {
  const auto type = req.find(http::field::content_type);
  if (type == req.end() || !boost::beast::iequals(type->value().substr(0, type->value().find(';')), "application/json"))
    throw ApiError(415, "a POST must be sent with Content-Type: application/json");
  auto body = nlohmann::json::parse(req.body(), nullptr, false);
  only_fields(body, allowed, shape);
  return body;
}

Accounts::Accounts(boost::asio::io_context& io, SideStore& store, Lobby& lobby, const Options& options, Notifier* notifier)
    : io_(io),
      store_(store),
      lobby_(lobby),
      options_(options),
      notifier_(notifier),
      by_address_(20, 20),
      by_name_(6, 10),
      hasher_(
          io, {{Lane::Hash, 1}}, [] {}, 0) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
}

Accounts::~Accounts() {
  hasher_.stop();
  worker_.join();
}

// A place among the sign-ins and registrations whose hash is waiting or being made, held until it is
// made: at most kHashWaiting in all and kHashPerAddress from one address, so that a flood of them
// from a few addresses leaves others their place.
std::shared_ptr<void> Accounts::hash_place(const std::string& client) {
  if (hashing_ >= kHashWaiting) throw ApiError(503, ErrorCode{"accounts_busy"}, "too many sign-ins are waiting; try again in a moment");
  std::size_t& mine = hashing_by_[client];
  if (mine >= kHashPerAddress)
    throw ApiError(429, ErrorCode{"too_many_sign_ins"}, "too many sign-ins from this address at once; wait for their answers");
  ++mine;
  ++hashing_;
  return std::shared_ptr<void>(nullptr, [this, client](void*) {
    --hashing_;
    if (--hashing_by_[client] == 0) hashing_by_.erase(client);
  });
}

void Accounts::hash(const std::string& client, std::function<JobAnswer()> work, std::function<void(JobAnswer)> done) {
  auto finish = std::make_shared<std::function<void(JobAnswer)>>(std::move(done));  // released on the loop, as submit's
  hasher_.submit(Job{Lane::Hash, client, "", [work = std::move(work), finish]() -> std::function<void()> {
                       return [finish, o = answer_of(work)]() mutable { (*finish)(std::move(o)); };
                     }});
}

// Runs `work` on the store's worker with `done`, or answers `done` 503 when too many jobs wait there.
void Accounts::then_store(Work work, const std::function<void(JobAnswer)>& done) {
  if (!submit(std::move(work), done))
    done(JobAnswer{503, {}, "", ApiError(503, ErrorCode{"accounts_busy"}, "too many requests are waiting; try again in a moment")});
}

// A registration: the password's hash on the hashing thread, then the account and its session in the
// store (the name is looked at after the hash: a name taken costs a hash too).
void Accounts::sign_up(const std::string& client, const nlohmann::json& body, bool secure, const std::function<void(JobAnswer)>& done) {
  const std::string password = body["password"];
  hash(
      client,
      [password] {
        return JobAnswer{200, {{"hash", password_hash(password)}}, "", std::nullopt};
      },
      [this, place = hash_place(client), body, secure, done](JobAnswer h) {
        if (h.error) return done(std::move(h));
        then_store([this, body, secure, hash = h.body["hash"].get<std::string>()](SideStore& s) { return sign_up(s, body, hash, secure); },
                   done);
      });
}

// A sign-in: the account's hash read from the store, checked on the hashing thread (an unknown name
// against a hash made for the purpose: the same work, the same answer), then the session stored.
void Accounts::sign_in(const std::string& client, const std::string& key, const std::string& password, bool secure,
                       const std::function<void(JobAnswer)>& done) {
  auto place = hash_place(client);
  then_store(
      [key](SideStore& s) {
        const std::optional<Account> a = s.account(key);
        if (!a) return JobAnswer{200, {{"hash", kUnknownName}}, "", std::nullopt};
        return JobAnswer{200, {{"id", a->id}, {"name", a->name}, {"hash", a->password_hash}}, "", std::nullopt};
      },
      [this, client, place, password, secure, done](JobAnswer found) {
        if (found.error) return done(std::move(found));
        hash(
            client,
            [found, password] {
              const std::string stored = found.body["hash"];
              const bool right = crypto_pwhash_str_verify(stored.c_str(), password.data(), password.size()) == 0;
              if (!found.body.contains("id") || !right) throw ApiError(401, ErrorCode{"bad_sign_in"}, "the name or the password is wrong");
              return found;
            },
            [this, place, secure, done](JobAnswer right) {
              if (right.error) return done(std::move(right));
              const Account a{right.body["id"], right.body["name"], ""};
              then_store([this, a, secure](SideStore& s) { return start_session(s, a, 201, secure); }, done);
            });
      });
}

bool Accounts::route(std::string_view target) {
  const auto p = parts(target);
  return p.size() >= 2 && p[0] == "api" && (p[1] == "accounts" || p[1] == "sessions" || p[1] == "me");
}

bool Accounts::submit(Work work, std::function<void(JobAnswer)> done, std::size_t limit) {
  if (pending_ >= std::min<std::size_t>(limit, 64)) return false;
  ++pending_;
  // `done` holds the request's connection, which must be released on the loop: the worker only moves it.
  auto finish = std::make_shared<std::function<void(JobAnswer)>>(std::move(done));
  boost::asio::post(worker_, [this, work = std::move(work), finish]() mutable {
    JobAnswer o = answer_of([&] { return work(store_); });
    boost::asio::post(io_, [this, finish = std::move(finish), o = std::move(o)]() mutable {
      --pending_;
      (*finish)(std::move(o));
    });
  });
  return true;
}

std::string Accounts::session_token(const Request& req) {
  const auto it = req.find(http::field::cookie);
  if (it == req.end()) return "";
  const std::string_view all(it->value().data(), it->value().size());
  const std::string prefix = std::string(kCookie) + "=";
  for (std::size_t at = 0; at < all.size();) {
    while (at < all.size() && (all[at] == ' ' || all[at] == ';')) ++at;
    const std::size_t end = std::min(all.find(';', at), all.size());
    const std::string_view pair = all.substr(at, end - at);
    if (pair.substr(0, prefix.size()) == prefix) {
      const std::string_view value = pair.substr(prefix.size());
      const bool ok = value.size() == 64 &&
                      std::all_of(value.begin(), value.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
      return ok ? std::string(value) : "";
    }
    at = end;
  }
  return "";
}

Account Accounts::signed_in(SideStore& store, const std::string& token) {
  std::optional<Account> a;
  if (!token.empty()) a = store.session(hash_token(token), unix_now());
  if (!a) throw ApiError(401, ErrorCode{"not_signed_in"}, "not signed in (no session, or it ended): sign in again");
  return *a;
}

void Accounts::check_csrf(const Request& req) const {
  if (!same_origin(req, options_)) throw ApiError(403, "a cross-site request is refused (its Origin is not this server's)");
  if (req.find(kCsrfHeader) == req.end())
    throw ApiError(403, ErrorCode{"csrf_header"},
                   "this request must carry the header X-Churchill-CSRF: 1 (a page of another site cannot send it)");
}

bool Accounts::secure(const Request& req) const {
  const auto proto = req.find("X-Forwarded-Proto");
  if (options_.trust_proxy && proto != req.end() && boost::beast::iequals(proto->value(), "https")) return true;
  return std::any_of(options_.origins.begin(), options_.origins.end(), [](const std::string& o) { return o.rfind("https://", 0) == 0; });
}

void Accounts::answer(const Request& req, const std::string& client, const Reply& reply) {
  auto shared = std::make_shared<const Request>(req);
  std::function<void(JobAnswer)> done = [shared, reply](const JobAnswer& o) { reply(respond(*shared, o)); };
  try {
    const auto p = parts(std::string(req.target()));
    const auto method = req.method();
    const bool read = method == http::verb::get || method == http::verb::head;
    const auto only = [&](http::verb verb) {
      if (verb == http::verb::get ? !read : method != verb) throw ApiError(405, "method not allowed here");
      if (!read) check_csrf(req);
    };
    Work work;
    const bool secure_cookie = secure(req);
    const std::string token = session_token(req);
    if (p.size() == 2 && p[1] == "accounts") {
      only(http::verb::post);
      const nlohmann::json body = object_body(req, {"name", "password"}, kCredentials);
      name_key(text_field(body, "name", kCredentials));
      password(text_field(body, "password", kCredentials));
      if (!by_address_.allow(client))
        throw ApiError(429, ErrorCode{"too_many_sign_ins"}, "too many sign-ins from this address; wait a minute");
      return sign_up(client, body, secure_cookie, done);
    } else if (p.size() == 2 && p[1] == "sessions" && method == http::verb::delete_) {
      check_csrf(req);
      work = [this, token](SideStore& s) {
        const Account a = signed_in(s, token);
        const std::size_t ended = s.end_sessions(a.id);
        touched(a.id);
        return JobAnswer{200, {{"ended", ended}}, cookie("", false), std::nullopt};
      };
    } else if (p.size() == 2 && p[1] == "sessions") {
      only(http::verb::post);
      const nlohmann::json body = object_body(req, {"name", "password"}, kCredentials);
      const std::string key = name_key(text_field(body, "name", kCredentials)), pass = password(text_field(body, "password", kCredentials));
      // Each address and each name (whether or not an account has it) may try so often.
      if (!by_address_.allow(client) || !by_name_.allow(key))
        throw ApiError(429, ErrorCode{"too_many_sign_ins"}, "too many sign-ins from this address or for this name; wait a minute");
      return sign_in(client, key, pass, secure_cookie, done);
    } else if (p.size() == 2 && p[1] == "me") {
      only(http::verb::get);
      // A browser that sends no session cookie is nobody's, and asking is no error: {"name": null}
      // (a page asks before it shows the sign-in form; a 401 was an error in every newcomer's console).
      // A cookie whose session ended is still refused (401): the page says to sign in again.
      if (token.empty()) return done(JobAnswer{200, {{"name", nullptr}}, "", std::nullopt});
      work = [token](SideStore& s) { return JobAnswer{200, {{"name", signed_in(s, token).name}}, "", std::nullopt}; };
    } else if (p.size() == 3 && p[1] == "me" && p[2] == "games") {
      only(http::verb::get);
      work = [token](SideStore& s) { return JobAnswer{200, my_games(s, signed_in(s, token)), "", std::nullopt}; };
    } else if (p.size() == 3 && p[1] == "me" && p[2] == "vacation") {
      if (method != http::verb::put)
        only(http::verb::get);
      else
        check_csrf(req);
      work = vacation(req, token);
      auto answered = std::move(done);
      done = [this, answered](JobAnswer o) {
        if (!o.error && o.body.contains("seats")) {
          const std::int64_t until = o.body["until"].is_null() ? 0 : o.body["until"].get<std::int64_t>();
          for (const auto& held : o.body["seats"]) away(held["game"], held["seat"], until);
        }
        answered(std::move(o));
      };
    } else if (p.size() >= 3 && p[1] == "me" && p[2] == "notifications") {
      work = notifications(req, p, token);
    } else if (p.size() == 3 && p[1] == "me" && p[2] == "seats") {
      only(http::verb::post);
      return tie(req, client, object_body(req, {"game", "token"}, "{\"game\": ID, \"token\": \"<the seat's token>\"}"), reply);
    } else {
      throw ApiError(404, "no such API endpoint");
    }
    if (!submit(std::move(work), std::move(done)))
      throw ApiError(503, ErrorCode{"accounts_busy"}, "too many sign-ins are waiting; try again in a moment");
  } catch (const ApiError& e) {
    reply(error(req, e));
  }
}

nlohmann::json Accounts::my_games(SideStore& s, const Account& a) {
  nlohmann::json games = nlohmann::json::array();
  for (const HeldSeat& h : s.held_seats(a.id)) games.push_back(my_game(h));
  // The games waiting for the account first, then the most recently changed.
  std::stable_sort(games.begin(), games.end(), [](const nlohmann::json& x, const nlohmann::json& y) {
    const bool wx = x["your_turn"], wy = y["your_turn"];
    return wx != wy ? wx : x.value("updated", std::int64_t{0}) > y.value("updated", std::int64_t{0});
  });
  return {{"name", a.name}, {"games", games}};
}

JobAnswer Accounts::sign_up(SideStore& s, const nlohmann::json& body, const std::string& hash, bool secure) {
  const std::string name = body["name"], key = name_key(name);
  const auto id = s.add_account(key, name, hash, unix_now());
  if (!id) throw ApiError(409, ErrorCode{"name_taken", {{"name", name}}}, fmt::format("the name {} is taken", name));
  return start_session(s, Account{*id, name, ""}, 201, secure);
}

JobAnswer Accounts::start_session(SideStore& s, const Account& a, int status, bool secure) const {
  const std::string token = new_token();
  const std::int64_t now = unix_now();
  s.add_session(hash_token(token), a.id, now + kSessionSeconds, now);
  return JobAnswer{status, {{"name", a.name}}, cookie(token, secure), std::nullopt};
}

// POST /api/me/seats {"game", "token"}: a seat claimed without an account, tied to it now.
void Accounts::tie(const Request& req, const std::string& client, const nlohmann::json& body, const Reply& reply) {
  const char* shape = "{\"game\": ID, \"token\": \"<the seat's token>\"}";
  const std::string game = text_field(body, "game", shape), seat_token = text_field(body, "token", shape);
  std::string seat;
  try {
    const auto view = nlohmann::json::parse(lobby_.view(game, seat_token));  // 404 for no game, 401 for a token of no seat
    if (!view["seat"].is_string()) throw ApiError(400, "\"token\" must be a seat's token");
    seat = view["seat"];
  } catch (const NotReady& wait) {
    auto shared = std::make_shared<const Request>(req);
    return lobby_.when_ready(wait.id, [this, shared, client, reply] { answer(*shared, client, reply); });
  }
  auto shared = std::make_shared<const Request>(req);
  const std::string token = session_token(req);
  auto done = [shared, reply](const JobAnswer& o) { reply(respond(*shared, o)); };
  if (!submit(
          [this, token, game, seat, seat_token](SideStore& s) {
            const Account a = signed_in(s, token);
            bool added = false;
            if (!s.hold_seat(a.id, game, seat, seat_token, &added))
              throw ApiError(409, ErrorCode{"seat_held", {{"seat", seat}}}, fmt::format("{} is held by another account", seat));
            if (added) {
              told_held(game, seat);
              touched(a.id);
            }
            return JobAnswer{201, {{"game", game}, {"seat", seat}}, "", std::nullopt};
          },
          std::move(done)))
    throw ApiError(503, ErrorCode{"accounts_busy"}, "too many requests are waiting; try again in a moment");
}

// GET: the account's vacation days. PUT {"days": N}: away for N days from now (0: back now); the
// whole days of a vacation under way that are not used yet are given back first.
Accounts::Work Accounts::vacation(const Request& req, const std::string& token) {
  if (req.method() != http::verb::put)
    return [token](SideStore& s) {
      return JobAnswer{200, vacation_json(s.vacation(signed_in(s, token).id), unix_now()), "", std::nullopt};
    };
  constexpr const char* kShape = "{\"days\": N} (0 to come back)";
  const nlohmann::json body = object_body(req, {"days"}, kShape);
  if (!body.contains("days") || !body["days"].is_number_unsigned() || body["days"].get<std::uint64_t>() > kVacationDays)
    throw ApiError(400, fmt::format("the body must be {}: N from 0 to {}", kShape, kVacationDays));
  const auto days = static_cast<std::int64_t>(body["days"].get<std::uint64_t>());
  return [this, token, days](SideStore& s) {
    const Account a = signed_in(s, token);
    if (!vacation_changes_.allow("account:" + std::to_string(a.id)))
      throw ApiError(429, ErrorCode{"too_many_changes"}, "too many vacation changes; wait before the next");
    const std::int64_t now = unix_now();
    Vacation v = s.vacation(a.id);
    if (v.year != year_of(now)) v = {v.until, 0, year_of(now)};
    if (v.until > now) v.used_days = std::max<std::int64_t>(0, v.used_days - (v.until - now) / 86400);
    if (days > kVacationDays - v.used_days)
      throw ApiError(409, ErrorCode{"vacation_used", {{"left", std::to_string(kVacationDays - v.used_days)}}},
                     fmt::format("{} vacation days are left this year", kVacationDays - v.used_days));
    v.until = days ? now + days * 86400 : 0;
    v.used_days += days;
    s.set_vacation(a.id, v);
    nlohmann::json answer = vacation_json(v, now), seats = nlohmann::json::array();
    for (const HeldSeat& h : s.held_seats(a.id)) seats.push_back({{"game", h.game}, {"seat", h.seat}});
    answer["seats"] = seats;
    return JobAnswer{200, answer, "", std::nullopt};
  };
}

// The seat's clock stands still until `until` (0: runs again), once its game is ready.
void Accounts::away(const std::string& game, const std::string& seat, std::int64_t until) {
  try {
    lobby_.set_away(game, seat, until);
  } catch (const NotReady& wait) {
    lobby_.when_ready(wait.id, [this, game, seat, until] { away(game, seat, until); });
  } catch (const ApiError&) {  // a game gone or damaged: no clock to stop
  }
}

void Accounts::told_held(const std::string& game, const std::string& seat) const {
  if (notifier_) notifier_->held(game, seat);
}

// The other servers sharing the store are told too (its sockets there); should that fail, they find
// it when they make each account's list again anyway (MyGames::kRecheck).
void Accounts::touched(std::int64_t account) {
  try {
    store_.announce_account(account);
  } catch (const StoreError& e) {
    std::cerr << "serve: accounts: the other servers were not told of a change of an account: " << printable(e.what(), 200) << std::endl;
  }
  if (on_touched_) boost::asio::post(io_, [this, account] { on_touched_(account); });
}

void Accounts::rematched(const std::string& old, const std::string& made, Response res, const Reply& reply) {
  auto original = std::make_shared<Response>(std::move(res));
  const bool queued = submit(
      [this, old, made](SideStore& s) {
        for (const std::string& seat : s.hold_rematch(old, made)) {
          told_held(made, seat);
          if (const auto holder = s.seat_holder(made, seat)) touched(holder->first);
        }
        return JobAnswer{};
      },
      [original, reply](const JobAnswer& o) {
        if (o.error)
          std::cerr << "churchill serve: the seats held in a game were not held in its rematch: " << o.error->what() << std::endl;
        reply(std::move(*original));
      });
  if (!queued) {
    std::cerr << "churchill serve: the seats held in game " << old << " were not held in its rematch " << made << ": too many jobs waiting"
              << std::endl;
    reply(std::move(*original));
  }
}

void Accounts::claimed(const Request& req, const std::string& game, const std::string& seat, Response res, const Reply& reply) {
  const std::string token = session_token(req);
  bool named = !token.empty();
  try {
    if (named) check_csrf(req);
  } catch (const ApiError&) {
    named = false;  // a claim another site made is not tied to the account
  }
  nlohmann::json body = nlohmann::json::parse(res.body(), nullptr, false);
  if (!named || !body.is_object() || !body["token"].is_string()) return reply(std::move(res));
  auto shared = std::make_shared<const Request>(req);
  auto original = std::make_shared<Response>(std::move(res));
  const std::string seat_token = body["token"];
  const bool queued = submit(
      [this, token, game, seat, seat_token, body](SideStore& s) mutable {
        std::optional<Account> a = s.session(hash_token(token), unix_now());
        bool added = false;
        body["account"] = a && s.hold_seat(a->id, game, seat, seat_token, &added) ? nlohmann::json(a->name) : nlohmann::json(nullptr);
        if (added) {
          told_held(game, seat);
          touched(a->id);
        }
        return JobAnswer{201, body, "", std::nullopt};
      },
      [shared, original, reply](JobAnswer o) {
        if (o.error) o = JobAnswer{201, nlohmann::json::parse(original->body()), "", std::nullopt};  // the seat is claimed all the same
        if (!o.body.contains("account")) o.body["account"] = nullptr;
        reply(respond(*shared, o));
      });
  if (!queued) {
    body["account"] = nullptr;
    reply(respond(req, JobAnswer{201, body, "", std::nullopt}));
  }
}

}  // namespace server
