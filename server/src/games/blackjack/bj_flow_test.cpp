// BlackjackFlow on its own: no table, no ledger, no JSON. A fake host takes stakes (answered
// later, as the table's ledger does), holds the seats and collects what the flow shows;
// time is passed in by the test. Scripted cards make every hand known.
#include "games/blackjack/bj_flow.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace croupier::games::blackjack {
namespace {

Money eur(std::string_view text) {
  return *parse_money(text);
}

class FakeHost : public FlowHost {
 public:
  void take_stake(const Stake& stake, std::function<void(std::optional<Taken>)> done) override {
    stakes.push_back(stake);
    pending.push_back([this, stake, done = std::move(done)] {
      if (stake.amount > funds) return done(std::nullopt);
      funds -= stake.amount;
      done(Taken{next_bet++, {funds, Money::zero()}});
    });
  }
  bool stakes_in_flight() const override { return !pending.empty(); }
  std::optional<PlayerRef> seat_holder(int seat) const override {
    auto it = seats.find(seat);
    return it == seats.end() ? std::nullopt : std::optional(it->second);
  }
  bool seat_lost(PlayerRef, int) const override { return false; }
  void lose_seat(PlayerRef player, int seat) override { lost.push_back(seat); }
  void repeat_bets(const Repeat&, std::function<void(std::optional<Refusal>)> done) override {
    done(std::nullopt);
  }
  void void_round(const std::string& reason) override { voided = reason; }
  void show(const FlowOut& out) override {
    for (const auto& e : out)
      if (const auto* s = std::get_if<StateShown>(&e)) states.push_back(s->state);
  }
  MonoTime now() const override { return clock; }

  // Answers the stakes asked for so far, as the ledger's callbacks would.
  void commit() {
    while (!pending.empty()) {
      auto fn = std::move(pending.front());
      pending.pop_front();
      fn();
    }
  }

  MonoTime clock{Millis{1000}};
  Money funds = eur("100");
  BetRef next_bet = 100;
  std::map<int, PlayerRef> seats;
  std::vector<Stake> stakes;
  std::deque<std::function<void()>> pending;
  std::vector<int> lost;
  std::vector<RoundState> states;
  std::string voided;
};

struct Play {
  FakeHost host;
  SeededRng rng{5};
  BlackjackFlow flow;

  explicit Play(std::vector<std::string> script)
      : flow(FlowConfig{false, 8, 16, Millis{4000}, Millis{2000}, Millis{100}, Millis{1000},
                        std::move(script)},
             host) {
    FlowOut out;
    flow.before_round(rng, out);
  }

  // Moves time to the flow's deadline and advances it, until `done` or nothing is due.
  void run_until(const std::function<bool()>& done) {
    for (int guard = 0; guard < 100 && !done(); ++guard) {
      auto next = flow.deadline(host.clock);
      if (!next) return;
      host.clock = std::max(host.clock, *next);
      FlowOut out;
      flow.advance(host.clock, out);
    }
  }
  bool turn_of(int seat) const {
    auto v = flow.hands_view();
    return v && v->turn && v->turn->seat == seat;
  }
};

TEST(BlackjackFlow, PlaysASeatedRoundThroughItsHostAndSettlesEveryBet) {
  // Seat 1: 5S 6D (11) against 9H up and 8C in the hole; a double takes 10C (21).
  Play p({"5S,9H,6D,8C,10C"});
  p.host.seats[1] = 7;
  FlowOut out;
  p.flow.begin(
      {p.host.clock, Millis{0}, false, std::nullopt, {{7, "Ann", "SEAT_1", eur("10"), 1, "EUR"}}},
      p.rng, out);
  EXPECT_EQ(p.host.states.front(), RoundState::dealing);
  p.run_until([&] { return p.turn_of(1); });
  ASSERT_TRUE(p.turn_of(1));

  // A double asks the host for a second stake; the decision waits for it.
  std::optional<DecisionAnswer> answer;
  p.flow.decide({7, 1, Decision::double_down}, [&](DecisionAnswer a) { answer = a; });
  ASSERT_EQ(p.host.stakes.size(), 1u);
  EXPECT_EQ(p.host.stakes[0].spot, "SEAT_1_DOUBLE_0");
  EXPECT_EQ(p.host.stakes[0].amount, eur("10"));
  EXPECT_FALSE(answer.has_value());
  EXPECT_FALSE(p.flow.deadline(p.host.clock).has_value());  // waits for the stake
  p.host.commit();
  ASSERT_TRUE(answer.has_value());
  EXPECT_FALSE(answer->refusal.has_value());
  ASSERT_TRUE(answer->balance.has_value());
  EXPECT_EQ(answer->balance->cash, eur("90"));

  p.run_until([&] { return p.flow.done(); });
  ASSERT_TRUE(p.flow.done());
  EXPECT_EQ(p.host.states.back(), RoundState::dealing);  // the dealer's cards
  // 21 against 17: the seat's bet and the double's each return twice.
  auto returns = p.flow.returns({{7, "Ann", "SEAT_1", eur("10"), 1, "EUR"},
                                 {7, "Ann", "SEAT_1_DOUBLE_0", eur("10"), 100, "EUR"}});
  ASSERT_EQ(returns.size(), 2u);
  EXPECT_EQ(returns[0], (std::pair<BetRef, Money>{1, eur("20")}));
  EXPECT_EQ(returns[1], (std::pair<BetRef, Money>{100, eur("20")}));
  EXPECT_FALSE(p.flow.outcome().values.empty());
}

TEST(BlackjackFlow, ARefusedStakeRefusesTheDoubleAndTheHandPlaysOn) {
  Play p({"5S,9H,6D,8C,10C"});
  p.host.seats[1] = 7;
  p.host.funds = eur("5");  // less than the double
  FlowOut out;
  p.flow.begin(
      {p.host.clock, Millis{0}, false, std::nullopt, {{7, "Ann", "SEAT_1", eur("10"), 1, "EUR"}}},
      p.rng, out);
  p.run_until([&] { return p.turn_of(1); });
  std::optional<DecisionAnswer> answer;
  p.flow.decide({7, 1, Decision::double_down}, [&](DecisionAnswer a) { answer = a; });
  p.host.commit();
  ASSERT_TRUE(answer && answer->refusal);
  EXPECT_EQ(answer->refusal->code, ErrorCode::DoubleFailed);
  EXPECT_TRUE(p.turn_of(1));  // still the seat's turn: it may hit or stand
  std::optional<DecisionAnswer> stand;
  p.flow.decide({7, 1, Decision::stand}, [&](DecisionAnswer a) { stand = a; });
  ASSERT_TRUE(stand.has_value());
  EXPECT_FALSE(stand->refusal.has_value());
}

TEST(BlackjackFlow, ARoundWithoutASeatedHandIsVoidedThroughTheHost) {
  Play p({});
  FlowOut out;
  // Only a bet behind a seat nobody played.
  p.flow.begin(
      {p.host.clock, Millis{0}, false, std::nullopt, {{8, "Bob", "BB_2", eur("5"), 3, "EUR"}}},
      p.rng, out);
  EXPECT_EQ(p.host.voided, "no_hands");
  EXPECT_FALSE(p.flow.hands_view().has_value());
}

TEST(BlackjackFlow, WhoMayBetOnASeatIsAskedOfTheHostsSeats) {
  Play p({});
  p.host.seats[3] = 7;
  EXPECT_FALSE(p.flow.refuse_bet(7, "SEAT_3").has_value());
  EXPECT_EQ(p.flow.refuse_bet(8, "SEAT_3")->code, ErrorCode::SeatError);
  EXPECT_FALSE(p.flow.refuse_bet(8, "BB_3").has_value());
  p.flow.set_prefs(7, Prefs{true, true, false, false, 12});  // no bets behind
  auto refused = p.flow.refuse_bet(8, "BB_3");
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->code, ErrorCode::BetsNotAccepted);
  EXPECT_EQ(refused->rule, "bet_behind");
}

}  // namespace
}  // namespace croupier::games::blackjack
