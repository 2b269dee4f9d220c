// The player client's configuration and data endpoints (SPEC section 7).
#include <algorithm>
#include <boost/json.hpp>
#include <future>

#include "config/languages.hpp"
#include "core/log.hpp"
#include "core/metrics.hpp"
#include "games/cards/andar_bahar.hpp"
#include "games/cards/card.hpp"
#include "games/crash/crash.hpp"
#include "games/crash/crash_engine.hpp"
#include "games/rtp.hpp"
#include "gateway/api.hpp"
#include "gateway/bonus.hpp"
#include "gateway/chat.hpp"
#include "gateway/player_settings.hpp"
#include "gateway/protocol/commands.hpp"
#include "gateway/protocol/json.hpp"

namespace croupier::gateway {

namespace json = boost::json;
using protocol::money_json;

namespace {

constexpr size_t kStatisticGamesMax = 100;

// The url list (assets/api/urlxml.xml): where the client finds the per-player data.
const std::vector<std::pair<std::string, std::string>>& url_list() {
  static const std::vector<std::pair<std::string, std::string>> urls = {
      {"playerConfig", "/api/ui/playerConfig"},
      {"tableConfig", "/api/ui/tableConfig"},
      {"balance", "/api/ui/balance"},
      {"assignedTables", "/api/ui/assignedTables"},
      {"casinoConfig", "/api/ui/casinoConfig"},
      {"statisticHistory", "/api/ui/statisticHistory"},
      {"abCardStats", "/api/ui/ABCardStats"},
      {"rates", "/api/ui/getRates"},
      {"features", "/api/player/features/ui/configuredFeatures"},
      {"screenName", "/api/user/screenName"},
      {"swearwords", "/api/ui/swearwords"},
      {"history", "/api/ui/history"},
      {"rtp", "/api/ui/getRtpDetails"},
      {"versions", "/api/ge/versions"},
      {"ticker", "/api/ui/ticker"},
      {"socket", "/ws"},
  };
  return urls;
}

std::string url_list_xml() {
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urls version=\"1\">\n";
  for (const auto& [key, href] : url_list())
    xml += "  <url key=\"" + key + "\" href=\"" + href + "\"/>\n";
  return xml + "</urls>\n";
}

json::object url_list_json() {
  json::object o;
  for (const auto& [key, href] : url_list()) o[key] = href;
  return o;
}

const std::string& game_kind_of(const config::TableDef& def) {
  return def.config.kind;
}

// The table's live stream (docs/studio.md), or null: the client draws the studio.
json::value video_json(const LiveTable& live) {
  if (!live.studio) return nullptr;
  const auto& v = live.studio->video();
  return json::object{{"url", "/video/" + live.def->config.id + "/master.m3u8"},
                      {"renditions", json::array(v.renditions.begin(), v.renditions.end())},
                      {"delayBudgetMs", v.delay_budget.count()}};
}

// The table as this player sees it: in their currency, with the chat on only when the
// table, the operator and the jurisdiction all allow it (gateway/chat).
json::object table_json(Ctx& ctx, const LiveTable& live, const config::CurrencyTerms& terms) {
  const store::Player& player = ctx.me().player;
  const std::string& currency = player.currency;
  const table::TableConfig& c = live.table->config();
  json::array spots;
  const games::Engine& engine = *live.engines.at(currency);
  const games::TableLimitsInfo info = engine.limits();
  const std::vector<std::string> wheel = engine.wheel();
  auto min = c.table_min.find(currency);
  const Money table_min = min != c.table_min.end() ? min->second : info.min_bet;
  for (const auto& s : info.spots) {
    json::object spot{{"kind", s.kind},
                      {"payout", s.payout_ratio},
                      {"inside", s.inside},
                      {"min", money_json(s.min)},
                      {"max", money_json(s.max)}};
    if (!s.payout_text.empty()) spot["payoutText"] = s.payout_text;
    spots.push_back(std::move(spot));
  }
  json::array chips;
  for (Money chip : terms.chips) chips.push_back(money_json(chip));
  json::value crash = nullptr;
  if (live.def->family().shape == games::Shape::crash)
    crash = json::object{{"skin", c.variant},
                         {"growth", games::crash::kGrowthPerMs},
                         {"cap", games::crash::multiplier_text(games::crash::kCap)},
                         {"minTarget", games::crash::multiplier_text(games::crash::kMinTarget)}};
  return json::object{
      {"tableId", c.id},
      {"name", c.name},
      {"game", c.game},
      {"gameKind", game_kind_of(*live.def)},
      {"variant", c.variant},
      {"tableType", c.type},
      {"dealer", c.dealer},
      {"channel", "table-" + c.id},
      {"currency", currency},
      {"wheel", json::array(wheel.begin(), wheel.end())},
      {"specialBallEvery", c.special_ball_every},
      {"seats", c.seats},
      {"seatsPerPlayer", c.seats_per_player},
      {"decisionMs", c.timings.decision.count()},
      {"squeeze", c.squeeze},
      {"chatEnabled", !chat_off(ctx.svc, player, live)},
      {"limits", json::object{{"min", money_json(info.min_bet)},
                              {"max", money_json(info.table_max)},
                              {"insideMax", money_json(info.inside_max)},
                              {"outsideMax", money_json(info.outside_max)},
                              {"oppositeBetsAllowed", info.opposite_bets_allowed},
                              {"tableMin", money_json(table_min)},
                              {"maxMultiplier", info.max_multiplier},
                              {"spots", std::move(spots)}}},
      {"chips", std::move(chips)},
      {"defaultChip", money_json(terms.default_chip)},
      {"timings", json::object{{"bettingMs", c.timings.betting.count()},
                               {"closingSoonMs", c.timings.closing_soon.count()},
                               {"betsClosedMs", c.timings.bets_closed.count()},
                               {"spinMs", c.timings.spin.count()},
                               {"resultMs", c.timings.result.count()},
                               {"nextGameMs", c.timings.next_game.count()},
                               {"revealMs", c.timings.reveal.count()},
                               {"chooseMs", c.timings.choose.count()}}},
      {"players", live.channel->subscriber_count()},
      {"crash", std::move(crash)},
      {"video", video_json(live)},
  };
}

// The table the request names (tableId), offered in the caller's currency.
Result<std::pair<const LiveTable*, const config::CurrencyTerms*>, StringReply> requested_table(
    Ctx& ctx) {
  std::string id = ctx.param("tableId");
  if (id.empty()) {
    return error_reply(ctx.req, http::status::bad_request, "MISSING_TABLE_ID",
                       "tableId is required");
  }
  const LiveTable* live = ctx.svc.table(id);
  if (!live)
    return error_reply(ctx.req, http::status::not_found, "NO_SUCH_TABLE", "no table " + id);
  auto terms = live->def->terms.find(ctx.me().player.currency);
  if (terms == live->def->terms.end()) {
    return error_reply(ctx.req, http::status::forbidden, "CURRENCY_NOT_OFFERED",
                       "table " + id + " does not play in " + ctx.me().player.currency,
                       ErrorCode::BetsNotAccepted);
  }
  return std::pair{live, &terms->second};
}

// The tables the player may play: in their currency, offered in their country.
json::array assigned_tables(Services& svc, const store::Player& player,
                            const std::string& country) {
  json::array out;
  for (const auto& [id, live] : svc.tables) {
    auto terms = live.def->terms.find(player.currency);
    if (terms == live.def->terms.end()) continue;
    if (live.def->countries.any() && !live.def->countries.permits(country)) continue;
    const auto& l = terms->second.limits;
    out.push_back(json::object{{"tableId", id},
                               {"name", live.def->config.name},
                               {"game", live.def->config.game},
                               {"gameKind", game_kind_of(*live.def)},
                               {"variant", live.def->config.variant},
                               {"tableType", live.def->config.type},
                               {"dealer", live.def->config.dealer},
                               {"channel", "table-" + id},
                               {"players", live.channel->subscriber_count()},
                               {"seats", live.def->config.seats},
                               {"limits", json::object{{"min", money_json(l.min_bet)},
                                                       {"max", money_json(l.table_max)}}}});
  }
  return out;
}

// The versions a player or support may ask for (/api/ge/versions, env/getAll): the game
// server's, the client's it serves, and the socket protocol's.
constexpr std::string_view kServerVersion = "1.30.0";
constexpr std::string_view kClientVersion = "2.0.9";
constexpr int kProtocolVersion = 1;

json::object env_json(Ctx& ctx) {
  std::string base = public_base(ctx);
  return json::object{{"playerBaseDomain", base},
                      {"bonusPromotionsService", base + "/bonus"},
                      {"statsCollector", base + "/eventcapture"},
                      {"version", kServerVersion},
                      {"appVersion", kClientVersion}};
}

json::object player_config_json(Ctx& ctx) {
  const store::Player& p = ctx.me().player;
  return json::object{{"player", player_json(ctx.svc, p)},
                      {"settings", merged_settings(ctx.svc.store.player_settings(p.id))}};
}

const config::Operator* operator_of(Services& svc, const store::Player& p) {
  return svc.casino.find_operator(p.operator_id);
}

json::object features_json(Services& svc, const store::Player& p) {
  json::object flags{
      {"feature_combineAPI", false}, {"feature_chat", true}, {"feature_statistics", true}};
  if (const auto* op = operator_of(svc, p)) {
    for (const auto& [k, v] : op->features) flags[k] = v;
  }
  return flags;
}

json::array swearwords_json(Services& svc) {
  json::array out;
  for (const auto& w : svc.swearwords) out.push_back(json::string(w));
  return out;
}

// The language asked for (ln, lang, then the player's), normalised, among those the
// operator offers (else the first it offers).
std::string language_of(Ctx& ctx) {
  std::string wanted = "en";
  for (const std::string& candidate :
       {ctx.param("ln"), ctx.param("lang"), ctx.me().player.language}) {
    if (auto lang = config::normalise_language(candidate)) {
      wanted = *lang;
      break;
    }
  }
  const auto* op = operator_of(ctx.svc, ctx.me().player);
  return op ? config::offered_language(op->casino_config, wanted) : wanted;
}

json::object balance_object(const ledger::Balance& b, const std::string& currency) {
  return json::object{{"balance", money_json(b.total())},
                      {"bonusBalance", money_json(b.bonus)},
                      {"actualBalance", money_json(b.cash)},
                      {"currency", currency}};
}

Reply get_all_config(Ctx& ctx) {
  const store::Player& p = ctx.me().player;
  if (const auto* op = operator_of(ctx.svc, p))
    if (auto refused = location_refusal(ctx, *op, &p)) return std::move(*refused);
  json::object out;
  out["language"] = language_of(ctx);
  out["urlxml"] = url_list_json();
  out["env"] = env_json(ctx);
  out["swearwords"] = swearwords_json(ctx.svc);
  out["playerConfig"] = player_config_json(ctx);
  out["tableConfig"] = nullptr;
  if (ctx.has_param("tableId")) {
    auto t = requested_table(ctx);
    if (!t.ok()) return t.error();
    if (!table_offered(ctx, *t->first->def, &p)) return country_unavailable(ctx, p);
    out["tableConfig"] = table_json(ctx, *t->first, *t->second);
  }
  const auto* op = operator_of(ctx.svc, p);
  out["casinoConfig"] = op ? config::casino_config_json(*op, ctx.svc.casino) : json::object{};
  out["balance"] = balance_json(ctx.svc, p);
  out["assignedTables"] = assigned_tables(ctx.svc, p, country_of(ctx, &p));
  out["features"] = features_json(ctx.svc, p);
  if (!ctx.svc.seamless || !ctx.svc.seamless->is_seamless(p.id))
    return json_reply(ctx.req, http::status::ok, out);
  // At a seamless operator the balance is asked of its wallet first (the one known from the
  // last call stays when it does not answer).
  Request shape;
  shape.version(ctx.req.version());
  shape.keep_alive(ctx.req.keep_alive());
  return LaterReply{[&svc = ctx.svc, shape = std::move(shape), out = std::move(out),
                     p](std::function<void(StringReply)> send) mutable {
    svc.seamless->fetch_balance(
        p.id, p.currency,
        [shape = std::move(shape), out = std::move(out), currency = p.currency,
         send = std::move(send)](Result<ledger::Balance, ledger::Failure> r) mutable {
          if (r.ok()) out["balance"] = balance_object(r.value(), currency);
          send(json_reply(shape, http::status::ok, out));
        });
  }};
}

Reply save_player_config(Ctx& ctx) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::object& o = *body;
  const json::value* game_type = o.if_contains("gameType");
  if (!game_type || !game_type->is_string() || !games::is_game_kind(game_type->as_string())) {
    return error_reply(ctx.req, http::status::bad_request, "BAD_GAME_TYPE",
                       "gameType must name a game kind such as roulette or lobby",
                       ErrorCode::ActionFailed);
  }
  std::map<std::string, std::string> values;
  for (const auto& [k, v] : o) {
    std::string key(k);
    if (key == "gameType") continue;
    if (key == "gameMode") {
      if (!v.is_string() || !valid_game_mode(v.as_string())) {
        return error_reply(ctx.req, http::status::bad_request, "BAD_GAME_MODE",
                           "gameMode must look like roulette_desktop", ErrorCode::ActionFailed);
      }
      continue;
    }
    if (!is_known_setting(key)) {
      return error_reply(ctx.req, http::status::bad_request, "UNKNOWN_SETTING",
                         "unknown setting '" + key + "'", ErrorCode::ActionFailed);
    }
    if (auto problem = setting_value_problem(key, v)) {
      return error_reply(ctx.req, http::status::bad_request, "BAD_SETTING_VALUE",
                         "setting '" + key + "' " + *problem, ErrorCode::ActionFailed);
    }
    std::string text = json::serialize(v);
    if (text.size() > kSettingValueBytesMax) {
      return error_reply(ctx.req, http::status::payload_too_large, "SETTING_TOO_LARGE",
                         "setting '" + key + "' is larger than 4096 bytes",
                         ErrorCode::ActionFailed);
    }
    values[key] = std::move(text);
  }
  if (values.empty()) {
    return error_reply(ctx.req, http::status::bad_request, "NO_SETTINGS",
                       "name at least one setting", ErrorCode::ActionFailed);
  }
  const store::Player& p = ctx.me().player;
  ctx.svc.store.save_player_settings(p.id, values, ctx.svc.clock.wall_ms());
  json::array saved;
  for (const auto& [k, v] : values) saved.push_back(json::string(k));
  return json_reply(
      ctx.req, http::status::ok,
      json::object{{"saved", std::move(saved)},
                   {"gameType", *game_type},
                   {"settings", merged_settings(ctx.svc.store.player_settings(p.id))}});
}

// Andar bahar card statistics over the table's last games (settled rounds).
Reply ab_card_stats(Ctx& ctx) {
  auto req = statistics_request(ctx);
  if (!req.ok()) return std::move(req).error();
  auto [live, games] = req.value();
  const std::string& id = live->def->config.id;
  if (!live->def->family().card_stats)
    return error_reply(ctx.req, http::status::bad_request, "NOT_ANDAR_BAHAR",
                       "table " + id + " does not play andar bahar");
  const games::Engine& engine = *live->engines.begin()->second;
  std::vector<games::Outcome> outcomes;
  for (const auto& r : ctx.svc.ledger.recent_results(id, games))
    if (auto o = engine.decode(r.result)) outcomes.push_back(std::move(*o));
  const games::cards::AndarBaharStats st = games::cards::andar_bahar_stats(outcomes);
  json::array ranks, ranges;
  for (size_t i = 0; i < st.joker_ranks.size(); ++i)
    ranks.push_back(
        json::object{{"rank", games::cards::to_text(games::cards::Card{static_cast<uint8_t>(i + 1),
                                                                       games::cards::Suit::spades})
                                  .substr(0, i == 9 ? 2 : 1)},
                     {"count", st.joker_ranks[i]}});
  for (size_t i = 0; i < st.dealt_ranges.size(); ++i)
    ranges.push_back(json::object{{"range", games::cards::kCardCountRangeTable[i].label},
                                  {"spot", games::cards::kCardCountRangeTable[i].spot},
                                  {"count", st.dealt_ranges[i]}});
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"tableId", id},
                                 {"numberOfGames", st.rounds},
                                 {"andar", st.andar_wins},
                                 {"bahar", st.bahar_wins},
                                 {"jokerRed", st.joker_red},
                                 {"jokerBlack", st.joker_black},
                                 {"jokerRanks", std::move(ranks)},
                                 {"cardsDealt", std::move(ranges)}});
}

Reply statistic_history(Ctx& ctx) {
  auto req = statistics_request(ctx);
  if (!req.ok()) return std::move(req).error();
  auto [live, games] = req.value();
  const std::string& id = live->def->config.id;
  json::array results;
  for (const auto& r : ctx.svc.ledger.recent_results(id, games)) {
    json::object item = protocol::result_json(r.round_id, r.result);
    item["time"] = r.at_ms;
    results.push_back(std::move(item));
  }
  return json_reply(
      ctx.req, http::status::ok,
      json::object{
          {"tableId", id}, {"numberOfGames", results.size()}, {"results", std::move(results)}});
}

Reply get_rates(Ctx& ctx) {
  std::string code =
      ctx.has_param("currencyCode") ? ctx.param("currencyCode") : ctx.me().player.currency;
  const config::CurrencyInfo* info = ctx.svc.rates.find(code);
  if (!info) {
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_CURRENCY",
                       "no exchange rate for " + code, ErrorCode::CannotRetrieveRates);
  }
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"currencyCode", info->code},
                                 {"base", ctx.svc.rates.base},
                                 {"date", ctx.svc.rates.date},
                                 {"exchangeRates", json::object{{ctx.svc.rates.base, info->rate}}},
                                 {"symbol", info->symbol},
                                 {"symbolBefore", info->symbol_before},
                                 {"decimals", info->decimals}});
}

// The return to player of a table's bets (games/rtp.hpp): the table by tableId, or a
// game's variant by game and tableVariant. A table with its own paytable gets no figures
// (customPaytable), never the default table's.
Reply get_rtp_details(Ctx& ctx) {
  std::string game = ctx.param("game");
  std::string variant = ctx.param("tableVariant");
  bool custom = false;
  json::object out;
  if (ctx.has_param("tableId")) {
    const LiveTable* live = ctx.svc.table(ctx.param("tableId"));
    if (!live)
      return error_reply(ctx.req, http::status::not_found, "NO_SUCH_TABLE",
                         "no table " + ctx.param("tableId"));
    game = live->def->config.game;
    variant = live->def->config.variant;
    custom = !live->def->paytable.empty();
    out["tableId"] = live->def->config.id;
  }
  const auto lines = games::rtp_of(game, variant);
  if (lines.empty())
    return error_reply(ctx.req, http::status::bad_request, "UNKNOWN_VARIANT",
                       "give a tableId, or a game and its tableVariant");
  auto percent = [](int bp) {
    std::string frac = std::to_string(bp % 100);
    return std::to_string(bp / 100) + "." + (frac.size() < 2 ? "0" : "") + frac;
  };
  json::array rtp;
  int lo = 10000, hi = 0;
  if (!custom) {
    for (const auto& l : lines) {
      rtp.push_back(json::object{{"bets", l.bets}, {"rtp", percent(l.basis_points)}});
      lo = std::min(lo, l.basis_points);
      hi = std::max(hi, l.basis_points);
    }
  }
  out["game"] = game;
  out["tableVariant"] = variant;
  out["customPaytable"] = custom;
  out["rtp"] = std::move(rtp);
  out["min"] = custom ? json::value(nullptr) : json::value(percent(lo));
  out["max"] = custom ? json::value(nullptr) : json::value(percent(hi));
  return json_reply(ctx.req, http::status::ok, out);
}

// The operator's ticker line in the player's language (casino configuration "ticker");
// 204 when it has none in that language (never another language's text).
Reply get_ticker(Ctx& ctx) {
  const auto* op = operator_of(ctx.svc, ctx.me().player);
  const json::value* ticker = op ? op->casino_config.if_contains("ticker") : nullptr;
  const json::value* text =
      ticker && ticker->is_object() ? ticker->as_object().if_contains(language_of(ctx)) : nullptr;
  if (!text || !text->is_string() || text->as_string().empty())
    return text_reply(ctx.req, http::status::no_content, "", "text/plain; charset=utf-8");
  return text_reply(ctx.req, http::status::ok, std::string(text->as_string()),
                    "text/plain; charset=utf-8");
}

}  // namespace

// The table and number of games a statistics call names (tableId; numberOfGames or
// noOfGames, 1 to 100, default 100).
Result<std::pair<const LiveTable*, size_t>, StringReply> statistics_request(Ctx& ctx) {
  std::string id = ctx.param("tableId");
  if (id.empty())
    return error_reply(ctx.req, http::status::bad_request, "MISSING_TABLE_ID",
                       "tableId is required");
  const LiveTable* live = ctx.svc.table(id);
  if (!live)
    return error_reply(ctx.req, http::status::not_found, "NO_SUCH_TABLE", "no table " + id);
  size_t games = kStatisticGamesMax;
  for (const char* key : {"numberOfGames", "noOfGames"}) {
    if (!ctx.has_param(key)) continue;
    std::string text = ctx.param(key);
    char* end = nullptr;
    long n = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || n < 1 || n > static_cast<long>(kStatisticGamesMax)) {
      return error_reply(ctx.req, http::status::bad_request, "BAD_NUMBER_OF_GAMES",
                         std::string(key) + " must be from 1 to 100");
    }
    games = static_cast<size_t>(n);
  }
  return std::pair{live, games};
}

// A crash table's last results (SPEC §7 SMSummaryResults): the crash points, newest first,
// and how they spread (docs/protocol.md).
Reply sm_summary_results(Ctx& ctx) {
  auto req = statistics_request(ctx);
  if (!req.ok()) return std::move(req).error();
  auto [live, games] = req.value();
  const std::string& id = live->def->config.id;
  if (live->def->family().shape != games::Shape::crash)
    return error_reply(ctx.req, http::status::bad_request, "NOT_A_CRASH_TABLE",
                       "table " + id + " is not a crash game");
  const games::Engine& engine = *live->engines.begin()->second;
  json::array results;
  std::vector<int64_t> points;
  for (const auto& r : ctx.svc.ledger.recent_results(id, games)) {
    auto o = engine.decode(r.result);
    if (!o) continue;
    points.push_back(o->values[0]);
    results.push_back(json::object{{"gameId", r.round_id},
                                   {"x", games::crash::multiplier_text(o->values[0])},
                                   {"capped", o->values[1] == 1},
                                   {"at", r.at_ms}});
  }
  json::object summary{{"games", points.size()}};
  if (!points.empty()) {
    std::vector<int64_t> sorted = points;
    std::sort(sorted.begin(), sorted.end());
    const size_t n = sorted.size();
    // The median of an even count is the lower middle one: a crash point that happened.
    summary["median"] = games::crash::multiplier_text(sorted[(n - 1) / 2]);
    summary["max"] = games::crash::multiplier_text(sorted.back());
    summary["below2"] =
        std::count_if(points.begin(), points.end(), [](int64_t x) { return x < 200; });
    summary["above2"] =
        std::count_if(points.begin(), points.end(), [](int64_t x) { return x >= 200; });
    summary["above10"] =
        std::count_if(points.begin(), points.end(), [](int64_t x) { return x >= 1000; });
  }
  return json_reply(
      ctx.req, http::status::ok,
      json::object{
          {"tableId", id}, {"results", std::move(results)}, {"summary", std::move(summary)}});
}

std::string public_base(const Ctx& ctx) {
  if (!ctx.svc.settings.public_url.empty()) return ctx.svc.settings.public_url;
  auto host = ctx.req.find(http::field::host);
  std::string h = host == ctx.req.end() ? "" : std::string(host->value());
  bool ok = !h.empty() && h.size() < 256 && std::all_of(h.begin(), h.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' ||
           c == '[' || c == ']';
  });
  if (!ok) h = ctx.svc.settings.bind + ":" + std::to_string(ctx.svc.settings.port);
  return (ctx.svc.settings.secure_cookies ? "https://" : "http://") + h;
}

json::object balance_json(Services& svc, const store::Player& p) {
  return balance_object(svc.ledger.balance(p.id, p.currency), p.currency);
}

json::object player_json(Services& svc, const store::Player& p) {
  const config::CurrencyInfo* cur = svc.rates.find(p.currency);
  const config::Operator* op = svc.casino.find_operator(p.operator_id);
  ledger::Balance b = svc.ledger.balance(p.id, p.currency);
  const auto italian = op && op->regulation.italian_session ? regulated_session_ids(svc, p.id)
                                                            : std::pair<std::string, std::string>{};
  return json::object{{"id", std::to_string(p.id)},
                      {"name", p.screen_name},
                      {"type", op && op->demo ? "FUN" : "REAL"},
                      {"currency", cur ? cur->symbol : p.currency},
                      {"currencyCode", p.currency},
                      {"symbolBefore", cur ? cur->symbol_before : true},
                      {"decimals", currency_decimals(p.currency)},
                      {"balance", money_json(b.total())},
                      {"bonusBalance", money_json(b.bonus)},
                      {"actualBalance", money_json(b.cash)},
                      {"blocksafebets", (op && op->block_safe_bets) ||
                                            svc.ledger.has_active_cash_bonus(p.id, p.currency)},
                      {"has_active_bets", svc.ledger.has_bets_in_play(p.id)},
                      {"enrollmentDate", p.created_ms},
                      {"countryCode", p.country},
                      // The Italian game session's ids (docs/regulation.md), "" when none.
                      {"sessionId", italian.first},
                      {"ticketId", italian.second},
                      {"language", p.language},
                      {"operatorId", p.operator_id}};
}

// The player's balance; at a seamless operator, asked of its wallet now (20102 when it does
// not answer).
Reply get_balance(Ctx& ctx) {
  const store::Player& p = ctx.me().player;
  if (!ctx.svc.seamless || !ctx.svc.seamless->is_seamless(p.id))
    return json_reply(ctx.req, http::status::ok, balance_json(ctx.svc, p));
  Request shape;  // the reply's HTTP version and keep-alive follow the request's
  shape.version(ctx.req.version());
  shape.keep_alive(ctx.req.keep_alive());
  return LaterReply{
      [&svc = ctx.svc, shape = std::move(shape), p](std::function<void(StringReply)> send) mutable {
        svc.seamless->fetch_balance(
            p.id, p.currency,
            [shape = std::move(shape), currency = p.currency,
             send = std::move(send)](Result<ledger::Balance, ledger::Failure> r) {
              if (!r.ok()) {
                const bool account = r.error() == ledger::Failure::account_disabled ||
                                     r.error() == ledger::Failure::account_suspended;
                return send(error_reply(
                    shape, account ? http::status::forbidden : http::status::bad_gateway,
                    account ? "ACCOUNT_RESTRICTED" : "BALANCE_UNAVAILABLE",
                    account ? "the operator has restricted the account"
                            : "the operator's wallet gave no balance",
                    account ? table::code_for(r.error()) : ErrorCode::CannotRetrieveBalance));
              }
              send(json_reply(shape, http::status::ok, balance_object(r.value(), currency)));
            });
      }};
}

void welcome_new_player(Services& svc, const config::Operator& op, const store::Player& player) {
  if (op.demo && op.fun_money.is_positive()) {
    std::promise<bool> committed;
    auto done = committed.get_future();
    svc.ledger.submit(ledger::Fund{"fund:" + op.id + ":" + std::to_string(player.id), player.id,
                                   player.currency, op.fun_money, op.id, false},
                      [&committed](auto r) { committed.set_value(r.ok()); });
    if (!done.get()) log::error("funding a new player failed", {{"player", player.id}});
  }
  offer_new_player_bonuses(svc, op, player);
}

void add_ui_routes(Router& router, Services& svc) {
  using V = http::verb;
  router.add(V::get, "/assets/api/urlxml.xml", Auth::none, [](Ctx& ctx) -> Reply {
    StringReply r =
        text_reply(ctx.req, http::status::ok, url_list_xml(), "application/xml; charset=utf-8");
    return r;
  });
  router.add(V::get, "/api/env/getAll", Auth::session_or_offline, [](Ctx& ctx) -> Reply {
    if (ctx.session)
      if (const auto* op = operator_of(ctx.svc, ctx.session->player))
        if (auto refused = location_refusal(ctx, *op, &ctx.session->player))
          return std::move(*refused);
    return json_reply(ctx.req, http::status::ok, env_json(ctx));
  });
  router.add(V::get, "/api/ui/getAllConfig", Auth::session, get_all_config);
  router.add(V::get, "/api/ui/playerConfig", Auth::session, [](Ctx& ctx) -> Reply {
    return json_reply(ctx.req, http::status::ok, player_config_json(ctx));
  });
  router.add(V::get, "/api/ui/tableConfig", Auth::session, [](Ctx& ctx) -> Reply {
    auto t = requested_table(ctx);
    if (!t.ok()) return t.error();
    if (!table_offered(ctx, *t->first->def, &ctx.me().player))
      return country_unavailable(ctx, ctx.me().player);
    return json_reply(ctx.req, http::status::ok, table_json(ctx, *t->first, *t->second));
  });
  router.add(V::get, "/api/ui/balance", Auth::session, get_balance);
  router.add(V::get, "/api/ui/assignedTables", Auth::session, [](Ctx& ctx) -> Reply {
    return json_reply(ctx.req, http::status::ok,
                      json::object{{"tables", assigned_tables(ctx.svc, ctx.me().player,
                                                              country_of(ctx, &ctx.me().player))}});
  });
  router.add(V::get, "/api/ui/casinoConfig", Auth::session, [](Ctx& ctx) -> Reply {
    const auto* op = operator_of(ctx.svc, ctx.me().player);
    json::object c = op ? config::casino_config_json(*op, ctx.svc.casino) : json::object{};
    c["language"] = language_of(ctx);
    return json_reply(ctx.req, http::status::ok, c);
  });
  router.add(V::post, "/api/ui/savePlayerConfigGeneric", Auth::session, save_player_config);
  router.add(V::get, "/api/ui/statisticHistory", Auth::session, statistic_history);
  router.add(V::get, "/api/ui/SMSummaryResults", Auth::session, sm_summary_results);
  router.add(V::get, "/api/ui/ABCardStats", Auth::session, ab_card_stats);
  router.add(V::get, "/api/ui/getRates", Auth::session, get_rates);
  router.add(
      V::get, "/api/player/features/ui/configuredFeatures", Auth::session, [](Ctx& ctx) -> Reply {
        return json_reply(ctx.req, http::status::ok, features_json(ctx.svc, ctx.me().player));
      });
  router.add(V::get, "/api/ui/swearwords", Auth::session, [](Ctx& ctx) -> Reply {
    return json_reply(ctx.req, http::status::ok,
                      json::object{{"swearwords", swearwords_json(ctx.svc)}});
  });
  router.add(V::get, "/api/ui/getRtpDetails", Auth::session, get_rtp_details);
  router.add(V::get, "/api/ui/ticker", Auth::session, get_ticker);
  router.add(V::get, "/api/ge/versions", Auth::none, [](Ctx& ctx) -> Reply {
    return json_reply(ctx.req, http::status::ok,
                      json::object{{"server", kServerVersion},
                                   {"client", kClientVersion},
                                   {"protocol", kProtocolVersion}});
  });
  (void)svc;
}

}  // namespace croupier::gateway
