#include "ledger/key_filter.hpp"

#include <algorithm>

namespace croupier::ledger {

namespace {

constexpr uint64_t kBitsPerKey = 10;

// 64-bit FNV-1a with a final mix (splitmix64), seeded twice for two independent hashes.
uint64_t hash(std::string_view key, uint64_t seed) {
  uint64_t h = 0xcbf29ce484222325ULL ^ seed;
  for (unsigned char c : key) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  h ^= h >> 31;
  return h;
}

}  // namespace

KeyFilter::KeyFilter(size_t capacity)
    : capacity_(std::max<size_t>(capacity, 1024)),
      bit_count_(capacity_ * kBitsPerKey),
      words_((bit_count_ + 63) / 64) {}

template <class F>
void KeyFilter::for_each_bit(std::string_view key, F&& f) const {
  const uint64_t h1 = hash(key, 0);
  const uint64_t h2 = hash(key, 0x9e3779b97f4a7c15ULL) | 1;
  for (int i = 0; i < kHashes; ++i) f((h1 + static_cast<uint64_t>(i) * h2) % bit_count_);
}

void KeyFilter::add(std::string_view key) {
  for_each_bit(key, [&](uint64_t bit) { words_[bit / 64] |= uint64_t{1} << (bit % 64); });
  ++size_;
}

bool KeyFilter::may_contain(std::string_view key) const {
  bool all = true;
  for_each_bit(key, [&](uint64_t bit) {
    if (!(words_[bit / 64] & (uint64_t{1} << (bit % 64)))) all = false;
  });
  return all;
}

}  // namespace croupier::ledger
