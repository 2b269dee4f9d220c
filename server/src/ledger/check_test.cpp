#include <gtest/gtest.h>

#include <filesystem>

#include "ledger/ledger.hpp"
#include "ledger/ledger_testing.hpp"

namespace croupier::ledger {
namespace {

using testing_support::Database;
using testing_support::major;
using testing_support::run;
using testing_support::TempDir;

// A small ledger with one settled round (with a win from a mixed cash and bonus stake),
// one cancelled round, one refunded bet and one round still open.
void build_ledger(const std::string& path) {
  auto ledger = Ledger::open({path});
  ASSERT_TRUE(run(*ledger, Fund{"f1", 1, "EUR", major(30), "demo"}).ok());
  ASSERT_TRUE(run(*ledger, Fund{"f2", 1, "EUR", major(30), "promo", true}).ok());
  ASSERT_TRUE(run(*ledger, Fund{"f3", 2, "EUR", major(50), "demo"}).ok());
  ASSERT_TRUE(run(*ledger, OpenRound{"r1", "t", "roulette", 1, 1}).ok());
  auto a = run(*ledger, PlaceBets{"b1", "r1", 1, "EUR", {{"red", major(40)}}, 2});
  auto b = run(*ledger, PlaceBets{"b2", "r1", 2, "EUR", {{"red", major(5)}, {"0", major(5)}}, 2});
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_TRUE(run(*ledger, CancelBets{"c1", "r1", 2, {b->bet_ids[1]}, 3}).ok());
  ASSERT_TRUE(run(*ledger, RecordResult{"r1", "18", 4}).ok());
  ASSERT_TRUE(
      run(*ledger, SettleRound{"r1", {{a->bet_ids[0], major(80)}, {b->bet_ids[0], major(10)}}, 5})
          .ok());
  ASSERT_TRUE(run(*ledger, OpenRound{"r2", "t", "roulette", 2, 6}).ok());
  ASSERT_TRUE(run(*ledger, PlaceBets{"b3", "r2", 2, "EUR", {{"odd", major(3)}}, 7}).ok());
  ASSERT_TRUE(run(*ledger, CancelRound{"r2", "fault", 8}).ok());
  ASSERT_TRUE(run(*ledger, OpenRound{"r3", "t", "roulette", 3, 9}).ok());
  ASSERT_TRUE(run(*ledger, PlaceBets{"b4", "r3", 1, "EUR", {{"1", major(1)}}, 10}).ok());
}

bool mentions(const CheckReport& report, std::string_view text) {
  for (const std::string& line : report.problems) {
    if (line.find(text) != std::string::npos) return true;
  }
  return false;
}

// On SQLite and on PostgreSQL.
class CheckTest : public ::testing::TestWithParam<Database> {
 protected:
  void SetUp() override { build_ledger(path_); }

  // Applies `sql` to a copy of the clean ledger and checks the copy.
  CheckReport tampered(const std::string& sql) {
    const std::string copy = testing_support::copy_of(path_, dir_);
    testing_support::exec_sql(copy, sql);
    return check_ledger(copy);
  }

  TempDir dir_;
  const std::string path_ = testing_support::new_location(GetParam(), dir_, "ledger.db");
};

INSTANTIATE_TEST_SUITE_P(Engines, CheckTest,
                         ::testing::Values(Database::sqlite, Database::postgres),
                         [](const auto& info) { return testing_support::name_of(info.param); });

TEST_P(CheckTest, ACleanLedgerPassesWithItsCounts) {
  CheckReport report = check_ledger(path_);
  EXPECT_TRUE(report.ok);
  EXPECT_TRUE(report.problems.empty()) << ::testing::PrintToString(report.problems);
  ASSERT_EQ(report.sum_by_currency.size(), 1u);
  EXPECT_EQ(report.sum_by_currency["EUR"], Money{});
  EXPECT_EQ(report.bets, 5);
  EXPECT_EQ(report.bets_settled, 2);
  EXPECT_EQ(report.bets_refunded, 2);
  EXPECT_EQ(report.bets_in_play, 1);
  EXPECT_EQ(report.rounds_open, 1);
  // Player 1 cash and bonus, player 2 cash (never touched bonus), funding demo and promo,
  // rounds r1, r2, r3, and the house.
  EXPECT_EQ(report.accounts, 9);
  EXPECT_GT(report.transfers, 10);
}

TEST_P(CheckTest, RunsBesideAWritingServer) {
  auto ledger = Ledger::open({path_});
  ASSERT_TRUE(run(*ledger, PlaceBets{"b5", "r3", 2, "EUR", {{"2", major(1)}}, 11}).ok());
  CheckReport report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets_in_play, 2);
}

TEST_P(CheckTest, DetectsAChangedBalance) {
  CheckReport report =
      tampered("UPDATE accounts SET balance = balance + 1 WHERE name = 'player:1:cash:EUR'");
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(mentions(report, "currency EUR sums to 0.00001")) << report.problems[0];
  EXPECT_TRUE(mentions(report, "account player:1:cash:EUR holds"));
}

TEST_P(CheckTest, DetectsADeletedPayout) {
  CheckReport report = tampered(
      "DELETE FROM transfers WHERE id = (SELECT MIN(id) FROM transfers WHERE kind = 'payout')");
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(mentions(report, "should have been paid"))
      << ::testing::PrintToString(report.problems);
}

TEST_P(CheckTest, DetectsADuplicateRefundOfASettledBet) {
  CheckReport report = tampered(
      "INSERT INTO transfers (op_key, debit_account, credit_account, amount, bet_id, kind) "
      "SELECT 'settle:r1', r.id, p.id, b.amount, b.id, 'refund' FROM bets b "
      "JOIN accounts r ON r.name = 'round:r1:EUR' "
      "JOIN accounts p ON p.name = 'player:' || b.player_id || ':cash:EUR' "
      "WHERE b.status = 'settled' ORDER BY b.id LIMIT 1");
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(mentions(report, "was both settled and refunded"))
      << ::testing::PrintToString(report.problems);
}

TEST_P(CheckTest, DetectsANegativePlayerAndAStakeNeverTransferred) {
  CheckReport report = tampered(
      "UPDATE accounts SET balance = -5 WHERE name = 'player:1:bonus:EUR';"
      "DELETE FROM transfers WHERE kind = 'stake' AND bet_id = (SELECT MAX(id) FROM bets)");
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(mentions(report, "player account player:1:bonus:EUR is negative"));
  EXPECT_TRUE(mentions(report, "was transferred as 0.00 in 0 transfers"))
      << ::testing::PrintToString(report.problems);
  EXPECT_TRUE(mentions(report, "account round:r3:EUR holds 1.00 but its transfers add up to 0.00"));
}

TEST_P(CheckTest, DetectsABetLeftAcceptedInAnEndedRound) {
  CheckReport report = tampered(
      "UPDATE bets SET status = 'accepted', returned = NULL "
      "WHERE id = (SELECT MIN(id) FROM bets WHERE status = 'settled')");
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(mentions(report, "is still accepted but its round is settled"))
      << ::testing::PrintToString(report.problems);
}

// Cash-outs (SettleBets) settle bets of rounds that have not ended: the open round holds
// exactly its still accepted stakes, and a round cancelled or settled afterwards refunds or
// settles only those.
TEST_P(CheckTest, BetsCashedOutBeforeTheirRoundEndedPass) {
  {
    auto ledger = Ledger::open({path_});
    auto r3 = run(*ledger, PlaceBets{"b5", "r3", 2, "EUR", {{"2", major(2)}, {"3", major(3)}}, 11});
    ASSERT_TRUE(r3.ok());
    ASSERT_TRUE(run(*ledger, SettleBets{"co1", "r3", 2, {{r3->bet_ids[0], major(5)}}, 12}).ok());
    CheckReport open = check_ledger(path_);
    EXPECT_TRUE(open.ok) << ::testing::PrintToString(open.problems);
    EXPECT_EQ(open.bets_in_play, 2);
    EXPECT_EQ(open.bets_settled, 3);
    ASSERT_TRUE(run(*ledger, RecordResult{"r3", "7", 13}).ok());
    const BetId b4 = ledger->unsettled_rounds("t").at(0).bets.at(0).id;  // player 1's
    ASSERT_TRUE(run(*ledger, SettleBets{"co2", "r3", 1, {{b4, Money{}}}, 14}).ok());
    EXPECT_TRUE(check_ledger(path_).ok);
    ASSERT_TRUE(run(*ledger, SettleRound{"r3", {{r3->bet_ids[1], major(6)}}, 15}).ok());
    // Another round, cashed out in part and then cancelled.
    ASSERT_TRUE(run(*ledger, OpenRound{"r4", "t", "roulette", 4, 16}).ok());
    auto r4 = run(*ledger, PlaceBets{"b6", "r4", 1, "EUR", {{"1", major(1)}, {"2", major(1)}}, 17});
    ASSERT_TRUE(r4.ok());
    ASSERT_TRUE(run(*ledger, SettleBets{"co3", "r4", 1, {{r4->bet_ids[1], major(2)}}, 18}).ok());
    ASSERT_TRUE(run(*ledger, CancelRound{"r4", "fault", 19}).ok());
  }
  CheckReport report = check_ledger(path_);
  EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.bets, 9);
  EXPECT_EQ(report.bets_settled, 6);
  EXPECT_EQ(report.bets_refunded, 3);
  EXPECT_EQ(report.bets_in_play, 0);
  EXPECT_EQ(report.rounds_open, 0);
  EXPECT_EQ(report.sum_by_currency["EUR"], Money{});
}

TEST_P(CheckTest, DetectsABetSettledWithoutACashOutInAnOpenRound) {
  {
    auto ledger = Ledger::open({path_});
    auto r3 = run(*ledger, PlaceBets{"b5", "r3", 2, "EUR", {{"2", major(2)}}, 11});
    ASSERT_TRUE(r3.ok());
    ASSERT_TRUE(run(*ledger, SettleBets{"co1", "r3", 2, {{r3->bet_ids[0], major(5)}}, 12}).ok());
  }
  // The cash-out's record is gone: its bet is settled by nothing known, in an open round.
  CheckReport report = tampered("DELETE FROM ops WHERE key = 'co1'");
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(mentions(report, "is settled by co1, which is neither its round's settlement nor"))
      << ::testing::PrintToString(report.problems);
  // A bet marked settled without any money moving: the round still holds its stake.
  report = tampered(
      "UPDATE bets SET status = 'settled', returned = 0, settle_key = 'co1' "
      "WHERE round_id = 'r3' AND status = 'accepted'");
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(mentions(report, "reached the house as 0.00"))
      << ::testing::PrintToString(report.problems);
  EXPECT_TRUE(mentions(report, "account round:r3:EUR of a round that is open holds 1.00"));
}

TEST_P(CheckTest, DetectsAnUnrecordedOperation) {
  CheckReport report = tampered("DELETE FROM ops WHERE key = 'f2'");
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(mentions(report, "names operation f2, which is not recorded"));
}

TEST_P(CheckTest, ReportsAFileThatIsNotALedger) {
  EXPECT_FALSE(check_ledger(dir_.file("missing.db")).ok);
  CheckReport report = tampered("DROP TABLE meta");
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(mentions(report, "not a ledger"));
}

}  // namespace
}  // namespace croupier::ledger
