// `warroom data audit`: every datum of the data set with its provenance (design §3.1).
#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>

#include "warroom/data.h"

namespace warroom {

namespace {

std::string resources_text(const Resources& r) { return fmt::format("{}/{}/{}", r.oil, r.iron, r.osr); }

std::string units_text(const UnitTypeArray<std::uint8_t>& units) {
  std::string out;
  for (int k = 0; k < kUnitTypes; ++k)
    if (units[type_at(k)]) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", units[type_at(k)], unit_id(type_at(k)));
  return out;
}

void add_rules_data(const Data& d, std::vector<AuditRow>& rows) {
  for (const NationInfo& n : d.nations)
    rows.push_back({"nation", n.id, n.name,
                    fmt::format("{}, {} orders, capital {}", alliance_id(n.alliance), n.order_limit, d.region(n.capital).id), &n.origin});
  for (const UnitInfo& u : d.units) {
    rows.push_back(
        {"unit", u.id, u.name,
         fmt::format("{} {}, cost {}, {} CP", category_id(u.category), colour_id(u.colour), resources_text(u.cost), u.casualty_points),
         &u.origin});
    for (std::uint8_t i = 0; i < u.stances; ++i) {
      const Stance& s = u.stance[i];
      rows.push_back({"stance", u.id + "/" + s.id, s.name,
                      fmt::format("air {} surface {} steps {}{}{}", s.air_dice, s.surface_dice, s.steps, s.light_box ? " light" : "",
                                  s.special == Special::None ? "" : fmt::format(" {}", special_id(s.special))),
                      &s.origin});
    }
  }
  rows.push_back({"goods", "goods", "Civilian Goods", fmt::format("{} resources, any mix", d.goods.cost_any), &d.goods.origin});
  for (const ZoneInfo& z : d.morale.zones) rows.push_back({"zone", z.id, z.name, z.penalty, &z.origin});
  rows.push_back({"casualty-chart", "casualty-chart", "Casualty to Stress Conversion Chart",
                  fmt::format("1 Stress per {} CP", d.morale.beyond_per_cp), &d.morale.chart_origin});
  for (BoardSide side : {BoardSide::Front, BoardSide::Reverse})
    for (Nation n : kAllNations) {
      const Threshold& t = d.morale.thresholds[static_cast<std::size_t>(side)][n];
      rows.push_back(
          {"threshold", fmt::format("{}/{}", board_side_id(side), nation_id(n)), "Stress Threshold", std::to_string(t.value), &t.origin});
    }
  rows.push_back({"morale-rules", "morale-rules", "Relieve Stress and Blue Zone payment",
                  fmt::format("relieve {}, pay {}", d.morale.relieve_cost, d.morale.blue_payment), &d.morale.rules_origin});
}

std::string region_value(const Region& r) {
  if (r.neutral) {
    return fmt::format("{}, SV {}, defence {}{}", neutral_type_id(r.neutral->type), r.sv,
                       units_text(r.neutral->defense).empty() ? "none" : units_text(r.neutral->defense),
                       r.neutral->trade ? fmt::format(", trades {}", resource_id(*r.neutral->trade)) : "");
  }
  if (!r.is_territory()) return "";
  return fmt::format("{}, SV {}, income {}{}{}", nation_id(r.owner), r.sv, resources_text(r.income),
                     r.capital_of != kNoNation ? ", capital" : "", r.industry ? ", industry" : "");
}

void add_map(const Data& d, std::vector<AuditRow>& rows) {
  rows.push_back({"map", d.map_edition, "World map", d.map_notice, &d.map_origin});
  for (const Region& r : d.regions) {
    const std::string kind = r.neutral ? "neutral" : std::string(region_type_id(r.type));
    rows.push_back({kind, r.id, r.name, region_value(r), &r.origin});
    if (r.neutral) rows.push_back({"neutral-forces", r.id, r.name, region_value(r), &r.neutral->origin});
  }
  for (const Edge& e : d.edges)
    rows.push_back({"edge", fmt::format("{}~{}", d.region(e.a).id, d.region(e.b).id), "",
                    fmt::format("{}{}", edge_kind_id(e.kind), e.rail ? ", rail" : ""), &e.origin});
  for (const NonEdge& e : d.non_edges)
    rows.push_back({"non-edge", fmt::format("{}!{}", d.region(e.a).id, d.region(e.b).id), "", "not adjacent", &e.origin});
  for (const Passage& p : d.passages) {
    std::string keys;
    for (std::uint8_t i = 0; i < p.key_count; ++i) keys += (i ? "+" : "") + d.region(p.keys[i]).id;
    rows.push_back({"passage", p.id, p.name,
                    fmt::format("{}/{}, {} {}", d.region(p.sea_a).id, d.region(p.sea_b).id, passage_rule_id(p.rule), keys), &p.origin});
  }
  for (const Convoy& c : d.convoys) {
    const std::string ends = c.kind == ConvoyKind::Coastal
                                 ? d.region(c.linked).id
                                 : fmt::format("{}>{} {}", d.region(c.from).id, d.region(c.to).id, nation_id(c.flag));
    rows.push_back({"convoy", c.id, std::string(convoy_kind_id(c.kind)),
                    fmt::format("{} {} {}", d.region(c.sea).id, ends, resources_text(c.silhouettes)), &c.origin});
  }
}

void add_scenarios(const Data& d, std::vector<AuditRow>& rows) {
  for (const Scenario& s : d.scenarios) {
    std::string nations;
    for (Nation n : kAllNations)
      if (s.has(n)) nations += (nations.empty() ? "" : " ") + std::string(nation_id(n));
    rows.push_back({"scenario", s.id, s.name,
                    fmt::format("{}; {} regions in play; setup {}", nations, s.in_play.count(), s.setup_complete ? "complete" : "partial"),
                    &s.origin});
    for (const SetupCommand& c : s.commands)
      rows.push_back({"setup-command", fmt::format("{}/{}/{}", s.id, nation_id(c.nation), c.number), std::string(category_id(c.category)),
                      fmt::format("{}: {}", d.region(c.region).id, units_text(c.units)), &c.origin});
  }
}

}  // namespace

std::vector<AuditRow> audit_rows(const Data& data) {
  std::vector<AuditRow> rows;
  add_rules_data(data, rows);
  add_map(data, rows);
  add_scenarios(data, rows);
  return rows;
}

std::string audit_text(const std::vector<AuditRow>& rows) {
  std::string out = fmt::format("{:<15} {:<28} {:<30} {:<46} {:<13} {}\n", "KIND", "ID", "NAME", "VALUE", "PROVENANCE", "SOURCE");
  std::map<std::string, std::array<int, kProvenances>> per_kind;
  int stated = 0;
  for (const AuditRow& r : rows) {
    out += fmt::format("{:<15} {:<28} {:<30} {:<46} {:<13} {}\n", r.kind, r.id, r.name, r.value, provenance_id(r.origin->provenance),
                       r.origin->source);
    for (const StatedField& f : r.origin->stated)
      out +=
          fmt::format("{:<15} {:<28} {:<30} {:<46} {:<13} {}\n", "", "", "", "  field " + f.field, provenance_id(f.provenance), f.source);
    ++per_kind[r.kind][static_cast<std::size_t>(r.origin->provenance)];
    stated += static_cast<int>(r.origin->stated.size());
  }
  out += "\nKIND            RULEBOOK  RECONSTRUCTED\n";
  std::array<int, kProvenances> total{};
  for (const auto& [kind, counts] : per_kind) {
    out += fmt::format("{:<15} {:>8}  {:>13}\n", kind, counts[0], counts[1]);
    for (int i = 0; i < kProvenances; ++i) total[static_cast<std::size_t>(i)] += counts[static_cast<std::size_t>(i)];
  }
  out += fmt::format("{:<15} {:>8}  {:>13}\n", "total", total[0], total[1]);
  out += fmt::format("{} fields of entries are marked otherwise in their \"stated\" lists.\n", stated);
  return out;
}

std::string audit_json(const Data& data, const std::vector<AuditRow>& rows) {
  nlohmann::json out;
  out["data_hash"] = data.hash;
  out["map_notice"] = data.map_notice;
  nlohmann::json list = nlohmann::json::array();
  std::array<int, kProvenances> total{};
  for (const AuditRow& r : rows) {
    nlohmann::json row{{"kind", r.kind},
                       {"id", r.id},
                       {"name", r.name},
                       {"value", r.value},
                       {"provenance", provenance_id(r.origin->provenance)},
                       {"source", r.origin->source}};
    if (!r.origin->stated.empty()) {
      nlohmann::json st = nlohmann::json::object();
      for (const StatedField& f : r.origin->stated) st[f.field] = {{"provenance", provenance_id(f.provenance)}, {"source", f.source}};
      row["stated"] = std::move(st);
    }
    ++total[static_cast<std::size_t>(r.origin->provenance)];
    list.push_back(std::move(row));
  }
  out["counts"] = {{"rulebook", total[0]}, {"reconstructed", total[1]}};
  out["rows"] = std::move(list);
  return out.dump(1) + "\n";
}

}  // namespace warroom
