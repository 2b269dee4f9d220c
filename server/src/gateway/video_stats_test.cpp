// The statistics collector's reports, checked field by field: what a client may send and
// what it may not (too big, not JSON, a missing or unbounded field).
#include "gateway/video_stats.hpp"

#include <gtest/gtest.h>

namespace croupier::gateway {
namespace {

TEST(VideoStats, AReportIsReadWithItsFiguresAndDefaults) {
  auto r = parse_video_stats(
      R"({"videoSessionId":"4f2c9a1e-77aa","tableId":"rou-1","userId":"12","rendition":"low",
          "resolution":"426x240","bitrateKbps":350.7,"stalls":2,"stallMs":1500,"playedMs":8500,
          "startupMs":1200,"latencyMs":null})");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->session_id, "4f2c9a1e-77aa");
  EXPECT_EQ(r->table_id, "rou-1");
  EXPECT_EQ(r->rendition, "low");
  EXPECT_EQ(r->bitrate_kbps, 350);
  EXPECT_EQ(r->stalls, 2);
  EXPECT_EQ(r->stall_ms, 1500);
  EXPECT_EQ(r->played_ms, 8500);
  EXPECT_EQ(r->dropped, 0);
  EXPECT_EQ(r->startup_ms, 1200);
  EXPECT_FALSE(r->latency_ms);

  auto m = parse_video_meta(
      R"({"videoSessionId":"4f2c9a1e-77aa","tableId":"rou-1","browser":"Chrome","os":"Android",
          "device":"mobile","country":"IT","carrier":"4g","resolution":"360x640"})");
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(m->browser, "Chrome");
  EXPECT_EQ(m->resolution, "360x640");
}

TEST(VideoStats, BadReportsAreRefusedNamingTheField) {
  const std::string good_id = R"("videoSessionId":"4f2c9a1e-77aa","tableId":"rou-1")";
  struct Case {
    std::string body, says;
  };
  for (const Case& bad : std::vector<Case>{
           {"", "JSON object"},
           {"[1,2]", "JSON object"},
           {"{\"videoSessionId\":", "JSON object"},
           {R"({"tableId":"rou-1","rendition":"low"})", "videoSessionId is required"},
           {R"({"videoSessionId":"short","tableId":"rou-1","rendition":"low"})", "8 to 64"},
           {R"({"videoSessionId":"has spaces in it","tableId":"rou-1","rendition":"low"})",
            "letters, digits"},
           {"{" + good_id + R"(,"rendition":"4k"})", "rendition"},
           {"{" + good_id + "}", "rendition is required"},
           {R"({"videoSessionId":"4f2c9a1e-77aa","tableId":"ROU 1","rendition":"low"})", "tableId"},
           {"{" + good_id + R"(,"rendition":"low","stalls":-1})", "stalls"},
           {"{" + good_id + R"(,"rendition":"low","stallMs":3600001})", "stallMs"},
           {"{" + good_id + R"(,"rendition":"low","playedMs":"lots"})", "playedMs"},
           {"{" + good_id + R"(,"rendition":"low","latencyMs":1e12})", "latencyMs"},
           {"{" + good_id + R"(,"rendition":"low","pad":")" + std::string(5000, 'x') + "\"}",
            "over 4096 bytes"}}) {
    auto r = parse_video_stats(bad.body);
    ASSERT_FALSE(r.ok()) << bad.body;
    EXPECT_NE(r.error().find(bad.says), std::string::npos) << r.error();
  }
  auto m = parse_video_meta("{" + good_id + R"(,"browser":")" + std::string(65, 'b') + "\"}");
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().find("browser"), std::string::npos);
  EXPECT_FALSE(parse_video_meta("{" + good_id + R"(,"os":"A\u0000B"})").ok());
}

}  // namespace
}  // namespace croupier::gateway
