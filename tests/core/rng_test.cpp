#include "core/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

namespace {

TEST(Rng, SameSeedSameStream) {
  core::Rng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next();
    EXPECT_EQ(x, b.next());
    EXPECT_NE(x, c.next());
  }
}

TEST(Rng, KnownFirstOutputsArePinned) {
  // Pinned so that any change of generator or seeding, which would change every saved game, fails.
  core::Rng r(0);
  EXPECT_EQ(r.next(), 0x99ec5f36cb75f2b4ULL);
  EXPECT_EQ(r.next(), 0xbf6e1f784956452aULL);
}

TEST(Rng, A64BitSeedSeedsExactlyAsTheNumberDoes) {
  for (std::uint64_t n : {0ULL, 1ULL, 42ULL, 18446744073709551615ULL}) {
    core::Rng a(n), b{core::Seed(n)};
    EXPECT_EQ(a, b) << n;
  }
}

TEST(Rng, Wide128BitSeedsUseBothHalves) {
  const core::Seed s = *core::Seed::parse_hex("00000000000000010000000000000002");
  core::Seed other_high = s, other_low = s;
  other_high.high ^= 1;
  other_low.low ^= 1;
  auto first = [](core::Rng r) {
    std::array<std::uint64_t, 4> out{};
    for (auto& x : out) x = r.next();
    return out;
  };
  const auto a = first(core::Rng(s));
  EXPECT_NE(a, first(core::Rng(other_high)));
  EXPECT_NE(a, first(core::Rng(other_low)));
  EXPECT_NE(a, first(core::Rng(std::uint64_t{2})));
  EXPECT_EQ(s.text(), "00000000000000010000000000000002");
}

TEST(Rng, SeedsFromTheOsAre128BitsAndDiffer) {
  const core::Seed a = core::Seed::from_os(), b = core::Seed::from_os();
  EXPECT_TRUE(a.wide);
  EXPECT_NE(a, b);
  EXPECT_EQ(a.text().size(), 32u);
  EXPECT_EQ(core::Seed::parse_hex(a.text()), a);
}

TEST(Rng, SerializeRoundTripContinuesTheStream) {
  core::Rng a(7);
  for (int i = 0; i < 5; ++i) a.next();
  const std::string text = a.serialize();
  auto b = core::Rng::deserialize(text);
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(*b, a);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(a.next(), b->next());
}

TEST(Rng, DeserializeRejectsGarbage) {
  EXPECT_FALSE(core::Rng::deserialize("").has_value());
  EXPECT_FALSE(core::Rng::deserialize("xoshiro256ss:zz").has_value());
  EXPECT_FALSE(core::Rng::deserialize("pcg:0000000000000001-0000000000000000-0000000000000000-0000000000000000").has_value());
  EXPECT_FALSE(core::Rng::deserialize("xoshiro256ss:0000000000000000-0000000000000000-0000000000000000-0000000000000000").has_value());
  EXPECT_FALSE(core::Rng::deserialize("xoshiro256ss:0000000000000001_0000000000000000-0000000000000000-0000000000000000").has_value());
}

TEST(Rng, DieRollsAreInRangeAndRoughlyUniform) {
  core::Rng r(1);
  std::array<int, 7> counts{};
  for (int i = 0; i < 60000; ++i) {
    const int v = r.roll(6);
    ASSERT_GE(v, 1);
    ASSERT_LE(v, 6);
    ++counts[static_cast<std::size_t>(v)];
  }
  for (int f = 1; f <= 6; ++f) {
    EXPECT_GT(counts[static_cast<std::size_t>(f)], 9500) << f;
    EXPECT_LT(counts[static_cast<std::size_t>(f)], 10500) << f;
  }
}

TEST(Rng, PickWeightedFollowsWeightsAndNeverPicksZero) {
  core::Rng r(3);
  const std::vector<double> w = {0.0, 1.0, 3.0, 0.0};
  std::array<int, 4> counts{};
  for (int i = 0; i < 40000; ++i) ++counts[r.pick_weighted(w)];
  EXPECT_EQ(counts[0], 0);
  EXPECT_EQ(counts[3], 0);
  EXPECT_NEAR(counts[2] / 40000.0, 0.75, 0.02);
}

// pick_equal(n) is pick_weighted over n weights of 1.0 / n (a die, a deal): the same index, with the
// generator left in the same state, for every n an outcome list can hold (its sums precomputed) and more.
TEST(Rng, PickEqualIsPickWeightedOverEqualWeights) {
  for (std::size_t n = 1; n <= 80; ++n) {
    const std::vector<double> w(n, 1.0 / static_cast<double>(n));
    core::Rng by_count(n), by_weights(n);
    std::vector<int> counts(n);
    for (int i = 0; i < 3000; ++i) {
      const std::size_t k = by_count.pick_equal(n);
      ASSERT_EQ(k, by_weights.pick_weighted(w)) << n;
      ++counts[k];
    }
    ASSERT_EQ(by_count, by_weights);
    EXPECT_GT(*std::min_element(counts.begin(), counts.end()), 0) << n;
  }
}

}  // namespace
