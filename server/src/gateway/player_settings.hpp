// Player settings saved by key (SPEC section 3) and their defaults.
//
// Volumes of video sounds, game effects, background music and dealer voice default to
// 20; the voice-over volume to 60 (SPEC: "other settings defaults 60"); blackjack
// auto-play to stand 12, hit 15, split 10 (max 16), double 16 (max 16), insurance 2.
// Per-game keys (<game>_table_type, <game>_show_promotion) are allowed for every game
// kind. Pure; thread-safe.
#pragma once

#include <boost/json/object.hpp>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace croupier::gateway {

inline constexpr size_t kSettingValueBytesMax = 4096;

// Every known setting with its default value.
const boost::json::object& setting_defaults();
bool is_known_setting(std::string_view key);

// A setting that holds a whole number in a range: blackjack's autoplay strategy, which
// plays real money (a "stand" of 1000 would hit every hand).
struct IntegerSetting {
  std::string_view key;
  int64_t min, max;
};
std::span<const IntegerSetting> integer_settings();
const IntegerSetting* integer_setting(std::string_view key);

// Why `value` cannot be saved as `key`, or nothing when it can: no number may be
// infinite or not a number (JSON's 1e309 parses as infinity), anywhere in the value; a
// setting whose default is a number takes a number, a volume one from 0 to 100, an
// integer setting a whole number in its range.
std::optional<std::string> setting_value_problem(std::string_view key,
                                                 const boost::json::value& value);

// Defaults overlaid with the saved values (key -> JSON text).
boost::json::object merged_settings(const std::map<std::string, std::string>& saved);

// The avatar the player chose (the `avatar` setting: an id of the client's set, 1-16 of
// a-z, 0-9 and '-'); empty when none, or when what was saved is not such an id.
std::string avatar_of(const std::map<std::string, std::string>& saved);

}  // namespace croupier::gateway
