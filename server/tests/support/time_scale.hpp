// A test's deadlines, and the timeouts it gives the server, in this build: CMake sets
// CROUPIER_TEST_TIME_SCALE to 3 in a tree built with AddressSanitizer and 6 with
// ThreadSanitizer, where the same work takes that much longer. What a test asserts about
// the outcome does not change; only how long it waits for it, and, in the two tests that
// repeat one check many thousand times (FairPlay's rounds, BonusConservation's SQLite
// operations), how many times it repeats it.
#pragma once

#include <chrono>

#ifndef CROUPIER_TEST_TIME_SCALE
#define CROUPIER_TEST_TIME_SCALE 1
#endif

namespace croupier {

inline constexpr int kTestTimeScale = CROUPIER_TEST_TIME_SCALE;

// `d` in this build: `d` times the scale. (Not in croupier::testing: a unit test's
// unqualified `testing::` must keep meaning googletest's.)
template <class Rep, class Period>
constexpr std::chrono::duration<Rep, Period> test_time(std::chrono::duration<Rep, Period> d) {
  return d * kTestTimeScale;
}

}  // namespace croupier
