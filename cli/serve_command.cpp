// wartables serve [--port 8080] [--db FILE|postgresql://...] [limits...]: the game server with the web client.
// wartables db backup --db FILE --to COPY: a consistent copy of a server's SQLite database, while it runs.
// wartables db migrate --from sqlite:FILE --to postgresql://...: copies every game into another database, and the
// accounts, live sessions, seats held, table talk and mutes beside them.
// (The same commands in the churchill program: churchill serve, churchill db.)
#include <fmt/format.h>

#include <ctime>
#include <iostream>

#include "churchill/title.h"
#include "cli/commands.h"
#include "hills/title.h"
#include "server/http.h"
#include "warroom/title.h"

namespace cli {

namespace {

// "90s", "30m", "12h", "14d" or a number of seconds.
std::int64_t parse_duration(const std::string& text, const std::string& option) {
  std::size_t used = 0;
  long long n = -1;
  try {
    n = std::stoll(text, &used);
  } catch (const std::exception&) {}
  const std::string unit = text.substr(used);
  const std::int64_t scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : unit == "d" ? 86400 : 0;
  if (n <= 0 || scale == 0 || n > 3650LL * 86400 / scale) throw CLI::ValidationError(option, "a duration such as 90s, 30m, 12h or 14d");
  return n * scale;
}

}  // namespace

void add_serve_command(CLI::App& app, Kit& kit, int& exit_code) {
  static server::Options options;
  static server::LobbyLimits limits;
  static std::string db = "churchill.db", expire = "14d", expire_unjoined = "1h", notify_keep = "7d";
  static int busy_timeout_ms = 5000;
  static std::size_t max_memory_mb = 1024;
  options.web_dir = CHURCHILL_DATA_DIR "/../web/dist";
  CLI::App* serve = app.add_subcommand("serve", "The game server: open http://127.0.0.1:8080/ in a browser (docs/server.md)");
  serve->add_option("--port", options.port, "Port (0: any free port)");
  serve->add_option("--host", options.host, "Address to listen on (default 127.0.0.1)");
  serve->add_option("--db", db,
                    "The games' database: a SQLite file (default churchill.db), or postgresql://USER@HOST/DB shared "
                    "by several servers (docs/deploy.md)");
  serve->add_option("--web", options.web_dir, "Directory of the built web client");
  serve->add_option("--max-games", limits.max_live_games, "Games in play at once (finished games do not count; default 1000)");
  serve->add_option("--expire", expire, "Delete a game not finished and unchanged for this long (default 14d)");
  serve->add_option("--expire-unjoined", expire_unjoined,
                    "... and a game none of whose human seats was claimed, after this long (default 1h)");
  serve->add_option("--max-connections", options.max_connections, "Connections at once (default: the open-file limit less 32)");
  serve->add_option("--max-per-address", options.max_per_address, "Connections at once from one address (default 64)");
  serve->add_option("--max-per-network", options.max_per_network,
                    "Connections at once from one IPv4 /24 or IPv6 /64 (default four times --max-per-address)");
  serve->add_option("--create-per-minute", options.create_per_minute,
                    "New games one address may create per minute (default 10; four times as many from one /24 or /64)");
  serve->add_option("--create-burst", options.create_burst, "... and at once (default 10)");
  serve->add_option("--ws-idle", options.ws_idle_seconds, "Seconds a silent WebSocket lives; pinged after half (default 60)");
  serve->add_option("--ws-hello", options.ws_hello_seconds, "Seconds a WebSocket has to send its first message (default 10)")
      ->check(CLI::Range(1, 3600));
  serve->add_option("--http-idle", options.http_idle_seconds, "Seconds a keep-alive connection waits for a request (default 30)");
  serve->add_option("--expire-check", options.expire_check_seconds, "Seconds between looks for abandoned games (default 60)");
  serve->add_option("--search-threads", options.search_threads,
                    "Threads for the bots that search and for hints (default: the cores less one, at least one)");
  serve
      ->add_option("--threads-per-search", limits.threads_per_search,
                   "Threads of each search of a new game's bots and hints (root parallel; default 1), kept with the game")
      ->check(CLI::Range(1, core::kMaxSearchThreads));
  serve->add_option("--max-searches", limits.max_searches,
                    "Searches (bots' decisions, hints) one address may have waiting or running at once (default 16)");
  serve->add_option("--bot-game-actions", limits.bot_game_actions, "A game no human plays stops after this many actions (default 20000)");
  serve->add_option("--bot-game-cpu", limits.bot_game_seconds, "... or this many seconds of its bots' processor time (default 300)");
  serve->add_option("--max-loaded", limits.max_loaded, "Games held whole in memory; the least recently used leave it (default 2000)");
  serve->add_option("--max-memory", max_memory_mb, "Megabytes the games held in memory may take, about (default 1024)")
      ->check(CLI::Range(16, 1 << 20));
  serve->add_option("--busy-timeout", busy_timeout_ms, "Milliseconds a write waits for a database lock (default 5000)");
  serve->add_option("--origin", options.origins, "An origin besides the server's own allowed to POST (https://example.org); repeatable");
  serve->add_flag(
      "--trust-proxy", options.trust_proxy,
      "Behind a reverse proxy on this machine: a request from a loopback address is the client's named last in X-Forwarded-For");
  serve->add_option("--proxy", options.proxies, "The address of a reverse proxy elsewhere whose X-Forwarded-For is believed; repeatable");
  serve->add_option("--max-games-per-address", limits.max_games_per_address,
                    "Games in play one address may have created (all servers of the database; default 20)");
  serve->add_option("--max-games-per-network", limits.max_games_per_network, "... and one IPv4 /24 or IPv6 /64 (default 80)");
  serve->add_option(
      "--smtp", options.notify.smtp,
      "The SMTP server notifications are e-mailed through: smtp://[USER:PASSWORD@]HOST[:PORT] (STARTTLS when offered) or smtps://...");
  serve->add_option("--mail-from", options.notify.mail_from, "The From: address of the notifications' e-mails");
  serve->add_option("--public-url", options.notify.public_url,
                    "Where the notifications' links point (https://churchill.example.org; default http://HOST:PORT)");
  serve
      ->add_option("--notify-backoff", options.notify.backoff_seconds,
                   "Seconds before a failed notification is tried again, doubled each time up to an hour (default 30)")
      ->check(CLI::Range(0.1, 3600.0));
  serve->add_option("--notify-poll", options.notify.poll_seconds, "Seconds between looks at the notifications' outbox (default 5)")
      ->check(CLI::Range(0.1, 3600.0));
  serve->add_option("--notify-keep", notify_keep,
                    "Delete a notification sent, given up or stale this long after it was queued (default 7d)");
  serve->add_flag("--notify-private", options.notify.private_details, "Messages about invitation games name seats and winners too");
  serve->add_flag("--notify-allow-local", options.notify.allow_local,
                  "Webhooks may be on loopback or private addresses and over http:// (tests)");
  serve->callback([&] {
    if (!options.notify.smtp.empty() && options.notify.mail_from.empty())
      throw CLI::ValidationError("--mail-from", "--smtp needs --mail-from");
    try {
      if (!options.notify.mail_from.empty()) server::checked_email(options.notify.mail_from);
    } catch (const server::ApiError&) {
      throw CLI::ValidationError("--mail-from", "an e-mail address, name@domain.example");
    }
    limits.expire_seconds = parse_duration(expire, "--expire");
    limits.unjoined_seconds = parse_duration(expire_unjoined, "--expire-unjoined");
    options.notify.keep_seconds = static_cast<double>(parse_duration(notify_keep, "--notify-keep"));
    limits.max_memory = max_memory_mb << 20;
    // One server for every title: Churchill first (a new game's default), then the others.
    // Churchill's catalogues (data/i18n) are also the platform's words: the lobby's and the notices'.
    churchill::Data churchill_data = churchill::load_data(kit.data());
    const std::shared_ptr<const core::i18n::Catalogues> words = churchill_data.catalogues;
    core::Titles titles;
    titles.add(churchill::make_title(std::move(churchill_data), core::default_rules_dir(kit.data())));
    titles.add(warroom::make_title(warroom::default_data_dir()));
    titles.add(hills::make_title());
    const auto store = server::open_store(db, busy_timeout_ms);
    const auto side = server::open_side_store(db, busy_timeout_ms);  // after the store, which made its tables
    server::Lobby lobby(titles, *store, limits);
    lobby.words(words);
    server::Notifier notifier(options.notify, server::open_side_store(db, busy_timeout_ms), *words);
    exit_code = server::serve(options, lobby, *store, *side, notifier);
  });

  static std::string from = "churchill.db", to;
  CLI::App* db_command = app.add_subcommand("db", "The server's database");
  db_command->require_subcommand(1);
  CLI::App* backup =
      db_command->add_subcommand("backup", "A consistent copy of the database, made while the server may run (SQLite's backup API)");
  backup->add_option("--db", from, "The database (default churchill.db)");
  backup->add_option("--to", to, "The copy (written whole, then renamed into place)")->required();
  backup->callback([&] {
    if (from.rfind("postgres", 0) == 0)
      throw CLI::ValidationError("--db", "a PostgreSQL database is backed up with pg_dump or a base backup (docs/deploy.md, Backups)");
    server::backup_database(from.rfind("sqlite:", 0) == 0 ? from.substr(7) : from, to);
    std::cout << kit.program << " db backup: " << from << " copied to " << to << std::endl;
    exit_code = 0;
  });

  static std::string source, target;
  CLI::App* migrate = db_command->add_subcommand(
      "migrate",
      "Copies every game of one database into another (from SQLite into PostgreSQL or back: docs/deploy.md), then its accounts, "
      "live sessions, seats held, table talk and mutes, vacations, notification settings and the notifications' outbox; what is there already is kept");
  migrate->add_option("--from", source, "The database copied: sqlite:FILE, FILE or postgresql://...")->required();
  migrate->add_option("--to", target, "The database written: postgresql://... or sqlite:FILE")->required();
  migrate->callback([&] {
    const auto from_store = server::open_store(source);
    const auto to_store = server::open_store(target);
    const server::CopyReport report = server::copy_games(*from_store, *to_store);
    std::cout << fmt::format("{} db migrate: {} games copied, {} already there", kit.program, report.copied, report.already_there)
              << std::endl;
    for (const std::string& id : report.unreadable)
      std::cerr << kit.program << " db migrate: game " << id << " is unreadable and was not copied" << std::endl;
    const auto from_side = server::open_side_store(source), to_side = server::open_side_store(target);
    const auto side = from_side->copy_into(*to_side, static_cast<std::int64_t>(std::time(nullptr)));
    std::cout << fmt::format("{} db migrate: {} accounts, {} sessions, {} seats held, {} messages and {} mutes copied", kit.program,
                             side.accounts, side.sessions, side.seats, side.messages, side.mutes)
              << std::endl;
    std::cout << fmt::format("{} db migrate: {} vacations, {} notification settings and {} notifications copied", kit.program,
                             side.vacations, side.notify_settings, side.outbox)
              << std::endl;
    exit_code = report.unreadable.empty() ? 0 : 1;
  });
}

}  // namespace cli
