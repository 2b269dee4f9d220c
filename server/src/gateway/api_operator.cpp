// The operator integration: signed server-to-server calls that create players and
// one-time launch links, the launch link itself, and session termination.
#include <boost/json.hpp>
#include <boost/url/encode.hpp>
#include <boost/url/rfc/unreserved_chars.hpp>

#include "config/languages.hpp"
#include "core/crypto.hpp"
#include "core/log.hpp"
#include "gateway/api.hpp"
#include "gateway/bonus.hpp"
#include "gateway/chat.hpp"
#include "gateway/protocol/commands.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

using crypto::kSignatureHeader;

// Launch parameters of SPEC section 2 carried from the launch to the client route.
constexpr std::array<std::string_view, 9> kLaunchParams = {
    "gameId", "tableType", "seatNumber",       "lang", "lobbyInFrame", "lobby",
    "direct", "theme",     "selectedTableType"};

bool token_like(std::string_view s, size_t max) {
  return !s.empty() && s.size() <= max && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
  });
}

// Why a launch parameter was refused, naming it.
struct ParamError {
  std::string message;
};

// Checks one launch parameter; returns the value to carry, or an error naming it.
Result<std::string, ParamError> check_param(const Services& svc, std::string_view key,
                                            const std::string& v) {
  auto bad = [&](std::string_view what) {
    return ParamError{std::string(key) + " " + std::string(what)};
  };
  if (key == "gameId") {
    if (!svc.table(v)) return bad("names no table");
  } else if (key == "lang") {
    auto lang = config::normalise_language(v);
    if (!lang) return bad("is not a supported language code");
    return *lang;
  } else if (key == "theme") {
    if (v != "green" && v != "blue") return bad("must be green or blue");
  } else if (key == "lobbyInFrame" || key == "direct") {
    if (v != "true" && v != "false") return bad("must be true or false");
  } else if (key == "seatNumber") {
    if (v.empty() || v.size() > 2 || !std::all_of(v.begin(), v.end(), ::isdigit))
      return bad("must be a seat number");
  } else if (!token_like(v, 64)) {
    return bad("must be 1-64 letters, digits, '-', '_' or '.'");
  }
  return v;
}

// Reads the launch parameters from `get(key)`, in SPEC order; an error names the bad one.
template <class Get>
Result<json::object, std::string> launch_params(const Services& svc, Get get) {
  json::object out;
  for (std::string_view key : kLaunchParams) {
    std::optional<std::string> value = get(key);
    if (!value) continue;
    auto checked = check_param(svc, key, *value);
    if (!checked.ok()) return checked.error().message;
    out[key] = checked.value();
  }
  return out;
}

std::string client_route(const Services& svc, const json::object& params) {
  std::string game = "lobby";
  if (auto* id = params.if_contains("gameId")) {
    if (const LiveTable* t = svc.table(id->as_string())) game = t->def->family().route;
  }
  std::string url = "/play/" + game;
  char sep = '?';
  for (std::string_view key : kLaunchParams) {  // SPEC order, whatever order they came in
    auto* v = params.if_contains(key);
    if (!v || !v->is_string()) continue;
    url += sep;
    url +=
        std::string(key) + "=" + boost::urls::encode(v->as_string(), boost::urls::unreserved_chars);
    sep = '&';
  }
  return url;
}

std::optional<std::string> string_field(const json::object& o, std::string_view key) {
  auto* v = o.if_contains(key);
  if (!v || !v->is_string()) return std::nullopt;
  return std::string(v->as_string());
}

bool printable_name(const std::string& s) {
  if (s.empty() || s.size() > 60) return false;
  return std::none_of(s.begin(), s.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

Reply operator_launch(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return signed_req.error();
  const config::Operator& op = *signed_req->op;
  const json::object& b = signed_req->body;
  auto fail = [&](std::string_view field, std::string_view what) -> Reply {
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       std::string(field) + " " + std::string(what));
  };

  store::PlayerUpsert p;
  p.operator_id = op.id;
  p.external_id = string_field(b, "playerId").value_or("");
  if (!token_like(p.external_id, 64))
    return fail("playerId", "must be 1-64 letters, digits, '-', '_' or '.'");
  p.screen_name = string_field(b, "screenName").value_or(p.external_id);
  if (!printable_name(p.screen_name))
    return fail("screenName", "must be 1-60 printable characters");
  p.currency = string_field(b, "currency").value_or("");
  if (!is_currency_code(p.currency) || !ctx.svc.rates.find(p.currency))
    return fail("currency", "is not a known currency code");
  p.country = string_field(b, "country").value_or("");
  if (!p.country.empty() &&
      (p.country.size() != 2 || !std::all_of(p.country.begin(), p.country.end(), ::isupper)))
    return fail("country", "must be a two-letter country code such as DE");
  auto lang = config::normalise_language(string_field(b, "language").value_or("en"));
  if (!lang) return fail("language", "is not a supported language code");
  p.language = *lang;

  const json::object empty;
  const json::object* given = &empty;
  if (auto* params = b.if_contains("params")) {
    if (!params->is_object()) return fail("params", "must be an object of launch parameters");
    given = &params->as_object();
  }
  auto params = launch_params(ctx.svc, [&](std::string_view key) -> std::optional<std::string> {
    auto* v = given->if_contains(key);
    if (!v) return std::nullopt;
    if (v->is_string()) return std::string(v->as_string());
    if (v->is_bool()) return std::string(v->as_bool() ? "true" : "false");
    if (v->is_int64()) return std::to_string(v->as_int64());
    return std::string("\x01");  // refused by check_param
  });
  if (!params.ok()) return fail("params", params.error());
  json::object carried = std::move(params).value();
  if (!carried.contains("lang")) carried["lang"] = p.language;

  const int64_t now = ctx.svc.clock.wall_ms();
  auto [player, created] = ctx.svc.store.upsert_player(p, now);
  if (created) welcome_new_player(ctx.svc, op, player);
  ctx.svc.sessions.update_player(player);

  store::LaunchToken token{crypto::random_token(24), player.id, json::serialize(carried),
                           now + ctx.svc.settings.launch_token_ttl_s * 1000};
  ctx.svc.store.insert_launch_token(token);
  log::info("launch issued", {{"operator", op.id}, {"player", player.id}, {"created", created}});
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"launchUrl", public_base(ctx) + "/launch?token=" + token.token},
                                 {"token", token.token},
                                 {"expiresAt", token.expires_ms},
                                 {"playerId", std::to_string(player.id)},
                                 {"created", created}});
}

Reply operator_terminate(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return signed_req.error();
  const json::object& b = signed_req->body;
  std::string external = string_field(b, "playerId").value_or("");
  if (!token_like(external, 64)) {
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       "playerId must name a player");
  }
  auto player = ctx.svc.store.player_by_external(signed_req->op->id, external);
  if (!player)
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_PLAYER", "no such player");
  ctx.svc.sessions.terminate_player(player->id, AuthFailure::terminated);
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"playerId", external}, {"terminated", true}});
}

// The studio's supervisor (an operator entry with "supervisor": true): the tables' chat
// and their notices.
Result<SignedRequest, StringReply> verify_supervisor(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return signed_req;
  if (!signed_req->op->supervisor)
    return error_reply(ctx.req, http::status::forbidden, "NOT_SUPERVISOR",
                       "this operator is not the studio's supervisor");
  return signed_req;
}

// POST /api/operator/chat {tableId, text, role?}: a message as the game host (SUPERVISOR)
// or as live support (LIVE_SUPPORT, BOT), to everyone at the table.
Reply operator_chat(Ctx& ctx) {
  auto signed_req = verify_supervisor(ctx);
  if (!signed_req.ok()) return signed_req.error();
  const json::object& b = signed_req->body;
  const LiveTable* live = ctx.svc.table(string_field(b, "tableId").value_or(""));
  if (!live) return error_reply(ctx.req, http::status::not_found, "NO_SUCH_TABLE", "no such table");
  return staff_chat(ctx, *live, string_field(b, "text").value_or(""),
                    string_field(b, "role").value_or("SUPERVISOR"));
}

// POST /api/operator/chat/mute {playerId, minutes}: the player (the chat's playerId) may
// not chat for that long; 0 lifts a mute.
Reply operator_mute(Ctx& ctx) {
  auto signed_req = verify_supervisor(ctx);
  if (!signed_req.ok()) return signed_req.error();
  const json::object& b = signed_req->body;
  return mute_player(ctx, string_field(b, "playerId").value_or(""), b.if_contains("minutes"));
}

// POST /api/operator/table/closing {tableId, minutes}: the table closes in that many
// minutes (1-120); every player at it sees the TABLE_WILL_CLOSE notice until then.
Reply operator_table_closing(Ctx& ctx) {
  auto signed_req = verify_supervisor(ctx);
  if (!signed_req.ok()) return signed_req.error();
  const json::object& b = signed_req->body;
  const LiveTable* live = ctx.svc.table(string_field(b, "tableId").value_or(""));
  if (!live) return error_reply(ctx.req, http::status::not_found, "NO_SUCH_TABLE", "no such table");
  return announce_table_closing(ctx, *live, b.if_contains("minutes"));
}

// POST /api/operator/bonus/campaign: creates or replaces one of the operator's campaigns.
Reply operator_campaign(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return signed_req.error();
  auto campaign = config::parse_campaign(signed_req->body);
  if (!campaign.ok())
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", campaign.error());
  if (!ctx.svc.rates.find(campaign->currency))
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       "currency is not a known currency code");
  json::object terms = config::campaign_json(*campaign);
  ctx.svc.store.save_campaign(store::Campaign{signed_req->op->id, campaign->id,
                                              json::serialize(terms), ctx.svc.clock.wall_ms()});
  log::info("bonus campaign saved", {{"operator", signed_req->op->id}, {"campaign", campaign->id}});
  return json_reply(ctx.req, http::status::ok, json::object{{"campaign", std::move(terms)}});
}

// The operator's player a signed request names (its playerId), or the reply refusing it.
Result<store::Player, StringReply> named_player(Ctx& ctx, const SignedRequest& req) {
  const std::string external = string_field(req.body, "playerId").value_or("");
  if (!token_like(external, 64))
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       "playerId must name a player");
  auto player = ctx.svc.store.player_by_external(req.op->id, external);
  if (!player)
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_PLAYER", "no such player");
  return *player;
}

Reply bonus_failure(Ctx& ctx, ledger::Failure f) {
  if (f == ledger::Failure::bonus_unavailable)
    return error_reply(ctx.req, http::status::conflict, "BONUS_UNAVAILABLE",
                       "the bonus is not in a state that allows this", ErrorCode::ActionFailed);
  return error_reply(ctx.req, http::status::service_unavailable, "ACTION_FAILED",
                     "action failed, retry (" + std::string(ledger::failure_name(f)) + ")",
                     ErrorCode::ActionFailed);
}

// POST /api/operator/bonus/grant {campaignId, playerId}: offers the campaign to the player.
Reply operator_grant(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return signed_req.error();
  auto player = named_player(ctx, *signed_req);
  if (!player.ok()) return player.error();
  const std::string id = string_field(signed_req->body, "campaignId").value_or("");
  auto campaign = find_campaign(ctx.svc, *signed_req->op, id);
  if (!campaign)
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_CAMPAIGN", "no such campaign");
  if (campaign->currency != player->currency)
    return error_reply(
        ctx.req, http::status::bad_request, "BAD_FIELD",
        "playerId plays in " + player->currency + ", the campaign is for " + campaign->currency);
  auto granted = grant_campaign(ctx.svc, *campaign, *player);
  if (!granted.ok()) return bonus_failure(ctx, granted.error());
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"bonus", bonus_json(*granted, &*campaign)}});
}

// POST /api/operator/bonus/cancel {bonusId}: cancels one of its players' bonuses.
Reply operator_cancel_bonus(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return signed_req.error();
  const std::string id = string_field(signed_req->body, "bonusId").value_or("");
  auto bonus = id.empty() ? std::nullopt : ctx.svc.ledger.bonus(id);
  auto owner = bonus ? ctx.svc.store.player(bonus->player) : std::nullopt;
  if (!owner || owner->operator_id != signed_req->op->id)
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_BONUS", "no such bonus");
  auto cancelled =
      change_bonus(ctx.svc, ledger::ChangeBonus{id, ledger::BonusAction::cancel, 0, 0});
  if (!cancelled.ok()) return bonus_failure(ctx, cancelled.error());
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"bonus", bonus_json(ctx.svc, *cancelled)}});
}

Reply launch(Ctx& ctx) {
  auto token = ctx.svc.store.consume_launch_token(ctx.param("token"), ctx.svc.clock.wall_ms());
  if (!token) {
    // A person followed this link: send them to the client's "login failed or session
    // expired" page (EV01) rather than a bare error body.
    return redirect_reply(ctx.req, "/play/error?code=EV01");
  }
  boost::system::error_code ec;
  json::value stored = json::parse(token->params_json, ec);
  json::object params = !ec && stored.is_object() ? stored.as_object() : json::object{};
  // Parameters on the launch link itself override those the operator gave.
  auto overrides = launch_params(ctx.svc, [&](std::string_view key) -> std::optional<std::string> {
    if (!ctx.has_param(key)) return std::nullopt;
    return ctx.param(key);
  });
  if (!overrides.ok()) {
    return error_reply(ctx.req, http::status::bad_request, "BAD_LAUNCH_PARAMETER",
                       overrides.error());
  }
  for (auto& [k, v] : *overrides) params[k] = v;

  auto player = ctx.svc.store.player(token->player_id);
  if (!player) return redirect_reply(ctx.req, "/play/error?code=EV01");
  const config::Operator* op = ctx.svc.casino.find_operator(player->operator_id);
  if (op && location_refusal(ctx, *op, &*player))
    return redirect_reply(ctx.req,
                          location_page(op, ErrorCode::LocationRestricted, player->language));
  AuthedSession session = ctx.svc.sessions.create(*player, json::serialize(params));
  // One live session per player: a new launch logs the others out (code 10003).
  ctx.svc.sessions.terminate_player(player->id, AuthFailure::replaced, session.id);
  ctx.set_cookies.push_back(make_cookie(kSessionCookie, session.id, true,
                                        ctx.svc.settings.secure_cookies,
                                        ctx.svc.settings.cross_site_embedding));
  return redirect_reply(ctx.req, client_route(ctx.svc, params));
}

}  // namespace

Result<SignedRequest, StringReply> verify_signed(Ctx& ctx) {
  boost::system::error_code ec;
  json::value doc = json::parse(ctx.req.body(), ec);
  if (ec || !doc.is_object()) {
    return error_reply(ctx.req, http::status::bad_request, "BAD_JSON",
                       "the body must be a JSON object");
  }
  SignedRequest out;
  out.body = std::move(doc.as_object());
  auto* op_id = out.body.if_contains("operatorId");
  if (!op_id || !op_id->is_string()) {
    return error_reply(ctx.req, http::status::bad_request, "MISSING_OPERATOR",
                       "operatorId is required");
  }
  out.op = ctx.svc.casino.find_operator(op_id->as_string());
  if (!out.op) {
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_OPERATOR", "no such operator");
  }
  auto sig = ctx.req.find(kSignatureHeader);
  std::string expected =
      "sha256=" + crypto::to_hex(crypto::hmac_sha256(out.op->secret, ctx.req.body()));
  if (sig == ctx.req.end() || !crypto::constant_time_equal(sig->value(), expected)) {
    return error_reply(ctx.req, http::status::unauthorized, "BAD_SIGNATURE",
                       "X-Croupier-Signature must be sha256=<hex HMAC-SHA256 of the body>");
  }
  auto* ts = out.body.if_contains("timestamp");
  const int64_t skew_ms = ctx.svc.settings.operator_clock_skew_s * 1000;
  if (!ts || !ts->is_int64() || std::llabs(ts->as_int64() - ctx.svc.clock.wall_ms()) > skew_ms) {
    return error_reply(ctx.req, http::status::unauthorized, "STALE_REQUEST",
                       "timestamp (Unix ms) is missing or too far from the server's clock");
  }
  return out;
}

// ---- The studio's tools, shared by the operator API and the studio console -------------

StringReply staff_chat(Ctx& ctx, const LiveTable& live, const std::string& text,
                       const std::string& role) {
  auto chars = chat_chars(text);
  if (!chars || *chars == 0 || *chars > kChatCharsMax)
    return error_reply(ctx.req, http::status::bad_request, "BAD_TEXT",
                       "text: 1 to 200 characters, no control characters", ErrorCode::ActionFailed);
  if (role != "SUPERVISOR" && role != "LIVE_SUPPORT" && role != "BOT")
    return error_reply(ctx.req, http::status::bad_request, "BAD_ROLE",
                       "role: SUPERVISOR, LIVE_SUPPORT or BOT", ErrorCode::ActionFailed);
  if (!live.def->config.chat_enabled)
    return error_reply(ctx.req, http::status::conflict, "NO_CHAT", "this table has no chat",
                       ErrorCode::ActionFailed);
  // A staff message is refused only by a table without chat, checked above: the table
  // publishes it in order with its events, and nobody waits for the answer.
  live.table->chat(0, "", text, role, [](std::optional<ErrorCode>) {});
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"tableId", live.def->config.id}, {"role", role}, {"sent", true}});
}

StringReply mute_player(Ctx& ctx, const std::string& id, const json::value* minutes) {
  char* end = nullptr;
  const long long player_id = std::strtoll(id.c_str(), &end, 10);
  auto player = id.empty() || *end != '\0' ? std::nullopt : ctx.svc.store.player(player_id);
  if (!player)
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_PLAYER", "no such player");
  if (!minutes || !minutes->is_int64() || minutes->as_int64() < 0 ||
      minutes->as_int64() > 7 * 24 * 60)
    return error_reply(ctx.req, http::status::bad_request, "BAD_MINUTES",
                       "minutes: 0 (lift) to 10080 (a week)", ErrorCode::ActionFailed);
  const int64_t until = ctx.svc.clock.wall_ms() + minutes->as_int64() * 60'000;
  ctx.svc.store.save_player_settings(
      player->id, {{std::string(kChatMutedUntil), std::to_string(minutes->as_int64() ? until : 0)}},
      ctx.svc.clock.wall_ms());
  return json_reply(
      ctx.req, http::status::ok,
      json::object{{"playerId", id}, {"mutedUntil", minutes->as_int64() ? until : 0}});
}

StringReply announce_table_closing(Ctx& ctx, const LiveTable& live, const json::value* minutes) {
  if (!minutes || !minutes->is_int64() || minutes->as_int64() < 1 || minutes->as_int64() > 120)
    return error_reply(ctx.req, http::status::bad_request, "BAD_MINUTES", "minutes: 1 to 120",
                       ErrorCode::ActionFailed);
  const int m = static_cast<int>(minutes->as_int64());
  live.table->announce_closing(m);
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"tableId", live.def->config.id},
                                 {"minutes", m},
                                 {"closesAt", ctx.svc.clock.wall_ms() + m * 60'000LL}});
}

void add_operator_routes(Router& router, Services& svc) {
  router.add(http::verb::post, "/api/operator/launch", Auth::none, operator_launch);
  router.add(http::verb::post, "/api/operator/session/terminate", Auth::none, operator_terminate);
  router.add(http::verb::post, "/api/operator/chat", Auth::none, operator_chat);
  router.add(http::verb::post, "/api/operator/chat/mute", Auth::none, operator_mute);
  router.add(http::verb::post, "/api/operator/table/closing", Auth::none, operator_table_closing);
  router.add(http::verb::post, "/api/operator/bonus/campaign", Auth::none, operator_campaign);
  router.add(http::verb::post, "/api/operator/bonus/grant", Auth::none, operator_grant);
  router.add(http::verb::post, "/api/operator/bonus/cancel", Auth::none, operator_cancel_bonus);
  router.add(http::verb::get, "/launch", Auth::none, launch);
  (void)svc;
}

}  // namespace croupier::gateway
