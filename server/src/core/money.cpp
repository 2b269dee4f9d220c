#include "core/money.hpp"

#include <cassert>
#include <cstdlib>

namespace croupier {

namespace {
// The largest magnitude parse_money accepts, in whole units: far beyond any balance and
// far below the int64 limit (9.2e13 whole units), so sums of many amounts stay safe.
constexpr int64_t kParseMajorMax = 10'000'000'000'000;  // 10^13

Money must(std::optional<Money> m) {
  if (!m) std::abort();  // overflow on an amount that was meant to be bounded: a bug
  return *m;
}
}  // namespace

std::optional<Money> checked_add(Money a, Money b) {
  int64_t r;
  if (__builtin_add_overflow(a.units, b.units, &r)) return std::nullopt;
  return Money{r};
}

std::optional<Money> checked_sub(Money a, Money b) {
  int64_t r;
  if (__builtin_sub_overflow(a.units, b.units, &r)) return std::nullopt;
  return Money{r};
}

std::optional<Money> checked_mul(Money a, int64_t factor) {
  int64_t r;
  if (__builtin_mul_overflow(a.units, factor, &r)) return std::nullopt;
  return Money{r};
}

Money operator+(Money a, Money b) {
  return must(checked_add(a, b));
}
Money operator-(Money a, Money b) {
  return must(checked_sub(a, b));
}
Money operator*(Money a, int64_t factor) {
  return must(checked_mul(a, factor));
}
Money& operator+=(Money& a, Money b) {
  return a = a + b;
}
Money& operator-=(Money& a, Money b) {
  return a = a - b;
}

Money scaled(Money stake, int64_t num, int64_t den) {
  assert(den > 0);
  __extension__ using Int128 = __int128;  // (__extension__ keeps -Wpedantic quiet)
  const Int128 product = static_cast<Int128>(stake.units) * num;
  Int128 quotient = product / den;
  if (product % den != 0 && product < 0) --quotient;
  if (quotient > INT64_MAX) return Money{INT64_MAX};
  if (quotient < INT64_MIN) return Money{INT64_MIN};
  return Money{static_cast<int64_t>(quotient)};
}

std::optional<Money> parse_money(std::string_view text) {
  bool negative = false;
  if (!text.empty() && text.front() == '-') {
    negative = true;
    text.remove_prefix(1);
  }
  auto dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  std::string_view frac = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (whole.empty()) return std::nullopt;
  if (dot != std::string_view::npos && frac.empty()) return std::nullopt;
  if (frac.size() > static_cast<size_t>(kMoneyDecimals)) return std::nullopt;

  int64_t major = 0;
  for (char c : whole) {
    if (c < '0' || c > '9') return std::nullopt;
    major = major * 10 + (c - '0');
    if (major > kParseMajorMax) return std::nullopt;
  }
  int64_t minor = 0;
  for (int i = 0; i < kMoneyDecimals; ++i) {
    minor *= 10;
    if (static_cast<size_t>(i) < frac.size()) {
      char c = frac[i];
      if (c < '0' || c > '9') return std::nullopt;
      minor += c - '0';
    }
  }
  int64_t units = major * kMoneyScale + minor;
  return Money{negative ? -units : units};
}

std::string format_money(Money m, int min_decimals) {
  if (min_decimals < 0) min_decimals = 0;
  if (min_decimals > kMoneyDecimals) min_decimals = kMoneyDecimals;
  // Work in unsigned so that INT64_MIN prints correctly.
  bool negative = m.units < 0;
  uint64_t magnitude =
      negative ? 0 - static_cast<uint64_t>(m.units) : static_cast<uint64_t>(m.units);
  uint64_t major = magnitude / kMoneyScale;
  uint64_t minor = magnitude % kMoneyScale;

  std::string digits(kMoneyDecimals, '0');
  for (int i = kMoneyDecimals - 1; i >= 0; --i) {
    digits[i] = static_cast<char>('0' + minor % 10);
    minor /= 10;
  }
  size_t keep = digits.size();
  while (keep > static_cast<size_t>(min_decimals) && digits[keep - 1] == '0') --keep;

  std::string out = negative ? "-" : "";
  out += std::to_string(major);
  if (keep > 0) {
    out += '.';
    out.append(digits, 0, keep);
  }
  return out;
}

int currency_decimals(std::string_view code) {
  return (code == "JPY" || code == "KRW") ? 0 : 2;
}

bool is_whole_minor_unit(Money m, std::string_view code) {
  int64_t step = kMoneyScale;
  for (int i = 0; i < currency_decimals(code); ++i) step /= 10;
  return m.units % step == 0;
}

bool is_currency_code(std::string_view code) {
  if (code.size() != 3) return false;
  for (char c : code)
    if (c < 'A' || c > 'Z') return false;
  return true;
}

}  // namespace croupier
