// Group commit (docs/server.md, "Durability"): the writes staged by every request handled in one
// turn of the event loop are committed together, on the writer thread, while the loop goes on; the
// requests are answered when their batch is committed (503 if it failed). One batch is committed at
// a time.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <functional>
#include <string>
#include <vector>

#include "server/lobby.h"

namespace server {

class Committer {
 public:
  Committer(boost::asio::io_context& io, Lobby& lobby, Store& store) : io_(io), lobby_(lobby), store_(store) {}
  ~Committer() { writer_.join(); }
  void drain() { writer_.join(); }  // waits for the commit in flight

  // `done` runs once the writes staged so far are committed, failed or of an unknown outcome, with the
  // games whose writes were left out because another server changed them first.
  using Done = std::function<void(Outcome, const std::vector<std::string>&)>;
  void on_commit(Done done) {
    waiting_.push_back(std::move(done));
    kick();
  }
  // Starts committing what is staged, unless a commit is in flight (then it follows that one).
  void kick();

 private:
  void flush();
  void settle(const std::vector<Done>& done, Outcome outcome, const std::vector<std::string>& conflicts);

  boost::asio::io_context& io_;
  Lobby& lobby_;
  Store& store_;
  boost::asio::thread_pool writer_{1};
  bool posted_ = false, in_flight_ = false;
  std::vector<Done> waiting_;
};

}  // namespace server
