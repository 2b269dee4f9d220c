// The seamless wallet against the reference operator wallet over real HTTP on loopback, on
// SQLite and PostgreSQL: bets confirmed, refused for the operator's reasons, debits that time
// out (confirmed by the retry, or rolled back), credits refused until the operator recovers
// (also across a restart), and a run of random bets with injected faults after which the
// operator's wallet and Croupier's records agree to the cent.
#include "wallet/seamless_ledger.hpp"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>
#include <future>
#include <random>
#include <thread>

#include "ledger/ledger_testing.hpp"
#include "support/time_scale.hpp"
#include "wallet/reference_wallet.hpp"

namespace croupier::wallet {
namespace {

using namespace ledger;
using namespace ledger::testing_support;
namespace json = boost::json;
using std::chrono::milliseconds;

constexpr const char* kSecret = "operator-secret";

// The reference wallet on a thread of its own, with a synchronous way in for the test.
class WalletServer {
 public:
  WalletServer() {
    ReferenceWalletOptions o;
    o.secret = kSecret;
    o.currency = "EUR";
    wallet_ = std::make_unique<ReferenceWallet>(
        io_, boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0), o);
    thread_ = std::thread([this] { io_.run(); });
  }
  ~WalletServer() {
    io_.stop();
    thread_.join();
  }
  uint16_t port() const { return wallet_->port(); }

  // Runs on the wallet's thread (its state is that thread's).
  json::value admin(const std::string& method, const std::string& path, const std::string& body) {
    std::promise<std::string> p;
    boost::asio::post(io_, [&] { p.set_value(wallet_->handle(method, path, body, "").body); });
    return json::parse(p.get_future().get());
  }
  void player(const std::string& id, const std::string& balance,
              const std::string& status = "active") {
    admin(
        "POST", "/admin/players",
        json::serialize(json::object{{"playerId", id}, {"balance", balance}, {"status", status}}));
  }
  void faults(json::object f) { admin("POST", "/admin/faults", json::serialize(f)); }
  Money balance(const std::string& id) {
    const json::value all = admin("GET", "/admin/players", "");
    for (const auto& p : all.at("players").as_array())
      if (p.at("playerId").as_string() == id) return *parse_money(p.at("balance").as_string());
    return Money{};
  }
  Money total() { return *parse_money(admin("GET", "/admin/players", "").at("total").as_string()); }
  json::array transactions() {
    const json::value all = admin("GET", "/admin/transactions", "");
    return all.at("transactions").as_array();
  }

 private:
  boost::asio::io_context io_;
  std::unique_ptr<ReferenceWallet> wallet_;
  std::thread thread_;
};

class SeamlessTest : public ::testing::TestWithParam<Database> {
 protected:
  void SetUp() override {
    location_ = new_location(GetParam(), dir_, "ledger.db");
    open();
  }
  void TearDown() override {
    if (ledger_) ledger_->stop();
  }

  void open() {
    WalletConfig w;
    w.operator_id = "op1";
    w.secret = kSecret;
    w.endpoint = parse_endpoint("http://127.0.0.1:" + std::to_string(wallet_.port()) + "/").value();
    w.timeout = timeout_;
    w.debit_attempts = 3;
    SeamlessOptions o;
    o.wallets = {w};
    o.clock = &clock_;
    o.retry_min = milliseconds(10);
    o.retry_max = milliseconds(100);
    o.scan_interval = milliseconds(100);
    o.stale_debit = milliseconds(2000);
    // Players 1..999 are the operator's ("p<id>"); 1000 and above play with Croupier's money.
    o.player = [](PlayerId id) -> std::optional<WalletPlayer> {
      if (id >= 1000) return std::nullopt;
      return WalletPlayer{"op1", "p" + std::to_string(id), "EUR"};
    };
    ledger_ = std::make_unique<SeamlessLedger>(Ledger::open(Options{location_}), o);
    ledger_->start();
  }
  void reopen() {
    ledger_->stop();
    ledger_.reset();
    open();
  }

  void open_round(const std::string& id, int64_t seq) {
    ASSERT_TRUE(run(*ledger_, OpenRound{id, "t1", "roulette", seq, clock_.wall_ms()}).ok());
  }
  Result<PlacedBets, Failure> bet(const std::string& round, PlayerId player, const std::string& req,
                                  Money amount) {
    return run(*ledger_, PlaceBets{"bet:" + round + ":" + std::to_string(player) + ":" + req,
                                   round,
                                   player,
                                   "EUR",
                                   {{"red", amount}},
                                   clock_.wall_ms()});
  }
  Result<Settlement, Failure> settle(const std::string& round,
                                     std::vector<std::pair<BetId, Money>> returns) {
    return run(*ledger_, SettleRound{round, std::move(returns), clock_.wall_ms(), "7"});
  }
  void idle() {
    ASSERT_TRUE(ledger_->wait_idle(test_time(milliseconds(20000)))) << "calls still pending";
  }
  void check() {
    ledger_->flush();
    auto report = check_ledger(location_);
    EXPECT_TRUE(report.ok) << (report.problems.empty() ? "" : report.problems.front());
  }

  TempDir dir_;
  std::string location_;
  SystemClock clock_;
  WalletServer wallet_;
  std::unique_ptr<SeamlessLedger> ledger_;
  milliseconds timeout_{150};
};

TEST_P(SeamlessTest, ABetIsDebitedAndItsWinningsCredited) {
  wallet_.player("p1", "100.00");
  open_round("r1", 1);
  auto placed = bet("r1", 1, "a", major(10));
  ASSERT_TRUE(placed.ok()) << failure_name(placed.error());
  EXPECT_EQ(wallet_.balance("p1"), major(90));
  EXPECT_EQ(placed->balance.total(), major(90));  // the operator's balance after the debit
  auto s = settle("r1", {{placed->bet_ids[0], major(20)}});
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->players[0].balance.total(), major(110));  // as soon as it is settled
  idle();
  EXPECT_EQ(wallet_.balance("p1"), major(110));
  EXPECT_EQ(ledger_->balance(1, "EUR").total(), major(110));
  auto debit = ledger_->wallet_call("d:bet:r1:1:a");
  ASSERT_TRUE(debit);
  EXPECT_EQ(debit->status, WalletStatus::ok);
  auto credit = ledger_->wallet_call("c:settle:r1:1");
  ASSERT_TRUE(credit);
  EXPECT_EQ(credit->status, WalletStatus::ok);
  EXPECT_EQ(credit->amount, major(20));
  check();
}

TEST_P(SeamlessTest, TheOperatorsRefusalsRefuseTheBet) {
  wallet_.player("p1", "5.00");
  wallet_.player("p2", "50.00", "disabled");
  wallet_.player("p3", "50.00", "suspended");
  open_round("r1", 1);
  auto short_of = bet("r1", 1, "a", major(10));
  ASSERT_FALSE(short_of.ok());
  EXPECT_EQ(short_of.error(), Failure::insufficient_funds);
  EXPECT_EQ(bet("r1", 2, "a", major(1)).error(), Failure::account_disabled);
  EXPECT_EQ(bet("r1", 3, "a", major(1)).error(), Failure::account_suspended);
  EXPECT_EQ(ledger_->wallet_call("d:bet:r1:1:a")->status, WalletStatus::refused);
  EXPECT_EQ(wallet_.balance("p1"), major(5));
  // The same request again is answered the same, without another call.
  const auto calls = wallet_.transactions().size();
  EXPECT_EQ(bet("r1", 1, "a", major(10)).error(), Failure::insufficient_funds);
  EXPECT_EQ(wallet_.transactions().size(), calls);
  EXPECT_FALSE(ledger_->has_bets_in_play(1));
  check();
}

TEST_P(SeamlessTest, ASlowWalletStillTakesTheBet) {
  wallet_.player("p1", "100.00");
  wallet_.faults({{"delayMs", 100}});  // under the 150 ms deadline
  open_round("r1", 1);
  auto placed = bet("r1", 1, "a", major(3));
  ASSERT_TRUE(placed.ok());
  EXPECT_EQ(wallet_.balance("p1"), major(97));
  ASSERT_TRUE(settle("r1", {{placed->bet_ids[0], major(6)}}).ok());
  idle();
  EXPECT_EQ(wallet_.balance("p1"), major(103));
  check();
}

TEST_P(SeamlessTest, ADebitWhoseAnswerIsLostIsConfirmedByItsRetry) {
  wallet_.player("p1", "100.00");
  wallet_.faults({{"hangDebits", 1}, {"hangApplied", true}, {"hangMs", 400}});
  open_round("r1", 1);
  auto placed = bet("r1", 1, "a", major(10));
  ASSERT_TRUE(placed.ok()) << failure_name(placed.error());
  EXPECT_EQ(wallet_.balance("p1"), major(90));  // debited once
  auto debit = ledger_->wallet_call("d:bet:r1:1:a");
  EXPECT_EQ(debit->status, WalletStatus::ok);
  EXPECT_EQ(debit->attempts, 2);
  check();
}

TEST_P(SeamlessTest, ADebitNeverAnsweredIsRolledBackAndTheBetRefused) {
  for (bool applied : {false, true}) {
    SCOPED_TRACE(applied ? "applied, answers lost" : "never applied");
    const std::string req = applied ? "b" : "a";
    wallet_.player("p1", "100.00");
    wallet_.faults({{"hangDebits", 3}, {"hangApplied", applied}, {"hangMs", 400}});
    if (!applied) open_round("r1", 1);
    auto placed = bet("r1", 1, req, major(10));
    ASSERT_FALSE(placed.ok());
    EXPECT_EQ(placed.error(), Failure::wallet_unavailable);
    idle();
    EXPECT_EQ(wallet_.balance("p1"), major(100));  // reversed, or never taken
    EXPECT_EQ(ledger_->wallet_call("d:bet:r1:1:" + req)->status, WalletStatus::rolled_back);
    EXPECT_EQ(ledger_->wallet_call("r:d:bet:r1:1:" + req)->status, WalletStatus::ok);
    EXPECT_FALSE(ledger_->has_bets_in_play(1));
    // Placed or refused, never both: the same bet again stays refused.
    EXPECT_EQ(bet("r1", 1, req, major(10)).error(), Failure::wallet_unavailable);
    EXPECT_EQ(wallet_.balance("p1"), major(100));
  }
  check();
}

TEST_P(SeamlessTest, ACreditRefusedIsMadeUntilAcknowledgedAcrossARestart) {
  wallet_.player("p1", "100.00");
  open_round("r1", 1);
  auto placed = bet("r1", 1, "a", major(10));
  ASSERT_TRUE(placed.ok());
  wallet_.faults({{"failCredits", true}});
  ASSERT_TRUE(settle("r1", {{placed->bet_ids[0], major(35)}}).ok());
  std::this_thread::sleep_for(milliseconds(300));  // several refused tries
  EXPECT_EQ(wallet_.balance("p1"), major(90));
  EXPECT_EQ(ledger_->wallet_call("c:settle:r1:1")->status, WalletStatus::pending);
  EXPECT_GT(ledger_->wallet_call("c:settle:r1:1")->attempts, 1);
  // A credit tried and not acknowledged is not shown: the operator's balance may or may not
  // hold it already, and a balance is never shown higher than it may be.
  EXPECT_EQ(ledger_->balance(1, "EUR").total(), major(90));
  reopen();  // Croupier restarts; the operator recovers afterwards
  std::this_thread::sleep_for(milliseconds(200));
  EXPECT_EQ(wallet_.balance("p1"), major(90));
  wallet_.faults({});
  idle();
  EXPECT_EQ(wallet_.balance("p1"), major(125));
  int credits = 0;
  for (const auto& t : wallet_.transactions())
    if (t.at("transactionId").as_string() == "c:settle:r1:1") ++credits;
  EXPECT_EQ(credits, 1);
  EXPECT_EQ(ledger_->wallet_call("c:settle:r1:1")->status, WalletStatus::ok);
  check();
}

TEST_P(SeamlessTest, ABetTooLateForItsRoundIsRolledBack) {
  wallet_.player("p1", "100.00");
  open_round("r1", 1);
  wallet_.faults({{"delayMs", 100}});
  // The result is recorded while the operator answers the debit: the bets cannot be placed.
  auto promise = std::make_shared<std::promise<Result<PlacedBets, Failure>>>();
  ledger_->submit(PlaceBets{"bet:r1:1:a", "r1", 1, "EUR", {{"red", major(10)}}, clock_.wall_ms()},
                  [promise](Result<PlacedBets, Failure> r) { promise->set_value(std::move(r)); });
  ASSERT_TRUE(run(*ledger_, RecordResult{"r1", "7", clock_.wall_ms()}).ok());
  auto placed = promise->get_future().get();
  ASSERT_FALSE(placed.ok());
  EXPECT_EQ(placed.error(), Failure::round_not_open);
  idle();
  EXPECT_EQ(wallet_.balance("p1"), major(100));
  EXPECT_EQ(ledger_->wallet_call("d:bet:r1:1:a")->status, WalletStatus::rolled_back);
  check();
}

TEST_P(SeamlessTest, TheSameKeyWithOtherBetsIsRefusedWithoutASecondDebit) {
  wallet_.player("p1", "100.00");
  open_round("r1", 1);
  ASSERT_TRUE(bet("r1", 1, "a", major(10)).ok());
  // The same request id with other lines of the same total: refused, answered once.
  auto other = run(
      *ledger_, PlaceBets{"bet:r1:1:a", "r1", 1, "EUR", {{"black", major(10)}}, clock_.wall_ms()});
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error(), Failure::key_conflict);
  idle();
  EXPECT_EQ(wallet_.balance("p1"), major(90));
  EXPECT_EQ(ledger_->wallet_call("d:bet:r1:1:a")->status, WalletStatus::ok);
  check();
}

TEST_P(SeamlessTest, AfterARestartTheBalanceIsTheLastTheOperatorReported) {
  wallet_.player("p1", "100.00");
  open_round("r1", 1);
  ASSERT_TRUE(bet("r1", 1, "a", major(10)).ok());
  reopen();
  EXPECT_EQ(ledger_->balance(1, "EUR").total(), major(90));
}

TEST_P(SeamlessTest, PlayersOfCroupiersOwnWalletAreUntouched) {
  open_round("r1", 1);
  ASSERT_TRUE(run(*ledger_, Fund{"f", 1000, "EUR", major(50), "demo"}).ok());
  auto placed = bet("r1", 1000, "a", major(10));
  ASSERT_TRUE(placed.ok());
  EXPECT_EQ(placed->balance.cash, major(40));
  EXPECT_TRUE(wallet_.transactions().empty());
  check();
}

// 10^4 bets of 125 players over 80 rounds (on PostgreSQL 2,500 over 20: the same paths), with the
// operator failing 5 % of calls before doing anything and losing 5 % of its answers after doing
// what was asked. Afterwards every player's balance at the operator is what Croupier's records say:
// their starting balance, less the debits Croupier confirmed, plus the credits it made; and the
// operator's applied debits are exactly Croupier's confirmed ones.
TEST_P(SeamlessTest, RandomBetsWithFaultsAgreeWithTheOperator) {
  constexpr int kPlayers = 125;
  const int kRounds = GetParam() == Database::sqlite ? 80 : 20;
  const Money start = major(200);
  // A lost answer costs its round this long; a sanitized build answers slower.
  timeout_ = test_time(milliseconds(80));
  reopen();
  for (int p = 1; p <= kPlayers; ++p) wallet_.player("p" + std::to_string(p), "200.00");
  wallet_.faults({{"errorRate", 0.05},
                  {"lostAnswerRate", 0.05},
                  {"hangMs", test_time(milliseconds(200)).count()},
                  {"seed", 7}});
  std::mt19937_64 rng(GetParam() == Database::sqlite ? 11 : 12);
  int placed_bets = 0, refused = 0;
  for (int r = 1; r <= kRounds; ++r) {
    const std::string round = "r" + std::to_string(r);
    open_round(round, r);
    std::vector<std::shared_ptr<std::promise<Result<PlacedBets, Failure>>>> waits;
    for (int p = 1; p <= kPlayers; ++p) {
      auto promise = std::make_shared<std::promise<Result<PlacedBets, Failure>>>();
      waits.push_back(promise);
      const Money amount = Money::from_major(1 + static_cast<int64_t>(rng() % 30));
      ledger_->submit(
          PlaceBets{"bet:" + round + ":" + std::to_string(p) + ":1",
                    round,
                    p,
                    "EUR",
                    {{"red", amount}},
                    clock_.wall_ms()},
          [promise](Result<PlacedBets, Failure> res) { promise->set_value(std::move(res)); });
    }
    for (auto& w : waits) {
      if (w->get_future().get().ok()) {
        ++placed_bets;
      } else {
        ++refused;
      }
    }
    // Amounts paid: a loss, double the stake, or 36 times it, read back from the bets.
    if (rng() % 10 == 0) {
      ASSERT_TRUE(run(*ledger_, CancelRound{round, "test", clock_.wall_ms()}).ok());
    } else {
      const auto round_bets = ledger_->unsettled_rounds("t1");
      std::vector<std::pair<BetId, Money>> pay;
      for (const auto& u : round_bets) {
        if (u.round_id != round) continue;
        for (const auto& b : u.bets) {
          const auto roll = rng() % 10;
          pay.emplace_back(b.id, roll < 5 ? Money{} : roll < 9 ? b.amount * 2 : b.amount * 36);
        }
      }
      ASSERT_TRUE(settle(round, pay).ok());
    }
  }
  EXPECT_GT(placed_bets, kPlayers * kRounds / 2);
  EXPECT_EQ(placed_bets + refused, kPlayers * kRounds);
  wallet_.faults({});
  idle();

  // Croupier's records of every call, and the operator's transactions.
  std::vector<WalletCallView> calls;
  WalletCallQuery q;
  q.operator_id = "op1";
  for (;;) {
    auto page = ledger_->wallet_calls(q);
    calls.insert(calls.end(), page.begin(), page.end());
    if (page.size() < q.limit) break;
    q.after = std::pair{page.back().created_ms, page.back().call_id};
  }
  std::map<std::string, json::object> at_operator;
  for (const auto& t : wallet_.transactions())
    at_operator.emplace(std::string(t.at("transactionId").as_string()), t.as_object());
  std::map<PlayerId, Money> expected;
  int64_t confirmed = 0;
  for (const WalletCallView& call : calls) {
    SCOPED_TRACE(call.call_id);
    EXPECT_NE(call.status, WalletStatus::pending);
    auto t = at_operator.find(call.call_id);
    switch (call.kind) {
      case WalletKind::debit:
        if (call.status == WalletStatus::ok) {
          ++confirmed;
          expected[call.player] -= call.amount;
          // Confirmed here: applied there and never reversed.
          ASSERT_NE(t, at_operator.end());
          EXPECT_EQ(t->second.at("status").as_string(), "OK");
          EXPECT_FALSE(t->second.at("rolledBack").as_bool());
        } else if (t != at_operator.end()) {
          // Refused or rolled back here: refused there, or reversed.
          EXPECT_TRUE(t->second.at("status").as_string() != "OK" ||
                      t->second.at("rolledBack").as_bool());
        }
        break;
      case WalletKind::credit:
        expected[call.player] += call.amount;
        ASSERT_NE(t, at_operator.end());
        EXPECT_EQ(*parse_money(t->second.at("amount").as_string()), call.amount);
        break;
      case WalletKind::rollback:
        EXPECT_EQ(call.status, WalletStatus::ok);
        EXPECT_NE(t, at_operator.end());
        break;
    }
  }
  EXPECT_EQ(confirmed, placed_bets);
  // Every movement at the operator is one Croupier recorded.
  for (const auto& [id, t] : at_operator) {
    if (t.at("status").as_string() != "OK" || t.at("rolledBack").as_bool()) continue;
    EXPECT_TRUE(ledger_->wallet_call(id)) << id << " is unknown to Croupier";
  }
  Money total;
  for (int p = 1; p <= kPlayers; ++p) {
    const Money balance = wallet_.balance("p" + std::to_string(p));
    EXPECT_EQ(balance, start + expected[p]) << "player " << p;
    total += balance;
  }
  EXPECT_EQ(total, wallet_.total());
  check();
}

INSTANTIATE_TEST_SUITE_P(Engines, SeamlessTest,
                         ::testing::Values(Database::sqlite, Database::postgres),
                         [](const auto& info) { return name_of(info.param); });

}  // namespace
}  // namespace croupier::wallet
