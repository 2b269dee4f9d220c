// The casino file (config/casino.hpp): an operator's typo or a broken deployment must be
// refused with a message, never crash croupierd or load a table that cannot play.
#include <cstdint>

#include "config/casino.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace croupier;
  // No operator's configuration file can be read from here: only the bytes are tried.
  auto casino = config::parse_casino(fuzz::text(data, size), "/nonexistent-croupier-fuzz");
  if (!casino.ok()) {
    fuzz::check(!casino.error().empty(), "a refusal says why");
    return 0;
  }
  fuzz::check(!casino->operators.empty() && !casino->tables.empty(), "a casino has both");
  for (const auto& t : casino->tables) {
    fuzz::check(!t.terms.empty(), "every table plays in some currency");
    fuzz::check(!config::make_engines(t).empty(), "every table has its engines");
  }
  return 0;
}
