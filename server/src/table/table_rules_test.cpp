// The round host's rules beyond the plain round, on a European roulette table under the
// simulated clock: special-ball rounds and safe bets, the regulated table minimum, private
// tables' seats and chat, mega roulette's multipliers.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <deque>
#include <filesystem>

#include "games/roulette/roulette.hpp"
#include "table/roulette_table_testing.hpp"
#include "table/table.hpp"
#include "table/table_testing.hpp"

namespace croupier::table {
namespace {

using namespace roulette_table_testing;

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
  EXPECT_EQ(h.table->sit(2, Persona("Bob", "a07"), 0).seat, 2);
  EXPECT_EQ(*h.table->sit(3, "Cid", 0).error(), ErrorCode::SeatOccupied);  // every seat taken
  EXPECT_EQ(*h.table->sit(1, "Ann", 0).error(), ErrorCode::SeatError);     // one seat each
  EXPECT_EQ(*h.table->sit(3, "Cid", 9).error(), ErrorCode::SeatError);     // no such seat
  auto seats = h.last("seats");
  ASSERT_TRUE(seats.has_value());
  EXPECT_EQ(seats->at("seats").as_array()[1].at("name").as_string(), "Bob");
  EXPECT_EQ(seats->at("seats").as_array()[1].at("avatar").as_string(), "a07");    // his face
  EXPECT_FALSE(seats->at("seats").as_array()[0].as_object().contains("avatar"));  // none
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
  EXPECT_EQ(h.events.back().at("role").as_string(), "GAME_USER");
}

TEST(Table, TheStudioReachesEveryoneAndATableWithoutChatRefuses) {
  Harness h("staff", test_engines(), 1, with([](TableConfig& c) { c.seats = 2; }));
  h.table->start();
  h.drain();
  // At a private table the game host speaks to everyone, seated or not.
  EXPECT_FALSE(h.table->chat(0, "", "Welcome!", "SUPERVISOR").has_value());
  EXPECT_EQ(h.events.back().at("type").as_string(), "chat");
  EXPECT_EQ(h.events.back().at("role").as_string(), "SUPERVISOR");
  // A player who is not seated may not (SeatError), whatever the staff may.
  EXPECT_EQ(*h.table->chat(4, "Dee", "hi"), ErrorCode::SeatError);

  Harness quiet("quiet", test_engines(), 1, with([](TableConfig& c) { c.chat_enabled = false; }));
  quiet.table->start();
  quiet.drain();
  EXPECT_EQ(*quiet.table->chat(4, "Dee", "hi"), ErrorCode::ActionFailed);
  EXPECT_EQ(*quiet.table->chat(0, "", "hello", "SUPERVISOR"), ErrorCode::ActionFailed);
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
