// `play`: a game of any title in the terminal, for humans at one keyboard and bots in the other
// seats. Actions by number or by (a unique prefix of) their text; help, rules, undo, save, log, quit.
#include <fmt/format.h>
#include <unistd.h>

#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "cli/kit.h"

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

const char* kHelp =
    "Choose an action by its number, or type its text (a unique beginning is enough).\n"
    "Commands: help | hint | rules 7.74 | undo | save FILE | log | board | quit (saves to the autosave file)\n";

class Play {
 public:
  Play(const core::Title& title, core::Match& game, std::string program, std::string autosave, bool table, bool fast, Style style)
      : title_(title), game_(game), program_(std::move(program)), autosave_(std::move(autosave)), table_(table), fast_(fast), style_(style) {
    for (core::Seat p = 0; p < game_.seat_count(); ++p) humans_ += !game_.is_bot(p);
  }

  // Plays until the end, `quit` or the end of input. Returns the exit code.
  int run() {
    std::printf("%s", style_.bold(title_.name() + " — " + game_.record().scenario + " scenario. Type help for commands.\n").c_str());
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

  std::string name(core::Seat p) const { return style_.seat(p, game_.seat_name(p)); }

  // Prints the log entries added since the last call: the narrated game, with rule numbers.
  void narrate() {
    const std::size_t n = game_.log_size();
    if (shown_ > n) shown_ = n;  // after an undo
    for (; shown_ < n; ++shown_) std::printf("  %s\n", style_.seat(game_.log_seat(shown_), game_.log_line(shown_)).c_str());
  }

  void bot_move(core::Seat seat) {
    // A choice made in secret (a face-down card, a written order) stays hidden until it is revealed.
    const core::Match::BotMove move = game_.bot_move(seat);
    std::printf("%s %s\n", name(seat).c_str(), move.secret ? "makes a secret choice" : move.text.c_str());
    std::fflush(stdout);
    if (!fast_) std::this_thread::sleep_for(std::chrono::milliseconds(600));
  }

  void show(core::Seat seat, const std::vector<std::string>& options) {
    std::printf("%s", style_.clear().c_str());
    std::printf("%s", game_.board_text(seat == core::kChance ? std::nullopt : std::optional(seat)).c_str());
    std::printf("\n%s\n", style_.bold(seat == core::kChance ? "The table rolls or deals: " + game_.phase() : game_.phase()).c_str());
    const std::size_t lines = game_.log_size();
    for (std::size_t i = lines > 5 ? lines - 5 : 0; i < lines; ++i) std::printf("%s\n", style_.dim("  " + game_.log_line(i)).c_str());
    if (options.size() <= 36) return list(options, {});
    // Too many to list on one screen: the verbs, with how many of each; a beginning lists them.
    std::vector<std::pair<std::string, int>> verbs;
    for (const auto& o : options) {
      const std::string verb = o.substr(0, o.find(' '));
      if (verbs.empty() || verbs.back().first != verb) verbs.push_back({verb, 0});
      ++verbs.back().second;
    }
    for (const auto& [verb, n] : verbs) std::printf("  %-14s %3d choices, e.g. %s\n", verb.c_str(), n, first_with(options, verb).c_str());
    std::printf("Type a beginning (\"%s\") to list those actions.\n", verbs.front().first.c_str());
  }

  static std::string first_with(const std::vector<std::string>& options, const std::string& verb) {
    for (const auto& o : options)
      if (o.rfind(verb, 0) == 0) return o;
    return "";
  }

  // Numbered options (numbers are positions in the full list), in columns.
  static void list(const std::vector<std::string>& options, const std::vector<std::size_t>& only) {
    std::vector<std::size_t> shown = only;
    if (shown.empty())
      for (std::size_t i = 0; i < options.size(); ++i) shown.push_back(i);
    const std::size_t columns = shown.size() > 12 ? 3 : 1;
    for (std::size_t k = 0; k < shown.size(); ++k)
      std::printf("%4zu %-35s%s", shown[k] + 1, options[shown[k]].c_str(), (k + 1) % columns == 0 ? "\n" : "");
    if (shown.size() % columns) std::printf("\n");
  }

  // Hot seat: hide the previous player's hand before showing the next one's (issue: "pass the keyboard").
  bool pass_keyboard(core::Seat seat) {
    if (humans_ < 2 || seat == last_human_ || seat == core::kChance) return true;
    last_human_ = seat;
    std::printf("%s%s\n", style_.clear().c_str(), style_.bold("Pass the keyboard to " + name(seat) + ", then press Enter.").c_str());
    std::string line;
    return static_cast<bool>(std::getline(std::cin, line));
  }

  // Asks the seat (or, in table mode, the table for a chance outcome) until one action is taken.
  // False at the end of input or on quit.
  bool ask(core::Seat seat) {
    if (!pass_keyboard(seat)) return false;
    const std::vector<std::string> options = seat == core::kChance ? game_.chance_outcomes() : game_.legal_actions(seat);
    show(seat, options);
    while (true) {
      std::printf("%s> ", seat == core::kChance ? "table" : game_.seat_name(seat).c_str());
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line)) return false;
      line = trim(line);
      if (line.empty()) continue;
      if (line == "quit" || line == "exit") return false;
      switch (command(line, seat)) {
        case Command::Redraw: return true;  // show the board again from the top
        case Command::Done: continue;
        case Command::None: break;
      }
      const int pick = choose(line, options);
      if (pick < 0) continue;
      if (seat == core::kChance) game_.chance(options[static_cast<std::size_t>(pick)]);
      else game_.act(seat, options[static_cast<std::size_t>(pick)]);
      return true;
    }
  }

  static std::string trim(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
  }

  // An action by number, by exact text, or by a unique prefix; -1 with a message otherwise.
  int choose(const std::string& line, const std::vector<std::string>& options) {
    if (std::all_of(line.begin(), line.end(), [](unsigned char ch) { return std::isdigit(ch); }) && line.size() < 6) {
      const int n = std::stoi(line);
      if (n >= 1 && n <= static_cast<int>(options.size())) return n - 1;
      std::printf("There is no action %d; choose 1 to %zu.\n", n, options.size());
      return -1;
    }
    std::vector<std::size_t> matches;
    for (std::size_t i = 0; i < options.size(); ++i) {
      if (options[i] == line) return static_cast<int>(i);
      if (options[i].rfind(line, 0) == 0) matches.push_back(i);
    }
    if (matches.size() == 1) return static_cast<int>(matches[0]);
    if (matches.empty()) std::printf("\"%s\" is not a legal action or a command (type help).\n", printable(line).c_str());
    else list(options, matches);  // what it could be
    return -1;
  }

  static std::string printable(const std::string& text) {
    std::string out;
    for (unsigned char ch : text.substr(0, 60)) out += std::isprint(ch) ? static_cast<char>(ch) : '?';
    return out;
  }

  enum class Command { None, Done, Redraw };

  // help, rules, undo, save, log, board.
  Command command(const std::string& line, core::Seat seat) {
    if (line == "help") {
      std::printf("%s", kHelp);
    } else if (line.rfind("rules ", 0) == 0) {
      std::printf("%s", title_.rules_text(trim(line.substr(6))).c_str());
    } else if (line == "undo") {
      if (seat == core::kChance || !game_.can_undo(seat)) {
        std::printf("Nothing to undo: undo never crosses a die roll, a reveal or another player's turn.\n");
        return Command::Done;
      }
      game_.undo(seat);
      return Command::Redraw;
    } else if (line.rfind("save ", 0) == 0) {
      const std::string file = trim(line.substr(5));
      try {
        game_.write(file);
        std::printf("Saved to %s.\n", file.c_str());
      } catch (const std::exception& e) {
        std::printf("Not saved: %s\n", e.what());
      }
    } else if (line == "hint") {
      if (seat == core::kChance) {
        std::printf("No hint for the table's rolls and deals.\n");
        return Command::Done;
      }
      const std::vector<core::Match::Hint> hints = game_.hint(seat, 3);
      if (hints.empty()) std::printf("This game has no search to give hints.\n");
      for (const auto& h : hints)
        std::printf("  %-35s estimated win chance %3.0f%% (%ld tries)\n", h.action.c_str(), 100 * h.win_chance, h.visits);
    } else if (line == "log") {
      for (std::size_t i = 0; i < game_.log_size(); ++i) std::printf("%s\n", game_.log_line(i).c_str());
    } else if (line == "board") {
      return Command::Redraw;
    } else {
      return Command::None;
    }
    return Command::Done;
  }

  int stop() {
    game_.write(autosave_);
    std::printf("\nGame saved to %s. Continue with: %s play --load %s\n", autosave_.c_str(), program_.c_str(), autosave_.c_str());
    return 0;
  }

  int finish() {
    game_.write(autosave_);
    std::printf("\n%s\n%s", style_.bold("Game over.").c_str(), game_.board_text(std::nullopt).c_str());
    std::string winners;
    for (core::Seat p = 0; p < game_.seat_count(); ++p)
      if (game_.winners() & core::seat_bit(p)) winners += (winners.empty() ? "" : " and ") + name(p);
    std::printf("%s. The game is saved in %s (%s replay %s).\n", winners.empty() ? "Nobody wins" : (winners + (std::popcount(game_.winners()) > 1 ? " win" : " wins")).c_str(),
                autosave_.c_str(), program_.c_str(), autosave_.c_str());
    return 0;
  }

  const core::Title& title_;
  core::Match& game_;
  std::string program_;
  std::string autosave_;
  bool table_, fast_;
  Style style_;
  int humans_ = 0;
  core::Seat last_human_ = -1;
  std::size_t shown_ = 0;
};

}  // namespace

void add_play_command(CLI::App& app, Kit& kit, int& exit_code) {
  struct Options {
    std::string scenario, seats, load, autosave;
    std::uint64_t seed = 0;
    int players = 0;
    bool table = false, fast = false, no_colour = false;
    std::vector<std::string> options;
  };
  const auto o = std::make_shared<Options>();
  o->autosave = kit.program + "-autosave.json";
  CLI::App* play = app.add_subcommand("play", "Play in the terminal: humans at one keyboard, bots in the other seats");
  play->add_option("--scenario", o->scenario, "The scenario (default: the first)");
  play->add_option("--players", o->players, "The number of seats, where the scenario allows several");
  play->add_option("--seats", o->seats, "e.g. SEAT=human,SEAT=bot:NAME (default: you in the first seat against bots)");
  play->add_option("--seed", o->seed, "Random seed (default: a fresh one)");
  play->add_option("--option", o->options, "An optional rule (repeatable)");
  for (const std::string& flag : kit.flag_options)
    play->add_flag_callback("--" + flag, [o, flag] { o->options.push_back(flag); }, "The optional rule " + flag);
  play->add_flag("--table", o->table, "Table mode: every die roll and dealt card is entered, for a game on the physical board");
  play->add_flag("--fast", o->fast, "Show the bots' moves without pausing");
  play->add_flag("--no-color", o->no_colour, "Plain text");
  play->add_option("--load", o->load, "Continue a saved game");
  play->add_option("--autosave", o->autosave, "Where quit and the end of the game save (default PROGRAM-autosave.json)");
  play->callback([&kit, &exit_code, o] {
    const core::Title& title = kit.title();
    std::unique_ptr<core::Match> game;
    if (!o->load.empty()) {
      game = load_match(title, o->load);
    } else {
      const std::string scenario = o->scenario.empty() ? title.scenarios().front().id : o->scenario;
      // Unless --seats says otherwise, you take the first seat and the title's first bot the others.
      const std::string bot = "bot:" + title.bot_kinds().front();
      std::vector<std::pair<std::string, std::string>> controllers;
      const auto names = title.seat_names(scenario, o->options, o->players);
      for (std::size_t i = 1; i < names.size(); ++i) controllers.emplace_back(names[i], bot);
      for (const auto& c : parse_seat_controllers(o->seats)) {
        std::erase_if(controllers, [&](const auto& d) { return d.first == c.first; });
        controllers.push_back(c);
      }
      core::SaveFile record = title.new_record(scenario, o->options, o->players, controllers);
      record.seed = o->seed ? o->seed : fresh_seed();
      game = title.open(std::move(record));
    }
    Style style;
    style.on = !o->no_colour && ::isatty(1) && !std::getenv("NO_COLOR") && std::getenv("TERM") && std::string(std::getenv("TERM")) != "dumb";
    exit_code = Play(title, *game, kit.program, o->autosave, o->table, o->fast, style).run();
  });
}

}  // namespace cli
