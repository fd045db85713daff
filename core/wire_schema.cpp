#include "core/wire_schema.h"

#include <stdexcept>

namespace core::wire {

nlohmann::json one_of(const std::vector<std::string>& values) { return {{"enum", values}}; }

nlohmann::json id_kind(std::string_view name, std::string_view description, const std::vector<std::string>& values) {
  nlohmann::json k = {{"title", name}, {"description", description}, {"type", "string"}};
  if (!values.empty()) k["enum"] = values;
  return k;
}

std::string type_name(std::string_view name) {
  std::string out;
  bool upper = true;
  for (const char c : name) {
    if (c == '_' || c == '-' || c == ' ') {
      upper = true;
      continue;
    }
    out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out;
}

namespace {

nlohmann::json shape_schema(const Document& d, const Shape& s) {
  nlohmann::json properties = nlohmann::json::object(), required = nlohmann::json::array();
  const auto add = [&](const Field& f) {
    properties[f.name] = f.schema;
    if (f.required) required.push_back(f.name);
  };
  for (const Field& f : d.common) add(f);
  properties[d.tag] = {{"const", s.name}};
  required.push_back(d.tag);
  for (const Field& f : s.fields) {
    if (properties.contains(f.name)) throw std::logic_error(d.name + ": " + s.name + " names " + f.name + " twice");
    add(f);
  }
  return {{"title", type_name(s.name) + d.suffix},
          {"type", "object"},
          {"properties", std::move(properties)},
          {"required", std::move(required)},
          {"additionalProperties", false}};
}

}  // namespace

nlohmann::json schema(const Document& d) {
  nlohmann::json defs = d.kinds, any = nlohmann::json::array();
  for (const Shape& s : d.shapes) {
    const std::string name = type_name(s.name) + d.suffix;
    if (defs.contains(name)) throw std::logic_error(d.name + ": two kinds named " + name);
    defs[name] = shape_schema(d, s);
    any.push_back(core::wire::ref(name));
  }
  return {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
          {"$comment",
           "Generated from the title's tables by tests/core/wire_schema_test.cpp (WIRE_SCHEMA_WRITE=1): do not edit. docs/view.md."},
          {"title", d.name},
          {"description", d.description},
          {"anyOf", std::move(any)},
          {"$defs", std::move(defs)}};
}

}  // namespace core::wire
