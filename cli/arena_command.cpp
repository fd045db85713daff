// churchill arena: every player in every seat against the others, win rates with confidence
// intervals and a Bradley-Terry rating (docs/ai.md).
#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "churchill/ai.h"
#include "cli/commands.h"
#include "cli/game_pool.h"
#include "cli/stats.h"

namespace cli {

namespace {

// A seating: `player` alone in `seat`, `other` in the two other seats.
struct Lineup {
  std::size_t player, other;
  int seat;
};

struct Tally {
  int games = 0, wins = 0;
};

std::vector<std::string> parse_players(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.starts_with("bot:")) item = item.substr(4);
    if (!churchill::make_any_bot(item)) {
      std::string kinds;
      for (const auto& k : churchill::all_bot_kinds()) kinds += (kinds.empty() ? "" : ", ") + k;
      throw std::runtime_error(fmt::format("--players: unknown player \"{}\" ({})", item, kinds));
    }
    if (std::find(out.begin(), out.end(), item) != out.end())
      throw std::runtime_error(fmt::format("--players: \"{}\" is named twice", item));
    out.push_back(item);
  }
  if (out.size() < 2) throw std::runtime_error("--players: at least two players, e.g. rulebook,ai:normal");
  return out;
}

// Bradley-Terry strengths from pairwise results (a game's winner beat each of the two others),
// fitted by the minorization-maximization iteration, as Elo-scale ratings with the first at 0.
std::vector<double> bradley_terry(const std::vector<std::vector<double>>& beat) {
  const std::size_t n = beat.size();
  if (n == 0) return {};
  std::vector<double> strength(n, 1.0), next(n);
  for (int round = 0; round < 500; ++round) {
    for (std::size_t i = 0; i < n; ++i) {
      double wins = 0, denominator = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j) continue;
        wins += beat[i][j];
        const double meetings = beat[i][j] + beat[j][i];
        if (meetings > 0) denominator += meetings / (strength[i] + strength[j]);
      }
      next[i] = denominator > 0 ? std::max(wins, 0.5) / denominator : strength[i];  // 0.5: no player rated at -infinity
    }
    const double scale = next[0];
    for (std::size_t i = 0; i < n; ++i) strength[i] = next[i] / scale;
  }
  std::vector<double> elo(n);
  for (std::size_t i = 0; i < n; ++i) elo[i] = 400 * std::log10(strength[i]);
  return elo;
}

}  // namespace

void add_arena_command(CLI::App& app, Kit& kit, int& exit_code) {
  static std::string scenario = "campaign", players_text = "rulebook,ai:normal", alone_player, seat_name;
  static int games = 20, jobs = 1, threads = 1, iterations = 0, rollout_limit = -2;
  static std::uint64_t seed = 1;
  static double policy_bonus = -1, spread = -1;
  static int opponent_policy = -1;
  static bool json = false;
  CLI::App* arena =
      app.add_subcommand("arena", "Each player alone in each seat against each other player: win rates with 95% intervals, ratings");
  arena->add_option("--scenario", scenario, "training, tournament or campaign")
      ->check(CLI::IsMember({"training", "tournament", "campaign"}));
  arena->add_option("--players", players_text, "Players: rulebook, random, ai:easy, ai:normal, ai:hard, ai:expert");
  arena->add_option("--games", games, "Games per seating (a player in one seat, another in the two others)")->check(CLI::Range(1, 1000000));
  arena->add_option("--jobs", jobs, "Games played at once")->check(CLI::Range(1, 256));
  arena->add_option("--threads", threads, "Threads of each search (root parallel)")->check(CLI::Range(1, core::kMaxSearchThreads));
  arena->add_option("--iterations", iterations, "Every search's iteration budget instead of its level's (tuning)")
      ->check(CLI::Range(1, 10000000));
  arena->add_option("--rollout-limit", rollout_limit, "Every search's rollout length in decisions, -1: to the end (tuning)")
      ->check(CLI::Range(-1, 100000));
  arena->add_option("--policy-bonus", policy_bonus, "Every search's prior for the rulebook 'Bot's choice (share of iterations) (tuning)")
      ->check(CLI::Range(0.0, 10.0));
  arena
      ->add_option(
          "--opponent-policy", opponent_policy,
          "Every search's opponent model: 1, the other seats play the rulebook 'Bot's action in the tree; 0, they choose by UCB (tuning)")
      ->check(CLI::Range(0, 1));
  arena
      ->add_option(
          "--spread", spread,
          "Every search's evaluation: the spread of each power's score, VP per conference to play, instead of its level's (tuning)")
      ->check(CLI::Range(0.0, 50.0));
  arena->add_option("--seed", seed, "Seed of game 1 of each seating (game i uses seed + i - 1)");
  arena->add_option("--alone", alone_player, "Only the seatings with this player alone against each other one");
  arena->add_option("--seat", seat_name, "Only the seatings with the player alone in this seat (UK, US or USSR)");
  arena->add_flag("--json", json, "JSON report");
  arena->callback([&] {
    const std::vector<std::string> players = parse_players(players_text);
    const churchill::Data data = churchill::load_data(kit.data());
    const churchill::Game g(data);
    const churchill::Scenario& sc = *data.scenario(scenario);
    if (alone_player.starts_with("bot:")) alone_player = alone_player.substr(4);
    if (!alone_player.empty() && std::find(players.begin(), players.end(), alone_player) == players.end())
      throw std::runtime_error(fmt::format("--alone: \"{}\" is not one of --players", alone_player));
    int only_seat = -1;
    for (int seat = 0; seat < churchill::kPowers; ++seat)
      if (g.seat_name(static_cast<core::Seat>(seat)) == seat_name) only_seat = seat;
    if (!seat_name.empty() && only_seat < 0) throw std::runtime_error(fmt::format("--seat: \"{}\" is not UK, US or USSR", seat_name));
    std::vector<Lineup> lineups;
    for (std::size_t p = 0; p < players.size(); ++p)
      for (std::size_t o = 0; o < players.size(); ++o)
        if (o != p && (alone_player.empty() || players[p] == alone_player))
          for (int seat = 0; seat < churchill::kPowers; ++seat)
            if (only_seat < 0 || seat == only_seat) lineups.push_back({p, o, seat});
    const int total = static_cast<int>(lineups.size()) * games;
    std::vector<churchill::Power> winner(static_cast<std::size_t>(total), churchill::kNoPower);
    const double seconds = play_in_pool(total, jobs, !json && ::isatty(2), [&] {
      std::vector<std::unique_ptr<churchill::Bot>> bots;
      for (const auto& name : players) {
        const churchill::AiLevel* level = name.starts_with("ai:") ? churchill::ai_level(name.substr(3)) : nullptr;
        if (!level) {
          bots.push_back(churchill::make_any_bot(name));
          continue;
        }
        core::SearchConfig config = churchill::ai_config(*level, threads);
        if (iterations > 0) config.iterations = iterations;
        if (rollout_limit >= -1) config.rollout_limit = rollout_limit;
        if (policy_bonus >= 0) config.policy_bonus = policy_bonus;
        if (opponent_policy >= 0) config.opponents_follow_policy = opponent_policy == 1;
        churchill::Evaluation model = level->evaluation;
        if (spread >= 0) model.spread_per_conference = spread;
        bots.push_back(std::make_unique<core::IsmctsBot<churchill::Game>>(config, churchill::ai_hooks(model)));
      }
      return [&, bots = std::move(bots)](int k) {
        const Lineup& l = lineups[static_cast<std::size_t>(k / games)];
        std::array<churchill::Bot*, churchill::kPowers> seats{};
        for (int p = 0; p < churchill::kPowers; ++p) seats[static_cast<std::size_t>(p)] = bots[p == l.seat ? l.player : l.other].get();
        winner[static_cast<std::size_t>(k)] = churchill::play_game(g, sc, {}, seats, seed + static_cast<std::uint64_t>(k % games)).winner;
      };
    });

    // Per seating, per player alone, and pairwise wins for the ratings.
    const std::size_t n = players.size();
    std::vector<Tally> by_lineup(lineups.size());
    std::vector<std::array<Tally, churchill::kPowers>> alone(n);
    std::vector<std::vector<double>> beat(n, std::vector<double>(n, 0));
    for (int k = 0; k < total; ++k) {
      const std::size_t li = static_cast<std::size_t>(k / games);
      const Lineup& l = lineups[li];
      const churchill::Power w = winner[static_cast<std::size_t>(k)], seat = churchill::power_at(l.seat);
      Tally& t = by_lineup[li];
      ++t.games;
      t.wins += w == seat;
      ++alone[l.player][static_cast<std::size_t>(l.seat)].games;
      alone[l.player][static_cast<std::size_t>(l.seat)].wins += w == seat;
      if (w == churchill::kNoPower) continue;
      const std::size_t won = w == seat ? l.player : l.other;
      for (churchill::Power p : churchill::kAllPowers) {
        const std::size_t who = p == seat ? l.player : l.other;
        if (p != w && who != won) beat[won][who] += 1;
      }
    }
    const std::vector<double> elo = bradley_terry(beat);

    nlohmann::json report = {{"scenario", scenario}, {"games_per_seating", games}, {"games", total},    {"seed", seed},
                             {"jobs", jobs},         {"threads", threads},         {"seconds", seconds}};
    if (iterations > 0) report["iterations"] = iterations;
    if (rollout_limit >= -1) report["rollout_limit"] = rollout_limit;
    if (policy_bonus >= 0) report["policy_bonus"] = policy_bonus;
    if (opponent_policy >= 0) report["opponent_policy"] = opponent_policy == 1;
    if (spread >= 0) report["spread"] = spread;
    nlohmann::json seatings = nlohmann::json::array(), ratings = nlohmann::json::array();
    for (std::size_t li = 0; li < lineups.size(); ++li) {
      const Lineup& l = lineups[li];
      const Tally& t = by_lineup[li];
      const auto [lo, hi] = wilson(t.wins, t.games);
      seatings.push_back({{"player", players[l.player]},
                          {"seat", g.seat_name(static_cast<core::Seat>(l.seat))},
                          {"against", players[l.other]},
                          {"games", t.games},
                          {"wins", t.wins},
                          {"win_rate", static_cast<double>(t.wins) / t.games},
                          {"interval95", {lo, hi}}});
    }
    for (std::size_t p = 0; p < n; ++p) ratings.push_back({{"player", players[p]}, {"rating", elo[p]}});
    report["seatings"] = seatings;
    report["ratings"] = ratings;
    if (json) {
      std::printf("%s\n", report.dump(1).c_str());
      return;
    }
    std::printf("%s, %d games per seating, %d games in %.0f s (%d jobs)\n", scenario.c_str(), games, total, seconds, jobs);
    std::printf("%-12s %-5s %-12s %6s %6s %8s   %s\n", "player", "seat", "against", "games", "wins", "win", "95% interval");
    for (const auto& s : seatings)
      std::printf("%-12s %-5s %-12s %6d %6d %7.1f%%   %.1f%%-%.1f%%\n", s["player"].get<std::string>().c_str(),
                  s["seat"].get<std::string>().c_str(), s["against"].get<std::string>().c_str(), s["games"].get<int>(),
                  s["wins"].get<int>(), 100 * s["win_rate"].get<double>(), 100 * s["interval95"][0].get<double>(),
                  100 * s["interval95"][1].get<double>());
    std::printf("(a fair share alone in a seat is 33.3%%)\nratings (Bradley-Terry, Elo scale, %s = 0):\n", players[0].c_str());
    for (std::size_t p = 0; p < n; ++p) std::printf("  %-12s %+6.0f\n", players[p].c_str(), elo[p]);
  });
  (void)exit_code;
}

}  // namespace cli
