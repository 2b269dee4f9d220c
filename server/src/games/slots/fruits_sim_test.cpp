// Croupier Fruits simulated: 10^6 seeded spins return the exact RTP within 3 standard
// errors, and the reels stop on every position equally often (chi-square at 99 %).
#include <gtest/gtest.h>

#include <cmath>

#include "games/slots/fruits.hpp"

namespace croupier::games::slots {
namespace {

TEST(FruitsSim, AMillionSpinsReturnTheExactRtpWithinThreeStandardErrors) {
  constexpr int kSpins = 1'000'000;
  SeededRng rng(20261128);
  double sum = 0, sum_sq = 0;
  std::array<std::array<int64_t, kStrip>, kReels> seen{};
  for (int i = 0; i < kSpins; ++i) {
    const Spin s = draw(rng);
    // Returned per unit staked: 20 line bets staked, s.times line bets won.
    const double r = static_cast<double>(s.times) / kLines;
    sum += r;
    sum_sq += r * r;
    for (int reel = 0; reel < kReels; ++reel) ++seen[reel][s.stops[reel]];
  }
  const double mean = sum / kSpins;
  const double se = std::sqrt((sum_sq / kSpins - mean * mean) / kSpins);
  auto [num, den] = exact_rtp();
  const double rtp = static_cast<double>(num) / static_cast<double>(den);
  EXPECT_LT(std::abs(mean - rtp), 3 * se) << "mean " << mean << " rtp " << rtp << " se " << se;
  // 31 degrees of freedom: the 99 % point of chi-square is 52.19.
  for (int reel = 0; reel < kReels; ++reel) {
    const double expected = static_cast<double>(kSpins) / kStrip;
    double chi = 0;
    for (int64_t n : seen[reel]) chi += (n - expected) * (n - expected) / expected;
    EXPECT_LT(chi, 52.19) << "reel " << reel;
  }
}

}  // namespace
}  // namespace croupier::games::slots
