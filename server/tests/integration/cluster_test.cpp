// A node of a cluster: croupierd with its ledger on PostgreSQL (--database) and a name
// (--node-id), over real sockets: a guest plays a round, every /metrics series carries the
// node's name, and ledger-check reads the shared database.
#include <gtest/gtest.h>

#include "db/postgres_testing.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

TEST(Cluster, ANodeKeepsItsLedgerInPostgresAndNamesItselfInItsMetrics) {
  const std::string database = postgres::testing::TestServer::instance().fresh_database();
  ServerProcess server(make_temp_dir("croupier-node"),
                       {"--database", database, "--node-id", "node-7"});
  server.start();
  {
    Player player = join_as_guest(server.port(), "rou-1");
    json::object open = player.ws->wait_type("betsopen");
    player.ws->send(pbet_xml("pbet", "rou-1", std::string(open.at("gameId").as_string()), player.id,
                             "r1", {{"RED", "2.00"}}));
    json::object ack = player.ws->wait_type("betack");
    EXPECT_EQ(ack.at("accepted").as_array().size(), 1u) << json::serialize(ack);
    player.ws->wait_type("gameresult");
  }
  HttpClient http(server.port());
  const std::string metrics = http.get("/metrics").body;
  EXPECT_NE(metrics.find("croupier_ledger_ops_total{node=\"node-7\"}"), std::string::npos)
      << metrics.substr(0, 2000);
  EXPECT_EQ(metrics.find("\ncroupier_ledger_ops_total "), std::string::npos);  // none unlabelled
  EXPECT_EQ(server.stop(), 0);
  // Nothing went to a file: the ledger is the database's.
  EXPECT_FALSE(std::filesystem::exists(server.data_dir() + "/ledger.db"));
  auto [code, out] = run_croupierd({"ledger-check", "--database", database});
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("bets: 1 (settled 1"), std::string::npos) << out;
  EXPECT_EQ(out.find(database), std::string::npos) << "the address is not printed";
}

}  // namespace
}  // namespace croupier::testing
