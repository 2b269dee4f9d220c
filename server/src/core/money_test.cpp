#include "core/money.hpp"

#include <gtest/gtest.h>

namespace croupier {
namespace {

TEST(Money, ParsesDecimalTextExactly) {
  EXPECT_EQ(parse_money("12")->units, 1'200'000);
  EXPECT_EQ(parse_money("12.34")->units, 1'234'000);
  EXPECT_EQ(parse_money("0.00001")->units, 1);
  EXPECT_EQ(parse_money("-3.10")->units, -310'000);
  EXPECT_EQ(parse_money("0")->units, 0);
  EXPECT_EQ(parse_money("10000.00")->units, 1'000'000'000);
  // 0.1 + 0.2 is exact here, unlike in binary floating point.
  EXPECT_EQ(*parse_money("0.1") + *parse_money("0.2"), *parse_money("0.3"));
}

TEST(Money, RefusesMalformedText) {
  for (const char* bad : {"", "-", "1.", ".5", "1.000001", "1e5", " 1", "1 ", "+1", "1,5", "0x10",
                          "--1", "1.2.3", "99999999999999", "NaN"}) {
    EXPECT_FALSE(parse_money(bad).has_value()) << bad;
  }
}

TEST(Money, FormatsWithTwoToFiveDecimals) {
  EXPECT_EQ(format_money(Money{1'234'000}), "12.34");
  EXPECT_EQ(format_money(Money{1'200'000}), "12.00");
  EXPECT_EQ(format_money(Money{1}), "0.00001");
  EXPECT_EQ(format_money(Money{123'450}), "1.2345");
  EXPECT_EQ(format_money(Money{-150'000}), "-1.50");
  EXPECT_EQ(format_money(Money{0}), "0.00");
  EXPECT_EQ(format_money(Money{-1}), "-0.00001");
  EXPECT_EQ(format_money(Money{1'200'000}, 0), "12");
  EXPECT_EQ(format_money(Money{INT64_MIN}), "-92233720368547.75808");
}

TEST(Money, FormatThenParseRoundTrips) {
  for (int64_t u : {0LL, 1LL, 99999LL, 100000LL, 123456789LL, -5LL, 1'000'000'000'000LL}) {
    EXPECT_EQ(parse_money(format_money(Money{u}))->units, u) << u;
  }
}

TEST(Money, CheckedArithmeticReportsOverflow) {
  EXPECT_FALSE(checked_add(Money{INT64_MAX}, Money{1}).has_value());
  EXPECT_FALSE(checked_sub(Money{INT64_MIN}, Money{1}).has_value());
  EXPECT_FALSE(checked_mul(Money{INT64_MAX / 2}, 3).has_value());
  EXPECT_EQ(checked_mul(Money::from_major(2), 35)->units, 7'000'000);
  EXPECT_EQ((Money::from_major(5) - Money::from_major(7)).units, -200'000);
}

TEST(Money, ScaledRoundsDownAndSaturates) {
  // A 0.95:1 win on 10.00 adds 9.50; a 0.54:1 win on 0.01 adds 0.0054 exactly.
  EXPECT_EQ(scaled(Money::from_major(10), 95, 100), Money::from_units(950000));
  EXPECT_EQ(scaled(Money::from_units(1000), 54, 100), Money::from_units(540));
  // Half of an odd number of units rounds down; a negative amount rounds towards minus
  // infinity, so that scaling never pays out a fraction of a unit that was not there.
  EXPECT_EQ(scaled(Money::from_units(3), 1, 2), Money::from_units(1));
  EXPECT_EQ(scaled(Money::from_units(-3), 1, 2), Money::from_units(-2));
  EXPECT_EQ(scaled(Money::from_units(INT64_MAX), 3, 1), Money::from_units(INT64_MAX));
  EXPECT_EQ(scaled(Money::from_units(INT64_MIN), 3, 1), Money::from_units(INT64_MIN));
}

TEST(Money, CurrenciesWithoutDecimalsRefuseFractions) {
  EXPECT_EQ(currency_decimals("JPY"), 0);
  EXPECT_EQ(currency_decimals("KRW"), 0);
  EXPECT_EQ(currency_decimals("EUR"), 2);
  EXPECT_TRUE(is_whole_minor_unit(*parse_money("1.25"), "EUR"));
  EXPECT_FALSE(is_whole_minor_unit(*parse_money("1.255"), "EUR"));
  EXPECT_TRUE(is_whole_minor_unit(*parse_money("100"), "JPY"));
  EXPECT_FALSE(is_whole_minor_unit(*parse_money("100.5"), "JPY"));
}

TEST(Money, CurrencyCodes) {
  EXPECT_TRUE(is_currency_code("EUR"));
  EXPECT_FALSE(is_currency_code("eur"));
  EXPECT_FALSE(is_currency_code("EURO"));
  EXPECT_FALSE(is_currency_code(""));
}

}  // namespace
}  // namespace croupier
