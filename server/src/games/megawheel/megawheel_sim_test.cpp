// A seeded simulation of the mega wheel (in the simulation test binary, not games_test).
//
// 1 000 000 rounds drawn by the engine's draw(). Checks:
//   - for every number, the empirical return per unit staked against the exact one of the
//     documentation (docs/games/megawheel.md): within 3 standard errors, the standard error
//     taken from the sample standard deviation. Every round asks the engine's payout() of
//     one unit on each of the nine numbers;
//   - chi-square tests at the 99 % level of how often the wheel stops on each number
//     (c/54, df 8) and on each segment (1/54, df 53), how often each number is chosen for
//     the multiplier (1/9, df 8), and of the multipliers drawn for each chosen number
//     against its table (df 80: 89 multipliers in 9 tables, each table's count taken as
//     observed).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <utility>

#include "core/rng.hpp"
#include "games/megawheel/megawheel.hpp"

namespace croupier::games::megawheel {
namespace {

constexpr int64_t kRounds = 1'000'000;
constexpr double kChiSquare99Df8 = 20.090;
constexpr double kChiSquare99Df53 = 79.843;
constexpr double kChiSquare99Df80 = 112.329;

// The documented return of each number in kNumbers order, over 486000.
constexpr std::array<int64_t, 9> kTheoryOver486000 = {469040, 469040, 469035, 469040, 469040,
                                                      469040, 469050, 469050, 469050};

// The documented segments per number, in kNumbers order.
constexpr std::array<int, 9> kCounts = {20, 13, 7, 4, 4, 2, 2, 1, 1};

size_t index_of(int number) {
  return static_cast<size_t>(std::find(kNumbers.begin(), kNumbers.end(), number) -
                             kNumbers.begin());
}

double chi_square_term(double observed, double expected) {
  const double d = observed - expected;
  return d * d / expected;
}

struct Tally {
  std::array<int64_t, 9> sum{};     // units returned per spot
  std::array<double, 9> sum2{};     // squares of the returns, in stakes
  std::array<int64_t, 9> lands{};   // rounds the wheel stops on each number
  std::array<int64_t, 9> chosen{};  // rounds each number is multiplied
  std::array<int64_t, kSegments> segment{};
  std::map<std::pair<int, int>, int64_t> multipliers;  // (chosen, multiplier) -> rounds
};

void report_returns(const Tally& t, double unit) {
  std::printf("  %-6s %9s %9s %9s %7s\n", "number", "RTP %", "theory %", "SE %", "z");
  const double n = static_cast<double>(kRounds);
  for (size_t i = 0; i < kNumbers.size(); ++i) {
    const double theory = static_cast<double>(kTheoryOver486000[i]) / 486000;
    const double mean = static_cast<double>(t.sum[i]) / n / unit;
    const double var = (t.sum2[i] - n * mean * mean) / (n - 1);
    const double se = std::sqrt(std::max(var, 0.0) / n);
    const double z = (mean - theory) / se;
    std::printf("  %-6d %9.4f %9.4f %9.4f %7.2f\n", kNumbers[i], 100 * mean, 100 * theory, 100 * se,
                z);
    EXPECT_LE(std::abs(mean - theory), 3 * se) << kNumbers[i] << ": z = " << z;
  }
}

void check_frequencies(const Tally& t) {
  const double n = static_cast<double>(kRounds);
  double lands = 0, chosen = 0, segments = 0, multipliers = 0;
  for (size_t i = 0; i < kNumbers.size(); ++i) {
    lands += chi_square_term(static_cast<double>(t.lands[i]), n * kCounts[i] / kSegments);
    chosen += chi_square_term(static_cast<double>(t.chosen[i]), n / kNumberCount);
    for (const WeightedMultiplier& m : multiplier_table(kNumbers[i])) {
      auto it = t.multipliers.find({kNumbers[i], m.times});
      const double observed = it == t.multipliers.end() ? 0 : static_cast<double>(it->second);
      multipliers += chi_square_term(
          observed, static_cast<double>(t.chosen[i]) * m.weight / kMultiplierWeightTotal);
    }
  }
  for (int64_t count : t.segment)
    segments += chi_square_term(static_cast<double>(count), n / kSegments);
  std::printf(
      "  chi-square: numbers landed %.2f (df 8, 99 %% critical %.3f), segments %.2f "
      "(df 53, %.3f),\n  numbers chosen %.2f (df 8, %.3f), multipliers %.2f (df 80, "
      "%.3f)\n",
      lands, kChiSquare99Df8, segments, kChiSquare99Df53, chosen, kChiSquare99Df8, multipliers,
      kChiSquare99Df80);
  EXPECT_LT(lands, kChiSquare99Df8);
  EXPECT_LT(segments, kChiSquare99Df53);
  EXPECT_LT(chosen, kChiSquare99Df8);
  EXPECT_LT(multipliers, kChiSquare99Df80);
}

TEST(MegaWheelSim, ReturnsAndFrequencies) {
  auto engine = make_engine({});
  const Money stake = Money::from_major(1);
  const double unit = static_cast<double>(stake.units);
  Tally t;
  const auto start = std::chrono::steady_clock::now();
  SeededRng rng(0x3E6A3EE1);
  for (int64_t round = 0; round < kRounds; ++round) {
    const Outcome o = engine->draw(rng);
    for (size_t i = 0; i < kNumbers.size(); ++i) {
      const int64_t r = engine->payout(spot_code(kNumbers[i]), stake, o).units;
      t.sum[i] += r;
      t.sum2[i] += (static_cast<double>(r) / unit) * (static_cast<double>(r) / unit);
    }
    t.lands[index_of(number_at(o.values[0]))]++;
    t.segment[static_cast<size_t>(o.values[0])]++;
    t.chosen[index_of(o.values[1])]++;
    t.multipliers[{o.values[1], o.values[2]}]++;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("mega wheel: %lld rounds in %.2f s\n", static_cast<long long>(kRounds), seconds);
  report_returns(t, unit);
  check_frequencies(t);
}

}  // namespace
}  // namespace croupier::games::megawheel
