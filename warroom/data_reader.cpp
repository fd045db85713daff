#include "warroom/data_reader.h"

namespace warroom::detail {

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
  return Resources{static_cast<std::int16_t>(r.opt_integer("oil", 0, 99, 0)), static_cast<std::int16_t>(r.opt_integer("iron", 0, 99, 0)),
                   static_cast<std::int16_t>(r.opt_integer("osr", 0, 99, 0))};
}

UnitTypeArray<std::uint8_t> Node::unit_counts(const char* key, int max) const {
  const Node c = child(key);
  UnitTypeArray<std::uint8_t> out{};
  for (const auto& [name, value] : c.value().items()) {
    auto k = unit_from_id(name);
    if (!k || *k == UnitKind::CarrierFighter) c.fail(name, "unknown unit type (inf, art, arm, ftr, bmb, sub, ca, cv, bb)");
    out[*k] = static_cast<std::uint8_t>(c.integer(name.c_str(), 0, max));
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
      if (!value().contains(field)) st.fail(field, fmt::format("\"{}\", which is not a field of the entry", field));
      const Node f = st.child(field.c_str());
      f.allow({"provenance", "source"});
      o.stated.push_back({field, provenance_of(f, "provenance"), f.str("source")});
      if (o.stated.back().provenance == o.provenance) f.fail("provenance", "a stated field must differ from the entry's provenance");
    }
  }
  return o;
}

}  // namespace warroom::detail
