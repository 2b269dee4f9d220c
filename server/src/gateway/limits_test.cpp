#include "gateway/limits.hpp"

#include <gtest/gtest.h>

namespace croupier::gateway {
namespace {

// Wednesday 2026-11-25 15:30 UTC.
constexpr int64_t kWednesday = 1'795'620'600'000;
constexpr int64_t kDay = 86'400'000;

TEST(Limits, PeriodsBeginAtUtcMidnightOfTheDayMondayAndTheFirst) {
  EXPECT_EQ(period_start("loss_day", kWednesday), 1'795'651'200'000 - kDay);   // 25 Nov 00:00
  EXPECT_EQ(period_start("wager_week", kWednesday), 1'795'651'200'000 - 3 * kDay);  // Mon 23
  EXPECT_EQ(period_start("wager_month", kWednesday), 1'795'651'200'000 - 25 * kDay);  // 1 Nov
}

TEST(Limits, APlayerLowersAtOnceAndRaisesOrRemovesAfterTheCoolingOff) {
  store::LimitRow row = player_change(std::nullopt, 7, "loss_day", 50'00000, kWednesday);
  EXPECT_EQ(effective_amount(row, kWednesday), 50'00000);
  row = player_change(row, 7, "loss_day", 20'00000, kWednesday);
  EXPECT_EQ(effective_amount(row, kWednesday), 20'00000);
  row = player_change(row, 7, "loss_day", 80'00000, kWednesday);
  EXPECT_EQ(effective_amount(row, kWednesday), 20'00000);
  EXPECT_EQ(effective_amount(row, kWednesday + kLimitCoolingOffMs), 80'00000);
  row = player_change(row, 7, "loss_day", std::nullopt, kWednesday + kLimitCoolingOffMs);
  EXPECT_EQ(effective_amount(row, kWednesday + kLimitCoolingOffMs), 80'00000);
  EXPECT_EQ(effective_amount(row, kWednesday + 2 * kLimitCoolingOffMs), std::nullopt);
}

TEST(Limits, TheLowerOfThePlayersAndTheOperatorsCounts) {
  store::LimitRow mine{7, "wager_week", "player", 100'00000};
  store::LimitRow theirs{7, "wager_week", "operator", 60'00000};
  auto limits = effective_limits({mine, theirs}, kWednesday);
  ASSERT_EQ(limits.size(), 1u);
  EXPECT_EQ(limits.at("wager_week"), Money{60'00000});
  EXPECT_TRUE(is_limit_kind("loss_month"));
  EXPECT_FALSE(is_limit_kind("loss_year"));
}

}  // namespace
}  // namespace croupier::gateway
