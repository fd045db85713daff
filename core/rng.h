// A seeded, serializable random number generator: xoshiro256** seeded through SplitMix64.
// Game logic never uses std::rand or std::random_device; every draw comes from an Rng.
#pragma once

#include <array>
#include <bit>
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
  static Seed from_os();                       // 128 bits from getrandom(2); throws if the OS has none
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
  // Picks one of n > 0 equally likely indices: the index pick_weighted gives for n weights of 1.0 / n,
  // by the same arithmetic without the weights (a die, a deal from a pile). With `pass`, calls it
  // once for each index passed over (a caller's walk to its item, in the same loop).
  std::size_t pick_equal(std::size_t n) {
    return pick_equal(n, [] {});
  }
  template <class Pass>
  std::size_t pick_equal(std::size_t n, Pass pass);

  // "xoshiro256ss:<16 hex>-<16 hex>-<16 hex>-<16 hex>"
  std::string serialize() const;
  static std::optional<Rng> deserialize(std::string_view text);

  bool operator==(const Rng&) const = default;

 private:
  std::array<std::uint64_t, 4> s_{};
};

// Inline: the engine draws at every chance node and every random decision.
inline std::uint64_t Rng::next() {
  const std::uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = std::rotl(s_[3], 45);
  return result;
}

inline std::uint32_t Rng::below(std::uint32_t n) {
  std::uint64_t m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
  auto low = static_cast<std::uint32_t>(m);
  if (low < n) [[unlikely]] {
    const std::uint32_t threshold = (0u - n) % n;
    while (low < threshold) {
      m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
      low = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32);
}

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

namespace detail {
// The sum of n weights of 1.0 / n as pick_weighted adds them, one by one from 0.
constexpr double equal_total(std::size_t n) {
  const double w = 1.0 / static_cast<double>(n);
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) total += w;
  return total;
}
// The same sums for n < 65 (the outcome lists' capacity), added once when compiling.
inline constexpr std::array<double, 65> kEqualTotals = [] {
  std::array<double, 65> t{};
  for (std::size_t n = 1; n < t.size(); ++n) t[n] = equal_total(n);
  return t;
}();
}  // namespace detail

template <class Pass>
std::size_t Rng::pick_equal(std::size_t n, Pass pass) {
  const double w = 1.0 / static_cast<double>(n);
  const double total = n < detail::kEqualTotals.size() ? detail::kEqualTotals[n] : detail::equal_total(n);
  double x = static_cast<double>(next() >> 11) * 0x1.0p-53 * total;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (x < w) return i;
    x -= w;
    pass();
  }
  return n - 1;  // the last, as pick_weighted's loop ends
}

}  // namespace core
