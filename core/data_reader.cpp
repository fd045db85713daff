#include "core/data_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/hash.h"

namespace core {

void DataNode::fail(std::string_view field, std::string_view message) const {
  throw DataError(fmt::format("{}: field \"{}\": {}", where_, field, message));
}

void DataNode::fail(std::string_view message) const { throw DataError(fmt::format("{}: {}", where_, message)); }

bool DataNode::has(const char* key) const {
  return j_->is_object() && j_->contains(key) && !(rules_.null_is_absent && (*j_)[key].is_null());
}

const json& DataNode::at(const char* key) const {
  if (!j_->is_object()) fail("must be a JSON object");
  auto it = j_->find(key);
  if (it == j_->end()) fail(key, "missing");
  return *it;
}

std::string DataNode::str(const char* key) const {
  const json& v = at(key);
  if (!v.is_string() || v.get_ref<const std::string&>().empty()) fail(key, "must be a non-empty string");
  return v.get<std::string>();
}

std::string DataNode::opt_str(const char* key) const { return has(key) ? str(key) : std::string(); }

int DataNode::integer(const char* key, int lo, int hi) const {
  const json& v = at(key);
  if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
    fail(key, fmt::format("must be an integer {}..{}", lo, hi));
  return v.get<int>();
}

int DataNode::opt_integer(const char* key, int lo, int hi, int absent) const { return has(key) ? integer(key, lo, hi) : absent; }

double DataNode::number(const char* key, double lo, double hi) const {
  const json& v = at(key);
  if (!v.is_number() || v.get<double>() < lo || v.get<double>() > hi) fail(key, fmt::format("must be a number {}..{}", lo, hi));
  return v.get<double>();
}

bool DataNode::boolean(const char* key) const {
  const json& v = at(key);
  if (!v.is_boolean()) fail(key, "must be true or false");
  return v.get<bool>();
}

bool DataNode::opt_boolean(const char* key, bool absent) const { return has(key) ? boolean(key) : absent; }

void DataNode::allow(std::initializer_list<std::string_view> keys) const {
  if (!j_->is_object()) fail("must be a JSON object");
  for (const auto& [key, _] : j_->items())
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) fail(key, "unknown field");
}

std::vector<DataNode> DataNode::array(const char* key) const {
  const json& v = at(key);
  if (!v.is_array()) fail(key, "must be an array");
  std::vector<DataNode> out;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const json& e = v[i];
    std::string where = fmt::format("{}: {}[{}]", where_, key, i);
    if (e.is_object() && e.contains("id") && e["id"].is_string()) where += fmt::format(" (id \"{}\")", e["id"].get<std::string>());
    out.emplace_back(e, std::move(where), rules_);
  }
  return out;
}

DataNode DataNode::child(const char* key) const {
  const json& v = at(key);
  if (rules_.child_must_be_object && !v.is_object()) fail(key, "must be a JSON object");
  return DataNode(v, where_ + ": " + key, rules_);
}

std::vector<std::string> DataNode::strings(const char* key) const {
  const json& v = at(key);
  if (!v.is_array()) fail(key, "must be an array of strings");
  std::vector<std::string> out;
  for (const json& e : v) {
    if (!e.is_string() || e.get_ref<const std::string&>().empty()) fail(key, "must be an array of non-empty strings");
    out.push_back(e.get<std::string>());
  }
  return out;
}

std::uint8_t Ids::add(const DataNode& entry, std::size_t limit) {
  const std::string id = entry.str("id");
  if (index_.size() >= limit) entry.fail(fmt::format("too many {} entries (at most {})", kind_, limit));
  if (!index_.emplace(id, static_cast<std::uint8_t>(index_.size())).second)
    entry.fail("id", fmt::format("duplicate {} id \"{}\"", kind_, id));
  return static_cast<std::uint8_t>(index_.size() - 1);
}

std::uint8_t Ids::resolve(const DataNode& n, std::string_view field, const std::string& id) const {
  auto it = index_.find(id);
  if (it == index_.end()) n.fail(field, fmt::format("unknown {} \"{}\"", kind_, id));
  return it->second;
}

std::uint8_t Ids::find(std::string_view id) const {
  auto it = index_.find(std::string(id));
  return it == index_.end() ? kNone : it->second;
}

DataFile read_data_file(const std::filesystem::path& dir, const char* name, const char* kind) {
  const std::filesystem::path path = dir / name;
  DataFile d{(path.parent_path().filename() / name).string(), {}};
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataError(fmt::format("{}: cannot read the file", path.string()));
  try {
    d.root = json::parse(in);
  } catch (const json::parse_error& e) {
    throw DataError(fmt::format("{}: not valid JSON: {}", d.file, e.what()));
  }
  const DataNode n(d.root, d.file, ReadRules{});
  if (!n.value().is_object()) n.fail("must be a JSON object");
  if (n.str("kind") != kind) n.fail("kind", fmt::format("must be \"{}\"", kind));
  return d;
}

std::string hash_data_files(const std::filesystem::path& dir, std::string_view label, std::span<const char* const> names) {
  std::uint64_t h = fnv1a(label);
  for (const char* name : names) {
    std::ifstream in(dir / name, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    h = fnv1a(name, h);
    h = fnv1a(bytes.str(), h);
  }
  return to_hex(h);
}

}  // namespace core
