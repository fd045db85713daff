// Persistence in SQLite (WAL): games, claimed seats (token hashes) and every action, each batch of
// actions committed before the request that made it is answered. Games are restored by replay.
#pragma once

#include <sqlite3.h>

#include <string>
#include <vector>

#include "core/save.h"

namespace server {

struct StoredGame {
  std::string id;
  core::SaveFile record;                    // scenario, options, seed, seats, actions
  std::vector<std::pair<std::string, std::string>> token_hashes;  // seat -> SHA-256 of its token
};

class Store {
 public:
  explicit Store(const std::string& path);  // ":memory:" for none
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  std::vector<StoredGame> load_all();
  void create_game(const std::string& id, const core::SaveFile& record);
  void claim_seat(const std::string& id, const std::string& seat, const std::string& token_hash);
  // Appends actions[from..] of the game; one transaction, durable when it returns.
  void append_actions(const std::string& id, const std::vector<core::SavedAction>& actions, std::size_t from);
  // Undo: forget the actions from index `from` on.
  void truncate_actions(const std::string& id, std::size_t from);

 private:
  void exec(const char* sql);
  sqlite3* db_ = nullptr;
};

}  // namespace server
