#include "core/rng.hpp"

#include <gtest/gtest.h>

#include <array>
#include <numeric>
#include <vector>

namespace croupier {
namespace {

TEST(Rng, SeededRngIsRepeatable) {
  SeededRng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) {
    uint64_t x = a.next_u64();
    EXPECT_EQ(x, b.next_u64());
    EXPECT_NE(x, c.next_u64());
  }
}

// Chi-square goodness of fit of uniform(37) over 370,000 draws. With 36 degrees of
// freedom the 99.9 % critical value is 67.99; a biased mapping (modulo of a small range)
// or a broken generator fails it.
double chi_square_37(Rng& rng) {
  constexpr int kDraws = 370'000;
  std::array<int, 37> counts{};
  for (int i = 0; i < kDraws; ++i) counts[rng.uniform(37)]++;
  double expected = kDraws / 37.0, chi = 0;
  for (int c : counts) chi += (c - expected) * (c - expected) / expected;
  return chi;
}

TEST(Rng, UniformIsUnbiasedForSeededRng) {
  SeededRng rng(7);
  EXPECT_LT(chi_square_37(rng), 67.99);
}

TEST(Rng, UniformIsUnbiasedForCsprng) {
  CsprngRng rng;
  EXPECT_LT(chi_square_37(rng), 67.99);
}

TEST(Rng, UniformStaysInRange) {
  SeededRng rng(1);
  for (uint64_t n : {1ULL, 2ULL, 3ULL, 37ULL, 38ULL, 416ULL, (1ULL << 63) + 1}) {
    for (int i = 0; i < 1000; ++i) EXPECT_LT(rng.uniform(n), n);
  }
}

TEST(Rng, ShuffleIsAPermutationAndEachPositionIsFair) {
  SeededRng rng(99);
  // Where does card 0 of 8 end up? Each of 8 positions should get 1/8 of the shuffles.
  std::array<int, 8> position_counts{};
  constexpr int kShuffles = 80'000;
  for (int s = 0; s < kShuffles; ++s) {
    std::vector<int> deck(8);
    std::iota(deck.begin(), deck.end(), 0);
    rng.shuffle(std::span<int>(deck));
    std::vector<int> sorted = deck;
    std::sort(sorted.begin(), sorted.end());
    ASSERT_EQ(sorted, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    for (int i = 0; i < 8; ++i)
      if (deck[i] == 0) position_counts[i]++;
  }
  double expected = kShuffles / 8.0, chi = 0;
  for (int c : position_counts) chi += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi, 24.32);  // 7 degrees of freedom, 99.9 %
}

}  // namespace
}  // namespace croupier
