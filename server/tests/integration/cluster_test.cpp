// Clusters of croupierd nodes (issue 17), over real sockets, a real PostgreSQL and a real
// nats-server on loopback:
// - one node with its ledger on PostgreSQL (--database) and a name (--node-id): a guest
//   plays a round, every /metrics series carries the node's name, and ledger-check reads
//   the shared database;
// - three nodes sharing the tables: players on every node bet on tables run by other
//   nodes; the owner of a busy table is killed (SIGKILL) in the middle of a round; the
//   table comes back on another node within 10 s, its players there see no hole in the
//   versions (they are told of the new run and resync), and every bet is settled or
//   refunded exactly once (ledger-check on PostgreSQL).
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <map>
#include <set>

#include "cluster/nats_testing.hpp"
#include "db/postgres_testing.hpp"
#include "games/round_state.hpp"
#include "ledger/leases.hpp"
#include "support/harness.hpp"
#include "support/time_scale.hpp"

namespace croupier::testing {
namespace {

// The tables of the demo casino file (server/data/casino.json).
constexpr size_t kTables = 23;

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

// A player in the cluster test: its socket, the table it plays, and what it saw.
struct ClusterPlayer {
  explicit ClusterPlayer(Player player) : p(std::move(player)) {}
  Player p;
  size_t node = 0;
  std::string table;
  enum class Step { wait_open, wait_ack, wait_result } step = Step::wait_open;
  std::string game;               // the round it bet on
  int rounds = 0;                 // rounds it saw end (a result or a refund) after betting
  int accepted = 0;               // bets accepted
  int restarts = 0;               // "subscribed" with restarted: the table moved while it stayed
  std::vector<std::string> runs;  // the epochs of the table's runs it was told of, in order
  bool moved = false;             // its node died: it came back through another
  int resyncs = 0;
  int gaps = 0;       // versions skipped without a resync
  int cancelled = 0;  // its rounds refunded (cancelround)
  int errors = 0;     // "error" messages (a refused command), the last one kept
  std::string last_error;
  std::string epoch;
  uint64_t v = 0;
  std::optional<std::chrono::steady_clock::time_point> reopened;  // first betsopen of a new run
};

// Handles what reached one player, as the client does: versions checked, a restart or a
// run's missed events answered with a subscribe (a resync), a bet placed when betting opens.
void pump(ClusterPlayer& c, int bets_for_rounds) {
  for (int i = 0; i < 50; ++i) {
    auto m = c.p.ws->next(std::chrono::milliseconds(1));
    if (!m) return;
    const std::string type(m->at("type").as_string());
    if (type == "subscribed") {
      const auto* r = m->if_contains("restarted");
      const auto* missed = m->if_contains("missed");
      if ((r && r->as_bool()) || (missed && missed->as_bool())) {
        if (r && r->as_bool()) {
          ++c.restarts;
          const std::string run(m->at("epoch").as_string());
          if (c.runs.empty() || c.runs.back() != run) c.runs.push_back(run);
        }
        c.epoch.clear();
        c.p.ws->send("<subscribe channel=\"table-" + c.table + "\"/>");
      }
      continue;
    }
    if (type == "error") {
      ++c.errors;
      c.last_error = json::serialize(*m);
      continue;
    }
    if (type == "resync") {
      ++c.resyncs;
      c.epoch = std::string(m->at("epoch").as_string());
      if (c.runs.empty() || c.runs.back() != c.epoch) c.runs.push_back(c.epoch);
      c.v = m->at("v").to_number<uint64_t>();
      // The round bet on ended while this player waited for the table's state (its result
      // came between a "missed" notice and this resync, or the table's new owner refunded
      // it): the state is of a later round, or lists the round's result, or is its end.
      if (c.step == ClusterPlayer::Step::wait_result) {
        const auto* game = m->if_contains("gameId");
        const bool same = game && game->is_string() && game->as_string() == c.game;
        bool over = game && game->is_string() && !same;
        if (const auto* results = m->if_contains("results"))
          for (const auto& r : results->as_array())
            if (r.as_object().at("gameId").as_string() == c.game) over = true;
        const auto* state = m->if_contains("state");
        if (same && state &&
            (state->to_number<int>() == games::to_int(games::RoundState::game_over) ||
             state->to_number<int>() == games::to_int(games::RoundState::cancelled)))
          over = true;
        if (over) {
          ++c.rounds;
          c.step = ClusterPlayer::Step::wait_open;
        }
      }
      continue;
    }
    if (type == "betack") {  // an answer, not an event: versions are not its business
      if (c.step != ClusterPlayer::Step::wait_ack) continue;
      if (!m->at("accepted").as_array().empty()) {
        ++c.accepted;
        c.step = ClusterPlayer::Step::wait_result;
      } else {
        c.step = ClusterPlayer::Step::wait_open;
      }
      continue;
    }
    const auto* table = m->if_contains("table");
    const auto* v = m->if_contains("v");
    if (!table || !v || !table->is_string() || table->as_string() != c.table) continue;
    const auto version = v->to_number<uint64_t>();
    if (c.epoch.empty()) continue;  // waiting for the resync after a restart
    if (version <= c.v) continue;   // in the resync already
    if (version != c.v + 1) ++c.gaps;
    c.v = version;
    if (type == "betsopen") {
      if (!c.reopened) c.reopened = std::chrono::steady_clock::now();
      if (c.step == ClusterPlayer::Step::wait_open && c.rounds < bets_for_rounds) {
        c.game = std::string(m->at("gameId").as_string());
        c.p.ws->send(pbet_xml("pbet", c.table, c.game, c.p.id, "r-" + c.game + "-" + c.p.id,
                              {{"RED", "1.00"}}));
        c.step = ClusterPlayer::Step::wait_ack;
      }
    } else if ((type == "gameresult" || type == "cancelround") &&
               c.step != ClusterPlayer::Step::wait_open) {
      const auto* game = m->if_contains("gameId");
      if (game && game->is_string() && game->as_string() == c.game) {
        if (type == "cancelround") ++c.cancelled;
        ++c.rounds;
        c.step = ClusterPlayer::Step::wait_open;
      }
    }
  }
}

std::map<std::string, std::string> owners(ledger::Leases& leases) {
  std::map<std::string, std::string> out;
  for (const auto& l : leases.all())
    if (l.expires_in_ms > 0) out[l.table_id] = l.node;
  return out;
}

TEST(Cluster, TablesRunOnEveryNodeAndMoveToAnotherWhenTheirOwnerDies) {
  using Clock = std::chrono::steady_clock;
  constexpr size_t kPlayersPerNodeAndTable = 25;  // 3 nodes x 4 tables x 25 = 300 players
  const std::vector<std::string> tables = {"rou-1", "rou-2", "rou-3", "auto-1"};
  cluster::testing::TestNats nats;
  const std::string database = postgres::testing::TestServer::instance().fresh_database();
  std::vector<std::unique_ptr<ServerProcess>> nodes;
  for (int i = 1; i <= 3; ++i)
    nodes.push_back(std::make_unique<ServerProcess>(
        make_temp_dir("croupier-cluster"),
        std::vector<std::string>{"--database", database, "--nats", nats.url(), "--node-id",
                                 "n" + std::to_string(i), "--lease-ttl-ms", "2000",
                                 "--connections-max", "2000"}));
  // Together, as a cluster starts: the nodes hear each other before they take tables.
  for (auto& n : nodes) n->launch();
  for (auto& n : nodes) n->wait_until_ready();

  // Every table gets an owner, and the tables are spread over the nodes.
  ledger::Leases leases(database, "test-observer", 2000);
  std::map<std::string, std::string> owner;
  for (auto deadline = Clock::now() + test_time(std::chrono::seconds(15));
       Clock::now() < deadline;) {
    owner = owners(leases);
    if (owner.size() == kTables) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(owner.size(), kTables) << "every table of the casino has a live lease";
  std::set<std::string> owning;
  for (const auto& [t, n] : owner) owning.insert(n);
  EXPECT_EQ(owning.size(), 3u) << "the tables are shared by the three nodes";

  // 300 players: on every node, on each table (most of them run by another node).
  std::vector<std::unique_ptr<ClusterPlayer>> players;
  for (size_t n = 0; n < nodes.size(); ++n)
    for (const auto& t : tables)
      for (size_t k = 0; k < kPlayersPerNodeAndTable; ++k) {
        auto c = std::make_unique<ClusterPlayer>(join_as_guest(nodes[n]->port(), ""));
        c->node = n;
        c->table = t;
        c->p.ws->send("<subscribe channel=\"table-" + t + "\"/>");
        players.push_back(std::move(c));
      }
  auto pump_all = [&](int rounds) {
    for (auto& c : players)
      if (nodes[c->node]->running()) pump(*c, rounds);
  };

  // Two rounds everywhere.
  for (auto deadline = Clock::now() + test_time(std::chrono::seconds(60));
       Clock::now() < deadline;) {
    pump_all(2);
    if (std::all_of(players.begin(), players.end(), [](auto& c) { return c->rounds >= 2; })) break;
  }
  for (const auto& c : players)
    ASSERT_GE(c->rounds, 2) << c->table << " via node " << c->node << ": bets accepted "
                            << c->accepted << ", resyncs " << c->resyncs << ", step "
                            << static_cast<int>(c->step);

  // The busiest node's table: its owner dies while players of the other nodes have bets on
  // it in the round.
  const std::string victim_table = "rou-1";
  const std::string victim_node = owner.at(victim_table);
  const size_t victim = static_cast<size_t>(victim_node[1] - '1');
  auto on_victim_table_with_bets = [&] {
    return std::count_if(players.begin(), players.end(), [&](auto& c) {
      return c->table == victim_table && c->node != victim &&
             c->step == ClusterPlayer::Step::wait_result;
    });
  };
  // Players bet every round until then: on a slow machine one pass over the 300 sockets can
  // take longer than a round's bets are in play, and the next round is another chance.
  for (auto deadline = Clock::now() + test_time(std::chrono::seconds(30));
       Clock::now() < deadline && on_victim_table_with_bets() < 20;)
    pump_all(1000);
  ASSERT_GE(on_victim_table_with_bets(), 20);
  // From here each player's rounds are counted again: the one in play, then two more.
  for (auto& c : players) {
    c->rounds = 0;
    if (c->table == victim_table) c->reopened.reset();
  }
  const auto killed_at = Clock::now();
  nodes[victim]->kill_hard();
  // Its players come back through the next node with the sessions they had: their place
  // (player, balance, table) is the cluster's, not the dead node's.
  const size_t refuge = (victim + 1) % nodes.size();
  size_t moved = 0;
  for (auto& c : players) {
    if (c->node != victim) continue;
    c->node = refuge;
    c->moved = true;
    c->p.ws = std::make_unique<WsClient>(nodes[refuge]->port(), c->p.session);
    c->p.ws->wait_type("welcome");
    c->p.ws->send("<subscribe channel=\"table-" + c->table + "\"/>");
    c->epoch.clear();
    c->reopened.reset();
    ++moved;
  }
  ASSERT_EQ(moved, tables.size() * kPlayersPerNodeAndTable);

  // The table comes back on another node; its players there resync and play on.
  for (auto deadline = Clock::now() + test_time(std::chrono::seconds(60));
       Clock::now() < deadline;) {
    pump_all(3);
    bool done = true;
    for (auto& c : players)
      if (c->rounds < 3) done = false;
    if (done) break;
  }
  const auto now_owner = owners(leases);
  ASSERT_TRUE(now_owner.count(victim_table));
  EXPECT_NE(now_owner.at(victim_table), victim_node);
  for (const auto& [t, n] : now_owner) EXPECT_NE(n, victim_node) << t << " stays on the dead node";
  for (const auto& c : players) {
    SCOPED_TRACE(c->table + " via node " + std::to_string(c->node));
    EXPECT_GE(c->rounds, 3) << "moved " << c->moved << ", step " << static_cast<int>(c->step)
                            << ", resyncs " << c->resyncs << ", restarts " << c->restarts
                            << ", waiting for a resync " << c->epoch.empty() << ", v " << c->v
                            << ", errors " << c->errors << " " << c->last_error;
    EXPECT_EQ(c->gaps, 0);
    if (c->table != victim_table) continue;
    if (!c->moved) {
      EXPECT_EQ(c->restarts, 1) << "told once that the table started again elsewhere";
    }
    ASSERT_TRUE(c->reopened.has_value());
    EXPECT_LT(*c->reopened - killed_at, test_time(std::chrono::seconds(10)))
        << "betting again within 10 s";
  }

  players.clear();
  for (size_t n = 0; n < nodes.size(); ++n)
    if (n != victim) {
      EXPECT_EQ(nodes[n]->stop(), 0) << "node " << n + 1;
    }
  auto [code, out] = run_croupierd({"ledger-check", "--database", database});
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("in play 0)"), std::string::npos) << out;
}

TEST(Cluster, ANodeThatJoinsGetsItsShareOfTheTablesBetweenRounds) {
  using Clock = std::chrono::steady_clock;
  cluster::testing::TestNats nats;
  const std::string database = postgres::testing::TestServer::instance().fresh_database();
  auto node = [&](int i) {
    return std::make_unique<ServerProcess>(
        make_temp_dir("croupier-join"),
        std::vector<std::string>{"--database", database, "--nats", nats.url(), "--node-id",
                                 "n" + std::to_string(i), "--lease-ttl-ms", "2000"});
  };
  std::vector<std::unique_ptr<ServerProcess>> nodes;
  nodes.push_back(node(1));
  nodes.push_back(node(2));
  for (auto& n : nodes) n->launch();
  for (auto& n : nodes) n->wait_until_ready();
  ledger::Leases leases(database, "test-observer", 2000);
  auto per_node = [&] {
    std::map<std::string, size_t> count;
    for (const auto& [t, n] : owners(leases)) ++count[n];
    return count;
  };
  for (auto deadline = Clock::now() + test_time(std::chrono::seconds(15));
       Clock::now() < deadline && owners(leases).size() < kTables;)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_EQ(owners(leases).size(), kTables);
  EXPECT_EQ(per_node()["n1"] + per_node()["n2"], kTables);
  EXPECT_LE(per_node()["n1"], 12u);  // shares of 12: 12 and 11
  EXPECT_LE(per_node()["n2"], 12u);

  // Players on n1 at every roulette table of the casino that takes 1.00.
  std::vector<std::unique_ptr<ClusterPlayer>> players;
  for (const std::string t : {"rou-1", "rou-2", "rou-3", "auto-1", "us-1", "mega-1"}) {
    auto c = std::make_unique<ClusterPlayer>(join_as_guest(nodes[0]->port(), ""));
    c->table = t;
    c->p.ws->send("<subscribe channel=\"table-" + t + "\"/>");
    players.push_back(std::move(c));
  }
  auto pump_all = [&](int rounds) {
    for (auto& c : players) pump(*c, rounds);
  };
  for (auto deadline = Clock::now() + test_time(std::chrono::seconds(30));
       Clock::now() < deadline;) {
    pump_all(1);
    if (std::all_of(players.begin(), players.end(), [](auto& c) { return c->rounds >= 1; })) break;
  }

  // A third node joins: the others hand it tables, each between two rounds, until no node
  // holds more than its share (23 tables over 3 nodes: 8 at most, so 7 or 8 for it).
  nodes.push_back(node(3));
  nodes.back()->start();
  std::map<std::string, size_t> count;
  for (auto deadline = Clock::now() + test_time(std::chrono::seconds(60));
       Clock::now() < deadline;) {
    pump_all(1000);
    count = per_node();
    if (count["n3"] >= 5 && count["n1"] <= 8 && count["n2"] <= 8 &&
        owners(leases).size() == kTables)
      break;
  }
  EXPECT_GE(count["n3"], 5u);
  EXPECT_LE(count["n1"], 8u);
  EXPECT_LE(count["n2"], 8u);
  const int rounds_then = players.front()->rounds;
  for (auto deadline = Clock::now() + test_time(std::chrono::seconds(20));
       Clock::now() < deadline;) {
    pump_all(1000);
    if (std::all_of(players.begin(), players.end(),
                    [&](auto& c) { return c->rounds >= rounds_then + 2; }))
      break;
  }
  const auto now_owner = owners(leases);
  for (const auto& c : players) {
    SCOPED_TRACE(c->table);
    EXPECT_GE(c->rounds, rounds_then + 2) << "play goes on wherever the table went";
    EXPECT_EQ(c->cancelled, 0) << "no round was cut short by a hand-over";
    EXPECT_EQ(c->gaps, 0);
    // The new node took its tables from the others: their players were told. Once, unless
    // the table moved again (a node too starved to renew a lease in time loses it); never
    // of a run that had already given way to another (an old run's late event).
    // (A table between two owners has no live lease for a moment: it is not n3's.)
    const auto owner_now = now_owner.find(c->table);
    if (owner_now != now_owner.end() && owner_now->second == "n3") {
      EXPECT_GE(c->restarts, 1);
      const std::set<std::string> distinct(c->runs.begin(), c->runs.end());
      EXPECT_EQ(distinct.size(), c->runs.size()) << "a run came back after its successor";
      if (c->restarts > 1) std::cerr << c->table << " moved " << c->restarts << " times\n";
    }
  }
  players.clear();
  for (auto& n : nodes) EXPECT_EQ(n->stop(), 0);
  auto [code, out] = run_croupierd({"ledger-check", "--database", database});
  EXPECT_EQ(code, 0) << out;
}

// A player is the cluster's: launched on one node, the session works on another; a new
// launch through a third node logs the old session out everywhere, at once, and the
// operator's termination on one node closes the sockets on the others.
TEST(Cluster, APlayersSessionIsTheClustersOnEveryNode) {
  cluster::testing::TestNats nats;
  const std::string database = postgres::testing::TestServer::instance().fresh_database();
  std::vector<std::unique_ptr<ServerProcess>> nodes;
  for (int i = 1; i <= 3; ++i)
    nodes.push_back(std::make_unique<ServerProcess>(
        make_temp_dir("croupier-sessions"),
        std::vector<std::string>{"--database", database, "--nats", nats.url(), "--node-id",
                                 "n" + std::to_string(i)}));
  for (auto& n : nodes) n->launch();
  for (auto& n : nodes) n->wait_until_ready();
  const std::string secret = "demo-operator-secret-change-me";
  auto launch = [&](size_t node, HttpClient& browser) {
    HttpClient backend(nodes[node]->port());
    HttpResponse issued =
        operator_post(backend, "/api/operator/launch",
                      {{"operatorId", "demo"}, {"playerId", "dora"}, {"currency", "EUR"}}, secret);
    const std::string url(issued.json().at("launchUrl").as_string());
    EXPECT_EQ(browser.get(url.substr(url.find("/launch"))).status, 302);
  };
  HttpClient first(nodes[0]->port());
  launch(0, first);
  const std::string session = first.cookie("JSESSIONID");
  // The same session through node 2: the same player and balance.
  HttpClient elsewhere(nodes[1]->port());
  elsewhere.set_cookie("JSESSIONID", session);
  HttpResponse balance = elsewhere.get("/api/ui/balance");
  ASSERT_EQ(balance.status, 200) << balance.body;
  EXPECT_EQ(balance.body, first.get("/api/ui/balance").body);
  WsClient on_two(nodes[1]->port(), session);
  on_two.wait_type("welcome");

  // A new launch through node 3 ends it on nodes 1 and 2.
  HttpClient second(nodes[2]->port());
  launch(2, second);
  EXPECT_EQ(on_two.wait_type("logout").at("code").as_int64(), 10003);
  for (int i = 0; i < 20 && !on_two.closed(); ++i) on_two.next(250ms);
  EXPECT_EQ(on_two.close_code(), 1008);
  // Each node hears of the new launch on the bus by itself: node 2 closing its socket does
  // not say node 1 has heard yet (a clean clone's make test read node 1's 200 under ASan
  // just after node 2's close). Within seconds, every node refuses the old session.
  auto refused = [](HttpClient& client) {
    int status = 0;
    for (int i = 0; i < 40 && (status = client.get("/api/ui/balance").status) != 401; ++i)
      std::this_thread::sleep_for(125ms);
    return status;
  };
  EXPECT_EQ(refused(first), 401);
  EXPECT_EQ(refused(elsewhere), 401);

  // The operator ends the new one through node 1; its socket on node 3 closes.
  WsClient on_three(nodes[2]->port(), second.cookie("JSESSIONID"));
  on_three.wait_type("welcome");
  HttpClient backend(nodes[0]->port());
  ASSERT_EQ(operator_post(backend, "/api/operator/session/terminate",
                          {{"operatorId", "demo"}, {"playerId", "dora"}}, secret)
                .status,
            200);
  EXPECT_EQ(on_three.wait_type("session").at("message").as_string(), "restricted");
  EXPECT_EQ(second.get("/api/ui/balance").status, 403);

  // Every node's lobby shows every table: node 1's tiles of a table node 2 runs follow its
  // rounds (their results arrive).
  ledger::Leases leases(database, "test-observer", 2000);
  for (int i = 0; i < 150 && owners(leases).size() < kTables; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::string remote;
  for (const auto& [t, n] : owners(leases))  // a table that deals without seated players
    if (n == "n2" && !t.starts_with("bj-") && !t.starts_with("prive-")) remote = t;
  ASSERT_FALSE(remote.empty());
  Player watcher = join_as_guest(nodes[0]->port(), "");
  watcher.ws->send("<subscribe channel=\"lobby\"/>");
  json::object tile = watcher.ws->wait_for(
      [&](const json::object& m) {
        if (m.at("type").as_string() != "lobbyupdate") return false;
        for (const auto& t : m.at("tables").as_array())
          if (t.at("tableId").as_string() == remote && !t.at("results").as_array().empty())
            return true;
        return false;
      },
      30s);
  EXPECT_EQ(tile.at("type").as_string(), "lobbyupdate");
  // And counts the players following it on every node: one on node 3.
  Player follower = join_as_guest(nodes[2]->port(), remote);
  watcher.ws->wait_for(
      [&](const json::object& m) {
        if (m.at("type").as_string() != "lobbyupdate") return false;
        for (const auto& t : m.at("tables").as_array())
          if (t.at("tableId").as_string() == remote && t.at("players").as_int64() == 1) return true;
        return false;
      },
      30s);
  for (auto& n : nodes) EXPECT_EQ(n->stop(), 0);
}

}  // namespace
}  // namespace croupier::testing
