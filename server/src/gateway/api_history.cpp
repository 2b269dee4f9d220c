// The player's history (docs/protocol.md): GET /api/ui/history pages through the rounds
// the player bet in, newest first, answered from the ledger. Each round carries its bets
// with what each returned, and the result decoded by the table's engine into the detail
// the history screen draws (the pocket, the cards by hand, the dice, the segment).
#include <boost/json.hpp>
#include <charconv>

#include "core/fair.hpp"
#include "games/blackjack/bj_engine.hpp"
#include "games/blackjack/bj_record.hpp"
#include "games/registry.hpp"
#include "gateway/api.hpp"
#include "gateway/http.hpp"
#include "gateway/protocol/json.hpp"

namespace croupier::gateway {

namespace json = boost::json;
namespace http = boost::beast::http;

namespace {

constexpr size_t kPageDefault = 20;
constexpr size_t kPageMax = 50;

std::optional<int64_t> whole_number(std::string_view text) {
  int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return n;
}

// The seat a blackjack bet is on ("SEAT_3", "SEAT_3_DOUBLE_0", "BB_3_PP"); 0 for none.
int seat_of(std::string_view spot) {
  for (std::string_view prefix : {std::string_view("SEAT_"), std::string_view("BB_")}) {
    if (!spot.starts_with(prefix)) continue;
    return games::blackjack::seat_of(spot.substr(0, spot.find('_', prefix.size())), prefix);
  }
  return 0;
}

// The cursor of the page after `r`: "<opened_ms>.<round id>".
std::string cursor_of(const ledger::HistoryRound& r) {
  return std::to_string(r.opened_ms) + "." + r.round_id;
}

std::optional<std::pair<int64_t, std::string>> parse_cursor(std::string_view text) {
  const size_t dot = text.find('.');
  if (dot == std::string_view::npos || dot + 1 == text.size()) return std::nullopt;
  auto ms = whole_number(text.substr(0, dot));
  if (!ms || *ms < 0) return std::nullopt;
  return std::pair{*ms, std::string(text.substr(dot + 1))};
}

// What the engine makes of the round's result: the cards by hand at a card game, else
// the values (the pocket, the dice, the segment), and the multipliers that paid. Empty when the
// table is gone or the text is not its own.
json::object detail_of(const LiveTable* live, const std::string& outcome_text,
                       const std::optional<std::string>& recorded);

}  // namespace

json::object outcome_detail(const LiveTable* live, const std::string& outcome_text,
                            const std::optional<std::string>& recorded) {
  return detail_of(live, outcome_text, recorded);
}

namespace {

json::object detail_of(const LiveTable* live, const std::string& outcome_text,
                       const std::optional<std::string>& recorded) {
  json::object detail;
  // Blackjack: the seats' hands, recorded with the settlement.
  if (auto seats = recorded ? games::blackjack::read_hands(*recorded) : std::nullopt) {
    json::array out;
    for (const auto& seat : *seats) {
      json::array hands;
      for (const auto& h : seat.hands) {
        json::array cards;
        for (const auto& c : h.cards) cards.push_back(json::string(c));
        json::object hand{{"cards", std::move(cards)}};
        if (!h.outcome.empty()) hand["outcome"] = h.outcome;
        hands.push_back(std::move(hand));
      }
      out.push_back(json::object{{"seat", seat.seat}, {"hands", std::move(hands)}});
    }
    if (!out.empty()) detail["hands"] = std::move(out);
  }
  if (!live || live->engines.empty()) return detail;
  const games::Engine& engine = *live->engines.begin()->second;
  auto outcome = engine.decode(outcome_text);
  if (!outcome) return detail;
  json::array cards;
  for (const auto& c : engine.dealt_cards(*outcome))
    cards.push_back(json::object{{"hand", c.hand}, {"card", c.card}});
  if (!cards.empty()) {
    detail["cards"] = std::move(cards);  // a card game's values are its cards' indexes
  } else {
    json::array values;
    for (int v : outcome->values) values.push_back(v);
    detail["values"] = std::move(values);
  }
  json::array paid;
  for (const auto& m : engine.result_multipliers(*outcome))
    paid.push_back(json::object{{"spot", m.spot}, {"times", m.times}});
  if (!paid.empty()) detail["multipliers"] = std::move(paid);
  return detail;
}

// "win", "lose", "push" once settled; "refunded" when cancelled; "pending" before.
std::string_view win_lose(const ledger::HistoryRound& r, Money stake, Money payoff) {
  if (r.state == "cancelled") return "refunded";
  if (r.state != "settled") return "pending";
  if (payoff > stake) return "win";
  return payoff < stake ? "lose" : "push";
}

// The Italian game session a bet placed at `at_ms` belongs to ("" when none).
std::string session_at(const std::vector<store::RegulatedSession>& sessions, int64_t at_ms) {
  for (const auto& s : sessions)
    if (s.created_ms <= at_ms && at_ms < s.ended_ms.value_or(s.expires_ms)) return s.id;
  return {};
}

json::object round_json(Services& svc, const ledger::HistoryRound& r,
                        const std::vector<store::RegulatedSession>& sessions = {}) {
  const LiveTable* live = svc.table(r.table_id);
  std::string round_session;
  Money stake, payoff;
  json::array bets;
  for (const auto& b : r.bets) {
    stake += b.amount;
    std::optional<Money> paid = b.status == "refunded" ? std::optional(b.amount) : b.returned;
    if (paid) payoff += *paid;
    json::object bet{{"participationId", b.id},
                     {"betType", b.spot},
                     {"amount", protocol::money_json(b.amount)},
                     {"status", b.status},
                     {"ticketId", b.place_key},
                     {"placedAt", b.placed_ms}};
    bet["payoff"] = paid ? protocol::money_json(*paid) : json::value(nullptr);
    if (int seat = seat_of(b.spot)) bet["seat"] = seat;
    if (!sessions.empty()) {
      std::string session = session_at(sessions, b.placed_ms);
      if (round_session.empty()) round_session = session;
      bet["sessionId"] = std::move(session);
    }
    bets.push_back(std::move(bet));
  }
  json::object o{
      {"gameId", r.round_id},
      {"roundId", r.seq},
      {"tableId", r.table_id},
      {"tableName", live ? json::value(live->def->config.name) : json::value(r.table_id)},
      {"game", r.game},
      {"state", r.state},
      {"startedAt", r.opened_ms},
      {"currency", r.currency},
      {"stake", protocol::money_json(stake)},
      {"payoff", protocol::money_json(payoff)},
      {"net", protocol::money_json(payoff - stake)},
      {"winLose", win_lose(r, stake, payoff)},
      {"bets", std::move(bets)}};
  if (live) o["kind"] = live->def->config.kind;
  if (!sessions.empty()) o["sessionId"] = round_session;
  if (r.closed_ms) o["endedAt"] = *r.closed_ms;
  // A result is shown once the round is settled: before that it is not announced yet.
  if (r.result && r.state == "settled") {
    o["result"] = protocol::result_label(*r.result);
    o["outcome"] = *r.result;
    o["detail"] = detail_of(live, *r.result, r.detail);
  }
  return o;
}

Reply history(Ctx& ctx) {
  ledger::HistoryQuery q;
  q.player = ctx.me().player.id;
  q.limit = kPageDefault;
  auto bad = [&](std::string_view error, std::string_view message) {
    return error_reply(ctx.req, http::status::bad_request, error, message, ErrorCode::ActionFailed);
  };
  if (ctx.has_param("game")) {
    q.game = ctx.param("game");
    if (!q.game.empty() && q.game != "all" && !games::find_family(q.game))
      return bad("BAD_GAME", "no game " + q.game);
    if (q.game == "all") q.game.clear();
  }
  for (auto [key, field] : {std::pair{"from", &q.from_ms}, std::pair{"to", &q.to_ms}}) {
    if (!ctx.has_param(key)) continue;
    auto ms = whole_number(ctx.param(key));
    if (!ms || *ms < 0) return bad("BAD_DATE", std::string(key) + " must be ms since 1970");
    *field = *ms;
  }
  if (q.from_ms > q.to_ms) return bad("BAD_DATE", "from must not be after to");
  if (ctx.has_param("limit")) {
    auto n = whole_number(ctx.param("limit"));
    if (!n || *n < 1 || *n > static_cast<int64_t>(kPageMax))
      return bad("BAD_LIMIT", "limit must be from 1 to 50");
    q.limit = static_cast<size_t>(*n);
  }
  if (ctx.has_param("before")) {
    q.before = parse_cursor(ctx.param("before"));
    if (!q.before) return bad("BAD_CURSOR", "before must be a cursor this call returned");
  }
  // One more than asked tells whether there is a next page.
  const size_t asked = q.limit;
  ++q.limit;
  auto rounds = ctx.svc.ledger.player_history(q);
  const bool more = rounds.size() > asked;
  if (more) rounds.resize(asked);
  // The Italian game sessions the bets were placed in (docs/regulation.md).
  std::vector<store::RegulatedSession> sessions;
  const config::Operator* op = ctx.svc.casino.find_operator(ctx.me().player.operator_id);
  if (op && op->regulation.italian_session && !rounds.empty())
    sessions = ctx.svc.store.regulated_sessions(q.player, rounds.back().opened_ms);
  json::array out;
  for (const auto& r : rounds) out.push_back(round_json(ctx.svc, r, sessions));
  json::object body{{"rounds", std::move(out)}};
  body["next"] = more ? json::value(cursor_of(rounds.back())) : json::value(nullptr);
  return json_reply(ctx.req, http::status::ok, body);
}

// GET /api/ui/fairRound?gameId=…: what verifies a settled round (docs/provably-fair.md).
// Any player may verify any round, as its result was public; the seed is revealed only
// once the round is settled.
Reply fair_round(Ctx& ctx) {
  const std::string id(ctx.param("gameId"));
  if (id.empty() || id.size() > 64)
    return error_reply(ctx.req, http::status::bad_request, "BAD_GAME_ID",
                       "gameId names a round, such as rou-1-000042", ErrorCode::ActionFailed);
  auto round = ctx.svc.ledger.fair_round(id);
  auto record = round && round->fair ? fair::decode(*round->fair) : std::nullopt;
  if (record && record->human)
    return error_reply(ctx.req, http::status::not_found, "HUMAN_DEALT",
                       "round " + id + " was dealt by a person in the studio: no seed drew it",
                       ErrorCode::ActionFailed);
  if (!record || record->seed.empty())
    return error_reply(ctx.req, http::status::not_found, "NOT_REVEALED",
                       "no settled round " + id + " with a revealed seed", ErrorCode::ActionFailed);
  // The hash is the one recorded when the round opened, not one made from the seed now.
  json::object o{{"gameId", round->round_id},
                 {"tableId", round->table_id},
                 {"game", record->game.empty() ? round->game : record->game},
                 {"variant", record->variant},
                 {"hash", record->hash},
                 {"serverSeed", record->seed},
                 {"clientSeed", record->client_seed},
                 {"result", round->result},
                 {"at", round->at_ms}};
  if (!record->shoe.empty()) {
    o["shoe"] = record->shoe;
    o["shoeHash"] = record->shoe_hash;
    o["decks"] = record->decks;
    o["cards"] = json::array(record->cards.begin(), record->cards.end());
  }
  if (record->scripted) o["scripted"] = true;
  return json_reply(ctx.req, http::status::ok, o);
}

}  // namespace

void add_history_routes(Router& router, Services&) {
  router.add(http::verb::get, "/api/ui/history", Auth::session, history);
  router.add(http::verb::get, "/api/ui/fairRound", Auth::session, fair_round);
}

}  // namespace croupier::gateway
