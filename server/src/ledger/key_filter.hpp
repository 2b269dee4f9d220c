// KeyFilter: a Bloom filter of the ledger's idempotency keys, so that a new operation
// (nearly every one) is known to be new without a read of the ops table.
//
// may_contain() answers false only for a key never added; true means "perhaps" (about
// 1 % of new keys), and the caller then reads the database. It grows without reading
// anything again: ten bits per key in layers, and when the newest layer holds its
// capacity a layer twice as large is added (a lookup asks every layer; after a start-up
// that sizes the first layer at twice the keys on file, a second layer is rare).
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
  // Room for `capacity` keys (at least 1024) before a second layer is added.
  explicit KeyFilter(size_t capacity = 0);

  void add(std::string_view key);
  bool may_contain(std::string_view key) const;

  size_t size() const;
  size_t layers() const { return layers_.size(); }

 private:
  // One Bloom filter of fixed size.
  class Layer {
   public:
    explicit Layer(size_t capacity);
    void add(uint64_t h1, uint64_t h2);
    bool may_contain(uint64_t h1, uint64_t h2) const;
    bool full() const { return size_ >= capacity_; }
    size_t size() const { return size_; }
    size_t capacity() const { return capacity_; }

   private:
    size_t capacity_;
    uint64_t bit_count_;
    std::vector<uint64_t> words_;
    size_t size_ = 0;
  };

  std::vector<Layer> layers_;
};

}  // namespace croupier::ledger
