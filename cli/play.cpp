// `churchill play`: a game in the terminal for 1-3 humans at one keyboard, bots in the other seats.
// Actions by number or by (a unique prefix of) their text; help, rules, undo, save, log, quit.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "churchill/bots.h"
#include "cli/commands.h"
#include "churchill/saved_game.h"

namespace cli {

namespace {

// ANSI colour where the terminal has it (and NO_COLOR is not set).
struct Style {
  bool on = false;
  std::string power(int p, const std::string& text) const {
    static const char* kColour[] = {"\033[32m", "\033[34m", "\033[31m"};  // UK green, US blue, USSR red
    return on && p >= 0 && p < 3 ? kColour[p] + text + "\033[0m" : text;
  }
  std::string bold(const std::string& text) const { return on ? "\033[1m" + text + "\033[0m" : text; }
  std::string dim(const std::string& text) const { return on ? "\033[2m" + text + "\033[0m" : text; }
  std::string clear() const { return on ? "\033[2J\033[H" : "\n"; }
};

// The rule number a rulebook line opens with ("7.74 Breakthrough" -> "7.74"), or "".
std::string heading_number(const std::string& line) {
  std::size_t i = 0, dots = 0;
  while (i < line.size() && (std::isdigit(static_cast<unsigned char>(line[i])) || line[i] == '.')) {
    dots += line[i] == '.';
    ++i;
  }
  const bool number = i > 2 && dots >= 1 && dots <= 2 && line[i - 1] != '.' && std::isdigit(static_cast<unsigned char>(line[0]));
  const bool chapter = i > 1 && line.compare(i - 2, 2, ".0") == 0;  // "7.0 War Phase"
  return (number || chapter) && i < line.size() && line[i] == ' ' ? line.substr(0, i) : "";
}

// The rulebook's text of one rule ("7.74"), from the file a player points to (it is not part of the
// project): $CHURCHILL_RULES, else ../shared/rules/churchill-rules-en.txt beside the source tree.
std::string rule_text(const std::string& number) {
  std::vector<std::filesystem::path> candidates;
  if (const char* env = std::getenv("CHURCHILL_RULES")) candidates.emplace_back(env);
  candidates.emplace_back(std::filesystem::path(CHURCHILL_DATA_DIR) / ".." / ".." / "shared" / "rules" / "churchill-rules-en.txt");
  for (const auto& path : candidates) {
    std::ifstream in(path);
    if (!in) continue;
    std::string line, out;
    bool inside = false;
    while (std::getline(in, line)) {
      const std::string heading = heading_number(line);
      if (!heading.empty() && inside && heading != number) break;
      if (heading == number) inside = true;
      if (inside) out += line + "\n";
      if (out.size() > 6000) break;
    }
    if (!out.empty()) return out;
    return fmt::format("No rule {} in {}.\n", number, path.string());
  }
  return "The rulebook text is not available: set CHURCHILL_RULES to your copy of the English rulebook.\n";
}

const char* kHelp =
    "Choose an action by its number, or type its text (a unique beginning is enough).\n"
    "Commands: help | rules 7.74 | undo | save FILE | log | board | quit (saves to the autosave file)\n";

class Play {
 public:
  Play(churchill::SavedGame& game, std::string autosave, bool table, bool fast, Style style)
      : game_(game), autosave_(std::move(autosave)), table_(table), fast_(fast), style_(style) {
    for (core::Seat p = 0; p < churchill::kPowers; ++p) {
      if (churchill::is_bot_controller(game_.controller(p))) bot_[static_cast<std::size_t>(p)] = true;
      else ++humans_;
    }
  }

  // Plays until the end, `quit` or the end of input. Returns the exit code.
  int run() {
    std::printf("%s", style_.bold("Churchill — " + game_.meta().scenario + " scenario. Type help for commands.\n").c_str());
    while (true) {
      narrate();
      const churchill::Session& s = game_.session();
      if (s.node_kind() == core::NodeKind::Terminal) return finish();
      if (s.node_kind() == core::NodeKind::Chance) {
        if (!table_) {
          game_.session().sample_chance();
          continue;
        }
        if (!ask(core::kChance)) return stop();
        continue;
      }
      const core::Seat seat = acting();
      if (bot_[static_cast<std::size_t>(seat)]) {
        bot_move(seat);
        continue;
      }
      if (!ask(seat)) return stop();
    }
  }

 private:
  core::Seat acting() const {
    const core::SeatMask seats = game_.game().acting_seats(game_.session().state());
    for (core::Seat p = 0; p < churchill::kPowers; ++p)  // humans first in a simultaneous choice
      if ((seats & core::seat_bit(p)) && !bot_[static_cast<std::size_t>(p)]) return p;
    return static_cast<core::Seat>(__builtin_ctz(seats));
  }

  std::string name(int p) const { return style_.power(p, std::string(churchill::power_name(static_cast<churchill::Power>(p)))); }

  // Prints the log entries added since the last call: the narrated game, with rule numbers.
  void narrate() {
    const auto& entries = game_.session().log().entries();
    if (shown_ > entries.size()) shown_ = entries.size();  // after an undo
    for (; shown_ < entries.size(); ++shown_) {
      const auto& e = entries[shown_];
      std::printf("  %s\n", (e.seat >= 0 ? style_.power(e.seat, game_.game().describe(e)) : game_.game().describe(e)).c_str());
    }
  }

  void bot_move(core::Seat seat) {
    churchill::Session& s = game_.session();
    const core::Action a = game_.bot_action(seat);
    const std::string text = game_.game().action_to_string(s.state(), seat, a);
    s.act(seat, a);
    // A bot's agenda card stays face down until all have played (5.13).
    const bool secret = text.rfind("agenda ", 0) == 0 && s.state().steps.top().id == churchill::StepId::AgendaPlay;
    std::printf("%s %s\n", name(seat).c_str(), secret ? "plays an agenda card face down" : text.c_str());
    std::fflush(stdout);
    if (!fast_) std::this_thread::sleep_for(std::chrono::milliseconds(600));
  }

  void show(core::Seat seat, const std::vector<std::string>& options) {
    const churchill::State& st = game_.session().state();
    std::printf("%s", style_.clear().c_str());
    std::printf("%s", churchill::board_text(game_.game(), st, seat == core::kChance ? std::nullopt : std::optional(seat)).c_str());
    std::printf("\n%s\n", style_.bold(seat == core::kChance ? "The table rolls or deals: " + churchill::phase_text(game_.game(), st)
                                                            : churchill::phase_text(game_.game(), st))
                              .c_str());
    const auto& entries = game_.session().log().entries();
    for (std::size_t i = entries.size() > 5 ? entries.size() - 5 : 0; i < entries.size(); ++i)
      std::printf("%s\n", style_.dim("  " + game_.game().describe(entries[i])).c_str());
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
    churchill::Session& s = game_.session();
    const churchill::Game& g = game_.game();
    if (!pass_keyboard(seat)) return false;
    std::vector<core::Action> actions;
    if (seat == core::kChance) {
      for (const auto& o : s.chance_outcomes()) actions.push_back(o.action);
    } else {
      for (core::Action a : s.legal_actions(seat)) actions.push_back(a);
    }
    std::vector<std::string> options;
    for (core::Action a : actions) options.push_back(g.action_to_string(s.state(), seat, a));
    show(seat, options);
    while (true) {
      std::printf("%s> ", seat == core::kChance ? "table" : std::string(churchill::power_name(static_cast<churchill::Power>(seat))).c_str());
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
      if (seat == core::kChance) s.chance(actions[static_cast<std::size_t>(pick)]);
      else s.act(seat, actions[static_cast<std::size_t>(pick)]);
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
    churchill::Session& s = game_.session();
    if (line == "help") {
      std::printf("%s", kHelp);
    } else if (line.rfind("rules ", 0) == 0) {
      std::printf("%s", rule_text(trim(line.substr(6))).c_str());
    } else if (line == "undo") {
      if (seat == core::kChance || !s.can_undo(seat)) {
        std::printf("Nothing to undo: undo never crosses a die roll, a reveal or another player's turn.\n");
        return Command::Done;
      }
      s.undo(seat);
      return Command::Redraw;
    } else if (line.rfind("save ", 0) == 0) {
      const std::string file = trim(line.substr(5));
      try {
        game_.write(file);
        std::printf("Saved to %s.\n", file.c_str());
      } catch (const std::exception& e) {
        std::printf("Not saved: %s\n", e.what());
      }
    } else if (line == "log") {
      for (const auto& e : s.log().entries()) std::printf("%s\n", game_.game().describe(e).c_str());
    } else if (line == "board") {
      return Command::Redraw;
    } else {
      return Command::None;
    }
    return Command::Done;
  }

  int stop() {
    game_.write(autosave_);
    std::printf("\nGame saved to %s. Continue with: churchill play --load %s\n", autosave_.c_str(), autosave_.c_str());
    return 0;
  }

  int finish() {
    game_.write(autosave_);
    const churchill::State& st = game_.session().state();
    const churchill::ScoreSheet sheet = game_.game().score(st, true);
    std::printf("\n%s\n", style_.bold("Game over.").c_str());
    for (int p = 0; p < churchill::kPowers; ++p) std::printf("  %s %d VP\n", name(p).c_str(), sheet.total[static_cast<std::size_t>(p)]);
    std::printf("%s wins. The game is saved in %s (churchill replay %s).\n", name(st.winner).c_str(), autosave_.c_str(), autosave_.c_str());
    return 0;
  }

  churchill::SavedGame& game_;
  std::string autosave_;
  bool table_, fast_;
  Style style_;
  std::array<bool, churchill::kPowers> bot_{};  // seats played by a bot
  int humans_ = 0;
  core::Seat last_human_ = -1;
  std::size_t shown_ = 0;
};

}  // namespace

void add_play_command(CLI::App& app, Common& common, int& exit_code) {
  static std::string scenario = "training", seats = "UK=human,US=bot:rulebook,USSR=bot:rulebook", load, autosave = "churchill-autosave.json";
  static std::uint64_t seed = 0;
  static bool table = false, fast = false, secret_agenda = false, no_colour = false;
  static std::vector<std::string> options;
  CLI::App* play = app.add_subcommand("play", "Play in the terminal: 1-3 humans at one keyboard, bots in the other seats");
  play->add_option("--scenario", scenario, "training, tournament or campaign")->check(CLI::IsMember({"training", "tournament", "campaign"}));
  play->add_option("--seats", seats, "e.g. UK=human,US=human,USSR=bot:rulebook (default: you are the UK against two 'Bots)");
  play->add_option("--seed", seed, "Random seed (default: from the clock)");
  play->add_flag("--secret-agenda", secret_agenda, "The Secret Agenda variant (10)");
  play->add_option("--option", options, "Optional rules: german-reserves")->check(CLI::IsMember({"german-reserves"}));
  play->add_flag("--table", table, "Table mode: every die roll and dealt card is entered, for a game on the physical board");
  play->add_flag("--fast", fast, "Show the bots' moves without pausing");
  play->add_flag("--no-color", no_colour, "Plain text");
  play->add_option("--load", load, "Continue a saved game");
  play->add_option("--autosave", autosave, "Where quit and the end of the game save (default churchill-autosave.json)");
  play->callback([&] {
    const churchill::Data data = churchill::load_data(common.data());
    std::unique_ptr<churchill::SavedGame> game;
    if (!load.empty()) {
      game = std::make_unique<churchill::SavedGame>(data, load);
    } else {
      const auto clock = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
      game = std::make_unique<churchill::SavedGame>(data, new_game_record(scenario, seed ? seed : clock, seats, options, secret_agenda));
    }
    Style style;
    style.on = !no_colour && ::isatty(1) && !std::getenv("NO_COLOR") && std::getenv("TERM") && std::string(std::getenv("TERM")) != "dumb";
    exit_code = Play(*game, autosave, table, fast, style).run();
  });
}

}  // namespace cli
