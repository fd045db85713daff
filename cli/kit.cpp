// new, status, act, run and replay on any title (cli/kit.h).
#include "cli/kit.h"

#include <fmt/format.h>
#include <sys/random.h>

#include <cstdio>
#include <iostream>
#include <sstream>

namespace cli {

namespace {

[[noreturn]] void fail(const std::string& message) { throw core::SaveError(message); }

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

std::optional<core::Seat> parse_seat(const core::MatchSeats& m, const std::string& name) {
  if (name.empty()) return std::nullopt;
  auto seat = m.seat_from_name(name);
  if (!seat) {
    fail(fmt::format("--as: unknown seat \"{}\" ({})", name, join(core::seat_names(m))));
  }
  return seat;
}

// What `new` and `status` share: the options of a command that names a save file.
struct Options {
  std::string scenario, seats, out_file, as, chance, file;
  std::uint64_t seed = 1;
  int players = 0, log_tail = 20, threads = 1;
  bool json = false, force = false, verify = false, step = false;
  std::vector<std::string> options, action_words, flags_set;
};

void add_new(CLI::App& app, Kit& kit, const std::shared_ptr<Options>& o) {
  CLI::App* create = app.add_subcommand("new", "Create a game (a save file)");
  create->add_option("--scenario", o->scenario, "The scenario (default: the first)");
  create->add_option("--players", o->players, "The number of seats, where the scenario allows several");
  create->add_option("--seed", o->seed, "Random seed (same seed and actions: same game)");
  create->add_option("--seats", o->seats, "Each seat's controller, e.g. SEAT=human,SEAT=bot:random (default: all human)");
  create->add_option("--option", o->options, "An optional rule (repeatable)");
  for (const std::string& flag : kit.flag_options)
    create->add_flag_callback(
        "--" + flag, [o, flag] { o->options.push_back(flag); }, "The optional rule " + flag);
  create->add_option("-o,--output", o->out_file, "The save file to create")->required();
  create->add_flag("--force", o->force, "Overwrite an existing file");
  add_threads_option(*create, kit, o->threads);
  create->callback([&kit, o] {
    const core::Title& title = kit.title();
    const std::string scenario = o->scenario.empty() ? title.scenarios().front().id : o->scenario;
    core::SaveFile record = title.new_record(scenario, o->options, o->players, parse_seat_controllers(o->seats));
    record.seed = o->seed;
    record.search_threads = o->threads;
    if (!o->force && std::filesystem::exists(o->out_file)) fail(fmt::format("{} exists (use --force to replace it)", o->out_file));
    auto match = title.open(record);
    match->run_bots();
    match->write(o->out_file);
    std::printf("created %s: %s scenario, seed %llu\n%s\n", o->out_file.c_str(), scenario.c_str(), static_cast<unsigned long long>(o->seed),
                match->phase().c_str());
  });
}

void add_status(CLI::App& app, Kit& kit, const std::shared_ptr<Options>& o) {
  CLI::App* status = app.add_subcommand("status", "Show a game: the board, or a seat's view as JSON");
  status->add_option("file", o->file, "Save file")->required();
  status->add_option("--as", o->as, "The seat whose view to show; default: spectator");
  status->add_flag("--json", o->json, "JSON view");
  status->add_option("--log", o->log_tail, "Log lines to include");
  status->callback([&kit, o] {
    const auto match = load_match(kit.title(), o->file);
    const auto seat = parse_seat(*match, o->as);
    if (o->json) {
      std::printf("%s\n", match->view(seat, o->log_tail).dump(1).c_str());
      return;
    }
    std::printf("%s", match->board_text(seat).c_str());
    if (seat) {
      std::printf("\nLegal actions for %s:\n", o->as.c_str());
      for (const std::string& a : match->legal_actions(*seat)) std::printf("  %s\n", a.c_str());
    }
  });
}

void add_act(CLI::App& app, Kit& kit, const std::shared_ptr<Options>& o) {
  CLI::App* act = app.add_subcommand("act", "Apply one action (or one chance outcome) to a saved game");
  act->add_option("file", o->file, "Save file")->required();
  act->add_option("--as", o->as, "The acting seat");
  act->add_option("--chance", o->chance, "A chance outcome to apply (e.g. \"roll 4\")");
  act->add_option("action", o->action_words, "The action's text");
  act->callback([&kit, o] {
    const auto match = load_match(kit.title(), o->file);
    if (!o->chance.empty()) {
      if (!o->as.empty() || !o->action_words.empty()) fail("give either --chance OUTCOME or --as SEAT ACTION");
      match->chance(o->chance);
    } else {
      const auto seat = parse_seat(*match, o->as);
      if (!seat) fail("--as SEAT is required");
      try {
        match->act(*seat, join(o->action_words));
      } catch (const core::ActionError& e) {
        fail(fmt::format("{} (see: {} status {} --as {})", e.what(), kit.program, o->file, o->as));
      }
    }
    match->write(o->file);
    std::printf("%s\n", match->phase().c_str());
  });
}

void add_run(CLI::App& app, Kit& kit, const std::shared_ptr<Options>& o) {
  CLI::App* run = app.add_subcommand("run", "Let chance and bot seats play until a human must act");
  run->add_option("file", o->file, "Save file")->required();
  run->callback([&kit, o] {
    const auto match = load_match(kit.title(), o->file);
    const std::size_t before = match->log_size();
    const int n = match->run_bots();
    match->write(o->file);
    for (std::size_t i = before; i < match->log_size(); ++i) std::printf("%s\n", match->log_line(i).c_str());
    std::printf("%d actions; %s\n", n, match->phase().c_str());
  });
}

// Applies a saved action to a match being replayed; a sampled chance outcome must come out again.
void replay_one(core::Match& m, const core::SavedAction& a) {
  if (a.seat != "chance") {
    const auto seat = m.seat_from_name(a.seat);
    if (!seat) fail(fmt::format("unknown seat \"{}\"", a.seat));
    return m.act(*seat, a.action);
  }
  if (!a.sampled) return m.chance(a.action);
  const std::string drawn = m.sample_chance();
  if (drawn != a.action) fail(fmt::format("replay drift: the save has \"{}\", the seed gives \"{}\"", a.action, drawn));
}

void add_replay(CLI::App& app, Kit& kit, const std::shared_ptr<Options>& o) {
  CLI::App* replay = app.add_subcommand("replay", "Re-run a saved game and print its log with rule references");
  replay->add_option("file", o->file, "Save file")->required();
  replay->add_flag("--verify", o->verify, "Only check that the replay reaches the saved state hash");
  replay->add_flag("--step", o->step, "Step through the game: the board after each action (Enter: next, q: stop)");
  replay->callback([&kit, o] {
    const auto match = load_match(kit.title(), o->file);  // replays and checks the hash
    if (o->verify) {
      std::printf("%s: %zu actions replayed, state hash %s verified\n", o->file.c_str(), match->version(), match->state_hash().c_str());
      return;
    }
    if (!o->step) {
      for (std::size_t i = 0; i < match->log_size(); ++i) std::printf("%s\n", match->log_line(i).c_str());
      return;
    }
    // Replay again, one action at a time, as a spectator sees it: a chance outcome by its log lines.
    core::SaveFile start = match->record();
    const std::vector<core::SavedAction> actions = start.actions;
    start.actions.clear();
    start.state_hash.clear();
    const auto again = kit.title().open(start);
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const std::size_t before = again->log_size();
      replay_one(*again, actions[i]);
      std::printf("\n%s\n--- action %zu of %zu: %s\n", again->board_text(std::nullopt).c_str(), i + 1, actions.size(),
                  actions[i].seat == "chance" ? "chance" : (actions[i].seat + " " + actions[i].action).c_str());
      for (std::size_t k = before; k < again->log_size(); ++k) std::printf("  %s\n", again->log_line(k).c_str());
      std::printf("(Enter: next, q: stop) ");
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line) || line == "q") break;
    }
  });
}

}  // namespace

const core::Title& Kit::title() {
  if (!loaded) loaded = make_title(data());
  return *loaded;
}

void add_play_command(CLI::App& app, Kit& kit, int& exit_code);

void add_match_commands(CLI::App& app, Kit& kit, int& exit_code) {
  const auto options = std::make_shared<Options>();
  add_new(app, kit, options);
  add_status(app, kit, options);
  add_act(app, kit, options);
  add_run(app, kit, options);
  add_replay(app, kit, options);
  add_play_command(app, kit, exit_code);
}

int run(CLI::App& app, Kit& kit, int argc, char** argv, const int& exit_code) {
  app.require_subcommand(1);
  app.add_option("--data", kit.data_dir, "Directory of the game's data files (default: the built-in data set)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", kit.program.c_str(), e.what());
    return 1;
  }
  return exit_code;
}

std::vector<std::pair<std::string, std::string>> parse_seat_controllers(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> seats;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos) throw core::SetupError(fmt::format("--seats: \"{}\" is not SEAT=CONTROLLER", item));
    seats.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  return seats;
}

std::unique_ptr<core::Match> load_match(const core::Title& title, const std::filesystem::path& path) {
  core::SaveFile record = core::save_from_json(core::read_file(path));
  if (record.game != title.id()) fail(fmt::format("{} is a save of \"{}\", not of {}", path.string(), record.game, title.name()));
  if (record.data_hash != title.data_hash())
    fail(fmt::format("{} was saved with data set {}; this data set is {} (use the same data files)", path.string(), record.data_hash,
                     title.data_hash()));
  return title.open(std::move(record));
}

CLI::Option* add_threads_option(CLI::App& command, const Kit& kit, int& threads) {
  if (!kit.searching_bots) return nullptr;
  return command
      .add_option("--threads", threads,
                  "Threads of each search by a bot that searches (ai:LEVEL), kept with the game: the same seed and "
                  "count play the same game (default 1)")
      ->check(CLI::Range(1, core::kMaxSearchThreads));
}

std::uint64_t fresh_seed() {
  std::uint64_t seed = 0;
  if (::getrandom(&seed, sizeof seed, 0) != static_cast<ssize_t>(sizeof seed)) fail("the operating system gave no random seed");
  return seed;
}

}  // namespace cli
