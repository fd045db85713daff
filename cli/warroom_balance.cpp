// warroom balance: the balance report of the scenarios by self-play (docs/warroom/balance.md). For
// each scenario and each pairing of bots (Allies' bot vs Axis's bot) it plays games from the setup
// with the largest seat table, stopped with no winner after the round cap (ruling 105: a harness's
// cap, not a rule), and reports the alliances' win rates with 95% Wilson intervals, the game length
// in rounds (mean and distribution) and what decided each game: the Allied or the Axis Victory
// condition (with the regions of it held at the Victory Check), both sides losing, or the cap. It
// writes Markdown tables and an SVG plot of win rate and length per scenario, drawn by this command.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/stats.h"
#include "cli/warroom_commands.h"
#include "warroom/bots.h"
#include "warroom/data.h"
#include "warroom/game.h"

namespace cli {

namespace {

struct Pairing {
  std::string allied, axis;
  std::string label() const { return allied + " vs " + axis; }
};

// One scenario under one pairing.
struct Cell {
  std::string scenario, scenario_name, pairing;
  int seats = 0, games = 0, allied = 0, axis = 0, both_lose = 0, capped = 0, cap = 0;
  std::vector<int> rounds;                // per game
  std::map<std::string, int> decided_by;  // "Allied: Greater Germany", "round cap", ...
};

std::string rate(int k, int n) {
  const auto [lo, hi] = wilson(k, n);
  return fmt::format("{}: {:.1f}% ({:.1f}-{:.1f}%)", k, 100.0 * k / n, 100 * lo, 100 * hi);
}

double mean(const std::vector<int>& v) {
  double sum = 0;
  for (int x : v) sum += x;
  return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

// The q-quantile (nearest rank) of sorted values.
int quantile(const std::vector<int>& sorted, double q) {
  if (sorted.empty()) return 0;
  const auto i = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size()))) - (q > 0 ? 1 : 0);
  return sorted[std::min(i, sorted.size() - 1)];
}

// What decided a finished game: the winner's Victory condition, named by the regions of it that its
// alliance controlled at the Victory Check (e.g. "Axis: Great Britain + Moscow").
std::string decided_by(const warroom::Game& g, const warroom::State& s) {
  if (s.winner == warroom::kBothLose) return "both lose";
  if (s.winner != warroom::kAlliedWin && s.winner != warroom::kAxisWin) return "round cap";
  const warroom::Alliance a = s.winner == warroom::kAlliedWin ? warroom::Alliance::Allied : warroom::Alliance::Axis;
  std::string held;
  for (const warroom::VictoryTerm& term : g.scenario().victory[static_cast<std::size_t>(a)].all_of)
    for (warroom::RegionId r : term.of) {
      const warroom::Nation controller = s.region[r].controller;
      if (controller == warroom::kNoNation || warroom::alliance_of(controller) != a) continue;
      held += (held.empty() ? "" : " + ") + g.data().regions[r].name;
    }
  return std::string(a == warroom::Alliance::Allied ? "Allies: " : "Axis: ") + held;
}

Cell play_cell(const std::shared_ptr<const warroom::Data>& data, const warroom::Scenario& sc, const Pairing& p, int games,
               std::uint64_t seed, int cap) {
  warroom::Options o;
  o.round_limit = static_cast<std::uint8_t>(cap);
  const warroom::Game g(data, sc, sc.seat_tables.empty() ? 0 : sc.seat_tables.back().players, o);
  Cell c;
  c.scenario = sc.id;
  c.scenario_name = sc.name;
  c.pairing = p.label();
  c.seats = g.seat_count();
  c.cap = cap;
  for (int i = 0; i < games; ++i) {
    std::string decided;
    const warroom::GameResult r =
        warroom::play_game(g, seed + static_cast<std::uint64_t>(i), p.allied, p.axis, [&](const warroom::State& s) {
          if (s.winner) decided = decided_by(g, s);
        });
    ++c.games;
    c.allied += r.winner == warroom::kAlliedWin;
    c.axis += r.winner == warroom::kAxisWin;
    c.both_lose += r.winner == warroom::kBothLose;
    c.capped += r.stopped;
    c.rounds.push_back(r.rounds);
    ++c.decided_by[decided.empty() ? "round cap" : decided];
  }
  std::sort(c.rounds.begin(), c.rounds.end());
  return c;
}

// Rounds in buckets of five up to the cap.
std::string length_distribution(const Cell& c) {
  std::string out;
  for (int lo = 1; lo <= c.cap; lo += 5) {
    const int hi = std::min(c.cap, lo + 4);
    const auto n = std::count_if(c.rounds.begin(), c.rounds.end(), [&](int r) { return r >= lo && r <= hi; });
    if (n) out += fmt::format("{}{}-{}: {}", out.empty() ? "" : ", ", lo, hi, n);
  }
  return out;
}

std::string markdown(const std::vector<Cell>& cells, std::uint64_t seed) {
  std::string out = fmt::format(
      "| scenario | bots (Allies vs Axis) | seats | games | Allies win | Axis win | both lose | no winner at round {} | "
      "rounds: mean | median (10th-90th percentile) |\n|---|---|---|---|---|---|---|---|---|---|\n",
      cells.empty() ? 0 : cells.front().cap);
  for (const Cell& c : cells)
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {:.1f} | {} ({}-{}) |\n", c.scenario_name, c.pairing, c.seats, c.games,
                       rate(c.allied, c.games), rate(c.axis, c.games), c.both_lose, c.capped, mean(c.rounds), quantile(c.rounds, 0.5),
                       quantile(c.rounds, 0.1), quantile(c.rounds, 0.9));
  out += "\n| scenario | bots | game length in rounds (games per 5 rounds) | decided by (games) |\n|---|---|---|---|\n";
  for (const Cell& c : cells) {
    std::string by;
    for (const auto& [what, n] : c.decided_by) by += fmt::format("{}{} ({})", by.empty() ? "" : "; ", what, n);
    out += fmt::format("| {} | {} | {} | {} |\n", c.scenario_name, c.pairing, length_distribution(c), by);
  }
  out += fmt::format("\nSeeds {} onward (game i uses seed {} + i - 1).\n", seed, seed);
  return out;
}

// The plot: per scenario and pairing, a stacked bar of Allied wins, Axis wins and no winner (the 40%
// and 60% lines marked), and the length in rounds as a 10th-90th percentile whisker, the quartiles
// as a box and the mean as a dot.
std::string svg(const std::vector<Cell>& cells) {
  constexpr int kRow = 26, kTop = 60, kLabel = 300, kBar = 360, kGap = 40, kLen = 360;
  const int cap = cells.empty() ? 40 : cells.front().cap;
  const int width = kLabel + kBar + kGap + kLen + 30, height = kTop + kRow * static_cast<int>(cells.size()) + 50;
  const int bx = kLabel, lx = kLabel + kBar + kGap;
  std::ostringstream o;
  o << fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="sans-serif" font-size="12">)", width,
                   height)
    << '\n'
    << fmt::format(R"(<rect width="{}" height="{}" fill="white"/>)", width, height) << '\n'
    << fmt::format(R"(<text x="{}" y="20" font-size="15" font-weight="bold">War Room balance by self-play</text>)", 10) << '\n'
    << fmt::format(
           R"(<text x="{}" y="44">Win rate: <tspan fill="#3366cc">Allies</tspan>, <tspan fill="#cc3333">Axis</tspan>, <tspan fill="#999999">no winner</tspan></text>)",
           bx)
    << '\n'
    << fmt::format(R"(<text x="{}" y="44">Game length in rounds (10-90th pct, quartiles, mean)</text>)", lx) << '\n';
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const Cell& c = cells[i];
    const int y = kTop + kRow * static_cast<int>(i);
    const double n = c.games;
    o << fmt::format(R"(<text x="10" y="{}">{} ({})</text>)", y + 15, c.scenario_name, c.pairing) << '\n';
    double x = bx;
    for (const auto& [k, colour] :
         {std::pair{c.allied, "#3366cc"}, std::pair{c.axis, "#cc3333"}, std::pair{c.games - c.allied - c.axis, "#999999"}}) {
      const double w = kBar * k / n;
      o << fmt::format(R"(<rect x="{:.1f}" y="{}" width="{:.1f}" height="18" fill="{}"/>)", x, y + 2, w, colour) << '\n';
      x += w;
    }
    o << fmt::format(R"(<text x="{}" y="{}" fill="white">{:.0f}%</text>)", bx + 4, y + 15, 100 * c.allied / n) << '\n';
    const auto at = [&](double r) { return lx + kLen * r / cap; };
    const int mid = y + 11;
    o << fmt::format(R"(<line x1="{:.1f}" y1="{}" x2="{:.1f}" y2="{}" stroke="black"/>)", at(quantile(c.rounds, 0.1)), mid,
                     at(quantile(c.rounds, 0.9)), mid)
      << '\n'
      << fmt::format(R"(<rect x="{:.1f}" y="{}" width="{:.1f}" height="12" fill="#dddddd" stroke="black"/>)", at(quantile(c.rounds, 0.25)),
                     mid - 6, at(quantile(c.rounds, 0.75)) - at(quantile(c.rounds, 0.25)))
      << '\n'
      << fmt::format(R"(<circle cx="{:.1f}" cy="{}" r="3.5" fill="black"/>)", at(mean(c.rounds)), mid) << '\n';
  }
  const int bottom = kTop + kRow * static_cast<int>(cells.size());
  for (int pct : {40, 50, 60}) {
    const double x = bx + kBar * pct / 100.0;
    o << fmt::format(R"(<line x1="{:.1f}" y1="{}" x2="{:.1f}" y2="{}" stroke="black" stroke-dasharray="{}"/>)", x, kTop - 4, x, bottom,
                     pct == 50 ? "2,4" : "6,3")
      << '\n'
      << fmt::format(R"(<text x="{:.1f}" y="{}" text-anchor="middle">{}%</text>)", x, bottom + 16, pct) << '\n';
  }
  for (int r = 0; r <= cap; r += std::max(1, cap / 8)) {
    const double x = lx + kLen * static_cast<double>(r) / cap;
    o << fmt::format(R"(<line x1="{:.1f}" y1="{}" x2="{:.1f}" y2="{}" stroke="#cccccc"/>)", x, kTop - 4, x, bottom) << '\n'
      << fmt::format(R"(<text x="{:.1f}" y="{}" text-anchor="middle">{}</text>)", x, bottom + 16, r) << '\n';
  }
  o << fmt::format(R"(<text x="{}" y="{}">Dashed: 40% and 60% (the balance target); round axis ends at the cap ({}).</text>)", bx,
                   bottom + 36, cap)
    << "\n</svg>\n";
  return o.str();
}

nlohmann::json to_json(const Cell& c) {
  const auto [alo, ahi] = wilson(c.allied, c.games);
  const auto [xlo, xhi] = wilson(c.axis, c.games);
  return {{"scenario", c.scenario},
          {"bots", c.pairing},
          {"seats", c.seats},
          {"games", c.games},
          {"allied_wins", c.allied},
          {"allied_interval", {alo, ahi}},
          {"axis_wins", c.axis},
          {"axis_interval", {xlo, xhi}},
          {"both_lose", c.both_lose},
          {"round_cap", c.cap},
          {"stopped_at_round_cap", c.capped},
          {"rounds_mean", mean(c.rounds)},
          {"rounds_median", quantile(c.rounds, 0.5)},
          {"rounds", c.rounds},
          {"decided_by", c.decided_by}};
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path);
  if (!(f << text)) throw std::runtime_error(fmt::format("cannot write {}", path));
}

Pairing parse_pairing(const std::string& text) {
  const auto dash = text.find('-');
  Pairing p{text.substr(0, dash), dash == std::string::npos ? "" : text.substr(dash + 1)};
  for (const std::string& k : {p.allied, p.axis})
    if (k != "random" && k != "rules")
      throw std::runtime_error(fmt::format("bad pairing \"{}\" (ALLIED-AXIS, each random or rules)", text));
  return p;
}

}  // namespace

void add_warroom_balance_command(CLI::App& app, Kit& kit, int& exit_code) {
  static std::vector<std::string> scenarios, pairings{"random-random", "rules-rules"};
  static int games = 200, cap = 40;
  static std::uint64_t seed = 1001;
  static std::string md_path, svg_path;
  static bool json = false;
  CLI::App* b = app.add_subcommand(
      "balance", "Balance report by self-play: win rates (95% intervals), game length, what decides, per scenario; Markdown and SVG");
  b->add_option("--scenario", scenarios, "Scenario ids (default: every scenario)");
  b->add_option("--bots", pairings, "Pairings ALLIED-AXIS, each random or rules (default: random-random rules-rules)");
  b->add_option("--games", games, "Games per scenario and pairing")->check(CLI::Range(1, 1000000));
  b->add_option("--rounds", cap, "Round cap: a game with no winner after it is stopped (ruling 105)")->check(CLI::Range(1, 250));
  b->add_option("--seed", seed, "Seed of game 1 (game i uses seed + i - 1)");
  b->add_option("--markdown", md_path, "Write the tables (Markdown) to this file");
  b->add_option("--svg", svg_path, "Write the plot (SVG) to this file");
  b->add_flag("--json", json, "Print JSON instead of the tables");
  b->callback([&] {
    const auto data = std::make_shared<const warroom::Data>(warroom::load_data(kit.data()));
    std::vector<const warroom::Scenario*> chosen;
    if (scenarios.empty())
      for (const warroom::Scenario& sc : data->scenarios) chosen.push_back(&sc);
    for (const std::string& id : scenarios) {
      const warroom::Scenario* sc = data->find_scenario(id);
      if (!sc) throw std::runtime_error(fmt::format("unknown scenario \"{}\"", id));
      chosen.push_back(sc);
    }
    std::vector<Pairing> ps;
    for (const std::string& p : pairings) ps.push_back(parse_pairing(p));
    std::vector<Cell> cells;
    for (const warroom::Scenario* sc : chosen)
      for (const Pairing& p : ps) {
        cells.push_back(play_cell(data, *sc, p, games, seed, cap));
        const Cell& c = cells.back();
        if (!json)  // progress, one line per scenario and pairing
          std::fprintf(stderr, "%s, %s: Allies %d, Axis %d, no winner %d of %d; %.1f rounds\n", c.scenario_name.c_str(), c.pairing.c_str(),
                       c.allied, c.axis, c.games - c.allied - c.axis, c.games, mean(c.rounds));
      }
    const std::string tables = markdown(cells, seed);
    if (!md_path.empty()) write_file(md_path, tables);
    if (!svg_path.empty()) write_file(svg_path, svg(cells));
    if (json) {
      nlohmann::json j = nlohmann::json::array();
      for (const Cell& c : cells) j.push_back(to_json(c));
      std::printf("%s\n", j.dump(1).c_str());
    } else {
      std::printf("%s", tables.c_str());
    }
  });
  (void)exit_code;
}

}  // namespace cli
