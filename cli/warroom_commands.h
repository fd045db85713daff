// The warroom command's own subcommands beside the kit's (cli/kit.h): self-play statistics and
// benchmarks of random War Room games.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "cli/kit.h"

namespace cli {

void add_warroom_play_commands(CLI::App& app, Kit& kit, int& exit_code);    // selfplay, bench
void add_warroom_balance_command(CLI::App& app, Kit& kit, int& exit_code);  // balance (docs/warroom/balance.md)
void add_warroom_odds_command(CLI::App& app, Kit& kit);
void add_warroom_fit_command(CLI::App& app, Kit& kit);  // fit-value: the search bot's position value (docs/warroom/ai.md)
void add_warroom_arena_command(
    CLI::App& app,
    Kit& kit);  // arena: players against each other (docs/warroom/ai.md)  // odds: the battle calculator (docs/warroom/ai.md)

// A bot kind named on the command line ("rules", "ai:normal"; a "bot:" prefix allowed), without the
// prefix; an unknown one is refused naming `option` and the kinds there are.
std::string warroom_bot_kind(std::string text, std::string_view option);

// An alliance as the commands' reports name it: "Allies" or "Axis" (side 0 or 1).
const char* warroom_alliance_name(int side);

}  // namespace cli
