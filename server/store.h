// Persistence: games, claimed seats (token hashes) and every action, in SQLite (WAL, synchronous=FULL).
// Every change is written as a batch of GameWrites in one transaction; a batch is durable when
// commit() returns (docs/server.md, "Durability"). Nothing here knows which game a record plays.
#pragma once

#include <cstdint>
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

// What the store keeps of a game besides its actions: checked on load, listed without loading.
struct GameMark {
  std::uint64_t version = 0;      // counts the game's committed changes (an action's "version")
  std::size_t action_count = 0;   // the stored actions
  std::string state_hash;         // the state hash after the last action
  bool finished = false;
  std::int64_t updated = 0;       // unix seconds of the last change
  std::string summary;            // the game's entry in the list of games, JSON
};

struct StoredGame {
  std::string id;
  core::SaveFile record;                                          // scenario, options, seed, seats, actions
  std::vector<std::pair<std::string, std::string>> token_hashes;  // seat -> SHA-256 of its token
  std::string invitation_hash;                                    // SHA-256 of the invitation; empty: public seats
  std::optional<GameMark> mark;                                   // none in a database written before marks
};

// One game's part of a batch, applied in this order: create, erase, claim, truncate, append, mark.
struct GameWrite {
  std::string id;
  std::optional<core::SaveFile> create;     // a new game: its record (actions are appended separately)
  std::string invitation_hash;              // with create
  bool erase = false;                       // forget the game entirely (an abandoned game)
  std::optional<std::pair<std::string, std::string>> claim;  // seat, token hash
  std::optional<std::size_t> keep_actions;  // undo: forget actions from this index on
  std::size_t first_new = 0;                // index of append[0]
  std::vector<core::SavedAction> append;
  std::optional<GameMark> mark;
};

class Store {
 public:
  virtual ~Store() = default;
  // Every game not finished, for a server starting.
  virtual std::vector<StoredGame> load_unfinished() = 0;
  virtual std::optional<StoredGame> load(const std::string& id) = 0;
  // The list entries (GameMark::summary) of finished games with ids after `after`, in id order.
  virtual std::vector<std::string> finished_summaries(const std::string& after, std::size_t limit) = 0;
  // All of the batch or nothing; throws StoreError. Called from one thread at a time (the writer).
  virtual void commit(const std::vector<GameWrite>& batch) = 0;
};

// The SQLite store: a connection for writing (used by commit(), from the writer thread) and one for
// reading (the server's thread); WAL lets the reader go on while the writer commits.
class SqliteStore : public Store {
 public:
  // busy_timeout_ms: how long a statement waits for a lock another process holds.
  explicit SqliteStore(const std::string& path, int busy_timeout_ms = 5000);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  std::vector<StoredGame> load_unfinished() override;
  std::optional<StoredGame> load(const std::string& id) override;
  std::vector<std::string> finished_summaries(const std::string& after, std::size_t limit) override;
  void commit(const std::vector<GameWrite>& batch) override;

 private:
  std::vector<StoredGame> load_where(const char* where, const std::string& arg);
  sqlite3* writer_ = nullptr;
  sqlite3* reader_ = nullptr;
};

// A consistent copy of a database, made with SQLite's online backup API while it may be in use.
void backup_database(const std::string& from, const std::string& to);

}  // namespace server
