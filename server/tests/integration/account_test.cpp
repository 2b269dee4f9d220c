// Player accounts for an operator without its own login (issue 20, docs/operators.md "Player
// accounts"), over real HTTP and the socket: registration with a voucher and its refusals
// (20100 under age, 20101 for the rest, naming the field), login (2007, 2008) ending the
// first session (10003), a bet with the voucher's money, the operator disabling, suspending
// and excluding the player (10103, 10102, 3001), free play with an e-mail address, logout.
// On SQLite and PostgreSQL; every run ends with ledger-check.
#include <gtest/gtest.h>

#include "db/postgres_testing.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

constexpr const char* kSecret = "accounts-operator-secret-0123";

constexpr const char* kAccountCasino = R"({
  "operators": [
    {"id": "acct", "name": "Accounts Casino", "secret": "accounts-operator-secret-0123",
     "currency": "EUR", "accounts": {"minimumAge": 18, "freePlayOperator": "fun"}},
    {"id": "fun", "name": "Free play", "secret": "free-play-operator-secret-0123",
     "demo": true, "funMoney": "500.00", "currency": "EUR"}],
  "tables": [
    {"id": "rou-a", "name": "Roulette", "game": "roulette",
     "limits": {"EUR": {"min": "1.00", "tableMax": "500.00", "insideMax": "100.00",
                        "outsideMax": "500.00", "chips": ["1.00", "5.00"]}}}
  ]})";

class Accounts : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    if (GetParam())
      database = {"--database", postgres::testing::TestServer::instance().fresh_database()};
    server = start_with_casino("croupier-accounts", kAccountCasino, database);
  }
  void TearDown() override { stop_and_check_ledger(*server, database); }

  HttpResponse post(HttpClient& http, const std::string& path, const json::object& body) {
    http.get("/api/ge/versions");  // the anti-forgery cookie
    if (http.cookie("XSRF-TOKEN").empty()) http.set_cookie("XSRF-TOKEN", "t");
    return http.post(path, json::serialize(body));
  }
  HttpResponse signed_call(const std::string& path, json::object body) {
    HttpClient backend(server->port());
    body["operatorId"] = "acct";
    return operator_post(backend, path, std::move(body), kSecret);
  }
  json::object registration(const std::string& name, const std::string& voucher) {
    return {{"email", name + "@example.com"}, {"username", name},
            {"password", "s3cret-pass"},      {"voucherId", voucher},
            {"voucherAmount", "10.00"},       {"birthDate", "1990-04-01"},
            {"termsAccepted", true}};
  }
  static int64_t code_of(const HttpResponse& r) { return r.json().at("code").as_int64(); }

  std::vector<std::string> database;
  std::unique_ptr<ServerProcess> server;
};

INSTANTIATE_TEST_SUITE_P(Stores, Accounts, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "Postgres" : "Sqlite"; });

TEST_P(Accounts, RegisterLogInPlayAndBeRestricted) {
  HttpClient anon(server->port());
  EXPECT_EQ(anon.get("/api/account/config").json().at("operatorId").as_string(), "acct");
  ASSERT_EQ(signed_call("/api/operator/voucher",
                        {{"voucherId", "V-100"}, {"amount", "10.00"}, {"currency", "EUR"}})
                .status,
            200);

  // Refusals name the field.
  auto refused = [&](json::object body, int64_t code, const std::string& field) {
    HttpClient http(server->port());
    HttpResponse r = post(http, "/api/account/register", body);
    EXPECT_EQ(r.status, 400) << r.body;
    EXPECT_EQ(code_of(r), code) << r.body;
    EXPECT_EQ(r.json().at("field").as_string(), field) << r.body;
  };
  json::object b = registration("alice", "V-100");
  b["email"] = "alice.example.com";
  refused(b, 20101, "email");
  b = registration("alice", "V-100");
  b["birthDate"] = "2015-01-01";
  refused(b, 20100, "birthDate");
  b = registration("alice", "V-100");
  b["termsAccepted"] = false;
  refused(b, 20101, "termsAccepted");
  b = registration("alice", "V-100");
  b["voucherAmount"] = "20.00";
  refused(b, 20101, "voucherId");
  b = registration("alice", "V-100");
  b["password"] = "short";
  refused(b, 20101, "password");

  // Registered: signed in at once, with the voucher's money.
  HttpClient first(server->port());
  HttpResponse made = post(first, "/api/account/register", registration("alice", "V-100"));
  ASSERT_EQ(made.status, 201) << made.body;
  EXPECT_FALSE(first.cookie("JSESSIONID").empty());
  EXPECT_EQ(first.get("/api/ui/balance").json().at("balance").as_string(), "10.00");
  ASSERT_EQ(signed_call("/api/operator/voucher",
                        {{"voucherId", "V-200"}, {"amount", "10.00"}, {"currency", "EUR"}})
                .status,
            200);
  refused(registration("alice", "V-200"), 20101, "username");
  b = registration("bob", "V-100");
  refused(b, 20101, "voucherId");  // used

  // Login: both fields, the right password; the other device is logged out (10003).
  HttpClient second(server->port());
  EXPECT_EQ(code_of(post(second, "/api/account/login", {{"username", "alice"}})), 2007);
  HttpResponse wrong =
      post(second, "/api/account/login", {{"username", "alice"}, {"password", "s3cret-nope"}});
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(code_of(wrong), 2008);
  EXPECT_EQ(code_of(post(second, "/api/account/login",
                         {{"username", "nobody"}, {"password", "s3cret-pass"}})),
            2008);
  HttpResponse in = post(second, "/api/account/login",
                         {{"username", "ALICE@example.com"}, {"password", "s3cret-pass"}});
  ASSERT_EQ(in.status, 200) << in.body;
  HttpResponse gone = first.get("/api/ui/balance");
  EXPECT_EQ(gone.status, 401);
  EXPECT_EQ(code_of(gone), 10003) << gone.body;

  // A bet with the voucher's money.
  const std::string session = second.cookie("JSESSIONID");
  const std::string id(second.get("/api/ui/playerConfig").json().at("player").at("id").as_string());
  WsClient ws(server->port(), session);
  ws.wait_type("welcome");
  ws.send(R"(<subscribe channel="table-rou-a"/>)");
  ws.wait_type("resync");
  const std::string game(ws.wait_type("betsopen").at("gameId").as_string());
  ws.send(pbet_xml("pbet", "rou-a", game, id, "acc-1", {{"RED", "2.00"}}));
  EXPECT_EQ(ws.wait_type("betack").at("balance").as_string(), "8.00");
  ws.close();

  // The operator restricts the account: the session ends, logins are refused with its code.
  struct Case {
    const char* status;
    int64_t code;
  };
  for (const Case c : {Case{"disabled", 10103}, Case{"suspended", 10102}, Case{"excluded", 3001}}) {
    SCOPED_TRACE(c.status);
    ASSERT_EQ(
        signed_call("/api/operator/player/status", {{"playerId", "alice"}, {"status", c.status}})
            .status,
        200);
    EXPECT_EQ(second.get("/api/ui/balance").status, 403);  // session terminated: restricted
    HttpResponse r =
        post(second, "/api/account/login", {{"username", "alice"}, {"password", "s3cret-pass"}});
    EXPECT_EQ(r.status, 403);
    EXPECT_EQ(code_of(r), c.code) << r.body;
  }
  ASSERT_EQ(
      signed_call("/api/operator/player/status", {{"playerId", "alice"}, {"status", "active"}})
          .status,
      200);
  ASSERT_EQ(post(second, "/api/account/login", {{"username", "alice"}, {"password", "s3cret-pass"}})
                .status,
            200);

  // Logout ends the session.
  EXPECT_EQ(post(second, "/api/account/logout", {}).status, 200);
  EXPECT_EQ(second.get("/api/ui/balance").status, 401);
}

TEST_P(Accounts, FreePlayWithAnEmailAddress) {
  // The login page makes no guest.
  HttpClient visitor(server->port());
  visitor.get("/play/login");
  EXPECT_TRUE(visitor.cookie("JSESSIONID").empty());
  HttpClient http(server->port());
  EXPECT_EQ(code_of(post(http, "/api/account/freeplay", {{"email", "not-an-address"}})), 20101);
  HttpResponse made = post(http, "/api/account/freeplay", {{"email", "Carol@example.com"}});
  ASSERT_EQ(made.status, 201) << made.body;
  const json::value player = made.json().at("player");
  EXPECT_EQ(player.at("type").as_string(), "FUN");
  EXPECT_EQ(player.at("name").as_string().find("Carol"), std::string::npos);  // no address shown
  EXPECT_EQ(http.get("/api/ui/balance").json().at("balance").as_string(), "500.00");
  // The same address again: the same player, no second fun money.
  HttpClient again(server->port());
  HttpResponse back = post(again, "/api/account/freeplay", {{"email", "carol@example.com"}});
  ASSERT_EQ(back.status, 200) << back.body;
  EXPECT_EQ(back.json().at("player").at("id").as_string(), player.at("id").as_string());
  EXPECT_EQ(again.get("/api/ui/balance").json().at("balance").as_string(), "500.00");
}

}  // namespace
}  // namespace croupier::testing
