// Message catalogues: one JSON file per language (data/i18n/en.json, it.json, ru.json), in the
// i18next JSON v4 format the web client loads as it is (docs/i18n.md):
//   - nested objects, addressed by dotted keys ("issue.second-front");
//   - "{{name}}" interpolation;
//   - plural forms as sibling keys with the CLDR category as suffix ("net_one", "net_few", "net_many",
//     "net_other"), chosen by count; "{{count}}" is the count itself.
// A key missing in a language falls back to English; a key missing everywhere reads as itself, so
// a gap shows instead of crashing. Catalogues are read-only values: no global state.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core::i18n {

// A catalogue file that cannot be used (unreadable, not JSON, a value neither text nor object).
class CatalogueError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr std::string_view kFallbackLanguage = "en";

// ---------------------------------------------------------------------------------------------
// Plural rules (CLDR "cardinal" categories, for integer counts)

enum class Plural : std::uint8_t { Zero, One, Two, Few, Many, Other };

// "zero", "one", "two", "few", "many", "other": the suffix after '_' in a key.
std::string_view plural_name(Plural p);

// The CLDR category of the integer `n` in `language` ("en", "it", "ru"; any other language uses
// the English rule). Negative counts take the category of their magnitude, as CLDR does.
//   en: one (1), other.
//   it: one (1), many (a non-zero multiple of 1 000 000), other.
//   ru: one (ends in 1, not 11), few (ends in 2-4, not 12-14), many (the rest).
Plural plural_category(std::string_view language, long long n);

// The categories a language's plural keys must all have (CLDR; "other" included, which i18next
// uses for fractions).
std::vector<Plural> plural_categories(std::string_view language);

// ---------------------------------------------------------------------------------------------
// Interpolation

using Args = std::vector<std::pair<std::string, std::string>>;

// Replaces each "{{name}}" (spaces around the name allowed) by the value of `name` in `args`; a
// placeholder whose name is not given stays as it is.
std::string interpolate(std::string_view text, const Args& args);

// The names of the "{{name}}" placeholders of `text`, in order of appearance, without repeats.
std::vector<std::string> placeholders(std::string_view text);

// ---------------------------------------------------------------------------------------------
// Catalogues

struct Message;  // below

// One language's messages: the JSON object flattened to dotted keys.
class Catalogue {
 public:
  Catalogue() = default;
  // Throws CatalogueError naming `origin` and the key of a value that is not text or an object.
  static Catalogue from_json(std::string language, std::string_view json_text, const std::string& origin);
  static Catalogue from_file(std::string language, const std::filesystem::path& path);

  const std::string& language() const { return language_; }
  const std::string* find(std::string_view key) const;
  const std::map<std::string, std::string, std::less<>>& entries() const { return entries_; }

 private:
  std::string language_;
  std::map<std::string, std::string, std::less<>> entries_;
};

// The key a plural lookup reads first: "key_<category>".
std::string plural_key(std::string_view key, Plural category);

// A message key without its plural suffix ("net_few" -> "net"), or the key itself.
std::string_view base_key(std::string_view key);

class Catalogues {
 public:
  // Reads every "<language>.json" of `dir` (a language code of two or three letters; other files
  // such as provenance.json are not catalogues). English must be there. Throws CatalogueError.
  static Catalogues load(const std::filesystem::path& dir);
  void add(Catalogue c);

  bool has(std::string_view language) const { return find(language) != nullptr; }
  const Catalogue* find(std::string_view language) const;
  std::vector<std::string> languages() const;

  // The message `key` in `language`, with `args` interpolated. With a count, the plural form
  // "key_<category>" of that language (i18next: "key_zero" first when count is 0 and it exists),
  // then "key_other", then "key"; and "{{count}}" is the count. A language without the key falls
  // back to English (with English plural rules); a key nowhere reads as the key itself.
  std::string tr(std::string_view language, std::string_view key, const Args& args = {},
                 std::optional<long long> count = std::nullopt) const;
  // A message in `language`: its arguments worded first, then its own text.
  std::string render(std::string_view language, const Message& m) const;
  // Whether tr() finds the key in `language` itself or in English.
  bool contains(std::string_view language, std::string_view key) const;

 private:
  const std::string* lookup(const Catalogue& c, std::string_view key, std::optional<long long> count) const;
  std::vector<Catalogue> catalogues_;
};

// ---------------------------------------------------------------------------------------------
// Messages: what to say, not yet worded. A message is a catalogue key with named arguments, each
// either plain text (a number, a rule number) or another message (a name: "issue.second-front.name",
// or a phrase with arguments of its own), worded in the reader's language when it is shown. The
// rules and views build messages; the terminal words them with Catalogues::render, the web client
// with i18next from the same catalogues (its JSON form, to_json). One definition of each text.

struct Message {
  struct Arg;
  std::string key;  // empty: `text` as it is
  std::string text;
  std::vector<Arg> args;
  std::optional<long long> count;  // a plural message's count ("{{count}}")

  static Message plain(std::string text);
  // Adds an argument (returns *this, to chain): `value` as it is, or a message worded in turn.
  Message& with(std::string name, std::string value);
  Message& with(std::string name, Message value);
  // Adds the name of a thing: the message "<key>" (a catalogue key such as "power.UK").
  Message& name(std::string arg, std::string of);  // defined below, where Arg is complete
  Message& counted(long long n) {
    count = n;
    return *this;
  }
};
struct Message::Arg {
  std::string name;
  Message value;
};
inline Message& Message::name(std::string arg, std::string of) { return with(std::move(arg), Message{std::move(of), {}, {}, {}}); }

// {"key": K, "args": {name: "text" | message}, "count": N}; a plain message is its text.
nlohmann::json to_json(const Message& m);
// The inverse of to_json; throws CatalogueError on a value that is not a message.
Message message_from_json(const nlohmann::json& j);

// The directory of the catalogues: $CHURCHILL_I18N if set, else data/i18n/ beside `data_dir`'s
// title directory (data/churchill -> data/i18n).
std::filesystem::path default_catalogue_dir(const std::filesystem::path& title_data_dir);

// ---------------------------------------------------------------------------------------------
// Choosing the language

// The language code of a locale name: "ru_RU.UTF-8" -> "ru", "it-IT" -> "it", "C"/"POSIX"/"" -> "".
std::string language_of_locale(std::string_view locale);

// The language to use: `flag` (from --lang) if given, else the first of LANGUAGE's list that has a
// catalogue (GNU gettext), else the first of LC_ALL, LC_MESSAGES, LANG that is set (POSIX
// precedence), else English. `available` lists the languages there
// are catalogues for: an environment naming another language gives English; a --lang naming one
// is an error (std::invalid_argument listing the available ones).
struct Environment {
  const char* lc_all = nullptr;
  const char* lc_messages = nullptr;
  const char* lang = nullptr;
  const char* language = nullptr;     // GNU LANGUAGE: "ru:en", a list of preferences, before the others
  static Environment from_process();  // reads the process environment
};
std::string choose_language(std::string_view flag, const Environment& env, const std::vector<std::string>& available);

}  // namespace core::i18n
