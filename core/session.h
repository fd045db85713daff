// A game in progress: state, the record of every action (chance outcomes included), the log, the
// random stream and the undo snapshots.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/log.h"
#include "core/rng.h"

namespace core {

// A rejected action: the session is unchanged.
class ActionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Record {
  Seat seat;       // kChance for a chance outcome
  Action action;
  bool sampled;    // a chance outcome drawn from the session's Rng (false: supplied explicitly)
};

template <Game G>
class Session {
 public:
  using State = typename G::State;

  Session(const G& game, const State& initial, const Seed& seed)
      : game_(&game), state_(initial), rng_(seed) {}

  const G& game() const { return *game_; }
  const State& state() const { return state_; }
  const std::vector<Record>& history() const { return history_; }
  const LogBuffer& log() const { return log_; }
  const Rng& rng() const { return rng_; }
  NodeKind node_kind() const { return game_->node_kind(state_); }

  ActionList legal_actions(Seat seat) const {
    ActionList list;
    if (may_act(seat)) game_->legal_actions(state_, seat, list);
    return list;
  }

  // Applies a seat's decision. Throws ActionError (and changes nothing) if the seat may not act
  // now or the action is not legal.
  void act(Seat seat, Action action) {
    if (!may_act(seat))
      throw ActionError(game_->seat_name(seat) + " may not act now");
    const ActionList legal = legal_actions(seat);
    if (std::find(legal.begin(), legal.end(), action) == legal.end())
      throw ActionError("illegal action for " + game_->seat_name(seat) + ": " +
                        game_->action_to_string(state_, seat, action));
    apply(seat, action, false);
  }

  // Applies a chance outcome supplied from outside (a test, a replay, dice at a real table).
  void chance(Action outcome) { apply_chance(outcome, false); }

  // Draws the chance outcome from the session's Rng and applies it; returns it.
  Action sample_chance() {
    const OutcomeList outcomes = chance_outcomes();
    if (outcomes.empty()) throw ActionError("not at a chance node");
    const Action drawn = sample_outcome(outcomes, rng_);
    apply_chance(drawn, true);
    return drawn;
  }

  OutcomeList chance_outcomes() const {
    OutcomeList list;
    if (node_kind() == NodeKind::Chance) game_->chance_outcomes(state_, list);
    return list;
  }

  // Undo never crosses a chance outcome, a reveal of hidden information or a change of the
  // acting seat: it takes back the seat's own latest actions within its current turn.
  bool can_undo(Seat seat) const {
    return !undo_.empty() && history_.back().seat == seat;
  }
  void undo(Seat seat) {
    if (!can_undo(seat))
      throw ActionError("nothing to undo for " + game_->seat_name(seat) +
                        " (undo never crosses a die roll, a reveal or another seat's turn)");
    const Snapshot& s = undo_.back();
    state_ = s.state;
    history_.resize(s.history_size);
    log_.truncate(s.log_size);
    undo_.pop_back();
  }

  // Replays one recorded action. A sampled chance outcome is drawn again from the Rng and must
  // come out the same, which detects a drift of engine, data or seed.
  void replay(const Record& r) {
    if (r.seat != kChance) return act(r.seat, r.action);
    if (!r.sampled) return chance(r.action);
    const Action drawn = sample_chance();
    if (drawn != r.action)
      throw ActionError("replay drift: the recorded die roll or deal (" +
                        game_->action_to_string(state_, kChance, r.action) +
                        ") differs from the one the seed gives now");
  }

 private:
  struct Snapshot {
    State state;
    std::size_t history_size;
    std::size_t log_size;
  };

  bool may_act(Seat seat) const {
    const NodeKind k = node_kind();
    if (k != NodeKind::Decision && k != NodeKind::Simultaneous) return false;
    return seat >= 0 && seat < 8 && (game_->acting_seats(state_) & seat_bit(seat)) != 0;
  }

  void apply_chance(Action outcome, bool sampled) {
    const OutcomeList outcomes = chance_outcomes();
    const bool listed = std::any_of(outcomes.begin(), outcomes.end(),
                                    [&](const ChanceOutcome& o) { return o.action == outcome; });
    if (!listed) {
      if (outcomes.empty()) throw ActionError("not at a chance node");
      throw ActionError("not a possible chance outcome here: " +
                        game_->action_to_string(state_, kChance, outcome));
    }
    apply(kChance, outcome, sampled);
  }

  void apply(Seat seat, Action action, bool sampled) {
    const SeatMask before = seat == kChance ? 0 : game_->acting_seats(state_);
    const bool reveal = game_->reveals_hidden(state_, seat, action);
    undo_.push_back({state_, history_.size(), log_.size()});
    game_->apply(state_, seat, action, &log_);
    history_.push_back({seat, action, sampled});
    const bool same_turn = node_kind() != NodeKind::Chance && node_kind() != NodeKind::Terminal &&
                           game_->acting_seats(state_) == before;
    if (seat == kChance || reveal || !same_turn) undo_.clear();
  }

  const G* game_;
  State state_;
  Rng rng_;
  std::vector<Record> history_;
  LogBuffer log_;
  std::vector<Snapshot> undo_;
};

}  // namespace core
