// warroom: the command-line front end of War Room, built from the kit (cli/kit.h): new, status,
// act, run, replay and play from the kit; selfplay and bench (cli/warroom_play.cpp); balance (cli/warroom_balance.cpp); the
// battle calculator's odds (cli/warroom_odds.cpp); arena (cli/warroom_arena.cpp); data check and audit of the data set (docs/warroom/data.md).
#include <cstdio>

#include "cli/data_audit.h"
#include "cli/kit.h"
#include "cli/warroom_commands.h"
#include "warroom/data.h"
#include "warroom/title.h"

namespace {

void add_data_commands(CLI::App& app, cli::Kit& kit, int& exit_code) {
  CLI::App* data = app.add_subcommand("data", "Inspect and validate the War Room data set");
  data->require_subcommand(1);

  cli::add_audit_command<warroom::Data, warroom::AuditRow>(
      *data, kit, exit_code,
      {"List every datum with its provenance", "territory, edge, stance", {"rulebook", "reconstructed"},
       warroom::load_data, warroom::audit_rows,
       [](const warroom::AuditRow& r) { return warroom::provenance_id(r.origin->provenance); },
       [](const warroom::Data& d, const std::vector<warroom::AuditRow>& rows, bool json) {
         return json ? warroom::audit_json(d, rows) : warroom::audit_text(rows);
       }});

  CLI::App* check = data->add_subcommand("check", "Load and validate the data set; print its size and hash");
  check->callback([&] {
    const warroom::Data d = warroom::load_data(kit.data());
    int territories = 0, seas = 0, neutrals = 0;
    for (const warroom::Region& r : d.regions) {
      territories += r.is_territory();
      seas += r.is_sea();
      neutrals += r.neutral.has_value();
    }
    std::printf("data set OK: %d nations, %d unit kinds, %d territories (%d neutral), %d sea regions, %zu regions, "
                "%zu edges, %zu passages, %zu convoys, %zu scenarios; hash %s\n%s\n",
                warroom::kNations, warroom::kUnitKinds, territories, neutrals, seas, d.region_count(), d.edges.size(),
                d.passages.size(), d.convoys.size(), d.scenarios.size(), d.hash.c_str(), d.map_notice.c_str());
  });
}

}  // namespace

int main(int argc, char** argv) {
  cli::Kit kit;
  kit.program = "warroom";
  kit.description = "War Room: the Second World War on the project's world map (Nightingale Games, Larry Harris).";
  kit.default_data = warroom::default_data_dir();
  kit.make_title = [](const std::filesystem::path& dir) { return warroom::make_title(dir); };
  kit.searching_bots = true;  // bot:ai:LEVEL (docs/warroom/ai.md): new and play take --threads
  CLI::App app{kit.description};
  app.set_version_flag("--version", std::string("warroom ") + CHURCHILL_ENGINE_VERSION);
  int exit_code = 0;
  cli::add_match_commands(app, kit, exit_code);
  cli::add_warroom_play_commands(app, kit, exit_code);
  cli::add_warroom_balance_command(app, kit, exit_code);
  cli::add_warroom_odds_command(app, kit);
  cli::add_warroom_arena_command(app, kit);
  add_data_commands(app, kit, exit_code);
  return cli::run(app, kit, argc, argv, exit_code);
}
