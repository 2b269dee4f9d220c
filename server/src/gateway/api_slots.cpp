// The slots lobby (SPEC §7 assignedSlotsForLobby, SlotLaunch) and the built-in slot's state
// and spins (docs/games/slots.md, docs/protocol.md).
#include <boost/json.hpp>

#include "core/crypto.hpp"
#include "core/fair.hpp"
#include "games/slots/fruits.hpp"
#include "gateway/api.hpp"
#include "gateway/protocol/json.hpp"
#include "gateway/slots.hpp"

namespace croupier::gateway {

namespace json = boost::json;
namespace slots = games::slots;
using V = http::verb;
using protocol::money_json;

namespace {

const config::SlotAssignment* assigned(Ctx& ctx, const std::string& id) {
  const config::Operator* op = ctx.svc.casino.find_operator(ctx.me().player.operator_id);
  if (!op) return nullptr;
  for (const auto& s : op->slots)
    if (s.id == id) return &s;
  return nullptr;
}

Result<const config::SlotAssignment*, StringReply> requested_slot(Ctx& ctx, bool built_in) {
  const config::SlotAssignment* slot = assigned(ctx, ctx.param("slotId"));
  if (!slot || (built_in && !slot->built_in()))
    return error_reply(ctx.req, http::status::not_found, "NO_SUCH_SLOT",
                       "no slot " + ctx.param("slotId") + " for this player");
  return slot;
}

Reply assigned_slots(Ctx& ctx) {
  json::array list;
  if (const config::Operator* op = ctx.svc.casino.find_operator(ctx.me().player.operator_id))
    for (const auto& s : op->slots)
      list.push_back(json::object{{"slotId", s.id},
                                  {"provider", s.provider},
                                  {"name", s.name},
                                  {"thumbnail", s.thumbnail},
                                  {"builtIn", s.built_in()}});
  return json_reply(ctx.req, http::status::ok, json::object{{"slots", std::move(list)}});
}

// Replaces every {key} of `url` by its percent-encoded value.
std::string fill(std::string url, const std::vector<std::pair<std::string, std::string>>& values) {
  auto encode = [](const std::string& v) {
    std::string out;
    for (unsigned char c : v) {
      if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
        out += static_cast<char>(c);
      } else {
        char buf[4];
        std::snprintf(buf, sizeof buf, "%%%02X", c);
        out += buf;
      }
    }
    return out;
  };
  for (const auto& [key, value] : values) {
    const std::string marker = "{" + key + "}";
    for (size_t at = url.find(marker); at != std::string::npos; at = url.find(marker, at))
      url.replace(at, marker.size(), encode(value)), at += encode(value).size();
  }
  return url;
}

Reply slot_launch(Ctx& ctx) {
  auto slot = requested_slot(ctx, false);
  if (!slot.ok()) return std::move(slot).error();
  const config::SlotAssignment& s = *slot.value();
  const std::string lang = ctx.has_param("lang") ? ctx.param("lang") : "en";
  if (s.built_in()) {
    return json_reply(ctx.req, http::status::ok,
                      json::object{{"slotId", s.id},
                                   {"url", fill("/play/slot?slotId={slot}&lang={lang}",
                                                {{"slot", s.id}, {"lang", lang}})},
                                   {"builtIn", true}});
  }
  // Another provider's: its template filled in, stamped and signed with the operator's
  // secret (HMAC-SHA256 of everything before "&sig="), so the provider can trust it.
  const store::Player& p = ctx.me().player;
  std::string url = fill(
      s.launch_url,
      {{"player", std::to_string(p.id)}, {"currency", p.currency}, {"lang", lang}, {"slot", s.id}});
  url += (url.find('?') == std::string::npos ? "?" : "&") + std::string("ts=") +
         std::to_string(ctx.svc.clock.wall_ms());
  const config::Operator* op = ctx.svc.casino.find_operator(p.operator_id);
  url += "&sig=" + crypto::to_hex(crypto::hmac_sha256(op->secret, url));
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"slotId", s.id}, {"url", url}, {"builtIn", false}});
}

json::array symbols_json() {
  json::array out;
  for (int i = 0; i < slots::kSymbols; ++i)
    out.push_back(json::string(slots::symbol_name(static_cast<slots::Symbol>(i))));
  return out;
}

Reply slot_state(Ctx& ctx) {
  auto slot = requested_slot(ctx, true);
  if (!slot.ok()) return std::move(slot).error();
  const config::SlotAssignment& s = *slot.value();
  const store::Player& p = ctx.me().player;
  json::array bets;
  for (Money m : SlotService::line_bets()) bets.push_back(money_json(m));
  json::object paytable;
  for (int i = 0; i < slots::kSymbols; ++i) {
    const auto sym = static_cast<slots::Symbol>(i);
    paytable[slots::symbol_name(sym)] =
        json::array{slots::pay(sym, 3), slots::pay(sym, 4), slots::pay(sym, 5)};
  }
  json::array lines;
  for (const auto& l : slots::paylines()) lines.push_back(json::array(l.begin(), l.end()));
  json::array strips;
  for (const auto& strip : slots::strips()) {
    json::array one;
    for (auto sym : strip) one.push_back(json::string(slots::symbol_name(sym)));
    strips.push_back(std::move(one));
  }
  auto [num, den] = slots::exact_rtp();
  char rtp[16];
  std::snprintf(rtp, sizeof rtp, "%.2f",
                100.0 * static_cast<double>(num) / static_cast<double>(den));
  const ledger::Balance balance = ctx.svc.ledger.balance(p.id, p.currency);
  json::object state{{"slotId", s.id},
                     {"name", s.name},
                     {"currency", p.currency},
                     {"lines", slots::kLines},
                     {"rows", slots::kRows},
                     {"reels", slots::kReels},
                     {"lineBets", std::move(bets)},
                     {"defaultLineBet", money_json(*parse_money("0.05"))},
                     {"symbols", symbols_json()},
                     {"paytable", std::move(paytable)},
                     {"paylines", std::move(lines)},
                     {"strips", std::move(strips)},
                     {"rtp", rtp},
                     {"balance", money_json(balance.total())},
                     {"bonusBalance", money_json(balance.bonus)}};
  auto service = ctx.svc.slots;
  const Request& req = ctx.req;
  return LaterReply{[service, state = std::move(state), player = p.id, slot = s.id,
                     version = req.version(),
                     keep_alive = req.keep_alive()](std::function<void(StringReply)> send) mutable {
    service->next_hash(player, slot,
                       [state = std::move(state), send = std::move(send), version,
                        keep_alive](std::string hash) mutable {
                         Request shape;
                         shape.version(version);
                         shape.keep_alive(keep_alive);
                         state["fairHash"] = hash;
                         send(json_reply(shape, http::status::ok, state));
                       });
  }};
}

json::object spin_json(const SlotService::SpinOut& o, const std::string& slot,
                       const std::string& request_id) {
  json::object out{{"slotId", slot}, {"requestId", request_id}, {"fairHash", o.fair_hash}};
  if (o.refusal) {
    out["error"] = o.stale ? "STALE_COMMITMENT" : "SPIN_REFUSED";
    out["code"] = to_int(o.refusal->code);
    out["message"] = meaning(o.refusal->code);
    out["detail"] = o.refusal->detail;
    return out;
  }
  json::array grid;
  for (const auto& reel : o.spin.grid) {
    json::array rows;
    for (auto sym : reel) rows.push_back(json::string(slots::symbol_name(sym)));
    grid.push_back(std::move(rows));
  }
  const Money line_bet = Money::from_units(o.stake.units / slots::kLines);
  json::array wins;
  for (const auto& w : o.spin.wins)
    wins.push_back(json::object{{"line", w.line},
                                {"symbol", slots::symbol_name(w.symbol)},
                                {"count", w.count},
                                {"pay", money_json(Money::from_units(line_bet.units * w.times))}});
  out["gameId"] = o.game_id;
  out["stake"] = money_json(o.stake);
  out["win"] = money_json(o.win);
  out["grid"] = std::move(grid);
  out["stops"] = json::array(o.spin.stops.begin(), o.spin.stops.end());
  out["wins"] = std::move(wins);
  out["balance"] = money_json(o.balance.total());
  out["bonusBalance"] = money_json(o.balance.bonus);
  out["serverSeed"] = o.server_seed;
  out["clientSeed"] = o.client_seed;
  return out;
}

Reply slot_spin(Ctx& ctx) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::object& b = body.value();
  auto text_of = [&](std::string_view key) -> std::string {
    const json::value* v = b.if_contains(key);
    return v && v->is_string() ? std::string(v->as_string()) : std::string();
  };
  const std::string slot_id = text_of("slotId");
  const config::SlotAssignment* slot = assigned(ctx, slot_id);
  if (!slot || !slot->built_in())
    return error_reply(ctx.req, http::status::not_found, "NO_SUCH_SLOT",
                       "no slot " + slot_id + " for this player", ErrorCode::InvalidBet);
  SlotService::SpinIn in;
  in.player = ctx.me().player.id;
  in.currency = ctx.me().player.currency;
  in.slot = slot->id;
  in.request_id = text_of("requestId");
  in.fair_hash = text_of("fairHash");
  in.client_seed = text_of("clientSeed");
  auto line_bet = parse_money(text_of("lineBet"));
  const auto& allowed = SlotService::line_bets();
  if (!line_bet || std::find(allowed.begin(), allowed.end(), *line_bet) == allowed.end())
    return error_reply(ctx.req, http::status::bad_request, "BAD_LINE_BET",
                       "lineBet must be one of the slot's line bets", ErrorCode::InvalidBet);
  in.line_bet = *line_bet;
  const bool request_ok =
      !in.request_id.empty() && in.request_id.size() <= 64 &&
      std::all_of(in.request_id.begin(), in.request_id.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == ':';
      });
  if (!request_ok)
    return error_reply(ctx.req, http::status::bad_request, "BAD_REQUEST_ID",
                       "requestId is 1-64 of letters, digits, -_.:", ErrorCode::InvalidBet);
  if (!in.client_seed.empty() && !fair::valid_client_seed(in.client_seed))
    return error_reply(ctx.req, http::status::bad_request, "BAD_CLIENT_SEED",
                       "clientSeed is 1-64 of letters, digits, - and _", ErrorCode::InvalidBet);
  if (ctx.svc.draining)
    return error_reply(ctx.req, http::status::service_unavailable, "DRAINING",
                       "the server is restarting", ErrorCode::BetsNotAccepted);
  auto service = ctx.svc.slots;
  const Request& req = ctx.req;
  return LaterReply{[service, in = std::move(in), version = req.version(),
                     keep_alive = req.keep_alive()](std::function<void(StringReply)> send) mutable {
    const std::string slot = in.slot, request = in.request_id;
    service->spin(std::move(in), [send = std::move(send), version, keep_alive, slot,
                                  request](const SlotService::SpinOut& o) {
      Request shape;
      shape.version(version);
      shape.keep_alive(keep_alive);
      http::status status = http::status::ok;
      if (o.stale)
        status = http::status::conflict;
      else if (o.refusal)
        status = o.refusal->code == ErrorCode::ActionFailed ? http::status::service_unavailable
                                                            : http::status::bad_request;
      send(json_reply(shape, status, spin_json(o, slot, request)));
    });
  }};
}

}  // namespace

void add_slot_routes(Router& router, Services& svc) {
  router.add(V::get, "/api/ui/assignedSlotsForLobby", Auth::session, assigned_slots);
  router.add(V::get, "/api/ui/SlotLaunch", Auth::session, slot_launch);
  router.add(V::get, "/api/ui/slot/state", Auth::session, slot_state);
  router.add(V::post, "/api/ui/slot/spin", Auth::session, slot_spin);
}

}  // namespace croupier::gateway
