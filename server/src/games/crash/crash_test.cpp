#include "games/crash/crash.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace croupier::games::crash {
namespace {

constexpr uint64_t kValues = uint64_t{1} << kRandomBits;

TEST(Crash, TheCrashPointRunsFromAnInstantCrashToTheCap) {
  EXPECT_EQ(crash_point_of(0).at, kCap);  // 96.5 · 2^52: far past the cap
  EXPECT_TRUE(crash_point_of(0).capped);
  EXPECT_EQ(crash_point_of(kValues - 1).at, kOne);  // 0.965×: crashes at once
  EXPECT_FALSE(crash_point_of(kValues - 1).capped);
  // r + 1 = 2^52 / 2 gives 1.93× exactly; one more value gives a hair less, floored.
  EXPECT_EQ(crash_point_of(kValues / 2 - 1).at, 193);
  EXPECT_EQ(crash_point_of(kValues / 2).at, 192);
  // Every value gives a point in [1.00×, 5000×].
  SeededRng rng(3);
  for (int i = 0; i < 100000; ++i) {
    const CrashPoint c = draw_crash_point(rng);
    ASSERT_GE(c.at, kOne);
    ASSERT_LE(c.at, kCap);
    ASSERT_EQ(c.capped, c.at == kCap);
  }
}

// The return of cashing out at any target, counted over all 2^52 values of r: 96.5 %.
TEST(Crash, EveryTargetReturnsNinetySixAndAHalfPercentExactly) {
  for (int64_t target = kMinTarget; target <= kCap;
       target = target < 1000 ? target + 1 : target * 11 / 10) {
    const double p = static_cast<double>(values_reaching(target)) / static_cast<double>(kValues);
    const double rtp = p * static_cast<double>(target) / 100.0;
    ASSERT_NEAR(rtp, 0.965, 1e-12) << "target " << target;
  }
  // Holding on to the cap is paid 5000× in the rounds that reach it.
  const double p = static_cast<double>(values_reaching(kCap)) / static_cast<double>(kValues);
  EXPECT_NEAR(p * 5000, 0.965, 1e-12);
  // The rounds that crash at 1.00×, before anybody can cash out: 1 − 0.965 / 1.01, 4.46 %.
  const double instant =
      1.0 - static_cast<double>(values_reaching(kMinTarget)) / static_cast<double>(kValues);
  EXPECT_NEAR(instant, 1.0 - 0.965 / 1.01, 1e-12);
}

TEST(Crash, TheMultiplierRisesFromOneOnTheClockAndItsTimesAreItsInverse) {
  EXPECT_EQ(multiplier_at(Millis{0}), 100);
  EXPECT_EQ(multiplier_at(Millis{-5}), 100);
  EXPECT_EQ(multiplier_at(Millis{6932}), 200);  // e^0.6932 = 2.00003
  EXPECT_EQ(multiplier_at(Millis{6931}), 199);  // e^0.6931 = 1.99983
  int64_t last = 100;
  for (int64_t t = 0; t <= 90000; t += 7) {
    const int64_t m = multiplier_at(Millis{t});
    ASSERT_GE(m, last) << t;
    last = m;
  }
  EXPECT_EQ(last, kCap);  // past 85 s the cap holds
  for (int64_t h : {int64_t{101}, int64_t{150}, int64_t{193}, int64_t{200}, int64_t{1000},
                    int64_t{12345}, int64_t{100000}, kCap}) {
    const Millis t = time_to(h);
    EXPECT_GE(multiplier_at(t), h) << h;
    EXPECT_LT(multiplier_at(t - Millis{1}), h) << h;
  }
  EXPECT_EQ(time_to(100), Millis{0});
}

TEST(Crash, ACashOutReturnsTheStakeTimesTheMultiplierRoundedDown) {
  EXPECT_EQ(cash_out_return(*parse_money("10.00"), 193), *parse_money("19.30"));
  EXPECT_EQ(cash_out_return(*parse_money("0.10"), 157), *parse_money("0.15"));  // 0.157
  EXPECT_EQ(cash_out_return(*parse_money("2.50"), kCap), *parse_money("12500.00"));
  EXPECT_EQ(cash_out_return(*parse_money("1.00"), 100), *parse_money("1.00"));
  // Yen have no minor unit: whole yen.
  EXPECT_EQ(cash_out_return(*parse_money("15"), 110, 100000), *parse_money("16"));
}

}  // namespace
}  // namespace croupier::games::crash
