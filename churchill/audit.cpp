#include "churchill/audit.h"

#include <fmt/format.h>

#include <map>

namespace churchill {
namespace {

std::string staff_value(std::int8_t v) { return v == kStar ? "star" : std::to_string(v); }

void add_cards(const Data& d, std::vector<AuditRow>& rows) {
  for (const Leader& l : d.leaders) rows.push_back({"leader", l.id, l.name, l.power, std::to_string(l.value), &l.origin});
  for (const auto& deck : d.staff)
    for (const StaffCard& c : deck)
      rows.push_back({"staff-card", std::string(power_name(c.power)) + "/" + c.id, c.name, c.power, staff_value(c.value), &c.origin});
  for (const Conference& c : d.conferences) rows.push_back({"conference", std::to_string(c.number), c.name, std::nullopt, "", &c.origin});
  for (const ConferenceCard& c : d.conference_cards)
    rows.push_back({"conference-card", c.id, fmt::format("{} {} {}", c.conference, c.title, c.version), std::nullopt, "", &c.origin});
}

void add_board(const Data& d, std::vector<AuditRow>& rows) {
  for (const Issue& i : d.issues) {
    std::optional<Power> p;
    if (i.power != kNoPower) p = i.power;
    const std::string value = i.kind == IssueKind::PolMil ? fmt::format("{}/{}", i.alignment, i.networks) : "";
    rows.push_back({"issue", i.id, i.name, p, value, &i.origin});
  }
  for (const Theater& t : d.theaters) rows.push_back({"theater", t.id, t.name, std::nullopt, "", &t.origin});
  for (const Front& f : d.fronts) rows.push_back({"front", f.id, f.name, f.color, std::to_string(f.track.size()) + " spaces", &f.origin});
  for (const Space& s : d.spaces) rows.push_back({"space", s.id, s.name, std::nullopt, "", &s.origin});
  for (const Location& l : d.locations) rows.push_back({l.colony ? "colony" : "country", l.id, l.name, std::nullopt, "", &l.origin});
  for (const AxisPower& a : d.axis) rows.push_back({"axis-power", a.id, a.name, std::nullopt, "", &a.origin});
  for (std::size_t i = 0; i < d.a_bomb.size(); ++i)
    rows.push_back({"a-bomb-space", d.a_bomb[i].id, d.a_bomb[i].name, std::nullopt, std::to_string(i), &d.a_bomb[i].origin});
  for (const GlobalIssueMarker& g : d.global_issues) rows.push_back({"global-issue", g.id, g.name, std::nullopt, "", &g.origin});
  rows.push_back({"polmil-table", "polmil-table", "Pol-Mil Table", std::nullopt, "6x6", &d.polmil.origin});
}

void add_rest(const Data& d, std::vector<AuditRow>& rows) {
  for (const SecretAgendaMarker& m : d.secret_agenda)
    rows.push_back({"secret-agenda-marker", m.id, d.locations[m.location].name, std::nullopt, "", &m.origin});
  for (const Scenario& s : d.scenarios)
    rows.push_back(
        {"scenario", s.id, s.name, std::nullopt, fmt::format("conferences {}-{}", s.first_conference, s.last_conference), &s.origin});
  for (const VictoryCondition& v : d.victory)
    rows.push_back({"victory-points", v.id, v.text, std::nullopt, std::to_string(v.vp) + " VP", &v.origin});
}

}  // namespace

std::vector<AuditRow> audit_rows(const Data& data) {
  std::vector<AuditRow> rows;
  add_cards(data, rows);
  add_board(data, rows);
  add_rest(data, rows);
  return rows;
}

std::array<int, kProvenances> provenance_counts(const std::vector<AuditRow>& rows) {
  std::array<int, kProvenances> counts{};
  for (const AuditRow& r : rows) ++counts[static_cast<std::size_t>(r.origin->provenance)];
  return counts;
}

std::string audit_text(const std::vector<AuditRow>& rows) {
  std::string out =
      fmt::format("{:<20} {:<26} {:<34} {:<5} {:<11} {:<13} {}\n", "KIND", "ID", "NAME", "POWER", "VALUE", "PROVENANCE", "SOURCE");
  std::map<std::string, std::array<int, kProvenances>> per_kind;
  for (const AuditRow& r : rows) {
    out += fmt::format("{:<20} {:<26} {:<34} {:<5} {:<11} {:<13} {}\n", r.kind, r.id, r.name, r.power ? power_name(*r.power) : "", r.value,
                       provenance_name(r.origin->provenance), r.origin->source);
    for (const StatedField& s : r.origin->stated)
      out += fmt::format("{:<20}   {} is {}: {}\n", "", s.field, provenance_name(s.provenance), s.source);
    ++per_kind[r.kind][static_cast<std::size_t>(r.origin->provenance)];
  }
  out += fmt::format("\n{:<22} {:>9} {:>12} {:>12} {:>14} {:>6}\n", "COUNTS", "rulebook", "rulebook-it", "rulebook-ru", "reconstructed",
                     "total");
  auto line = [&](const std::string& name, const std::array<int, kProvenances>& c) {
    out += fmt::format("{:<22} {:>9} {:>12} {:>12} {:>14} {:>6}\n", name, c[0], c[1], c[2], c[3], c[0] + c[1] + c[2] + c[3]);
  };
  for (const auto& [kind, counts] : per_kind) line(kind, counts);
  line("all", provenance_counts(rows));
  out += "\nReconstructed data is the project's own design, not the printed game (docs/data.md).\n";
  return out;
}

nlohmann::json audit_json(const Data& data, const std::vector<AuditRow>& rows) {
  nlohmann::json list = nlohmann::json::array();
  for (const AuditRow& r : rows) {
    nlohmann::json stated = nlohmann::json::array();
    for (const StatedField& s : r.origin->stated)
      stated.push_back({{"field", s.field}, {"provenance", provenance_name(s.provenance)}, {"source", s.source}});
    list.push_back({{"kind", r.kind},
                    {"id", r.id},
                    {"name", r.name},
                    {"power", r.power ? nlohmann::json(power_name(*r.power)) : nlohmann::json(nullptr)},
                    {"value", r.value.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.value)},
                    {"provenance", provenance_name(r.origin->provenance)},
                    {"source", r.origin->source},
                    {"stated", stated}});
  }
  const auto c = provenance_counts(rows);
  nlohmann::json counts;
  for (int p = 0; p < kProvenances; ++p) counts[std::string(provenance_name(static_cast<Provenance>(p)))] = c[static_cast<std::size_t>(p)];
  return {{"data_hash", data.hash}, {"counts", counts}, {"rows", list}};
}

}  // namespace churchill
