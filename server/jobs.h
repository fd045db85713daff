// The work the lobby hands off its thread (docs/server.md, "Fair shares"): each job names its lane,
// the client address it is charged to and its game, so that the workers can share each lane fairly.
#pragma once

#include <functional>
#include <string>

namespace server {

enum class Lane {
  Bots,    // quick bots' moves and chance, a slice at a time (the game is lent to the worker)
  Search,  // decisions of bots that search, and hints
  Odds,    // the battle calculator's answers: short, so never behind a search that takes seconds
  Load,    // games read from the store and replayed, replays of steps
  Hash,    // sign-ins' and registrations' password hashes (server/accounts.cpp)
};

// Runs on a worker; returns what then runs on the lobby's thread.
using Work = std::function<std::function<void()>()>;

struct Job {
  Lane lane = Lane::Bots;
  std::string owner;  // the client address the job is charged to ("": the server's own)
  std::string game;
  Work work;
};

// Runs a job's work on another thread and then its answer on the lobby's thread.
using Offload = std::function<void(Job job)>;

// The processor time the calling thread has used, in seconds (for budgets of bot time).
double thread_cpu_seconds();

}  // namespace server
