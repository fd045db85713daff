// Paces and clocks (issue 35, item 3; docs/server.md "Paces and clocks"), on a time source the test
// moves by hand -- no test sleeps. A game chooses its pace at creation; each seat's clock runs while
// the game waits for it (at a simultaneous secret step, for every seat not yet done), gains the time
// per move when its turn passes, and a seat whose clock runs out is played by the stand-in bot until
// its player comes back. The players pause by agreement. Clocks are stored with the game.
#include <iostream>

#include "server/clocks.h"
#include "tests/server/lobby_fixture.h"

namespace {

using nlohmann::json;
using test_support::FailingStore;
using test_support::Jobs;
using test_support::LobbyOverFailingStore;
using test_support::status_of;
using test_support::titles;

constexpr std::int64_t kStart = 1'800'000'000;  // unix seconds: the fake clock's start
constexpr std::int64_t kHour = 3600;

core::SeatMask bits(std::initializer_list<int> seats) {
  core::SeatMask m = 0;
  for (int s : seats) m |= core::seat_bit(static_cast<core::Seat>(s));
  return m;
}

// --- the clocks alone ---

TEST(Pace, PresetsAndCustomBounds) {
  EXPECT_FALSE(server::parse_pace(nullptr).timed()) << "no pace: today's games";
  const server::Pace fast = server::parse_pace("fast");
  EXPECT_EQ(fast.initial, 12 * kHour);
  EXPECT_EQ(fast.per_move, 4 * kHour);
  EXPECT_EQ(fast.most, 48 * kHour);
  const server::Pace custom = server::parse_pace(json{{"initial", 7200}, {"per_move", 600}, {"most", 9000}});
  EXPECT_EQ(custom.name, "custom");
  EXPECT_EQ(custom.initial, 7200);
  for (const json& bad : {json("blitz"), json(3), json{{"initial", 10}, {"per_move", 0}, {"most", 60}},
                          json{{"initial", 7200}, {"per_move", 600}, {"most", 3600}},  // most below the initial bank
                          json{{"initial", 7200}, {"per_move", -1}, {"most", 9000}}, json{{"initial", 7200}, {"per_move", 60}},
                          json{{"initial", 7200}, {"per_move", 60}, {"most", 9000}, {"extra", 1}},
                          json{{"initial", 7200.5}, {"per_move", 60}, {"most", 9000}}})
    EXPECT_EQ(status_of([&] { server::parse_pace(bad); }), 400) << bad.dump();
}

TEST(Clocks, RunOnlyForTheSeatsTheGameWaitsForOnceEverySeatIsClaimed) {
  server::Clocks c(server::parse_pace("fast"), "bot:rulebook", 3);
  const core::SeatMask humans = bits({0, 1, 2});
  c.update(bits({0}), humans, bits({0, 1}), false, kStart);
  EXPECT_FALSE(c.next_deadline()) << "a seat is not claimed yet: no clock runs";
  EXPECT_TRUE(c.update(bits({0}), humans, humans, false, kStart + 100));
  EXPECT_EQ(c.next_deadline(), kStart + 100 + 12 * kHour) << "the seat it waits for runs from the last claim";
  // Its turn passes after an hour: 11 h left, plus 4 h per move.
  c.update(bits({1}), humans, humans, false, kStart + 100 + kHour);
  const json v = c.view(*titles().find("churchill")->open(titles().find("churchill")->new_record("training", {}, 0, {})));
  EXPECT_EQ(v["seats"]["UK"]["bank"], 15 * kHour);
  EXPECT_EQ(v["seats"]["UK"]["running"], false);
  EXPECT_EQ(v["seats"]["US"]["running"], true);
}

TEST(Clocks, TheBankNeverHoldsMoreThanThePaceAllows) {
  server::Clocks c(server::parse_pace("fast"), "bot:rulebook", 2);
  const core::SeatMask humans = bits({0, 1});
  for (int turn = 0; turn < 20; ++turn) c.update(bits({turn % 2}), humans, humans, false, kStart + turn);
  ASSERT_TRUE(c.next_deadline());
  EXPECT_LE(*c.next_deadline() - (kStart + 19), 48 * kHour);
  EXPECT_GT(*c.next_deadline() - (kStart + 19), 47 * kHour) << "it did grow";
}

TEST(Clocks, AtASimultaneousStepEverySeatNotYetDoneRuns) {
  server::Clocks c(server::parse_pace("live"), "bot:rulebook", 3);
  const core::SeatMask humans = bits({0, 1, 2});
  c.update(bits({0, 1, 2}), humans, humans, false, kStart);
  c.update(bits({0, 2}), humans, humans, false, kStart + 60);  // seat 1 is done after a minute
  EXPECT_TRUE(c.due(kStart + 15 * 60 - 1).empty());
  EXPECT_EQ(c.due(kStart + 15 * 60), (std::vector<int>{0, 2})) << "the two seats still writing run out together";
}

TEST(Clocks, RunningOutGivesTheSeatToTheStandInUntilItsPlayerIsBack) {
  server::Clocks c(server::parse_pace("live"), "bot:rulebook", 2);
  const core::SeatMask humans = bits({0, 1});
  c.update(bits({0}), humans, humans, false, kStart);
  c.run_out(0, kStart + 900);
  EXPECT_TRUE(c.out(0));
  EXPECT_EQ(c.stand_ins(), (std::vector<std::string>{"bot:rulebook", ""}));
  EXPECT_FALSE(c.next_deadline()) << "a seat its stand-in plays has no clock running";
  c.come_back(0, kStart + 1000);
  EXPECT_FALSE(c.out(0));
  EXPECT_EQ(c.stand_ins(), (std::vector<std::string>{"", ""}));
  EXPECT_EQ(c.next_deadline(), kStart + 1000 + 2 * 60) << "back with the time per move, its turn still waiting";
  const server::Clocks again(c.text(), 2);
  EXPECT_EQ(again.text(), c.text()) << "stored and read back the same";
}

TEST(Clocks, APauseNeedsEverySeatAndOneSeatResumes) {
  server::Clocks c(server::parse_pace("fast"), "bot:rulebook", 2);
  const core::SeatMask humans = bits({0, 1});
  c.update(bits({0}), humans, humans, false, kStart);
  EXPECT_FALSE(c.vote_pause(0, true, humans, kStart + 10));
  EXPECT_FALSE(c.paused()) << "one seat of two agrees: the clocks run";
  EXPECT_TRUE(c.vote_pause(1, true, humans, kStart + 20));
  EXPECT_TRUE(c.paused());
  EXPECT_FALSE(c.next_deadline());
  EXPECT_TRUE(c.vote_pause(1, false, humans, kStart + 1000 * kHour));
  EXPECT_EQ(c.next_deadline(), kStart + 1000 * kHour + 12 * kHour - 20) << "the pause cost the seat nothing";
}

TEST(Clocks, AVacationStandsTheSeatsClockStillUntilItEnds) {
  server::Clocks c(server::parse_pace("fast"), "bot:rulebook", 2);
  const core::SeatMask humans = bits({0, 1});
  c.update(bits({0}), humans, humans, false, kStart);
  c.set_away(0, kStart + 3 * 24 * kHour, kStart + kHour);
  EXPECT_EQ(c.next_deadline(), kStart + 3 * 24 * kHour) << "woken when it ends";
  EXPECT_TRUE(c.due(kStart + 2 * 24 * kHour).empty());
  c.update(bits({0}), humans, humans, false, kStart + 3 * 24 * kHour);
  EXPECT_EQ(c.next_deadline(), kStart + 3 * 24 * kHour + 11 * kHour) << "an hour used before it left";
}

// --- in the lobby ---

// The clocks' notes in a view's log (issue 35, item 4): each after the log entries written before it,
// counted in the log's size, so a client that keeps the log by position finds every line in place.
TEST(ClockNotes, EachComesAfterTheEntriesWrittenBeforeItAndCountsInTheLogSize) {
  const auto words = core::i18n::Catalogues::load(core::i18n::default_catalogue_dir(std::filesystem::path(CHURCHILL_TEST_DATA_DIR)));
  json view = {{"log", {"c", "d"}}, {"log_size", 4}, {"log_messages", {"c", "d"}}, {"log_events", {{{"rule", "1"}}, {{"rule", "2"}}}}};
  const std::vector<server::Clocks::LogNote> notes = {
      {1, 1, "UK", "out", "bot:rulebook"},  // before the tail the view carries: counted, not sent
      {2, 3, "UK", "back", ""},             // between c (entry 2) and d (entry 3)
      {3, 4, "", "paused", ""},             // after d
      {9, 4, "US", "away", ""}};            // after the actions the view is of: not there yet
  server::add_log_notes(view, notes, 3, words);
  EXPECT_EQ(view["log_size"], 7);
  EXPECT_EQ(view["log"], json({"c", "UK is back", "d", "The clocks were paused by agreement"}));
  EXPECT_EQ(view["log_events"][1], (json{{"rule", ""}, {"event", "clock_back"}, {"seat", "UK"}}));
  EXPECT_EQ(view["log_events"][3], (json{{"rule", ""}, {"event", "clock_paused"}, {"seat", nullptr}}));
  EXPECT_EQ(view["log_messages"][1], (json{{"key", "ui.web.clock_event.back"}, {"args", {{"seat", "UK"}}}}));
  EXPECT_EQ(view["log_events"][2], json({{"rule", "2"}}));
  json whole = {{"log", {"a", "b"}}, {"log_size", 2}};  // a game without messages or structure: its lines only
  server::add_log_notes(whole, notes, 100, words);
  EXPECT_EQ(whole["log"], json({"a", "UK's clock ran out: rulebook 'Bot plays for it", "b", "UK is back",
                                "The clocks were paused by agreement", "US is on vacation"}));
  EXPECT_FALSE(whole.contains("log_events"));
  // An undo takes the game back: the notes since stay where the game is now, never past its log's end.
  json stored = json::parse(server::Clocks(server::parse_pace("fast"), "bot:rulebook", 3).text());
  EXPECT_FALSE(stored.contains("notes")) << "none yet";
  stored["notes"] = {{5, 9, "UK", "out", "bot:rulebook"}, {1, 2, "US", "away", ""}};
  server::Clocks c(stored.dump(), 3);
  ASSERT_EQ(c.log_notes().size(), 2u);
  c.taken_back(3, 4);
  EXPECT_EQ(c.log_notes()[0], (server::Clocks::LogNote{3, 4, "UK", "out", "bot:rulebook"}));
  EXPECT_EQ(c.log_notes()[1], (server::Clocks::LogNote{1, 2, "US", "away", ""}));
  EXPECT_EQ(server::Clocks(c.text(), 3).log_notes(), c.log_notes()) << "stored with the clocks";
}

class Clocked : public LobbyOverFailingStore {
 protected:
  std::int64_t t = kStart;
  std::function<std::int64_t()> clock() {
    return [this] { return t; };
  }
  // A training game with `pace`: UK and US humans, USSR a 'Bot; UK and US claimed.
  struct Game {
    std::string id, uk, us;
  };
  static Game two_humans(server::Lobby& lobby, const json& pace, bool claim_us = true) {
    Game g;
    g.id = lobby.create(json{{"seating", "public"}, {"pace", pace}, {"seats", {{"USSR", "bot:rulebook"}}}})["id"];
    lobby.commit_now();
    g.uk = lobby.claim(g.id, "UK", json::object());
    lobby.commit_now();
    if (claim_us) {
      g.us = lobby.claim(g.id, "US", json::object());
      lobby.commit_now();
    }
    return g;
  }
  static bool active(const json& view, const std::string& seat) {
    return std::find(view["active"].begin(), view["active"].end(), seat) != view["active"].end();
  }
  // The seat plays its first legal action while the game waits for it (at most `most` actions).
  static json play_while_active(server::Lobby& lobby, const std::string& id, const std::string& token, const std::string& seat,
                                int most = 200) {
    json v = json::parse(lobby.view(id, token));
    for (int n = 0; n < most && active(v, seat); ++n) {
      v = json::parse(lobby.act(id, token, {{"action", v["legal_actions"][0]}, {"version", v["version"]}}));
      lobby.commit_now();
    }
    return v;
  }
  static std::size_t actions_of(server::Store& store, const std::string& id, const std::string& seat, std::size_t from = 0) {
    const auto actions = store.load(id)->record.actions;
    return static_cast<std::size_t>(std::count_if(actions.begin() + static_cast<std::ptrdiff_t>(std::min(from, actions.size())),
                                                  actions.end(), [&](const core::SavedAction& a) { return a.seat == seat; }));
  }
};

TEST_F(Clocked, Issue35_3_NoClockRunsUntilEveryHumanSeatIsClaimed) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store, {}, clock());
  const Game g = two_humans(lobby, "fast", false);
  json v = json::parse(lobby.view(g.id, g.uk));
  EXPECT_EQ(v["clock"]["started"], false);
  EXPECT_EQ(v["clock"]["seats"]["UK"]["running"], false);
  t += 1000 * kHour;
  lobby.tick_clocks();
  EXPECT_EQ(lobby.staged(), 0u) << "nothing runs out";
  const std::string us = lobby.claim(g.id, "US", json::object());
  lobby.commit_now();
  v = json::parse(lobby.view(g.id, us));
  EXPECT_EQ(v["clock"]["started"], true) << "the last claim starts the clocks";
  EXPECT_EQ(v["clock"]["seats"]["UK"]["bank"], 12 * kHour);
  for (const auto& seat : v["active"]) EXPECT_EQ(v["clock"]["seats"][seat.get<std::string>()]["deadline"], t + 12 * kHour) << seat;
}

// Churchill's agenda cards (4.4) are played by every seat at once, face down: each clock runs until
// its seat has played, whatever the others do.
TEST_F(Clocked, Issue35_3_AtASimultaneousStepTheClockRunsForEverySeatNotYetDone) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store, {}, clock());
  const Game g = two_humans(lobby, "live");
  json uk = json::parse(lobby.view(g.id, g.uk));
  ASSERT_TRUE(active(uk, "UK") && active(uk, "US")) << "the game opens with a simultaneous step: " << uk["phase"];
  EXPECT_EQ(uk["clock"]["seats"]["UK"]["running"], true);
  EXPECT_EQ(uk["clock"]["seats"]["US"]["running"], true);
  t += 5 * 60;
  const json us = play_while_active(lobby, g.id, g.us, "US");
  uk = json::parse(lobby.view(g.id, g.uk));
  ASSERT_TRUE(active(uk, "UK"));
  EXPECT_EQ(uk["clock"]["seats"]["US"]["running"], false) << "done";
  EXPECT_EQ(uk["clock"]["seats"]["US"]["bank"], 10 * 60 + 2 * 60) << "its 5 minutes used, 2 gained";
  EXPECT_EQ(uk["clock"]["seats"]["UK"]["deadline"], kStart + 15 * 60) << "still writing: its clock runs on";
}

TEST_F(Clocked, Issue35_3_ASeatWhoseClockRunsOutIsPlayedByItsStandInUntilItsPlayerIsBack) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store, {}, clock());
  const Game g = two_humans(lobby, "live");
  json us = play_while_active(lobby, g.id, g.us, "US");
  json uk = json::parse(lobby.view(g.id, g.uk));
  ASSERT_TRUE(active(uk, "UK"));
  EXPECT_EQ(uk["clock"]["stand_in"], "bot:rulebook") << "the title's rules bot by default";
  EXPECT_EQ(uk["clock"]["seats"]["USSR"]["running"], false) << "a bot's seat has no clock";
  const std::int64_t deadline = uk["clock"]["seats"]["UK"]["deadline"];
  const std::size_t before = store.load(g.id)->record.actions.size();

  t = deadline - 1;
  lobby.tick_clocks();
  EXPECT_EQ(lobby.staged(), 0u) << "a second early: nothing";
  t = deadline;
  lobby.tick_clocks();
  lobby.commit_now();
  uk = json::parse(lobby.view(g.id, g.uk));
  EXPECT_EQ(uk["clock"]["seats"]["UK"]["out"], true);
  EXPECT_EQ(uk["clock"]["seats"]["UK"]["stand_in"], "bot:rulebook");
  EXPECT_EQ(uk["clock"]["events"].back(), (json{{"at", deadline}, {"seat", "UK"}, {"event", "out"}}));
  EXPECT_GT(actions_of(store, g.id, "UK", before), 0u) << "the stand-in played as UK";
  lobby.tick_clocks();
  EXPECT_EQ(lobby.staged(), 0u) << "a clock runs out once";

  server::Lobby restarted(titles(), store, {}, clock());
  EXPECT_EQ(json::parse(restarted.view(g.id, g.uk))["clock"]["seats"]["UK"]["out"], true) << "stored with the game";
  // The stand-in plays UK whenever the game waits for it, until its player is back.
  const std::size_t played = actions_of(store, g.id, "UK");
  us = play_while_active(restarted, g.id, g.us, "US", 3);
  EXPECT_FALSE(active(json::parse(restarted.view(g.id, g.uk)), "UK") && !active(us, "US")) << "UK never waits while its stand-in plays";

  t += 10;
  uk = json::parse(restarted.clock(g.id, g.uk, {{"back", true}}));
  restarted.commit_now();
  EXPECT_EQ(uk["clock"]["seats"]["UK"]["out"], false);
  EXPECT_EQ(uk["clock"]["seats"]["UK"]["stand_in"], nullptr);
  EXPECT_EQ(uk["clock"]["events"].back()["event"], "back");
  const std::size_t back_at = store.load(g.id)->record.actions.size();
  for (int n = 0; n < 50 && !active(json::parse(restarted.view(g.id, g.uk)), "UK"); ++n) play_while_active(restarted, g.id, g.us, "US", 1);
  uk = json::parse(restarted.view(g.id, g.uk));
  ASSERT_TRUE(active(uk, "UK")) << "the game comes back to UK";
  EXPECT_EQ(actions_of(store, g.id, "UK", back_at), 0u) << "and waits for its player: the stand-in left";
  EXPECT_EQ(uk["clock"]["seats"]["UK"]["running"], true);
  EXPECT_GE(actions_of(store, g.id, "UK"), played);
}

// The stand-in is a bot like any other: it plays on a worker, never on the server's thread.
TEST_F(Clocked, Issue35_3_TheStandInPlaysOnAWorker) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store, {}, clock());
  Jobs jobs;
  jobs.attach(lobby);
  const std::string id = jobs.when_ready(lobby, [&] {
    return lobby
        .create(json{{"seating", "public"}, {"pace", "live"}, {"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}},
                "10.0.0.1")["id"]
        .get<std::string>();
  });
  lobby.commit_now();
  jobs.run_all(lobby);
  const std::string uk = jobs.when_ready(lobby, [&] { return lobby.claim(id, "UK", json::object()); });
  lobby.commit_now();
  jobs.run_all(lobby);
  json v = json::parse(jobs.when_ready(lobby, [&] { return lobby.view(id, uk); }));
  ASSERT_TRUE(active(v, "UK"));
  const std::size_t before = store.load(id)->record.actions.size();
  t = v["clock"]["seats"]["UK"]["deadline"].get<std::int64_t>();
  lobby.tick_clocks();
  lobby.commit_now();
  EXPECT_EQ(store.load(id)->record.actions.size(), before) << "the timeout is stored; no bot played on this thread";
  ASSERT_FALSE(jobs.queue.empty());
  EXPECT_EQ(jobs.queue.front().lane, server::Lane::Bots);
  jobs.run_one(lobby);
  EXPECT_GT(actions_of(store, id, "UK", before), 0u) << "the worker played for UK";
}

TEST_F(Clocked, Issue35_3_ThePlayersPauseByAgreementAndOneResumes) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store, {}, clock());
  const Game g = two_humans(lobby, "fast");
  json v = json::parse(lobby.clock(g.id, g.uk, {{"pause", true}}));
  lobby.commit_now();
  EXPECT_EQ(v["clock"]["paused"], false) << "US has not agreed";
  EXPECT_EQ(v["clock"]["pause_votes"], json::array({"UK"}));
  t += kHour;
  v = json::parse(lobby.clock(g.id, g.us, {{"pause", true}}));
  lobby.commit_now();
  EXPECT_EQ(v["clock"]["paused"], true);
  for (const auto& [seat, c] : v["clock"]["seats"].items()) EXPECT_EQ(c["running"], false) << seat;
  t += 500 * kHour;
  lobby.tick_clocks();
  EXPECT_EQ(lobby.staged(), 0u) << "no clock runs out while paused";
  v = json::parse(lobby.clock(g.id, g.us, {{"pause", false}}));
  lobby.commit_now();
  EXPECT_EQ(v["clock"]["paused"], false);
  EXPECT_EQ(v["clock"]["events"].back()["event"], "resumed");
  for (const auto& seat : v["active"])
    EXPECT_EQ(v["clock"]["seats"][seat.get<std::string>()]["deadline"], t + 11 * kHour) << "an hour used" << seat;
}

TEST_F(Clocked, Issue35_3_BadPacesStandInsAndClockRequestsAreRefusedAndChangeNothing) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store, {}, clock());
  const json seats = {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}};
  std::string code;
  for (const json& body : {json{{"pace", "blitz"}}, json{{"pace", {{"initial", 1}, {"per_move", 0}, {"most", 1}}}},
                           json{{"pace", "fast"}, {"stand_in", "bot:nonesuch"}}, json{{"pace", "fast"}, {"stand_in", "human"}},
                           json{{"pace", "fast"}, {"stand_in", 3}}}) {
    json b = body;
    b["seats"] = seats;
    EXPECT_EQ(status_of([&] { lobby.create(b); }, &code), 400) << b.dump();
  }
  EXPECT_EQ(lobby.staged(), 0u);
  EXPECT_EQ(lobby.live(), 0u) << "no game made";

  const Game untimed = two_humans(lobby, "none");
  EXPECT_EQ(json::parse(lobby.view(untimed.id, untimed.uk))["clock"]["pace"], "none");
  EXPECT_EQ(status_of([&] { lobby.clock(untimed.id, untimed.uk, {{"pause", true}}); }, &code), 409);
  EXPECT_EQ(code, "no_clock");
  const Game g = two_humans(lobby, "fast");
  const std::string before = lobby.view(g.id, g.uk);
  EXPECT_EQ(status_of([&] { lobby.clock(g.id, "", {{"pause", true}}); }, &code), 401);
  EXPECT_EQ(status_of([&] { lobby.clock(g.id, g.uk, {{"back", true}}); }, &code), 409);
  EXPECT_EQ(code, "not_out");
  for (const json& bad : {json::object(), json{{"pause", "yes"}}, json{{"back", false}}, json{{"pause", true}, {"back", true}},
                          json::array(), json{{"stop", true}}})
    EXPECT_EQ(status_of([&] { lobby.clock(g.id, g.uk, bad); }), 400) << bad.dump();
  EXPECT_EQ(lobby.staged(), 0u);
  EXPECT_EQ(lobby.view(g.id, g.uk), before);
}

TEST_F(Clocked, Issue35_3_TheListShowsEachGamesPace) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store, {}, clock());
  two_humans(lobby, json{{"initial", 7200}, {"per_move", 600}, {"most", 9000}});
  const json list = json::parse(lobby.list("live", "", 10));
  ASSERT_EQ(list["games"].size(), 1u);
  EXPECT_EQ(list["games"][0]["pace"], "custom");
}

// War Room (issue 35, item 4): a seat whose clock runs out is played by the title's stand-in bot, and
// the game's log says so where it happened -- as structure (log_events), as a catalogue message that
// every language words, as the English line -- and says so when its player is back; everyone sees it,
// a replay shows it from the step it came at, and a restart keeps it.
TEST_F(Clocked, Issue35_4_AWarRoomClockThatRunsOutIsInTheGamesLogAndItsReplay) {
  const auto words = core::i18n::Catalogues::load(core::i18n::default_catalogue_dir(std::filesystem::path(CHURCHILL_TEST_DATA_DIR)));
  FailingStore store(path());
  server::Lobby lobby(titles(), store, {}, clock());
  const std::string id = lobby.create(
      json{{"title", "warroom"}, {"scenario", "eastern-front"}, {"players", 2u}, {"seating", "public"}, {"pace", "live"}})["id"];
  lobby.commit_now();
  std::map<std::string, std::string> token;
  for (const char* seat : {"USSR", "GER"}) {
    token[seat] = lobby.claim(id, seat, json::object());
    lobby.commit_now();
  }
  json v = json::parse(lobby.view(id, token["GER"]));
  ASSERT_EQ(v["clock"]["started"], true);
  const std::string bot = v["clock"]["stand_in"];
  EXPECT_EQ(bot, "bot:rules") << "War Room's rules bot by default";
  std::vector<std::string> running;  // in seat order, as their clocks run out
  std::int64_t deadline = 0;
  for (const auto& seat : v["seat_order"])
    if (const json& c = v["clock"]["seats"][seat.get<std::string>()]; c["running"] == true) {
      running.push_back(seat);
      deadline = std::max(deadline, c["deadline"].get<std::int64_t>());
    }
  ASSERT_FALSE(running.empty());
  const std::size_t log_before = v["log_size"], actions_before = store.load(id)->record.actions.size();
  for (const json& e : v["log_events"]) EXPECT_NE(e.value("event", ""), "clock_out");

  t = deadline;
  lobby.tick_clocks();
  lobby.commit_now();
  v = json::parse(lobby.view(id, token["GER"]));
  const auto notes_in = [](const json& view, const std::string& event) {
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < view["log_events"].size(); ++i)
      if (view["log_events"][i].value("event", "") == event) at.push_back(i);
    return at;
  };
  const auto out = notes_in(v, "clock_out");
  ASSERT_EQ(out.size(), running.size()) << v["log_events"].dump();
  const std::size_t base = v["log_size"].get<std::size_t>() - v["log"].size();
  for (std::size_t k = 0; k < out.size(); ++k) {
    const std::size_t i = out[k];
    SCOPED_TRACE(running[k]);
    EXPECT_EQ(base + i, log_before + k) << "right after the entries written before the clock ran out";
    EXPECT_EQ(v["log_events"][i], (json{{"rule", ""}, {"event", "clock_out"}, {"seat", running[k]}, {"bot", bot}}));
    EXPECT_EQ(v["log"][i], running[k] + "'s clock ran out: rules bot plays for it");
    const json& m = v["log_messages"][i];
    EXPECT_EQ(m["key"], "ui.web.clock_event.out");
    for (const std::string& language : words.languages()) {
      const std::string text = words.render(language, core::i18n::message_from_json(m));
      EXPECT_NE(text.find(running[k]), std::string::npos) << language << ": " << text;
      EXPECT_EQ(text.find("{{"), std::string::npos) << language << ": " << text;
      EXPECT_EQ(text.find("ui.web."), std::string::npos) << language << ": " << text;
      if (language != "en") {
        EXPECT_NE(text, v["log"][i].get<std::string>()) << language << " words it in its own words";
      }
    }
  }
  EXPECT_GT(store.load(id)->record.actions.size(), actions_before) << "the stand-ins played";
  std::cout << "figures: " << out.size() << " clocks ran out after " << actions_before << " actions, at log entry " << log_before << "; "
            << store.load(id)->record.actions.size() - actions_before << " actions of their stand-ins\n";
  EXPECT_EQ(notes_in(json::parse(lobby.view(id, "")), "clock_out").size(), running.size()) << "a spectator reads it too";
  EXPECT_EQ(notes_in(json::parse(lobby.view(id, token["USSR"])), "clock_out").size(), running.size());

  t += 60;
  v = json::parse(lobby.clock(id, token[running[0]], {{"back", true}}));
  lobby.commit_now();
  v = json::parse(lobby.view(id, token["GER"]));
  const auto back = notes_in(v, "clock_back");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_GT(back[0], notes_in(v, "clock_out").back());
  EXPECT_EQ(v["log"][back[0]], running[0] + " is back");
  EXPECT_EQ(v["log_events"][back[0]], (json{{"rule", ""}, {"event", "clock_back"}, {"seat", running[0]}}));

  const auto replay = [&](const std::string& step) {
    json made;
    lobby.replay(id, token["GER"], step, "", [&](int status, const std::string& text) {
      EXPECT_EQ(status, 200) << text;
      made = json::parse(text)["view"];
    });
    return made;
  };
  const json last = replay("");
  EXPECT_EQ(notes_in(last, "clock_out").size(), running.size()) << "the replay shows them";
  EXPECT_EQ(notes_in(last, "clock_back").size(), 1u);
  if (actions_before > 0) {
    EXPECT_TRUE(notes_in(replay(std::to_string(actions_before - 1)), "clock_out").empty()) << "not before they came";
  }
  EXPECT_EQ(notes_in(replay(std::to_string(actions_before)), "clock_out").size(), running.size()) << "from the step they came at";

  server::Lobby restarted(titles(), store, {}, clock());
  const json again = json::parse(restarted.view(id, token["GER"]));
  EXPECT_EQ(again["log"], v["log"]) << "stored with the game";
  EXPECT_EQ(again["log_events"], v["log_events"]);
}

}  // namespace

// A page that missed lines between two views asks for them (GET /api/games/ID/log; docs/server.md,
// "The log"): each page holds the lines a view shows, numbered as views number them, the clocks'
// notes among the game's entries; pages are at most Lobby::kLogPage lines, and past the end empty.
TEST_F(Clocked, Issue33_ALogPageHoldsTheViewsLinesNumberedAsViewsNumberThem) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store, {}, clock());
  const Game g = two_humans(lobby, "live");
  play_while_active(lobby, g.id, g.us, "US");
  t = json::parse(lobby.view(g.id, g.uk))["clock"]["seats"]["UK"]["deadline"];
  lobby.tick_clocks();  // UK's stand-in plays: a clock's note in the log
  lobby.commit_now();
  json v = json::parse(lobby.view(g.id, g.uk));
  for (int n = 0; n < 40 && v["log_size"].get<std::size_t>() < 260 && !v["terminal"].get<bool>(); ++n)
    v = play_while_active(lobby, g.id, g.us, "US", 5);
  lobby.clock(g.id, g.uk, {{"back", true}});  // a second note
  lobby.commit_now();
  v = json::parse(lobby.view(g.id, g.uk));
  const std::size_t size = v["log_size"], base = size - v["log"].size();
  ASSERT_GT(base, 0u) << "the view carries the log's tail only";

  const json tail = lobby.log(g.id, g.uk, base, server::Lobby::kLogPage);
  EXPECT_EQ(tail["from"], base);
  EXPECT_EQ(tail["log_size"], size);
  for (const char* field : {"log", "log_messages", "log_events"}) EXPECT_EQ(tail[field], v[field]) << field;

  json whole = json::array(), events = json::array();  // the log in pages of 7 lines, as a spectator reads it
  for (std::size_t from = 0; from < size; from += 7) {
    const json page = lobby.log(g.id, "", from, 7);
    ASSERT_EQ(page["log"].size(), std::min<std::size_t>(7, size - from));
    for (std::size_t i = 0; i < page["log"].size(); ++i) whole.push_back(page["log"][i]), events.push_back(page["log_events"][i]);
  }
  ASSERT_EQ(whole.size(), size);
  for (std::size_t i = base; i < size; ++i) EXPECT_EQ(whole[i], v["log"][i - base]) << "line " << i;
  std::vector<std::string> notes;
  for (const json& e : events)
    if (e.value("rule", "-").empty()) notes.push_back(e["event"]);
  EXPECT_EQ(notes, (std::vector<std::string>{"clock_out", "clock_back"}));
  for (std::size_t i = 0; i < size; ++i) EXPECT_FALSE(whole[i].get<std::string>().empty()) << "line " << i;

  EXPECT_EQ(lobby.log(g.id, "", 0, 100000)["log"].size(), std::min(size, server::Lobby::kLogPage)) << "a page at most";
  const json past = lobby.log(g.id, "", size + 5, 10);
  EXPECT_TRUE(past["log"].empty());
  EXPECT_EQ(past["log_size"], size);
  EXPECT_THROW(lobby.log("nosuchgame", "", 0, 10), server::ApiError);
}
