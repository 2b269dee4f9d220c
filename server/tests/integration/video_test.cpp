// The tables' live video through the real croupierd and the real ffmpeg: the stream
// starts when a player sits at the table, its playlists and segments are served with the
// right types and caching to players only, the wheel in the video shows the number the
// table announced (read off the decoded frames' frame code), an encoder that dies is
// started again, and a stream no one watches stops.
#include <gtest/gtest.h>
#include <signal.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <thread>

#include "studio/frame_code.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

const char* kVideoCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "10000.00", "currency": "EUR"}],
  "tables": [
    {"id": "rou-v", "name": "Video Roulette", "game": "roulette", "dealer": "Ava",
     "video": {"source": "synthetic", "renditions": ["low", "high"], "delayBudgetMs": 2000},
     "limits": {"EUR": {"min": "1.00", "max": "100.00", "insideMax": "10.00", "outsideMax": "100.00",
                        "tableMax": "500.00", "chips": ["1.00", "5.00"]}}},
    {"id": "rou-n", "name": "No Video", "game": "roulette",
     "limits": {"EUR": {"min": "1.00", "max": "100.00", "insideMax": "10.00", "outsideMax": "100.00",
                        "tableMax": "500.00", "chips": ["1.00", "5.00"]}}}
  ]})";

class Video : public ::testing::Test {
 protected:
  void SetUp() override {
    server = start_with_casino(
        "croupier-video", kVideoCasino,
        {"--video", "true", "--video-idle-ms", "3000", "--spin-ms", "1500", "--result-ms", "2500"});
    dir = server->data_dir() + "/video/rou-v";
  }
  void TearDown() override { stop_and_check_ledger(*server); }

  // Asks for `file` until it is there (the encoder needs a moment after the first viewer).
  HttpResponse fetch(HttpClient& http, const std::string& file,
                     std::chrono::milliseconds timeout = 20s) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    HttpResponse r;
    do {
      r = http.get("/video/rou-v/" + file);
      if (r.status == 200) return r;
      std::this_thread::sleep_for(200ms);
    } while (std::chrono::steady_clock::now() < until);
    return r;
  }

  std::unique_ptr<ServerProcess> server;
  std::string dir;
};

// The segments a playlist names, oldest first.
std::vector<std::string> segments(const std::string& playlist) {
  std::vector<std::string> out;
  std::istringstream in(playlist);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') out.push_back(line);
  return out;
}

// Every frame code in an MPEG-TS segment of a w×h rendition, decoded by ffmpeg.
std::vector<studio::FrameCode> codes_in(const std::string& ts, int w, int h) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("croupier-video-" + std::to_string(::getpid()) + ".ts");
  std::ofstream(path, std::ios::binary) << ts;
  const std::string cmd = "ffmpeg -hide_banner -loglevel error -i " + path.string() +
                          " -f rawvideo -pix_fmt gray - 2>/dev/null";
  std::vector<studio::FrameCode> out;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    std::vector<uint8_t> frame(static_cast<size_t>(w) * h);
    while (std::fread(frame.data(), 1, frame.size(), p) == frame.size())
      if (auto code = studio::read_code(frame.data(), w, h, static_cast<size_t>(w)))
        out.push_back(*code);
    ::pclose(p);
  }
  std::filesystem::remove(path);
  return out;
}

// The encoder's process, found by the stream directory on its command line.
std::optional<pid_t> encoder_pid(const std::string& dir) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "cmdline", std::ios::binary);
    std::string cmdline((std::istreambuf_iterator<char>(in)), {});
    if (cmdline.find("ffmpeg") != std::string::npos &&
        cmdline.find(dir + "/%v.m3u8") != std::string::npos)
      return static_cast<pid_t>(std::stoi(name));
  }
  return std::nullopt;
}

TEST_F(Video, TheStreamIsServedToPlayersAndItsWheelShowsTheAnnouncedNumber) {
  // Nobody watches yet: no encoder.
  EXPECT_FALSE(encoder_pid(dir));
  HttpClient stranger(server->port());
  EXPECT_EQ(stranger.get("/video/rou-v/master.m3u8").status, 401);

  Player p = join_as_guest(server->port(), "rou-v");
  // The table tells the client where its stream is, and allows for its delay.
  json::value config = p.http.get("/api/ui/tableConfig?tableId=rou-v").json();
  const auto& video = config.at("video").as_object();
  EXPECT_EQ(video.at("url").as_string(), "/video/rou-v/master.m3u8");
  EXPECT_EQ(json::serialize(video.at("renditions")), R"(["high","low"])");
  EXPECT_EQ(video.at("delayBudgetMs").as_int64(), 2000);
  EXPECT_EQ(config.at("timings").at("bettingMs").as_int64(), 1500 + 2000);
  EXPECT_TRUE(p.http.get("/api/ui/tableConfig?tableId=rou-n").json().at("video").is_null());
  EXPECT_EQ(p.http.get("/video/rou-n/master.m3u8").json().at("error").as_string(), "NO_VIDEO");

  HttpResponse master = fetch(p.http, "master.m3u8");
  ASSERT_EQ(master.status, 200) << master.body;
  EXPECT_EQ(master.header("content-type"), "application/vnd.apple.mpegurl");
  EXPECT_EQ(master.header("cache-control"), "no-cache, no-store");
  EXPECT_NE(master.body.find("RESOLUTION=854x480"), std::string::npos);
  EXPECT_NE(master.body.find("RESOLUTION=426x240"), std::string::npos);
  EXPECT_EQ(master.body.find("640x360"), std::string::npos);  // medium was not asked for
  for (const char* bad :
       {"medium.m3u8", "../port", "high_12x.ts", "master.m3u8.tmp", "encoder.log"})
    EXPECT_EQ(p.http.get(std::string("/video/rou-v/") + bad).status, 404) << bad;

  // The wheel in the video lands on the announced number within the delay budget and a bit.
  json::object result = p.ws->wait_type("gameresult", 30s);
  const int number = static_cast<int>(result.at("values").as_array().at(0).as_int64());
  std::set<int> seen;
  const auto until = std::chrono::steady_clock::now() + 12s;
  while (!seen.contains(number) && std::chrono::steady_clock::now() < until) {
    HttpResponse low = fetch(p.http, "low.m3u8");
    ASSERT_EQ(low.status, 200);
    EXPECT_NE(low.body.find("#EXT-X-PROGRAM-DATE-TIME:"), std::string::npos);
    auto names = segments(low.body);
    ASSERT_FALSE(names.empty());
    HttpResponse seg = p.http.get("/video/rou-v/" + names.back());
    if (seg.status == 404) {  // the stream restarted meanwhile (a loaded machine)
      std::this_thread::sleep_for(300ms);
      continue;
    }
    ASSERT_EQ(seg.status, 200) << seg.body;
    EXPECT_EQ(seg.header("content-type"), "video/mp2t");
    EXPECT_EQ(seg.header("cache-control"), "private, max-age=3600, immutable");
    ASSERT_GE(seg.body.size(), 188u);
    EXPECT_EQ(static_cast<uint8_t>(seg.body[0]), 0x47);  // MPEG-TS sync byte
    auto codes = codes_in(seg.body, 426, 240);
    EXPECT_GE(codes.size(), 25u);  // a second of 30 frames, nearly every one readable
    for (size_t i = 0; i < codes.size(); ++i) {
      seen.insert(codes[i].value);
      // Drawn in order, a thirtieth of a second apart, and lately: the stream is live.
      if (i > 0) {
        EXPECT_GT(codes[i].centis, codes[i - 1].centis);
      }
    }
    if (!codes.empty()) {
      const auto now_centis =
          static_cast<uint32_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                    std::chrono::system_clock::now().time_since_epoch())
                                    .count() /
                                10);
      EXPECT_LT(now_centis - codes.back().centis, 1000u) << "the segment is over 10 s old";
    }
    std::this_thread::sleep_for(500ms);
  }
  EXPECT_TRUE(seen.contains(number)) << "the wheel never showed " << number;
}

TEST_F(Video, AnEncoderThatDiesIsStartedAgainAndAnUnwatchedStreamStops) {
  Player p = join_as_guest(server->port(), "rou-v");
  ASSERT_EQ(fetch(p.http, "master.m3u8").status, 200);
  auto pid = encoder_pid(dir);
  ASSERT_TRUE(pid);
  ::kill(*pid, SIGKILL);
  // A new encoder within the first retry's second, and the stream back.
  std::optional<pid_t> again;
  for (int i = 0; i < 100 && (!again || *again == *pid); ++i) {
    std::this_thread::sleep_for(100ms);
    again = encoder_pid(dir);
  }
  ASSERT_TRUE(again);
  EXPECT_NE(*again, *pid);
  EXPECT_EQ(fetch(p.http, "high.m3u8").status, 200);
  const std::string metrics = p.http.get("/metrics").body;
  EXPECT_NE(metrics.find("croupier_studio_encoder_failures_total 1"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("croupier_studio_encoder_starts_total 2"), std::string::npos);

  // The player leaves and no one asks for the stream: it stops after the idle time, and its
  // files go (an ended playlist would stop the next viewer's player).
  p.ws->close();
  auto stopped = [&] {
    return !encoder_pid(dir) && !std::filesystem::exists(dir + "/master.m3u8");
  };
  for (int i = 0; i < 100 && !stopped(); ++i) std::this_thread::sleep_for(100ms);
  EXPECT_FALSE(encoder_pid(dir));
  EXPECT_FALSE(std::filesystem::exists(dir + "/master.m3u8"));
  // Asking again starts it.
  EXPECT_EQ(fetch(p.http, "master.m3u8").status, 200);
}

// An encoder that cannot run (here: a program that ends at once, or one that never reads
// its frames) is tried again, and after three failures in a row the stream says it is
// unavailable, so that the client draws the studio instead of waiting.
TEST(VideoFailures, AStreamThatCannotStartIsSaidToBeUnavailable) {
  const auto stuck = std::filesystem::temp_directory_path() /
                     ("croupier-stuck-encoder-" + std::to_string(::getpid()) + ".sh");
  std::ofstream(stuck) << "#!/bin/sh\nexec sleep 60\n";
  std::filesystem::permissions(stuck, std::filesystem::perms::owner_all);
  for (const std::string& program : {std::string("/bin/false"), stuck.string()}) {
    auto server = start_with_casino("croupier-video-fail", kVideoCasino,
                                    {"--video", "true", "--ffmpeg", program});
    Player p = join_as_guest(server->port(), "rou-v");
    HttpResponse r;
    const auto until = std::chrono::steady_clock::now() + 30s;
    do {
      std::this_thread::sleep_for(300ms);
      r = p.http.get("/video/rou-v/master.m3u8");
    } while (r.status != 503 && std::chrono::steady_clock::now() < until);
    ASSERT_EQ(r.status, 503) << program << ": " << r.body;
    EXPECT_EQ(r.json().at("error").as_string(), "VIDEO_UNAVAILABLE");
    const std::string metrics = p.http.get("/metrics").body;
    EXPECT_NE(metrics.find("croupier_studio_encoder_failures_total 3"), std::string::npos)
        << metrics;
    stop_and_check_ledger(*server);
  }
  std::filesystem::remove(stuck);
}

// ---- The statistics collector ---------------------------------------------------------

class Collector : public ::testing::Test {
 protected:
  void SetUp() override {
    server =
        start_with_casino("croupier-collector", kVideoCasino, {"--video-stats-rows-max", "10"});
  }
  void TearDown() override { stop_and_check_ledger(*server); }

  // A beacon: text/plain, no header of its own, the anti-forgery token in the address.
  HttpResponse beacon(HttpClient& http, const std::string& path, const std::string& body,
                      const std::string& xsrf) {
    return http.post(path + "?xsrf=" + xsrf, body, "text/plain;charset=UTF-8", false);
  }
  std::unique_ptr<ServerProcess> server;
};

std::string stats_body(int i, const std::string& rendition = "low") {
  return R"({"videoSessionId":"vs-session-)" + std::to_string(i % 3) +
         R"(","tableId":"rou-v","userId":"1","rendition":")" + rendition +
         R"(","resolution":"426x240","bitrateKbps":350,"stalls":1,"stallMs":500,"playedMs":9500,
            "startupMs":1200,"latencyMs":2500,"droppedFrames":3})";
}

TEST_F(Collector, ReportsAreTakenFromPlayersByBeaconCheckedStoredBoundedAndCounted) {
  HttpClient stranger(server->port());
  EXPECT_EQ(stranger.get("/eventcapture/settings").status, 401);

  Player p = join_as_guest(server->port(), "rou-v");
  json::value settings = p.http.get("/eventcapture/settings").json();
  EXPECT_EQ(settings.at("captureVideoEvent"), true);
  EXPECT_EQ(settings.at("ipAddress").as_string(), "127.0.0.1");
  EXPECT_EQ(settings.at("statsIntervalMs").as_int64(), 10000);
  const std::string xsrf = p.http.cookie("XSRF-TOKEN");
  ASSERT_FALSE(xsrf.empty());

  const std::string meta =
      R"({"videoSessionId":"vs-session-0","tableId":"rou-v","userId":"1","browser":"Chrome",
          "os":"Linux","device":"desktop","country":"DE","carrier":"","resolution":"1366x768"})";
  EXPECT_EQ(beacon(p.http, "/eventcapture/videosessionmeta", meta, xsrf).status, 204);
  // Without the token, or with another, a beacon is refused like any forged call.
  EXPECT_EQ(p.http.post("/eventcapture/videosessionmeta", meta, "text/plain", false).status, 403);
  EXPECT_EQ(beacon(p.http, "/eventcapture/videosessionmeta", meta, "forged").status, 403);
  // The token in the address does not open the other calls.
  EXPECT_EQ(p.http.post("/api/ui/settings?xsrf=" + xsrf, "{}", "application/json", false).status,
            403);
  // A fetch with the header is as good as a beacon.
  EXPECT_EQ(p.http.post("/eventcapture/v2/videostats", stats_body(0)).status, 204);

  // Bad and oversized bodies.
  auto bad = beacon(p.http, "/eventcapture/v2/videostats", R"({"videoSessionId":"x"})", xsrf);
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json().at("error").as_string(), "BAD_REPORT");
  EXPECT_EQ(beacon(p.http, "/eventcapture/v2/videostats", "not json", xsrf).status, 400);
  std::string unknown = stats_body(0);
  unknown.replace(unknown.find("rou-v"), 5, "rou-x");
  EXPECT_EQ(beacon(p.http, "/eventcapture/v2/videostats", unknown, xsrf).status, 400);
  std::string big = stats_body(0);
  big.insert(1, R"("pad":")" + std::string(5000, 'x') + R"(",)");
  auto too_big = beacon(p.http, "/eventcapture/videostats/ios", big, xsrf);
  EXPECT_EQ(too_big.status, 413);
  EXPECT_EQ(too_big.json().at("error").as_string(), "BODY_TOO_LARGE");

  // Twenty-four more reports (one from a native player): the store keeps about the newest
  // ten.
  // (Two players: each may send only so many at once.)
  Player q = join_as_guest(server->port(), "rou-v");
  const std::string q_xsrf = q.http.cookie("XSRF-TOKEN");
  for (int i = 1; i < 25; ++i) {
    const std::string path =
        i == 7 ? "/eventcapture/videostats/ios" : "/eventcapture/v2/videostats";
    Player& who = i % 2 ? p : q;
    ASSERT_EQ(
        beacon(who.http, path, stats_body(i, i % 2 ? "low" : "high"), i % 2 ? xsrf : q_xsrf).status,
        204)
        << i;
  }
  HttpClient backend(server->port());
  const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  HttpResponse report =
      operator_post(backend, "/api/operator/report/video",
                    {{"operatorId", "demo"}, {"from", now - 3'600'000}, {"to", now + 3'600'000}},
                    "test-operator-secret-0123");
  ASSERT_EQ(report.status, 200) << report.body;
  int64_t reports = 0, played = 0;
  const json::value body = report.json();
  for (const auto& row : body.at("video").as_array()) {
    EXPECT_EQ(row.at("tableId").as_string(), "rou-v");
    reports += row.at("reports").as_int64();
    played += row.at("playedMs").as_int64();
    EXPECT_NEAR(row.at("stallRatio").as_double(), 500.0 / 10000.0, 1e-9);
    EXPECT_EQ(row.at("startupMsMean").as_int64(), 1200);
    EXPECT_EQ(row.at("delayMsMean").as_int64(), 2500);
  }
  // The newest ten, and those received in the same millisecond as the oldest of them (here
  // many arrive within a millisecond; the store's own test has them apart and exact).
  EXPECT_GE(reports, 10);
  EXPECT_LT(reports, 25);
  EXPECT_EQ(played, reports * 9500);

  // Every report counted in /metrics, by rendition (25 accepted: 13 low, 12 high).
  const std::string metrics = p.http.get("/metrics").body;
  EXPECT_NE(metrics.find(R"(croupier_video_played_ms_total{rendition="low"} )" +
                         std::to_string(13 * 9500)),
            std::string::npos)
      << metrics;
  EXPECT_NE(metrics.find(R"(croupier_video_delay_seconds_count{rendition="high"} 12)"),
            std::string::npos);
  EXPECT_NE(metrics.find("croupier_video_sessions_total 1"), std::string::npos);

  // A client that floods the collector is slowed down (and the store is spared).
  int refused = 0;
  for (int i = 0; i < 30; ++i)
    refused += beacon(q.http, "/eventcapture/v2/videostats", stats_body(i), q_xsrf).status == 429;
  EXPECT_GT(refused, 0);

  // The quality the player chose.
  auto put = [&](const std::string& body) {
    return p.http.request("PUT", "/quality/video", body,
                          {{"Content-Type", "application/json"}, {"X-XSRF-TOKEN", xsrf}});
  };
  EXPECT_EQ(put(R"({"tableId":"rou-v","quality":"low"})").status, 204);
  EXPECT_EQ(put(R"({"tableId":"rou-v","quality":"8k"})").status, 400);
  EXPECT_EQ(put(R"({"tableId":"nope","quality":"low"})").status, 400);
  EXPECT_NE(
      p.http.get("/metrics").body.find(R"(croupier_video_quality_choices_total{quality="low"} 1)"),
      std::string::npos);
}

// The reports are what the page sends by itself: they do not keep an idle player's session.
TEST(CollectorIdle, ReportsDoNotCountAsThePlayersActivity) {
  auto server =
      start_with_casino("croupier-collector-idle", kVideoCasino, {"--session-idle-timeout-s", "3"});
  Player p = join_as_guest(server->port(), "rou-v");
  p.ws->close();
  const std::string xsrf = p.http.cookie("XSRF-TOKEN");
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(p.http
                  .post("/eventcapture/v2/videostats?xsrf=" + xsrf, stats_body(i),
                        "text/plain;charset=UTF-8", false)
                  .status,
              i < 3 ? 204 : 401)
        << i;
    std::this_thread::sleep_for(1s);
  }
  EXPECT_EQ(p.http.get("/api/ui/balance").status, 401);
  stop_and_check_ledger(*server);
}

}  // namespace
}  // namespace croupier::testing
