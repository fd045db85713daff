// The churchill command's own subcommands, beside the kit's (cli/kit.h): self-play statistics,
// benchmarks, data audits and the server.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/kit.h"

namespace cli {

void add_data_commands(CLI::App& app, Kit& kit, int& exit_code);
void add_play_commands(CLI::App& app, Kit& kit, int& exit_code);  // selfplay, bench
void add_serve_command(CLI::App& app, Kit& kit, int& exit_code);
void add_arena_command(CLI::App& app, Kit& kit, int& exit_code);  // arena: AI strength tables

}  // namespace cli
