// A match: one game in progress, as every front end sees it (the command line, the server, the web
// client) without knowing which title it is. Its record (scenario, options, seed, seats and every
// action), the state reached by replaying it, and what each seat may see and do.
//
// Split by job: each interface below has one, and code that needs one job takes that interface
// (a function that names seats takes a `const MatchSeats&`, the server's versions read
// `MatchRecord::Changes`). `Match` is all of them together, with the endings that use several.
// Every method that changes the game throws ActionError and changes nothing when the request is
// not allowed.
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

#include "core/plan_text.h"
#include "core/save.h"
#include "core/types.h"

namespace core {

// A bad scenario, option, seat or controller when a game is created: nothing was created.
class SetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Match;

// The seats: their names, who controls each, their teams and their stand-ins.
class MatchSeats {
 public:
  virtual ~MatchSeats() = default;
  virtual int seat_count() const = 0;
  virtual std::string seat_name(Seat seat) const = 0;
  virtual std::optional<Seat> seat_from_name(std::string_view name) const = 0;
  virtual std::string controller(Seat seat) const = 0;  // "human", "bot:random", ...
  // The team a seat plays in (War Room's alliances), whose table talk it shares; -1: none.
  virtual int team(Seat /*seat*/) const { return -1; }
  bool is_bot(Seat seat) const { return controller(seat).starts_with("bot:"); }
  // A bot that plays a seat in its player's place ("bot:rules", an AI level; "" for none): a seat
  // whose clock ran out, a player who resigned. Its moves are the seat's actions, so the record needs
  // no word of it and a replay plays the same; a front end keeps it (a server stores it with the
  // game) and sets it again when it opens the match. Throws SetupError, changing nothing, for a bot
  // the title does not have or a seat out of range.
  virtual void set_stand_in(Seat seat, std::string bot) {
    if (seat < 0 || seat >= seat_count()) throw SetupError(fmt::format("no seat {}", seat));
    if (!bot.empty() && !bot.starts_with("bot:")) throw SetupError(fmt::format("a stand-in is a bot (\"bot:...\"), not \"{}\"", bot));
    stand_ins_.resize(static_cast<std::size_t>(seat_count()));
    stand_ins_[static_cast<std::size_t>(seat)] = std::move(bot);
  }
  std::string stand_in(Seat seat) const {
    const auto i = static_cast<std::size_t>(seat);
    return seat >= 0 && i < stand_ins_.size() ? stand_ins_[i] : std::string();
  }
  // Who plays the seat now: its stand-in while it has one, else its controller; whether that is a bot.
  std::string player(Seat seat) const {
    std::string in = stand_in(seat);
    return in.empty() ? controller(seat) : in;
  }
  bool bot_plays(Seat seat) const { return player(seat).starts_with("bot:"); }

 private:
  std::vector<std::string> stand_ins_;  // by seat ("": none)
};

// Play: where the game stands, and the actions, chance outcomes and undos that move it.
class MatchPlay {
 public:
  virtual ~MatchPlay() = default;
  // Where the game stands
  virtual NodeKind node_kind() const = 0;
  virtual SeatMask acting_seats() const = 0;  // 0 at a chance node or the end
  virtual std::string phase() const = 0;      // in words, with the rule number
  // The phase as a message (core/i18n.h: {"key", "args"}) that each reader words in its language;
  // the English text where the title has no catalogue.
  virtual nlohmann::json phase_message() const { return phase(); }
  virtual SeatMask winners() const = 0;  // at the end: the seats that won (0: nobody)
  virtual std::string state_hash() const = 0;
  virtual std::size_t version() const = 0;  // the number of actions so far

  // Acting
  virtual std::vector<std::string> legal_actions(Seat seat) const = 0;
  virtual std::vector<std::string> chance_outcomes() const = 0;
  virtual void act(Seat seat, std::string_view action) = 0;
  virtual void chance(std::string_view outcome) = 0;  // supplied from outside (a table, a test)
  virtual std::string sample_chance() = 0;            // drawn from the game's random stream; its text
  virtual bool can_undo(Seat seat) const = 0;
  virtual void undo(Seat seat) = 0;
};

// The language of the display texts: phase(), board_text(), log_line(), action_text(), a bot
// move's display and the errors of act() speak it where the title has message catalogues
// (core/i18n.h, docs/i18n.md); "en" until set. Commands (legal_actions, act, saves) never change.
class MatchWords {
 public:
  virtual ~MatchWords() = default;
  virtual void set_language(std::string /*language*/) {}  // NOLINT(performance-unnecessary-value-param): overrides keep it
  // What an action does in words of that language (a legal action's or chance outcome's command,
  // as legal_actions gives it); the command itself where the title has no display text.
  virtual std::string action_text(Seat /*seat*/, std::string_view command) const { return std::string(command); }
  // A message of the title's views (core::i18n::to_json) in words of that language; a plain text as
  // it is.
  virtual std::string message_text(const nlohmann::json& message) const {
    return message.is_string() ? message.get<std::string>() : message.dump();
  }
  // Why the seat may not take `action` now, where the title can say more than "not legal" (a War Room
  // bid above the oil held): a message as message_text reads it, or null. act() refuses such an
  // action with this reason in its error, the API answers it as the error's reason.
  virtual nlohmann::json refusal(Seat /*seat*/, std::string_view /*action*/) const { return nullptr; }
};

// Bots playing here and now, on the caller's thread.
class MatchBots {
 public:
  virtual ~MatchBots() = default;
  // A bot's move at a simultaneous decision is reported as secret, so that a front end does not show
  // it: the last one's reveal is logged as the title logs every reveal.
  struct BotMove {
    std::string text;  // the command
    bool secret = false;
    std::string display;  // what it did, in the language set (set_language); the command where the title has no words for it
  };
  virtual BotMove bot_move(Seat seat) = 0;
  // Lets chance and the bot seats play until a human must act or the game ends; the number of
  // actions. With `quick_only`, also stops before the decision of a bot that searches
  // (Bot::searches), which a server takes off its event loop through bot_task(); with `stop`, also
  // before any action when stop() says so (a server's budget of actions or processor time).
  virtual int run_bots(bool quick_only, const std::function<bool()>& stop) = 0;
  int run_bots(bool quick_only = false) { return run_bots(quick_only, {}); }
};

// Work that may run on another thread: each task works on copies made when it is asked for (any
// thread, any time, once), so that a server keeps searches off its event loop.
class MatchSearch {
 public:
  virtual ~MatchSearch() = default;
  // Advice to a seat that may act: the search's best actions (at most `count`), each with its
  // estimated chance of winning, computed from that seat's observation only. Empty where the title
  // has no search.
  struct Hint {
    std::string action;
    double win_chance = 0;
    long visits = 0;
  };
  // The ranked actions with, where the title has one, its plan as structure (War Room: the sheet the
  // AI would write, each entry with a reason code and each attack with its odds; null elsewhere).
  struct Advice {  // NOLINT(bugprone-exception-escape): its implicit moves are nlohmann::json's and std::vector's, noexcept
    std::vector<Hint> hints;
    nlohmann::json plan;
  };
  std::vector<Hint> hint(Seat seat, int count) {
    const auto task = hint_task(seat, count);
    return task ? task().hints : std::vector<Hint>{};
  }
  // The same advice as a task. Empty where the title has no search; throws ActionError if the seat
  // may not act now.
  virtual std::function<Advice()> hint_task(Seat /*seat*/, int /*count*/) { return {}; }
  // An advice's plan in words of the language set (MatchWords), for a terminal, from `seat`'s
  // observation now: empty where the title words none (its hints are the ranked actions alone).
  virtual PlanText plan_text(Seat /*seat*/, const nlohmann::json& /*plan*/) const { return {}; }
  // A title's own question about the game (War Room's "odds": the battle calculator), named with its
  // parameters, answered from the observation of `seat` only (nullopt: a spectator's) as a task.
  // Empty where the title has no question of that name; throws ActionError, changing nothing,
  // naming what is wrong with the parameters.
  using Parameters = std::map<std::string, std::string, std::less<>>;
  virtual std::function<nlohmann::json()> question_task(std::string_view /*name*/, std::optional<Seat> /*seat*/,
                                                        const Parameters& /*parameters*/) const {
    return {};
  }
  // The decision of the bot that searches and must act now, as a task (the same choice bot_move
  // would make); nullopt if no such bot must act now. apply_bot() plays its action, and throws
  // ActionError, changing nothing, if the match has moved on since the task was made.
  struct BotTask {
    Seat seat = -1;
    std::size_t version = 0;  // version() when the task was made
    std::function<Action()> decide;
  };
  virtual std::optional<BotTask> bot_task() { return std::nullopt; }
  virtual void apply_bot(const BotTask& task, Action action) = 0;
};

// What a seat (nullopt: a spectator) may see.
class MatchView {
 public:
  virtual ~MatchView() = default;
  // The game's view from the seat's observation, and the platform's fields (seat, seats, active,
  // phase, legal_actions, can_undo, log, terminal).
  virtual nlohmann::json view(std::optional<Seat> seat, int log_tail) const = 0;
  virtual std::string board_text(std::optional<Seat> seat) const = 0;
  // The board as a terminal shows it beside each decision, where the title has a shorter one (War
  // Room: the seat's sheet, the region in question and the decision; board_text on demand).
  virtual std::string compact_board_text(std::optional<Seat> seat) const { return board_text(seat); }
};

// The log, in words with rule numbers; every entry is public.
class MatchLog {
 public:
  virtual ~MatchLog() = default;
  virtual std::size_t log_size() const = 0;
  virtual std::string log_line(std::size_t i) const = 0;
  virtual Seat log_seat(std::size_t i) const = 0;
  // The entries [from, to) as a view carries its log's tail: {"log": words, and where the title has
  // them "log_messages" and "log_events"}, for a client that missed lines between two views.
  virtual nlohmann::json log_range(std::size_t from, std::size_t to) const = 0;
  // Where an entry continues the line of the one before it (War Room: each die of a batch and what
  // it hit), its words as said on that line; nullopt for an entry that begins a line of its own.
  virtual std::optional<std::string> log_continuation(std::size_t /*i*/) const { return std::nullopt; }
};

// The record: what was played, who may know of it, and copies of the game at a point of it.
class MatchRecord {
 public:
  virtual ~MatchRecord() = default;
  // Who may see what the actions (and undos) since the last call changed (a server's versions and
  // pushes: docs/server.md, "Versions"). A seat's secret entry -- an action at a simultaneous
  // decision that logs nothing, reveals nothing and leaves the seat still deciding -- is seen by
  // that seat alone; anything else by everyone.
  struct Changes {
    // How many changes everyone sees: counted one by one, never by how a server groups the actions
    // of its bots into commits (which would tell how long their secret entries took).
    std::uint32_t open = 0;
    SeatMask secret = 0;   // seats whose own secret entries changed
    SeatMask acted = 0;    // seats that acted or undid
    bool barrier = false;  // a chance outcome, a reveal, or a change of whose decision it is
  };
  virtual Changes take_changes() = 0;
  // How many of the actions so far everyone may know were taken: all of them, but for the entries
  // made at a simultaneous decision since its last barrier (their number is each seat's secret).
  virtual std::size_t public_actions() const = 0;
  // About how many bytes the match holds (a server's budget of games in memory).
  virtual std::size_t memory() const = 0;
  // The game as it stood after its first `actions` actions, as a function that works on copies made
  // now (any thread, once): made from the nearest snapshot the match keeps (a few dozen actions
  // before it), never by replaying from the first action. Throws ActionError beyond the game's end.
  virtual std::function<std::unique_ptr<Match>()> at_task(std::size_t actions) const = 0;

  virtual const SaveFile& record() const = 0;             // as created or loaded
  virtual const std::vector<SavedAction>& actions() = 0;  // the actions so far, in their text forms
  virtual SaveFile snapshot() = 0;                        // the record with the actions and hash now
  void write(const std::filesystem::path& path) { write_file_atomic(path, save_to_json(snapshot())); }
};

// A game in progress: every job above, and the endings, which use several of them.
class Match : public MatchSeats,
              public MatchPlay,
              public MatchWords,
              public MatchBots,
              public MatchSearch,
              public MatchView,
              public MatchLog,
              public MatchRecord {
 public:
  // Endings and stand-ins (docs/server.md, "Endings and beginnings"): what happens to a seat outside
  // the rules' actions, kept in the record's events (SaveFile::events) so that a replay shows it.
  // Each throws ActionError, changing nothing, when it may not be done. A change of who plays a seat
  // is seen by every seat and no undo crosses it; an agreement to concede is seen by its team only
  // until the team concedes.
  //
  // A bot plays `seat` from now on (`controller` "bot:KIND"), or its player again ("human"), the
  // event named `why` ("resign", "stand_in", "return"): a server's stand-in for a silent seat and a
  // resignation alike. Refused once the game is over, for a seat whose player resigned, for a
  // controller the title does not have, and for the controller the seat has.
  void hand_over(Seat seat, const std::string& controller, const std::string& why);
  // The seat's player resigns and the bot `controller` plays the seat from then on, to the end the
  // rules give (Churchill 11.0: 'Bots play the powers no human plays). Refused for a bot's seat.
  void resign(Seat seat, const std::string& controller);
  // A human seat of a team (War Room's alliances) agrees that its team concedes (`agree`), or takes
  // its agreement back; once every human seat of the team agrees, the game ends, won by the seats of
  // the other teams (a "conceded" event). True when the game ended. Refused where the seats have no
  // teams, once the game is over, for a bot's seat, for agreeing twice and for taking back an
  // agreement not given.
  bool concede(Seat seat, bool agree);
  // An event after the game's end (a rematch offered): recorded, nothing of the game changes.
  void note_after_end(SeatEvent event);
  // Whether the seat's player resigned; the seats that agree that their team concedes.
  bool resigned(Seat seat) const;
  SeatMask conceding() const;
  // The seats whose team conceded (0: the game did not end by a concession).
  SeatMask conceded() const;

 protected:
  // Adds an event to the record (checked by the callers above) and notes the change for take_changes:
  // seen by everyone, or by the seats of `secret_to` only (an alliance's agreement to concede).
  virtual void add_event(SeatEvent event, SeatMask secret_to) = 0;
  // Whether the title has the controller ("human", "bot:rules").
  virtual bool has_controller(const std::string& controller) const = 0;

 private:
  SeatMask team_seats(int team) const;
};

}  // namespace core
