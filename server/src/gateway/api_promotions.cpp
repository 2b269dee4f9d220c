// Promotions' calls (docs/protocol.md "Promotions"): the player's promotions, opting in
// and out, and the token of the promotions socket.
#include <boost/json.hpp>

#include "gateway/api.hpp"
#include "gateway/jwt.hpp"
#include "gateway/promotions.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

Reply token(Ctx& ctx) {
  const int64_t now = ctx.svc.clock.wall_ms();
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"jwtToken", sign_player_token(ctx.svc.promotions->token_secret(),
                                                                ctx.me().player.id, now)},
                                 {"expiresAt", now + kPlayerTokenTtlMs}});
}

Reply opt(Ctx& ctx) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::value* id = body->if_contains("promotionId");
  const json::value* in = body->if_contains("optIn");
  if (!id || !id->is_string() || !in || !in->is_bool()) {
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       "promotionId names a promotion and optIn is true or false",
                       ErrorCode::ActionFailed);
  }
  auto [result, promotion] =
      ctx.svc.promotions->opt(ctx.me().player, id->as_string(), in->as_bool());
  switch (result) {
    case PromotionService::Opted::unknown:
      return error_reply(ctx.req, http::status::not_found, "UNKNOWN_PROMOTION",
                         "no such promotion for this player", ErrorCode::ActionFailed);
    case PromotionService::Opted::ended:
      return error_reply(ctx.req, http::status::conflict, "PROMOTION_ENDED",
                         "this promotion's period has ended", ErrorCode::ActionFailed);
    case PromotionService::Opted::ok:
      break;
  }
  return json_reply(ctx.req, http::status::ok, json::object{{"promotion", std::move(promotion)}});
}

}  // namespace

void add_promotion_routes(Router& router, Services& svc) {
  router.add(http::verb::get, "/v2/fetchPromotionsInfo", Auth::session, [](Ctx& ctx) -> Reply {
    return json_reply(ctx.req, http::status::ok, ctx.svc.promotions->info(ctx.me().player));
  });
  router.add(http::verb::post, "/api/ui/promotions/optin", Auth::session, opt);
  router.add(http::verb::post, "/api/ui/updateJwtToken", Auth::session, token);
  // SPEC §7's GET form: the userId must be the session's player.
  router.add(http::verb::get, "/api/ui/promoToken", Auth::session, [](Ctx& ctx) -> Reply {
    if (ctx.param("userId") != std::to_string(ctx.me().player.id))
      return error_reply(ctx.req, http::status::forbidden, "NOT_YOUR_TOKEN",
                         "userId must be the session's player", ErrorCode::ActionFailed);
    return token(ctx);
  });
  (void)svc;
}

}  // namespace croupier::gateway
