// Regulated markets (docs/regulation.md): the reality check's figures,
// GET /api/cgibin/regulation/realityCheck (SPEC §7): how long the session has lasted, what the
// player staked and was paid in it, and the net position, at the interval the operator set.
#include <boost/json.hpp>

#include "gateway/api.hpp"
#include "gateway/http.hpp"

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

}  // namespace

void add_regulation_routes(Router& router, Services&) {
  router.add(http::verb::get, "/api/cgibin/regulation/realityCheck", Auth::session, reality_check);
}

}  // namespace croupier::gateway
