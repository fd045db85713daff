// selfplay and bench (architecture.md §4): bot-vs-bot statistics and engine throughput.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "churchill/ai.h"
#include "cli/commands.h"

namespace cli {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

[[noreturn]] void fail(const std::string& message) { throw std::runtime_error(message); }

std::array<std::string, churchill::kPowers> parse_bots(const std::string& text) {
  std::array<std::string, churchill::kPowers> out;
  std::stringstream ss(text);
  std::string item;
  std::size_t i = 0;
  while (std::getline(ss, item, ',')) {
    if (i == out.size()) fail("--seats: three bots, for UK, US and USSR (e.g. rulebook,random,random)");
    if (item.rfind("bot:", 0) == 0) item = item.substr(4);
    if (!churchill::make_any_bot(item)) {
      std::string kinds;
      for (const auto& k : churchill::all_bot_kinds()) kinds += (kinds.empty() ? "" : ", ") + k;
      fail(fmt::format("--seats: unknown bot \"{}\" ({})", item, kinds));
    }
    out[i++] = item;
  }
  if (i != out.size()) fail("--seats: three bots, for UK, US and USSR (e.g. rulebook,random,random)");
  return out;
}

struct Summary {
  int games = 0;
  churchill::PowerArray<int> wins{};
  std::array<long, churchill::kPowers> vp{};
  std::map<std::string, std::array<long, churchill::kPowers>> vp_by_condition;
  int both_surrendered = 0, germany = 0, japan = 0;
  long conferences = 0, decisions = 0, actions = 0;
  void add(const churchill::GameResult& r) {
    ++games;
    ++wins[r.winner];
    for (std::size_t p = 0; p < churchill::kPowers; ++p) vp[p] += r.vp[p];
    for (const auto& l : r.vp_lines) vp_by_condition[l.condition][core::index_of(l.power)] += l.vp;
    both_surrendered += r.germany_surrendered && r.japan_surrendered;
    germany += r.germany_surrendered;
    japan += r.japan_surrendered;
    conferences += r.conferences;
    decisions += r.decisions;
    actions += r.actions;
  }
};

// Plays games [0, n) on `jobs` threads; game i uses seed + i, so results do not depend on jobs. A
// bot that searches uses `search_threads` threads for each decision (its choices depend on them).
std::vector<churchill::GameResult> play_many(const churchill::Game& g, const churchill::Scenario& sc, const churchill::Options& o,
                                             const std::array<std::string, 3>& bots, int n, std::uint64_t seed, int jobs,
                                             int search_threads, bool progress) {
  std::vector<churchill::GameResult> results(static_cast<std::size_t>(n));
  std::atomic<int> next{0}, done{0};
  auto worker = [&] {
    std::array<std::unique_ptr<churchill::Bot>, 3> owned;
    std::array<churchill::Bot*, 3> seats{};
    for (std::size_t p = 0; p < 3; ++p) seats[p] = (owned[p] = churchill::make_any_bot(bots[p], search_threads)).get();
    for (int i = next++; i < n; i = next++) {
      results[static_cast<std::size_t>(i)] = churchill::play_game(g, sc, o, seats, seed + static_cast<std::uint64_t>(i));
      ++done;
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j) threads.emplace_back(worker);
  while (progress && done < n) {
    const int d = done;
    std::fprintf(stderr, "\r[%-40s] %d/%d", std::string(static_cast<std::size_t>(40 * d / n), '#').c_str(), d, n);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (auto& t : threads) t.join();
  if (progress) std::fprintf(stderr, "\r[%s] %d/%d\n", std::string(40, '#').c_str(), n, n);
  return results;
}

nlohmann::json summary_json(const Summary& s, double seconds) {
  nlohmann::json win = nlohmann::json::object(), vp = nlohmann::json::object(), by_condition = nlohmann::json::object();
  for (churchill::Power p : churchill::kAllPowers) {
    const std::string name(churchill::power_name(p));
    const std::size_t i = core::index_of(p);  // the arrays of totals by a power's index
    win[name] = static_cast<double>(s.wins[p]) / s.games;
    vp[name] = static_cast<double>(s.vp[i]) / s.games;
    for (const auto& [condition, total] : s.vp_by_condition)
      if (total[i]) by_condition[condition][name] = static_cast<double>(total[i]) / s.games;
  }
  return {{"games", s.games},
          {"win_rate", win},
          {"mean_vp", vp},
          {"mean_vp_by_condition", by_condition},  // 9.4 A-AA, and 10.3 for Secret Agenda markers
          {"axis_surrender_rate", static_cast<double>(s.both_surrendered) / s.games},
          {"germany_surrender_rate", static_cast<double>(s.germany) / s.games},
          {"japan_surrender_rate", static_cast<double>(s.japan) / s.games},
          {"conferences_per_game", static_cast<double>(s.conferences) / s.games},
          {"decisions_per_game", static_cast<double>(s.decisions) / s.games},
          {"seconds", seconds},
          {"games_per_second", s.games / seconds}};
}

}  // namespace

void add_play_commands(CLI::App& app, Kit& kit, int& exit_code) {
  static std::string scenario = "campaign", seats = "rulebook,rulebook,rulebook";
  static int games = 100, jobs = 1, threads = 1;
  static std::uint64_t seed = 1;
  static bool json = false, secret_agenda = false;
  CLI::App* self = app.add_subcommand("selfplay", "Bot-vs-bot games: win rates, mean VP, Axis surrenders, speed");
  self->add_option("--scenario", scenario, "training, tournament or campaign")
      ->check(CLI::IsMember({"training", "tournament", "campaign"}));
  self->add_option("--games", games, "Number of games")->check(CLI::Range(1, 10000000));
  self->add_option("--seats", seats, "Bots for UK,US,USSR: rulebook, random or ai:LEVEL (easy, normal, hard, expert)");
  self->add_option("--seed", seed, "Seed of game 1 (game i uses seed + i - 1)");
  self->add_option("--jobs", jobs, "Games played at once, each on its own thread")->check(CLI::Range(1, 256));
  self->add_option("--threads", threads,
                   "Threads of each search by a bot that searches (ai:LEVEL; default 1): the same seed and "
                   "count play the same games")
      ->check(CLI::Range(1, core::kMaxSearchThreads));
  self->add_flag("--secret-agenda", secret_agenda, "Play the Secret Agenda variant");
  self->add_flag("--json", json, "JSON summary");
  self->callback([&] {
    const auto bots = parse_bots(seats);
    const churchill::Data data = churchill::load_data(kit.data());
    const churchill::Game g(data);
    const auto start = Clock::now();
    const auto results =
        play_many(g, *data.scenario(scenario), {secret_agenda, false}, bots, games, seed, jobs, threads, !json && ::isatty(2));
    const double seconds = since(start);
    Summary s;
    for (const auto& r : results) s.add(r);
    nlohmann::json j = summary_json(s, seconds);
    j["scenario"] = scenario;
    j["seats"] = {{"UK", bots[0]}, {"US", bots[1]}, {"USSR", bots[2]}};
    j["seed"] = seed;
    j["jobs"] = jobs;
    j["threads"] = threads;
    if (json) {
      std::printf("%s\n", j.dump(1).c_str());
      return;
    }
    std::printf("%s, %d games (UK %s, US %s, USSR %s), %.1f s, %.0f games/s\n", scenario.c_str(), games, bots[0].c_str(), bots[1].c_str(),
                bots[2].c_str(), seconds, games / seconds);
    for (const char* p : {"UK", "US", "USSR"})
      std::printf("  %-4s wins %5.1f%%  mean VP %5.1f\n", p, 100 * j["win_rate"][p].get<double>(), j["mean_vp"][p].get<double>());
    std::printf("  both Axis powers surrendered in %.1f%% (Germany %.1f%%, Japan %.1f%%); %.1f conferences, %.0f decisions per game\n",
                100 * j["axis_surrender_rate"].get<double>(), 100 * j["germany_surrender_rate"].get<double>(),
                100 * j["japan_surrender_rate"].get<double>(), j["conferences_per_game"].get<double>(),
                j["decisions_per_game"].get<double>());
  });

  static double bench_seconds = 2;
  CLI::App* bench =
      app.add_subcommand("bench", "Engine throughput on one core: random games/s, ns per decision, state copy, search iterations/s");
  bench->add_flag("--json", json, "JSON report");
  bench->add_option("--seconds", bench_seconds, "Seconds per scenario")->check(CLI::Range(0.1, 600.0));
  bench->callback([&] {
    const churchill::Data data = churchill::load_data(kit.data());
    const churchill::Game g(data);
    nlohmann::json report = nlohmann::json::object();
    auto random = churchill::make_bot("random");
    const std::array<churchill::Bot*, 3> randoms = {random.get(), random.get(), random.get()};
    for (const auto& sc : data.scenarios) {
      Summary s;
      const auto start = Clock::now();
      for (std::uint64_t i = 1; since(start) < bench_seconds; ++i) s.add(churchill::play_game(g, sc, {}, randoms, i));
      const double seconds = since(start);
      report[sc.id] = {{"games", s.games},
                       {"games_per_second", s.games / seconds},
                       {"ns_per_action", seconds * 1e9 / static_cast<double>(s.actions)},
                       {"actions_per_game", static_cast<double>(s.actions) / s.games}};
    }
    // State copy and legal-action generation, over states met in a campaign game.
    const std::vector<churchill::State> states = churchill::decision_states(g, *data.scenario("campaign"), 7, 4000);
    constexpr int kRounds = 200;
    constexpr int kLegalRounds = kRounds / 10;  // legal actions: a tenth of the rounds
    auto start = Clock::now();
    churchill::State sink;
    for (int r = 0; r < kRounds; ++r)
      for (const auto& st : states) {
        sink = st;
        asm volatile("" : : "r"(&sink) : "memory");
      }
    const double copy_ns = since(start) * 1e9 / (kRounds * static_cast<double>(states.size()));
    start = Clock::now();
    std::size_t total = 0;
    for (int r = 0; r < kLegalRounds; ++r)
      for (const auto& st : states) {
        core::ActionList l;
        g.legal_actions(st, static_cast<core::Seat>(__builtin_ctz(g.acting_seats(st))), l);
        total += l.size();
      }
    const double legal_ns = since(start) * 1e9 / (kLegalRounds * static_cast<double>(states.size()));
    // The search (docs/ai.md): iterations per second on one core at the normal level's rollout
    // length, from every 40th of the sampled states, without a time cap.
    const churchill::AiLevel& level = *churchill::ai_level("normal");
    core::SearchConfig config = churchill::ai_config(level);
    config.max_seconds = 0;
    config.iterations = 100;
    const core::Ismcts<churchill::Game> search(config, churchill::ai_hooks(level.evaluation));
    long iterations = 0;
    start = Clock::now();
    for (std::size_t i = 0; i < states.size() && since(start) < bench_seconds; i += 40) {
      const core::Seat seat = static_cast<core::Seat>(__builtin_ctz(g.acting_seats(states[i])));
      iterations += search.search(g, states[i], seat, i).iterations;
    }
    const double search_seconds = since(start);
    report["search_iterations_per_second"] = static_cast<double>(iterations) / search_seconds;
    report["search_rollout_limit"] = level.rollout_limit;
    report["state_bytes"] = sizeof(churchill::State);
    report["state_copy_ns"] = copy_ns;
    report["legal_actions_ns"] = legal_ns;
    report["legal_actions_mean"] = static_cast<double>(total) / (kLegalRounds * static_cast<double>(states.size()));
    if (json) {
      std::printf("%s\n", report.dump(1).c_str());
      return;
    }
    for (const auto& sc : data.scenarios)
      std::printf("%-10s %8.0f random games/s on one core, %6.0f ns per action, %6.0f actions per game\n", sc.id.c_str(),
                  report[sc.id]["games_per_second"].get<double>(), report[sc.id]["ns_per_action"].get<double>(),
                  report[sc.id]["actions_per_game"].get<double>());
    std::printf("state: %zu bytes, copied in %.1f ns; legal actions generated in %.0f ns (%.1f on average)\n", sizeof(churchill::State),
                copy_ns, legal_ns, report["legal_actions_mean"].get<double>());
    std::printf("search: %.0f ISMCTS iterations/s on one core (rulebook rollouts of %d decisions, then the evaluation)\n",
                report["search_iterations_per_second"].get<double>(), level.rollout_limit);
  });
  (void)exit_code;
}

}  // namespace cli
