#include "server/limits.h"

#include <algorithm>

namespace server {

std::shared_ptr<Connections::Slot> Connections::admit(const std::string& address) {
  if (count_ >= total_ || by_address_[address] >= per_address_) {
    if (by_address_[address] == 0) by_address_.erase(address);
    return nullptr;
  }
  ++count_;
  ++by_address_[address];
  return std::shared_ptr<Slot>(new Slot{this, address});
}

void Connections::release(const std::string& address) {
  --count_;
  if (--by_address_[address] == 0) by_address_.erase(address);
}

bool RateLimiter::allow(const std::string& key) {
  const auto now = std::chrono::steady_clock::now();
  if (buckets_.size() > 10000) forget_full(now);
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{burst_, now});
  Bucket& b = it->second;
  b.tokens = std::min(burst_, b.tokens + rate_ * std::chrono::duration<double>(now - b.at).count());
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

void RateLimiter::forget_full(std::chrono::steady_clock::time_point now) {
  std::erase_if(buckets_, [&](const auto& kv) {
    return kv.second.tokens + rate_ * std::chrono::duration<double>(now - kv.second.at).count() >= burst_;
  });
}

}  // namespace server
