// The order in which games were last used, for dropping the least recently used from memory.
#pragma once

#include <list>
#include <map>
#include <string>
#include <vector>

namespace server {

class Recency {
 public:
  void touch(const std::string& id) {
    forget(id);
    order_.push_front(id);
    at_[id] = order_.begin();
  }
  void forget(const std::string& id) {
    auto it = at_.find(id);
    if (it == at_.end()) return;
    order_.erase(it->second);
    at_.erase(it);
  }
  std::vector<std::string> newest_first() const { return {order_.begin(), order_.end()}; }

 private:
  std::list<std::string> order_;  // newest first
  std::map<std::string, std::list<std::string>::iterator> at_;
};

}  // namespace server
