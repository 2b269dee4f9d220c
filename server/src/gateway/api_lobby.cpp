// The lobby's calls (docs/protocol.md): GET /api/ui/lobbyFilters,
// /api/info/recentPlayersAllTables and /api/info/lastPlayersTables. The tiles' live state
// travels on the "lobby" socket channel (gateway/lobby.hpp).
#include <algorithm>
#include <boost/json.hpp>
#include <map>
#include <set>

#include "config/casino.hpp"
#include "gateway/api.hpp"
#include "gateway/http.hpp"
#include "gateway/player_settings.hpp"

namespace croupier::gateway {

namespace json = boost::json;
namespace http = boost::beast::http;
using V = http::verb;

namespace {

constexpr int64_t kRecentWindowMs = 10 * 60 * 1000;
constexpr size_t kRecentNames = 5;
constexpr size_t kLastTables = 10;

const json::object& casino_config_of(Services& svc, const store::Player& p) {
  static const json::object none;
  const auto* op = svc.casino.find_operator(p.operator_id);
  return op ? op->casino_config : none;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A saved choice that is still offered, else "all".
std::string chosen(const json::object& settings, const std::string& key,
                   const std::vector<std::string>& offered) {
  const json::value* v = settings.if_contains(key);
  if (v && v->is_string() &&
      std::find(offered.begin(), offered.end(), std::string(v->as_string())) != offered.end())
    return std::string(v->as_string());
  return "all";
}

bool flag_of(const json::object& settings, const std::string& key, bool fallback) {
  const json::value* v = settings.if_contains(key);
  return v && v->is_bool() ? v->as_bool() : fallback;
}

json::array strings(const std::vector<std::string>& items) {
  json::array out;
  for (const auto& i : items) out.push_back(json::string(i));
  return out;
}

Reply lobby_filters(Ctx& ctx) {
  const store::Player& p = ctx.me().player;
  const json::object& cfg = casino_config_of(ctx.svc, p);
  json::object settings = merged_settings(ctx.svc.store.player_settings(p.id));

  std::vector<std::string> tabs;
  if (const auto* order = cfg.if_contains("tabs_order"); order && order->is_array())
    for (const auto& t : order->as_array()) tabs.emplace_back(t.as_string());

  // Per tab: "all", then the kinds and types of the tables the player's currency plays.
  std::map<std::string, std::vector<std::string>> types;
  std::map<std::pair<std::string, std::string>, int> multi_tables;  // by tab and game
  for (const auto& def : ctx.svc.casino.tables) {                   // in the casino file's order
    if (!def.terms.contains(p.currency)) continue;
    const table::TableConfig& c = def.config;
    std::string tab = config::tab_of(c);
    auto& list = types[tab];
    for (const std::string& t : {c.kind, c.type})
      if (!t.empty() && std::find(list.begin(), list.end(), t) == list.end()) list.push_back(t);
    if (def.family().multi) ++multi_tables[{tab, c.game}];
  }
  // Two tables of a family that offers it are also played together ("multi-baccarat").
  for (const auto& [at, count] : multi_tables)
    if (count >= 2) types[at.first].push_back("multi-" + at.second);

  json::object table_types, selected_types;
  for (const auto& tab : tabs) {
    std::vector<std::string> offered{"all"};
    for (const auto& t : types[tab]) offered.push_back(t);
    table_types[tab] = strings(offered);
    selected_types[tab] = chosen(settings, lower(tab) + "_table_type", offered);
  }
  const std::vector<std::string> bj{"all", "free", "behind"};
  const std::vector<std::string> promo{"all", "live", "upcoming"};
  json::object selected{
      {"showfulltables", flag_of(settings, "showfulltables", true)},
      {"grid_view", flag_of(settings, "grid_view", true)},
      {"grid_view_mobile", flag_of(settings, "grid_view_mobile", false)},
      {"selectedbjfilter", chosen(settings, "selectedbjfilter", bj)},
      {"selpromofilter", chosen(settings, "selpromofilter", promo)},
      {"tableType", std::move(selected_types)},
  };
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"tabs", strings(tabs)},
                                 {"tableTypes", std::move(table_types)},
                                 {"bjFilters", strings(bj)},
                                 {"promoFilters", strings(promo)},
                                 {"selected", std::move(selected)}});
}

Reply recent_players(Ctx& ctx) {
  const auto* op = ctx.svc.casino.find_operator(ctx.me().player.operator_id);
  const bool names = !(op && config::casino_flag(*op, "hide_screenname_leaderboard"));
  auto rows = ctx.svc.ledger.recent_players(ctx.svc.clock.wall_ms() - kRecentWindowMs, 10000);

  struct Table {
    std::string id;
    std::vector<ledger::PlayerId> players;  // most recent first
  };
  std::vector<Table> tables;
  std::set<ledger::PlayerId> everyone;
  for (const auto& r : rows) {
    if (!ctx.svc.table(r.table_id)) continue;  // a table the casino no longer has
    if (tables.empty() || tables.back().id != r.table_id) tables.push_back({r.table_id, {}});
    tables.back().players.push_back(r.player);
    everyone.insert(r.player);
  }
  std::stable_sort(tables.begin(), tables.end(), [](const Table& a, const Table& b) {
    return a.players.size() > b.players.size();
  });
  json::array out;
  for (const auto& t : tables) {
    json::object o{{"tableId", t.id}, {"players", t.players.size()}};
    if (names) {
      json::array list;
      for (size_t i = 0; i < t.players.size() && list.size() < kRecentNames; ++i)
        if (auto player = ctx.svc.store.player(t.players[i]);
            player && !player->screen_name.empty())
          list.push_back(json::string(player->screen_name));
      o["names"] = std::move(list);
    }
    out.push_back(std::move(o));
  }
  return json_reply(
      ctx.req, http::status::ok,
      json::object{
          {"windowMs", kRecentWindowMs}, {"total", everyone.size()}, {"tables", std::move(out)}});
}

Reply last_tables(Ctx& ctx) {
  json::array out;
  // Ask for a few more in case some tables are gone from the casino.
  for (const auto& t : ctx.svc.ledger.player_tables(ctx.me().player.id, kLastTables + 10)) {
    if (!ctx.svc.table(t.table_id)) continue;
    if (out.size() == kLastTables) break;
    out.push_back(
        json::object{{"tableId", t.table_id}, {"lastPlayed", t.last_ms}, {"rounds", t.rounds}});
  }
  return json_reply(ctx.req, http::status::ok, json::object{{"tables", std::move(out)}});
}

}  // namespace

void add_lobby_routes(Router& router, Services&) {
  router.add(V::get, "/api/ui/lobbyFilters", Auth::session, lobby_filters);
  router.add(V::get, "/api/info/recentPlayersAllTables", Auth::session, recent_players);
  router.add(V::get, "/api/info/lastPlayersTables", Auth::session, last_tables);
}

}  // namespace croupier::gateway
