#include "churchill/data_reader.h"

#include <algorithm>

namespace churchill::detail {

const json& Node::at(const char* key) const {
  if (!j_->is_object()) fail("must be a JSON object");
  auto it = j_->find(key);
  if (it == j_->end()) fail(key, "missing");
  return *it;
}

std::string Node::str(const char* key) const {
  const json& v = at(key);
  if (!v.is_string() || v.get_ref<const std::string&>().empty()) fail(key, "must be a non-empty string");
  return v.get<std::string>();
}

std::string Node::opt_str(const char* key) const { return has(key) ? str(key) : std::string(); }

int Node::integer(const char* key, int lo, int hi) const {
  const json& v = at(key);
  if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
    fail(key, fmt::format("must be an integer {}..{}", lo, hi));
  return v.get<int>();
}

int Node::opt_integer(const char* key, int lo, int hi, int absent) const {
  return has(key) ? integer(key, lo, hi) : absent;
}

bool Node::boolean(const char* key) const {
  const json& v = at(key);
  if (!v.is_boolean()) fail(key, "must be true or false");
  return v.get<bool>();
}

void Node::allow(std::initializer_list<std::string_view> keys) const {
  if (!j_->is_object()) fail("must be a JSON object");
  for (const auto& [key, _] : j_->items())
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) fail(key, "unknown field");
}

std::vector<Node> Node::array(const char* key) const {
  const json& v = at(key);
  if (!v.is_array()) fail(key, "must be an array");
  std::vector<Node> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const json& e = v[i];
    std::string where = fmt::format("{}: {}[{}]", where_, key, i);
    if (e.is_object() && e.contains("id") && e["id"].is_string())
      where += fmt::format(" (id \"{}\")", e["id"].get<std::string>());
    out.emplace_back(e, std::move(where));
  }
  return out;
}

std::vector<std::string> Node::strings(const char* key) const {
  const json& v = at(key);
  std::vector<std::string> out;
  if (v.is_string()) out.push_back(v.get<std::string>());
  else if (v.is_array() && !v.empty()) {
    for (const json& e : v) {
      if (!e.is_string()) fail(key, "must be a string or an array of strings");
      out.push_back(e.get<std::string>());
    }
  } else {
    fail(key, "must be a string or a non-empty array of strings");
  }
  return out;
}

Power Node::power(const char* key) const {
  const std::string name = str(key);
  auto p = power_from_name(name);
  if (!p) fail(key, fmt::format("unknown power \"{}\" (UK, US or USSR)", name));
  return *p;
}

namespace {

Provenance read_provenance(const Node& n, const char* key) {
  const std::string name = n.str(key);
  for (int i = 0; i < kProvenances; ++i)
    if (provenance_name(static_cast<Provenance>(i)) == name) return static_cast<Provenance>(i);
  n.fail(key, fmt::format("unknown provenance \"{}\" (rulebook, rulebook-it, rulebook-ru, reconstructed)", name));
}

}  // namespace

Origin Node::origin() const {
  Origin o;
  o.provenance = read_provenance(*this, "provenance");
  o.source = str("source");
  if (!has("stated")) return o;
  const json& stated = at("stated");
  if (!stated.is_object() || stated.empty()) fail("stated", "must be a non-empty object");
  for (const auto& [field, entry] : stated.items()) {
    if (field != "order" && !has(field.c_str()))
      fail("stated", fmt::format("names \"{}\", which is not a field of this entry", field));
    Node f(entry, where_ + ": stated." + field);
    f.allow({"provenance", "source"});
    o.stated.push_back({field, read_provenance(f, "provenance"), f.str("source")});
  }
  return o;
}

std::uint8_t Ids::add(const Node& entry) {
  const std::string id = entry.str("id");
  if (index_.size() >= 250) entry.fail("id", "too many entries");
  auto [it, inserted] = index_.emplace(id, static_cast<std::uint8_t>(index_.size()));
  if (!inserted) entry.fail("id", fmt::format("duplicate {} id \"{}\"", kind_, id));
  return it->second;
}

std::uint8_t Ids::resolve(const Node& n, std::string_view field, const std::string& id) const {
  const std::uint8_t i = find(id);
  if (i == kNone) n.fail(field, fmt::format("unknown {} \"{}\"", kind_, id));
  return i;
}

std::uint8_t Ids::find(std::string_view id) const {
  auto it = index_.find(std::string(id));
  return it == index_.end() ? kNone : it->second;
}

Dice parse_dice(const Node& n, const char* key) {
  const std::string s = n.str(key);
  const auto d = s.find('d');
  Dice dice;
  if (d == 1 && s.size() >= 3 && s[0] >= '1' && s[0] <= '3') {
    dice.count = static_cast<std::uint8_t>(s[0] - '0');
    const std::string sides = s.substr(2);
    if (sides == "6" || sides == "10") dice.sides = static_cast<std::uint8_t>(std::stoi(sides));
  }
  if (dice.sides == 0) n.fail(key, fmt::format("\"{}\" is not a roll of the game's dice (1d6, 2d6, 1d10)", s));
  return dice;
}

Range parse_range(const Node& n, const char* key, int lo, int hi) {
  const json& v = n.at(key);
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer())
    n.fail(key, "must be [lo, hi]");
  const int a = v[0].get<int>(), b = v[1].get<int>();
  if (a > b || a < lo || b > hi) n.fail(key, fmt::format("must be [lo, hi] within {}..{}", lo, hi));
  return {static_cast<std::int8_t>(a), static_cast<std::int8_t>(b)};
}

}  // namespace churchill::detail
