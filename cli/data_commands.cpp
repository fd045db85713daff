// `churchill data audit [--json]` and `churchill data check`.
#include <cstdio>

#include "churchill/audit.h"
#include "cli/commands.h"
#include "cli/data_audit.h"

namespace cli {

void add_data_commands(CLI::App& app, Kit& kit, int& exit_code) {
  CLI::App* data = app.add_subcommand("data", "Inspect and validate the game data set");
  data->require_subcommand(1);

  add_audit_command<churchill::Data, churchill::AuditRow>(
      *data, kit, exit_code,
      {"List every card, space, issue and marker with its provenance",
       "staff-card, space",
       {"rulebook", "rulebook-it", "rulebook-ru", "reconstructed"},
       churchill::load_data,
       churchill::audit_rows,
       [](const churchill::AuditRow& r) { return churchill::provenance_name(r.origin->provenance); },
       [](const churchill::Data& d, const std::vector<churchill::AuditRow>& rows, bool json) {
         return json ? churchill::audit_json(d, rows).dump(1) + "\n" : churchill::audit_text(rows);
       }});

  CLI::App* check = data->add_subcommand("check", "Load and validate the data set; print its hash");
  check->callback([&] {
    const churchill::Data d = churchill::load_data(kit.data());
    std::printf(
        "data set OK: %zu leaders, %zu+%zu+%zu staff cards, %zu conference cards, %zu issues, %zu spaces, "
        "%zu locations; hash %s\n",
        d.leaders.size(), d.staff[churchill::Power::UK].size(), d.staff[churchill::Power::US].size(),
        d.staff[churchill::Power::USSR].size(), d.conference_cards.size(), d.issues.size(), d.spaces.size(), d.locations.size(),
        d.hash.c_str());
  });
}

}  // namespace cli
