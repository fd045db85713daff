#include "server/workers.h"

#include <sys/resource.h>
#include <unistd.h>
#include <ctime>

#include <algorithm>
#include <boost/asio/post.hpp>

namespace server {

double thread_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

void FairQueue::push(Job job) {
  auto owner = std::find_if(owners_.begin(), owners_.end(), [&](const Owner& o) { return o.name == job.owner; });
  if (owner == owners_.end()) owner = owners_.insert(owners_.end(), Owner{job.owner, {}});
  auto game = std::find_if(owner->games.begin(), owner->games.end(), [&](const auto& g) { return g.first == job.game; });
  if (game == owner->games.end()) game = owner->games.insert(owner->games.end(), {job.game, {}});
  game->second.push_back(std::move(job));
  ++size_;
}

Job FairQueue::pop() {
  Owner& owner = owners_.front();
  auto& [game, jobs] = owner.games.front();
  Job job = std::move(jobs.front());
  jobs.pop_front();
  --size_;
  // The game goes to the back of its owner's turn, the owner to the back of the queue's.
  if (jobs.empty())
    owner.games.pop_front();
  else
    owner.games.splice(owner.games.end(), owner.games, owner.games.begin());
  if (owner.games.empty())
    owners_.pop_front();
  else
    owners_.splice(owners_.end(), owners_, owners_.begin());
  return job;
}

Workers::Workers(boost::asio::io_context& io, const std::map<Lane, std::size_t>& threads, std::function<void()> then, int niceness)
    : io_(io), then_(std::move(then)), niceness_(niceness) {
  for (const auto& [lane, count] : threads) {
    auto pool = std::make_unique<Pool>();
    for (std::size_t i = 0; i < std::max<std::size_t>(count, 1); ++i) pool->threads.emplace_back([this, p = pool.get()] { work(*p); });
    pools_[lane] = std::move(pool);
  }
}

Workers::~Workers() { stop(); }

void Workers::submit(Job job) {
  Pool& pool = *pools_.at(job.lane);
  {
    std::lock_guard lock(pool.mutex);
    if (stopping_) return;
    pool.queue.push(std::move(job));
  }
  pool.ready.notify_one();
}

void Workers::stop() {
  stopping_ = true;
  for (auto& [_, pool] : pools_) {
    { std::lock_guard lock(pool->mutex); }  // a worker between its check and its wait sees the flag
    pool->ready.notify_all();
    for (std::thread& t : pool->threads)
      if (t.joinable()) t.join();
  }
}

void Workers::work(Pool& pool) {
  // A worker yields to the event loop: the loop answers requests, the workers use what is left.
  if (niceness_ != 0) ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), niceness_);
  for (;;) {
    Job job;
    {
      std::unique_lock lock(pool.mutex);
      pool.ready.wait(lock, [&] { return stopping_ || !pool.queue.empty(); });
      if (stopping_) return;
      job = pool.queue.pop();
    }
    std::function<void()> answer = job.work();
    // The job and its answer go back to the event loop by move: what they hold (a request's
    // session) is released there, never on a worker (see Committer::flush).
    boost::asio::post(io_, [this, job = std::move(job), answer = std::move(answer)] {
      if (answer) answer();
      then_();
    });
  }
}

}  // namespace server
