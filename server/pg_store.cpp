#include "server/pg_store.h"

#include <fmt/format.h>
#include <libpq-fe.h>

#include <map>
#include <memory>
#include <optional>

namespace server {

namespace {

constexpr const char* kChannel = PgStore::kChannel;
constexpr std::int64_t kMigrationLock = 0x4368757263680001;  // pg_advisory_xact_lock key of the schema steps
constexpr std::size_t kNotifyChunk = 500;                    // ids per NOTIFY payload (at most 8000 bytes)

// The schema, one step per version; a database is brought from its version to the newest in order.
const char* const kSchemaSteps[] = {
    // 1: games with their marks, claimed seats, actions keyed by their index in the game (the
    // per-game sequence number: two servers can never both store an action at one index).
    "CREATE TABLE games (id TEXT PRIMARY KEY, record TEXT NOT NULL, invitation_hash TEXT NOT NULL DEFAULT '', "
    "version BIGINT, action_count BIGINT, state_hash TEXT, finished BOOLEAN NOT NULL DEFAULT false, "
    "updated BIGINT NOT NULL DEFAULT 0, summary TEXT NOT NULL DEFAULT '');"
    "CREATE INDEX games_finished ON games (finished, id);"
    "CREATE TABLE seats (game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat TEXT NOT NULL, "
    "token_hash TEXT NOT NULL, PRIMARY KEY (game, seat));"
    "CREATE TABLE actions (game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, idx BIGINT NOT NULL, "
    "seat TEXT NOT NULL, action TEXT NOT NULL, sampled BOOLEAN NOT NULL, PRIMARY KEY (game, idx));",
    // 2: each game's views' versions (server/versions.h).
    "ALTER TABLE games ADD COLUMN versions TEXT NOT NULL DEFAULT '';",
    // 3: the keys of each game's latest requests (server/request_keys.h); the address that created
    // each game and its network; the token buckets of the limits all servers share.
    "ALTER TABLE games ADD COLUMN requests TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN creator TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN creator_network TEXT NOT NULL DEFAULT '';"
    "CREATE INDEX games_creator ON games (creator) WHERE NOT finished;"
    "CREATE INDEX games_creator_network ON games (creator_network) WHERE NOT finished;"
    "CREATE TABLE buckets (key TEXT PRIMARY KEY, tokens DOUBLE PRECISION NOT NULL, at DOUBLE PRECISION NOT NULL);",
    // 4: accounts, their sessions (token hashes) and the seats they hold, each game's table talk and
    // mutes (server/side_store.h); a game's seats held and messages go with it.
    "CREATE TABLE accounts (id BIGSERIAL PRIMARY KEY, name_key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, "
    "password_hash TEXT NOT NULL, created BIGINT NOT NULL);"
    "CREATE TABLE account_sessions (token_hash TEXT PRIMARY KEY, account BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE, "
    "expires BIGINT NOT NULL);"
    "CREATE INDEX account_sessions_account ON account_sessions (account);"
    "CREATE TABLE account_seats (game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat TEXT NOT NULL, "
    "account BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE, token TEXT NOT NULL, PRIMARY KEY (game, seat));"
    "CREATE INDEX account_seats_account ON account_seats (account);"
    "CREATE TABLE chat (id BIGSERIAL PRIMARY KEY, game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, at BIGINT NOT NULL, "
    "step BIGINT NOT NULL, seat TEXT NOT NULL, channel TEXT NOT NULL, to_seat TEXT NOT NULL, text TEXT NOT NULL);"
    "CREATE INDEX chat_game ON chat (game, id);"
    "CREATE TABLE chat_mutes (game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat TEXT NOT NULL, muted TEXT NOT NULL, "
    "PRIMARY KEY (game, seat, muted));",
    // 5: each game's pace, its seats' clocks and stand-ins (server/clocks.h); each account's vacation
    // (server/side_store.h): until when, and the days used in which year.
    "ALTER TABLE games ADD COLUMN clocks TEXT NOT NULL DEFAULT '';"
    "CREATE TABLE vacations (account BIGINT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE, until BIGINT NOT NULL, "
    "used_days BIGINT NOT NULL, year BIGINT NOT NULL);",
    // 6: notifications (server/notify.h): each account's settings, and the outbox the notifiers of
    // every server drain (a row claimed by a conditional UPDATE is sent by one server).
    "CREATE TABLE notify_settings (account BIGINT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE, settings TEXT NOT NULL);"
    "CREATE TABLE notify_outbox (id BIGSERIAL PRIMARY KEY, dedupe TEXT NOT NULL UNIQUE, "
    "account BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE, channel TEXT NOT NULL, target TEXT NOT NULL, "
    "payload TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0, due BIGINT NOT NULL, "
    "claimed_by TEXT NOT NULL DEFAULT '', claimed_until BIGINT NOT NULL DEFAULT 0, failure TEXT NOT NULL DEFAULT '', created BIGINT NOT NULL);"
    "CREATE INDEX notify_outbox_due ON notify_outbox (status, due);",
};
static_assert(std::size(kSchemaSteps) == PgStore::kSchemaVersion);

// A query's result, cleared on scope exit.
class Result {
 public:
  explicit Result(PGresult* r) : r_(r) {}
  ~Result() { PQclear(r_); }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  Result(Result&& o) noexcept : r_(std::exchange(o.r_, nullptr)) {}
  int rows() const { return PQntuples(r_); }
  std::string text(int row, int col) const { return PQgetvalue(r_, row, col); }
  std::int64_t integer(int row, int col) const { return std::stoll(PQgetvalue(r_, row, col)); }
  bool null(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }
  bool boolean(int row, int col) const { return PQgetvalue(r_, row, col)[0] == 't'; }
  std::int64_t affected() const { return std::stoll(std::string("0") + PQcmdTuples(r_)); }

 private:
  PGresult* r_;
};

std::string error_of(pg_conn* db) {
  std::string m = PQerrorMessage(db);
  while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
  return m;
}

// Runs `sql` with text parameters; any error is a StoreError.
Result run(pg_conn* db, const std::string& sql, const std::vector<std::string>& params = {}) {
  std::vector<const char*> values;
  for (const auto& p : params) values.push_back(p.c_str());
  PGresult* raw = PQexecParams(db, sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0);
  const ExecStatusType status = PQresultStatus(raw);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    std::string message = raw ? PQresultErrorMessage(raw) : "";
    PQclear(raw);
    if (message.empty()) message = error_of(db);
    while (!message.empty() && message.back() == '\n') message.pop_back();
    throw StoreError(fmt::format("database: {}", message));
  }
  return Result(raw);
}

// Runs statements without parameters, several at once (the schema's steps).
void run_script(pg_conn* db, const char* sql) {
  PGresult* raw = PQexec(db, sql);
  const bool ok = PQresultStatus(raw) == PGRES_COMMAND_OK;
  PQclear(raw);
  if (!ok) throw StoreError(fmt::format("database: {}", error_of(db)));
}

pg_conn* connect(const std::string& conninfo) {
  pg_conn* db = PQconnectdb(conninfo.c_str());
  if (PQstatus(db) != CONNECTION_OK) {
    const std::string message = db ? error_of(db) : "out of memory";
    PQfinish(db);
    throw StoreError(fmt::format("cannot connect to the database: {}", message));
  }
  PQsetNoticeProcessor(
      db, [](void*, const char*) {}, nullptr);  // "relation exists, skipping" and the like
  return db;
}

// A connection that was lost is opened again (between transactions, never within one).
void ensure(pg_conn* db) {
  if (PQstatus(db) == CONNECTION_OK) return;
  PQreset(db);
  if (PQstatus(db) != CONNECTION_OK) throw StoreError(fmt::format("cannot reconnect to the database: {}", error_of(db)));
}

// Brings the schema to kSchemaVersion, one step at a time, under a transaction-scoped advisory lock:
// servers starting together take turns, and each finds the steps the others made.
void migrate(pg_conn* db) {
  run(db, "BEGIN");
  try {
    run(db, fmt::format("SELECT pg_advisory_xact_lock({})", kMigrationLock));
    run(db, "CREATE TABLE IF NOT EXISTS churchill_schema (version INTEGER PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now())");
    const int current = static_cast<int>(run(db, "SELECT COALESCE(max(version), 0) FROM churchill_schema").integer(0, 0));
    if (current > PgStore::kSchemaVersion)
      throw StoreError(fmt::format("the database's schema is version {}, newer than this server's ({}): upgrade the server", current,
                                   PgStore::kSchemaVersion));
    for (int step = current + 1; step <= PgStore::kSchemaVersion; ++step) {
      run_script(db, kSchemaSteps[step - 1]);
      run(db, "INSERT INTO churchill_schema (version) VALUES ($1)", {std::to_string(step)});
    }
    run(db, "COMMIT");
  } catch (...) {
    PQclear(PQexec(db, "ROLLBACK"));
    throw;
  }
}

// The common change, an action (or a bot's run) on a game at its base version: checked, marked and
// its actions appended in one statement, one round trip. False: the game has moved on, nothing written.
bool fast_write(pg_conn* db, const GameWrite& w) {
  const GameMark& m = *w.mark;
  std::vector<std::string> params = {w.id,
                                     std::to_string(*w.base_version),
                                     std::to_string(m.version),
                                     std::to_string(m.action_count),
                                     m.state_hash,
                                     m.finished ? "true" : "false",
                                     std::to_string(m.updated),
                                     m.summary,
                                     m.versions,
                                     m.requests,
                                     m.clocks};
  std::string sql =
      "WITH checked AS (UPDATE games SET version = $3, action_count = $4, state_hash = $5, finished = $6, updated = $7, summary = $8, "
      "versions = $9, requests = $10, clocks = $11 WHERE id = $1 AND COALESCE(version, 0) = $2 RETURNING id) ";
  if (w.append.empty()) return run(db, sql + "SELECT count(*) FROM checked", params).integer(0, 0) == 1;
  std::string values;
  for (std::size_t i = 0; i < w.append.size(); ++i) {
    const core::SavedAction& a = w.append[i];
    const std::size_t at = params.size() + 1;
    values += fmt::format("{}(${}::bigint, ${}, ${}, ${}::boolean)", i ? ", " : "", at, at + 1, at + 2, at + 3);
    params.insert(params.end(), {std::to_string(w.first_new + i), a.seat, a.action, a.sampled ? "true" : "false"});
  }
  sql +=
      "INSERT INTO actions (game, idx, seat, action, sampled) SELECT checked.id, v.idx, v.seat, v.action, v.sampled FROM checked, (VALUES " +
      values + ") AS v (idx, seat, action, sampled)";
  return static_cast<std::size_t>(run(db, sql, params).affected()) == w.append.size();
}

bool fast(const GameWrite& w) {
  return w.base_version && w.mark && !w.create && !w.erase && !w.claim && w.claims.empty() && !w.record && !w.keep_actions;
}

// One write of a game, within the batch's transaction. False: the game has moved on since the
// change was made (its version is not the base, or the seat was claimed): nothing of it is written.
bool write_one(pg_conn* db, const GameWrite& w) {
  if (w.base_version) {
    // The row stays locked until the commit: another server's write of this game waits for it.
    const Result r = run(db, "SELECT COALESCE(version, 0) FROM games WHERE id = $1 FOR UPDATE", {w.id});
    if (r.rows() == 0 || static_cast<std::uint64_t>(r.integer(0, 0)) != *w.base_version) return false;
  }
  if (w.create) {
    core::SaveFile meta = *w.create;
    meta.actions.clear();
    run(db, "INSERT INTO games (id, record, invitation_hash, creator, creator_network) VALUES ($1, $2, $3, $4, $5)",
        {w.id, core::save_to_json(meta), w.invitation_hash, w.creator, w.creator_network});
  }
  if (w.erase) {
    run(db, "DELETE FROM games WHERE id = $1", {w.id});  // its seats and actions go with it
    return true;
  }
  if (w.claim && run(db, "INSERT INTO seats (game, seat, token_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                     {w.id, w.claim->first, w.claim->second})
                         .affected() == 0)
    return false;
  for (const auto& [seat, hash] : w.claims) run(db, "INSERT INTO seats (game, seat, token_hash) VALUES ($1, $2, $3)", {w.id, seat, hash});
  if (w.record) {
    core::SaveFile meta = *w.record;
    meta.actions.clear();
    run(db, "UPDATE games SET record = $1 WHERE id = $2", {core::save_to_json(meta), w.id});
  }
  if (w.keep_actions) run(db, "DELETE FROM actions WHERE game = $1 AND idx >= $2", {w.id, std::to_string(*w.keep_actions)});
  for (std::size_t i = 0; i < w.append.size(); ++i) {
    const core::SavedAction& a = w.append[i];
    run(db, "INSERT INTO actions (game, idx, seat, action, sampled) VALUES ($1, $2, $3, $4, $5)",
        {w.id, std::to_string(w.first_new + i), a.seat, a.action, a.sampled ? "true" : "false"});
  }
  if (w.mark) {
    const GameMark& m = *w.mark;
    run(db,
        "UPDATE games SET version = $1, action_count = $2, state_hash = $3, finished = $4, updated = $5, summary = $6, versions = $7, "
        "requests = $8, clocks = $9 WHERE id = $10",
        {std::to_string(m.version), std::to_string(m.action_count), m.state_hash, m.finished ? "true" : "false", std::to_string(m.updated),
         m.summary, m.versions, m.requests, m.clocks, w.id});
  }
  return true;
}

}  // namespace

PgStore::PgStore(const std::string& conninfo) : conninfo_(conninfo) {
  writer_ = connect(conninfo);
  try {
    migrate(writer_);
    writer_pid_ = PQbackendPID(writer_);
    reader_ = connect(conninfo);
    loader_ = connect(conninfo);
    listener_ = connect(conninfo);
    run(listener_, fmt::format("LISTEN {}", kChannel));
  } catch (...) {
    PQfinish(listener_);
    PQfinish(loader_);
    PQfinish(reader_);
    PQfinish(writer_);
    throw;
  }
}

PgStore::~PgStore() {
  PQfinish(listener_);
  PQfinish(loader_);
  PQfinish(reader_);
  PQfinish(writer_);
}

namespace {

constexpr const char* kMarkColumns = "version, action_count, state_hash, finished, updated, summary, versions, requests, clocks";

// The mark in the columns kMarkColumns from `col` on; none in a database written before marks.
std::optional<GameMark> mark_of(const Result& r, int row, int col) {
  if (r.null(row, col)) return std::nullopt;
  return GameMark{static_cast<std::uint64_t>(r.integer(row, col)),
                  static_cast<std::size_t>(r.integer(row, col + 1)),
                  r.text(row, col + 2),
                  r.boolean(row, col + 3),
                  r.integer(row, col + 4),
                  r.text(row, col + 5),
                  r.text(row, col + 6),
                  r.text(row, col + 7),
                  r.text(row, col + 8)};
}

// The game's actions from index `from` on (none from kMarkOnly), and its claimed seats.
void read_actions_and_seats(pg_conn* db, StoredGame& sg, std::size_t from) {
  const Result a = run(db, "SELECT seat, action, sampled FROM actions WHERE game = $1 AND idx >= $2 ORDER BY idx",
                       {sg.id, std::to_string(std::min(from, Store::kMarkOnly))});
  for (int i = 0; i < a.rows(); ++i) sg.record.actions.push_back({a.text(i, 0), a.text(i, 1), a.boolean(i, 2)});
  const Result s = run(db, "SELECT seat, token_hash FROM seats WHERE game = $1", {sg.id});
  for (int i = 0; i < s.rows(); ++i) sg.token_hashes.emplace_back(s.text(i, 0), s.text(i, 1));
}

// `read` in one read-only snapshot: never a mark from before a commit with actions from after it.
template <typename F>
auto in_snapshot(pg_conn* db, F read) {
  ensure(db);
  run(db, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  try {
    auto out = read();
    run(db, "COMMIT");
    return out;
  } catch (...) {
    PQclear(PQexec(db, "ROLLBACK"));
    throw;
  }
}

}  // namespace

std::vector<StoredGame> PgStore::load_where(pg_conn* db, const std::string& where, const std::vector<std::string>& args) {
  return in_snapshot(db, [&] {
    std::vector<StoredGame> games;
    const Result g =
        run(db, fmt::format("SELECT id, record, invitation_hash, {} FROM games WHERE {} ORDER BY id", kMarkColumns, where), args);
    for (int row = 0; row < g.rows(); ++row) {
      StoredGame sg;
      sg.id = g.text(row, 0);
      try {
        sg.record = core::save_from_json(g.text(row, 1));
      } catch (const core::SaveError& e) {
        sg.record.game = "";  // unreadable: the lobby quarantines it
        sg.record.state_hash = e.what();
      }
      sg.record.actions.clear();
      sg.invitation_hash = g.text(row, 2);
      sg.mark = mark_of(g, row, 3);
      read_actions_and_seats(db, sg, 0);
      games.push_back(std::move(sg));
    }
    return games;
  });
}

std::optional<StoredGame> PgStore::load_tail(const std::string& id, std::size_t from) {
  std::lock_guard lock(load_mutex_);
  return in_snapshot(loader_, [&] {
    std::optional<StoredGame> sg;
    const Result g = run(loader_, fmt::format("SELECT invitation_hash, record, {} FROM games WHERE id = $1", kMarkColumns), {id});
    if (g.rows() == 0) return sg;
    sg.emplace();
    sg->id = id;
    sg->invitation_hash = g.text(0, 0);
    try {  // its events (a resignation, a concession made on another server): the caller compares them
      sg->record = core::save_from_json(g.text(0, 1));
    } catch (const core::SaveError&) {
      sg->record.events.push_back({0, "", "unreadable", "", ""});  // never what a game holds: it is read again whole
    }
    sg->record.actions.clear();
    sg->mark = mark_of(g, 0, 2);
    read_actions_and_seats(loader_, *sg, from);
    return sg;
  });
}

std::vector<StoredGame> PgStore::load_unfinished() { return load_where(reader_, "NOT finished", {}); }

std::optional<StoredGame> PgStore::load(const std::string& id) {
  std::lock_guard lock(load_mutex_);
  auto games = load_where(loader_, "id = $1", {id});
  if (games.empty()) return std::nullopt;
  return std::move(games.front());
}

Store::Summaries PgStore::finished_summaries(const std::string& after, std::size_t limit) {
  ensure(reader_);
  const Result r =
      run(reader_, "SELECT id, summary FROM games WHERE finished AND id > $1 ORDER BY id LIMIT $2", {after, std::to_string(limit)});
  Summaries out;
  for (int i = 0; i < r.rows(); ++i) out.emplace_back(r.text(i, 0), r.text(i, 1));
  return out;
}

std::vector<std::string> PgStore::game_ids() {
  ensure(reader_);
  const Result r = run(reader_, "SELECT id FROM games ORDER BY id");
  std::vector<std::string> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back(r.text(i, 0));
  return out;
}

std::vector<std::string> PgStore::commit(const std::vector<GameWrite>& batch) {
  if (batch.empty()) return {};
  if (PQstatus(writer_) != CONNECTION_OK) {
    ensure(writer_);
    writer_pid_ = PQbackendPID(writer_);
  }
  // Each game's writes in their order; games in id order, the order their rows are locked in, so two
  // servers' batches never wait for each other in a circle.
  std::map<std::string, std::vector<const GameWrite*>> by_game;
  for (const GameWrite& w : batch) by_game[w.id].push_back(&w);
  const bool several = by_game.size() > 1;
  std::vector<std::string> conflicts, written;
  run(writer_, "BEGIN");
  try {
    for (const auto& [id, writes] : by_game) {
      // One fast write writes all or nothing by itself; anything else may have to be undone.
      const bool alone = writes.size() == 1 && fast(*writes[0]);
      const bool guard = several && !alone;
      if (guard) run(writer_, "SAVEPOINT game");
      bool ok = true;
      for (const GameWrite* w : writes)
        if (!(ok = alone ? fast_write(writer_, *w) : write_one(writer_, *w))) break;
      if (guard && !ok) run(writer_, "ROLLBACK TO SAVEPOINT game");
      if (guard) run(writer_, "RELEASE SAVEPOINT game");
      (ok ? written : conflicts).push_back(id);
    }
    for (std::size_t i = 0; i < written.size(); i += kNotifyChunk) {
      std::string payload;
      for (std::size_t k = i; k < std::min(written.size(), i + kNotifyChunk); ++k) payload += (k > i ? "," : "") + written[k];
      run(writer_, "SELECT pg_notify($1, $2)", {kChannel, payload});  // sent to the listeners when (if) the batch commits
    }
  } catch (...) {
    PQclear(PQexec(writer_, "ROLLBACK"));
    throw;
  }
  try {
    run(writer_, "COMMIT");
  } catch (const StoreError& e) {
    // A COMMIT refused by a live connection wrote nothing; one whose connection was lost may have
    // been made before the answer was lost.
    if (PQstatus(writer_) == CONNECTION_OK) throw;
    throw CommitUnknown(e.what());
  }
  return conflicts;
}

// One token from the bucket, refilled by the database's clock (the servers' clocks may differ); the
// row is updated only if a token is there, in one statement, so servers taking at once never both
// take the last one. Buckets unused for an hour (full again) are forgotten now and then.
std::optional<bool> PgStore::take_token(const std::string& key, double per_minute, double burst) {
  ensure(reader_);
  if (++takes_ % 1000 == 0) run(reader_, "DELETE FROM buckets WHERE at < extract(epoch FROM clock_timestamp()) - 3600");
  const Result r = run(
      reader_,
      "WITH now AS (SELECT extract(epoch FROM clock_timestamp())::double precision AS t) "
      "INSERT INTO buckets AS b (key, tokens, at) SELECT $1, $3::double precision - 1, t FROM now "
      "ON CONFLICT (key) DO UPDATE SET tokens = LEAST($3::double precision, b.tokens + ((SELECT t FROM now) - b.at) * $2::double precision / 60) - 1, "
      "at = (SELECT t FROM now) WHERE LEAST($3::double precision, b.tokens + ((SELECT t FROM now) - b.at) * $2::double precision / 60) >= 1 "
      "RETURNING tokens",
      {key, fmt::format("{}", per_minute), fmt::format("{}", burst)});
  return r.rows() == 1;
}

std::pair<std::size_t, std::size_t> PgStore::games_held(const std::string& address, const std::string& network) {
  ensure(reader_);
  const Result r = run(reader_,
                       "SELECT count(*) FILTER (WHERE creator = $1), count(*) FILTER (WHERE creator_network = $2) FROM games "
                       "WHERE NOT finished AND (creator = $1 OR creator_network = $2)",
                       {address, network});
  return {static_cast<std::size_t>(r.integer(0, 0)), static_cast<std::size_t>(r.integer(0, 1))};
}

int PgStore::change_socket() { return PQsocket(listener_); }

std::vector<std::string> PgStore::take_changes() {
  if (PQstatus(listener_) != CONNECTION_OK || !PQconsumeInput(listener_)) {
    // Notifications may have been missed while the connection was down: any game may have changed.
    PQreset(listener_);
    if (PQstatus(listener_) != CONNECTION_OK) return {};
    try {
      run(listener_, fmt::format("LISTEN {}", kChannel));
    } catch (const StoreError&) {
      return {};
    }
    return {"*"};
  }
  std::vector<std::string> ids;
  while (PGnotify* n = PQnotifies(listener_)) {
    if (n->be_pid != writer_pid_) {
      const std::string payload = n->extra;
      std::size_t start = 0;
      while (start <= payload.size()) {
        const std::size_t comma = payload.find(',', start);
        const std::string id = payload.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!id.empty()) ids.push_back(id);
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    }
    PQfreemem(n);
  }
  return ids;
}

}  // namespace server
