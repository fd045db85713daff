// Limits per client address (docs/server.md, "Limits"): connections held at once, and a token bucket
// for the rate of new games.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>

namespace server {

// Per-address and total connection counts; a Slot holds one connection's place.
class Connections {
 public:
  Connections(std::size_t total, std::size_t per_address) : total_(total), per_address_(per_address) {}
  struct Slot {
    Connections* owner;
    std::string address;
    ~Slot() { owner->release(address); }
  };
  // A place for a connection from `address`, or null when it is over a cap.
  std::shared_ptr<Slot> admit(const std::string& address);

 private:
  void release(const std::string& address);
  std::size_t total_, per_address_, count_ = 0;
  std::map<std::string, std::size_t> by_address_;
};

// A token bucket per address: `burst` at once, refilled at `per_minute`.
class RateLimiter {
 public:
  RateLimiter(double per_minute, double burst) : rate_(per_minute / 60.0), burst_(burst) {}
  bool allow(const std::string& key);

 private:
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point at;
  };
  void forget_full(std::chrono::steady_clock::time_point now);
  double rate_, burst_;
  std::map<std::string, Bucket> buckets_;
};

}  // namespace server
