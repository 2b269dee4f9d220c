#include "games/rtp.hpp"

#include <gtest/gtest.h>

#include "games/registry.hpp"

namespace croupier::games {
namespace {

// Every variant a table can play has its return to player, ending with the figure for
// the rest of its spots or naming each; nothing else has any.
TEST(Rtp, EveryVariantOfEveryFamilyHasFigures) {
  for (const Family& f : families()) {
    for (const VariantInfo& v : f.variants) {
      auto lines = rtp_of(f.game, v.name);
      ASSERT_FALSE(lines.empty()) << f.game << " " << v.name;
      for (const RtpLine& l : lines) {
        EXPECT_GT(l.basis_points, 5000) << f.game << " " << l.bets;
        EXPECT_LT(l.basis_points, 10000) << f.game << " " << l.bets;
      }
    }
  }
  EXPECT_TRUE(rtp_of("roulette", "amercan").empty());
  EXPECT_TRUE(rtp_of("poker", "classic").empty());
}

// The single-zero wheel returns 36/37 of every bet; the double zero 36/38, the top line 35/38.
TEST(Rtp, RouletteFiguresAreTheWheelsOdds) {
  EXPECT_EQ(rtp_of("roulette", "european")[0].basis_points, (36 * 10000 + 18) / 37);  // rounded
  auto american = rtp_of("roulette", "american");
  EXPECT_EQ(american[0].basis_points, (35 * 10000 + 19) / 38);
  EXPECT_EQ(american[1].basis_points, (36 * 10000 + 19) / 38);
}

}  // namespace
}  // namespace croupier::games
