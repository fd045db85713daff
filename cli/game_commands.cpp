// new, status, act, run, replay (architecture.md §4).
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <sstream>

#include "cli/commands.h"
#include "churchill/bots.h"
#include "churchill/saved_game.h"

namespace cli {

namespace {

[[noreturn]] void fail(const std::string& message) { throw core::SaveError(message); }

}  // namespace

std::vector<std::pair<std::string, std::string>> parse_seat_controllers(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> seats = {{"UK", "human"}, {"US", "human"}, {"USSR", "human"}};
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos) fail(fmt::format("--seats: \"{}\" is not SEAT=CONTROLLER", item));
    const std::string seat = item.substr(0, eq), controller = item.substr(eq + 1);
    if (!churchill::power_from_name(seat)) fail(fmt::format("--seats: unknown seat \"{}\" (UK, US, USSR)", seat));
    if (!churchill::valid_controller(controller))
      fail(fmt::format("--seats: unknown controller \"{}\" (human, bot:rulebook, bot:random)", controller));
    for (auto& [s, c] : seats)
      if (s == seat) c = controller;
  }
  return seats;
}

core::SaveFile new_game_record(const std::string& scenario, std::uint64_t seed, const std::string& seats,
                               const std::vector<std::string>& options, bool secret_agenda) {
  core::SaveFile meta;
  meta.game = "churchill";
  meta.scenario = scenario;
  meta.seed = seed;
  meta.seats = parse_seat_controllers(seats);
  meta.options = options;
  if (secret_agenda) meta.options.push_back("secret-agenda");
  return meta;
}

namespace {

std::optional<core::Seat> parse_seat(const churchill::Game& g, const std::string& name) {
  if (name.empty()) return std::nullopt;
  auto seat = g.seat_from_name(name);
  if (!seat) fail(fmt::format("--as: unknown seat \"{}\" (UK, US, USSR)", name));
  return seat;
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

}  // namespace

void add_game_commands(CLI::App& app, Common& common, int& exit_code) {
  static std::string scenario = "training", seats, out_file, as, chance, file;
  static std::uint64_t seed = 1;
  static bool json = false, force = false, verify = false, secret_agenda = false;
  static std::vector<std::string> options, action_words;
  static int log_tail = 20;

  CLI::App* create = app.add_subcommand("new", "Create a game (a save file)");
  create->add_option("--scenario", scenario, "training, tournament or campaign")->check(CLI::IsMember({"training", "tournament", "campaign"}));
  create->add_option("--seed", seed, "Random seed (same seed and actions: same game)");
  create->add_option("--seats", seats, "e.g. UK=human,US=bot:rulebook,USSR=bot:random (default: all human)");
  create->add_option("--option", options, "Optional rules: german-reserves")->check(CLI::IsMember({"german-reserves"}));
  create->add_flag("--secret-agenda", secret_agenda, "The Secret Agenda variant (10)");
  create->add_option("-o,--output", out_file, "The save file to create")->required();
  create->add_flag("--force", force, "Overwrite an existing file");
  create->callback([&] {
    const core::SaveFile meta = new_game_record(scenario, seed, seats, options, secret_agenda);
    if (!force && std::filesystem::exists(out_file)) fail(fmt::format("{} exists (use --force to replace it)", out_file));
    const churchill::Data data = churchill::load_data(common.data());
    churchill::SavedGame game(data, meta);
    game.run_bots();
    game.write(out_file);
    std::printf("created %s: %s scenario, seed %llu\n%s", out_file.c_str(), scenario.c_str(),
                static_cast<unsigned long long>(seed), churchill::phase_text(game.game(), game.session().state()).c_str());
    std::printf("\n");
  });

  CLI::App* status = app.add_subcommand("status", "Show a game: the board, or a seat's view as JSON");
  status->add_option("file", file, "Save file")->required();
  status->add_option("--as", as, "The seat whose view to show (UK, US, USSR); default: spectator");
  status->add_flag("--json", json, "JSON view");
  status->add_option("--log", log_tail, "Log lines to include");
  status->callback([&] {
    const churchill::Data data = churchill::load_data(common.data());
    churchill::SavedGame game(data, file);
    const auto seat = parse_seat(game.game(), as);
    if (json) {
      std::printf("%s\n", churchill::view_json(game.game(), game.session(), seat, log_tail).dump(1).c_str());
      return;
    }
    std::printf("%s", churchill::board_text(game.game(), game.session().state(), seat).c_str());
    if (seat) {
      std::printf("\nLegal actions for %s:\n", as.c_str());
      for (core::Action a : game.session().legal_actions(*seat))
        std::printf("  %s\n", game.game().action_to_string(game.session().state(), *seat, a).c_str());
    }
  });

  CLI::App* act = app.add_subcommand("act", "Apply one action (or one chance outcome) to a saved game");
  act->add_option("file", file, "Save file")->required();
  act->add_option("--as", as, "The acting seat (UK, US, USSR)");
  act->add_option("--chance", chance, "A chance outcome to apply (e.g. \"roll 4\")");
  act->add_option("action", action_words, "The action, e.g. advance beaverbrook pol-mil-2-2");
  act->callback([&] {
    const churchill::Data data = churchill::load_data(common.data());
    churchill::SavedGame game(data, file);
    const churchill::Game& g = game.game();
    churchill::Session& s = game.session();
    if (!chance.empty()) {
      if (!as.empty() || !action_words.empty()) fail("give either --chance OUTCOME or --as SEAT ACTION");
      const auto a = g.action_from_string(s.state(), core::kChance, chance);
      if (!a) fail(fmt::format("\"{}\" is not a possible chance outcome now ({})", chance, churchill::phase_text(g, s.state())));
      s.chance(*a);
    } else {
      const auto seat = parse_seat(g, as);
      if (!seat) fail("--as SEAT is required");
      const std::string text = join(action_words);
      if (!(g.acting_seats(s.state()) & core::seat_bit(*seat)) || s.node_kind() == core::NodeKind::Chance)
        fail(fmt::format("{} may not act now ({})", as, churchill::phase_text(g, s.state())));
      const auto a = g.action_from_string(s.state(), *seat, text);
      if (!a) fail(fmt::format("\"{}\" is not a legal action for {} now (see: churchill status {} --as {})", text, as, file, as));
      s.act(*seat, *a);
    }
    game.write(file);
    std::printf("%s\n", churchill::phase_text(g, s.state()).c_str());
  });

  CLI::App* run = app.add_subcommand("run", "Let chance and bot seats play until a human must act");
  run->add_option("file", file, "Save file")->required();
  run->callback([&] {
    const churchill::Data data = churchill::load_data(common.data());
    churchill::SavedGame game(data, file);
    const std::size_t before = game.session().log().size();
    const int n = game.run_bots();
    game.write(file);
    const auto& entries = game.session().log().entries();
    for (std::size_t i = before; i < entries.size(); ++i) std::printf("%s\n", game.game().describe(entries[i]).c_str());
    std::printf("%d actions; %s\n", n, churchill::phase_text(game.game(), game.session().state()).c_str());
  });

  CLI::App* replay = app.add_subcommand("replay", "Re-run a saved game and print its log with rule references");
  replay->add_option("file", file, "Save file")->required();
  replay->add_flag("--verify", verify, "Only check that the replay reaches the saved state hash");
  static bool step = false;
  replay->add_flag("--step", step, "Step through the game: the board after each action (Enter: next, q: stop)");
  replay->callback([&] {
    const churchill::Data data = churchill::load_data(common.data());
    churchill::SavedGame game(data, file);  // replays and checks the hash
    if (verify) {
      std::printf("%s: %zu actions replayed, state hash %s verified\n", file.c_str(), game.session().history().size(),
                  game.meta().state_hash.c_str());
      return;
    }
    if (!step) {
      for (const auto& e : game.session().log().entries()) std::printf("%s\n", game.game().describe(e).c_str());
      return;
    }
    // Replay again, one action at a time, from the save's own list.
    const churchill::Game& g = game.game();
    churchill::Session again(g, game.initial(), game.meta().seed);
    const auto& history = game.session().history();
    for (std::size_t i = 0; i < history.size(); ++i) {
      const std::size_t before = again.log().size();
      const std::string text = g.action_to_string(again.state(), history[i].seat, history[i].action);
      again.replay(history[i]);
      std::printf("\n%s\n--- action %zu of %zu: %s %s\n", churchill::board_text(g, again.state(), std::nullopt).c_str(), i + 1,
                  history.size(), g.seat_name(history[i].seat).c_str(),
                  history[i].seat == core::kChance && text.rfind("deal ", 0) == 0 ? "deals a card" : text.c_str());
      for (std::size_t k = before; k < again.log().size(); ++k) std::printf("  %s\n", g.describe(again.log().entries()[k]).c_str());
      std::printf("(Enter: next, q: stop) ");
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line) || line == "q") break;
    }
  });
  (void)exit_code;
}

}  // namespace cli
