#include "gateway/nickname.hpp"

#include <gtest/gtest.h>

namespace croupier::gateway {
namespace {

TEST(Nickname, TwoToTwentyLettersDigitsAndMarksInAnyScript) {
  EXPECT_EQ(nickname_problem("A"), NicknameProblem::length);
  EXPECT_EQ(nickname_problem("Al"), std::nullopt);
  EXPECT_EQ(nickname_problem("abcdefghij0123456789"), std::nullopt);  // 20
  EXPECT_EQ(nickname_problem("abcdefghij0123456789x"), NicknameProblem::length);
  EXPECT_EQ(nickname_problem("李小龍"), std::nullopt);                // 3 characters, 9 bytes
  EXPECT_EQ(nickname_problem("ЖенякрасивыйЖенякрас"), std::nullopt);  // 20 Cyrillic letters
  EXPECT_EQ(nickname_problem("नमस्ते"), std::nullopt);                  // Devanagari with marks
  EXPECT_EQ(nickname_problem("Jose\u0301"), std::nullopt);            // a combining accent
  EXPECT_EQ(nickname_problem("Ann Lee"), NicknameProblem::characters);
  EXPECT_EQ(nickname_problem("ann_lee"), NicknameProblem::characters);
  EXPECT_EQ(nickname_problem("<b>x</b>"), NicknameProblem::characters);
  EXPECT_EQ(nickname_problem("ann\xF0\x9F\x98\x80"), NicknameProblem::characters);  // emoji
  EXPECT_EQ(nickname_problem("ab\xC3"), NicknameProblem::characters);               // cut UTF-8
}

TEST(Nickname, KeysIgnoreCase) {
  EXPECT_EQ(nickname_key("ANN"), nickname_key("ann"));
  EXPECT_EQ(nickname_key("Straße"), nickname_key("STRASSE"));
  EXPECT_EQ(nickname_key("ΣΟΦΙΑ"), nickname_key("σοφια"));
  EXPECT_NE(nickname_key("Ann"), nickname_key("Anna"));
}

}  // namespace
TEST(Nickname, NamesEqualAfterNormalisationAreOneName) {
  // "José" precomposed (NFC) and decomposed (NFD) look the same: one key, one stored form.
  EXPECT_EQ(nickname_key("Jos\u00e9"), nickname_key("Jose\u0301"));
  EXPECT_EQ(nickname_nfc("Jose\u0301"), "Jos\u00e9");
  EXPECT_EQ(nickname_key("JOS\u00c9"), nickname_key("jose\u0301"));  // and case
  // Fullwidth letters are the same name as the usual ones.
  EXPECT_EQ(nickname_key("\uff21\uff4e\uff4e"), nickname_key("ann"));
  EXPECT_NE(nickname_key("Anne"), nickname_key("Ann"));
}

}  // namespace croupier::gateway
