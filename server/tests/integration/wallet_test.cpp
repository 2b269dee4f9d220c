// An operator's own wallet over real HTTP (issue 20, docs/operators.md): croupierd and the
// reference operator wallet (croupier-wallet) as two processes on loopback, a player launched
// by the operator betting over the socket. A slow wallet still takes the bet and is credited
// the win; insufficient funds refuse the bet with 10104; a debit that times out is confirmed
// by its retry or rolled back (the bet refused with 20103, never both); a credit the wallet
// refuses is made after croupierd restarts, exactly once; the operator's back office reports.
// The money's paths on SQLite and PostgreSQL; every run ends with ledger-check, which also
// audits the wallet calls.
#include <gtest/gtest.h>

#include <thread>

#include "db/postgres_testing.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

constexpr const char* kSecret = "wallet-operator-secret-0123";
constexpr const char* kWalletTable = "rou-w";

std::string casino_for(const std::string& wallet_url) {
  return R"({
  "operators": [{"id": "op", "name": "Operator", "secret": ")" +
         std::string(kSecret) + R"(", "currency": "EUR",
                 "wallet": {"mode": "seamless", "url": ")" +
         wallet_url + R"(", "timeoutMs": 400, "debitAttempts": 3}}],
  "tables": [
    {"id": "rou-w", "name": "Roulette", "game": "roulette",
     "scriptedResults": ["17", "17", "17", "17", "17", "17", "17", "17", "17", "17", "17", "17",
                         "17", "17", "17", "17", "17", "17", "17", "17", "17", "17", "17", "17"],
     "limits": {"EUR": {"min": "1.00", "tableMax": "500.00", "insideMax": "100.00",
                        "outsideMax": "500.00", "chips": ["1.00", "5.00"]}}}
  ]})";
}

class WalletTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (on_postgres)
      database = {"--database", postgres::testing::TestServer::instance().fresh_database()};
    database.insert(database.end(), {"--wallet-scan-ms", "200"});
    server = start_with_casino("croupier-wallet", casino_for(wallet.url()), database);
  }
  void TearDown() override {
    database.resize(on_postgres ? 2 : 0);  // ledger-check takes the ledger's flags alone
    stop_and_check_ledger(*server, database);
  }

  // The operator's player `who`, launched and subscribed to the table.
  Player launched(const std::string& who) {
    HttpClient backend(server->port());
    HttpResponse issued = operator_post(
        backend, "/api/operator/launch",
        {{"operatorId", "op"}, {"playerId", who}, {"screenName", who}, {"currency", "EUR"}},
        kSecret);
    EXPECT_EQ(issued.status, 200) << issued.body;
    std::string url(issued.json().at("launchUrl").as_string());
    Player p{HttpClient(server->port()), "", "", nullptr};
    EXPECT_EQ(p.http.get(url.substr(url.find("/launch"))).status, 302);
    p.session = p.http.cookie("JSESSIONID");
    p.id = std::string(p.http.get("/api/ui/playerConfig").json().at("player").at("id").as_string());
    p.ws = std::make_unique<WsClient>(server->port(), p.session);
    p.ws->wait_type("welcome");
    p.ws->send(std::string(R"(<subscribe channel="table-)") + kWalletTable + R"("/>)");
    p.ws->wait_type("resync");
    return p;
  }

  // A straight-up on 17 (every round lands on it: 36 back for 1) early in a betting window.
  json::object bet_17(Player& p, const std::string& request, const std::string& amount) {
    const std::string game(p.ws->wait_type("betsopen").at("gameId").as_string());
    p.ws->send(pbet_xml("pbet", kWalletTable, game, p.id, request, {{"STRAIGHT_17", amount}}));
    return p.ws->wait_type("betack", 10s);
  }

  // Waits until the operator's wallet holds `units` for the player.
  void expect_wallet(const std::string& who, int64_t expected) {
    int64_t now = -1;
    for (int i = 0; i < 100 && now != expected; ++i) {
      now = wallet.balance_units(who);
      if (now != expected) std::this_thread::sleep_for(100ms);
    }
    EXPECT_EQ(now, expected) << who;
  }

  bool on_postgres = false;
  WalletProcess wallet{kSecret};
  std::vector<std::string> database;
  std::unique_ptr<ServerProcess> server;
};

// The money's paths, on both ledgers.
class SeamlessWallet : public WalletTest, public ::testing::WithParamInterface<bool> {
 protected:
  void SetUp() override {
    on_postgres = GetParam();
    WalletTest::SetUp();
  }
};

INSTANTIATE_TEST_SUITE_P(Ledgers, SeamlessWallet, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "Postgres" : "Sqlite"; });

// What the operator's answers become for the player (the ledger's part is the same).
using SeamlessWalletAnswers = WalletTest;

TEST_F(SeamlessWalletAnswers, ASlowWalletTakesTheBetAndIsCreditedTheWin) {
  wallet.player("w-1", "100.00");
  Player p = launched("w-1");
  // The balance is the operator's, asked at once.
  EXPECT_EQ(p.http.get("/api/ui/balance").json().at("balance").as_string(), "100.00");
  wallet.faults({{"delayMs", 250}});  // every answer a quarter second late
  json::object ack = bet_17(p, "slow-1", "1.00");
  ASSERT_EQ(ack.at("accepted").as_array().size(), 1u) << json::serialize(ack);
  EXPECT_EQ(ack.at("balance").as_string(), "99.00");
  json::object result = p.ws->wait_type("gameresult");
  EXPECT_EQ(result.at("win").as_string(), "36.00");
  EXPECT_EQ(result.at("balance").as_string(), "135.00");
  expect_wallet("w-1", 135'00000);
  EXPECT_EQ(p.http.get("/api/ui/balance").json().at("balance").as_string(), "135.00");
}

TEST_F(SeamlessWalletAnswers, InsufficientFundsAndARestrictedAccountRefuseTheBet) {
  wallet.player("w-2", "0.50");
  Player p = launched("w-2");
  json::object refused = bet_17(p, "short-1", "1.00");
  EXPECT_EQ(refused.at("code").as_int64(), 10104) << json::serialize(refused);
  wallet.player("w-2", "50.00", "disabled");
  refused = bet_17(p, "disabled-1", "1.00");
  EXPECT_EQ(refused.at("code").as_int64(), 10103) << json::serialize(refused);
  HttpResponse balance = p.http.get("/api/ui/balance");
  EXPECT_EQ(balance.status, 403);
  EXPECT_EQ(balance.json().at("code").as_int64(), 10103) << balance.body;
  expect_wallet("w-2", 50'00000);
}

TEST_P(SeamlessWallet, ADebitThatTimesOutIsConfirmedOrRolledBackNeverBoth) {
  wallet.player("w-3", "100.00");
  Player p = launched("w-3");
  // The first answer is lost after the debit was made: its retry confirms it, once.
  wallet.faults({{"hangDebits", 1}, {"hangApplied", true}, {"hangMs", 1500}});
  json::object ack = bet_17(p, "lost-1", "2.00");
  ASSERT_EQ(ack.at("accepted").as_array().size(), 1u) << json::serialize(ack);
  EXPECT_EQ(ack.at("balance").as_string(), "98.00");
  p.ws->wait_type("gameresult");
  expect_wallet("w-3", 170'00000);  // 100 - 2 + 72
  // No answer at all, three times: rolled back, and the bet refused with 20103.
  wallet.faults({{"hangDebits", 3}, {"hangApplied", true}, {"hangMs", 1500}});
  json::object refused = bet_17(p, "lost-2", "5.00");
  EXPECT_EQ(refused.at("code").as_int64(), 20103) << json::serialize(refused);
  expect_wallet("w-3", 170'00000);  // taken, then given back
  int debits = 0, rollbacks = 0;
  for (const auto& t : wallet.transactions()) {
    const std::string ref(t.at("ref").as_string());
    if (t.at("kind").as_string() == "debit" && ref.find("lost-2") != std::string::npos) {
      ++debits;
      EXPECT_TRUE(t.at("rolledBack").as_bool());
    }
    if (t.at("kind").as_string() == "rollback") ++rollbacks;
  }
  EXPECT_EQ(debits, 1);
  EXPECT_EQ(rollbacks, 1);
}

TEST_P(SeamlessWallet, ACreditRefusedUntilCroupierRestartsIsMadeOnceAfter) {
  wallet.player("w-4", "10.00");
  Player p = launched("w-4");
  wallet.faults({{"failCredits", true}});
  json::object ack = bet_17(p, "win-1", "1.00");
  ASSERT_EQ(ack.at("accepted").as_array().size(), 1u) << json::serialize(ack);
  json::object result = p.ws->wait_type("gameresult");
  EXPECT_EQ(result.at("balance").as_string(), "45.00");  // what the player is owed, shown
  std::this_thread::sleep_for(600ms);
  EXPECT_EQ(wallet.balance_units("w-4"), 9'00000);
  p.ws->close();
  ASSERT_EQ(server->stop(), 0);
  server->start();
  wallet.faults({});
  expect_wallet("w-4", 45'00000);
  int credits = 0;
  for (const auto& t : wallet.transactions())
    if (t.at("kind").as_string() == "credit") ++credits;
  EXPECT_EQ(credits, 1);
}

// The operator's back office reads what its players did: rounds by player (JSON) and by table
// (CSV), the day's gross gaming revenue, the rounds still open, the wallet calls with every
// attempt; unsigned or malformed requests are refused.
TEST_P(SeamlessWallet, TheBackOfficeReportsRoundsRevenueAndTheWalletCalls) {
  wallet.player("w-5", "100.00");
  Player p = launched("w-5");
  ASSERT_EQ(bet_17(p, "bo-1", "2.00").at("accepted").as_array().size(), 1u);
  p.ws->wait_type("gameresult");
  const std::string game(p.ws->wait_type("betsopen").at("gameId").as_string());
  p.ws->send(pbet_xml("pbet", kWalletTable, game, p.id, "bo-2", {{"RED", "3.00"}}));
  ASSERT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  HttpClient backend(server->port());
  auto report = [&](const std::string& what, json::object body) {
    body["operatorId"] = "op";
    return operator_post(backend, "/api/operator/report/" + what, std::move(body), kSecret);
  };
  // The open round holds the red bet, before the ball lands.
  HttpResponse open = report("open-rounds", {});
  ASSERT_EQ(open.status, 200) << open.body;
  const json::value open_doc = open.json();
  ASSERT_EQ(open_doc.at("rounds").as_array().size(), 1u) << open.body;
  EXPECT_EQ(open_doc.at("rounds").at(0).at("bets").at(0).at("spot").as_string(), "RED");
  EXPECT_EQ(open_doc.at("rounds").at(0).at("bets").at(0).at("playerId").as_string(), "w-5");
  p.ws->wait_type("gameresult");

  HttpResponse rounds =
      report("rounds", {{"playerId", "w-5"}, {"from", now - 60000}, {"to", now + 60000}});
  ASSERT_EQ(rounds.status, 200) << rounds.body;
  const json::value doc = rounds.json();
  const auto& list = doc.at("rounds").as_array();
  ASSERT_EQ(list.size(), 2u) << rounds.body;
  EXPECT_EQ(list[1].at("bets").at(0).at("returned").as_string(), "72.00");
  EXPECT_EQ(list[1].at("result").as_string(), "17");
  EXPECT_EQ(list[1].at("outcome").at("values").at(0).as_int64(), 17);
  EXPECT_EQ(list[0].at("bets").at(0).at("returned").as_string(), "0.00");

  HttpResponse csv = report(
      "rounds",
      {{"tableId", kWalletTable}, {"from", now - 60000}, {"to", now + 60000}, {"format", "csv"}});
  ASSERT_EQ(csv.status, 200) << csv.body;
  EXPECT_NE(csv.header("content-type").find("text/csv"), std::string::npos);
  EXPECT_EQ(csv.body.rfind("roundId,tableId,game,openedAt", 0), 0u) << csv.body;
  EXPECT_NE(csv.body.find(",w-5,"), std::string::npos) << csv.body;
  EXPECT_NE(csv.body.find(",STRAIGHT_17,2.00,EUR,settled,72.00"), std::string::npos) << csv.body;

  HttpResponse ggr = report("ggr", {{"from", now - 60000}, {"to", now + 60000}});
  ASSERT_EQ(ggr.status, 200) << ggr.body;
  const json::value days = ggr.json();
  ASSERT_EQ(days.at("days").as_array().size(), 1u) << ggr.body;
  EXPECT_EQ(days.at("days").at(0).at("staked").as_string(), "5.00");
  EXPECT_EQ(days.at("days").at(0).at("returned").as_string(), "72.00");
  EXPECT_EQ(days.at("days").at(0).at("ggr").as_string(), "-67.00");

  expect_wallet("w-5", 167'00000);
  HttpResponse calls =
      report("wallet-calls", {{"playerId", "w-5"}, {"from", now - 60000}, {"to", now + 60000}});
  ASSERT_EQ(calls.status, 200) << calls.body;
  const json::value trail = calls.json();
  int debits = 0, credits = 0;
  for (const auto& c : trail.at("calls").as_array()) {
    EXPECT_EQ(c.at("status").as_string(), "ok") << json::serialize(c);
    EXPECT_GE(c.at("attempts").as_array().size(), 1u);
    if (c.at("kind").as_string() == "debit") ++debits;
    if (c.at("kind").as_string() == "credit") ++credits;
  }
  EXPECT_EQ(debits, 2);
  EXPECT_EQ(credits, 1);

  // Refusals: a period too long, neither player nor table, a bad signature.
  EXPECT_EQ(report("ggr", {{"from", 0}, {"to", now}}).status, 400);
  EXPECT_EQ(report("rounds", {{"from", now - 1000}, {"to", now}}).status, 400);
  EXPECT_EQ(operator_post(backend, "/api/operator/report/ggr",
                          {{"operatorId", "op"}, {"from", now - 1000}, {"to", now}},
                          "not-the-secret-0123456789")
                .status,
            401);
}

}  // namespace
}  // namespace croupier::testing
