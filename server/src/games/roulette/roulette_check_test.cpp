// European roulette's check(): every refusal code of SPEC section 8 a bet can get, by the
// limits of its spot, its side and the table, and opposite bets.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/roulette/roulette.hpp"
#include "games/roulette/roulette_testing.hpp"

namespace croupier::games::roulette {
namespace {

using namespace roulette_testing;

// ---- check() ------------------------------------------------------------------------

// The verdicts as numbers (0 for accepted), which print readably when a test fails.
std::vector<int> codes(const Engine& engine, const std::vector<BetLine>& existing,
                       const std::vector<BetLine>& added, std::string_view currency = "EUR") {
  std::vector<int> out;
  for (const auto& v : engine.check(existing, added, currency)) out.push_back(v ? to_int(*v) : 0);
  return out;
}

TEST(RouletteCheck, InvalidBetsAre1005) {
  auto e = make_european(test_limits());
  EXPECT_EQ(codes(*e, {}, {{"SPLIT_1_5", eur("5")}}), std::vector<int>{1005});
  EXPECT_EQ(codes(*e, {}, {{"straight_1", eur("5")}}), std::vector<int>{1005});
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("0")}}), std::vector<int>{1005});
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("-5")}}), std::vector<int>{1005});
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("1.255")}}), std::vector<int>{1005});
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("1.25")}}), std::vector<int>{0});
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("100.5")}}, "JPY"), std::vector<int>{1005});
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("5")}}, "JPY"), std::vector<int>{0});
  // An unknown spot is 1005 even when its amount would also be below the minimum.
  EXPECT_EQ(codes(*e, {}, {{"GREEN", eur("0.5")}}), std::vector<int>{1005});
}

TEST(RouletteCheck, BelowMinimumIs1013UnlessTheSpotAlreadyHasEnough) {
  auto e = make_european(test_limits());
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("0.99")}}), std::vector<int>{1013});
  EXPECT_EQ(codes(*e, {}, {{"RED", eur("0.50")}}), std::vector<int>{1013});
  EXPECT_EQ(codes(*e, {{"STRAIGHT_1", eur("1")}}, {{"STRAIGHT_1", eur("0.50")}}),
            std::vector<int>{0});
  // Two halves in one batch: the first is refused, so it does not lift the second.
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("0.50")}, {"STRAIGHT_1", eur("0.50")}}),
            (std::vector<int>{1013, 1013}));
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("1")}, {"STRAIGHT_1", eur("0.50")}}),
            (std::vector<int>{0, 0}));
}

TEST(RouletteCheck, InsideSpotAndInsideTotalMaximumsAre1009) {
  auto e = make_european(test_limits());
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("10")}}), std::vector<int>{0});
  EXPECT_EQ(codes(*e, {}, {{"STRAIGHT_1", eur("10.01")}}), std::vector<int>{1009});
  EXPECT_EQ(codes(*e, {{"STRAIGHT_1", eur("6")}}, {{"STRAIGHT_1", eur("5")}}),
            std::vector<int>{1009});
  EXPECT_EQ(codes(*e, {{"STRAIGHT_1", eur("6")}}, {{"STRAIGHT_1", eur("4")}}), std::vector<int>{0});
  // Streets have no per-kind maximum: only the inside total of 100 bounds them.
  EXPECT_EQ(codes(*e, {{"STREET_1_2_3", eur("60")}},
                  {{"STREET_4_5_6", eur("40")}, {"STREET_7_8_9", eur("1")}}),
            (std::vector<int>{0, 1009}));
  EXPECT_EQ(codes(*e, {}, {{"STREET_1_2_3", eur("100.01")}}), std::vector<int>{1009});
}

TEST(RouletteCheck, OutsideSpotAndOutsideTotalMaximumsAre1010) {
  auto e = make_european(test_limits());
  EXPECT_EQ(codes(*e, {}, {{"RED", eur("50")}}), std::vector<int>{0});
  EXPECT_EQ(codes(*e, {}, {{"RED", eur("50.01")}}), std::vector<int>{1010});
  EXPECT_EQ(codes(*e, {{"RED", eur("30")}}, {{"RED", eur("20")}, {"RED", eur("1")}}),
            (std::vector<int>{0, 1010}));
  EXPECT_EQ(codes(*e, {{"DOZEN_1", eur("150")}}, {{"COLUMN_1", eur("50")}, {"BLACK", eur("1")}}),
            (std::vector<int>{0, 1010}));
}

TEST(RouletteCheck, TableTotalIs1012) {
  auto e = make_european(test_limits());
  std::vector<BetLine> existing = {{"STREET_1_2_3", eur("100")}, {"DOZEN_1", eur("100")}};
  EXPECT_EQ(codes(*e, existing, {{"DOZEN_2", eur("50")}, {"DOZEN_3", eur("1")}}),
            (std::vector<int>{0, 1012}));
  // Inside and outside totals are both within their own maximums here.
  EXPECT_EQ(codes(*e, {{"DOZEN_1", eur("160")}, {"STREET_1_2_3", eur("80")}},
                  {{"STREET_4_5_6", eur("10.01")}}),
            std::vector<int>{1012});
}

TEST(RouletteCheck, ChecksRunInTheHeaderOrder) {
  auto e = make_european(test_limits(/*opposite_allowed=*/false));
  std::vector<BetLine> full = {{"STREET_1_2_3", eur("100")}, {"DOZEN_1", eur("150")}};
  // Per-spot maximum before the side total and the table total.
  EXPECT_EQ(codes(*e, full, {{"RED", eur("60")}}), std::vector<int>{1010});
  EXPECT_EQ(codes(*e, full, {{"STRAIGHT_5", eur("11")}}), std::vector<int>{1009});
  // Side total before the table total.
  EXPECT_EQ(codes(*e, full, {{"STREET_4_5_6", eur("1")}}), std::vector<int>{1009});
  EXPECT_EQ(codes(*e, full, {{"DOZEN_2", eur("51")}}), std::vector<int>{1010});
  // Table total before opposite bets.
  EXPECT_EQ(codes(*e, {{"RED", eur("1")}, {"STREET_1_2_3", eur("100")}, {"DOZEN_1", eur("149")}},
                  {{"BLACK", eur("1")}}),
            std::vector<int>{1012});
  // Minimum before everything but validity.
  EXPECT_EQ(codes(*e, full, {{"BLACK", eur("0.5")}}), std::vector<int>{1013});
}

TEST(RouletteCheck, OppositeBetsAre1037OnlyWhenForbidden) {
  auto forbid = make_european(test_limits(/*opposite_allowed=*/false));
  auto allow = make_european(test_limits(/*opposite_allowed=*/true));
  std::vector<BetLine> added = {{"BLACK", eur("5")}, {"EVEN", eur("5")}, {"ODD", eur("5")},
                                {"LOW", eur("5")},   {"HIGH", eur("5")}, {"RED", eur("5")}};
  EXPECT_EQ(codes(*forbid, {{"RED", eur("5")}}, added),
            (std::vector<int>{1037, 0, 1037, 0, 1037, 0}));
  EXPECT_EQ(codes(*allow, {{"RED", eur("5")}}, added), (std::vector<int>{0, 0, 0, 0, 0, 0}));
  // A refused bet does not make its opposite refused.
  EXPECT_EQ(codes(*forbid, {}, {{"RED", eur("0.5")}, {"BLACK", eur("5")}, {"RED", eur("5")}}),
            (std::vector<int>{1013, 0, 1037}));
  // Non-opposite outside bets never conflict.
  EXPECT_EQ(
      codes(*forbid, {{"DOZEN_1", eur("5")}}, {{"DOZEN_2", eur("5")}, {"COLUMN_1", eur("5")}}),
      (std::vector<int>{0, 0}));
}

TEST(RouletteCheck, TotalsAccumulateOverExistingAndEarlierAddedBetsByCanonicalSpot) {
  auto e = make_european(test_limits());
  // Split maximum 20: 15 existing + 5 added under another spelling reaches it exactly.
  EXPECT_EQ(codes(*e, {{"SPLIT_1_2", eur("15")}},
                  {{"SPLIT_2_1", eur("5")}, {"SPLIT_1_2", eur("0.01")}, {"SPLIT_2_3", eur("1")}}),
            (std::vector<int>{0, 1009, 0}));
  // A refused bet in the middle of a batch does not count towards the bets after it.
  EXPECT_EQ(
      codes(*e, {}, {{"STRAIGHT_1", eur("8")}, {"STRAIGHT_1", eur("5")}, {"STRAIGHT_1", eur("2")}}),
      (std::vector<int>{0, 1009, 0}));
  EXPECT_EQ(codes(*e, {{"DOZEN_1", eur("190")}}, {{"DOZEN_2", eur("20")}, {"DOZEN_2", eur("10")}}),
            (std::vector<int>{1010, 0}));
  EXPECT_TRUE(e->check({{"RED", eur("5")}}, {}, "EUR").empty());
}

TEST(RouletteCheck, HugeAmountsAreRefusedWithoutOverflow) {
  auto e = make_european(test_limits());
  const Money huge{INT64_MAX / kMoneyScale * kMoneyScale};
  EXPECT_EQ(codes(*e, {{"STREET_1_2_3", huge}}, {{"STREET_4_5_6", huge}}), std::vector<int>{1009});
  EXPECT_EQ(codes(*e, {{"DOZEN_1", huge}}, {{"DOZEN_1", huge}}), std::vector<int>{1010});
}

}  // namespace
}  // namespace croupier::games::roulette
