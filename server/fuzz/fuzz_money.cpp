// Money text (core/money.hpp), as every amount in the protocol and the files comes: what
// parses prints back as text that parses to the same amount, in the canonical form.
#include <cstdint>

#include "core/money.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace croupier;
  auto value = parse_money(fuzz::text(data, size));
  if (!value) return 0;
  const std::string printed = format_money(*value);
  auto again = parse_money(printed);
  fuzz::check(again.has_value(), "a printed amount parses");
  fuzz::check(*again == *value, "money text round-trips");
  fuzz::check(format_money(*again) == printed, "the printed form is canonical");
  return 0;
}
