#include "gateway/player_settings.hpp"

#include <array>
#include <boost/json/parse.hpp>
#include <cmath>

#include "games/registry.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {
bool per_game_key(std::string_view key) {
  for (std::string_view suffix :
       {std::string_view("_table_type"), std::string_view("_show_promotion")}) {
    if (key.size() > suffix.size() && key.substr(key.size() - suffix.size()) == suffix) {
      std::string_view game = key.substr(0, key.size() - suffix.size());
      for (std::string_view k : games::game_kinds()) {
        std::string normal(k);
        for (char& c : normal)
          if (c == '-') c = '_';
        if (game == normal) return true;
      }
    }
  }
  return false;
}
}  // namespace

const json::object& setting_defaults() {
  static const json::object defaults{
      {"video_stream", "auto"},
      {"video_sounds", 20},
      {"game_effects", 20},
      {"bg_music", 20},
      {"dealer_voice", 20},
      {"vo_music", 60},
      {"anim_enable", true},
      {"selected_chip", nullptr},
      {"selected_chip_fb", nullptr},
      {"autoplay_onboarded", false},
      {"selectedbjfilter", "all"},
      {"showothermessages", true},
      {"grid_view", false},
      {"grid_view_mobile", false},
      {"showfulltables", true},
      {"selpromofilter", "all"},
      {"show_quick_guide", true},
      {"avatar", nullptr},                     // an id of the client's avatar set (public/avatars)
      {"quick_guide_counts", json::object{}},  // {game: times the guide showed by itself}
      {"toggle_rla_racetrack", false},
      {"toggle_rla_statistics", false},
      {"fav_promo_status", false},
      {"fav_section_visited", false},
      {"tms_data", nullptr},
      {"pds_data", nullptr},
      {"cbs_data", nullptr},
      {"is_first_promo_ear_interaction", true},
      {"promo_ear_enabled", true},
      {"subtitle_config", nullptr},
      {"auto_fullscreen", false},
      {"chat_enabled", true},
      {"bj_autoplay_stand", 12},
      {"bj_autoplay_hit", 15},
      {"bj_autoplay_split", 10},
      {"bj_autoplay_split_max", 16},
      {"bj_autoplay_double", 16},
      {"bj_autoplay_double_max", 16},
      {"bj_autoplay_insurance", 2},
  };
  return defaults;
}

namespace {

bool all_finite(const json::value& v) {
  if (v.is_double()) return std::isfinite(v.as_double());
  if (v.is_array()) {
    for (const auto& x : v.as_array())
      if (!all_finite(x)) return false;
  }
  if (v.is_object()) {
    for (const auto& [k, x] : v.as_object())
      if (!all_finite(x)) return false;
  }
  return true;
}

bool is_volume(std::string_view key) {
  return key == "video_sounds" || key == "game_effects" || key == "bg_music" ||
         key == "dealer_voice" || key == "vo_music";
}

}  // namespace

std::span<const IntegerSetting> integer_settings() {
  static constexpr IntegerSetting kIntegers[] = {
      {"bj_autoplay_stand", 4, 21},    {"bj_autoplay_hit", 4, 21},
      {"bj_autoplay_split", 4, 22},    {"bj_autoplay_split_max", 4, 22},
      {"bj_autoplay_double", 4, 22},   {"bj_autoplay_double_max", 4, 22},
      {"bj_autoplay_insurance", 0, 2},
  };
  return kIntegers;
}

const IntegerSetting* integer_setting(std::string_view key) {
  for (const auto& s : integer_settings())
    if (s.key == key) return &s;
  return nullptr;
}

std::optional<std::string> setting_value_problem(std::string_view key, const json::value& value) {
  if (!all_finite(value)) return "a number in it is out of range";
  if (const IntegerSetting* range = integer_setting(key)) {
    if (!value.is_int64() || value.as_int64() < range->min || value.as_int64() > range->max)
      return "must be a whole number from " + std::to_string(range->min) + " to " +
             std::to_string(range->max);
    return std::nullopt;
  }
  const json::value* def = setting_defaults().if_contains(key);
  if (def && def->is_number()) {
    if (!value.is_number()) return "must be a number";
    const double n = value.to_number<double>();
    if (is_volume(key) && (n < 0 || n > 100)) return "must be a volume from 0 to 100";
    if (n < -1e9 || n > 1e9) return "is out of range";
  }
  return std::nullopt;
}

bool is_known_setting(std::string_view key) {
  return setting_defaults().contains(key) || per_game_key(key);
}

json::object merged_settings(const std::map<std::string, std::string>& saved) {
  json::object out = setting_defaults();
  for (const auto& [key, text] : saved) {
    if (key.find(':') != std::string::npos) continue;  // per-table records (betbehind:bj-1)
    boost::system::error_code ec;
    json::value v = json::parse(text, ec);
    if (!ec) out[key] = std::move(v);
  }
  return out;
}

std::string avatar_of(const std::map<std::string, std::string>& saved) {
  auto it = saved.find("avatar");
  if (it == saved.end()) return {};
  boost::system::error_code ec;
  json::value v = json::parse(it->second, ec);
  if (ec || !v.is_string()) return {};
  const json::string& id = v.as_string();
  if (id.empty() || id.size() > 16) return {};
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return {};
  return std::string(id);
}

}  // namespace croupier::gateway
