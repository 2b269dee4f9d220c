// Regulated markets (docs/regulation.md): the reality check's figures,
// GET /api/cgibin/regulation/realityCheck (SPEC §7): how long the session has lasted, what the
// player staked and was paid in it, and the net position, at the interval the operator set.
#include <boost/json.hpp>

#include "config/languages.hpp"
#include "core/crypto.hpp"
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
  // The operator's interval, or the player's own when shorter.
  int64_t interval = 0;
  if (const config::Operator* op = ctx.svc.casino.find_operator(p.operator_id)) {
    if (auto* v = op->casino_config.if_contains("reality_check_interval_min"); v && v->is_number())
      interval = static_cast<int64_t>(v->to_number<double>());
  }
  const auto own = effective_limits(ctx.svc.store.limits(p.id), now);
  if (auto it = own.find("reality_check"); it != own.end() && it->second.units > 0)
    interval = interval > 0 ? std::min(interval, it->second.units) : it->second.units;
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

// A limit's figure as the API shows it: a money text, or whole minutes.
json::value limit_value(std::string_view kind, int64_t amount) {
  if (is_time_limit_kind(kind)) return amount;
  return json::value(format_money(Money{amount}));
}

json::object limits_json(Services& svc, const store::Player& p, int64_t session_started_ms) {
  const int64_t now = svc.clock.wall_ms();
  const auto rows = svc.store.limits(p.id);
  const auto effective = effective_limits(rows, now);
  json::array list;
  auto describe = [&](std::string_view kind) {
    json::object o{{"kind", kind}};
    o["limit"] = nullptr;
    if (auto it = effective.find(std::string(kind)); it != effective.end())
      o["limit"] = limit_value(kind, it->second.units);
    for (const auto& r : rows) {
      if (r.kind != kind) continue;
      const auto amount = effective_amount(r, now);
      o[r.set_by == "player" ? "player" : "operator"] =
          amount ? limit_value(kind, *amount) : json::value(nullptr);
      if (r.set_by == "player" && r.pending && now < r.pending_ms) {
        o["pending"] =
            r.pending_amount ? limit_value(kind, *r.pending_amount) : json::value("none");
        o["pendingAt"] = r.pending_ms;
      }
    }
    if (kind == "session_time")
      o["used"] = (now - session_started_ms) / 60'000;
    else if (is_limit_kind(kind))
      o["used"] = format_money(usage(svc.ledger, p.id, p.currency, kind, now));
    list.push_back(std::move(o));
  };
  for (std::string_view kind : kLimitKinds) describe(kind);
  for (std::string_view kind : kTimeLimitKinds) describe(kind);
  return json::object{{"currency", p.currency}, {"limits", std::move(list)}};
}

int64_t session_started(Ctx& ctx) {
  auto stored = ctx.svc.store.session(ctx.me().id);
  return stored ? stored->created_ms : ctx.svc.clock.wall_ms();
}

// The amount of a limit change: a money text (minutes for a time limit), or null to remove
// the limit.
Result<std::optional<int64_t>, std::string> limit_amount(const json::object& b,
                                                         std::string_view kind) {
  if (is_time_limit_kind(kind)) {
    auto* v = b.if_contains("minutes");
    if (!v) return std::string("minutes is required (1 to 1440, or null to remove the limit)");
    if (v->is_null()) return std::optional<int64_t>{};
    if (!v->is_int64() || v->as_int64() < 1 || v->as_int64() > 1440)
      return std::string("minutes must be a whole number from 1 to 1440, or null");
    return std::optional<int64_t>(v->as_int64());
  }
  auto* v = b.if_contains("amount");
  if (!v) return std::string("amount is required (a sum, or null to remove the limit)");
  if (v->is_null()) return std::optional<int64_t>{};
  auto m = v->is_string() ? parse_money(v->as_string()) : std::nullopt;
  if (!m || m->is_negative() || *m > Money::from_major(10'000'000))
    return std::string("amount must be a sum such as \"50.00\", or null");
  return std::optional<int64_t>(m->units);
}

Reply get_limits(Ctx& ctx) {
  return json_reply(ctx.req, http::status::ok,
                    limits_json(ctx.svc, ctx.me().player, session_started(ctx)));
}

constexpr std::string_view kKindsText =
    "kind must be loss_day, loss_week, loss_month, wager_day, wager_week, wager_month, "
    "session_time or reality_check";

// After a change of a player's limits: the ledger and the sessions learn of it.
void limits_changed(Services& svc, int64_t player_id) {
  if (svc.limits) svc.limits->forget(player_id);
  svc.sessions.refresh_lifetime(player_id);
}

// The player sets their own limit: lower at once, higher (or removed) after a cooling-off.
Reply set_player_limit(Ctx& ctx) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::object& b = body.value();
  const std::string kind = b.contains("kind") && b.at("kind").is_string()
                               ? std::string(b.at("kind").as_string())
                               : std::string();
  if (!is_limit_kind(kind) && !is_time_limit_kind(kind))
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", kKindsText);
  auto amount = limit_amount(b, kind);
  if (!amount.ok())
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", amount.error());
  const store::Player& p = ctx.me().player;
  std::optional<store::LimitRow> current;
  for (auto& r : ctx.svc.store.limits(p.id))
    if (r.kind == kind && r.set_by == "player") current = r;
  const int64_t now = ctx.svc.clock.wall_ms();
  store::LimitRow row = player_change(current, p.id, kind, amount.value(), now);
  if (kind == "reality_check") {
    // More often or less, at once: the operator's interval still bounds it.
    row.amount = amount.value();
    row.pending = false;
    row.pending_amount.reset();
    row.pending_ms = 0;
  }
  ctx.svc.store.save_limit(row, now);
  limits_changed(ctx.svc, p.id);
  return json_reply(ctx.req, http::status::ok, limits_json(ctx.svc, p, session_started(ctx)));
}

// The operator sets a player's limit, at once.
Reply set_operator_limit(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return std::move(signed_req).error();
  const json::object& b = signed_req->body;
  const std::string kind =
      b.contains("kind") && b.at("kind").is_string() ? std::string(b.at("kind").as_string()) : "";
  if (!is_limit_kind(kind) && !is_time_limit_kind(kind))
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", kKindsText);
  auto amount = limit_amount(b, kind);
  if (!amount.ok())
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", amount.error());
  const std::string external = b.contains("playerId") && b.at("playerId").is_string()
                                   ? std::string(b.at("playerId").as_string())
                                   : "";
  auto player = ctx.svc.store.player_by_external(signed_req->op->id, external);
  if (!player)
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_PLAYER", "no such player");
  store::LimitRow row;
  row.player_id = player->id;
  row.kind = kind;
  row.set_by = "operator";
  row.amount = amount.value();
  ctx.svc.store.save_limit(row, ctx.svc.clock.wall_ms());
  limits_changed(ctx.svc, player->id);
  return json_reply(ctx.req, http::status::ok,
                    limits_json(ctx.svc, *player, ctx.svc.clock.wall_ms()));
}

// ---- The Italian game session ------------------------------------------------------------

const config::Operator* italian_operator(Ctx& ctx) {
  const config::Operator* op = ctx.svc.casino.find_operator(ctx.me().player.operator_id);
  return op && op->regulation.italian_session ? op : nullptr;
}

// The amount brought into a session must exceed it: the table's minimum (tableId), else the
// lowest minimum of the tables in the player's currency.
Money session_minimum(Ctx& ctx) {
  const std::string& currency = ctx.me().player.currency;
  std::optional<Money> lowest;
  for (const auto& def : ctx.svc.casino.tables) {
    if (ctx.has_param("tableId") && def.config.id != ctx.param("tableId")) continue;
    auto t = def.terms.find(currency);
    if (t == def.terms.end()) continue;
    if (!lowest || t->second.limits.min_bet < *lowest) lowest = t->second.limits.min_bet;
  }
  return lowest.value_or(Money{});
}

json::object session_json(Ctx& ctx, const store::RegulatedSession& s) {
  const int64_t now = ctx.svc.clock.wall_ms();
  const Money balance = session_balance(ctx.svc.ledger, s, now);
  // The player's money (at a seamless operator the ledger reports the wallet's balance).
  const store::Player& p = ctx.me().player;
  Money room = ctx.svc.ledger.balance(p.id, p.currency).total() - balance;
  if (room.is_negative()) room = Money{};
  const bool ended = s.ended_ms || s.expires_ms <= now;
  return json::object{{"sessionId", s.id},
                      {"ticketId", s.ticket_id},
                      {"state", ended           ? "ended"
                                : s.brought > 0 ? "open"
                                                : "needs_balance"},
                      {"currency", s.currency},
                      {"brought", format_money(Money{s.brought})},
                      {"sessionBalance", format_money(balance)},
                      {"minimum", format_money(session_minimum(ctx))},
                      {"maximum", format_money(room)},
                      {"startedAt", s.created_ms},
                      {"expiresAt", s.expires_ms},
                      {"now", now}};  // the server's clock: the client times expiresAt by it
}

StringReply no_italian_session(const Ctx& ctx) {
  return error_reply(ctx.req, http::status::forbidden, "NO_ITALIAN_SESSION",
                     "this operator has no Italian game session");
}

std::string session_field(const json::object& b) {
  auto* v = b.if_contains("sessionId");
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

// POST /api/ui/italianSession {userId}: the player's open session, or a new one.
Reply italian_session(Ctx& ctx) {
  const config::Operator* op = italian_operator(ctx);
  if (!op) return no_italian_session(ctx);
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const store::Player& p = ctx.me().player;
  if (auto* u = body->if_contains("userId");
      u && !(u->is_string() && u->as_string() == std::to_string(p.id)))
    return error_reply(ctx.req, http::status::forbidden, "NOT_YOUR_SESSION",
                       "userId is not the session's player");
  const int64_t now = ctx.svc.clock.wall_ms();
  auto open = ctx.svc.store.open_regulated_session(p.id, now);
  if (!open) {
    store::RegulatedSession s;
    s.id = "IT" + crypto::random_token(12);
    s.ticket_id = "TK" + crypto::random_token(12);
    s.player_id = p.id;
    s.currency = p.currency;
    s.created_ms = now;
    s.expires_ms = now + op->regulation.italian_session_minutes * 60'000;
    ctx.svc.store.create_regulated_session(s);
    open = s;
  }
  return json_reply(ctx.req, http::status::ok, session_json(ctx, *open));
}

// POST /api/ui/rgsChoosenBalance {sessionId, amount}: money brought into the session.
Reply choose_balance(Ctx& ctx) {
  if (!italian_operator(ctx)) return no_italian_session(ctx);
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const store::Player& p = ctx.me().player;
  const int64_t now = ctx.svc.clock.wall_ms();
  auto open = ctx.svc.store.open_regulated_session(p.id, now);
  if (!open || open->id != session_field(*body))
    return code_reply(ctx.req, http::status::conflict, ErrorCode::SessionBalanceInsufficient);
  auto* v = body->if_contains("amount");
  auto amount = v && v->is_string() ? parse_money(v->as_string()) : std::nullopt;
  if (!amount || !is_whole_minor_unit(*amount, p.currency))
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       "amount must be a sum such as \"50.00\"");
  const json::object now_json = session_json(ctx, *open);
  if (*amount <= session_minimum(ctx))
    return error_reply(ctx.req, http::status::bad_request, "UNDER_MIN_LIMIT",
                       "the amount must be above the table minimum " +
                           std::string(now_json.at("minimum").as_string()),
                       ErrorCode::UnderMinLimit);
  if (*amount > *parse_money(now_json.at("maximum").as_string()))
    return error_reply(ctx.req, http::status::bad_request, "OVER_MAX_LIMIT",
                       "the amount is more than the balance not yet in the session (" +
                           std::string(now_json.at("maximum").as_string()) + ")",
                       ErrorCode::OverMaxLimit);
  if (!ctx.svc.store.bring_into_session(open->id, p.id, amount->units, now))
    return code_reply(ctx.req, http::status::conflict, ErrorCode::SessionBalanceInsufficient);
  open->brought += amount->units;
  if (ctx.svc.limits) ctx.svc.limits->forget(p.id);
  return json_reply(ctx.req, http::status::ok, session_json(ctx, *open));
}

// POST /api/ui/gameSessionExpired {sessionId}: the session ends; its summary.
Reply session_expired(Ctx& ctx) {
  if (!italian_operator(ctx)) return no_italian_session(ctx);
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const store::Player& p = ctx.me().player;
  auto ended =
      ctx.svc.store.end_regulated_session(session_field(*body), p.id, ctx.svc.clock.wall_ms());
  if (!ended)
    return error_reply(ctx.req, http::status::not_found, "NO_SUCH_SESSION",
                       "no such game session of the player");
  json::object out = session_json(ctx, *ended);
  const SessionFigures f = session_figures(ctx.svc.ledger, *ended, ctx.svc.clock.wall_ms());
  out["wagered"] = format_money(f.wagered);
  out["returned"] = format_money(f.returned);
  out["endedAt"] = std::min(ended->ended_ms.value_or(ended->expires_ms), ended->expires_ms);
  return json_reply(ctx.req, http::status::ok, out);
}

}  // namespace

std::string country_of(const Ctx& ctx, const store::Player* player) {
  const std::string& header = ctx.svc.settings.country_header;
  if (!header.empty()) {
    auto it = ctx.req.find(header);
    if (it != ctx.req.end()) {
      std::string c(it->value());
      for (auto& ch : c) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      if (c.size() == 2 && std::isupper(static_cast<unsigned char>(c[0])) &&
          std::isupper(static_cast<unsigned char>(c[1])))
        return c;
      return {};  // "XX", "T1" (Tor) and the like: unknown
    }
  }
  return player ? player->country : std::string();
}

std::string location_page(const config::Operator* op, ErrorCode code, std::string_view lang) {
  std::string url = "/play/location-restrictions?code=" + std::to_string(to_int(code));
  if (auto l = config::normalise_language(std::string(lang))) url += "&lang=" + *l;
  if (op && op->regulation.countries.uk_only()) url += "&uk=1";
  return url;
}

std::optional<StringReply> location_refusal(const Ctx& ctx, const config::Operator& op,
                                            const store::Player* player) {
  if (!op.regulation.countries.any()) return std::nullopt;
  const std::string country = country_of(ctx, player);
  if (op.regulation.countries.permits(country)) return std::nullopt;
  const std::string lang = ctx.has_param("lang") ? ctx.param("lang")
                           : player              ? player->language
                                                 : std::string();
  return json_reply(
      ctx.req, http::status::forbidden,
      json::object{{"error", "LOCATION_RESTRICTED"},
                   {"message", meaning(ErrorCode::LocationRestricted)},
                   {"code", to_int(ErrorCode::LocationRestricted)},
                   {"country", country},
                   {"page", location_page(&op, ErrorCode::LocationRestricted, lang)}});
}

bool table_offered(const Ctx& ctx, const config::TableDef& def, const store::Player* player) {
  return !def.countries.any() || def.countries.permits(country_of(ctx, player));
}

StringReply country_unavailable(const Ctx& ctx, const store::Player& player) {
  const std::string lang = ctx.has_param("lang") ? ctx.param("lang") : player.language;
  return json_reply(
      ctx.req, http::status::forbidden,
      json::object{{"error", "COUNTRY_UNAVAILABLE"},
                   {"message", meaning(ErrorCode::CountryUnavailable)},
                   {"code", to_int(ErrorCode::CountryUnavailable)},
                   {"page", location_page(ctx.svc.casino.find_operator(player.operator_id),
                                          ErrorCode::CountryUnavailable, lang)}});
}

std::pair<std::string, std::string> regulated_session_ids(Services& svc, int64_t player_id) {
  auto open = svc.store.open_regulated_session(player_id, svc.clock.wall_ms());
  if (!open) return {};
  return {open->id, open->ticket_id};
}

void add_regulation_routes(Router& router, Services&) {
  router.add(http::verb::get, "/api/cgibin/regulation/realityCheck", Auth::session, reality_check);
  router.add(http::verb::get, "/api/ui/limits", Auth::session, get_limits);
  router.add(http::verb::post, "/api/ui/limits", Auth::session, set_player_limit);
  router.add(http::verb::post, "/api/operator/player/limits", Auth::none, set_operator_limit);
  router.add(http::verb::post, "/api/ui/italianSession", Auth::session, italian_session);
  router.add(http::verb::post, "/api/ui/rgsChoosenBalance", Auth::session, choose_balance);
  router.add(http::verb::post, "/api/ui/gameSessionExpired", Auth::session, session_expired);
}

}  // namespace croupier::gateway
