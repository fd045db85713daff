// A seeded, serializable random number generator: xoshiro256** seeded through SplitMix64.
// Game logic never uses std::rand or std::random_device; every draw comes from an Rng.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace core {

// SplitMix64 step: also a good 64-bit mixer for seeds and hashes.
constexpr std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A game's seed: a 64-bit number (older saves, the command line's --seed) or 128 bits drawn from the
// operating system's CSPRNG (games on the server, whose seed no player may know or choose).
struct Seed {
  std::uint64_t low = 0;
  std::uint64_t high = 0;
  bool wide = false;  // 128 bits, written as 32 hex digits (high then low)

  Seed() = default;
  Seed(std::uint64_t number) : low(number) {}  // NOLINT(google-explicit-constructor): a 64-bit seed is a Seed
  static Seed from_os();                        // 128 bits from getrandom(2); throws if the OS has none
  // "123" for a 64-bit seed, 32 lower-case hex digits for a 128-bit one; parse() reads the latter.
  std::string text() const;
  static std::optional<Seed> parse_hex(std::string_view text);
  // 64 bits standing for the seed where a derived stream needs one: the number itself for a 64-bit seed.
  std::uint64_t digest() const;
  bool operator==(const Seed&) const = default;
};

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);
  // A 64-bit seed gives exactly Rng(seed.low); a 128-bit one fills two words of state from each half.
  explicit Rng(const Seed& seed);

  std::uint64_t next();
  // Uniform in [0, n), unbiased (Lemire's method). n must be > 0.
  std::uint32_t below(std::uint32_t n);
  // A die with `sides` faces: 1..sides.
  int roll(int sides) { return 1 + static_cast<int>(below(static_cast<std::uint32_t>(sides))); }
  // Picks an index with the given weights (all >= 0, sum > 0).
  template <class Range>
  std::size_t pick_weighted(const Range& weights);

  // "xoshiro256ss:<16 hex>-<16 hex>-<16 hex>-<16 hex>"
  std::string serialize() const;
  static std::optional<Rng> deserialize(std::string_view text);

  bool operator==(const Rng&) const = default;

 private:
  std::array<std::uint64_t, 4> s_{};
};

template <class Range>
std::size_t Rng::pick_weighted(const Range& weights) {
  double total = 0;
  for (double w : weights) total += w;
  // 53 random bits give a uniform double in [0, 1).
  double x = static_cast<double>(next() >> 11) * 0x1.0p-53 * total;
  std::size_t i = 0, last = 0;
  for (double w : weights) {
    if (w > 0) {
      last = i;
      if (x < w) return i;
      x -= w;
    }
    ++i;
  }
  return last;  // rounding left x at the very top
}

}  // namespace core
