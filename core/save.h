// Save files: JSON holding what reproduces a game (architecture.md §3). Loading replays the action
// list; a stored state hash detects engine or data drift. Writing is atomic.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/hash.h"
#include "core/session.h"

namespace core {

class SaveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr int kSaveFormatVersion = 1;

struct SavedAction {
  std::string seat;    // a seat name, or "chance"
  std::string action;  // the action's string form
  bool sampled = false;
  bool operator==(const SavedAction&) const = default;
};

// What happened to a seat outside the rules' actions, after `at` actions, kept with the game so that
// a replay shows it (docs/server.md, "Endings and beginnings"): its player resigned and a bot took
// it ("resign"), a bot stood in for a silent seat ("stand_in") until its player returned ("return"),
// a seat agreed that its alliance concedes ("concede") or took that back ("withdraw"), every human
// seat of the alliance having agreed, the game ended ("conceded"), a rematch was offered ("rematch").
struct SeatEvent {
  std::size_t at = 0;      // the number of actions played before it
  std::string seat;        // the seat it concerns (the last to agree, for "conceded"; who offered, for "rematch")
  std::string event;       // "resign", "stand_in", "return", "concede", "withdraw", "conceded", "rematch"
  std::string controller;  // who plays the seat from then on ("bot:rules", "human"); "" where it does not change
  std::string game;        // "rematch": the new game's id
  bool operator==(const SeatEvent&) const = default;
};

struct SaveFile {
  std::string game;  // e.g. "churchill"
  int format_version = kSaveFormatVersion;
  std::string engine_version;
  std::string data_hash;
  std::string scenario;
  std::vector<std::string> options;
  int players = 0;                                         // the number of seats, where a scenario allows several (0: its default)
  Seed seed;                                               // JSON: a number (64 bits) or a string of 32 hex digits (128 bits)
  std::vector<std::pair<std::string, std::string>> seats;  // seat name -> controller
  // Threads of each search by a bot that searches (1 to kMaxSearchThreads): its choices depend on
  // the seed and this count, so the game keeps it. JSON: "search_threads", written only when not 1.
  int search_threads = 1;
  // The title's rules revision the game was saved under (Title::rules_revision): a save of an earlier
  // revision was played under rules since corrected, and may not replay. JSON: "rules_revision",
  // written only when not 0.
  int rules_revision = 0;
  std::vector<SavedAction> actions;
  // Endings and beginnings (docs/server.md): the seats' events in the order they happened (JSON
  // "events", written only when there are some); whether spectators may watch the game while it is
  // played (JSON "observers": false, written only when they may not); the game this one is a rematch
  // of (JSON "rematch", written only when it is one).
  std::vector<SeatEvent> events;
  bool observers = true;
  std::string rematch;

  std::string state_hash;
  bool operator==(const SaveFile&) const = default;
};

std::string save_to_json(const SaveFile& save);
// Whether the game was ended by its seats rather than by its rules (a "conceded" event).
bool ended_by_events(const SaveFile& save);
// Who plays `seat` after the record's events: the controller of its last event that names one, else
// the record's (its "seats"; "human" if it names none).
std::string controller_after_events(const SaveFile& save, const std::string& seat);
// Throws SaveError naming what is wrong.
SaveFile save_from_json(std::string_view text);

// Writes via a temporary file in the same directory and a rename: the target is either the old
// file or the complete new one, never half-written.
void write_file_atomic(const std::filesystem::path& path, std::string_view contents);
std::string read_file(const std::filesystem::path& path);

// The string forms of a session's actions, kept up to date as the session goes on: each update
// converts only the actions recorded since the last one, so a server that stores every action
// does work proportional to the new actions, not to the game's length. After an undo it replays
// the kept part of the history from the initial state (applying, not converting).
template <Game G>
class ActionTexts {
 public:
  using State = typename G::State;
  ActionTexts(const G& game, const State& initial) : game_(&game), initial_(initial), state_(initial) {}

  const std::vector<SavedAction>& update(const std::vector<Record>& history) {
    std::size_t kept = 0;
    while (kept < records_.size() && kept < history.size() && same(records_[kept], history[kept])) ++kept;
    if (kept < records_.size()) take_back(kept);
    for (std::size_t i = records_.size(); i < history.size(); ++i) {
      const Record& r = history[i];
      texts_.push_back(
          {r.seat == kChance ? "chance" : game_->seat_name(r.seat), game_->action_to_string(state_, r.seat, r.action), r.sampled});
      game_->apply(state_, r.seat, r.action, nullptr);
      records_.push_back(r);
    }
    return texts_;
  }

 private:
  static bool same(const Record& a, const Record& b) { return a.seat == b.seat && a.action == b.action && a.sampled == b.sampled; }
  void take_back(std::size_t kept) {
    records_.resize(kept);
    texts_.resize(kept);
    state_ = initial_;
    for (const Record& r : records_) game_->apply(state_, r.seat, r.action, nullptr);
  }

  const G* game_;
  State initial_;
  State state_;                  // the state after records_
  std::vector<Record> records_;  // the history texts_ was made from
  std::vector<SavedAction> texts_;
};

// The action list of a session in its string forms.
template <Game G>
std::vector<SavedAction> saved_actions(const G& game, const typename G::State& initial, const std::vector<Record>& history) {
  return ActionTexts<G>(game, initial).update(history);
}

// Rebuilds a session from a save: parses every action against the state it applies to, replays
// it, then checks the state hash. Throws SaveError with the action's index on any failure.
template <Game G>
Session<G> load_session(const G& game, const typename G::State& initial, const SaveFile& save,
                        const std::function<void(const Session<G>&)>& after_each = {}) {
  Session<G> session(game, initial, save.seed);
  for (std::size_t i = 0; i < save.actions.size(); ++i) {
    const SavedAction& a = save.actions[i];
    const std::string where = "action " + std::to_string(i + 1) + " (" + a.seat + " " + a.action + ")";
    Seat seat = kChance;
    if (a.seat != "chance") {
      auto s = game.seat_from_name(a.seat);
      if (!s) throw SaveError(where + ": unknown seat");
      seat = *s;
    }
    auto action = game.action_from_string(session.state(), seat, a.action);
    if (!action) throw SaveError(where + ": not an action here");
    try {
      session.replay({seat, *action, a.sampled});
    } catch (const ActionError& e) {
      throw SaveError(where + ": " + e.what());
    }
    if (after_each) after_each(session);
  }
  const std::string replayed = to_hex(game.hash(session.state()));
  if (!save.state_hash.empty() && replayed != save.state_hash)
    throw SaveError("state hash mismatch: the save says " + save.state_hash + ", replaying gives " + replayed +
                    " (the engine or the data changed since it was saved)");
  return session;
}

}  // namespace core
