// The battle calculator's time per query (warroom/calculator.h, docs/warroom/ai.md), on positions
// from a garrison fight to the Eastern Front's opening battle for Smolensk, each as `warroom odds`
// asks it: Germany's seat, its Commands moving in, each side's best stances.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "warroom/calculator.h"
#include "warroom/rules.h"

namespace {

using namespace warroom;

std::shared_ptr<const Data> data() {
  static const auto d = std::make_shared<const Data>(load_data(WARROOM_BENCH_DATA_DIR));
  return d;
}

const Game& europe() {
  static const Game g(data(), *data()->find_scenario("war-in-europe"), 4);
  return g;
}

const Game& eastern_front() {
  static const Game g(data(), *data()->find_scenario("eastern-front"), 2);
  return g;
}

using Units = std::vector<std::pair<int, int>>;  // (unit type, count)

void put(State& s, Nation nation, int number, const char* where, const Units& units) {
  Command& c = s.command[nation][at(number)];
  c = Command{};
  c.region = data()->find_region(where);
  for (auto [type, count] : units) c.n[at(slot_of(type))] = static_cast<std::uint8_t>(count);
}

// War in Europe with only the Commands placed: Germany in Belarus, the USSR in Smolensk.
State by_hand(const Units& german, const Units& german_air, const Units& soviet, const Units& soviet_air) {
  State s = europe().new_game();
  for (auto& pool : s.command) pool.fill(Command{});
  s.turn_order = {GER, USSR, BC, US, ITA, kNoNation, kNoNation};
  put(s, GER, 40, "G8", german);
  if (!german_air.empty()) put(s, GER, 20, "G8", german_air);
  if (!soviet.empty()) put(s, USSR, 40, "R12", soviet);
  if (!soviet_air.empty()) put(s, USSR, 20, "R12", soviet_air);
  return s;
}

void run(benchmark::State& st, const Game& g, const State& s, std::vector<CommandRef> in) {
  OddsQuery q;
  q.region = data()->find_region("R12");
  q.moving_in = std::move(in);
  bool exact = false;
  for (auto _ : st) {
    const Odds o = battle_odds(g, s, g.seat_of(GER), q);
    benchmark::DoNotOptimize(o.side[1].wins.mean);
    exact = o.exact;
  }
  st.SetLabel(exact ? "exact" : "Monte Carlo");
}

void Garrison(benchmark::State& st) { run(st, europe(), by_hand({{kInf, 2}, {kArt, 1}}, {}, {}, {}), {{GER, 40}}); }
void OneInfantryEach(benchmark::State& st) { run(st, europe(), by_hand({{kInf, 1}}, {}, {{kInf, 1}}, {}), {{GER, 40}}); }
void ThreeAgainstTwo(benchmark::State& st) { run(st, europe(), by_hand({{kInf, 3}, {kArt, 1}}, {}, {{kInf, 2}}, {}), {{GER, 40}}); }
void ForceAdvantageExample(benchmark::State& st) {
  run(st, europe(), by_hand({{kArt, 2}, {kArm, 3}}, {{kFtr, 2}}, {{kArt, 2}, {kInf, 4}}, {{kFtr, 1}}), {{GER, 40}, {GER, 20}});
}
void SmolenskOpening(benchmark::State& st) { run(st, eastern_front(), eastern_front().new_game(), {{GER, 42}, {GER, 43}, {GER, 17}}); }

BENCHMARK(Garrison)->Unit(benchmark::kMillisecond);
BENCHMARK(OneInfantryEach)->Unit(benchmark::kMillisecond);
BENCHMARK(ThreeAgainstTwo)->Unit(benchmark::kMillisecond);
BENCHMARK(ForceAdvantageExample)->Unit(benchmark::kMillisecond);
BENCHMARK(SmolenskOpening)->Unit(benchmark::kMillisecond);

}  // namespace
