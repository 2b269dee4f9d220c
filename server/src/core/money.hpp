// Money: an exact amount of one currency as a signed count of 1/100000 of its unit.
//
// SPEC section 5 rounds every amount to 5 decimals, so 100000 units make one euro (or
// one dollar, one yen). No floating point is ever used for an amount: text is parsed
// digit by digit and printed digit by digit. Arithmetic that could overflow is checked
// and reports failure instead of wrapping. Money is a plain value, safe to copy and to
// use from any thread.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace croupier {

inline constexpr int64_t kMoneyScale = 100000;  // units per currency unit
inline constexpr int kMoneyDecimals = 5;

struct Money {
  int64_t units = 0;

  static constexpr Money zero() { return Money{0}; }
  static constexpr Money from_units(int64_t u) { return Money{u}; }
  // Whole currency units, e.g. from_major(10) is ten euros.
  static constexpr Money from_major(int64_t major) { return Money{major * kMoneyScale}; }

  constexpr bool is_zero() const { return units == 0; }
  constexpr bool is_positive() const { return units > 0; }
  constexpr bool is_negative() const { return units < 0; }

  friend constexpr auto operator<=>(Money, Money) = default;
};

// Checked arithmetic: nullopt on int64 overflow.
std::optional<Money> checked_add(Money a, Money b);
std::optional<Money> checked_sub(Money a, Money b);
std::optional<Money> checked_mul(Money a, int64_t factor);

// Unchecked arithmetic for amounts already known to be bounded (table limits keep every
// stake and payout many orders of magnitude below the int64 range). Overflow here is a
// programming error and aborts.
Money operator+(Money a, Money b);
Money operator-(Money a, Money b);
Money operator*(Money a, int64_t factor);
Money& operator+=(Money& a, Money b);
Money& operator-=(Money& a, Money b);

// stake * num / den rounded down (towards minus infinity) to a whole 1/100000, for the
// payouts of fractional ratios: scaled(stake, 195, 100) is a 0.95:1 win, scaled(stake, 1, 2)
// half a stake. Exact for every stake that is a whole cent when den divides 1000. The
// product is taken in 128 bits and the result saturates at the int64 range instead of
// wrapping (no stake within any table limit comes near it). den must be positive.
Money scaled(Money stake, int64_t num, int64_t den);

// Parses a decimal amount: optional '-', digits, optional '.' and at most 5 decimals.
// "12", "12.5", "0.00001", "-3.10" parse; "", "1e5", " 1", "1.", ".5", "1.000001",
// "+1" and anything beyond 10^13 whole units do not.
std::optional<Money> parse_money(std::string_view text);

// Prints an amount with at least `min_decimals` and at most 5 decimals, dropping
// trailing zeros beyond the minimum: format_money(1234000) == "12.34",
// format_money(1, 2) == "0.00001", format_money(-150000) == "-1.50".
// Negative zero cannot occur in an integer, so zero is always "0.00".
std::string format_money(Money m, int min_decimals = 2);

// The number of decimals a currency is played in: 0 for JPY and KRW (SPEC section 5),
// 2 otherwise. A stake must be a whole number of the currency's smallest unit.
int currency_decimals(std::string_view currency_code);
bool is_whole_minor_unit(Money m, std::string_view currency_code);

// True for a three-letter upper-case ISO 4217 style code.
bool is_currency_code(std::string_view code);

}  // namespace croupier
