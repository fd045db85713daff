// Internal to the data loader: reading JSON entries with errors that name file, entry and field.
#pragma once

#include <fmt/format.h>

#include <array>
#include <string>

#include "core/data_reader.h"
#include "warroom/data.h"

namespace warroom::detail {

using core::json;

// One JSON value and where it is ("warroom/map.json: regions[3] (id \"G1\")"). A null field counts
// as absent (has() is false), and child() must be an object.
class Node : public core::DataNodeOf<Node> {
 public:
  Node(const json& j, std::string where) : DataNodeOf(j, std::move(where), kRules) {}
  explicit Node(core::DataNode n) : DataNodeOf(std::move(n)) {}

  Nation nation(const char* key) const;
  Nation opt_nation(const char* key) const;  // kNoNation when absent or null
  UnitKind unit(const char* key) const;
  Resources resources(const char* key) const;  // {"oil": n, "iron": n, "osr": n}, missing ones 0
  // {"inf": 2, "arm": 1}: counts per unit type, each 0..max.
  UnitTypeArray<std::uint8_t> unit_counts(const char* key, int max) const;
  Origin origin() const;  // provenance, source, stated

 private:
  static constexpr core::ReadRules kRules{.null_is_absent = true, .child_must_be_object = true};
};

// The string ids of one kind of entry and their indices.
using core::Ids;

// One data file, parsed ("warroom/map.json").
using Document = core::DataDocument<Node>;

void load_nations(const Document& doc, Data& data);    // data_load.cpp; needs the regions for capitals
void load_units(const Document& doc, Data& data);      // data_load.cpp
void load_morale(const Document& doc, Data& data);     // data_load.cpp
void load_map(const Document& doc, Data& data);        // data_map.cpp
void build_tables(Data& data);                         // map.cpp
void load_scenarios(const Document& doc, Data& data);  // data_scenarios.cpp

}  // namespace warroom::detail
