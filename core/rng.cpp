#include "core/rng.h"

#include <sys/random.h>

#include <cerrno>
#include <cstdio>
#include <stdexcept>

namespace core {
namespace {
constexpr std::string_view kPrefix = "xoshiro256ss:";
int hex_digit(char c) {  // -1: not a lower-case hex digit
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}
}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

Rng::Rng(const Seed& seed) : Rng(seed.low) {
  if (!seed.wide) return;
  std::uint64_t low = seed.low, high = seed.high;
  s_ = {splitmix64(low), splitmix64(low), splitmix64(high), splitmix64(high)};
  if (s_ == std::array<std::uint64_t, 4>{}) s_[0] = 1;  // xoshiro's one bad state
}

Seed Seed::from_os() {
  std::uint64_t words[2];
  auto* bytes = reinterpret_cast<unsigned char*>(words);
  std::size_t got = 0;
  while (got < sizeof words) {
    const ssize_t n = ::getrandom(bytes + got, sizeof words - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("getrandom failed: no seed from the operating system");
    got += static_cast<std::size_t>(n);
  }
  Seed s;
  s.high = words[0];
  s.low = words[1];
  s.wide = true;
  return s;
}

std::string Seed::text() const {
  if (!wide) return std::to_string(low);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(high), static_cast<unsigned long long>(low));
  return buf;
}

std::optional<Seed> Seed::parse_hex(std::string_view text) {
  if (text.size() != 32) return std::nullopt;
  Seed s;
  s.wide = true;
  for (std::size_t i = 0; i < 32; ++i) {
    const int d = hex_digit(text[i]);
    if (d < 0) return std::nullopt;
    std::uint64_t& word = i < 16 ? s.high : s.low;
    word = (word << 4) | static_cast<std::uint64_t>(d);
  }
  return s;
}

std::uint64_t Seed::digest() const {
  if (!wide) return low;
  std::uint64_t x = high;
  return low ^ splitmix64(x);
}

std::string Rng::serialize() const {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%.*s%016llx-%016llx-%016llx-%016llx", static_cast<int>(kPrefix.size()), kPrefix.data(),
                static_cast<unsigned long long>(s_[0]), static_cast<unsigned long long>(s_[1]), static_cast<unsigned long long>(s_[2]),
                static_cast<unsigned long long>(s_[3]));
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
      const int d = hex_digit(text[static_cast<std::size_t>(w) * 17 + static_cast<std::size_t>(i)]);
      if (d < 0) return std::nullopt;
      v = (v << 4) | static_cast<std::uint64_t>(d);
    }
    if (w < 3 && text[static_cast<std::size_t>(w) * 17 + 16] != '-') return std::nullopt;
    rng.s_[static_cast<std::size_t>(w)] = v;
  }
  if (rng.s_ == std::array<std::uint64_t, 4>{}) return std::nullopt;  // xoshiro's one bad state
  return rng;
}

}  // namespace core
