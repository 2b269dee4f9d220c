// The round state machine under a simulated clock, with the real ledger (inline mode, on
// a temporary file) and the real European roulette engine.
#include "table/table.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <deque>
#include <filesystem>

#include "games/roulette/roulette.hpp"
#include "table/table_testing.hpp"

namespace croupier::table {
namespace {

namespace json = boost::json;
using games::BetLine;
using ledger::PlayerId;
using table_testing::eur;
using table_testing::temp_db;
using table_testing::types;

TableConfig test_config() {
  TableConfig c;
  c.id = "rou-t";
  c.name = "Test Roulette";
  c.game = "roulette";
  c.variant = "european";
  c.timings.betting = Millis{10000};
  c.timings.closing_soon = Millis{3000};
  c.timings.bets_closed = Millis{1000};
  c.timings.spin = Millis{4000};
  c.timings.result = Millis{2000};
  c.timings.next_game = Millis{1000};
  c.timings.timer_interval = Millis{4000};
  return c;
}

Engines test_engines(bool opposite_allowed = true) {
  games::roulette::Limits limits;
  limits.min_bet = eur("0.50");
  limits.inside_max = eur("100");
  limits.outside_max = eur("200");
  limits.table_max = eur("250");
  limits.opposite_bets_allowed = opposite_allowed;
  Engines e;
  e.emplace("EUR", std::shared_ptr<const games::Engine>(games::roulette::make_european(limits)));
  return e;
}

// Red numbers of the European wheel, written out independently of the engine.
bool red(int n) {
  for (int r : {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
    if (r == n) return true;
  return false;
}

// The shared fixture on a European roulette table by default, run as these tests were
// written: every run_for ends with an advance() at its last instant.
struct Harness : table_testing::Harness {
  explicit Harness(const std::string& name, Engines engines = test_engines(), uint64_t seed = 1,
                   TableConfig cfg = test_config())
      : table_testing::Harness(name, std::move(cfg), std::move(engines), seed) {}

  void run_for(Millis d) {
    table_testing::Harness::run_for(d);
    table->advance();
    drain();
  }

  BetAck bet(PlayerId player, std::vector<BetLine> lines, std::string request_id,
             PlaceBetsCommand::Kind kind = PlaceBetsCommand::Kind::add, std::string game_id = {},
             std::function<void(PlaceBetsCommand&)> tweak = {}) {
    PlaceBetsCommand c;
    c.kind = kind;
    c.player = player;
    c.currency = "EUR";
    c.request_id = std::move(request_id);
    c.game_id = std::move(game_id);
    c.bets = std::move(lines);
    if (tweak) tweak(c);
    return place(std::move(c));
  }
};

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

// ---- Special-ball rounds, safe bets, regulated minimum, seats and chat, multipliers ----

TableConfig with(std::function<void(TableConfig&)> tweak) {
  TableConfig c = test_config();
  tweak(c);
  return c;
}

std::vector<int64_t> codes(const BetAck& ack) {
  std::vector<int64_t> out;
  for (const auto& r : ack.rejected) out.push_back(to_int(r.code));
  return out;
}

TEST(Table, ASpecialBallRoundChoosesTheBiggestBettorAndRefusesSafeBets) {
  Harness h("special-ball", test_engines(), 1,
            with([](TableConfig& c) { c.special_ball_every = 2; }));
  for (PlayerId p : {1, 2}) h.fund(p, "500");
  h.table->start();
  h.drain();
  EXPECT_FALSE(h.last("betsopen")->contains("specialBall"));  // round 1 is ordinary
  // Not a special round: holding both sides of an even-money pair is allowed.
  EXPECT_TRUE(h.bet(1, {{"RED", eur("5")}, {"BLACK", eur("5")}}, "a1").rejected.empty());
  h.bet(2, {{"STRAIGHT_7", eur("20")}}, "b1", PlaceBetsCommand::Kind::add, {},
        [](PlaceBetsCommand& c) { c.name = "Bob"; });
  h.run_for(Millis{18000});  // round 2 opens
  ASSERT_EQ(h.table->round_id(), "rou-t-000002");
  auto open = h.last("betsopen");
  ASSERT_TRUE(open->contains("specialBall"));
  EXPECT_EQ(open->at("spinner").as_string(), "Bob");  // 20 staked beats 10
  EXPECT_FALSE(open->contains("youSpin"));
  ASSERT_FALSE(h.personal[2].empty());
  EXPECT_TRUE(h.personal[2].back().at("youSpin").as_bool());
  EXPECT_TRUE(h.snapshot(2).at("youSpin").as_bool());
  EXPECT_FALSE(h.snapshot(1).at("youSpin").as_bool());

  BetAck pair = h.bet(1, {{"RED", eur("5")}, {"BLACK", eur("5")}}, "a2");
  ASSERT_EQ(pair.accepted.size(), 1u);
  EXPECT_EQ(pair.accepted[0].spot, "RED");
  ASSERT_EQ(pair.rejected.size(), 1u);
  EXPECT_EQ(pair.rejected[0].code, ErrorCode::BetsNotAccepted);
  EXPECT_EQ(pair.rejected[0].reason, "safe_bets");
  // Two dozens cover 24 of 37 pockets: allowed; the third would cover 36 (with RED's
  // numbers the dozens are checked on their own coverage together with RED's).
  Harness fresh("special-ball-dozens", test_engines(), 1,
                with([](TableConfig& c) { c.special_ball_every = 1; }));
  fresh.fund(3, "500");
  fresh.table->start();
  fresh.drain();
  BetAck dozens =
      fresh.bet(3, {{"DOZEN_1", eur("5")}, {"DOZEN_2", eur("5")}, {"DOZEN_3", eur("5")}}, "d");
  EXPECT_EQ(dozens.accepted.size(), 2u);
  EXPECT_EQ(codes(dozens), (std::vector<int64_t>{1008}));
  // All or nothing: one safe line refuses the command, and no money moves.
  Money before = fresh.balance(3);
  BetAck all = fresh.bet(3, {{"COLUMN_1", eur("5")}, {"STRAIGHT_0", eur("1")}}, "all",
                         PlaceBetsCommand::Kind::all_or_nothing);
  EXPECT_TRUE(all.accepted.empty());
  EXPECT_EQ(fresh.balance(3), before);
}

TEST(Table, APlayerWhoseTermsBlockSafeBetsCannotCoverBothSides) {
  Harness h("block-safe");
  h.fund(1, "100");
  h.table->start();
  h.drain();
  BetAck ack = h.bet(1, {{"EVEN", eur("2")}, {"ODD", eur("2")}}, "e", PlaceBetsCommand::Kind::add,
                     {}, [](PlaceBetsCommand& c) { c.block_safe_bets = true; });
  EXPECT_EQ(ack.accepted.size(), 1u);
  ASSERT_EQ(ack.rejected.size(), 1u);
  EXPECT_EQ(ack.rejected[0].reason, "safe_bets");
}

TEST(Table, InARegulatedMarketTheTotalMustReachTheTableMinimum) {
  Harness h("regulated", test_engines(), 1,
            with([](TableConfig& c) { c.table_min["EUR"] = *parse_money("5.00"); }));
  h.fund(1, "100");
  h.fund(2, "100");
  h.table->start();
  h.drain();
  auto regulated = [](PlaceBetsCommand& c) { c.regulated = true; };
  BetAck low = h.bet(1, {{"RED", eur("2")}}, "r1", PlaceBetsCommand::Kind::add, {}, regulated);
  EXPECT_TRUE(low.accepted.empty());
  ASSERT_EQ(low.rejected.size(), 1u);
  EXPECT_EQ(low.rejected[0].code, ErrorCode::BelowMinimum);
  EXPECT_EQ(low.rejected[0].reason, "table_min");
  EXPECT_EQ(*low.error(), ErrorCode::BelowMinimum);
  EXPECT_EQ(h.balance(1), eur("100"));
  BetAck enough = h.bet(1, {{"RED", eur("3")}, {"DOZEN_1", eur("2")}}, "r2",
                        PlaceBetsCommand::Kind::add, {}, regulated);
  EXPECT_EQ(enough.accepted.size(), 2u);
  // Once the minimum is on the table, a smaller chip is fine.
  EXPECT_EQ(h.bet(1, {{"STRAIGHT_3", eur("1")}}, "r3", PlaceBetsCommand::Kind::add, {}, regulated)
                .accepted.size(),
            1u);
  // Elsewhere the spot minimum is all that applies.
  EXPECT_EQ(h.bet(2, {{"RED", eur("2")}}, "u1").accepted.size(), 1u);
}

TEST(Table, APrivateTableSeatsPlayersAndOnlyTheSeatedBetAndChat) {
  Harness h("private", test_engines(), 1, with([](TableConfig& c) { c.seats = 2; }));
  for (PlayerId p : {1, 2, 3}) h.fund(p, "100");
  h.table->start();
  h.drain();
  BetAck unseated = h.bet(1, {{"RED", eur("2")}}, "u");
  EXPECT_EQ(*unseated.error(), ErrorCode::SeatError);
  EXPECT_EQ(h.table->sit(1, "Ann", 0).seat, 1);
  EXPECT_EQ(*h.table->sit(2, "Bob", 1).error(), ErrorCode::SeatOccupied);
  EXPECT_EQ(h.table->sit(2, "Bob", 0).seat, 2);
  EXPECT_EQ(*h.table->sit(3, "Cid", 0).error(), ErrorCode::SeatOccupied);  // every seat taken
  EXPECT_EQ(*h.table->sit(1, "Ann", 0).error(), ErrorCode::SeatError);     // one seat each
  EXPECT_EQ(*h.table->sit(3, "Cid", 9).error(), ErrorCode::SeatError);     // no such seat
  auto seats = h.last("seats");
  ASSERT_TRUE(seats.has_value());
  EXPECT_EQ(seats->at("seats").as_array()[1].at("name").as_string(), "Bob");
  EXPECT_TRUE(h.bet(1, {{"RED", eur("2")}}, "s").rejected.empty());

  EXPECT_EQ(*h.table->chat(3, "Cid", "hello?"), ErrorCode::SeatError);
  const size_t before = h.events.size();
  EXPECT_FALSE(h.table->chat(1, "Ann", "good luck").has_value());
  ASSERT_EQ(h.events.size(), before + 1);
  // Everybody's stream moves on by one version; only the seated read the text.
  EXPECT_EQ(h.events.back().at("type").as_string(), "noop");
  EXPECT_FALSE(h.events.back().contains("text"));
  for (PlayerId p : {1, 2}) {
    const auto& mine = h.personal[p].back();
    EXPECT_EQ(mine.at("type").as_string(), "chat");
    EXPECT_EQ(mine.at("text").as_string(), "good luck");
    EXPECT_EQ(mine.at("name").as_string(), "Ann");
    EXPECT_EQ(mine.at("v").as_int64(), h.events.back().at("v").as_int64());
  }
  EXPECT_FALSE(h.personal.contains(3));
  h.table->leave(1);
  EXPECT_EQ(h.table->sit(3, "Cid", 1).seat, 1);
}

TEST(Table, ChatAtAnOpenTableReachesEveryone) {
  Harness h("chat");
  h.table->start();
  h.drain();
  EXPECT_FALSE(h.table->chat(4, "Dee", "hi all").has_value());
  EXPECT_EQ(h.events.back().at("type").as_string(), "chat");
  EXPECT_EQ(h.events.back().at("text").as_string(), "hi all");
}

TEST(Table, MegaLuckyNumbersAreAnnouncedBeforeTheResultAndPaidAtTheirMultiplier) {
  games::roulette::Limits limits;
  limits.min_bet = eur("0.50");
  Engines engines;
  engines.emplace(
      "EUR", std::shared_ptr<const games::Engine>(games::roulette::make_engine("mega", limits)));
  Harness h("mega", std::move(engines), 1,
            with([](TableConfig& c) { c.scripted_results = {"17|5x50,17x200"}; }));
  h.fund(1, "100");
  h.table->start();
  h.drain();
  h.bet(1, {{"STRAIGHT_17", eur("1")}, {"STRAIGHT_5", eur("1")}}, "m");
  h.run_for(Millis{11000});  // bets closed, ball launched
  auto announced = h.last("multipliers");
  ASSERT_TRUE(announced.has_value());
  EXPECT_FALSE(h.last("gameresult").has_value());
  const auto& list = announced->at("multipliers").as_array();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[1].at("spot").as_string(), "STRAIGHT_17");
  EXPECT_EQ(list[1].at("x").as_int64(), 200);
  EXPECT_TRUE(h.snapshot(1).contains("multipliers"));
  h.run_for(Millis{4000});
  auto result = h.last("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("result").as_string(), "17");
  EXPECT_EQ(result->at("outcome").as_string(), "17|5x50,17x200");
  ASSERT_TRUE(result->contains("resultMultipliers"));
  EXPECT_EQ(result->at("resultMultipliers").as_array()[0].at("x").as_int64(), 200);
  // 1 at 200:1 returns 201; the losing straight on 5 returns nothing.
  EXPECT_EQ(h.balance(1), eur("100") - eur("2") + eur("201"));
  EXPECT_EQ(h.personal[1].back().at("win").as_string(), "201.00");
}

}  // namespace
}  // namespace croupier::table
