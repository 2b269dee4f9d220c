#include "gateway/http.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/url/parse.hpp>

#include "gateway/ws_frame.hpp"

namespace croupier::gateway {

namespace json = boost::json;

std::string Ctx::param(std::string_view key) const {
  for (auto p : url.params()) {
    if (p.key == key) return std::string(p.value);
  }
  return {};
}

bool Ctx::has_param(std::string_view key) const {
  for (auto p : url.params())
    if (p.key == key) return true;
  return false;
}

std::string Ctx::cookie(std::string_view name) const {
  auto it = req.find(http::field::cookie);
  return it == req.end() ? std::string() : cookie_value(it->value(), name);
}

std::string cookie_value(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    auto semi = header.find(';');
    std::string_view pair = header.substr(0, semi);
    header = semi == std::string_view::npos ? std::string_view() : header.substr(semi + 1);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    auto eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    if (pair.substr(0, eq) == name) {
      std::string_view value = pair.substr(eq + 1);
      while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
        value = value.substr(1, value.size() - 2);
      return std::string(value);
    }
  }
  return {};
}

std::string make_cookie(std::string_view name, std::string_view value, bool http_only, bool secure,
                        bool cross_site) {
  std::string c = std::string(name) + "=" + std::string(value) +
                  "; Path=/; SameSite=" + (cross_site ? "None" : "Lax");
  if (http_only) c += "; HttpOnly";
  if (secure || cross_site) c += "; Secure";
  if (cross_site) c += "; Partitioned";
  return c;
}

StringReply text_reply(const Request& req, http::status status, std::string body,
                       std::string_view content_type) {
  StringReply r{status, req.version()};
  r.set(http::field::content_type, content_type);
  r.set(http::field::cache_control, "no-store");
  r.keep_alive(req.keep_alive());
  r.body() = std::move(body);
  r.prepare_payload();
  return r;
}

StringReply json_reply(const Request& req, http::status status, const json::value& body) {
  return text_reply(req, status, json::serialize(body), "application/json; charset=utf-8");
}

StringReply error_reply(const Request& req, http::status status, std::string_view error,
                        std::string_view message, std::optional<ErrorCode> code) {
  // The message may echo what the request sent (a path, a parameter): JSON is UTF-8.
  json::object body{{"error", error}, {"message", ws::to_valid_utf8(message)}};
  if (code) body["code"] = to_int(*code);
  return json_reply(req, status, body);
}

StringReply code_reply(const Request& req, http::status status, ErrorCode code) {
  std::string error(name(code));
  // SessionExpired -> SESSION_EXPIRED
  std::string upper;
  for (size_t i = 0; i < error.size(); ++i) {
    char c = error[i];
    if (i > 0 && std::isupper(static_cast<unsigned char>(c))) upper += '_';
    upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return error_reply(req, status, upper, meaning(code), code);
}

Result<boost::json::object, StringReply> json_object_body(const Ctx& ctx) {
  auto type = ctx.req.find(http::field::content_type);
  if (type == ctx.req.end() || type->value().find("application/json") != 0) {
    return error_reply(ctx.req, http::status::unsupported_media_type, "JSON_REQUIRED",
                       "send the body as application/json");
  }
  boost::system::error_code ec;
  boost::json::value body = boost::json::parse(ctx.req.body(), ec);
  if (ec || !body.is_object()) {
    return error_reply(ctx.req, http::status::bad_request, "BAD_JSON",
                       "the body must be a JSON object", ErrorCode::ActionFailed);
  }
  return std::move(body.as_object());
}

StringReply redirect_reply(const Request& req, std::string_view location) {
  StringReply r{http::status::found, req.version()};
  r.set(http::field::location, location);
  r.set(http::field::cache_control, "no-store");
  r.keep_alive(req.keep_alive());
  r.prepare_payload();
  return r;
}

}  // namespace croupier::gateway
