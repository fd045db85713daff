// Endings and beginnings (docs/server.md) against a real server, as players and hostile clients try
// them: a resigned seat is played by its bot to the end (Churchill 11.0), an alliance concedes only
// when all its human seats agree and the other alliance never learns of an agreement before, a
// rematch seats the same tokens, a game may refuse spectators, and strangers find open games. Every
// refusal changes nothing.
#include <fmt/format.h>
#include <sys/socket.h>

#include <functional>
#include <map>

#include "tests/server/server_fixture.h"

namespace {

using namespace test_support;

class Endings : public Server {
 protected:
  // Global War for four, every seat claimed here: the Allies (CHN+USSR, BC+US) and the Axis (GER+ITA, JPN).
  void four(const std::string& extra = "") {
    const Reply r = post("/api/games", R"({"title": "warroom", "scenario": "global-war", "players": 4, "seating": "public")" + extra + "}");
    ASSERT_EQ(r.status, 201) << r.body.dump();
    id = r.body["id"];
    const json view = get("/api/games/" + id + "/view").body;
    for (const json& seat : view["seat_order"]) {
      tokens[seat] = claim(id, seat);
      const std::string name = seat;
      (name.find("GER") != std::string::npos || name.find("JPN") != std::string::npos ? axis : allies).push_back(name);
    }
    ASSERT_EQ(axis.size(), 2u);
    ASSERT_EQ(allies.size(), 2u);
  }
  json view(const std::string& game, const std::string& token = "") { return get("/api/games/" + game + "/view", token).body; }
  Reply resign(const std::string& game, const std::string& token, const json& body = json::object()) {
    return post("/api/games/" + game + "/resign", body.dump(), token);
  }
  Reply concede(const std::string& seat, bool agree = true) {
    return post("/api/games/" + id + "/concede", json{{"agree", agree}}.dump(), tokens[seat]);
  }
  // The view once `done` holds of it (the bots play on the server's workers), within a minute.
  template <class Done>
  json wait_for(const std::string& game, const std::string& token, Done done) {
    for (int i = 0; i < 600; ++i) {
      json v = view(game, token);
      if (done(v)) return v;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ADD_FAILURE() << "the game never got there";
    return view(game, token);
  }
  static std::vector<std::string> event_names(const json& v) {
    std::vector<std::string> out;
    for (const json& e : v["events"]) out.push_back(e["seat"].get<std::string>() + " " + e["event"].get<std::string>());
    return out;
  }
  // What `read` answers for each variant, each played on the game as it stands now (its store copied
  // and put back before each): two games that differ only in what `read` does.
  std::map<int, json> from_here(const std::vector<int>& variants, const std::function<json(int)>& read) {
    stop(SIGTERM);
    const fs::path kept = dir / "kept";
    fs::create_directories(kept);
    const auto copy = [](const fs::path& from, const fs::path& to) {
      for (const char* end : {"", "-wal", "-shm"}) {
        fs::remove(to.string() + end);
        if (fs::exists(from.string() + end)) fs::copy_file(from.string() + end, to.string() + end);
      }
    };
    copy(db, kept / "games.db");
    std::map<int, json> out;
    for (const int v : variants) {
      copy(kept / "games.db", db);
      start();
      out[v] = read(v);
      stop(SIGTERM);
    }
    start();
    return out;
  }
  std::string id;
  std::map<std::string, std::string> tokens;
  std::vector<std::string> allies, axis;
};

TEST_F(Endings, Rule11_0_AResignedPowerIsPlayedByItsBotToTheEnd) {
  const std::string game = create();
  const std::string uk = claim(game);
  const json before = view(game, uk);
  const Reply r = resign(game, uk);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["seats"]["UK"], "bot:rulebook");  // the title's first bot
  ASSERT_EQ(r.body["events"].size(), 1u);
  EXPECT_EQ(r.body["events"][0]["event"], "resign");
  EXPECT_TRUE(r.body["events"][0]["at"].is_number_unsigned());
  EXPECT_GT(r.body["version"].get<int>(), before["version"].get<int>());  // everyone sees it
  // Its bot plays it, to the end the rules give ('Bots at War).
  const json end = wait_for(game, uk, [](const json& v) { return v["terminal"] == true; });
  EXPECT_TRUE(end["terminal"]);
  EXPECT_EQ(end["events"][0]["seat"], "UK");
  EXPECT_EQ(resign(game, uk).body["code"], "game_over");
  // The record keeps it, and so does a spectator's view after a restart.
  EXPECT_NE(sql_text(db, "SELECT record FROM games WHERE id = '" + game + "'").find("\"resign\""), std::string::npos);
  restart({});
  const json again = view(game);
  EXPECT_EQ(again["seats"]["UK"], "bot:rulebook");
  EXPECT_EQ(event_names(again), std::vector<std::string>{"UK resign"});
}

TEST_F(Endings, ResignRefusesWhatIsNotTheSeatsOwn) {
  const std::string game = create(), other = create();
  const std::string uk = claim(game), elsewhere = claim(other);
  const json before = view(game, uk);
  EXPECT_EQ(resign(game, "").status, 401);
  EXPECT_EQ(resign(game, elsewhere).body["code"], "bad_token");  // another game's seat
  EXPECT_EQ(resign(game, uk, {{"bot", "nobody"}}).body["code"], "no_bot");
  EXPECT_EQ(resign(game, uk, {{"bot", 7}}).status, 400);
  EXPECT_EQ(resign(game, uk, {{"seat", "US"}}).status, 400);
  EXPECT_EQ(post("/api/games/" + game + "/resign", "[]", uk).status, 400);
  EXPECT_EQ(post("/api/games/nosuchgame/resign", "{}", uk).status, 404);
  EXPECT_EQ(call(http::verb::get, "/api/games/" + game + "/resign", "", uk).status, 405);
  // Churchill has no alliances: nobody concedes, a player resigns.
  EXPECT_EQ(post("/api/games/" + game + "/concede", "{}", uk).body["code"], "no_alliances");
  const json after = view(game, uk);
  EXPECT_EQ(after["version"], before["version"]);
  EXPECT_EQ(after["seats"]["UK"], "human");
  EXPECT_TRUE(after["events"].empty());
}

TEST_F(Endings, AnAllianceConcedesOnceAllItsHumanSeatsAgreeAndTheOtherNeverSeesAnAgreementBefore) {
  four();
  const std::string& a1 = axis[0];
  const std::string& a2 = axis[1];
  const json allied_before = view(id, tokens[allies[0]]), watcher_before = view(id);
  const Reply first = concede(a1);
  ASSERT_EQ(first.status, 200) << first.body.dump();
  EXPECT_EQ(event_names(first.body), std::vector<std::string>{a1 + " concede"});
  EXPECT_FALSE(first.body["terminal"]);
  EXPECT_EQ(event_names(view(id, tokens[a2])), std::vector<std::string>{a1 + " concede"});  // its ally sees it
  // The other alliance and the spectators see nothing: no event, not even a new version.
  const json allied = view(id, tokens[allies[0]]), watcher = view(id);
  EXPECT_TRUE(allied["events"].empty());
  EXPECT_TRUE(watcher["events"].empty());
  EXPECT_EQ(allied["version"], allied_before["version"]);
  EXPECT_EQ(watcher["version"], watcher_before["version"]);
  EXPECT_EQ(get("/api/games?status=live").body.dump().find("concede"), std::string::npos);
  // Twice, taking back what was not given, another seat's token: refused, nothing changes.
  EXPECT_EQ(concede(a1).body["code"], "agreed_already");
  EXPECT_EQ(concede(allies[0], false).body["code"], "not_agreed");
  EXPECT_EQ(post("/api/games/" + id + "/concede", R"({"agree": "yes"})", tokens[a2]).status, 400);
  EXPECT_EQ(post("/api/games/" + id + "/concede", "{}", "").status, 401);
  // Taken back and given again, then the second seat agrees: the Axis concedes, the Allies win.
  EXPECT_EQ(concede(a1, false).status, 200);
  EXPECT_EQ(concede(a1).status, 200);
  const Reply last = concede(a2);
  ASSERT_EQ(last.status, 200) << last.body.dump();
  EXPECT_TRUE(last.body["terminal"]);
  EXPECT_EQ(last.body["conceded"]["seats"], json(axis));
  EXPECT_EQ(last.body["conceded"]["winners"], json(allies));
  const json over = view(id);  // now everyone sees every agreement
  EXPECT_EQ(event_names(over),
            (std::vector<std::string>{a1 + " concede", a1 + " withdraw", a1 + " concede", a2 + " concede", a2 + " conceded"}));
  EXPECT_TRUE(over["legal_actions"].empty());
  EXPECT_EQ(concede(a1).body["code"], "game_over");
  const json now = view(id, tokens[allies[0]]);
  EXPECT_EQ(
      post("/api/games/" + id + "/actions", json{{"action", "done"}, {"version", now["version"]}}.dump(), tokens[allies[0]]).body["code"],
      "not_your_turn");
  const json finished = get("/api/games?status=finished").body;
  ASSERT_EQ(finished["games"].size(), 1u);
  EXPECT_EQ(finished["games"][0]["winners"], json(allies));
  EXPECT_EQ(finished["games"][0]["conceded"], json(axis));
  // The replay of the finished game shows it, and so does the game read again after a restart.
  const json replay = get("/api/games/" + id + "/replay").body;
  EXPECT_EQ(replay["view"]["conceded"]["winners"], json(allies));
  restart({});
  EXPECT_EQ(view(id)["conceded"]["seats"], json(axis));
}

TEST_F(Endings, AResignedSeatNeedNotAgreeToConcedeAndNeverActsAgain) {
  four();
  const Reply resigned = resign(id, tokens[axis[0]], {{"bot", "random"}});
  ASSERT_EQ(resigned.status, 200) << resigned.body.dump();
  EXPECT_EQ(resigned.body["seats"][axis[0]], "bot:random");
  EXPECT_FALSE(resigned.body["terminal"]);  // the others are humans: the game waits for them
  // Nobody acts for its bot with its token, and it does not resign twice.
  const json now = view(id, tokens[axis[0]]);
  EXPECT_EQ(
      post("/api/games/" + id + "/actions", json{{"action", "done"}, {"version", now["version"]}}.dump(), tokens[axis[0]]).body["code"],
      "seat_is_bot");
  EXPECT_EQ(resign(id, tokens[axis[0]]).body["code"], "seat_is_bot");
  EXPECT_EQ(concede(axis[0]).body["code"], "seat_is_bot");
  const Reply last = concede(axis[1]);
  ASSERT_EQ(last.status, 200) << last.body.dump();
  EXPECT_TRUE(last.body["terminal"]);
  EXPECT_EQ(last.body["conceded"]["winners"], json(allies));
}

TEST_F(Endings, ARematchSeatsTheSameTokens) {
  const std::string game = create();
  const std::string uk = claim(game);
  expect_error(post("/api/games/" + game + "/rematch", "{}", uk), 409, "over");
  ASSERT_EQ(resign(game, uk).status, 200);
  wait_for(game, uk, [](const json& v) { return v["terminal"] == true; });
  EXPECT_EQ(post("/api/games/" + game + "/rematch", "{}", "").status, 401);
  const Reply made = post("/api/games/" + game + "/rematch", "{}", uk);
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string next = made.body["id"];
  const Reply again = post("/api/games/" + game + "/rematch", "{}", uk);  // offered once: the same game
  EXPECT_EQ(again.status, 200);
  EXPECT_EQ(again.body["id"], next);
  const json seat = view(next, uk);  // the same token opens the same seat, a human's again
  EXPECT_EQ(seat["seat"], "UK");
  EXPECT_EQ(seat["seats"]["UK"], "human");
  EXPECT_EQ(seat["seats"]["US"], "bot:rulebook");
  EXPECT_EQ(seat["rematch"], game);
  EXPECT_TRUE(seat["events"].empty());
  const json old = view(game);
  ASSERT_EQ(old["events"].size(), 2u);
  EXPECT_EQ(old["events"][1]["event"], "rematch");
  EXPECT_EQ(old["events"][1]["game"], next);
  EXPECT_EQ(post("/api/games/" + next + "/seats/UK").body["code"], "seat_taken");
  restart({});
  EXPECT_EQ(view(next, uk)["seat"], "UK");
  EXPECT_EQ(view(game)["events"][1]["game"], next);
}

TEST_F(Endings, AGameWithoutObserversShowsNothingToSpectatorsUntilItIsOver) {
  EXPECT_EQ(post("/api/games", R"({"scenario": "training", "observers": "no"})").status, 400);
  const Reply r = post("/api/games", R"({"scenario": "training", "seating": "public", "observers": false,
                                         "seats": {"US": "bot:rulebook", "USSR": "bot:rulebook"}})");
  ASSERT_EQ(r.status, 201) << r.body.dump();
  const std::string game = r.body["id"];
  const std::string uk = claim(game);
  EXPECT_EQ(get("/api/games/" + game + "/view").body["code"], "no_observers");
  EXPECT_EQ(get("/api/games/" + game + "/replay").body["code"], "no_observers");
  EXPECT_EQ(get("/api/games/" + game + "/chat").body["code"], "no_observers");
  EXPECT_EQ(get("/api/games/" + game + "/log?from=0").body["code"], "no_observers");
  const json mine = view(game, uk);
  EXPECT_EQ(mine["observers"], false);
  bool listed = false;
  const json live = get("/api/games").body;
  for (const json& g : live["games"])
    if (g["id"] == game) {
      listed = true;
      EXPECT_EQ(g["observers"], false);
    }
  EXPECT_TRUE(listed);
  boost::asio::io_context io;
  auto ws = watch(io, game, "");
  beast::flat_buffer buffer;
  boost::system::error_code ec;
  ws->read(buffer, ec);
  EXPECT_EQ(ec, websocket::error::closed);
  const std::string reason(ws->reason().reason.data(), ws->reason().reason.size());
  EXPECT_NE(reason.find("spectators"), std::string::npos) << reason;
  // Over, it may be watched and replayed.
  ASSERT_EQ(resign(game, uk).status, 200);
  wait_for(game, uk, [](const json& v) { return v["terminal"] == true; });
  EXPECT_EQ(get("/api/games/" + game + "/view").status, 200);
  EXPECT_EQ(get("/api/games/" + game + "/replay?step=3").status, 200);
  EXPECT_EQ(get("/api/games/" + game + "/log?from=0&count=3").body["log"].size(), 3u);
}

TEST_F(Endings, OpenGamesListsWhatAStrangerMayJoin) {
  const std::string churchill = create(R"({"US": "bot:rulebook"})");
  const std::string full = create();
  claim(full);
  const std::string invited = post("/api/games", R"({"scenario": "training"})").body["id"];
  const std::string warroom =
      post("/api/games", R"({"title": "warroom", "scenario": "global-war", "players": 4, "seating": "public"})").body["id"];
  const auto ids = [&](const std::string& query) {
    std::set<std::string> out;
    const Reply r = get("/api/games/open" + query);
    EXPECT_EQ(r.status, 200) << r.body.dump();
    for (const json& g : r.body["games"]) out.insert(g["id"].get<std::string>());
    return out;
  };
  const std::string fast = post("/api/games", R"({"scenario": "training", "seating": "public", "pace": "fast"})").body["id"];
  EXPECT_EQ(ids(""), (std::set<std::string>{churchill, warroom, fast}));
  EXPECT_EQ(ids("?pace=fast"), std::set<std::string>{fast});
  EXPECT_EQ(ids("?pace=none&title=churchill"), std::set<std::string>{churchill});
  EXPECT_EQ(ids("?title=warroom"), std::set<std::string>{warroom});
  EXPECT_EQ(ids("?title=churchill&scenario=training"), (std::set<std::string>{churchill, fast}));
  EXPECT_EQ(ids("?scenario=campaign"), std::set<std::string>{});
  EXPECT_EQ(ids("?limit=1").size(), 1u);
  const Reply page = get("/api/games/open?limit=1");
  EXPECT_EQ(ids("?limit=1&after=" + page.body["next"].get<std::string>()).size(), 1u);
  EXPECT_EQ(get("/api/games/open?title=nope").status, 400);
  EXPECT_EQ(get("/api/games/open?limit=0").status, 400);
  EXPECT_EQ(get("/api/games/open?scenario=" + std::string(100, 'x')).status, 400);
  EXPECT_EQ(post("/api/games/open", "{}").status, 405);
}

// War in Europe for two at Phase 2's secret orders, the Allies (BC+USSR+US) writing `entries` orders
// on their sheet before they write at the table and resign: what the Axis then reads of the game.
class SecretCounts : public Endings {
 protected:
  void to_orders() {
    const Reply r = post("/api/games", R"({"title": "warroom", "scenario": "war-in-europe", "players": 2, "seating": "public"})");
    ASSERT_EQ(r.status, 201) << r.body.dump();
    id = r.body["id"];
    const json seats = view(id)["seat_order"];
    allied = claim(id, seats[0]), axis_token = claim(id, seats[1]);
    const auto in_phase_2 = [&] { return view(id, axis_token)["phase"].get<std::string>().find("Phase 2") != std::string::npos; };
    for (int step = 0; step < 20 && !in_phase_2(); ++step)
      for (const std::string& token : {allied, axis_token})
        if (!in_phase_2() && !view(id, token)["legal_actions"].empty()) {
          ASSERT_EQ(enter(token, true).status, 200);
        }
    ASSERT_TRUE(in_phase_2());
  }
  // The seat's first entry that finishes its sheet (`done`) or does not.
  Reply enter(const std::string& token, bool done) {
    const json v = view(id, token);
    for (const json& a : v["legal_actions"])
      if ((a.get<std::string>().rfind("done", 0) == 0) == done)
        return post("/api/games/" + id + "/actions", json{{"action", a}, {"version", v["version"]}}.dump(), token);
    ADD_FAILURE() << "no entry in " << v["legal_actions"].dump();
    return {};
  }
  // What the Axis reads once the Allies wrote `entries` orders, a line at the table and resigned, and
  // their bot finished their sheet: its view, its replay, the table talk and the list entry (the
  // times of day left out).
  json axis_reads(int entries) {
    for (int i = 0; i < entries; ++i) EXPECT_EQ(enter(allied, false).status, 200) << i;
    EXPECT_EQ(post("/api/games/" + id + "/chat", R"({"channel": "table", "text": "Nothing to report"})", allied).status, 201);
    const Reply resigned = resign(id, allied, {{"bot", "rules"}});
    EXPECT_EQ(resigned.status, 200) << resigned.body.dump();
    const json seen = wait_for(id, axis_token, [](const json& v) { return v["active"].size() == 1; });  // the Allies' bot is done
    json chat = get("/api/games/" + id + "/chat", axis_token).body;
    for (json& m : chat["messages"]) m.erase("at");
    json listed = get("/api/games?status=live").body;
    for (json& g : listed["games"]) g.erase("updated");
    return {{"view", seen}, {"replay", get("/api/games/" + id + "/replay", axis_token).body}, {"chat", chat}, {"list", listed}};
  }
  std::string allied, axis_token;
};

// Two games that differ only in how many secret orders the Allies wrote before they resigned (the
// same game, its store copied at the orders' start): nothing the Axis reads tells them apart.
TEST_F(SecretCounts, Rule_Phase2_TopSecret_AResignationAtTheOrdersTellsTheOtherAllianceNothingOfHowManyOrdersWereWritten) {
  to_orders();
  std::map<int, json> reads = from_here({0, 3}, [&](int entries) { return axis_reads(entries); });
  ASSERT_FALSE(reads[0]["view"]["events"].empty());
  EXPECT_EQ(reads[0]["view"]["events"][0]["event"], "resign");
  for (const char* what : {"view", "replay", "chat", "list"}) EXPECT_EQ(reads[0][what].dump(), reads[3][what].dump()) << what;
  // The event and the message stand where the orders began: the replay's last step as the Axis sees it.
  EXPECT_EQ(reads[3]["view"]["events"][0]["at"], reads[3]["replay"]["steps"]);
  EXPECT_EQ(reads[3]["chat"]["messages"][0]["step"], reads[3]["replay"]["steps"]);
}

// A seat's secret entry leaves the game's list entry as it was, its time too: a client reading the
// list again and again does not count another seat's orders.
TEST_F(SecretCounts, Rule_Phase2_TopSecret_TheListEntryDoesNotMoveWithASecretOrder) {
  to_orders();
  const json before = get("/api/games?status=live").body;
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // "updated" is in seconds
  ASSERT_EQ(enter(allied, false).status, 200);
  EXPECT_EQ(get("/api/games?status=live").body.dump(), before.dump());
  ASSERT_EQ(enter(allied, true).status, 200);  // that the Allies are done everyone sees
  EXPECT_GT(get("/api/games?status=live").body["games"][0]["updated"].get<std::int64_t>(),
            before["games"][0]["updated"].get<std::int64_t>());
}

// The other alliance replaying a game in play, step by step, learns nothing of when an alliance's
// seats agreed to concede and took it back: two copies of one game, with and without agreements.
TEST_F(Endings, AReplayOfAGameInPlayHidesWhenTheOtherAllianceAgreedToConcede) {
  four();
  const std::string allied = tokens[allies[0]];
  std::map<int, json> reads = from_here({0, 1}, [&](int agreements) {
    if (agreements) {
      EXPECT_EQ(concede(axis[0]).status, 200);
      EXPECT_EQ(concede(axis[0], false).status, 200);
      EXPECT_EQ(concede(axis[1]).status, 200);
    }
    json seen = json::array();
    const json last = get("/api/games/" + id + "/replay", allied).body;
    for (std::size_t step = 0; step <= last["steps"].get<std::size_t>(); ++step)
      seen.push_back(get("/api/games/" + id + "/replay?step=" + std::to_string(step), allied).body);
    json listed = get("/api/games?status=live").body;
    for (json& g : listed["games"]) g.erase("updated");
    return json{{"replays", seen}, {"view", view(id, allied)}, {"list", listed}};
  });
  EXPECT_EQ(reads[0].dump(), reads[1].dump());
  for (const json& r : reads[1]["replays"]) EXPECT_TRUE(r["view"]["events"].empty()) << r["step"];
}

}  // namespace
