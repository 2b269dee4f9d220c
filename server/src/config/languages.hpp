// Languages of SPEC section 9: the 37 supported codes, the aliases (zh -> cn, nb and nn
// -> no), right-to-left languages and the voice-over list. Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace croupier::config {

const std::vector<std::string>& supported_languages();
const std::vector<std::string>& voice_over_languages();
// The supported code for `code` (lower-cased, aliases applied), or nullopt.
std::optional<std::string> normalise_language(std::string_view code);
bool is_right_to_left(std::string_view code);

}  // namespace croupier::config
