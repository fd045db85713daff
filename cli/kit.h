// The command-line kit every title's command is built from: `new`, `status`, `act`, `run`,
// `replay` and `play` work on any core::Title; a title's program adds what only it has (self-play
// statistics, benchmarks, data audits) and calls run().
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cli/guarded_main.h"
#include "core/title.h"

namespace cli {

struct Kit {
  std::string program;                 // "churchill": in messages and hints
  std::string description;             // the program's one-line description
  std::filesystem::path default_data;  // the built-in data set
  std::function<std::unique_ptr<core::Title>(const std::filesystem::path& data)> make_title;
  std::string data_dir;                   // --data
  std::vector<std::string> flag_options;  // options that also have a flag of their own (--secret-agenda)
  bool searching_bots = false;            // the title has bots that search: new and play take --threads

  std::filesystem::path data() const { return data_dir.empty() ? default_data : std::filesystem::path(data_dir); }
  // The title, its data loaded from data() on first use (throws the loader's error).
  const core::Title& title();
  std::unique_ptr<core::Title> loaded;  // set by title()
};

// Adds new, status, act, run, replay and play to `app`.
void add_match_commands(CLI::App& app, Kit& kit, int& exit_code);

// Parses the command line and runs the chosen command; an error is one line on stderr and exit 1.
int run(CLI::App& app, Kit& kit, int argc, char** argv, const int& exit_code);

// "UK=human,US=bot:rulebook": the controllers a --seats option names; throws SetupError on a bad item.
std::vector<std::pair<std::string, std::string>> parse_seat_controllers(const std::string& text);

// A save file read and checked to be a game of `title` made with its data set, then replayed.
std::unique_ptr<core::Match> load_match(const core::Title& title, const std::filesystem::path& path);

// --threads N of a command whose games are kept (new, play): the threads of each search by a bot that
// searches, stored with the game (core::SaveFile::search_threads); nullptr where the title has none.
CLI::Option* add_threads_option(CLI::App& command, const Kit& kit, int& threads);

// A random seed from the operating system, for games whose seed nobody chose.
std::uint64_t fresh_seed();

}  // namespace cli
