#include "server/store.h"

#include "server/pg_store.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <cstdio>
#include <iostream>
#include <map>

namespace server {

namespace {

// A prepared statement, finalized on scope exit; every error is a StoreError.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK) throw StoreError(fmt::format("database: {}", sqlite3_errmsg(db)));
  }
  ~Statement() { sqlite3_finalize(st_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
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
    throw StoreError(fmt::format("database: {}", sqlite3_errmsg(db_)));
  }
  std::string column_text(int i) const {
    const auto* p = sqlite3_column_text(st_, i);
    return p ? reinterpret_cast<const char*>(p) : "";
  }
  std::int64_t column_int(int i) const { return sqlite3_column_int64(st_, i); }
  bool column_null(int i) const { return sqlite3_column_type(st_, i) == SQLITE_NULL; }
  void reset() {
    sqlite3_reset(st_);
    sqlite3_clear_bindings(st_);
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* st_ = nullptr;
};

void exec(sqlite3* db, const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : sqlite3_errmsg(db);
    sqlite3_free(error);
    throw StoreError(fmt::format("database: {}", message));
  }
}

sqlite3* open(const std::string& path, int busy_timeout_ms) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    const std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    throw StoreError(fmt::format("cannot open the database {}: {}", path, message));
  }
  sqlite3_busy_timeout(db, busy_timeout_ms);
  return db;
}

// The columns added to `games` since its first version, added to an older database on open.
const std::map<std::string, const char*> kGameColumns = {{"invitation_hash", "TEXT NOT NULL DEFAULT ''"},
                                                         {"version", "INTEGER"},
                                                         {"action_count", "INTEGER"},
                                                         {"state_hash", "TEXT"},
                                                         {"finished", "INTEGER NOT NULL DEFAULT 0"},
                                                         {"updated", "INTEGER NOT NULL DEFAULT 0"},
                                                         {"summary", "TEXT NOT NULL DEFAULT ''"},
                                                         {"versions", "TEXT NOT NULL DEFAULT ''"},
                                                         {"requests", "TEXT NOT NULL DEFAULT ''"},
                                                         {"clocks", "TEXT NOT NULL DEFAULT ''"},
                                                         {"creator", "TEXT NOT NULL DEFAULT ''"},
                                                         {"creator_network", "TEXT NOT NULL DEFAULT ''"}};

void create_schema(sqlite3* db) {
  exec(db, "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, record TEXT NOT NULL)");
  std::map<std::string, bool> present;
  Statement info(db, "PRAGMA table_info(games)");
  while (info.step()) present[info.column_text(1)] = true;
  for (const auto& [column, type] : kGameColumns)
    if (!present[column]) exec(db, fmt::format("ALTER TABLE games ADD COLUMN {} {}", column, type).c_str());
  exec(db, "CREATE INDEX IF NOT EXISTS games_finished ON games (finished, id)");
  exec(db, "CREATE INDEX IF NOT EXISTS games_creator ON games (creator)");
  exec(db, "CREATE INDEX IF NOT EXISTS games_creator_network ON games (creator_network)");
  exec(db,
       "CREATE TABLE IF NOT EXISTS seats (game TEXT NOT NULL, seat TEXT NOT NULL, token_hash TEXT NOT NULL, "
       "PRIMARY KEY (game, seat))");
  exec(db,
       "CREATE TABLE IF NOT EXISTS actions (game TEXT NOT NULL, idx INTEGER NOT NULL, seat TEXT NOT NULL, "
       "action TEXT NOT NULL, sampled INTEGER NOT NULL, PRIMARY KEY (game, idx))");
  // Beside the games (server/side_store.h): accounts, their sessions (token hashes) and the seats they
  // hold, and each game's table talk and mutes; a game's seats held and messages go with it.
  exec(
      db,
      "CREATE TABLE IF NOT EXISTS accounts (id INTEGER PRIMARY KEY, name_key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, "
      "password_hash TEXT NOT NULL, created INTEGER NOT NULL);"
      "CREATE TABLE IF NOT EXISTS account_sessions (token_hash TEXT PRIMARY KEY, account INTEGER NOT NULL, expires INTEGER NOT NULL);"
      "CREATE INDEX IF NOT EXISTS account_sessions_account ON account_sessions (account);"
      "CREATE TABLE IF NOT EXISTS account_seats (game TEXT NOT NULL, seat TEXT NOT NULL, account INTEGER NOT NULL, "
      "token TEXT NOT NULL, PRIMARY KEY (game, seat));"
      "CREATE INDEX IF NOT EXISTS account_seats_account ON account_seats (account);"
      "CREATE TABLE IF NOT EXISTS chat (id INTEGER PRIMARY KEY, game TEXT NOT NULL, at INTEGER NOT NULL, step INTEGER NOT NULL, seat TEXT NOT NULL, "
      "channel TEXT NOT NULL, to_seat TEXT NOT NULL, text TEXT NOT NULL);"
      "CREATE INDEX IF NOT EXISTS chat_game ON chat (game, id);"
      "CREATE TABLE IF NOT EXISTS chat_mutes (game TEXT NOT NULL, seat TEXT NOT NULL, muted TEXT NOT NULL, PRIMARY KEY (game, seat, muted));"
      "CREATE TABLE IF NOT EXISTS vacations (account INTEGER PRIMARY KEY, until INTEGER NOT NULL, used_days INTEGER NOT NULL, "
      "year INTEGER NOT NULL);"
      // Notifications (server/notify.h): each account's settings, and the outbox the notifier drains.
      "CREATE TABLE IF NOT EXISTS notify_settings (account INTEGER PRIMARY KEY, settings TEXT NOT NULL);"
      "CREATE TABLE IF NOT EXISTS notify_outbox (id INTEGER PRIMARY KEY, dedupe TEXT NOT NULL UNIQUE, account INTEGER NOT NULL, "
      "channel TEXT NOT NULL, target TEXT NOT NULL, payload TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending', "
      "attempts INTEGER NOT NULL DEFAULT 0, due INTEGER NOT NULL, claimed_by TEXT NOT NULL DEFAULT '', "
      "claimed_until INTEGER NOT NULL DEFAULT 0, failure TEXT NOT NULL DEFAULT '', created INTEGER NOT NULL);"
      "CREATE INDEX IF NOT EXISTS notify_outbox_due ON notify_outbox (status, due);"
      "CREATE TRIGGER IF NOT EXISTS games_erased AFTER DELETE ON games BEGIN "
      "DELETE FROM account_seats WHERE game = OLD.id; DELETE FROM chat WHERE game = OLD.id; DELETE FROM chat_mutes WHERE game = OLD.id; END;");
}

void write_one(sqlite3* db, const GameWrite& w) {
  if (w.create) {
    core::SaveFile meta = *w.create;
    meta.actions.clear();
    Statement(db, "INSERT INTO games (id, record, invitation_hash, creator, creator_network) VALUES (?, ?, ?, ?, ?)")
        .text(1, w.id)
        .text(2, core::save_to_json(meta))
        .text(3, w.invitation_hash)
        .text(4, w.creator)
        .text(5, w.creator_network)
        .step();
  }
  if (w.erase) {
    for (const char* sql : {"DELETE FROM actions WHERE game = ?", "DELETE FROM seats WHERE game = ?", "DELETE FROM games WHERE id = ?"})
      Statement(db, sql).text(1, w.id).step();
    return;
  }
  if (w.claim)
    Statement(db, "INSERT INTO seats (game, seat, token_hash) VALUES (?, ?, ?)")
        .text(1, w.id)
        .text(2, w.claim->first)
        .text(3, w.claim->second)
        .step();
  for (const auto& [seat, hash] : w.claims)
    Statement(db, "INSERT INTO seats (game, seat, token_hash) VALUES (?, ?, ?)").text(1, w.id).text(2, seat).text(3, hash).step();
  if (w.record) {
    core::SaveFile meta = *w.record;
    meta.actions.clear();
    Statement(db, "UPDATE games SET record = ? WHERE id = ?").text(1, core::save_to_json(meta)).text(2, w.id).step();
  }
  if (w.keep_actions)
    Statement(db, "DELETE FROM actions WHERE game = ? AND idx >= ?")
        .text(1, w.id)
        .integer(2, static_cast<std::int64_t>(*w.keep_actions))
        .step();
  if (!w.append.empty()) {
    Statement insert(db, "INSERT INTO actions (game, idx, seat, action, sampled) VALUES (?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < w.append.size(); ++i) {
      const core::SavedAction& a = w.append[i];
      insert.text(1, w.id)
          .integer(2, static_cast<std::int64_t>(w.first_new + i))
          .text(3, a.seat)
          .text(4, a.action)
          .integer(5, a.sampled)
          .step();
      insert.reset();
    }
  }
  if (w.mark) {
    const GameMark& m = *w.mark;
    Statement(db,
              "UPDATE games SET version = ?, action_count = ?, state_hash = ?, finished = ?, updated = ?, summary = ?, versions = ?, "
              "requests = ?, clocks = ? WHERE id = ?")
        .integer(1, static_cast<std::int64_t>(m.version))
        .integer(2, static_cast<std::int64_t>(m.action_count))
        .text(3, m.state_hash)
        .integer(4, m.finished)
        .integer(5, m.updated)
        .text(6, m.summary)
        .text(7, m.versions)
        .text(8, m.requests)
        .text(9, m.clocks)
        .text(10, w.id)
        .step();
  }
}

}  // namespace

SqliteStore::SqliteStore(const std::string& path, int busy_timeout_ms) {
  writer_ = open(path, busy_timeout_ms);
  try {
    exec(writer_, "PRAGMA journal_mode=WAL");
    exec(writer_, "PRAGMA synchronous=FULL");  // every commit is fsynced: it survives a crash of the process or the machine
    create_schema(writer_);
    reader_ = open(path, busy_timeout_ms);
    loader_ = open(path, busy_timeout_ms);
  } catch (...) {
    sqlite3_close(reader_);
    sqlite3_close(writer_);
    throw;
  }
}

SqliteStore::~SqliteStore() {
  sqlite3_close(loader_);
  sqlite3_close(reader_);
  sqlite3_close(writer_);
}

std::vector<StoredGame> SqliteStore::load_where(sqlite3* db, const char* where, const std::string& arg) {
  const auto read = [&] {
    std::vector<StoredGame> games;
    Statement g(db, fmt::format("SELECT id, record, invitation_hash, version, action_count, state_hash, finished, updated, summary, "
                                "versions, requests, clocks FROM games WHERE {} ORDER BY rowid",
                                where)
                        .c_str());
    if (!arg.empty()) g.text(1, arg);
    while (g.step()) {
      StoredGame sg;
      sg.id = g.column_text(0);
      try {
        sg.record = core::save_from_json(g.column_text(1));
      } catch (const core::SaveError& e) {
        sg.record.game = "";  // unreadable: the lobby quarantines it
        sg.record.state_hash = e.what();
      }
      sg.record.actions.clear();
      sg.invitation_hash = g.column_text(2);
      if (!g.column_null(3))
        sg.mark = GameMark{static_cast<std::uint64_t>(g.column_int(3)),
                           static_cast<std::size_t>(g.column_int(4)),
                           g.column_text(5),
                           g.column_int(6) != 0,
                           g.column_int(7),
                           g.column_text(8),
                           g.column_text(9),
                           g.column_text(10),
                           g.column_text(11)};
      Statement a(db, "SELECT seat, action, sampled FROM actions WHERE game = ? ORDER BY idx");
      a.text(1, sg.id);
      while (a.step()) sg.record.actions.push_back({a.column_text(0), a.column_text(1), a.column_int(2) != 0});
      Statement s(db, "SELECT seat, token_hash FROM seats WHERE game = ?");
      s.text(1, sg.id);
      while (s.step()) sg.token_hashes.emplace_back(s.column_text(0), s.column_text(1));
      games.push_back(std::move(sg));
    }
    return games;
  };
  // One read transaction: never a mark from before a commit with actions from after it.
  exec(db, "BEGIN");
  try {
    auto games = read();
    exec(db, "COMMIT");
    return games;
  } catch (...) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::vector<StoredGame> SqliteStore::load_unfinished() { return load_where(reader_, "finished = 0", ""); }

std::optional<StoredGame> SqliteStore::load(const std::string& id) {
  std::lock_guard lock(load_mutex_);
  auto games = load_where(loader_, "id = ?", id);
  if (games.empty()) return std::nullopt;
  return std::move(games.front());
}

Store::Summaries SqliteStore::finished_summaries(const std::string& after, std::size_t limit) {
  Statement s(reader_, "SELECT id, summary FROM games WHERE finished = 1 AND id > ? ORDER BY id LIMIT ?");
  s.text(1, after).integer(2, static_cast<std::int64_t>(limit));
  Summaries out;
  while (s.step()) out.emplace_back(s.column_text(0), s.column_text(1));
  return out;
}

std::vector<std::string> SqliteStore::game_ids() {
  Statement s(reader_, "SELECT id FROM games ORDER BY id");
  std::vector<std::string> out;
  while (s.step()) out.push_back(s.column_text(0));
  return out;
}

std::pair<std::size_t, std::size_t> SqliteStore::games_held(const std::string& address, const std::string& network) {
  Statement s(reader_,
              "SELECT count(CASE WHEN creator = ?1 THEN 1 END), count(CASE WHEN creator_network = ?2 THEN 1 END) FROM games "
              "WHERE finished = 0 AND (creator = ?1 OR creator_network = ?2)");
  s.text(1, address).text(2, network);
  s.step();
  return {static_cast<std::size_t>(s.column_int(0)), static_cast<std::size_t>(s.column_int(1))};
}

// One server owns a SQLite database: nothing else changes its games, so nothing conflicts.
std::vector<std::string> SqliteStore::commit(const std::vector<GameWrite>& batch) {
  if (batch.empty()) return {};
  exec(writer_, "BEGIN IMMEDIATE");
  try {
    for (const GameWrite& w : batch) write_one(writer_, w);
    exec(writer_, "COMMIT");
  } catch (...) {
    sqlite3_exec(writer_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  return {};
}

// (A store no other server writes is never asked: this serves copies and tests.)
std::optional<StoredGame> Store::load_tail(const std::string& id, std::size_t from) {
  std::optional<StoredGame> sg = load(id);
  if (sg)
    sg->record.actions.erase(sg->record.actions.begin(),
                             sg->record.actions.begin() + static_cast<std::ptrdiff_t>(std::min(from, sg->record.actions.size())));
  return sg;
}

Outcome commit_batch(Store& store, const std::vector<GameWrite>& batch, std::vector<std::string>& conflicts) {
  try {
    conflicts = store.commit(batch);
    return Outcome::committed;
  } catch (const CommitUnknown& e) {
    std::cerr << fmt::format("serve: the database connection was lost during a commit, which may or may not have been made: {}\n",
                             e.what());
    return Outcome::unknown;
  } catch (const std::exception& e) {
    std::cerr << fmt::format("serve: a commit failed, nothing of it was applied: {}\n", e.what());
    return Outcome::failed;
  }
}

std::unique_ptr<Store> open_store(const std::string& db, int busy_timeout_ms) {
  if (db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0) return std::make_unique<PgStore>(db);
  if (db.rfind("sqlite:", 0) == 0) return std::make_unique<SqliteStore>(db.substr(7), busy_timeout_ms);
  return std::make_unique<SqliteStore>(db, busy_timeout_ms);
}

CopyReport copy_games(Store& from, Store& to) {
  CopyReport report;
  for (const std::string& id : from.game_ids()) {
    std::optional<StoredGame> sg = from.load(id);
    if (!sg) continue;  // deleted meanwhile
    if (sg->record.game.empty()) {
      report.unreadable.push_back(id);
      continue;
    }
    if (to.load(id)) {
      ++report.already_there;
      continue;
    }
    std::vector<GameWrite> batch(1);
    batch[0].id = id;
    batch[0].create = sg->record;
    batch[0].invitation_hash = sg->invitation_hash;
    for (const auto& claim : sg->token_hashes) {
      GameWrite w;
      w.id = id;
      w.claim = claim;
      batch.push_back(std::move(w));
    }
    GameWrite last;
    last.id = id;
    last.append = sg->record.actions;
    last.mark = sg->mark;
    batch.push_back(std::move(last));
    to.commit(batch);
    ++report.copied;
  }
  return report;
}

void backup_database(const std::string& from, const std::string& to) {
  sqlite3* source = nullptr;
  sqlite3* target = nullptr;
  auto fail = [&](const std::string& what, sqlite3* db) {
    const std::string message = db ? fmt::format("backup: {}: {}", what, sqlite3_errmsg(db)) : fmt::format("backup: {}", what);
    sqlite3_close(source);
    sqlite3_close(target);
    std::remove((to + ".tmp").c_str());
    throw StoreError(message);
  };
  if (sqlite3_open_v2(from.c_str(), &source, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) fail("cannot open " + from, source);
  sqlite3_busy_timeout(source, 5000);
  if (sqlite3_open((to + ".tmp").c_str(), &target) != SQLITE_OK) fail("cannot create " + to + ".tmp", target);
  sqlite3_backup* b = sqlite3_backup_init(target, "main", source, "main");
  if (!b) fail("cannot start", target);
  int rc;
  while ((rc = sqlite3_backup_step(b, 256)) == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
    if (rc != SQLITE_OK) sqlite3_sleep(20);
  sqlite3_backup_finish(b);
  if (rc != SQLITE_DONE) fail("copying " + from, target);
  // The copy is a plain (rollback-journal) database: one file, complete, synced before it is renamed.
  if (sqlite3_exec(target, "PRAGMA journal_mode=DELETE", nullptr, nullptr, nullptr) != SQLITE_OK) fail("finishing", target);
  sqlite3_close(source);
  sqlite3_close(target);
  source = target = nullptr;
  if (std::rename((to + ".tmp").c_str(), to.c_str()) != 0) fail("cannot rename to " + to, nullptr);
}

}  // namespace server
