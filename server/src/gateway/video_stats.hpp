// The statistics collector's reports (SPEC §7, docs/studio.md "Telemetry"): what a client
// may say about a video session and its playback, checked field by field. Bodies are JSON
// objects (sent as text/plain by navigator.sendBeacon, or application/json) of at most
// kVideoBodyMax bytes; every text is short and every figure bounded, so a report can
// neither bloat the store nor skew the metrics. Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "core/result.hpp"
#include "store/store.hpp"

namespace croupier::gateway {

inline constexpr size_t kVideoBodyMax = 4096;

// videosessionmeta: videoSessionId and tableId required; the device's description optional.
// The player and the time are the caller's to fill in.
Result<store::VideoSessionMeta, std::string> parse_video_meta(std::string_view body);

// v2/videostats and videostats/ios: videoSessionId, tableId and rendition required; the
// figures (counts since the previous report) default to 0, startupMs and latencyMs to none.
Result<store::VideoStatsRow, std::string> parse_video_stats(std::string_view body);

}  // namespace croupier::gateway
