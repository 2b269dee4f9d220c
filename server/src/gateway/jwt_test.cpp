#include "gateway/jwt.hpp"

#include <gtest/gtest.h>

namespace croupier::gateway {
namespace {

constexpr std::string_view kSecret = "0123456789abcdef0123456789abcdef";

TEST(PlayerToken, ATokenNamesItsPlayerUntilItExpires) {
  const std::string token = sign_player_token(kSecret, 42, 1'000'000'000'000, 60'000);
  auto ok = verify_player_token(kSecret, token, 1'000'000'030'000);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->player_id, 42);
  EXPECT_EQ(ok->expires_ms, 1'000'000'060'000);
  EXPECT_FALSE(verify_player_token(kSecret, token, 1'000'000'060'000));  // expired
}

TEST(PlayerToken, AForgedOrForeignTokenIsRefused) {
  const std::string token = sign_player_token(kSecret, 42, 1'000'000'000'000);
  EXPECT_FALSE(verify_player_token("another secret, another server!", token, 1'000'000'000'000));
  // One character of the payload changed: the signature no longer holds.
  std::string tampered = token;
  tampered[tampered.find('.') + 5] ^= 1;
  EXPECT_FALSE(verify_player_token(kSecret, tampered, 1'000'000'000'000));
  // Unsigned ("alg":"none") with the same claims.
  const std::string none = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0." +
                           token.substr(token.find('.') + 1, token.rfind('.') - token.find('.'));
  EXPECT_FALSE(verify_player_token(kSecret, none, 1'000'000'000'000));
  EXPECT_FALSE(verify_player_token(kSecret, "", 1'000'000'000'000));
  EXPECT_FALSE(verify_player_token(kSecret, "not.a.token", 1'000'000'000'000));
}

}  // namespace
}  // namespace croupier::gateway
