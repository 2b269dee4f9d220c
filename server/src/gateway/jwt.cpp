#include "gateway/jwt.hpp"

#include <jwt.h>

#include <cerrno>
#include <cstdlib>
#include <memory>
#include <stdexcept>

namespace croupier::gateway {

namespace {

constexpr const char* kIssuer = "croupier";

struct JwtFree {
  void operator()(jwt_t* j) const { jwt_free(j); }
};
using Jwt = std::unique_ptr<jwt_t, JwtFree>;

const unsigned char* key_of(std::string_view secret) {
  return reinterpret_cast<const unsigned char*>(secret.data());
}

}  // namespace

std::string sign_player_token(std::string_view secret, int64_t player_id, int64_t now_ms,
                              int64_t ttl_ms) {
  jwt_t* raw = nullptr;
  if (jwt_new(&raw) != 0) throw std::runtime_error("jwt: out of memory");
  Jwt token(raw);
  const std::string sub = std::to_string(player_id);
  if (jwt_add_grant(token.get(), "iss", kIssuer) != 0 ||
      jwt_add_grant(token.get(), "sub", sub.c_str()) != 0 ||
      jwt_add_grant_int(token.get(), "iat", now_ms / 1000) != 0 ||
      jwt_add_grant_int(token.get(), "exp", (now_ms + ttl_ms) / 1000) != 0 ||
      jwt_set_alg(token.get(), JWT_ALG_HS256, key_of(secret), static_cast<int>(secret.size())) != 0)
    throw std::runtime_error("jwt: cannot make a token");
  char* text = jwt_encode_str(token.get());
  if (!text) throw std::runtime_error("jwt: cannot encode a token");
  std::string out(text);
  free(text);  // libjwt 1.10 allocates it with malloc
  return out;
}

std::optional<PlayerToken> verify_player_token(std::string_view secret, std::string_view token,
                                               int64_t now_ms) {
  if (token.empty() || token.size() > 2048) return std::nullopt;
  const std::string text(token);
  jwt_t* raw = nullptr;
  // With a key, libjwt checks the signature; the algorithm is checked here too, so that a
  // token claiming another one (none, or an RSA key's) is never taken.
  if (jwt_decode(&raw, text.c_str(), key_of(secret), static_cast<int>(secret.size())) != 0)
    return std::nullopt;
  Jwt decoded(raw);
  if (jwt_get_alg(decoded.get()) != JWT_ALG_HS256) return std::nullopt;
  const char* iss = jwt_get_grant(decoded.get(), "iss");
  const char* sub = jwt_get_grant(decoded.get(), "sub");
  errno = 0;
  const long exp = jwt_get_grant_int(decoded.get(), "exp");
  if (!iss || std::string_view(iss) != kIssuer || !sub || errno != 0) return std::nullopt;
  const int64_t expires_ms = static_cast<int64_t>(exp) * 1000;
  if (expires_ms <= now_ms) return std::nullopt;
  char* end = nullptr;
  const long long player = std::strtoll(sub, &end, 10);
  if (*end != '\0' || player <= 0) return std::nullopt;
  return PlayerToken{player, expires_ms};
}

}  // namespace croupier::gateway
