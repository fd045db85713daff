// `play`: a game of any title in the terminal, for humans at one keyboard and bots in the other
// seats. Actions by number or by (a unique prefix of) their text; help, rules, undo, save, log, quit.
#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>
#include <utility>

#include "cli/kit.h"
#include "cli/menu.h"
#include "cli/rules_text.h"
#include "core/i18n.h"
#include "core/rules_text.h"
#include "core/text_layout.h"

namespace cli {

namespace {

// ANSI colour where the terminal has it (and NO_COLOR is not set).
struct Style {
  bool on = false;
  std::string seat(int p, const std::string& text) const {
    static const char* kColour[] = {"\033[32m", "\033[34m", "\033[31m", "\033[33m", "\033[35m", "\033[36m", "\033[37m"};
    return on && p >= 0 ? kColour[p % 7] + text + "\033[0m" : text;
  }
  std::string bold(const std::string& text) const { return on ? "\033[1m" + text + "\033[0m" : text; }
  std::string dim(const std::string& text) const { return on ? "\033[2m" + text + "\033[0m" : text; }
  std::string clear() const { return on ? "\033[2J\033[H" : "\n"; }
};

// The terminal's width in columns (80 when it cannot be told).
int terminal_width() {
  winsize w{};
  if (::ioctl(1, TIOCGWINSZ, &w) == 0 && w.ws_col >= 20) return w.ws_col;
  if (const char* c = std::getenv("COLUMNS"); c && std::atoi(c) >= 20) return std::atoi(c);
  return 80;
}

// The terminal's height in lines (0 when it cannot be told: no limit, as in a pipe).
int terminal_height() {
  winsize w{};
  if (::ioctl(1, TIOCGWINSZ, &w) == 0 && w.ws_row >= 10) return w.ws_row;
  if (const char* l = std::getenv("LINES"); l && std::atoi(l) >= 10) return std::atoi(l);
  return 0;
}

using core::clip;
using core::columns_of;
using core::fit_lines;
using core::wrap;

// The words of `text` split at spaces.
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    if (end > start) out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// Does each typed word begin the action's word in the same place ("adv mont eu")? A typed word
// may also begin a part of a hyphenated word ("lead" for "europe-leadership").
bool words_match(const std::string& typed, const std::string& option) {
  const auto t = words_of(typed), o = words_of(option);
  if (t.empty() || t.size() > o.size()) return false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    bool ok = o[i].rfind(t[i], 0) == 0;
    for (std::size_t dash = o[i].find('-'); !ok && dash != std::string::npos; dash = o[i].find('-', dash + 1))
      ok = o[i].compare(dash + 1, t[i].size(), t[i]) == 0;
    if (!ok) return false;
  }
  return true;
}

// Levenshtein distance, for suggestions after a typing mistake.
std::size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

class Play {
 public:
  Play(const core::Title& title, core::Match& game, std::string program, std::string autosave, bool table, bool watch, Style style,
       const core::i18n::Catalogues& catalogues, std::string lang)
      : title_(title),
        game_(game),
        program_(std::move(program)),
        autosave_(std::move(autosave)),
        table_(table),
        watch_(watch),
        style_(style),
        cat_(catalogues),
        language(std::move(lang)) {
    for (core::Seat p = 0; p < game_.seat_count(); ++p) humans_ += !game_.is_bot(p);
    game_.set_language(language);
  }

  // Plays until the end, `quit` or the end of input. Returns the exit code.
  int run() {
    const std::string scenario_key = "scenario." + game_.record().scenario + ".name";
    const std::string scenario = tr_or(scenario_key, game_.record().scenario);
    std::printf("%s", style_.bold(wrap(tr("ui.play.welcome", {{"title", title_.name()}, {"scenario", scenario}}), width_, 0)).c_str());
    while (true) {
      narrate();
      if (game_.node_kind() == core::NodeKind::Terminal) return finish();
      if (game_.node_kind() == core::NodeKind::Chance) {
        if (!table_) {
          game_.sample_chance();
          continue;
        }
        if (!ask(core::kChance)) return stop();
        continue;
      }
      const core::Seat seat = acting();
      if (game_.is_bot(seat)) {
        bot_move(seat);
        continue;
      }
      if (!ask(seat)) return stop();
    }
  }

 private:
  core::Seat acting() const {
    const core::SeatMask seats = game_.acting_seats();
    for (core::Seat p = 0; p < game_.seat_count(); ++p)  // humans first in a simultaneous choice
      if ((seats & core::seat_bit(p)) && !game_.is_bot(p)) return p;
    return static_cast<core::Seat>(__builtin_ctz(seats));
  }

  // A seat's name in the reader's language where the catalogue has one ("power.USSR": "СССР").
  std::string seat_label(core::Seat p) const {
    const std::string key = "power." + game_.seat_name(p);
    return tr_or(key, game_.seat_name(p));
  }
  std::string name(core::Seat p) const { return style_.seat(p, seat_label(p)); }
  std::string tr(std::string_view key, const core::i18n::Args& args = {}, std::optional<long long> count = std::nullopt) const {
    return cat_.tr(language, key, args, count);
  }
  // The catalogue's text for `key`, else `fallback` (the data's own words, where no catalogue names it).
  std::string tr_or(const std::string& key, const std::string& fallback) const { return cat_.contains(language, key) ? tr(key) : fallback; }
  // An action's display text beside its command where they differ.
  std::string labelled(core::Seat seat, const std::string& command) const {
    const std::string text = seat_text(seat, command);
    return text == command ? command : text + "  [" + command + "]";
  }
  std::string seat_text(core::Seat seat, const std::string& command) const {
    return language == "en" ? command : game_.action_text(seat, command);
  }

  // The log's entries from `from` to `to` as lines, each with its seat: an entry the title says
  // continues the one before it (a die of a batch) is said on that entry's line; one whose line
  // began before `from` begins the list with `continued` set.
  struct LogLine {
    std::string text;
    core::Seat seat;
    bool continued = false;
  };
  std::vector<LogLine> log_lines(std::size_t from, std::size_t to) const {
    std::vector<LogLine> out;
    for (std::size_t i = from; i < to; ++i) {
      const std::optional<std::string> more = game_.log_continuation(i);
      if (!more)
        out.push_back({game_.log_line(i), game_.log_seat(i)});
      else if (out.empty())
        out.push_back({*more, game_.log_seat(i), true});
      else
        out.back().text += *more;
    }
    return out;
  }

  // Prints the log entries added since the last call: the narrated game, with rule numbers. The last
  // line waits until something else is printed, since the next entries may continue it (the dice
  // of a batch are rolled one at a time).
  void narrate() {
    const std::size_t n = game_.log_size();
    if (shown_ > n) shown_ = n;  // after an undo
    if (shown_ < n) flush_secret();
    for (LogLine& line : log_lines(shown_, n)) {
      if (line.continued && pending_) {
        pending_->text += line.text;
        continue;
      }
      flush_log();
      if (line.continued) line.text = "…" + line.text;
      pending_ = std::move(line);
      ++unseen_;
    }
    shown_ = n;
  }
  void flush_log() {
    if (!pending_) return;
    // Broken into lines of the terminal's width first, then coloured: the colour's escape codes
    // take no column, and a line the terminal broke again would split a word.
    const std::string lines = wrap("  " + pending_->text, width_, 6);
    std::printf("%s\n", style_.seat(pending_->seat, lines.substr(0, lines.size() - 1)).c_str());
    pending_.reset();
  }

  // Before the screen is cleared for a decision: when much happened since the last one (a whole War
  // Phase played by the bots), the player reads it first (only at an interactive terminal).
  void pause_if_much_happened() {
    if (unseen_ > 8 && prompted_ && ::isatty(0)) {
      std::printf("%s", style_.bold(tr("ui.play.press_enter")).c_str());
      std::fflush(stdout);
      std::string line;
      std::getline(std::cin, line);
      if (!trim(line).empty()) typed_ahead_ = line;  // a command typed here is kept and run at the prompt
    }
    unseen_ = 0;
  }

  void bot_move(core::Seat seat) {
    // A choice made in secret (a face-down card, a written order) stays hidden until it is revealed:
    // a bot's run of them is one line ("makes 14 secret choices"), unless --watch shows each.
    const core::MatchBots::BotMove move = game_.bot_move(seat);
    if (move.secret && !watch_) {
      if (secret_seat_ != seat) flush_secret();
      secret_seat_ = seat;
      ++secret_count_;
      return;
    }
    flush_secret();
    flush_log();
    const std::string what = move.secret ? tr("ui.play.secret_choice") : language == "en" ? move.text : move.display;
    std::printf("%s", wrap(name(seat) + " " + what, width_, 6).c_str());
    std::fflush(stdout);
    if (watch_) std::this_thread::sleep_for(std::chrono::milliseconds(600));
  }
  void flush_secret() {
    if (secret_count_ == 0) return;
    flush_log();
    std::printf("%s", wrap(name(secret_seat_) + " " + tr("ui.play.secret_choices", {}, secret_count_), width_, 6).c_str());
    std::fflush(stdout);
    secret_count_ = 0;
    secret_seat_ = core::kChance;
  }

  void show(core::Seat seat, const std::vector<std::string>& options) {
    flush_secret();
    flush_log();
    pause_if_much_happened();
    prompted_ = true;
    std::printf("%s", style_.clear().c_str());
    std::string screen = fit_lines(game_.compact_board_text(seat == core::kChance ? std::nullopt : std::optional(seat)), width_);
    const std::string phase = seat == core::kChance ? tr("ui.play.table_rolls", {{"phase", game_.phase()}}) : game_.phase();
    screen += "\n" + style_.bold(wrap(phase, width_, 4));
    // The last entries of the log: 5, or 3 on a screen of fewer than 40 lines.
    const std::size_t lines = game_.log_size(), tail = height_ && height_ < 40 ? 3 : 5;
    auto recent = log_lines(lines > 60 ? lines - 60 : 0, lines);
    for (std::size_t i = recent.size() > tail ? recent.size() - tail : 0; i < recent.size(); ++i)
      screen += style_.dim(wrap("  " + std::string(recent[i].continued ? "…" : "") + recent[i].text, width_, 6));
    std::printf("%s", screen.c_str());
    // A list longer than the screen's room below the board is summarised by its verbs, so that the
    // board stays on screen; typing a beginning lists those actions.
    const std::size_t used = static_cast<std::size_t>(std::count(screen.begin(), screen.end(), '\n')) + 3;
    const std::size_t room = height_ ? std::max<std::size_t>(static_cast<std::size_t>(height_) > used ? height_ - used : 0, 8) : 36;
    std::printf("%s", std::exchange(notice_, "").c_str());
    if (seat != core::kChance) {  // why the options are so few, where the title says (a rule's reason)
      const nlohmann::json why = game_.view(seat, 0).value("options_why_message", nlohmann::json());
      if (why.is_object())
        std::printf("%s", wrap(tr("ui.play.why") + ": " + cat_.render(language, core::i18n::message_from_json(why)), width_, 5).c_str());
    }
    if (options.size() <= std::min<std::size_t>(room, 36)) return list(options, {});
    // Too many to list on one screen: the verbs, with how many of each; a beginning lists them. A
    // verb of one action (which its beginning would take at once) says what that action does.
    const Notes notes = notes_of(seat);
    const std::vector<VerbRun> runs = verb_runs(options);
    std::vector<std::string> kinds;
    std::size_t column = language == "en" ? 14 : 30;
    for (const VerbRun& run : runs) {
      // The kind in the reader's language beside the command's verb ("advance · продвинуть").
      const std::string& verb = run.verb;
      std::string kind =
          language != "en" && cat_.contains(language, "action_kind." + verb) ? verb + " · " + tr("action_kind." + verb) : verb;
      if (!run.shared_last.empty()) kind += " … " + run.shared_last;
      column = std::max(column, columns_of(kind));
      kinds.push_back(std::move(kind));
    }
    column = std::min(column, std::max<std::size_t>(width_ / 3, 14));  // a long label takes its line's room, not every line's
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const std::string& example = options[runs[r].first];
      const std::string pad(column - std::min(column, columns_of(kinds[r])), ' ');
      std::printf("%s", wrap(fmt::format("  {}{} {}{}", kinds[r], pad,
                                         tr("ui.play.verb_choices", {{"example", labelled(seat, example)}}, runs[r].count),
                                         runs[r].count == 1 ? note_text(notes, example) : ""),
                             width_, column + 3)
                            .c_str());
    }
    std::printf("%s\n", tr("ui.play.type_beginning", {{"verb", runs.front().verb}}).c_str());
  }

  // What the seat's actions do, where the title says (a Meeting action's value and where its issue
  // goes): the view's notes, in words and as messages.
  struct Notes {
    nlohmann::json plain = nlohmann::json::object(), messages = nlohmann::json::object();
    bool has(const std::string& action) const { return plain.contains(action) || messages.contains(action); }
  };
  Notes notes_of(core::Seat seat) const {
    Notes notes;
    if (seat == core::kChance) return notes;
    const nlohmann::json view = game_.view(seat, 0);
    const nlohmann::json plain = view.value("action_notes", nlohmann::json::object()),
                         messages = view.value("action_note_messages", nlohmann::json::object());
    if (plain.is_object()) notes.plain = plain;
    if (messages.is_object()) notes.messages = messages;
    return notes;
  }
  // "  — value 5: centre → UK 5" in the reader's language, or nothing for an action without a note.
  std::string note_text(const Notes& notes, const std::string& action) const {
    if (notes.messages.contains(action)) return "  — " + cat_.render(language, core::i18n::message_from_json(notes.messages[action]));
    return notes.plain.contains(action) ? "  — " + notes.plain[action].get<std::string>() : "";
  }

  // Numbered options (numbers are positions in the full list, so they do not shift when a
  // beginning narrows the list), in as many columns as the terminal holds; a short list in one
  // column with what each action does, where the title says (a card's value, an issue's move).
  void list(const std::vector<std::string>& options, const std::vector<std::size_t>& only) const {
    const core::Seat seat = asked_;
    std::vector<std::size_t> shown = only;
    if (shown.empty())
      for (std::size_t i = 0; i < options.size(); ++i) shown.push_back(i);
    std::size_t longest = 0;
    for (std::size_t k : shown) longest = std::max(longest, options[k].size());
    // In another language each action is listed with its display text, one to a line.
    const bool worded = language != "en" && seat != core::kChance;
    const std::size_t cell = std::max<std::size_t>(longest + 6, 24);
    const std::size_t fit = std::max<std::size_t>(1, static_cast<std::size_t>(width_) / cell);
    const Notes notes = notes_of(seat);
    // What each action does, wherever the title says it for one of them: one to a line, whatever the count.
    const bool noted = std::any_of(shown.begin(), shown.end(), [&](std::size_t k) { return notes.has(options[k]); });
    // Options that differ from the one before only in a count ("shift USSR 50 inf*3 36" after
    // "shift USSR 50 inf 36") share its line: one line per choice, with its numbers for each count.
    const bool counted = !worded && std::any_of(shown.begin(), shown.end(), [&](std::size_t k) { return !count_word(options[k]).empty(); });
    const std::size_t columns = shown.size() > 12 && !worded && !noted && !counted ? std::min<std::size_t>(fit, 3) : 1;
    for (std::size_t k = 0; k < shown.size(); ++k) {
      const std::string& o = options[shown[k]];
      if (std::size_t run = 0; counted) {
        std::string line = fmt::format("{:4} {}", number(shown[k]), o);
        for (std::string count; k + run + 1 < shown.size() && !(count = count_of(o, options[shown[k + run + 1]])).empty(); ++run)
          line += fmt::format("{}{} {}", run ? "  " : "  · ", number(shown[k + run + 1]), count);
        std::printf("%s", wrap(line + note_text(notes, o), width_, 7).c_str());
        k += run;
        continue;
      }
      if (noted && !worded) {  // a list in one column for its notes
        if (const std::size_t run = same_but_last(options, shown, k, notes); run >= kGrouped) {
          list_group(options, shown, k, run);
          k += run - 1;
          continue;
        }
      }
      if (columns == 1) {
        std::printf(
            "%s", wrap(fmt::format("{:4} {}{}", number(shown[k]), worded ? labelled(seat, o) : o, note_text(notes, o)), width_, 7).c_str());
        continue;
      }
      std::printf("%4d %-*s%s", number(shown[k]), static_cast<int>(cell - 5), o.c_str(), (k + 1) % columns == 0 ? "\n" : "");
    }
    if (columns > 1 && shown.size() % columns) std::printf("\n");
  }

  // The word of `option` that ends in a count ("inf*3"), or nothing.
  static std::string count_word(const std::string& option) {
    for (const std::string& w : words_of(option))
      if (const std::size_t star = w.find('*');
          star != std::string::npos && star > 0 && star + 1 < w.size() &&
          std::all_of(w.begin() + static_cast<std::ptrdiff_t>(star) + 1, w.end(), [](unsigned char ch) { return std::isdigit(ch); }))
        return w;
    return "";
  }
  // "inf*3" when `other` is `base` with one word given a count ("shift USSR 50 inf 36", "shift USSR
  // 50 inf*3 36"), else nothing.
  static std::string count_of(const std::string& base, const std::string& other) {
    const std::vector<std::string> b = words_of(base), o = words_of(other);
    std::string word = count_word(other);
    if (b.size() != o.size() || word.empty()) return "";
    for (std::size_t i = 0; i < b.size(); ++i)
      if (o[i] != b[i] && !(o[i] == word && word.rfind(b[i] + "*", 0) == 0)) return "";
    return word;
  }

  // A run of options without a note that differ only in their last word ("buy USSR goods 0/0/5" ...
  // "buy USSR goods 5/0/0", War Room's 21 mixes of Civilian Goods) is listed as one heading and its
  // numbered last words in columns: the same options, numbers and order in fewer lines.
  static constexpr std::size_t kGrouped = 6;
  static std::string_view all_but_last(std::string_view o) {
    const std::size_t space = o.rfind(' ');
    return space == std::string_view::npos ? std::string_view() : o.substr(0, space);
  }
  static std::size_t same_but_last(const std::vector<std::string>& options, const std::vector<std::size_t>& shown, std::size_t k,
                                   const Notes& notes) {
    const std::string_view head = all_but_last(options[shown[k]]);
    std::size_t run = 0;
    while (!head.empty() && k + run < shown.size() && all_but_last(options[shown[k + run]]) == head && !notes.has(options[shown[k + run]]))
      ++run;
    return run;
  }
  void list_group(const std::vector<std::string>& options, const std::vector<std::size_t>& shown, std::size_t k, std::size_t run) const {
    const std::string_view head = all_but_last(options[shown[k]]);
    std::size_t longest = 0;
    for (std::size_t i = k; i < k + run; ++i) longest = std::max(longest, options[shown[i]].size() - head.size() - 1);
    const std::size_t cell = longest + 6;
    const std::size_t per_line = std::max<std::size_t>(1, (static_cast<std::size_t>(std::max(width_, 40)) - 5) / cell);
    std::printf("     %.*s:\n", static_cast<int>(head.size()), head.data());
    for (std::size_t i = 0; i < run; ++i) {
      const std::string& o = options[shown[k + i]];
      const bool ends = (i + 1) % per_line == 0 || i + 1 == run;
      std::printf("%s%4d %-*s%s", i % per_line == 0 ? "   " : "", number(shown[k + i]), ends ? 0 : static_cast<int>(cell - 5),
                  o.c_str() + head.size() + 1, ends ? "\n" : "");
    }
  }

  // The menu's numbers: where the title asks for it, a number keeps its meaning from one list to the
  // next within a step of the round while they share any action (an action listed before keeps its
  // number; a new one takes a number never used since); the count starts again from 1 at a new step
  // or where no action of the last list is offered. Otherwise each list is numbered from 1.
  void number_options(core::Seat seat, const std::vector<std::string>& options) {
    std::map<std::string, int>& kept = numbering_[seat];
    const nlohmann::json view = seat == core::kChance ? nlohmann::json::object() : game_.view(seat, 0);
    std::string step = view.value("step", nlohmann::json()).dump() + view.value("round", nlohmann::json()).dump();
    if (!title_.stable_menu_numbers() || std::exchange(numbered_step_[seat], step) != step ||
        std::none_of(options.begin(), options.end(), [&](const std::string& o) { return kept.contains(o); }))
      kept.clear();
    int next = 0;
    for (const auto& [action, n] : kept) next = std::max(next, n);
    numbers_.clear();
    for (const std::string& o : options) {
      const auto [at, added] = kept.try_emplace(o, next + 1);
      next += added;
      numbers_.push_back(at->second);
    }
  }
  int number(std::size_t option) const { return option < numbers_.size() ? numbers_[option] : static_cast<int>(option) + 1; }

  // Hot seat: hide the previous player's hand before showing the next one's (issue: "pass the keyboard").
  bool pass_keyboard(core::Seat seat) {
    flush_secret();
    flush_log();
    if (humans_ < 2 || seat == last_human_ || seat == core::kChance) return true;
    last_human_ = seat;
    std::printf("%s%s\n", style_.clear().c_str(), style_.bold(tr("ui.play.pass_keyboard", {{"seat", name(seat)}})).c_str());
    std::string line;
    return static_cast<bool>(std::getline(std::cin, line));
  }

  // Asks the seat (or, in table mode, the table for a chance outcome) until one action is taken.
  // False at the end of input or on quit.
  bool ask(core::Seat seat) {
    if (!pass_keyboard(seat)) return false;
    const std::vector<std::string> options = seat == core::kChance ? game_.chance_outcomes() : game_.legal_actions(seat);
    asked_ = seat;
    number_options(seat, options);
    show(seat, options);
    while (true) {
      std::printf("%s> ", seat == core::kChance ? "table" : seat_label(seat).c_str());
      std::fflush(stdout);
      std::string line;
      if (typed_ahead_) {
        line = *std::exchange(typed_ahead_, std::nullopt);
        std::printf("%s\n", line.c_str());
      } else if (!std::getline(std::cin, line)) {
        return false;
      }
      line = trim(line);
      if (line.empty()) continue;
      if (line == "quit" || line == "exit") return false;
      // An action's own text comes first: a chance outcome may read "card 8c".
      const bool exact = std::find(options.begin(), options.end(), line) != options.end();
      switch (exact ? Command::None : command(line, seat)) {
        case Command::Redraw: return true;  // show the board again from the top
        case Command::Done: continue;
        case Command::None: break;
      }
      const int pick = choose(line, options, seat);
      if (pick < 0) continue;
      if (seat != core::kChance && !confirmed(seat, options[static_cast<std::size_t>(pick)])) continue;
      if (seat == core::kChance)
        game_.chance(options[static_cast<std::size_t>(pick)]);
      else
        game_.act(seat, options[static_cast<std::size_t>(pick)]);
      return true;
    }
  }

  // An action the view asks to confirm (its "action_confirm": a War Room sheet finished with no
  // orders or no bid) is taken only after a yes; anything else goes back to the choice.
  bool confirmed(core::Seat seat, const std::string& action) {
    const nlohmann::json confirm = game_.view(seat, 0).value("action_confirm", nlohmann::json::object());
    if (!confirm.is_object() || !confirm.contains(action)) return true;
    const std::string asked = wrap(tr("ui.play.confirm", {{"question", game_.message_text(confirm[action]["message"])}}), width_, 2);
    std::printf("%s ", asked.substr(0, asked.size() - 1).c_str());  // the answer on the question's line
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) return false;
    std::istringstream yes(tr("ui.play.yes_words"));
    const std::string answer = lower(trim(line));
    for (std::string word; yes >> word;)
      if (answer == word) return true;
    return false;
  }

  static std::string trim(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
  }

  // An action by number, by exact text, or by a unique prefix; -1 with a message otherwise.
  // In another language, the display texts too ("Оспорить: Портал"), by beginning or each word's.
  int choose(const std::string& line, const std::vector<std::string>& options, core::Seat seat) {
    if (std::all_of(line.begin(), line.end(), [](unsigned char ch) { return std::isdigit(ch); }) && line.size() < 6) {
      const int n = std::stoi(line);
      const auto at = std::find(numbers_.begin(), numbers_.end(), n);
      if (at != numbers_.end()) return static_cast<int>(at - numbers_.begin());
      const int last = numbers_.empty() ? 0 : *std::max_element(numbers_.begin(), numbers_.end());
      std::printf("%s\n", tr("ui.play.no_such_action", {{"number", std::to_string(n)}, {"last", std::to_string(last)}}).c_str());
      return -1;
    }
    // Refused for a reason the rules state (a bid above the oil held): the reason, and nothing changes.
    if (const nlohmann::json why = seat == core::kChance ? nlohmann::json() : game_.refusal(seat, line); !why.is_null()) {
      std::printf("%s", wrap(game_.message_text(why), width_, 2).c_str());
      return -1;
    }
    std::vector<std::string> texts;
    if (language != "en" && seat != core::kChance)
      for (const auto& o : options) texts.push_back(lower(seat_text(seat, o)));
    const std::string typed = lower(line);
    std::vector<std::size_t> matches;
    for (std::size_t i = 0; i < options.size(); ++i) {
      if (options[i] == line) return static_cast<int>(i);
      if (options[i].rfind(line, 0) == 0 || (!texts.empty() && texts[i].rfind(typed, 0) == 0)) matches.push_back(i);
    }
    if (matches.empty())  // the beginning of each word: "adv mont eu"
      for (std::size_t i = 0; i < options.size(); ++i)
        if (words_match(line, options[i]) || (!texts.empty() && words_match(typed, texts[i]))) matches.push_back(i);
    if (matches.size() == 1) return static_cast<int>(matches[0]);
    if (!matches.empty()) {
      list(options, matches);  // what it could be
      return -1;
    }
    std::printf("%s\n", tr("ui.play.not_legal", {{"typed", printable(line)}}).c_str());
    suggest(line, options);
    return -1;
  }

  // After a typing mistake: the actions nearest to what was typed, word by word.
  void suggest(const std::string& line, const std::vector<std::string>& options) const {
    std::vector<std::pair<std::size_t, std::size_t>> near;  // distance, option
    for (std::size_t i = 0; i < options.size(); ++i) {
      const std::string start = options[i].substr(0, std::min(options[i].size(), line.size() + 2));
      near.emplace_back(std::min(distance(line, options[i]), distance(line, start)), i);
    }
    std::sort(near.begin(), near.end());
    std::vector<std::size_t> best;
    for (const auto& [d, i] : near)
      if (best.size() < 3 && d <= std::max<std::size_t>(2, line.size() / 3)) best.push_back(i);
    if (best.empty()) return;
    std::printf("%s\n", tr("ui.play.did_you_mean").c_str());
    list(options, best);
  }

  // What was typed, as it may be shown: letters of any language (valid UTF-8) stay, other bytes
  // that do not print become '?'.
  static std::string printable(const std::string& text) {
    std::string out;
    const std::string cut = text.substr(0, 120);
    for (std::size_t i = 0; i < cut.size();) {
      const unsigned char ch = static_cast<unsigned char>(cut[i]);
      const std::size_t n = ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : ch >= 0xC2 ? 2 : 1;
      bool ok = n > 1 && i + n <= cut.size();
      for (std::size_t k = 1; ok && k < n; ++k) ok = (static_cast<unsigned char>(cut[i + k]) & 0xC0) == 0x80;
      if (ok) {
        out += cut.substr(i, n);
        i += n;
      } else {
        out += std::isprint(ch) ? static_cast<char>(ch) : '?';
        ++i;
      }
    }
    return out;
  }

  // ASCII and Cyrillic (the two-byte letters А-Я, Ё) in lower case, for matching what was typed.
  static std::string lower(std::string t) {
    for (std::size_t i = 0; i < t.size(); ++i) {
      unsigned char& a = reinterpret_cast<unsigned char&>(t[i]);
      if (a < 0x80) {
        a = static_cast<unsigned char>(std::tolower(a));
      } else if (i + 1 < t.size() && (a == 0xD0 || a == 0xD1)) {
        unsigned char& b = reinterpret_cast<unsigned char&>(t[i + 1]);
        if (a == 0xD0 && b >= 0x90 && b <= 0x9F)
          b += 0x20;  // А-П -> а-п
        else if (a == 0xD0 && b >= 0xA0 && b <= 0xAF)
          a = 0xD1, b -= 0x20;  // Р-Я -> р-я
        else if (a == 0xD0 && b == 0x81)
          a = 0xD1, b = 0x91;  // Ё -> ё
        ++i;
      }
    }
    return t;
  }

  enum class Command { None, Done, Redraw };

  // rules 7.74 [--lang it]: the section from the edition of the language (the title's), else from
  // the English one, said so.
  std::string rules(const std::string& argument) const {
    const auto request = parse_rules_request(argument);
    const std::vector<std::string> languages = title_.languages();
    if (!request || (!request->language.empty() && std::find(languages.begin(), languages.end(), request->language) == languages.end()))
      return tr("ui.play.rules_usage") + "\n";
    const std::string lang = request->language.empty() ? language : request->language;
    const core::RulesText r = title_.rules_section(request->section, lang);
    const std::string note = r.found && r.language != lang ? tr("ui.play.rule_in_english") + "\n" : "";
    return note + core::wrap_lines(r.text, 78);
  }

  // help, rules, undo, save, log, board.
  Command command(const std::string& line, core::Seat seat) {
    if (line == "help") {  // the title's own help, where it has one
      const std::string own = title_.help_text(language);
      std::printf("%s\n", own.empty() ? tr("ui.play.help").c_str() : own.c_str());
    } else if (line.rfind("card ", 0) == 0 || line == "card") {
      show_card(trim(line.substr(4)));
    } else if (line.rfind("rules ", 0) == 0) {
      std::printf("%s", rules(trim(line.substr(6))).c_str());
    } else if (line == "undo") {
      if (seat == core::kChance || !game_.can_undo(seat)) {
        std::printf("%s\n", tr("ui.play.nothing_to_undo").c_str());
        return Command::Done;
      }
      game_.undo(seat);
      return Command::Redraw;
    } else if (line.rfind("save ", 0) == 0) {
      const std::string file = trim(line.substr(5));
      try {
        game_.write(file);
        std::printf("%s\n", tr("ui.play.saved", {{"file", file}}).c_str());
      } catch (const std::exception& e) {
        std::printf("%s\n", tr("ui.play.not_saved", {{"reason", e.what()}}).c_str());
      }
    } else if (line == "hint" || line.rfind("hint ", 0) == 0) {
      if (seat == core::kChance) {
        std::printf("%s\n", tr("ui.play.no_hint_table").c_str());
        return Command::Done;
      }
      const std::string argument = trim(line.substr(4));
      if (argument == "take" || argument.rfind("take ", 0) == 0) return take_hint(seat, trim(argument.substr(4)));
      if (!argument.empty()) {
        std::printf("%s", wrap(tr("ui.play.hint_usage"), width_, 2).c_str());
        return Command::Done;
      }
      hint(seat);
    } else if (line == "rest") {
      return carry_out_rest(seat);
    } else if (line == "resign" || line == "concede") {
      return ending(line, seat);
    } else if (line == "log") {
      for (std::size_t i = 0; i < game_.log_size(); ++i) std::printf("%s\n", game_.log_line(i).c_str());
    } else if (line == "board") {  // the whole board: every Command, the victory terms
      std::printf("%s", fit_lines(game_.board_text(seat == core::kChance ? std::nullopt : std::optional(seat)), width_).c_str());
    } else {
      return Command::None;
    }
    return Command::Done;
  }

  // `hint`: where the title words a plan (War Room: the whole entry the AI would write, each part
  // with why and an attack's odds), that plan, its entries numbered for `hint take`; elsewhere the
  // search's three best actions, each with its estimated chance of winning.
  void hint(core::Seat seat) {
    const auto task = game_.hint_task(seat, 3);
    const core::MatchSearch::Advice advice = task ? task() : core::MatchSearch::Advice{};
    core::PlanText plan = game_.plan_text(seat, advice.plan);
    if (plan.entries.empty()) {
      hint_plan_.reset();
      if (advice.hints.empty()) std::printf("%s\n", tr("ui.play.no_hints").c_str());
      for (const auto& h : advice.hints)
        std::printf("  %s\n", tr("ui.play.hint",
                                 {{"action", labelled(seat, h.action)}, {"chance", fmt::format("{:3.0f}", 100 * h.win_chance)}}, h.visits)
                                  .c_str());
      return;
    }
    hint_plan_ = HintPlan{seat, game_.version(), std::move(plan), {}};
    hint_plan_->taken.assign(hint_plan_->text.entries.size(), false);
    print_plan();
  }

  // The plan laid out for the terminal's width: its head, then each group's heading and its entries,
  // an entry that enters something numbered, with why on its line and its details (odds) under it.
  void print_plan() const {
    const auto& plan = *hint_plan_;
    for (std::size_t i = 0; i < plan.text.head.size(); ++i) {
      const std::string line = wrap(plan.text.head[i], width_, 2);
      std::printf("%s", i == 0 ? style_.bold(line.substr(0, line.size() - 1)).append("\n").c_str() : line.c_str());
    }
    const std::string* group = nullptr;
    int number = 0;
    for (const core::PlanEntry& e : plan.text.entries) {
      if (!group || *group != e.group) {
        group = &e.group;
        if (!e.group.empty()) std::printf("%s\n", style_.bold(clip(e.group, static_cast<std::size_t>(width_))).c_str());
      }
      const std::string label = e.actions.empty() ? "" : std::to_string(++number);
      std::printf("%s", wrap(fmt::format("{:>3}  {}{}", label, e.text, e.why.empty() ? "" : " — " + e.why), width_, 7).c_str());
      for (const std::string& d : e.details) std::printf("%s", style_.dim(wrap("       " + d, width_, 9)).c_str());
    }
    if (number > 0) std::printf("%s", wrap(tr("ui.play.hint_take", {}, number), width_, 2).c_str());
  }

  // `hint take` enters every entry of the last plan not yet taken, `hint take N` entry N: each an
  // ordinary legal action of the seat, as if typed. Refused, changing nothing, when there is no plan
  // for this seat or the game moved on since it was computed (an action or an undo not its own).
  Command take_hint(core::Seat seat, const std::string& which) {
    if (!hint_plan_ || hint_plan_->seat != seat) {
      std::printf("%s", wrap(tr("ui.play.hint_take_none"), width_, 2).c_str());
      return Command::Done;
    }
    if (hint_plan_->version != game_.version()) {
      std::printf("%s", wrap(tr("ui.play.hint_moved"), width_, 2).c_str());
      return Command::Done;
    }
    std::vector<std::size_t> numbered;  // the plan's entries that enter something, numbered from 1
    for (std::size_t i = 0; i < hint_plan_->text.entries.size(); ++i)
      if (!hint_plan_->text.entries[i].actions.empty()) numbered.push_back(i);
    const std::vector<std::size_t> chosen = hint_entries(which, numbered);
    if (chosen.empty()) return Command::Done;
    std::string numbers;
    for (const std::size_t i : chosen) {
      for (const std::string& action : hint_plan_->text.entries[i].actions) {
        const std::vector<std::string> legal = game_.legal_actions(seat);
        if (std::find(legal.begin(), legal.end(), action) == legal.end()) {  // what was entered stays, as typed actions do
          const std::string refused = wrap(tr("ui.play.hint_not_legal", {{"action", labelled(seat, action)}}), width_, 2);
          const bool entered = game_.version() != hint_plan_->version;
          hint_plan_.reset();
          if (!entered) std::printf("%s", refused.c_str());
          if (entered) notice_ = refused;
          return entered ? Command::Redraw : Command::Done;
        }
        game_.act(seat, action);
      }
      hint_plan_->taken[i] = true;
      numbers += (numbers.empty() ? "" : ", ") + std::to_string(std::find(numbered.begin(), numbered.end(), i) - numbered.begin() + 1);
    }
    hint_plan_->version = game_.version();
    notice_ = wrap(tr("ui.play.hint_taken", {{"entries", numbers}}, static_cast<long long>(chosen.size())), width_, 2);
    return Command::Redraw;
  }

  // The entries `hint take` was given (`which`: empty for every one not yet taken, else a number
  // among `numbered`), or none after saying why.
  std::vector<std::size_t> hint_entries(const std::string& which, const std::vector<std::size_t>& numbered) const {
    std::vector<std::size_t> chosen;
    if (which.empty()) {
      for (const std::size_t i : numbered)
        if (!hint_plan_->taken[i]) chosen.push_back(i);
      if (chosen.empty()) std::printf("%s", wrap(tr("ui.play.hint_all_taken"), width_, 2).c_str());
      return chosen;
    }
    const bool number = which.size() < 4 && std::all_of(which.begin(), which.end(), [](unsigned char ch) { return std::isdigit(ch); });
    const std::size_t n = number ? static_cast<std::size_t>(std::stoi(which)) : 0;
    if (n < 1 || n > numbered.size())
      std::printf(
          "%s",
          wrap(tr("ui.play.hint_no_entry", {{"typed", printable(which)}}, static_cast<long long>(numbered.size())), width_, 2).c_str());
    else if (hint_plan_->taken[numbered[n - 1]])
      std::printf("%s", wrap(tr("ui.play.hint_entry_taken", {{"number", std::to_string(n)}}), width_, 2).c_str());
    else
      chosen.push_back(numbered[n - 1]);
    return chosen;
  }

  // `rest`: the seat's nation's remaining orders carried out in box order as written, one legal action
  // each, as the view's "carry_out" gives them (War Room, Phase 3 › Step 2), until none is left or
  // the owner must choose (a pin, a choice of routes): then what to choose.
  Command carry_out_rest(core::Seat seat) {
    const auto next = [&] { return seat == core::kChance ? nlohmann::json() : game_.view(seat, 0).value("carry_out", nlohmann::json()); };
    nlohmann::json step = next();
    if (!step.is_object()) {
      std::printf("%s\n", tr("ui.play.rest_none").c_str());
      return Command::Done;
    }
    const std::string nation = step.value("nation", "");
    int carried = 0;
    for (; step.is_object() && step.value("nation", "") == nation && step["action"].is_string(); step = next(), ++carried)
      game_.act(seat, step["action"].get<std::string>());
    const std::string stopped =
        step.is_object() && step.value("nation", "") == nation ? wrap(game_.message_text(step["message"]), width_, 2) : "";
    if (!carried)
      std::printf("%s", stopped.c_str());
    else
      notice_ = stopped;  // said under the next board
    return carried ? Command::Redraw : Command::Done;
  }

  // resign: a bot (the title's first) plays the seat from now on, to the end; concede: the seat agrees
  // that its alliance concedes, which ends the game once every human seat of it agrees (Match::resign,
  // concede; docs/server.md, "Endings and beginnings").
  Command ending(const std::string& line, core::Seat seat) {
    if (seat == core::kChance) return Command::None;  // the table decides chance, and neither resigns nor concedes
    try {
      if (line == "resign") {
        const std::string bot = title_.bot_kinds().front();
        game_.resign(seat, "bot:" + bot);
        std::printf("%s\n", tr("ui.play.resigned", {{"seat", name(seat)}, {"bot", tr_or("ui.web.bot_kinds." + bot, bot)}}).c_str());
        return Command::Redraw;
      }
      if (game_.concede(seat, true)) return Command::Redraw;  // the game is over
      std::string waiting;
      for (core::Seat p = 0; p < game_.seat_count(); ++p)
        if (game_.team(p) == game_.team(seat) && !game_.is_bot(p) && !(game_.conceding() & core::seat_bit(p)))
          waiting += (waiting.empty() ? "" : " " + tr("ui.play.and") + " ") + name(p);
      std::printf("%s\n", tr("ui.play.conceding", {{"seat", name(seat)}, {"seats", waiting}}).c_str());
    } catch (const core::ActionError& e) {
      std::printf("%s\n", tr("ui.play.not_now", {{"reason", e.what()}}).c_str());
    }
    return Command::Done;
  }

  // `card NAME`: a card's face from the title's data (any title whose layout lists "cards", and
  // "conference_cards"): by id, or by a part of its name; `card pol-mil` prints the Pol-Mil table.
  void show_card(const std::string& name) const {
    const nlohmann::json layout = title_.layout();
    if (!layout.contains("cards")) {
      std::printf("%s\n", tr("ui.play.no_cards", {{"title", title_.name()}}).c_str());
      return;
    }
    if (layout.contains("polmil_table") && (lower(name) == "pol-mil" || lower(name) == "polmil"))
      return show_polmil(layout["polmil_table"]);
    std::vector<const nlohmann::json*> found;
    bool exact = false;
    for (const char* kind : {"cards", "conference_cards"}) {
      if (!layout.contains(kind)) continue;
      for (const auto& [id, card] : layout[kind].items()) {
        if (exact) break;
        if (id == name) {
          found = {&card};
          exact = true;
        } else if (!name.empty() && (lower(card.value("name", "")).find(lower(name)) != std::string::npos ||
                                     lower(card_name(card)).find(lower(name)) != std::string::npos)) {
          found.push_back(&card);
        }
      }
    }
    if (found.size() != 1) {
      std::string ids;
      for (const auto* c : found) ids += " " + c->value("id", "");
      std::printf("%s", wrap(found.empty() ? tr("ui.play.no_such_card") : tr("ui.play.which_card", {{"ids", ids}}), width_, 2).c_str());
      return;
    }
    const nlohmann::json& c = *found.front();
    if (c.contains("bands")) {
      show_conference_card(c);
      if (c.value("polmil", false) && layout.contains("polmil_table")) show_polmil(layout["polmil_table"]);
    } else {
      const std::string power = c.value("power", ""), kind = c.value("kind", "");
      std::printf("%s", wrap(tr("ui.play.card_face", {{"name", card_field(c, "name")},
                                                      {"office", card_field(c, "office")},
                                                      {"power", tr_or("power." + power, power)},
                                                      {"kind", tr_or("ui.card_kind." + kind, kind)},
                                                      {"value", c.value("value", "")}}),
                             width_, 2)
                            .c_str());
      std::printf("%s", wrap("  " + card_field(c, "text"), width_, 2).c_str());
    }
    const auto& origin = c["origin"];
    const std::string provenance = origin.value("provenance", "");
    const std::string source = origin.value("source", "");
    std::printf("%s", style_
                          .dim(wrap("  " + tr("ui.play.card_source", {{"provenance", tr_or("ui.provenance." + provenance, provenance)}}) +
                                        (source.empty() ? "" : " — " + source),
                                    width_, 2))
                          .c_str());
  }

  // A card's name as the reader reads it: a conference card's is its conference's and its version
  // ("Argonaut B").
  std::string card_name(const nlohmann::json& card) const {
    if (!card.contains("bands")) return card_field(card, "name");
    const std::string key = card.value("key", "") + ".name";
    return cat_.contains(language, key) ? tr(key) + " " + card.value("version", "") : card.value("name", "");
  }

  // 3.28, 5.11: a conference card's bands, each with whom it concerns, its title and its text.
  void show_conference_card(const nlohmann::json& c) const {
    const std::string date_key = c.value("key", "") + ".date";
    std::printf("%s", wrap(tr("ui.play.conference_face", {{"name", card_name(c)},
                                                          {"number", std::to_string(c.value("conference", 0))},
                                                          {"date", tr_or(date_key, c.value("date", ""))}}),
                           width_, 2)
                          .c_str());
    for (const auto& band : c["bands"]) {
      const std::string key = band.value("key", ""), colour = band.value("band", "");
      const std::string title = tr_or(key + ".title", band.value("title", ""));
      const std::string text = tr_or(key + ".text", band.value("text", ""));
      std::printf("%s", wrap(fmt::format("  {}: {} — {}", tr("ui.play.band." + colour), title, text), width_, 4).c_str());
    }
  }

  // 5.12: the Pol-Mil table, a row for each face of the red die, the blue die's face before each location.
  void show_polmil(const nlohmann::json& table) const {
    std::printf("%s", wrap(tr("ui.play.polmil_table"), width_, 2).c_str());
    int red = 0;
    for (const auto& row : table["rows"]) {
      std::string line = fmt::format("  {}:", ++red);
      int blue = 0;
      for (const auto& cell : row) {
        const std::string key = "location." + cell.value("id", "") + ".name";
        line += fmt::format("{} {} {}", blue ? "," : "", blue + 1, tr_or(key, cell.value("name", "")));
        ++blue;
      }
      std::printf("%s", wrap(line, width_, 5).c_str());
    }
  }

  // A card's name, office or text in the reader's language: the layout names its catalogue key
  // ("key": "staff.portal"), else the layout's own text.
  std::string card_field(const nlohmann::json& card, const std::string& field) const {
    const std::string key = card.value("key", "") + "." + field;
    if (card.contains("key") && cat_.contains(language, key)) return tr(key);
    return card.value(field, "");
  }

  int stop() {
    flush_secret();
    flush_log();
    game_.write(autosave_);
    std::printf("\n%s\n", tr("ui.play.saved_continue", {{"file", autosave_}, {"program", program_}}).c_str());
    return 0;
  }

  int finish() {
    flush_secret();
    flush_log();
    game_.write(autosave_);
    std::printf("\n%s\n%s", style_.bold(tr("ui.play.game_over")).c_str(), fit_lines(game_.board_text(std::nullopt), width_).c_str());
    if (const core::SeatMask conceded = game_.conceded()) {  // the rules' end did not come: an alliance gave up
      std::string seats;
      for (core::Seat p = 0; p < game_.seat_count(); ++p)
        if (conceded & core::seat_bit(p)) seats += (seats.empty() ? "" : " " + tr("ui.play.and") + " ") + name(p);
      std::printf("%s", wrap(tr("ui.play.conceded", {{"seats", seats}}), width_, 2).c_str());
    }
    std::string winners;
    for (core::Seat p = 0; p < game_.seat_count(); ++p)
      if (game_.winners() & core::seat_bit(p)) winners += (winners.empty() ? "" : " " + tr("ui.play.and") + " ") + name(p);
    const std::string result =
        winners.empty() ? tr("ui.play.nobody_wins") : tr("ui.play.wins", {{"winners", winners}}, std::popcount(game_.winners()));
    std::printf("%s", wrap(tr("ui.play.game_saved", {{"result", result}, {"file", autosave_}, {"program", program_}}), width_, 2).c_str());
    return 0;
  }

  const core::Title& title_;
  core::Match& game_;
  std::string program_;
  std::string autosave_;
  bool table_, watch_;  // --watch: each bot's move shown, secret ones too, with a pause
  Style style_;
  const core::i18n::Catalogues& cat_;
  std::string language;  // --lang, else the environment's: the display texts' and the edition `rules` quotes
  int humans_ = 0;
  core::Seat last_human_ = -1;
  std::size_t shown_ = 0;
  core::Seat asked_ = core::kChance;        // the seat whose actions are listed
  bool prompted_ = false;                   // a decision has been shown (no pause before the first)
  std::size_t unseen_ = 0;                  // log lines narrated since the last decision was shown
  std::optional<std::string> typed_ahead_;  // typed at "Press Enter to continue": the next prompt's input
  std::optional<LogLine> pending_;          // the log's last line, printed once no entry continues it
  core::Seat secret_seat_ = core::kChance;  // a bot's run of secret choices not yet said, and how many
  int secret_count_ = 0;
  // The last hint's plan in words, for `hint take`: the seat it was for, the game's version it
  // stands at (computed there, moved on by its own entries taken), and which entries were taken.
  struct HintPlan {
    core::Seat seat = core::kChance;
    std::size_t version = 0;
    core::PlanText text;
    std::vector<bool> taken;
  };
  std::optional<HintPlan> hint_plan_;
  std::string notice_;                                          // said under the next board (what stopped `rest`)
  std::map<core::Seat, std::map<std::string, int>> numbering_;  // each seat's menu numbers by action (number_options)
  std::map<core::Seat, std::string> numbered_step_;             // the step (and round) those numbers belong to
  std::vector<int> numbers_;                                    // the number of each option listed now
  int width_ = terminal_width();
  int height_ = terminal_height();
};

}  // namespace

std::vector<VerbRun> verb_runs(const std::vector<std::string>& options) {
  std::vector<VerbRun> runs;
  std::map<std::string, int> runs_of_verb;
  for (std::size_t i = 0; i < options.size(); ++i) {
    const std::string verb = options[i].substr(0, options[i].find(' '));
    if (runs.empty() || runs.back().verb != verb) {
      runs.push_back({verb, "", i, 0});
      ++runs_of_verb[verb];
    }
    ++runs.back().count;
  }
  for (VerbRun& run : runs) {
    if (runs_of_verb[run.verb] < 2) continue;
    const std::vector<std::string> first = words_of(options[run.first]);
    bool shared = first.size() >= 3;
    for (std::size_t i = run.first + 1; shared && i < run.first + static_cast<std::size_t>(run.count); ++i)
      shared = words_of(options[i]).back() == first.back();
    if (shared) run.shared_last = first.back();
  }
  return runs;
}

void add_play_command(CLI::App& app, Kit& kit, int& exit_code) {
  struct Options {
    std::string scenario, seats, load, autosave, lang;
    std::uint64_t seed = 0;
    int players = 0, threads = 1;
    bool table = false, fast = false, watch = false, no_colour = false;
    std::vector<std::string> options;
  };
  const auto o = std::make_shared<Options>();
  o->autosave = kit.program + "-autosave.json";
  CLI::App* play = app.add_subcommand("play", "Play in the terminal: humans at one keyboard, bots in the other seats");
  play->add_option("--scenario", o->scenario, "The scenario (default: the first)");
  play->add_option("--players", o->players, "The number of seats, where the scenario allows several");
  play->add_option(
      "--seats", o->seats,
      "e.g. SEAT=human,SEAT=bot:NAME (default: you in the first seat against bots; a seat named human makes the seats not named bots)");
  play->add_option("--seed", o->seed, "Random seed (default: a fresh one)");
  play->add_option("--option", o->options, "An optional rule (repeatable)");
  for (const std::string& flag : kit.flag_options)
    play->add_flag_callback(
        "--" + flag, [o, flag] { o->options.push_back(flag); }, "The optional rule " + flag);
  play->add_flag("--table", o->table, "Table mode: every die roll and dealt card is entered, for a game on the physical board");
  play->add_flag("--watch", o->watch, "Show each of the bots' moves, their secret ones too, with a pause after each");
  play->add_flag("--fast", o->fast, "The bots' moves without pausing (the default; kept for scripts)")->excludes("--watch");
  play->add_flag("--no-color", o->no_colour, "Plain text");
  CLI::Option* load = play->add_option("--load", o->load, "Continue a saved game");
  if (CLI::Option* threads = add_threads_option(*play, kit, o->threads)) threads->excludes(load);
  play->add_option("--autosave", o->autosave, "Where quit and the end of the game save (default PROGRAM-autosave.json)");
  play->add_option(
      "--lang", o->lang,
      "en, it or ru (default: LANGUAGE, LC_ALL, LC_MESSAGES, LANG): the language of everything shown, and the rulebook edition `rules` quotes");
  play->callback([&kit, &exit_code, o] {
    const core::Title& title = kit.title();
    // The catalogues of data/i18n (every title's interface; Churchill's names and texts too).
    std::filesystem::path catalogue_dir = core::i18n::default_catalogue_dir(kit.default_data);
    if (std::error_code ec; !std::filesystem::is_regular_file(catalogue_dir / "en.json", ec)) catalogue_dir = CHURCHILL_DATA_DIR "/i18n";
    const core::i18n::Catalogues catalogues = core::i18n::Catalogues::load(catalogue_dir);
    const std::string language = core::i18n::choose_language(o->lang, core::i18n::Environment::from_process(), catalogues.languages());
    std::unique_ptr<core::Match> game;
    if (!o->load.empty()) {
      game = load_match(title, o->load);
    } else {
      const std::string scenario = o->scenario.empty() ? title.scenarios().front().id : o->scenario;
      // Unless --seats says otherwise, you take the first seat and the title's first bot the others;
      // where --seats names a human seat, every seat it does not name is the bot's, the first too.
      const std::string bot = "bot:" + title.bot_kinds().front();
      std::vector<std::pair<std::string, std::string>> controllers;
      const auto names = title.seat_names(scenario, o->options, o->players);
      const auto given = parse_seat_controllers(o->seats);
      const bool human_named = std::any_of(given.begin(), given.end(), [](const auto& c) { return c.second == "human"; });
      for (std::size_t i = human_named ? 0 : 1; i < names.size(); ++i) controllers.emplace_back(names[i], bot);
      for (const auto& c : given) {
        std::erase_if(controllers, [&](const auto& d) { return d.first == c.first; });
        controllers.push_back(c);
      }
      core::SaveFile record = title.new_record(scenario, o->options, o->players, controllers);
      record.seed = o->seed ? o->seed : fresh_seed();
      record.search_threads = o->threads;
      game = title.open(std::move(record));
    }
    Style style;
    style.on =
        !o->no_colour && ::isatty(1) && !std::getenv("NO_COLOR") && std::getenv("TERM") && std::string(std::getenv("TERM")) != "dumb";
    Play session(title, *game, kit.program, o->autosave, o->table, o->watch, style, catalogues, language);
    exit_code = session.run();
  });
}

}  // namespace cli
