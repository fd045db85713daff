// "Your turn" notifications (docs/server.md, "Notifications"). Each account chooses where it is told:
// a webhook (a JSON POST that Discord and Slack accept), an e-mail address (through the SMTP server
// of --smtp), the browser's Notification API while a page is open (the web client's own), and
// whether it wants turns, the digest of a finished game, or both. A webhook or an address is used
// only once it is confirmed: a 6-digit code is sent to it, and the account sends the code back.
//
// Nothing is sent while a request waits. The lobby tells the notifier of every committed change
// (Lobby::on_committed); the notifier's thread finds the seats whose turn it became, or the end of a
// game, and adds one message per account, game, turn (the game's action count) and channel to the
// outbox table of the store (a duplicate key adds nothing: one message per turn, not per action,
// whichever server saw the change). The same thread drains the outbox: each message is claimed by a
// conditional UPDATE (several servers sharing a PostgreSQL database send it once), sent, and tried
// again with back-off when the far end fails; a row settled (sent, given up, stale) is deleted a
// week after it was added (--notify-keep), so the outbox holds about a week of messages.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/i18n.h"
#include "server/side_store.h"

namespace server {

struct NotifyOptions {
  std::string smtp;                 // smtp://[USER:PASSWORD@]HOST[:PORT] (STARTTLS when offered) or smtps://...; "": no e-mail
  std::string mail_from;            // the From: address of the e-mails
  std::string public_url;           // where the links point (http://HOST:PORT of the server when not given)
  double backoff_seconds = 30;      // before the first retry, doubled each time, at most an hour
  double poll_seconds = 5;          // between looks at the outbox (a message added here is sent at once)
  int max_attempts = 8;             // then the message is given up
  double keep_seconds = 7 * 86400;  // a message sent, given up or stale is deleted this long after it was added
  bool private_details = false;     // --notify-private: messages of invitation games name seats and winners too
  bool allow_local = false;         // --notify-allow-local: webhooks on loopback and private addresses, and over http:// (tests)
};

// An account's choices (kept as JSON text in the store, with the codes waiting for confirmation).
struct NotifySettings {
  struct Target {
    std::string to;  // the webhook's URL or the e-mail address; "": none
    bool confirmed = false;
    std::string code_hash;  // SHA-256 of the code sent, until confirmed
    std::int64_t code_expires = 0;
    int tries = 0;            // wrong codes given for this one
    std::int64_t window = 0;  // the hour in which `sends` codes were sent
    int sends = 0;
  };
  Target webhook, email;
  bool browser = false, turns = true, digest = true;
  std::string language = "en";

  static NotifySettings parse(const std::string& stored);  // "" or bad JSON: the defaults
  std::string stored() const;
  nlohmann::json public_json(bool email_available) const;  // what GET /api/me/notifications answers
};

// Throw ApiError 400 (bad_webhook, bad_email) for what cannot be used.
std::string checked_webhook(const std::string& url, bool allow_local);
std::string checked_email(const std::string& address);

// A message ready to send: a subject and a text in the account's language, and the link.
struct Notice {
  std::string kind;  // "turn", "end", "confirm"
  std::string game, seat, subject, text, link;
  nlohmann::json to_json() const;
  static Notice from_json(const std::string& text);
};

// A committed change of a game, as the lobby tells it.
struct Committed {
  std::string id, before, after;  // the game and its list entry before and after (JSON text)
  std::size_t actions = 0;        // its actions stored
  bool invitation = false;        // seats by invitation: no seat names or winners in messages (--notify-private)
  // The seats the game waited on after each of the change's actions, in order (empty for chance),
  // when it played several: a slice of bots and chance on a worker (Lobby::play_slice). Empty: only
  // `after` is known (one action, a claim, a clock).
  std::vector<std::vector<std::string>> waits;
};

class Notifier {
 public:
  // `store`: a side store of the notifier's own (its thread is the only one to use it).
  Notifier(NotifyOptions options, std::unique_ptr<SideStore> store, const core::i18n::Catalogues& words);
  ~Notifier();
  Notifier(const Notifier&) = delete;
  Notifier& operator=(const Notifier&) = delete;

  // Starts the thread; `public_url` fills in the option's default; `titles` (Lobby::titles) give the
  // titles' names.
  void start(const std::string& public_url, const nlohmann::json& titles);
  // From the event loop: costs a copy; at most 4096 changes wait (then one is dropped, and logged).
  void committed(Committed change);
  // An account holds the game's seat now (claimed, tied, or a rematch's): if it is the seat's turn
  // already, it is told as of any other turn (the same message key: never twice). From any thread.
  void held(std::string game, std::string seat);
  // Something was added to the outbox (a confirmation code): sent at once.
  void wake();

  bool email_available() const { return !options_.smtp.empty(); }
  bool speaks(const std::string& language) const { return words_.has(language); }
  const NotifyOptions& options() const { return options_; }
  // The code's message to a webhook or an address, in `language` (on the accounts' worker).
  Notice confirmation(const std::string& channel, const std::string& code, const std::string& language) const;

 private:
  void run();
  void enqueue(const Committed& c);
  void enqueue_held(const std::string& game, const std::string& seat);
  std::set<std::string> began_turns(const Committed& c, const nlohmann::json& before, const nlohmann::json& after);
  // Adds the message of `kind` ("turn", "end") for the account holding `seat`, if any, to its channels.
  void tell(const std::string& kind, const Committed& c, const nlohmann::json& after, const std::string& seat);
  void drain();
  void prune();  // the outbox's settled rows older than keep_seconds, at most once a minute (or keep_seconds)
  void send(const OutboxRow& row);
  bool stale(const Notice& n);
  std::string title_name(const std::string& id) const;
  Notice notice(const std::string& kind, const Committed& c, const nlohmann::json& after, const std::string& seat,
                const NotifySettings& s) const;

  NotifyOptions options_;
  std::unique_ptr<SideStore> store_;
  const core::i18n::Catalogues& words_;
  std::map<std::string, std::string> title_names_;
  std::string sender_;  // this server's name among the senders (random)
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Committed> changes_;
  std::deque<std::pair<std::string, std::string>> held_;  // (game, seat) newly held
  bool woken_ = false, stopping_ = false;
  std::chrono::steady_clock::time_point pruned_{};  // the notifier's thread's
  // Each game's seats last waited on (the notifier's thread's), for a list entry that does not carry
  // them while its game waits on chance alone (`waited_on`: one stored by an older server). At most
  // 4096 games (then forgotten).
  std::map<std::string, std::set<std::string>> waited_on_;
  std::thread thread_;
};

// The digits of a confirmation code (6, from the OS's random source) and the hash kept of it.
std::string new_code();
std::string code_hash(const std::string& code, const std::string& target);

}  // namespace server
