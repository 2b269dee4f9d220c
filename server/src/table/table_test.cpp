// The round state machine under a simulated clock, with the real ledger (inline mode, on
// a temporary file) and the real European roulette engine.
#include "table/table.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <deque>
#include <filesystem>

#include "games/roulette/roulette.hpp"
#include "table/roulette_table_testing.hpp"
#include "table/table_testing.hpp"

namespace croupier::table {
namespace {

using namespace roulette_table_testing;
TEST(Table, RunsRoundsOnTheClockWithEveryStateAndVersion) {
  Harness h("lifecycle");
  h.table->start();
  h.drain();
  ASSERT_EQ(h.table->state(), RoundState::waiting_for_bets);
  const std::string first_round = h.table->round_id();
  EXPECT_EQ(first_round, "rou-t-000001");
  const int64_t opened_wall = h.clock.wall_ms();
  EXPECT_EQ(h.last("betsopen")->at("endsAt").as_int64(), opened_wall + 10000);

  h.run_for(Millis{6999});
  EXPECT_FALSE(h.last("betsclosingsoon").has_value());
  h.run_for(Millis{1});  // 7 s: three seconds before betting ends
  ASSERT_TRUE(h.last("betsclosingsoon").has_value());
  EXPECT_EQ(h.last("betsclosingsoon")->at("remainingMs").as_int64(), 3000);
  h.run_for(Millis{3000});  // 10 s
  EXPECT_EQ(h.table->state(), RoundState::bets_closed);
  h.run_for(Millis{1000});  // 11 s: the ball is launched
  EXPECT_EQ(h.table->state(), RoundState::waiting_for_result);
  EXPECT_EQ(h.last("gamestate")->at("state").as_int64(), 6);
  h.run_for(Millis{4000});  // 15 s: result
  EXPECT_EQ(h.table->state(), RoundState::game_over);
  auto result = h.last("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("gameId").as_string(), first_round);
  EXPECT_EQ(result->at("state").as_int64(), 24);
  h.run_for(Millis{2000});  // 17 s
  EXPECT_EQ(h.table->state(), RoundState::wait_for_next_game);
  h.run_for(Millis{1000});  // 18 s: the next round opens
  EXPECT_EQ(h.table->state(), RoundState::waiting_for_bets);
  EXPECT_EQ(h.table->round_id(), "rou-t-000002");

  EXPECT_EQ(types(h.events),
            (std::vector<std::string>{"betsopen", "timer", "betsclosingsoon", "timer", "betsclosed",
                                      "gamestate", "gameresult", "gamestate", "betsopen"}));
  for (size_t i = 0; i < h.events.size(); ++i) {
    EXPECT_EQ(h.events[i].at("v").as_int64(), static_cast<int64_t>(i + 1));
    EXPECT_EQ(h.events[i].at("table").as_string(), "rou-t");
  }
  // The result is in the ledger's history, which statistics read.
  auto recent = h.ledger->recent_results("rou-t", 10);
  ASSERT_EQ(recent.size(), 1u);
  EXPECT_EQ(recent[0].result, std::string(result->at("result").as_string()));
}

TEST(Table, WinningAndLosingBetsMoveTheBalanceExactly) {
  Harness h("settle");
  h.fund(1, "100");
  h.table->start();
  for (int round = 0; round < 20; ++round) {
    h.drain();
    ASSERT_EQ(h.table->state(), RoundState::waiting_for_bets);
    const Money before = h.balance(1);
    BetAck ack = h.bet(1, {{"RED", eur("2")}, {"STRAIGHT_17", eur("1")}, {"DOZEN_1", eur("0.50")}},
                       "r" + std::to_string(round));
    ASSERT_EQ(ack.accepted.size(), 3u);
    EXPECT_EQ(ack.balance->total(), before - eur("3.50"));
    EXPECT_EQ(ack.round_total, eur("3.50"));
    EXPECT_TRUE(h.ledger->has_bets_in_play(1));
    h.run_for(Millis{15000});
    EXPECT_FALSE(h.ledger->has_bets_in_play(1));
    auto result = h.last("gameresult");
    int n = std::stoi(std::string(result->at("result").as_string()));
    Money expected_win;
    if (n != 0 && red(n)) expected_win += eur("4");      // 1:1 returns stake twice
    if (n == 17) expected_win += eur("36");              // 35:1
    if (n >= 1 && n <= 12) expected_win += eur("1.50");  // 2:1
    EXPECT_EQ(h.balance(1), before - eur("3.50") + expected_win) << "result " << n;
    const json::object& mine = h.personal[1].back();
    EXPECT_EQ(mine.at("type").as_string(), "gameresult");
    EXPECT_EQ(*parse_money(mine.at("win").as_string()), expected_win);
    EXPECT_EQ(*parse_money(mine.at("balance").as_string()), h.balance(1));
    h.run_for(Millis{3000});
  }
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(Table, ARefusedBetStillReportsWhatThePlayerHasOnTheRound) {
  Harness h("refused-total");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  ASSERT_EQ(h.bet(1, {{"RED", eur("2")}}, "first").accepted.size(), 1u);
  BetAck bad = h.bet(1, {{"NO_SUCH_SPOT", eur("1")}}, "bad");
  EXPECT_TRUE(bad.refusal.has_value());
  EXPECT_EQ(bad.round_total, eur("2"));  // not 0.00: the RED bet stands
  h.run_for(Millis{10000});              // bets closed
  BetAck late = h.bet(1, {{"RED", eur("1")}}, "late");
  EXPECT_EQ(late.error(), ErrorCode::BetLate);
  EXPECT_EQ(late.round_total, eur("2"));
}

TEST(Table, RefusesBetsOutsideTheOpenPhaseWithTheRightCodes) {
  Harness h("late");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  const std::string round = h.table->round_id();
  h.run_for(Millis{10000});  // bets closed
  BetAck late = h.bet(1, {{"RED", eur("1")}}, "late-1");
  EXPECT_EQ(late.error(), ErrorCode::BetLate);
  EXPECT_EQ(late.refusal->detail, "bets are closed for round " + round);
  ASSERT_EQ(late.rejected.size(), 1u);
  EXPECT_EQ(late.rejected[0].code, ErrorCode::BetLate);
  h.run_for(Millis{7000});  // waiting for the next game
  ASSERT_EQ(h.table->state(), RoundState::wait_for_next_game);
  EXPECT_EQ(h.bet(1, {{"RED", eur("1")}}, "early-1").error(), ErrorCode::WaitForNextRound);
  h.run_for(Millis{1000});
  ASSERT_EQ(h.table->state(), RoundState::waiting_for_bets);
  // Bets meant for the round that is over are late, not placed on the new round.
  EXPECT_EQ(h.bet(1, {{"RED", eur("1")}}, "old-1", PlaceBetsCommand::Kind::add, round).error(),
            ErrorCode::BetLate);
  EXPECT_EQ(h.balance(1), eur("100"));
}

TEST(Table, EachBetIsAcceptedOrRefusedWithACode) {
  Harness h("codes", test_engines(false));
  h.fund(1, "100");
  h.fund(2, "1");
  h.table->start();
  h.drain();
  BetAck ack = h.bet(1,
                     {{"STRAIGHT_40", eur("1")},
                      {"RED", eur("0.10")},
                      {"RED", eur("5")},
                      {"BLACK", eur("5")},
                      {"STRAIGHT_5", eur("150")},
                      {"SPLIT_2_1", eur("1")}},
                     "mixed");
  ASSERT_EQ(ack.accepted.size(), 2u);
  EXPECT_EQ(ack.accepted[0].spot, "RED");
  EXPECT_EQ(ack.accepted[1].spot, "SPLIT_1_2");  // canonical form
  ASSERT_EQ(ack.rejected.size(), 4u);
  EXPECT_EQ(ack.rejected[0].code, ErrorCode::InvalidBet);
  EXPECT_EQ(ack.rejected[1].code, ErrorCode::BelowMinimum);
  EXPECT_EQ(ack.rejected[2].code, ErrorCode::OppositeBets);
  EXPECT_EQ(ack.rejected[3].code, ErrorCode::OverInsideMax);
  EXPECT_EQ(h.balance(1), eur("94"));

  BetAck poor = h.bet(2, {{"RED", eur("5")}}, "poor");
  EXPECT_EQ(poor.error(), ErrorCode::InsufficientFunds);
  EXPECT_EQ(h.balance(2), eur("1"));

  // All or nothing: one bad bet refuses the others with 1008.
  BetAck all = h.bet(1, {{"ODD", eur("1")}, {"STRAIGHT_99", eur("1")}}, "aon",
                     PlaceBetsCommand::Kind::all_or_nothing);
  EXPECT_TRUE(all.accepted.empty());
  ASSERT_EQ(all.rejected.size(), 2u);
  EXPECT_EQ(all.rejected[0].code, ErrorCode::BetsNotAccepted);
  EXPECT_EQ(all.rejected[1].code, ErrorCode::InvalidBet);
  EXPECT_EQ(h.balance(1), eur("94"));
}

TEST(Table, ACheckValueThatIsNotTheTotalRefusesTheCommand) {
  Harness h("check");
  h.fund(1, "50");
  h.table->start();
  h.drain();
  PlaceBetsCommand c;
  c.player = 1;
  c.currency = "EUR";
  c.request_id = "cv";
  c.bets = {{"RED", eur("2")}, {"ODD", eur("1")}};
  c.check_total = eur("2");
  std::optional<BetAck> ack;
  h.table->place_bets(c, [&](const BetAck& a) { ack = a; });
  h.drain();
  ASSERT_TRUE(ack.has_value());
  EXPECT_EQ(ack->error(), ErrorCode::InvalidBet);
  EXPECT_EQ(ack->refusal->detail, "checkValue 2.00 is not the bets' total 3.00");
  EXPECT_EQ(ack->rejected.size(), 2u);
  EXPECT_EQ(h.balance(1), eur("50"));
}

TEST(Table, ARepeatedRequestIsAppliedOnce) {
  Harness h("dup");
  h.fund(1, "50");
  h.table->start();
  h.drain();
  BetAck first = h.bet(1, {{"EVEN", eur("10")}}, "same-id");
  BetAck again = h.bet(1, {{"EVEN", eur("10")}}, "same-id");
  EXPECT_FALSE(first.duplicate);
  EXPECT_TRUE(again.duplicate);
  EXPECT_EQ(again.accepted.size(), 1u);
  EXPECT_EQ(h.balance(1), eur("40"));

  // Sent twice before the ledger answered: both answered, one applied.
  PlaceBetsCommand c;
  c.player = 1;
  c.currency = "EUR";
  c.request_id = "racing";
  c.bets = {{"ODD", eur("5")}};
  std::vector<BetAck> acks;
  h.table->place_bets(c, [&](const BetAck& a) { acks.push_back(a); });
  h.table->place_bets(c, [&](const BetAck& a) { acks.push_back(a); });
  h.drain();
  ASSERT_EQ(acks.size(), 2u);
  EXPECT_FALSE(acks[0].duplicate);
  EXPECT_TRUE(acks[1].duplicate);
  EXPECT_EQ(h.balance(1), eur("35"));
}

TEST(Table, RebetRepeatsTheLastRoundsBets) {
  Harness h("rebet");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  EXPECT_EQ(h.bet(1, {}, "nothing-yet", PlaceBetsCommand::Kind::repeat_last).error(),
            ErrorCode::BetsNotAccepted);
  h.bet(1, {{"RED", eur("2")}, {"RED", eur("1")}, {"STRAIGHT_7", eur("1")}}, "b1");
  h.run_for(Millis{18000});
  ASSERT_EQ(h.table->state(), RoundState::waiting_for_bets);
  const Money before = h.balance(1);
  BetAck again = h.bet(1, {}, "b2", PlaceBetsCommand::Kind::repeat_last);
  ASSERT_EQ(again.accepted.size(), 2u);
  EXPECT_EQ(again.accepted[0].spot, "RED");
  EXPECT_EQ(again.accepted[0].amount, eur("3"));
  EXPECT_EQ(again.accepted[1].spot, "STRAIGHT_7");
  EXPECT_EQ(h.balance(1), before - eur("4"));
}

TEST(Table, ShutdownDuringBettingRefundsTheRound) {
  Harness h("shutdown");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  h.bet(1, {{"RED", eur("10")}}, "s1");
  EXPECT_EQ(h.balance(1), eur("90"));
  bool done = false;
  h.table->shutdown([&] { done = true; });
  h.drain();
  EXPECT_TRUE(done);
  EXPECT_EQ(h.balance(1), eur("100"));
  ASSERT_TRUE(h.last("cancelround").has_value());
  EXPECT_EQ(types(h.events).back(), "table_closed");
  EXPECT_EQ(h.personal[1].back().at("refunded").as_string(), "10.00");
  EXPECT_EQ(h.bet(1, {{"RED", eur("1")}}, "s2").error(), ErrorCode::BetsNotAccepted);
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(Table, ShutdownAfterBetsClosedFinishesTheRound) {
  Harness h("finish");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  h.bet(1, {{"RED", eur("10")}, {"BLACK", eur("10")}}, "f1");
  h.run_for(Millis{10500});  // bets closed
  ASSERT_EQ(h.table->state(), RoundState::bets_closed);
  bool done = false;
  h.table->shutdown([&] { done = true; });
  h.drain();
  EXPECT_TRUE(done);
  EXPECT_EQ(types(h.events).back(), "table_closed");
  auto result = h.last("gameresult");
  ASSERT_TRUE(result.has_value());
  // Red and black together return 20 unless zero came up.
  EXPECT_EQ(h.balance(1), result->at("result").as_string() == "0" ? eur("80") : eur("100"));
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(Table, AHandOverPlaysTheRoundToItsEndAndOpensNoOther) {
  Harness h("handover");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  h.bet(1, {{"RED", eur("10")}}, "h1");
  bool done = false;
  h.table->hand_over([&] { done = true; });
  h.run_for(Millis{120000});  // long enough for several rounds
  ASSERT_TRUE(h.last("gameresult").has_value()) << "the round in play is played out";
  EXPECT_TRUE(done);
  EXPECT_TRUE(h.balance(1) == eur("90") || h.balance(1) == eur("110")) << "settled, not refunded";
  // Settled as usual, no refund, no table_closed, and no round after it.
  EXPECT_FALSE(h.last("cancelround").has_value());
  EXPECT_FALSE(h.last("table_closed").has_value());
  const auto seen = types(h.events);
  EXPECT_EQ(std::count(seen.begin(), seen.end(), "betsopen"), 1);
  EXPECT_FALSE(h.table->next_deadline().has_value());
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(Table, StartSettlesOrRefundsRoundsLeftOpen) {
  const std::string path = temp_db("recover");
  {
    auto l = ledger::Ledger::open({path, true});
    auto ok = [](auto r) { ASSERT_TRUE(r.ok()); };
    l->submit(ledger::Fund{"f1", 1, "EUR", eur("100"), "test", false}, ok);
    l->submit(ledger::OpenRound{"rou-t-000001", "rou-t", "roulette", 1, 0}, ok);
    l->submit(ledger::PlaceBets{"b1", "rou-t-000001", 1, "EUR", {{"STRAIGHT_17", eur("1")}}, 0},
              ok);
    l->submit(ledger::RecordResult{"rou-t-000001", "17", 0}, ok);
    l->submit(ledger::OpenRound{"rou-t-000002", "rou-t", "roulette", 2, 0}, ok);
    l->submit(ledger::PlaceBets{"b2", "rou-t-000002", 1, "EUR", {{"RED", eur("5")}}, 0}, ok);
  }  // the process "crashed" here: round 1 has a result, round 2 none
  SimClock clock;
  SeededRng rng(3);
  auto l = ledger::Ledger::open({path, true});
  EXPECT_EQ(l->balance(1, "EUR").total(), eur("94"));
  std::deque<std::function<void()>> posted;
  std::vector<std::string> seen;
  Table t(
      test_config(), test_engines(), clock, rng, *l, [&](auto fn) { posted.push_back(fn); },
      [&](TableEvent e) { seen.emplace_back(event_type(e.body)); });
  t.start();
  while (!posted.empty()) {
    auto fn = posted.front();
    posted.pop_front();
    fn();
  }
  // 17 came up on round 1: the straight pays 36; round 2 is refunded.
  EXPECT_EQ(l->balance(1, "EUR").total(), eur("100") - eur("1") + eur("36"));
  EXPECT_EQ(seen.front(), "cancelround");
  EXPECT_EQ(t.round_id(), "rou-t-000003");
  EXPECT_TRUE(l->unsettled_rounds("rou-t").size() == 1);  // only the new, empty round
  auto report = ledger::check_ledger(path);
  EXPECT_TRUE(report.ok) << (report.problems.empty() ? "" : report.problems.front());
}

BetAck cancel(Harness& h, PlayerId player, std::string request_id, std::string of = {}) {
  std::optional<BetAck> got;
  h.table->cancel_bets({player, std::move(request_id), {}, std::move(of)},
                       [&](const BetAck& a) { got = a; });
  h.drain();
  EXPECT_TRUE(got.has_value());
  return got.value_or(BetAck{});
}

TEST(Table, UndoTakesBackOneRequestsBetsAndClearTakesBackAll) {
  Harness h("cancel");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  h.bet(1, {{"RED", eur("5")}}, "a");
  h.bet(1, {{"STRAIGHT_7", eur("1")}, {"STRAIGHT_8", eur("1")}}, "b");
  EXPECT_EQ(h.balance(1), eur("93"));

  BetAck undo = cancel(h, 1, "undo-1", "b");
  EXPECT_TRUE(undo.cancel);
  ASSERT_EQ(undo.cancelled.size(), 2u);
  EXPECT_EQ(undo.cancelled[0].spot, "STRAIGHT_7");
  EXPECT_EQ(undo.round_total, eur("5"));
  EXPECT_EQ(undo.balance->total(), eur("95"));
  // The same undo again is answered, not applied twice; undoing it once more finds nothing.
  EXPECT_TRUE(cancel(h, 1, "undo-1", "b").duplicate);
  EXPECT_EQ(cancel(h, 1, "undo-2", "b").error(), ErrorCode::BetsNotAccepted);
  EXPECT_EQ(h.balance(1), eur("95"));

  BetAck clear = cancel(h, 1, "clear-1");
  ASSERT_EQ(clear.cancelled.size(), 1u);
  EXPECT_EQ(clear.round_total, Money{});
  EXPECT_EQ(h.balance(1), eur("100"));

  // Taken-back bets are not settled, not repeated by rebet, and the ledger stays sound.
  h.bet(1, {{"ODD", eur("2")}}, "c");
  h.run_for(Millis{18000});
  BetAck again = h.bet(1, {}, "d", PlaceBetsCommand::Kind::repeat_last);
  ASSERT_EQ(again.accepted.size(), 1u);
  EXPECT_EQ(again.accepted[0].spot, "ODD");
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

// Found by the simulator (docs/testing.md): a take-back of the stake under a top-up would
// leave the top-up alone under the minimum, a bet the table never accepted.
TEST(Table, UndoIsRefusedWhenWhatStaysWouldBeUnderTheMinimum) {
  Harness h("undo-min");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  h.bet(1, {{"RED", eur("10")}}, "a");
  ASSERT_EQ(h.bet(1, {{"RED", eur("0.30")}}, "b").accepted.size(), 1u);  // RED holds 10.30

  BetAck undo = cancel(h, 1, "undo-a", "a");
  EXPECT_EQ(undo.error(), ErrorCode::BelowMinimum);
  EXPECT_TRUE(undo.cancelled.empty());
  EXPECT_EQ(undo.round_total, eur("10.30"));
  EXPECT_EQ(h.balance(1), eur("89.70"));
  // The top-up itself may go, and then the stake; or everything at once.
  EXPECT_EQ(cancel(h, 1, "undo-b", "b").cancelled.size(), 1u);
  EXPECT_EQ(cancel(h, 1, "undo-a2", "a").cancelled.size(), 1u);
  EXPECT_EQ(h.balance(1), eur("100"));
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

// Found by the simulator: a top-up sent while the stake under it was with the ledger was
// checked against that stake, which then failed, and the top-up was played alone under
// the minimum. A player's commands now run one at a time.
TEST(Table, APlayersCommandsRunOneAtATimeAgainstWhatIsDurable) {
  Harness h("one-at-a-time");
  h.fund(1, "0.40");
  h.table->start();
  h.drain();
  std::vector<BetAck> acks;
  auto send = [&](std::string id, std::string_view amount) {
    PlaceBetsCommand c;
    c.player = 1;
    c.currency = "EUR";
    c.request_id = std::move(id);
    c.bets = {{"RED", eur(amount)}};
    h.table->place_bets(std::move(c), [&](const BetAck& a) { acks.push_back(a); });
  };
  send("stake", "1.00");      // more than the player holds: the ledger refuses it
  send("top-up", "0.30");     // over the 0.50 minimum with the stake, under it alone
  EXPECT_TRUE(acks.empty());  // the stake waits for the ledger, the top-up for the stake
  h.drain();
  ASSERT_EQ(acks.size(), 2u);
  EXPECT_EQ(acks[0].request_id, "stake");
  EXPECT_EQ(acks[0].error(), ErrorCode::InsufficientFunds);
  EXPECT_EQ(acks[1].request_id, "top-up");
  EXPECT_EQ(acks[1].error(), ErrorCode::BelowMinimum);
  EXPECT_EQ(h.balance(1), eur("0.40"));
  // A repeat of a waiting command is answered once, as a repeat.
  send("again", "0.50");
  send("again", "0.50");
  h.drain();
  ASSERT_EQ(acks.size(), 4u);
  EXPECT_FALSE(acks[2].duplicate);
  EXPECT_TRUE(acks[3].duplicate);
  EXPECT_EQ(h.balance(1), eur("0.40"));  // 0.50 is more than 0.40: refused once
}

// Seen in the browser journeys on a busy machine: a player's second chip, sent while bets
// were open, waited for the first one's commit and was then refused as late because bets
// had closed meanwhile. A command keeps the time it came: the round waits for it.
TEST(Table, ACommandThatWaitedItsTurnIsNotLateWhenItCameInTime) {
  Harness h("waited-in-time");
  h.fund(1, "10.00");
  h.table->start();
  h.drain();
  std::vector<BetAck> acks;
  auto send = [&](std::string id) {
    PlaceBetsCommand c;
    c.player = 1;
    c.currency = "EUR";
    c.request_id = std::move(id);
    c.bets = {{"RED", eur("1.00")}};
    h.table->place_bets(std::move(c), [&](const BetAck& a) { acks.push_back(a); });
  };
  send("first");   // with the ledger
  send("second");  // waits for it, in time
  auto closed = [&] {
    const auto t = types(h.events);
    return std::find(t.begin(), t.end(), "betsclosed") != t.end();
  };
  for (int i = 0; i < 20 && !closed(); ++i) {
    auto next = h.table->next_deadline();
    ASSERT_TRUE(next.has_value());
    h.clock.advance_to(*next);
    h.table->advance();
  }
  ASSERT_TRUE(closed());
  send("third");  // after bets closed: late, even though it waits too
  EXPECT_TRUE(acks.empty());
  h.drain();
  ASSERT_EQ(acks.size(), 3u);
  EXPECT_EQ(acks[0].error(), std::nullopt);
  EXPECT_EQ(acks[1].request_id, "second");
  EXPECT_EQ(acks[1].error(), std::nullopt);
  EXPECT_EQ(acks[2].error(), ErrorCode::BetLate);
  EXPECT_EQ(h.balance(1), eur("8.00"));
  // The result is drawn with both stakes in play, and the round settles.
  ASSERT_TRUE(h.run_until("gameresult").has_value());
  EXPECT_TRUE(h.ledger->unsettled_rounds("rou-t").empty());
}

// Found by the simulator: a shutdown while the next round's opening was with the ledger
// published table_closed at once, and the round opened after it, open in the ledger.
TEST(Table, ShutdownWhileARoundOpensRefundsItBeforeClosing) {
  Harness h("shutdown-opening");
  h.start();
  ASSERT_TRUE(h.run_until("gameresult").has_value());
  // Deadline by deadline, to the moment the next round's opening is with the ledger.
  for (int i = 0; i < 20 && h.posted.empty(); ++i) {
    auto next = h.table->next_deadline();
    ASSERT_TRUE(next.has_value());
    h.clock.advance_to(*next);
    h.table->advance();
  }
  ASSERT_FALSE(h.posted.empty());
  bool done = false;
  h.table->shutdown([&] { done = true; });
  EXPECT_FALSE(done);
  h.drain();
  EXPECT_TRUE(done);
  const auto t = types(h.events);
  ASSERT_GE(t.size(), 2u);
  EXPECT_EQ(t[t.size() - 2], "cancelround");
  EXPECT_EQ(t.back(), "table_closed");
  EXPECT_TRUE(h.ledger->unsettled_rounds("rou-t").empty());
}

TEST(Table, BetsCannotBeTakenBackAfterBetsClose) {
  Harness h("cancel-late");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  h.bet(1, {{"RED", eur("5")}}, "a");
  h.run_for(Millis{10000});
  BetAck late = cancel(h, 1, "undo", "a");
  EXPECT_EQ(late.error(), ErrorCode::BetLate);
  EXPECT_TRUE(late.cancelled.empty());
  EXPECT_EQ(h.balance(1), eur("95"));
}

TEST(Table, SnapshotCarriesTheAnswersToThePlayersCommands) {
  Harness h("snapshot-acks");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  h.bet(1, {{"RED", eur("2")}}, "s1");
  h.bet(1, {{"STRAIGHT_99", eur("2")}}, "s2");
  h.bet(2, {{"RED", eur("2")}}, "other-player");
  json::object s = h.snapshot(1);
  const auto& acks = s["myAcks"].as_array();
  ASSERT_EQ(acks.size(), 2u);
  EXPECT_EQ(acks[0].at("requestId").as_string(), "s1");
  EXPECT_EQ(acks[0].at("accepted").as_array().size(), 1u);
  EXPECT_EQ(acks[1].at("requestId").as_string(), "s2");
  EXPECT_EQ(acks[1].at("rejected").as_array()[0].at("code").as_int64(), 1005);
}

TEST(Table, SnapshotShowsTheRoundAndThePlayersBets) {
  Harness h("snapshot");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  h.bet(1, {{"RED", eur("2")}}, "s1");
  json::object s = h.snapshot(1);
  EXPECT_EQ(s["type"].as_string(), "resync");
  EXPECT_EQ(s["state"].to_number<int>(), 2);
  EXPECT_EQ(s["betsOpen"].as_bool(), true);
  EXPECT_EQ(s["gameId"].as_string(), h.table->round_id());
  EXPECT_EQ(s["v"].to_number<uint64_t>(), h.table->version());
  ASSERT_EQ(s["myBets"].as_array().size(), 1u);
  EXPECT_EQ(s["myTotal"].as_string(), "2.00");
  EXPECT_EQ(h.snapshot(2)["myBets"].as_array().size(), 0u);
}

}  // namespace
}  // namespace croupier::table
