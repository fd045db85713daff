// What the store holds is checked as it is read (docs/server.md, "Damaged games"): a finished game's
// list entry that is not JSON, a seat played by a bot this server does not have, a game that another
// server sharing the store created before the versions and marks were kept.
#include <sqlite3.h>

#include "tests/server/lobby_fixture.h"

namespace {

using nlohmann::json;
using test_support::FailingStore;
using test_support::LobbyOverFailingStore;
using test_support::titles;

// SQL on the lobby's database, as another process would run it.
void sql(const std::string& db, const std::string& statement) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  char* message = nullptr;
  EXPECT_EQ(sqlite3_exec(h, statement.c_str(), nullptr, nullptr, &message), SQLITE_OK) << (message ? message : "");
  sqlite3_free(message);
  sqlite3_close(h);
}

std::string created(server::Lobby& lobby, const json& body = json{{"seating", "public"}}) {
  std::string id = lobby.create(body)["id"];
  lobby.commit_now();
  return id;
}

// The list of finished games is valid JSON whatever a finished game's stored entry holds: an entry
// that is not a JSON object is left out, and the pages still follow each other.
TEST_F(LobbyOverFailingStore, AFinishedGamesStoredEntryThatIsNotJsonLeavesTheListValid) {
  FailingStore store(path());
  std::vector<std::string> ids;
  {
    server::Lobby lobby(titles(), store);
    for (int i = 0; i < 4; ++i) ids.push_back(created(lobby));
  }
  std::sort(ids.begin(), ids.end());
  sql(path(), "UPDATE games SET finished = 1");
  sql(path(), "UPDATE games SET summary = '{\"id\": \"' || id || '\", \"cut\": ' WHERE id = '" + ids[1] + "'");
  sql(path(), "UPDATE games SET summary = '[1, 2]' WHERE id = '" + ids[3] + "'");
  server::Lobby lobby(titles(), store);
  const json all = json::parse(lobby.list("finished", "", 10));
  ASSERT_EQ(all["games"].size(), 2u) << all.dump();
  EXPECT_EQ(all["games"][0]["id"], ids[0]);
  EXPECT_EQ(all["games"][1]["id"], ids[2]);
  // Page by page (one entry a page), a bad entry at the end of a page included.
  std::vector<std::string> paged;
  std::string after;
  for (int page = 0; page < 5; ++page) {
    const json p = json::parse(lobby.list("finished", after, 1));
    for (const json& g : p["games"]) paged.push_back(g["id"]);
    if (p["next"].is_null()) break;
    after = p["next"];
  }
  EXPECT_EQ(paged, (std::vector<std::string>{ids[0], ids[2]}));
}

// A stored seat played by a bot this server does not have (a record written by a later version, or
// by hand) is kept aside as damaged when the game is read, not when its bot's turn comes.
TEST_F(LobbyOverFailingStore, AStoredSeatNamingAnUnknownBotIsQuarantined) {
  FailingStore store(path());
  std::string id;
  {
    server::Lobby lobby(titles(), store);
    id = game_with_uk_claimed(lobby).first;
  }
  sql(path(), "UPDATE games SET record = replace(record, 'bot:rulebook', 'bot:no-such-bot') WHERE id = '" + id + "'");
  server::Lobby lobby(titles(), store);
  const json damaged = json::parse(lobby.list("damaged", "", 10));
  ASSERT_EQ(damaged["games"].size(), 1u) << damaged.dump();
  EXPECT_EQ(damaged["games"][0]["id"], id);
  EXPECT_NE(damaged["games"][0]["damaged"].get<std::string>().find("no-such-bot"), std::string::npos) << damaged.dump();
  try {
    lobby.view(id, "");
    FAIL() << "a damaged game is not served";
  } catch (const server::ApiError& e) {
    EXPECT_EQ(e.status(), 410);
  }
}

// A game another server created, stored without the marks that let it be listed unread (as games
// stored before marks were kept), is read whole and held under its own id.
TEST_F(LobbyOverFailingStore, AGameCreatedElsewhereIsHeldUnderItsOwnId) {
  FailingStore store_a(path()), store_b(path());
  server::Lobby a(titles(), store_a), b(titles(), store_b);
  const auto [id, token] = game_with_uk_claimed(a);
  sql(path(), "UPDATE games SET version = NULL WHERE id = '" + id + "'");
  b.changed_elsewhere("*");
  const json listed = json::parse(b.list("live", "", 10));
  ASSERT_EQ(listed["games"].size(), 1u) << listed.dump();
  EXPECT_EQ(listed["games"][0]["id"], id);
  EXPECT_EQ(json::parse(b.view(id, token))["id"], id);
  EXPECT_EQ(json::parse(b.list("live", id, 10))["games"].size(), 0u) << "no second entry under another key";
}

}  // namespace
