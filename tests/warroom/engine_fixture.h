// Shared set-up of the War Room engine tests: the data set, War in Europe games, driving a state to
// a step, and actions by their text form.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/play_until.h"
#include "warroom/bots.h"
#include "warroom/game.h"
#include "warroom/rules.h"

namespace warroom::testing {

inline std::shared_ptr<const Data> data() {
  static const std::shared_ptr<const Data> loaded = std::make_shared<const Data>(load_data(WARROOM_TEST_DATA_DIR));
  return loaded;
}

inline Game europe(int players = 4, Options o = {}) { return Game(data(), *data()->find_scenario("war-in-europe"), players, o); }
inline Game global_war(int players = 7) { return Game(data(), *data()->find_scenario("global-war"), players); }

inline RegionId region(const std::string& id) {
  const RegionId r = data()->find_region(id);
  EXPECT_NE(r, kNoRegion) << id;
  return r;
}

inline StepId top(const State& s) { return s.steps.top().id; }

// Plays random bot actions and chance from `s` until `stop(s)` holds; fails if the game ends first.
template <class Stop>
State play_until(const Game& g, State s, Stop stop, std::uint64_t seed = 1) {
  core::Rng chance(seed), choices(seed + 99);
  if (!test_support::play_until(g, s, stop, chance, test_support::random_choice<Game, RandomBot>(g, choices), 200000))
    ADD_FAILURE() << "the game ended before the position was reached";
  return s;
}

// The seat's legal action with this text form; fails the test if there is none.
inline core::Action action(const Game& g, const State& s, core::Seat seat, const std::string& text) {
  const auto a = g.action_from_string(s, seat, text);
  EXPECT_TRUE(a.has_value()) << "\"" << text << "\" is not legal for " << g.seat_name(seat) << " at " << g.phase_text(s);
  return a.value_or(0);
}

inline bool legal(const Game& g, const State& s, core::Seat seat, const std::string& text) {
  return g.action_from_string(s, seat, text).has_value();
}

// Applies the action with this text form for the nation's seat.
inline void act(const Game& g, State& s, Nation nation, const std::string& text, core::LogSink* log = nullptr) {
  const core::Seat seat = g.seat_of(nation);
  g.apply(s, seat, action(g, s, seat, text), log);
}

inline void chance(const Game& g, State& s, const std::string& text, core::LogSink* log = nullptr) {
  const auto a = g.action_from_string(s, core::kChance, text);
  ASSERT_TRUE(a.has_value()) << "\"" << text << "\" is not a chance outcome at " << g.phase_text(s);
  g.apply(s, core::kChance, *a, log);
}

// Restarts the flow at phase `phase` of the position (positions made by hand).
inline void start_phase(const Game& g, State& s, int phase) {
  s.steps.clear();
  s.steps.push(step::Phase{static_cast<std::int8_t>(phase)});
  Ctx c{g, s, nullptr};
  advance(c);
}

// The Victory Check at the end of the round, from the position as it stands.
inline State end_round(const Game& g, State s) {
  start_phase(g, s, 8);
  return s;
}

// Phase 7 Step 2 in a new game where every nation holds 20 of each resource, at `nation`'s trade.
inline State at_trade(const Game& g, Nation nation) {
  State s = g.new_game();
  for (NationState& n : s.nation) n.res = {20, 20, 20};
  start_phase(g, s, 7);
  return play_until(g, s, [nation](const State& x) { return top(x) == StepId::Trade && step_nation(x.steps.top()) == nation; });
}

// The first written-order state of a new game: every reorganization window closed.
inline State at_write_sheets(const Game& g, std::uint64_t seed = 1) {
  State s = g.new_game();
  return play_until(
      g, s, [](const State& x) { return top(x) == StepId::WriteSheets; }, seed);
}

// A position with no Command on the map: the test places each one.
inline State empty_map(const Game& g) {
  State s = g.new_game();
  for (auto& pool : s.command) pool.fill(Command{});
  for (Sheet& sh : s.sheet) sh = Sheet{};
  return s;
}

// Command `number` of `nation` in `where` with units {type, count}...
inline void put(State& s, Nation nation, int number, const std::string& where, const std::vector<std::pair<int, int>>& units) {
  Command& c = s.command[nation][at(number)];
  c = Command{};
  c.region = region(where);
  for (auto [type, count] : units) c.n[at(slot_of(type))] = static_cast<std::uint8_t>(c.n[at(slot_of(type))] + count);
}

// Phase 4: a battle (or a claim or Medal after it) is being resolved.
inline bool in_battle(const State& s) {
  const StepId id = top(s);
  return id == StepId::BattleDie || id == StepId::BattleChoice || id == StepId::HandOver || id == StepId::Claim || id == StepId::Medal ||
         (id == StepId::Reorganize && s.steps.top().as<step::Reorganize>().window == kReorganizeDebrief);
}

// Plays the Active region now being resolved: the dice in order (as typed at a physical table),
// every decision the first legal one unless `choose` names it.
inline void resolve(const Game& g, State& s, const std::vector<std::string>& dice, const std::vector<std::string>& choose = {},
                    core::LogSink* log = nullptr) {
  std::size_t die = 0, choice = 0;
  while (in_battle(s)) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      ASSERT_LT(die, dice.size()) << "more dice than supplied at " << g.phase_text(s);
      chance(g, s, "die " + dice[die++], log);
      continue;
    }
    const Nation nation = step_nation(s.steps.top());
    if (choice < choose.size()) {
      act(g, s, nation, choose[choice++], log);
      continue;
    }
    core::ActionList l;
    g.legal_actions(s, g.seat_of(nation), l);
    g.apply(s, g.seat_of(nation), l[0], log);
  }
  EXPECT_EQ(die, dice.size()) << "every supplied die is rolled";
}

// Plays the Active region now being resolved: dice from `dice` in order, then white (misses); at each
// decision the first legal action whose text contains one of `prefer` (in that order), else the first
// (a stance choice "... defensive 1" puts one unit of the group into that stance). Returns how many
// of `dice` were rolled.
inline std::size_t fight_through(const Game& g, State& s, const std::vector<std::string>& dice, const std::vector<std::string>& prefer,
                                 core::LogSink* log = nullptr) {
  std::size_t used = 0;
  while (in_battle(s)) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      chance(g, s, "die " + (used < dice.size() ? dice[used++] : std::string("white")), log);
      continue;
    }
    const core::Seat seat = g.seat_of(step_nation(s.steps.top()));
    core::ActionList l;
    g.legal_actions(s, seat, l);
    core::Action pick = l[0];
    bool found = false;
    for (const std::string& want : prefer)
      for (core::Action a : l)
        if (!found && g.action_to_string(s, seat, a).find(want) != std::string::npos) pick = a, found = true;
    g.apply(s, seat, pick, log);
  }
  return used;
}

// The same with every die of one colour, however many are rolled.
inline void resolve_all(const Game& g, State& s, const std::string& colour, core::LogSink* log = nullptr) {
  while (in_battle(s)) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      chance(g, s, "die " + colour, log);
      continue;
    }
    core::ActionList l;
    const core::Seat seat = g.seat_of(step_nation(s.steps.top()));
    g.legal_actions(s, seat, l);
    g.apply(s, seat, l[0], log);
  }
}

// Phase 4 with `nation` first in turn order: it fights in `where`, the garrison's two dice miss
// (Garrison Forces), and the territory is taken.
inline void take_undefended(const Game& g, State& s, Nation nation, const std::string& where) {
  s.turn_order.fill(kNoNation);
  s.turn_order[0] = nation;
  start_phase(g, s, 4);
  act(g, s, nation, "fight " + g.nation_name(nation) + " " + where);
  resolve(g, s, {"white", "white"});
}

// The log as text, one entry a line.
class Lines final : public core::LogSink {
 public:
  explicit Lines(const Game& g) : g_(g) {}
  void add(const core::LogEntry& e) override { text += g_.describe(e) + "\n"; }
  std::string text;

 private:
  const Game& g_;
};

// The text forms of the nation's legal actions.
inline std::set<std::string> legal_texts(const Game& g, const State& s, Nation nation) {
  core::ActionList l;
  g.legal_actions(s, g.seat_of(nation), l);
  std::set<std::string> out;
  for (core::Action a : l) out.insert(g.action_to_string(s, g.seat_of(nation), a));
  return out;
}

inline int units_of(const State& s, Nation nation) {
  int n = 0;
  for (const Command& c : s.command[nation])
    if (c.region != kNoRegion) n += units_in(c);
  return n;
}

}  // namespace warroom::testing
