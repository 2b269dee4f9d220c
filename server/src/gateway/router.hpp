// Router: turns one HTTP request into one reply. It applies, in order, the per-address
// rate limit, target parsing, the anti-forgery check on every method but GET and HEAD,
// route lookup, the caller's session when the route needs one, and the shared reply
// headers (security headers, the anti-forgery cookie on first contact).
//
// Thread-safe once all routes are added: handle() may run on any io thread at once.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gateway/http.hpp"

namespace croupier::gateway {

enum class Auth {
  none,                // anyone
  session,             // a valid session; else 401 (code 2400 or 10003) or 403 terminated
  session_or_offline,  // as session, but answers the text "offline" (SPEC /api/env/getAll)
  session_passive,     // as session, but not the player's activity (what the page sends by
                       // itself: the video's telemetry), whatever the method
};

using Handler = std::function<Reply(Ctx&)>;

// Where a route's non-GET calls carry the anti-forgery token: the X-XSRF-TOKEN header, or
// also ?xsrf= (navigator.sendBeacon sends no headers of its own).
enum class XsrfIn { header, header_or_query };

inline constexpr std::string_view kSessionCookie = "JSESSIONID";
inline constexpr std::string_view kXsrfCookie = "XSRF-TOKEN";
inline constexpr std::string_view kXsrfHeader = "X-XSRF-TOKEN";

class Router {
 public:
  explicit Router(Services& svc) : svc_(svc) {}

  // A path ending in '*' routes every path that begins with what comes before it.
  void add(http::verb method, std::string path, Auth auth, Handler handler,
           XsrfIn xsrf = XsrfIn::header);
  // Handles every path no route names (static files and client pages).
  void set_fallback(Handler handler) { fallback_ = std::move(handler); }

  Reply handle(const Request& req, const std::string& client_ip);

 private:
  struct Route {
    http::verb method;
    std::string path;
    Auth auth;
    Handler handler;
    XsrfIn xsrf = XsrfIn::header;
  };
  Reply dispatch(Ctx& ctx);
  std::optional<Reply> authenticate(Ctx& ctx, Auth auth);

  Services& svc_;
  std::vector<Route> routes_;
  Handler fallback_;
};

// The session id a request carries: the JSESSIONID cookie, else the JSESSIONID query
// parameter (SPEC section 7: GET calls append the session id).
std::string session_id_of(const Ctx& ctx);

}  // namespace croupier::gateway
