#include "ledger/key_filter.hpp"

#include <algorithm>

namespace croupier::ledger {

namespace {

constexpr uint64_t kBitsPerKey = 10;
constexpr int kHashes = 7;  // best for ten bits per key

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

uint64_t first_hash(std::string_view key) {
  return hash(key, 0);
}
uint64_t second_hash(std::string_view key) {
  return hash(key, 0x9e3779b97f4a7c15ULL) | 1;
}

}  // namespace

KeyFilter::Layer::Layer(size_t capacity)
    : capacity_(capacity), bit_count_(capacity * kBitsPerKey), words_((bit_count_ + 63) / 64) {}

// Bit positions h1 + i * h2 over the layer (double hashing).
void KeyFilter::Layer::add(uint64_t h1, uint64_t h2) {
  for (int i = 0; i < kHashes; ++i) {
    const uint64_t bit = (h1 + static_cast<uint64_t>(i) * h2) % bit_count_;
    words_[bit / 64] |= uint64_t{1} << (bit % 64);
  }
  ++size_;
}

bool KeyFilter::Layer::may_contain(uint64_t h1, uint64_t h2) const {
  for (int i = 0; i < kHashes; ++i) {
    const uint64_t bit = (h1 + static_cast<uint64_t>(i) * h2) % bit_count_;
    if (!(words_[bit / 64] & (uint64_t{1} << (bit % 64)))) return false;
  }
  return true;
}

KeyFilter::KeyFilter(size_t capacity) {
  layers_.emplace_back(std::max<size_t>(capacity, 1024));
}

void KeyFilter::add(std::string_view key) {
  if (layers_.back().full()) layers_.emplace_back(2 * layers_.back().capacity());
  layers_.back().add(first_hash(key), second_hash(key));
}

bool KeyFilter::may_contain(std::string_view key) const {
  const uint64_t h1 = first_hash(key), h2 = second_hash(key);
  return std::any_of(layers_.begin(), layers_.end(),
                     [&](const Layer& layer) { return layer.may_contain(h1, h2); });
}

size_t KeyFilter::size() const {
  size_t n = 0;
  for (const Layer& layer : layers_) n += layer.size();
  return n;
}

}  // namespace croupier::ledger
