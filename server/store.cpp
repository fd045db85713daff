#include "server/store.h"

#include <fmt/format.h>

#include <stdexcept>

namespace server {

namespace {

// A prepared statement, finalized on scope exit.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK) throw std::runtime_error(sqlite3_errmsg(db));
  }
  ~Statement() { sqlite3_finalize(st_); }
  Statement& text(int i, const std::string& v) {
    sqlite3_bind_text(st_, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& integer(int i, std::int64_t v) {
    sqlite3_bind_int64(st_, i, v);
    return *this;
  }
  bool step() {
    const int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw std::runtime_error(sqlite3_errmsg(db_));
  }
  std::string column_text(int i) const {
    const auto* p = sqlite3_column_text(st_, i);
    return p ? reinterpret_cast<const char*>(p) : "";
  }
  std::int64_t column_int(int i) const { return sqlite3_column_int64(st_, i); }

 private:
  sqlite3* db_;
  sqlite3_stmt* st_ = nullptr;
};

}  // namespace

Store::Store(const std::string& path) {
  if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw std::runtime_error(fmt::format("cannot open the database {}: {}", path, message));
  }
  exec("PRAGMA journal_mode=WAL");
  exec("PRAGMA synchronous=FULL");  // a commit survives a crash of the process or the machine
  exec("CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, record TEXT NOT NULL)");
  exec("CREATE TABLE IF NOT EXISTS seats (game TEXT NOT NULL, seat TEXT NOT NULL, token_hash TEXT NOT NULL, "
       "PRIMARY KEY (game, seat))");
  exec("CREATE TABLE IF NOT EXISTS actions (game TEXT NOT NULL, idx INTEGER NOT NULL, seat TEXT NOT NULL, "
       "action TEXT NOT NULL, sampled INTEGER NOT NULL, PRIMARY KEY (game, idx))");
}

Store::~Store() { sqlite3_close(db_); }

void Store::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : "?";
    sqlite3_free(error);
    throw std::runtime_error(fmt::format("database: {}", message));
  }
}

std::vector<StoredGame> Store::load_all() {
  std::vector<StoredGame> games;
  Statement g(db_, "SELECT id, record FROM games ORDER BY rowid");
  while (g.step()) {
    StoredGame sg{g.column_text(0), core::save_from_json(g.column_text(1)), {}};
    sg.record.actions.clear();
    sg.record.state_hash.clear();
    Statement a(db_, "SELECT seat, action, sampled FROM actions WHERE game = ? ORDER BY idx");
    a.text(1, sg.id);
    while (a.step()) sg.record.actions.push_back({a.column_text(0), a.column_text(1), a.column_int(2) != 0});
    Statement s(db_, "SELECT seat, token_hash FROM seats WHERE game = ?");
    s.text(1, sg.id);
    while (s.step()) sg.token_hashes.emplace_back(s.column_text(0), s.column_text(1));
    games.push_back(std::move(sg));
  }
  return games;
}

void Store::create_game(const std::string& id, const core::SaveFile& record) {
  core::SaveFile meta = record;
  meta.actions.clear();
  Statement(db_, "INSERT INTO games (id, record) VALUES (?, ?)").text(1, id).text(2, core::save_to_json(meta)).step();
}

void Store::claim_seat(const std::string& id, const std::string& seat, const std::string& token_hash) {
  Statement(db_, "INSERT INTO seats (game, seat, token_hash) VALUES (?, ?, ?)").text(1, id).text(2, seat).text(3, token_hash).step();
}

void Store::append_actions(const std::string& id, const std::vector<core::SavedAction>& actions, std::size_t from) {
  if (from >= actions.size()) return;
  exec("BEGIN IMMEDIATE");
  try {
    for (std::size_t i = from; i < actions.size(); ++i) {
      Statement(db_, "INSERT INTO actions (game, idx, seat, action, sampled) VALUES (?, ?, ?, ?, ?)")
          .text(1, id).integer(2, static_cast<std::int64_t>(i)).text(3, actions[i].seat).text(4, actions[i].action)
          .integer(5, actions[i].sampled).step();
    }
    exec("COMMIT");
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
}

void Store::truncate_actions(const std::string& id, std::size_t from) {
  Statement(db_, "DELETE FROM actions WHERE game = ? AND idx >= ?").text(1, id).integer(2, static_cast<std::int64_t>(from)).step();
}

}  // namespace server
