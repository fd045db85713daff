#include "warroom/data_reader.h"

#include <algorithm>
#include <fstream>

namespace warroom::detail {

void Node::fail(std::string_view field, std::string_view message) const {
  throw DataError(fmt::format("{}: field \"{}\": {}", where_, field, message));
}

void Node::fail(std::string_view message) const { throw DataError(fmt::format("{}: {}", where_, message)); }

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

double Node::number(const char* key, double lo, double hi) const {
  const json& v = at(key);
  if (!v.is_number() || v.get<double>() < lo || v.get<double>() > hi)
    fail(key, fmt::format("must be a number {}..{}", lo, hi));
  return v.get<double>();
}

bool Node::boolean(const char* key) const {
  const json& v = at(key);
  if (!v.is_boolean()) fail(key, "must be true or false");
  return v.get<bool>();
}

bool Node::opt_boolean(const char* key, bool absent) const { return has(key) ? boolean(key) : absent; }

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

Node Node::child(const char* key) const {
  const json& v = at(key);
  if (!v.is_object()) fail(key, "must be a JSON object");
  return Node(v, where_ + ": " + key);
}

std::vector<std::string> Node::strings(const char* key) const {
  const json& v = at(key);
  if (!v.is_array()) fail(key, "must be an array of strings");
  std::vector<std::string> out;
  for (const json& e : v) {
    if (!e.is_string() || e.get_ref<const std::string&>().empty()) fail(key, "must be an array of non-empty strings");
    out.push_back(e.get<std::string>());
  }
  return out;
}

Nation Node::nation(const char* key) const {
  const std::string id = str(key);
  auto n = nation_from_id(id);
  if (!n) fail(key, fmt::format("unknown nation \"{}\" (CHN, BC, USSR, US, GER, ITA or JPN)", id));
  return *n;
}

Nation Node::opt_nation(const char* key) const { return has(key) ? nation(key) : kNoNation; }

UnitKind Node::unit(const char* key) const {
  const std::string id = str(key);
  auto k = unit_from_id(id);
  if (!k) fail(key, fmt::format("unknown unit type \"{}\"", id));
  return *k;
}

Resources Node::resources(const char* key) const {
  const Node r = child(key);
  r.allow({"oil", "iron", "osr"});
  return Resources{static_cast<std::int16_t>(r.opt_integer("oil", 0, 99, 0)),
                   static_cast<std::int16_t>(r.opt_integer("iron", 0, 99, 0)),
                   static_cast<std::int16_t>(r.opt_integer("osr", 0, 99, 0))};
}

std::array<std::uint8_t, kUnitTypes> Node::unit_counts(const char* key, int max) const {
  const Node c = child(key);
  std::array<std::uint8_t, kUnitTypes> out{};
  for (const auto& [name, value] : c.value().items()) {
    auto k = unit_from_id(name);
    if (!k || *k == UnitKind::CarrierFighter) c.fail(name, "unknown unit type (inf, art, arm, ftr, bmb, sub, ca, cv, bb)");
    out[static_cast<std::size_t>(index(*k))] = static_cast<std::uint8_t>(c.integer(name.c_str(), 0, max));
  }
  return out;
}

namespace {
Provenance provenance_of(const Node& n, const char* key) {
  const std::string s = n.str(key);
  if (s == "rulebook") return Provenance::Rulebook;
  if (s == "reconstructed") return Provenance::Reconstructed;
  n.fail(key, fmt::format("unknown provenance \"{}\" (rulebook or reconstructed)", s));
}
}  // namespace

Origin Node::origin() const {
  Origin o{provenance_of(*this, "provenance"), str("source"), {}};
  if (has("stated")) {
    const Node st = child("stated");
    for (const auto& [field, _] : st.value().items()) {
      if (!j_->contains(field)) st.fail(field, fmt::format("\"{}\", which is not a field of the entry", field));
      const Node f = st.child(field.c_str());
      f.allow({"provenance", "source"});
      o.stated.push_back({field, provenance_of(f, "provenance"), f.str("source")});
      if (o.stated.back().provenance == o.provenance)
        f.fail("provenance", "a stated field must differ from the entry's provenance");
    }
  }
  return o;
}

std::uint8_t Ids::add(const Node& entry, std::size_t limit) {
  const std::string id = entry.str("id");
  if (index_.size() >= limit) entry.fail(fmt::format("too many {} entries (at most {})", kind_, limit));
  if (!index_.emplace(id, static_cast<std::uint8_t>(index_.size())).second)
    entry.fail("id", fmt::format("duplicate {} id \"{}\"", kind_, id));
  return static_cast<std::uint8_t>(index_.size() - 1);
}

std::uint8_t Ids::resolve(const Node& n, std::string_view field, const std::string& id) const {
  auto it = index_.find(id);
  if (it == index_.end()) n.fail(field, fmt::format("unknown {} \"{}\"", kind_, id));
  return it->second;
}

std::uint8_t Ids::find(std::string_view id) const {
  auto it = index_.find(std::string(id));
  return it == index_.end() ? kNone : it->second;
}

Document read_document(const std::filesystem::path& dir, const char* name, const char* kind) {
  const std::filesystem::path path = dir / name;
  Document d{(path.parent_path().filename() / name).string(), {}};
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataError(fmt::format("{}: cannot read the file", path.string()));
  try {
    d.root = json::parse(in);
  } catch (const json::parse_error& e) {
    throw DataError(fmt::format("{}: not valid JSON: {}", d.file, e.what()));
  }
  const Node n = d.node();
  if (!n.value().is_object()) n.fail("must be a JSON object");
  if (n.str("kind") != kind) n.fail("kind", fmt::format("must be \"{}\"", kind));
  return d;
}

}  // namespace warroom::detail
