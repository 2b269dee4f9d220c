// Seeded simulations of both baccarat variants (in the games_sim_test binary).
//
// Each test deals kHands hands through the engine's deal() from a real eight-deck Shoe
// (cut card 16 from the end, burn at each shuffle; a new shoe before the first hand after
// the cut card, as the table does) and checks, for every spot, that the empirical house
// edge is within 3 standard errors (from the sample standard deviation) of the published
// eight-deck figure documented in docs/games/baccarat.md, and that the frequencies of banker,
// player and tie wins are within 3 standard errors of the Wizard of Odds' probabilities.
//
// Returns are not computed by parsing spot codes every hand: what a spot returns depends only
// on the winner, whether the banker's total is 6, the banker's card count, the two pairs and
// the number of cards dealt, so each such class's returns are asked of the engine's payout()
// the first time the class occurs and looked up afterwards. Every 1000th hand compares the
// engine's payout() of every spot on the real outcome with that table.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/cards/baccarat.hpp"
#include "games/cards/shoe.hpp"

namespace croupier::games::cards {
namespace {

constexpr int64_t kHands = 10'000'000;
constexpr int64_t kSpotCheckEvery = 1000;
constexpr int64_t kUnit = 100'000;  // a stake of 1.00

// The published eight-deck house edges, in percent (docs/games/baccarat.md has the sources).
struct Figure {
  std::string spot;
  double edge;
};

const std::vector<Figure> kStandard = {
    {"PLAYER", 1.2351},       {"BANKER", 1.0579}, {"TIE", 14.3596}, {"PLAYER_PAIR", 10.3614},
    {"BANKER_PAIR", 10.3614}, {"BIG", 4.3457},    {"SMALL", 5.2829}};
const std::vector<Figure> kSuper6 = {
    {"PLAYER", 1.2351},       {"BANKER", 1.4581}, {"TIE", 14.3596},  {"PLAYER_PAIR", 10.3614},
    {"BANKER_PAIR", 10.3614}, {"BIG", 4.3457},    {"SMALL", 5.2829}, {"SUPER6", 16.6836}};

// Wizard of Odds, eight decks: banker 0.458597, player 0.446247, tie 0.095156.
constexpr std::array<double, 3> kWinProbability = {0.458597, 0.446247, 0.095156};  // B, P, T

int winner_index(char winner) {
  return winner == 'B' ? 0 : winner == 'P' ? 1 : 2;
}

// The class of a round: everything any spot's payout looks at.
size_t class_of(const BaccaratCoup& c) {
  size_t k = static_cast<size_t>(winner_index(c.winner));
  k = k * 2 + (c.banker_total == 6);
  k = k * 2 + static_cast<size_t>(c.banker_cards - 2);
  k = k * 2 + c.player_pair;
  k = k * 2 + c.banker_pair;
  k = k * 3 + static_cast<size_t>(c.cards() - 4);
  return k;
}
constexpr size_t kClasses = 3 * 2 * 2 * 2 * 2 * 3;

struct SpotSums {
  int64_t units = 0;   // of the returns of a stake of 1.00
  double squares = 0;  // of the returns in stakes, squared
};

void simulate(const std::string& variant, const std::vector<Figure>& figures, uint64_t seed) {
  auto engine = make_baccarat(variant, {});
  ASSERT_TRUE(engine);
  const size_t spots = figures.size();
  std::vector<std::optional<std::vector<int64_t>>> table(kClasses);
  std::vector<SpotSums> sums(spots);
  std::array<int64_t, 3> wins{};

  const auto start = std::chrono::steady_clock::now();
  SeededRng rng(seed);
  Shoe shoe(kBaccaratDecks, 16);
  shoe.shuffle(rng);
  int64_t shoes = 1;
  for (int64_t hand = 0; hand < kHands; ++hand) {
    if (shoe.past_cut()) {
      shoe.shuffle(rng);
      ++shoes;
    }
    const Outcome o = engine->deal(shoe, rng);
    const std::optional<BaccaratCoup> coup = evaluate_baccarat(o);
    ASSERT_TRUE(coup.has_value());
    wins[static_cast<size_t>(winner_index(coup->winner))]++;
    std::optional<std::vector<int64_t>>& returns = table[class_of(*coup)];
    if (!returns) {
      returns.emplace();
      for (const Figure& f : figures)
        returns->push_back(engine->payout(f.spot, Money{kUnit}, o).units);
    }
    for (size_t s = 0; s < spots; ++s) {
      const int64_t r = (*returns)[s];
      sums[s].units += r;
      const double stakes = static_cast<double>(r) / kUnit;
      sums[s].squares += stakes * stakes;
    }
    if (hand % kSpotCheckEvery == 0) {
      for (size_t s = 0; s < spots; ++s)
        ASSERT_EQ(engine->payout(figures[s].spot, Money{kUnit}, o).units, (*returns)[s])
            << figures[s].spot << " on " << engine->encode(o);
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("%s: %lld hands from %lld shoes in %.2f s (seed %llu)\n", variant.c_str(),
              static_cast<long long>(kHands), static_cast<long long>(shoes), seconds,
              static_cast<unsigned long long>(seed));
  std::printf("  %-12s %10s %10s %8s %7s\n", "spot", "edge %", "published", "SE %", "z");
  const double n = static_cast<double>(kHands);
  for (size_t s = 0; s < spots; ++s) {
    const double mean = static_cast<double>(sums[s].units) / kUnit / n;
    const double variance = (sums[s].squares - n * mean * mean) / (n - 1);
    const double se = std::sqrt(std::max(variance, 0.0) / n);
    const double edge = 1 - mean;
    const double published = figures[s].edge / 100;
    const double z = (edge - published) / se;
    std::printf("  %-12s %10.4f %10.4f %8.4f %7.2f\n", figures[s].spot.c_str(), 100 * edge,
                100 * published, 100 * se, z);
    EXPECT_LE(std::abs(edge - published), 3 * se) << variant << ' ' << figures[s].spot;
  }
  const std::array<const char*, 3> names = {"banker wins", "player wins", "ties"};
  for (size_t w = 0; w < 3; ++w) {
    const double p = kWinProbability[w];
    const double freq = static_cast<double>(wins[w]) / n;
    const double se = std::sqrt(p * (1 - p) / n);
    std::printf("  %-12s %10.6f %10.6f %8.6f %7.2f\n", names[w], freq, p, se, (freq - p) / se);
    EXPECT_LE(std::abs(freq - p), 3 * se) << variant << ' ' << names[w];
  }
}

TEST(BaccaratSim, Standard) {
  simulate("standard", kStandard, 0xBACC0001);
}

TEST(BaccaratSim, Super6) {
  simulate("super6", kSuper6, 0xBACC0002);
}

}  // namespace
}  // namespace croupier::games::cards
