// The bonus service's player calls (docs/protocol.md "Bonuses and free bets"): the eligible
// free chips, the player's bonuses, and their answer to one.
#include <boost/json.hpp>

#include "core/log.hpp"
#include "gateway/api.hpp"
#include "gateway/bonus.hpp"
#include "gateway/jwt.hpp"
#include "gateway/promotions.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

Reply free_chips(Ctx& ctx) {
  json::array eligible;
  for (const auto& b : eligible_free_bets(ctx.svc, ctx.me().player.id))
    eligible.push_back(bonus_json(ctx.svc, b));
  return json_reply(ctx.req, http::status::ok, json::object{{"eligible", std::move(eligible)}});
}

// GET /bonus/eligible?playerId=…[&bonusId=…] with "Authorization: Bearer <player token>":
// the back office's form of /bonus/chips, for the token's player.
Reply eligible_by_token(Ctx& ctx) {
  auto auth = ctx.req.find(http::field::authorization);
  const std::string_view value =
      auth == ctx.req.end() ? std::string_view() : std::string_view(auth->value());
  constexpr std::string_view kBearer = "Bearer ";
  auto token = value.starts_with(kBearer)
                   ? verify_player_token(ctx.svc.promotions->token_secret(),
                                         value.substr(kBearer.size()), ctx.svc.clock.wall_ms())
                   : std::nullopt;
  if (!token || ctx.param("playerId") != std::to_string(token->player_id)) {
    return error_reply(ctx.req, http::status::unauthorized, "BAD_TOKEN",
                       "Authorization: Bearer <the player's token (updateJwtToken)>",
                       ErrorCode::SessionExpired);
  }
  const std::string wanted = ctx.param("bonusId");
  json::array eligible;
  for (const auto& b : eligible_free_bets(ctx.svc, token->player_id)) {
    if (!wanted.empty() && b.bonus_id != wanted) continue;
    eligible.push_back(bonus_json(ctx.svc, b));
    break;  // the one named, or the first eligible
  }
  return json_reply(ctx.req, http::status::ok, json::object{{"eligible", std::move(eligible)}});
}

Reply offers(Ctx& ctx) {
  json::array list;
  for (const auto& b : ctx.svc.ledger.bonuses(ctx.me().player.id))
    list.push_back(bonus_json(ctx.svc, b));
  return json_reply(ctx.req, http::status::ok, json::object{{"bonuses", std::move(list)}});
}

// POST /bonus/accept, /bonus/decline {"bonusId"}: the player's answer.
Reply answer(Ctx& ctx, ledger::BonusAction action) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::value* id = body->if_contains("bonusId");
  if (!id || !id->is_string() || id->as_string().empty() || id->as_string().size() > 120) {
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", "bonusId names a bonus",
                       ErrorCode::ActionFailed);
  }
  const store::Player& me = ctx.me().player;
  const std::string bonus_id(id->as_string());
  auto bonus = ctx.svc.ledger.bonus(bonus_id);
  if (!bonus || bonus->player != me.id) {
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_BONUS", "no such bonus",
                       ErrorCode::ActionFailed);
  }
  auto changed = change_bonus(ctx.svc, ledger::ChangeBonus{bonus_id, action, me.id, 0});
  if (!changed.ok()) {
    if (changed.error() == ledger::Failure::bonus_unavailable) {
      return error_reply(ctx.req, http::status::conflict, "BONUS_UNAVAILABLE",
                         "the bonus is no longer offered; or (a cash bonus) another is active, "
                         "or bets are in play: accept it when the round is over",
                         ErrorCode::ActionFailed);
    }
    log::error("a bonus answer failed",
               {{"bonus", bonus_id}, {"failure", ledger::failure_name(changed.error())}});
    return error_reply(ctx.req, http::status::service_unavailable, "ACTION_FAILED",
                       "action failed, retry", ErrorCode::ActionFailed);
  }
  log::info("bonus answered", {{"bonus", bonus_id},
                               {"player", me.id},
                               {"status", ledger::bonus_status_name(changed->status)}});
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"bonus", bonus_json(ctx.svc, *changed)},
                                 {"balance", balance_json(ctx.svc, me)}});
}

}  // namespace

void add_bonus_routes(Router& router, Services& svc) {
  router.add(http::verb::get, "/bonus/chips", Auth::session, free_chips);
  router.add(http::verb::get, "/bonus/offers", Auth::session, offers);
  router.add(http::verb::get, "/bonus/eligible", Auth::none, eligible_by_token);
  router.add(http::verb::post, "/bonus/accept", Auth::session,
             [](Ctx& ctx) { return answer(ctx, ledger::BonusAction::accept); });
  router.add(http::verb::post, "/bonus/decline", Auth::session,
             [](Ctx& ctx) { return answer(ctx, ledger::BonusAction::decline); });
  (void)svc;
}

}  // namespace croupier::gateway
