// HTTP plumbing shared by the router, the handlers and the sessions: the request
// context a handler sees, the reply type, JSON and error replies, cookies.
//
// Error bodies always have the same shape:
//   {"error": "SESSION_EXPIRED", "code": 2400, "message": "session expired, log in again"}
// where "code" is present when a SPEC section 8 code fits. Pure helpers, thread-safe.
#pragma once

#include <boost/beast/http.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/url/url_view.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/error_code.hpp"
#include "core/result.hpp"
#include "gateway/sessions.hpp"

namespace croupier::gateway {

namespace http = boost::beast::http;

using Request = http::request<http::string_body>;
using StringReply = http::response<http::string_body>;
using FileReply = http::response<http::file_body>;
// A reply that comes later, when a table has answered (a bet sent over HTTP): the handler
// returns at once and the session calls `start` with the function that sends the reply.
// That function must be called exactly once, from any thread. (A GET that defers, the
// balance asked of an operator's wallet, answers a HEAD with the headers alone.)
struct LaterReply {
  std::function<void(std::function<void(StringReply)>)> start;
};
using Reply = std::variant<StringReply, FileReply, LaterReply>;

struct Services;

// What a handler gets: the request, its parsed target, and the caller's session when
// the route requires one.
struct Ctx {
  Services& svc;
  const Request& req;
  boost::urls::url_view url;
  std::string client_ip;
  std::optional<AuthedSession> session;
  std::vector<std::string> set_cookies;  // Set-Cookie values to add to the reply

  // A query parameter, percent-decoded; empty when absent.
  std::string param(std::string_view key) const;
  bool has_param(std::string_view key) const;
  std::string cookie(std::string_view name) const;
  const AuthedSession& me() const { return *session; }
};

// The value of cookie `name` in a Cookie header, or empty.
std::string cookie_value(std::string_view header, std::string_view name);

// "name=value; Path=/; SameSite=Lax" plus HttpOnly and Secure when asked.
// SameSite=Lax; with `cross_site`, SameSite=None; Secure; Partitioned (a frame on another
// site: the cookie is kept per embedding site).
std::string make_cookie(std::string_view name, std::string_view value, bool http_only, bool secure,
                        bool cross_site = false);

StringReply json_reply(const Request& req, http::status status, const boost::json::value& body);
StringReply text_reply(const Request& req, http::status status, std::string body,
                       std::string_view content_type);
StringReply error_reply(const Request& req, http::status status, std::string_view error,
                        std::string_view message, std::optional<ErrorCode> code = std::nullopt);
StringReply code_reply(const Request& req, http::status status, ErrorCode code);
// The request's body as a JSON object: 415 JSON_REQUIRED without Content-Type
// application/json, 400 BAD_JSON (code 2001) when it is not an object.
Result<boost::json::object, StringReply> json_object_body(const Ctx& ctx);
StringReply redirect_reply(const Request& req, std::string_view location);

// Applies `fn(header&)` to a reply; to a later one when it is sent, so `fn` must own what it
// uses.
template <class Fn>
void with_headers(Reply& reply, Fn fn) {
  if (auto* later = std::get_if<LaterReply>(&reply)) {
    later->start = [start = std::move(later->start), fn](std::function<void(StringReply)> send) {
      start([send = std::move(send), fn](StringReply r) mutable {
        fn(r.base());
        send(std::move(r));
      });
    };
    return;
  }
  std::visit(
      [&](auto& r) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(r)>, LaterReply>) fn(r.base());
      },
      reply);
}

}  // namespace croupier::gateway
