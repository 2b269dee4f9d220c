// The socket's XML commands (gateway/protocol/commands.hpp), the bytes any player sends:
// a parsed command keeps the protocol's bounds, and a refusal carries a SPEC §8 code.
#include <cstdint>

#include "fuzz.hpp"
#include "gateway/protocol/commands.hpp"

namespace {

using namespace croupier;

void check_bets(const gateway::BetCommand& bet) {
  fuzz::check(bet.bets.size() <= gateway::kBetsPerCommandMax, "at most the bets a command holds");
  for (const auto& line : bet.bets) {
    fuzz::check(line.amount.is_positive(), "every stake is positive");
    fuzz::check(!line.spot.empty(), "every bet names a spot");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto parsed = gateway::parse_command(fuzz::text(data, size));
  if (!parsed.ok()) {
    fuzz::check(to_int(parsed.error().code) > 0, "a refusal carries a code");
    return 0;
  }
  if (const auto* bet = std::get_if<gateway::BetCommand>(&*parsed)) check_bets(*bet);
  if (const auto* chat = std::get_if<gateway::ChatCommand>(&*parsed)) {
    auto chars = gateway::chat_chars(chat->text);
    fuzz::check(chars && *chars >= 1 && *chars <= gateway::kChatCharsMax,
                "a chat text is 1 to 200 characters");
  }
  return 0;
}
