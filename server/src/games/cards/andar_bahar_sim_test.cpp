// A seeded simulation of andar bahar (in the simulation test binary, not games_test).
//
// 10 000 000 rounds drawn by the engine (each a freshly shuffled single deck). Checks:
//   - for every spot, the empirical return per unit staked against the documented one
//     (docs/games/andarbahar.md): within 3 standard errors, the standard error taken from
//     the sample standard deviation;
//   - chi-square tests at the 99 % level of the number of cards dealt by side-bet range,
//     of the winning side, and of the joker's rank.
// A round's count n of cards dealt after the joker is read from the outcome's length (the
// documented layout), and its returns looked up in a table made from the engine's
// payout() once per count on a representative round; every 1000th round the engine's
// payout() of every spot on the real outcome is compared with that table, and the round is
// checked to be valid (one deck, only the last card matching).
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/cards/andar_bahar.hpp"

namespace croupier::games::cards {
namespace {

constexpr int64_t kRounds = 10'000'000;
constexpr int64_t kSpotCheckEvery = 1000;
constexpr int kSpots = 10;

constexpr std::array<const char*, kSpots> kSpotCodes = {
    "ANDAR",       "BAHAR",       "CARDS_1_5",   "CARDS_6_10",  "CARDS_11_15",
    "CARDS_16_25", "CARDS_26_30", "CARDS_31_35", "CARDS_36_40", "CARDS_41_49"};

// The documented return to player of each spot (1 - house edge), in kSpotCodes order.
constexpr std::array<double, kSpots> kTheory = {
    1 - 179.0 / 8330, 1 - 25.0 / 833, 1 - 61.0 / 1190, 1 - 97.0 / 4165, 1 - 293.0 / 4165,
    1 - 79.0 / 4165,  1 - 71.0 / 833, 1 - 9.0 / 119,   1 - 43.0 / 833,  1 - 41.0 / 833};

// P(n) = C(51 - n, 2) / C(51, 3) for n = 1..49 cards dealt after the joker.
double probability_of_count(int n) {
  return static_cast<double>((51 - n) * (50 - n) / 2) / 20825.0;
}

// Chi-square critical values at the 99 % level by degrees of freedom.
double critical99(int df) {
  switch (df) {
    case 1:
      return 6.635;
    case 7:
      return 18.475;
    case 12:
      return 26.217;
    default:
      ADD_FAILURE() << "no critical value for df " << df;
      return 0;
  }
}

void expect_fits(const char* what, const std::vector<int64_t>& counts,
                 const std::vector<double>& probabilities) {
  int64_t total = 0;
  for (int64_t c : counts) total += c;
  double chi = 0;
  for (size_t i = 0; i < counts.size(); ++i) {
    const double expected = static_cast<double>(total) * probabilities[i];
    const double d = static_cast<double>(counts[i]) - expected;
    chi += d * d / expected;
  }
  const int df = static_cast<int>(counts.size()) - 1;
  std::printf("  chi-square %-18s %8.2f  (df %d, 99 %% critical %.3f)\n", what, chi, df,
              critical99(df));
  EXPECT_LT(chi, critical99(df)) << what;
}

// A valid round with `n` cards after the joker (the 7 of spades): n - 1 cards of other
// ranks, then the 7 of hearts.
Outcome representative(int n) {
  Outcome o{{Card{7, Suit::spades}.index()}};
  for (int i = 0; static_cast<int>(o.values.size()) < n; ++i)
    if (Card::from_index(i).rank != 7) o.values.push_back(i);
  o.values.push_back(Card{7, Suit::hearts}.index());
  return o;
}

TEST(AndarBaharSim, HouseEdgesAndCardCounts) {
  auto engine = make_andar_bahar({});
  const Money stake = Money::from_major(1);
  std::vector<std::array<int64_t, kSpots>> returns(kAndarBaharMaxDealt + 1);  // [n][spot]
  for (int n = 1; n <= kAndarBaharMaxDealt; ++n) {
    const Outcome o = representative(n);
    ASSERT_TRUE(andar_bahar_valid(o));
    for (int s = 0; s < kSpots; ++s) returns[n][s] = engine->payout(kSpotCodes[s], stake, o).units;
  }

  std::array<int64_t, kSpots> sum{};
  std::array<double, kSpots> sum2{};
  std::vector<int64_t> counts(kAndarBaharMaxDealt + 1, 0);
  std::vector<int64_t> joker_ranks(13, 0);

  const auto start = std::chrono::steady_clock::now();
  SeededRng rng(0xAB0A0001);
  for (int64_t round = 0; round < kRounds; ++round) {
    const Outcome o = engine->draw(rng);
    const int n = static_cast<int>(o.values.size()) - 1;
    counts[n]++;
    joker_ranks[o.values[0] % 13]++;
    const std::array<int64_t, kSpots>& r = returns[n];
    for (int s = 0; s < kSpots; ++s) {
      sum[s] += r[s];
      sum2[s] += static_cast<double>(r[s]) * static_cast<double>(r[s]);
    }
    if (round % kSpotCheckEvery == 0) {
      ASSERT_TRUE(andar_bahar_valid(o)) << engine->encode(o);
      for (int s = 0; s < kSpots; ++s)
        ASSERT_EQ(engine->payout(kSpotCodes[s], stake, o).units, r[s])
            << kSpotCodes[s] << " on " << engine->encode(o);
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("andar bahar: %lld rounds (one fresh deck each) in %.2f s\n",
              static_cast<long long>(kRounds), seconds);
  std::printf("  %-11s %9s %9s %9s %7s\n", "spot", "edge %", "theory %", "SE %", "z");
  const double rounds = static_cast<double>(kRounds);
  const double unit = static_cast<double>(stake.units);
  for (int s = 0; s < kSpots; ++s) {
    const double mean = static_cast<double>(sum[s]) / rounds / unit;
    const double var = (sum2[s] / (unit * unit) - rounds * mean * mean) / (rounds - 1);
    const double se = std::sqrt(std::max(var, 0.0) / rounds);
    const double z = (mean - kTheory[s]) / se;
    std::printf("  %-11s %9.4f %9.4f %9.4f %7.2f\n", kSpotCodes[s], 100 * (1 - mean),
                100 * (1 - kTheory[s]), 100 * se, z);
    EXPECT_LE(std::abs(mean - kTheory[s]), 3 * se) << kSpotCodes[s] << ": z = " << z;
  }

  std::vector<int64_t> ranges(kCardCountRanges, 0), sides(2, 0);
  std::vector<double> range_p(kCardCountRanges, 0), side_p(2, 0);
  for (int n = 1; n <= kAndarBaharMaxDealt; ++n) {
    ranges[card_count_range(n)] += counts[n];
    range_p[card_count_range(n)] += probability_of_count(n);
    sides[n % 2 ? 0 : 1] += counts[n];
    side_p[n % 2 ? 0 : 1] += probability_of_count(n);
  }
  EXPECT_EQ(counts[0], 0);
  std::printf("  andar %lld, bahar %lld; longest round %d cards\n",
              static_cast<long long>(sides[0]), static_cast<long long>(sides[1]), [&] {
                int longest = 0;
                for (int n = 1; n <= kAndarBaharMaxDealt; ++n)
                  if (counts[n]) longest = n;
                return longest;
              }());
  expect_fits("card-count ranges", ranges, range_p);
  expect_fits("winning side", sides, side_p);
  expect_fits("joker ranks", joker_ranks, std::vector<double>(13, 1.0 / 13));
}

}  // namespace
}  // namespace croupier::games::cards
