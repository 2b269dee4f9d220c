// The operator's back office (docs/operators.md "Back office"): signed calls, like every
// operator call, that read what the operator's players did from the ledger. Rounds and bets
// of a player or a table over a period, with outcomes; gross gaming revenue per table and
// UTC day; the rounds still open; the audit trail of the operator's wallet calls. Each
// answers JSON, or CSV with "format": "csv". Only the operator's own players' bets are
// shown: the ledger keeps player ids, the store says whose they are.
#include <boost/json.hpp>
#include <ctime>
#include <unordered_map>

#include "gateway/api.hpp"
#include "gateway/http.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

constexpr int64_t kDayMs = 86'400'000;
constexpr int64_t kPeriodMaxMs = 366 * kDayMs;

// Who the ledger's players are at this operator: their own ids, or nothing for another's.
class Players {
 public:
  Players(const store::Store& store, std::string operator_id)
      : store_(store), operator_(std::move(operator_id)) {}
  const std::string* external(int64_t id) {
    auto it = seen_.find(id);
    if (it == seen_.end()) {
      auto p = store_.player(id);
      it = seen_
               .emplace(id, p && p->operator_id == operator_ ? std::optional(p->external_id)
                                                             : std::nullopt)
               .first;
    }
    return it->second ? &*it->second : nullptr;
  }

 private:
  const store::Store& store_;
  std::string operator_;
  std::unordered_map<int64_t, std::optional<std::string>> seen_;
};

std::string iso_time(int64_t ms) {
  const std::time_t s = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&s, &tm);
  char buf[96];  // room for any int the format could be given
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms % 1000));
  return buf;
}

std::string iso_day(int64_t day) {
  return iso_time(day * kDayMs).substr(0, 10);
}

// A CSV field: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @
// is quoted after a ' so that a spreadsheet does not take it for a formula.
std::string csv_field(std::string_view v) {
  std::string s(v);
  if (!s.empty() && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@')) s = "'" + s;
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csv_line(std::initializer_list<std::string_view> fields) {
  std::string line;
  for (auto f : fields) line += (line.empty() ? "" : ",") + csv_field(f);
  return line + "\r\n";
}

StringReply bad_field(const Ctx& ctx, const std::string& message) {
  return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", message);
}

// The period asked: from and to (Unix ms, from < to, at most a year apart).
Result<std::pair<int64_t, int64_t>, StringReply> period_of(const Ctx& ctx, const json::object& b) {
  auto* from = b.if_contains("from");
  auto* to = b.if_contains("to");
  if (!from || !from->is_int64() || !to || !to->is_int64() || from->as_int64() < 0 ||
      to->as_int64() <= from->as_int64() || to->as_int64() - from->as_int64() > kPeriodMaxMs) {
    return bad_field(ctx, "from and to (Unix ms) must give a period of at most 366 days");
  }
  return std::pair{from->as_int64(), to->as_int64()};
}

Result<size_t, StringReply> limit_of(const Ctx& ctx, const json::object& b, size_t fallback,
                                     size_t max) {
  auto* v = b.if_contains("limit");
  if (!v) return fallback;
  if (!v->is_int64() || v->as_int64() < 1 || static_cast<size_t>(v->as_int64()) > max)
    return bad_field(ctx, "limit must be from 1 to " + std::to_string(max));
  return static_cast<size_t>(v->as_int64());
}

Result<bool, StringReply> csv_wanted(const Ctx& ctx, const json::object& b) {
  auto* v = b.if_contains("format");
  if (!v) return false;
  if (!v->is_string() || (v->as_string() != "csv" && v->as_string() != "json"))
    return bad_field(ctx, "format must be json or csv");
  return v->as_string() == "csv";
}

StringReply csv_reply(const Ctx& ctx, std::string body, const std::string& name) {
  StringReply r = text_reply(ctx.req, http::status::ok, std::move(body), "text/csv; charset=utf-8");
  r.set(http::field::content_disposition, "attachment; filename=\"" + name + ".csv\"");
  return r;
}

// A report's request: signed by the operator, for a period, as JSON or CSV.
struct ReportAsk {
  SignedRequest signed_req;
  int64_t from = 0, to = 0;
  bool csv = false;
  const json::object& body() const { return signed_req.body; }
};
Result<ReportAsk, StringReply> report_ask(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return std::move(signed_req).error();
  auto period = period_of(ctx, signed_req->body);
  if (!period.ok()) return std::move(period).error();
  auto csv = csv_wanted(ctx, signed_req->body);
  if (!csv.ok()) return std::move(csv).error();
  return ReportAsk{std::move(*signed_req), period->first, period->second, *csv};
}

std::string money_text(Money m) {
  return format_money(m);
}

// ---- Rounds and bets -------------------------------------------------------------------

json::object round_object(Services& svc, const ledger::HistoryRound& r, Players& players) {
  json::array bets;
  for (const auto& b : r.bets) {
    const std::string* who = players.external(b.player);
    if (!who) continue;
    json::object bet{{"betId", b.id},          {"playerId", *who},
                     {"spot", b.spot},         {"amount", money_text(b.amount)},
                     {"currency", r.currency}, {"status", b.status},
                     {"placedAt", b.placed_ms}};
    bet["returned"] = b.returned ? json::value(money_text(*b.returned)) : json::value(nullptr);
    bets.push_back(std::move(bet));
  }
  json::object o{{"roundId", r.round_id},  {"tableId", r.table_id}, {"game", r.game},
                 {"seq", r.seq},           {"state", r.state},      {"openedAt", r.opened_ms},
                 {"bets", std::move(bets)}};
  o["closedAt"] = r.closed_ms ? json::value(*r.closed_ms) : json::value(nullptr);
  o["result"] = r.result ? json::value(*r.result) : json::value(nullptr);
  if (r.result && r.state == "settled")
    o["outcome"] = outcome_detail(svc.table(r.table_id), *r.result, r.detail);
  return o;
}

Reply report_rounds(Ctx& ctx) {
  auto ask = report_ask(ctx);
  if (!ask.ok()) return std::move(ask).error();
  const json::object& b = ask->body();
  auto limit = limit_of(ctx, b, 100, 1000);
  if (!limit.ok()) return std::move(limit).error();
  auto* player_id = b.if_contains("playerId");
  auto* table_id = b.if_contains("tableId");
  if ((player_id == nullptr) == (table_id == nullptr) || (player_id && !player_id->is_string()) ||
      (table_id && !table_id->is_string()))
    return bad_field(ctx, "give playerId or tableId");
  std::optional<std::pair<int64_t, std::string>> before;
  if (auto* c = b.if_contains("before")) {
    const json::object* o = c->if_object();
    if (!o || !o->contains("openedAt") || !o->at("openedAt").is_int64() ||
        !o->contains("roundId") || !o->at("roundId").is_string())
      return bad_field(ctx, "before must be the next page's cursor {openedAt, roundId}");
    before = std::pair{o->at("openedAt").as_int64(), std::string(o->at("roundId").as_string())};
  }
  const int64_t from = ask->from, to = ask->to;
  // A player's rounds come a hundred at most to a page (the history's page).
  const size_t asked = player_id ? std::min<size_t>(*limit, 100) : *limit;
  std::vector<ledger::HistoryRound> rounds;
  if (player_id) {
    auto p = ctx.svc.store.player_by_external(ask->signed_req.op->id,
                                              std::string(player_id->as_string()));
    if (!p)
      return error_reply(ctx.req, http::status::not_found, "UNKNOWN_PLAYER", "no such player");
    ledger::HistoryQuery q;
    q.player = p->id;
    q.from_ms = from;
    q.to_ms = to;
    q.before = before;
    q.limit = asked;
    rounds = ctx.svc.ledger.player_history(q);
  } else {
    if (!ctx.svc.casino.find_table(table_id->as_string()))
      return error_reply(ctx.req, http::status::not_found, "UNKNOWN_TABLE", "no such table");
    ledger::TableRoundsQuery q;
    q.table_id = std::string(table_id->as_string());
    q.from_ms = from;
    q.to_ms = to;
    q.before = before;
    q.limit = *limit;
    rounds = ctx.svc.ledger.table_rounds(q);
  }
  Players players(ctx.svc.store, ask->signed_req.op->id);
  if (ask->csv) {
    std::string out =
        csv_line({"roundId", "tableId", "game", "openedAt", "closedAt", "state", "result",
                  "playerId", "betId", "spot", "amount", "currency", "status", "returned"});
    for (const auto& r : rounds) {
      for (const auto& bet : r.bets) {
        const std::string* who = players.external(bet.player);
        if (!who) continue;
        out += csv_line({r.round_id, r.table_id, r.game, iso_time(r.opened_ms),
                         r.closed_ms ? iso_time(*r.closed_ms) : "", r.state, r.result.value_or(""),
                         *who, std::to_string(bet.id), bet.spot, money_text(bet.amount), r.currency,
                         bet.status, bet.returned ? money_text(*bet.returned) : ""});
      }
    }
    return csv_reply(ctx, std::move(out), "rounds");
  }
  json::array list;
  for (const auto& r : rounds) {
    json::object o = round_object(ctx.svc, r, players);
    if (!o.at("bets").as_array().empty()) list.push_back(std::move(o));
  }
  json::object reply{{"rounds", std::move(list)}};
  if (!rounds.empty() && rounds.size() >= asked) {
    reply["next"] =
        json::object{{"openedAt", rounds.back().opened_ms}, {"roundId", rounds.back().round_id}};
  } else {
    reply["next"] = nullptr;
  }
  return json_reply(ctx.req, http::status::ok, reply);
}

// ---- Gross gaming revenue ---------------------------------------------------------------

Reply report_ggr(Ctx& ctx) {
  auto ask = report_ask(ctx);
  if (!ask.ok()) return std::move(ask).error();
  struct Sum {
    int64_t player_rounds = 0, bets = 0, players = 0;
    Money staked, returned;
  };
  // By day, table and currency.
  std::map<std::tuple<int64_t, std::string, std::string>, Sum> sums;
  Players players(ctx.svc.store, ask->signed_req.op->id);
  for (const auto& row : ctx.svc.ledger.ggr(ask->from, ask->to)) {
    if (!players.external(row.player)) continue;
    Sum& s = sums[{row.day, row.table_id, row.currency}];
    s.player_rounds += row.rounds;
    s.bets += row.bets;
    s.players += 1;
    s.staked += row.staked;
    s.returned += row.returned;
  }
  if (ask->csv) {
    std::string out = csv_line({"day", "tableId", "currency", "players", "playerRounds", "bets",
                                "staked", "returned", "ggr"});
    for (const auto& [k, s] : sums) {
      const auto& [day, table, currency] = k;
      out +=
          csv_line({iso_day(day), table, currency, std::to_string(s.players),
                    std::to_string(s.player_rounds), std::to_string(s.bets), money_text(s.staked),
                    money_text(s.returned), money_text(s.staked - s.returned)});
    }
    return csv_reply(ctx, std::move(out), "ggr");
  }
  json::array list;
  for (const auto& [k, s] : sums) {
    const auto& [day, table, currency] = k;
    list.push_back(json::object{{"day", iso_day(day)},
                                {"tableId", table},
                                {"currency", currency},
                                {"players", s.players},
                                {"playerRounds", s.player_rounds},
                                {"bets", s.bets},
                                {"staked", money_text(s.staked)},
                                {"returned", money_text(s.returned)},
                                {"ggr", money_text(s.staked - s.returned)}});
  }
  return json_reply(ctx.req, http::status::ok, json::object{{"days", std::move(list)}});
}

// ---- The live video, as the players received it -----------------------------------------

// The studio's streams as the operator's players received them (docs/studio.md
// "Telemetry"): by table and
// rendition, the sessions, the playback and its stalls (the stall ratio: stalled time over
// played time), the mean start-up time, the mean delay from the studio and the bitrate.
Reply report_video(Ctx& ctx) {
  auto ask = report_ask(ctx);
  if (!ask.ok()) return std::move(ask).error();
  const auto rows = ctx.svc.store.video_report(ask->from, ask->to, ask->signed_req.op->id);
  auto ratio = [](const store::VideoReportRow& r) {
    return r.played_ms + r.stall_ms > 0
               ? static_cast<double>(r.stall_ms) / static_cast<double>(r.played_ms + r.stall_ms)
               : 0.0;
  };
  auto opt = [](const std::optional<int64_t>& v) { return v ? std::to_string(*v) : std::string(); };
  if (ask->csv) {
    std::string out = csv_line({"tableId", "rendition", "sessions", "reports", "playedMs",
                                "stallMs", "stalls", "stallRatio", "droppedFrames", "startupMsMean",
                                "delayMsMean", "bitrateKbpsMean"});
    for (const auto& r : rows) {
      char rat[32];
      std::snprintf(rat, sizeof rat, "%.4f", ratio(r));
      out +=
          csv_line({r.table_id, r.rendition, std::to_string(r.sessions), std::to_string(r.reports),
                    std::to_string(r.played_ms), std::to_string(r.stall_ms),
                    std::to_string(r.stalls), rat, std::to_string(r.dropped),
                    opt(r.startup_ms_mean), opt(r.latency_ms_mean), opt(r.bitrate_kbps_mean)});
    }
    return csv_reply(ctx, std::move(out), "video");
  }
  auto value = [](const std::optional<int64_t>& v) -> json::value {
    if (v) return *v;
    return nullptr;
  };
  json::array list;
  for (const auto& r : rows)
    list.push_back(json::object{{"tableId", r.table_id},
                                {"rendition", r.rendition},
                                {"sessions", r.sessions},
                                {"reports", r.reports},
                                {"playedMs", r.played_ms},
                                {"stallMs", r.stall_ms},
                                {"stalls", r.stalls},
                                {"stallRatio", ratio(r)},
                                {"droppedFrames", r.dropped},
                                {"startupMsMean", value(r.startup_ms_mean)},
                                {"delayMsMean", value(r.latency_ms_mean)},
                                {"bitrateKbpsMean", value(r.bitrate_kbps_mean)}});
  return json_reply(ctx.req, http::status::ok, json::object{{"video", std::move(list)}});
}

// ---- Open rounds ----------------------------------------------------------------------------

Reply report_open_rounds(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return std::move(signed_req).error();
  auto csv = csv_wanted(ctx, signed_req->body);
  if (!csv.ok()) return std::move(csv).error();
  Players players(ctx.svc.store, signed_req->op->id);
  std::string out = csv_line(
      {"roundId", "tableId", "game", "result", "playerId", "betId", "spot", "amount", "currency"});
  json::array list;
  for (const auto& def : ctx.svc.casino.tables) {
    for (const auto& r : ctx.svc.ledger.unsettled_rounds(def.config.id)) {
      json::array bets;
      for (const auto& bet : r.bets) {
        const std::string* who = players.external(bet.player);
        if (!who) continue;
        out += csv_line({r.round_id, r.table_id, r.game, r.result.value_or(""), *who,
                         std::to_string(bet.id), bet.spot, money_text(bet.amount), bet.currency});
        bets.push_back(json::object{{"betId", bet.id},
                                    {"playerId", *who},
                                    {"spot", bet.spot},
                                    {"amount", money_text(bet.amount)},
                                    {"currency", bet.currency}});
      }
      if (bets.empty()) continue;
      json::object o{{"roundId", r.round_id},
                     {"tableId", r.table_id},
                     {"game", r.game},
                     {"seq", r.seq},
                     {"bets", std::move(bets)}};
      o["result"] = r.result ? json::value(*r.result) : json::value(nullptr);
      list.push_back(std::move(o));
    }
  }
  if (*csv) return csv_reply(ctx, std::move(out), "open-rounds");
  return json_reply(ctx.req, http::status::ok, json::object{{"rounds", std::move(list)}});
}

// ---- The wallet calls' audit trail ----------------------------------------------------------

Reply report_wallet_calls(Ctx& ctx) {
  auto ask = report_ask(ctx);
  if (!ask.ok()) return std::move(ask).error();
  const json::object& b = ask->body();
  auto limit = limit_of(ctx, b, 100, 1000);
  if (!limit.ok()) return std::move(limit).error();
  ledger::WalletCallQuery q;
  q.operator_id = ask->signed_req.op->id;
  q.from_ms = ask->from;
  q.to_ms = ask->to;
  q.limit = *limit;
  if (auto* pid = b.if_contains("playerId")) {
    if (!pid->is_string()) return bad_field(ctx, "playerId must be the operator's player id");
    auto p = ctx.svc.store.player_by_external(q.operator_id, std::string(pid->as_string()));
    if (!p)
      return error_reply(ctx.req, http::status::not_found, "UNKNOWN_PLAYER", "no such player");
    q.player = p->id;
  }
  if (auto* c = b.if_contains("after")) {
    const json::object* o = c->if_object();
    if (!o || !o->contains("createdAt") || !o->at("createdAt").is_int64() ||
        !o->contains("callId") || !o->at("callId").is_string())
      return bad_field(ctx, "after must be the next page's cursor {createdAt, callId}");
    q.after = std::pair{o->at("createdAt").as_int64(), std::string(o->at("callId").as_string())};
  }
  const auto calls = ctx.svc.ledger.wallet_calls(q);
  Players players(ctx.svc.store, q.operator_id);
  if (ask->csv) {
    std::string out =
        csv_line({"callId", "kind", "status", "playerId", "currency", "amount", "roundId", "ref",
                  "attempts", "detail", "balance", "createdAt", "updatedAt"});
    for (const auto& c : calls) {
      const std::string* who = players.external(c.player);
      out += csv_line({c.call_id, ledger::wallet_kind_name(c.kind),
                       ledger::wallet_status_name(c.status), who ? *who : "", c.currency,
                       money_text(c.amount), c.round_id, c.ref, std::to_string(c.attempts),
                       c.detail, c.balance ? money_text(*c.balance) : "", iso_time(c.created_ms),
                       iso_time(c.updated_ms)});
    }
    return csv_reply(ctx, std::move(out), "wallet-calls");
  }
  json::array list;
  for (const auto& c : calls) {
    const std::string* who = players.external(c.player);
    json::array attempts;
    for (const auto& a : ctx.svc.ledger.wallet_attempts(c.call_id)) {
      json::object o{{"attempt", a.attempt},      {"outcome", a.outcome},
                     {"detail", a.detail},        {"httpStatus", a.http_status},
                     {"latencyMs", a.latency_ms}, {"at", a.at_ms}};
      o["balance"] = a.balance ? json::value(money_text(*a.balance)) : json::value(nullptr);
      attempts.push_back(std::move(o));
    }
    json::object o{{"callId", c.call_id},
                   {"kind", ledger::wallet_kind_name(c.kind)},
                   {"status", ledger::wallet_status_name(c.status)},
                   {"playerId", who ? json::value(*who) : json::value(nullptr)},
                   {"currency", c.currency},
                   {"amount", money_text(c.amount)},
                   {"roundId", c.round_id},
                   {"ref", c.ref},
                   {"createdAt", c.created_ms},
                   {"updatedAt", c.updated_ms},
                   {"attempts", std::move(attempts)}};
    list.push_back(std::move(o));
  }
  json::object reply{{"calls", std::move(list)}};
  reply["next"] = calls.size() >= *limit
                      ? json::value(json::object{{"createdAt", calls.back().created_ms},
                                                 {"callId", calls.back().call_id}})
                      : json::value(nullptr);
  return json_reply(ctx.req, http::status::ok, reply);
}

}  // namespace

void add_backoffice_routes(Router& router, Services&) {
  using V = http::verb;
  router.add(V::post, "/api/operator/report/rounds", Auth::none, report_rounds);
  router.add(V::post, "/api/operator/report/ggr", Auth::none, report_ggr);
  router.add(V::post, "/api/operator/report/open-rounds", Auth::none, report_open_rounds);
  router.add(V::post, "/api/operator/report/wallet-calls", Auth::none, report_wallet_calls);
  router.add(V::post, "/api/operator/report/video", Auth::none, report_video);
}

}  // namespace croupier::gateway
