#include "config/languages.hpp"

#include <gtest/gtest.h>

namespace croupier::config {
namespace {

TEST(Languages, ThirtySevenCodesWithAliases) {
  EXPECT_EQ(supported_languages().size(), 37u);
  EXPECT_EQ(normalise_language("zh"), "cn");
  EXPECT_EQ(normalise_language("nb"), "no");
  EXPECT_EQ(normalise_language("nn"), "no");
  EXPECT_EQ(normalise_language("DE"), "de");
  EXPECT_EQ(normalise_language("tl"), "tl");
  EXPECT_FALSE(normalise_language("xx").has_value());
  EXPECT_FALSE(normalise_language("").has_value());
  EXPECT_TRUE(is_right_to_left("ar"));
  EXPECT_TRUE(is_right_to_left("fa"));
  EXPECT_FALSE(is_right_to_left("en"));
}

}  // namespace
}  // namespace croupier::config
