// Helpers the games' tests share (header-only, test code only).
#pragma once

#include <cstdint>

#include "core/money.hpp"

namespace croupier::games {

// `major` whole euros (or any currency's major units).
inline Money eur(int64_t major) {
  return Money::from_major(major);
}

}  // namespace croupier::games
