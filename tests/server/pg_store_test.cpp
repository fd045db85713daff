// The PostgreSQL store (docs/deploy.md) with servers sharing one database: schema steps taken once by
// servers starting together, one order of actions per game when two servers act on it at once, the
// changes of one server reaching the other's listeners, and a SQLite database copied over. Needs a
// database: CHURCHILL_TEST_POSTGRES (tests/e2e/with_postgres.sh starts a throw-away cluster).
#include "server/pg_store.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <unistd.h>

#include <fmt/format.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <thread>

#include "churchill/title.h"
#include "server/lobby.h"
#include "server/notify.h"
#include "tests/server/side_store_check.h"
#include "tests/support/fake_sinks.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const core::Titles& titles() {
  static const core::Titles t = [] {
    core::Titles all;
    all.add(churchill::make_title(CHURCHILL_TEST_DATA_DIR));
    return all;
  }();
  return t;
}

// A game where the UK is the only human seat: every action a client makes is the UK's.
const json kOneHuman = {{"seating", "public"}, {"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}};

// A command's exit status and what it printed.
std::pair<int, std::string> run(const std::string& command) {
  FILE* p = ::popen(command.c_str(), "r");
  if (!p) return {-1, ""};
  std::string out;
  char buffer[512];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, p)) out.append(buffer, n);
  return {::pclose(p), out};
}

class PostgresStore : public ::testing::Test {
 protected:
  std::string url;
  PGconn* admin = nullptr;

  void SetUp() override {
    const char* env = std::getenv("CHURCHILL_TEST_POSTGRES");
    if (!env || !*env) GTEST_SKIP() << "CHURCHILL_TEST_POSTGRES is not set (tests/e2e/with_postgres.sh sets it)";
    url = env;
    admin = PQconnectdb(url.c_str());
    ASSERT_EQ(PQstatus(admin), CONNECTION_OK) << PQerrorMessage(admin);
    PQsetNoticeProcessor(
        admin, [](void*, const char*) {}, nullptr);
    // Every test starts from an empty database.
    sql(std::string("DROP TABLE IF EXISTS ") + server::PgStore::kTables + " CASCADE");
  }
  void TearDown() override { PQfinish(admin); }

  // One value of a query run directly on the database.
  std::string sql(const std::string& query) {
    PGresult* r = PQexec(admin, query.c_str());
    const auto status = PQresultStatus(r);
    EXPECT_TRUE(status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) << query << ": " << PQresultErrorMessage(r);
    std::string value = PQntuples(r) > 0 ? PQgetvalue(r, 0, 0) : "";
    PQclear(r);
    return value;
  }

  // Two servers on the database, and a game where the UK is the only human created through the
  // first, its UK claimed, known to the second.
  struct TwoServers {
    server::PgStore store_a, store_b;
    server::Lobby a, b;
    std::string id, token;
    explicit TwoServers(const std::string& url) : store_a(url), store_b(url), a(titles(), store_a), b(titles(), store_b) {
      id = a.create(kOneHuman)["id"].get<std::string>();
      token = a.claim(id, "UK", json::object());
      a.commit_now();
      for (const std::string& changed : changes_heard(store_b)) b.changed_elsewhere(changed);
    }
  };

  // Waits (at most 5 s) for `store` to hear of a change another server committed.
  static std::vector<std::string> changes_heard(server::Store& store) {
    for (int i = 0; i < 500; ++i) {
      auto ids = store.take_changes();
      if (!ids.empty()) return ids;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return {};
  }
};

TEST_F(PostgresStore, ServersStartingTogetherTakeTheSchemaStepsOnce) {
  std::vector<std::thread> servers;
  std::atomic<int> failures{0};
  for (int i = 0; i < 6; ++i)
    servers.emplace_back([&] {
      try {
        server::PgStore store(url);
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
        ++failures;
      }
    });
  for (auto& t : servers) t.join();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(sql("SELECT count(*) FROM churchill_schema"), std::to_string(server::PgStore::kSchemaVersion));
  EXPECT_EQ(sql("SELECT max(version) FROM churchill_schema"), std::to_string(server::PgStore::kSchemaVersion));
}

TEST_F(PostgresStore, TheSideStoreKeepsAccountsSessionsSeatsAndTableTalkWithTheGame) {
  server::PgStore store(url);
  server::Lobby lobby(titles(), store);
  const std::string id = lobby.create(kOneHuman)["id"];
  lobby.commit_now();
  const auto side = server::open_side_store(url);
  test_support::check_side_store(*side, id, [&] { sql("DELETE FROM games WHERE id = '" + id + "'"); });
}

TEST_F(PostgresStore, ASchemaNewerThanTheServerIsRefusedNotTouched) {
  { server::PgStore first(url); }
  sql("INSERT INTO churchill_schema (version) VALUES (99)");
  try {
    server::PgStore store(url);
    FAIL() << "a server opened a database of a newer schema";
  } catch (const server::StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("newer than this server"), std::string::npos) << e.what();
  }
}

TEST_F(PostgresStore, AnUnreachableDatabaseIsAClearError) {
  try {
    server::PgStore store("postgresql://churchill@127.0.0.1:1/none?connect_timeout=2");
    FAIL() << "connected to nothing";
  } catch (const server::StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot connect to the database"), std::string::npos) << e.what();
  }
}

TEST_F(PostgresStore, TwoServersActingOnOneVersionKeepOneOrderAndTheLaterIsToldOfTheConflict) {
  server::PgStore store_a(url), store_b(url);
  server::Lobby a(titles(), store_a), b(titles(), store_b);
  const std::string id = a.create(kOneHuman)["id"];
  const std::string token = a.claim(id, "UK", json::object());
  EXPECT_TRUE(a.commit_now().empty());
  for (const std::string& changed : changes_heard(store_b)) b.changed_elsewhere(changed);
  const json seen_a = json::parse(a.view(id, token)), seen_b = json::parse(b.view(id, token));
  ASSERT_EQ(seen_a, seen_b) << "both servers serve the game as stored";
  ASSERT_GE(seen_a["legal_actions"].size(), 2u);
  const std::size_t before = server::PgStore(url).load(id)->record.actions.size();

  // Both servers accept a different action on the same version before either commits.
  const json made_a = json::parse(a.act(id, token, {{"action", seen_a["legal_actions"][0]}, {"version", seen_a["version"]}}));
  b.act(id, token, {{"action", seen_b["legal_actions"][1]}, {"version", seen_b["version"]}});
  EXPECT_TRUE(a.commit_now().empty());
  EXPECT_EQ(b.commit_now(), std::vector<std::string>{id}) << "the later commit is refused, not stored after the first";

  EXPECT_EQ(json::parse(b.view(id, token)), made_a) << "the refused server serves the game as stored again";
  const auto stored = server::PgStore(url).load(id);
  ASSERT_TRUE(stored && stored->mark);
  EXPECT_EQ(server::SeatVersions(stored->mark->versions, 3, stored->mark->version).of(0), made_a["version"].get<std::uint64_t>())
      << "the UK's version as the first server made it";
  EXPECT_EQ(stored->record.actions.size(), stored->mark->action_count);
  ASSERT_GT(stored->record.actions.size(), before);
  EXPECT_EQ(stored->record.actions[before].action, seen_a["legal_actions"][0]) << "the first server's action";
  EXPECT_EQ(std::count_if(stored->record.actions.begin() + static_cast<std::ptrdiff_t>(before), stored->record.actions.end(),
                          [](const core::SavedAction& x) { return x.seat == "UK"; }),
            1)
      << "the UK's one action since, not the second server's besides";
  EXPECT_EQ(sql("SELECT count(*) FROM actions WHERE game = '" + id + "'"), std::to_string(stored->record.actions.size()));
}

// Issue 35, item 3: a seat's clock that runs out on two servers at once is given to its stand-in
// once -- the second server's timeout is a conflict, and it reads the game as the first stored it.
TEST_F(PostgresStore, AClockThatRunsOutOnTwoServersRunsOutOnce) {
  std::int64_t t = 1'800'000'000;
  const auto clock = [&t] { return t; };
  server::PgStore store_a(url), store_b(url);
  server::Lobby a(titles(), store_a, {}, clock), b(titles(), store_b, {}, clock);
  json body = kOneHuman;
  body["pace"] = "live";
  const std::string id = a.create(body)["id"];
  const std::string token = a.claim(id, "UK", json::object());
  EXPECT_TRUE(a.commit_now().empty());
  for (const std::string& changed : changes_heard(store_b)) b.changed_elsewhere(changed);
  const json seen = json::parse(b.view(id, token));
  ASSERT_EQ(seen["clock"]["seats"]["UK"]["running"], true) << "both servers read the clocks stored with the game";
  t = seen["clock"]["seats"]["UK"]["deadline"].get<std::int64_t>();
  a.tick_clocks();
  b.tick_clocks();
  EXPECT_EQ(a.staged(), 1u);
  EXPECT_EQ(b.staged(), 1u) << "both see it run out";
  EXPECT_TRUE(a.commit_now().empty());
  EXPECT_EQ(b.commit_now(), std::vector<std::string>{id}) << "the later is refused, not stored after the first";
  const json after = json::parse(b.view(id, token));
  EXPECT_EQ(after["clock"]["seats"]["UK"]["out"], true);
  EXPECT_EQ(
      std::count_if(after["clock"]["events"].begin(), after["clock"]["events"].end(), [](const json& e) { return e["event"] == "out"; }),
      1);
  b.tick_clocks();
  EXPECT_EQ(b.staged(), 0u) << "and not again";
}

// A change of the clocks alone (a pause, a return, a timeout whose stand-in plays later on a worker)
// appends no action: its write once ran its statement without its parameters, every such commit
// failed on PostgreSQL ("bind message supplies 0 parameters"), and in seven_accounts.mjs on two
// servers a silent seat's clock never ran out.
TEST_F(PostgresStore, AChangeOfTheClocksAloneIsStored) {
  server::PgStore store(url);
  server::Lobby lobby(titles(), store);
  json body = kOneHuman;
  body["pace"] = "live";
  const std::string id = lobby.create(body)["id"];
  const std::string token = lobby.claim(id, "UK", json::object());
  ASSERT_TRUE(lobby.commit_now().empty());
  const json paused = json::parse(lobby.clock(id, token, {{"pause", true}}));
  ASSERT_EQ(paused["clock"]["paused"], true) << "the only human seat agreed";
  EXPECT_EQ(lobby.staged(), 1u);
  EXPECT_TRUE(lobby.commit_now().empty()) << "the write of the clocks alone is stored";
  EXPECT_NE(sql("SELECT clocks FROM games WHERE id = '" + id + "'").find("\"paused\":true"), std::string::npos);
}

TEST_F(PostgresStore, AVersionSeenThroughAnotherServerIsActedOnAtOnce) {
  server::PgStore store_a(url), store_b(url);
  server::Lobby a(titles(), store_a);
  const std::string id = a.create(kOneHuman)["id"];
  const std::string token = a.claim(id, "UK", json::object());
  a.commit_now();
  server::Lobby b(titles(), store_b);
  const json v0 = json::parse(b.view(id, token));
  const json v1 = json::parse(a.act(id, token, {{"action", v0["legal_actions"][0]}, {"version", v0["version"]}}));
  a.commit_now();
  // The client's next choice is made on the view the first server answered; the second server has not
  // yet heard of it (its notification is not read here): it loads the game instead of refusing.
  const json v2 = json::parse(b.act(id, token, {{"action", v1["legal_actions"][0]}, {"version", v1["version"]}}));
  EXPECT_TRUE(b.commit_now().empty());
  EXPECT_GT(v2["version"].get<std::uint64_t>(), v1["version"].get<std::uint64_t>());
}

TEST_F(PostgresStore, ListenersOfOneServerAreToldOfMovesMadeThroughAnother) {
  TwoServers two(url);
  auto& [store_a, store_b, a, b, id, token] = two;
  EXPECT_NE(b.list("live", "", 10).find(id), std::string::npos) << "a game created elsewhere joins the list";
  int told = 0;
  b.subscribe(id, "", [&] { ++told; });

  const json v0 = json::parse(a.view(id, token));
  const json v1 = json::parse(a.act(id, token, {{"action", v0["legal_actions"][0]}, {"version", v0["version"]}}));
  a.commit_now();
  const auto heard = changes_heard(store_b);
  EXPECT_EQ(heard, std::vector<std::string>{id});
  for (const std::string& changed : heard) b.changed_elsewhere(changed);
  EXPECT_EQ(told, 1);
  EXPECT_EQ(json::parse(b.view(id, token)), v1);
  EXPECT_EQ(json::parse(b.view(id, "")), json::parse(a.view(id, ""))) << "spectators see the same on both";
  EXPECT_TRUE(store_a.take_changes().empty()) << "a server's own commits are not news to it";
}

// The other server plays the new actions on the game it holds (docs/deploy.md, "Pushes across
// instances"); an undo made elsewhere takes back an action it holds, and it reads the game again.
TEST_F(PostgresStore, AServerFollowsMovesAndUndosMadeThroughAnother) {
  TwoServers two(url);
  auto& [store_a, store_b, a, b, id, token] = two;
  int told = 0;
  b.subscribe(id, token, [&] { ++told; });
  json v = json::parse(a.view(id, token));
  int moves = 0;
  while (moves < 3 || (!v.value("can_undo", false) && moves < 40)) {  // until the UK may undo its last
    v = json::parse(a.act(id, token, {{"action", v["legal_actions"][0]}, {"version", v["version"]}}));
    a.commit_now();
    for (const std::string& changed : changes_heard(store_b)) b.changed_elsewhere(changed);
    ++moves;
    EXPECT_EQ(json::parse(b.view(id, token)), v) << "move " << moves;
    EXPECT_EQ(b.view(id, ""), a.view(id, ""));
  }
  EXPECT_EQ(told, moves);
  ASSERT_TRUE(v.value("can_undo", false));
  const json undone = json::parse(a.undo(id, token, {{"version", v["version"]}}));
  a.commit_now();
  for (const std::string& changed : changes_heard(store_b)) b.changed_elsewhere(changed);
  EXPECT_EQ(json::parse(b.view(id, token)), undone);
  EXPECT_EQ(told, moves + 1);
  // And acts on it: the game it holds is the stored one.
  b.act(id, token, {{"action", undone["legal_actions"][0]}, {"version", undone["version"]}});
  EXPECT_TRUE(b.commit_now().empty());
}

TEST_F(PostgresStore, AServerWhoseListeningConnectionIsCutReloadsEverythingAndListensAgain) {
  server::PgStore store_a(url), store_b(url);
  server::Lobby a(titles(), store_a), b(titles(), store_b);
  const std::string id = a.create(kOneHuman)["id"];
  const std::string token = a.claim(id, "UK", json::object());
  a.commit_now();
  for (const std::string& changed : changes_heard(store_b)) b.changed_elsewhere(changed);
  sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'");
  // Meanwhile the other server acts: that notification is lost with the connection.
  const json v0 = json::parse(a.view(id, token));
  const json v1 = json::parse(a.act(id, token, {{"action", v0["legal_actions"][0]}, {"version", v0["version"]}}));
  a.commit_now();
  std::vector<std::string> heard;
  for (int i = 0; i < 500 && heard.empty(); ++i) {
    heard = store_b.take_changes();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(heard, std::vector<std::string>{"*"}) << "any game may have changed";
  for (const std::string& changed : heard) b.changed_elsewhere(changed);
  EXPECT_EQ(json::parse(b.view(id, token)), v1);
  a.act(id, token, {{"action", v1["legal_actions"][0]}, {"version", v1["version"]}});
  a.commit_now();
  EXPECT_EQ(changes_heard(store_b), std::vector<std::string>{id}) << "listening again";
}

TEST_F(PostgresStore, TwoServersHammeringOneGameStoreEveryAcceptedActionOnce) {
  std::string id, token;
  {
    server::PgStore store(url);
    server::Lobby lobby(titles(), store);
    id = lobby.create(kOneHuman)["id"];
    token = lobby.claim(id, "UK", json::object());
    lobby.commit_now();
  }
  std::atomic<int> accepted{0}, conflicts{0};
  auto play = [&](unsigned seed) {
    server::PgStore store(url);
    server::Lobby lobby(titles(), store);
    for (int i = 0; i < 30; ++i) {
      const json v = json::parse(lobby.view(id, token));
      if (v["legal_actions"].empty()) return;
      lobby.act(id, token,
                {{"action", v["legal_actions"][(seed + static_cast<unsigned>(i)) % v["legal_actions"].size()]}, {"version", v["version"]}});
      (lobby.commit_now().empty() ? accepted : conflicts)++;
    }
  };
  std::thread one(play, 1u), two(play, 2u);
  one.join();
  two.join();
  server::PgStore store(url);
  const auto stored = store.load(id);
  ASSERT_TRUE(stored && stored->mark);
  EXPECT_EQ(stored->mark->version, 1u + static_cast<std::uint64_t>(accepted)) << "every accepted action, once (version 1: created)";
  EXPECT_EQ(stored->record.actions.size(), stored->mark->action_count);
  server::Lobby fresh(titles(), store);
  EXPECT_NO_THROW(fresh.view(id, token)) << "the stored actions replay to the stored state hash";
  std::cout << accepted << " actions accepted, " << conflicts << " refused as conflicts\n";
}

TEST_F(PostgresStore, ASqliteDatabaseIsCopiedWholeAndACopyAgainAddsNothing) {
  const char* binary = std::getenv("CHURCHILL_BINARY");
  if (!binary) GTEST_SKIP() << "CHURCHILL_BINARY is not set";
  const fs::path dir = fs::temp_directory_path() / ("churchill-migrate-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string file = (dir / "games.db").string();
  std::vector<std::pair<std::string, std::string>> games;  // id, UK token
  {
    server::SqliteStore sqlite(file);
    server::Lobby lobby(titles(), sqlite);
    for (int g = 0; g < 3; ++g) {
      json body = kOneHuman;
      if (g == 1) body["seating"] = "invitation";
      const json made = lobby.create(body);
      const std::string id = made["id"];
      lobby.commit_now();
      const std::string token = lobby.claim(id, "UK", g == 1 ? json{{"invitation", made["invitation"]}} : json::object());
      lobby.commit_now();
      for (int i = 0; i < g * 3; ++i) {
        const json v = json::parse(lobby.view(id, token));
        lobby.act(id, token, {{"action", v["legal_actions"][0]}, {"version", v["version"]}});
        lobby.commit_now();
      }
      games.emplace_back(id, token);
    }
    lobby.resign(games[2].first, games[2].second, json::object());  // an event in the game's record
    lobby.commit_now();
  }
  {  // beside the games: an account, its session, the seat it holds, table talk and a mute
    const auto side = server::open_side_store("sqlite:" + file);
    const std::int64_t anna = side->add_account("anna", "Anna", "$argon2id$v=19$hash", 1000).value();
    side->add_session("live-session-hash", anna, 4102444800, 1000);
    side->add_session("expired-session-hash", anna, 1001, 1000);
    ASSERT_TRUE(side->hold_seat(anna, games[0].first, "UK", games[0].second));
    side->add_message(games[0].first, {0, 1000, 0, "UK", "table", "", "Good evening"});
    side->add_message(games[0].first, {0, 1001, 0, "UK", "private", "US", "a word"});
    side->set_mute(games[0].first, "UK", "USSR", true);
    // Her vacation, her notification settings (a webhook confirmed, an address waiting for its code),
    // a turn told and one still to be sent, claimed by a sender of this database when it stopped.
    side->set_vacation(anna, {5000, 3, 2026});
    server::NotifySettings settings;
    settings.webhook.to = "https://hooks.example.org/anna";
    settings.webhook.confirmed = true;
    settings.email.to = "anna@example.org";
    settings.email.code_hash = "code-hash";
    settings.email.code_expires = 4102444800;
    side->set_notify_settings(anna, settings.stored());
    ASSERT_TRUE(side->add_outbox("turn:1:" + games[0].first + ":0:webhook", {0, anna, "webhook", "https://hooks.example.org/anna", "{}", 0},
                                 10, 10));
    const auto claimed = side->claim_outbox("old-sender", 20, 120, 10);
    ASSERT_EQ(claimed.size(), 1u);
    side->settle_outbox(claimed[0].id, "old-sender", "sent", 20, "");
    ASSERT_TRUE(side->add_outbox("turn:1:" + games[0].first + ":3:webhook", {0, anna, "webhook", "https://hooks.example.org/anna", "{}", 0},
                                 30, 30));
    ASSERT_EQ(side->claim_outbox("old-sender", 40, 4102444800, 10).size(), 1u);
  }
  const std::string command = std::string(binary) + " db migrate --from sqlite:" + file + " --to " + url;
  ASSERT_EQ(run(command).first, 0);
  server::SqliteStore sqlite(file);
  server::PgStore pg(url);
  server::Lobby from(titles(), sqlite), to(titles(), pg);
  for (const auto& [id, token] : games) {
    EXPECT_EQ(json::parse(to.view(id, token)), json::parse(from.view(id, token))) << "the token opens the same seat and view";
    EXPECT_EQ(to.view(id, ""), from.view(id, ""));
  }
  EXPECT_EQ(to.list("live", "", 10), from.list("live", "", 10));
  EXPECT_FALSE(pg.load(games[1].first)->invitation_hash.empty()) << "the invitation came along";
  EXPECT_EQ(pg.load(games[1].first)->invitation_hash, sqlite.load(games[1].first)->invitation_hash);
  EXPECT_EQ(pg.load(games[2].first)->record.events, sqlite.load(games[2].first)->record.events) << "a resignation came along";
  EXPECT_EQ(json::parse(to.view(games[2].first, ""))["seats"]["UK"], "bot:rulebook");
  const auto side = server::open_side_store(url);
  const auto account = side->account("anna");
  ASSERT_TRUE(account);
  EXPECT_EQ(account->password_hash, "$argon2id$v=19$hash");
  EXPECT_EQ(side->session("live-session-hash", 2000)->name, "Anna") << "a device signed in stays signed in";
  EXPECT_FALSE(side->session("expired-session-hash", 1000)) << "an expired session is not copied";
  const auto held = side->held_seats(account->id);
  ASSERT_EQ(held.size(), 1u);
  EXPECT_EQ(held[0].token, games[0].second);
  const auto messages = side->messages(games[0].first);
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[1].to, "US");
  EXPECT_EQ(messages[1].text, "a word");
  EXPECT_EQ(side->mutes(games[0].first), (std::vector<std::pair<std::string, std::string>>{{"UK", "USSR"}}));
  EXPECT_EQ(side->vacation(account->id).until, 5000);
  EXPECT_EQ(side->vacation(account->id).used_days, 3);
  const auto settings = server::NotifySettings::parse(side->notify_settings(account->id));
  EXPECT_EQ(settings.webhook.to, "https://hooks.example.org/anna");
  EXPECT_TRUE(settings.webhook.confirmed) << "a confirmed webhook needs no new code";
  EXPECT_EQ(settings.email.to, "anna@example.org");
  EXPECT_FALSE(settings.email.confirmed);
  EXPECT_EQ(settings.email.code_hash, "code-hash") << "the code sent before still confirms it";
  EXPECT_EQ(sql("SELECT string_agg(status || ' ' || attempts || ' ' || claimed_until, ',' ORDER BY due) FROM notify_outbox"),
            "sent 1 0,pending 0 0")
      << "the message sent is kept (its turn is not told again), the one to send is free to be claimed here";
  EXPECT_EQ(sql("SELECT count(*) FROM notify_outbox WHERE account = " + std::to_string(account->id)), "2");
  EXPECT_EQ(side->claim_outbox("new-sender", 50, 120, 10).size(), 1u);
  const auto [status, said] = run(command);
  ASSERT_EQ(status, 0);
  EXPECT_NE(said.find("0 games copied, 3 already there"), std::string::npos) << said;
  EXPECT_NE(said.find("0 accounts, 0 sessions, 0 seats held, 0 messages and 0 mutes copied"), std::string::npos) << said;
  EXPECT_NE(said.find("0 vacations, 0 notification settings and 0 notifications copied"), std::string::npos) << said;
  EXPECT_EQ(side->messages(games[0].first).size(), 2u);
  fs::remove_all(dir);
}

}  // namespace

// Notifications (server/notify.h) with three servers on one database: every message of the outbox is
// sent once, though all three drain it at once (each claimed by a conditional UPDATE), and a turn
// every server reports is added once.
TEST_F(PostgresStore, ThreeServersNotifiersSendEachMessageOnce) {
  server::PgStore store(url);
  server::Lobby lobby(titles(), store);
  const std::string id = lobby.create(kOneHuman)["id"];
  lobby.commit_now();
  test_support::FakeWebhook hook;
  server::NotifySettings settings;
  settings.webhook.to = hook.url();
  settings.webhook.confirmed = true;
  sql("INSERT INTO accounts (id, name_key, name, password_hash, created) VALUES (1, 'anna', 'anna', 'x', 0)");
  sql("INSERT INTO account_seats (game, seat, account, token) VALUES ('" + id + "', 'UK', 1, 't')");
  sql("INSERT INTO notify_settings (account, settings) VALUES (1, '" + settings.stored() + "')");
  sql("UPDATE games SET summary = '{\"active\": [\"UK\"], \"terminal\": false}' WHERE id = '" + id + "'");
  const std::int64_t now = std::time(nullptr);  // added now: kept a week (--notify-keep)
  for (int i = 0; i < 60; ++i)
    sql(
        fmt::format("INSERT INTO notify_outbox (dedupe, account, channel, target, payload, due, created) "
                    "VALUES ('m{}', 1, 'webhook', '{}', '{{\"kind\": \"confirm\", \"text\": \"message {}\"}}', 0, {})",
                    i, hook.url(), i, now));
  const auto words = core::i18n::Catalogues::load(core::i18n::default_catalogue_dir(CHURCHILL_TEST_DATA_DIR));
  server::NotifyOptions o;
  o.allow_local = true;
  o.poll_seconds = 0.05;
  std::vector<std::unique_ptr<server::Notifier>> servers;
  for (int i = 0; i < 3; ++i) {
    servers.push_back(std::make_unique<server::Notifier>(o, server::open_side_store(url), words));
    servers.back()->start("https://churchill.example.org", json::array());
  }
  for (auto& s : servers) s->committed({id, R"({"active": []})", R"({"title": "churchill", "active": ["UK"]})", 4, false, {}});
  ASSERT_TRUE(test_support::eventually([&] { return hook.received().size() >= 61; }, 30));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  servers.clear();
  std::map<std::string, int> seen;
  for (const json& m : hook.received()) ++seen[m.value("content", "")];
  EXPECT_EQ(hook.received().size(), 61u);
  EXPECT_EQ(seen.size(), 61u);  // each message once
  EXPECT_EQ(sql("SELECT count(*) FROM notify_outbox WHERE status = 'sent'"), "61");
  // Pruned (docs/server.md, "Notifications"): the settled rows added before the time given, never a pending one.
  sql("INSERT INTO notify_outbox (dedupe, account, channel, target, payload, due, created) VALUES ('later', 1, 'webhook', 'x', '{}', 0, 0)");
  EXPECT_EQ(server::open_side_store(url)->prune_outbox(now - 1), 0u) << "nothing settled is that old";
  EXPECT_EQ(server::open_side_store(url)->prune_outbox(now + 60), 61u);
  EXPECT_EQ(sql("SELECT count(*) FROM notify_outbox"), "1") << "the pending one, however old";
  EXPECT_EQ(sql("SELECT count(*) FROM notify_outbox WHERE status = 'pending'"), "1");
}
