#include "ledger/key_filter.hpp"

#include <gtest/gtest.h>

#include <string>

namespace croupier::ledger {
namespace {

int false_positives(const KeyFilter& filter, const std::string& prefix, int n) {
  int found = 0;
  for (int i = 0; i < n; ++i) found += filter.may_contain(prefix + std::to_string(i));
  return found;
}

TEST(KeyFilter, NeverForgetsAKeyAndRarelyClaimsANewOne) {
  KeyFilter filter(10'000);
  for (int i = 0; i < 10'000; ++i) filter.add("bet:r1:" + std::to_string(i));
  for (int i = 0; i < 10'000; ++i)
    ASSERT_TRUE(filter.may_contain("bet:r1:" + std::to_string(i))) << i;
  // Ten bits and seven hashes per key: about 0.8 % expected.
  EXPECT_LT(false_positives(filter, "bet:r2:", 100'000), 2'000);
  EXPECT_EQ(filter.size(), 10'000u);
  EXPECT_EQ(filter.layers(), 1u);
}

TEST(KeyFilter, GrowsByLayersAndStillKnowsEveryKey) {
  KeyFilter filter(1'000);
  for (int i = 0; i < 7'000; ++i) filter.add("fund-" + std::to_string(i));
  EXPECT_EQ(filter.layers(), 3u);  // 1,000 + 2,000 + 4,000
  EXPECT_EQ(filter.size(), 7'000u);
  for (int i = 0; i < 7'000; ++i) ASSERT_TRUE(filter.may_contain("fund-" + std::to_string(i))) << i;
  EXPECT_LT(false_positives(filter, "new-", 100'000), 4'000);
}

TEST(KeyFilter, AnEmptyFilterContainsNothing) {
  KeyFilter filter;
  EXPECT_FALSE(filter.may_contain(""));
  EXPECT_FALSE(filter.may_contain("fund-1"));
  filter.add("");
  EXPECT_TRUE(filter.may_contain(""));
}

}  // namespace
}  // namespace croupier::ledger
