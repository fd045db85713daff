// A section of a rulebook edition in the reader's language: 5.24 as the English, Italian or Russian
// rulebook prints it. The rulebooks are plain-text files <title>-rules-<language>.txt
// (churchill-rules-en.txt, -it, -ru); each edition numbers its rules as the English one does, and
// sets its headings in its own way ("5.24 Controbattere un Argomento", "4.23.1. Размещение ...").
// The one reader of the editions: the `rules` command, the terminal's `rules`, and Title::rules_text
// (the server's /api/titles/<title>/rules/<section>?lang=) all go through it.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

inline constexpr std::string_view kEnglish = "en";

// The rule number a heading line opens with: "5.24 Debating an Issue" -> "5.24",
// "4.23.1. Размещение" -> "4.23.1", "7.0 War Phase" -> "7.0"; "" for any other line (a bare
// number, a cross-reference such as "5.25). ...", a table-of-contents row with tabs, a line going
// on in lower case).
std::string heading_number(std::string_view line);

// Whether heading `number` lies inside section `section`: "5.24" is inside "5.2" and "5.0";
// "4.23.1" inside "4.23"; "6.10" is not inside "6.1" in text order (the caller stops at "6.2").
bool inside_section(std::string_view number, std::string_view section);

// The text of `section` and its sub-sections in a rulebook's text, its hard-wrapped lines joined
// into paragraphs (hyphenated words mended) and wrapped at `width` characters (kParagraphs: one
// paragraph a line, for a reader that wraps, such as a browser); nullopt when the rulebook has no
// such heading.
inline constexpr std::size_t kParagraphs = std::string_view::npos;
std::optional<std::string> rulebook_section(std::string_view rulebook, std::string_view section, std::size_t width = 78);

// The text under a heading of a rulebook whose headings are unnumbered lines (War Room's), named by
// its path as the game's rule references give it: "Phase 2 > Step 1. Write Orders and Turn Order
// Bids" is the heading "STEP 1. WRITE ORDERS AND TURN ORDER BIDS" first met after "PHASE 2: ...".
// Each part is found, in any case, after the one before. The text runs from the last part's heading
// to the next heading of its kind or above: a "STEP n." to the next step; "n. ..." to the next
// numbered heading; another heading to the next with its first or last word ("ARTICLE ONE",
// "ARTICLE TWO"; "BLUE ZONE", "GRAY ZONE"); any of them to the next step or the next phase ("PHASE
// n: ..." set again at the top of a page of the same phase does not end it). nullopt when a part
// is not found.
std::optional<std::string> rulebook_heading(std::string_view rulebook, std::string_view path, std::size_t width = 78);

// Each line of `text` wrapped at `width` characters (code points, not bytes).
std::string wrap_lines(std::string_view text, std::size_t width);

// "en", "it", "ru": two or three lower-case letters, nothing that could name another file.
bool language_code(std::string_view s);

// The directory of the rulebooks: $CHURCHILL_RULES_DIR if set, else shared/rules/ beside the
// source tree whose title data directory is `title_data_dir` (data/churchill -> ../shared/rules).
std::filesystem::path default_rules_dir(const std::filesystem::path& title_data_dir);

// The languages there is a rulebook of `title` for in `dir` ("en", "it", "ru").
std::vector<std::string> rulebook_languages(const std::filesystem::path& dir, std::string_view title);

// A section of an edition: the text (found), or one line in English saying why there is none (no
// such file, no such section). `language` is the edition's language the text is in ("" when not
// found).
struct RulesText {
  bool found = false;
  std::string text;
  std::string language;
};
RulesText rules_text(const std::filesystem::path& dir, std::string_view title, std::string_view section, std::string_view language,
                     std::size_t width = 78);

// `section` from the `language` edition, else from the English one (a section the edition lacks, an
// edition that is absent): the result's `language` says which the reader is given.
RulesText rules_text_or_english(const std::filesystem::path& dir, std::string_view title, std::string_view section,
                                std::string_view language, std::size_t width = 78);

}  // namespace core
