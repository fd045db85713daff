// Changes on their way to the store: staged with the game's new mark, settled when their batch is
// committed (or not), and the changes other servers sharing the store made.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "server/lobby.h"

namespace server {

// The writes of a change with the game's new mark: its version, stored actions, hash and list entry.
void Lobby::stage(const std::string& id, Room& r, GameWrite w) {
  w.id = id;
  if (!w.create) w.base_version = r.version;
  const auto& actions = r.game->actions();
  if (w.keep_actions) r.stored = std::min(r.stored, *w.keep_actions);
  w.first_new = r.stored;
  w.append.assign(actions.begin() + static_cast<std::ptrdiff_t>(r.stored), actions.end());
  r.stored = actions.size();
  // A clock that moved (a claim that starts the clocks, a timeout, a pause) is a change everyone sees.
  const bool clocks = update_clocks(r) || std::exchange(r.touched, false);
  bool seen_by_all = true;
  if (!w.claim || clocks) {  // a claim changes no view's choices
    ++r.version;
    core::MatchRecord::Changes changes = r.game->take_changes();
    changes.open += clocks ? 1 : 0;
    const SeatVersions::Seen seen = r.versions.apply(changes);
    r.seen.open = r.seen.open || seen.open;
    r.seen.secret |= seen.secret;
    seen_by_all = seen.open || w.create;
  }
  r.updated = now();
  // A seat's secret entry leaves the list entry as it was, its time too: a client reading the lists
  // again and again would otherwise count another seat's entries at War Room's orders.
  if (seen_by_all) r.listed = r.updated;
  r.finished = r.game->node_kind() == core::NodeKind::Terminal;
  r.human = has_human(*r.game);
  if (const auto& events = r.game->record().events; events != r.stored_events) {  // kept with the record (Match::hand_over, concede)
    w.record = r.game->record();
    r.stored_events = events;
  }
  r.staged_summary = make_summary(id, r);
  w.mark = GameMark{r.version,        r.stored,          r.game->state_hash(), r.finished,     r.updated,
                    r.staged_summary, r.versions.text(), r.requests.text(),    r.clocks.text()};
  r.busy = true;
  staging_.add(std::move(w));
}

void Lobby::settle(Outcome outcome, const std::vector<std::string>& conflicts) {
  const bool committed = outcome == Outcome::committed;
  std::vector<std::string> reload_now, settled;
  for (const std::string& id : staging_.settled()) {
    settled.push_back(id);
    auto it = rooms_.find(id);
    if (it == rooms_.end()) continue;
    Room& r = it->second;
    r.busy = false;
    const std::vector<core::SeatMask> waits = std::exchange(r.waits, {});
    const bool conflict = std::find(conflicts.begin(), conflicts.end(), id) != conflicts.end();
    // A commit of unknown outcome: the store says what was made (its list entry too).
    if (std::exchange(r.stale, false) || conflict || outcome == Outcome::unknown) reload_now.push_back(id);
    if (committed && !conflict && r.erasing) {
      forget(id);
      listeners_.tell(id);  // they find the game gone
      continue;
    }
    if (!committed || conflict) {  // back to what the store holds: loaded again on its next use
      r.game.reset();
      r.views.clear();
      r.hints.clear();
      r.token_hash.clear();  // a claim staged with the change was not made
      r.erasing = false;
      if (r.summary.empty() && !listeners_.watched(id) && outcome == Outcome::failed) forget(id);  // a game never stored
      continue;
    }
    if (on_committed_ && r.human) {
      Waits named;
      for (const core::SeatMask mask : waits) named.push_back(seat_names(*r.game, mask));
      on_committed_(id, r.summary, r.staged_summary, r.stored, !r.invitation_hash.empty(), named);
    }
    const bool listed = r.summary != r.staged_summary;
    r.summary = std::move(r.staged_summary);
    if (listed && on_listed_) on_listed_(id);
    r.creator.clear();  // counted in the store now
    const SeatVersions::Seen seen = std::exchange(r.seen, {});
    listeners_.tell(id, [&](std::optional<int> seat) { return seen.sees(seat); });
  }
  for (const std::string& id : reload_now) reload(id);
  for (const std::string& id : settled) {
    release(id);
    schedule(id);
  }
  trim();
}

std::vector<std::string> Lobby::commit_now() {
  std::vector<std::string> conflicts;
  const Outcome outcome = commit_batch(store_, take_staged(), conflicts);
  settle(outcome, conflicts);
  return conflicts;
}

void Lobby::changed_elsewhere(const std::string& id) {
  if (id != "*") return reload(id);
  std::vector<std::string> ids;
  for (const auto& [room_id, _] : rooms_) ids.push_back(room_id);
  for (const std::string& room_id : ids) reload(room_id);
  try {  // games created elsewhere while this server was not listening
    for (StoredGame& sg : store_.load_unfinished()) {
      const std::string new_id = sg.id;  // before sg is moved from
      if (!rooms_.count(new_id)) adopt(new_id, sg.mark ? entry(*sg.mark) : build(std::move(sg)));
    }
  } catch (const StoreError& e) {
    std::cerr << fmt::format("serve: cannot read the games in play: {}\n", e.what());
  }
}

// The game as the store holds it now, in place of what this server had (its listeners are told); a
// game deleted elsewhere leaves; one created elsewhere joins the list. A game held here catches up
// with what was stored since (catch_up); one nobody here watches is not replayed until it is used
// (each server replays only the games it serves). Read errors leave the game to be loaded on its
// next use.
void Lobby::reload(const std::string& id) {
  auto it = rooms_.find(id);
  if (it != rooms_.end() && (it->second.busy || it->second.lent)) {
    it->second.stale = true;
    return;
  }
  if (loading_.count(id)) {
    reload_after_.insert(id);
    return;
  }
  // A game watched here but not held whole (its bots' turn was dropped, a read failed) is read whole:
  // its watchers' views come from the game.
  const bool held = it != rooms_.end() && it->second.damaged.empty() && !it->second.summary.empty();
  if (held && (it->second.game || !listeners_.watched(id))) return catch_up(id, it->second);
  load(id, false);
}

// Another server changed a game held here: only what was stored since is read, on a worker (the
// mark, the seats, the actions from the last one held on; a game held by its entry only, its mark),
// and the new actions are played on the game held when the read is back (caught_up). Meanwhile the
// game serves as it was.
void Lobby::catch_up(const std::string& id, Room& r) {
  loading_.insert(id);
  const std::size_t held = r.stored;
  const bool whole = r.game != nullptr;
  Job job{Lane::Load, r.owner, id, [this, id, held, whole]() -> std::function<void()> {
            auto sg = std::make_shared<std::optional<StoredGame>>();
            std::string failure;
            try {
              *sg = store_.load_tail(id, whole ? held - std::min<std::size_t>(held, 1) : Store::kMarkOnly);  // the last one held, to check
            } catch (const StoreError& e) {
              failure = e.what();
            }
            return [this, id, held, whole, sg, failure] { caught_up(id, held, whole, std::move(*sg), failure); };
          }};
  if (offload_) return offload_(std::move(job));
  job.work()();
}

namespace {

// Plays the stored actions that follow the `held` ones on the game, which must hold them: the first
// of `tail` is its last. Throws (the game is then half played) if it does not, or if they do not
// reach the stored state.
void play_tail(core::Match& m, std::size_t held, const std::vector<core::SavedAction>& tail, const std::string& state_hash) {
  if (held > 0 && (tail.empty() || tail.front() != m.actions().at(held - 1))) throw core::ActionError("an action held was undone");
  for (std::size_t i = held > 0 ? 1 : 0; i < tail.size(); ++i) {
    const core::SavedAction& a = tail[i];
    if (a.seat == "chance" && a.sampled) {
      if (m.sample_chance() != a.action) throw core::ActionError(fmt::format("the chance outcome drawn is not the stored {}", a.action));
    } else if (a.seat == "chance") {
      m.chance(a.action);
    } else if (const auto seat = m.seat_from_name(a.seat)) {
      m.act(*seat, a.action);
    } else {
      throw core::ActionError(fmt::format("no seat {}", a.seat));
    }
  }
  if (m.state_hash() != state_hash) throw core::ActionError("the state reached is not the stored one");
}

}  // namespace

void Lobby::caught_up(const std::string& id, std::size_t held, bool whole, std::optional<StoredGame> sg, const std::string& failure) {
  loading_.erase(id);
  auto it = rooms_.find(id);
  if (it == rooms_.end()) return release(id);
  Room& r = it->second;
  if (!failure.empty()) {  // read on its next use
    std::cerr << fmt::format("serve: cannot read game {}: {}\n", id, failure);
    if (!r.busy && !r.lent) r.game.reset(), r.views.clear(), r.hints.clear();
    return release(id);
  }
  if (!sg) {  // deleted elsewhere
    forget(id);
    listeners_.tell(id);
    return release(id);
  }
  if (r.busy || r.lent) {  // changed here meanwhile: read again once that settles
    r.stale = true;
    return;
  }
  if (r.stored != held || (r.game != nullptr) != whole || reload_after_.erase(id)) return reload(id);  // moved on meanwhile
  if (!sg->mark) return load(id, false);
  const GameMark& mark = *sg->mark;
  const SeatVersions before = r.versions;
  if (r.game && sg->record.events != r.game->record().events) {  // a resignation, a concession made elsewhere: read again whole
    r.game.reset();
    r.views.clear();
    r.hints.clear();
    return load(id, false);
  }
  if (r.game) {
    try {
      play_tail(*r.game, held, sg->record.actions, mark.state_hash);
    } catch (const std::exception&) {  // an undo made elsewhere: the game is read again whole
      r.game.reset();
      r.views.clear();
      r.hints.clear();
      return load(id, false);
    }
    r.game->take_changes();  // the versions are the store's
    r.versions = SeatVersions(mark.versions, r.game->seat_count(), mark.version);
    r.requests = RequestKeys(mark.requests);
    for (const auto& [seat, hash] : sg->token_hashes)
      if (const auto p = r.game->seat_from_name(seat)) r.token_hash[static_cast<std::size_t>(*p)] = hash;
  }
  r.clocks = Clocks(mark.clocks, r.game ? r.game->seat_count() : -1);
  if (r.game) seat_stand_ins(r);
  if (!r.game && r.version != mark.version) {  // held by its entry (and views): they are made again when asked
    r.views.clear();
    r.hints.clear();
  }
  r.version = mark.version;
  r.stored = mark.action_count;
  r.updated = mark.updated;
  r.listed = listed_time(mark);
  r.finished = mark.finished;
  r.summary = mark.summary;
  r.invitation_hash = sg->invitation_hash;
  if (r.game) listeners_.tell(id, [&](std::optional<int> seat) { return r.versions.of(seat) != before.of(seat); });
  recent_.touch(id);
  release(id);
  schedule(id);
  trim();
}

}  // namespace server
