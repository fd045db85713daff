// warroom: the command-line front end of War Room, built from the kit (cli/kit.h): new, status,
// act, run, replay and play from the kit; selfplay and bench (cli/warroom_play.cpp); balance (cli/warroom_balance.cpp); the
// battle calculator's odds (cli/warroom_odds.cpp); arena (cli/warroom_arena.cpp); data check and audit of the data set
// (docs/warroom/data.md); rules, the rulebook's text under a heading.
#include <cstdio>
#include <set>
#include <stdexcept>

#include "cli/data_audit.h"
#include "cli/kit.h"
#include "cli/warroom_commands.h"
#include "core/rules_text.h"
#include "warroom/data.h"
#include "warroom/rules.h"
#include "warroom/title.h"

namespace {

void add_data_commands(CLI::App& app, cli::Kit& kit, int& exit_code) {
  CLI::App* data = app.add_subcommand("data", "Inspect and validate the War Room data set");
  data->require_subcommand(1);

  cli::add_audit_command<warroom::Data, warroom::AuditRow>(
      *data, kit, exit_code,
      {"List every datum with its provenance",
       "territory, edge, stance",
       {"rulebook", "reconstructed"},
       warroom::load_data,
       warroom::audit_rows,
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
    std::printf(
        "data set OK: %d nations, %d unit kinds, %d territories (%d neutral), %d sea regions, %zu regions, "
        "%zu edges, %zu passages, %zu convoys, %zu scenarios; hash %s\n%s\n",
        warroom::kNations, warroom::kUnitKinds, territories, neutrals, seas, d.region_count(), d.edges.size(), d.passages.size(),
        d.convoys.size(), d.scenarios.size(), d.hash.c_str(), d.map_notice.c_str());
  });
}

// `warroom rules HEADING`: the reader's rulebook under a heading as the game names it (the log's and
// the view's `rule`); `warroom rules --list`: those headings.
void add_rules_command(CLI::App& app, cli::Kit& kit, int& exit_code) {
  auto heading = std::make_shared<std::string>();
  auto list = std::make_shared<bool>(false);
  CLI::App* rules = app.add_subcommand("rules", "Print the rulebook's text under a heading, e.g. \"Phase 6 > 3. Relieve Stress\"");
  rules->add_option("heading", *heading, "The heading as the game names it: \"Phase 2 > Step 1. Write Orders and Turn Order Bids\"");
  rules->add_flag("--list", *list, "List the headings the game's steps name");
  rules->callback([&kit, &exit_code, heading, list] {
    if (*list) {
      std::set<std::string> seen;
      for (int i = 0; i < static_cast<int>(warroom::StepId::kCount); ++i)
        if (seen.insert(warroom::step_rule(static_cast<warroom::StepId>(i))).second)
          std::printf("%s\n", warroom::step_rule(static_cast<warroom::StepId>(i)));
    } else {
      if (heading->empty()) throw std::invalid_argument("name a heading, e.g. \"Phase 6 > 3. Relieve Stress\" (warroom rules --list)");
      const core::RulesText r = core::rules_text(core::default_rules_dir(kit.default_data), "war-room", *heading, core::kEnglish);
      if (!r.found) throw std::runtime_error(r.text.substr(0, r.text.size() - 1));
      std::fputs(r.text.c_str(), stdout);
    }
    exit_code = 0;
  });
}

}  // namespace

int main(int argc, char** argv) {
  return cli::guarded_main("warroom", [&] {
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
    cli::add_warroom_fit_command(app, kit);
    add_data_commands(app, kit, exit_code);
    add_rules_command(app, kit, exit_code);
    return cli::run(app, kit, argc, argv, exit_code);
  });
}
