// Reading a title's JSON data files: every value knows where it is ("churchill/issues.json:
// issues[3] (id \"uk-production\")"), and every error names file, entry and field.
#pragma once

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/data_error.h"

namespace core {

using nlohmann::json;

// Where the titles read their files differently.
struct ReadRules {
  bool null_is_absent = false;        // has() is false for a field that is null
  bool child_must_be_object = false;  // child() of a non-object fails naming the field
};

// One JSON value and where it is. Titles derive their node from DataNodeOf (below) to add the
// readers of their own types.
class DataNode {
 public:
  DataNode(const json& j, std::string where, ReadRules rules) : j_(&j), where_(std::move(where)), rules_(rules) {}

  const json& value() const { return *j_; }
  const std::string& where() const { return where_; }

  [[noreturn]] void fail(std::string_view field, std::string_view message) const;
  [[noreturn]] void fail(std::string_view message) const;

  bool has(const char* key) const;
  const json& at(const char* key) const;
  std::string str(const char* key) const;              // a required non-empty string
  std::string opt_str(const char* key) const;          // "" when absent
  int integer(const char* key, int lo, int hi) const;  // a required integer in [lo, hi]
  int opt_integer(const char* key, int lo, int hi, int absent) const;
  double number(const char* key, double lo, double hi) const;
  bool boolean(const char* key) const;
  bool opt_boolean(const char* key, bool absent) const;
  // Every key must be one of these (a misspelt field is an error, not silently ignored).
  void allow(std::initializer_list<std::string_view> keys) const;
  // The elements of an array field, each located as "key[i]" (and its id, if it has one).
  std::vector<DataNode> array(const char* key) const;
  DataNode child(const char* key) const;
  std::vector<std::string> strings(const char* key) const;  // an array of non-empty strings

 private:
  const json* j_;
  std::string where_;
  ReadRules rules_;
};

// A title's node: array() and child() give the title's own node type.
template <class Self>
class DataNodeOf : public DataNode {
 public:
  DataNodeOf(const json& j, std::string where, ReadRules rules) : DataNode(j, std::move(where), rules) {}
  explicit DataNodeOf(DataNode n) : DataNode(std::move(n)) {}

  std::vector<Self> array(const char* key) const {
    std::vector<Self> out;
    for (DataNode& n : DataNode::array(key)) out.emplace_back(std::move(n));
    return out;
  }
  Self child(const char* key) const { return Self(DataNode::child(key)); }
};

// The string ids of one kind of entry and their indices.
class Ids {
 public:
  static constexpr std::uint8_t kNone = 0xff;

  explicit Ids(std::string kind) : kind_(std::move(kind)) {}
  std::uint8_t add(const DataNode& entry, std::size_t limit);  // registers "id"; a duplicate is an error
  // The index of `id`, or an error naming the field.
  std::uint8_t resolve(const DataNode& n, std::string_view field, const std::string& id) const;
  std::uint8_t find(std::string_view id) const;  // kNone if absent
  std::size_t size() const { return index_.size(); }

 private:
  std::string kind_;
  std::unordered_map<std::string, std::uint8_t> index_;
};

// One data file, parsed.
struct DataFile {
  std::string file;  // as shown in messages: "warroom/map.json"
  json root;
};

// Reads dir/name: a JSON object whose "kind" is `kind`.
DataFile read_data_file(const std::filesystem::path& dir, const char* name, const char* kind);

template <class Node>
struct DataDocument : DataFile {
  Node node() const { return Node(root, file); }
};

template <class Node>
DataDocument<Node> read_document(const std::filesystem::path& dir, const char* name, const char* kind) {
  return {read_data_file(dir, name, kind)};
}

// The hex digest of the files `names` of `dir`, in that order, recorded in save files: the same
// files give the same digest on every machine.
std::string hash_data_files(const std::filesystem::path& dir, std::string_view label, std::span<const char* const> names);

}  // namespace core
