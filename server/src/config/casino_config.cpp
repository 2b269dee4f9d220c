// An operator's casino configuration (SPEC section 3): every field checked by type and
// rule, every default filled in. See docs/protocol.md, "GET /api/ui/casinoConfig".
#include <algorithm>
#include <set>

#include "config/casino.hpp"
#include "config/languages.hpp"
#include "config/parsing.hpp"

namespace croupier::config {

namespace json = boost::json;

namespace {

using detail::Bad;
using detail::bad;

const std::vector<std::string> kFlags = {"hide_currency",
                                         "bonus_balance",
                                         "hide_bonus",
                                         "combine_bonus",
                                         "chat_disabled",
                                         "subtitles_available",
                                         "reality_check_handle",
                                         "uk_regulation_check",
                                         "micro_gaming",
                                         "net_position",
                                         "restrict_nickname_edit",
                                         "show_nl_min_bet_toaster",
                                         "hide_screenname_leaderboard",
                                         "quick_guide_disabled"};

const std::vector<std::string> kUrls = {"lobby_logo", "lobby_background", "cashier_url", "exit_url",
                                        "home_url"};

const std::vector<std::string> kIdLists = {"clr_desktop", "clr_mobile"};

// The lifecycle events (SPEC section 4) an operator may list in integration_api.
const std::vector<std::string> kLifecycleEvents = {"launch start",
                                                   "launch end",
                                                   "initialised",
                                                   "relaunch",
                                                   "switch",
                                                   "idle",
                                                   "reconnecting",
                                                   "place bet",
                                                   "not all bets accepted",
                                                   "rejected bet",
                                                   "autoplay start",
                                                   "autoplay stopped",
                                                   "autoplay completed",
                                                   "video initialised",
                                                   "video closed",
                                                   "video error"};

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

bool contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

const json::array& list(const json::value& v, const std::string& field) {
  if (!v.is_array()) bad(field, "must be a list");
  return v.as_array();
}

std::string item_text(const json::value& v, const std::string& at) {
  if (!v.is_string() || v.as_string().empty()) bad(at, "must be a non-empty string");
  return std::string(v.as_string());
}

bool url_ok(std::string_view u) {
  if (u.empty()) return true;
  if (u.size() > 2048) return false;
  for (char c : u)
    if (static_cast<unsigned char>(c) <= ' ' || c == '"' || c == '<' || c == '>') return false;
  return (u.front() == '/' && (u.size() == 1 || u[1] != '/')) || u.starts_with("https://") ||
         u.starts_with("http://");
}

int64_t whole(const json::value& v, const std::string& field, int64_t lo, int64_t hi) {
  if (!v.is_int64() || v.as_int64() < lo || v.as_int64() > hi)
    bad(field, "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
  return v.as_int64();
}

// Table ids of the casino listed under `field`, each once.
json::array table_ids(const json::value& v, const std::string& field,
                      const std::vector<TableDef>& tables) {
  json::array out;
  std::set<std::string> seen;
  const auto& items = list(v, field);
  for (size_t i = 0; i < items.size(); ++i) {
    std::string at = field + "[" + std::to_string(i) + "]";
    std::string id = item_text(items[i], at);
    bool known = std::any_of(tables.begin(), tables.end(),
                             [&](const TableDef& t) { return t.config.id == id; });
    if (!known) bad(at, "\"" + id + "\" is not a table of this casino");
    if (!seen.insert(id).second) bad(at, "\"" + id + "\" is listed twice");
    out.push_back(json::string(id));
  }
  return out;
}

}  // namespace

const std::vector<std::string>& lobby_tabs() {
  static const std::vector<std::string> tabs = {
      "ROULETTE", "BACCARAT",  "BLACKJACK", "DRAGONTIGER", "ANDARBAHAR",
      "SICBO",    "MEGAWHEEL", "GAMESHOWS", "SLOTS",       "PROMOTIONS"};
  return tabs;
}

std::string tab_of(const table::TableConfig& t) {
  const games::Family* family = games::find_family(t.game);
  return family ? std::string(family->tab) : std::string();
}

Result<json::object, std::string> complete_casino_config(const json::object& given,
                                                         const Operator& op,
                                                         const std::vector<TableDef>& tables) {
  try {
    json::array all_languages;
    for (const auto& l : supported_languages())
      if (l != "zh") all_languages.push_back(json::string(l));  // zh is cn (SPEC section 9)
    json::array default_tabs;
    for (const auto& tab : lobby_tabs()) {
      bool used = std::any_of(tables.begin(), tables.end(),
                              [&](const TableDef& t) { return tab_of(t.config) == tab; });
      if (used || tab == "PROMOTIONS" || (tab == "SLOTS" && !op.slots.empty()))
        default_tabs.push_back(json::string(tab));
    }
    json::object c{
        {"casino_id", op.id},
        {"casino_name", op.name},
        {"languages", all_languages},
        {"lobby_theme", "green"},
        {"tabs_order", default_tabs},
        {"tables_order", json::array{}},
        {"voice_over_tables", json::array{}},
        {"ws_time_in_sec", 2},
        {"estimated_player_wait_time_in_secs", 5},
        {"estimated_micro_game_session_time", 20},
        {"reality_check_interval_min", 0},
        {"lobby_version", 2},
        {"ticker", json::object{}},
        {"conversion_currency", ""},
    };
    for (const auto& u : kUrls) c[u] = "";
    for (const auto& f : kFlags) c[f] = false;
    for (const auto& l : kIdLists) c[l] = json::array{};
    c["integration_api"] = json::array{};

    for (const auto& [k, v] : given) {
      const std::string key(k);
      if (key == "casino_id") {
        if (!v.is_string() || v.as_string() != op.id)
          bad(key, "must be the operator's id \"" + op.id + "\"");
      } else if (key == "casino_name") {
        c[key] = json::string(item_text(v, key));
      } else if (key == "languages") {
        json::array langs;
        const auto& items = list(v, key);
        if (items.empty()) bad(key, "must offer at least one language");
        for (size_t i = 0; i < items.size(); ++i) {
          std::string at = key + "[" + std::to_string(i) + "]";
          auto lang = normalise_language(item_text(items[i], at));
          if (!lang)
            bad(at, "\"" + std::string(items[i].as_string()) + "\" is not a supported language (" +
                        joined(supported_languages()) + ")");
          if (std::find(langs.begin(), langs.end(), json::value(*lang)) == langs.end())
            langs.push_back(json::string(*lang));
        }
        c[key] = std::move(langs);
      } else if (key == "lobby_theme") {
        if (!v.is_string() || (v.as_string() != "green" && v.as_string() != "blue"))
          bad(key, "must be \"green\" or \"blue\"");
        c[key] = v;
      } else if (contains(kUrls, key)) {
        if (!v.is_string() || !url_ok(v.as_string()))
          bad(key, "must be a path starting with / or an http(s):// URL");
        c[key] = v;
      } else if (key == "tabs_order") {
        json::array tabs;
        std::set<std::string> seen;
        const auto& items = list(v, key);
        for (size_t i = 0; i < items.size(); ++i) {
          std::string at = key + "[" + std::to_string(i) + "]";
          std::string tab = item_text(items[i], at);
          if (!contains(lobby_tabs(), tab))
            bad(at, "\"" + tab + "\" is not a lobby tab (" + joined(lobby_tabs()) + ")");
          if (!seen.insert(tab).second) bad(at, "\"" + tab + "\" is listed twice");
          tabs.push_back(json::string(tab));
        }
        c[key] = std::move(tabs);
      } else if (key == "tables_order" || key == "voice_over_tables") {
        c[key] = table_ids(v, key, tables);
      } else if (contains(kFlags, key)) {
        if (!v.is_bool()) bad(key, "must be true or false");
        c[key] = v;
      } else if (contains(kIdLists, key)) {
        json::array ids;
        const auto& items = list(v, key);
        for (size_t i = 0; i < items.size(); ++i)
          ids.push_back(json::string(item_text(items[i], key + "[" + std::to_string(i) + "]")));
        c[key] = std::move(ids);
      } else if (key == "integration_api") {
        json::array names;
        const auto& items = list(v, key);
        for (size_t i = 0; i < items.size(); ++i) {
          std::string at = key + "[" + std::to_string(i) + "]";
          std::string name = item_text(items[i], at);
          if (!contains(kLifecycleEvents, name))
            bad(at, "\"" + name + "\" is not a lifecycle event (" + joined(kLifecycleEvents) + ")");
          names.push_back(json::string(name));
        }
        c[key] = std::move(names);
      } else if (key == "ws_time_in_sec") {
        c[key] = whole(v, key, 1, 60);
      } else if (key == "estimated_player_wait_time_in_secs") {
        if (!v.is_number()) bad(key, "must be a number of seconds");
        // SPEC section 3: 5 when not positive.
        c[key] = v.to_number<double>() > 0 ? v : json::value(5);
      } else if (key == "estimated_micro_game_session_time") {
        c[key] = whole(v, key, 1, 1440);
      } else if (key == "reality_check_interval_min") {
        c[key] = whole(v, key, 0, 1440);
      } else if (key == "lobby_version") {
        c[key] = whole(v, key, 1, 2);
      } else if (key == "ticker") {
        // The lobby's ticker line per language: {"en": "...", "de": "..."}.
        if (!v.is_object()) bad(key, "must be an object of texts by language code");
        json::object texts;
        for (const auto& [lk, lv] : v.as_object()) {
          std::string at = key + "." + std::string(lk);
          auto lang = normalise_language(std::string(lk));
          if (!lang) bad(at, "is not a supported language");
          if (!lv.is_string() || lv.as_string().size() > 500)
            bad(at, "must be a text of at most 500 bytes");
          for (unsigned char ch : lv.as_string())
            if (ch < ' ') bad(at, "must be one line without control characters");
          texts[*lang] = lv;
        }
        c[key] = std::move(texts);
      } else if (key == "conversion_currency") {
        // The currency the balance is also shown in (getRates), "" for none.
        if (!v.is_string() || (!v.as_string().empty() && v.as_string().size() != 3))
          bad(key, "must be a three-letter currency code or \"\"");
        for (char ch : v.as_string())
          if (ch < 'A' || ch > 'Z') bad(key, "must be a three-letter currency code in capitals");
        c[key] = v;
      } else if (key == "host_origins" || key == "voice_over_languages") {
        bad(key, "is served from the operator's origins and languages; remove it");
      } else if (v.is_bool()) {
        c[key] = v;  // a further flag (SPEC section 3: "further flags exist")
      } else {
        bad(key, "is not a casino configuration field (further flags must be true or false)");
      }
    }
    // SPEC section 3: PROMOTIONS is appended to tabs_order if missing.
    auto& tabs = c["tabs_order"].as_array();
    if (std::find(tabs.begin(), tabs.end(), json::value("PROMOTIONS")) == tabs.end())
      tabs.push_back("PROMOTIONS");
    // tables_order: the listed tables first, then the rest in the casino file's order.
    auto& order = c["tables_order"].as_array();
    for (const auto& t : tables)
      if (std::find(order.begin(), order.end(), json::value(t.config.id)) == order.end())
        order.push_back(json::string(t.config.id));
    return c;
  } catch (const Bad& b) {
    return b.message;
  }
}

json::object casino_config_json(const Operator& op, const Casino&) {
  json::object c = op.casino_config;
  json::array origins;
  for (const auto& o : op.origins) origins.push_back(json::string(o));
  c["host_origins"] = std::move(origins);
  json::array voice;
  const auto* offered = c["languages"].if_array();
  for (const auto& l : voice_over_languages())
    if (offered && std::find(offered->begin(), offered->end(), json::value(l)) != offered->end())
      voice.push_back(json::string(l));
  c["voice_over_languages"] = std::move(voice);
  return c;
}

bool casino_flag(const Operator& op, std::string_view key) {
  const json::value* v = op.casino_config.if_contains(key);
  return v && v->is_bool() && v->as_bool();
}

std::string offered_language(const json::object& casino_config, std::string_view wanted) {
  const auto* offered = casino_config.if_contains("languages");
  if (!offered || !offered->is_array() || offered->as_array().empty()) return std::string(wanted);
  const auto& langs = offered->as_array();
  if (std::find(langs.begin(), langs.end(), json::value(wanted)) != langs.end())
    return std::string(wanted);
  return std::string(langs.front().as_string());
}

}  // namespace croupier::config
