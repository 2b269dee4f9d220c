// A seeded simulation of the crash point (in the simulation test binary): 10^6 rounds drawn
// by draw_crash_point() from a seeded generator. Checks:
//   - for cash-out targets from 1.01× to 1000×, the empirical return per unit staked
//     against 96.5 % (docs/games/crash.md): within 3 standard errors of the sample;
//   - a chi-square test at the 99 % level of how many rounds crash in each of ten bands
//     (1.00×, 1.01–1.49×, 1.50–1.99×, 2–2.99×, 3–4.99×, 5–9.99×, 10–19.99×, 20–49.99×,
//     50–99.99×, 100× and over; df 9) against the exact probabilities from the 2^52 values.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "core/rng.hpp"
#include "games/crash/crash.hpp"

namespace croupier::games::crash {
namespace {

constexpr int64_t kRounds = 1'000'000;
constexpr double kChiSquare99Df9 = 21.666;
constexpr std::array<int64_t, 10> kBandFrom = {100, 101,  150,  200,  300,
                                               500, 1000, 2000, 5000, 10000};

TEST(CrashSim, EveryTargetReturnsItsRtpAndTheCrashPointsFollowTheirOdds) {
  SeededRng rng(20261126);
  constexpr std::array<int64_t, 8> kTargets = {101, 150, 200, 300, 500, 1000, 10000, 100000};
  std::array<double, kTargets.size()> sum{}, sum_sq{};
  std::array<int64_t, kBandFrom.size()> bands{};
  for (int64_t i = 0; i < kRounds; ++i) {
    const int64_t at = draw_crash_point(rng).at;
    for (size_t t = 0; t < kTargets.size(); ++t) {
      const double back = at >= kTargets[t] ? static_cast<double>(kTargets[t]) / 100.0 : 0.0;
      sum[t] += back;
      sum_sq[t] += back * back;
    }
    size_t band = kBandFrom.size() - 1;
    while (at < kBandFrom[band]) --band;
    ++bands[band];
  }
  for (size_t t = 0; t < kTargets.size(); ++t) {
    const double mean = sum[t] / kRounds;
    const double sd = std::sqrt(sum_sq[t] / kRounds - mean * mean);
    const double se = sd / std::sqrt(static_cast<double>(kRounds));
    EXPECT_NEAR(mean, 0.965, 3 * se) << "target " << kTargets[t] << " se " << se;
  }
  const double values = std::ldexp(1.0, kRandomBits);
  double chi = 0;
  for (size_t b = 0; b < kBandFrom.size(); ++b) {
    const double from = static_cast<double>(values_reaching(kBandFrom[b]));
    const double to =
        b + 1 < kBandFrom.size() ? static_cast<double>(values_reaching(kBandFrom[b + 1])) : 0;
    const double expected = (from - to) / values * kRounds;
    chi += (bands[b] - expected) * (bands[b] - expected) / expected;
  }
  EXPECT_LT(chi, kChiSquare99Df9);
}

}  // namespace
}  // namespace croupier::games::crash
