// A round's provably fair record (core/fair.hpp), as the ledger keeps it and the history
// reads it back: what decodes encodes to text that decodes to the same record.
#include <cstdint>

#include "core/fair.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace croupier;
  auto record = fair::decode(fuzz::text(data, size));
  if (!record) return 0;
  const std::string encoded = fair::encode(*record);
  auto again = fair::decode(encoded);
  fuzz::check(again.has_value(), "an encoded record decodes");
  fuzz::check(*again == *record, "the record round-trips");
  fuzz::check(fair::encode(*again) == encoded, "the encoding is stable");
  return 0;
}
