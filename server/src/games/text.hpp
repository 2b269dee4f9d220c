// Small text helpers the engines share for their outcome texts. Pure; thread-safe.
#pragma once

#include <string_view>
#include <vector>

namespace croupier::games {

// `text` split at every `sep` (an empty text gives one empty part).
inline std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  size_t at;
  while ((at = text.find(sep)) != std::string_view::npos) {
    parts.push_back(text.substr(0, at));
    text.remove_prefix(at + 1);
  }
  parts.push_back(text);
  return parts;
}

}  // namespace croupier::games
