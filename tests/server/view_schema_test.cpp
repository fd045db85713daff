// The view's schema (schema/view.schema.json, docs/view.md): real views of every title, at the start,
// during play and at the end, of every seat and of a spectator, match it; it refuses a field it does
// not list, so a field added to a view without its place in the schema (and so in the browser's
// generated types, web/src/view-types.ts) fails here.
#include <cstdlib>
#include <fstream>

#include "tests/server/lobby_fixture.h"
#include "tests/support/json_schema.h"
#include "tests/support/sanitized.h"
#include "warroom/rules.h"

namespace {

using nlohmann::json;
using test_support::JsonSchema;
using test_support::LobbyOverFailingStore;
using test_support::titles;

const JsonSchema& schema() {
  static const JsonSchema s = [] {
    std::ifstream in(VIEW_SCHEMA_PATH);
    if (!in) throw std::runtime_error("cannot read " VIEW_SCHEMA_PATH);
    return JsonSchema(json::parse(in));
  }();
  return s;
}

// The broken rules of a view, one a line (empty: it matches).
std::string broken(const json& view) {
  std::string out;
  for (const std::string& e : schema().errors(view)) out += e + "\n";
  return out;
}

// One random action, chosen as a client sends it (by the match's own text forms); false at the end.
bool play_one(core::MatchPlay& match, core::Rng& rng) {
  const core::NodeKind kind = match.node_kind();
  if (kind == core::NodeKind::Terminal) return false;
  if (kind == core::NodeKind::Chance) {
    match.sample_chance();
    return true;
  }
  const core::Seat seat = static_cast<core::Seat>(__builtin_ctz(match.acting_seats()));
  const auto legal = match.legal_actions(seat);
  match.act(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  return true;
}

// Every seat's view and a spectator's, checked against the schema. With VIEW_SCHEMA_SAMPLES set to a
// directory, the views are written there too (one JSON file each), to see what a view holds.
void expect_views_match(const core::Match& match, const std::string& where) {
  static int written = 0;
  const char* samples = std::getenv("VIEW_SCHEMA_SAMPLES");
  for (int seat = -1; seat < match.seat_count(); ++seat) {
    const std::optional<core::Seat> who = seat < 0 ? std::nullopt : std::optional<core::Seat>(static_cast<core::Seat>(seat));
    json view = match.view(who, 200);
    view["id"] = "0123abcd";  // the server adds the game's id (Lobby::seat_view)
    if (samples) std::ofstream(std::string(samples) + "/" + std::to_string(written++) + ".json") << view.dump(1);
    const std::string why = broken(view);
    EXPECT_TRUE(why.empty()) << where << ", seat " << (who ? match.seat_name(*who) : "spectator") << ":\n" << why.substr(0, 3000);
  }
}

TEST(ViewSchema, UsesOnlyTheKeywordsItsValidatorChecks) {
  const auto unknown = schema().unsupported();
  EXPECT_TRUE(unknown.empty()) << unknown.front();
}

// The sanitizers check the view's code; the release build, the schema's breadth.
constexpr std::uint64_t kGames = test_support::kSanitized ? 1 : 2;

// Each title's every scenario (at its default seat count), two random games each (one under the
// sanitizers, several times slower, where it was the suite's longest test): the views at the
// start, at the first position of each new phase line (a step, a battle, a conference) and every 200
// actions, 30 positions at most, and at the end (or after 5,000 actions).
TEST(ViewSchema, TheViewsOfEveryTitleMatchIt) {
  int checked = 0;
  for (const auto& title : titles().all()) {
    for (const core::ScenarioInfo& scenario : title->scenarios()) {
      for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
        core::SaveFile record = title->new_record(scenario.id, {}, 0, {});
        record.seed = core::Seed(seed);
        auto match = title->open(record);
        core::Rng rng(seed + 100);
        const std::string where = title->id() + "/" + scenario.id + " seed " + std::to_string(seed);
        std::string phase;
        int since = 0, positions = 0;
        for (int n = 0; n < 5000; ++n, ++since) {
          if (positions < 30 && (match->phase() != phase || since >= 200)) {
            expect_views_match(*match, where + " after " + std::to_string(match->version()) + " actions (" + match->phase() + ")");
            if (::testing::Test::HasFailure()) return;
            phase = match->phase(), since = 0, ++positions, ++checked;
          }
          if (!play_one(*match, rng)) break;
        }
        expect_views_match(*match, where + " at the end");
      }
    }
  }
  EXPECT_GT(checked, 100);
}

// The schema of the property `name` that has `key` ("enum", "properties"), wherever it stands (the
// first found; null for none).
const json* property_with(const json& node, const std::string& name, const std::string& key) {
  if (node.is_object()) {
    if (const auto p = node.find("properties"); p != node.end() && p->contains(name) && (*p)[name].contains(key)) return &(*p)[name];
    for (const auto& [_, child] : node.items())
      if (const json* found = property_with(child, name, key)) return found;
  } else if (node.is_array()) {
    for (const json& child : node)
      if (const json* found = property_with(child, name, key)) return found;
  }
  return nullptr;
}
const json* property_enum(const json& node, const std::string& name) {
  const json* found = property_with(node, name, "enum");
  return found ? &(*found)["enum"] : nullptr;
}

// A War Room order's `cancelled` lists the engine's cancel reasons, no more and no fewer (the schema
// is written by hand; the log's schema names the same ids from the same table, cancel_reason_id): a
// reason added to the engine without its place here would leave the browser's generated type short.
TEST(ViewSchema, Phase3CancelingOrders_AnOrdersCancelReasonsAreTheEnginesIds) {
  std::ifstream in(VIEW_SCHEMA_PATH);
  const json view_schema = json::parse(in);
  const json* listed = property_enum(view_schema, "cancelled");
  ASSERT_NE(listed, nullptr);
  std::vector<std::string> engine;
  for (int r = 1; r < warroom::kCancelReasons; ++r) engine.emplace_back(warroom::cancel_reason_id(static_cast<warroom::CancelReason>(r)));
  EXPECT_EQ(listed->get<std::vector<std::string>>(), engine);
}

// A War Room order stopped short by rail lists the engine's reasons (ruling 29), no more and no fewer.
TEST(ViewSchema, Ruling29_ARailStopsReasonsAreTheEnginesIds) {
  std::ifstream in(VIEW_SCHEMA_PATH);
  const json view_schema = json::parse(in);
  const json* stopped = property_with(view_schema, "stopped", "properties");
  ASSERT_NE(stopped, nullptr);
  const json* listed = property_enum(*stopped, "reason");
  ASSERT_NE(listed, nullptr);
  std::vector<std::string> engine;
  for (int r = 1; r < warroom::kRailShorts; ++r) engine.emplace_back(warroom::rail_short_id(static_cast<warroom::RailShort>(r)));
  EXPECT_EQ(listed->get<std::vector<std::string>>(), engine);
}

// The schema is closed: a field it does not list, at the top or inside a title's own object, is refused.
TEST(ViewSchema, RefusesAFieldItDoesNotList) {
  const auto& churchill = *titles().find("churchill");
  auto match = churchill.open(churchill.new_record("training", {}, 0, {}));
  json view = match->view(core::Seat{0}, 200);
  view["id"] = "0123abcd";
  ASSERT_EQ(broken(view), "");
  json extra = view;
  extra["scores_now"] = 1;
  EXPECT_NE(broken(extra), "");
  extra = view;
  extra["powers"]["UK"]["mood"] = "fine";
  EXPECT_NE(broken(extra).find("/powers/UK/mood: not"), std::string::npos) << broken(extra);
  extra = view;
  extra.erase("version");
  EXPECT_NE(broken(extra).find("lacks version"), std::string::npos) << broken(extra);
  extra = view;
  extra["legal_actions"] = json::array({"done", 1});
  EXPECT_NE(broken(extra).find("/legal_actions/1: 1 is not of type \"string\""), std::string::npos)
      << "a command is a string: " << broken(extra);
}

// The view as the server sends it, with the lobby's fields (its id, the version an action is sent
// back with), at the start and once the game is over (its seed published).
TEST_F(LobbyOverFailingStore, ViewSchema_TheLobbysViewsMatchIt) {
  test_support::FailingStore store(path());
  server::Lobby lobby(titles(), store);
  const json created = lobby.create(json{{"title", "hills"}, {"scenario", "standard"}, {"seating", "public"}});
  const std::string id = created["id"];
  lobby.commit_now();
  const std::string red = lobby.claim(id, "red", json::object()), green = lobby.claim(id, "green", json::object()),
                    blue = lobby.claim(id, "blue", json::object());
  lobby.commit_now();
  EXPECT_EQ(broken(json::parse(lobby.view(id, red))), "");
  for (int round = 0; round < 3; ++round)
    for (const std::string& token : {red, green, blue}) {
      lobby.act(id, token, json{{"action", "done"}, {"version", json::parse(lobby.view(id, token))["version"]}});
      lobby.commit_now();
    }
  const json over = json::parse(lobby.view(id, red));
  ASSERT_TRUE(over["terminal"]) << over.dump();
  EXPECT_EQ(broken(over), "");
}

}  // namespace
