#include "core/rng.hpp"

#include <openssl/rand.h>

#include <cassert>
#include <cstdlib>

namespace croupier {

uint64_t Rng::uniform(uint64_t n) {
  assert(n > 0);
  // Accept only values below the largest multiple of n that fits in 2^64, so every
  // residue is equally likely. At most half the draws are rejected, usually none.
  const uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n;
  for (;;) {
    uint64_t x = next_u64();
    if (x <= limit) return x % n;
  }
}

uint64_t CsprngRng::next_u64() {
  if (next_ == kBlockWords) {
    if (RAND_bytes(reinterpret_cast<unsigned char*>(block_.data()),
                   static_cast<int>(sizeof(block_))) != 1) {
      // Without a working CSPRNG no fair result can be produced; stopping is the only
      // safe answer.
      std::abort();
    }
    next_ = 0;
  }
  return block_[next_++];
}

namespace {
uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}
}  // namespace

SeededRng::SeededRng(uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

uint64_t SeededRng::next_u64() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

}  // namespace croupier
