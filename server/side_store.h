// What the server keeps beside the games (docs/server.md, "Accounts" and "Table talk"): accounts with
// their Argon2id password hashes, sign-in sessions (the SHA-256 of their tokens), the seats accounts
// hold, and each game's messages and mutes. The tables are made by the game store's schema (their
// step in server/store.cpp and server/pg_store.cpp); this store has its own connection, used from one
// thread at a time (the accounts' worker, server/accounts.h). Every method is written once, in SQL
// both databases speak; a backend only runs a statement.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace server {

struct Account {
  std::int64_t id = 0;
  std::string name;
  std::string password_hash;  // empty when read through a session
};

// A seat an account holds: the game, the seat, its token, and the game's list entry (JSON).
struct HeldSeat {
  std::string game, seat, token, summary;
};

// A message waiting in the notifications' outbox (server/notify.h), claimed by one sender.
struct OutboxRow {
  std::int64_t id = 0;
  std::int64_t account = 0;
  std::string channel;  // "webhook" or "email"
  std::string target;   // the URL or the address
  std::string payload;  // JSON: what to say (server/notify.cpp)
  int attempts = 0;     // sends tried before this one
};

// A message of a game's table talk (server/chat.h).
struct ChatMessage {
  std::int64_t id = 0;
  std::int64_t at = 0;    // unix seconds
  std::int64_t step = 0;  // the game's actions when it was written (where the replay shows it)
  std::string seat;       // who wrote it
  std::string channel;    // "table", "alliance" or "private"
  std::string to;         // private: the seat it is for; alliance: the alliance
  std::string text;
};

// An account's vacation (docs/server.md, "Paces and clocks"): away until then (unix seconds; 0: home),
// and the days used in `year` (its allowance is counted per calendar year, UTC).
struct Vacation {
  std::int64_t until = 0;
  std::int64_t used_days = 0;
  std::int64_t year = 0;
};

class SideStore {
 public:
  virtual ~SideStore() = default;

  // The new account's id; nullopt when `key` (the name in lower case) is taken.
  std::optional<std::int64_t> add_account(const std::string& key, const std::string& name, const std::string& hash, std::int64_t now);
  std::optional<Account> account(const std::string& key);
  void add_session(const std::string& token_hash, std::int64_t account, std::int64_t expires, std::int64_t now);
  // The account a session's token opens, if it has not expired.
  std::optional<Account> session(const std::string& token_hash, std::int64_t now);
  // Ends every session of the account; how many there were.
  std::size_t end_sessions(std::int64_t account);
  // Ties the seat to the account; false when another account holds it. `added`, if given: whether
  // the account did not hold it before (a seat newly held may be the account's turn already).
  bool hold_seat(std::int64_t account, const std::string& game, const std::string& seat, const std::string& token, bool* added = nullptr);
  std::vector<HeldSeat> held_seats(std::int64_t account);
  // The seats held in game `old` held by the same accounts, with the same tokens, in its rematch
  // `made` (which opens them with those tokens); the seats newly held there.
  std::vector<std::string> hold_rematch(const std::string& old, const std::string& made);
  Vacation vacation(std::int64_t account);  // none yet: {0, 0, 0}
  void set_vacation(std::int64_t account, const Vacation& v);

  std::int64_t add_message(const std::string& game, const ChatMessage& m);
  std::vector<ChatMessage> messages(const std::string& game, std::int64_t from_id = 0);  // those from `from_id` on
  void set_mute(const std::string& game, const std::string& seat, const std::string& muted, bool on);
  std::vector<std::pair<std::string, std::string>> mutes(const std::string& game);  // (seat, the seat it muted)

  // Tells the other servers sharing the store that the account holds a seat more or its sessions
  // ended, for its "My games" sockets there (server/my_games.h). PostgreSQL: a NOTIFY on the games'
  // channel (PgStore::kAccountChange); SQLite is one server's, with nobody to tell.
  virtual void announce_account(std::int64_t /*account*/) {}
  // Tells them that a game's table talk has the message `id`, for the game's WebSockets there
  // (server/chat.h). PostgreSQL: PgStore::kChatChange on the same channel.
  virtual void announce_message(const std::string& /*game*/, std::int64_t /*id*/) {}

  // Notifications (server/notify.h): each account's settings (JSON text, "" for none), the account
  // holding a game's seat with its settings, and the outbox.
  std::string notify_settings(std::int64_t account);
  void set_notify_settings(std::int64_t account, const std::string& settings);
  std::optional<std::pair<std::int64_t, std::string>> seat_holder(const std::string& game, const std::string& seat);
  // Adds a message unless one with the same `dedupe` key was ever added: false then.
  bool add_outbox(const std::string& dedupe, const OutboxRow& row, std::int64_t due, std::int64_t now);
  // Whether a turn of the game was ever told to the account (server/notify.cpp, a seat newly held).
  bool told_turn(std::int64_t account, const std::string& game);
  // The messages due now, claimed for `lease` seconds by `sender`: each row is claimed by a
  // conditional UPDATE, so that of several servers sharing the store only one sends it.
  std::vector<OutboxRow> claim_outbox(const std::string& sender, std::int64_t now, std::int64_t lease, std::size_t limit);
  // A claimed message sent ("sent"), given up ("failed", "stale") or to be tried again at `due`
  // ("pending"), with the reason of its last failure.
  void settle_outbox(std::int64_t id, const std::string& sender, const std::string& status, std::int64_t due, const std::string& reason);
  // Deletes the messages settled (sent, given up, stale) that were added at or before `before`; how
  // many. A pending message is kept however old.
  std::size_t prune_outbox(std::int64_t before);
  // The game's list entry (JSON text), "" for no game.
  std::string game_summary(const std::string& game);
  // The game as the notifier tells of it: its list entry, its actions stored and whether its seats
  // are by invitation; nullopt for no game.
  struct GameEntry {
    std::string summary;
    std::size_t actions = 0;
    bool invitation = false;
  };
  std::optional<GameEntry> game_entry(const std::string& game);

  // Copies what this store holds into `to` (churchill db migrate, after the games): the accounts
  // (their names, hashes and creation; an account whose name `to` has already is kept as it is there),
  // their live sessions, the seats they hold, and each game's table talk and mutes, for the games `to`
  // holds (a game's messages only when `to` has none of it); each account's vacation and notification
  // settings (its webhook and address, confirmed or waiting for their code) unless `to` has its own,
  // and the notifications' outbox (its keys, so that a turn told is not told again there; a message
  // claimed by a sender here is free to be claimed there). Run again, it copies nothing twice.
  struct CopyReport {
    std::size_t accounts = 0, sessions = 0, seats = 0, messages = 0, mutes = 0, vacations = 0, notify_settings = 0, outbox = 0;
  };
  CopyReport copy_into(SideStore& to, std::int64_t now);

 protected:
  // Runs one statement with text parameters $1, $2, ...; its rows, each column as text (NULL as "").
  // Throws StoreError.
  using Rows = std::vector<std::vector<std::string>>;
  virtual Rows run(const std::string& sql, const std::vector<std::string>& params) = 0;

 private:
  void copy_account_rows(SideStore& to, const std::map<std::string, std::string>& account_ids, CopyReport& report);
};

// The side store of a --db argument (as open_store reads it), on a connection of its own.
std::unique_ptr<SideStore> open_side_store(const std::string& db, int busy_timeout_ms = 5000);

}  // namespace server
