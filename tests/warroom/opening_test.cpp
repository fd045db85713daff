// The suggested openings of data/warroom/openings.json (the browser's walkthrough for a newcomer,
// web/src/titles/warroom-opening.ts): every nation of every scenario has one, every step of it is a
// legal action in a new game of the scenario's largest rulebook seat table -- the Phase 1 shifts in
// the nation's reorganizing window (ruling 92), the orders in the lowest empty boxes and the bid in
// Phase 2 › Step 1 -- and each step's stated reason is true of the board then.
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "engine_fixture.h"

namespace warroom::testing {
namespace {

nlohmann::json openings() { return nlohmann::json::parse(std::ifstream(std::string(WARROOM_TEST_DATA_DIR) + "/openings.json")); }

int rulebook_players(const Scenario& sc) {
  for (auto t = sc.seat_tables.rbegin(); t != sc.seat_tables.rend(); ++t)
    if (!t->project_option) return t->players;
  return sc.seat_tables.back().players;
}

// The reason a step gives for an order, from the board when the sheets are written.
std::string order_reason(const Game& g, const State& s, Nation nation, int command, RegionId to) {
  const Data& d = g.data();
  const Category cat = command_category(d, nation, command);
  bool enemy_there = false;
  for (Nation n : kAllNations)
    for (const Command& c : s.command[n]) enemy_there |= c.region == to && units_in(c) && alliance_of(n) != alliance_of(nation);
  // A sea region: land units embark; ships and air units guard it, or fight the enemy units there in
  // Phase 4 (air units land again in Phase 5).
  if (d.region(to).is_sea())
    return cat == Category::Land ? "embark" : std::string(cat == Category::Air ? "air_sea" : "sea") + (enemy_there ? "_battle" : "");
  const Nation holder = s.region[to].controller;
  if (holder == kNoNation) return "neutral";
  if (alliance_of(holder) != alliance_of(nation)) return cat == Category::Air ? "air_attack" : "attack";
  return enemy_there || embattled({g, s}, to) ? "reinforce" : "move_up";
}

// War in Europe's British opening, steps 4 and 5 of the play-test of 5 December (playtest.md,
// finding 6): the Home Fleet into A-3, where a German fleet waits, is a battle at sea; 2 Bombers and
// 3 Fighters to A-9 are air units over a sea (not ships) and fight the three German submarines there.
TEST(Opening, SeaReasonsNameTheBattleAndTheAirUnits) {
  const nlohmann::json all = openings();
  for (const auto& o : all["openings"]) {
    if (o["scenario"] != "war-in-europe" || o["nation"] != "BC") continue;
    std::map<int, std::string> why;
    for (const auto& step : o["steps"])
      if (step["do"] == "order") why[step["command"].get<int>()] = step["why"];
    EXPECT_EQ(why[1], "sea_battle");
    EXPECT_EQ(why[15], "air_sea_battle");
    return;
  }
  ADD_FAILURE() << "no British opening for War in Europe";
}

TEST(Opening, EveryNationOfEveryScenarioHasOneMarkedReconstructed) {
  const nlohmann::json all = openings();
  EXPECT_EQ(all["provenance"], "reconstructed");
  EXPECT_FALSE(all["source"].get<std::string>().empty());
  for (const Scenario& sc : data()->scenarios)
    for (Nation n : kAllNations) {
      if (!sc.has(n)) continue;
      const std::string id = data()->nations[n].id;
      int found = 0;
      for (const auto& o : all["openings"]) found += o["scenario"] == sc.id && o["nation"] == id && !o["steps"].empty();
      EXPECT_EQ(found, 1) << sc.id << " " << id;
    }
}

// Phase 1 › Reorganizing Commands and Phase 2 › Step 1: each opening played step by step from a new
// game (the other nations' choices a random bot's).
TEST(Opening, Phase1AndPhase2EveryStepIsLegalAndItsReasonTrue) {
  const nlohmann::json all = openings();
  ASSERT_GE(all["openings"].size(), 18u);
  for (const auto& o : all["openings"]) {
    const Scenario& sc = *data()->find_scenario(o["scenario"].get<std::string>());
    const Game g(data(), sc, rulebook_players(sc));
    const Nation n = nation_from_id(o["nation"].get<std::string>()).value();
    const std::string id = o["nation"];
    SCOPED_TRACE(sc.id + " " + id);
    State s = play_until(g, g.new_game(), [n](const State& x) { return top(x) == StepId::Reorganize && step_nation(x.steps.top()) == n; });
    for (const auto& step : o["steps"])
      if (step["do"] == "shift") {
        const int count = step["count"];
        act(g, s, n,
            fmt::format("shift {} {} {}{} {}", id, step["from"].get<int>(), step["unit"].get<std::string>(),
                        count > 1 ? fmt::format("*{}", count) : "", step["to"].get<int>()));
        EXPECT_EQ(step["why"], "merge");
      }
    act(g, s, n, "done " + id);
    s = play_until(g, s, [](const State& x) { return top(x) == StepId::WriteSheets; });
    int box = 0;
    for (const auto& step : o["steps"]) {
      if (step["do"] == "order") {
        const int command = step["command"];
        const RegionId to = region(step["to"]);
        EXPECT_EQ(step["why"], order_reason(g, s, n, command, to)) << "command " << command;
        act(g, s, n, fmt::format("select {} {}", id, command));
        act(g, s, n, fmt::format("to {} {}", id, step["to"].get<std::string>()));
        EXPECT_EQ(s.sheet[n].box[at(box)].command, command);
        EXPECT_EQ(s.sheet[n].box[at(box++)].dest, to);
      } else if (step["do"] == "bid") {
        act(g, s, n, fmt::format("bid {} {}", id, step["oil"].get<int>()));
        EXPECT_EQ(s.sheet[n].bid, step["oil"].get<int>());
        EXPECT_EQ(step["why"], "bid");
      }
    }
    EXPECT_GT(box, 0) << "an opening writes orders";
    act(g, s, n, "done " + id);
  }
}

}  // namespace
}  // namespace warroom::testing
