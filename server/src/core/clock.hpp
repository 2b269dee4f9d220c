// Clock: the one source of time for tables and sessions, injected so that a whole table
// can run under a simulated clock in tests.
//
// now() is monotonic (deadlines and timers); wall_ms() is Unix time in milliseconds
// (timestamps in events, round records). SystemClock reads the OS and is thread-safe.
// SimClock starts at a fixed instant and moves only when advance() is called; it is
// meant for single-threaded tests (its reads are atomic, so reading it from another
// thread is safe, but advancing it from two threads is not meaningful).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace croupier {

using Millis = std::chrono::milliseconds;
using MonoTime = std::chrono::time_point<std::chrono::steady_clock, Millis>;

class Clock {
 public:
  virtual ~Clock() = default;
  virtual MonoTime now() const = 0;
  virtual int64_t wall_ms() const = 0;
};

class SystemClock final : public Clock {
 public:
  MonoTime now() const override;
  int64_t wall_ms() const override;
};

class SimClock final : public Clock {
 public:
  explicit SimClock(int64_t wall_start_ms = 1'700'000'000'000) : wall_start_ms_(wall_start_ms) {}
  MonoTime now() const override { return MonoTime{Millis{elapsed_ms_.load()}}; }
  int64_t wall_ms() const override { return wall_start_ms_ + elapsed_ms_.load(); }
  void advance(Millis d) { elapsed_ms_ += d.count(); }
  void advance_to(MonoTime t) {
    if (t > now()) elapsed_ms_ = t.time_since_epoch().count();
  }

 private:
  const int64_t wall_start_ms_;
  std::atomic<int64_t> elapsed_ms_{0};
};

}  // namespace croupier
