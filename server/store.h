// Persistence: games, claimed seats (token hashes) and every action, in SQLite (WAL, synchronous=FULL)
// or in PostgreSQL shared by several servers (server/pg_store.h). Every change is written as a batch
// of GameWrites in one transaction; a batch is durable when commit() returns (docs/server.md,
// "Durability"). Nothing here knows which game a record plays.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/save.h"

struct sqlite3;

namespace server {

// A write or read the store could not do (locked database, full disk, I/O error): nothing of the
// batch was written.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The connection to the database was lost while a batch was being committed (a database's fast
// shutdown, a network cut after COMMIT was sent): the batch may or may not have been written, and
// only reading the store again tells which.
class CommitUnknown : public StoreError {
 public:
  using StoreError::StoreError;
};

// What became of a batch: written, not written, or not known (CommitUnknown).
enum class Outcome { committed, failed, unknown };

// What the store keeps of a game besides its actions: checked on load, listed without loading.
struct GameMark {
  std::uint64_t version = 0;     // counts the game's commits (a commit is stored only on the one it followed)
  std::size_t action_count = 0;  // the stored actions
  std::string state_hash;        // the state hash after the last action
  bool finished = false;
  std::int64_t updated = 0;  // unix seconds of the last change
  std::string summary;       // the game's entry in the list of games, JSON
  std::string versions;      // its views' versions (server/versions.h); "" before they were kept
  std::string requests;      // the keys of the latest requests that changed it (server/request_keys.h)
  std::string clocks;        // its pace, seats' clocks and stand-ins (server/clocks.h); "" for none
};

struct StoredGame {
  std::string id;
  core::SaveFile record;                                          // scenario, options, seed, seats, actions
  std::vector<std::pair<std::string, std::string>> token_hashes;  // seat -> SHA-256 of its token
  std::string invitation_hash;                                    // SHA-256 of the invitation; empty: public seats
  std::optional<GameMark> mark;                                   // none in a database written before marks
};

// One game's part of a batch, applied in this order: create, erase, claim, record, truncate, append, mark.
struct GameWrite {
  std::string id;
  std::optional<core::SaveFile> create;                      // a new game: its record (actions are appended separately)
  std::string invitation_hash;                               // with create
  std::string creator, creator_network;                      // with create: the address that created it, and its network
  bool erase = false;                                        // forget the game entirely (an abandoned game)
  std::optional<std::pair<std::string, std::string>> claim;  // seat, token hash
  std::vector<std::pair<std::string, std::string>> claims;   // with create: seats claimed at once (a rematch's: seat, token hash)
  std::optional<core::SaveFile> record;     // the record rewritten (its events changed: a resignation, a concession, a rematch)
  std::optional<std::size_t> keep_actions;  // undo: forget actions from this index on
  std::size_t first_new = 0;                // index of append[0]
  std::vector<core::SavedAction> append;
  std::optional<GameMark> mark;
  // The game's version the change was made on. A store shared by several servers writes the game's
  // part of the batch only if the stored game is still at this version (else a conflict, below);
  // none: written unchecked (a new game, a copy between databases).
  std::optional<std::uint64_t> base_version;
};

class Store {
 public:
  virtual ~Store() = default;
  // Every game not finished, for a server starting.
  virtual std::vector<StoredGame> load_unfinished() = 0;
  // One game; may be called from any thread (a server's loads run on a worker), one load at a time.
  virtual std::optional<StoredGame> load(const std::string& id) = 0;
  // What another server changed of a game this one holds: its mark, its seats and its actions from
  // index `from` on (record.actions; none from kMarkOnly), without its record; nullopt for no such
  // game. Same threads as load().
  static constexpr std::size_t kMarkOnly = std::numeric_limits<std::int64_t>::max();
  virtual std::optional<StoredGame> load_tail(const std::string& id, std::size_t from);
  // The ids and list entries (GameMark::summary) of finished games with ids after `after`, in id order.
  using Summaries = std::vector<std::pair<std::string, std::string>>;
  virtual Summaries finished_summaries(const std::string& after, std::size_t limit) = 0;
  // Every game's id, in id order (for copying a database).
  virtual std::vector<std::string> game_ids() = 0;
  // The batch in one transaction; throws StoreError and writes nothing if it cannot, or CommitUnknown
  // when the connection was lost during the commit (written or not: read it again). Returns the
  // games whose writes were left out because another server changed them first (their base_version
  // is not the stored one, or a seat they claim was claimed): everything else of the batch is
  // committed. Called from one thread at a time (the writer).
  virtual std::vector<std::string> commit(const std::vector<GameWrite>& batch) = 0;

  // The limits that protect the service, shared by the servers of one store (docs/server.md,
  // "Limits"). take_token: one token from `key`'s bucket (at most `burst`, refilled at `per_minute`),
  // or false if it is empty; nullopt where the store is not shared (the server keeps its buckets in
  // memory). games_held: the games in play created by `address`, and by `network`. Called from the
  // server's thread; throw StoreError.
  virtual std::optional<bool> take_token(const std::string& /*key*/, double /*per_minute*/, double /*burst*/) { return std::nullopt; }
  virtual std::pair<std::size_t, std::size_t> games_held(const std::string& address, const std::string& network) = 0;

  // A store shared by several servers tells a server of the changes the others commit: a socket
  // that becomes readable when some arrive (-1: this store is not shared), and the ids of the games
  // they changed since the last call ("*": any game may have changed, as after a lost connection),
  // and `account:ID` for an account that came to hold a seat or whose sessions ended
  // (SideStore::announce_account). Called from the server's thread.
  virtual int change_socket() { return -1; }
  virtual std::vector<std::string> take_changes() { return {}; }
};

// The SQLite store: a connection for writing (used by commit(), from the writer thread), one for
// reading (the server's thread) and one for loading games (load(), from any thread, one at a time);
// WAL lets the readers go on while the writer commits.
class SqliteStore : public Store {
 public:
  // busy_timeout_ms: how long a statement waits for a lock another process holds.
  explicit SqliteStore(const std::string& path, int busy_timeout_ms = 5000);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  std::vector<StoredGame> load_unfinished() override;
  std::optional<StoredGame> load(const std::string& id) override;
  Summaries finished_summaries(const std::string& after, std::size_t limit) override;
  std::vector<std::string> game_ids() override;
  std::vector<std::string> commit(const std::vector<GameWrite>& batch) override;
  std::pair<std::size_t, std::size_t> games_held(const std::string& address, const std::string& network) override;

 private:
  static std::vector<StoredGame> load_where(sqlite3* db, const char* where, const std::string& arg);
  sqlite3* writer_ = nullptr;
  sqlite3* reader_ = nullptr;
  sqlite3* loader_ = nullptr;
  std::mutex load_mutex_;  // one load at a time on loader_
};

// Commits `batch` and says what became of it, with the games left out as conflicts in `conflicts`; a
// failure, or an unknown outcome, is written to standard error.
Outcome commit_batch(Store& store, const std::vector<GameWrite>& batch, std::vector<std::string>& conflicts);

// The store a --db argument names: "postgresql://..." or "postgres://..." (a libpq connection URI),
// "sqlite:FILE", or a plain file name (SQLite).
std::unique_ptr<Store> open_store(const std::string& db, int busy_timeout_ms = 5000);

// What copy_games() did.
struct CopyReport {
  std::size_t copied = 0, already_there = 0;
  std::vector<std::string> unreadable;  // ids of games whose record could not be read: not copied
};
// Copies every game of `from` that `to` does not hold (its record, seats, actions and mark), one
// transaction per game: run again after an interruption, it copies what is left.
CopyReport copy_games(Store& from, Store& to);

// A consistent copy of a database, made with SQLite's online backup API while it may be in use.
void backup_database(const std::string& from, const std::string& to);

}  // namespace server
