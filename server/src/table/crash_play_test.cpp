// Crash tables (spaceman, big bass) played through the table and the real ledger under a
// simulated clock: the flight, cash-outs in full and by half, automatic cash-outs, the
// crash instant, replays, the cap, an instant crash and the chain of seeds.
#include <gtest/gtest.h>

#include "core/fair.hpp"
#include "games/crash/crash.hpp"
#include "ledger/ledger.hpp"
#include "table/card_testing.hpp"

namespace croupier::table {
namespace {

using namespace card_testing;
namespace crash = games::crash;

constexpr int64_t kLaunchAt = 11000;  // betting 10 s, bets closed 1 s

Harness crash_table(const std::string& name, std::vector<std::string> script) {
  TableConfig c = card_config("sm-t", "crash", "spaceman", std::move(script));
  c.type = "spaceman";
  return Harness(name, c, engines_for("crash", "spaceman"));
}

CashOutAck cash_out(Harness& h, PlayerId player, std::string spot, bool half,
                    std::string request_id) {
  std::optional<CashOutAck> got;
  CashOutCommand c;
  c.player = player;
  c.request_id = std::move(request_id);
  c.spot = std::move(spot);
  c.half = half;
  h.table->cash_out(std::move(c), [&](const CashOutAck& a) { got = a; });
  h.table->advance();
  h.drain();
  EXPECT_TRUE(got.has_value());
  return got.value_or(CashOutAck{});
}

AutoCashOutAck set_auto(Harness& h, PlayerId player, std::string spot, std::optional<int64_t> at,
                        std::optional<int64_t> half_at = {}) {
  AutoCashOutCommand c;
  c.player = player;
  c.request_id = "auto-" + spot;
  c.spot = std::move(spot);
  c.autos = {at, half_at};
  auto ack = h.table->auto_cash_out(std::move(c));
  h.table->advance();
  h.drain();
  return ack;
}

// Runs the clock to `ms` since the start.
void run_to(Harness& h, int64_t ms) {
  h.run_for(Millis{ms - h.now_ms()});
}

void expect_ledger_ok(Harness& h) {
  h.ledger->flush();
  auto report = ledger::check_ledger(h.path);
  EXPECT_TRUE(report.ok) << (report.problems.empty() ? "" : report.problems.front());
  EXPECT_EQ(report.bets_in_play, 0);
}

TEST(CrashPlay, ACashOutBeforeTheCrashIsPaidAtTheMultiplierOfItsReceipt) {
  Harness h = crash_table("crash-cashout", {"2.00"});
  h.start();
  h.fund(1, "100");
  h.fund(2, "100");
  ASSERT_TRUE(h.bet(1, {{"BET_1", eur("10")}}, "b1", "Ann").accepted.size() == 1);
  ASSERT_TRUE(h.bet(2, {{"BET_1", eur("10")}}, "b2", "Bob").accepted.size() == 1);
  auto launch = h.run_until("launch");
  ASSERT_TRUE(launch);
  EXPECT_EQ(at_ms(*launch), kLaunchAt);
  EXPECT_EQ(launch->at("launchedAt").as_int64(), kWallStart + kLaunchAt);

  // 1.50× is reached 4055 ms after launch.
  const int64_t at = kLaunchAt + crash::time_to(150).count();
  run_to(h, at);
  CashOutAck ack = cash_out(h, 1, "BET_1", false, "c-1");
  ASSERT_TRUE(ack.paid) << (ack.refusal ? ack.refusal->detail : "");
  EXPECT_EQ(ack.paid->x, 150);
  EXPECT_EQ(ack.paid->returned, eur("15"));
  EXPECT_EQ(h.balance(1), eur("105"));

  auto crashed = h.run_until("crash");
  ASSERT_TRUE(crashed);
  EXPECT_EQ(crashed->at("x").as_string(), "2.00");
  EXPECT_EQ(at_ms(*crashed), kLaunchAt + crash::time_to(200).count());
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->at("result").as_string(), "2.00");
  EXPECT_EQ(h.balance(1), eur("105"));
  EXPECT_EQ(h.balance(2), eur("90"));  // still flying at the crash
  // Everyone saw Ann's cash-out, by name.
  auto shown = h.all("cashouts");
  ASSERT_FALSE(shown.empty());
  EXPECT_EQ(shown.front().at("list").as_array()[0].at("name").as_string(), "Ann");
  expect_ledger_ok(h);
}

TEST(CrashPlay, ACashOutReceivedAtOrAfterTheCrashInstantIsRefusedWith1017) {
  Harness h = crash_table("crash-late", {"2.00"});
  h.start();
  h.fund(1, "100");
  h.bet(1, {{"BET_1", eur("10")}}, "b1");
  h.run_until("launch");
  run_to(h, kLaunchAt + crash::time_to(200).count() - 1);
  // Due, but the crash has not been run: the receipt time decides.
  h.clock.advance_to(MonoTime{Millis{kLaunchAt + crash::time_to(200).count()}});
  CashOutAck ack = cash_out(h, 1, "BET_1", false, "c-late");
  ASSERT_TRUE(ack.refusal);
  EXPECT_EQ(ack.refusal->code, ErrorCode::TurnEnded);
  h.run_until("gameresult");
  EXPECT_EQ(h.balance(1), eur("90"));
  expect_ledger_ok(h);
}

TEST(CrashPlay, ACashOutReceivedBeforeTheLaunchIsRefusedWith1006EvenIfHandledAfterIt) {
  Harness h = crash_table("crash-early", {"1.00"});
  h.start();
  h.fund(1, "100");
  h.bet(1, {{"BET_1", eur("10")}}, "b1");
  h.run_until("launch");
  std::optional<CashOutAck> got;
  CashOutCommand c;
  c.player = 1;
  c.request_id = "early";
  c.spot = "BET_1";
  c.received = MonoTime{Millis{kLaunchAt - 1}};  // stamped before the launch, queued behind it
  h.table->cash_out(std::move(c), [&](const CashOutAck& a) { got = a; });
  h.drain();
  ASSERT_TRUE(got);
  EXPECT_EQ(code_of(got->refusal), ErrorCode::WaitForNextRound);
  h.run_until("gameresult");
  EXPECT_EQ(h.balance(1), eur("90"));  // an instant crash: lost
  expect_ledger_ok(h);
}

TEST(CrashPlay, ACashOutSentTwiceIsPaidOnceAndASecondRequestIsRefused) {
  Harness h = crash_table("crash-twice", {"3.00"});
  h.start();
  h.fund(1, "100");
  h.bet(1, {{"BET_1", eur("10")}}, "b1");
  h.run_until("launch");
  run_to(h, kLaunchAt + crash::time_to(120).count());
  CashOutAck first = cash_out(h, 1, "BET_1", false, "c-1");
  CashOutAck again = cash_out(h, 1, "BET_1", false, "c-1");
  ASSERT_TRUE(first.paid);
  ASSERT_TRUE(again.paid);
  EXPECT_EQ(again.paid->returned, first.paid->returned);
  CashOutAck other = cash_out(h, 1, "BET_1", false, "c-2");
  ASSERT_TRUE(other.refusal);
  EXPECT_EQ(other.refusal->code, ErrorCode::InvalidBet);
  EXPECT_EQ(h.balance(1), eur("90") + first.paid->returned);
  h.run_until("gameresult");
  EXPECT_EQ(h.balance(1), eur("90") + first.paid->returned);
  expect_ledger_ok(h);
}

TEST(CrashPlay, HalfNowThenTheRestAutomaticallyAtItsTarget) {
  Harness h = crash_table("crash-half", {"4.00"});
  h.start();
  h.fund(1, "100");
  h.bet(1, {{"BET_1", eur("10")}}, "b1");
  auto set = set_auto(h, 1, "BET_1", 250);
  ASSERT_FALSE(set.refusal);
  h.run_until("launch");
  run_to(h, kLaunchAt + crash::time_to(200).count());
  CashOutAck half = cash_out(h, 1, "BET_1", true, "c-half");
  ASSERT_TRUE(half.paid);
  EXPECT_TRUE(half.paid->half);
  EXPECT_EQ(half.paid->stake, eur("5"));
  EXPECT_EQ(half.paid->returned, eur("10"));
  EXPECT_EQ(h.balance(1), eur("100"));  // 90 + 5 × 2.00; the other 5 still flying
  // The rest at 2.50× exactly, announced to its player in the cashouts event.
  auto mine = h.run_until_event([](const json::object& e) { return type_of(e) == "cashouts"; });
  ASSERT_TRUE(mine);
  h.run_until("gameresult");
  EXPECT_EQ(h.balance(1), eur("112.50"));  // 100 + 5 × 2.50
  auto own = h.mine(1, "cashouts");
  ASSERT_TRUE(own);
  ASSERT_TRUE(own->contains("mine"));
  const auto& automatic = own->at("mine").as_array().back().as_object();
  EXPECT_EQ(automatic.at("x").as_string(), "2.50");
  EXPECT_EQ(automatic.at("auto").as_bool(), true);
  EXPECT_EQ(automatic.at("returned").as_string(), "12.50");
  expect_ledger_ok(h);
}

TEST(CrashPlay, AnAutomaticTargetAboveTheCrashPointPaysNothing) {
  Harness h = crash_table("crash-auto-miss", {"1.80", "1.80"});
  h.start();
  h.fund(1, "100");
  h.bet(1, {{"BET_1", eur("10")}, {"BET_2", eur("10")}}, "b1");
  ASSERT_FALSE(set_auto(h, 1, "BET_1", 181).refusal);
  ASSERT_FALSE(set_auto(h, 1, "BET_2", 180, 150).refusal);  // half at 1.50, rest at 1.80
  h.run_until("gameresult");
  // BET_1 lost; BET_2: 5 × 1.5 + 5 × 1.8.
  EXPECT_EQ(h.balance(1), eur("80") + eur("7.50") + eur("9"));
  // The settings are kept: next round pays again without a new command.
  ASSERT_TRUE(h.run_until("betsopen"));
  ASSERT_EQ(h.bet(1, {{"BET_2", eur("10")}}, "b2").accepted.size(), 1u);
  const Money before = h.balance(1);
  h.run_until("launch");
  h.run_until("gameresult");
  EXPECT_EQ(h.balance(1), before + eur("16.50"));
  expect_ledger_ok(h);
}

TEST(CrashPlay, BadAutomaticTargetsAreRefused) {
  Harness h = crash_table("crash-auto-bad", {});
  h.start();
  EXPECT_EQ(code_of(set_auto(h, 1, "BET_1", 100).refusal), ErrorCode::InvalidBet);
  EXPECT_EQ(code_of(set_auto(h, 1, "BET_1", 200, 250).refusal), ErrorCode::InvalidBet);
  EXPECT_EQ(code_of(set_auto(h, 1, "BET_3", 200).refusal), ErrorCode::InvalidBet);
  EXPECT_FALSE(set_auto(h, 1, "BET_1", 500'000).refusal);
  EXPECT_FALSE(set_auto(h, 1, "BET_1", std::nullopt).refusal);  // off
}

TEST(CrashPlay, AnInstantCrashLosesEveryBetAndRefusesEveryCashOut) {
  Harness h = crash_table("crash-instant", {"1.00"});
  h.start();
  h.fund(1, "100");
  h.bet(1, {{"BET_1", eur("10")}}, "b1");
  ASSERT_FALSE(set_auto(h, 1, "BET_1", 101).refusal);
  auto crashed = h.run_until("crash");
  ASSERT_TRUE(crashed);
  EXPECT_EQ(crashed->at("x").as_string(), "1.00");
  EXPECT_EQ(at_ms(*crashed), kLaunchAt);
  CashOutAck late = cash_out(h, 1, "BET_1", false, "c-1");
  EXPECT_EQ(code_of(late.refusal), ErrorCode::TurnEnded);
  h.run_until("gameresult");
  EXPECT_EQ(h.balance(1), eur("90"));
  expect_ledger_ok(h);
}

TEST(CrashPlay, ARoundThatReachesTheCapPaysEveryStakeStillFlying5000Times) {
  Harness h = crash_table("crash-cap", {"5000.00|cap"});
  h.start();
  h.fund(1, "100");
  h.bet(1, {{"BET_1", eur("1")}}, "b1");
  auto crashed = h.run_until("crash");
  ASSERT_TRUE(crashed);
  EXPECT_TRUE(crashed->at("capped").as_bool());
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result);
  EXPECT_EQ(h.balance(1), eur("5099"));
  auto mine = h.mine(1, "gameresult");
  ASSERT_TRUE(mine);
  EXPECT_EQ(mine->at("win").as_string(), "5000.00");
  expect_ledger_ok(h);
}

TEST(CrashPlay, CashOutsNeedAFlightAndAStake) {
  Harness h = crash_table("crash-refusals", {"3.00"});
  h.start();
  h.fund(1, "100");
  h.bet(1, {{"BET_1", eur("10")}}, "b1");
  EXPECT_EQ(code_of(cash_out(h, 1, "BET_1", false, "early").refusal), ErrorCode::WaitForNextRound);
  h.run_until("launch");
  EXPECT_EQ(code_of(cash_out(h, 1, "BET_2", false, "none").refusal), ErrorCode::InvalidBet);
  EXPECT_EQ(code_of(cash_out(h, 2, "BET_1", false, "other").refusal), ErrorCode::InvalidBet);
  h.run_until("gameresult");
  expect_ledger_ok(h);
}

TEST(CrashPlay, EachRoundsSeedIsTheNextLinkOfAChainCommittedBeforeTheFirstRound) {
  Harness h = crash_table("crash-chain", {});
  h.start();
  auto first = h.run_until("launch");
  ASSERT_TRUE(first);
  const std::string anchor(first->at("chain").at("anchor").as_string());
  std::vector<std::string> seeds;
  std::vector<std::string> hashes;
  for (int round = 0; round < 3; ++round) {
    auto result = h.run_until("gameresult");
    ASSERT_TRUE(result);
    seeds.emplace_back(result->at("serverSeed").as_string());
    EXPECT_EQ(result->at("clientSeed").as_string(), "");  // fixed before any bet
    auto opened = h.run_until("betsopen");
    ASSERT_TRUE(opened);
    hashes.emplace_back(opened->at("fairHash").as_string());
  }
  for (size_t k = 0; k < seeds.size(); ++k) {
    EXPECT_TRUE(fair::in_chain(seeds[k], k + 1, anchor)) << k;
    // The next round's commitment is this round's seed: s_k = commitment(s_{k+1}).
    EXPECT_EQ(hashes[k], seeds[k]) << "hash of round " << k + 2;
  }
  EXPECT_FALSE(fair::in_chain(seeds[1], 1, anchor));
}

}  // namespace
}  // namespace croupier::table
