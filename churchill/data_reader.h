// Internal to the data loader: reading JSON entries with errors that name file, entry and field.
#pragma once

#include <fmt/format.h>

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "churchill/data.h"

namespace churchill::detail {

using nlohmann::json;

// One JSON value and where it is ("issues.json: issues[3] (id \"uk-production\")").
class Node {
 public:
  Node(const json& j, std::string where) : j_(&j), where_(std::move(where)) {}

  const json& value() const { return *j_; }
  const std::string& where() const { return where_; }

  [[noreturn]] void fail(std::string_view field, std::string_view message) const {
    throw DataError(fmt::format("{}: field \"{}\": {}", where_, field, message));
  }
  [[noreturn]] void fail(std::string_view message) const {
    throw DataError(fmt::format("{}: {}", where_, message));
  }

  bool has(const char* key) const { return j_->is_object() && j_->contains(key); }
  const json& at(const char* key) const;
  std::string str(const char* key) const;                 // a required non-empty string
  std::string opt_str(const char* key) const;             // "" when absent
  int integer(const char* key, int lo, int hi) const;     // a required integer in [lo, hi]
  int opt_integer(const char* key, int lo, int hi, int absent) const;
  bool boolean(const char* key) const;
  // Every key must be one of these (a misspelt field is an error, not silently ignored).
  void allow(std::initializer_list<std::string_view> keys) const;
  // The elements of an array field, each located as "key[i]" (and its id, if it has one).
  std::vector<Node> array(const char* key) const;
  Node child(const char* key) const { return Node(at(key), where_ + ": " + key); }
  // A string or an array of strings, as a list.
  std::vector<std::string> strings(const char* key) const;

  Power power(const char* key) const;
  Origin origin() const;  // provenance, source, stated

 private:
  const json* j_;
  std::string where_;
};

// The ids of one kind of entry, and their indices.
class Ids {
 public:
  explicit Ids(std::string kind) : kind_(std::move(kind)) {}
  // Registers the entry's "id"; a duplicate is an error.
  std::uint8_t add(const Node& entry);
  // The index of `id`, or an error naming the field.
  std::uint8_t resolve(const Node& n, std::string_view field, const std::string& id) const;
  std::uint8_t find(std::string_view id) const;
  std::size_t size() const { return index_.size(); }

 private:
  std::string kind_;
  std::unordered_map<std::string, std::uint8_t> index_;
};

// The id registries the files refer to each other through.
struct Registry {
  Ids issues{"issue"}, theaters{"theater"}, spaces{"space"}, fronts{"front"},
      locations{"location"}, leaders{"leader"}, a_bomb{"A-Bomb track space"}, axis{"Axis power"};
};

// One data file, parsed.
struct Document {
  std::string file;  // as shown in messages: "churchill/map.json"
  json root;
  Node node() const { return Node(root, file); }
};

Dice parse_dice(const Node& n, const char* key);
Range parse_range(const Node& n, const char* key, int lo, int hi);

// Effects of Staff and Leader cards, and of Conference-card bands (data_effects.cpp).
enum class EffectSource { Card, Conference };
std::vector<Effect> read_effects(const Node& entry, EffectSource source, const Registry& ids);

// The loaders of each file; they fill `data` and register ids for the files read after them.
void load_leaders(const Document& doc, Registry& ids, Data& data);                   // data_cards.cpp
void load_staff(const Document& doc, Power power, const Registry& ids, Data& data);  // data_cards.cpp
void load_conferences(const Document& doc, const Registry& ids, Data& data);         // data_cards.cpp
void load_scenarios(const Document& doc, const Registry& ids, Data& data);           // data_scenarios.cpp
void load_victory(const Document& doc, const Registry& ids, Data& data);             // data_scenarios.cpp

}  // namespace churchill::detail
