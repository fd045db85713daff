// "Your turn" notifications (docs/server.md, "Notifications"): the settings and what a hostile client
// sends them, a webhook and an e-mail address used only once confirmed with the code sent to them,
// one message per turn (not per action) whichever server reports the change, the digest of a
// finished game, invitation games' messages naming no seat, retries with back-off, against a local
// webhook receiver and a local SMTP sink.
#include <fmt/format.h>

#include <map>
#include <random>
#include <regex>

#include "server/notify.h"
#include "server/store.h"
#include "tests/server/account_fixture.h"
#include "tests/server/lobby_fixture.h"
#include "tests/support/fake_sinks.h"

namespace {

using namespace test_support;

const std::map<std::string, std::string> kPage = {{"X-Churchill-CSRF", "1"}, {"Content-Type", "application/json"}};

// The 6-digit code of a confirmation message.
std::string code_in(const std::string& text) {
  std::smatch m;
  return std::regex_search(text, m, std::regex("\\b([0-9]{6})\\b")) ? m[1].str() : "";
}

const core::i18n::Catalogues& words() {
  static const core::i18n::Catalogues c =
      core::i18n::Catalogues::load(core::i18n::default_catalogue_dir(std::filesystem::path(CHURCHILL_TEST_DATA_DIR)));
  return c;
}

class Notifications : public AccountServer {
 protected:
  Answer settings(const std::string& anna) { return send(http::verb::get, "/api/me/notifications", "", anna); }
  Answer put(const std::string& anna, const std::string& body, const std::map<std::string, std::string>& headers = kPage) {
    return send(http::verb::put, "/api/me/notifications", body, anna, headers);
  }
  Answer confirm(const std::string& anna, const std::string& channel, const std::string& code) {
    return send(http::verb::post, "/api/me/notifications/confirm", json{{"channel", channel}, {"code", code}}.dump(), anna);
  }
  // A public game whose UK seat anna holds (US and USSR are bots); its id and the seat's token.
  std::pair<std::string, std::string> game_of(const std::string& anna, const std::string& seating = "public") {
    const Reply r =
        post("/api/games",
             json{{"scenario", "training"}, {"seating", seating}, {"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}}.dump());
    EXPECT_EQ(r.status, 201) << r.body.dump();
    const std::string id = r.body.value("id", "");
    json claim = json::object();
    if (r.body.contains("invitation")) claim["invitation"] = r.body["invitation"];
    const Answer a = send(http::verb::post, "/api/games/" + id + "/seats/UK", claim.dump(), anna);
    EXPECT_EQ(a.status, 201) << a.body.dump();
    EXPECT_EQ(a.body.value("account", ""), "anna");
    return {id, a.body.value("token", "")};
  }
  // Plays `n` of UK's actions (the first legal one each time); how many it played.
  int play(const std::string& id, const std::string& token, int n) {
    int played = 0;
    for (int i = 0; i < 40 * n && played < n; ++i) {
      const Reply v = get("/api/games/" + id + "/view", token);
      if (v.body.value("terminal", false)) break;
      if (!v.body.contains("legal_actions") || v.body["legal_actions"].empty()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        continue;
      }
      if (act(id, token, v.body).status == 200) ++played;
    }
    return played;
  }
  // A server that tells webhooks on loopback, and anna's account with `hook` confirmed: her session.
  std::string listening(FakeWebhook& hook) {
    restart({"--notify-allow-local", "--notify-poll", "0.2"});
    std::string anna = sign("/api/accounts", "anna");
    confirm_webhook(anna, hook);
    return anna;
  }
  // A confirmed webhook for anna: the code sent to it, given back.
  void confirm_webhook(const std::string& anna, FakeWebhook& hook) {
    const std::size_t before = hook.received().size();
    ASSERT_EQ(put(anna, json{{"webhook", hook.url()}}.dump()).status, 200);
    ASSERT_TRUE(eventually([&] { return hook.received().size() > before; }));
    const std::string code = code_in(hook.received().back().value("content", ""));
    ASSERT_EQ(code.size(), 6u) << hook.received().back().dump();
    ASSERT_EQ(confirm(anna, "webhook", code).status, 200);
  }
};

TEST_F(Notifications, BadSettingsAreRefusedWithTheirCodeAndChangeNothing) {
  expect_code(settings(""), 401, "not_signed_in");
  const std::string anna = sign("/api/accounts", "anna");
  const Answer fresh = settings(anna);
  ASSERT_EQ(fresh.status, 200) << fresh.body.dump();
  EXPECT_EQ(fresh.body, json({{"webhook", nullptr},
                              {"email", nullptr},
                              {"browser", false},
                              {"turns", true},
                              {"digest", true},
                              {"language", "en"},
                              {"email_available", false}}));
  const Answer good = put(anna, R"({"browser": true, "language": "it", "digest": false})");
  ASSERT_EQ(good.status, 200) << good.body.dump();
  const json before = settings(anna).body;
  EXPECT_EQ(before.value("language", ""), "it");
  EXPECT_TRUE(before.value("browser", false));
  const std::vector<std::pair<std::string, std::string>> hostile = {
      {R"({"browser": true, "admin": true})", "bad_request"},
      {R"({"browser": "yes"})", "bad_notifications"},
      {R"({"turns": 1})", "bad_notifications"},
      {R"({"language": "xx"})", "bad_language"},
      {R"({"language": 7})", "bad_language"},
      {R"({"webhook": 42})", "bad_notifications"},
      {R"({"webhook": "ftp://example.org/hook"})", "bad_webhook"},
      {R"({"webhook": "https://example.org/a hook"})", "bad_webhook"},
      {R"({"webhook": "https://user:secret@example.org/hook"})", "bad_webhook"},
      {json{{"webhook", "https://example.org/" + std::string(600, 'a')}}.dump(), "bad_webhook"},
      // Where a webhook would reach into the server's own network (without --notify-allow-local).
      {R"({"webhook": "http://127.0.0.1:9/hook"})", "bad_webhook"},
      {R"({"webhook": "https://127.0.0.1/hook"})", "bad_webhook"},
      {R"({"webhook": "https://10.1.2.3/hook"})", "bad_webhook"},
      {R"({"webhook": "https://169.254.169.254/latest/meta-data"})", "bad_webhook"},
      {R"({"webhook": "https://[::1]/hook"})", "bad_webhook"},
      {R"({"webhook": "https://localhost/hook"})", "bad_webhook"},
      {R"({"email": "anna@example"})", "bad_email"},
      {R"({"email": "anna@example.org\r\nBcc: all@example.org"})", "bad_email"},
      {R"({"email": "<anna@example.org>"})", "bad_email"},
      {R"({"email": "anna@example.org"})", "no_email"},  // no --smtp
      {R"(["browser"])", "bad_request"},
      {"not json", "bad_request"},
  };
  for (const auto& [body, code] : hostile) {
    SCOPED_TRACE(body);
    expect_code(put(anna, body), 400, code);
  }
  expect_code(put(anna, R"({"browser": false})", {{"Content-Type", "application/json"}}), 403, "csrf_header");
  EXPECT_EQ(send(http::verb::put, "/api/me/notifications", R"({"browser": false})", anna, {{"X-Churchill-CSRF", "1"}}).status, 415);
  expect_code(confirm(anna, "webhook", "12345"), 400, "bad_code");
  expect_code(confirm(anna, "sms", "123456"), 400, "bad_notifications");
  expect_code(confirm(anna, "webhook", "123456"), 409, "nothing_to_confirm");
  EXPECT_EQ(send(http::verb::delete_, "/api/me/notifications", "", anna).status, 405);
  EXPECT_EQ(settings(anna).body, before);
  EXPECT_EQ(count("notify_outbox"), "0");
}

TEST_F(Notifications, AWebhookIsToldOnlyOnceConfirmedWithTheCodeSentToIt) {
  FakeWebhook hook;
  restart({"--notify-allow-local", "--notify-poll", "0.2"});
  const std::string anna = sign("/api/accounts", "anna");
  const Answer set = put(anna, json{{"webhook", hook.url()}}.dump());
  ASSERT_EQ(set.status, 200) << set.body.dump();
  EXPECT_EQ(set.body["webhook"], json({{"url", hook.url()}, {"confirmed", false}}));
  ASSERT_TRUE(eventually([&] { return hook.received().size() == 1; })) << log_text();
  const json message = hook.received()[0];
  // What Discord ("content") and Slack ("text") read, and no mentions pinging anyone.
  EXPECT_EQ(message.value("content", ""), message.value("text", ""));
  EXPECT_EQ(message["allowed_mentions"], json({{"parse", json::array()}}));
  EXPECT_EQ(hook.content_types().at(0), "application/json");
  const std::string code = code_in(message.value("content", ""));
  ASSERT_EQ(code.size(), 6u) << message.dump();
  // Unconfirmed, it hears of no turn.
  const auto [id, token] = game_of(anna);
  ASSERT_GT(play(id, token, 2), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  EXPECT_EQ(hook.received().size(), 1u);
  // A wrong code counts against the code's tries; the right one confirms.
  const std::string wrong = code == "000000" ? "000001" : "000000";
  const Answer no = confirm(anna, "webhook", wrong);
  expect_code(no, 400, "bad_code");
  EXPECT_EQ(no.body["message"]["args"].value("left", ""), "4");
  EXPECT_FALSE(settings(anna).body["webhook"].value("confirmed", true));
  const Answer yes = confirm(anna, "webhook", code);
  ASSERT_EQ(yes.status, 200) << yes.body.dump();
  EXPECT_TRUE(yes.body["webhook"].value("confirmed", false));
  expect_code(confirm(anna, "webhook", code), 409, "nothing_to_confirm");
  // Giving the same webhook again changes nothing and sends no code.
  EXPECT_EQ(put(anna, json{{"webhook", hook.url()}}.dump()).status, 200);
  EXPECT_TRUE(settings(anna).body["webhook"].value("confirmed", false));
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  EXPECT_EQ(hook.received().size(), 1u);
}

TEST_F(Notifications, CodesAreLimitedAndAWrongCodeFiveTimesVoidsIt) {
  FakeWebhook hook;
  restart({"--notify-allow-local", "--notify-poll", "0.2"});
  const std::string anna = sign("/api/accounts", "anna");
  for (int i = 0; i < 5; ++i) EXPECT_EQ(put(anna, json{{"webhook", hook.url("/h" + std::to_string(i))}}.dump()).status, 200);
  const json before = settings(anna).body;
  expect_code(put(anna, json{{"webhook", hook.url("/h9")}}.dump()), 429, "too_many_codes");
  EXPECT_EQ(settings(anna).body, before);  // the refused one changed nothing
  ASSERT_TRUE(eventually([&] { return hook.received().size() == 5; }));
  const std::string code = code_in(hook.received().back().value("content", ""));
  for (int i = 0; i < 5; ++i) expect_code(confirm(anna, "webhook", code == "999999" ? "999998" : "999999"), 400, "bad_code");
  expect_code(confirm(anna, "webhook", code), 400, "code_expired");  // even the right code, now
}

TEST_F(Notifications, EachTurnOfTheAccountsSeatIsToldOnceWithALinkToTheGame) {
  FakeWebhook hook;
  const std::string anna = listening(hook);
  const auto [id, token] = game_of(anna);
  const int played = play(id, token, 6);
  ASSERT_GT(played, 0);
  // Every turn row the server added is sent once; nothing else is.
  const auto turns = [&] { return std::stoi(sql_text(db, "SELECT count(*) FROM notify_outbox WHERE dedupe LIKE 'turn:%'")); };
  ASSERT_TRUE(eventually([&] { return sql_text(db, "SELECT count(*) FROM notify_outbox WHERE status = 'pending'") == "0" && turns() > 0; }))
      << log_text();
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  const auto received = hook.received();
  const int sent = std::stoi(sql_text(db, "SELECT count(*) FROM notify_outbox WHERE dedupe LIKE 'turn:%' AND status = 'sent'"));
  EXPECT_EQ(static_cast<int>(received.size()) - 1, sent);  // less the confirmation code
  EXPECT_GE(sent, 1);
  EXPECT_LE(turns(), played + 1);  // at most one per turn: the first, and one after each of UK's moves
  for (std::size_t i = 1; i < received.size(); ++i) {
    const std::string text = received[i].value("content", "");
    EXPECT_NE(text.find("/#/game/" + id), std::string::npos) << text;
    EXPECT_NE(text.find("UK"), std::string::npos) << text;  // a public game: the seat is named
    EXPECT_NE(text.find(words().tr("en", "server.notify.turn_subject", {{"title", "Churchill"}})), std::string::npos) << text;
  }
}

// The first turn after a seat is claimed: the game began it before anybody held the seat, so no change
// after the claim begins it; the claim itself tells it, once.
TEST_F(Notifications, ASeatClaimedOnItsTurnIsToldOnceAsAnyOtherTurn) {
  FakeWebhook hook;
  const std::string anna = listening(hook);
  const auto claimed = game_of(anna);
  const std::string& id = claimed.first;
  const std::string& token = claimed.second;
  ASSERT_TRUE(eventually([&] { return !get("/api/games/" + id + "/view", token).body["legal_actions"].empty(); }));  // UK to play
  ASSERT_TRUE(eventually([&] { return hook.received().size() == 2; })) << log_text();
  const std::string text = hook.received()[1].value("content", "");
  EXPECT_NE(text.find(words().tr("en", "server.notify.turn_subject", {{"title", "Churchill"}})), std::string::npos) << text;
  EXPECT_NE(text.find("/#/game/" + id), std::string::npos) << text;
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  EXPECT_EQ(hook.received().size(), 2u) << "never twice";
  EXPECT_EQ(sql_text(db, "SELECT count(*) FROM notify_outbox WHERE dedupe LIKE 'turn:%'"), "1");
}

// A seat claimed without an account and tied to one later, on its turn: told once, however often it is tied.
TEST_F(Notifications, ASeatTiedToTheAccountOnItsTurnIsToldOnce) {
  FakeWebhook hook;
  const std::string anna = listening(hook);
  const std::string id = create();
  const std::string token = claim(id);
  ASSERT_TRUE(eventually([&] { return !get("/api/games/" + id + "/view", token).body["legal_actions"].empty(); }));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_EQ(hook.received().size(), 1u) << "nobody holds the seat: nobody is told";
  const std::string body = json{{"game", id}, {"token", token}}.dump();
  expect_code(send(http::verb::post, "/api/me/seats", json{{"game", id}, {"token", std::string(64, 'f')}}.dump(), anna), 401, "bad_token");
  EXPECT_EQ(sql_text(db, "SELECT count(*) FROM notify_outbox WHERE dedupe LIKE 'turn:%'"), "0") << "a refused tie tells nothing";
  ASSERT_EQ(send(http::verb::post, "/api/me/seats", body, anna).status, 201);
  ASSERT_TRUE(eventually([&] { return hook.received().size() == 2; })) << log_text();
  ASSERT_EQ(send(http::verb::post, "/api/me/seats", body, anna).status, 201);  // again
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  EXPECT_EQ(hook.received().size(), 2u);
  EXPECT_NE(hook.received()[1].value("content", "").find("/#/game/" + id), std::string::npos);
}

// A rematch's seats are held by the accounts that held them (in "My games" at once), and a seat whose
// turn the rematch begins with is told once.
TEST_F(Notifications, ARematchSeatIsInMyGamesAtOnceAndItsFirstTurnIsTold) {
  FakeWebhook hook;
  const std::string anna = listening(hook);
  ASSERT_EQ(put(anna, R"({"digest": false})").status, 200);
  const auto claimed = game_of(anna);
  const std::string& id = claimed.first;
  const std::string& token = claimed.second;
  ASSERT_TRUE(eventually([&] { return hook.received().size() == 2; })) << log_text();  // its first turn
  ASSERT_EQ(post("/api/games/" + id + "/resign", "{}", token).status, 200);
  ASSERT_TRUE(eventually([&] { return get("/api/games/" + id + "/view", token).body.value("terminal", false); }, 60));
  expect_code(send(http::verb::post, "/api/games/" + id + "/rematch", "{}", anna), 401, "token_needed");  // a session is no seat
  const Reply made = post("/api/games/" + id + "/rematch", "{}", token);
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string next = made.body["id"];
  const Answer mine = send(http::verb::get, "/api/me/games", "", anna);
  ASSERT_EQ(mine.status, 200);
  ASSERT_EQ(mine.body["games"].size(), 2u) << mine.body.dump();
  json found;
  for (const json& g : mine.body["games"])
    if (g.value("id", "") == next) found = g;
  ASSERT_TRUE(found.is_object()) << mine.body.dump();
  EXPECT_EQ(found.value("seat", ""), "UK");
  EXPECT_EQ(found.value("token", ""), token);
  ASSERT_TRUE(eventually([&] { return !get("/api/games/" + next + "/view", token).body["legal_actions"].empty(); }));
  ASSERT_TRUE(eventually([&] { return hook.received().size() == 3; })) << log_text();
  EXPECT_NE(hook.received()[2].value("content", "").find("/#/game/" + next), std::string::npos) << hook.received()[2].dump();
  EXPECT_EQ(post("/api/games/" + id + "/rematch", "{}", token).status, 200);  // offered again: the same game, nothing more
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  EXPECT_EQ(hook.received().size(), 3u);
  EXPECT_EQ(send(http::verb::get, "/api/me/games", "", anna).body["games"].size(), 2u);
}

TEST_F(Notifications, AnInvitationGamesMessageNamesNoSeatUnlessTheServerAllowsIt) {
  FakeWebhook hook;
  const std::string anna = listening(hook);
  const auto [id, token] = game_of(anna, "invitation");
  ASSERT_GT(play(id, token, 3), 0);
  ASSERT_TRUE(eventually([&] { return hook.received().size() >= 2; })) << log_text();
  const std::string text = hook.received()[1].value("content", "");
  EXPECT_NE(text.find("/#/game/" + id), std::string::npos) << text;
  EXPECT_EQ(text.find("UK"), std::string::npos) << text;
  EXPECT_NE(text.find(words().tr("en", "server.notify.turn_text_private", {{"title", "Churchill"}})), std::string::npos) << text;
}

TEST_F(Notifications, AnAddressIsConfirmedByTheCodeMailedToItAndThenToldOfTurns) {
  FakeSmtp smtp;
  restart({"--smtp", smtp.url(), "--mail-from", "churchill@example.org", "--notify-poll", "0.2", "--public-url",
           "https://churchill.example.org/"});
  const std::string anna = sign("/api/accounts", "anna");
  EXPECT_TRUE(settings(anna).body.value("email_available", false));
  ASSERT_EQ(put(anna, R"({"email": "anna@example.org", "language": "it"})").status, 200);
  ASSERT_TRUE(eventually([&] { return smtp.received().size() == 1; })) << log_text();
  const auto mail = smtp.received()[0];
  EXPECT_EQ(mail.from, "<churchill@example.org>");
  EXPECT_EQ(mail.to, "<anna@example.org>");
  const std::string code = code_in(mail.subject);
  ASSERT_EQ(code.size(), 6u) << mail.subject;
  EXPECT_NE(mail.text.find(code), std::string::npos) << mail.text;
  EXPECT_NE(mail.text.find(words().tr("it", "server.notify.confirm_email", {{"code", code}})), std::string::npos) << mail.text;
  ASSERT_EQ(confirm(anna, "email", code).status, 200);
  const auto [id, token] = game_of(anna);
  ASSERT_GT(play(id, token, 3), 0);
  ASSERT_TRUE(eventually([&] { return smtp.received().size() >= 2; })) << log_text();
  const auto turn = smtp.received()[1];
  EXPECT_EQ(turn.subject, words().tr("it", "server.notify.turn_subject", {{"title", "Churchill"}}));
  EXPECT_NE(turn.text.find("https://churchill.example.org/#/game/" + id), std::string::npos) << turn.text;
  EXPECT_NE(turn.headers.find("Auto-Submitted: auto-generated"), std::string::npos);
}

// --notify-keep is a duration (as --expire): anything else is refused before the server starts, naming the option.
TEST(NotifyKeep, ABadDurationIsRefusedAndNothingStarts) {
  const char* binary = std::getenv("CHURCHILL_BINARY");
  if (!binary) GTEST_SKIP() << "run through ctest";
  const auto dir = std::filesystem::temp_directory_path() / ("churchill-notify-keep-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const char* bad : {"0s", "-5m", "week", "7x", "''"}) {
    SCOPED_TRACE(bad);
    const std::string command = fmt::format("{} serve --port 0 --db {} --notify-keep {} 2>&1", binary, (dir / "games.db").string(), bad);
    FILE* p = ::popen(command.c_str(), "r");
    ASSERT_NE(p, nullptr);
    std::string said;
    char buffer[512];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, p)) said.append(buffer, n);
    EXPECT_NE(::pclose(p), 0) << said;
    EXPECT_NE(said.find("--notify-keep"), std::string::npos) << said;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "games.db")) << "no database was made";
  std::filesystem::remove_all(dir);
}

// The notifier alone, as two servers sharing one database run it: the same change reported by both
// is told once; a change that leaves the seat to play tells nothing; the end of a game is told once.
class Notifier : public ::testing::Test {
 protected:
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("churchill-notify-" + std::to_string(::getpid()));
  std::string db = (dir / "games.db").string();
  FakeWebhook hook;
  std::unique_ptr<server::Store> store;

  void SetUp() override {
    std::filesystem::create_directories(dir);
    store = server::open_store(db);
    sql(db, "INSERT INTO accounts (id, name_key, name, password_hash, created) VALUES (1, 'anna', 'anna', 'x', 0)");
    sql(db, "INSERT INTO account_seats (game, seat, account, token) VALUES ('g1', 'UK', 1, 't')");
    server::NotifySettings s;
    s.webhook.to = hook.url();
    s.webhook.confirmed = true;
    sql(db, "INSERT INTO notify_settings (account, settings) VALUES (1, '" + s.stored() + "')");
    playing("UK");
  }
  void TearDown() override {
    store.reset();
    std::filesystem::remove_all(dir);
  }
  // The game's list entry as the store has it (the notifier reads it to drop turns already played).
  void playing(const std::string& seat) {
    sql(db, "INSERT OR REPLACE INTO games (id, record, summary) VALUES ('g1', '{}', '" + entry({seat}).dump() + "')");
  }
  static json entry(const std::vector<std::string>& active, bool over = false, const std::vector<std::string>& winners = {}) {
    return {{"title", "churchill"}, {"active", active}, {"terminal", over}, {"winners", winners}, {"seat_order", {"UK", "US", "USSR"}}};
  }
  std::unique_ptr<server::Notifier> notifier(server::NotifyOptions o = {}) {
    o.allow_local = true;
    o.poll_seconds = 0.1;
    auto n = std::make_unique<server::Notifier>(o, server::open_side_store(db), words());
    n->start("https://churchill.example.org", json::array({{{"id", "churchill"}, {"name", "Churchill"}}}));
    return n;
  }
  static server::Committed change(const json& before, const json& after, std::size_t actions, bool invitation = false) {
    return {"g1", before.dump(), after.dump(), actions, invitation, {}};
  }
  // A change of several actions (a slice of bots and chance played on a worker): the seats the game
  // waited on after each of them, in order ({} for chance).
  static server::Committed slice(const json& before, const json& after, std::size_t actions, std::vector<std::vector<std::string>> waits) {
    return {"g1", before.dump(), after.dump(), actions, false, std::move(waits)};
  }
  // An entry waiting on chance alone, carrying the seats it last waited on (Lobby::make_summary).
  static json chance_after(const std::vector<std::string>& waited) {
    json e = entry({});
    e["waited_on"] = waited;
    return e;
  }
  // How many messages arrived once `expected` have (at most 10 s) and none is pending, and 300 ms more
  // for any message too many. Waiting for no pending row alone could end before the notifier's thread
  // had taken the change: under the sanitizers and load the count was read too early (1 of 2).
  std::size_t settled(std::size_t expected) {
    eventually([&] {
      return hook.received().size() >= expected && sql_text(db, "SELECT count(*) FROM notify_outbox WHERE status = 'pending'") == "0";
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    return hook.received().size();
  }
};

TEST_F(Notifier, ATurnIsToldOncePerAccountGameAndActionCountWhoeverReportsIt) {
  auto a = notifier(), b = notifier();
  for (auto* n : {a.get(), b.get()}) n->committed(change(entry({}), entry({"UK"}), 5));
  EXPECT_EQ(settled(1), 1u);
  for (auto* n : {a.get(), b.get()}) n->committed(change(entry({"UK"}), entry({"UK"}), 6));  // UK acted and still plays
  for (auto* n : {a.get(), b.get()}) n->committed(change(entry({"UK"}), entry({"US"}), 7));  // US is nobody's
  EXPECT_EQ(settled(1), 1u);
  for (auto* n : {a.get(), b.get()}) n->committed(change(entry({"US"}), entry({"UK", "US"}), 9));
  EXPECT_EQ(settled(2), 2u);
  const std::string text = hook.received().at(1).value("content", "");
  EXPECT_NE(text.find("https://churchill.example.org/#/game/g1"), std::string::npos) << text;
  EXPECT_EQ(sql_text(db, "SELECT count(*) FROM notify_outbox"), "2");
}

TEST_F(Notifier, ATurnPlayedBeforeItsMessageLeftIsNotTold) {
  playing("US");  // UK has played already when the notifier comes to it
  auto a = notifier();
  a->committed(change(entry({}), entry({"UK"}), 5));
  EXPECT_EQ(settled(0), 0u);
  EXPECT_EQ(sql_text(db, "SELECT status FROM notify_outbox"), "stale");
}

// Issue 35, found by tests/e2e/seven_accounts.mjs: a War Room seat fights, the dice are rolled, and it
// decides again; the dice committed apart from its action once made it a second message.
TEST_F(Notifier, Issue35_ATurnBrokenOnlyByChanceIsToldOnceHoweverItsCommitsFell) {
  auto a = notifier();
  a->committed(change(entry({"US"}), entry({"UK"}), 5));  // UK's turn begins
  a->committed(change(entry({"UK"}), entry({}), 6));      // UK fights: the game waits on the dice
  a->committed(change(entry({}), entry({"UK"}), 8));      // the dice fell: UK decides again, the same turn
  EXPECT_EQ(settled(1), 1u);
  a->committed(change(entry({"UK"}), entry({"US"}), 9));  // US decides (nobody's seat)
  a->committed(change(entry({"US"}), entry({}), 10));
  a->committed(change(entry({}), entry({"UK"}), 12));  // after another seat's decision: a new turn
  EXPECT_EQ(settled(2), 2u);
}

// Issue 35, run 4 of the Churchill games (docs/server.md): UK decides, the game waits on a die, and the
// worker that rolls it plays on -- US's bot decides three times -- until the game waits on UK again,
// all one change. Another seat decided between: a new turn of UK's, told although the change went
// from waiting on chance to waiting on UK.
TEST_F(Notifier, Issue35_ATurnIsToldWhenABotDecidedBetweenTheDiceAndItInOneChange) {
  auto a = notifier();
  a->committed(change(entry({"US"}), entry({"UK"}), 80));                                   // UK's turn begins
  a->committed(change(entry({"UK"}), entry({}), 81));                                       // UK decides: the game waits on a die
  a->committed(slice(entry({}), entry({"UK"}), 86, {{}, {"US"}, {"US"}, {"US"}, {"UK"}}));  // the die, US three times, UK
  EXPECT_EQ(settled(2), 2u);
}

// Issue 35, run 5 of the Churchill games: UK decides, the dice deal a new conference's hands, the game
// waits on all three at once (the agenda, 5.13) and US's stand-in plays its card in the same change.
// UK was waited on before the dice and after them with no other seat's decision between: the same
// turn, told once (telling a turn whenever a seat decided in such a change told it twice).
TEST_F(Notifier, Issue35_ATurnOnlyChanceBrokeIsToldOnceWhenABotDecidesAfterTheDiceInTheSameChange) {
  auto a = notifier();
  a->committed(change(entry({"US"}), entry({"UK"}), 40));  // UK's turn begins
  a->committed(change(entry({"UK"}), entry({}), 41));      // UK decides: the dice deal
  a->committed(slice(entry({}), entry({"UK", "USSR"}), 45, {{}, {}, {"UK", "US", "USSR"}, {"UK", "USSR"}}));
  EXPECT_EQ(settled(1), 1u);
}

// Issue 35: with several servers on PostgreSQL each notifier hears only the changes its own server
// committed, so the seats a game waited on before the dice travel with the change, in the stored list
// entry (`waited_on`), not in one server's memory. Server A commits UK's decision, server B the dice:
// one message; and B, which last saw UK waited on long ago, tells UK's new turn after US's.
TEST_F(Notifier, Issue35_TheSeatsWaitedOnBeforeTheDiceCrossServersWithTheListEntry) {
  auto a = notifier(), b = notifier();
  a->committed(change(entry({"US"}), entry({"UK"}), 5));                      // UK's turn, told through A
  a->committed(change(entry({"UK"}), chance_after({"UK"}), 6));               // UK fights: dice
  b->committed(slice(chance_after({"UK"}), entry({"UK"}), 8, {{}, {"UK"}}));  // B rolls them: the same turn
  EXPECT_EQ(settled(1), 1u);
  a->committed(change(entry({"UK"}), entry({"US"}), 9));                       // US's turn
  a->committed(change(entry({"US"}), chance_after({"US"}), 10));               // US decides: dice
  b->committed(slice(chance_after({"US"}), entry({"UK"}), 12, {{}, {"UK"}}));  // rolled by B: UK's new turn
  EXPECT_EQ(settled(2), 2u);
}

TEST_F(Notifier, TheEndOfAGameIsToldOnceAndSaysWhoWon) {
  auto a = notifier(), b = notifier();
  for (auto* n : {a.get(), b.get()}) n->committed(change(entry({"UK"}), entry({}, true, {"UK"}), 90));
  for (auto* n : {a.get(), b.get()}) n->committed(change(entry({}, true, {"UK"}), entry({}, true, {"UK"}), 90));  // again, over already
  ASSERT_EQ(settled(1), 1u);
  const std::string text = hook.received()[0].value("content", "");
  EXPECT_NE(text.find(words().tr("en", "server.notify.end_won")), std::string::npos) << text;
  EXPECT_NE(text.find("UK"), std::string::npos) << text;  // a public game names its winners
}

// Issue 35, found by tests/e2e/seven_accounts.mjs --title churchill: a player who resigned (11.0: its
// bot plays the power to the end) still holds the seat, so the game's end is told to its account,
// although none of the turns its bot plays is.
TEST_F(Notifier, Issue35_AResignedSeatsAccountIsToldTheEndButNotTheTurnsItsBotPlays) {
  auto resigned = [](json e) {
    e["seats"] = {{"UK", "bot:rulebook"}, {"US", "taken"}, {"USSR", "taken"}};
    return e;
  };
  auto a = notifier();
  a->committed(change(resigned(entry({"US"})), resigned(entry({"UK"})), 40));  // the bot's turn
  EXPECT_EQ(settled(0), 0u);
  a->committed(change(resigned(entry({"UK"})), resigned(entry({}, true, {"US"})), 90));
  ASSERT_EQ(settled(1), 1u);
  const std::string text = hook.received()[0].value("content", "");
  EXPECT_NE(text.find(words().tr("en", "server.notify.end_not_won")), std::string::npos) << text;
}

TEST_F(Notifier, AnInvitationGameIsToldWithoutSeatsUnlessNotifyPrivate) {
  auto quiet = notifier();
  quiet->committed(change(entry({"UK"}), entry({}, true, {"US"}), 90, true));
  ASSERT_EQ(settled(1), 1u);
  const std::string text = hook.received()[0].value("content", "");
  EXPECT_EQ(text.find("US"), std::string::npos) << text;
  EXPECT_NE(text.find(words().tr("en", "server.notify.end_not_won")), std::string::npos) << text;
  quiet.reset();
  sql(db, "DELETE FROM notify_outbox");
  server::NotifyOptions o;
  o.private_details = true;
  auto open = notifier(o);
  open->committed(change(entry({"UK"}), entry({}, true, {"US"}), 90, true));
  ASSERT_EQ(settled(2), 2u);
  EXPECT_NE(hook.received()[1].value("content", "").find("US"), std::string::npos);
}

TEST_F(Notifier, AFailedSendIsTriedAgainAfterItsBackOffAndARefusalIsGivenUp) {
  hook.answer_with({500, 503});
  server::NotifyOptions o;
  o.backoff_seconds = 1;
  auto a = notifier(o);
  const auto start = std::chrono::steady_clock::now();
  a->committed(change(entry({}), entry({"UK"}), 5));
  ASSERT_TRUE(eventually([&] { return hook.received().size() == 1; }, 15));
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));  // waited for its back-off
  EXPECT_EQ(hook.requests(), 3u);
  EXPECT_TRUE(eventually([&] { return sql_text(db, "SELECT status || ' ' || attempts FROM notify_outbox") == "sent 3"; }))
      << sql_text(db, "SELECT status || ' ' || attempts FROM notify_outbox");
  hook.answer_with({404});
  a->committed(change(entry({"US"}), entry({"UK"}), 8));
  ASSERT_TRUE(eventually([&] { return sql_text(db, "SELECT status FROM notify_outbox WHERE dedupe LIKE '%:8:%'") == "failed"; }));
  EXPECT_EQ(hook.requests(), 4u);  // not tried again
}

// The outbox keeps a settled message only for --notify-keep after it was added: however many turns are
// told, the table holds about that much of them, and a message still to be sent is kept however old.
TEST_F(Notifier, SettledMessagesArePrunedSoTheOutboxStaysBounded) {
  server::NotifyOptions o;
  o.keep_seconds = 0;  // deleted at the first look after it was settled
  o.backoff_seconds = 3600;
  auto a = notifier(o);
  constexpr std::size_t kTurns = 30;
  std::size_t most = 0;
  for (std::size_t turn = 0; turn < kTurns; ++turn) {
    a->committed(change(entry({"US"}), entry({"UK"}), 10 + 2 * turn));
    ASSERT_TRUE(eventually([&] { return hook.received().size() == turn + 1; })) << turn;
    most = std::max<std::size_t>(most, std::stoul(sql_text(db, "SELECT count(*) FROM notify_outbox")));
  }
  EXPECT_LE(most, 2u) << "the outbox grew with the turns told";
  EXPECT_TRUE(eventually([&] { return sql_text(db, "SELECT count(*) FROM notify_outbox") == "0"; }));
  EXPECT_EQ(hook.received().size(), kTurns) << "each told once";
  hook.answer_with({500});  // the next one fails and waits an hour to be tried again
  a->committed(change(entry({"US"}), entry({"UK"}), 200));
  ASSERT_TRUE(eventually([&] { return sql_text(db, "SELECT status || ' ' || attempts FROM notify_outbox") == "pending 1"; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_EQ(sql_text(db, "SELECT status || ' ' || attempts FROM notify_outbox"), "pending 1") << "a message still to send is kept";
}

// Issue 35: whole Churchill training games through the lobby, their bots and dice played in slices on
// workers (run by hand), the notifier told of each change as the server tells it. UK's account is told
// of each turn of UK once, as the game's actions count them one by one (a turn begins when the game
// waits on UK after the last seats it waited on were others; waiting on chance alone ends no turn),
// however the slices grouped the dice and the bots' decisions into changes; and a list entry waiting
// on chance alone names the seats waited on last. (The server draws each game's dice: in 7 games of
// 8 the notifier before the fix told UK 2 or 3 turns fewer; three games are played.)
class NotifierOverALobby : public LobbyOverFailingStore {
 protected:
  FakeWebhook hook;
  std::unique_ptr<FailingStore> store;
  std::unique_ptr<server::Lobby> lobby;
  Jobs jobs;
  std::unique_ptr<server::Notifier> notifier;
  std::map<std::size_t, json> entries;  // the game's list entry after each change, by its actions
  std::size_t slices = 0;               // changes of several actions

  void SetUp() override {
    LobbyOverFailingStore::SetUp();
    store = std::make_unique<FailingStore>(path());
    lobby = std::make_unique<server::Lobby>(titles(), *store);
    jobs.attach(*lobby);
    sql(path(), "INSERT INTO accounts (id, name_key, name, password_hash, created) VALUES (1, 'anna', 'anna', 'x', 0)");
    server::NotifySettings settings;
    settings.webhook.to = hook.url();
    settings.webhook.confirmed = true;
    sql(path(), "INSERT INTO notify_settings (account, settings) VALUES (1, '" + settings.stored() + "')");
    server::NotifyOptions o;
    o.allow_local = true;
    o.poll_seconds = 0.1;
    notifier = std::make_unique<server::Notifier>(o, server::open_side_store(path()), words());
    notifier->start("https://churchill.example.org", json::array());
    lobby->on_committed([this](const std::string& game, const std::string& before, const std::string& after, std::size_t actions,
                               bool invitation, const server::Lobby::Waits& waits) {
      entries[actions] = json::parse(after);
      if (!waits.empty()) {
        ++slices;
        EXPECT_EQ(json(waits.back()), entries[actions]["active"]) << "the last seats waited on are the entry's";
      }
      notifier->committed({game, before, after, actions, invitation, waits});
    });
  }
  void TearDown() override {
    notifier.reset();
    lobby.reset();
    store.reset();
    LobbyOverFailingStore::TearDown();
  }

  // A game whose UK seat anna holds, played to its end (UK a random legal action each time): its id
  // and the actions it had when anna came to hold the seat.
  std::pair<std::string, std::size_t> played(unsigned seed) {
    entries.clear();
    const std::string id = lobby->create(json{{"seating", "public"}, {"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}})["id"];
    lobby->commit_now();
    const std::string token = jobs.when_ready(*lobby, [&] { return lobby->claim(id, "UK", json::object()); });
    lobby->commit_now();
    jobs.run_all(*lobby);
    sql(path(), "INSERT INTO account_seats (game, seat, account, token) VALUES ('" + id + "', 'UK', 1, 't')");
    const std::size_t start = store->load(id)->record.actions.size();  // turns from here on are told
    std::mt19937 rng(seed);
    for (int moves = 0; moves < 1000; ++moves) {
      jobs.run_all(*lobby);
      const json v = json::parse(jobs.when_ready(*lobby, [&] { return lobby->view(id, token); }));
      if (v.value("terminal", false)) return {id, start};
      const json& legal = v["legal_actions"];
      if (legal.empty()) break;  // the bots stopped with the game waiting on them
      jobs.when_ready(*lobby, [&] { return lobby->act(id, token, {{"action", legal[rng() % legal.size()]}, {"version", v["version"]}}); });
      lobby->commit_now();
    }
    ADD_FAILURE() << "game " << id << " did not end";
    return {id, start};
  }

  // UK's turns after `start` actions, as the stored actions count them one by one; on the way, each
  // list entry waiting on chance alone is checked to name the seats waited on last.
  std::size_t turns_of_uk(const std::string& id, std::size_t start) {
    const server::StoredGame sg = *store->load(id);
    core::SaveFile empty = sg.record;
    empty.actions.clear();
    const auto m = titles().find("churchill")->open(empty);
    std::vector<std::string> waited;
    std::size_t turns = 0, checked = 0;
    for (std::size_t i = 0; i < sg.record.actions.size(); ++i) {
      const core::SavedAction& a = sg.record.actions[i];
      if (a.seat == "chance" && a.sampled)
        EXPECT_EQ(m->sample_chance(), a.action) << i;
      else if (a.seat == "chance")
        m->chance(a.action);
      else
        m->act(*m->seat_from_name(a.seat), a.action);
      std::vector<std::string> now;
      for (core::Seat p = 0; p < m->seat_count(); ++p)
        if (m->acting_seats() & core::seat_bit(p)) now.push_back(m->seat_name(p));
      if (!now.empty()) {
        const bool uk = std::find(now.begin(), now.end(), "UK") != now.end();
        if (uk && std::find(waited.begin(), waited.end(), "UK") == waited.end() && i + 1 > start) ++turns;
        waited = now;
      }
      if (const auto e = entries.find(i + 1); e != entries.end() && now.empty() && !e->second.value("terminal", false)) {
        EXPECT_EQ(e->second.value("waited_on", json()), json(waited)) << "after " << i + 1 << " actions";
        ++checked;
      }
    }
    EXPECT_GT(checked, 0u) << "no change left the game waiting on chance";
    return turns;
  }
};

TEST_F(NotifierOverALobby, Issue35_EachTurnOfAWholeGameIsToldOnceAsItsActionsCountIt) {
  for (unsigned seed : {1u, 2u, 3u}) {
    SCOPED_TRACE(seed);
    const auto game = played(seed);
    const std::string& id = game.first;
    const std::size_t start = game.second;
    const std::size_t turns = turns_of_uk(id, start);
    EXPECT_GT(turns, 5u);
    ASSERT_TRUE(eventually([&] {
      return sql_text(path(), "SELECT count(*) FROM notify_outbox WHERE dedupe LIKE 'end:1:" + id + ":%'") == "1";
    })) << "the end is told after every change before it";
    EXPECT_EQ(sql_text(path(), "SELECT count(*) FROM notify_outbox WHERE dedupe LIKE 'turn:1:" + id + ":%'"), std::to_string(turns))
        << "UK's turns told, as its actions count them";
  }
  EXPECT_GT(slices, 30u);
}

}  // namespace
