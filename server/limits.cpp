#include "server/limits.h"

#include <algorithm>
#include <boost/asio/ip/address.hpp>

#include "server/store.h"

namespace server {

std::string network_of(const std::string& address) {
  namespace ip = boost::asio::ip;
  boost::system::error_code ec;
  ip::address a = ip::make_address(address, ec);
  if (ec) return address;
  if (a.is_v6() && a.to_v6().is_v4_mapped()) a = ip::make_address_v4(ip::v4_mapped, a.to_v6());
  if (a.is_v4()) {
    ip::address_v4::bytes_type b = a.to_v4().to_bytes();
    b[3] = 0;
    return ip::address_v4(b).to_string() + "/24";
  }
  ip::address_v6::bytes_type b = a.to_v6().to_bytes();
  std::fill(b.begin() + 8, b.end(), 0);
  return ip::address_v6(b).to_string() + "/64";
}

std::shared_ptr<Connections::Slot> Connections::admit(const std::string& address) {
  const auto held = [](const std::map<std::string, std::size_t>& counts, const std::string& key) {
    const auto it = counts.find(key);
    return it == counts.end() ? std::size_t{0} : it->second;
  };
  std::string network = network_of(address);
  const std::size_t own = held(by_address_, address);
  if (count_ >= total_ || own >= per_address_ || held(by_network_, network) >= per_network_ || (own > 0 && count_ + reserve_ >= total_))
    return nullptr;
  ++count_;
  ++by_address_[address];
  ++by_network_[network];
  return std::make_shared<Slot>(this, address, std::move(network));
}

void Connections::release(const std::string& address, const std::string& network) {
  --count_;
  if (--by_address_[address] == 0) by_address_.erase(address);
  if (--by_network_[network] == 0) by_network_.erase(network);
}

bool RateLimiter::allow(const std::string& address) {
  const std::string network = network_of(address);
  return (network == address || take(network, 4)) && take(address, 1);
}

bool RateLimiter::take(const std::string& key, double scale) {
  if (shared_) {
    try {
      if (const auto taken = shared_->take_token(name_ + ":" + key, scale * rate_ * 60, scale * burst_)) return *taken;
    } catch (const StoreError&) {  // the database cannot be reached now: this server's buckets meanwhile
    }
  }
  const auto now = std::chrono::steady_clock::now();
  if (buckets_.size() > 10000) forget_full(now);
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{scale * burst_, now, scale});
  Bucket& b = it->second;
  b.tokens = std::min(scale * burst_, b.tokens + scale * rate_ * std::chrono::duration<double>(now - b.at).count());
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

void RateLimiter::forget_full(std::chrono::steady_clock::time_point now) {
  std::erase_if(buckets_, [&](const auto& kv) {
    const Bucket& b = kv.second;
    return b.tokens + b.scale * rate_ * std::chrono::duration<double>(now - b.at).count() >= b.scale * burst_;
  });
}

}  // namespace server
