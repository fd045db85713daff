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
  if (!w.claim) {  // a claim changes no view's choices
    ++r.version;
    const SeatVersions::Seen seen = r.versions.apply(r.game->take_changes());
    r.seen.open = r.seen.open || seen.open;
    r.seen.secret |= seen.secret;
  }
  r.updated = now();
  r.finished = r.game->node_kind() == core::NodeKind::Terminal;
  r.staged_summary = make_summary(id, r);
  w.mark = GameMark{r.version, r.stored, r.game->state_hash(), r.finished, r.updated, r.staged_summary, r.versions.text()};
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
      if (r.summary.empty() && !listeners_.watched(id)) forget(id);  // a game never stored
      continue;
    }
    r.summary = std::move(r.staged_summary);
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
      if (!rooms_.count(new_id)) adopt(new_id, sg.mark ? entry(*sg.mark) : build(std::move(sg)));
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
  if (loading_.count(id)) {
    reload_after_.insert(id);
    return;
  }
  load(id, false);
}

}  // namespace server
