// Internal to the data loader: reading JSON entries with errors that name file, entry and field.
#pragma once

#include <fmt/format.h>

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "warroom/data.h"

namespace warroom::detail {

using nlohmann::json;

// One JSON value and where it is ("warroom/map.json: regions[3] (id \"G1\")").
class Node {
 public:
  Node(const json& j, std::string where) : j_(&j), where_(std::move(where)) {}

  const json& value() const { return *j_; }
  const std::string& where() const { return where_; }

  [[noreturn]] void fail(std::string_view field, std::string_view message) const;
  [[noreturn]] void fail(std::string_view message) const;

  bool has(const char* key) const { return j_->is_object() && j_->contains(key) && !(*j_)[key].is_null(); }
  const json& at(const char* key) const;
  std::string str(const char* key) const;                 // a required non-empty string
  std::string opt_str(const char* key) const;             // "" when absent
  int integer(const char* key, int lo, int hi) const;     // a required integer in [lo, hi]
  int opt_integer(const char* key, int lo, int hi, int absent) const;
  double number(const char* key, double lo, double hi) const;
  bool boolean(const char* key) const;
  bool opt_boolean(const char* key, bool absent) const;
  // Every key must be one of these (a misspelt field is an error, not silently ignored).
  void allow(std::initializer_list<std::string_view> keys) const;
  // The elements of an array field, each located as "key[i]" (and its id, if it has one).
  std::vector<Node> array(const char* key) const;
  Node child(const char* key) const;  // an object field
  std::vector<std::string> strings(const char* key) const;  // an array of non-empty strings

  Nation nation(const char* key) const;
  Nation opt_nation(const char* key) const;  // kNoNation when absent or null
  UnitKind unit(const char* key) const;
  Resources resources(const char* key) const;  // {"oil": n, "iron": n, "osr": n}, missing ones 0
  // {"inf": 2, "arm": 1}: counts per unit type, each 0..max.
  std::array<std::uint8_t, kUnitTypes> unit_counts(const char* key, int max) const;
  Origin origin() const;  // provenance, source, stated

 private:
  const json* j_;
  std::string where_;
};

// The string ids of one kind of entry and their indices.
class Ids {
 public:
  explicit Ids(std::string kind) : kind_(std::move(kind)) {}
  std::uint8_t add(const Node& entry, std::size_t limit);  // registers "id"; a duplicate is an error
  std::uint8_t resolve(const Node& n, std::string_view field, const std::string& id) const;
  std::uint8_t find(std::string_view id) const;            // kNone if absent
  std::size_t size() const { return index_.size(); }

 private:
  std::string kind_;
  std::unordered_map<std::string, std::uint8_t> index_;
};

// One data file, parsed.
struct Document {
  std::string file;  // as shown in messages: "warroom/map.json"
  json root;
  Node node() const { return Node(root, file); }
};

Document read_document(const std::filesystem::path& dir, const char* name, const char* kind);

void load_nations(const Document& doc, Data& data);     // data_load.cpp; needs the regions for capitals
void load_units(const Document& doc, Data& data);       // data_load.cpp
void load_morale(const Document& doc, Data& data);      // data_load.cpp
void load_map(const Document& doc, Data& data);         // data_map.cpp
void build_tables(Data& data);                          // map.cpp
void load_scenarios(const Document& doc, Data& data);   // data_scenarios.cpp

}  // namespace warroom::detail
