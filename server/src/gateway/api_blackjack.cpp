// Blackjack's player data (docs/protocol.md): the bet-behind settings of a table, saved by
// POST (JSON) or by the GET action=save form (answered in XML, as SPEC section 7 says), and
// the auto-play strategy at /api/bjstrategy/user (and /player). Both live in the player's
// saved settings: the bet-behind settings under "betbehind:<tableId>" (one JSON object per
// table), the strategy as the bj_autoplay_* settings. A save reaches the table at once.
#include <boost/json.hpp>
#include <pugixml.hpp>
#include <sstream>

#include "gateway/api.hpp"
#include "gateway/player_settings.hpp"
#include "gateway/protocol/commands.hpp"
#include "table/table_actor.hpp"

namespace croupier::gateway {

namespace json = boost::json;
using V = http::verb;

namespace {

std::string prefs_key(std::string_view table_id) {
  return "betbehind:" + std::string(table_id);
}

// The counters are the client's to keep (SPEC: autostandcounter); stored as given.
struct StoredPrefs {
  table::BlackjackPrefs prefs;
  int auto_stand_counter = 0;
  int onebj_auto_stand = 12;
  int onebj_auto_stand_counter = 0;
};

StoredPrefs load_prefs(const store::Store& store, int64_t player, std::string_view table_id) {
  StoredPrefs s;
  auto saved = store.player_settings(player);
  auto it = saved.find(prefs_key(table_id));
  if (it == saved.end()) return s;
  boost::system::error_code ec;
  json::value v = json::parse(it->second, ec);
  if (ec || !v.is_object()) return s;
  const json::object& o = v.as_object();
  auto flag = [&](const char* k, bool& out) {
    if (auto* f = o.if_contains(k); f && f->is_bool()) out = f->as_bool();
  };
  auto number = [&](const char* k, int& out) {
    if (auto* f = o.if_contains(k); f && f->is_int64()) out = static_cast<int>(f->as_int64());
  };
  flag("doubledown", s.prefs.doubledown);
  flag("split", s.prefs.split);
  flag("insurance", s.prefs.insurance);
  flag("allowBetBehind", s.prefs.allow_bet_behind);
  number("autoStand", s.prefs.auto_stand);
  number("autostandcounter", s.auto_stand_counter);
  number("onebj_autostand", s.onebj_auto_stand);
  number("onebj_autostandcounter", s.onebj_auto_stand_counter);
  return s;
}

json::object prefs_json(std::string_view table_id, const StoredPrefs& s) {
  return json::object{{"tableId", table_id},
                      {"doubledown", s.prefs.doubledown},
                      {"split", s.prefs.split},
                      {"allowBetBehind", s.prefs.allow_bet_behind},
                      {"insurance", s.prefs.insurance},
                      {"autoStand", s.prefs.auto_stand},
                      {"autostandcounter", s.auto_stand_counter},
                      {"onebj_autostand", s.onebj_auto_stand},
                      {"onebj_autostandcounter", s.onebj_auto_stand_counter}};
}

void save_prefs(Services& svc, int64_t player, const std::string& table_id, const StoredPrefs& s) {
  svc.store.save_player_settings(player,
                                 {{prefs_key(table_id), json::serialize(prefs_json(table_id, s))}},
                                 svc.clock.wall_ms());
  if (const LiveTable* live = svc.table(table_id))
    live->table->set_blackjack_prefs(player, s.prefs);
}

// The table named by tableId, which must be a blackjack table.
const LiveTable* blackjack_table(Services& svc, const std::string& id) {
  const LiveTable* live = svc.table(id);
  if (!live) return nullptr;
  return live->def->family().is_blackjack() ? live : nullptr;
}

StringReply bad_request(const Ctx& ctx, std::string_view error, std::string message) {
  return error_reply(ctx.req, http::status::bad_request, error, message, ErrorCode::ActionFailed);
}

Reply post_bet_behind(Ctx& ctx) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::object& o = *body;
  const json::value* table = o.if_contains("tableId");
  if (!table || !table->is_string() || !blackjack_table(ctx.svc, std::string(table->as_string())))
    return bad_request(ctx, "BAD_TABLE", "tableId must name a blackjack table");
  const json::value* game_type = o.if_contains("gameType");
  if (!game_type || !game_type->is_string() || !games::is_game_kind(game_type->as_string()))
    return bad_request(ctx, "BAD_GAME_TYPE", "gameType must name a game kind such as blackjack");
  const std::string table_id(table->as_string());
  const int64_t player = ctx.me().player.id;
  StoredPrefs s = load_prefs(ctx.svc.store, player, table_id);
  for (const auto& [k, v] : o) {
    const std::string key(k);
    if (key == "tableId" || key == "gameType") continue;
    if (key == "gameMode") {
      if (!v.is_string() || !valid_game_mode(v.as_string()))
        return bad_request(ctx, "BAD_GAME_MODE", "gameMode must look like blackjack_desktop");
      continue;
    }
    bool* flag = key == "doubledown"       ? &s.prefs.doubledown
                 : key == "split"          ? &s.prefs.split
                 : key == "insurance"      ? &s.prefs.insurance
                 : key == "allowBetBehind" ? &s.prefs.allow_bet_behind
                                           : nullptr;
    int* number = key == "autoStand"                ? &s.prefs.auto_stand
                  : key == "autostandcounter"       ? &s.auto_stand_counter
                  : key == "onebj_autostand"        ? &s.onebj_auto_stand
                  : key == "onebj_autostandcounter" ? &s.onebj_auto_stand_counter
                                                    : nullptr;
    if (flag) {
      if (!v.is_bool()) return bad_request(ctx, "BAD_SETTING", key + " must be true or false");
      *flag = v.as_bool();
    } else if (number) {
      const bool limit = key == "autoStand" || key == "onebj_autostand";
      if (!v.is_int64() || v.as_int64() < (limit ? 1 : 0) || v.as_int64() > (limit ? 99 : 100000))
        return bad_request(ctx, "BAD_SETTING",
                           key + (limit ? " must be 1 to 99" : " must be a count from 0"));
      *number = static_cast<int>(v.as_int64());
    } else {
      return bad_request(ctx, "UNKNOWN_SETTING", "unknown bet-behind setting '" + key + "'");
    }
  }
  save_prefs(ctx.svc, player, table_id, s);
  return json_reply(ctx.req, http::status::ok, prefs_json(table_id, s));
}

// GET: reads, or with action=save saves the four flags; answers XML.
Reply get_bet_behind(Ctx& ctx) {
  const std::string table_id = ctx.param("tableId");
  if (!blackjack_table(ctx.svc, table_id))
    return bad_request(ctx, "BAD_TABLE", "tableId must name a blackjack table");
  const int64_t player = ctx.me().player.id;
  StoredPrefs s = load_prefs(ctx.svc.store, player, table_id);
  if (ctx.has_param("action")) {
    if (ctx.param("action") != "save") return bad_request(ctx, "BAD_ACTION", "action must be save");
    for (auto [name, flag] :
         {std::pair{"doubledown", &s.prefs.doubledown}, std::pair{"split", &s.prefs.split},
          std::pair{"allowBetBehind", &s.prefs.allow_bet_behind},
          std::pair{"insurance", &s.prefs.insurance}}) {
      if (!ctx.has_param(name)) continue;
      const std::string v = ctx.param(name);
      if (v != "true" && v != "false")
        return bad_request(ctx, "BAD_SETTING", std::string(name) + " must be true or false");
      *flag = v == "true";
    }
    save_prefs(ctx.svc, player, table_id, s);
  }
  pugi::xml_document doc;
  pugi::xml_node node = doc.append_child("betBehindSettings");
  for (const auto& [k, v] : prefs_json(table_id, s)) {
    std::string text = v.is_string() ? std::string(v.as_string())
                       : v.is_bool() ? (v.as_bool() ? "true" : "false")
                                     : std::to_string(v.as_int64());
    node.append_attribute(std::string(k).c_str()) = text.c_str();
  }
  std::ostringstream out;
  doc.save(out, "", pugi::format_raw);
  return text_reply(ctx.req, http::status::ok, out.str(), "application/xml; charset=utf-8");
}

// The strategy's JSON names and their settings keys (ranges: integer_settings()).
struct StrategyField {
  const char* name;
  const char* key;
};
constexpr StrategyField kStrategy[] = {
    {"stand", "bj_autoplay_stand"},         {"hit", "bj_autoplay_hit"},
    {"split", "bj_autoplay_split"},         {"splitMax", "bj_autoplay_split_max"},
    {"double", "bj_autoplay_double"},       {"doubleMax", "bj_autoplay_double_max"},
    {"insurance", "bj_autoplay_insurance"},
};

json::object strategy_json(const json::object& settings) {
  json::object out;
  for (const auto& f : kStrategy) {
    const json::value* v = settings.if_contains(f.key);
    out[f.name] = v && v->is_int64() ? v->as_int64() : 0;
  }
  return out;
}

Reply get_strategy(Ctx& ctx) {
  return json_reply(
      ctx.req, http::status::ok,
      strategy_json(merged_settings(ctx.svc.store.player_settings(ctx.me().player.id))));
}

Reply put_strategy(Ctx& ctx) {
  // The UK's rules allow no auto-play (docs/regulation.md "The UK").
  const auto* op = ctx.svc.casino.find_operator(ctx.me().player.operator_id);
  if (op && op->config_flag("uk_regulation_check"))
    return error_reply(ctx.req, http::status::forbidden, "UK_RULES",
                       "auto-play is not offered under the UK's rules");
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::object* o = &*body;
  if (const json::value* inner = o->if_contains("strategy")) {
    if (!inner->is_object()) return bad_request(ctx, "BAD_STRATEGY", "strategy must be an object");
    o = &inner->as_object();
  }
  const int64_t player = ctx.me().player.id;
  json::object current = strategy_json(merged_settings(ctx.svc.store.player_settings(player)));
  std::map<std::string, std::string> values;
  for (const auto& [k, v] : *o) {
    if (k == "gameType" || k == "gameMode") continue;
    const StrategyField* field = nullptr;
    for (const auto& f : kStrategy)
      if (k == f.name) field = &f;
    if (!field)
      return bad_request(ctx, "UNKNOWN_SETTING", "unknown strategy field '" + std::string(k) + "'");
    if (auto problem = setting_value_problem(field->key, v))
      return bad_request(ctx, "BAD_STRATEGY", std::string(field->name) + " " + *problem);
    current[field->name] = v.as_int64();
    values[field->key] = std::to_string(v.as_int64());
  }
  if (current.at("split").as_int64() > current.at("splitMax").as_int64())
    return bad_request(ctx, "BAD_STRATEGY", "split must not exceed splitMax");
  if (current.at("double").as_int64() > current.at("doubleMax").as_int64())
    return bad_request(ctx, "BAD_STRATEGY", "double must not exceed doubleMax");
  if (!values.empty()) ctx.svc.store.save_player_settings(player, values, ctx.svc.clock.wall_ms());
  return json_reply(ctx.req, http::status::ok, current);
}

}  // namespace

table::BlackjackPrefs blackjack_prefs(const store::Store& store, int64_t player,
                                      std::string_view table_id) {
  return load_prefs(store, player, table_id).prefs;
}

games::blackjack::AutoPlay autoplay_strategy(const store::Store& store, int64_t player) {
  json::object s = strategy_json(merged_settings(store.player_settings(player)));
  games::blackjack::AutoPlay a;
  a.stand = static_cast<int>(s.at("stand").as_int64());
  a.hit = static_cast<int>(s.at("hit").as_int64());
  a.split = static_cast<int>(s.at("split").as_int64());
  a.split_max = static_cast<int>(s.at("splitMax").as_int64());
  a.double_at = static_cast<int>(s.at("double").as_int64());
  a.double_max = static_cast<int>(s.at("doubleMax").as_int64());
  a.insurance = static_cast<int>(s.at("insurance").as_int64());
  return a;
}

void add_blackjack_routes(Router& router, Services& svc) {
  router.add(V::post, "/api/ui/betBehindSettings", Auth::session, post_bet_behind);
  router.add(V::get, "/api/ui/betBehindSettings", Auth::session, get_bet_behind);
  for (const char* path : {"/api/bjstrategy/user", "/api/bjstrategy/player"}) {
    router.add(V::get, path, Auth::session, get_strategy);
    router.add(V::put, path, Auth::session, put_strategy);
  }
  (void)svc;
}

}  // namespace croupier::gateway
