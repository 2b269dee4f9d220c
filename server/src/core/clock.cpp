#include "core/clock.hpp"

namespace croupier {

MonoTime SystemClock::now() const {
  return std::chrono::time_point_cast<Millis>(std::chrono::steady_clock::now());
}

int64_t SystemClock::wall_ms() const {
  return std::chrono::duration_cast<Millis>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace croupier
