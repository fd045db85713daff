// The threads that do the lobby's work off the event loop: bots' moves, searches and hints, loads and
// replays (server/jobs.h). Each lane has threads of its own, so a long search never holds up a quick
// bot's move, and each lane is shared fairly: its jobs are taken by owner in turn (the client address
// a job is charged to) and, within an owner, by game in turn. A flood of jobs from one address waits
// behind itself, not in front of the others. Workers run at a lower scheduling priority than the
// event loop, so that answering requests comes first on a busy machine.
#pragma once

#include <boost/asio/io_context.hpp>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/jobs.h"

namespace server {

// Jobs taken in turn by owner, then by game within an owner, first in first out within a game.
// Not thread-safe by itself.
class FairQueue {
 public:
  void push(Job job);
  Job pop();  // the next job in turn; the queue must not be empty
  bool empty() const { return owners_.empty(); }
  std::size_t size() const { return size_; }

 private:
  struct Owner {
    std::string name;
    std::list<std::pair<std::string, std::deque<Job>>> games;  // in turn
  };
  std::list<Owner> owners_;  // in turn: the front's next job is taken next
  std::size_t size_ = 0;
};

class Workers {
 public:
  // `threads` per lane (at least one each); `then` runs on `io` after every job's answer. The threads
  // run at `niceness` (10: below the event loop's requests; 0 for work a request itself waits on).
  Workers(boost::asio::io_context& io, const std::map<Lane, std::size_t>& threads, std::function<void()> then, int niceness = 10);
  ~Workers();
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;
  void submit(Job job);
  // No job starts after this; a job under way is waited for (none writes to the store).
  void stop();

 private:
  struct Pool {
    std::mutex mutex;
    std::condition_variable ready;
    FairQueue queue;
    std::vector<std::thread> threads;
  };
  void work(Pool& pool);
  boost::asio::io_context& io_;
  std::function<void()> then_;
  int niceness_;
  std::map<Lane, std::unique_ptr<Pool>> pools_;
  std::atomic<bool> stopping_{false};
};

}  // namespace server
