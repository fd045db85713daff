// A game's pace and its seats' clocks (docs/server.md, "Paces and clocks"), RTT-style: each seat has
// a bank of time that runs while the game waits for that seat -- at a simultaneous secret step, for
// every seat not yet done -- and gains the pace's time per move (up to its most) each time the seat's
// turn passes. A seat whose bank runs out is played by the game's stand-in bot until its player comes
// back. The players may pause the clocks by agreement, and a seat's clock stands still while its
// player is on vacation. Stored with the game (GameMark::clocks), so clocks survive restarts and every
// server sharing a store reads the same ones; nothing here reads a clock of its own: the time is given.
//
// Only what everyone sees moves a clock: whose decision it is (Match::acting_seats), a claim, a pause,
// a timeout, a return. A seat's secret entries change nothing here, so a clock never tells another
// seat how far a sheet was written.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/i18n.h"
#include "core/title.h"

namespace server {

struct Pace {
  std::string name = "none";  // none, live, fast, slow or custom
  std::int64_t initial = 0;   // seconds: each seat's bank at the start
  std::int64_t per_move = 0;  // seconds added to a seat's bank each time its turn passes
  std::int64_t most = 0;      // seconds: the bank never holds more
  bool timed() const { return name != "none"; }
};

// The presets, and the bounds of a custom pace (docs/server.md).
struct PaceBounds {
  static constexpr std::int64_t kMinInitial = 60, kMaxInitial = 30 * 86400;
  static constexpr std::int64_t kMaxPerMove = 7 * 86400;
  static constexpr std::int64_t kMaxMost = 60 * 86400;
};
std::vector<Pace> pace_presets();
// The pace a new game's body names: "none" (or absent), a preset's name, or a custom one
// {"initial": s, "per_move": s, "most": s}. Throws ApiError 400 naming what is wrong.
Pace parse_pace(const nlohmann::json& pace);

class Clocks {
 public:
  struct Event {
    std::int64_t at = 0;
    int seat = -1;      // -1: the game's (a pause)
    std::string event;  // "out" (its stand-in plays), "back", "paused", "resumed", "away", "home"
  };
  static constexpr std::size_t kEvents = 32;  // the latest kept

  Clocks() = default;
  Clocks(Pace pace, std::string stand_in, int seats);
  // As text() wrote it, for a game of `seats` seats (-1: as many as the text holds, for a game known
  // by its list entry only); "" (a game stored before clocks) or anything unreadable is a game
  // without a pace.
  Clocks(const std::string& text, int seats);
  std::string text() const;

  const Pace& pace() const { return pace_; }
  const std::string& stand_in() const { return stand_in_; }
  // The bot that plays each seat now in its player's place ("": none), to set on the match
  // (Match::set_stand_in) when it is opened.
  std::vector<std::string> stand_ins() const;
  // A bot takes the seat (its clock ran out, or another reason of the server's), or leaves it ("").
  void set_stand_in(int seat, std::string bot);

  // The clocks after a public change of the game at `now`: which seats must decide (`acting`), the
  // seats played by humans, the seats claimed, whether it is over. The clocks start once every
  // human seat is claimed; a seat's turn that passed adds the time per move to its bank. True if
  // anything a view shows changed.
  bool update(core::SeatMask acting, core::SeatMask humans, core::SeatMask claimed, bool over, std::int64_t now);

  // The seats whose bank has run out by `now` (a running clock past its bank).
  std::vector<int> due(std::int64_t now) const;
  // The earliest moment a running clock runs out; nullopt: none runs.
  std::optional<std::int64_t> next_deadline() const;
  // The seat's bank ran out: its stand-in plays for it from now on, and its clock stops.
  void run_out(int seat, std::int64_t now);
  bool out(int seat) const { return seats_.at(static_cast<std::size_t>(seat)).out; }
  // The seat's player is back: its stand-in leaves and its bank starts again from the time per move
  // (the initial bank where the pace gives none per move).
  void come_back(int seat, std::int64_t now);
  // A seat agrees to pause (or withdraws, or resumes a paused game): the clocks stop once every
  // seat `voters` names agrees; one seat's "no" resumes them. True if the game's pause changed.
  bool vote_pause(int seat, bool pause, core::SeatMask voters, std::int64_t now);
  bool paused() const { return paused_; }
  // The seat's player is away until `until` (0: home): its clock stands still meanwhile.
  void set_away(int seat, std::int64_t until, std::int64_t now);

  // The clocks' events in the game's log (docs/server.md, "Paces and clocks"): where each came (the
  // game's public actions and log entries before it), the seat ("" for the game's), what ("out",
  // "back", "paused", "resumed", "away") and the stand-in that took the seat ("out"). At most
  // kLogNotes in a game; later events are in the clock's `events` only.
  struct LogNote {
    std::size_t actions = 0, log = 0;
    std::string seat, event, bot;
    bool operator==(const LogNote&) const = default;
  };
  static constexpr std::size_t kLogNotes = 400;
  // Notes the event where the game `m` stands (`seat` -1: the game's).
  void log_note(const core::Match& m, int seat, std::string event, std::string bot = "");
  const std::vector<LogNote>& log_notes() const { return notes_; }
  // An undo took the game back to `actions` public actions and `log` entries: the notes that came
  // after stay, where the game is now.
  void taken_back(std::size_t actions, std::size_t log);

  // What a view shows: {"pace", "initial", "per_move", "most", "stand_in", "started", "paused",
  // "pause_votes", "seats": {name: {"bank", "running", "deadline", "out", "away_until", "stand_in"}},
  // "events": [{"at", "seat", "event"}]}.
  nlohmann::json view(const core::MatchSeats& m) const;

 private:
  struct Seat {
    std::int64_t bank = 0;        // seconds left when its clock last stopped, or at `since` while it runs
    std::int64_t since = 0;       // unix seconds its clock has run from; 0: stopped
    bool acting = false;          // its decision when last updated (its turn passing adds per_move)
    bool out = false;             // its bank ran out: its stand-in plays
    bool voted = false;           // agrees to pause
    std::int64_t away_until = 0;  // on vacation until then
    std::string stand_in;         // the bot that plays it now ("": its player)
  };
  // Starts and stops each seat's clock as the game stands (settles what update() last learned).
  void settle(std::int64_t now);
  bool runs(const Seat& s, std::size_t i, std::int64_t now) const;
  void note(std::int64_t at, int seat, std::string event);

  Pace pace_;
  std::string stand_in_;  // the bot chosen at creation
  bool started_ = false;
  bool paused_ = false;
  bool over_ = false;
  core::SeatMask humans_ = 0;
  std::vector<Seat> seats_;
  std::vector<Event> events_;
  std::vector<LogNote> notes_;
};

// A view's log with the clocks' notes of the first `actions` public actions at their places: each
// after the log entries written before it, in "log" (English), "log_messages" (the catalogue
// message ui.web.clock_event.*, worded by each reader) and "log_events" ({"rule": "", "event":
// "clock_out" ..., "seat", "bot"}) where the view has them, and "log_size" counting them.
void add_log_notes(nlohmann::json& view, const std::vector<Clocks::LogNote>& notes, std::size_t actions,
                   const core::i18n::Catalogues& words);
// The lines [from, to) of the game's log as its views number them (the clocks' notes shown where
// add_log_notes puts them): {"from", "log", "log_messages", "log_events" where the game has them,
// "log_size"}, for a client that missed lines between two views.
nlohmann::json log_range(const core::Match& m, const std::vector<Clocks::LogNote>& notes, std::size_t from, std::size_t to,
                         const core::i18n::Catalogues& words);

}  // namespace server
