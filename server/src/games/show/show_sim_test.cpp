// Seeded simulations of the game shows (in the simulation test binary, not games_test).
//
// 1 000 000 rounds of each show drawn by its engine's draw(), every bet paid by payout()
// (the default choices: the middle candy; keep rolling while the total is at most 13).
// Checks: each bet's empirical return per unit staked within 3 standard errors (the sample
// standard deviation's) of the exact one of the documentation (docs/games/sweetbonanza.md,
// docs/games/boomorbust.md); chi-square tests at the 99 % level of where the wheel stops
// (1/54 per segment, df 53) and of every table the shows draw from (the bomb's multipliers,
// df 4; the candies', df 7; the bubbles', df 5; the Sweet Spins wheel's segments by value,
// df 6), and of the squares the dice land on, first rolls and bonus rolls (1/36, df 35).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/show/boom_or_bust.hpp"
#include "games/show/sweet_bonanza.hpp"

namespace croupier::games::show {
namespace {

constexpr int64_t kRounds = 1'000'000;

double chi_square(const std::map<int, int64_t>& observed, const std::map<int, double>& p,
                  int64_t n) {
  double x = 0;
  for (const auto& [k, prob] : p) {
    const double e = static_cast<double>(n) * prob;
    auto it = observed.find(k);
    const double o = it == observed.end() ? 0 : static_cast<double>(it->second);
    x += (o - e) * (o - e) / e;
  }
  return x;
}

struct Returns {
  double sum = 0, sum2 = 0;
  void add(double r) {
    sum += r;
    sum2 += r * r;
  }
  void check(const std::string& name, double theory) const {
    const double n = static_cast<double>(kRounds);
    const double mean = sum / n;
    const double se = std::sqrt(std::max((sum2 - n * mean * mean) / (n - 1), 0.0) / n);
    std::printf("  %-16s RTP %8.4f %%  theory %8.4f %%  SE %.4f %%  z %6.2f\n", name.c_str(),
                100 * mean, 100 * theory, 100 * se, (mean - theory) / se);
    EXPECT_LE(std::abs(mean - theory), 3 * se) << name;
  }
};

std::map<int, double> probabilities(std::span<const candy::Weighted> table) {
  int total = 0;
  for (const auto& w : table) total += w.weight;
  std::map<int, double> p;
  for (const auto& w : table) p[w.value] += static_cast<double>(w.weight) / total;
  return p;
}

void expect_chi(const char* what, double x, double critical) {
  std::printf("  chi-square %-22s %8.2f (99 %% critical %.3f)\n", what, x, critical);
  EXPECT_LT(x, critical) << what;
}

TEST(ShowSim, CandyWheel) {
  auto engine = candy::make_engine({});
  const std::vector<std::string> spots = {"1",          "2", "5", "CANDY_DROP", "BUBBLE_SURPRISE",
                                          "SWEET_SPINS"};
  std::vector<Returns> returns(spots.size());
  std::map<int, int64_t> segments, bombs, candies, bubbles, spins;
  int64_t n_bombs = 0, n_candies = 0, n_bubbles = 0, n_spins = 0;
  const auto labels = candy::wheel_labels();
  SeededRng rng(0xCA4D1);
  const Money unit = Money::from_major(1);
  for (int64_t i = 0; i < kRounds; ++i) {
    const Outcome o = engine->draw(rng);
    for (size_t s = 0; s < spots.size(); ++s)
      returns[s].add(static_cast<double>(engine->payout(spots[s], unit, o).units) /
                     static_cast<double>(unit.units));
    segments[o.values[0]]++;
    if (labels[static_cast<size_t>(o.values[0])] == candy::kSugarBomb) {
      bombs[o.values[1]]++;
      ++n_bombs;
    }
    const std::string_view last = labels[static_cast<size_t>(o.values[2])];
    for (size_t v = 3; v < o.values.size(); ++v) {
      if (last == "CANDY_DROP") candies[o.values[v]]++, ++n_candies;
      if (last == "BUBBLE_SURPRISE") bubbles[o.values[v]]++, ++n_bubbles;
      if (last == "SWEET_SPINS") spins[o.values[v]]++, ++n_spins;
    }
  }
  std::printf("candy wheel: %lld rounds\n", static_cast<long long>(kRounds));
  for (size_t s = 0; s < spots.size(); ++s) returns[s].check(spots[s], 13104.0 / 13770.0);
  std::map<int, double> uniform;
  for (int s = 0; s < candy::kSegments; ++s) uniform[s] = 1.0 / candy::kSegments;
  std::map<int, double> wheel;
  for (int v : candy::spins_wheel()) wheel[v] += 1.0 / 20;
  expect_chi("segments (df 53)", chi_square(segments, uniform, kRounds), 79.843);
  expect_chi("bomb multipliers (df 4)",
             chi_square(bombs, probabilities(candy::bomb_table()), n_bombs), 13.277);
  expect_chi("candies (df 7)", chi_square(candies, probabilities(candy::candy_table()), n_candies),
             18.475);
  expect_chi("bubbles (df 5)", chi_square(bubbles, probabilities(candy::bubble_table()), n_bubbles),
             15.086);
  expect_chi("sweet spins (df 6)", chi_square(spins, wheel, n_spins), 16.812);
}

TEST(ShowSim, BoomOrBust) {
  auto engine = boom::make_engine({});
  const std::vector<std::string> spots = {"1", "2", "3", "4", "5", "6", "BOOM"};
  std::vector<Returns> returns(spots.size());
  std::map<int, int64_t> first, rolls;
  int64_t n_rolls = 0;
  SeededRng rng(0xB00B5);
  const Money unit = Money::from_major(1);
  for (int64_t i = 0; i < kRounds; ++i) {
    const Outcome o = engine->draw(rng);
    for (size_t s = 0; s < spots.size(); ++s)
      returns[s].add(static_cast<double>(engine->payout(spots[s], unit, o).units) /
                     static_cast<double>(unit.units));
    first[o.values[0] * 10 + o.values[1]]++;
    for (size_t v = 2; v < o.values.size(); v += 2, ++n_rolls)
      rolls[o.values[v] * 10 + o.values[v + 1]]++;
  }
  std::printf("boom or bust: %lld rounds\n", static_cast<long long>(kRounds));
  for (size_t s = 0; s + 1 < spots.size(); ++s) returns[s].check(spots[s], 34.0 / 36.0);
  returns.back().check("BOOM", 5119796773483.0 / 5355700839936.0);
  std::map<int, double> squares;
  for (int r = 1; r <= 6; ++r)
    for (int b = 1; b <= 6; ++b) squares[r * 10 + b] = 1.0 / 36;
  expect_chi("first rolls (df 35)", chi_square(first, squares, kRounds), 57.342);
  expect_chi("bonus rolls (df 35)", chi_square(rolls, squares, n_rolls), 57.342);
}

}  // namespace
}  // namespace croupier::games::show
