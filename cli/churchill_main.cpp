// churchill: the command-line front end of Churchill, built from the kit (cli/kit.h).
#include "churchill/data.h"
#include "churchill/title.h"
#include "cli/commands.h"
#include "cli/rules_text.h"

int main(int argc, char** argv) {
  return cli::guarded_main("churchill", [&] {
    cli::Kit kit;
    kit.program = "churchill";
    kit.description = "Churchill: the Big Three bargain over the end of World War II (GMT Games, Mark Herman).";
    kit.default_data = churchill::default_data_dir();
    kit.make_title = [](const std::filesystem::path& dir) { return churchill::make_title(dir); };
    kit.flag_options = {"secret-agenda"};
    kit.searching_bots = true;
    CLI::App app{kit.description};
    app.set_version_flag("--version", std::string("churchill ") + CHURCHILL_ENGINE_VERSION);
    int exit_code = 0;
    cli::add_match_commands(app, kit, exit_code);
    cli::add_serve_command(app, kit, exit_code);
    cli::add_play_commands(app, kit, exit_code);
    cli::add_arena_command(app, kit, exit_code);
    cli::add_data_commands(app, kit, exit_code);
    cli::add_rules_command(app, kit, exit_code);
    return cli::run(app, kit, argc, argv, exit_code);
  });
}
