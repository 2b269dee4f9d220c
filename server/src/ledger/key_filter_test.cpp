#include "ledger/key_filter.hpp"

#include <gtest/gtest.h>

#include <string>

namespace croupier::ledger {
namespace {

TEST(KeyFilter, NeverForgetsAKeyAndRarelyClaimsANewOne) {
  KeyFilter filter(10'000);
  for (int i = 0; i < 10'000; ++i) filter.add("bet:r1:" + std::to_string(i));
  for (int i = 0; i < 10'000; ++i)
    ASSERT_TRUE(filter.may_contain("bet:r1:" + std::to_string(i))) << i;
  int false_positives = 0;
  for (int i = 0; i < 100'000; ++i)
    false_positives += filter.may_contain("bet:r2:" + std::to_string(i));
  // Ten bits and seven hashes per key: about 0.8 % expected.
  EXPECT_LT(false_positives, 2'000);
  EXPECT_FALSE(filter.full());
  filter.add("one more");
  EXPECT_TRUE(filter.full());
}

TEST(KeyFilter, AnEmptyFilterContainsNothing) {
  KeyFilter filter;
  EXPECT_EQ(filter.capacity(), 1024u);
  EXPECT_FALSE(filter.may_contain(""));
  EXPECT_FALSE(filter.may_contain("fund-1"));
  filter.add("");
  EXPECT_TRUE(filter.may_contain(""));
}

}  // namespace
}  // namespace croupier::ledger
