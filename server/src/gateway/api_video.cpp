// The tables' live video: GET /video/<table>/<file> serves the HLS stream the table's
// studio writes (studio/studio.hpp, docs/studio.md), to players with a session. Asking for
// it keeps the studio encoding; until the encoder has written its first playlist the
// answer is 404 with Retry-After: 1.
//
// Caching: a playlist changes every second (no-cache); a segment never changes once
// written, its name numbered by the clock (private, an hour, immutable).
#include <algorithm>
#include <cctype>

#include "gateway/api.hpp"
#include "gateway/static_files.hpp"

namespace croupier::gateway {

namespace {

bool rendition_name(std::string_view s) {
  return studio::find_rendition(s) != nullptr;
}

// master.m3u8, <rendition>.m3u8 or <rendition>_<number>.ts.
bool stream_file(std::string_view name) {
  if (name == "master.m3u8") return true;
  if (name.ends_with(".m3u8")) return rendition_name(name.substr(0, name.size() - 5));
  if (!name.ends_with(".ts")) return false;
  const auto stem = name.substr(0, name.size() - 3);
  const auto underscore = stem.rfind('_');
  if (underscore == std::string_view::npos || underscore + 1 == stem.size()) return false;
  const auto number = stem.substr(underscore + 1);
  return number.size() <= 20 &&
         std::all_of(number.begin(), number.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
         rendition_name(stem.substr(0, underscore));
}

Reply video(Ctx& ctx) {
  const std::string path = ctx.url.path();
  const std::string_view rest = std::string_view(path).substr(std::string_view("/video/").size());
  const auto slash = rest.find('/');
  if (slash == std::string_view::npos)
    return error_reply(ctx.req, http::status::not_found, "NOT_FOUND", "no such stream: " + path);
  const std::string table(rest.substr(0, slash));
  const std::string_view file = rest.substr(slash + 1);
  const LiveTable* live = ctx.svc.table(table);
  if (!live)
    return error_reply(ctx.req, http::status::not_found, "NO_SUCH_TABLE", "no table " + table);
  if (!live->studio)
    return error_reply(ctx.req, http::status::not_found, "NO_VIDEO",
                       "table " + table + " has no video");
  if (!stream_file(file))
    return error_reply(ctx.req, http::status::not_found, "NOT_FOUND", "no such stream file");
  if (!table_offered(ctx, *live->def, &ctx.me().player))
    return country_unavailable(ctx, ctx.me().player);
  if (live->studio->health().unavailable()) {
    // The encoder keeps failing, or too many streams run: the client draws the studio.
    StringReply r = error_reply(ctx.req, http::status::service_unavailable, "VIDEO_UNAVAILABLE",
                                "the table's video is unavailable for now");
    r.set(http::field::retry_after, "30");
    r.set(http::field::cache_control, "no-store");
    return r;
  }
  live->studio->touch();
  auto reply = serve_file(ctx.req, live->studio->dir(), "/" + std::string(file));
  if (!reply) {
    StringReply r = error_reply(ctx.req, http::status::not_found, "VIDEO_STARTING",
                                "the stream is starting; ask again in a second");
    r.set(http::field::retry_after, "1");
    r.set(http::field::cache_control, "no-store");
    return r;
  }
  const bool segment = file.ends_with(".ts");
  with_headers(*reply, [segment](auto& h) {
    h.set(http::field::cache_control,
          segment ? "private, max-age=3600, immutable" : "no-cache, no-store");
  });
  return std::move(*reply);
}

}  // namespace

void add_video_routes(Router& router, Services& svc) {
  router.add(http::verb::get, "/video/*", Auth::session, video);
  (void)svc;
}

}  // namespace croupier::gateway
