// A section of a rulebook edition in the reader's language: `rules 5.24 --lang it` prints 5.24 as the
// Italian rulebook prints it. The rulebooks are plain-text files <title>-rules-<language>.txt
// (churchill-rules-en.txt, -it, -ru); each edition numbers its rules as the English one does, and
// sets its headings in its own way ("5.24 Controbattere un Argomento", "4.23.1. Размещение ...").
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cli {

// The rule number a heading line opens with: "5.24 Debating an Issue" -> "5.24",
// "4.23.1. Размещение" -> "4.23.1", "7.0 War Phase" -> "7.0"; "" for any other line (a bare
// number, a cross-reference such as "5.25). ...", a table-of-contents row with tabs, a line going
// on in lower case).
std::string heading_number(std::string_view line);

// Whether heading `number` lies inside section `section`: "5.24" is inside "5.2" and "5.0";
// "4.23.1" inside "4.23"; "6.10" is not inside "6.1" in text order (the caller stops at "6.2").
bool inside_section(std::string_view number, std::string_view section);

// The text of `section` and its sub-sections in a rulebook's text, its hard-wrapped lines joined
// into paragraphs (hyphenated words mended) and wrapped at `width` characters; nullopt when the
// rulebook has no such heading.
std::optional<std::string> rulebook_section(std::string_view rulebook, std::string_view section, std::size_t width = 78);

// The directory of the rulebooks: $CHURCHILL_RULES_DIR if set, else shared/rules/ beside the
// source tree whose title data directory is `title_data_dir` (data/churchill -> ../shared/rules).
std::filesystem::path default_rules_dir(const std::filesystem::path& title_data_dir);

// The languages there is a rulebook of `title` for in `dir` ("en", "it", "ru").
std::vector<std::string> rulebook_languages(const std::filesystem::path& dir, std::string_view title);

// What `rules` prints for `section` of `title` in `language`: the section (found), or one line
// saying why there is none (no such file, no such section).
struct RulesText {
  bool found = false;
  std::string text;
};
RulesText rules_text(const std::filesystem::path& dir, std::string_view title, std::string_view section,
                     std::string_view language);

// A `rules` command's argument: "5.24", "5.24 it", "5.24 --lang ru", "--lang=it 5.24".
struct RulesRequest {
  std::string section;
  std::string language;  // "" when not given
};
std::optional<RulesRequest> parse_rules_request(std::string_view argument);

}  // namespace cli

namespace CLI {
class App;
}

namespace cli {

struct Kit;

// The language `rules` uses for `title`: `flag` (--lang), else the environment (LC_ALL,
// LC_MESSAGES, LANG), among the editions in `dir`; English when the environment names another.
// Throws std::invalid_argument for a --lang without an edition.
std::string rules_language(const std::filesystem::path& dir, std::string_view title, std::string_view flag);

// Adds `rules SECTION [--lang L]` to `app`.
void add_rules_command(CLI::App& app, Kit& kit, int& exit_code);

}  // namespace cli
