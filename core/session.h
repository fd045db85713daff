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
  Seat seat;  // kChance for a chance outcome
  Action action;
  bool sampled;  // a chance outcome drawn from the session's Rng (false: supplied explicitly)
};

template <Game G>
class Session {
 public:
  using State = typename G::State;

  Session(const G& game, const State& initial, const Seed& seed) : game_(&game), state_(initial), rng_(seed), barrier_{initial, 0, 0} {}
  // A session resumed where another one stood after `history`: its state and random stream then,
  // and its log. Nothing before this point may be undone.
  Session(const G& game, const State& state, const Rng& rng, std::vector<Record> history, LogBuffer log)
      : game_(&game),
        state_(state),
        rng_(rng),
        history_(std::move(history)),
        log_(std::move(log)),
        barrier_{state, history_.size(), log_.size()} {}

  const G& game() const { return *game_; }
  const State& state() const { return state_; }
  const std::vector<Record>& history() const { return history_; }
  const LogBuffer& log() const { return log_; }
  const Rng& rng() const { return rng_; }
  NodeKind node_kind() const { return game_->node_kind(state_); }
  // The length of the history at the last barrier (undo never goes before it).
  std::size_t barrier_size() const { return barrier_.history_size; }

  ActionList legal_actions(Seat seat) const {
    ActionList list;
    if (may_act(seat)) game_->legal_actions(state_, seat, list);
    return list;
  }

  // Applies a seat's decision. Throws ActionError (and changes nothing) if the seat may not act
  // now or the action is not legal.
  void act(Seat seat, Action action) {
    if (!may_act(seat)) throw ActionError(game_->seat_name(seat) + " may not act now");
    const ActionList legal = legal_actions(seat);
    if (std::find(legal.begin(), legal.end(), action) == legal.end())
      throw ActionError("illegal action for " + game_->seat_name(seat) + " (action " + std::to_string(action) + ")");
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

  // Undo (Rally the Troops' per-role undo). Since the last barrier -- a chance outcome, an action
  // that reveals hidden information, the end of a simultaneous decision, or a change of whose turn it
  // is at a one-seat decision -- each seat may take back its own latest action. At a simultaneous
  // decision the seats' entries interleave, and a seat that has finished its part (said "done") may
  // take that back too, and then its entries, until the reveal: secret sheets are frozen only when
  // every seat is done. Taking one back replays the other actions since the barrier, which must
  // stay legal; if one would not, nothing changes.
  bool can_undo(Seat seat) const { return latest_open(seat) != kNone; }
  void undo(Seat seat) {
    const std::size_t taken = latest_open(seat);
    if (taken == kNone)
      throw ActionError("nothing to undo for " + game_->seat_name(seat) +
                        " (undo never crosses a die roll, a reveal or another seat's turn)");
    State state = barrier_.state;
    LogBuffer log = log_;
    log.truncate(barrier_.log_size);
    std::vector<Record> kept;
    for (std::size_t i = barrier_.history_size; i < history_.size(); ++i) {
      if (i == taken) continue;
      const Record& r = history_[i];
      if (!legal_in(state, r.seat, r.action))
        throw ActionError("cannot undo for " + game_->seat_name(seat) + ": a later action by " + game_->seat_name(r.seat) +
                          " depends on it");
      game_->apply(state, r.seat, r.action, &log);
      kept.push_back(r);
    }
    state_ = state;
    log_ = std::move(log);
    history_.resize(barrier_.history_size);
    history_.insert(history_.end(), kept.begin(), kept.end());
    std::vector<std::size_t> open;
    for (std::size_t i : open_)
      if (i != taken) open.push_back(i < taken ? i : i - 1);
    open_ = std::move(open);
  }

  // Replays one recorded action. A sampled chance outcome is drawn again from the Rng and must
  // come out the same, which detects a drift of engine, data or seed.
  void replay(const Record& r) {
    if (r.seat != kChance) return act(r.seat, r.action);
    if (!r.sampled) return chance(r.action);
    const Action drawn = sample_chance();
    if (drawn != r.action)
      throw ActionError("replay drift: the recorded die roll or deal (" + game_->action_to_string(state_, kChance, r.action) +
                        ") differs from the one the seed gives now");
  }

 private:
  struct Snapshot {
    State state;
    std::size_t history_size = 0;
    std::size_t log_size = 0;
  };
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  bool may_act(Seat seat) const {
    const NodeKind k = node_kind();
    if (k != NodeKind::Decision && k != NodeKind::Simultaneous) return false;
    return seat >= 0 && seat < kMaxSeats && (game_->acting_seats(state_) & seat_bit(seat)) != 0;
  }

  bool legal_in(const State& s, Seat seat, Action action) const {
    if (seat == kChance) return false;  // never after a barrier
    ActionList legal;
    game_->legal_actions(s, seat, legal);
    return std::find(legal.begin(), legal.end(), action) != legal.end();
  }

  // The index in the history of the seat's latest action it may still take back, or kNone.
  std::size_t latest_open(Seat seat) const {
    for (auto it = open_.rbegin(); it != open_.rend(); ++it)
      if (history_[*it].seat == seat) return *it;
    return kNone;
  }

  void apply_chance(Action outcome, bool sampled) {
    const OutcomeList outcomes = chance_outcomes();
    const bool listed = std::any_of(outcomes.begin(), outcomes.end(), [&](const ChanceOutcome& o) { return o.action == outcome; });
    if (!listed) {
      if (outcomes.empty()) throw ActionError("not at a chance node");
      throw ActionError("not a possible chance outcome here: " + game_->action_to_string(state_, kChance, outcome));
    }
    apply(kChance, outcome, sampled);
  }

  void apply(Seat seat, Action action, bool sampled) {
    const NodeKind kind = node_kind();
    const SeatMask before = seat == kChance ? 0 : game_->acting_seats(state_);
    const bool reveal = game_->apply(state_, seat, action, &log_).revealed;
    history_.push_back({seat, action, sampled});
    const NodeKind now = node_kind();
    const SeatMask after = now == NodeKind::Decision || now == NodeKind::Simultaneous ? game_->acting_seats(state_) : 0;
    const SeatMask others = seat == kChance ? 0 : before & ~seat_bit(seat);
    const bool same_turn = kind == NodeKind::Decision ? now == NodeKind::Decision && after == before
                                                      : now == NodeKind::Simultaneous && (after == before || after == others);
    if (seat == kChance || reveal || !same_turn) {
      barrier_ = {state_, history_.size(), log_.size()};
      open_.clear();
      return;
    }
    open_.push_back(history_.size() - 1);  // at a simultaneous decision, also the action that finishes a seat's part
  }

  const G* game_;
  State state_;
  Rng rng_;
  std::vector<Record> history_;
  LogBuffer log_;
  Snapshot barrier_;               // the state just after the last barrier
  std::vector<std::size_t> open_;  // actions since the barrier their seats may still take back
};

}  // namespace core
