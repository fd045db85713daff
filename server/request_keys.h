// The keys of the latest requests that changed a game (docs/server.md, "Idempotency keys"): a client
// names an action or undo with an `Idempotency-Key`; sent again with the same key -- after an answer
// that was lost, or one that said the outcome is unknown -- it is answered with the seat's view
// instead of being made a second time. The keys are stored with the game's mark, in the same
// transaction as the change, so a retry through another server, or after a restart, finds them too.
#pragma once

#include <cstddef>
#include <deque>
#include <nlohmann/json.hpp>
#include <string>

namespace server {

class RequestKeys {
 public:
  static constexpr std::size_t kKept = 32;  // per game: a retry comes within seconds, not after 32 changes

  RequestKeys() = default;
  // As text() wrote it; anything else (a game stored before keys were kept) is no keys.
  explicit RequestKeys(const std::string& text) {
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_array()) return;
    for (const auto& e : j)
      if (e.is_array() && e.size() == 3 && e[0].is_string() && e[1].is_number_integer() && e[2].is_string())
        entries_.push_back({e[0].get<std::string>(), e[1].get<int>(), e[2].get<std::string>()});
  }
  std::string text() const {
    if (entries_.empty()) return "";
    nlohmann::json j = nlohmann::json::array();
    for (const Entry& e : entries_) j.push_back({e.key, e.seat, e.request});
    return j.dump();
  }

  enum class Seen { no, same, other };  // the key is new; it named this request; it named another
  Seen seen(const std::string& key, int seat, const std::string& request) const {
    for (const Entry& e : entries_)
      if (e.key == key) return e.seat == seat && e.request == request ? Seen::same : Seen::other;
    return Seen::no;
  }
  void add(const std::string& key, int seat, const std::string& request) {
    entries_.push_back({key, seat, request});
    if (entries_.size() > kKept) entries_.pop_front();
  }

 private:
  struct Entry {
    std::string key;
    int seat;
    std::string request;  // what was asked (server/lobby.cpp, request_of)
  };
  std::deque<Entry> entries_;
};

}  // namespace server
