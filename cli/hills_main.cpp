// hills: Three Hills, the platform's demonstration game (hills/game.h), on the command-line kit.
#include "cli/kit.h"
#include "hills/title.h"

int main(int argc, char** argv) {
  return cli::guarded_main("hills", [&] {
    cli::Kit kit;
    kit.program = "hills";
    kit.description = "Three Hills: secret simultaneous orders, the platform's demonstration game.";
    kit.make_title = [](const std::filesystem::path&) { return hills::make_title(); };
    CLI::App app{kit.description};
    int exit_code = 0;
    cli::add_match_commands(app, kit, exit_code);
    return cli::run(app, kit, argc, argv, exit_code);
  });
}
