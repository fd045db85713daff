#include "churchill/data_reader.h"

namespace churchill::detail {

std::vector<std::string> Node::string_or_strings(const char* key) const {
  const json& v = at(key);
  std::vector<std::string> out;
  if (v.is_string())
    out.push_back(v.get<std::string>());
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
    if (field != "order" && !has(field.c_str())) fail("stated", fmt::format("names \"{}\", which is not a field of this entry", field));
    Node f(entry, where() + ": stated." + field);
    f.allow({"provenance", "source"});
    o.stated.push_back({field, read_provenance(f, "provenance"), f.str("source")});
  }
  return o;
}

std::uint8_t Ids::add(const Node& entry) {
  constexpr std::size_t kLimit = 250;
  if (size() >= kLimit) {
    entry.str("id");  // a missing or empty id is the first error, as for any entry
    entry.fail("id", "too many entries");
  }
  return core::Ids::add(entry, kLimit);
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
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer()) n.fail(key, "must be [lo, hi]");
  const int a = v[0].get<int>(), b = v[1].get<int>();
  if (a > b || a < lo || b > hi) n.fail(key, fmt::format("must be [lo, hi] within {}..{}", lo, hi));
  return {static_cast<std::int8_t>(a), static_cast<std::int8_t>(b)};
}

}  // namespace churchill::detail
