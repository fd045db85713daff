// Benchmarks of the engine kit and of data loading (Google Benchmark). Game-level throughput
// (random games/s, ns per decision, state copy) is measured by `churchill bench`.
#include <benchmark/benchmark.h>

#include "churchill/data.h"
#include "core/rng.h"
#include "core/step_stack.h"

namespace {

void BM_RngNext(benchmark::State& state) {
  core::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(rng.next());
}
BENCHMARK(BM_RngNext);

void BM_RngRollD6(benchmark::State& state) {
  core::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(rng.roll(6));
}
BENCHMARK(BM_RngRollD6);

void BM_StepStackPushPop(benchmark::State& state) {
  struct Step {
    std::uint8_t id, a, b, c;
    bool operator==(const Step&) const = default;
  };
  core::StepStack<Step, 16> s;
  for (auto _ : state) {
    s.push({1, 2, 3, 4});
    s.push({5, 6, 7, 8});
    benchmark::DoNotOptimize(s.top());
    s.pop();
    s.pop();
  }
}
BENCHMARK(BM_StepStackPushPop);

void BM_LoadData(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(churchill::load_data(CHURCHILL_BENCH_DATA_DIR));
}
BENCHMARK(BM_LoadData)->Unit(benchmark::kMillisecond);

}  // namespace
