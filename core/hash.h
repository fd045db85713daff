// Hashing for state fingerprints and data-set identity.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/rng.h"

namespace core {

// Feeds integers into a 64-bit fingerprint. Order matters; equal feeds give equal digests on
// every machine.
class Hasher {
 public:
  void add(std::uint64_t v) {
    std::uint64_t x = h_ ^ v;
    h_ = splitmix64(x);
  }
  template <class It>
  void add_range(It first, It last) {
    for (; first != last; ++first) add(static_cast<std::uint64_t>(*first));
  }
  std::uint64_t digest() const { return h_; }

 private:
  std::uint64_t h_ = 0x243f6a8885a308d3ULL;
};

// FNV-1a over bytes.
constexpr std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = 0xcbf29ce484222325ULL) {
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

std::string to_hex(std::uint64_t v);

}  // namespace core
