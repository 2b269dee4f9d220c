#include "games/slots/fruits.hpp"

#include <gtest/gtest.h>

namespace croupier::games::slots {
namespace {

TEST(Fruits, TheReturnToPlayerIsExactly96Point02Percent) {
  auto [num, den] = exact_rtp();
  EXPECT_EQ(den, 33'554'432u);
  EXPECT_EQ(num, 32'219'011u);  // per line bet; a spin is 20 lines, each returning the same
  EXPECT_NEAR(static_cast<double>(num) / static_cast<double>(den), 0.960201, 1e-6);
}

TEST(Fruits, StripsHoldTheDocumentedCounts) {
  for (int r = 0; r < kReels; ++r) {
    std::array<int, kSymbols> n{};
    for (Symbol s : strips()[r]) ++n[static_cast<int>(s)];
    const int cherries = r == 4 ? 8 : 7, wilds = r == 4 ? 1 : 2;
    EXPECT_EQ(n[0], cherries) << r;
    EXPECT_EQ(n[1], 7) << r;
    EXPECT_EQ(n[2], 5) << r;
    EXPECT_EQ(n[3], 5) << r;
    EXPECT_EQ(n[4], 3) << r;
    EXPECT_EQ(n[5], 2) << r;
    EXPECT_EQ(n[6], 1) << r;
    EXPECT_EQ(n[7], wilds) << r;
  }
}

TEST(Fruits, ALinePaysItsLeftmostRunWithWildsStandingIn) {
  // Reel 0 stops at 5 (W S B), reel 1 at 4 (W C L), reel 2 at 10 (S O R), reel 3 at 2 (W L L),
  // reel 4 at 14 (S O L): the top line is W W S W S = five sevens, 1000 line bets.
  Spin s = spin_at({5, 4, 10, 2, 14});
  EXPECT_EQ(s.grid[0][0], Symbol::wild);
  EXPECT_EQ(s.grid[2][0], Symbol::seven);
  bool five_sevens = false;
  for (const auto& w : s.wins)
    if (w.line == 2) five_sevens = w.symbol == Symbol::seven && w.count == 5 && w.times == 1000;
  EXPECT_TRUE(five_sevens);
  int64_t total = 0;
  for (const auto& w : s.wins) total += w.times;
  EXPECT_EQ(total, s.times);
}

TEST(Fruits, WildsAloneUseTheBetterOfTheirOwnRunAndTheSymbolTheyLeadInto) {
  EXPECT_EQ(pay(Symbol::wild, 3), 100);
  EXPECT_EQ(pay(Symbol::bell, 5), 200);
  EXPECT_EQ(pay(Symbol::cherry, 2), 0);
  EXPECT_EQ(pay(Symbol::seven, 6), 0);
}

TEST(Fruits, StopsAreWrittenAndReadBack) {
  EXPECT_EQ(encode({12, 5, 30, 7, 19}), "12,5,30,7,19");
  EXPECT_EQ(decode("12,5,30,7,19"), (std::array<int, kReels>{12, 5, 30, 7, 19}));
  for (const char* bad : {"", "1,2,3,4", "1,2,3,4,5,6", "1,2,3,4,32", "01,2,3,4,5", "1,2,3,4,-1",
                          "a,2,3,4,5", "1,2,3,4,5,"})
    EXPECT_FALSE(decode(bad).has_value()) << bad;
}

}  // namespace
}  // namespace croupier::games::slots
