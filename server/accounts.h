// Accounts and "My games" (docs/server.md, "Accounts"): register with a name and a password (hashed
// with Argon2id, libsodium's crypto_pwhash_str), sign in for an HttpOnly, SameSite=Lax session cookie
// whose token the store keeps only as its SHA-256, sign out everywhere, tie seats to the account and
// list its games. Hashing and the side store's statements run on a worker of their own, never on the
// event loop; each request is answered from there through the loop. Chat (server/chat.h) uses the
// same worker for its statements.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "server/router.h"
#include "server/side_store.h"
#include "server/workers.h"

namespace server {

// What a worker's job gives back: an answer's status and body (and a Set-Cookie), or an error.
struct JobAnswer {
  int status = 200;
  nlohmann::json body = nlohmann::json::object();
  std::string cookie;             // a Set-Cookie value, or ""
  std::optional<ApiError> error;  // the answer is this error (with `cookie`, if any)
};

// The answer an outcome makes (its Set-Cookie too; no body for a HEAD).
Response respond(const Request& req, const JobAnswer& o);
// A POST's body (Content-Type: application/json, else 415): a JSON object with only the fields
// `allowed` (400 naming `shape` otherwise).
nlohmann::json object_body(const Request& req, std::initializer_list<const char*> allowed, const char* shape);

class Notifier;

class Accounts {
 public:
  // `notifier`: where confirmation codes are sent from (server/notify.h); none: no notifications.
  Accounts(boost::asio::io_context& io, SideStore& store, Lobby& lobby, const Options& options, Notifier* notifier = nullptr);
  ~Accounts();
  Accounts(const Accounts&) = delete;
  Accounts& operator=(const Accounts&) = delete;

  using Reply = std::function<void(Response)>;
  // The routes answered here: /api/accounts, /api/sessions, /api/me and below.
  static bool route(std::string_view target);
  void answer(const Request& req, const std::string& client, const Reply& reply);
  // A seat claimed (its answer `res`, committed) by a request that names a session (the cookie and the
  // X-Churchill-CSRF header): tied to the session's account, and the answer says so ("account": the
  // name, or null when the session is not valid); `reply` gets it.
  void claimed(const Request& req, const std::string& game, const std::string& seat, Response res, const Reply& reply);
  // A rematch `made` of game `old` offered (its answer `res`, committed): the seats accounts held in
  // `old` are theirs in `made` too, so it is in their "My games" at once; `reply` gets `res` after.
  void rematched(const std::string& old, const std::string& made, Response res, const Reply& reply);

  // Runs `work` with the store on the worker, then `done` with its outcome on the event loop (an
  // ApiError it throws is the outcome's error; a StoreError is a 503). False, and nothing runs, when
  // `limit` jobs (at most 64) wait already: table talk asks with a lower limit, so that it never takes
  // the places of sign-ins.
  using Work = std::function<JobAnswer(SideStore&)>;
  bool submit(Work work, std::function<void(JobAnswer)> done, std::size_t limit = 64);
  // The session cookie's token of a request ("" without one).
  static std::string session_token(const Request& req);
  // The account of a session's token, on the worker: 401 not_signed_in when it opens none.
  static Account signed_in(SideStore& store, const std::string& token);
  // Refuses a request another site could have made: a foreign Origin, or no X-Churchill-CSRF header.
  void check_csrf(const Request& req) const;
  const Options& options() const { return options_; }
  // The account's "My games" (GET /api/me/games): {"name", "games": [...]}, those waiting for it
  // first. On the worker.
  static nlohmann::json my_games(SideStore& s, const Account& a);
  // Called on the event loop when an account holds a seat more or its sessions ended (its "My games"
  // pushes, server/my_games.h).
  void on_touched(std::function<void(std::int64_t account)> hook) { on_touched_ = std::move(hook); }

 private:
  // Sign-ins and registrations: their Argon2id work on a thread of its own (hasher_), so that neither
  // the event loop nor the store's worker (My games, table talk, settings) waits behind it, taken by
  // address in turn, so that a sign-in waits for at most one hash of each address flooding them, at
  // the priority of the requests (a request waits on each hash).
  std::shared_ptr<void> hash_place(const std::string& client);
  void hash(const std::string& client, std::function<JobAnswer()> work, std::function<void(JobAnswer)> done);
  void then_store(Work work, const std::function<void(JobAnswer)>& done);
  void sign_up(const std::string& client, const nlohmann::json& body, bool secure, const std::function<void(JobAnswer)>& done);
  JobAnswer sign_up(SideStore& s, const nlohmann::json& body, const std::string& hash, bool secure);
  void sign_in(const std::string& client, const std::string& key, const std::string& password, bool secure,
               const std::function<void(JobAnswer)>& done);
  JobAnswer start_session(SideStore& s, const Account& a, int status, bool secure) const;
  void tie(const Request& req, const std::string& client, const nlohmann::json& body, const Reply& reply);
  // GET and PUT /api/me/vacation; the seats of the account paused or resumed on the loop (away()).
  Work vacation(const Request& req, const std::string& token);
  void away(const std::string& game, const std::string& seat, std::int64_t until);
  bool secure(const Request& req) const;
  // A seat newly held by an account: the notifier tells it if it is the seat's turn (on the worker).
  void told_held(const std::string& game, const std::string& seat) const;
  void touched(std::int64_t account);  // on the worker: on_touched_, posted to the loop
  // GET and PUT /api/me/notifications, POST /api/me/notifications/confirm (server/notify_api.cpp).
  Work notifications(const Request& req, const std::vector<std::string>& p, const std::string& token);

  boost::asio::io_context& io_;
  SideStore& store_;
  Lobby& lobby_;
  const Options& options_;
  Notifier* notifier_;
  RateLimiter by_address_, by_name_;
  // Vacation changes per account, on the worker only: each writes a line in the log of every game the
  // account holds a seat of, so 5 at once, then 6 an hour (429 too_many_changes).
  RateLimiter vacation_changes_{0.1, 5};
  std::function<void(std::int64_t)> on_touched_;
  std::size_t pending_ = 0;                        // jobs submitted and not done (the loop's count)
  std::size_t hashing_ = 0;                        // sign-ins and registrations holding a hash_place (the loop's count)
  std::map<std::string, std::size_t> hashing_by_;  // of which from each address
  boost::asio::thread_pool worker_{1};
  Workers hasher_;
};

}  // namespace server
