#include "gateway/http.hpp"

#include <gtest/gtest.h>

#include "gateway/player_settings.hpp"
#include "gateway/rate_limit.hpp"
#include "gateway/static_files.hpp"

namespace croupier::gateway {
namespace {

TEST(Cookies, FindsAValueAmongOthers) {
  EXPECT_EQ(cookie_value("a=1; JSESSIONID=abc; XSRF-TOKEN=x_y", "JSESSIONID"), "abc");
  EXPECT_EQ(cookie_value("XSRF-TOKEN=\"quoted\"", "XSRF-TOKEN"), "quoted");
  EXPECT_EQ(cookie_value("JSESSIONIDX=no", "JSESSIONID"), "");
  EXPECT_EQ(cookie_value("", "JSESSIONID"), "");
  EXPECT_EQ(make_cookie("JSESSIONID", "v", true, false),
            "JSESSIONID=v; Path=/; SameSite=Lax; HttpOnly");
  EXPECT_EQ(make_cookie("XSRF-TOKEN", "t", false, true),
            "XSRF-TOKEN=t; Path=/; SameSite=Lax; Secure");
  EXPECT_EQ(make_cookie("JSESSIONID", "v", true, true, true),
            "JSESSIONID=v; Path=/; SameSite=None; HttpOnly; Secure; Partitioned");
}

TEST(StaticFiles, HashedAssetsAreRecognised) {
  EXPECT_TRUE(is_hashed_asset("/assets/index-4f9a8c2b.js"));
  EXPECT_TRUE(is_hashed_asset("/assets/roulette-B1x_9kLm.css"));
  EXPECT_FALSE(is_hashed_asset("/index.html"));
  EXPECT_FALSE(is_hashed_asset("/assets/api/urlxml.xml"));
  EXPECT_FALSE(is_hashed_asset("/assets/logo.svg"));
  EXPECT_EQ(content_type_for("/a/b.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(content_type_for("/x.woff2"), "font/woff2");
}

TEST(StaticFiles, PathsOutsideTheRootAreNotServed) {
  Request req{http::verb::get, "/", 11};
  for (const char* p :
       {"/../etc/passwd", "/assets/../../x", "/./index.html", "relative", "/a\\b"}) {
    EXPECT_FALSE(serve_file(req, "/tmp", p).has_value()) << p;
  }
}

TEST(RateLimits, BucketRefillsAtItsRate) {
  TokenBucket b(2, 3);  // 2 a second, burst 3
  EXPECT_TRUE(b.take(1000));
  EXPECT_TRUE(b.take(1000));
  EXPECT_TRUE(b.take(1000));
  EXPECT_FALSE(b.take(1000));
  EXPECT_FALSE(b.take(1400));
  EXPECT_TRUE(b.take(1500));  // one token after half a second
  EXPECT_FALSE(b.take(1500));
  RateLimiter limiter(1, 1, 2);
  EXPECT_TRUE(limiter.allow("a", 0));
  EXPECT_FALSE(limiter.allow("a", 10));
  EXPECT_TRUE(limiter.allow("b", 10));
  EXPECT_TRUE(limiter.allow("c", 5000));  // over keys_max: idle ones are forgotten
}

TEST(PlayerSettings, DefaultsFollowTheSpec) {
  const auto& d = setting_defaults();
  for (const char* volume : {"video_sounds", "game_effects", "bg_music", "dealer_voice"}) {
    EXPECT_EQ(d.at(volume).as_int64(), 20) << volume;
  }
  EXPECT_EQ(d.at("bj_autoplay_stand").as_int64(), 12);
  EXPECT_EQ(d.at("bj_autoplay_hit").as_int64(), 15);
  EXPECT_EQ(d.at("bj_autoplay_split").as_int64(), 10);
  EXPECT_EQ(d.at("bj_autoplay_split_max").as_int64(), 16);
  EXPECT_EQ(d.at("bj_autoplay_double").as_int64(), 16);
  EXPECT_EQ(d.at("bj_autoplay_insurance").as_int64(), 2);
  EXPECT_TRUE(is_known_setting("roulette_table_type"));
  EXPECT_TRUE(is_known_setting("classic_roulette_show_promotion"));
  EXPECT_FALSE(is_known_setting("poker_table_type"));
  EXPECT_FALSE(is_known_setting("anything"));
  auto merged = merged_settings({{"selected_chip", "\"5.00\""}, {"grid_view", "true"}});
  EXPECT_EQ(merged.at("selected_chip").as_string(), "5.00");
  EXPECT_EQ(merged.at("grid_view").as_bool(), true);
  EXPECT_EQ(merged.at("video_sounds").as_int64(), 20);
}

}  // namespace
}  // namespace croupier::gateway
