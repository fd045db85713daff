// The writes of the changes made in memory and not yet committed (docs/server.md, "Durability"):
// added as requests change games, taken as one batch for the writer, and the games of the batch in
// flight told when it settles.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "server/store.h"

namespace server {

class Staging {
 public:
  void add(GameWrite w) {
    ids_.push_back(w.id);
    writes_.push_back(std::move(w));
  }
  std::size_t size() const { return writes_.size(); }
  // The next batch; its games are in flight until settled() is asked for them.
  std::vector<GameWrite> take() {
    in_flight_ = std::exchange(ids_, {});
    return std::exchange(writes_, {});
  }
  // The games of the batch last taken (once).
  std::vector<std::string> settled() { return std::exchange(in_flight_, {}); }

 private:
  std::vector<GameWrite> writes_;
  std::vector<std::string> ids_, in_flight_;
};

}  // namespace server
