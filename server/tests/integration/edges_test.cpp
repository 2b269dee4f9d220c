// Behaviour that needs a server of its own: static files, idle sessions, rate limits,
// and a client that stops reading.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "app/server.hpp"
#include "core/metrics.hpp"
#include "gateway/services.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

void write_file(const std::string& path, const std::string& content) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

TEST(StaticFiles, HashedAssetsAreImmutableAndPrecompressedOnesPreferred) {
  std::string dir = make_temp_dir("croupier-static");
  std::string dist = dir + "/dist";
  write_file(dist + "/index.html", "<!doctype html><title>Croupier</title>");
  write_file(dist + "/assets/app-a1b2c3d4.js", "console.log('plain')");
  write_file(dist + "/assets/app-a1b2c3d4.js.gz", "GZIPPED-BYTES");
  write_file(dist + "/favicon.svg", "<svg/>");
  ServerProcess server(dir, {"--static-dir", dist});
  server.start();
  HttpClient http(server.port());

  HttpResponse plain = http.get("/assets/app-a1b2c3d4.js");
  EXPECT_EQ(plain.status, 200);
  EXPECT_EQ(plain.body, "console.log('plain')");
  EXPECT_EQ(plain.header("cache-control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(plain.header("content-type"), "text/javascript; charset=utf-8");

  HttpResponse zipped =
      http.request("GET", "/assets/app-a1b2c3d4.js", "", {{"Accept-Encoding", "gzip, br;q=0"}});
  EXPECT_EQ(zipped.body, "GZIPPED-BYTES");
  EXPECT_EQ(zipped.header("content-encoding"), "gzip");
  EXPECT_EQ(zipped.header("content-type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(zipped.header("vary"), "Accept-Encoding");

  HttpResponse icon = http.get("/favicon.svg");
  EXPECT_EQ(icon.header("cache-control"), "no-cache");
  HttpResponse again =
      http.request("GET", "/favicon.svg", "", {{"If-None-Match", icon.header("etag")}});
  EXPECT_EQ(again.status, 304);
  EXPECT_TRUE(again.body.empty());

  HttpResponse head = http.request("HEAD", "/favicon.svg", "", {});
  EXPECT_EQ(head.status, 200);
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(head.header("content-length"), "6");

  // The client's routes all serve the page, with a guest session on the way.
  HttpResponse page = http.get("/play/roulette?gameId=rou-1");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("<title>Croupier</title>"), std::string::npos);
  EXPECT_EQ(page.header("cache-control"), "no-cache");
  EXPECT_FALSE(http.cookie("JSESSIONID").empty());

  EXPECT_EQ(http.get("/assets/../index.html").status, 404);
  EXPECT_EQ(http.get("/missing.png").status, 404);
  EXPECT_EQ(server.stop(), 0);
}

TEST(Sessions, AnIdleSessionExpires) {
  ServerProcess server(make_temp_dir("croupier-idle"), {"--session-idle-timeout-s", "1"});
  server.start();
  Player p = join_as_guest(server.port(), "rou-1");
  EXPECT_EQ(p.http.get("/api/ui/balance").status, 200);
  std::this_thread::sleep_for(1500ms);
  HttpResponse expired = p.http.get("/api/ui/balance");
  EXPECT_EQ(expired.status, 401);
  EXPECT_EQ(expired.json().at("code").as_int64(), 2400);
  // The socket is told on its next command, and closed.
  p.ws->send("<ping id=\"late\"/>");
  json::object kick = p.ws->wait_type("kickout");
  EXPECT_EQ(kick.at("reason").as_string(), "inactivity");
  while (p.ws->next(2s)) {
  }
  EXPECT_TRUE(p.ws->closed());
  EXPECT_EQ(server.stop(), 0);
}

// SPEC §8-9: the idle message before the inactivity timeout, then the kickout. What the
// page does by itself (pings, subscribing, reading the balance) is not activity; the
// player's "still here" (<active/>) is.
TEST(Sessions, AnIdlePlayerIsWarnedThenKickedOutUnlessStillHere) {
  ServerProcess server(make_temp_dir("croupier-idle-warn"), {"--session-idle-timeout-s", "4"});
  server.start();
  Player p = join_as_guest(server.port(), "rou-1");
  auto upkeep_until = [&](const std::string& type, std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
      p.ws->send("<ping id=\"k\"/>");
      p.http.get("/api/ui/balance");  // a read: were it activity, no kickout would come
      while (auto m = p.ws->next(250ms))
        if (m->at("type").as_string() == type) return *m;
    }
    ADD_FAILURE() << "no " << type << " within " << limit.count() << " ms";
    return json::object{};
  };
  // A minute before the end, or a quarter of the timeout: 1 s here.
  json::object idle = upkeep_until("idle", 5s);
  ASSERT_FALSE(idle.empty());
  EXPECT_GT(idle.at("closesInMs").as_int64(), 0);
  EXPECT_LE(idle.at("closesInMs").as_int64(), 1000);
  // Still here: the session lives on past the first deadline.
  p.ws->send("<active/>");
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(p.http.get("/api/ui/balance").status, 200);
  for (const json::object& m : p.ws->seen()) EXPECT_NE(m.at("type").as_string(), "kickout");
  // Then nothing but upkeep: warned again, and kicked out.
  EXPECT_FALSE(upkeep_until("idle", 4s).empty());
  json::object kick = upkeep_until("kickout", 3s);
  ASSERT_FALSE(kick.empty());
  EXPECT_EQ(kick.at("reason").as_string(), "inactivity");
  // The socket closes with 1008 (a policy), as documented, even though the kickout was
  // being written when the close was asked for.
  for (int i = 0; i < 20 && !p.ws->closed(); ++i) p.ws->next(250ms);
  ASSERT_TRUE(p.ws->closed());
  EXPECT_EQ(p.ws->close_code(), 1008);
  EXPECT_EQ(p.ws->close_text(), "session ended");
  EXPECT_EQ(p.http.get("/api/ui/balance").status, 401);
  EXPECT_EQ(server.stop(), 0);
}

TEST(RateLimits, TooManyRequestsFromOneAddressAre429) {
  ServerProcess server(make_temp_dir("croupier-rate"),
                       {"--http-rate-per-s", "1", "--http-burst", "3"});
  server.start();
  HttpClient http(server.port());
  int limited = 0;
  for (int i = 0; i < 6; ++i) {
    HttpResponse r = http.get("/healthz");
    if (r.status == 429) {
      ++limited;
      EXPECT_EQ(r.json().at("code").as_int64(), 2001);
      EXPECT_EQ(r.header("retry-after"), "1");
    }
  }
  EXPECT_GE(limited, 2);
  EXPECT_EQ(server.stop(), 0);
}

TEST(Metrics, RejectionsAreCountedByCode) {
  ServerProcess server(make_temp_dir("croupier-metrics"));
  server.start();
  Player p = join_as_guest(server.port(), "rou-1");
  std::string game(p.ws->wait_type("betsopen").at("gameId").as_string());
  p.ws->send(
      pbet_xml("pbet", "rou-1", game, p.id, "m-1", {{"STRAIGHT_99", "1.00"}, {"RED", "1.00"}}));
  p.ws->wait_type("betack");
  std::string text = p.http.get("/metrics").body;
  EXPECT_NE(text.find("croupier_bets_rejected_total{code=\"1005\"} 1"), std::string::npos) << text;
  EXPECT_NE(text.find("croupier_bets_accepted_total 1"), std::string::npos);
  EXPECT_NE(text.find("croupier_ws_connections 1"), std::string::npos);
  EXPECT_EQ(server.stop(), 0);
}

// The real gateway in-process, so that the test can publish a flood of events into a
// table's channel.
TEST(SlowConsumer, IsDisconnectedWhileOthersReceiveEverything) {
  config::Settings s;
  s.port = 0;
  s.data_dir = make_temp_dir("croupier-slow");
  s.static_dir = s.data_dir + "/none";
  s.casino_file = CROUPIER_SHARE_DIR "/casino.json";
  s.rates_file = CROUPIER_SHARE_DIR "/rates.json";
  s.log_level = "warn";
  s.threads = 2;
  s.betting_ms = 86'400'000;  // the table stays quiet
  s.timer_interval_ms = 86'400'000;
  s.ws_send_queue_max = 16;
  s.ws_send_queue_bytes_max = 64 * 1024;
  s.video = false;  // the demo casino's roulette streams: no encoder for this flood
  app::App app(s);
  ASSERT_TRUE(app.start());
  std::thread server([&] { app.run(false); });

  HttpClient http(app.port());
  http.become_guest();
  WsClient healthy(app.port(), http.cookie("JSESSIONID"));
  WsClient slow(app.port(), http.cookie("JSESSIONID"));
  for (WsClient* c : {&healthy, &slow}) {
    c->wait_type("welcome");
    c->send("<subscribe channel=\"table-rou-1\"/>");
    c->wait_type("resync");
  }
  auto& dropped = metrics::registry().counter("croupier_ws_slow_consumers_total", "");
  const uint64_t dropped_before = dropped.value();
  auto& channel = *app.services().tables.at("rou-1").channel;
  const std::string padding(2000, 'x');
  // Windows of 8 events, each read by the healthy client before the next; the slow one
  // reads nothing, so its socket buffers fill and then its send queue.
  uint64_t v = 0;
  for (int window = 0; window < 2500 && dropped.value() == dropped_before; ++window) {
    for (int i = 0; i < 8; ++i) {
      gateway::protocol::WireEvent e;
      e.epoch = "flood";
      e.version = ++v;
      e.type = "flood";
      e.json = std::make_shared<const std::string>(R"({"type":"flood","v":)" + std::to_string(v) +
                                                   R"(,"pad":")" + padding + R"("})");
      channel.publish(std::move(e));
    }
    for (int i = 0; i < 8; ++i) {
      auto m = healthy.next(5s);
      // The flood is a new run of the table: the subscribers are told so first.
      if (m && m->at("type").as_string() == "subscribed" && v == 8) {
        EXPECT_TRUE(m->at("restarted").as_bool());
        m = healthy.next(5s);
      }
      ASSERT_TRUE(m.has_value()) << "the healthy client stopped receiving at v=" << v;
      ASSERT_EQ(m->at("v").as_int64(), static_cast<int64_t>(v - 7 + i));
    }
  }
  EXPECT_EQ(dropped.value(), dropped_before + 1) << "the slow client was never disconnected";
  // What reached the slow client's buffers before the cut can be read; then it is closed.
  while (slow.next(2s)) {
  }
  EXPECT_TRUE(slow.closed());
  EXPECT_FALSE(healthy.closed());
  app.stop();
  server.join();
}

}  // namespace
}  // namespace croupier::testing
