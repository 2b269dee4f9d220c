// KeyFilter: a Bloom filter of the ledger's idempotency keys, so that a new operation
// (nearly every one) is known to be new without a read of the ops table.
//
// may_contain() answers false only for a key never added; true means "perhaps" (about
// 1 % of new keys at full load), and the caller then reads the database. The filter
// holds up to capacity() keys at ten bits each; past that its false positives grow,
// and the owner rebuilds it larger from the database (see Committed in batch.hpp).
//
// Thread-safety: none; the ledger's writer owns it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace croupier::ledger {

class KeyFilter {
 public:
  // Room for `capacity` keys (at least 1024).
  explicit KeyFilter(size_t capacity = 0);

  void add(std::string_view key);
  bool may_contain(std::string_view key) const;

  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  bool full() const { return size_ > capacity_; }

 private:
  static constexpr int kHashes = 7;  // best for ten bits per key

  // Bit positions of `key`: h1 + i * h2 over the table (double hashing).
  template <class F>
  void for_each_bit(std::string_view key, F&& f) const;

  size_t capacity_;
  uint64_t bit_count_;
  std::vector<uint64_t> words_;
  size_t size_ = 0;
};

}  // namespace croupier::ledger
