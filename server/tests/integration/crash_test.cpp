// Crash safety: croupierd is killed with SIGKILL while rounds run and bets are in
// flight, then restarted; money must be conserved and every accepted bet settled or
// refunded exactly once.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>

#include "db/postgres_testing.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

struct Counts {
  int64_t bets = 0, settled = 0, refunded = 0, in_play = 0;
};

// Reads the counters of `croupierd ledger-check` and asserts it reported OK.
Counts ledger_check(const std::string& data_dir, const std::vector<std::string>& database) {
  std::vector<std::string> args = {"ledger-check", "--data-dir", data_dir};
  args.insert(args.end(), database.begin(), database.end());
  auto [code, out] = run_croupierd(args);
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("OK: money is conserved"), std::string::npos) << out;
  Counts c;
  std::sscanf(out.c_str() + out.find("bets: "),
              "bets: %ld (settled %ld, refunded %ld, in play %ld)", &c.bets, &c.settled,
              &c.refunded, &c.in_play);
  return c;
}

// Bets on every open round from several players until told to stop; counts the bets the
// server acknowledged as accepted.
void gamble(uint16_t port, int players, std::atomic<bool>& stop, std::atomic<int64_t>& accepted) {
  std::vector<Player> ps;
  for (int i = 0; i < players; ++i) ps.push_back(join_as_guest(port, "rou-1"));
  std::string game;
  int n = 0;
  while (!stop) {
    for (auto& p : ps) {
      while (auto m = p.ws->next(std::chrono::milliseconds(1))) {
        std::string type(m->at("type").as_string());
        if (type == "betsopen" || type == "resync") game = std::string(m->at("gameId").as_string());
        if (type == "betack") accepted += static_cast<int64_t>(m->at("accepted").as_array().size());
      }
      if (p.ws->closed()) return;  // the server died
      if (game.empty()) continue;
      try {
        p.ws->send(pbet_xml("pbet", "rou-1", game, p.id, "c" + std::to_string(++n),
                            {{"RED", "1.00"}, {"STRAIGHT_" + std::to_string(n % 37), "0.50"}}));
      } catch (...) {
        return;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// On the SQLite file and on PostgreSQL (--database).
class Crash : public ::testing::TestWithParam<bool> {
 protected:
  std::vector<std::string> database() const {
    if (!GetParam()) return {};
    return {"--database", postgres::testing::TestServer::instance().fresh_database()};
  }
};

INSTANTIATE_TEST_SUITE_P(Ledgers, Crash, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "Postgres" : "Sqlite"; });

TEST_P(Crash, KillNineWithBetsInFlightLosesNothing) {
  const std::vector<std::string> db = database();
  ServerProcess server(make_temp_dir("croupier-crash"), db);
  std::mt19937 random(7);
  int64_t acknowledged = 0;
  for (int cycle = 0; cycle < 3; ++cycle) {
    server.start();
    std::atomic<bool> stop{false};
    std::atomic<int64_t> accepted{0};
    std::thread players([&] { gamble(server.port(), 3, stop, accepted); });
    // Somewhere in the second or third round, at a random moment.
    std::this_thread::sleep_for(std::chrono::milliseconds(2500 + random() % 3000));
    server.kill_hard();
    stop = true;
    players.join();
    acknowledged += accepted;
    ASSERT_GT(accepted, 0) << "no bet was accepted before the crash";

    // Restart: recovery settles or refunds what the crash left open.
    server.start();
    {
      Player watcher = join_as_guest(server.port(), "rou-1");
      watcher.ws->wait_type("betsopen");  // the first round after recovery has opened
    }
    Counts running = ledger_check(server.data_dir(), db);
    // Every bet the players were told was accepted is in the ledger.
    EXPECT_GE(running.bets, acknowledged);
    EXPECT_EQ(server.stop(), 0);
    Counts stopped = ledger_check(server.data_dir(), db);
    EXPECT_EQ(stopped.in_play, 0);
    EXPECT_EQ(stopped.settled + stopped.refunded, stopped.bets);
  }
}

}  // namespace
}  // namespace croupier::testing
