// A seeded simulation of dragon tiger (in the simulation test binary, not games_test).
//
// 10 000 000 rounds dealt by the engine's deal() from a real eight-deck shoe (Shoe(8, 16):
// shuffled, cut card 16 cards from the end, burn), changed when the cut card has come out,
// as the table does. Checks:
//   - for every spot, the empirical return per unit staked against the documented one
//     (docs/games/dragontiger.md): within 3 standard errors, the standard error taken from
//     the sample standard deviation. The documented figures are for two cards from a full
//     eight-deck shoe; dealing down a shoe does not change them (any two positions of a
//     shuffled shoe are a uniformly random pair; the burn card shown moves the tie
//     probability by less than 1e-7);
//   - a chi-square test at the 99 % level of the frequencies of dragon, tiger, tie (not
//     suited) and suited tie. Rounds of one shoe are not quite independent (cards are not
//     replaced), which makes the statistic slightly smaller than a chi-square's: the test
//     errs on the lenient side.
// A round's class (dragon, tiger, tie, suited tie) is read from the cards with the rules of
// the documentation, not from the engine, and its returns looked up in a table made from the
// engine's payout() once per class; every 1000th round the engine's payout() of every spot
// on the real outcome is compared with that table.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "core/rng.hpp"
#include "games/cards/dragon_tiger.hpp"
#include "games/cards/shoe.hpp"

namespace croupier::games::cards {
namespace {

constexpr int64_t kRounds = 10'000'000;
constexpr int64_t kSpotCheckEvery = 1000;
constexpr double kChiSquare99Df3 = 11.345;

constexpr std::array<const char*, 4> kSpotCodes = {"DRAGON", "TIGER", "TIE", "SUITED_TIE"};

// The documented return to player of each spot (1 - house edge), in kSpotCodes order:
// 1 - 31/830, 1 - 31/830, 1 - 43/415 (11:1), 1 - 58/415 (50:1).
constexpr std::array<double, 4> kTheory = {799.0 / 830, 799.0 / 830, 372.0 / 415, 357.0 / 415};

// Classes: dragon, tiger, tie of different suits, suited tie; their probabilities for two
// cards from 416: 192/415, 192/415, 24/415, 7/415.
constexpr std::array<double, 4> kClassProbability = {192.0 / 415, 192.0 / 415, 24.0 / 415,
                                                     7.0 / 415};

int class_of(int dragon, int tiger) {
  const int dr = dragon % 13, tr = tiger % 13;  // rank - 1: ace low, king high
  if (dr > tr) return 0;
  if (tr > dr) return 1;
  return dragon == tiger ? 3 : 2;
}

TEST(DragonTigerSim, HouseEdgesAndResultFrequencies) {
  auto engine = make_dragon_tiger({});
  const Money stake = Money::from_major(1);
  // A representative round of each class, and what each spot returns on it, in units.
  const std::array<Outcome, 4> representative = {Outcome{{12, 4}}, Outcome{{0, 14}},
                                                 Outcome{{6, 19}}, Outcome{{45, 45}}};
  std::array<std::array<int64_t, 4>, 4> returns{};  // [class][spot]
  for (int k = 0; k < 4; ++k) {
    ASSERT_EQ(class_of(representative[k].values[0], representative[k].values[1]), k);
    for (size_t s = 0; s < kSpotCodes.size(); ++s)
      returns[k][s] = engine->payout(kSpotCodes[s], stake, representative[k]).units;
  }

  std::array<int64_t, 4> sum{};
  std::array<double, 4> sum2{};
  std::array<int64_t, 4> classes{};
  int64_t shoes = 0;

  const auto start = std::chrono::steady_clock::now();
  SeededRng rng(0xD7A60001);
  Shoe shoe(kDragonTigerDecks, 16);
  shoe.shuffle(rng);
  ++shoes;
  for (int64_t round = 0; round < kRounds; ++round) {
    if (shoe.past_cut()) {
      shoe.shuffle(rng);
      ++shoes;
    }
    const Outcome o = engine->deal(shoe, rng);
    const int k = class_of(o.values[0], o.values[1]);
    classes[k]++;
    for (size_t s = 0; s < 4; ++s) {
      const int64_t r = returns[k][s];
      sum[s] += r;
      sum2[s] += static_cast<double>(r) * static_cast<double>(r);
    }
    if (round % kSpotCheckEvery == 0) {
      for (size_t s = 0; s < 4; ++s)
        ASSERT_EQ(engine->payout(kSpotCodes[s], stake, o).units, returns[k][s])
            << kSpotCodes[s] << " on " << engine->encode(o);
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("dragon tiger: %lld rounds from %lld eight-deck shoes in %.2f s\n",
              static_cast<long long>(kRounds), static_cast<long long>(shoes), seconds);
  std::printf("  %-11s %9s %9s %9s %7s\n", "spot", "edge %", "theory %", "SE %", "z");
  const double n = static_cast<double>(kRounds);
  const double unit = static_cast<double>(stake.units);
  for (size_t s = 0; s < 4; ++s) {
    const double mean = static_cast<double>(sum[s]) / n / unit;
    const double var = (sum2[s] / (unit * unit) - n * mean * mean) / (n - 1);
    const double se = std::sqrt(std::max(var, 0.0) / n);
    const double z = (mean - kTheory[s]) / se;
    std::printf("  %-11s %9.4f %9.4f %9.4f %7.2f\n", kSpotCodes[s], 100 * (1 - mean),
                100 * (1 - kTheory[s]), 100 * se, z);
    EXPECT_LE(std::abs(mean - kTheory[s]), 3 * se) << kSpotCodes[s] << ": z = " << z;
  }

  double chi = 0;
  for (size_t k = 0; k < 4; ++k) {
    const double expected = n * kClassProbability[k];
    const double d = static_cast<double>(classes[k]) - expected;
    chi += d * d / expected;
  }
  std::printf("  results dragon %lld, tiger %lld, tie %lld, suited tie %lld\n",
              static_cast<long long>(classes[0]), static_cast<long long>(classes[1]),
              static_cast<long long>(classes[2]), static_cast<long long>(classes[3]));
  std::printf("  chi-square of the results %.2f (df 3, 99 %% critical %.3f)\n", chi,
              kChiSquare99Df3);
  EXPECT_LT(chi, kChiSquare99Df3);
}

}  // namespace
}  // namespace croupier::games::cards
