// Screen names (SPEC section 5, "Nickname"): 2 to 20 characters, each a letter, a digit
// or a combining mark in any script; compared without case. Pure; thread-safe.
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

// The name case-folded (Unicode full folding), for comparisons ignoring case.
std::string nickname_key(std::string_view name);

}  // namespace croupier::gateway
