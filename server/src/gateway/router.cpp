#include "gateway/router.hpp"

#include <boost/url/parse.hpp>

#include "core/crypto.hpp"
#include "core/metrics.hpp"
#include "gateway/protocol/commands.hpp"
#include "gateway/services.hpp"

namespace croupier::gateway {

namespace {

void count(http::status status) {
  std::string label = "code=\"" + std::to_string(static_cast<int>(status)) + "\"";
  metrics::registry()
      .counter("croupier_http_requests_total", "HTTP requests by status.", label)
      .inc();
}

// HEAD: the headers of the GET reply without its body.
StringReply head_of_string(StringReply reply) {
  StringReply head;
  head.base() = reply.base();
  head.content_length(reply.payload_size().value_or(0));
  return head;
}

Reply head_of(Reply reply) {
  if (auto* later = std::get_if<LaterReply>(&reply)) {
    return LaterReply{[start = std::move(later->start)](std::function<void(StringReply)> send) {
      start([send = std::move(send)](StringReply r) { send(head_of_string(std::move(r))); });
    }};
  }
  StringReply head;
  std::visit(
      [&](auto& m) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(m)>, LaterReply>) {
          head.base() = m.base();
          head.content_length(m.payload_size().value_or(0));
        }
      },
      reply);
  return head;
}

// A route's path names one path, or ends in '*' and names every path it begins.
bool route_matches(std::string_view route, std::string_view path) {
  if (!route.empty() && route.back() == '*')
    return path.starts_with(route.substr(0, route.size() - 1));
  return route == path;
}

}  // namespace

std::string session_id_of(const Ctx& ctx) {
  std::string id = ctx.cookie(kSessionCookie);
  // SPEC section 7: GET calls carry the session id as a parameter; nothing else may (a
  // POST or PUT acts for the player, and rides on the HttpOnly cookie only).
  const bool reads = ctx.req.method() == http::verb::get || ctx.req.method() == http::verb::head;
  if (id.empty() && reads) id = ctx.param(kSessionCookie);
  return id;
}

void Router::add(http::verb method, std::string path, Auth auth, Handler handler, XsrfIn xsrf) {
  routes_.push_back({method, std::move(path), auth, std::move(handler), xsrf});
}

std::optional<Reply> Router::authenticate(Ctx& ctx, Auth auth) {
  if (auth == Auth::none) return std::nullopt;
  // What the player does (a POST, a PUT) counts as activity for the inactivity timeout;
  // what the page reads by itself (balance, statistics after a result) does not.
  const bool reads = ctx.req.method() == http::verb::get || ctx.req.method() == http::verb::head;
  auto r = reads || auth == Auth::session_passive ? svc_.sessions.peek(session_id_of(ctx))
                                                  : svc_.sessions.authenticate(session_id_of(ctx));
  if (r.ok()) {
    ctx.session = r.value();
    return std::nullopt;
  }
  if (auth == Auth::session_or_offline && r.error() != AuthFailure::terminated) {
    return text_reply(ctx.req, http::status::ok, "offline", "text/plain; charset=utf-8");
  }
  switch (r.error()) {
    case AuthFailure::terminated:
      return error_reply(ctx.req, http::status::forbidden, "SESSION_TERMINATED",
                         "session terminated: the account is restricted",
                         ErrorCode::AccountDisabled);
    case AuthFailure::replaced:
      return code_reply(ctx.req, http::status::unauthorized, ErrorCode::LoggedInElsewhere);
    case AuthFailure::missing:
    case AuthFailure::expired:
      break;
  }
  return code_reply(ctx.req, http::status::unauthorized, ErrorCode::SessionExpired);
}

Reply Router::dispatch(Ctx& ctx) {
  const Request& req = ctx.req;
  const std::string path = ctx.url.path();
  const http::verb method = req.method() == http::verb::head ? http::verb::get : req.method();

  if (method != http::verb::get) {
    // Double submit: the header must repeat the cookie, which another site cannot read.
    std::string cookie = ctx.cookie(kXsrfCookie);
    auto header = req.find(kXsrfHeader);
    bool ok = !cookie.empty() && header != req.end() &&
              crypto::constant_time_equal(cookie, header->value());
    if (!ok && !cookie.empty() && ctx.has_param("xsrf")) {
      for (const Route& route : routes_)
        if (route.xsrf == XsrfIn::header_or_query && route.method == method &&
            route_matches(route.path, path))
          ok = crypto::constant_time_equal(cookie, ctx.param("xsrf"));
    }
    if (!ok) {
      return error_reply(req, http::status::forbidden, "XSRF_TOKEN_MISMATCH",
                         "the X-XSRF-TOKEN header must repeat the XSRF-TOKEN cookie");
    }
  }
  if (ctx.has_param("game_mode") && !valid_game_mode(ctx.param("game_mode"))) {
    return error_reply(req, http::status::bad_request, "BAD_GAME_MODE",
                       "game_mode must look like roulette_desktop or lobby_mobile");
  }

  bool path_known = false;
  for (const Route& route : routes_) {
    if (!route_matches(route.path, path)) continue;
    path_known = true;
    if (route.method != method) continue;
    if (auto refused = authenticate(ctx, route.auth)) return std::move(*refused);
    return route.handler(ctx);
  }
  if (path_known) {
    std::string allow;
    for (const Route& route : routes_)
      if (route_matches(route.path, path))
        allow += (allow.empty() ? "" : ", ") + std::string(http::to_string(route.method));
    StringReply r = error_reply(req, http::status::method_not_allowed, "METHOD_NOT_ALLOWED",
                                "use " + allow + " for " + path);
    r.set(http::field::allow, allow);
    return r;
  }
  if (method == http::verb::get && fallback_ && path.rfind("/api/", 0) != 0) return fallback_(ctx);
  return error_reply(req, http::status::not_found, "NOT_FOUND", "no such path: " + path);
}

namespace {

// What every reply carries, a refusal before any route included.
template <class Header>
void set_shared_headers(Header& h) {
  h.set(http::field::server, "croupierd");
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "same-origin");
}

}  // namespace

Reply Router::handle(const Request& req, const std::string& client_ip) {
  // A player's video polls its playlist and fetches a segment every second: those are not
  // counted against the address (an office of viewers behind one NAT), only a session opens
  // them, and each is one small file.
  const bool video = req.target().starts_with("/video/");
  if (!video && !svc_.http_limiter.allow(client_ip, svc_.clock.wall_ms())) {
    Reply r = error_reply(req, http::status::too_many_requests, "RATE_LIMITED",
                          "too many requests; slow down and retry", ErrorCode::ActionFailed);
    with_headers(r, [](auto& h) {
      h.set(http::field::retry_after, "1");
      set_shared_headers(h);
    });
    count(http::status::too_many_requests);
    return r;
  }
  auto target = boost::urls::parse_origin_form(req.target());
  if (!target) {
    count(http::status::bad_request);
    StringReply r = error_reply(req, http::status::bad_request, "BAD_TARGET",
                                "the request target is not a valid path");
    set_shared_headers(r.base());
    return r;
  }
  Ctx ctx{svc_, req, *target, client_ip, std::nullopt, {}};
  Reply reply = dispatch(ctx);

  std::vector<std::string> cookies = std::move(ctx.set_cookies);
  if (ctx.cookie(kXsrfCookie).empty()) {
    cookies.push_back(make_cookie(kXsrfCookie, crypto::random_token(24), false,
                                  svc_.settings.secure_cookies,
                                  svc_.settings.cross_site_embedding));
  }
  with_headers(reply, [cookies = std::move(cookies)](auto& h) {
    for (const auto& c : cookies) h.insert(http::field::set_cookie, c);
    set_shared_headers(h);
    count(h.result());
  });
  if (req.method() == http::verb::head) return head_of(std::move(reply));
  return reply;
}

}  // namespace croupier::gateway
