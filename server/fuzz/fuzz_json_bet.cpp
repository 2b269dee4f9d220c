// A bet sent as a JSON body (POST /api/ui/megawheel/placebet): any bytes through the JSON
// parser, then the bet's rules, as the HTTP handler takes them.
#include <boost/json.hpp>
#include <cstdint>

#include "fuzz.hpp"
#include "gateway/protocol/commands.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace croupier;
  boost::system::error_code ec;
  boost::json::value v = boost::json::parse(fuzz::text(data, size), ec);
  if (ec || !v.is_object()) return 0;
  auto parsed = gateway::parse_json_bet(v.as_object());
  if (!parsed.ok()) {
    fuzz::check(to_int(parsed.error().code) > 0, "a refusal carries a code");
    return 0;
  }
  fuzz::check(parsed->bets.size() <= gateway::kBetsPerCommandMax, "bounded bets");
  for (const auto& line : parsed->bets) fuzz::check(line.amount.is_positive(), "positive stakes");
  return 0;
}
