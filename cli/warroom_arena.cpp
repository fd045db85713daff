// warroom arena: each player alone as one alliance against another player as the other, per scenario
// and side, on the scenario's 2-player seat table: win rates with 95% Wilson intervals (of all games
// and of the decided ones) and the time per decision of each player (docs/warroom/ai.md). The options
// and the JSON report follow `churchill arena`.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>
#include <sstream>
#include <utility>
#include <vector>

#include "cli/game_pool.h"
#include "cli/stats.h"
#include "cli/warroom_commands.h"
#include "warroom/bots.h"
#include "warroom/data.h"
#include "warroom/game.h"

namespace cli {

namespace {

double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(item);
  return out;
}

std::vector<std::string> parse_players(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& name : split(text)) {
    const std::string item = warroom_bot_kind(name, "--players");
    // Named twice: the player against itself (the sides' own lean, a reference for the others).
    if (std::count(out.begin(), out.end(), item) == 2)
      throw std::runtime_error(fmt::format("--players: \"{}\" is named three times", item));
    out.push_back(item);
  }
  if (out.size() < 2) throw std::runtime_error("--players: at least two players, e.g. rules,ai:normal");
  return out;
}

// A seating: `player` as every seat of `side`'s alliance, `other` as the other alliance's.
struct Lineup {
  std::size_t scenario, player, other;
  warroom::Alliance side;
};

// Time per decision of one player: the first decision of each of its sheets (Phase 2 Step 1, where
// a search bot searches) apart from the others.
struct Timing {
  double sheet_total = 0, sheet_max = 0, other_max = 0;
  long sheets = 0;
  void add(const Timing& t) {
    sheet_total += t.sheet_total, sheets += t.sheets;
    sheet_max = std::max(sheet_max, t.sheet_max), other_max = std::max(other_max, t.other_max);
  }
};

// Who held each region of either alliance's Victory condition at a game's end.
using Holders = std::vector<std::pair<warroom::RegionId, warroom::Nation>>;

struct Outcome {
  std::uint8_t winner = 0;
  int rounds = 0;
  Timing player;  // the player alone's decisions
  Holders victory_regions;
};

Holders victory_holders(const warroom::Game& g, const warroom::State& s) {
  Holders out;
  for (const auto& condition : g.scenario().victory)
    for (const warroom::VictoryTerm& term : condition.all_of)
      for (warroom::RegionId r : term.of) out.emplace_back(r, s.region[r].controller);
  return out;
}

// Each region's id with "Allies", "Axis" or null (no one).
nlohmann::json holders_json(const warroom::Data& d, const Holders& holders) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [r, c] : holders)
    out[d.regions[r].id] =
        c == warroom::kNoNation ? nlohmann::json(nullptr) : warroom_alliance_name(static_cast<int>(warroom::alliance_of(c)));
  return out;
}

bool blank_sheet(const warroom::Game& g, const warroom::State& s, core::Seat seat) {
  for (warroom::Nation n : g.seat_nations(seat))
    if (s.sheet[n] != warroom::Sheet{}) return false;
  return true;
}

// One game, chance from `seed`; each seat's bot one object for the game, on its observation.
Outcome play(const warroom::Game& g, const Lineup& l, const std::vector<std::string>& players, int threads, std::uint64_t seed) {
  std::vector<std::unique_ptr<core::Bot<warroom::Game>>> bots;
  std::vector<bool> alone;
  for (core::Seat p = 0; p < g.seat_count(); ++p) {
    alone.push_back(warroom::alliance_of(g.seat_nations(p).nth(0)) == l.side);
    bots.push_back(warroom::make_bot(players[alone.back() ? l.player : l.other], threads));
  }
  warroom::State s = g.new_game();
  core::Rng chance(seed), choices(seed ^ 0x9e3779b97f4a7c15ULL);
  core::OutcomeList outcomes;
  Outcome o;
  while (g.node_kind(s) != core::NodeKind::Terminal) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      g.apply(s, core::kChance, core::draw_chance(g, s, chance, outcomes), nullptr);
      continue;
    }
    const core::SeatMask acting = g.acting_seats(s);
    core::Seat seat = 0;
    while (!(acting & core::seat_bit(seat))) ++seat;
    const bool sheet = s.steps.top().id == warroom::StepId::WriteSheets && blank_sheet(g, s, seat);
    const double start = thread_seconds();
    const core::Action a = bots[static_cast<std::size_t>(seat)]->choose(g, g.observe(s, seat), seat, choices);
    const double took = thread_seconds() - start;
    if (alone[static_cast<std::size_t>(seat)]) {
      if (sheet)
        o.player.sheet_total += took, ++o.player.sheets, o.player.sheet_max = std::max(o.player.sheet_max, took);
      else
        o.player.other_max = std::max(o.player.other_max, took);
    }
    g.apply(s, seat, a, nullptr);
  }
  o.winner = s.winner;
  o.rounds = s.round;
  o.victory_regions = victory_holders(g, s);
  return o;
}

struct ArenaTally {
  int games = 0, wins = 0, losses = 0;
  long rounds = 0;
  Timing timing;
  nlohmann::json results = nlohmann::json::array();  // each game: its seed, result, rounds, Victory regions held
};

nlohmann::json interval(int k, int n) {
  const auto [lo, hi] = wilson(k, n);
  return {lo, hi};
}

// A player's wins as both sides against the same opponent in one scenario, over all those games:
// between equal players 50% whatever the scenario's lean (each side's rate against the other's).
nlohmann::json pooled(const nlohmann::json& seatings) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& allies : seatings) {
    if (allies["side"] != warroom_alliance_name(0)) continue;
    for (const auto& axis : seatings)
      if (axis["side"] == warroom_alliance_name(1) && axis["scenario"] == allies["scenario"] && axis["player"] == allies["player"] &&
          axis["against"] == allies["against"]) {
        const int wins = allies["wins"].get<int>() + axis["wins"].get<int>(), n = allies["games"].get<int>() + axis["games"].get<int>();
        out.push_back({{"scenario", allies["scenario"]},
                       {"player", allies["player"]},
                       {"against", allies["against"]},
                       {"games", n},
                       {"wins", wins},
                       {"win_rate", static_cast<double>(wins) / n},
                       {"interval95", interval(wins, n)}});
      }
  }
  return out;
}

}  // namespace

const char* warroom_alliance_name(int side) { return side == 0 ? "Allies" : "Axis"; }

std::string warroom_bot_kind(std::string text, std::string_view option) {
  if (text.starts_with("bot:")) text = text.substr(4);
  if (warroom::make_bot(text)) return text;
  std::string kinds;
  for (const auto& k : warroom::bot_kinds()) kinds += (kinds.empty() ? "" : ", ") + k;
  throw std::runtime_error(fmt::format("{}: unknown player \"{}\" ({})", option, text, kinds));
}

void add_warroom_arena_command(CLI::App& app, Kit& kit) {
  static std::string scenarios_text = "eastern-front", players_text = "rules,ai:normal", alone_player, side_text;
  static int games = 20, jobs = 1, threads = 1, rounds = 40;
  static std::uint64_t seed = 1;
  static bool json = false;
  CLI::App* arena = app.add_subcommand(
      "arena",
      "Each player alone as one alliance against each other player as the other, per scenario and side: win rates with 95% intervals, time per decision");
  arena->add_option("--scenario", scenarios_text,
                    "Scenario ids, comma-separated (eastern-front, war-in-europe, war-in-the-pacific, global-war)");
  arena->add_option("--players", players_text,
                    "Players: rules, random, ai:easy, ai:normal, ai:hard, ai:expert (one named twice: against itself, as the Allies)");
  arena->add_option("--games", games, "Games per seating (a player as one alliance, another as the other)")->check(CLI::Range(1, 1000000));
  arena->add_option("--jobs", jobs, "Games played at once")->check(CLI::Range(1, 256));
  arena->add_option("--threads", threads, "Threads of each search")->check(CLI::Range(1, core::kMaxSearchThreads));
  arena->add_option("--rounds", rounds, "Stop a game with no winner after this round (ruling 105: a harness's cap, not a rule)")
      ->check(CLI::Range(1, 250));
  arena->add_option("--alone", alone_player, "Only the seatings with this player alone (its opponents' seatings are the same games)");
  arena->add_option("--side", side_text, "Only the seatings with the player alone as this alliance (allies, axis)")
      ->check(CLI::IsMember({"allies", "axis"}));
  arena->add_option("--seed", seed, "Seed of game 1 of each seating (game i uses seed + i - 1)");
  arena->add_flag("--json", json, "JSON report");
  arena->callback([&] {
    const std::vector<std::string> players = parse_players(players_text);
    const auto data = std::make_shared<const warroom::Data>(warroom::load_data(kit.data()));
    warroom::Options options;
    options.round_limit = static_cast<std::uint8_t>(rounds);
    std::vector<warroom::Game> boards;
    std::vector<std::string> ids;
    for (const std::string& id : split(scenarios_text)) {
      const warroom::Scenario* sc = data->find_scenario(id);
      if (!sc) throw std::runtime_error(fmt::format("--scenario: unknown scenario \"{}\"", id));
      if (!sc->setup_complete)
        throw std::runtime_error(fmt::format("--scenario: {} cannot be played yet (its starting forces are not in the data set)", id));
      try {
        boards.emplace_back(data, *sc, 2, options);
      } catch (const core::SetupError&) {
        throw std::runtime_error(fmt::format("--scenario: {} has no 2-player seat table", id));
      }
      ids.push_back(id);
    }
    if (boards.empty()) throw std::runtime_error("--scenario: name at least one scenario");
    if (alone_player.starts_with("bot:")) alone_player = alone_player.substr(4);
    if (!alone_player.empty() && std::find(players.begin(), players.end(), alone_player) == players.end())
      throw std::runtime_error(fmt::format("--alone: \"{}\" is not one of --players", alone_player));
    const auto wanted = [&](warroom::Alliance side) {
      return side_text.empty() || (side_text == "allies") == (side == warroom::Alliance::Allied);
    };
    std::vector<Lineup> lineups;
    // A player named twice is alone as its first entry; against itself it plays one seating, as the
    // Allies (as the Axis, the same games).
    const auto first = [&](std::size_t p) {
      return p == static_cast<std::size_t>(std::find(players.begin(), players.end(), players[p]) - players.begin());
    };
    for (std::size_t sc = 0; sc < boards.size(); ++sc)
      for (std::size_t p = 0; p < players.size(); ++p)
        for (std::size_t o = 0; o < players.size(); ++o)
          if (o != p && first(p) && (alone_player.empty() || players[p] == alone_player))
            for (const warroom::Alliance side : {warroom::Alliance::Allied, warroom::Alliance::Axis})
              if ((players[o] != players[p] || side == warroom::Alliance::Allied) && wanted(side)) lineups.push_back({sc, p, o, side});
    if (lineups.empty()) throw std::runtime_error("--side axis: a player against itself plays as the Allies only");
    const int total = static_cast<int>(lineups.size()) * games;
    std::vector<Outcome> outcome(static_cast<std::size_t>(total));
    const double seconds = play_in_pool(total, jobs, !json && ::isatty(2), [&] {
      return [&](int k) {
        const Lineup& l = lineups[static_cast<std::size_t>(k / games)];
        outcome[static_cast<std::size_t>(k)] = play(boards[l.scenario], l, players, threads, seed + static_cast<std::uint64_t>(k % games));
      };
    });

    std::vector<ArenaTally> tally(lineups.size());
    for (int k = 0; k < total; ++k) {
      const Lineup& l = lineups[static_cast<std::size_t>(k / games)];
      const Outcome& o = outcome[static_cast<std::size_t>(k)];
      ArenaTally& t = tally[static_cast<std::size_t>(k / games)];
      const std::uint8_t won = l.side == warroom::Alliance::Allied ? warroom::kAlliedWin : warroom::kAxisWin;
      const bool lost = (o.winner == warroom::kAlliedWin || o.winner == warroom::kAxisWin) && o.winner != won;
      ++t.games;
      t.wins += o.winner == won;
      t.losses += lost;
      t.rounds += o.rounds;
      t.timing.add(o.player);
      t.results.push_back({{"seed", seed + static_cast<std::uint64_t>(k % games)},
                           {"result", o.winner == won ? "won"
                                      : lost          ? "lost"
                                                      : "undecided"},
                           {"rounds", o.rounds},
                           {"victory_regions", holders_json(*data, o.victory_regions)}});
    }
    nlohmann::json seatings = nlohmann::json::array();
    for (std::size_t li = 0; li < lineups.size(); ++li) {
      const Lineup& l = lineups[li];
      const ArenaTally& t = tally[li];
      const int decided = t.wins + t.losses;
      seatings.push_back({{"scenario", ids[l.scenario]},
                          {"player", players[l.player]},
                          {"side", warroom_alliance_name(static_cast<int>(l.side))},
                          {"against", players[l.other]},
                          {"games", t.games},
                          {"wins", t.wins},
                          {"losses", t.losses},
                          {"undecided", t.games - decided},
                          {"win_rate", static_cast<double>(t.wins) / t.games},
                          {"interval95", interval(t.wins, t.games)},
                          {"decided_win_rate", decided ? static_cast<double>(t.wins) / decided : 0.0},
                          {"decided_interval95", interval(t.wins, decided)},
                          {"mean_rounds", static_cast<double>(t.rounds) / t.games},
                          {"sheet_seconds_mean", t.timing.sheets ? t.timing.sheet_total / static_cast<double>(t.timing.sheets) : 0.0},
                          {"sheet_seconds_max", t.timing.sheet_max},
                          {"other_decision_seconds_max", t.timing.other_max},
                          {"results", t.results}});
    }
    const nlohmann::json report = {{"scenarios", ids},   {"players", players},   {"games_per_seating", games}, {"games", total},
                                   {"seed", seed},       {"jobs", jobs},         {"threads", threads},         {"round_limit", rounds},
                                   {"seconds", seconds}, {"seatings", seatings}, {"pooled", pooled(seatings)}};
    if (json) {
      std::printf("%s\n", report.dump(1).c_str());
      return;
    }
    std::printf("%d games per seating, %d games in %.0f s (%d jobs), stopped with no winner after round %d\n", games, total, seconds, jobs,
                rounds);
    std::printf("%-16s %-10s %-6s %-10s %5s %5s %5s %5s %20s %22s %8s %8s\n", "scenario", "player", "side", "against", "games", "wins",
                "lost", "none", "win (95% interval)", "of decided (95%)", "sheet s", "max s");
    for (const auto& x : seatings)
      std::printf("%-16s %-10s %-6s %-10s %5d %5d %5d %5d %6.1f%% (%4.1f-%5.1f) %7.1f%% (%4.1f-%5.1f) %8.3f %8.3f\n",
                  x["scenario"].get<std::string>().c_str(), x["player"].get<std::string>().c_str(), x["side"].get<std::string>().c_str(),
                  x["against"].get<std::string>().c_str(), x["games"].get<int>(), x["wins"].get<int>(), x["losses"].get<int>(),
                  x["undecided"].get<int>(), 100 * x["win_rate"].get<double>(), 100 * x["interval95"][0].get<double>(),
                  100 * x["interval95"][1].get<double>(), 100 * x["decided_win_rate"].get<double>(),
                  100 * x["decided_interval95"][0].get<double>(), 100 * x["decided_interval95"][1].get<double>(),
                  x["sheet_seconds_mean"].get<double>(),
                  std::max(x["sheet_seconds_max"].get<double>(), x["other_decision_seconds_max"].get<double>()));
    for (const auto& x : report["pooled"])
      std::printf("%-16s %-10s %-6s %-10s %5d %5d %17s %6.1f%% (%4.1f-%5.1f)\n", x["scenario"].get<std::string>().c_str(),
                  x["player"].get<std::string>().c_str(), "both", x["against"].get<std::string>().c_str(), x["games"].get<int>(),
                  x["wins"].get<int>(), "", 100 * x["win_rate"].get<double>(), 100 * x["interval95"][0].get<double>(),
                  100 * x["interval95"][1].get<double>());
  });
}

}  // namespace cli
