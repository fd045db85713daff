// A title: one game of the platform (Churchill, War Room, ...), seen by everything above the rules
// -- the command line, the server, the web client -- without knowing which game it is (Rally the
// Troops' setup/view/action/query). A title makes matches; a match is one game in progress
// (core/match.h).
#pragma once

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/match.h"
#include "core/rules_text.h"
#include "core/save.h"
#include "core/types.h"

namespace core {

struct ScenarioInfo {
  std::string id;              // "training": what a save file and the API name
  std::string name;            // "Training (conferences 8-10)"
  std::vector<int> players;    // the seat counts it may be played with, e.g. {3} or {2, 3, 4}
  bool reconstructed = false;  // designed by the project, not in the rulebook
};

struct OptionInfo {
  std::string id;  // "secret-agenda"
  std::string description;
  bool harness = false;       // a test harness's setting, not a rule: accepted, but the lobby does not offer it
  std::string scenario = {};  // the only scenario it applies to ("" for every one)
  int players = 0;            // the only seat count it applies to (0 for every one)
};

// The names of the seats of a game or a match, in seat order.
template <class G>
std::vector<std::string> seat_names(const G& g) {
  std::vector<std::string> names;
  for (Seat p = 0; p < g.seat_count(); ++p) names.push_back(g.seat_name(p));
  return names;
}

// One game of the platform. Holds its data; makes matches from records.
class Title {
 public:
  virtual ~Title() = default;
  virtual std::string id() const = 0;    // "churchill": a save file's "game"
  virtual std::string name() const = 0;  // "Churchill"
  // The terminal's `help` text in `language` where the title has its own (its commands and
  // examples); empty: the platform's.
  virtual std::string help_text(const std::string& /*language*/) const { return ""; }
  // Whether the terminal keeps a menu number's meaning from one list to the next (War Room, whose
  // lists grow and shrink within a step: destinations come and go, buys leave as money runs out);
  // otherwise each list is numbered from 1.
  virtual bool stable_menu_numbers() const { return false; }
  virtual std::string data_hash() const = 0;
  virtual std::vector<ScenarioInfo> scenarios() const = 0;
  virtual std::vector<OptionInfo> options() const = 0;
  virtual std::vector<std::string> bot_kinds() const = 0;  // "random", "rulebook": used as "bot:random"
  // A kind whose bots search (Bot::searches): a server runs them off its event loop.
  virtual bool bot_searches(std::string_view /*kind*/) const { return false; }
  // The seats of a game of `scenario` with `options` and `players` seats (0: the scenario's
  // default), in order. Throws SetupError naming what is wrong.
  virtual std::vector<std::string> seat_names(const std::string& scenario, const std::vector<std::string>& options, int players) const = 0;
  // A match from a record: a new game when it has no actions, else replayed and its state hash
  // checked. Throws SetupError (bad scenario, options or seats) or SaveError (a bad action list).
  virtual std::unique_ptr<Match> open(SaveFile record) const = 0;
  // What clients need to draw the board and never changes during a game (JSON).
  virtual nlohmann::json layout() const = 0;
  // The rulebook's text of a section ("7.74"), or an explanation of why it is not available.
  virtual std::string rules_text(const std::string& section) const = 0;
  // The section in the edition of `language` (one of languages()), its paragraphs one a line for a
  // reader that wraps them: that edition's text, else the English one (RulesText::language says
  // which: the reader is told). A title with an English rulebook only gives rules_text(section).
  virtual RulesText rules_section(const std::string& section, const std::string& language) const;
  // The languages the title is played in (its message catalogues'); English only by default.
  virtual std::vector<std::string> languages() const;
  // The revision of the title's rules, raised when a correction may make a saved game play
  // differently; `rules_corrections` says where the corrections are listed.
  virtual int rules_revision() const { return 0; }
  virtual std::string rules_corrections() const { return ""; }

  // Throws SetupError unless `record` is a save of this title ("a save of "hills", not of War Room")
  // with a search thread count in bounds; `shown_name` is the title as the message names it.
  void expect_own_save(const SaveFile& record, std::string_view shown_name) const;
  // Opens `record` with `open_as_is` under the current rules revision (the record is stamped with
  // it, so later saves carry it). A save of an earlier revision that no longer replays says that
  // the rules were corrected since it was made.
  template <class Open>
  std::unique_ptr<Match> open_revised(SaveFile record, Open&& open_as_is) const {
    const int made_under = record.rules_revision;
    record.rules_revision = rules_revision();
    try {
      return open_as_is(std::move(record));
    } catch (const SaveError& e) {
      if (made_under >= rules_revision()) throw;
      throw SaveError(
          fmt::format("{} -- this save was made under rules revision {} of {}, and revision {} corrected the rules "
                      "({}): a game that met a corrected rule replays differently",
                      e.what(), made_under, name(), rules_revision(), rules_corrections()));
    }
  }

  // A seat's controller: "human" or "bot:" and one of bot_kinds().
  bool valid_controller(std::string_view controller) const;
  // Checks a new game's record (title, scenario, options, players, seats and controllers) and
  // fills in the seats it does not name as "human", and the data set's hash; the caller sets the
  // seed. Throws SetupError.
  SaveFile new_record(const std::string& scenario, const std::vector<std::string>& options, int players,
                      const std::vector<std::pair<std::string, std::string>>& controllers) const;
};

// The titles a program offers, in order. Owned by main(); there is no global registry.
class Titles {
 public:
  void add(std::unique_ptr<Title> title) { titles_.push_back(std::move(title)); }
  const Title* find(std::string_view id) const {
    for (const auto& t : titles_)
      if (t->id() == id) return t.get();
    return nullptr;
  }
  const std::vector<std::unique_ptr<Title>>& all() const { return titles_; }

 private:
  std::vector<std::unique_ptr<Title>> titles_;
};

}  // namespace core
