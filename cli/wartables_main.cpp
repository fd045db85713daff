// wartables: the game server of both games (and Three Hills) as its own program: `wartables serve`
// and `wartables db backup|migrate` (docs/server.md, docs/deploy.md). `churchill serve` and
// `churchill db` run the same commands, kept for the scripts that call them.
#include "churchill/data.h"
#include "churchill/title.h"
#include "cli/commands.h"

int main(int argc, char** argv) {
  return cli::guarded_main("wartables", [&] {
    cli::Kit kit;
    kit.program = "wartables";
    kit.description = "War Tables: the game server of Churchill and War Room, with the web client (docs/server.md).";
    kit.default_data = churchill::default_data_dir();
    kit.make_title = [](const std::filesystem::path& dir) { return churchill::make_title(dir); };
    CLI::App app{kit.description};
    app.set_version_flag("--version", std::string("wartables ") + CHURCHILL_ENGINE_VERSION);
    int exit_code = 0;
    cli::add_serve_command(app, kit, exit_code);
    return cli::run(app, kit, argc, argv, exit_code);
  });
}
