// The self-play commands' thread pool (churchill arena, warroom arena): games 0..total-1 shared out
// over `jobs` threads, with a progress line on stderr while they run.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace cli {

// Each thread calls `worker()` once for its own player (bots keep state per thread), then that
// player with each game index it takes. Returns the seconds taken.
template <class MakeWorker>
double play_in_pool(int total, int jobs, bool progress, MakeWorker worker) {
  using Clock = std::chrono::steady_clock;
  std::atomic<int> next{0}, done{0};
  const auto start = Clock::now();
  const auto seconds = [&start] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  std::vector<std::thread> pool;
  for (int j = 0; j < jobs; ++j)
    pool.emplace_back([&] {
      auto play = worker();
      for (int k = next++; k < total; k = next++) {
        play(k);
        ++done;
      }
    });
  while (progress && done < total) {
    const int d = done;
    std::fprintf(stderr, "\r[%-40s] %d/%d games, %.0f s", std::string(static_cast<std::size_t>(40 * d / total), '#').c_str(), d, total,
                 seconds());
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  for (auto& t : pool) t.join();
  if (progress) std::fprintf(stderr, "\n");
  return seconds();
}

}  // namespace cli
