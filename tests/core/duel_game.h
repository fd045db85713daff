// A small fixture game for the core kit's tests: every kind of decision point in a few moves.
//   1. Both seats secretly bid 1..3 (simultaneous; bids hidden until both have bid).
//   2. A die is rolled (chance: 1..6, a six twice as likely as any other face).
//   3. Seat 0 takes two steps (each +0/+1), then seat 1 takes one step; then the game ends.
#pragma once

#include <optional>
#include <string>

#include "core/game.h"
#include "core/hash.h"
#include "core/step_stack.h"

namespace duel {

using core::Action;
using core::Seat;

struct Step {
  std::uint8_t id = 0;
  bool operator==(const Step&) const = default;
};
enum StepId : std::uint8_t { kBid, kRoll, kSeat0, kSeat1 };

struct State {
  int bid[2] = {0, 0};
  int die = 0;
  int score[2] = {0, 0};
  int seat0_steps = 0;
  core::StepStack<Step, 8> steps;
};

class Game {
 public:
  using State = duel::State;

  State initial() const {
    State s;
    s.steps.push({kSeat1});
    s.steps.push({kSeat0});
    s.steps.push({kRoll});
    s.steps.push({kBid});
    return s;
  }
  core::NodeKind node_kind(const State& s) const {
    if (s.steps.empty()) return core::NodeKind::Terminal;
    switch (s.steps.top().id) {
      case kBid: return core::NodeKind::Simultaneous;
      case kRoll: return core::NodeKind::Chance;
      default: return core::NodeKind::Decision;
    }
  }
  core::SeatMask acting_seats(const State& s) const {
    if (s.steps.empty()) return 0;
    switch (s.steps.top().id) {
      case kBid: return static_cast<core::SeatMask>((s.bid[0] ? 0 : 1) | (s.bid[1] ? 0 : 2));
      case kSeat0: return 1;
      case kSeat1: return 2;
      default: return 0;
    }
  }
  void legal_actions(const State& s, Seat, core::ActionList& out) const {
    if (s.steps.top().id == kBid) {
      for (Action a = 1; a <= 3; ++a) out.push_back(a);
    } else {
      out.push_back(0);
      out.push_back(1);
    }
  }
  void chance_outcomes(const State&, core::OutcomeList& out) const {
    for (Action a = 1; a <= 6; ++a) out.push_back({a, a == 6 ? 2.0 / 7 : 1.0 / 7});
  }
  core::Applied apply(State& s, Seat seat, Action a, core::LogSink* log) const {
    const int v = static_cast<int>(a);
    switch (s.steps.top().id) {
      case kBid:
        s.bid[seat] = v;
        if (!(s.bid[0] && s.bid[1])) break;
        s.steps.pop();
        return {.revealed = true};  // the last bid reveals both
      case kRoll:
        s.die = v;
        if (log) log->add({"2", core::kChance, 1, {v, 0, 0, 0}});
        s.steps.pop();
        break;
      case kSeat0:
        s.score[0] += v;
        if (++s.seat0_steps == 2) s.steps.pop();
        break;
      case kSeat1:
        s.score[1] += v;
        s.steps.pop();
        break;
    }
    return {};
  }
  std::string action_to_string(const State& s, Seat seat, Action a) const {
    if (seat == core::kChance) return "roll " + std::to_string(a);
    return (s.steps.top().id == kBid ? "bid " : "step ") + std::to_string(a);
  }
  std::optional<Action> action_from_string(const State& s, Seat seat, std::string_view text) const {
    for (Action a = 0; a <= 6; ++a)
      if (action_to_string(s, seat, a) == text) return a;
    return std::nullopt;
  }
  std::uint64_t hash(const State& s) const {
    core::Hasher h;
    h.add_range(std::begin(s.bid), std::end(s.bid));
    h.add(static_cast<std::uint64_t>(s.die));
    h.add_range(std::begin(s.score), std::end(s.score));
    h.add(static_cast<std::uint64_t>(s.seat0_steps));
    h.add(s.steps.size());
    for (std::size_t i = 0; i < s.steps.size(); ++i) h.add(s.steps[i].id);
    return h.digest();
  }
  int seat_count() const { return 2; }
  // A bid is secret until both have bid.
  State observe(const State& s, Seat seat) const {
    State v = s;
    const bool revealed = s.bid[0] && s.bid[1];
    for (int p = 0; p < 2; ++p)
      if (p != seat && !revealed && v.bid[p]) v.bid[p] = 1;  // "has bid", not how much
    return v;
  }
  State resample_hidden(const State& seen, Seat seat, core::Rng& rng) const {
    State s = seen;
    const bool revealed = s.bid[0] && s.bid[1];
    for (int p = 0; p < 2; ++p)
      if (p != seat && !revealed && s.bid[p]) s.bid[p] = 1 + static_cast<int>(rng.below(3));
    return s;
  }
  core::SeatMask winners(const State& s) const {
    if (s.score[0] == s.score[1]) return 3;
    return s.score[0] > s.score[1] ? 1 : 2;
  }
  std::string seat_name(Seat seat) const { return seat == 0 ? "north" : seat == 1 ? "south" : "?"; }
  std::optional<Seat> seat_from_name(std::string_view n) const {
    if (n == "north") return Seat{0};
    if (n == "south") return Seat{1};
    return std::nullopt;
  }
};

static_assert(core::ObservableGame<Game>);

}  // namespace duel
