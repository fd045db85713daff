#include "server/committer.h"

#include <boost/asio/post.hpp>
#include <memory>

namespace server {

void Committer::kick() {
  if (posted_ || in_flight_ || lobby_.staged() == 0) return;
  posted_ = true;
  boost::asio::post(io_, [this] {
    posted_ = false;
    flush();
  });
}

void Committer::flush() {
  if (in_flight_ || lobby_.staged() == 0) return;
  in_flight_ = true;
  auto batch = std::make_shared<std::vector<GameWrite>>(lobby_.take_staged());
  auto done = std::make_shared<std::vector<Done>>(std::exchange(waiting_, {}));
  // `done` is moved on to the event loop, never copied: the callbacks hold the requests' sessions,
  // which must be released on the loop's thread (a session's last release frees its connection
  // slot, which the loop counts), not on the writer's.
  boost::asio::post(writer_, [this, batch = std::move(batch), done = std::move(done)]() mutable {
    std::vector<std::string> conflicts;
    const Outcome outcome = commit_batch(store_, *batch, conflicts);
    boost::asio::post(io_, [this, done = std::move(done), outcome, conflicts] { settle(*done, outcome, conflicts); });
  });
}

void Committer::settle(const std::vector<Done>& done, Outcome outcome, const std::vector<std::string>& conflicts) {
  lobby_.settle(outcome, conflicts);
  in_flight_ = false;
  for (const auto& d : done) d(outcome, conflicts);
  kick();
}

}  // namespace server
