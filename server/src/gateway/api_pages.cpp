// Pages: "/", the client's routes under /play/, static files, and the operations
// endpoints (/healthz, /readyz, /metrics).
#include <algorithm>
#include <boost/json.hpp>

#include "config/languages.hpp"
#include "core/crypto.hpp"
#include "core/log.hpp"
#include "core/metrics.hpp"
#include "gateway/api.hpp"
#include "gateway/static_files.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

// A newcomer on the demo casino: a guest player with fun money and a session, so that
// opening the page is enough to play.
std::optional<AuthedSession> create_guest(Ctx& ctx) {
  const config::Operator* op = ctx.svc.casino.demo_operator();
  if (!op) return std::nullopt;
  if (location_refusal(ctx, *op, nullptr)) return std::nullopt;  // the page says why
  std::string token = crypto::random_token(12);
  store::PlayerUpsert p;
  p.operator_id = op->id;
  p.external_id = "guest-" + token;
  uint32_t digits = 0;
  for (char c : token) digits = digits * 31 + static_cast<unsigned char>(c);
  p.screen_name = "Guest" + std::to_string(1000 + digits % 9000);
  p.currency = op->currency;
  p.language = config::normalise_language(ctx.param("lang")).value_or("en");
  auto [player, created] = ctx.svc.store.upsert_player(p, ctx.svc.clock.wall_ms());
  welcome_new_player(ctx.svc, *op, player);
  AuthedSession session = ctx.svc.sessions.create(player, "{}");
  ctx.set_cookies.push_back(make_cookie(kSessionCookie, session.id, true,
                                        ctx.svc.settings.secure_cookies,
                                        ctx.svc.settings.cross_site_embedding));
  log::info("guest created", {{"player", player.id}, {"operator", op->id}});
  return session;
}

// The caller's session, or a new guest session when there is none (or it expired) and
// the casino has a demo operator. A terminated session is left alone: the client then
// learns of the restriction from its first API call.
void ensure_session(Ctx& ctx) {
  auto r = ctx.svc.sessions.authenticate(session_id_of(ctx));
  if (r.ok()) {
    ctx.session = r.value();
    return;
  }
  if (r.error() == AuthFailure::terminated) return;
  ctx.session = create_guest(ctx);
}

Reply client_page(Ctx& ctx) {
  auto page = serve_file(ctx.req, ctx.svc.settings.static_dir, "/index.html");
  if (!page) {
    return error_reply(ctx.req, http::status::service_unavailable, "CLIENT_NOT_BUILT",
                       "the client is not built: run 'make build' (looked in " +
                           ctx.svc.settings.static_dir + ")");
  }
  return std::move(*page);
}

// The location page for a caller whose country the operator's rules keep out (the session's
// operator, else the demo operator a guest would belong to); nullopt when they may play.
std::optional<std::string> refused_location(Ctx& ctx) {
  const config::Operator* op = ctx.session
                                   ? ctx.svc.casino.find_operator(ctx.session->player.operator_id)
                                   : ctx.svc.casino.demo_operator();
  const store::Player* player = ctx.session ? &ctx.session->player : nullptr;
  if (!op || !location_refusal(ctx, *op, player)) return std::nullopt;
  return location_page(op, ErrorCode::LocationRestricted,
                       ctx.has_param("lang") ? ctx.param("lang")
                       : player              ? player->language
                                             : std::string());
}

Reply page(Ctx& ctx) {
  const std::string path = ctx.url.path();
  if (path == "/" || path == "/index.html") {
    ensure_session(ctx);
    if (auto page = refused_location(ctx)) return redirect_reply(ctx.req, *page);
    if (!ctx.session) {
      // No guests here: players of an operator with accounts log in; anyone else has no way in.
      const bool accounts =
          std::any_of(ctx.svc.casino.operators.begin(), ctx.svc.casino.operators.end(),
                      [](const auto& op) { return op.accounts.enabled; });
      return redirect_reply(ctx.req, accounts ? "/play/login" : "/play/error?code=EV01");
    }
    const config::Operator* op = ctx.svc.casino.find_operator(ctx.session->player.operator_id);
    return redirect_reply(ctx.req, op ? op->landing : "/play/lobby");
  }
  if (path == "/play" || path.rfind("/play/", 0) == 0) {
    // The error, login and location pages need no session: no guest is made for them.
    if (path != "/play/error" && path != "/play/login" && path != "/play/location-restrictions") {
      ensure_session(ctx);
      if (auto page = refused_location(ctx)) return redirect_reply(ctx.req, *page);
    }
    return client_page(ctx);
  }
  // The studio console (docs/studio.md): the client's page, without a player's session.
  if ((path == "/studio" || path.rfind("/studio/", 0) == 0) && path.rfind("/studio/api/", 0) != 0)
    return client_page(ctx);
  if (auto file = serve_file(ctx.req, ctx.svc.settings.static_dir, path)) return std::move(*file);
  return error_reply(ctx.req, http::status::not_found, "NOT_FOUND", "no such path: " + path);
}

}  // namespace

void set_page_fallback(Router& router, Services& svc) {
  router.set_fallback(page);
  (void)svc;
}

void add_ops_routes(Router& router, Services& svc) {
  router.add(http::verb::get, "/healthz", Auth::none, [](Ctx& ctx) -> Reply {
    return json_reply(ctx.req, http::status::ok, json::object{{"status", "ok"}});
  });
  router.add(http::verb::get, "/readyz", Auth::none, [](Ctx& ctx) -> Reply {
    bool ready = ctx.svc.ready.load() && !ctx.svc.draining.load();
    return json_reply(
        ctx.req, ready ? http::status::ok : http::status::service_unavailable,
        json::object{{"status", ready ? "ready" : (ctx.svc.draining ? "draining" : "starting")},
                     {"tables", ctx.svc.tables.size()}});
  });
  router.add(http::verb::get, "/metrics", Auth::none, [](Ctx& ctx) -> Reply {
    for (const auto& [id, live] : ctx.svc.tables) {
      metrics::registry()
          .gauge("croupier_table_subscribers", "Connections following a table.",
                 "table=\"" + id + "\"")
          .set(static_cast<int64_t>(live.channel->subscriber_count()));
      metrics::registry()
          .gauge("croupier_table_history_bytes",
                 "Bytes of a table's events kept for resuming (--history-bytes-max).",
                 "table=\"" + id + "\"")
          .set(static_cast<int64_t>(live.channel->history_bytes()));
    }
    return text_reply(ctx.req, http::status::ok, metrics::registry().render(),
                      "text/plain; version=0.0.4; charset=utf-8");
  });
  (void)svc;
}

}  // namespace croupier::gateway
