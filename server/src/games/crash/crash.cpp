#include "games/crash/crash.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace croupier::games::crash {

namespace {

__extension__ using Wide = unsigned __int128;

constexpr uint64_t kValues = uint64_t{1} << kRandomBits;
// 96.5 · 2^52 in hundredths of a multiplier: the crash point is kNumerator / (10 (r + 1)).
constexpr Wide kNumerator = static_cast<Wide>(kRtpPerMille) * kValues;

}  // namespace

CrashPoint crash_point_of(uint64_t r) {
  assert(r < kValues);
  const Wide raw = kNumerator / (Wide{10} * (Wide{r} + 1));
  if (raw >= static_cast<Wide>(kCap)) return {kCap, true};
  return {std::max<int64_t>(kOne, static_cast<int64_t>(raw)), false};
}

CrashPoint draw_crash_point(Rng& rng) {
  return crash_point_of(rng.uniform(kValues));
}

uint64_t values_reaching(int64_t hundredths) {
  if (hundredths <= kOne) return kValues;  // every round reaches 1.00×
  // raw ≥ h  ⟺  kNumerator / (10 (r + 1)) ≥ h  ⟺  r + 1 ≤ kNumerator / (10 h).
  const Wide most = kNumerator / (Wide{10} * static_cast<Wide>(hundredths));
  return static_cast<uint64_t>(std::min<Wide>(most, kValues));
}

int64_t multiplier_at(Millis t) {
  if (t.count() <= 0) return kOne;
  const double m = std::exp(kGrowthPerMs * static_cast<double>(t.count()));
  // A hair under the exact product, so that floating rounding never lifts a value over a
  // whole hundredth it has not reached.
  const double hundredths = std::floor(m * 100.0 * (1.0 - 1e-12));
  return std::min<int64_t>(kCap, std::max<int64_t>(kOne, static_cast<int64_t>(hundredths)));
}

Millis time_to(int64_t hundredths) {
  if (hundredths <= kOne) return Millis{0};
  auto t = static_cast<int64_t>(
      std::ceil(std::log(static_cast<double>(hundredths) / 100.0) / kGrowthPerMs));
  // The logarithm is within a few ms: settle on the first ms the multiplier reaches it.
  while (t > 0 && multiplier_at(Millis{t - 1}) >= hundredths) --t;
  while (multiplier_at(Millis{t}) < hundredths) ++t;
  return Millis{t};
}

Money cash_out_return(Money stake, int64_t hundredths, int64_t minor_units) {
  const Wide units = static_cast<Wide>(stake.units) * static_cast<Wide>(hundredths) / 100;
  const auto floored = static_cast<int64_t>(units / static_cast<Wide>(minor_units)) * minor_units;
  return Money::from_units(floored);
}

}  // namespace croupier::games::crash
