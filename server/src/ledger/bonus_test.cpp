// Bonuses in the ledger (issue 19): a cash bonus's play-through, its end, free-bet chips and
// their capped winnings, and the races between a player's answer and their bets. Every test
// runs on SQLite and on PostgreSQL, with the writer thread and inline, and ends with
// ledger-check.
#include <gtest/gtest.h>

#include <future>
#include <vector>

#include "ledger/ledger.hpp"
#include "ledger/ledger_testing.hpp"

namespace croupier::ledger {
namespace {

using testing_support::Database;
using testing_support::major;
using testing_support::new_location;
using testing_support::run;
using testing_support::TempDir;
using testing_support::WriterGate;

constexpr PlayerId kAlice = 1;
constexpr PlayerId kBob = 2;
constexpr int64_t kExpires = 1'000'000;

GrantBonus cash_bonus(std::string id, PlayerId player, Money amount, Money wager) {
  GrantBonus g;
  g.bonus_id = std::move(id);
  g.player = player;
  g.currency = "EUR";
  g.campaign = "Welcome";
  g.code = "WELCOME50";
  g.kind = BonusKind::cash;
  g.amount = amount;
  g.wager_required = wager;
  g.expires_ms = kExpires;
  g.at_ms = 10;
  return g;
}

GrantBonus free_bets(std::string id, PlayerId player, Money chip, int64_t chips, Money max_win) {
  GrantBonus g;
  g.bonus_id = std::move(id);
  g.player = player;
  g.currency = "EUR";
  g.campaign = "Free chips";
  g.code = "FREE5";
  g.kind = BonusKind::free_bet;
  g.chip_value = chip;
  g.amount = Money{chip.units * chips};
  g.max_win = max_win;
  g.expires_ms = kExpires;
  g.at_ms = 10;
  return g;
}

ChangeBonus change(std::string id, BonusAction action, PlayerId player = 0, int64_t at = 20) {
  return ChangeBonus{std::move(id), action, player, at};
}

Fund fund(std::string key, PlayerId player, Money amount) {
  return Fund{std::move(key), player, "EUR", amount, "demo"};
}

OpenRound open_round(std::string id, int64_t seq) {
  return OpenRound{std::move(id), "rou-1", "roulette", seq, 1000 + seq};
}

PlaceBets bets(std::string key, std::string round, PlayerId player, std::vector<StakeLine> lines) {
  return PlaceBets{std::move(key), std::move(round), player, "EUR", std::move(lines), 100};
}

StakeLine free_line(std::string spot, Money amount, std::string bonus) {
  return StakeLine{std::move(spot), amount, std::move(bonus)};
}

class BonusTest : public ::testing::TestWithParam<std::tuple<Database, bool>> {
 protected:
  void SetUp() override {
    Options o;
    o.path = path_;
    o.inline_mode = std::get<1>(GetParam());
    ledger_ = Ledger::open(o);
  }
  // Stops the ledger and audits it.
  void expect_checked() {
    ledger_->stop();
    auto report = check_ledger(path_);
    EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
    for (const auto& [currency, sum] : report.sum_by_currency) EXPECT_EQ(sum, Money{}) << currency;
  }
  BonusView bonus(const std::string& id) {
    auto b = ledger_->bonus(id);
    if (!b) throw std::runtime_error("no bonus " + id);
    return *b;
  }
  // Places one round's bets and settles them with the returns given per line.
  std::vector<BetId> place(const std::string& round, int64_t seq, PlayerId player,
                           std::vector<StakeLine> lines) {
    EXPECT_TRUE(run(*ledger_, open_round(round, seq)).ok());
    auto placed = run(*ledger_, bets("b-" + round, round, player, std::move(lines)));
    EXPECT_TRUE(placed.ok()) << failure_name(placed.error());
    return placed.ok() ? placed->bet_ids : std::vector<BetId>{};
  }

  TempDir dir_;
  const std::string path_ = new_location(std::get<0>(GetParam()), dir_, "ledger.db");
  std::unique_ptr<Ledger> ledger_;
};

INSTANTIATE_TEST_SUITE_P(Modes, BonusTest,
                         ::testing::Combine(::testing::Values(Database::sqlite, Database::postgres),
                                            ::testing::Bool()),
                         testing_support::mode_name);

// What needs a batch of several operations: the writer thread alone.
class BonusBatchTest : public BonusTest {};
INSTANTIATE_TEST_SUITE_P(Modes, BonusBatchTest,
                         ::testing::Combine(::testing::Values(Database::sqlite, Database::postgres),
                                            ::testing::Values(false)),
                         testing_support::mode_name);

TEST_P(BonusTest, ACashBonusIsPlayedThroughAndThenTurnsIntoCash) {
  ASSERT_TRUE(run(*ledger_, fund("f", kAlice, major(20))).ok());
  auto granted = run(*ledger_, cash_bonus("c1", kAlice, major(50), major(100)));
  ASSERT_TRUE(granted.ok()) << failure_name(granted.error());
  EXPECT_EQ(granted->status, BonusStatus::pending);
  // Offered, not yet the player's.
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, Money{});

  auto accepted = run(*ledger_, change("c1", BonusAction::accept, kAlice));
  ASSERT_TRUE(accepted.ok()) << failure_name(accepted.error());
  EXPECT_EQ(accepted->status, BonusStatus::active);
  EXPECT_EQ(accepted->remaining, major(50));
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, major(50));

  // 60 staked: 20 cash, 40 bonus; it returns 120: 80 back to the bonus, 40 to cash.
  auto ids = place("r1", 1, kAlice, {{"red", major(60)}});
  ASSERT_TRUE(run(*ledger_, SettleRound{"r1", {{ids[0], major(120)}}, 200}).ok());
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").cash, major(40));
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, major(90));
  EXPECT_EQ(bonus("c1").wagered, major(60));
  EXPECT_EQ(bonus("c1").status, BonusStatus::active);

  // 40 more (cash first): the play-through is met; what the bonus holds becomes cash.
  ids = place("r2", 2, kAlice, {{"black", major(40)}});
  ASSERT_TRUE(run(*ledger_, SettleRound{"r2", {{ids[0], Money{}}}, 300}).ok());
  const BonusView done = bonus("c1");
  EXPECT_EQ(done.status, BonusStatus::wagered);
  EXPECT_EQ(done.wagered, major(100));
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, Money{});
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").cash, major(90));
  expect_checked();
}

TEST_P(BonusTest, ABonusShareThatComesBackAfterThePlayThroughIsCash) {
  ASSERT_TRUE(run(*ledger_, cash_bonus("c1", kAlice, major(50), major(30))).ok());
  ASSERT_TRUE(run(*ledger_, change("c1", BonusAction::accept, kAlice)).ok());
  // Two rounds in play on bonus money; the first to settle meets the play-through.
  auto first = place("r1", 1, kAlice, {{"red", major(30)}});
  ASSERT_TRUE(run(*ledger_, open_round("r2", 2)).ok());
  auto second = run(*ledger_, bets("b-r2", "r2", kAlice, {{"red", major(20)}}));
  ASSERT_TRUE(second.ok());
  ASSERT_TRUE(run(*ledger_, SettleRound{"r1", {{first[0], Money{}}}, 200}).ok());
  EXPECT_EQ(bonus("c1").status, BonusStatus::wagered);
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").cash, Money{});
  // The second round's win comes back as cash: the bonus is the player's now.
  ASSERT_TRUE(run(*ledger_, SettleRound{"r2", {{second->bet_ids[0], major(40)}}, 300}).ok());
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").cash, major(40));
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, Money{});
  expect_checked();
}

// The operator's rule bonusFirst: the stake draws on the bonus balance before cash, and the
// win comes back in the same proportion.
TEST_P(BonusTest, AnOperatorMayHaveStakesDrawOnTheBonusFirst) {
  ASSERT_TRUE(run(*ledger_, fund("f", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger_, cash_bonus("c1", kAlice, major(30), major(1000))).ok());
  ASSERT_TRUE(run(*ledger_, change("c1", BonusAction::accept, kAlice)).ok());
  ASSERT_TRUE(run(*ledger_, open_round("r1", 1)).ok());
  PlaceBets op = bets("b1", "r1", kAlice, {{"red", major(40)}});
  op.bonus_first = true;
  auto placed = run(*ledger_, op);
  ASSERT_TRUE(placed.ok()) << failure_name(placed.error());
  // 30 of bonus, then 10 of cash.
  EXPECT_EQ(placed->balance.bonus, Money{});
  EXPECT_EQ(placed->balance.cash, major(90));
  // The same key without the rule is other content.
  EXPECT_EQ(run(*ledger_, bets("b1", "r1", kAlice, {{"red", major(40)}})).error(),
            Failure::key_conflict);
  // 80 back: three quarters to the bonus, a quarter to cash.
  ASSERT_TRUE(run(*ledger_, SettleRound{"r1", {{placed->bet_ids[0], major(80)}}, 200}).ok());
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, major(60));
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").cash, major(110));
  expect_checked();
}

TEST_P(BonusTest, AnExpiredBonusGivesBackWhatIsLeftAndWhatComesBackLater) {
  ASSERT_TRUE(run(*ledger_, cash_bonus("c1", kAlice, major(50), major(1000))).ok());
  ASSERT_TRUE(run(*ledger_, change("c1", BonusAction::accept, kAlice)).ok());
  auto ids = place("r1", 1, kAlice, {{"red", major(20)}});
  // Not before its time.
  auto early = run(*ledger_, change("c1", BonusAction::expire, 0, kExpires - 1));
  ASSERT_FALSE(early.ok());
  EXPECT_EQ(early.error(), Failure::bonus_unavailable);
  auto expired = run(*ledger_, change("c1", BonusAction::expire, 0, kExpires));
  ASSERT_TRUE(expired.ok()) << failure_name(expired.error());
  EXPECT_EQ(expired->status, BonusStatus::expired);
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, Money{});
  // The bet in play wins: its bonus share goes back to the operator, not to the player.
  ASSERT_TRUE(run(*ledger_, SettleRound{"r1", {{ids[0], major(40)}}, 200}).ok());
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").total(), Money{});
  // An expired bonus cannot be accepted, cancelled or expired again.
  EXPECT_EQ(run(*ledger_, change("c1", BonusAction::cancel)).error(), Failure::bonus_unavailable);
  expect_checked();
}

// A stake placed before the bonus must not count toward its play-through (nor could a
// safe bet placed then be blocked): a cash bonus waits until the player's bets are over.
TEST_P(BonusTest, ACashBonusIsAcceptedOnlyWithNoBetInPlay) {
  ASSERT_TRUE(run(*ledger_, fund("f", kAlice, major(100))).ok());
  ASSERT_TRUE(run(*ledger_, cash_bonus("c1", kAlice, major(10), major(50))).ok());
  auto ids = place("r1", 1, kAlice, {{"red", major(50)}, {"black", major(50)}});
  EXPECT_EQ(run(*ledger_, change("c1", BonusAction::accept, kAlice)).error(),
            Failure::bonus_unavailable);
  ASSERT_TRUE(
      run(*ledger_, SettleRound{"r1", {{ids[0], major(100)}, {ids[1], Money{}}}, 200}).ok());
  auto accepted = run(*ledger_, change("c1", BonusAction::accept, kAlice, 300));
  ASSERT_TRUE(accepted.ok()) << failure_name(accepted.error());
  // The round before does not count.
  EXPECT_EQ(accepted->wagered, Money{});
  EXPECT_EQ(accepted->status, BonusStatus::active);
  expect_checked();
}

// What a bonus staked follows that bonus when it comes back: an offer declined since (never
// accepted) does not take it.
TEST_P(BonusTest, ABonusShareFollowsTheLastBonusThePlayerAccepted) {
  ASSERT_TRUE(run(*ledger_, cash_bonus("a", kAlice, major(50), major(30))).ok());
  ASSERT_TRUE(run(*ledger_, change("a", BonusAction::accept, kAlice)).ok());
  auto first = place("r1", 1, kAlice, {{"red", major(30)}});
  ASSERT_TRUE(run(*ledger_, open_round("r2", 2)).ok());
  auto second = run(*ledger_, bets("b-r2", "r2", kAlice, {{"red", major(20)}}));
  ASSERT_TRUE(second.ok());
  ASSERT_TRUE(run(*ledger_, SettleRound{"r1", {{first[0], Money{}}}, 200}).ok());
  EXPECT_EQ(bonus("a").status, BonusStatus::wagered);
  // Offered and declined after A was played through: the later status change.
  ASSERT_TRUE(run(*ledger_, cash_bonus("b", kAlice, major(5), major(10))).ok());
  ASSERT_TRUE(run(*ledger_, change("b", BonusAction::decline, kAlice, 250)).ok());
  ASSERT_TRUE(run(*ledger_, SettleRound{"r2", {{second->bet_ids[0], major(40)}}, 300}).ok());
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").cash, major(40));
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, Money{});
  expect_checked();
}

TEST_P(BonusTest, APlayerAnswersOnceAndHoldsOneCashBonusAtATime) {
  ASSERT_TRUE(run(*ledger_, cash_bonus("c1", kAlice, major(10), major(100))).ok());
  ASSERT_TRUE(run(*ledger_, cash_bonus("c2", kAlice, major(20), major(100))).ok());
  ASSERT_TRUE(run(*ledger_, cash_bonus("c3", kAlice, major(30), major(100))).ok());
  // Only the bonus's player answers for it.
  EXPECT_EQ(run(*ledger_, change("c1", BonusAction::accept, kBob)).error(),
            Failure::bonus_unavailable);
  ASSERT_TRUE(run(*ledger_, change("c1", BonusAction::accept, kAlice)).ok());
  auto again = run(*ledger_, change("c1", BonusAction::accept, kAlice));
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->replayed);
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, major(10));
  // A second cash bonus waits until the first has ended.
  EXPECT_EQ(run(*ledger_, change("c2", BonusAction::accept, kAlice)).error(),
            Failure::bonus_unavailable);
  auto declined = run(*ledger_, change("c3", BonusAction::decline, kAlice));
  ASSERT_TRUE(declined.ok());
  EXPECT_EQ(declined->status, BonusStatus::cancelled);
  EXPECT_EQ(run(*ledger_, change("c3", BonusAction::accept, kAlice)).error(),
            Failure::bonus_unavailable);
  ASSERT_TRUE(run(*ledger_, change("c1", BonusAction::cancel)).ok());
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, Money{});
  ASSERT_TRUE(run(*ledger_, change("c2", BonusAction::accept, kAlice)).ok());
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").bonus, major(20));
  // A bonus granted twice under one id with other terms is a conflict.
  EXPECT_EQ(run(*ledger_, cash_bonus("c1", kAlice, major(11), major(100))).error(),
            Failure::key_conflict);
  const auto list = ledger_->bonuses(kAlice);
  ASSERT_EQ(list.size(), 3u);
  expect_checked();
}

TEST_P(BonusTest, FreeBetsStakeChipsAndPayTheirWinningsUpToTheLimit) {
  ASSERT_TRUE(run(*ledger_, fund("f", kAlice, major(5))).ok());
  ASSERT_TRUE(run(*ledger_, free_bets("fb", kAlice, major(1), 5, major(30))).ok());
  auto accepted = run(*ledger_, change("fb", BonusAction::accept, kAlice));
  ASSERT_TRUE(accepted.ok());
  EXPECT_EQ(accepted->chips_left, 5);
  // Chips are not the player's balance.
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").total(), major(5));

  // Two chips on 17 and one euro of her own on red.
  auto ids = place("r1", 1, kAlice, {free_line("17", major(2), "fb"), StakeLine{"red", major(1)}});
  EXPECT_EQ(bonus("fb").chips_left, 3);
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").cash, major(4));
  // 17 wins 35 to 1: 72 returned; the free bet pays its winnings, 70, cut to the limit 30.
  auto settled = run(*ledger_, SettleRound{"r1", {{ids[0], major(72)}, {ids[1], Money{}}}, 200});
  ASSERT_TRUE(settled.ok()) << failure_name(settled.error());
  EXPECT_EQ(settled->players[0].returned, major(30));
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").cash, major(34));
  EXPECT_EQ(bonus("fb").won, major(30));

  // The limit is reached: another winning chip pays nothing more; a losing one costs a chip.
  ids = place("r2", 2, kAlice, {free_line("17", major(1), "fb"), free_line("0", major(1), "fb")});
  ASSERT_TRUE(run(*ledger_, SettleRound{"r2", {{ids[0], major(36)}, {ids[1], Money{}}}, 300}).ok());
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").cash, major(34));
  EXPECT_EQ(bonus("fb").chips_left, 1);

  // A cancelled round gives the chip back.
  ASSERT_TRUE(run(*ledger_, open_round("r3", 3)).ok());
  ASSERT_TRUE(run(*ledger_, bets("b-r3", "r3", kAlice, {free_line("red", major(1), "fb")})).ok());
  EXPECT_EQ(bonus("fb").chips_left, 0);
  ASSERT_TRUE(run(*ledger_, CancelRound{"r3", "dealer error", 400}).ok());
  EXPECT_EQ(bonus("fb").chips_left, 1);
  expect_checked();
}

TEST_P(BonusTest, AFreeBetIsRefusedUnlessItsChipsAreTheirsActiveWholeAndEnough) {
  ASSERT_TRUE(run(*ledger_, fund("f", kBob, major(100))).ok());
  ASSERT_TRUE(run(*ledger_, free_bets("fb", kAlice, major(2), 3, Money{})).ok());
  ASSERT_TRUE(run(*ledger_, open_round("r1", 1)).ok());
  const auto try_bet = [&](std::string key, PlayerId who, Money amount, std::string bonus) {
    return run(*ledger_, bets(std::move(key), "r1", who, {free_line("red", amount, bonus)}));
  };
  EXPECT_EQ(try_bet("k1", kAlice, major(2), "fb").error(), Failure::bonus_unavailable);  // pending
  ASSERT_TRUE(run(*ledger_, change("fb", BonusAction::accept, kAlice)).ok());
  EXPECT_EQ(try_bet("k2", kBob, major(2), "fb").error(), Failure::bonus_unavailable);  // not his
  EXPECT_EQ(try_bet("k3", kAlice, major(3), "fb").error(), Failure::invalid_request);  // 1.5 chips
  EXPECT_EQ(try_bet("k4", kAlice, major(8), "fb").error(), Failure::insufficient_funds);
  EXPECT_EQ(try_bet("k5", kAlice, major(2), "none").error(), Failure::bonus_unavailable);
  auto ok = try_bet("k6", kAlice, major(6), "fb");
  ASSERT_TRUE(ok.ok()) << failure_name(ok.error());
  EXPECT_EQ(bonus("fb").chips_left, 0);
  EXPECT_EQ(try_bet("k7", kAlice, major(2), "fb").error(), Failure::insufficient_funds);
  // Cancelled with its chips in play: what comes back goes to the operator.
  ASSERT_TRUE(run(*ledger_, change("fb", BonusAction::cancel)).ok());
  ASSERT_TRUE(run(*ledger_, CancelRound{"r1", "shuffle", 300}).ok());
  EXPECT_EQ(bonus("fb").chips_left, 0);
  EXPECT_EQ(ledger_->balance(kAlice, "EUR").total(), Money{});
  expect_checked();
}

// The player accepts and declines at once while free bets on every chip arrive twice, in one
// batch: one answer wins, and the chips are staked at most once.
TEST_P(BonusBatchTest, RacingAnswersAndBetsNeverSpendAChipTwice) {
  ASSERT_TRUE(run(*ledger_, free_bets("fb", kAlice, major(1), 4, Money{})).ok());
  ASSERT_TRUE(run(*ledger_, open_round("r1", 1)).ok());
  WriterGate gate;
  gate.close(*ledger_, "gate");
  std::vector<std::future<Result<BonusView, Failure>>> answers;
  std::vector<std::future<Result<PlacedBets, Failure>>> placed;
  const auto answer = [&](BonusAction action) {
    auto p = std::make_shared<std::promise<Result<BonusView, Failure>>>();
    answers.push_back(p->get_future());
    ledger_->submit(change("fb", action, kAlice),
                    [p](Result<BonusView, Failure> r) { p->set_value(std::move(r)); });
  };
  const auto bet = [&](std::string key) {
    auto p = std::make_shared<std::promise<Result<PlacedBets, Failure>>>();
    placed.push_back(p->get_future());
    ledger_->submit(bets(std::move(key), "r1", kAlice, {free_line("red", major(3), "fb")}),
                    [p](Result<PlacedBets, Failure> r) { p->set_value(std::move(r)); });
  };
  bet("early");
  answer(BonusAction::accept);
  answer(BonusAction::decline);
  bet("a");
  bet("b");
  bet("a");
  gate.open();
  std::vector<Result<BonusView, Failure>> a;
  for (auto& f : answers) a.push_back(f.get());
  std::vector<Result<PlacedBets, Failure>> b;
  for (auto& f : placed) b.push_back(f.get());
  // Before the answer the chips were not there; accepted first, declining came too late.
  EXPECT_EQ(b[0].error(), Failure::bonus_unavailable);
  ASSERT_TRUE(a[0].ok());
  EXPECT_EQ(a[1].error(), Failure::bonus_unavailable);
  // Three chips of four for "a" (and its replay); "b" finds one left.
  ASSERT_TRUE(b[1].ok());
  EXPECT_EQ(b[2].error(), Failure::insufficient_funds);
  ASSERT_TRUE(b[3].ok());
  EXPECT_TRUE(b[3]->replayed);
  EXPECT_EQ(b[3]->bet_ids, b[1]->bet_ids);
  EXPECT_EQ(bonus("fb").chips_left, 1);
  expect_checked();
}

}  // namespace
}  // namespace croupier::ledger
