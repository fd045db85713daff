#include "core/rng.h"

#include <cstdio>

namespace core {
namespace {
constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
constexpr std::string_view kPrefix = "xoshiro256ss:";
}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint32_t Rng::below(std::uint32_t n) {
  std::uint64_t m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
  auto low = static_cast<std::uint32_t>(m);
  if (low < n) {
    const std::uint32_t threshold = (0u - n) % n;
    while (low < threshold) {
      m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
      low = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32);
}

std::string Rng::serialize() const {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%.*s%016llx-%016llx-%016llx-%016llx",
                static_cast<int>(kPrefix.size()), kPrefix.data(),
                static_cast<unsigned long long>(s_[0]), static_cast<unsigned long long>(s_[1]),
                static_cast<unsigned long long>(s_[2]), static_cast<unsigned long long>(s_[3]));
  return buf;
}

std::optional<Rng> Rng::deserialize(std::string_view text) {
  if (text.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  text.remove_prefix(kPrefix.size());
  if (text.size() != 4 * 16 + 3) return std::nullopt;
  Rng rng;
  for (int w = 0; w < 4; ++w) {
    std::uint64_t v = 0;
    for (int i = 0; i < 16; ++i) {
      const char c = text[static_cast<std::size_t>(w * 17 + i)];
      int d;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
      else return std::nullopt;
      v = (v << 4) | static_cast<std::uint64_t>(d);
    }
    if (w < 3 && text[static_cast<std::size_t>(w * 17 + 16)] != '-') return std::nullopt;
    rng.s_[static_cast<std::size_t>(w)] = v;
  }
  if (rng.s_ == std::array<std::uint64_t, 4>{}) return std::nullopt;  // xoshiro's one bad state
  return rng;
}

}  // namespace core
