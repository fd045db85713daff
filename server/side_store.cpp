#include "server/side_store.h"

#include <fmt/format.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include <map>

#include "server/pg_store.h"
#include "server/store.h"

namespace server {

namespace {

std::int64_t number(const std::string& text) { return text.empty() ? 0 : std::stoll(text); }

// SQLite: the statement's parameters named $1, $2, ... bound by name.
class SqliteSide : public SideStore {
 public:
  SqliteSide(const std::string& path, int busy_timeout_ms) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
      const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError(fmt::format("cannot open the database {}: {}", path, message));
    }
    sqlite3_busy_timeout(db_, busy_timeout_ms);
  }
  ~SqliteSide() override { sqlite3_close(db_); }
  SqliteSide(const SqliteSide&) = delete;
  SqliteSide& operator=(const SqliteSide&) = delete;

 protected:
  Rows run(const std::string& sql, const std::vector<std::string>& params) override {
    sqlite3_stmt* st = nullptr;
    const auto fail = [&] {
      const std::string message = sqlite3_errmsg(db_);
      sqlite3_finalize(st);
      throw StoreError(fmt::format("database: {}", message));
    };
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) fail();
    for (std::size_t i = 0; i < params.size(); ++i) {
      const int at = sqlite3_bind_parameter_index(st, fmt::format("${}", i + 1).c_str());
      if (at > 0) sqlite3_bind_text(st, at, params[i].c_str(), static_cast<int>(params[i].size()), SQLITE_TRANSIENT);
    }
    Rows rows;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      auto& row = rows.emplace_back();
      for (int c = 0; c < sqlite3_column_count(st); ++c) {
        const auto* text = sqlite3_column_text(st, c);
        row.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
      }
    }
    if (rc != SQLITE_DONE) fail();
    sqlite3_finalize(st);
    return rows;
  }

 private:
  sqlite3* db_ = nullptr;
};

// PostgreSQL: a connection of its own, opened again when it was lost.
class PgSide : public SideStore {
 public:
  explicit PgSide(const std::string& conninfo) : db_(PQconnectdb(conninfo.c_str())) {
    if (PQstatus(db_) != CONNECTION_OK) {
      const std::string message = db_ ? PQerrorMessage(db_) : "out of memory";
      PQfinish(db_);
      throw StoreError(fmt::format("cannot connect to the database: {}", message));
    }
  }
  ~PgSide() override { PQfinish(db_); }
  PgSide(const PgSide&) = delete;
  PgSide& operator=(const PgSide&) = delete;

  void announce_account(std::int64_t account) override {
    run("SELECT pg_notify($1, $2)", {PgStore::kChannel, std::string(PgStore::kAccountChange) + std::to_string(account)});
  }
  void announce_message(const std::string& game, std::int64_t id) override {
    run("SELECT pg_notify($1, $2)", {PgStore::kChannel, fmt::format("{}{}:{}", PgStore::kChatChange, game, id)});
  }

 protected:
  Rows run(const std::string& sql, const std::vector<std::string>& params) override {
    if (PQstatus(db_) != CONNECTION_OK) PQreset(db_);
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p.c_str());
    PGresult* r = PQexecParams(db_, sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0);
    const ExecStatusType status = PQresultStatus(r);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      const std::string message = r ? PQresultErrorMessage(r) : PQerrorMessage(db_);
      PQclear(r);
      throw StoreError(fmt::format("database: {}", message));
    }
    Rows rows(static_cast<std::size_t>(PQntuples(r)));
    for (int i = 0; i < PQntuples(r); ++i)
      for (int c = 0; c < PQnfields(r); ++c) rows[static_cast<std::size_t>(i)].emplace_back(PQgetvalue(r, i, c));
    PQclear(r);
    return rows;
  }

 private:
  pg_conn* db_;
};

}  // namespace

std::optional<std::int64_t> SideStore::add_account(const std::string& key, const std::string& name, const std::string& hash,
                                                   std::int64_t now) {
  const Rows r =
      run("INSERT INTO accounts (name_key, name, password_hash, created) VALUES ($1, $2, $3, $4) "
          "ON CONFLICT (name_key) DO NOTHING RETURNING id",
          {key, name, hash, std::to_string(now)});
  if (r.empty()) return std::nullopt;
  return number(r[0][0]);
}

std::optional<Account> SideStore::account(const std::string& key) {
  const Rows r = run("SELECT id, name, password_hash FROM accounts WHERE name_key = $1", {key});
  if (r.empty()) return std::nullopt;
  return Account{number(r[0][0]), r[0][1], r[0][2]};
}

void SideStore::add_session(const std::string& token_hash, std::int64_t account, std::int64_t expires, std::int64_t now) {
  run("DELETE FROM account_sessions WHERE account = $1 AND expires <= $2", {std::to_string(account), std::to_string(now)});
  run("INSERT INTO account_sessions (token_hash, account, expires) VALUES ($1, $2, $3)",
      {token_hash, std::to_string(account), std::to_string(expires)});
}

std::optional<Account> SideStore::session(const std::string& token_hash, std::int64_t now) {
  const Rows r =
      run("SELECT a.id, a.name FROM account_sessions s JOIN accounts a ON a.id = s.account "
          "WHERE s.token_hash = $1 AND s.expires > $2",
          {token_hash, std::to_string(now)});
  if (r.empty()) return std::nullopt;
  return Account{number(r[0][0]), r[0][1], ""};
}

std::size_t SideStore::end_sessions(std::int64_t account) {
  return run("DELETE FROM account_sessions WHERE account = $1 RETURNING token_hash", {std::to_string(account)}).size();
}

bool SideStore::hold_seat(std::int64_t account, const std::string& game, const std::string& seat, const std::string& token, bool* added) {
  const bool inserted = !run("INSERT INTO account_seats (game, seat, account, token) VALUES ($1, $2, $3, $4) "
                             "ON CONFLICT (game, seat) DO NOTHING RETURNING game",
                             {game, seat, std::to_string(account), token})
                             .empty();
  if (added) *added = inserted;
  const Rows r = run("SELECT account, token FROM account_seats WHERE game = $1 AND seat = $2", {game, seat});
  if (r.empty() || number(r[0][0]) != account) return false;
  if (r[0][1] != token)  // the seat's token now (held again with the token of a later claim)
    run("UPDATE account_seats SET token = $3 WHERE game = $1 AND seat = $2", {game, seat, token});
  return true;
}

std::vector<HeldSeat> SideStore::held_seats(std::int64_t account) {
  std::vector<HeldSeat> out;
  for (auto& row : run("SELECT s.game, s.seat, s.token, g.summary FROM account_seats s JOIN games g ON g.id = s.game "
                       "WHERE s.account = $1 ORDER BY s.game, s.seat",
                       {std::to_string(account)}))
    out.push_back({std::move(row[0]), std::move(row[1]), std::move(row[2]), std::move(row[3])});
  return out;
}

std::vector<std::string> SideStore::hold_rematch(const std::string& old, const std::string& made) {
  std::vector<std::string> out;
  for (auto& row : run("INSERT INTO account_seats (game, seat, account, token) SELECT $2, seat, account, token FROM account_seats "
                       "WHERE game = $1 ON CONFLICT (game, seat) DO NOTHING RETURNING seat",
                       {old, made}))
    out.push_back(std::move(row[0]));
  return out;
}

Vacation SideStore::vacation(std::int64_t account) {
  const Rows r = run("SELECT until, used_days, year FROM vacations WHERE account = $1", {std::to_string(account)});
  if (r.empty()) return {};
  return {number(r[0][0]), number(r[0][1]), number(r[0][2])};
}

void SideStore::set_vacation(std::int64_t account, const Vacation& v) {
  run("INSERT INTO vacations (account, until, used_days, year) VALUES ($1, $2, $3, $4) "
      "ON CONFLICT (account) DO UPDATE SET until = $2, used_days = $3, year = $4",
      {std::to_string(account), std::to_string(v.until), std::to_string(v.used_days), std::to_string(v.year)});
}

std::int64_t SideStore::add_message(const std::string& game, const ChatMessage& m) {
  const Rows r = run("INSERT INTO chat (game, at, step, seat, channel, to_seat, text) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                     {game, std::to_string(m.at), std::to_string(m.step), m.seat, m.channel, m.to, m.text});
  return number(r.at(0).at(0));
}

std::vector<ChatMessage> SideStore::messages(const std::string& game, std::int64_t from_id) {
  std::vector<ChatMessage> out;
  for (auto& row : run("SELECT id, at, step, seat, channel, to_seat, text FROM chat WHERE game = $1 AND id >= $2 ORDER BY id",
                       {game, std::to_string(from_id)}))
    out.push_back(
        {number(row[0]), number(row[1]), number(row[2]), std::move(row[3]), std::move(row[4]), std::move(row[5]), std::move(row[6])});
  return out;
}

void SideStore::set_mute(const std::string& game, const std::string& seat, const std::string& muted, bool on) {
  if (on)
    run("INSERT INTO chat_mutes (game, seat, muted) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", {game, seat, muted});
  else
    run("DELETE FROM chat_mutes WHERE game = $1 AND seat = $2 AND muted = $3", {game, seat, muted});
}

std::vector<std::pair<std::string, std::string>> SideStore::mutes(const std::string& game) {
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& row : run("SELECT seat, muted FROM chat_mutes WHERE game = $1", {game}))
    out.emplace_back(std::move(row[0]), std::move(row[1]));
  return out;
}

std::string SideStore::notify_settings(std::int64_t account) {
  const Rows r = run("SELECT settings FROM notify_settings WHERE account = $1", {std::to_string(account)});
  return r.empty() ? "" : r[0][0];
}

void SideStore::set_notify_settings(std::int64_t account, const std::string& settings) {
  run("INSERT INTO notify_settings (account, settings) VALUES ($1, $2) ON CONFLICT (account) DO UPDATE SET settings = excluded.settings",
      {std::to_string(account), settings});
}

std::optional<std::pair<std::int64_t, std::string>> SideStore::seat_holder(const std::string& game, const std::string& seat) {
  const Rows r =
      run("SELECT s.account, n.settings FROM account_seats s JOIN notify_settings n ON n.account = s.account "
          "WHERE s.game = $1 AND s.seat = $2",
          {game, seat});
  if (r.empty()) return std::nullopt;
  return std::make_pair(number(r[0][0]), r[0][1]);
}

bool SideStore::add_outbox(const std::string& dedupe, const OutboxRow& row, std::int64_t due, std::int64_t now) {
  return !run("INSERT INTO notify_outbox (dedupe, account, channel, target, payload, due, created) VALUES ($1, $2, $3, $4, $5, $6, $7) "
              "ON CONFLICT (dedupe) DO NOTHING RETURNING id",
              {dedupe, std::to_string(row.account), row.channel, row.target, row.payload, std::to_string(due), std::to_string(now)})
              .empty();
}

bool SideStore::told_turn(std::int64_t account, const std::string& game) {
  return !run("SELECT 1 FROM notify_outbox WHERE account = $1 AND dedupe LIKE $2 LIMIT 1",
              {std::to_string(account), fmt::format("turn:{}:{}:%", account, game)})
              .empty();
}

std::vector<OutboxRow> SideStore::claim_outbox(const std::string& sender, std::int64_t now, std::int64_t lease, std::size_t limit) {
  std::vector<OutboxRow> out;
  const std::string at = std::to_string(now);
  for (const auto& candidate : run("SELECT id FROM notify_outbox WHERE status = 'pending' AND due <= $1 AND claimed_until <= $1 "
                                   "ORDER BY due, id LIMIT $2",
                                   {at, std::to_string(limit)})) {
    // Claimed only if nobody claimed it since it was read: of several senders, one wins.
    Rows r =
        run("UPDATE notify_outbox SET claimed_by = $2, claimed_until = $3 "
            "WHERE id = $1 AND status = 'pending' AND claimed_until <= $4 "
            "RETURNING id, account, channel, target, payload, attempts",
            {candidate[0], sender, std::to_string(now + lease), at});
    if (r.empty()) continue;
    auto& row = r[0];
    out.push_back(
        {number(row[0]), number(row[1]), std::move(row[2]), std::move(row[3]), std::move(row[4]), static_cast<int>(number(row[5]))});
  }
  return out;
}

void SideStore::settle_outbox(std::int64_t id, const std::string& sender, const std::string& status, std::int64_t due,
                              const std::string& reason) {
  run("UPDATE notify_outbox SET status = $3, due = $4, failure = $5, claimed_until = 0, attempts = attempts + 1 "
      "WHERE id = $1 AND claimed_by = $2",
      {std::to_string(id), sender, status, std::to_string(due), reason});
}

std::size_t SideStore::prune_outbox(std::int64_t before) {
  return run("DELETE FROM notify_outbox WHERE status <> 'pending' AND created <= $1 RETURNING id", {std::to_string(before)}).size();
}

std::string SideStore::game_summary(const std::string& game) {
  const Rows r = run("SELECT summary FROM games WHERE id = $1", {game});
  return r.empty() ? "" : r[0][0];
}

std::optional<SideStore::GameEntry> SideStore::game_entry(const std::string& game) {
  const Rows r = run("SELECT summary, action_count, invitation_hash FROM games WHERE id = $1", {game});
  if (r.empty()) return std::nullopt;
  return GameEntry{r[0][0], static_cast<std::size_t>(number(r[0][1])), !r[0][2].empty()};
}

SideStore::CopyReport SideStore::copy_into(SideStore& to, std::int64_t now) {
  CopyReport report;
  std::map<std::string, std::string> account_ids;  // here -> there
  for (const auto& row : run("SELECT id, name_key, name, password_hash, created FROM accounts ORDER BY id", {})) {
    report.accounts += !to.run(
                              "INSERT INTO accounts (name_key, name, password_hash, created) VALUES ($1, $2, $3, $4) "
                              "ON CONFLICT (name_key) DO NOTHING RETURNING id",
                              {row[1], row[2], row[3], row[4]})
                            .empty();
    account_ids[row[0]] = to.run("SELECT id FROM accounts WHERE name_key = $1", {row[1]}).at(0).at(0);
  }
  for (const auto& row : run("SELECT token_hash, account, expires FROM account_sessions WHERE expires > $1", {std::to_string(now)}))
    report.sessions += !to.run(
                              "INSERT INTO account_sessions (token_hash, account, expires) VALUES ($1, $2, $3) "
                              "ON CONFLICT (token_hash) DO NOTHING RETURNING token_hash",
                              {row[0], account_ids.at(row[1]), row[2]})
                            .empty();
  const auto there = [&](const std::string& game) { return !to.run("SELECT 1 FROM games WHERE id = $1", {game}).empty(); };
  for (const auto& row : run("SELECT game, seat, account, token FROM account_seats ORDER BY game, seat", {}))
    if (account_ids.count(row[2]) && there(row[0]))
      report.seats += !to.run(
                             "INSERT INTO account_seats (game, seat, account, token) VALUES ($1, $2, $3, $4) "
                             "ON CONFLICT (game, seat) DO NOTHING RETURNING game",
                             {row[0], row[1], account_ids.at(row[2]), row[3]})
                           .empty();
  for (const auto& row : run("SELECT DISTINCT game FROM chat ORDER BY game", {})) {
    if (!there(row[0]) || !to.run("SELECT 1 FROM chat WHERE game = $1 LIMIT 1", {row[0]}).empty()) continue;
    for (const ChatMessage& m : messages(row[0])) to.add_message(row[0], m), ++report.messages;
  }
  for (const auto& row : run("SELECT game, seat, muted FROM chat_mutes ORDER BY game", {}))
    if (there(row[0]))
      report.mutes += !to.run("INSERT INTO chat_mutes (game, seat, muted) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING game",
                              {row[0], row[1], row[2]})
                           .empty();
  copy_account_rows(to, account_ids, report);
  return report;
}

// What copy_into copies by account: vacations, notification settings and the outbox.
void SideStore::copy_account_rows(SideStore& to, const std::map<std::string, std::string>& account_ids, CopyReport& report) {
  const auto copied = [&](const Rows& rows) { return !rows.empty(); };
  for (const auto& row : run("SELECT account, until, used_days, year FROM vacations ORDER BY account", {}))
    if (account_ids.count(row[0]))
      report.vacations +=
          copied(to.run("INSERT INTO vacations (account, until, used_days, year) VALUES ($1, $2, $3, $4) "
                        "ON CONFLICT (account) DO NOTHING RETURNING account",
                        {account_ids.at(row[0]), row[1], row[2], row[3]}));
  for (const auto& row : run("SELECT account, settings FROM notify_settings ORDER BY account", {}))
    if (account_ids.count(row[0]))
      report.notify_settings +=
          copied(to.run("INSERT INTO notify_settings (account, settings) VALUES ($1, $2) "
                        "ON CONFLICT (account) DO NOTHING RETURNING account",
                        {account_ids.at(row[0]), row[1]}));
  for (const auto& row : run("SELECT dedupe, account, channel, target, payload, status, attempts, due, failure, created "
                             "FROM notify_outbox ORDER BY id",
                             {}))
    if (account_ids.count(row[1]))
      report.outbox +=
          copied(to.run("INSERT INTO notify_outbox (dedupe, account, channel, target, payload, status, attempts, due, failure, created) "
                        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (dedupe) DO NOTHING RETURNING id",
                        {row[0], account_ids.at(row[1]), row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9]}));
}

std::unique_ptr<SideStore> open_side_store(const std::string& db, int busy_timeout_ms) {
  if (db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0) return std::make_unique<PgSide>(db);
  return std::make_unique<SqliteSide>(db.rfind("sqlite:", 0) == 0 ? db.substr(7) : db, busy_timeout_ms);
}

}  // namespace server
