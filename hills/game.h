// Three Hills: the platform's demonstration game of secret simultaneous orders, small enough to read
// in one sitting. It exercises what War Room needs of the kit -- several seats writing secret
// orders at once, each taking back its own entries, a reveal that nobody can undo past, dice --
// and runs through the same command line, server, web client and conformance tests as the real
// titles. Its rules (the project's own game, not a published one):
//
//   R1  Two or three players each command 5 troops. The game lasts 3 rounds.
//   R2  Orders: all players at once and in secret write orders "send N HILL" to hills A, B and C
//       (worth 1, 2 and 3 points), at most 5 troops in all; a new order to a hill replaces the old
//       one; "erase HILL" takes an order back. A player says "done" when finished.
//   R3  Reveal: when all are done, every sheet is shown.
//   R4  Each hill, A then B then C, goes to the player who sent the most troops there; a tie is
//       settled by a die among the tied players; a hill nobody sent troops to scores nothing.
//   R5  After round 3 the most points wins; equal points share the win.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/hash.h"

namespace hills {

inline constexpr int kMaxPlayers = 3;
inline constexpr int kHills = 3;
inline constexpr int kTroops = 5;
inline constexpr int kRounds = 3;

// Actions (a documented layout, as Stockfish's Move): 0 done; 1 + 8*hill + n send n troops
// (n = 1..5); 100 + hill erase. A chance outcome is the seat that wins a tie.
inline constexpr core::Action kDone = 0;
constexpr core::Action send(int hill, int n) { return static_cast<core::Action>(1 + 8 * hill + n); }
constexpr core::Action erase(int hill) { return static_cast<core::Action>(100 + hill); }

struct State {
  std::int8_t round = 1;                                             // 1..3; 4 once the game is over
  std::int8_t resolving = -1;                                        // the hill being resolved (R4), or -1
  bool revealed = false;                                             // R3: the sheets are shown
  std::array<std::array<std::int8_t, kHills>, kMaxPlayers> sheet{};  // troops each player sends to each hill
  std::array<bool, kMaxPlayers> done{};
  std::array<std::int8_t, kMaxPlayers> points{};
  bool operator==(const State&) const = default;
};

// The schemas of the log's events and the actions' fields (core/wire_schema.h, schema/hills-*.schema.json).
nlohmann::json log_schema();
nlohmann::json action_schema();

class Game {
 public:
  using State = hills::State;
  explicit Game(int players) : players_(players) {}

  State new_game() const { return State{}; }

  // core::Game
  core::NodeKind node_kind(const State& s) const;
  core::SeatMask acting_seats(const State& s) const;
  void legal_actions(const State& s, core::Seat seat, core::ActionList& out) const;
  void chance_outcomes(const State& s, core::OutcomeList& out) const;
  core::Applied apply(State& s, core::Seat seat, core::Action a, core::LogSink* log) const;
  std::string action_to_string(const State& s, core::Seat seat, core::Action a) const;
  std::optional<core::Action> action_from_string(const State& s, core::Seat seat, std::string_view text) const;
  // The action as structure (the view's "action_fields"): {"kind", "troops", "hill"}.
  nlohmann::json action_json(const State& s, core::Seat seat, core::Action a) const;
  std::uint64_t hash(const State& s) const;
  std::string seat_name(core::Seat seat) const;
  std::optional<core::Seat> seat_from_name(std::string_view name) const;

  // core::ObservableGame
  int seat_count() const { return players_; }
  State observe(const State& s, core::Seat seat) const;
  State resample_hidden(const State& observation, core::Seat seat, core::Rng& rng) const;
  core::SeatMask winners(const State& s) const;

  // core::PresentableGame
  std::string phase_text(const State& s) const;
  std::string describe(const core::LogEntry& e) const;
  // The entry as structure for the clients (the view's "log_events"): rule, event and arguments.
  nlohmann::json log_json(const core::LogEntry& e) const;
  nlohmann::json view_json(const State& observation, std::optional<core::Seat> seat) const;
  std::string board_text(const State& observation, std::optional<core::Seat> seat) const;

 private:
  // The players with the most troops on the hill being resolved (R4).
  core::SeatMask leaders(const State& s) const;
  void resolve(State& s, core::LogSink* log) const;
  int players_;
};

static_assert(core::ObservableGame<Game>);

}  // namespace hills
