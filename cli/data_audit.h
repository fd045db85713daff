// `<program> data audit [--json] [--kind K] [--provenance P]`: every datum of a title's data set
// with its provenance, as a table or JSON, filtered by kind and provenance.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/kit.h"

namespace cli {

// What a title's audit gives the command.
template <class Data, class Row>
struct DataAudit {
  std::string help;                      // the command's description
  std::string kinds;                     // examples of row kinds, for --kind's help
  std::vector<std::string> provenances;  // the values --provenance takes
  std::function<Data(const std::filesystem::path&)> load;
  std::function<std::vector<Row>(const Data&)> rows;
  std::function<std::string_view(const Row&)> provenance;  // a row's provenance, as --provenance names it
  std::function<std::string(const Data&, const std::vector<Row>&, bool json)> print;
};

template <class Data, class Row>
void add_audit_command(CLI::App& data, const Kit& kit, int& exit_code, DataAudit<Data, Row> audit) {
  struct Flags {
    bool json = false;
    std::string kind, provenance;
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* cmd = data.add_subcommand("audit", audit.help);
  cmd->add_flag("--json", flags->json, "Print JSON instead of a table");
  cmd->add_option("--kind", flags->kind, "Only rows of this kind (e.g. " + audit.kinds + ")");
  cmd->add_option("--provenance", flags->provenance, "Only rows of this provenance")->check(CLI::IsMember(audit.provenances));
  cmd->callback([&kit, &exit_code, flags, audit] {
    const Data d = audit.load(kit.data());
    std::vector<Row> rows;
    for (auto& r : audit.rows(d))
      if ((flags->kind.empty() || r.kind == flags->kind) && (flags->provenance.empty() || audit.provenance(r) == flags->provenance))
        rows.push_back(std::move(r));
    if (rows.empty()) {
      std::fprintf(stderr, "%s: no data rows match --kind %s --provenance %s\n", kit.program.c_str(), flags->kind.c_str(),
                   flags->provenance.c_str());
      exit_code = 1;
      return;
    }
    std::fputs(audit.print(d, rows, flags->json).c_str(), stdout);
  });
}

}  // namespace cli
