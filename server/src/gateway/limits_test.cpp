#include "gateway/limits.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

namespace croupier::gateway {
namespace {

// Wednesday 2026-11-25 15:30 UTC.
constexpr int64_t kWednesday = 1'795'620'600'000;
constexpr int64_t kDay = 86'400'000;

TEST(Limits, PeriodsBeginAtUtcMidnightOfTheDayMondayAndTheFirst) {
  EXPECT_EQ(period_start("loss_day", kWednesday), 1'795'651'200'000 - kDay);        // 25 Nov 00:00
  EXPECT_EQ(period_start("wager_week", kWednesday), 1'795'651'200'000 - 3 * kDay);  // Mon 23
  EXPECT_EQ(period_start("wager_month", kWednesday), 1'795'651'200'000 - 25 * kDay);  // 1 Nov
}

TEST(Limits, APlayerLowersAtOnceAndRaisesOrRemovesAfterTheCoolingOff) {
  store::LimitRow row = player_change(std::nullopt, 7, "loss_day", 50'00000, kWednesday);
  EXPECT_EQ(effective_amount(row, kWednesday), 50'00000);
  row = player_change(row, 7, "loss_day", 20'00000, kWednesday);
  EXPECT_EQ(effective_amount(row, kWednesday), 20'00000);
  row = player_change(row, 7, "loss_day", 80'00000, kWednesday);
  EXPECT_EQ(effective_amount(row, kWednesday), 20'00000);
  EXPECT_EQ(effective_amount(row, kWednesday + kLimitCoolingOffMs), 80'00000);
  row = player_change(row, 7, "loss_day", std::nullopt, kWednesday + kLimitCoolingOffMs);
  EXPECT_EQ(effective_amount(row, kWednesday + kLimitCoolingOffMs), 80'00000);
  EXPECT_EQ(effective_amount(row, kWednesday + 2 * kLimitCoolingOffMs), std::nullopt);
}

TEST(Limits, TheLowerOfThePlayersAndTheOperatorsCounts) {
  store::LimitRow mine{7, "wager_week", "player", 100'00000, false, {}, 0};
  store::LimitRow theirs{7, "wager_week", "operator", 60'00000, false, {}, 0};
  auto limits = effective_limits({mine, theirs}, kWednesday);
  ASSERT_EQ(limits.size(), 1u);
  EXPECT_EQ(limits.at("wager_week"), Money{60'00000});
  EXPECT_TRUE(is_limit_kind("loss_month"));
  EXPECT_FALSE(is_limit_kind("loss_year"));
}

// A ledger that keeps each bet command unanswered until the test answers it (a command in
// flight), in front of a real one for the reads.
class Holding final : public ledger::ForwardingLedger {
 public:
  using ForwardingLedger::ForwardingLedger;
  void submit(ledger::PlaceBets op, ledger::Callback<ledger::PlacedBets> done) override {
    held.push_back(std::move(done));
    (void)op;
  }
  std::vector<ledger::Callback<ledger::PlacedBets>> held;
};

class LimitsLedgerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() / ("limits-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    store = store::Store::open((dir / "app.db").string());
    auto parsed = config::parse_casino(R"({
      "operators": [
        {"id": "plain", "name": "Plain", "secret": "plain-operator-secret-01"},
        {"id": "it", "name": "Italia", "secret": "italia-operator-secret-1",
         "regulation": {"italianSession": {"minutes": 60}, "maxBet": "8.00"}}],
      "tables": [{"id": "rou-1", "name": "Roulette", "game": "roulette",
                  "limits": {"EUR": {"min": "1.00", "tableMax": "500.00", "insideMax": "100.00",
                                     "outsideMax": "500.00", "chips": ["1.00"]}}}]})",
                                       ".");
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    casino = std::move(parsed).value();
    auto holding = std::make_unique<Holding>(
        ledger::Ledger::open(ledger::Options{(dir / "ledger.db").string(), true}));
    inner = holding.get();
    limits = std::make_unique<LimitsLedger>(std::move(holding), *store, casino, clock);
  }
  void TearDown() override {
    limits.reset();
    store.reset();
    std::filesystem::remove_all(dir);
  }
  // Submits a command staking `amount` (a free bet's chips when `free`); its answer so far.
  std::optional<ledger::Failure> bet(const store::Player& p, const std::string& amount,
                                     bool free = false) {
    ledger::PlaceBets op;
    op.key = "k" + std::to_string(++keys);
    op.round_id = "rou-1-000001";
    op.player = p.id;
    op.currency = "EUR";
    op.bets.push_back({"RED", *parse_money(amount), free ? "bonus-1" : ""});
    auto answer = std::make_shared<std::optional<ledger::Failure>>();
    const size_t before = inner->held.size();
    limits->submit(std::move(op), [answer](Result<ledger::PlacedBets, ledger::Failure> r) {
      if (!r.ok()) *answer = r.error();
    });
    if (inner->held.size() > before) return std::nullopt;  // passed on, unanswered
    EXPECT_TRUE(*answer) << "neither passed on nor answered";
    return *answer;
  }
  std::filesystem::path dir;
  std::unique_ptr<store::Store> store;
  config::Casino casino;
  SimClock clock{kWednesday};
  Holding* inner = nullptr;
  std::unique_ptr<LimitsLedger> limits;
  int keys = 0;
};

// Two commands at once cannot both fit a limit: the first's stake counts while it is in
// flight, and is given back when it fails.
TEST_F(LimitsLedgerTest, AStakeInFlightCountsAgainstTheLimitUntilAnswered) {
  store::Player p = store->upsert_player({"plain", "p-1", "Ada", "EUR", "", "en"}, 1).first;
  store::LimitRow row;
  row.player_id = p.id;
  row.kind = "wager_day";
  row.set_by = "operator";
  row.amount = 5'00000;
  store->save_limit(row, kWednesday);
  EXPECT_EQ(bet(p, "3.00"), std::nullopt);  // in flight
  EXPECT_EQ(bet(p, "3.00"), ledger::Failure::limit_reached);
  EXPECT_EQ(bet(p, "2.00"), std::nullopt);              // exactly to the limit
  inner->held[0](ledger::Failure::insufficient_funds);  // the first failed: its 3.00 back
  EXPECT_EQ(bet(p, "3.00"), std::nullopt);
  EXPECT_EQ(bet(p, "1.00", true), std::nullopt);  // a free bet stakes none of the player's
}

// The Italian session: nothing without an open session (a free bet neither), stakes within
// its balance counting those in flight, and the operator's most per command.
TEST_F(LimitsLedgerTest, TheItalianSessionBoundsTheStakesInFlightToo) {
  store::Player p = store->upsert_player({"it", "p-2", "Bea", "EUR", "", "en"}, 1).first;
  EXPECT_EQ(bet(p, "1.00"), ledger::Failure::session_balance);
  EXPECT_EQ(bet(p, "1.00", true), ledger::Failure::session_balance);
  store->create_regulated_session(
      {"ITx", "TKx", p.id, "EUR", 10'00000, kWednesday - 1000, kWednesday + 3'600'000, {}});
  EXPECT_EQ(bet(p, "9.00"), ledger::Failure::regulation_limit);  // above maxBet 8.00
  EXPECT_EQ(bet(p, "6.00"), std::nullopt);
  EXPECT_EQ(bet(p, "5.00"), ledger::Failure::session_balance);  // 4.00 left while in flight
  EXPECT_EQ(bet(p, "4.00"), std::nullopt);
  EXPECT_EQ(bet(p, "1.00", true), std::nullopt);
  clock.advance(std::chrono::hours(1));  // the session is over
  EXPECT_EQ(bet(p, "1.00", true), ledger::Failure::session_balance);
}

}  // namespace
}  // namespace croupier::gateway
