// A JSON Schema validator for the subset of draft 2020-12 that schema/view.schema.json uses: type,
// properties, required, additionalProperties, items, enum, const, anyOf, allOf, $ref to
// "#/$defs/...", minimum, maximum, unevaluatedProperties (false: no property that neither the schema
// nor its allOf and $ref name), and the annotations (title, description, $comment, $schema, $id, $defs). A
// schema using any other keyword is refused (`unsupported`), so no rule of the schema is silently
// skipped. The errors name the JSON pointer of the value that breaks a rule.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace test_support {

class JsonSchema {
 public:
  explicit JsonSchema(nlohmann::json root) : root_(std::move(root)) { compile_all(); }
  JsonSchema(const JsonSchema&) = delete;  // its nodes point into root_ and one another

  // The keywords of `schema` (and of every schema inside it) this validator does not know.
  std::vector<std::string> unsupported() const {
    std::vector<std::string> out;
    unsupported_in(root_, "", out);
    return out;
  }

  // Why `value` does not match the schema: one line per broken rule (empty: it matches).
  std::vector<std::string> errors(const nlohmann::json& value) const {
    std::vector<std::string> out;
    check(*top_, value, Path{}, &out);
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

  static std::string child(const std::string& at, const std::string& key) {
    std::string path = at;
    path += '/';
    path += key;
    return path;
  }

  static void unsupported_in(const nlohmann::json& s, const std::string& at, std::vector<std::string>& out) {
    if (s.is_boolean()) return;
    if (!s.is_object()) return out.push_back(at + ": a schema must be an object or a boolean");
    for (const auto& [k, v] : s.items()) {
      if (!known().count(k)) out.push_back(child(at, k));
      if (k == "properties" || k == "$defs")
        for (const auto& [name, sub] : v.items()) unsupported_in(sub, child(child(at, k), name), out);
      if (k == "items" || k == "additionalProperties") unsupported_in(v, child(at, k), out);
      if (k == "anyOf" || k == "allOf")
        for (std::size_t i = 0; i < v.size(); ++i) unsupported_in(v[i], child(child(at, k), std::to_string(i)), out);
      if (k == "unevaluatedProperties" && v != false) out.push_back(at + "/unevaluatedProperties: only false is checked");
    }
  }

  // A schema made ready to check values with: its keywords read once (checking looks none up).
  struct Node {
    bool boolean = false, allowed = true;  // a boolean schema: true or false
    std::vector<std::string> types;        // empty: any
    std::string type_text;
    const nlohmann::json* constant = nullptr;
    const nlohmann::json* options = nullptr;  // enum
    const nlohmann::json* minimum = nullptr;
    const nlohmann::json* maximum = nullptr;
    const Node* ref = nullptr;
    std::vector<const Node*> any_of, all_of;
    std::map<std::string, const Node*, std::less<>> properties;
    const Node* additional = nullptr;
    const Node* items = nullptr;
    std::vector<std::string> required;
    bool closed = false;                       // unevaluatedProperties: false
    std::set<std::string, std::less<>> named;  // with closed: what it, its allOf and $ref name
  };

  // A value's place (a JSON pointer), made into text only for an error.
  struct Path {
    const Path* up = nullptr;
    const std::string* key = nullptr;
    std::size_t index = 0;
    std::string text() const {
      const std::string here = key ? "/" + *key : "/" + std::to_string(index);
      return up ? up->text() + here : std::string();
    }
  };
  static std::string where(const Path& at) {
    const std::string t = at.text();
    return t.empty() ? "/" : t;
  }

  Node& fresh() { return nodes_.emplace_back(); }

  void compile_all() {
    if (root_.contains("$defs"))
      for (const auto& [name, _] : root_["$defs"].items()) defs_[name] = &fresh();
    if (root_.contains("$defs"))
      for (const auto& [name, sub] : root_["$defs"].items()) compile(sub, *defs_[name]);
    Node& top = fresh();
    compile(root_, top);
    top_ = &top;
    for (Node& n : nodes_)
      if (n.closed) name_all(n, n.named);
  }

  const Node* compiled(const nlohmann::json& s) {
    Node& n = fresh();
    compile(s, n);
    return &n;
  }

  void compile(const nlohmann::json& s, Node& n) {
    if (s.is_boolean()) {
      n.boolean = true, n.allowed = s.get<bool>();
      return;
    }
    if (s.contains("$ref")) {
      static const std::string prefix = "#/$defs/";
      const std::string ref = s["$ref"];
      if (ref.rfind(prefix, 0) != 0 || !defs_.count(ref.substr(prefix.size()))) throw std::runtime_error("unresolved $ref " + ref);
      n.ref = defs_.at(ref.substr(prefix.size()));
    }
    if (s.contains("type")) {
      for (const auto& t : s["type"].is_array() ? s["type"] : nlohmann::json::array({s["type"]})) n.types.push_back(t);
      n.type_text = s["type"].dump();
    }
    const auto keyword = [&s](const char* k) { return s.contains(k) ? &s[k] : nullptr; };
    n.constant = keyword("const"), n.options = keyword("enum"), n.minimum = keyword("minimum"), n.maximum = keyword("maximum");
    if (s.contains("anyOf"))
      for (const auto& option : s["anyOf"]) n.any_of.push_back(compiled(option));
    if (s.contains("allOf"))
      for (const auto& part : s["allOf"]) n.all_of.push_back(compiled(part));
    if (s.contains("properties"))
      for (const auto& [name, sub] : s["properties"].items()) n.properties[name] = compiled(sub);
    if (s.contains("additionalProperties")) n.additional = compiled(s["additionalProperties"]);
    if (s.contains("items")) n.items = compiled(s["items"]);
    if (s.contains("required"))
      for (const auto& name : s["required"]) n.required.push_back(name);
    n.closed = s.contains("unevaluatedProperties");
  }

  // The properties `n` names itself or through its allOf and $ref (unevaluatedProperties).
  static void name_all(const Node& n, std::set<std::string, std::less<>>& out) {
    for (const auto& [name, _] : n.properties) out.insert(name);
    if (n.ref) name_all(*n.ref, out);
    for (const Node* part : n.all_of) name_all(*part, out);
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

  // Whether `v` matches `n`. With `out`, every broken rule is written there; without, the check stops
  // at the first (as an anyOf's options are tried).
  static bool check(const Node& n, const nlohmann::json& v, const Path& at, std::vector<std::string>* out) {
    bool ok = true;
    // A rule broken (`why` words it) or a part's check failed: true when the check stops there.
    const auto say = [&](const auto& why) {
      ok = false;
      if (out) out->push_back(where(at) + ": " + why());
      return !out;
    };
    const auto failed = [&](bool matched) {
      ok = ok && matched;
      return !matched && !out;
    };
    if (n.boolean) return n.allowed || (say([] { return std::string("not allowed"); }), false);
    if (n.ref && failed(check(*n.ref, v, at, out))) return false;
    if (!n.types.empty() && std::none_of(n.types.begin(), n.types.end(), [&v](const std::string& t) { return has_type(v, t); }))
      return say([&] { return v.dump().substr(0, 80) + " is not of type " + n.type_text; }), false;
    if (n.constant && v != *n.constant && say([&] { return "not " + n.constant->dump(); })) return false;
    if (n.options && std::find(n.options->begin(), n.options->end(), v) == n.options->end() &&
        say([&] { return v.dump().substr(0, 80) + " is none of " + n.options->dump(); }))
      return false;
    if (v.is_number() && n.minimum && v.get<double>() < n.minimum->get<double>() && say([] { return std::string("below the minimum"); }))
      return false;
    if (v.is_number() && n.maximum && v.get<double>() > n.maximum->get<double>() && say([] { return std::string("above the maximum"); }))
      return false;
    if (!n.any_of.empty() && std::none_of(n.any_of.begin(), n.any_of.end(), [&](const Node* o) { return check(*o, v, at, nullptr); }) &&
        say([&] {
          std::vector<std::string> first;
          check(*n.any_of.front(), v, at, &first);
          return "matches no option of anyOf (the first says: " + (first.empty() ? std::string() : first[0]) + ")";
        }))
      return false;
    for (const Node* part : n.all_of)
      if (failed(check(*part, v, at, out))) return false;
    if (v.is_object() && failed(check_object(n, v, at, out))) return false;
    if (v.is_array() && n.items)
      for (std::size_t i = 0; i < v.size(); ++i)
        if (failed(check(*n.items, v[i], Path{&at, nullptr, i}, out))) return false;
    return ok;
  }

  static bool check_object(const Node& n, const nlohmann::json& v, const Path& at, std::vector<std::string>* out) {
    bool ok = true;
    const auto say = [&](const std::string& why) {
      ok = false;
      if (out) out->push_back(why);
      return !out;
    };
    for (const auto& [name, value] : v.items()) {
      const Path here{&at, &name, 0};
      if (n.closed && !n.named.count(name) && say(here.text() + ": not a field the schema lists")) return false;
      const auto p = n.properties.find(name);
      const Node* sub = p != n.properties.end() ? p->second : n.additional;
      if (sub && !check(*sub, value, here, out) && (ok = false, !out)) return false;
    }
    for (const std::string& name : n.required)
      if (!v.contains(name) && say(where(at) + ": lacks " + name)) return false;
    return ok;
  }

  std::deque<Node> nodes_;
  std::map<std::string, Node*> defs_;
  const Node* top_ = nullptr;
  nlohmann::json root_;
};

}  // namespace test_support
