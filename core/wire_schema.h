// The schemas of what a title sends on the wire beside its words (docs/view.md "Each title's events
// and actions"): the view's "log_events" (each entry's event and its arguments) and "action_fields"
// (each legal action's kind and its arguments), one closed JSON Schema each, made from the title's
// own tables (warroom/log_json.cpp, churchill/log_json.cpp, ...) and stored under schema/. Each kind
// of event or action is one object of the union, told apart by its tag ("event" or "kind"); its
// arguments are typed as a number, a flag, or a data id of a named kind ("Nation", "Issue"...).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace core::wire {

// One argument: its name, its JSON Schema (integer(), ref("Nation"), ...) and whether it is always there.
struct Field {
  std::string name;
  nlohmann::json schema = {};
  bool required = true;
};
// One kind of event or action: its name (the tag's value) and its arguments.
struct Shape {
  std::string name;
  std::vector<Field> fields = {};
};

// What a schema document says: the union's name ("WarRoomLogEvent"), its description, its tag
// ("event"), the suffix of each kind's name ("Event": "round_begins" is RoundBeginsEvent), the
// arguments every kind has (rule...), the kinds, and the named kinds of data id ($defs by name).
struct Document {
  std::string name = {}, description = {}, tag = {}, suffix = {};
  std::vector<Field> common = {};
  std::vector<Shape> shapes = {};
  nlohmann::json kinds = nlohmann::json::object();
};

inline nlohmann::json integer() { return {{"type", "integer"}}; }
inline nlohmann::json flag() { return {{"type", "boolean"}}; }
inline nlohmann::json text() { return {{"type", "string"}}; }
inline nlohmann::json ref(std::string_view kind) { return {{"$ref", "#/$defs/" + std::string(kind)}}; }
// `schema` or null (an argument that may name nothing).
inline nlohmann::json or_null(nlohmann::json schema) { return {{"anyOf", {std::move(schema), {{"type", "null"}}}}}; }
// One of `values` (words, not data ids: "allied", "axis").
nlohmann::json one_of(const std::vector<std::string>& values);
// A named kind of data id: a string, or one of `values` where the code knows them all.
nlohmann::json id_kind(std::string_view name, std::string_view description, const std::vector<std::string>& values = {});

// "round_begins" and "cancel-stress" as type names: "RoundBegins", "CancelStress".
std::string type_name(std::string_view name);

// The JSON Schema (2020-12) of the document: an anyOf of one closed object per kind. Throws
// std::logic_error on two kinds of the same name or a kind named like a named kind.
nlohmann::json schema(const Document& d);

}  // namespace core::wire
