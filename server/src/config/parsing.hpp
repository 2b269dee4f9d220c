// What the configuration parsers (casino.cpp, casino_config.cpp, promotion.cpp,
// bonus_campaign.cpp) share inside: not part of the config module's interface.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace croupier::config::detail {

// Thrown inside a parser with the path of the offending field; the parser turns it into
// its error message at the top.
struct Bad {
  std::string message;
};

[[noreturn]] inline void bad(const std::string& path, const std::string& what) {
  throw Bad{path + ": " + what};
}

// An identifier: 1 to `max` letters, digits, '-' or '_'.
inline bool token(std::string_view s, size_t max) {
  return !s.empty() && s.size() <= max && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
}

}  // namespace croupier::config::detail
