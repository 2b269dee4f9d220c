// Blackjack rules: hand values, the dealer's drawing rule, settlement of every class of hand,
// the decisions and their SPEC error codes, the automatic decision, auto-play, and the basic
// strategy table against chart entries written out independently here.
#include "games/blackjack/blackjack.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

#include "games/blackjack/bj_engine.hpp"

namespace croupier::games::blackjack {
namespace {

constexpr int64_t kUnit = 100'000;  // 1.00
const Money kTen = Money::from_major(10);
constexpr std::span<const Card> kNoCards;  // for decisions that take no card

Card card(std::string_view text) {
  std::optional<Card> c = cards::card_from_text(text);
  EXPECT_TRUE(c.has_value()) << text;
  return c.value_or(Card{});
}

std::vector<Card> cards_of(std::initializer_list<std::string_view> texts) {
  std::vector<Card> out;
  for (std::string_view t : texts) out.push_back(card(t));
  return out;
}

Hand hand(std::initializer_list<std::string_view> texts, Money stake = kTen) {
  return Hand{cards_of(texts), stake};
}

// A dealing function over a scripted list; fails the test if it runs out.
struct Script {
  std::vector<Card> cards;
  size_t next = 0;
  Card operator()() {
    EXPECT_LT(next, cards.size()) << "script ran out";
    return next < cards.size() ? cards[next++] : Card{};
  }
};

// ---- Values ------------------------------------------------------------------------------

TEST(BlackjackValues, TotalsAndSoftness) {
  EXPECT_EQ(total(hand({"AS", "KD"})), 21);
  EXPECT_TRUE(soft(hand({"AS", "KD"})));
  EXPECT_EQ(total(hand({"AS", "AD"})), 12);
  EXPECT_TRUE(soft(hand({"AS", "AD"})));
  EXPECT_EQ(total(hand({"AS", "AD", "9C"})), 21);
  EXPECT_EQ(total(hand({"AS", "6D", "10C"})), 17);
  EXPECT_FALSE(soft(hand({"AS", "6D", "10C"})));
  EXPECT_EQ(total(hand({"AS", "AD", "AC", "AH"})), 14);
  EXPECT_TRUE(soft(hand({"AS", "AD", "AC", "AH"})));
  EXPECT_EQ(total(hand({"QS", "JD", "2C"})), 22);
  EXPECT_TRUE(busted(hand({"QS", "JD", "2C"})));
  EXPECT_FALSE(busted(hand({"QS", "AD", "KC"})));  // hard 21
  EXPECT_EQ(card_value(card("KH")), 10);
  EXPECT_EQ(card_value(card("AH")), 1);
}

TEST(BlackjackValues, Blackjack) {
  EXPECT_TRUE(is_blackjack(hand({"AS", "KD"})));
  EXPECT_TRUE(is_blackjack(hand({"10S", "AD"})));
  EXPECT_FALSE(is_blackjack(hand({"AS", "5D", "5C"})));  // three-card 21
  Hand split_ace = hand({"AS", "KD"});
  split_ace.split_from = true;
  EXPECT_FALSE(is_blackjack(split_ace));
  EXPECT_TRUE(is_natural(cards_of({"AS", "KD"})));
}

TEST(BlackjackValues, Pairs) {
  EXPECT_TRUE(is_pair(hand({"8S", "8D"})));
  EXPECT_TRUE(is_pair(hand({"KS", "10D"})));  // same value
  Rules by_rank;
  by_rank.split_by_value = false;
  EXPECT_FALSE(is_pair(hand({"KS", "10D"}), by_rank));
  EXPECT_FALSE(is_pair(hand({"8S", "9D"})));
  EXPECT_FALSE(is_pair(hand({"8S", "8D", "2C"})));
}

// ---- The dealer ------------------------------------------------------------------------

TEST(BlackjackDealer, DrawsToSeventeenStandsOnSoft17) {
  EXPECT_TRUE(dealer_draws(cards_of({"10S", "6D"})));        // hard 16
  EXPECT_FALSE(dealer_draws(cards_of({"10S", "7D"})));       // hard 17
  EXPECT_FALSE(dealer_draws(cards_of({"AS", "6D"})));        // soft 17 stands (S17)
  EXPECT_TRUE(dealer_draws(cards_of({"AS", "5D"})));         // soft 16 hits
  EXPECT_FALSE(dealer_draws(cards_of({"AS", "AD", "5C"})));  // soft 17 with two aces
  EXPECT_TRUE(dealer_draws(cards_of({"AS", "AD", "4C"})));   // soft 16 with two aces
  EXPECT_FALSE(dealer_draws(cards_of({"AS", "7D"})));        // soft 18
  EXPECT_TRUE(dealer_draws(cards_of({"AS", "6D", "9C"})));   // hard 16 (ace counts 1)
  Rules h17;
  h17.dealer_hits_soft_17 = true;
  EXPECT_TRUE(dealer_draws(cards_of({"AS", "6D"}), h17));
  EXPECT_FALSE(dealer_draws(cards_of({"10S", "7D"}), h17));
}

TEST(BlackjackDealer, PlaysScriptedShoes) {
  {  // soft 16 draws an ace: soft 17, stands
    Script s{cards_of({"AC", "KD"})};
    EXPECT_EQ(dealer_play(cards_of({"AS", "5D"}), std::ref(s)), cards_of({"AS", "5D", "AC"}));
  }
  {  // soft 16 draws a ten: hard 16, draws again: 6 makes 22
    Script s{cards_of({"10C", "6H", "KD"})};
    EXPECT_EQ(dealer_play(cards_of({"AS", "5D"}), std::ref(s)),
              cards_of({"AS", "5D", "10C", "6H"}));
  }
  {  // A-A-A-A-2: soft 16, then A: soft 17 stands
    Script s{cards_of({"AD", "AH", "2C", "AS", "9C"})};
    EXPECT_EQ(dealer_play(cards_of({"AS", "AC"}), std::ref(s)),
              cards_of({"AS", "AC", "AD", "AH", "2C", "AS"}));
  }
  {  // a made hand draws nothing
    Script s{cards_of({"2C"})};
    EXPECT_EQ(dealer_play(cards_of({"KS", "8C"}), std::ref(s)), cards_of({"KS", "8C"}));
    EXPECT_EQ(s.next, 0u);
  }
  {  // H17: soft 17 draws
    Rules h17;
    h17.dealer_hits_soft_17 = true;
    Script s{cards_of({"3C"})};
    EXPECT_EQ(dealer_play(cards_of({"AS", "6C"}), std::ref(s), h17), cards_of({"AS", "6C", "3C"}));
  }
}

// ---- Settlement ------------------------------------------------------------------------

Money settle(std::initializer_list<std::string_view> player,
             std::initializer_list<std::string_view> dealer, bool doubled = false,
             bool split = false) {
  Hand h = hand(player);
  h.doubled = doubled;
  h.split_from = split;
  return settle_hand(h, cards_of(dealer));
}

TEST(BlackjackSettle, EveryClassOfHand) {
  const Money zero = Money::zero();
  // Blackjacks.
  EXPECT_EQ(settle({"AS", "KD"}, {"AC", "QH"}), kTen);                         // both: push
  EXPECT_EQ(settle({"AS", "KD"}, {"9C", "QH"}), Money::from_major(25));        // 3:2
  EXPECT_EQ(settle({"AS", "KD"}, {"9C", "2H", "QH"}), Money::from_major(25));  // vs 21
  EXPECT_EQ(settle({"9S", "2D", "KH"}, {"AC", "QH"}), zero);  // 21 loses to a blackjack
  // Busts: the player loses even when the dealer busts too.
  EXPECT_EQ(settle({"KS", "6D", "9H"}, {"KC", "6H", "8C"}), zero);
  EXPECT_EQ(settle({"KS", "6D", "9H"}, {"KC", "8H"}), zero);
  // Wins, pushes and losses on totals.
  EXPECT_EQ(settle({"KS", "9D"}, {"KC", "8H"}), Money::from_major(20));
  EXPECT_EQ(settle({"KS", "8D"}, {"KC", "8H"}), kTen);
  EXPECT_EQ(settle({"KS", "7D"}, {"KC", "8H"}), zero);
  EXPECT_EQ(settle({"KS", "2D"}, {"KC", "6H", "9C"}), Money::from_major(20));  // dealer busts
  // Soft totals: soft 18 against 17, soft 21 against 20, A-6-A-A (soft 19) vs 19.
  EXPECT_EQ(settle({"AS", "7D"}, {"KC", "7H"}), Money::from_major(20));
  EXPECT_EQ(settle({"AS", "4D", "6C"}, {"KC", "QH"}), Money::from_major(20));
  EXPECT_EQ(settle({"AS", "6D", "AC", "AH"}, {"KC", "9H"}), kTen);
  EXPECT_EQ(settle({"AS", "6D"}, {"AC", "6H"}), kTen);  // soft 17 vs soft 17
  // Doubled hands: win 2x the doubled wager, push returns it, loss returns nothing.
  EXPECT_EQ(settle({"6S", "5D", "KH"}, {"KC", "8H"}, true), Money::from_major(40));
  EXPECT_EQ(settle({"6S", "5D", "7H"}, {"KC", "8H"}, true), Money::from_major(20));
  EXPECT_EQ(settle({"6S", "5D", "2H"}, {"KC", "8H"}, true), zero);
  EXPECT_EQ(settle({"6S", "5D", "2H"}, {"KC", "4H", "9D"}, true), Money::from_major(40));
  // Split hands: a split ace with a ten is 21, not a blackjack: wins 1:1, pushes a 21.
  EXPECT_EQ(settle({"AS", "KD"}, {"KC", "9H"}, false, true), Money::from_major(20));
  EXPECT_EQ(settle({"AS", "KD"}, {"KC", "5H", "6C"}, false, true), kTen);
  EXPECT_EQ(settle({"AS", "KD"}, {"AC", "QH"}, false, true), zero);
  EXPECT_EQ(settle({"8S", "3D", "KC"}, {"KC", "7H"}, true, true), Money::from_major(40));
  EXPECT_EQ(settle({"8S", "KD"}, {"KC", "9H"}, false, true), zero);
}

TEST(BlackjackSettle, Insurance) {
  EXPECT_EQ(settle_insurance(Money::from_major(5), true), Money::from_major(15));
  EXPECT_EQ(settle_insurance(Money::from_major(5), false), Money::zero());
  EXPECT_EQ(settle_insurance(Money::zero(), true), Money::zero());
}

TEST(BlackjackSettle, BlackjackRounding) {
  // Every whole-cent stake from 0.01 to 100.00: 3:2 is exact (a cent is 1000 units).
  for (int64_t cents = 1; cents <= 10'000; ++cents) {
    const Money stake{cents * 1000};
    const Money back = settle_hand(Hand{cards_of({"AS", "KD"}), stake}, cards_of({"9C", "8H"}));
    ASSERT_EQ(back.units * 2, stake.units * 5) << cents;
  }
  // Below a cent the win is rounded down to 1/100000.
  EXPECT_EQ(settle_hand(Hand{cards_of({"AS", "KD"}), Money{1}}, cards_of({"9C", "8H"})), Money{2});
  EXPECT_EQ(settle_hand(Hand{cards_of({"AS", "KD"}), Money{3}}, cards_of({"9C", "8H"})), Money{7});
  // Insurance is half the stake, rounded down.
  PlayerSeatState s = new_seat(Money{1001}, card("9S"), card("7D"), card("AC"));
  s = apply_decision(s, Decision::insurance, kNoCards);
  EXPECT_EQ(s.insurance_stake, Money{500});
}

// ---- Decisions -------------------------------------------------------------------------

std::optional<int> code(const PlayerSeatState& s, Decision d) {
  std::optional<ErrorCode> c = check_decision(s, d);
  if (!c) return std::nullopt;
  return to_int(*c);
}

TEST(BlackjackDecisions, NewSeat) {
  PlayerSeatState s = new_seat(kTen, card("AS"), card("KD"), card("9C"));
  EXPECT_TRUE(s.hands[0].finished);  // a blackjack is finished at once
  EXPECT_TRUE(seat_done(s));
  s = new_seat(kTen, card("AS"), card("KD"), card("AC"));
  EXPECT_TRUE(s.insurance_open);  // even money offered
  EXPECT_FALSE(seat_done(s));
  s = new_seat(kTen, card("9S"), card("7D"), card("KC"));
  EXPECT_FALSE(s.insurance_open);
  EXPECT_EQ(s.active, 0u);
}

TEST(BlackjackDecisions, Codes) {
  PlayerSeatState s = new_seat(kTen, card("9S"), card("7D"), card("KC"));
  EXPECT_EQ(code(s, Decision::hit), std::nullopt);
  EXPECT_EQ(code(s, Decision::stand), std::nullopt);
  EXPECT_EQ(code(s, Decision::double_down), std::nullopt);
  EXPECT_EQ(code(s, Decision::no_decision), std::nullopt);
  EXPECT_EQ(code(s, Decision::split), 1023);         // not a pair
  EXPECT_EQ(code(s, Decision::insurance), 1026);     // dealer shows a ten
  EXPECT_EQ(code(s, Decision::no_insurance), 1026);  // nothing offered

  PlayerSeatState hit = apply_decision(s, Decision::hit, card("2C"));
  EXPECT_EQ(hit.hands[0].cards.size(), 3u);
  EXPECT_EQ(code(hit, Decision::double_down), 1024);  // after a hit
  EXPECT_EQ(code(hit, Decision::split), 1023);
  PlayerSeatState twenty_one = apply_decision(s, Decision::hit, card("5C"));
  EXPECT_TRUE(twenty_one.hands[0].finished);
  EXPECT_EQ(code(twenty_one, Decision::hit), 1022);  // hit on 21
  EXPECT_EQ(code(twenty_one, Decision::stand), 1022);
  PlayerSeatState stood = apply_decision(s, Decision::stand, kNoCards);
  EXPECT_TRUE(seat_done(stood));
  EXPECT_EQ(code(stood, Decision::hit), 1022);  // finished hand
  EXPECT_EQ(code(stood, Decision::double_down), 1022);
  EXPECT_EQ(apply_decision(stood, Decision::hit, card("2C")), stood);  // refused: unchanged

  // Insurance: offered on an ace, once.
  PlayerSeatState ace = new_seat(kTen, card("9S"), card("7D"), card("AC"));
  EXPECT_EQ(code(ace, Decision::hit), 1022);  // answer the insurance first
  EXPECT_EQ(code(ace, Decision::insurance), std::nullopt);
  EXPECT_EQ(auto_decision(ace), Decision::no_insurance);
  PlayerSeatState insured = apply_decision(ace, Decision::insurance, kNoCards);
  EXPECT_EQ(insured.insurance_stake, Money::from_major(5));
  EXPECT_EQ(code(insured, Decision::insurance), 1027);
  EXPECT_EQ(code(insured, Decision::no_insurance), 1027);
  EXPECT_EQ(code(insured, Decision::hit), std::nullopt);
  PlayerSeatState declined = apply_decision(ace, Decision::no_insurance, kNoCards);
  EXPECT_EQ(code(declined, Decision::insurance), 1026);
  EXPECT_EQ(declined.insurance_stake, Money::zero());

  // Split: once only; DAS.
  PlayerSeatState pair = new_seat(kTen, card("8S"), card("8D"), card("6C"));
  EXPECT_EQ(code(pair, Decision::split), std::nullopt);
  EXPECT_EQ(cards_needed(pair, Decision::split), 2);
  PlayerSeatState split = apply_decision(pair, Decision::split, cards_of({"8C", "3H"}));
  ASSERT_EQ(split.hands.size(), 2u);
  EXPECT_EQ(split.hands[0].cards, cards_of({"8S", "8C"}));
  EXPECT_EQ(split.hands[1].cards, cards_of({"8D", "3H"}));
  EXPECT_TRUE(split.hands[0].split_from && split.hands[1].split_from);
  EXPECT_EQ(split.hands[1].stake, kTen);
  EXPECT_EQ(code(split, Decision::split), 1023);                // no resplit
  EXPECT_EQ(code(split, Decision::double_down), std::nullopt);  // double after split
  Rules no_das;
  no_das.double_after_split = false;
  EXPECT_EQ(to_int(*check_decision(split, Decision::double_down, no_das)), 1024);
  split = apply_decision(split, Decision::stand, kNoCards);
  EXPECT_EQ(split.active, 1u);
  split = apply_decision(split, Decision::double_down, card("KS"));
  EXPECT_TRUE(split.hands[1].doubled);
  EXPECT_EQ(split.hands[1].cards, cards_of({"8D", "3H", "KS"}));
  EXPECT_TRUE(seat_done(split));
  EXPECT_EQ(settle_hand(split.hands[1], cards_of({"KC", "7H"})), Money::from_major(40));
  EXPECT_EQ(settle_hand(split.hands[0], cards_of({"KC", "7H"})), Money::zero());
  // With too few cards a split is not applied.
  EXPECT_EQ(apply_decision(pair, Decision::split, card("2C")), pair);
}

TEST(BlackjackDecisions, SplitAcesGetOneCardEach) {
  PlayerSeatState s = new_seat(kTen, card("AS"), card("AD"), card("6C"));
  s = apply_decision(s, Decision::split, cards_of({"KH", "5C"}));
  ASSERT_EQ(s.hands.size(), 2u);
  EXPECT_TRUE(s.hands[0].finished && s.hands[1].finished);
  EXPECT_TRUE(seat_done(s));
  EXPECT_FALSE(is_blackjack(s.hands[0]));
  EXPECT_EQ(total(s.hands[0]), 21);
  EXPECT_EQ(code(s, Decision::hit), 1022);
  // 21 on a split ace against a dealer 20 wins even money, not 3:2.
  EXPECT_EQ(settle_hand(s.hands[0], cards_of({"6C", "4D", "KS"})), Money::from_major(20));
  EXPECT_EQ(settle_hand(s.hands[1], cards_of({"6C", "4D", "KS"})), Money::zero());
}

TEST(BlackjackDecisions, NoDecisionIsTheSafeDefault) {
  PlayerSeatState s = new_seat(kTen, card("5S"), card("6D"), card("AC"));
  EXPECT_EQ(auto_decision(s), Decision::no_insurance);
  s = apply_decision(s, Decision::no_decision, kNoCards);
  EXPECT_FALSE(s.insurance_open);
  EXPECT_EQ(s.insurance_stake, Money::zero());
  EXPECT_EQ(auto_decision(s), Decision::stand);  // even on 11: no card, no more money
  s = apply_decision(s, Decision::no_decision, kNoCards);
  EXPECT_TRUE(seat_done(s));
  EXPECT_EQ(s.hands[0].cards.size(), 2u);
}

// ---- Auto-play ---------------------------------------------------------------------------

TEST(BlackjackAutoPlay, Defaults) {
  const AutoPlay a;
  auto decide = [&](std::initializer_list<std::string_view> cards, std::string_view up,
                    bool can_double = true, bool can_split = true) {
    return autoplay_decision(hand(cards), card(up), a, can_double, can_split);
  };
  EXPECT_EQ(decide({"10S", "2D"}, "6C"), Decision::stand);  // 12 vs 2-6 stands
  EXPECT_EQ(decide({"10S", "2D"}, "7C"), Decision::hit);
  EXPECT_EQ(decide({"10S", "5D"}, "KC"), Decision::hit);         // 15 vs 7-A hits
  EXPECT_EQ(decide({"10S", "6D"}, "KC"), Decision::stand);       // 16 stands
  EXPECT_EQ(decide({"8S", "8D"}, "KC"), Decision::split);        // 16 in 10..16
  EXPECT_EQ(decide({"AS", "AD"}, "KC"), Decision::split);        // A-A counts 12
  EXPECT_EQ(decide({"5S", "5D"}, "4C"), Decision::double_down);  // 5-5 never split
  EXPECT_EQ(decide({"9S", "9D"}, "4C"), Decision::stand);        // 18 outside 10..16
  EXPECT_EQ(decide({"4S", "4D"}, "4C"), Decision::hit);          // 8 outside
  EXPECT_EQ(decide({"6S", "5D"}, "5C"), Decision::double_down);  // 11 + 5 = 16
  EXPECT_EQ(decide({"6S", "5D"}, "6C"), Decision::hit);          // 17 > 16
  EXPECT_EQ(decide({"6S", "5D"}, "5C", false), Decision::hit);
  EXPECT_EQ(decide({"AS", "6D"}, "5C"), Decision::hit);  // soft 17
  EXPECT_EQ(decide({"AS", "7D"}, "9C"), Decision::stand);
  // The seat form answers insurance: only with a blackjack (even money).
  EXPECT_EQ(autoplay_decision(new_seat(kTen, card("AS"), card("KD"), card("AC"))),
            Decision::insurance);
  EXPECT_EQ(autoplay_decision(new_seat(kTen, card("9S"), card("KD"), card("AC"))),
            Decision::no_insurance);
  AutoPlay always = a;
  always.insurance = 1;
  EXPECT_EQ(autoplay_decision(new_seat(kTen, card("9S"), card("KD"), card("AC")), always),
            Decision::insurance);
  // After a split no resplit is proposed.
  PlayerSeatState s = new_seat(kTen, card("8S"), card("8D"), card("9C"));
  EXPECT_EQ(autoplay_decision(s), Decision::split);
  s = apply_decision(s, Decision::split, cards_of({"8C", "KH"}));
  EXPECT_EQ(autoplay_decision(s), Decision::stand);  // 8-8 again: hard 16 > 15 vs 9
}

// ---- Basic strategy --------------------------------------------------------------------
// Entries of the Wizard of Odds' 4-8 deck chart (S17, DAS, no surrender), copied one by one
// from the published chart, independently of the table in blackjack.cpp.

struct Entry {
  std::vector<std::string_view> cards;
  std::string_view up;
  Decision expected;
};

TEST(BlackjackBasicStrategy, ChartEntries) {
  const Decision H = Decision::hit, S = Decision::stand, D = Decision::double_down,
                 P = Decision::split;
  const std::vector<Entry> entries = {
      {{"3S", "5D"}, "6C", H},                             // hard 8 always hits
      {{"4S", "5D"}, "2C", H},                             // 9 vs 2 hits
      {{"4S", "5D"}, "3C", D},                             // 9 vs 3 doubles
      {{"4S", "5D"}, "7C", H},                             // 9 vs 7
      {{"6S", "4D"}, "9C", D},                             // 10 vs 9 doubles
      {{"6S", "4D"}, "KC", H},                             // 10 vs 10 hits
      {{"6S", "5D"}, "10C", D},                            // 11 vs 10 doubles
      {{"6S", "5D"}, "AC", H},                             // 11 vs A hits (S17)
      {{"10S", "2D"}, "2C", H},                            // 12 vs 2 hits
      {{"10S", "2D"}, "3C", H},                            // 12 vs 3 hits
      {{"10S", "2D"}, "4C", S},                            // 12 vs 4 stands
      {{"10S", "3D"}, "2C", S},                            // 13 vs 2 stands
      {{"10S", "6D"}, "6C", S}, {{"10S", "6D"}, "7C", H},  // 16 vs 7 hits
      {{"10S", "6D"}, "KC", H},                            // 16 vs 10 hits (no surrender)
      {{"10S", "5D"}, "AC", H}, {{"10S", "7D"}, "AC", S},  // 17 stands
      {{"AS", "2D"}, "4C", H},                             // A-2 vs 4 hits
      {{"AS", "2D"}, "5C", D},                             // A-2 vs 5 doubles
      {{"AS", "4D"}, "4C", D},                             // A-4 vs 4 doubles
      {{"AS", "6D"}, "2C", H},                             // A-6 vs 2 hits
      {{"AS", "6D"}, "3C", D},                             // A-6 vs 3 doubles
      {{"AS", "7D"}, "2C", S},                             // A-7 vs 2 stands
      {{"AS", "7D"}, "6C", D},                             // A-7 vs 6 doubles
      {{"AS", "7D"}, "8C", S},                             // A-7 vs 8 stands
      {{"AS", "7D"}, "9C", H},                             // A-7 vs 9 hits
      {{"AS", "8D"}, "6C", S},                             // A-8 vs 6 stands (S17)
      {{"2S", "2D"}, "2C", P},                             // 2-2 vs 2 splits (DAS)
      {{"2S", "2D"}, "8C", H},  {{"3S", "3D"}, "7C", P},
      {{"4S", "4D"}, "5C", P},                            // 4-4 vs 5 splits (DAS)
      {{"4S", "4D"}, "4C", H},  {{"5S", "5D"}, "9C", D},  // 5-5 is a hard 10
      {{"5S", "5D"}, "10C", H}, {{"6S", "6D"}, "2C", P},
      {{"6S", "6D"}, "7C", H},  {{"7S", "7D"}, "7C", P},
      {{"7S", "7D"}, "8C", H},  {{"8S", "8D"}, "AC", P},  // always split eights
      {{"9S", "9D"}, "7C", S},                            // 9-9 vs 7 stands
      {{"9S", "9D"}, "9C", P},  {{"9S", "9D"}, "AC", S},
      {{"KS", "QD"}, "6C", S},  // never split tens
      {{"AS", "AD"}, "AC", P},  // always split aces
  };
  for (const Entry& e : entries) {
    Hand h{{card(e.cards[0]), card(e.cards[1])}, kTen};
    EXPECT_EQ(basic_strategy(h, card(e.up), true, true), e.expected)
        << to_text(h.cards[0]) << ' ' << to_text(h.cards[1]) << " vs " << e.up;
  }
}

TEST(BlackjackBasicStrategy, WhenTheChartsMoveIsNotAllowed) {
  // Double, else hit; double, else stand (A-7 vs 3-6); a pair that cannot split plays its
  // total; three-card soft hands use the soft rows.
  EXPECT_EQ(basic_strategy(hand({"6S", "5D"}), card("6C"), false, true), Decision::hit);
  EXPECT_EQ(basic_strategy(hand({"AS", "7D"}), card("4C"), false, true), Decision::stand);
  EXPECT_EQ(basic_strategy(hand({"AS", "2D", "5C"}), card("4C"), false, false), Decision::stand);
  EXPECT_EQ(basic_strategy(hand({"8S", "8D"}), card("KC"), true, false), Decision::hit);
  EXPECT_EQ(basic_strategy(hand({"AS", "AD"}), card("6C"), true, false), Decision::hit);
  EXPECT_EQ(basic_strategy(hand({"AS", "2D", "3C"}), card("5C"), false, false), Decision::hit);
  EXPECT_EQ(basic_strategy(hand({"2S", "3D", "4C", "3H"}), card("5C"), false, false),
            Decision::stand);  // hard 12 vs 5
  // The seat form asks the rules: no resplit, DAS, insurance never taken.
  PlayerSeatState s = new_seat(kTen, card("8S"), card("8D"), card("AC"));
  EXPECT_EQ(basic_strategy(s), Decision::no_insurance);
  s = apply_decision(s, Decision::no_insurance, kNoCards);
  EXPECT_EQ(basic_strategy(s), Decision::split);
  s = apply_decision(s, Decision::split, cards_of({"8C", "3H"}));
  EXPECT_EQ(basic_strategy(s), Decision::hit);  // 8-8 again, no resplit: hard 16 vs A
}

// The table's engine: its spots, limits and result text.
TEST(BlackjackEngine, SpotsLimitsAndResultText) {
  cards::CardLimits limits;
  limits.min_bet = Money::from_major(5);
  limits.main_max = Money::from_major(100);
  limits.side_max = Money::from_major(20);
  limits.table_max = Money::from_major(150);
  auto seated = make_engine("blackjack", limits);
  auto one = make_engine("onebj", limits);
  EXPECT_EQ(seated->canonical_spot("SEAT_7"), "SEAT_7");
  EXPECT_EQ(seated->canonical_spot("BB_1"), "BB_1");
  EXPECT_FALSE(seated->canonical_spot("SEAT_8"));
  EXPECT_FALSE(seated->canonical_spot("MAIN"));
  EXPECT_FALSE(seated->canonical_spot("SEAT_1_DOUBLE_0"));  // the table's own bets
  EXPECT_EQ(one->canonical_spot("MAIN"), "MAIN");
  EXPECT_FALSE(one->canonical_spot("SEAT_1"));
  auto v = seated->check({},
                         {{"SEAT_1", Money::from_major(4)},
                          {"SEAT_1", Money::from_major(101)},
                          {"BB_2", Money::from_major(21)},
                          {"SEAT_2", Money::from_major(100)},
                          {"SEAT_3", Money::from_major(60)}},
                         "EUR");
  EXPECT_EQ(v[0], ErrorCode::BelowMinimum);
  EXPECT_EQ(v[1], ErrorCode::OverOutsideMax);
  EXPECT_EQ(v[2], ErrorCode::OverOutsideMax);
  EXPECT_FALSE(v[3]);
  EXPECT_EQ(v[4], ErrorCode::OverTableMax);
  // A double already taken does not count towards the seat's maximum.
  EXPECT_FALSE(seated->check(
      {{"SEAT_1", Money::from_major(100)}, {"SEAT_1_DOUBLE_0", Money::from_major(100)}},
      {{"BB_3", Money::from_major(10)}}, "EUR")[0]);

  Outcome bust{{card("6D").index(), card("10D").index(), card("8H").index()}};
  EXPECT_EQ(seated->encode(bust), "D BUST|6D,10D,8H");
  EXPECT_EQ(seated->label(bust), "D BUST");
  EXPECT_EQ(seated->decode("D BUST|6D,10D,8H"), bust);
  // The history shows the dealer's cards as they were dealt.
  const std::vector<DealtCard> dealer{{"dealer", "6D"}, {"dealer", "10D"}, {"dealer", "8H"}};
  EXPECT_EQ(seated->dealt_cards(bust), dealer);
  EXPECT_EQ(seated->encode(Outcome{{card("AS").index(), card("KD").index()}}), "D BJ|AS,KD");
  EXPECT_EQ(seated->encode(Outcome{{card("7S").index(), card("QD").index()}}), "D 17|7S,QD");
  EXPECT_FALSE(seated->decode("D 18|7S,QD"));  // the label must match the cards
  EXPECT_FALSE(seated->decode("D 17|7S"));
  EXPECT_FALSE(seated->decode("D 17|7S,XX"));
}

}  // namespace
}  // namespace croupier::games::blackjack
