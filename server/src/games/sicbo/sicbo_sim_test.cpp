// A seeded simulation of sic bo (in the simulation test binary, not games_test).
//
// 1 000 000 rounds thrown by the engine's draw(). Checks:
//   - for every one of the 52 spots, the empirical return per unit staked against the
//     documented one (docs/games/sicbo.md): within 3 standard errors, the standard error
//     taken from the sample standard deviation;
//   - a chi-square test at the 99 % level of the frequencies of the 16 totals 3-18 (df 15)
//     against 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1 in 216;
//   - a chi-square test at the 99 % level of the frequencies of the six faces over all the
//     dice thrown (df 5), each 1 in 6.
// A round's returns are looked up in a table made from the engine's payout() once for each
// of the 216 throws, so the loop only counts throws; every 1000th round the engine's
// payout() of every spot on the real outcome is compared with that table.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"
#include "games/sicbo/sicbo.hpp"

namespace croupier::games::sicbo {
namespace {

constexpr int64_t kRounds = 1'000'000;
constexpr int64_t kSpotCheckEvery = 1000;
constexpr int kThrows = 216;
constexpr double kChiSquare99Df15 = 30.578;
constexpr double kChiSquare99Df5 = 15.086;

// Throws with each total 3-18, out of 216.
constexpr std::array<int, 16> kThrowsWithTotal = {1,  3,  6,  10, 15, 21, 25, 27,
                                                  27, 25, 21, 15, 10, 6,  3,  1};

// The documented return to player of a spot with the default paytable.
double theory(std::string_view spot) {
  if (spot == "SMALL" || spot == "BIG" || spot == "ODD" || spot == "EVEN") return 35.0 / 36;
  if (spot == "ANY_TRIPLE") return 25.0 / 36;
  if (spot.starts_with("TRIPLE_")) return 151.0 / 216;
  if (spot.starts_with("DOUBLE_")) return 2.0 / 3;
  if (spot.starts_with("COMBO_")) return 5.0 / 6;
  if (spot.starts_with("SINGLE_")) return 199.0 / 216;
  // TOTAL_4 ... TOTAL_17: 17/24, 19/36, 25/36, 65/72, 7/8, 175/216, 7/8 and back.
  const std::array<double, 14> totals = {17.0 / 24,   19.0 / 36, 25.0 / 36, 65.0 / 72,   7.0 / 8,
                                         175.0 / 216, 7.0 / 8,   7.0 / 8,   175.0 / 216, 7.0 / 8,
                                         65.0 / 72,   25.0 / 36, 19.0 / 36, 17.0 / 24};
  return totals[static_cast<size_t>(std::stoi(std::string(spot.substr(6))) - 4)];
}

size_t index_of(const Outcome& o) {
  return static_cast<size_t>((o.values[0] - 1) * 36 + (o.values[1] - 1) * 6 + (o.values[2] - 1));
}

Outcome throw_at(size_t index) {
  const int i = static_cast<int>(index);
  return Outcome{{i / 36 + 1, i / 6 % 6 + 1, i % 6 + 1}};
}

double chi_square(const std::vector<int64_t>& observed, const std::vector<double>& expected) {
  double chi = 0;
  for (size_t i = 0; i < observed.size(); ++i) {
    const double d = static_cast<double>(observed[i]) - expected[i];
    chi += d * d / expected[i];
  }
  return chi;
}

TEST(SicBoSim, ReturnsAndFrequencies) {
  auto engine = make_engine({});
  const auto codes = spot_codes();
  const Money stake = Money::from_major(1);
  // What each spot returns on each throw, in units: [throw][spot].
  std::vector<std::vector<int64_t>> returns(kThrows, std::vector<int64_t>(codes.size()));
  for (size_t k = 0; k < kThrows; ++k) {
    ASSERT_EQ(index_of(throw_at(k)), k);
    for (size_t s = 0; s < codes.size(); ++s)
      returns[k][s] = engine->payout(codes[s], stake, throw_at(k)).units;
  }

  std::array<int64_t, kThrows> thrown{};
  const auto start = std::chrono::steady_clock::now();
  SeededRng rng(0x51C0B0001);
  for (int64_t round = 0; round < kRounds; ++round) {
    const Outcome o = engine->draw(rng);
    ASSERT_TRUE(valid_outcome(o));
    const size_t k = index_of(o);
    thrown[k]++;
    if (round % kSpotCheckEvery == 0) {
      for (size_t s = 0; s < codes.size(); ++s)
        ASSERT_EQ(engine->payout(codes[s], stake, o).units, returns[k][s])
            << codes[s] << " on " << engine->encode(o);
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("sic bo: %lld rounds in %.2f s\n", static_cast<long long>(kRounds), seconds);

  // Returns: each spot's sum and sum of squares over the rounds, from the throw counts.
  std::printf("  %-11s %9s %9s %9s %7s\n", "spot", "edge %", "theory %", "SE %", "z");
  const double n = static_cast<double>(kRounds);
  const double unit = static_cast<double>(stake.units);
  for (size_t s = 0; s < codes.size(); ++s) {
    double sum = 0, sum2 = 0;
    for (size_t k = 0; k < kThrows; ++k) {
      const double r = static_cast<double>(returns[k][s]) / unit;
      sum += static_cast<double>(thrown[k]) * r;
      sum2 += static_cast<double>(thrown[k]) * r * r;
    }
    const double mean = sum / n;
    const double var = (sum2 - n * mean * mean) / (n - 1);
    const double se = std::sqrt(std::max(var, 0.0) / n);
    const double expected = theory(codes[s]);
    const double z = (mean - expected) / se;
    std::printf("  %-11s %9.4f %9.4f %9.4f %7.2f\n", std::string(codes[s]).c_str(),
                100 * (1 - mean), 100 * (1 - expected), 100 * se, z);
    EXPECT_LE(std::abs(mean - expected), 3 * se) << codes[s] << ": z = " << z;
  }

  // Totals 3-18.
  std::vector<int64_t> totals(16, 0);
  std::vector<int64_t> faces(kFaces, 0);
  for (size_t k = 0; k < kThrows; ++k) {
    const Outcome o = throw_at(k);
    totals[static_cast<size_t>(total(o) - 3)] += thrown[k];
    for (int die : o.values) faces[static_cast<size_t>(die - 1)] += thrown[k];
  }
  std::vector<double> expected_totals;
  for (int w : kThrowsWithTotal) expected_totals.push_back(n * w / kThrows);
  const double chi_totals = chi_square(totals, expected_totals);
  std::printf("  chi-square of the 16 totals %.2f (df 15, 99 %% critical %.3f)\n", chi_totals,
              kChiSquare99Df15);
  EXPECT_LT(chi_totals, kChiSquare99Df15);

  // Faces over the 3 000 000 dice.
  const std::vector<double> expected_faces(kFaces, n * kDice / kFaces);
  const double chi_faces = chi_square(faces, expected_faces);
  std::printf("  faces %lld %lld %lld %lld %lld %lld\n", static_cast<long long>(faces[0]),
              static_cast<long long>(faces[1]), static_cast<long long>(faces[2]),
              static_cast<long long>(faces[3]), static_cast<long long>(faces[4]),
              static_cast<long long>(faces[5]));
  std::printf("  chi-square of the faces %.2f (df 5, 99 %% critical %.3f)\n", chi_faces,
              kChiSquare99Df5);
  EXPECT_LT(chi_faces, kChiSquare99Df5);
}

}  // namespace
}  // namespace croupier::games::sicbo
