// Secret steps without conflicts (issue 31, point 5; issue 30, item 10): a seat's view, its version
// and its pushes do not move when only another seat's secret sheet changes, and an entry on one's own
// sheet never conflicts with another seat's entry.
#include <algorithm>
#include <set>

#include "tests/server/lobby_fixture.h"

namespace {

using nlohmann::json;
using test_support::FailingStore;
using test_support::Jobs;
using test_support::LobbyOverFailingStore;
using test_support::status_of;
using test_support::titles;

class SecretSteps : public LobbyOverFailingStore {
 protected:
  server::Lobby& open(FailingStore& store) {
    lobby = std::make_unique<server::Lobby>(titles(), store, limits);
    return *lobby;
  }
  json view(const std::string& token) { return json::parse(lobby->view(id, token)); }
  // The seat's first legal action starting with `verb` (""; its first entry that does not finish a
  // sheet), chosen on its view now. What a sheet offers depends on the cards dealt (the seed).
  json act(const std::string& token, const std::string& verb, std::optional<std::uint64_t> version = std::nullopt) {
    json v = view(token);
    const auto action = std::find_if(v["legal_actions"].begin(), v["legal_actions"].end(), [&](const json& a) {
      return verb.empty() ? a.get<std::string>().rfind("done", 0) != 0 : a.get<std::string>().rfind(verb, 0) == 0;
    });
    if (action == v["legal_actions"].end()) {
      ADD_FAILURE() << "no \"" << verb << "\" in " << v["legal_actions"].dump();
      return v;
    }
    json made = json::parse(lobby->act(id, token, {{"action", *action}, {"version", version.value_or(v["version"].get<std::uint64_t>())}}));
    lobby->commit_now();
    return made;
  }
  // A War Room game of `scenario` for `players`, every seat claimed (tokens in seat order), played to
  // Phase 2 (every nation done with Phase 1).
  std::vector<std::string> to_phase_2(FailingStore& store, const std::string& scenario, unsigned players) {
    open(store);
    id = lobby->create(json{{"title", "warroom"}, {"scenario", scenario}, {"players", players}, {"seating", "public"}})["id"];
    lobby->commit_now();
    std::vector<std::string> tokens;
    const json seats = view("")["seat_order"];
    for (const json& seat : seats) tokens.push_back(lobby->claim(id, seat.get<std::string>(), json::object()));
    lobby->commit_now();
    const auto in_phase_2 = [&] { return view(tokens[0])["phase"].get<std::string>().find("Phase 2") != std::string::npos; };
    for (int step = 0; step < 20 && !in_phase_2(); ++step)
      for (const std::string& token : tokens)
        if (!in_phase_2() && !view(token)["legal_actions"].empty()) act(token, "done");
    EXPECT_NE(view(tokens[0])["phase"].get<std::string>().find("Phase 2 > Step 1"), std::string::npos) << view(tokens[0])["phase"];
    return tokens;
  }
  // War in Europe for two: the Allies (BC+USSR+US) and the Axis (GER+ITA).
  void to_phase_2(FailingStore& store) {
    const auto tokens = to_phase_2(store, "war-in-europe", 2);
    allies = tokens.at(0), axis = tokens.at(1);
  }
  // The seat's hint (GET /api/games/{id}/hint) as the lobby answers it now, without the time its
  // odds took.
  json hint(server::Lobby& from, const std::string& token) {
    int status = 0;
    std::string text;
    from.hint(id, token, [&](int code, const std::string& body) { status = code, text = body; });
    EXPECT_EQ(status, 200) << text;
    json answer = json::parse(text);
    for (json& attack : answer["plan"]["attacks"]) attack["odds"].erase("milliseconds");
    return answer;
  }
  server::LobbyLimits limits;
  std::unique_ptr<server::Lobby> lobby;
  std::string id, allies, axis;
};

TEST_F(SecretSteps, Rule_Phase2_TopSecret_TheAxisViewAndVersionDoNotMoveWhileTheAlliesWriteOrdersAndBids) {
  FailingStore store(path());
  to_phase_2(store);
  int axis_pushes = 0, allies_pushes = 0, spectator_pushes = 0;
  lobby->subscribe(id, axis, [&] { ++axis_pushes; });
  lobby->subscribe(id, allies, [&] { ++allies_pushes; });
  lobby->subscribe(id, "", [&] { ++spectator_pushes; });
  const std::string axis_before = lobby->view(id, axis), spectator_before = lobby->view(id, "");
  const std::uint64_t axis_version = json::parse(axis_before)["version"];
  std::uint64_t allies_version = view(allies)["version"];
  for (int entry = 0; entry < 6; ++entry) {
    const json made = act(allies, "");
    EXPECT_GT(made["version"].get<std::uint64_t>(), allies_version) << entry << ": the Allies see their own sheet change";
    allies_version = made["version"];
    EXPECT_EQ(lobby->view(id, axis), axis_before) << entry << ": what the Axis sees, its version too, does not move";
    EXPECT_EQ(lobby->view(id, ""), spectator_before) << entry;
  }
  EXPECT_EQ(axis_pushes, 0) << "nothing pushed to the Axis";
  EXPECT_EQ(spectator_pushes, 0);
  EXPECT_EQ(allies_pushes, 6);
  // A fresh server reading the same store shows the Axis the same view and version.
  FailingStore again(path());
  server::Lobby restarted(titles(), again);
  EXPECT_EQ(restarted.view(id, axis), axis_before);
  EXPECT_EQ(json::parse(restarted.view(id, allies))["version"], allies_version);

  // An Axis entry chosen on its view from before the Allies wrote is no conflict.
  const json axis_made = act(axis, "", axis_version);
  EXPECT_EQ(axis_made["version"], axis_version + 1);
  EXPECT_EQ(json::parse(lobby->view(id, allies))["version"], allies_version) << "nor does the Allies' view move";
  // A seat finishing its sheet is public ("writing" to "done"): every view moves, once.
  const int before_done = axis_pushes;
  act(allies, "done");
  EXPECT_EQ(axis_pushes, before_done + 1);
  EXPECT_GT(view(axis)["version"].get<std::uint64_t>(), axis_version + 1);
  // ... and still leaves the Axis' choices as they were: its entry on its older view is accepted.
  act(axis, "", axis_version + 1);
}

// A hint at Phase 2 Step 1 (docs/warroom/ai.md, "Hints") is the sheet the AI would write for the
// seat, from its observation only: the Axis writing its sheet changes nothing in the Allies' hint --
// asked anew on a restarted server, whose cache of hints is empty -- and no Axis nation, order or
// bid is in it. (Its search's seed came from the count of actions, which the Axis's secret entries
// moved.)
TEST_F(SecretSteps, Rule_Phase2_TopSecret_AHintIsTheSameWhateverTheOtherSeatWrote) {
  FailingStore store(path());
  to_phase_2(store);
  const json before = hint(*lobby, allies);
  ASSERT_EQ(before["plan"]["step"], "sheet") << before.dump();
  std::set<std::string> nations;
  for (const json& n : before["plan"]["nations"]) nations.insert(n["nation"].get<std::string>());
  EXPECT_EQ(nations, (std::set<std::string>{"BC", "USSR", "US"}));
  EXPECT_FALSE(before["plan"]["nations"][0]["orders"].empty());
  for (int entry = 0; entry < 6; ++entry) act(axis, "");
  FailingStore again(path());
  server::Lobby restarted(titles(), again);
  EXPECT_EQ(hint(restarted, allies), before);
}

// Hostile hint requests get a clear error and change nothing: no token or another's, a game that does
// not exist, a hint asked again while it is computed, more searches from one address than it may
// have waiting, any seat once the game is over. The hints asked run on the search lane, charged to
// the address asking; no view moves.
TEST_F(SecretSteps, AHostileHintRequestGetsAClearErrorAndChangesNothing) {
  FailingStore store(path());
  limits.max_searches = 1;
  to_phase_2(store);
  const std::string allies_before = lobby->view(id, allies), axis_before = lobby->view(id, axis), spectator_before = lobby->view(id, "");
  std::string code;
  int answered = 0;
  const auto ask = [&](const std::string& game, const std::string& token, const std::string& client) {
    code.clear();
    return status_of(
        [&] {
          lobby->hint(
              game, token, [&](int status, const std::string&) { answered += status == 200; }, client);
        },
        &code);
  };
  EXPECT_EQ(ask(id, "", "10.0.0.9"), 401) << "a spectator";
  EXPECT_EQ(ask(id, std::string(64, 'a'), "10.0.0.9"), 401) << "a token of no seat";
  EXPECT_EQ(ask("0123456789abcdef", allies, "10.0.0.9"), 404) << "no such game";
  Jobs jobs;  // the workers: the hints wait in their queue
  jobs.attach(*lobby);
  EXPECT_EQ(ask(id, allies, "10.0.0.9"), 200);
  ASSERT_EQ(jobs.queue.size(), 1u);
  EXPECT_EQ(jobs.queue.front().lane, server::Lane::Search);
  EXPECT_EQ(jobs.queue.front().owner, "10.0.0.9") << "charged to the address asking";
  EXPECT_EQ(ask(id, allies, "10.0.0.9"), 429);
  EXPECT_EQ(code, "hint_pending");
  EXPECT_EQ(ask(id, axis, "10.0.0.9"), 429);
  EXPECT_EQ(code, "searches_busy") << "the address has its one search waiting";
  EXPECT_EQ(ask(id, axis, "10.0.0.8"), 200) << "another address is not refused";
  EXPECT_EQ(jobs.run_all(*lobby), 2);
  EXPECT_EQ(answered, 2);
  EXPECT_EQ(lobby->view(id, allies), allies_before);
  EXPECT_EQ(lobby->view(id, axis), axis_before);
  EXPECT_EQ(lobby->view(id, ""), spectator_before);
  lobby->concede(id, axis, json{{"agree", true}});
  lobby->commit_now();
  ASSERT_TRUE(json::parse(lobby->view(id, ""))["terminal"].get<bool>()) << "the Axis conceded: the game is over";
  const std::string over = lobby->view(id, "");
  for (const std::string& token : {allies, axis}) {
    EXPECT_EQ(ask(id, token, "10.0.0.7"), 409);
    EXPECT_EQ(code, "not_your_turn");
  }
  EXPECT_TRUE(jobs.queue.empty());
  EXPECT_EQ(lobby->view(id, ""), over);
}

// Seven writers at one secret step (Global War, one nation a seat: ruling 89): every seat writes its
// sheet on the view it read before any of the others wrote, and one seat also undoes what it wrote
// each time; no entry is refused, and no seat is sent anything because another seat wrote.
TEST_F(SecretSteps, Rule_Phase2_TopSecret_SevenWritersAtOnceAreNeverRefusedNorToldOfEachOthersEntries) {
  FailingStore store(path());
  const std::vector<std::string> tokens = to_phase_2(store, "global-war", 7);
  ASSERT_EQ(tokens.size(), 7u);
  std::vector<int> pushes(tokens.size(), 0), entries(tokens.size(), 0);
  int spectator_pushes = 0;
  for (std::size_t s = 0; s < tokens.size(); ++s) lobby->subscribe(id, tokens[s], [&pushes, s] { ++pushes[s]; });
  lobby->subscribe(id, "", [&] { ++spectator_pushes; });
  const std::string spectator_before = lobby->view(id, "");
  int refused = 0, made = 0;
  for (int round = 0; round < 4; ++round) {
    std::vector<json> read;  // every seat reads its view first, then all write
    for (const std::string& token : tokens) read.push_back(view(token));
    for (std::size_t s = 0; s < tokens.size(); ++s) {
      std::vector<std::string> others_before;
      for (const std::string& other : tokens) others_before.push_back(other == tokens[s] ? "" : lobby->view(id, other));
      std::string entry;  // the first entry that does not finish the sheet
      for (const json& a : read[s]["legal_actions"])
        if (a.get<std::string>().rfind("done", 0) != 0) {
          entry = a.get<std::string>();
          break;
        }
      if (entry.empty()) continue;
      try {
        lobby->act(id, tokens[s], {{"action", entry}, {"version", read[s]["version"]}});
        lobby->commit_now();
        ++made, ++entries[s];
      } catch (const server::ApiError& e) {
        ++refused;
        ADD_FAILURE() << "seat " << s << "'s \"" << entry << "\" refused: " << e.what();
      }
      if (s == 0) {  // the first seat also takes its entry back at once
        lobby->undo(id, tokens[s], {{"version", view(tokens[s])["version"]}});
        lobby->commit_now();
        ++entries[s];
      }
      for (std::size_t o = 0; o < tokens.size(); ++o)
        if (o != s) {
          EXPECT_EQ(lobby->view(id, tokens[o]), others_before[o]) << "seat " << o << " sees nothing of seat " << s << "'s entry";
        }
    }
  }
  EXPECT_EQ(refused, 0);
  EXPECT_EQ(made, 4 * 7) << "every seat has entries to make at Phase 2 Step 1";
  for (std::size_t s = 0; s < tokens.size(); ++s) EXPECT_EQ(pushes[s], entries[s]) << "seat " << s << ": pushed its own changes only";
  EXPECT_EQ(spectator_pushes, 0);
  EXPECT_EQ(lobby->view(id, ""), spectator_before);
}

// A request sent twice is applied once: the seat's own entry makes its older version stale.
TEST_F(SecretSteps, AnEntrySentTwiceIsAppliedOnce) {
  FailingStore store(path());
  to_phase_2(store);
  const json v = view(allies);
  const auto action = std::find_if(v["legal_actions"].begin(), v["legal_actions"].end(),
                                   [](const json& a) { return a.get<std::string>().rfind("bid", 0) == 0; });
  const json body = {{"action", *action}, {"version", v["version"]}};
  lobby->act(id, allies, body);
  lobby->commit_now();
  try {
    lobby->act(id, allies, body);
    FAIL() << "applied twice";
  } catch (const server::ApiError& e) {
    EXPECT_EQ(e.status(), 409);
    EXPECT_EQ(e.code(), "stale");
  }
}

// The same for every title: Three Hills' orders are secret entries; Churchill's agenda card ends its
// seat's part of the decision at once, which everyone sees (that it played, not what).
TEST_F(LobbyOverFailingStore, AnotherSeatsSecretOrdersMoveNothingOfASeatsViewInThreeHills) {
  FailingStore store(path());
  server::Lobby lobby(titles(), store);
  const std::string id = lobby.create(json{{"title", "hills"}, {"players", 2u}, {"seating", "public"}})["id"];
  lobby.commit_now();
  const std::string red = lobby.claim(id, "red", json::object()), green = lobby.claim(id, "green", json::object());
  lobby.commit_now();
  const std::string green_before = lobby.view(id, green);
  for (const char* order : {"send 4 C", "send 1 B"}) {
    const json v = json::parse(lobby.view(id, red));
    lobby.act(id, red, {{"action", order}, {"version", v["version"]}});
    lobby.commit_now();
    EXPECT_EQ(lobby.view(id, green), green_before) << order;
  }
  const json v = json::parse(lobby.view(id, red));
  lobby.undo(id, red, {{"version", v["version"]}});
  lobby.commit_now();
  EXPECT_EQ(lobby.view(id, green), green_before) << "nor its undo";
  lobby.act(id, red, {{"action", "done"}, {"version", json::parse(lobby.view(id, red))["version"]}});
  lobby.commit_now();
  EXPECT_NE(lobby.view(id, green), green_before) << "done is public";
}

}  // namespace
