// churchill serve [--port 8080] [--db FILE]: the game server with the web client.
#include "cli/commands.h"
#include "server/http.h"

namespace cli {

void add_serve_command(CLI::App& app, Kit& kit, int& exit_code) {
  static server::Options options;
  static std::string db = "churchill.db";
  options.web_dir = CHURCHILL_DATA_DIR "/../web/dist";
  CLI::App* serve = app.add_subcommand("serve", "The game server: open http://127.0.0.1:8080/ in a browser");
  serve->add_option("--port", options.port, "Port (0: any free port)");
  serve->add_option("--host", options.host, "Address to listen on (default 127.0.0.1)");
  serve->add_option("--db", db, "SQLite database of the games (default churchill.db)");
  serve->add_option("--web", options.web_dir, "Directory of the built web client");
  serve->callback([&] {
    const churchill::Data data = churchill::load_data(kit.data());
    server::Store store(db);
    server::Lobby lobby(data, store);
    exit_code = server::serve(options, lobby);
  });
}

}  // namespace cli
