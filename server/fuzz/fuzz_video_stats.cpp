// The statistics collector's bodies (gateway/video_stats.hpp), sent by any player's
// browser: a report that is taken keeps every field within its bounds.
#include <cstdint>

#include "fuzz.hpp"
#include "gateway/video_stats.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace croupier;
  const std::string_view body = fuzz::text(data, size);
  if (auto meta = gateway::parse_video_meta(body); !meta.ok())
    fuzz::check(!meta.error().empty(), "a refusal says why");
  if (auto stats = gateway::parse_video_stats(body); stats.ok()) {
    fuzz::check(stats->played_ms >= 0 && stats->stall_ms >= 0 && stats->stalls >= 0,
                "no negative time or count");
  } else {
    fuzz::check(!stats.error().empty(), "a refusal says why");
  }
  return 0;
}
