// warroom fit-value: the search bot's position value fitted by self-play (docs/warroom/ai.md, "The
// position value fitted by self-play"). bot:rules (or the player named) plays both sides of each
// scenario on its 2-player seat table; the features at the start of every round from the second are
// labelled by the game's outcome, and a logistic regression (one constant per scenario: its side's
// lean) gives the weights.
#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/warroom_commands.h"
#include "warroom/ai.h"
#include "warroom/bots.h"
#include "warroom/data.h"
#include "warroom/game.h"

namespace cli {

namespace {

// The samples of one game: the Allies' features at the start of each round from the second.
std::vector<warroom::ValueSample> game_samples(const warroom::Game& g, const std::string& player, std::uint64_t seed, int group) {
  std::vector<warroom::ValueSample> out;
  std::uint16_t round = 1;
  const warroom::GameResult r = warroom::play_game(g, seed, player, player, [&](const warroom::State& s) {
    if (s.round == round || g.node_kind(s) == core::NodeKind::Terminal) return;
    round = s.round;
    out.push_back({warroom::value_features(g, s, warroom::Alliance::Allied), group, 0.5});
  });
  const double outcome = r.winner == warroom::kAlliedWin ? 1.0 : r.winner == warroom::kAxisWin ? 0.0 : 0.5;
  for (auto& s : out) s.outcome = outcome;
  return out;
}

nlohmann::json weights_json(const warroom::ValueWeights& w) { return {{"victory", w.victory}, {"units", w.units}, {"sv", w.sv}}; }

}  // namespace

void add_warroom_fit_command(CLI::App& app, Kit& kit) {
  static std::string scenarios_text = "eastern-front,war-in-europe,war-in-the-pacific,global-war", player = "rules";
  static int games = 200, rounds = 40;
  static std::uint64_t seed = 1;
  CLI::App* fit = app.add_subcommand(
      "fit-value",
      "Fit the search bot's position value to the outcomes of self-play (bot:rules by default; 2 seats per scenario): the weights as JSON");
  fit->add_option("--scenario", scenarios_text, "Scenario ids, comma-separated");
  fit->add_option("--player", player, "The player of both sides: rules, ai:easy, ai:normal, ...");
  fit->add_option("--games", games, "Games per scenario")->check(CLI::Range(1, 100000));
  fit->add_option("--rounds", rounds, "Stop a game with no winner after this round (ruling 105)")->check(CLI::Range(1, 250));
  fit->add_option("--seed", seed, "Seed of game 1 of each scenario (game i uses seed + i - 1)");
  fit->callback([&] {
    player = warroom_bot_kind(player, "--player");
    const auto data = std::make_shared<const warroom::Data>(warroom::load_data(kit.data()));
    warroom::Options options;
    options.round_limit = static_cast<std::uint8_t>(rounds);
    std::vector<warroom::ValueSample> samples;
    std::vector<std::string> ids;
    std::stringstream ss(scenarios_text);
    for (std::string id; std::getline(ss, id, ',');) {
      const warroom::Scenario* sc = data->find_scenario(id);
      if (!sc || !sc->setup_complete) throw std::runtime_error(fmt::format("--scenario: \"{}\" cannot be played", id));
      const warroom::Game g(data, *sc, 2, options);
      for (int i = 0; i < games; ++i) {
        const auto more = game_samples(g, player, seed + static_cast<std::uint64_t>(i), static_cast<int>(ids.size()));
        samples.insert(samples.end(), more.begin(), more.end());
      }
      ids.push_back(id);
    }
    const int groups = static_cast<int>(ids.size());
    double loss = 0;
    const warroom::ValueWeights w = warroom::fit_value(samples, groups, &loss);
    const nlohmann::json report = {{"scenarios", ids},
                                   {"player", player},
                                   {"games_per_scenario", games},
                                   {"seed", seed},
                                   {"round_limit", rounds},
                                   {"positions", samples.size()},
                                   {"fitted", weights_json(w)},
                                   {"fitted_log_loss", loss},
                                   {"hand", weights_json(warroom::kHandValue)},
                                   {"hand_log_loss", warroom::value_loss(samples, groups, warroom::kHandValue)},
                                   {"constant_log_loss", warroom::value_loss(samples, groups, warroom::ValueWeights{})}};
    std::printf("%s\n", report.dump(1).c_str());
  });
}

}  // namespace cli
