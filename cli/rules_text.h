// The `rules` command: `rules 5.24 --lang it` prints 5.24 as the Italian rulebook prints it (the
// editions are read by core/rules_text.h).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/rules_text.h"

namespace cli {

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
