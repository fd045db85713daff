// Bots' turns, searches and hints, on the workers (server/jobs.h, docs/server.md "Bots"): a game's
// quick bots and chance play a slice at a time on a worker that holds the game meanwhile; a bot that
// searches decides on a copy of its observation, and its decision is played here if the game is still
// where it was searched. A game no human plays stops at its cap of actions or bot time.
#include <fmt/format.h>

#include <iostream>
#include <limits>

#include "server/lobby.h"

namespace server {

void Lobby::offload(Offload offload) {
  offload_ = std::move(offload);
  std::vector<std::string> ids;
  for (const auto& [id, r] : rooms_)
    if (r.game) ids.push_back(id);
  for (const std::string& id : ids) schedule(id);
}

std::size_t Lobby::searching() const {
  std::size_t n = 0;
  for (const auto& [_, count] : searches_) n += count;
  return n;
}

bool Lobby::bots_due(const Room& r) const {
  if (!r.game || r.finished || !r.stopped.empty()) return false;
  const core::Match& m = *r.game;
  if (m.node_kind() == core::NodeKind::Chance) return true;
  for (int p = 0; p < m.seat_count(); ++p)
    if ((m.acting_seats() & core::seat_bit(static_cast<core::Seat>(p))) && m.bot_plays(static_cast<core::Seat>(p))) return true;
  return false;
}

void Lobby::schedule(const std::string& id) {
  if (!offload_ || working_.count(id)) return;
  auto it = rooms_.find(id);
  if (it == rooms_.end()) return;
  Room& r = it->second;
  if (r.busy || r.lent || r.erasing || !r.damaged.empty() || !bots_due(r)) return;
  if (auto task = r.game->bot_task()) return search(id, r, std::move(*task));
  play_slice(id, r);
}

// The game goes to a worker, where its quick bots and chance play for up to a slice of processor
// time (a game no human plays: up to what is left of its cap); meanwhile its committed views are
// served from the cache and everything else waits for it.
void Lobby::play_slice(const std::string& id, Room& r) {
  constexpr double kNone = std::numeric_limits<double>::infinity();
  const std::size_t max_actions = r.human ? std::numeric_limits<std::size_t>::max() : limits_.bot_game_actions;
  const double slice = std::min(limits_.bot_slice_seconds, r.human ? kNone : limits_.bot_game_seconds - r.bot_seconds);
  std::shared_ptr<core::Match> game = std::move(r.game);
  r.lent = true;
  working_.insert(id);
  offload_({Lane::Bots, r.owner, id, [this, id, game, max_actions, slice]() -> std::function<void()> {
              const double start = thread_cpu_seconds();
              const std::size_t before = game->version();
              std::vector<core::SeatMask> waits;  // after each action: whom the game waits on (the notifier's turns)
              const auto note = [&] {
                if (game->version() > before + waits.size()) waits.push_back(game->acting_seats());
              };
              std::string failure;
              try {
                game->run_bots(true, [&] {
                  note();
                  return game->version() > before && (game->version() >= max_actions || thread_cpu_seconds() - start >= slice);
                });
                note();                            // the last action, when the game stopped for a human or its end
              } catch (const std::exception& e) {  // never expected: the game's bots stop, and the log says why
                failure = e.what();
              }
              return [this, id, game, played = game->version() - before, waits = std::move(waits), seconds = thread_cpu_seconds() - start,
                      failure]() mutable { slice_played(id, game, played, std::move(waits), seconds, failure); };
            }});
}

void Lobby::slice_played(const std::string& id, std::shared_ptr<core::Match> game, std::size_t played, std::vector<core::SeatMask> waits,
                         double seconds, const std::string& failure) {
  working_.erase(id);
  auto it = rooms_.find(id);
  if (it == rooms_.end()) return release(id);
  Room& r = it->second;
  r.game = std::move(game);
  r.lent = false;
  ++r.slices;
  r.bot_seconds += seconds;
  if (std::exchange(r.stale, false)) {  // changed by another server meanwhile: what it stored wins
    r.game.reset();
    return reload(id);
  }
  if (!failure.empty() || played == 0) {
    std::cerr << fmt::format("serve: the bots of game {} stopped: {}\n", id, failure.empty() ? "they played nothing" : failure);
    r.stopped = "its bots could not play";
  } else if (!r.human && r.game->node_kind() != core::NodeKind::Terminal &&
             (r.game->version() >= limits_.bot_game_actions || r.bot_seconds >= limits_.bot_game_seconds)) {
    r.stopped = fmt::format("a game no human plays stops after {} actions or {:.0f} s of its bots' time", limits_.bot_game_actions,
                            limits_.bot_game_seconds);
  }
  if (played == 0) return release(id);
  if (waits.size() == played) r.waits = std::move(waits);  // else (never expected) the notifier knows the change's end only
  stage(id, r, GameWrite{});                               // settled, it is released and its bots go on
}

void Lobby::search(const std::string& id, Room& r, core::MatchSearch::BotTask task) {
  working_.insert(id);
  ++searches_[r.owner];
  offload_(
      {Lane::Search, r.owner, id,
       [this, id, owner = r.owner, version = r.version, hash = r.game->state_hash(), task = std::move(task)]() -> std::function<void()> {
         const double start = thread_cpu_seconds();
         std::optional<core::Action> action;
         try {
           action = task.decide();
         } catch (const std::exception& e) {  // never expected: the game waits, and the log says why
           std::cerr << fmt::format("serve: a bot of game {} could not decide: {}\n", id, e.what());
         }
         return [this, id, owner, version, hash, task, action, seconds = thread_cpu_seconds() - start] {
           if (--searches_[owner] == 0) searches_.erase(owner);
           decided(id, version, hash, task, action, seconds);
         };
       }});
}

// A bot's search has ended: its action is played if the game is where it was (the same version and
// state), else the game's next turn, if any, starts from where the game is now.
void Lobby::decided(const std::string& id, std::uint64_t version, const std::string& hash, const core::MatchSearch::BotTask& task,
                    std::optional<core::Action> action, double seconds) {
  working_.erase(id);
  auto it = rooms_.find(id);
  if (it == rooms_.end() || !action) return;
  Room& r = it->second;
  r.bot_seconds += seconds;
  if (r.game && !r.busy && !r.lent && !r.finished && !r.erasing && r.version == version && r.game->state_hash() == hash) {
    try {
      r.game->apply_bot(task, *action);
      return stage(id, r, GameWrite{});
    } catch (const core::ActionError& e) {  // never expected: the same state gives the same choice
      std::cerr << fmt::format("serve: the bot's action in game {} was not played: {}\n", id, e.what());
      return;
    }
  }
  schedule(id);  // moved on meanwhile: searched again from where it is (after its commit if staged)
}

void Lobby::hint(const std::string& id, const std::string& token, Answer answer, const std::string& client) {
  Room& r = room(id);
  const int seat = seat_needed(id, token, "a hint (for a seat's own decision)");
  const std::uint64_t version = r.versions.of(seat);
  auto& [cached_version, cached] = r.hints[seat];
  if (!cached.empty() && cached_version == version) return answer(200, cached);
  const std::string seat_name = r.game->seat_name(static_cast<core::Seat>(seat));
  std::function<core::MatchSearch::Advice()> task;
  try {
    task = r.game->hint_task(static_cast<core::Seat>(seat), 3);
  } catch (const core::ActionError&) {
    throw ApiError(409, ErrorCode{"not_your_turn", {{"seat", seat_name}, {"phase", r.game->phase_message()}}},
                   fmt::format("{} may not act now ({}): a hint is for the seat's own decision", seat_name, r.game->phase()));
  }
  if (!task) throw ApiError(404, ErrorCode{"no_hints"}, "this title has no search to give hints");
  const auto key = std::make_pair(id, seat);
  if (hinting_.count(key)) throw ApiError(429, ErrorCode{"hint_pending"}, "a hint for this seat is being computed; wait for its answer");
  if (const auto waiting = searches_.find(client); offload_ && waiting != searches_.end() && waiting->second >= limits_.max_searches)
    throw ApiError(429, ErrorCode{"searches_busy"},
                   "this address has as many searches waiting as it may; ask again when they are answered");
  auto finish = [this, id, seat, seat_name, version, answer](const core::MatchSearch::Advice& advice) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& h : advice.hints) list.push_back({{"action", h.action}, {"win_chance", h.win_chance}, {"visits", h.visits}});
    nlohmann::json body{{"version", version}, {"seat", seat_name}, {"hints", list}};
    if (!advice.plan.is_null()) body["plan"] = advice.plan;  // the title's structure (War Room: docs/warroom/ai.md, "Hints")
    const std::string text = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    auto it = rooms_.find(id);
    if (it != rooms_.end() && it->second.versions.of(seat) == version) it->second.hints[seat] = {version, text};
    answer(200, text);
  };
  if (!offload_) return finish(task());
  hinting_.insert(key);
  ++searches_[client];
  offload_({Lane::Search, client, id, [this, key, client, task, finish, answer = std::move(answer)]() -> std::function<void()> {
              std::optional<core::MatchSearch::Advice> hints;
              try {
                hints = task();
              } catch (const std::exception& e) {  // never expected
                std::cerr << fmt::format("serve: a hint for game {} failed: {}\n", key.first, e.what());
              }
              return [this, key, client, hints, finish, answer] {
                hinting_.erase(key);
                if (--searches_[client] == 0) searches_.erase(client);
                if (hints)
                  finish(*hints);
                else
                  answer(500, R"({"error": "internal error"})");
              };
            }});
}

// Without an offload (tests, tools) the caller commits when it likes, and may use a busy game.
bool Lobby::ready(const std::string& id) const {
  auto it = rooms_.find(id);
  return it == rooms_.end() || ((!it->second.busy || !offload_) && !it->second.lent);
}

void Lobby::when_ready(const std::string& id, std::function<void()> then) { ready_waiters_[id].push_back(std::move(then)); }

void Lobby::after_bots(const std::string& id, std::function<void()> then) {
  auto it = rooms_.find(id);
  if (it == rooms_.end() || !offload_ || (ready(id) && !quick_turn_due(it->second))) return then();
  bot_waiters_[id].push_back({it->second.slices, std::move(then)});
}

bool Lobby::quick_turn_due(const Room& r) const { return bots_due(r) && !r.game->bot_task(); }

// The game is ready (or gone): whoever waited for it goes on, and whoever waited for its bots' turn
// once that turn was played, or if its bots have no quick turn to play.
void Lobby::release(const std::string& id) {
  if (!ready(id)) return;
  std::vector<std::function<void()>> due;
  if (auto it = ready_waiters_.find(id); it != ready_waiters_.end()) {
    due = std::move(it->second);
    ready_waiters_.erase(it);
  }
  if (auto it = bot_waiters_.find(id); it != bot_waiters_.end()) {
    const auto room = rooms_.find(id);
    std::vector<BotWaiter> keep;
    for (BotWaiter& w : it->second) {
      if (room == rooms_.end() || room->second.slices > w.slices || !quick_turn_due(room->second))
        due.push_back(std::move(w.then));
      else
        keep.push_back(std::move(w));
    }
    if (keep.empty())
      bot_waiters_.erase(it);
    else
      it->second = std::move(keep);
  }
  for (const auto& then : due) then();
}

}  // namespace server
