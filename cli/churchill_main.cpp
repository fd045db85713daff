// churchill: the command-line front end (architecture.md §4).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>

#include "cli/commands.h"
#include "churchill/data.h"

namespace cli {
std::filesystem::path Common::data() const {
  return data_dir.empty() ? churchill::default_data_dir() : std::filesystem::path(data_dir);
}
}  // namespace cli

int main(int argc, char** argv) {
  CLI::App app{"Churchill: the Big Three bargain over the end of World War II (GMT Games, Mark Herman)."};
  app.set_version_flag("--version", std::string("churchill ") + CHURCHILL_ENGINE_VERSION);
  app.require_subcommand(1);
  cli::Common common;
  app.add_option("--data", common.data_dir, "Directory of the Churchill data files (default: the built-in data set)");
  int exit_code = 0;
  cli::add_game_commands(app, common, exit_code);
  cli::add_play_command(app, common, exit_code);
  cli::add_serve_command(app, common, exit_code);
  cli::add_play_commands(app, common, exit_code);
  cli::add_data_commands(app, common, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "churchill: %s\n", e.what());
    return 1;
  }
  return exit_code;
}
