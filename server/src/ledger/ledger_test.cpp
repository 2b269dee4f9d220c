#include "ledger/ledger.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <future>
#include <map>
#include <mutex>
#include <thread>

#include "db/sqlite.hpp"
#include "ledger/batch.hpp"
#include "ledger/leases.hpp"
#include "ledger/ledger_testing.hpp"
#include "ledger/schema.hpp"

namespace croupier::ledger {
namespace {

using testing_support::Database;
using testing_support::exec_sql;
using testing_support::major;
using testing_support::new_location;
using testing_support::run;
using testing_support::TempDir;
using testing_support::WriterGate;

constexpr PlayerId kAlice = 1;
constexpr PlayerId kBob = 2;

Fund fund(std::string key, PlayerId player, Money amount, bool to_bonus = false) {
  return Fund{std::move(key), player, "EUR", amount, "demo", to_bonus};
}

OpenRound open_round(std::string id, int64_t seq, std::string table = "rou-1") {
  return OpenRound{std::move(id), std::move(table), "roulette", seq, 1000 + seq};
}

PlaceBets bets(std::string key, std::string round, PlayerId player, std::vector<StakeLine> lines) {
  return PlaceBets{std::move(key), std::move(round), player, "EUR", std::move(lines), 5};
}

HistoryQuery of(PlayerId player) {
  HistoryQuery q;
  q.player = player;
  return q;
}

// Each test runs on SQLite and on PostgreSQL, each with the writer thread and inline.
class LedgerTest : public ::testing::TestWithParam<std::tuple<Database, bool>> {
 protected:
  Database database() const { return std::get<0>(GetParam()); }
  bool inline_mode() const { return std::get<1>(GetParam()); }
  Options options() const {
    Options o;
    o.path = path_;
    o.inline_mode = inline_mode();
    return o;
  }
  std::unique_ptr<Ledger> open() const { return Ledger::open(options()); }

  TempDir dir_;
  // A file, or a PostgreSQL database's address.
  const std::string path_ = new_location(database(), dir_, "ledger.db");
};

INSTANTIATE_TEST_SUITE_P(Modes, LedgerTest,
                         ::testing::Combine(::testing::Values(Database::sqlite, Database::postgres),
                                            ::testing::Bool()),
                         testing_support::mode_name);

// What only an SQLite file has: its history of versions, and files that are not ledgers.
class SqliteFileTest : public LedgerTest {};
INSTANTIATE_TEST_SUITE_P(Modes, SqliteFileTest,
                         ::testing::Combine(::testing::Values(Database::sqlite), ::testing::Bool()),
                         testing_support::mode_name);

TEST_P(LedgerTest, FundsBetsAndSettlesARound) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  auto placed = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}, {"17", major(5)}}));
  ASSERT_TRUE(placed.ok()) << failure_name(placed.error());
  ASSERT_EQ(placed->bet_ids.size(), 2u);
  EXPECT_FALSE(placed->replayed);
  EXPECT_EQ(placed->balance.cash, major(85));
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(85));

  auto settled =
      run(*ledger,
          SettleRound{"r1", {{placed->bet_ids[0], major(20)}, {placed->bet_ids[1], Money{}}}, 9});
  ASSERT_TRUE(settled.ok()) << failure_name(settled.error());
  ASSERT_EQ(settled->players.size(), 1u);
  EXPECT_EQ(settled->players[0].player, kAlice);
  EXPECT_EQ(settled->players[0].staked, major(15));
  EXPECT_EQ(settled->players[0].returned, major(20));
  EXPECT_EQ(settled->players[0].balance.cash, major(105));
  EXPECT_EQ(ledger->balance(kAlice, "EUR").total(), major(105));
  EXPECT_EQ(ledger->balance(kBob, "EUR").total(), Money{});

  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_settled, 2);
  EXPECT_EQ(report.sum_by_currency["EUR"], Money{});
}

// ---- Idempotency ----------------------------------------------------------------------

TEST_P(LedgerTest, SameKeyAndContentReplaysWithoutMovingMoney) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  auto again = run(*ledger, fund("f1", kAlice, major(100)));
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->replayed);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(100));

  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  auto first = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}));
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(run(*ledger, fund("f2", kAlice, major(1))).ok());
  auto replay = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}));
  ASSERT_TRUE(replay.ok());
  EXPECT_TRUE(replay->replayed);
  EXPECT_EQ(replay->bet_ids, first->bet_ids);
  EXPECT_EQ(replay->balance.cash, major(91));  // the current balance, not the first one
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(91));
}

TEST_P(LedgerTest, SameKeyWithOtherContentIsAConflict) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  auto other = run(*ledger, fund("f1", kAlice, major(101)));
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error(), Failure::key_conflict);
  // A key is one request whatever its kind: a bet may not reuse a funding key.
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  auto bet = run(*ledger, bets("f1", "r1", kAlice, {{"red", major(1)}}));
  ASSERT_FALSE(bet.ok());
  EXPECT_EQ(bet.error(), Failure::key_conflict);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(100));
}

TEST_P(LedgerTest, RefusedOperationIsNotRecordedSoARetryCanSucceed) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(5))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  auto refused = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(), Failure::insufficient_funds);
  ASSERT_TRUE(run(*ledger, fund("f2", kAlice, major(5))).ok());
  auto retried = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}));
  ASSERT_TRUE(retried.ok()) << failure_name(retried.error());
  EXPECT_FALSE(retried->replayed);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").total(), Money{});
}

TEST_P(LedgerTest, ReplaysAfterTheFileIsReopened) {
  std::vector<BetId> ids;
  {
    auto ledger = open();
    ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
    ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
    auto placed = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}));
    ASSERT_TRUE(placed.ok());
    ids = placed->bet_ids;
    ASSERT_TRUE(run(*ledger, SettleRound{"r1", {{ids[0], major(20)}}, 9}).ok());
  }
  auto ledger = open();
  EXPECT_TRUE(run(*ledger, fund("f1", kAlice, major(100)))->replayed);
  EXPECT_TRUE(run(*ledger, open_round("r1", 1))->replayed);
  auto placed = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}));
  ASSERT_TRUE(placed.ok());
  EXPECT_TRUE(placed->replayed);
  EXPECT_EQ(placed->bet_ids, ids);
  auto settled = run(*ledger, SettleRound{"r1", {{ids[0], major(20)}}, 10});
  ASSERT_TRUE(settled.ok());
  EXPECT_TRUE(settled->replayed);
  ASSERT_EQ(settled->players.size(), 1u);
  EXPECT_EQ(settled->players[0].returned, major(20));
  EXPECT_EQ(settled->players[0].balance.cash, major(110));
  EXPECT_EQ(run(*ledger, fund("f1", kAlice, major(7))).error(), Failure::key_conflict);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(110));
}

// ---- Bonus money ----------------------------------------------------------------------

TEST_P(LedgerTest, StakeTakesCashFirstAndWinsReturnProportionally) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(30))).ok());
  ASSERT_TRUE(run(*ledger, fund("f2", kAlice, major(70), true)).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  // 20 from cash; then 10 cash + 10 bonus; then 20 bonus.
  auto placed = run(*ledger, bets("b1", "r1", kAlice,
                                  {{"red", major(20)}, {"black", major(20)}, {"0", major(20)}}));
  ASSERT_TRUE(placed.ok());
  EXPECT_EQ(placed->balance.cash, Money{});
  EXPECT_EQ(placed->balance.bonus, major(40));
  const auto& id = placed->bet_ids;
  auto settled =
      run(*ledger,
          SettleRound{
              "r1", {{id[0], major(40)}, {id[1], Money::from_units(3)}, {id[2], major(720)}}, 9});
  ASSERT_TRUE(settled.ok());
  // Bet 1 (all cash) pays 40 cash. Bet 2 (half bonus) pays 3 units: bonus share
  // floor(3 / 2) = 1, cash 2. Bet 3 (all bonus) pays 720 bonus.
  Balance b = ledger->balance(kAlice, "EUR");
  EXPECT_EQ(b.cash, major(40) + Money::from_units(2));
  EXPECT_EQ(b.bonus, major(40) + major(720) + Money::from_units(1));
  ledger->stop();
  EXPECT_TRUE(check_ledger(path_).ok);
}

TEST_P(LedgerTest, RefundsGoBackToTheAccountsTheStakeCameFrom) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(10))).ok());
  ASSERT_TRUE(run(*ledger, fund("f2", kAlice, major(10), true)).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  auto first = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(15)}}));
  auto second = run(*ledger, bets("b2", "r1", kAlice, {{"odd", major(4)}}));
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(second->balance.cash, Money{});
  EXPECT_EQ(second->balance.bonus, major(1));

  auto cancelled = run(*ledger, CancelBets{"c1", "r1", kAlice, first->bet_ids, 6});
  ASSERT_TRUE(cancelled.ok()) << failure_name(cancelled.error());
  EXPECT_EQ(cancelled->refunded, major(15));
  EXPECT_EQ(cancelled->balance.cash, major(10));
  EXPECT_EQ(cancelled->balance.bonus, major(6));

  auto ended = run(*ledger, CancelRound{"r1", "wheel fault", 7});
  ASSERT_TRUE(ended.ok());
  ASSERT_EQ(ended->players.size(), 1u);
  EXPECT_EQ(ended->players[0].staked, major(4));
  EXPECT_EQ(ended->players[0].returned, major(4));
  EXPECT_EQ(ended->players[0].balance.cash, major(10));
  EXPECT_EQ(ended->players[0].balance.bonus, major(10));
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_refunded, 2);
}

// An operation refused halfway (here: a payout that would overflow a balance, after an
// earlier bet of the same settlement was already paid) leaves no trace, in the file or in
// the cached balances.
TEST_P(LedgerTest, ARefusalHalfwayThroughUndoesEverything) {
  auto ledger = open();
  const Money huge = Money{INT64_MAX - major(1).units};
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, Fund{"f2", kBob, "EUR", huge, "whale"}).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  BetId a = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}))->bet_ids[0];
  BetId b = run(*ledger, bets("b2", "r1", kBob, {{"red", major(1)}}))->bet_ids[0];
  auto overflow = run(*ledger, SettleRound{"r1", {{a, major(20)}, {b, major(3)}}, 9});
  ASSERT_FALSE(overflow.ok());
  EXPECT_EQ(overflow.error(), Failure::invalid_request);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(90));  // not paid after all
  EXPECT_TRUE(ledger->has_bets_in_play(kAlice));              // nor settled
  EXPECT_TRUE(ledger->has_bets_in_play(kBob));
  EXPECT_EQ(ledger->unsettled_rounds("rou-1").size(), 1u);  // the round did not end
  ASSERT_TRUE(run(*ledger, SettleRound{"r1", {{a, major(20)}, {b, Money{}}}, 9}).ok());
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(110));
  EXPECT_FALSE(ledger->has_bets_in_play(kAlice));
  EXPECT_FALSE(ledger->has_bets_in_play(kBob));
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
}

TEST_P(LedgerTest, ABetThatWouldOverflowTheRoundIsRefusedBeforeItWritesAnything) {
  // Bets are placed without a savepoint, so the refusal must come before the first write.
  auto ledger = open();
  const Money huge = Money{INT64_MAX - major(1).units};
  ASSERT_TRUE(run(*ledger, Fund{"f1", kAlice, "EUR", huge, "whale"}).ok());
  ASSERT_TRUE(run(*ledger, Fund{"f2", kBob, "EUR", major(10), "demo"}).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  ASSERT_TRUE(run(*ledger, bets("b1", "r1", kAlice, {{"red", huge}})).ok());
  auto overflow = run(*ledger, bets("b2", "r1", kBob, {{"red", major(1)}, {"black", major(2)}}));
  ASSERT_FALSE(overflow.ok());
  EXPECT_EQ(overflow.error(), Failure::invalid_request);
  EXPECT_EQ(ledger->balance(kBob, "EUR").cash, major(10));
  EXPECT_FALSE(ledger->has_bets_in_play(kBob));  // no bet row was left behind
  // Refused, not recorded: the key is free for a bet that fits in another round.
  ASSERT_TRUE(run(*ledger, open_round("r2", 2)).ok());
  auto placed = run(*ledger, bets("b2", "r2", kBob, {{"red", major(1)}}));
  ASSERT_TRUE(placed.ok());
  EXPECT_FALSE(placed->replayed);
  EXPECT_EQ(ledger->balance(kBob, "EUR").cash, major(9));
  // The check adds up balances near the 64-bit limit without overflowing.
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
}

// ---- Round lifecycle ------------------------------------------------------------------

TEST_P(LedgerTest, RefusesBetsOutsideAnOpenRound) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  EXPECT_EQ(run(*ledger, bets("b0", "nope", kAlice, {{"red", major(1)}})).error(),
            Failure::round_not_found);
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  EXPECT_EQ(run(*ledger, bets("b1", "r1", kAlice, {{"red", Money{}}})).error(),
            Failure::invalid_request);
  EXPECT_EQ(run(*ledger, bets("b2", "r1", kAlice, {})).error(), Failure::invalid_request);
  ASSERT_TRUE(run(*ledger, RecordResult{"r1", "17", 8}).ok());
  EXPECT_EQ(run(*ledger, bets("b3", "r1", kAlice, {{"red", major(1)}})).error(),
            Failure::round_not_open);
  ASSERT_TRUE(run(*ledger, SettleRound{"r1", {}, 9}).ok());
  EXPECT_EQ(run(*ledger, bets("b4", "r1", kAlice, {{"red", major(1)}})).error(),
            Failure::round_not_open);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(100));
}

TEST_P(LedgerTest, SettlementMustNameEveryAcceptedBetOnce) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, fund("f2", kBob, major(100))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  BetId a = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}))->bet_ids[0];
  BetId b = run(*ledger, bets("b2", "r1", kBob, {{"red", major(10)}}))->bet_ids[0];

  EXPECT_EQ(run(*ledger, SettleRound{"nope", {}, 9}).error(), Failure::round_not_found);
  EXPECT_EQ(run(*ledger, SettleRound{"r1", {{a, major(20)}}, 9}).error(),
            Failure::invalid_request);  // b missing
  EXPECT_EQ(run(*ledger, SettleRound{"r1", {{a, major(20)}, {b, major(20)}, {b + 1, major(1)}}, 9})
                .error(),
            Failure::invalid_request);  // an extra id
  EXPECT_EQ(run(*ledger, SettleRound{"r1", {{a, major(20)}, {a, major(20)}}, 9}).error(),
            Failure::invalid_request);  // a twice
  EXPECT_EQ(run(*ledger, SettleRound{"r1", {{a, major(20)}, {b, Money{-1}}}, 9}).error(),
            Failure::invalid_request);  // a negative return
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(90));

  auto settled = run(*ledger, SettleRound{"r1", {{a, major(20)}, {b, Money{}}}, 9});
  ASSERT_TRUE(settled.ok());
  ASSERT_EQ(settled->players.size(), 2u);
  EXPECT_EQ(settled->players[0].player, kAlice);
  EXPECT_EQ(settled->players[1].player, kBob);
  // The same content in another order is the same settlement.
  auto again = run(*ledger, SettleRound{"r1", {{b, Money{}}, {a, major(20)}}, 10});
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->replayed);
  EXPECT_EQ(run(*ledger, SettleRound{"r1", {{a, major(30)}, {b, Money{}}}, 9}).error(),
            Failure::key_conflict);
  EXPECT_EQ(run(*ledger, CancelRound{"r1", "too late", 11}).error(), Failure::key_conflict);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(110));
  EXPECT_EQ(ledger->balance(kBob, "EUR").cash, major(90));
}

// Provably fair: the commitment recorded when the round opened is the one its result keeps
// (docs/provably-fair.md); a record with another is refused, and the round's is served
// once it is settled.
TEST_P(LedgerTest, AResultKeepsTheCommitmentItsRoundOpenedWith) {
  auto ledger = open();
  const std::string h1(64, 'a'), h2(64, 'b'), seed(64, 'c');
  OpenRound opened = open_round("r1", 1);
  opened.fair = "hash=" + h1;
  ASSERT_TRUE(run(*ledger, opened).ok());
  EXPECT_FALSE(ledger->fair_round("r1").has_value());  // not settled: nothing revealed
  EXPECT_EQ(run(*ledger, RecordResult{"r1", "17", 8, "hash=" + h2 + " seed=" + seed}).error(),
            Failure::invalid_request);
  ASSERT_TRUE(run(*ledger, RecordResult{"r1", "17", 9, "hash=" + h1 + " seed=" + seed}).ok());
  EXPECT_FALSE(ledger->fair_round("r1").has_value());
  ASSERT_TRUE(run(*ledger, SettleRound{"r1", {}, 10}).ok());
  auto round = ledger->fair_round("r1");
  ASSERT_TRUE(round.has_value());
  EXPECT_EQ(round->result, "17");
  EXPECT_EQ(round->fair, "hash=" + h1 + " seed=" + seed);
  EXPECT_EQ(round->table_id, "rou-1");
}

TEST_P(LedgerTest, ACancelledRoundCannotBeSettled) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  BetId a = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}))->bet_ids[0];
  ASSERT_TRUE(run(*ledger, CancelRound{"r1", "fault", 9}).ok());
  EXPECT_TRUE(run(*ledger, CancelRound{"r1", "fault", 10})->replayed);
  EXPECT_EQ(run(*ledger, CancelRound{"r1", "other reason", 10}).error(), Failure::key_conflict);
  EXPECT_EQ(run(*ledger, SettleRound{"r1", {{a, major(20)}}, 9}).error(), Failure::key_conflict);
  EXPECT_EQ(run(*ledger, RecordResult{"r1", "3", 9}).error(), Failure::round_not_open);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(100));
}

// Blackjack takes doubles after betting closes and records its result only with the
// settlement, in one transaction.
TEST_P(LedgerTest, ASettlementMayRecordTheResultWithIt) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  BetId a = run(*ledger, bets("b1", "r1", kAlice, {{"SEAT_1", major(10)}}))->bet_ids[0];
  BetId d = run(*ledger, bets("b2", "r1", kAlice, {{"SEAT_1_DOUBLE_0", major(10)}}))->bet_ids[0];
  ASSERT_TRUE(
      run(*ledger, SettleRound{"r1", {{a, major(20)}, {d, major(20)}}, 9, "KH,7S", "1:AS,9D=win"})
          .ok());
  EXPECT_EQ(ledger->player_history(of(kAlice))[0].detail, "1:AS,9D=win");
  auto results = ledger->recent_results("rou-1", 10);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].result, "KH,7S");
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(120));
  // The result is part of what the key stands for.
  EXPECT_TRUE(
      run(*ledger, SettleRound{"r1", {{a, major(20)}, {d, major(20)}}, 9, "KH,7S"})->replayed);
  EXPECT_EQ(run(*ledger, SettleRound{"r1", {{a, major(20)}, {d, major(20)}}, 9, "KH,8S"}).error(),
            Failure::key_conflict);
}

TEST_P(LedgerTest, HistoryPagesThroughAPlayersRoundsNewestFirst) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, fund("f2", kBob, major(100))).ok());
  // r1 settled (a win and a loss), r2 at another game cancelled, r3 Bob's alone, r4 open.
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  auto r1 = run(*ledger, bets("b1", "r1", kAlice, {{"RED", major(10)}, {"STRAIGHT_3", major(1)}}));
  ASSERT_TRUE(run(*ledger, RecordResult{"r1", "12", 20}).ok());
  ASSERT_TRUE(
      run(*ledger, SettleRound{"r1", {{r1->bet_ids[0], major(20)}, {r1->bet_ids[1], Money{}}}, 30})
          .ok());
  ASSERT_TRUE(run(*ledger, OpenRound{"r2", "bac-1", "baccarat", 1, 1002}).ok());
  ASSERT_TRUE(run(*ledger, bets("b2", "r2", kAlice, {{"BANKER", major(5)}})).ok());
  ASSERT_TRUE(run(*ledger, CancelRound{"r2", "cancelled", 40}).ok());
  ASSERT_TRUE(run(*ledger, open_round("r3", 3)).ok());
  ASSERT_TRUE(run(*ledger, bets("b3", "r3", kBob, {{"BLACK", major(5)}})).ok());
  ASSERT_TRUE(run(*ledger, open_round("r4", 4)).ok());
  ASSERT_TRUE(run(*ledger, bets("b4", "r4", kAlice, {{"ODD", major(2)}})).ok());

  auto all = ledger->player_history(of(kAlice));
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].round_id, "r4");
  EXPECT_EQ(all[0].state, "open");
  EXPECT_EQ(all[0].bets[0].status, "accepted");
  EXPECT_FALSE(all[0].bets[0].returned);
  EXPECT_EQ(all[1].round_id, "r2");
  EXPECT_EQ(all[1].game, "baccarat");
  EXPECT_EQ(all[1].state, "cancelled");
  EXPECT_EQ(all[1].bets[0].status, "refunded");
  EXPECT_EQ(all[2].round_id, "r1");
  EXPECT_EQ(all[2].result, "12");
  ASSERT_EQ(all[2].bets.size(), 2u);
  EXPECT_EQ(all[2].bets[0].spot, "RED");
  EXPECT_EQ(all[2].bets[0].returned, major(20));
  EXPECT_EQ(all[2].bets[1].returned, Money{});
  EXPECT_EQ(all[2].bets[0].place_key, "b1");
  EXPECT_EQ(all[2].currency, "EUR");

  // Pages: two, then what is left after the cursor.
  HistoryQuery q = of(kAlice);
  q.limit = 2;
  auto first = ledger->player_history(q);
  ASSERT_EQ(first.size(), 2u);
  q.before = std::pair{first[1].opened_ms, first[1].round_id};
  auto rest = ledger->player_history(q);
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest[0].round_id, "r1");
  // One game; a date range (rounds open at 1000 + seq).
  q = of(kAlice);
  q.game = "baccarat";
  auto baccarat = ledger->player_history(q);
  ASSERT_EQ(baccarat.size(), 1u);
  EXPECT_EQ(baccarat[0].round_id, "r2");
  q = of(kAlice);
  q.from_ms = 1002;
  q.to_ms = 1004;
  auto range = ledger->player_history(q);
  ASSERT_EQ(range.size(), 1u);
  EXPECT_EQ(range[0].round_id, "r2");
  EXPECT_TRUE(ledger->player_history(of(99)).empty());
}

TEST_P(LedgerTest, RecordsAResultOnceAndRoundNumbersOnlyIncrease) {
  auto ledger = open();
  EXPECT_EQ(run(*ledger, RecordResult{"r1", "17", 8}).error(), Failure::round_not_found);
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  EXPECT_TRUE(run(*ledger, open_round("r1", 1))->replayed);
  EXPECT_EQ(run(*ledger, open_round("r1", 2)).error(), Failure::key_conflict);
  EXPECT_EQ(run(*ledger, open_round("r0", 1)).error(), Failure::invalid_request);
  EXPECT_EQ(run(*ledger, open_round("r2", 2, "other-table")).ok(), true);
  ASSERT_TRUE(run(*ledger, RecordResult{"r1", "17", 8}).ok());
  EXPECT_TRUE(run(*ledger, RecordResult{"r1", "17", 9})->replayed);
  EXPECT_EQ(run(*ledger, RecordResult{"r1", "18", 9}).error(), Failure::key_conflict);
  EXPECT_EQ(ledger->max_round_seq("rou-1"), 1);
  EXPECT_EQ(ledger->max_round_seq("other-table"), 2);
  EXPECT_EQ(ledger->max_round_seq("empty-table"), 0);
}

TEST_P(LedgerTest, CancelBetsTakesOnlyThePlayersOwnAcceptedBets) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, fund("f2", kBob, major(100))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  BetId a = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}))->bet_ids[0];
  BetId b = run(*ledger, bets("b2", "r1", kBob, {{"red", major(10)}}))->bet_ids[0];
  EXPECT_EQ(run(*ledger, CancelBets{"c1", "r1", kAlice, {b}, 6}).error(), Failure::invalid_request);
  EXPECT_EQ(run(*ledger, CancelBets{"c2", "r1", kAlice, {a, a}, 6}).error(),
            Failure::invalid_request);
  EXPECT_EQ(run(*ledger, CancelBets{"c3", "nope", kAlice, {a}, 6}).error(),
            Failure::round_not_found);
  ASSERT_TRUE(run(*ledger, CancelBets{"c4", "r1", kAlice, {a}, 6}).ok());
  EXPECT_EQ(run(*ledger, CancelBets{"c5", "r1", kAlice, {a}, 6}).error(),
            Failure::invalid_request);  // already refunded
  EXPECT_TRUE(run(*ledger, CancelBets{"c4", "r1", kAlice, {a}, 7})->replayed);
  ASSERT_TRUE(run(*ledger, RecordResult{"r1", "17", 8}).ok());
  EXPECT_EQ(run(*ledger, CancelBets{"c6", "r1", kBob, {b}, 6}).error(), Failure::round_not_open);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(100));
  EXPECT_EQ(ledger->balance(kBob, "EUR").cash, major(90));
}

TEST_P(LedgerTest, ARoundTakesBetsInSeveralCurrencies) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, Fund{"f2", kBob, "USD", major(100), "demo"}).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  BetId a = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}))->bet_ids[0];
  auto usd = run(*ledger, PlaceBets{"b2", "r1", kBob, "USD", {{"red", major(10)}}, 5});
  ASSERT_TRUE(usd.ok());
  EXPECT_EQ(run(*ledger, PlaceBets{"b3", "r1", kBob, "EUR", {{"red", major(10)}}, 5}).error(),
            Failure::insufficient_funds);
  auto settled = run(*ledger, SettleRound{"r1", {{a, major(20)}, {usd->bet_ids[0], major(30)}}, 9});
  ASSERT_TRUE(settled.ok());
  ASSERT_EQ(settled->players.size(), 2u);
  EXPECT_EQ(settled->players[1].currency, "USD");
  EXPECT_EQ(ledger->balance(kBob, "USD").cash, major(120));
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.sum_by_currency.size(), 2u);
}

// ---- Cash-outs (SettleBets) ---------------------------------------------------------------

TEST_P(LedgerTest, ACashOutSettlesOneBetEarlyAndTheRoundSettlesTheRest) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, fund("f2", kBob, major(100))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  auto alice = run(*ledger, bets("b1", "r1", kAlice, {{"BET_1", major(10)}, {"BET_2", major(5)}}));
  ASSERT_TRUE(alice.ok());
  const BetId a1 = alice->bet_ids[0], a2 = alice->bet_ids[1];
  const BetId b = run(*ledger, bets("b2", "r1", kBob, {{"BET_1", major(10)}}))->bet_ids[0];

  auto cashed = run(*ledger, SettleBets{"co1", "r1", kAlice, {{a1, major(25)}}, 7});
  ASSERT_TRUE(cashed.ok()) << failure_name(cashed.error());
  EXPECT_FALSE(cashed->replayed);
  EXPECT_EQ(cashed->returned, major(25));
  EXPECT_EQ(cashed->balance.cash, major(110));  // 100 - 15 + 25
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(110));
  EXPECT_TRUE(ledger->has_bets_in_play(kAlice));  // a2 is still in play
  // The round is still unsettled, with the bets still accepted alone.
  auto unsettled = ledger->unsettled_rounds("rou-1");
  ASSERT_EQ(unsettled.size(), 1u);
  ASSERT_EQ(unsettled[0].bets.size(), 2u);
  EXPECT_EQ(unsettled[0].bets[0].id, a2);
  EXPECT_EQ(unsettled[0].bets[1].id, b);
  // The history shows the cashed-out bet settled with its return, the round still open.
  auto history = ledger->player_history(of(kAlice));
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0].state, "open");
  ASSERT_EQ(history[0].bets.size(), 2u);
  EXPECT_EQ(history[0].bets[0].status, "settled");
  EXPECT_EQ(history[0].bets[0].returned, major(25));
  EXPECT_EQ(history[0].bets[1].status, "accepted");
  EXPECT_FALSE(history[0].bets[1].returned);
  // The open round's account holds exactly its still accepted stakes.
  auto midway = check_ledger(path_);
  EXPECT_TRUE(midway.ok) << ::testing::PrintToString(midway.problems);
  EXPECT_EQ(midway.bets_in_play, 2);
  EXPECT_EQ(midway.bets_settled, 1);

  ASSERT_TRUE(run(*ledger, RecordResult{"r1", "2.00", 8}).ok());
  // The settlement names the bets still accepted, and only them.
  EXPECT_EQ(
      run(*ledger, SettleRound{"r1", {{a1, major(25)}, {a2, Money{}}, {b, major(20)}}, 9}).error(),
      Failure::invalid_request);
  EXPECT_EQ(run(*ledger, SettleRound{"r1", {{b, major(20)}}, 9}).error(), Failure::invalid_request);
  auto settled = run(*ledger, SettleRound{"r1", {{a2, Money{}}, {b, major(20)}}, 9});
  ASSERT_TRUE(settled.ok()) << failure_name(settled.error());
  ASSERT_EQ(settled->players.size(), 2u);
  EXPECT_EQ(settled->players[0].player, kAlice);
  EXPECT_EQ(settled->players[0].staked, major(5));
  EXPECT_EQ(settled->players[0].returned, Money{});
  EXPECT_EQ(settled->players[0].balance.cash, major(110));
  EXPECT_EQ(settled->players[1].returned, major(20));
  EXPECT_EQ(ledger->balance(kBob, "EUR").cash, major(110));
  EXPECT_FALSE(ledger->has_bets_in_play(kAlice));
  EXPECT_FALSE(ledger->has_bets_in_play(kBob));
  history = ledger->player_history(of(kAlice));
  EXPECT_EQ(history[0].state, "settled");
  EXPECT_EQ(history[0].bets[0].returned, major(25));
  EXPECT_EQ(history[0].bets[1].returned, Money{});
  // A round that ended has nothing left to cash out.
  EXPECT_EQ(run(*ledger, SettleBets{"co2", "r1", kAlice, {{a2, major(1)}}, 10}).error(),
            Failure::round_not_open);

  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_settled, 3);
  EXPECT_EQ(report.bets_in_play, 0);
  EXPECT_EQ(report.sum_by_currency["EUR"], Money{});
}

TEST_P(LedgerTest, ACashOutReplaysWithoutMovingMoneyAndConflictsOnOtherContent) {
  BetId a1 = 0, a2 = 0;
  {
    auto ledger = open();
    ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
    ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
    auto placed =
        run(*ledger, bets("b1", "r1", kAlice, {{"BET_1", major(10)}, {"BET_2", major(10)}}));
    a1 = placed->bet_ids[0];
    a2 = placed->bet_ids[1];
    auto first =
        run(*ledger, SettleBets{"co1", "r1", kAlice, {{a1, major(15)}, {a2, major(12)}}, 7});
    ASSERT_TRUE(first.ok()) << failure_name(first.error());
    EXPECT_EQ(first->returned, major(27));
    ASSERT_TRUE(run(*ledger, fund("f2", kAlice, major(1))).ok());
    // The same content in another order, later: the first answer, with today's balance.
    auto again =
        run(*ledger, SettleBets{"co1", "r1", kAlice, {{a2, major(12)}, {a1, major(15)}}, 8});
    ASSERT_TRUE(again.ok()) << failure_name(again.error());
    EXPECT_TRUE(again->replayed);
    EXPECT_EQ(again->returned, major(27));
    EXPECT_EQ(again->balance.cash, major(108));
    EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(108));
    EXPECT_EQ(run(*ledger, SettleBets{"co1", "r1", kAlice, {{a1, major(15)}, {a2, major(13)}}, 8})
                  .error(),
              Failure::key_conflict);
    EXPECT_EQ(run(*ledger, SettleBets{"co1", "r1", kAlice, {{a1, major(15)}}, 8}).error(),
              Failure::key_conflict);
    EXPECT_EQ(run(*ledger, fund("co1", kAlice, major(1))).error(), Failure::key_conflict);
    EXPECT_EQ(run(*ledger, SettleBets{"b1", "r1", kAlice, {{a1, major(15)}}, 8}).error(),
              Failure::key_conflict);  // a key is one request whatever its kind
  }
  auto ledger = open();
  auto replay =
      run(*ledger, SettleBets{"co1", "r1", kAlice, {{a1, major(15)}, {a2, major(12)}}, 9});
  ASSERT_TRUE(replay.ok()) << failure_name(replay.error());
  EXPECT_TRUE(replay->replayed);
  EXPECT_EQ(replay->returned, major(27));
  EXPECT_EQ(replay->balance.cash, major(108));
  EXPECT_FALSE(ledger->has_bets_in_play(kAlice));
  ASSERT_TRUE(run(*ledger, SettleRound{"r1", {}, 10}).ok());  // nothing left to settle
  // Replayed after the round ended too: the first answer.
  EXPECT_TRUE(run(*ledger, SettleBets{"co1", "r1", kAlice, {{a1, major(15)}, {a2, major(12)}}, 11})
                  ->replayed);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(108));
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_settled, 2);
}

TEST_P(LedgerTest, ACashOutRefusesWhatIsNotThePlayersAcceptedBetsOfTheRound) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, Fund{"f2", kAlice, "USD", major(100), "demo"}).ok());
  ASSERT_TRUE(run(*ledger, fund("f3", kBob, major(100))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  ASSERT_TRUE(run(*ledger, open_round("r2", 2)).ok());
  auto placed =
      run(*ledger, bets("b1", "r1", kAlice, {{"BET_1", major(10)}, {"BET_2", major(10)}}));
  const BetId a = placed->bet_ids[0], refunded = placed->bet_ids[1];
  const BetId usd =
      run(*ledger, PlaceBets{"b2", "r1", kAlice, "USD", {{"BET_1", major(10)}}, 5})->bet_ids[0];
  const BetId bob = run(*ledger, bets("b3", "r1", kBob, {{"BET_1", major(10)}}))->bet_ids[0];
  const BetId other_round =
      run(*ledger, bets("b4", "r2", kAlice, {{"BET_1", major(10)}}))->bet_ids[0];
  ASSERT_TRUE(run(*ledger, CancelBets{"c1", "r1", kAlice, {refunded}, 6}).ok());

  auto refusal = [&](SettleBets op) {
    auto r = run(*ledger, std::move(op));
    return r.ok() ? std::string("ok") : std::string(failure_name(r.error()));
  };
  EXPECT_EQ(refusal(SettleBets{"x1", "r1", kAlice, {}, 7}), "invalid_request");  // nothing
  std::vector<std::pair<BetId, Money>> too_many;
  for (size_t i = 0; i <= kLinesMax; ++i) too_many.emplace_back(a + static_cast<BetId>(i), Money{});
  EXPECT_EQ(refusal(SettleBets{"x2", "r1", kAlice, too_many, 7}), "invalid_request");
  EXPECT_EQ(refusal(SettleBets{"x3", "r1", kAlice, {{a, Money{-1}}}, 7}), "invalid_request");
  EXPECT_EQ(refusal(SettleBets{"x4", "r1", kAlice, {{a, major(1)}, {a, major(1)}}, 7}),
            "invalid_request");  // named twice
  EXPECT_EQ(refusal(SettleBets{"x5", "r1", kAlice, {{a, major(1)}, {bob, major(1)}}, 7}),
            "invalid_request");  // another player's
  EXPECT_EQ(refusal(SettleBets{"x6", "r1", kAlice, {{other_round, major(1)}}, 7}),
            "invalid_request");  // of another round
  EXPECT_EQ(refusal(SettleBets{"x7", "r1", kAlice, {{999'999'999, major(1)}}, 7}),
            "invalid_request");  // no such bet
  EXPECT_EQ(refusal(SettleBets{"x8", "r1", kAlice, {{refunded, major(1)}}, 7}),
            "invalid_request");  // taken back already
  EXPECT_EQ(refusal(SettleBets{"x9", "r1", kAlice, {{a, major(1)}, {usd, major(1)}}, 7}),
            "invalid_request");  // two currencies
  EXPECT_EQ(refusal(SettleBets{"", "r1", kAlice, {{a, major(1)}}, 7}), "invalid_request");
  EXPECT_EQ(refusal(SettleBets{"x10", "nope", kAlice, {{a, major(1)}}, 7}), "round_not_found");
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(80));
  EXPECT_EQ(ledger->balance(kAlice, "USD").cash, major(90));
  EXPECT_EQ(ledger->balance(kBob, "EUR").cash, major(90));

  // A bet is cashed out once: a second cash-out under another key is refused.
  auto first = run(*ledger, SettleBets{"co1", "r1", kAlice, {{a, major(30)}}, 8});
  ASSERT_TRUE(first.ok()) << failure_name(first.error());
  EXPECT_EQ(refusal(SettleBets{"co2", "r1", kAlice, {{a, major(30)}}, 8}), "invalid_request");
  EXPECT_EQ(refusal(SettleBets{"co3", "r1", kAlice, {{a, major(40)}, {usd, major(1)}}, 8}),
            "invalid_request");
  // Refused keys were not recorded: one may still be used.
  auto usd_out = run(*ledger, SettleBets{"x9", "r1", kAlice, {{usd, major(5)}}, 9});
  ASSERT_TRUE(usd_out.ok()) << failure_name(usd_out.error());
  EXPECT_FALSE(usd_out->replayed);
  EXPECT_EQ(usd_out->balance.cash, major(95));
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(110));
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_settled, 2);
  EXPECT_EQ(report.bets_in_play, 2);  // Bob's, and Alice's in r2
}

// A cash-out refused halfway (a return that would overflow the player's balance, after
// the first bet of the same cash-out was paid) leaves no trace.
TEST_P(LedgerTest, ACashOutRefusedHalfwayUndoesEverything) {
  auto ledger = open();
  const Money huge = Money{INT64_MAX - major(1).units};
  ASSERT_TRUE(run(*ledger, Fund{"f1", kBob, "EUR", huge, "whale"}).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  auto placed = run(*ledger, bets("b1", "r1", kBob, {{"BET_1", major(1)}, {"BET_2", major(1)}}));
  ASSERT_TRUE(placed.ok());
  const BetId b1 = placed->bet_ids[0], b2 = placed->bet_ids[1];
  const Money before = ledger->balance(kBob, "EUR").cash;
  auto overflow = run(*ledger, SettleBets{"co1", "r1", kBob, {{b1, major(2)}, {b2, major(3)}}, 7});
  ASSERT_FALSE(overflow.ok());
  EXPECT_EQ(overflow.error(), Failure::invalid_request);
  EXPECT_EQ(ledger->balance(kBob, "EUR").cash, before);  // b1 was not paid after all
  EXPECT_EQ(ledger->unsettled_rounds("rou-1").at(0).bets.size(), 2u);
  // (Paid in all, Bob's account has then been credited INT64_MAX: the most the check's
  // sums of an account's transfers take on SQLite.)
  auto cashed = run(*ledger, SettleBets{"co1", "r1", kBob, {{b1, major(1)}}, 8});
  ASSERT_TRUE(cashed.ok()) << failure_name(cashed.error());
  EXPECT_FALSE(cashed->replayed);
  EXPECT_TRUE(ledger->has_bets_in_play(kBob));  // b2, counted still
  ASSERT_TRUE(run(*ledger, SettleRound{"r1", {{b2, Money{}}}, 9}).ok());
  EXPECT_FALSE(ledger->has_bets_in_play(kBob));
  EXPECT_EQ(ledger->balance(kBob, "EUR").cash, before + major(1));
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
}

TEST_P(LedgerTest, ACancelledRoundRefundsOnlyTheBetsNotCashedOut) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, fund("f2", kBob, major(100))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  auto placed = run(*ledger, bets("b1", "r1", kAlice, {{"BET_1", major(10)}, {"BET_2", major(5)}}));
  const BetId a1 = placed->bet_ids[0], a2 = placed->bet_ids[1];
  const BetId b = run(*ledger, bets("b2", "r1", kBob, {{"BET_1", major(10)}}))->bet_ids[0];
  // A result recorded does not stop a cash-out.
  ASSERT_TRUE(run(*ledger, RecordResult{"r1", "1.50", 7}).ok());
  auto cashed = run(*ledger, SettleBets{"co1", "r1", kAlice, {{a1, major(12)}}, 8});
  ASSERT_TRUE(cashed.ok()) << failure_name(cashed.error());
  EXPECT_EQ(cashed->balance.cash, major(97));

  auto cancelled = run(*ledger, CancelRound{"r1", "fault", 9});
  ASSERT_TRUE(cancelled.ok()) << failure_name(cancelled.error());
  ASSERT_EQ(cancelled->players.size(), 2u);
  EXPECT_EQ(cancelled->players[0].player, kAlice);
  EXPECT_EQ(cancelled->players[0].staked, major(5));  // a2 alone
  EXPECT_EQ(cancelled->players[0].returned, major(5));
  EXPECT_EQ(cancelled->players[0].balance.cash, major(102));
  EXPECT_EQ(cancelled->players[1].returned, major(10));
  EXPECT_EQ(ledger->balance(kBob, "EUR").cash, major(100));
  auto history = ledger->player_history(of(kAlice));
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0].state, "cancelled");
  EXPECT_EQ(history[0].bets[0].status, "settled");
  EXPECT_EQ(history[0].bets[0].returned, major(12));
  EXPECT_EQ(history[0].bets[1].status, "refunded");
  // No cash-out in a cancelled round.
  EXPECT_EQ(run(*ledger, SettleBets{"co2", "r1", kBob, {{b, major(20)}}, 10}).error(),
            Failure::round_not_open);
  EXPECT_EQ(run(*ledger, SettleBets{"co3", "r1", kAlice, {{a2, major(20)}}, 10}).error(),
            Failure::round_not_open);
  EXPECT_EQ(ledger->balance(kBob, "EUR").cash, major(100));
  EXPECT_FALSE(ledger->has_bets_in_play(kAlice));
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_settled, 1);
  EXPECT_EQ(report.bets_refunded, 2);
}

// A return from a stake that was partly bonus goes back as SettleRound's would:
// the bonus share, rounded down, to the bonus account.
TEST_P(LedgerTest, ACashOutOfABonusStakeReturnsProportionally) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(10))).ok());
  ASSERT_TRUE(run(*ledger, fund("f2", kAlice, major(30), true)).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  // 20: 10 from cash, 10 from bonus; then 10 from bonus alone.
  auto placed =
      run(*ledger, bets("b1", "r1", kAlice, {{"BET_1", major(20)}, {"BET_2", major(10)}}));
  ASSERT_TRUE(placed.ok());
  const Money returned = major(30) + Money::from_units(3);
  auto cashed = run(*ledger, SettleBets{"co1", "r1", kAlice, {{placed->bet_ids[0], returned}}, 7});
  ASSERT_TRUE(cashed.ok()) << failure_name(cashed.error());
  // Half of the stake was bonus: floor(half of 30.00003) = 15.00001 to bonus, the rest cash.
  EXPECT_EQ(cashed->balance.cash, major(15) + Money::from_units(2));
  EXPECT_EQ(cashed->balance.bonus, major(10) + major(15) + Money::from_units(1));
  auto cashed_bonus =
      run(*ledger, SettleBets{"co2", "r1", kAlice, {{placed->bet_ids[1], major(19)}}, 8});
  ASSERT_TRUE(cashed_bonus.ok()) << failure_name(cashed_bonus.error());
  EXPECT_EQ(cashed_bonus->balance.cash, major(15) + Money::from_units(2));
  EXPECT_EQ(cashed_bonus->balance.bonus, major(44) + Money::from_units(1));
  ASSERT_TRUE(run(*ledger, SettleRound{"r1", {}, 9}).ok());
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
}

// ---- Durability and reads ---------------------------------------------------------------

TEST_P(LedgerTest, CommittedStateSurvivesReopening) {
  BetId open_bet = 0;
  {
    auto ledger = open();
    ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
    ASSERT_TRUE(run(*ledger, fund("f2", kBob, major(50), true)).ok());
    ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
    BetId a = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(10)}}))->bet_ids[0];
    ASSERT_TRUE(run(*ledger, RecordResult{"r1", "32", 8}).ok());
    ASSERT_TRUE(run(*ledger, SettleRound{"r1", {{a, major(20)}}, 9}).ok());
    ASSERT_TRUE(run(*ledger, open_round("r2", 2)).ok());
    open_bet = run(*ledger, bets("b2", "r2", kBob, {{"17", major(2)}}))->bet_ids[0];
    ASSERT_TRUE(run(*ledger, RecordResult{"r2", "17", 12}).ok());
    ASSERT_TRUE(run(*ledger, open_round("r3", 3)).ok());
  }
  auto ledger = open();
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(110));
  EXPECT_EQ(ledger->balance(kBob, "EUR").bonus, major(48));
  EXPECT_EQ(ledger->max_round_seq("rou-1"), 3);

  auto unsettled = ledger->unsettled_rounds("rou-1");
  ASSERT_EQ(unsettled.size(), 2u);
  EXPECT_EQ(unsettled[0].round_id, "r2");
  EXPECT_EQ(unsettled[0].table_id, "rou-1");
  EXPECT_EQ(unsettled[0].game, "roulette");
  EXPECT_EQ(unsettled[0].seq, 2);
  EXPECT_EQ(unsettled[0].result, std::optional<std::string>("17"));
  ASSERT_EQ(unsettled[0].bets.size(), 1u);
  EXPECT_EQ(unsettled[0].bets[0].id, open_bet);
  EXPECT_EQ(unsettled[0].bets[0].player, kBob);
  EXPECT_EQ(unsettled[0].bets[0].spot, "17");
  EXPECT_EQ(unsettled[0].bets[0].amount, major(2));
  EXPECT_EQ(unsettled[1].round_id, "r3");
  EXPECT_FALSE(unsettled[1].result.has_value());
  EXPECT_TRUE(unsettled[1].bets.empty());

  // r2's result is recorded but the round is not settled: not announced, not listed.
  auto results = ledger->recent_results("rou-1", 10);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].round_id, "r1");
  EXPECT_EQ(ledger->recent_results("rou-1", 1).size(), 1u);
  EXPECT_TRUE(ledger->unsettled_rounds("other").empty());

  // Recovery settles the open round from its recorded result.
  auto settled = run(*ledger, SettleRound{"r2", {{open_bet, major(72)}}, 20});
  ASSERT_TRUE(settled.ok());
  EXPECT_EQ(ledger->balance(kBob, "EUR").bonus, major(120));
  EXPECT_EQ(ledger->unsettled_rounds("rou-1").size(), 1u);
  // Settled, r2's result is now listed, newest first, with the time it was drawn.
  results = ledger->recent_results("rou-1", 10);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].round_id, "r2");
  EXPECT_EQ(results[0].result, "17");
  EXPECT_EQ(results[0].at_ms, 12);
}

// Whether a player has bets in play is counted in memory: it follows bets, refunds and
// settlements, and is counted again from the file at start-up.
TEST_P(LedgerTest, KnowsWhoHasBetsInPlayAcrossRestarts) {
  BetId a1 = 0, a2 = 0, b1 = 0;
  {
    auto ledger = open();
    ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
    ASSERT_TRUE(run(*ledger, fund("f2", kBob, major(100))).ok());
    ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
    EXPECT_FALSE(ledger->has_bets_in_play(kAlice));
    auto placed = run(*ledger, bets("b1", "r1", kAlice, {{"red", major(1)}, {"17", major(1)}}));
    a1 = placed->bet_ids[0];
    a2 = placed->bet_ids[1];
    b1 = run(*ledger, bets("b2", "r1", kBob, {{"red", major(1)}}))->bet_ids[0];
    EXPECT_TRUE(run(*ledger, bets("b1", "r1", kAlice, {{"red", major(1)}, {"17", major(1)}}))
                    ->replayed);  // a replay counts nothing
    ASSERT_TRUE(run(*ledger, CancelBets{"c1", "r1", kAlice, {a1}, 6}).ok());
    EXPECT_TRUE(ledger->has_bets_in_play(kAlice));  // one of two refunded
    EXPECT_EQ(run(*ledger, CancelBets{"c2", "r1", kAlice, {a2, b1}, 6}).error(),
              Failure::invalid_request);
    EXPECT_TRUE(ledger->has_bets_in_play(kBob));
    ledger->stop();
  }
  auto ledger = open();
  EXPECT_TRUE(ledger->has_bets_in_play(kAlice));
  EXPECT_TRUE(ledger->has_bets_in_play(kBob));
  ASSERT_TRUE(run(*ledger, CancelBets{"c3", "r1", kAlice, {a2}, 7}).ok());
  EXPECT_FALSE(ledger->has_bets_in_play(kAlice));
  ASSERT_TRUE(run(*ledger, RecordResult{"r1", "red", 8}).ok());
  EXPECT_EQ(run(*ledger, bets("b4", "r1", kBob, {{"red", major(1)}})).error(),
            Failure::round_not_open);
  ASSERT_TRUE(run(*ledger, SettleRound{"r1", {{b1, major(2)}}, 9}).ok());
  EXPECT_FALSE(ledger->has_bets_in_play(kBob));
  EXPECT_EQ(run(*ledger, bets("b5", "r1", kBob, {{"red", major(1)}})).error(),
            Failure::round_not_open);
  EXPECT_EQ(run(*ledger, bets("b6", "r9", kBob, {{"red", major(1)}})).error(),
            Failure::round_not_found);
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_in_play, 0);
}

TEST_P(SqliteFileTest, AFileFromBeforeTheDetailColumnGainsIt) {
  {
    auto ledger = open();
    ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
    ledger->stop();
  }
  exec_sql(path_,
           "ALTER TABLE rounds DROP COLUMN detail;"
           "UPDATE meta SET value = '1' WHERE key = 'schema_version'");
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(10))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r2", 2)).ok());
  BetId b = run(*ledger, bets("b1", "r2", kAlice, {{"SEAT_1", major(1)}}))->bet_ids[0];
  ASSERT_TRUE(
      run(*ledger, SettleRound{"r2", {{b, major(2)}}, 9, "D 17|7S,QD", "1:AS,9D=win"}).ok());
  EXPECT_EQ(ledger->player_history(of(kAlice))[0].detail, "1:AS,9D=win");
}

TEST_P(LedgerTest, AfterStopSubmissionsFailWithStorage) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(1))).ok());
  ledger->stop();
  ledger->stop();  // harmless twice
  auto late = run(*ledger, fund("f2", kAlice, major(1)));
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error(), Failure::storage);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(1));
}

// A file as version 1 left it (its two indexes of issue 16's time, without the three
// added since) is brought to the current version when it opens, and keeps its money.
TEST_P(SqliteFileTest, AVersionOneFileIsMigratedWhenItOpens) {
  {
    auto ledger = open();
    ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(10))).ok());
    ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
    ASSERT_TRUE(run(*ledger, bets("b1", "r1", kAlice, {{"red", major(4)}})).ok());
    ledger->stop();
  }
  exec_sql(path_,
           "DROP INDEX bets_of_round; DROP INDEX rounds_unended;"
           "CREATE INDEX bets_by_round ON bets (round_id, status);"
           "CREATE INDEX bets_in_play_by_player ON bets (player_id) WHERE status = 'accepted';"
           "UPDATE meta SET value = '1' WHERE key = 'schema_version'");
  auto ledger = open();
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(6));
  EXPECT_TRUE(ledger->has_bets_in_play(kAlice));
  ledger->stop();
  auto db = sqlite::Db::open(path_, sqlite::Db::Mode::read_only);
  EXPECT_EQ(db->scalar_text("SELECT value FROM meta WHERE key = 'schema_version'"),
            std::string(kSchemaVersion));
  EXPECT_EQ(db->scalar_text("SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master "
                            "WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name)"),
            "bets_by_free_bet,bets_by_player,bets_of_round,bonuses_by_player,bonuses_due,"
            "rounds_by_opened,"
            "rounds_unended,transfers_by_bet,wallet_calls_by_operator,wallet_calls_by_player,"
            "wallet_calls_pending");
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
}

// A file of version 4 (before bonuses: no bonuses table, no free_bet column, transfers whose
// kinds know no 'bonus') gains them, and its transfers, when it opens.
TEST_P(SqliteFileTest, AVersionFourFileGainsBonuses) {
  {
    auto ledger = open();
    ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(10))).ok());
    ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
    ASSERT_TRUE(run(*ledger, bets("b1", "r1", kAlice, {{"red", major(4)}})).ok());
    ledger->stop();
  }
  exec_sql(path_, R"sql(
DROP TABLE bonuses;
DROP INDEX bets_by_free_bet;
ALTER TABLE bets DROP COLUMN free_bet;
CREATE TABLE transfers_v4 (
  id INTEGER PRIMARY KEY,
  op_key TEXT NOT NULL,
  debit_account INTEGER NOT NULL REFERENCES accounts (id) DEFERRABLE INITIALLY DEFERRED,
  credit_account INTEGER NOT NULL REFERENCES accounts (id) DEFERRABLE INITIALLY DEFERRED,
  amount INTEGER NOT NULL CHECK (amount > 0),
  bet_id INTEGER REFERENCES bets (id) DEFERRABLE INITIALLY DEFERRED,
  kind TEXT NOT NULL CHECK (kind IN ('fund', 'stake', 'stake_in', 'payout', 'refund')),
  CHECK (debit_account <> credit_account)
);
INSERT INTO transfers_v4 SELECT * FROM transfers;
DROP TABLE transfers;
ALTER TABLE transfers_v4 RENAME TO transfers;
CREATE INDEX transfers_by_bet ON transfers (bet_id) WHERE bet_id IS NOT NULL;
UPDATE meta SET value = '4' WHERE key = 'schema_version';
)sql");
  auto ledger = open();
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(6));
  GrantBonus grant;
  grant.bonus_id = "c1";
  grant.player = kBob;  // Alice has a bet in play: no cash bonus for her now
  grant.currency = "EUR";
  grant.campaign = "Welcome";
  grant.amount = major(5);
  grant.wager_required = major(50);
  grant.expires_ms = 1'000'000;
  ASSERT_TRUE(run(*ledger, grant).ok());
  ASSERT_TRUE(run(*ledger, ChangeBonus{"c1", BonusAction::accept, kBob, 10}).ok());
  EXPECT_EQ(ledger->balance(kBob, "EUR").bonus, major(5));
  // A cancellation moves the bonus back with a transfer of the new kind.
  ASSERT_TRUE(run(*ledger, ChangeBonus{"c1", BonusAction::cancel, 0, 20}).ok());
  EXPECT_EQ(ledger->balance(kBob, "EUR").total(), Money{});
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.transfers, 4);  // fund, stake, the bonus in and back out
}

TEST_P(LedgerTest, RefusesADatabaseWithAnotherSchema) {
  { auto ledger = open(); }
  exec_sql(path_, "UPDATE meta SET value = '99' WHERE key = 'schema_version'");
  try {
    open();
    FAIL() << "opened a database with schema_version 99";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("schema_version 99"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(check_ledger(path_).ok);
  const std::string foreign = new_location(database(), dir_, "foreign.db");
  exec_sql(foreign, "CREATE TABLE t (x INTEGER)");
  EXPECT_THROW(Ledger::open({foreign, inline_mode()}), std::runtime_error);
  EXPECT_FALSE(check_ledger(foreign).ok);
}

TEST_P(SqliteFileTest, RefusesAFileThatIsNotADatabase) {
  const std::string text = dir_.file("text.db");
  std::ofstream(text) << "this is not a database, just some words to fill a header page...";
  EXPECT_THROW(Ledger::open({text, inline_mode()}), std::runtime_error);
  EXPECT_FALSE(check_ledger(text).ok);
}

TEST(Ledger, InMemoryDatabaseNeedsInlineMode) {
  EXPECT_THROW(Ledger::open({":memory:", false}), std::runtime_error);
  auto ledger = Ledger::open({":memory:", true});
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(3))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  ASSERT_TRUE(run(*ledger, bets("b1", "r1", kAlice, {{"red", major(1)}})).ok());
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(2));
  EXPECT_EQ(ledger->unsettled_rounds("rou-1").size(), 1u);
}

// ---- The writer thread: batches, group commit, overload -------------------------------------

class WriterTest : public ::testing::TestWithParam<Database> {
 protected:
  std::unique_ptr<Ledger> open(size_t queue_max = 65536) {
    Options o;
    o.path = path_;
    o.queue_max = queue_max;
    return Ledger::open(o);
  }
  TempDir dir_;
  const std::string path_ = new_location(GetParam(), dir_, "ledger.db");
};

INSTANTIATE_TEST_SUITE_P(Engines, WriterTest,
                         ::testing::Values(Database::sqlite, Database::postgres),
                         [](const auto& info) { return testing_support::name_of(info.param); });

TEST_P(WriterTest, OpsOfABatchSeeEachOtherAndARefusalDisturbsNothing) {
  auto ledger = open();
  std::vector<size_t> batches;
  ledger->set_commit_observer([&](size_t ops, double) { batches.push_back(ops); });
  WriterGate gate;
  gate.close(*ledger, "gate");
  std::vector<std::string> outcomes(5);
  auto note = [&](size_t i) {
    return [&outcomes, i](auto r) { outcomes[i] = r.ok() ? "ok" : failure_name(r.error()); };
  };
  ledger->submit(fund("f1", kAlice, major(10)), note(0));
  ledger->submit(open_round("r1", 1), note(1));
  ledger->submit(bets("b1", "r1", kAlice, {{"red", major(8)}}), note(2));
  ledger->submit(bets("b2", "r1", kAlice, {{"red", major(8)}}), note(3));  // only 2 left
  ledger->submit(bets("b3", "r1", kAlice, {{"red", major(2)}}), note(4));
  gate.open();
  ledger->flush();
  EXPECT_EQ(outcomes, (std::vector<std::string>{"ok", "ok", "ok", "insufficient_funds", "ok"}));
  ASSERT_EQ(batches.size(), 2u);
  EXPECT_EQ(batches[1], 5u);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, Money{});
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_in_play, 2);
}

// Cash-outs of one batch see each other: the second of one bet under another key is
// refused, a replay is answered from the batch, and the round's settlement after them
// names only what is still accepted.
TEST_P(WriterTest, CashOutsOfABatchSeeEachOther) {
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  auto placed =
      run(*ledger, bets("b1", "r1", kAlice, {{"BET_1", major(10)}, {"BET_2", major(10)}}));
  ASSERT_TRUE(placed.ok());
  const BetId a1 = placed->bet_ids[0], a2 = placed->bet_ids[1];
  WriterGate gate;
  gate.close(*ledger, "gate");
  std::vector<std::string> outcomes(5);
  std::vector<Money> returned(5);
  auto note = [&](size_t i) {
    return [&outcomes, &returned, i](Result<SettledBets, Failure> r) {
      outcomes[i] = r.ok() ? (r->replayed ? "replayed" : "ok") : failure_name(r.error());
      if (r.ok()) returned[i] = r->returned;
    };
  };
  ledger->submit(SettleBets{"co1", "r1", kAlice, {{a1, major(15)}}, 7}, note(0));
  ledger->submit(SettleBets{"co2", "r1", kAlice, {{a1, major(15)}}, 7}, note(1));
  ledger->submit(SettleBets{"co1", "r1", kAlice, {{a1, major(15)}}, 8}, note(2));
  ledger->submit(SettleBets{"co3", "r1", kAlice, {{a2, major(30)}}, 8}, note(3));
  ledger->submit(SettleBets{"co4", "r1", kAlice, {{a2, major(30)}}, 8}, note(4));
  std::optional<Result<Settlement, Failure>> settled;
  ledger->submit(SettleRound{"r1", {}, 9}, [&](auto r) { settled = std::move(r); });
  gate.open();
  ledger->flush();
  EXPECT_EQ(outcomes, (std::vector<std::string>{"ok", "invalid_request", "replayed", "ok",
                                                "invalid_request"}));
  EXPECT_EQ(returned[2], major(15));
  ASSERT_TRUE(settled && settled->ok()) << failure_name(settled->error());
  EXPECT_TRUE(settled->value().players.empty());
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(125));
  EXPECT_FALSE(ledger->has_bets_in_play(kAlice));
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_settled, 2);
}

TEST_P(WriterTest, AFailedCommitAnswersTheWholeBatchWithStorage) {
  {
    auto ledger = open();
    ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  }
  // Deleting the round under a bet breaks a deferred foreign key: COMMIT fails.
  const bool sqlite = GetParam() == Database::sqlite;
  exec_sql(path_, sqlite ? "CREATE TRIGGER boom AFTER INSERT ON bets WHEN NEW.spot = 'boom' "
                           "BEGIN DELETE FROM rounds WHERE id = NEW.round_id; END"
                         : "CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ "
                           "BEGIN IF NEW.spot = 'boom' THEN "
                           "DELETE FROM rounds WHERE id = NEW.round_id; END IF; RETURN NEW; END $$;"
                           "CREATE TRIGGER boom AFTER INSERT ON bets FOR EACH ROW "
                           "EXECUTE FUNCTION boom()");
  auto ledger = open();
  ASSERT_TRUE(run(*ledger, fund("f0", kAlice, major(5))).ok());
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(5));

  WriterGate gate;
  gate.close(*ledger, "gate");
  std::vector<std::optional<Failure>> outcomes(2);
  ledger->submit(fund("f1", kAlice, major(10)),
                 [&](auto r) { outcomes[0] = r.ok() ? std::nullopt : std::optional(r.error()); });
  ledger->submit(bets("b1", "r1", kAlice, {{"boom", major(1)}}),
                 [&](auto r) { outcomes[1] = r.ok() ? std::nullopt : std::optional(r.error()); });
  gate.open();
  ledger->flush();
  EXPECT_EQ(outcomes[0], Failure::storage);
  EXPECT_EQ(outcomes[1], Failure::storage);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(5));  // the cache kept the old value
  EXPECT_FALSE(ledger->has_bets_in_play(kAlice));            // and so did the count

  exec_sql(path_, sqlite ? "DROP TRIGGER boom" : "DROP TRIGGER boom ON bets");
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(10))).ok());
  EXPECT_TRUE(run(*ledger, fund("f1", kAlice, major(10)))->replayed);
  ASSERT_TRUE(run(*ledger, bets("b1", "r1", kAlice, {{"boom", major(1)}})).ok());
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(14));
  EXPECT_TRUE(ledger->has_bets_in_play(kAlice));
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
}

TEST_P(WriterTest, GroupCommitsConcurrentBets) {
  constexpr int kThreads = 8;
  constexpr int kBetsPerThread = 250;
  auto ledger = open();
  std::atomic<size_t> commits{0};
  std::atomic<size_t> committed_ops{0};
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  for (int t = 0; t < kThreads; ++t) {
    ASSERT_TRUE(run(*ledger, fund("f" + std::to_string(t), 100 + t, major(1000))).ok());
  }
  ledger->set_commit_observer([&](size_t ops, double seconds) {
    EXPECT_GE(seconds, 0.0);
    ++commits;
    committed_ops += ops;
  });
  std::atomic<int> accepted{0};
  std::atomic<int> answered{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kBetsPerThread; ++i) {
        std::string key = "b" + std::to_string(t) + "-" + std::to_string(i);
        ledger->submit(bets(key, "r1", 100 + t, {{"red", major(1)}}), [&](auto r) {
          if (r.ok()) ++accepted;
          ++answered;
        });
      }
    });
  }
  for (auto& thread : threads) thread.join();
  ledger->flush();
  constexpr int kOps = kThreads * kBetsPerThread;
  EXPECT_EQ(answered.load(), kOps);
  EXPECT_EQ(accepted.load(), kOps);
  EXPECT_EQ(committed_ops.load(), static_cast<size_t>(kOps));
  EXPECT_LT(commits.load(), static_cast<size_t>(kOps));
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(ledger->balance(100 + t, "EUR").cash, major(1000 - kBetsPerThread));
  }
  ledger->stop();
  auto report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_in_play, kOps);
}

TEST_P(WriterTest, AFullQueueRefusesAtOnceWithOverloaded) {
  constexpr size_t kQueueMax = 3;
  auto ledger = open(kQueueMax);
  WriterGate gate;
  gate.close(*ledger, "gate");  // the writer is busy, so submissions stay queued
  std::atomic<int> ok{0};
  for (size_t i = 0; i < kQueueMax; ++i) {
    ledger->submit(fund("f" + std::to_string(i), kAlice, major(1)), [&](auto r) {
      if (r.ok()) ++ok;
    });
  }
  std::optional<Failure> refused;
  const auto caller = std::this_thread::get_id();
  bool on_caller_thread = false;
  ledger->submit(fund("over", kAlice, major(1)), [&](auto r) {
    on_caller_thread = std::this_thread::get_id() == caller;
    refused = r.ok() ? std::nullopt : std::optional(r.error());
  });
  EXPECT_EQ(refused, Failure::overloaded);  // answered before submit() returned
  EXPECT_TRUE(on_caller_thread);
  gate.open();
  ledger->flush();
  EXPECT_EQ(ok.load(), static_cast<int>(kQueueMax));
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(kQueueMax));
  // Nothing was done for the refused one: its key is still free.
  EXPECT_FALSE(run(*ledger, fund("over", kAlice, major(1)))->replayed);
}

// ---- Writers sharing a database (PostgreSQL: one per node) ------------------------------

// Two ledgers on one PostgreSQL database, as two nodes: each owns a table, the same
// players bet at both at once, and both settle into the one house account. Nothing may be
// lost between them: every balance is what the answers add up to, and the database checks.
TEST(SharedDatabase, TwoWritersKeepEveryPlayersMoneyExact) {
  TempDir dir;
  const std::string location = new_location(Database::postgres, dir, "unused");
  constexpr int kPlayers = 12;
  constexpr int kRounds = 6;
  constexpr int kBetsPerPlayer = 5;
  Options options;
  options.path = location;
  options.batch_max = 16;
  auto a = Ledger::open(options);
  auto b = Ledger::open(options);
  for (PlayerId p = 1; p <= kPlayers; ++p) {
    ASSERT_TRUE(run(*a, fund("f" + std::to_string(p), p, major(1000))).ok());
  }
  std::map<PlayerId, Money> expected;
  for (PlayerId p = 1; p <= kPlayers; ++p) expected[p] = major(1000);
  std::mutex mu;
  for (int r = 1; r <= kRounds; ++r) {
    const std::string ra = "a-" + std::to_string(r), rb = "b-" + std::to_string(r);
    ASSERT_TRUE(run(*a, open_round(ra, r, "table-a")).ok());
    ASSERT_TRUE(run(*b, open_round(rb, r, "table-b")).ok());
    // Every player bets at both tables at once, through both writers.
    std::vector<std::pair<BetId, PlayerId>> placed_a, placed_b;
    std::atomic<int> answered{0};
    auto place = [&](Ledger& ledger, const std::string& round,
                     std::vector<std::pair<BetId, PlayerId>>& placed) {
      for (int i = 0; i < kBetsPerPlayer; ++i) {
        for (PlayerId p = 1; p <= kPlayers; ++p) {
          const std::string key = round + "-" + std::to_string(p) + "-" + std::to_string(i);
          ledger.submit(bets(key, round, p, {{"red", major(1 + i)}}), [&, p](auto result) {
            std::lock_guard lock(mu);
            ASSERT_TRUE(result.ok()) << failure_name(result.error());
            placed.emplace_back(result->bet_ids[0], p);
            ++answered;
          });
        }
      }
    };
    std::thread ta([&] { place(*a, ra, placed_a); });
    std::thread tb([&] { place(*b, rb, placed_b); });
    ta.join();
    tb.join();
    a->flush();
    b->flush();
    ASSERT_EQ(answered.load(), 2 * kPlayers * kBetsPerPlayer);
    // Both writers settle at once: even bet ids win double, odd ones lose.
    auto settle = [&](const std::string& round,
                      const std::vector<std::pair<BetId, PlayerId>>& placed) {
      SettleRound op{round, {}, 100};
      for (const auto& [id, player] : placed) op.returns.emplace_back(id, Money{});
      return op;
    };
    SettleRound sa = settle(ra, placed_a), sb = settle(rb, placed_b);
    for (auto* op : {&sa, &sb}) {
      for (auto& [id, returned] : op->returns) {
        if (id % 2 == 0) returned = major(2 * (1 + static_cast<int64_t>(id % 5)));
      }
    }
    std::promise<Result<Settlement, Failure>> da, db;
    a->submit(sa, [&](auto r) { da.set_value(std::move(r)); });
    b->submit(sb, [&](auto r) { db.set_value(std::move(r)); });
    auto settled_a = da.get_future().get();
    auto settled_b = db.get_future().get();
    ASSERT_TRUE(settled_a.ok() && settled_b.ok());
    // What each player's balance must become: stakes out, returns in.
    for (const Settlement* s : {&*settled_a, &*settled_b}) {
      for (const PlayerSettlement& p : s->players) expected[p.player] += p.returned - p.staked;
    }
  }
  for (PlayerId p = 1; p <= kPlayers; ++p) {
    EXPECT_EQ(a->balance(p, "EUR").cash, expected[p]) << "player " << p;
    EXPECT_EQ(b->balance(p, "EUR").cash, expected[p]) << "player " << p;
  }
  a->stop();
  b->stop();
  auto report = check_ledger(location);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.sum_by_currency["EUR"], Money{});
  EXPECT_EQ(report.bets_settled, 2 * kRounds * kPlayers * kBetsPerPlayer);
}

// The same operation sent to two writers at once (a player's retry reaching another node)
// is done once: one writer does it, the other answers with its replay.
TEST(SharedDatabase, AnOperationSentToTwoWritersIsDoneOnce) {
  TempDir dir;
  Options options;
  options.path = new_location(Database::postgres, dir, "unused");
  auto a = Ledger::open(options);
  auto b = Ledger::open(options);
  ASSERT_TRUE(run(*a, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*a, open_round("r1", 1)).ok());
  for (int i = 0; i < 20; ++i) {
    const std::string key = "b" + std::to_string(i);
    std::promise<Result<PlacedBets, Failure>> pa, pb;
    a->submit(bets(key, "r1", kAlice, {{"red", major(1)}}),
              [&](auto r) { pa.set_value(std::move(r)); });
    b->submit(bets(key, "r1", kAlice, {{"red", major(1)}}),
              [&](auto r) { pb.set_value(std::move(r)); });
    auto ra = pa.get_future().get(), rb = pb.get_future().get();
    ASSERT_TRUE(ra.ok() && rb.ok());
    EXPECT_EQ(ra->bet_ids, rb->bet_ids);
    EXPECT_NE(ra->replayed, rb->replayed) << key;
  }
  EXPECT_EQ(a->balance(kAlice, "EUR").cash, major(80));
  // A round ended by one writer is ended for the other.
  ASSERT_TRUE(run(*b, CancelRound{"r1", "taken over", 5}).ok());
  EXPECT_EQ(run(*a, bets("late", "r1", kAlice, {{"red", major(1)}})).error(),
            Failure::round_not_open);
  EXPECT_EQ(a->balance(kAlice, "EUR").cash, major(100));
  EXPECT_FALSE(a->has_bets_in_play(kAlice));
  a->stop();
  b->stop();
  auto report = check_ledger(options.path);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_refunded, 20);
}

// The same bet cashed out at two writers at once under two keys (a player's two clicks
// reaching two nodes): one pays, the other is refused, and the money is paid once.
TEST(SharedDatabase, ABetCashedOutAtTwoWritersIsPaidOnce) {
  TempDir dir;
  Options options;
  options.path = new_location(Database::postgres, dir, "unused");
  auto a = Ledger::open(options);
  auto b = Ledger::open(options);
  ASSERT_TRUE(run(*a, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*a, open_round("r1", 1)).ok());
  std::vector<BetId> ids;
  for (int i = 0; i < 10; ++i) {
    ids.push_back(
        run(*a, bets("b" + std::to_string(i), "r1", kAlice, {{"BET", major(1)}}))->bet_ids[0]);
  }
  for (BetId id : ids) {
    std::promise<Result<SettledBets, Failure>> pa, pb;
    a->submit(SettleBets{"a-" + std::to_string(id), "r1", kAlice, {{id, major(3)}}, 7},
              [&](auto r) { pa.set_value(std::move(r)); });
    b->submit(SettleBets{"b-" + std::to_string(id), "r1", kAlice, {{id, major(3)}}, 7},
              [&](auto r) { pb.set_value(std::move(r)); });
    auto ra = pa.get_future().get(), rb = pb.get_future().get();
    ASSERT_NE(ra.ok(), rb.ok()) << id;
    EXPECT_EQ((ra.ok() ? rb : ra).error(), Failure::invalid_request);
  }
  EXPECT_EQ(a->balance(kAlice, "EUR").cash, major(120));
  ASSERT_TRUE(run(*b, SettleRound{"r1", {}, 9}).ok());
  a->stop();
  b->stop();
  auto report = check_ledger(options.path);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_settled, 10);
}

// A cash-out locks its player's accounts alone, not those of every player of the round:
// it goes through while another player's account is held by someone else.
TEST(SharedDatabase, ACashOutDoesNotWaitForTheRoundsOtherPlayers) {
  TempDir dir;
  const std::string location = new_location(Database::postgres, dir, "unused");
  auto ledger = Ledger::open({location});
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger, fund("f2", kBob, major(100))).ok());
  ASSERT_TRUE(run(*ledger, open_round("r1", 1)).ok());
  const BetId a = run(*ledger, bets("b1", "r1", kAlice, {{"BET", major(10)}}))->bet_ids[0];
  const BetId b = run(*ledger, bets("b2", "r1", kBob, {{"BET", major(10)}}))->bet_ids[0];
  auto holder = postgres::Db::open(location);
  holder->exec(
      "BEGIN; SELECT balance FROM accounts WHERE name IN ('player:2:cash:EUR', "
      "'player:2:bonus:EUR') FOR UPDATE");
  std::promise<Result<SettledBets, Failure>> done;
  auto answer = done.get_future();
  ledger->submit(SettleBets{"co1", "r1", kAlice, {{a, major(20)}}, 7},
                 [&](auto r) { done.set_value(std::move(r)); });
  const bool answered = answer.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
  holder->exec("ROLLBACK");
  ASSERT_TRUE(answered) << "the cash-out waited for another player's account";
  auto cashed = answer.get();
  ASSERT_TRUE(cashed.ok()) << failure_name(cashed.error());
  EXPECT_EQ(cashed->balance.cash, major(110));
  ASSERT_TRUE(run(*ledger, SettleRound{"r1", {{b, Money{}}}, 9}).ok());
  ledger->stop();
  auto report = check_ledger(location);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
}

// A lease is held by one node at a time: taken when free or expired (a new epoch each
// time), renewed only by its holder at its epoch, released for another to take at once.
TEST(SharedDatabase, ALeaseIsOneNodesAtATime) {
  TempDir dir;
  const std::string location = new_location(Database::postgres, dir, "unused");
  { auto ledger = Ledger::open({location, true}); }  // the schema
  Leases a(location, "node-a", 300), b(location, "node-b", 300);
  const auto first = a.acquire("rou-1");
  ASSERT_TRUE(first);
  EXPECT_FALSE(b.acquire("rou-1"));
  EXPECT_TRUE(a.renew("rou-1", *first));
  EXPECT_FALSE(b.renew("rou-1", *first));
  std::this_thread::sleep_for(std::chrono::milliseconds(400));  // a's lease expires
  const auto second = b.acquire("rou-1");
  ASSERT_TRUE(second);
  EXPECT_GT(*second, *first);
  EXPECT_FALSE(a.renew("rou-1", *first));  // a learns it lost the table
  b.release("rou-1", *second);
  const auto third = a.acquire("rou-1");  // at once, without waiting for expiry
  ASSERT_TRUE(third);
  EXPECT_GT(*third, *second);
  const auto all = a.all();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].node, "node-a");
  EXPECT_EQ(all[0].epoch, *third);
  EXPECT_GT(all[0].expires_in_ms, 0);
}

// A node's lease connection that the server drops (a restart, a failover) is opened again:
// the call that met the loss fails, the next renews as before.
TEST(SharedDatabase, LeasesOutliveALostConnection) {
  TempDir dir;
  const std::string location = new_location(Database::postgres, dir, "unused");
  { auto ledger = Ledger::open({location, true}); }  // the schema
  Leases a(location, "node-a", 5000);
  const auto epoch = a.acquire("rou-1");
  ASSERT_TRUE(epoch);
  auto admin = postgres::Db::open(location);
  admin->exec(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
      "WHERE datname = current_database() AND pid <> pg_backend_pid()");
  EXPECT_ANY_THROW(a.renew("rou-1", *epoch));
  EXPECT_TRUE(a.renew("rou-1", *epoch));
  EXPECT_EQ(a.all().size(), 1u);
}

// A node whose lease was taken over can no longer move the table's money: its bets, its
// settlement and its next round are refused with fenced, in the same transaction as the
// lease is checked; the new owner refunds the round it left open, exactly once.
TEST(SharedDatabase, AStaleOwnerCannotSettleAfterATakeover) {
  TempDir dir;
  const std::string location = new_location(Database::postgres, dir, "unused");
  auto fences_a = std::make_shared<Fences>();
  auto fences_b = std::make_shared<Fences>();
  Options oa{location, true};
  oa.fencing = std::make_shared<Fencing>(Fencing{"node-a", fences_a});
  Options ob{location, true};
  ob.fencing = std::make_shared<Fencing>(Fencing{"node-b", fences_b});
  auto a = Ledger::open(oa);
  auto b = Ledger::open(ob);
  Leases leases_a(location, "node-a", 200), leases_b(location, "node-b", 200);

  ASSERT_TRUE(run(*a, fund("f1", kAlice, major(100))).ok());               // no table: not fenced
  EXPECT_EQ(run(*a, open_round("r1", 1, "t1")).error(), Failure::fenced);  // no lease yet
  const auto epoch_a = leases_a.acquire("t1");
  ASSERT_TRUE(epoch_a);
  fences_a->own("t1", *epoch_a);
  ASSERT_TRUE(run(*a, open_round("r1", 1, "t1")).ok());
  auto placed = run(*a, bets("b1", "r1", kAlice, {{"red", major(10)}}));
  ASSERT_TRUE(placed.ok());

  // node-a stalls past its lease; node-b takes the table over.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto epoch_b = leases_b.acquire("t1");
  ASSERT_TRUE(epoch_b);
  fences_b->own("t1", *epoch_b);

  EXPECT_EQ(run(*a, bets("b2", "r1", kAlice, {{"red", major(5)}})).error(), Failure::fenced);
  EXPECT_EQ(run(*a, SettleRound{"r1", {{placed->bet_ids[0], major(20)}}, 9}).error(),
            Failure::fenced);
  EXPECT_EQ(run(*a, SettleBets{"co1", "r1", kAlice, {{placed->bet_ids[0], major(20)}}, 9}).error(),
            Failure::fenced);
  EXPECT_EQ(run(*a, open_round("r2", 2, "t1")).error(), Failure::fenced);
  // An old epoch of this very node is stale too.
  fences_b->own("t1", *epoch_b - 1);
  EXPECT_EQ(run(*b, RecordResult{"r1", "17", 8}).error(), Failure::fenced);
  fences_b->own("t1", *epoch_b);

  // The new owner recovers: the round has no result, so it is refunded, once.
  const auto open = b->unsettled_rounds("t1");
  ASSERT_EQ(open.size(), 1u);
  ASSERT_EQ(open[0].bets.size(), 1u);
  auto refunded = run(*b, CancelRound{"r1", "restart", 10});
  ASSERT_TRUE(refunded.ok()) << failure_name(refunded.error());
  EXPECT_EQ(refunded->players.at(0).returned, major(10));
  EXPECT_TRUE(run(*b, CancelRound{"r1", "restart", 10})->replayed);
  EXPECT_EQ(b->balance(kAlice, "EUR").cash, major(100));
  a->stop();
  b->stop();
  auto report = check_ledger(location);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_refunded, 1);
  EXPECT_EQ(report.bets_settled, 0);
}

// A writer whose connection the server dropped (a restart, a failover, an idle timeout)
// opens a new one: the next operations and reads go through, and nothing was lost.
TEST(SharedDatabase, ALostConnectionIsOpenedAgain) {
  TempDir dir;
  const std::string location = new_location(Database::postgres, dir, "unused");
  auto ledger = Ledger::open({location});
  ASSERT_TRUE(run(*ledger, fund("f1", kAlice, major(10))).ok());
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(10));
  // Every other connection to the database goes, the ledger's writer and reader with them.
  exec_sql(location,
           "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
           "WHERE datname = current_database() AND pid <> pg_backend_pid()");
  auto again = run(*ledger, fund("f2", kAlice, major(5)));
  ASSERT_TRUE(again.ok()) << failure_name(again.error());
  EXPECT_TRUE(run(*ledger, fund("f1", kAlice, major(10)))->replayed);
  EXPECT_EQ(ledger->balance(kAlice, "EUR").cash, major(15));
  ledger->stop();
  auto report = check_ledger(location);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
}

}  // namespace
}  // namespace croupier::ledger
