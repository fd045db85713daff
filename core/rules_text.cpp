#include "core/rules_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace core {

std::size_t code_points(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }));
}


namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

// The first code point of UTF-8 text (0 when there is none or it is malformed).
char32_t first_code_point(std::string_view s) {
  if (s.empty()) return 0;
  const auto b0 = static_cast<unsigned char>(s[0]);
  if (b0 < 0x80) return b0;
  if ((b0 & 0xe0) == 0xc0 && s.size() >= 2) return (char32_t{b0} & 0x1f) << 6 | (static_cast<unsigned char>(s[1]) & 0x3f);
  if ((b0 & 0xf0) == 0xe0 && s.size() >= 3)
    return (char32_t{b0} & 0x0f) << 12 | (static_cast<char32_t>(static_cast<unsigned char>(s[1]) & 0x3f) << 6) |
           (static_cast<unsigned char>(s[2]) & 0x3f);
  return 0;
}

// Upper case in the scripts of the editions: Latin (with the Latin-1 accented capitals) and Cyrillic.
bool upper(char32_t c) {
  return (c >= 'A' && c <= 'Z') || (c >= 0xc0 && c <= 0xde && c != 0xd7) || (c >= 0x410 && c <= 0x42f) || c == 0x401;
}
bool lower(char32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 0xdf && c <= 0xff && c != 0xf7) || (c >= 0x430 && c <= 0x44f) || c == 0x451;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Joins hard-wrapped lines: a word broken by a hyphen is mended ("be-" "gin" -> "begin", "A-"
// "Bomb" -> "A-Bomb"); a line that does not end a sentence runs on when the next goes on in lower
// case (or with a parenthesis). Blank lines (the Russian edition sets one between every line) do not end a paragraph.
std::vector<std::string> paragraphs(const std::vector<std::string_view>& lines) {
  std::vector<std::string> out;
  for (std::string_view raw : lines) {
    const std::string_view line = trim(raw);
    if (line.empty()) continue;
    const char32_t first = first_code_point(line);
    if (!out.empty() && heading_number(line).empty()) {
      std::string& last = out.back();
      const bool hyphen = last.size() >= 2 && last.back() == '-' && last[last.size() - 2] != ' ';
      const bool ends_sentence = std::string_view(".:;!?").find(last.back()) != std::string_view::npos;
      if (hyphen && lower(first)) {
        last.pop_back();
        last += line;
        continue;
      }
      if (hyphen && upper(first)) {
        last += line;
        continue;
      }
      if (!ends_sentence && (lower(first) || first == '(')) {
        last += ' ';
        last += line;
        continue;
      }
    }
    out.emplace_back(line);
  }
  return out;
}

std::string wrap(const std::string& paragraph, std::size_t width) {
  std::string out, line;
  std::istringstream words(paragraph);
  std::string word;
  while (words >> word) {
    if (!line.empty() && code_points(line) + 1 + code_points(word) > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line + "\n";
}

}  // namespace

bool language_code(std::string_view s) {
  return s.size() >= 2 && s.size() <= 3 && std::all_of(s.begin(), s.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

std::string wrap_lines(std::string_view text, std::size_t width) {
  std::string out;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    out += wrap(std::string(text.substr(pos, end - pos)), width);
    pos = end + 1;
  }
  return out;
}

std::string heading_number(std::string_view line) {
  line = trim(line);
  std::size_t i = 0, dots = 0;
  while (i < line.size() && (digit(line[i]) || (line[i] == '.' && i + 1 < line.size() && digit(line[i + 1])))) {
    dots += line[i] == '.';
    ++i;
  }
  if (i == 0 || dots < 1 || dots > 2 || !digit(line[0])) return "";
  std::size_t j = i;
  if (j < line.size() && line[j] == '.') ++j;  // "3.21." in the Russian edition
  if (j >= line.size() || line[j] != ' ') return "";
  while (j < line.size() && line[j] == ' ') ++j;
  const char32_t first = first_code_point(line.substr(j));
  return upper(first) ? std::string(line.substr(0, i)) : "";
}

bool inside_section(std::string_view number, std::string_view section) {
  if (number == section) return true;
  if (section.size() >= 2 && section.substr(section.size() - 2) == ".0")  // a chapter: "7.0" holds "7.x"
    return number.substr(0, section.size() - 1) == section.substr(0, section.size() - 1) && number.size() > section.size() - 1;
  return number.size() > section.size() && number.substr(0, section.size()) == section;
}

std::optional<std::string> rulebook_section(std::string_view rulebook, std::string_view section, std::size_t width) {
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos <= rulebook.size();) {
    const std::size_t end = std::min(rulebook.find('\n', pos), rulebook.size());
    lines.push_back(rulebook.substr(pos, end - pos));
    pos = end + 1;
  }
  // A table of contents sets its rows with tabs: they are not headings.
  std::optional<std::size_t> start, stop;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string number = heading_number(lines[i]);
    if (number.empty() || lines[i].find('\t') != std::string_view::npos) continue;
    if (!start) {
      if (number == section) start = i;
    } else if (!inside_section(number, section)) {
      stop = i;
      break;
    }
  }
  if (!start) return std::nullopt;
  std::vector<std::string_view> body(lines.begin() + static_cast<std::ptrdiff_t>(*start),
                                     stop ? lines.begin() + static_cast<std::ptrdiff_t>(*stop) : lines.end());
  std::string out;
  for (const std::string& p : paragraphs(body)) out += wrap(p, width);
  return out;
}

std::filesystem::path default_rules_dir(const std::filesystem::path& title_data_dir) {
  if (const char* env = std::getenv("CHURCHILL_RULES_DIR"); env && *env) return env;
  return title_data_dir.parent_path().parent_path().parent_path() / "shared" / "rules";
}

std::vector<std::string> rulebook_languages(const std::filesystem::path& dir, std::string_view title) {
  std::vector<std::string> out;
  std::error_code ec;
  const std::string prefix = fmt::format("{}-rules-", title);
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && entry.path().extension() == ".txt")
      out.push_back(name.substr(prefix.size(), name.size() - prefix.size() - 4));
  }
  std::sort(out.begin(), out.end());
  return out;
}

RulesText rules_text(const std::filesystem::path& dir, std::string_view title, std::string_view section,
                     std::string_view language, std::size_t width) {
  if (!language_code(language)) return {false, fmt::format("\"{}\" is not a language code such as it or ru.\n", language), ""};
  const std::filesystem::path path = dir / fmt::format("{}-rules-{}.txt", title, language);
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::string have;
    for (const std::string& l : rulebook_languages(dir, title)) have += (have.empty() ? "" : ", ") + l;
    if (have.empty())
      return {false,
              fmt::format("The rulebook text is not available: no {} rulebook in \"{}\" (CHURCHILL_RULES_DIR names their directory).\n",
                          title, dir.string()),
              ""};
    return {false,
            fmt::format("No {} rulebook in \"{}\" for language \"{}\"{}.\n", title, dir.string(), language,
                        have.empty() ? std::string() : " (there is: " + have + ")"),
            ""};
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (auto found = rulebook_section(text.str(), section, width)) return {true, std::move(*found), std::string(language)};
  return {false, fmt::format("No rule {} in {}.\n", section, path.string()), ""};
}

RulesText rules_text_or_english(const std::filesystem::path& dir, std::string_view title, std::string_view section,
                                std::string_view language, std::size_t width) {
  if (language != kEnglish) {
    RulesText edition = rules_text(dir, title, section, language, width);
    if (edition.found) return edition;
  }
  return rules_text(dir, title, section, kEnglish, width);
}

}  // namespace core
