#include "core/i18n.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace core::i18n {

std::string_view plural_name(Plural p) {
  static constexpr std::array<std::string_view, 6> kNames = {"zero", "one", "two", "few", "many", "other"};
  return kNames[static_cast<std::size_t>(p)];
}

Plural plural_category(std::string_view language, long long n) {
  const unsigned long long i = n < 0 ? 0ULL - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
  if (language == "ru") {
    const unsigned long long mod10 = i % 10, mod100 = i % 100;
    if (mod10 == 1 && mod100 != 11) return Plural::One;
    if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return Plural::Few;
    return Plural::Many;
  }
  if (language == "it") {
    if (i == 1) return Plural::One;
    if (i != 0 && i % 1000000 == 0) return Plural::Many;
    return Plural::Other;
  }
  return i == 1 ? Plural::One : Plural::Other;
}

std::vector<Plural> plural_categories(std::string_view language) {
  if (language == "ru") return {Plural::One, Plural::Few, Plural::Many, Plural::Other};
  if (language == "it") return {Plural::One, Plural::Many, Plural::Other};
  return {Plural::One, Plural::Other};
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// Calls `on(name, begin, end)` for each "{{name}}" of `text`; [begin, end) spans the braces.
template <class F>
void each_placeholder(std::string_view text, F on) {
  std::size_t pos = 0;
  while ((pos = text.find("{{", pos)) != std::string_view::npos) {
    const std::size_t close = text.find("}}", pos + 2);
    if (close == std::string_view::npos) return;
    on(trim(text.substr(pos + 2, close - pos - 2)), pos, close + 2);
    pos = close + 2;
  }
}

}  // namespace

std::string interpolate(std::string_view text, const Args& args) {
  std::string out;
  std::size_t copied = 0;
  each_placeholder(text, [&](std::string_view name, std::size_t begin, std::size_t end) {
    const auto it = std::find_if(args.begin(), args.end(), [&](const auto& a) { return a.first == name; });
    if (it == args.end()) return;
    out.append(text.substr(copied, begin - copied));
    out += it->second;
    copied = end;
  });
  out.append(text.substr(copied));
  return out;
}

std::vector<std::string> placeholders(std::string_view text) {
  std::vector<std::string> names;
  each_placeholder(text, [&](std::string_view name, std::size_t, std::size_t) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.emplace_back(name);
  });
  return names;
}

// ---------------------------------------------------------------------------------------------

namespace {

void flatten(const nlohmann::json& node, const std::string& prefix, std::map<std::string, std::string, std::less<>>& out,
             const std::string& origin) {
  for (const auto& [name, value] : node.items()) {
    if (name.empty() || name.find('.') != std::string::npos)
      throw CatalogueError(fmt::format("{}: key \"{}{}\": a key part must be non-empty and without '.'", origin, prefix, name));
    const std::string key = prefix + name;
    if (value.is_object())
      flatten(value, key + ".", out, origin);
    else if (value.is_string())
      out[key] = value.get<std::string>();
    else
      throw CatalogueError(fmt::format("{}: key \"{}\": a message must be text or an object", origin, key));
  }
}

}  // namespace

Catalogue Catalogue::from_json(std::string language, std::string_view json_text, const std::string& origin) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(json_text);
  } catch (const nlohmann::json::parse_error& e) {
    throw CatalogueError(fmt::format("{}: not valid JSON: {}", origin, e.what()));
  }
  if (!doc.is_object()) throw CatalogueError(origin + ": a catalogue must be a JSON object");
  Catalogue c;
  c.language_ = std::move(language);
  flatten(doc, "", c.entries_, origin);
  return c;
}

Catalogue Catalogue::from_file(std::string language, const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CatalogueError(fmt::format("{}: cannot be read", path.string()));
  std::ostringstream text;
  text << in.rdbuf();
  return from_json(std::move(language), text.str(), path.string());
}

const std::string* Catalogue::find(std::string_view key) const {
  const auto it = entries_.find(key);
  return it == entries_.end() ? nullptr : &it->second;
}

std::string plural_key(std::string_view key, Plural category) { return fmt::format("{}_{}", key, plural_name(category)); }

std::string_view base_key(std::string_view key) {
  const std::size_t underscore = key.rfind('_');
  if (underscore == std::string_view::npos) return key;
  const std::string_view suffix = key.substr(underscore + 1);
  for (int p = 0; p <= static_cast<int>(Plural::Other); ++p)
    if (suffix == plural_name(static_cast<Plural>(p))) return key.substr(0, underscore);
  return key;
}

// ---------------------------------------------------------------------------------------------

namespace {

bool is_language_code(std::string_view s) {
  return (s.size() == 2 || s.size() == 3) && std::all_of(s.begin(), s.end(), [](char ch) { return ch >= 'a' && ch <= 'z'; });
}

}  // namespace

Catalogues Catalogues::load(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) throw CatalogueError(fmt::format("{}: no catalogue directory there", dir.string()));
  Catalogues out;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".json" && is_language_code(entry.path().stem().string())) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) out.add(Catalogue::from_file(path.stem().string(), path));
  if (!out.has(kFallbackLanguage))
    throw CatalogueError(fmt::format("{}: no {}.json, the language every other falls back to", dir.string(), kFallbackLanguage));
  return out;
}

void Catalogues::add(Catalogue c) {
  const auto it = std::find_if(catalogues_.begin(), catalogues_.end(), [&](const Catalogue& x) { return x.language() == c.language(); });
  if (it != catalogues_.end())
    *it = std::move(c);
  else
    catalogues_.push_back(std::move(c));
}

const Catalogue* Catalogues::find(std::string_view language) const {
  const auto it = std::find_if(catalogues_.begin(), catalogues_.end(), [&](const Catalogue& c) { return c.language() == language; });
  return it == catalogues_.end() ? nullptr : &*it;
}

std::vector<std::string> Catalogues::languages() const {
  std::vector<std::string> out;
  for (const Catalogue& c : catalogues_) out.push_back(c.language());
  return out;
}

const std::string* Catalogues::lookup(const Catalogue& c, std::string_view key, std::optional<long long> count) const {
  if (count) {
    if (*count == 0)
      if (const std::string* zero = c.find(plural_key(key, Plural::Zero))) return zero;
    if (const std::string* form = c.find(plural_key(key, plural_category(c.language(), *count)))) return form;
    if (const std::string* other = c.find(plural_key(key, Plural::Other))) return other;
  }
  return c.find(key);
}

std::string Catalogues::tr(std::string_view language, std::string_view key, const Args& args, std::optional<long long> count) const {
  const std::string* text = nullptr;
  if (const Catalogue* c = find(language)) text = lookup(*c, key, count);
  if (!text)
    if (const Catalogue* en = find(kFallbackLanguage)) text = lookup(*en, key, count);
  if (!text) return std::string(key);
  if (!count) return interpolate(*text, args);
  Args with_count = args;
  with_count.emplace_back("count", std::to_string(*count));
  return interpolate(*text, with_count);
}

std::string Catalogues::render(std::string_view language, const Message& m) const {
  if (m.key.empty()) return m.text;
  Args args;
  args.reserve(m.args.size());
  for (const Message::Arg& a : m.args) args.emplace_back(a.name, render(language, a.value));
  return tr(language, m.key, args, m.count);
}

Message Message::plain(std::string text) { return Message{{}, std::move(text), {}, {}}; }

Message& Message::with(std::string name, std::string value) { return with(std::move(name), plain(std::move(value))); }

Message& Message::with(std::string name, Message value) {
  args.push_back(Arg{std::move(name), std::move(value)});
  return *this;
}

nlohmann::json to_json(const Message& m) {
  if (m.key.empty()) return m.text;
  nlohmann::json j = {{"key", m.key}};
  if (!m.args.empty()) {
    nlohmann::json args = nlohmann::json::object();
    for (const Message::Arg& a : m.args) args[a.name] = to_json(a.value);
    j["args"] = args;
  }
  if (m.count) j["count"] = *m.count;
  return j;
}

Message message_from_json(const nlohmann::json& j) {
  if (j.is_string()) return Message::plain(j.get<std::string>());
  if (!j.is_object() || !j.contains("key") || !j["key"].is_string()) throw CatalogueError("a message is text or {\"key\": ...}");
  Message m{j["key"].get<std::string>(), {}, {}, {}};
  if (j.contains("args"))
    for (const auto& [name, value] : j["args"].items()) m.with(name, message_from_json(value));
  if (j.contains("count") && j["count"].is_number_integer()) m.count = j["count"].get<long long>();
  return m;
}

bool Catalogues::contains(std::string_view language, std::string_view key) const {
  for (std::string_view lang : {language, kFallbackLanguage})
    if (const Catalogue* c = find(lang))
      if (c->find(key) || c->find(plural_key(key, Plural::Other))) return true;
  return false;
}

std::filesystem::path default_catalogue_dir(const std::filesystem::path& title_data_dir) {
  if (const char* env = std::getenv("CHURCHILL_I18N"); env && *env) return env;
  return title_data_dir.parent_path() / "i18n";
}

// ---------------------------------------------------------------------------------------------

std::string language_of_locale(std::string_view locale) {
  std::size_t end = 0;
  while (end < locale.size() && std::isalpha(static_cast<unsigned char>(locale[end]))) ++end;
  std::string code(locale.substr(0, end));
  std::transform(code.begin(), code.end(), code.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  if (code == "c" || code == "posix" || code.size() < 2 || code.size() > 3) return "";
  return code;
}

Environment Environment::from_process() {
  return {std::getenv("LC_ALL"), std::getenv("LC_MESSAGES"), std::getenv("LANG"), std::getenv("LANGUAGE")};
}

std::string choose_language(std::string_view flag, const Environment& env, const std::vector<std::string>& available) {
  auto known = [&](std::string_view code) { return std::find(available.begin(), available.end(), code) != available.end(); };
  if (!flag.empty()) {
    std::string code = language_of_locale(flag);
    if (known(code)) return code;
    std::string list;
    for (const std::string& l : available) list += (list.empty() ? "" : ", ") + l;
    throw std::invalid_argument(fmt::format("--lang: \"{}\" is not available (available: {})", flag, list));
  }
  // GNU: LANGUAGE lists preferences ("ru:en"); the first with a catalogue wins.
  for (std::string_view list = env.language ? env.language : ""; !list.empty();) {
    const std::size_t colon = std::min(list.find(':'), list.size());
    std::string code = language_of_locale(list.substr(0, colon));
    if (known(code)) return code;
    list.remove_prefix(std::min(colon + 1, list.size()));
  }
  // POSIX: the first variable that is set and non-empty decides, even when it names no catalogue.
  for (const char* value : {env.lc_all, env.lc_messages, env.lang}) {
    if (!value || !*value) continue;
    const std::string code = language_of_locale(value);
    return known(code) ? code : std::string(kFallbackLanguage);
  }
  return std::string(kFallbackLanguage);
}

}  // namespace core::i18n
