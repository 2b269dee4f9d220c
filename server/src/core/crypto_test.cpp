#include "core/crypto.hpp"

#include <gtest/gtest.h>

#include <set>

#include "core/error_code.hpp"

namespace croupier {
namespace {

TEST(Crypto, Sha256MatchesKnownVector) {
  EXPECT_EQ(crypto::to_hex(crypto::sha256("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Crypto, HmacSha256MatchesRfc4231Case2) {
  EXPECT_EQ(crypto::to_hex(crypto::hmac_sha256("Jefe", "what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST(Crypto, RandomTokensAreUrlSafeAndDistinct) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    std::string t = crypto::random_token();
    EXPECT_EQ(t.size(), 32u);
    EXPECT_EQ(
        t.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
        std::string::npos);
    EXPECT_TRUE(seen.insert(t).second);
  }
}

TEST(Crypto, ConstantTimeEqual) {
  EXPECT_TRUE(crypto::constant_time_equal("abc", "abc"));
  EXPECT_FALSE(crypto::constant_time_equal("abc", "abd"));
  EXPECT_FALSE(crypto::constant_time_equal("abc", "abcd"));
}

TEST(ErrorCodes, CatalogueRoundTripsAndHasMeanings) {
  EXPECT_EQ(to_int(ErrorCode::BetLate), 1007);
  EXPECT_EQ(meaning(ErrorCode::BetLate), "bet late, retry next round");
  EXPECT_EQ(name(ErrorCode::OppositeBets), "OppositeBets");
  EXPECT_EQ(error_code_from_int(10104), ErrorCode::InsufficientFunds);
  EXPECT_EQ(error_code_from_int(2400), ErrorCode::SessionExpired);
  EXPECT_FALSE(error_code_from_int(4242).has_value());
}

}  // namespace
}  // namespace croupier

namespace croupier::crypto {
namespace {

TEST(Passwords, AreHashedWithArgon2idAndVerified) {
  const std::string hash = hash_password("correct horse 42");
  EXPECT_TRUE(hash.starts_with("$argon2id$")) << hash;
  EXPECT_EQ(hash.find("correct horse"), std::string::npos);
  EXPECT_TRUE(verify_password(hash, "correct horse 42"));
  EXPECT_FALSE(verify_password(hash, "correct horse 43"));
  EXPECT_FALSE(verify_password("not a hash", "correct horse 42"));
  // Salted: the same password twice gives two hashes.
  EXPECT_NE(hash, hash_password("correct horse 42"));
}

}  // namespace
}  // namespace croupier::crypto
