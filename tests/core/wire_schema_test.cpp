// Each title's events and actions on the wire (docs/view.md "Each title's events and actions"): the
// schemas under schema/ are what the titles' tables give (WIRE_SCHEMA_WRITE=1 writes them), and
// random games of every scenario send only events and actions those schemas describe: the event or
// kind known, every argument it has present, no argument it does not list, each of its type.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <set>

#include "churchill/game.h"
#include "core/rng.h"
#include "core/session_match.h"
#include "core/title.h"
#include "core/wire_schema.h"
#include "hills/game.h"
#include "tests/support/json_schema.h"
#include "tests/support/sanitized.h"
#include "tests/support/titles.h"
#include "warroom/actions.h"
#include "warroom/game.h"

namespace {

using nlohmann::json;
using test_support::JsonSchema;
using test_support::titles;

// One stored schema: its file under schema/ and the schema the title's tables give.
struct Stored {
  std::string file;
  json (*made)();
};
const std::vector<Stored>& stored() {
  static const std::vector<Stored> all{{"churchill-log", churchill::log_schema}, {"churchill-actions", churchill::action_schema},
                                       {"warroom-log", warroom::log_schema},     {"warroom-actions", warroom::action_schema},
                                       {"hills-log", hills::log_schema},         {"hills-actions", hills::action_schema}};
  return all;
}
std::string path_of(const std::string& file) { return std::string(WIRE_SCHEMA_DIR) + "/" + file + ".schema.json"; }

json read(const std::string& file) {
  std::ifstream in(path_of(file));
  return in ? json::parse(in) : json(nullptr);
}

// The schemas are the tables': a table changed without its stored schema (or the reverse) fails here.
// With WIRE_SCHEMA_WRITE=1 the test writes the tables' schemas instead (then `npm run build` in web/
// makes the browser's types from them).
TEST(WireSchema, TheStoredSchemasAreWhatTheTablesGive) {
  const bool write = std::getenv("WIRE_SCHEMA_WRITE") != nullptr;
  for (const Stored& s : stored()) {
    const json made = s.made();
    if (write) std::ofstream(path_of(s.file)) << made.dump(1) << "\n";
    EXPECT_EQ(read(s.file), made) << path_of(s.file) << " is not what the title's tables give: run WIRE_SCHEMA_WRITE=1 "
                                  << ::testing::UnitTest::GetInstance()->current_test_info()->name();
  }
}

TEST(WireSchema, UsesOnlyTheKeywordsItsValidatorChecks) {
  for (const Stored& s : stored()) {
    const auto unknown = JsonSchema(s.made()).unsupported();
    EXPECT_TRUE(unknown.empty()) << s.file << ": " << unknown.front();
  }
}

TEST(WireSchema, RefusesTwoKindsOfOneName) {
  core::wire::Document d{.name = "X", .tag = "event", .suffix = "Event", .shapes = {{"moved", {}}, {"moved", {}}}};
  EXPECT_THROW(core::wire::schema(d), std::logic_error);
}

// One schema document's kinds, each checked on its own so an error names the kind and the argument.
class Kinds {
 public:
  Kinds(const json& doc, std::string tag) : tag_(std::move(tag)) {
    for (const auto& [name, def] : doc["$defs"].items())
      if (def.value("title", "") == name && def.contains("properties") && def["properties"].contains(tag_))
        kinds_.emplace(def["properties"][tag_]["const"].get<std::string>(),
                       std::make_unique<JsonSchema>(json{{"$defs", doc["$defs"]}, {"$ref", "#/$defs/" + name}}));
  }
  // Why `value` is not one of the kinds (empty: it is); `seen` collects the kinds met.
  std::string broken(const json& value, std::set<std::string>& seen) const {
    const json tag = value.is_object() ? value.value(tag_, json()) : json();
    if (!tag.is_string()) return "no " + tag_ + " in " + value.dump();
    const auto kind = kinds_.find(tag.get<std::string>());
    if (kind == kinds_.end()) return "unknown " + tag_ + " " + tag.dump() + ": " + value.dump();
    seen.insert(kind->first);
    std::string out;
    for (const std::string& e : kind->second->errors(value)) out += e + "; ";
    return out.empty() ? out : value.dump() + ": " + out;
  }
  std::size_t size() const { return kinds_.size(); }

 private:
  std::string tag_;
  std::map<std::string, std::unique_ptr<JsonSchema>> kinds_;
};

// The fields of each legal action of `seat` as the view gives them (core/session_match.h seat_view:
// the title's action_json of the seat's observation), without the rest of the view; false where the
// match is not a G's.
template <class G>
bool put_fields(const core::Match& m, core::Seat seat, std::vector<json>& out) {
  const auto* match = dynamic_cast<const core::SessionMatch<G>*>(&m);
  if (!match) return false;
  const G& g = match->game();
  const auto seen = g.observe(match->session().state(), seat);
  core::ActionList legal;
  g.legal_actions(seen, seat, legal);
  for (core::Action a : legal) out.push_back(g.action_json(seen, seat, a));
  return true;
}
std::vector<json> action_fields(const core::Match& m, core::Seat seat) {
  std::vector<json> out;
  if (!put_fields<churchill::Game>(m, seat, out) && !put_fields<warroom::Game>(m, seat, out) && !put_fields<hills::Game>(m, seat, out))
    ADD_FAILURE() << "a match of no title this test knows";
  return out;
}

constexpr std::uint64_t kGames = test_support::kSanitized ? 1 : 2;
constexpr int kActions = test_support::kSanitized ? 1000 : 2500;

// A few random games of every scenario of every title, through the match as the server runs it: at
// each decision the acting seat's view (its "action_fields"), and at the end every entry of the log
// ("log_events"), each checked against its title's schema.
TEST(WireSchema, EveryEventAndActionOfRandomGamesMatchesItsTitlesSchema) {
  for (const auto& title : titles().all()) {
    const Kinds events(read(title->id() + "-log"), "event"), actions(read(title->id() + "-actions"), "kind");
    ASSERT_GT(events.size(), 0u) << title->id();
    std::set<std::string> seen_events, seen_actions;
    std::vector<std::string> errors;
    const auto check = [&](const Kinds& kinds, const json& value, std::set<std::string>& seen, const std::string& where) {
      const std::string why = kinds.broken(value, seen);
      if (why.empty() || errors.size() >= 20) return;
      errors.push_back(where);
      errors.back() += ": ";
      errors.back() += why;
    };
    std::size_t checked = 0;
    std::set<std::string> checked_fields;  // the same fields twice are the same check
    for (const core::ScenarioInfo& scenario : title->scenarios()) {
      for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
        core::SaveFile record = title->new_record(scenario.id, {}, 0, {});
        record.seed = core::Seed(seed);
        auto match = title->open(record);
        core::Rng rng(seed + 200);
        const std::string where = title->id() + "/" + scenario.id + " seed " + std::to_string(seed);
        for (int n = 0; n < kActions && match->node_kind() != core::NodeKind::Terminal; ++n) {
          if (match->node_kind() == core::NodeKind::Chance) {
            match->sample_chance();
            continue;
          }
          const auto seat = static_cast<core::Seat>(__builtin_ctz(match->acting_seats()));
          const std::vector<json> all = action_fields(*match, seat);
          if (n == 0) {  // the fields checked are the view's
            const json view = match->view(seat, 0);
            std::vector<json> sent;
            for (const auto& [command, fields] : view.at("action_fields").items()) sent.push_back(fields);
            ASSERT_EQ(std::multiset<json>(all.begin(), all.end()), std::multiset<json>(sent.begin(), sent.end())) << where;
          }
          for (const json& fields : all)
            if (checked_fields.insert(fields.dump()).second) check(actions, fields, seen_actions, where), ++checked;
          const auto legal = match->legal_actions(seat);
          match->act(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        }
        const json log = match->log_range(0, match->log_size());
        for (const json& e : log.at("log_events")) check(events, e, seen_events, where), ++checked;
      }
    }
    std::string why;
    for (const std::string& e : errors) why += e + "\n";
    EXPECT_TRUE(errors.empty()) << title->id() << ":\n" << why;
    EXPECT_GT(seen_events.size(), events.size() / 3) << title->id() << ": the games met too few kinds of event to show much";
    EXPECT_GT(seen_actions.size(), actions.size() / 3) << title->id();
    std::printf("%s: %zu events and different actions checked, %zu of %zu kinds of event and %zu of %zu kinds of action met\n",
                title->id().c_str(), checked, seen_events.size(), events.size(), seen_actions.size(), actions.size());
  }
}

// What random games seldom reach (a pact's permit, a trade, a deployment): every kind of War Room
// action, its arguments 0 to 2 (3 for the last: an Assign's "defend"), as action_json writes it at the start of a game, matches its schema.
// A battle's choice needs a battle: the random games check those.
TEST(WireSchema, EveryKindOfWarRoomActionMatchesItsSchema) {
  const core::Title& title = *titles().find("warroom");
  const auto match = title.open(title.new_record(title.scenarios().front().id, {}, 0, {}));
  const auto* warroom_match = dynamic_cast<const core::SessionMatch<warroom::Game>*>(match.get());
  ASSERT_NE(warroom_match, nullptr);
  const warroom::Game& g = warroom_match->game();
  const Kinds actions(read("warroom-actions"), "kind");
  std::set<std::string> seen;
  std::string why;
  for (int k = 0; k < static_cast<int>(warroom::ActionKind::kCount); ++k)
    for (int v = 0; v < 4 && k != static_cast<int>(warroom::ActionKind::Battle); ++v)
      why += actions.broken(
          g.action_json(warroom_match->session().state(), 0,
                        warroom::encode(static_cast<warroom::ActionKind>(k), warroom::CHN, std::min(v, 2), std::min(v, 2), v)),
          seen);
  EXPECT_EQ(why, "");
  EXPECT_EQ(seen.size() + 1, actions.size()) << "every kind but battle";
}

}  // namespace
