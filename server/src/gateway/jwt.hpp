// The players' tokens for the promotions socket (and the bonus service's back-office call):
// HS256 JWTs made and checked with Debian's libjwt (docs/protocol.md "Promotions"). Issuer
// "croupier", subject the player's id, an expiry. Pure functions, thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace croupier::gateway {

inline constexpr int64_t kPlayerTokenTtlMs = 15 * 60 * 1000;

std::string sign_player_token(std::string_view secret, int64_t player_id, int64_t now_ms,
                              int64_t ttl_ms = kPlayerTokenTtlMs);

struct PlayerToken {
  int64_t player_id = 0;
  int64_t expires_ms = 0;
};
// The token's player, when it is ours (HS256 under `secret`, our issuer) and unexpired.
std::optional<PlayerToken> verify_player_token(std::string_view secret, std::string_view token,
                                               int64_t now_ms);

}  // namespace croupier::gateway
