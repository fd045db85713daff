#include "core/rules_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/text_layout.h"

namespace core {

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

// A paragraph's words, single-spaced, wrapped at `width` characters.
std::string wrap(const std::string& paragraph, std::size_t width) {
  std::istringstream words(paragraph);
  std::string line, word;
  while (words >> word) line += (line.empty() ? "" : " ") + word;
  return core::wrap(line, width, 0);
}

// The lines of a text.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos <= text.size();) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    lines.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return lines;
}

// ---- Unnumbered headings (rulebook_heading) ----

// A line as its headings are compared: trimmed, in upper case, without the emphasis marks.
std::string folded(std::string_view line) {
  std::string out;
  for (char c : trim(line))
    if (c != '*') out += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  return out;
}
bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(s.size() - p.size()) == p; }
std::string_view first_word(std::string_view s) { return s.substr(0, s.find(' ')); }
std::string_view last_word(std::string_view s) { return s.substr(s.rfind(' ') + 1); }

// A line short enough to be a heading and not an item of a list.
bool heading_like(std::string_view line) {
  line = trim(line);
  return !line.empty() && line.size() <= 80 && line.front() != '-' && line.find("**") == std::string_view::npos;
}

// An item of a list that a path may name by its term: "- **Blue Zone:** ...".
bool list_item(std::string_view line) { return starts(trim(line), "- "); }

// Whether `line` is the heading named by one part of a path: it opens or closes with the part, or
// names it after a dash ("PHASE 4: COMBAT OPERATIONS - SETUP" for "Setup"); or it is the item of a
// list whose term the part is ("Blue Zone").
bool names_part(std::string_view line, const std::string& part) {
  if (list_item(line)) return starts(folded(trim(line).substr(2)), part + ":");
  if (!heading_like(line)) return false;
  const std::string l = folded(line);
  return starts(l, part) || ends(l, part) || l.find(" - " + part) != std::string::npos;
}

enum class HeadingKind { None, Phase, Step, Numbered, Title };

HeadingKind heading_kind(std::string_view line) {
  if (!heading_like(line)) return HeadingKind::None;
  const std::string l = folded(line);
  const std::string_view t = trim(line);
  const bool caps = std::none_of(t.begin(), t.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  if (starts(l, "PHASE ") && caps) return HeadingKind::Phase;
  if (starts(l, "STEP ") && l.size() > 5 && digit(l[5])) return HeadingKind::Step;
  const std::size_t dot = l.find(". ");
  if (dot > 0 && dot <= 2 && std::all_of(l.begin(), l.begin() + static_cast<std::ptrdiff_t>(dot), digit) &&
      upper(first_code_point(trim(t.substr(dot + 1)))))
    return HeadingKind::Numbered;
  const auto letters = std::count_if(t.begin(), t.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
  return caps && letters >= 3 ? HeadingKind::Title : HeadingKind::None;
}

// The words of four letters or more of a folded heading, each cut to five letters ("REPAIRS" and
// "REPAIR" are one word).
std::vector<std::string> stems(const std::string& heading) {
  std::vector<std::string> out;
  std::string word;
  for (std::size_t i = 0; i <= heading.size(); ++i) {
    if (i < heading.size() && heading[i] >= 'A' && heading[i] <= 'Z') {
      word += heading[i];
      continue;
    }
    if (word.size() >= 4) out.push_back(word.substr(0, 5));
    word.clear();
  }
  return out;
}
bool shares_word(const std::string& a, const std::string& b) {
  const std::vector<std::string> x = stems(a), y = stems(b);
  return std::any_of(x.begin(), x.end(), [&](const std::string& w) { return std::find(y.begin(), y.end(), w) != y.end(); });
}

// Whether the heading at `line` ends the text under `start` (of kind `kind`, in the phase whose
// heading is `phase`): a step or another phase ends any; a numbered heading the numbered one before
// it; a title ends a title it is a sibling of (its first or last word: "ARTICLE ONE", "ARTICLE
// TWO") and a step, numbered heading or title it shares no word with (those it shares one with
// are parts of it: "APPLY MEDALS ..." of "7. ASSIGN STRESS AND MEDALS").
bool ends_text(std::string_view line, HeadingKind kind, const std::string& start, const std::string& phase) {
  const HeadingKind k = heading_kind(line);
  const std::string l = folded(line);
  if (k == HeadingKind::Phase) return l != phase;
  if (k == HeadingKind::Step) return true;
  if (kind == HeadingKind::Numbered && k == HeadingKind::Numbered) return true;
  if (k != HeadingKind::Title || kind == HeadingKind::Phase) return false;
  const bool sibling = kind == HeadingKind::Title && (first_word(l) == first_word(start) || last_word(l) == last_word(start));
  return sibling || !shares_word(l, start);
}

}  // namespace

namespace {

// The line of the heading a path names, each part looked for from the line of the one before (a
// part may name that line too: "PHASE 4: COMBAT OPERATIONS - BATTLE DEBRIEF").
std::optional<std::size_t> heading_line(const std::vector<std::string_view>& lines, std::string_view path) {
  std::size_t at = 0;
  for (std::size_t pos = 0; pos <= path.size();) {
    const std::size_t end = std::min(path.find('>', pos), path.size());
    const std::string part = folded(path.substr(pos, end - pos));
    pos = end + 1;
    if (part.empty()) return std::nullopt;
    while (at < lines.size() && !names_part(lines[at], part)) ++at;
    if (at == lines.size()) return std::nullopt;
  }
  return at;
}

// The heading of the phase line `at` is in ("" before the first).
std::string phase_of(const std::vector<std::string_view>& lines, std::size_t at) {
  for (std::size_t i = at + 1; i-- > 0;)
    if (heading_kind(lines[i]) == HeadingKind::Phase) return folded(lines[i]);
  return "";
}

// A line as the reader is given it: without the emphasis marks and the links' brackets ("[see page
// 29](#)").
std::string plain_line(std::string_view line) {
  std::string text;
  for (char c : trim(line))
    if (c != '*' && c != '[') text += c;
  for (std::size_t link; (link = text.find("](#)")) != std::string::npos;) text.erase(link, 4);
  return text;
}

}  // namespace

std::optional<std::string> rulebook_heading(std::string_view rulebook, std::string_view path, std::size_t width) {
  const std::vector<std::string_view> lines = lines_of(rulebook);
  const std::optional<std::size_t> at = heading_line(lines, path);
  if (!at) return std::nullopt;
  const std::string phase = phase_of(lines, *at), start = folded(lines[*at]);
  const HeadingKind kind = heading_kind(lines[*at]);
  const std::size_t stop = list_item(lines[*at]) ? *at + 1 : lines.size();  // an item: its line
  std::string out = wrap(plain_line(lines[*at]), width);
  for (std::size_t i = *at + 1; i < stop && !ends_text(lines[i], kind, start, phase); ++i)
    if (const std::string text = plain_line(lines[i]); !text.empty() && folded(text) != phase)  // not the page's header
      out += wrap(text, width);
  return out;
}

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
  const std::vector<std::string_view> lines = lines_of(rulebook);
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

RulesText rules_text(const std::filesystem::path& dir, std::string_view title, std::string_view section, std::string_view language,
                     std::size_t width) {
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
  // A numbered rule ("5.24"), else a heading's path ("Phase 2 > Step 1. Write Orders and Turn Order Bids").
  const bool numbered = !section.empty() && std::all_of(section.begin(), section.end(), [](char c) { return digit(c) || c == '.'; });
  if (auto found = numbered ? rulebook_section(text.str(), section, width) : rulebook_heading(text.str(), section, width))
    return {true, std::move(*found), std::string(language)};
  return {false,
          numbered ? fmt::format("No rule {} in {}.\n", section, path.string())
                   : fmt::format("No heading \"{}\" in {}.\n", section, path.string()),
          ""};
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
