#include "config/promotion.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace croupier::config {
namespace {

namespace json = boost::json;

json::object daily() {
  return json::parse(R"({"promotionId": "daily-race", "name": "Daily Race", "currency": "EUR",
    "games": ["roulette"], "minBet": "1.00", "scoring": "most_wagered",
    "prizes": ["500.00", "250.00"], "recurrence": "daily"})")
      .as_object();
}

TEST(Promotion, ADailyRaceRunsFromUtcMidnightToMidnight) {
  auto p = parse_promotion(daily());
  ASSERT_TRUE(p.ok()) << p.error();
  // 2026-11-29 04:57:00 UTC.
  const int64_t now = 1'795'927'020'000;
  const auto period = p->period_at(now);
  EXPECT_EQ(period.id, "daily-race:2026-11-29");
  EXPECT_EQ(period.starts_ms, 1'795'910'400'000);
  EXPECT_EQ(period.ends_ms, period.starts_ms + 86'400'000);
  EXPECT_EQ(p->period_before(now).id, "daily-race:2026-11-28");
  EXPECT_EQ(p->period_at(period.ends_ms).id, "daily-race:2026-11-30");
  EXPECT_TRUE(p->good_for("roulette"));
  EXPECT_FALSE(p->good_for("baccarat"));
}

TEST(Promotion, AWeeklyRaceStartsOnMonday) {
  json::object o = daily();
  o["recurrence"] = "weekly";
  auto p = parse_promotion(o);
  ASSERT_TRUE(p.ok()) << p.error();
  // Sunday 2026-11-29 belongs to the week from Monday 2026-11-23.
  const auto period = p->period_at(1'795'927'020'000);
  EXPECT_EQ(period.id, "daily-race:2026-11-23");
  EXPECT_EQ(period.ends_ms - period.starts_ms, 7 * 86'400'000LL);
}

TEST(Promotion, AFixedRaceHasOnePeriodAndBadTermsAreNamed) {
  json::object o = daily();
  o.erase("recurrence");
  EXPECT_NE(parse_promotion(o).error().find("startsAt"), std::string::npos);
  o["startsAt"] = 1000;
  o["endsAt"] = 2000;
  auto p = parse_promotion(o);
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ(p->period_at(5000).id, "daily-race");
  EXPECT_TRUE(p->period_before(5000).id.empty());
  for (const auto& [key, value] :
       std::vector<std::pair<const char*, json::value>>{{"scoring", "luck"},
                                                        {"prizes", json::array{}},
                                                        {"prizes", json::array{"-1"}},
                                                        {"minBet", "x"},
                                                        {"games", json::array{"poker"}},
                                                        {"currency", "euro"},
                                                        {"promotionId", ""},
                                                        {"recurrence", "hourly"}}) {
    json::object bad = daily();
    bad[key] = value;
    auto r = parse_promotion(bad);
    ASSERT_FALSE(r.ok()) << key;
    EXPECT_NE(r.error().find(key), std::string::npos) << r.error();
  }
}

}  // namespace
}  // namespace croupier::config
