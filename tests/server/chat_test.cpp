// Table talk (docs/server.md, "Table talk") against a real server, as a hostile client tries it: a
// seat never receives another alliance's messages or a private message not its own, in a push or a
// list; oversize, flooding or malformed messages are refused with a clear error and nothing stored.
#include <fmt/format.h>
#include <sys/socket.h>

#include "server/chat.h"
#include "tests/server/server_fixture.h"

namespace {

using namespace test_support;

class Chat : public Server {
 protected:
  // Global War for four, every seat a human claimed here: CHN+USSR and BC+US (the Allies), GER+ITA
  // and JPN (the Axis), their tokens by seat name.
  void four() {
    const Reply r = post("/api/games", R"({"title": "warroom", "scenario": "global-war", "players": 4, "seating": "public"})");
    ASSERT_EQ(r.status, 201) << r.body.dump();
    id = r.body["id"];
    const json view = get("/api/games/" + id + "/view").body;
    for (const json& seat : view["seat_order"]) {
      tokens[seat] = claim(id, seat);
      const bool axis =
          seat.get<std::string>().find("GER") != std::string::npos || seat.get<std::string>().find("JPN") != std::string::npos;
      (axis ? axis_seats : allied_seats).push_back(seat);
    }
    ASSERT_EQ(allied_seats.size(), 2u);
    ASSERT_EQ(axis_seats.size(), 2u);
  }
  Reply say(const std::string& seat, const json& body) { return post("/api/games/" + id + "/chat", body.dump(), tokens[seat]); }
  std::vector<std::string> texts(const std::string& seat) {
    std::vector<std::string> out;
    const json list = get("/api/games/" + id + "/chat", seat.empty() ? "" : tokens[seat]).body;
    for (const json& m : list["messages"]) out.push_back(m["text"]);
    return out;
  }
  // A WebSocket of the seat ("" a spectator) on the game, its first view read.
  std::unique_ptr<websocket::stream<tcp::socket>> socket(boost::asio::io_context& io, const std::string& seat) {
    auto ws = watch(io, id, seat.empty() ? "" : tokens[seat]);
    const timeval timeout{10, 0};
    ::setsockopt(ws->next_layer().native_handle(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    next_view(*ws);
    return ws;
  }
  // The chat messages pushed to a socket up to the one whose text is `marker`.
  static std::vector<std::string> heard_until(websocket::stream<tcp::socket>& ws, const std::string& marker) {
    std::vector<std::string> heard;
    for (int i = 0; i < 50; ++i) {
      const json m = next_view(ws);
      if (!m.contains("chat")) continue;
      heard.push_back(m["chat"]["text"]);
      if (heard.back() == marker) return heard;
    }
    ADD_FAILURE() << "the marker never came";
    return heard;
  }
  static bool has(const std::vector<std::string>& v, const std::string& text) { return std::find(v.begin(), v.end(), text) != v.end(); }
  std::string id;
  std::map<std::string, std::string> tokens;
  std::vector<std::string> allied_seats, axis_seats;
};

TEST_F(Chat, AnAllianceMessageReachesTheAllyAndNeverTheOtherAllianceOrASpectator) {
  four();
  boost::asio::io_context io;
  std::map<std::string, std::unique_ptr<websocket::stream<tcp::socket>>> ws;
  for (const auto& [seat, _] : tokens) ws[seat] = socket(io, seat);
  auto spectator = socket(io, "");
  const std::string& a1 = allied_seats[0];
  const std::string& a2 = allied_seats[1];
  const std::string& x1 = axis_seats[0];
  const Reply secret = say(a1, {{"channel", "alliance"}, {"text", "Overlord in May"}});
  ASSERT_EQ(secret.status, 201) << secret.body.dump();
  EXPECT_EQ(secret.body["message"]["channel"], "alliance");
  EXPECT_EQ(say(x1, {{"channel", "private"}, {"to", a2}, {"text", "a separate peace?"}}).status, 201);
  EXPECT_EQ(say(x1, {{"channel", "alliance"}, {"text", "Barbarossa"}}).status, 201);
  ASSERT_EQ(say(a2, {{"channel", "table"}, {"text", "marker"}}).status, 201);
  for (const auto& [seat, socket] : ws) {
    const auto heard = heard_until(*socket, "marker");
    const bool allied = has(allied_seats, seat);
    EXPECT_EQ(has(heard, "Overlord in May"), allied) << seat;
    EXPECT_EQ(has(heard, "Barbarossa"), !allied) << seat;
    EXPECT_EQ(has(heard, "a separate peace?"), seat == a2 || seat == x1) << seat;
    const auto listed = texts(seat);  // the list, as the replay reads it
    EXPECT_EQ(has(listed, "Overlord in May"), allied) << seat;
    EXPECT_EQ(has(listed, "Barbarossa"), !allied) << seat;
    EXPECT_EQ(has(listed, "a separate peace?"), seat == a2 || seat == x1) << seat;
    EXPECT_TRUE(has(listed, "marker")) << seat;
  }
  EXPECT_EQ(heard_until(*spectator, "marker"), std::vector<std::string>{"marker"});
  EXPECT_EQ(texts(""), std::vector<std::string>{"marker"});
}

TEST_F(Chat, AHostileSeatCannotChooseAnotherAlliancesChannelOrReadAnotherSeatsPrivateMessages) {
  four();
  const std::string& a1 = allied_seats[0];
  const std::string& x1 = axis_seats[0];
  const std::string& x2 = axis_seats[1];
  // A seat writes only to its own alliance; naming one, or a team, is refused.
  EXPECT_EQ(say(x1, {{"channel", "alliance"}, {"to", a1}, {"text", "hello"}}).status, 400);
  EXPECT_EQ(say(x1, {{"channel", "alliance"}, {"team", 0}, {"text", "hello"}}).status, 400);
  EXPECT_EQ(say(a1, {{"channel", "private"}, {"to", x2}, {"text", "only for you"}}).status, 201);
  EXPECT_FALSE(has(texts(x1), "only for you"));
  EXPECT_TRUE(has(texts(x2), "only for you"));
  EXPECT_TRUE(has(texts(a1), "only for you"));
  // A token of another game, or none, opens nothing of this game's talk.
  const std::string other = create();
  const std::string stranger = claim(other);
  expect_error(post("/api/games/" + id + "/chat", R"({"channel": "table", "text": "hi"})", stranger), 401, "token");
  expect_error(post("/api/games/" + id + "/chat", R"({"channel": "table", "text": "hi"})"), 401, "token");
  EXPECT_EQ(get("/api/games/" + id + "/chat", stranger).status, 401);
  EXPECT_EQ(sql_text(db, "SELECT count(*) FROM chat"), "1");
}

TEST_F(Chat, OversizeMalformedAndFloodedMessagesAreRefusedAndNothingIsStored) {
  four();
  const std::string& a1 = allied_seats[0];
  const std::string& a2 = allied_seats[1];
  const std::vector<std::pair<json, std::string>> bad = {{{{"channel", "table"}, {"text", std::string(501, 'x')}}, "chat_too_long"},
                                                         {{{"channel", "table"}, {"text", "   \n  "}}, "chat_empty"},
                                                         {{{"channel", "table"}, {"text", "a\u0007bell"}}, "bad_request"},
                                                         {{{"channel", "table"}, {"text", 7}}, "bad_request"},
                                                         {{{"channel", "table"}}, "bad_request"},
                                                         {{{"channel", "shout"}, {"text", "hi"}}, "no_channel"},
                                                         {{{"text", "hi"}}, "no_channel"},
                                                         {{{"channel", "table"}, {"to", a2}, {"text", "hi"}}, "bad_request"},
                                                         {{{"channel", "private"}, {"to", a1}, {"text", "to myself"}}, "bad_request"},
                                                         {{{"channel", "private"}, {"to", "NOBODY"}, {"text", "hi"}}, "bad_request"},
                                                         {{{"channel", "table"}, {"text", "hi"}, {"html", true}}, "bad_request"},
                                                         {json::array(), "bad_request"}};
  for (const auto& [body, code] : bad) {
    const Reply r = say(a1, body);
    EXPECT_EQ(r.status, 400) << body.dump() << " " << r.body.dump();
    EXPECT_EQ(r.body.value("code", ""), code) << body.dump() << " " << r.body.dump();
  }
  EXPECT_EQ(post("/api/games/" + id + "/chat", "not json", tokens[a1]).status, 400);
  EXPECT_EQ(sql_text(db, "SELECT count(*) FROM chat"), "0");
  // 500 characters of two bytes each is a message; markup is text like any other.
  EXPECT_EQ(say(a1, {{"channel", "table"},
                     {"text",
                      [] {
                        std::string s;
                        for (int i = 0; i < 500; ++i) s += "\u00e4";
                        return s;
                      }()}})
                .status,
            201);
  const Reply markup = say(a1, {{"channel", "table"}, {"text", "<img src=x onerror=alert(1)>"}});
  EXPECT_EQ(markup.body["message"]["text"], "<img src=x onerror=alert(1)>");
  // 5 at once, then refused for a while: a flood stores nothing more.
  int accepted = 2, refused = 0;
  for (int i = 0; i < 10; ++i) {
    const Reply r = say(a1, {{"channel", "table"}, {"text", fmt::format("spam {}", i)}});
    if (r.status == 201)
      ++accepted;
    else if (r.status == 429 && r.body.value("code", "") == "chat_flood")
      ++refused;
  }
  EXPECT_LE(accepted, 6);
  EXPECT_GE(refused, 6);
  EXPECT_EQ(sql_text(db, "SELECT count(*) FROM chat"), std::to_string(accepted));
  EXPECT_EQ(say(a2, {{"channel", "table"}, {"text", "another seat may still talk"}}).status, 201);
}

TEST_F(Chat, AMutedSeatIsNeitherPushedNorListedToTheSeatThatMutedIt) {
  four();
  const std::string& a1 = allied_seats[0];
  const std::string& x1 = axis_seats[0];
  const std::string& x2 = axis_seats[1];
  boost::asio::io_context io;
  auto x1_ws = socket(io, x1), x2_ws = socket(io, x2);
  const Reply muted = post("/api/games/" + id + "/chat/mute", json{{"seat", a1}, {"muted", true}}.dump(), tokens[x1]);
  ASSERT_EQ(muted.status, 200) << muted.body.dump();
  EXPECT_EQ(muted.body["muted"], json::array({a1}));
  EXPECT_EQ(post("/api/games/" + id + "/chat/mute", json{{"seat", x1}, {"muted", true}}.dump(), tokens[x1]).status, 400);  // oneself
  EXPECT_EQ(post("/api/games/" + id + "/chat/mute", json{{"seat", a1}}.dump(), tokens[x1]).status, 400);
  EXPECT_EQ(post("/api/games/" + id + "/chat/mute", json{{"seat", a1}, {"muted", true}}.dump()).status, 401);
  ASSERT_EQ(say(a1, {{"channel", "table"}, {"text", "noise"}}).status, 201);
  ASSERT_EQ(say(x2, {{"channel", "table"}, {"text", "marker"}}).status, 201);
  EXPECT_EQ(heard_until(*x1_ws, "marker"), std::vector<std::string>{"marker"});
  EXPECT_EQ(heard_until(*x2_ws, "marker"), (std::vector<std::string>{"noise", "marker"}));
  EXPECT_FALSE(has(texts(x1), "noise"));
  EXPECT_EQ(get("/api/games/" + id + "/chat", tokens[x1]).body["muted"], json::array({a1}));
  ASSERT_EQ(post("/api/games/" + id + "/chat/mute", json{{"seat", a1}, {"muted", false}}.dump(), tokens[x1]).status, 200);
  EXPECT_TRUE(has(texts(x1), "noise"));
}

TEST_F(Chat, AGameWithoutTeamsHasNoAllianceChannelAndItsTalkGoesWithIt) {
  const std::string game = create();
  const std::string uk = claim(game);
  expect_error(post("/api/games/" + game + "/chat", R"({"channel": "alliance", "text": "hi"})", uk), 400, "no channel");
  const Reply r = post("/api/games/" + game + "/chat", R"({"channel": "table", "text": "Good evening, gentlemen"})", uk);
  ASSERT_EQ(r.status, 201) << r.body.dump();
  EXPECT_EQ(r.body["message"]["seat"], "UK");
  EXPECT_EQ(get("/api/games/" + game + "/chat").body["messages"].size(), 1u);  // a spectator reads the table
  sql(db, "DELETE FROM games WHERE id = '" + game + "'");
  EXPECT_EQ(sql_text(db, "SELECT count(*) FROM chat"), "0");
}

// Once the game is over everyone reads everything (the replay of a finished game shows all).
TEST(ChatRule, AfterTheGameEveryoneReadsEveryMessage) {
  const server::ChatMessage alliance{1, 0, 3, "BC+US", "alliance", "0", "plan"}, secret{2, 0, 4, "BC+US", "private", "JPN", "deal"};
  const server::Reader axis{"JPN", 1, false}, ally{"CHN+USSR", 0, false}, spectator{"", -1, false};
  EXPECT_FALSE(server::may_read(alliance, axis));
  EXPECT_TRUE(server::may_read(alliance, ally));
  EXPECT_FALSE(server::may_read(alliance, spectator));
  EXPECT_TRUE(server::may_read(secret, axis));
  EXPECT_FALSE(server::may_read(secret, ally));
  for (server::Reader r : {axis, ally, spectator}) {
    r.finished = true;
    EXPECT_TRUE(server::may_read(alliance, r) && server::may_read(secret, r)) << r.seat;
  }
}

}  // namespace
