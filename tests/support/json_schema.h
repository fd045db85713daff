// A JSON Schema validator for the subset of draft 2020-12 that schema/view.schema.json uses: type,
// properties, required, additionalProperties, items, enum, const, anyOf, allOf, $ref to
// "#/$defs/...", minimum, maximum, unevaluatedProperties (false: no property that neither the schema
// nor its allOf and $ref name), and the annotations (title, description, $comment, $schema, $id, $defs). A
// schema using any other keyword is refused (`unsupported`), so no rule of the schema is silently
// skipped. The errors name the JSON pointer of the value that breaks a rule.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace test_support {

class JsonSchema {
 public:
  explicit JsonSchema(nlohmann::json root) : root_(std::move(root)) {}

  // The keywords of `schema` (and of every schema inside it) this validator does not know.
  std::vector<std::string> unsupported() const {
    std::vector<std::string> out;
    unsupported_in(root_, "", out);
    return out;
  }

  // Why `value` does not match the schema: one line per broken rule (empty: it matches).
  std::vector<std::string> errors(const nlohmann::json& value) const {
    std::vector<std::string> out;
    check(root_, value, "", out);
    return out;
  }

 private:
  static const std::set<std::string>& known() {
    static const std::set<std::string> k{"$schema",
                                         "$id",
                                         "$defs",
                                         "$ref",
                                         "$comment",
                                         "title",
                                         "description",
                                         "type",
                                         "properties",
                                         "required",
                                         "additionalProperties",
                                         "items",
                                         "enum",
                                         "const",
                                         "anyOf",
                                         "allOf",
                                         "minimum",
                                         "maximum",
                                         "unevaluatedProperties"};
    return k;
  }

  static void unsupported_in(const nlohmann::json& s, const std::string& at, std::vector<std::string>& out) {
    if (s.is_boolean()) return;
    if (!s.is_object()) return out.push_back(at + ": a schema must be an object or a boolean");
    for (const auto& [k, v] : s.items()) {
      if (!known().count(k)) out.push_back(at + "/" + k);
      if (k == "properties" || k == "$defs")
        for (const auto& [name, sub] : v.items()) unsupported_in(sub, at + "/" + k + "/" + name, out);
      if (k == "items" || k == "additionalProperties") unsupported_in(v, at + "/" + k, out);
      if (k == "anyOf" || k == "allOf")
        for (std::size_t i = 0; i < v.size(); ++i) unsupported_in(v[i], at + "/" + k + "/" + std::to_string(i), out);
      if (k == "unevaluatedProperties" && v != false) out.push_back(at + "/unevaluatedProperties: only false is checked");
    }
  }

  const nlohmann::json& resolve(const std::string& ref) const {
    static const std::string prefix = "#/$defs/";
    if (ref.rfind(prefix, 0) != 0 || !root_["$defs"].contains(ref.substr(prefix.size())))
      throw std::runtime_error("unresolved $ref " + ref);
    return root_["$defs"][ref.substr(prefix.size())];
  }

  static bool has_type(const nlohmann::json& v, const std::string& t) {
    if (t == "null") return v.is_null();
    if (t == "boolean") return v.is_boolean();
    if (t == "object") return v.is_object();
    if (t == "array") return v.is_array();
    if (t == "string") return v.is_string();
    if (t == "integer")
      return v.is_number_integer() ||
             (v.is_number_float() && v.get<double>() == static_cast<double>(static_cast<long long>(v.get<double>())));
    if (t == "number") return v.is_number();
    return false;
  }

  void check(const nlohmann::json& s, const nlohmann::json& v, const std::string& at, std::vector<std::string>& out) const {
    if (s.is_boolean()) {
      if (!s.get<bool>()) out.push_back((at.empty() ? "/" : at) + ": not allowed");
      return;
    }
    if (s.contains("$ref")) check(resolve(s["$ref"]), v, at, out);
    const std::string where = at.empty() ? "/" : at;
    if (s.contains("type")) {
      const nlohmann::json types = s["type"].is_array() ? s["type"] : nlohmann::json::array({s["type"]});
      bool any = false;
      for (const auto& t : types) any = any || has_type(v, t);
      if (!any) return out.push_back(where + ": " + v.dump().substr(0, 80) + " is not of type " + s["type"].dump());
    }
    if (s.contains("const") && v != s["const"]) out.push_back(where + ": not " + s["const"].dump());
    if (s.contains("enum") && std::find(s["enum"].begin(), s["enum"].end(), v) == s["enum"].end())
      out.push_back(where + ": " + v.dump().substr(0, 80) + " is none of " + s["enum"].dump());
    if (v.is_number() && s.contains("minimum") && v.get<double>() < s["minimum"].get<double>())
      out.push_back(where + ": below the minimum");
    if (v.is_number() && s.contains("maximum") && v.get<double>() > s["maximum"].get<double>())
      out.push_back(where + ": above the maximum");
    if (s.contains("anyOf")) {
      std::vector<std::string> first;
      bool matched = false;
      for (const auto& option : s["anyOf"]) {
        std::vector<std::string> e;
        check(option, v, at, e);
        if (e.empty())
          matched = true;
        else if (first.empty())
          first = e;
      }
      if (!matched) out.push_back(where + ": matches no option of anyOf (the first says: " + (first.empty() ? "" : first[0]) + ")");
    }
    if (s.contains("allOf"))
      for (const auto& part : s["allOf"]) check(part, v, at, out);
    if (v.is_object()) check_object(s, v, at, out);
    if (v.is_array() && s.contains("items"))
      for (std::size_t i = 0; i < v.size(); ++i) check(s["items"], v[i], at + "/" + std::to_string(i), out);
  }

  // The properties `s` names itself or through its allOf and $ref (unevaluatedProperties).
  void named(const nlohmann::json& s, std::set<std::string>& out) const {
    if (!s.is_object()) return;
    if (s.contains("properties"))
      for (const auto& [name, _] : s["properties"].items()) out.insert(name);
    if (s.contains("$ref")) named(resolve(s["$ref"]), out);
    if (s.contains("allOf"))
      for (const auto& part : s["allOf"]) named(part, out);
  }

  void check_object(const nlohmann::json& s, const nlohmann::json& v, const std::string& at, std::vector<std::string>& out) const {
    if (s.contains("unevaluatedProperties")) {
      std::set<std::string> known_here;
      named(s, known_here);
      for (const auto& [name, _] : v.items())
        if (!known_here.count(name)) out.push_back(at + "/" + name + ": not a field the schema lists");
    }
    if (s.contains("required"))
      for (const auto& name : s["required"])
        if (!v.contains(name.get<std::string>())) out.push_back((at.empty() ? "/" : at) + ": lacks " + name.get<std::string>());
    for (const auto& [name, value] : v.items()) {
      const std::string path = at + "/" + name;
      if (s.contains("properties") && s["properties"].contains(name))
        check(s["properties"][name], value, path, out);
      else if (s.contains("additionalProperties"))
        check(s["additionalProperties"], value, path, out);
    }
  }

  nlohmann::json root_;
};

}  // namespace test_support
