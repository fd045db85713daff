// warroom selfplay and bench: random bots from a scenario's setup, stopped at a round limit
// (ruling 105: a harness's cap, not a rule), and the engine's throughput on one core.
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/warroom_commands.h"
#include "warroom/ai.h"
#include "warroom/bots.h"
#include "warroom/data.h"
#include "warroom/game.h"

namespace cli {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

struct RunTally {
  int games = 0, allied = 0, axis = 0, both_lose = 0, stopped = 0;
  long rounds = 0, actions = 0;
  void add(const warroom::GameResult& r) {
    ++games;
    allied += r.winner == warroom::kAlliedWin;
    axis += r.winner == warroom::kAxisWin;
    both_lose += r.winner == warroom::kBothLose;
    stopped += r.stopped;
    rounds += r.rounds;
    actions += r.actions;
  }
};

warroom::Game make_game(const std::shared_ptr<const warroom::Data>& data, const std::string& scenario, int players, int rounds) {
  const warroom::Scenario* sc = data->find_scenario(scenario);
  if (!sc) throw std::runtime_error(fmt::format("unknown scenario \"{}\"", scenario));
  if (players == 0 && !sc->seat_tables.empty()) players = sc->seat_tables.back().players;
  warroom::Options o;
  o.round_limit = static_cast<std::uint8_t>(rounds);
  return warroom::Game(data, *sc, players, o);
}

}  // namespace

void add_warroom_play_commands(CLI::App& app, Kit& kit, int& exit_code) {
  static std::string scenario = "war-in-europe";
  static int games = 100, players = 0, rounds = 40;
  static std::uint64_t seed = 1;
  static bool json = false;
  static std::string allied = "random", axis = "random";
  CLI::App* self =
      app.add_subcommand("selfplay", "Bot games (random or rules bots per alliance): outcomes, rounds and actions per game, speed");
  self->add_option("--scenario", scenario, "Scenario id (war-in-europe, ...)");
  self->add_option("--players", players, "Seats (0: the scenario's most)")->check(CLI::Range(0, 8));
  self->add_option("--games", games, "Number of games")->check(CLI::Range(1, 10000000));
  self->add_option("--rounds", rounds, "Stop a game with no winner after this round (ruling 105)")->check(CLI::Range(1, 250));
  self->add_option("--seed", seed, "Seed of game 1 (game i uses seed + i - 1)");
  self->add_option("--allied", allied, "The Allied seats' bot: random or rules")->check(CLI::IsMember({"random", "rules"}));
  self->add_option("--axis", axis, "The Axis seats' bot: random or rules")->check(CLI::IsMember({"random", "rules"}));
  self->add_flag("--json", json, "JSON summary");
  self->callback([&] {
    const auto data = std::make_shared<const warroom::Data>(warroom::load_data(kit.data()));
    const warroom::Game g = make_game(data, scenario, players, rounds);
    RunTally t;
    const auto start = Clock::now();
    for (int i = 0; i < games; ++i) t.add(warroom::play_game(g, seed + static_cast<std::uint64_t>(i), allied, axis));
    const double seconds = since(start);
    const nlohmann::json j = {{"scenario", scenario},
                              {"seats", g.seat_count()},
                              {"games", t.games},
                              {"allied_wins", t.allied},
                              {"axis_wins", t.axis},
                              {"both_lose", t.both_lose},
                              {"stopped_at_round_limit", t.stopped},
                              {"round_limit", rounds},
                              {"rounds_per_game", static_cast<double>(t.rounds) / t.games},
                              {"actions_per_game", static_cast<double>(t.actions) / t.games},
                              {"seconds", seconds},
                              {"games_per_second", t.games / seconds},
                              {"seed", seed},
                              {"allied_bot", allied},
                              {"axis_bot", axis}};
    if (json) {
      std::printf("%s\n", j.dump(1).c_str());
      return;
    }
    std::printf("%s, %d seats, %d games (Allies bot:%s, Axis bot:%s), %.2f s (%.1f games/s)\n", scenario.c_str(), g.seat_count(), t.games,
                allied.c_str(), axis.c_str(), seconds, t.games / seconds);
    std::printf("  Allied wins %d, Axis wins %d, both lose %d, stopped at round %d: %d\n", t.allied, t.axis, t.both_lose, rounds,
                t.stopped);
    std::printf("  %.1f rounds and %.0f actions per game\n", static_cast<double>(t.rounds) / t.games,
                static_cast<double>(t.actions) / t.games);
  });

  static double bench_seconds = 2;
  static int bench_rounds = 10;
  CLI::App* bench = app.add_subcommand(
      "bench", "Engine throughput on one core: random games/s, ns per action, state copy, legal actions, search iterations/s");
  bench->add_option("--seconds", bench_seconds, "Seconds of random games")->check(CLI::Range(0.1, 600.0));
  bench->add_option("--rounds", bench_rounds, "Round limit of each game")->check(CLI::Range(1, 250));
  bench->add_flag("--json", json, "JSON report");
  bench->callback([&] {
    const auto data = std::make_shared<const warroom::Data>(warroom::load_data(kit.data()));
    const warroom::Game g = make_game(data, scenario, 0, bench_rounds);
    RunTally t;
    auto start = Clock::now();
    for (std::uint64_t i = 1; since(start) < bench_seconds; ++i) t.add(warroom::play_random_game(g, i));
    const double seconds = since(start);
    // State copy and legal-action generation over the decision states of one game.
    std::vector<warroom::State> states;
    warroom::play_random_game(g, 7, [&](const warroom::State& s) {
      if (g.node_kind(s) != core::NodeKind::Chance && g.node_kind(s) != core::NodeKind::Terminal && states.size() < 4000)
        states.push_back(s);
    });
    constexpr int kRepeat = 50;
    start = Clock::now();
    warroom::State sink;
    for (int r = 0; r < kRepeat; ++r)
      for (const auto& st : states) {
        sink = st;
        asm volatile("" : : "r"(&sink) : "memory");
      }
    const double copy_ns = since(start) * 1e9 / (kRepeat * static_cast<double>(states.size()));
    start = Clock::now();
    std::size_t total = 0;
    for (int r = 0; r < kRepeat; ++r)
      for (const auto& st : states) {
        core::ActionList l;
        g.legal_actions(st, static_cast<core::Seat>(__builtin_ctz(g.acting_seats(st))), l);
        total += l.size();
      }
    const double legal_ns = since(start) * 1e9 / (kRepeat * static_cast<double>(states.size()));
    // The search (docs/warroom/ai.md, "The search bot"): an iteration is one rollout from a sheet
    // candidate, as ISMCTS's is one descent and rollout for Churchill; iterations per second on one
    // core at the normal level, over the whole search (candidates written, rollouts, regret
    // matching), from the first Phase 2 Step 1 position of each round of the same game.
    const warroom::AiLevel& level = *warroom::ai_level("normal");
    long iterations = 0;
    double search_seconds = 0;
    std::uint16_t searched_round = 0;
    for (std::size_t i = 0; i < states.size() && (iterations == 0 || search_seconds < bench_seconds); ++i) {
      const warroom::State& st = states[i];
      if (st.round == searched_round || !st.steps.top().is<warroom::step::WriteSheets>()) continue;
      searched_round = st.round;
      const auto seat = static_cast<core::Seat>(__builtin_ctz(g.acting_seats(st)));
      const warroom::SheetSearch search = warroom::search_secret(g, st, seat, warroom::RulesBot{}, level, i);
      iterations += search.rollouts;
      search_seconds += search.seconds;
    }
    const nlohmann::json report = {
        {"scenario", scenario},
        {"round_limit", bench_rounds},
        {"games", t.games},
        {"games_per_second", t.games / seconds},
        {"ns_per_action", seconds * 1e9 / static_cast<double>(t.actions)},
        {"actions_per_game", static_cast<double>(t.actions) / t.games},
        {"state_bytes", sizeof(warroom::State)},
        {"state_copy_ns", copy_ns},
        {"legal_actions_ns", legal_ns},
        {"legal_actions_mean", static_cast<double>(total) / (kRepeat * static_cast<double>(states.size()))},
        {"search_iterations_per_second", search_seconds > 0 ? static_cast<double>(iterations) / search_seconds : 0.0},
        {"search_rollout_rounds", level.rounds}};
    if (json) {
      std::printf("%s\n", report.dump(1).c_str());
      return;
    }
    std::printf("%s (games stopped after round %d): %.1f random games/s on one core, %.0f ns per action, %.0f actions per game\n",
                scenario.c_str(), bench_rounds, t.games / seconds, report["ns_per_action"].get<double>(),
                report["actions_per_game"].get<double>());
    std::printf("state: %zu bytes, copied in %.1f ns; legal actions generated in %.0f ns (%.1f on average)\n", sizeof(warroom::State),
                copy_ns, legal_ns, report["legal_actions_mean"].get<double>());
    std::printf(
        "search: %.0f iterations/s on one core (rollouts of rules bots from a sheet candidate, %d round%s, then the position value)\n",
        report["search_iterations_per_second"].get<double>(), level.rounds, level.rounds == 1 ? "" : "s");
  });
  (void)exit_code;
}

}  // namespace cli
