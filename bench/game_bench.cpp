// Game-level benchmarks (Google Benchmark): random full games per scenario, ns per decision, state
// copy, legal-action generation. `churchill bench` reports the same figures as a command.
#include <benchmark/benchmark.h>

#include <vector>

#include "churchill/bots.h"

namespace {

const churchill::Data& data() {
  static const churchill::Data d = churchill::load_data(CHURCHILL_BENCH_DATA_DIR);
  return d;
}

void BM_RandomGame(benchmark::State& state, const char* scenario) {
  const churchill::Game g(data());
  auto random = churchill::make_bot("random");
  const std::array<churchill::Bot*, 3> bots = {random.get(), random.get(), random.get()};
  long actions = 0;
  std::uint64_t seed = 1;
  for (auto _ : state) actions += churchill::play_game(g, *data().scenario(scenario), {}, bots, seed++).actions;
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["ns/action"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK_CAPTURE(BM_RandomGame, training, "training")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_RandomGame, tournament, "tournament")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_RandomGame, campaign, "campaign")->Unit(benchmark::kMicrosecond);

void BM_RulebookGame(benchmark::State& state) {
  const churchill::Game g(data());
  auto bot = churchill::make_bot("rulebook");
  const std::array<churchill::Bot*, 3> bots = {bot.get(), bot.get(), bot.get()};
  std::uint64_t seed = 1;
  for (auto _ : state) benchmark::DoNotOptimize(churchill::play_game(g, *data().scenario("campaign"), {}, bots, seed++));
}
BENCHMARK(BM_RulebookGame)->Unit(benchmark::kMicrosecond);

// States met in a random campaign game, at decision points.
const std::vector<churchill::State>& states() {
  static const std::vector<churchill::State> all =
      churchill::decision_states(churchill::Game(data()), *data().scenario("campaign"), 7, 4000);
  return all;
}

void BM_StateCopy(benchmark::State& state) {
  const auto& all = states();
  churchill::State sink;
  std::size_t i = 0;
  for (auto _ : state) {
    sink = all[i++ % all.size()];
    benchmark::DoNotOptimize(sink);
  }
}
BENCHMARK(BM_StateCopy);

void BM_LegalActions(benchmark::State& state) {
  const churchill::Game g(data());
  const auto& all = states();
  std::size_t i = 0;
  for (auto _ : state) {
    const churchill::State& s = all[i++ % all.size()];
    core::ActionList l;
    g.legal_actions(s, static_cast<core::Seat>(__builtin_ctz(g.acting_seats(s))), l);
    benchmark::DoNotOptimize(l.size());
  }
}
BENCHMARK(BM_LegalActions);

}  // namespace
