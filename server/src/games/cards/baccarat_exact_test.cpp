// Baccarat's exact house edges: every deal of a full eight-deck shoe enumerated and weighted,
// every spot's return asked of the engines' own payout() and compared with the Wizard of
// Odds' published combination counts.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/cards/baccarat.hpp"
#include "games/cards/shoe.hpp"

namespace croupier::games::cards {
namespace {

// ---- Exact house edges ----------------------------------------------------------------
// Every deal of a full eight-deck shoe, enumerated by rank for the first four cards (pairs
// depend on rank) and by value for the third cards, each weighted by its number of
// orderings; a deal of k cards is multiplied by the orderings of the 6 - k cards after it,
// so that the total is 416 * 415 * 414 * 413 * 412 * 411 as in the Wizard of Odds' tables.
// Every spot's return is asked of the engines' own payout().
__extension__ using Int128 = __int128;

struct Enumeration {
  Int128 total = 0;
  std::map<char, Int128> winners;
  Int128 banker_six_two = 0, banker_six_three = 0;
  std::array<Int128, 7> by_cards{};
  Int128 player_pairs = 0;
  std::map<std::string, Int128> returned;  // "variant SPOT" -> sum of weight * units
  int64_t leaves = 0;
};

const std::vector<std::string> kStandardSpots = {"PLAYER",      "BANKER", "TIE",  "PLAYER_PAIR",
                                                 "BANKER_PAIR", "BIG",    "SMALL"};
const std::vector<std::string> kSuper6Spots = {"PLAYER",      "BANKER", "TIE",   "PLAYER_PAIR",
                                               "BANKER_PAIR", "BIG",    "SMALL", "SUPER6"};
constexpr int64_t kUnit = 100'000;  // a stake of 1.00

void enumerate(const Engine& standard, const Engine& super6, std::vector<Card>& prefix,
               std::array<int, 14>& left, Int128 weight, Enumeration& out) {
  if (std::optional<Outcome> o = deal_baccarat(prefix)) {
    Int128 w = weight;
    for (size_t j = prefix.size(); j < 6; ++j) w *= 416 - static_cast<int>(j);
    std::optional<BaccaratCoup> coup = evaluate_baccarat(*o);
    ASSERT_TRUE(coup.has_value());
    ++out.leaves;
    out.total += w;
    out.winners[coup->winner] += w;
    if (coup->winner == 'B' && coup->banker_total == 6)
      (coup->banker_cards == 2 ? out.banker_six_two : out.banker_six_three) += w;
    out.by_cards[static_cast<size_t>(coup->cards())] += w;
    if (coup->player_pair) out.player_pairs += w;
    for (const std::string& s : kStandardSpots)
      out.returned["standard " + s] += w * standard.payout(s, Money{kUnit}, *o).units;
    for (const std::string& s : kSuper6Spots)
      out.returned["super6 " + s] += w * super6.payout(s, Money{kUnit}, *o).units;
    return;
  }
  if (prefix.size() < 4) {
    for (uint8_t rank = 1; rank <= 13; ++rank) {
      const int n = left[rank];
      --left[rank];
      prefix.push_back(Card{rank, Suit::spades});
      enumerate(standard, super6, prefix, left, weight * n, out);
      prefix.pop_back();
      ++left[rank];
    }
    return;
  }
  // Third cards matter only by value: value 0 stands for the ten and the three faces.
  for (int value = 0; value <= 9; ++value) {
    const uint8_t rank = value == 0 ? 10 : static_cast<uint8_t>(value);
    const int n = value == 0 ? left[10] + left[11] + left[12] + left[13] : left[rank];
    --left[rank];
    prefix.push_back(Card{rank, Suit::spades});
    enumerate(standard, super6, prefix, left, weight * n, out);
    prefix.pop_back();
    ++left[rank];
  }
}

double percent(Int128 num, Int128 den) {
  return 100.0 * static_cast<double>(num) / static_cast<double>(den);
}

// The house edge of a spot, in percent, rounded to 4 decimals as published.
std::string edge(const Enumeration& e, const std::string& key) {
  const Int128 staked = e.total * kUnit;
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", percent(staked - e.returned.at(key), staked));
  return text;
}

TEST(BaccaratExact, HouseEdgesOfAFullEightDeckShoeMatchThePublishedFigures) {
  const auto start = std::chrono::steady_clock::now();
  auto standard = make_baccarat("standard", {});
  auto super6 = make_baccarat("super6", {});
  Enumeration e;
  std::vector<Card> prefix;
  std::array<int, 14> left{};
  for (int r = 1; r <= 13; ++r) left[static_cast<size_t>(r)] = 4 * kBaccaratDecks;
  enumerate(*standard, *super6, prefix, left, 1, e);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("  %lld deals enumerated in %.2f s\n", static_cast<long long>(e.leaves), seconds);

  // The combination counts of the Wizard of Odds' eight-deck tables: banker, player and tie
  // (https://wizardofodds.com/games/baccarat/), and a banker win with a total of 6
  // in two and three cards ("Lucky 6", https://wizardofodds.com/games/baccarat/side-bets/lucky-6/).
  auto i128 = [](int64_t v) { return static_cast<Int128>(v); };
  EXPECT_TRUE(e.total == i128(4'998'398'275'503'360));
  EXPECT_TRUE(e.winners['B'] == i128(2'292'252'566'437'888));
  EXPECT_TRUE(e.winners['P'] == i128(2'230'518'282'592'256));
  EXPECT_TRUE(e.winners['T'] == i128(475'627'426'473'216));
  EXPECT_TRUE(e.banker_six_two == i128(186'173'936'904'192));
  EXPECT_TRUE(e.banker_six_three == i128(83'058'367'551'488));
  // A pair in the first two cards: 31 of the other 415 cards share the first one's rank.
  EXPECT_TRUE(e.player_pairs * 415 == e.total * 31);
  // Cards dealt (Wizard of Odds, baccarat side bets, "4-5-6", eight decks).
  char text[16];
  const std::array<const char*, 3> probability = {"0.378868", "0.303444", "0.317687"};
  for (size_t n = 4; n <= 6; ++n) {
    std::printf("  %zu cards: %lld deals\n", n, static_cast<long long>(e.by_cards[n]));
    std::snprintf(text, sizeof text, "%.6f", percent(e.by_cards[n], e.total) / 100);
    EXPECT_EQ(std::string(text), probability[n - 4]) << n << " cards";
  }

  // The house edges documented in docs/games/baccarat.md.
  const std::map<std::string, std::string> documented = {{"standard PLAYER", "1.2351"},
                                                         {"standard BANKER", "1.0579"},
                                                         {"standard TIE", "14.3596"},
                                                         {"standard PLAYER_PAIR", "10.3614"},
                                                         {"standard BANKER_PAIR", "10.3614"},
                                                         {"standard BIG", "4.3457"},
                                                         {"standard SMALL", "5.2829"},
                                                         {"super6 PLAYER", "1.2351"},
                                                         {"super6 BANKER", "1.4581"},
                                                         {"super6 TIE", "14.3596"},
                                                         {"super6 PLAYER_PAIR", "10.3614"},
                                                         {"super6 BANKER_PAIR", "10.3614"},
                                                         {"super6 BIG", "4.3457"},
                                                         {"super6 SMALL", "5.2829"},
                                                         {"super6 SUPER6", "16.6836"}};
  for (const auto& [key, figure] : documented) {
    std::printf("  %-22s house edge %s %%\n", key.c_str(), edge(e, key).c_str());
    EXPECT_EQ(edge(e, key), figure) << key;
  }
  EXPECT_EQ(e.returned.size(), documented.size());
}

}  // namespace
}  // namespace croupier::games::cards
