// The subcommands of `churchill` (architecture.md §4). Each registers itself on the app and returns
// the process exit code through the callback's result.
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <string>

namespace cli {

struct Common {
  std::string data_dir;  // --data: the data/churchill directory
  std::filesystem::path data() const;
};

void add_data_commands(CLI::App& app, Common& common, int& exit_code);
void add_game_commands(CLI::App& app, Common& common, int& exit_code);
void add_play_commands(CLI::App& app, Common& common, int& exit_code);

}  // namespace cli
