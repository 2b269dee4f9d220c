// A cluster's requests to a table's owner (gateway/table_codec.hpp), read off the bus: what
// decodes encodes to text that decodes and encodes the same again. A bet's answer likewise.
#include <cstdint>
#include <variant>

#include "fuzz.hpp"
#include "gateway/table_codec.hpp"

namespace {

using namespace croupier::gateway::table_codec;

std::string encode_request(const Request& r) {
  return std::visit(
      [](const auto& op) -> std::string {
        using T = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<T, Sit>)
          return encode_sit(op.player, op.who, op.seat);
        else if constexpr (std::is_same_v<T, Leave>)
          return encode_leave(op.player, op.seat);
        else if constexpr (std::is_same_v<T, Prefs>)
          return encode_prefs(op.player, op.prefs);
        else if constexpr (std::is_same_v<T, Chat>)
          return encode_chat(op.player, op.who, op.text, op.role);
        else if constexpr (std::is_same_v<T, Squeeze>)
          return encode_squeeze(op.player, op.index, op.progress);
        else if constexpr (std::is_same_v<T, Closing>)
          return encode_closing(op.minutes);
        else if constexpr (std::is_same_v<T, Snapshot>)
          return encode_snapshot(op.player);
        else
          return encode(op.cmd);
      },
      r);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace croupier;
  const std::string_view text = fuzz::text(data, size);
  if (auto request = decode_request(text)) {
    const std::string once = encode_request(*request);
    auto again = decode_request(once);
    fuzz::check(again.has_value(), "an encoded request decodes");
    fuzz::check(encode_request(*again) == once, "a request's encoding is stable");
  }
  if (auto ack = decode_bet_ack(text)) {
    const std::string once = encode(*ack);
    auto again = decode_bet_ack(once);
    fuzz::check(again.has_value(), "an encoded bet answer decodes");
    fuzz::check(encode(*again) == once, "a bet answer's encoding is stable");
  }
  return 0;
}
