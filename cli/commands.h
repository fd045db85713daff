// The subcommands of `churchill` (architecture.md §4). Each registers itself on the app and returns
// the process exit code through the callback's result.
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <cstdint>
#include <string>
#include <vector>

#include "core/save.h"

namespace cli {

struct Common {
  std::string data_dir;  // --data: the data/churchill directory
  std::filesystem::path data() const;
};

void add_data_commands(CLI::App& app, Common& common, int& exit_code);
void add_game_commands(CLI::App& app, Common& common, int& exit_code);
void add_play_commands(CLI::App& app, Common& common, int& exit_code);
void add_play_command(CLI::App& app, Common& common, int& exit_code);
void add_serve_command(CLI::App& app, Common& common, int& exit_code);

// "UK=human,US=bot:rulebook": the controller of each seat (human by default); throws on a bad one.
std::vector<std::pair<std::string, std::string>> parse_seat_controllers(const std::string& text);

// The record of a new game from the options `new` and `play` share; throws on a bad --seats.
core::SaveFile new_game_record(const std::string& scenario, std::uint64_t seed, const std::string& seats,
                               const std::vector<std::string>& options, bool secret_agenda);

}  // namespace cli
