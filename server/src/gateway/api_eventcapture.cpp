// The statistics collector (SPEC §7; docs/studio.md "Telemetry"), at the statsCollector
// address env/getAll gives (<base>/eventcapture):
//   GET  /eventcapture/settings           whether to report, the caller's address, how often
//   POST /eventcapture/videosessionmeta   a video session opened: the device it plays on
//   POST /eventcapture/v2/videostats      a playback report (MediaSource players)
//   POST /eventcapture/videostats/ios     the same from a native HLS player
//   PUT  /quality/video                   the player chose another video quality
// The POSTs come by navigator.sendBeacon, which sends no headers of its own: they carry the
// anti-forgery token as ?xsrf= instead (Router::add with xsrf_in_query). Each answers 204.
// Reports are stored (bounded: the newest video_stats_rows_max) and counted in /metrics:
// played and stalled seconds and the start-up time and delay from the studio, by rendition.
#include <atomic>

#include "core/metrics.hpp"
#include "gateway/api.hpp"
#include "gateway/rate_limit.hpp"
#include "gateway/video_stats.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

constexpr int64_t kKeepMs = 7 * 86'400'000LL;

StringReply no_content(const Ctx& ctx) {
  StringReply r{http::status::no_content, ctx.req.version()};
  r.keep_alive(ctx.req.keep_alive());
  return r;
}

// The body, if it is within the collector's bound.
std::optional<StringReply> too_large(const Ctx& ctx) {
  if (ctx.req.body().size() <= kVideoBodyMax) return std::nullopt;
  return error_reply(ctx.req, http::status::payload_too_large, "BODY_TOO_LARGE",
                     "a report is at most " + std::to_string(kVideoBodyMax) + " bytes");
}

StringReply bad_report(const Ctx& ctx, const std::string& why) {
  return error_reply(ctx.req, http::status::bad_request, "BAD_REPORT", why,
                     ErrorCode::ActionFailed);
}

StringReply no_table(const Ctx& ctx, const std::string& id) {
  return error_reply(ctx.req, http::status::bad_request, "BAD_REPORT", "no table " + id,
                     ErrorCode::ActionFailed);
}

Reply settings(Ctx& ctx) {
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"captureVideoEvent", ctx.svc.settings.capture_video_events},
                                 {"ipAddress", ctx.client_ip},
                                 {"statsIntervalMs", ctx.svc.settings.video_stats_interval_ms}});
}

// A client reports once when it opens a stream and every few seconds while it plays: a
// player's reports are limited to a few a second at most, so that no one fills the store.
std::optional<StringReply> too_often(const Ctx& ctx) {
  static RateLimiter limiter(1.0, 20);
  if (limiter.allow(std::to_string(ctx.me().player.id), ctx.svc.clock.wall_ms()))
    return std::nullopt;
  StringReply r = error_reply(ctx.req, http::status::too_many_requests, "RATE_LIMITED",
                              "too many reports; slow down", ErrorCode::ActionFailed);
  r.set(http::field::retry_after, "1");
  return r;
}

Reply session_meta(Ctx& ctx) {
  if (auto r = too_large(ctx)) return std::move(*r);
  if (auto r = too_often(ctx)) return std::move(*r);
  auto parsed = parse_video_meta(ctx.req.body());
  if (!parsed.ok()) return bad_report(ctx, parsed.error());
  store::VideoSessionMeta meta = *parsed;
  if (!ctx.svc.table(meta.table_id)) return no_table(ctx, meta.table_id);
  if (!ctx.svc.settings.capture_video_events) return no_content(ctx);
  meta.player_id = ctx.me().player.id;
  meta.started_ms = ctx.svc.clock.wall_ms();
  ctx.svc.store.add_video_session(meta);
  metrics::registry()
      .counter("croupier_video_sessions_total", "Video sessions the clients opened.")
      .inc();
  return no_content(ctx);
}

// Keeps the store within video_stats_rows_max: a trim after every tenth of it (and one
// with the housekeeping every half minute, app/server.cpp).
void trim_now_and_then(Services& svc) {
  static std::atomic<size_t> since_trim{0};
  const size_t every = std::max<size_t>(1, svc.settings.video_stats_rows_max / 10);
  if (since_trim.fetch_add(1) + 1 < every) return;
  since_trim = 0;
  svc.store.trim_video_stats(svc.settings.video_stats_rows_max, svc.clock.wall_ms(), kKeepMs);
}

Reply stats(Ctx& ctx, bool native) {
  if (auto r = too_large(ctx)) return std::move(*r);
  if (auto r = too_often(ctx)) return std::move(*r);
  auto parsed = parse_video_stats(ctx.req.body());
  if (!parsed.ok()) return bad_report(ctx, parsed.error());
  store::VideoStatsRow r = *parsed;
  const store::VideoStatsRow* row = &r;
  if (!ctx.svc.table(r.table_id)) return no_table(ctx, r.table_id);
  if (!ctx.svc.settings.capture_video_events) return no_content(ctx);
  r.player_id = ctx.me().player.id;
  r.received_ms = ctx.svc.clock.wall_ms();
  r.native = native;
  ctx.svc.store.add_video_stats(r);
  trim_now_and_then(ctx.svc);

  auto& reg = metrics::registry();
  const std::string label = "rendition=\"" + row->rendition + "\"";
  reg.counter("croupier_video_played_ms_total", "Video played by the clients, in ms.", label)
      .inc(static_cast<uint64_t>(row->played_ms));
  reg.counter("croupier_video_stalled_ms_total",
              "Video stalled (waiting for data) at the clients, in ms.", label)
      .inc(static_cast<uint64_t>(row->stall_ms));
  reg.counter("croupier_video_stalls_total", "Stalls of the clients' video.", label)
      .inc(static_cast<uint64_t>(row->stalls));
  if (row->startup_ms)
    reg.histogram("croupier_video_startup_seconds", "From opening a stream to its first frame.",
                  metrics::latency_buckets(), label)
        .observe(static_cast<double>(*row->startup_ms) / 1000);
  if (row->latency_ms)
    reg.histogram("croupier_video_delay_seconds", "From the studio to the player's screen.",
                  {0.5, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30}, label)
        .observe(static_cast<double>(*row->latency_ms) / 1000);
  return no_content(ctx);
}

Reply quality(Ctx& ctx) {
  if (auto r = too_large(ctx)) return std::move(*r);
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  auto* table = body->if_contains("tableId");
  auto* q = body->if_contains("quality");
  if (!table || !table->is_string() || !ctx.svc.table(table->as_string()))
    return bad_report(ctx, "tableId must name a table");
  if (!q || !q->is_string() ||
      (q->as_string() != "auto" && !studio::find_rendition(q->as_string())))
    return bad_report(ctx, "quality must be auto, high, medium or low");
  metrics::registry()
      .counter("croupier_video_quality_choices_total", "Video qualities the players chose.",
               "quality=\"" + std::string(q->as_string()) + "\"")
      .inc();
  return no_content(ctx);
}

}  // namespace

void add_eventcapture_routes(Router& router, Services& svc) {
  using V = http::verb;
  router.add(V::get, "/eventcapture/settings", Auth::session, settings);
  router.add(V::post, "/eventcapture/videosessionmeta", Auth::session_passive, session_meta,
             XsrfIn::header_or_query);
  router.add(
      V::post, "/eventcapture/v2/videostats", Auth::session_passive,
      [](Ctx& ctx) { return stats(ctx, false); }, XsrfIn::header_or_query);
  router.add(
      V::post, "/eventcapture/videostats/ios", Auth::session_passive,
      [](Ctx& ctx) { return stats(ctx, true); }, XsrfIn::header_or_query);
  router.add(V::put, "/quality/video", Auth::session, quality);
  (void)svc;
}

}  // namespace croupier::gateway
