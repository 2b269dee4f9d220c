#include "gateway/chat.hpp"

#include <gtest/gtest.h>

namespace croupier::gateway {
namespace {

TEST(ChatWords, FindsAListedWordWholeAndInAnyCase) {
  const std::vector<std::string> words{"hell", "crap", "merde"};
  EXPECT_TRUE(has_swearword("what the hell", words));
  EXPECT_TRUE(has_swearword("HELL!", words));
  EXPECT_TRUE(has_swearword("oh crap, 17 again", words));
  EXPECT_TRUE(has_swearword("Merde.", words));
  // Inside another word, or next to letters of another script, it is not the word.
  EXPECT_FALSE(has_swearword("hello shellfish", words));
  EXPECT_FALSE(has_swearword("crappie fishing", words));
  EXPECT_FALSE(has_swearword("hellé", words));
  EXPECT_FALSE(has_swearword("good luck", words));
  EXPECT_FALSE(has_swearword("hell", {}));
}

}  // namespace
}  // namespace croupier::gateway
