// The HTTP side of the real croupierd: sessions, anti-forgery, limits, the SPEC section 7
// endpoints and the operator launch.
#include <gtest/gtest.h>

#include "core/crypto.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

constexpr const char* kDemoSecret = "demo-operator-secret-change-me";

class Http : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new ServerProcess(make_temp_dir("croupier-http"));
    server_->start();
  }
  static void TearDownTestSuite() {
    EXPECT_EQ(server_->stop(), 0);
    delete server_;
  }
  uint16_t port() const { return server_->port(); }

  // A signed operator request of the demo operator (or another secret's).
  HttpResponse operator_post(HttpClient& http, const std::string& path, json::object body,
                             const std::string& secret = kDemoSecret) {
    return testing::operator_post(http, path, std::move(body), secret);
  }

  static ServerProcess* server_;
};
ServerProcess* Http::server_ = nullptr;

TEST_F(Http, HealthReadinessAndMetrics) {
  HttpClient http(port());
  EXPECT_EQ(http.get("/healthz").status, 200);
  HttpResponse ready = http.get("/readyz");
  EXPECT_EQ(ready.status, 200);
  EXPECT_EQ(ready.json().at("status").as_string(), "ready");
  HttpResponse metrics = http.get("/metrics");
  EXPECT_EQ(metrics.status, 200);
  EXPECT_NE(metrics.header("content-type").find("text/plain"), std::string::npos);
  for (const char* name :
       {"croupier_http_requests_total", "croupier_ledger_commit_seconds_bucket",
        "croupier_table_subscribers", "# TYPE croupier_ledger_commit_seconds histogram"}) {
    EXPECT_NE(metrics.body.find(name), std::string::npos) << name;
  }
}

TEST_F(Http, UnknownPathsGetA404JsonBody) {
  HttpClient http(port());
  for (const char* path : {"/api/nope", "/nothing-here.txt"}) {
    HttpResponse r = http.get(path);
    EXPECT_EQ(r.status, 404) << path;
    EXPECT_EQ(r.json().at("error").as_string(), "NOT_FOUND");
    EXPECT_NE(r.header("content-type").find("application/json"), std::string::npos);
  }
}

// Found by fuzz_http: a target that is not a path was refused before the shared headers
// were set (corpus/http/regress-bad-target-headers).
TEST_F(Http, ATargetThatIsNotAPathIsRefusedWithTheSharedHeaders) {
  HttpClient http(port());
  HttpResponse r = http.get("/launch?toke\xe1\xe1n=abc");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json().at("error").as_string(), "BAD_TARGET");
  EXPECT_EQ(r.header("x-content-type-options"), "nosniff");
  EXPECT_EQ(r.header("referrer-policy"), "same-origin");
}

TEST_F(Http, WithoutASessionTheApiAnswers401With2400) {
  HttpClient http(port());
  HttpResponse r = http.get("/api/ui/balance");
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(r.json().at("code").as_int64(), 2400);
  http.set_cookie("JSESSIONID", "made-up-session");
  EXPECT_EQ(http.get("/api/ui/getAllConfig").status, 401);
  // SPEC: getAll answers the text "offline" for an invalid session.
  HttpResponse env = http.get("/api/env/getAll");
  EXPECT_EQ(env.status, 200);
  EXPECT_EQ(env.body, "offline");
}

TEST_F(Http, ANewcomerGetsAGuestWithFunMoneyAndAnHttpOnlyCookie) {
  HttpClient http(port());
  HttpResponse r = http.get("/");
  ASSERT_EQ(r.status, 302);
  EXPECT_EQ(r.header("location"), "/play/lobby");
  bool session_cookie = false;
  for (auto [it, end] = r.headers.equal_range("set-cookie"); it != end; ++it) {
    if (it->second.rfind("JSESSIONID=", 0) == 0) {
      session_cookie = true;
      EXPECT_NE(it->second.find("HttpOnly"), std::string::npos);
      EXPECT_NE(it->second.find("SameSite=Lax"), std::string::npos);
    }
    if (it->second.rfind("XSRF-TOKEN=", 0) == 0) {
      EXPECT_EQ(it->second.find("HttpOnly"), std::string::npos);
    }
  }
  EXPECT_TRUE(session_cookie);
  json::value balance = http.get("/api/ui/balance").json();
  EXPECT_EQ(balance.at("balance").as_string(), "10000.00");
  EXPECT_EQ(balance.at("currency").as_string(), "EUR");
  // The session id also works as a query parameter (SPEC section 7).
  HttpClient bare(port());
  EXPECT_EQ(bare.get("/api/ui/balance?JSESSIONID=" + http.cookie("JSESSIONID") +
                     "&ck=1&game_mode=roulette_desktop")
                .status,
            200);
}

TEST_F(Http, APostWithoutTheAntiForgeryHeaderIs403) {
  HttpClient http(port());
  http.become_guest();
  const std::string body = R"({"gameType":"roulette","selected_chip":"5"})";
  HttpResponse without =
      http.post("/api/ui/savePlayerConfigGeneric", body, "application/json", false);
  EXPECT_EQ(without.status, 403);
  EXPECT_EQ(without.json().at("error").as_string(), "XSRF_TOKEN_MISMATCH");
  HttpResponse wrong = http.post("/api/ui/savePlayerConfigGeneric", body, "application/json", false,
                                 {{"X-XSRF-TOKEN", "not-the-cookie"}});
  EXPECT_EQ(wrong.status, 403);
  EXPECT_EQ(http.post("/api/ui/savePlayerConfigGeneric", body).status, 200);
}

TEST_F(Http, SettingsAreSavedByKeyWithDefaults) {
  HttpClient http(port());
  http.become_guest();
  json::value before = http.get("/api/ui/playerConfig").json();
  EXPECT_EQ(before.at("settings").at("video_sounds").as_int64(), 20);
  EXPECT_EQ(before.at("settings").at("bj_autoplay_hit").as_int64(), 15);
  EXPECT_TRUE(before.at("settings").at("selected_chip").is_null());
  HttpResponse saved =
      http.post("/api/ui/savePlayerConfigGeneric",
                R"({"gameType":"roulette","gameMode":"roulette_desktop","selected_chip":"5.00",)"
                R"("toggle_rla_racetrack":true})");
  ASSERT_EQ(saved.status, 200) << saved.body;
  json::value after = http.get("/api/ui/playerConfig").json();
  EXPECT_EQ(after.at("settings").at("selected_chip").as_string(), "5.00");
  EXPECT_EQ(after.at("settings").at("toggle_rla_racetrack").as_bool(), true);

  HttpResponse unknown =
      http.post("/api/ui/savePlayerConfigGeneric", R"({"gameType":"roulette","no_such":1})");
  EXPECT_EQ(unknown.status, 400);
  EXPECT_EQ(unknown.json().at("error").as_string(), "UNKNOWN_SETTING");
  EXPECT_EQ(http.post("/api/ui/savePlayerConfigGeneric", R"({"selected_chip":"1"})").status, 400);
  EXPECT_EQ(http.post("/api/ui/savePlayerConfigGeneric", "not json").status, 400);

  // A number out of range (1e309 parses as infinity) is refused with a code, not "saved"
  // and read back as the default; so are a volume over 100 and text for a number.
  for (const char* body : {R"({"gameType":"roulette","game_effects":1e309})",
                           R"({"gameType":"roulette","subtitle_config":{"size":-1e309}})",
                           R"({"gameType":"roulette","game_effects":101})",
                           R"({"gameType":"roulette","bj_autoplay_hit":"15"})",
                           R"({"gameType":"blackjack","bj_autoplay_stand":1000})",
                           R"({"gameType":"blackjack","bj_autoplay_hit":12.5})"}) {
    HttpResponse bad = http.post("/api/ui/savePlayerConfigGeneric", body);
    EXPECT_EQ(bad.status, 400) << body;
    EXPECT_EQ(bad.json().at("error").as_string(), "BAD_SETTING_VALUE") << body;
    EXPECT_EQ(bad.json().at("code").as_int64(), 2001) << body;
  }
  EXPECT_EQ(http.get("/api/ui/playerConfig").json().at("settings").at("game_effects").as_int64(),
            20);
}

TEST_F(Http, TheSessionIdAsAParameterIsForGetsOnly) {
  HttpClient player(port());
  player.become_guest();
  const std::string id = player.cookie("JSESSIONID");
  HttpClient bare(port());  // no cookies of its own
  EXPECT_EQ(bare.get("/api/ui/balance?JSESSIONID=" + id).status, 200);
  HttpResponse put = bare.request(
      "PUT", "/api/user/screenName?JSESSIONID=" + id, R"({"screenName":"Quinn"})",
      {{"Content-Type", "application/json"}, {"Cookie", "XSRF-TOKEN=t"}, {"X-XSRF-TOKEN", "t"}});
  EXPECT_EQ(put.status, 401);
  EXPECT_EQ(put.json().at("code").as_int64(), 2400);
}

TEST_F(Http, GetAllConfigCarriesEverythingATableNeeds) {
  HttpClient http(port());
  http.become_guest();
  HttpResponse r = http.get("/api/ui/getAllConfig?tableId=rou-1&ck=123&game_mode=roulette_desktop");
  ASSERT_EQ(r.status, 200) << r.body;
  json::value c = r.json();
  for (const char* key : {"language", "urlxml", "env", "swearwords", "playerConfig", "tableConfig",
                          "casinoConfig", "balance", "assignedTables"}) {
    EXPECT_TRUE(c.as_object().contains(key)) << key;
  }
  EXPECT_EQ(c.at("tableConfig").at("tableId").as_string(), "rou-1");
  EXPECT_EQ(c.at("tableConfig").at("limits").at("min").as_string(), "0.20");
  EXPECT_EQ(c.at("casinoConfig").at("ws_time_in_sec").as_int64(), 2);
  EXPECT_EQ(c.at("casinoConfig").at("tabs_order").as_array().back().as_string(), "PROMOTIONS");
  EXPECT_EQ(c.at("assignedTables").as_array().size(), 23u);  // every demo table plays EUR
  EXPECT_EQ(http.get("/api/ui/getAllConfig?tableId=nope").status, 404);
  EXPECT_EQ(http.get("/api/ui/getAllConfig?game_mode=DROP%20TABLE").status, 400);
}

TEST_F(Http, UrlListAndTheUrlsItNames) {
  HttpClient http(port());
  http.become_guest();
  HttpResponse xml = http.get("/assets/api/urlxml.xml");
  ASSERT_EQ(xml.status, 200);
  for (const char* path : {"/api/ui/playerConfig", "/api/ui/balance", "/api/ui/assignedTables"}) {
    ASSERT_NE(xml.body.find(path), std::string::npos) << path;
    EXPECT_EQ(http.get(path).status, 200) << path;
  }
  EXPECT_EQ(http.get("/api/ui/tableConfig?tableId=rou-2")
                .json()
                .at("limits")
                .at("oppositeBetsAllowed")
                .as_bool(),
            false);
}

TEST_F(Http, RatesFeaturesAndStatistics) {
  HttpClient http(port());
  http.become_guest();
  json::value rates = http.get("/api/ui/getRates?currencyCode=USD").json();
  EXPECT_EQ(rates.at("exchangeRates").at("EUR").as_string(), "1.0850");
  HttpResponse unknown = http.get("/api/ui/getRates?currencyCode=XXX");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.json().at("code").as_int64(), 20104);
  json::value features =
      http.get("/api/player/features/ui/configuredFeatures?tableId=rou-1").json();
  EXPECT_TRUE(features.at("feature_combineAPI").is_bool());

  // Statistics follow the rounds: wait for a few results, then compare.
  WsClient ws(port(), http.cookie("JSESSIONID"));
  ws.wait_type("welcome");
  ws.send("<subscribe channel=\"table-rou-1\"/>");
  std::vector<std::string> seen;
  for (int i = 0; i < 2; ++i)
    seen.emplace_back(ws.wait_type("gameresult").at("result").as_string());
  json::value stats = http.get("/api/ui/statisticHistory?tableId=rou-1&numberOfGames=100").json();
  const auto& results = stats.at("results").as_array();
  ASSERT_GE(results.size(), 2u);
  EXPECT_LE(results.size(), 100u);
  EXPECT_EQ(results[0].at("result").as_string(), seen[1]);  // newest first
  EXPECT_EQ(results[1].at("result").as_string(), seen[0]);
  EXPECT_EQ(http.get("/api/ui/statisticHistory?tableId=rou-1&numberOfGames=0").status, 400);
}

TEST_F(Http, BodiesAndHeadersAreBounded) {
  HttpClient http(port());
  http.become_guest();
  HttpResponse big = http.post("/api/ui/savePlayerConfigGeneric", std::string(100 * 1024, 'x'));
  EXPECT_EQ(big.status, 413);
  HttpResponse huge_header =
      http.request("GET", "/healthz", "", {{"X-Padding", std::string(20 * 1024, 'a')}});
  EXPECT_EQ(huge_header.status, 431);
}

TEST_F(Http, OperatorLaunchMakesAOneTimeLinkIntoTheGame) {
  HttpClient backend(port());
  HttpResponse issued = operator_post(backend, "/api/operator/launch",
                                      {{"operatorId", "demo"},
                                       {"playerId", "alice-7"},
                                       {"screenName", "Alice"},
                                       {"currency", "USD"},
                                       {"country", "DE"},
                                       {"language", "nb"},
                                       {"params", {{"gameId", "rou-2"}, {"theme", "blue"}}}});
  ASSERT_EQ(issued.status, 200) << issued.body;
  std::string url = std::string(issued.json().at("launchUrl").as_string());
  std::string target = url.substr(url.find("/launch"));

  HttpClient browser(port());
  HttpResponse landed = browser.get(target + "&lang=de");
  ASSERT_EQ(landed.status, 302);
  EXPECT_EQ(landed.header("location"), "/play/roulette?gameId=rou-2&lang=de&theme=blue");
  ASSERT_FALSE(browser.cookie("JSESSIONID").empty());
  json::value me = browser.get("/api/ui/playerConfig").json();
  EXPECT_EQ(me.at("player").at("name").as_string(), "Alice");
  EXPECT_EQ(me.at("player").at("currencyCode").as_string(), "USD");
  EXPECT_EQ(me.at("player").at("language").as_string(), "no");
  EXPECT_EQ(browser.get("/api/ui/balance").json().at("balance").as_string(), "10000.00");

  // The link works once.
  HttpClient other(port());
  HttpResponse reused = other.get(target);
  EXPECT_EQ(reused.status, 302);
  EXPECT_EQ(reused.header("location"), "/play/error?code=EV01");
  EXPECT_TRUE(other.cookie("JSESSIONID").empty());
}

TEST_F(Http, OperatorRequestsMustBeSignedAndFresh) {
  HttpClient backend(port());
  json::object body{{"operatorId", "demo"}, {"playerId", "bob"}, {"currency", "EUR"}};
  EXPECT_EQ(
      operator_post(backend, "/api/operator/launch", body, "wrong-secret-wrong-secret").status,
      401);
  json::object stale = body;
  stale["timestamp"] = 1000;
  EXPECT_EQ(operator_post(backend, "/api/operator/launch", stale).json().at("error").as_string(),
            "STALE_REQUEST");
  json::object bad = body;
  bad["currency"] = "EURO";
  HttpResponse refused = operator_post(backend, "/api/operator/launch", bad);
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.json().at("message").as_string().find("currency"), std::string::npos);
  json::object unknown = body;
  unknown["operatorId"] = "nobody";
  EXPECT_EQ(operator_post(backend, "/api/operator/launch", unknown).status, 404);
}

TEST_F(Http, ANewLaunchLogsTheOldSessionOutAndTerminationIs403) {
  HttpClient backend(port());
  auto launch = [&](HttpClient& browser) {
    HttpResponse issued =
        operator_post(backend, "/api/operator/launch",
                      {{"operatorId", "demo"}, {"playerId", "carol"}, {"currency", "EUR"}});
    std::string url = std::string(issued.json().at("launchUrl").as_string());
    EXPECT_EQ(browser.get(url.substr(url.find("/launch"))).status, 302);
  };
  HttpClient first(port()), second(port());
  launch(first);
  WsClient first_socket(port(), first.cookie("JSESSIONID"));
  first_socket.wait_type("welcome");
  launch(second);
  HttpResponse replaced = first.get("/api/ui/balance");
  EXPECT_EQ(replaced.status, 401);
  EXPECT_EQ(replaced.json().at("code").as_int64(), 10003);
  EXPECT_EQ(first_socket.wait_type("logout").at("code").as_int64(), 10003);
  for (int i = 0; i < 20 && !first_socket.closed(); ++i) first_socket.next(250ms);
  EXPECT_EQ(first_socket.close_code(), 1008);  // a policy close, not a plain 1000
  EXPECT_EQ(second.get("/api/ui/balance").status, 200);
  WsClient second_socket(port(), second.cookie("JSESSIONID"));
  second_socket.wait_type("welcome");

  HttpResponse done = operator_post(backend, "/api/operator/session/terminate",
                                    {{"operatorId", "demo"}, {"playerId", "carol"}});
  ASSERT_EQ(done.status, 200) << done.body;
  HttpResponse restricted = second.get("/api/ui/balance");
  EXPECT_EQ(restricted.status, 403);
  EXPECT_NE(restricted.body.find("session terminated"), std::string::npos);
  EXPECT_EQ(second_socket.wait_type("session").at("message").as_string(), "restricted");
  for (int i = 0; i < 20 && !second_socket.closed(); ++i) second_socket.next(250ms);
  EXPECT_EQ(second_socket.close_code(), 1008);
}

TEST_F(Http, SocketsNeedASessionAndAnAllowedOrigin) {
  HttpClient http(port());
  http.become_guest();
  EXPECT_THROW(WsClient(port(), ""), boost::system::system_error);
  EXPECT_THROW(WsClient(port(), http.cookie("JSESSIONID"), "https://evil.example"),
               boost::system::system_error);
  WsClient same(port(), http.cookie("JSESSIONID"), "http://127.0.0.1:" + std::to_string(port()));
  EXPECT_EQ(same.wait_type("welcome").at("playerId").as_string().empty(), false);
}

TEST_F(Http, OversizedSocketMessagesCloseTheConnection) {
  HttpClient http(port());
  http.become_guest();
  WsClient ws(port(), http.cookie("JSESSIONID"));
  ws.wait_type("welcome");
  try {
    ws.send(std::string(64 * 1024, 'x'));
  } catch (const boost::system::system_error&) {
    // The server may close before the whole frame is written: the pipe breaks here.
  }
  while (ws.next(2s)) {
  }
  EXPECT_TRUE(ws.closed());
}

}  // namespace
}  // namespace croupier::testing
