// Rng: where every random result comes from.
//
// Production tables use CsprngRng (OpenSSL's RAND_bytes); tests inject SeededRng, a
// deterministic xoshiro256** generator, so that a simulation is repeatable. Both map raw
// bits to a range without bias: uniform() rejects the top partial block of 2^64 instead
// of taking a modulo, and shuffle() is Fisher-Yates over uniform(). An Rng is not
// thread-safe: each table owns its own.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

namespace croupier {

class Rng {
 public:
  virtual ~Rng() = default;
  virtual uint64_t next_u64() = 0;

  // A uniformly distributed integer in [0, n); n must be positive.
  uint64_t uniform(uint64_t n);

  template <class T>
  void shuffle(std::span<T> items) {
    for (size_t i = items.size(); i > 1; --i) {
      size_t j = static_cast<size_t>(uniform(i));
      std::swap(items[i - 1], items[j]);
    }
  }
};

// Cryptographically secure: OpenSSL's DRBG, read in blocks to keep syscalls rare.
class CsprngRng final : public Rng {
 public:
  uint64_t next_u64() override;

 private:
  static constexpr size_t kBlockWords = 64;
  std::array<uint64_t, kBlockWords> block_{};
  size_t next_ = kBlockWords;
};

// Deterministic, for tests and seeded simulations. Not for production results.
class SeededRng final : public Rng {
 public:
  explicit SeededRng(uint64_t seed);
  uint64_t next_u64() override;

 private:
  std::array<uint64_t, 4> s_{};
};

}  // namespace croupier
