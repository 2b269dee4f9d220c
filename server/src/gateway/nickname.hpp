// Screen names (SPEC section 5, "Nickname"): 2 to 20 characters, each a letter, a digit
// or a combining mark in any script; stored composed (NFC) and compared without case,
// composition or compatibility differences. Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace croupier::gateway {

inline constexpr size_t kNicknameMin = 2;
inline constexpr size_t kNicknameMax = 20;

enum class NicknameProblem { length, characters };

// What is wrong with `name` (UTF-8), or nullopt when it is a valid screen name.
std::optional<NicknameProblem> nickname_problem(std::string_view name);

// The name in Unicode's composed form (NFC), as it is stored and shown: "José" typed as
// "Jose" plus a combining accent becomes the same letters as the precomposed "é".
std::string nickname_nfc(std::string_view name);

// The name for comparisons: NFKC with case folding (NFKC_Casefold), so names that differ
// only in case, composition or compatibility forms (fullwidth letters) are the same name.
std::string nickname_key(std::string_view name);

}  // namespace croupier::gateway
