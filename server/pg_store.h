// The PostgreSQL store: the same games, seats and actions as the SQLite store, in a database several
// servers share (docs/deploy.md). Each game's row carries its version; a batch writes a game only if
// its stored version is the one the change was made on, with the game's row locked until the commit,
// so the order of every game's actions is single and durable however many servers act on it: a server
// that acted on an old version is told of the conflict (Store::commit) and loads the game again.
// Every committed change is announced with NOTIFY on the channel churchill_games; each server
// LISTENs and reloads what the others changed (Store::take_changes). An account that comes to hold a
// seat, or whose sessions end, is announced on the same channel as `account:ID` (by the side store,
// server/side_store.h), so that its "My games" socket on another server is told at once.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "server/store.h"

struct pg_conn;

namespace server {

class PgStore : public Store {
 public:
  // conninfo: a libpq connection string or URI (postgresql://user@host:port/db). Brings the schema
  // up to date (safe while other servers do the same: one at a time, under an advisory lock).
  explicit PgStore(const std::string& conninfo);
  ~PgStore() override;
  PgStore(const PgStore&) = delete;
  PgStore& operator=(const PgStore&) = delete;

  std::vector<StoredGame> load_unfinished() override;
  std::optional<StoredGame> load(const std::string& id) override;
  std::optional<StoredGame> load_tail(const std::string& id, std::size_t from) override;
  Summaries finished_summaries(const std::string& after, std::size_t limit) override;
  std::vector<std::string> game_ids() override;
  std::vector<std::string> commit(const std::vector<GameWrite>& batch) override;
  std::optional<bool> take_token(const std::string& key, double per_minute, double burst) override;
  std::pair<std::size_t, std::size_t> games_held(const std::string& address, const std::string& network) override;
  int change_socket() override;
  std::vector<std::string> take_changes() override;

  // The channel changes are announced on, and the payload that names an account (`account:ID`).
  static constexpr const char* kChannel = "churchill_games";
  static constexpr std::string_view kAccountChange = "account:";
  static constexpr std::string_view kChatChange = "chat:";  // `chat:GAME:MESSAGE`: a message of the game's table talk

  // The schema version this code writes (the rows of churchill_schema).
  static constexpr int kSchemaVersion = 6;
  // Every table the schema makes: what a test that starts from an empty database drops.
  static constexpr const char* kTables =
      "actions, seats, games, buckets, accounts, account_sessions, account_seats, chat, chat_mutes, vacations, notify_settings, notify_outbox, churchill_schema";

 private:
  static std::vector<StoredGame> load_where(pg_conn* db, const std::string& where, const std::vector<std::string>& args);
  void check_reader();
  std::string conninfo_;
  pg_conn* writer_ = nullptr;  // commit(), on the writer thread
  pg_conn* reader_ = nullptr;  // lists and the games in play, on the server's thread
  pg_conn* loader_ = nullptr;  // load(), from any thread, one at a time
  std::mutex load_mutex_;
  pg_conn* listener_ = nullptr;  // LISTEN churchill_games, on the server's thread
  std::atomic<int> writer_pid_{0};
  std::size_t takes_ = 0;  // tokens taken (now and then the buckets unused are forgotten)          // the writer's backend: its own
                           // notifications are not news
};

}  // namespace server
