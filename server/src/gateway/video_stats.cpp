#include "gateway/video_stats.hpp"

#include <boost/json.hpp>
#include <cctype>

#include "studio/encoder.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

struct Bad {
  std::string message;
};

json::object object_of(std::string_view body) {
  if (body.size() > kVideoBodyMax)
    throw Bad{"the body is over " + std::to_string(kVideoBodyMax) + " bytes"};
  boost::system::error_code ec;
  json::value v = json::parse(body, ec);
  if (ec || !v.is_object()) throw Bad{"the body must be a JSON object"};
  return std::move(v.as_object());
}

// A printable text of at most `max` bytes; "" when absent and not required.
std::string text(const json::object& o, std::string_view key, size_t max, bool required) {
  auto it = o.find(key);
  if (it == o.end() || it->value().is_null()) {
    if (required) throw Bad{std::string(key) + " is required"};
    return {};
  }
  if (!it->value().is_string()) throw Bad{std::string(key) + " must be text"};
  std::string s(it->value().as_string());
  if (s.size() > max) throw Bad{std::string(key) + " is over " + std::to_string(max) + " bytes"};
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) throw Bad{std::string(key) + " has a control character"};
  if (required && s.empty()) throw Bad{std::string(key) + " is required"};
  return s;
}

// An id of 8-64 letters, digits, '-' and '_'.
std::string id(const json::object& o, std::string_view key) {
  std::string s = text(o, key, 64, true);
  if (s.size() < 8) throw Bad{std::string(key) + " must be 8 to 64 characters"};
  for (unsigned char c : s)
    if (!std::isalnum(c) && c != '-' && c != '_')
      throw Bad{std::string(key) + " must be letters, digits, - and _"};
  return s;
}

std::string table_id(const json::object& o) {
  std::string s = text(o, "tableId", 32, true);
  for (unsigned char c : s)
    if (!std::islower(c) && !std::isdigit(c) && c != '-') throw Bad{"tableId is not a table's id"};
  return s;
}

std::optional<int64_t> figure(const json::object& o, std::string_view key, int64_t max) {
  auto it = o.find(key);
  if (it == o.end() || it->value().is_null()) return std::nullopt;
  const json::value& v = it->value();
  int64_t n = 0;
  if (v.is_int64()) {
    n = v.as_int64();
  } else if (v.is_uint64() && v.as_uint64() <= static_cast<uint64_t>(max)) {
    n = static_cast<int64_t>(v.as_uint64());
  } else if (v.is_double() && v.as_double() >= 0 && v.as_double() <= static_cast<double>(max)) {
    n = static_cast<int64_t>(v.as_double());
  } else {
    throw Bad{std::string(key) + " must be a number from 0 to " + std::to_string(max)};
  }
  if (n < 0 || n > max)
    throw Bad{std::string(key) + " must be a number from 0 to " + std::to_string(max)};
  return n;
}

constexpr int64_t kHourMs = 3'600'000;

}  // namespace

Result<store::VideoSessionMeta, std::string> parse_video_meta(std::string_view body) {
  try {
    const json::object o = object_of(body);
    store::VideoSessionMeta m;
    m.id = id(o, "videoSessionId");
    m.table_id = table_id(o);
    m.browser = text(o, "browser", 64, false);
    m.os = text(o, "os", 64, false);
    m.device = text(o, "device", 64, false);
    m.country = text(o, "country", 8, false);
    m.carrier = text(o, "carrier", 64, false);
    m.resolution = text(o, "resolution", 16, false);
    return m;
  } catch (const Bad& b) {
    return b.message;
  }
}

Result<store::VideoStatsRow, std::string> parse_video_stats(std::string_view body) {
  try {
    const json::object o = object_of(body);
    store::VideoStatsRow r;
    r.session_id = id(o, "videoSessionId");
    r.table_id = table_id(o);
    r.rendition = text(o, "rendition", 16, true);
    if (!studio::find_rendition(r.rendition)) throw Bad{"rendition must be high, medium or low"};
    // A report covers at most an hour of playback (the client sends one every few seconds).
    r.bitrate_kbps = figure(o, "bitrateKbps", 1'000'000).value_or(0);
    r.stalls = figure(o, "stalls", 100'000).value_or(0);
    r.stall_ms = figure(o, "stallMs", kHourMs).value_or(0);
    r.played_ms = figure(o, "playedMs", kHourMs).value_or(0);
    r.dropped = figure(o, "droppedFrames", 1'000'000).value_or(0);
    r.startup_ms = figure(o, "startupMs", 10 * 60'000);
    r.latency_ms = figure(o, "latencyMs", 10 * 60'000);
    return r;
  } catch (const Bad& b) {
    return b.message;
  }
}

}  // namespace croupier::gateway
