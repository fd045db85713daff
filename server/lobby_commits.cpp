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
  r.version += w.claim ? 0 : 1;  // a claim changes no view's choices
  r.updated = now();
  r.finished = r.game->node_kind() == core::NodeKind::Terminal;
  r.staged_summary = make_summary(id, r);
  w.mark = GameMark{r.version, r.stored, r.game->state_hash(), r.finished, r.updated, r.staged_summary};
  r.busy = true;
  staging_.add(std::move(w));
}

void Lobby::settle(bool committed, const std::vector<std::string>& conflicts) {
  std::vector<std::string> reload_now, settled;
  for (const std::string& id : staging_.settled()) {
    settled.push_back(id);
    auto it = rooms_.find(id);
    if (it == rooms_.end()) continue;
    Room& r = it->second;
    r.busy = false;
    const bool conflict = std::find(conflicts.begin(), conflicts.end(), id) != conflicts.end();
    if (std::exchange(r.stale, false) || conflict) reload_now.push_back(id);
    if (committed && !conflict && r.erasing) {
      rooms_.erase(it);
      listeners_.tell(id);  // they find the game gone
      continue;
    }
    if (!committed || conflict) {  // back to what the store holds: loaded again on its next use
      r.game.reset();
      r.erasing = false;
      if (r.summary.empty() && !listeners_.watched(id)) rooms_.erase(it);  // a game never stored
      continue;
    }
    r.summary = std::move(r.staged_summary);
    listeners_.tell(id);
    release_if_idle(id);
  }
  for (const std::string& id : reload_now) reload(id);
  for (const std::string& id : settled) {
    release(id);
    schedule(id);
  }
}

std::vector<std::string> Lobby::commit_now() {
  const auto batch = take_staged();
  bool ok = true;
  std::vector<std::string> conflicts;
  try {
    conflicts = store_.commit(batch);
  } catch (const StoreError& e) {
    std::cerr << fmt::format("churchill serve: a commit failed, nothing of it was applied: {}\n", e.what());
    ok = false;
  }
  settle(ok, conflicts);
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
      if (!rooms_.count(new_id)) rooms_.emplace(new_id, build(std::move(sg)));
    }
  } catch (const StoreError& e) {
    std::cerr << fmt::format("churchill serve: cannot read the games in play: {}\n", e.what());
  }
}

// The game as the store holds it now, in place of what this server had (its listeners are told); a
// game deleted elsewhere leaves; one created elsewhere joins the list. A game nobody here watches is
// not replayed until it is used (each server replays only the games it serves). Read errors leave
// the game to be loaded on its next use.
void Lobby::reload(const std::string& id) {
  auto it = rooms_.find(id);
  if (it != rooms_.end() && (it->second.busy || it->second.lent)) {
    it->second.stale = true;
    return;
  }
  std::optional<StoredGame> sg;
  try {
    sg = store_.load(id);
  } catch (const StoreError& e) {
    std::cerr << fmt::format("churchill serve: cannot load game {}: {}\n", printable(id), e.what());
    if (it != rooms_.end() && it->second.damaged.empty()) it->second.game.reset();
    return;
  }
  if (!sg) {
    if (it == rooms_.end()) return;
    rooms_.erase(it);
    std::erase(finished_loaded_, id);
    listeners_.tell(id);  // they find the game gone
    return release(id);
  }
  const bool watched = listeners_.watched(id);
  if (sg->mark && !watched) {
    // Nobody here watches it: only its list entry is kept, and it is replayed when first used.
    Room cold;
    cold.version = sg->mark->version;
    cold.updated = sg->mark->updated;
    cold.finished = sg->mark->finished;
    cold.summary = sg->mark->summary;
    if (it == rooms_.end()) {
      if (!cold.finished) rooms_.emplace(id, std::move(cold));
    } else {
      adopt(id, std::move(cold));
      release_if_idle(id);
    }
    return release(id);
  }
  Room fresh = build(std::move(*sg));
  if (it == rooms_.end() && fresh.finished) return;
  adopt(id, std::move(fresh));
  listeners_.tell(id);
  if (rooms_.at(id).finished && std::find(finished_loaded_.begin(), finished_loaded_.end(), id) == finished_loaded_.end())
    release_if_idle(id);
  release(id);
  schedule(id);
}

}  // namespace server
