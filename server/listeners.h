// Who watches which game (WebSocket pushes): each listener is told after a committed change of its
// game, and when the game is deleted. Kept apart from the games themselves, so that a game may leave
// memory while it is watched (a finished game watched by many costs nothing until it is opened).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace server {

class Listeners {
 public:
  using Listener = std::function<void()>;
  // A handle for remove(); `seat` is the seat the listener sees (nullopt: a spectator).
  int add(const std::string& id, std::optional<int> seat, Listener listener) {
    games_[id].emplace(next_, Entry{seat, std::move(listener)});
    return next_++;
  }
  void remove(const std::string& id, int handle) {
    auto it = games_.find(id);
    if (it == games_.end()) return;
    it->second.erase(handle);
    if (it->second.empty()) games_.erase(it);
  }
  bool watched(const std::string& id) const { return games_.count(id) != 0; }
  // Tells the listeners of `id` whose seat `changed` says has something new (all of them without
  // `changed`). Each is called once, even if a listener adds or removes listeners.
  void tell(const std::string& id, const std::function<bool(std::optional<int>)>& changed = {}) const {
    auto it = games_.find(id);
    if (it == games_.end()) return;
    std::vector<Listener> due;
    for (const auto& [_, e] : it->second)
      if (!changed || changed(e.seat)) due.push_back(e.listener);
    for (const Listener& l : due) l();
  }

 private:
  struct Entry {
    std::optional<int> seat;
    Listener listener;
  };
  std::map<std::string, std::map<int, Entry>> games_;
  int next_ = 1;
};

}  // namespace server
