#include "cli/rules_text.h"

#include <algorithm>
#include <sstream>

namespace cli {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::optional<RulesRequest> parse_rules_request(std::string_view argument) {
  RulesRequest r;
  std::istringstream words{std::string(argument)};
  std::string word;
  bool expect_language = false;
  while (words >> word) {
    if (expect_language) {
      r.language = word;
      expect_language = false;
    } else if (word == "--lang") {
      expect_language = true;
    } else if (word.rfind("--lang=", 0) == 0) {
      r.language = word.substr(7);
    } else if (r.section.empty() && !word.empty() && digit(word[0])) {
      r.section = word;
    } else if (r.language.empty() && !r.section.empty() && core::language_code(word)) {
      r.language = word;
    } else {
      return std::nullopt;
    }
  }
  if (expect_language || r.section.empty()) return std::nullopt;
  if (!r.language.empty() && !core::language_code(r.language)) return std::nullopt;
  // A section is digits and dots: "5.24", "7.0", "4.23.1".
  if (!std::all_of(r.section.begin(), r.section.end(), [](char c) { return digit(c) || c == '.'; })) return std::nullopt;
  return r;
}

}  // namespace cli
