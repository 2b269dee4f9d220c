// The player's screen name (SPEC section 7: GET and PUT /api/user/screenName, a POST
// variant too; section 5: the nickname rules and codes 1013, 1014, 1016). The casino
// configuration's restrict_nickname_edit turns changing it off.
#include <boost/json.hpp>

#include "gateway/api.hpp"
#include "gateway/http.hpp"
#include "gateway/nickname.hpp"

namespace croupier::gateway {

namespace json = boost::json;
namespace http = boost::beast::http;
using V = http::verb;

namespace {

bool editable(Services& svc, const store::Player& p) {
  const auto* op = svc.casino.find_operator(p.operator_id);
  return !(op && config::casino_flag(*op, "restrict_nickname_edit"));
}

json::object name_json(Services& svc, const store::Player& p) {
  return json::object{{"screenName", p.screen_name},
                      {"editable", editable(svc, p)},
                      {"minLength", kNicknameMin},
                      {"maxLength", kNicknameMax}};
}

// SPEC section 5's nickname codes are not in the section 8 catalogue: the body is built here.
StringReply refuse(const Ctx& ctx, http::status status, std::string_view error,
                   std::string_view message, int code) {
  return json_reply(ctx.req, status,
                    json::object{{"error", error}, {"message", message}, {"code", code}});
}

Reply get_name(Ctx& ctx) {
  return json_reply(ctx.req, http::status::ok, name_json(ctx.svc, ctx.me().player));
}

Reply set_name(Ctx& ctx) {
  store::Player p = ctx.me().player;
  if (!editable(ctx.svc, p)) {
    return refuse(ctx, http::status::forbidden, "NICKNAME_EDIT_RESTRICTED",
                  "this casino does not let players change their screen name", 2001);
  }
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::value* name = body->if_contains("screenName");
  if (!name || !name->is_string())
    return refuse(ctx, http::status::bad_request, "BAD_SCREEN_NAME", "screenName must be a string",
                  2001);
  // Composed first: the length counts letters as they show, and the stored name is one form.
  const std::string chosen = nickname_nfc(name->as_string());
  if (auto problem = nickname_problem(chosen)) {
    return refuse(ctx, http::status::bad_request,
                  *problem == NicknameProblem::length ? "NICKNAME_LENGTH" : "NICKNAME_CHARACTERS",
                  "a screen name is 2 to 20 letters, digits or combining marks", 1013);
  }
  const std::string key = nickname_key(chosen);
  if (key == nickname_key(p.screen_name)) {
    return refuse(ctx, http::status::bad_request, "NICKNAME_UNCHANGED",
                  "that is the current screen name", 1016);
  }
  if (!ctx.svc.store.set_screen_name(p.id, chosen, key, ctx.svc.clock.wall_ms())) {
    return refuse(ctx, http::status::conflict, "NICKNAME_TAKEN",
                  "another player has that screen name", 1014);
  }
  p.screen_name = chosen;
  // Chat and seats show the name the session holds: every session of the player sees it.
  ctx.svc.sessions.update_player(p);
  return json_reply(ctx.req, http::status::ok, name_json(ctx.svc, p));
}

}  // namespace

void add_user_routes(Router& router, Services&) {
  router.add(V::get, "/api/user/screenName", Auth::session, get_name);
  router.add(V::put, "/api/user/screenName", Auth::session, set_name);
  router.add(V::post, "/api/user/screenName", Auth::session, set_name);
}

}  // namespace croupier::gateway
