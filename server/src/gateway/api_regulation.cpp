// Regulated markets (docs/regulation.md): the reality check's figures,
// GET /api/cgibin/regulation/realityCheck (SPEC §7): how long the session has lasted, what the
// player staked and was paid in it, and the net position, at the interval the operator set.
#include <boost/json.hpp>

#include "gateway/api.hpp"
#include "gateway/http.hpp"
#include "gateway/limits.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

Reply reality_check(Ctx& ctx) {
  const store::Player& p = ctx.me().player;
  const int64_t now = ctx.svc.clock.wall_ms();
  auto stored = ctx.svc.store.session(ctx.me().id);
  const int64_t started = stored ? stored->created_ms : now;
  Money wagered, returned, in_play;
  int64_t bets = 0;
  for (const auto& t : ctx.svc.ledger.player_totals(p.id, started)) {
    if (t.currency != p.currency) continue;
    wagered = t.wagered;
    returned = t.returned;
    in_play = t.in_play;
    bets = t.bets;
  }
  int64_t interval = 0;
  if (const config::Operator* op = ctx.svc.casino.find_operator(p.operator_id)) {
    if (auto* v = op->casino_config.if_contains("reality_check_interval_min"); v && v->is_number())
      interval = static_cast<int64_t>(v->to_number<double>());
  }
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"sessionStartedAt", started},
                                 {"sessionSeconds", (now - started) / 1000},
                                 {"currency", p.currency},
                                 {"bets", bets},
                                 {"wagered", format_money(wagered)},
                                 {"returned", format_money(returned)},
                                 {"inPlay", format_money(in_play)},
                                 // What the session has cost or won so far: stakes still in
                                 // play count as spent until they are settled.
                                 {"netPosition", format_money(returned - wagered)},
                                 {"intervalMinutes", interval}});
}

json::object limits_json(Services& svc, const store::Player& p) {
  const int64_t now = svc.clock.wall_ms();
  const auto rows = svc.store.limits(p.id);
  const auto effective = effective_limits(rows, now);
  json::array list;
  for (std::string_view kind : kLimitKinds) {
    json::object o{{"kind", kind}};
    o["limit"] = nullptr;
    if (auto it = effective.find(std::string(kind)); it != effective.end())
      o["limit"] = format_money(it->second);
    for (const auto& r : rows) {
      if (r.kind != kind) continue;
      const auto amount = effective_amount(r, now);
      o[r.set_by == "player" ? "player" : "operator"] =
          amount ? json::value(format_money(Money{*amount})) : json::value(nullptr);
      if (r.set_by == "player" && r.pending && now < r.pending_ms) {
        o["pending"] = r.pending_amount ? json::value(format_money(Money{*r.pending_amount}))
                                        : json::value("none");
        o["pendingAt"] = r.pending_ms;
      }
    }
    o["used"] = format_money(usage(svc.ledger, p.id, p.currency, kind, now));
    list.push_back(std::move(o));
  }
  return json::object{{"currency", p.currency}, {"limits", std::move(list)}};
}

// The amount of a limit change: a money text, or null to remove the limit.
Result<std::optional<int64_t>, std::string> limit_amount(const json::object& b) {
  auto* v = b.if_contains("amount");
  if (!v) return std::string("amount is required (a sum, or null to remove the limit)");
  if (v->is_null()) return std::optional<int64_t>{};
  auto m = v->is_string() ? parse_money(v->as_string()) : std::nullopt;
  if (!m || m->is_negative() || *m > Money::from_major(10'000'000))
    return std::string("amount must be a sum such as \"50.00\", or null");
  return std::optional<int64_t>(m->units);
}

Reply get_limits(Ctx& ctx) {
  return json_reply(ctx.req, http::status::ok, limits_json(ctx.svc, ctx.me().player));
}

// The player sets their own limit: lower at once, higher (or removed) after a cooling-off.
Reply set_player_limit(Ctx& ctx) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::object& b = body.value();
  const std::string kind = b.contains("kind") && b.at("kind").is_string()
                               ? std::string(b.at("kind").as_string())
                               : std::string();
  if (!is_limit_kind(kind))
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       "kind must be loss_day, loss_week, loss_month, wager_day, wager_week or "
                       "wager_month");
  auto amount = limit_amount(b);
  if (!amount.ok())
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", amount.error());
  const store::Player& p = ctx.me().player;
  std::optional<store::LimitRow> current;
  for (auto& r : ctx.svc.store.limits(p.id))
    if (r.kind == kind && r.set_by == "player") current = r;
  const int64_t now = ctx.svc.clock.wall_ms();
  ctx.svc.store.save_limit(player_change(current, p.id, kind, amount.value(), now), now);
  if (ctx.svc.limits) ctx.svc.limits->forget(p.id);
  return json_reply(ctx.req, http::status::ok, limits_json(ctx.svc, p));
}

// The operator sets a player's limit, at once.
Reply set_operator_limit(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return std::move(signed_req).error();
  const json::object& b = signed_req->body;
  const std::string kind =
      b.contains("kind") && b.at("kind").is_string() ? std::string(b.at("kind").as_string()) : "";
  if (!is_limit_kind(kind))
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", "kind is not a limit");
  auto amount = limit_amount(b);
  if (!amount.ok())
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", amount.error());
  const std::string external = b.contains("playerId") && b.at("playerId").is_string()
                                   ? std::string(b.at("playerId").as_string())
                                   : "";
  auto player = ctx.svc.store.player_by_external(signed_req->op->id, external);
  if (!player)
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_PLAYER", "no such player");
  store::LimitRow row{player->id, kind, "operator"};
  row.amount = amount.value();
  ctx.svc.store.save_limit(row, ctx.svc.clock.wall_ms());
  if (ctx.svc.limits) ctx.svc.limits->forget(player->id);
  return json_reply(ctx.req, http::status::ok, limits_json(ctx.svc, *player));
}

}  // namespace

void add_regulation_routes(Router& router, Services&) {
  router.add(http::verb::get, "/api/cgibin/regulation/realityCheck", Auth::session, reality_check);
  router.add(http::verb::get, "/api/ui/limits", Auth::session, get_limits);
  router.add(http::verb::post, "/api/ui/limits", Auth::session, set_player_limit);
  router.add(http::verb::post, "/api/operator/player/limits", Auth::none, set_operator_limit);
}

}  // namespace croupier::gateway
