// Limits per client address (docs/server.md, "Limits"): connections held at once, and a token bucket
// for the rate of new games.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <utility>

namespace server {

// The network an address is in, for the limits per network: its IPv4 /24 or IPv6 /64
// ("10.1.2.0/24"); the text itself when it is no address.
std::string network_of(const std::string& address);

// Connections counted per address, per network and in all; a Slot holds one connection's place. The
// last `reserve` places go only to addresses that hold none, so that clients holding many places
// cannot lock a newcomer out.
class Connections {
 public:
  Connections(std::size_t total, std::size_t per_address, std::size_t per_network, std::size_t reserve)
      : total_(total), per_address_(per_address), per_network_(per_network), reserve_(reserve) {}
  // Released once, when the last copy of its shared_ptr goes (so a Slot itself is never copied).
  struct Slot {
    Slot(Connections* o, std::string a, std::string n) : owner(o), address(std::move(a)), network(std::move(n)) {}
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    ~Slot() { owner->release(address, network); }
    Connections* owner;
    std::string address, network;
  };
  // A place for a connection from `address`, or null when it is over a cap.
  std::shared_ptr<Slot> admit(const std::string& address);

 private:
  void release(const std::string& address, const std::string& network);
  std::size_t total_, per_address_, per_network_, reserve_, count_ = 0;
  std::map<std::string, std::size_t> by_address_, by_network_;
};

class Store;

// A token bucket per address: `burst` at once, refilled at `per_minute`; and one per network (an
// IPv4 /24, an IPv6 /64) four times as large. With a store several servers share, the buckets are
// the store's (Store::take_token), so the limit is the service's, not each server's; they are kept
// in memory where the store is not shared, or while it cannot be reached.
class RateLimiter {
 public:
  RateLimiter(double per_minute, double burst, Store* shared = nullptr, std::string name = "")
      : rate_(per_minute / 60.0), burst_(burst), shared_(shared), name_(std::move(name)) {}
  bool allow(const std::string& address);

 private:
  bool take(const std::string& key, double scale);
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point at;
    double scale;  // 4 for a network's bucket
  };
  void forget_full(std::chrono::steady_clock::time_point now);
  double rate_, burst_;
  Store* shared_;
  std::string name_;  // the buckets' names in the store: name_ + ":" + address or network
  std::map<std::string, Bucket> buckets_;
};

}  // namespace server
