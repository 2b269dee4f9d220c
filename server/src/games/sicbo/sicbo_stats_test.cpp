#include "games/sicbo/sicbo_stats.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace croupier::games::sicbo {
namespace {

Outcome thrown(int a, int b, int c) {
  return Outcome{{a, b, c}};
}

TEST(SicBoStats, CountsFacesTotalsAndBets) {
  const std::vector<Outcome> outcomes = {thrown(3, 1, 6), thrown(2, 2, 2), thrown(6, 5, 6),
                                         thrown(1, 1, 4)};
  const DiceStats st = dice_stats(outcomes);
  EXPECT_EQ(st.games, 4);
  // Face 6 showed in two games (twice in one of them), face 4 in one: a game counts once.
  EXPECT_EQ(st.faces[5], (Share{2, 500}));
  EXPECT_EQ(st.faces[3], (Share{1, 250}));
  EXPECT_EQ(st.faces[1], (Share{1, 250}));
  EXPECT_EQ(st.totals[10 - 3], (Share{1, 250}));
  EXPECT_EQ(st.totals[17 - 3], (Share{1, 250}));
  EXPECT_EQ(st.totals[6 - 3], (Share{2, 500}));  // 2+2+2 and 1+1+4
  // The triple counts for none of small, big, odd, even.
  EXPECT_EQ(st.small, (Share{2, 500}));  // 10 and 6
  EXPECT_EQ(st.big, (Share{1, 250}));    // 17
  EXPECT_EQ(st.odd, (Share{1, 250}));    // 17
  EXPECT_EQ(st.even, (Share{2, 500}));   // 10, 6
  EXPECT_EQ(st.triple, (Share{1, 250}));
}

TEST(SicBoStats, HotAndColdFacesBreakTiesByTheLowerFace) {
  // Faces seen: 1 three times, 6 twice, 2 and 3 once, 4 and 5 never.
  const std::vector<Outcome> outcomes = {thrown(1, 6, 2), thrown(1, 6, 3), thrown(1, 1, 1)};
  const DiceStats st = dice_stats(outcomes);
  EXPECT_EQ(st.hot, (std::array<int, 2>{1, 6}));
  EXPECT_EQ(st.cold, (std::array<int, 2>{4, 5}));
  EXPECT_EQ(st.faces[0], (Share{3, 1000}));
  EXPECT_EQ(st.faces[1], (Share{1, 333}));  // a third, in tenths of a percent
}

TEST(SicBoStats, SkipsWhatIsNotThreeDice) {
  const std::vector<Outcome> outcomes = {thrown(1, 2, 3), Outcome{{7, 1, 1}}, Outcome{{1, 2}}};
  EXPECT_EQ(dice_stats(outcomes).games, 1);
  const DiceStats none = dice_stats({});
  EXPECT_EQ(none.games, 0);
  EXPECT_EQ(none.small, (Share{0, 0}));
}

}  // namespace
}  // namespace croupier::games::sicbo
