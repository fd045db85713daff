// `churchill data audit [--json]` and `churchill data check`.
#include <cstdio>

#include "churchill/audit.h"
#include "cli/commands.h"

namespace cli {

void add_data_commands(CLI::App& app, Kit& kit, int& exit_code) {
  CLI::App* data = app.add_subcommand("data", "Inspect and validate the game data set");
  data->require_subcommand(1);

  CLI::App* audit = data->add_subcommand("audit", "List every card, space, issue and marker with its provenance");
  static bool json = false;
  static std::string kind, provenance;
  audit->add_flag("--json", json, "Print JSON rows instead of a table");
  audit->add_option("--kind", kind, "Only rows of this kind (e.g. staff-card, space)");
  audit->add_option("--provenance", provenance, "Only rows of this provenance")
      ->check(CLI::IsMember({"rulebook", "rulebook-it", "rulebook-ru", "reconstructed"}));
  audit->callback([&] {
    const churchill::Data d = churchill::load_data(kit.data());
    std::vector<churchill::AuditRow> rows;
    for (auto& r : churchill::audit_rows(d))
      if ((kind.empty() || r.kind == kind) &&
          (provenance.empty() || churchill::provenance_name(r.origin->provenance) == provenance))
        rows.push_back(std::move(r));
    if (rows.empty()) {
      std::fprintf(stderr, "churchill: no data rows match --kind %s --provenance %s\n", kind.c_str(), provenance.c_str());
      exit_code = 1;
      return;
    }
    const std::string out = json ? churchill::audit_json(d, rows).dump(1) + "\n" : churchill::audit_text(rows);
    std::fputs(out.c_str(), stdout);
  });

  CLI::App* check = data->add_subcommand("check", "Load and validate the data set; print its hash");
  check->callback([&] {
    const churchill::Data d = churchill::load_data(kit.data());
    std::printf("data set OK: %zu leaders, %zu+%zu+%zu staff cards, %zu conference cards, %zu issues, %zu spaces, "
                "%zu locations; hash %s\n",
                d.leaders.size(), d.staff[0].size(), d.staff[1].size(), d.staff[2].size(), d.conference_cards.size(),
                d.issues.size(), d.spaces.size(), d.locations.size(), d.hash.c_str());
  });
}

}  // namespace cli
