#include "config/languages.hpp"

#include <algorithm>

namespace croupier::config {

const std::vector<std::string>& supported_languages() {
  static const std::vector<std::string> codes = {
      "ar", "bg", "cn", "da", "de", "el", "en", "es", "fa", "fi", "fr", "hi", "hu",
      "hy", "id", "it", "ja", "ka", "ko", "lt", "lv", "nf", "nl", "no", "pt", "ro",
      "ru", "sv", "th", "tr", "uk", "vi", "zh", "hr", "bn", "sr", "tl"};
  return codes;
}

const std::vector<std::string>& voice_over_languages() {
  static const std::vector<std::string> codes = {"cn", "es", "bn", "pt", "en",
                                                 "id", "ja", "th", "vi", "ko"};
  return codes;
}

std::optional<std::string> normalise_language(std::string_view code) {
  std::string lower;
  for (char c : code) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "zh") return "cn";
  if (lower == "nb" || lower == "nn") return "no";
  const auto& all = supported_languages();
  if (std::find(all.begin(), all.end(), lower) == all.end()) return std::nullopt;
  return lower;
}

bool is_right_to_left(std::string_view code) {
  return code == "ar" || code == "fa";
}

}  // namespace croupier::config
