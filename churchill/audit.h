// `churchill data audit`: every card, space, issue and marker with its provenance.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "churchill/data.h"

namespace churchill {

struct AuditRow {
  std::string kind;  // leader, staff-card, conference-card, issue, space, ...
  std::string id;
  std::string name;
  std::optional<Power> power;
  std::string value;  // "" where the entry has none
  const Origin* origin = nullptr;
};

std::vector<AuditRow> audit_rows(const Data& data);
// Rows per provenance: [rulebook, rulebook-it, rulebook-ru, reconstructed].
std::array<int, kProvenances> provenance_counts(const std::vector<AuditRow>& rows);
std::string audit_text(const std::vector<AuditRow>& rows);
nlohmann::json audit_json(const Data& data, const std::vector<AuditRow>& rows);

}  // namespace churchill
