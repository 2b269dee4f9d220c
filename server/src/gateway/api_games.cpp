// The calls of single game families: sic bo's statistics and charts, and bets over HTTP
// for the families that take them (mega wheel's POST /api/ui/megawheel/placebet). Which
// family offers which call comes from the game registry.
#include <boost/json.hpp>

#include "games/registry.hpp"
#include "games/sicbo/sicbo_stats.hpp"
#include "gateway/api.hpp"
#include "gateway/bets.hpp"
#include "gateway/protocol/commands.hpp"
#include "gateway/protocol/json.hpp"

namespace croupier::gateway {

namespace json = boost::json;
using V = http::verb;

namespace {

// The table of a statistics call, which must play sic bo, and its last settled games,
// newest first.
struct DiceGames {
  const LiveTable* live = nullptr;
  std::vector<std::string> round_ids;
  std::vector<games::Outcome> outcomes;
};

Result<DiceGames, StringReply> dice_games(Ctx& ctx) {
  auto req = statistics_request(ctx);
  if (!req.ok()) return std::move(req).error();
  auto [live, games] = req.value();
  if (!live->def->family().dice_stats)
    return error_reply(ctx.req, http::status::bad_request, "NOT_SIC_BO",
                       "table " + live->def->config.id + " does not play sic bo");
  const games::Engine& engine = *live->engines.begin()->second;
  DiceGames out{live, {}, {}};
  for (const auto& r : ctx.svc.ledger.recent_results(live->def->config.id, games)) {
    if (auto o = engine.decode(r.result)) {
      out.round_ids.push_back(r.round_id);
      out.outcomes.push_back(std::move(*o));
    }
  }
  return out;
}

json::object share_json(const games::sicbo::Share& s) {
  return {{"count", s.count}, {"percent", s.per_mille / 10.0}};
}

json::array faces_json(const std::array<int, 2>& faces) {
  return json::array(faces.begin(), faces.end());
}

Reply sicbo_stats(Ctx& ctx) {
  auto req = dice_games(ctx);
  if (!req.ok()) return std::move(req).error();
  const DiceGames& last = req.value();
  const games::sicbo::DiceStats st = games::sicbo::dice_stats(last.outcomes);
  json::array faces, totals;
  for (size_t i = 0; i < st.faces.size(); ++i) {
    json::object f = share_json(st.faces[i]);
    f["face"] = i + 1;
    faces.push_back(std::move(f));
  }
  for (size_t i = 0; i < st.totals.size(); ++i) {
    json::object t = share_json(st.totals[i]);
    t["total"] = i + 3;
    totals.push_back(std::move(t));
  }
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"tableId", last.live->def->config.id},
                                 {"numberOfGames", st.games},
                                 {"faces", std::move(faces)},
                                 {"totals", std::move(totals)},
                                 {"small", share_json(st.small)},
                                 {"big", share_json(st.big)},
                                 {"odd", share_json(st.odd)},
                                 {"even", share_json(st.even)},
                                 {"triple", share_json(st.triple)},
                                 {"hot", faces_json(st.hot)},
                                 {"cold", faces_json(st.cold)}});
}

// The last games' dice and totals, oldest first, for a chart of the totals.
Reply sicbo_charts(Ctx& ctx) {
  auto req = dice_games(ctx);
  if (!req.ok()) return std::move(req).error();
  const DiceGames& last = req.value();
  json::array series;
  for (size_t i = last.outcomes.size(); i-- > 0;) {
    const auto& dice = last.outcomes[i].values;
    series.push_back(json::object{{"gameId", last.round_ids[i]},
                                  {"total", dice[0] + dice[1] + dice[2]},
                                  {"dice", json::array(dice.begin(), dice.end())}});
  }
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"tableId", last.live->def->config.id},
                                 {"numberOfGames", series.size()},
                                 {"series", std::move(series)}});
}

// A bet over HTTP: the same command as <pbet> on the socket, answered with the same betack
// once the table has answered (and the ledger committed). 200 when the table took the
// command (some bets may still be refused, each with its code); 409 with the betack when it
// refused the whole command.
Reply place_bet(Ctx& ctx, const games::Family& family) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  auto parsed = parse_json_bet(body.value());
  if (!parsed.ok()) {
    return error_reply(ctx.req, http::status::bad_request, "BAD_BET", parsed.error().detail,
                       parsed.error().code);
  }
  BetCommand c = std::move(parsed).value();
  const store::Player& player = ctx.me().player;
  if (!c.user_id.empty() && c.user_id != std::to_string(player.id))
    return error_reply(ctx.req, http::status::bad_request, "BAD_BET",
                       "userId does not match the session", ErrorCode::InvalidBet);
  if (!c.game_mode.starts_with(std::string(family.mode) + "_"))
    return error_reply(ctx.req, http::status::bad_request, "BAD_GAME_MODE",
                       "gameMode must be " + std::string(family.mode) + "_desktop or _mobile",
                       ErrorCode::InvalidBet);
  const LiveTable* live = ctx.svc.table(c.table_id);
  if (!live || &live->def->family() != &family)
    return error_reply(ctx.req, http::status::not_found, "NO_SUCH_TABLE",
                       "no " + std::string(family.game) + " table " + c.table_id,
                       ErrorCode::InvalidBet);
  if (ctx.svc.draining)
    return error_reply(ctx.req, http::status::service_unavailable, "DRAINING",
                       "the server is restarting", ErrorCode::BetsNotAccepted);

  if (!table_offered(ctx, *live->def, &player)) return country_unavailable(ctx, player);
  auto command = place_bets_command(ctx.svc, player, player.screen_name, std::move(c));
  std::shared_ptr<TableLink> link = live->table;
  const Request& req = ctx.req;
  auto reply = [version = req.version(), keep_alive = req.keep_alive(),
                table_id = live->def->config.id, &clock = ctx.svc.clock](const table::BetAck& ack) {
    Request shape;  // the reply's HTTP version and keep-alive follow the request's
    shape.version(version);
    shape.keep_alive(keep_alive);
    const bool refused = ack.refusal && ack.accepted.empty();
    return json_reply(shape, refused ? http::status::conflict : http::status::ok,
                      protocol::ack_json(ack, table_id, clock.wall_ms()));
  };
  return LaterReply{[link, command = std::move(command),
                     reply](std::function<void(StringReply)> send) mutable {
    link->place_bets(std::move(command), [send = std::move(send), reply](const table::BetAck& ack) {
      send(reply(ack));
    });
  }};
}

}  // namespace

void add_game_routes(Router& router, Services&) {
  for (const games::Family& family : games::families()) {
    const std::string base = "/api/ui/" + std::string(family.mode);
    if (family.dice_stats) {
      router.add(V::get, base + "/stats", Auth::session, sicbo_stats);
      router.add(V::get, base + "/charts", Auth::session, sicbo_charts);
    }
    if (family.http_bets) {
      router.add(V::post, base + "/placebet", Auth::session,
                 [&family](Ctx& ctx) { return place_bet(ctx, family); });
    }
  }
}

}  // namespace croupier::gateway
