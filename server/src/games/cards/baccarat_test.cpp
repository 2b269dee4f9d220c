// Baccarat engines: the tableau against the printed drawing chart for every pair of
// two-card totals and every player third card, scripted deals, every spot's payout on
// chosen hands, money rounding, outcome texts, checks and limits, and the exact house
// edges by enumerating every deal of a full eight-deck shoe (compared with the Wizard of
// Odds' published combination counts).
#include "games/cards/baccarat.hpp"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/cards/baccarat_testing.hpp"
#include "games/cards/shoe.hpp"

namespace croupier::games::cards {
namespace {

using namespace baccarat_testing;

// ---- The printed chart ----------------------------------------------------------------
// The banker's third-card rule as casinos print it (Wizard of Odds, "Baccarat" rules:
// https://wizardofodds.com/games/baccarat/, and the same chart in every dealer's
// procedure): rows are the banker's two-card total, columns the value of the player's third
// card 0-9, then the column used when the player stood. H draws, S stands.
constexpr std::array<std::string_view, 8> kChart = {
    // 0123456789 stood
    "HHHHHHHHHH H",  // 0
    "HHHHHHHHHH H",  // 1
    "HHHHHHHHHH H",  // 2
    "HHHHHHHHSH H",  // 3
    "SSHHHHHHSS H",  // 4
    "SSSSHHHHSS H",  // 5
    "SSSSSSHHSS S",  // 6
    "SSSSSSSSSS S",  // 7
};

bool chart_draws(int banker_total, std::optional<int> third) {
  return kChart[static_cast<size_t>(banker_total)][third ? static_cast<size_t>(*third) : 11] == 'H';
}

// A card of baccarat value v (0 as a king) in a given suit.
Card valued(int v, Suit suit = Suit::clubs) {
  return Card{static_cast<uint8_t>(v == 0 ? 13 : v), suit};
}

TEST(BaccaratTableau, BankerDrawsFollowsThePrintedChart) {
  for (int banker = 0; banker <= 7; ++banker) {
    EXPECT_EQ(banker_draws(banker, std::nullopt), chart_draws(banker, std::nullopt)) << banker;
    for (int third = 0; third <= 9; ++third)
      EXPECT_EQ(banker_draws(banker, third), chart_draws(banker, third))
          << "banker " << banker << " player's third card " << third;
  }
  for (int total = 0; total <= 7; ++total) EXPECT_EQ(player_draws(total), total <= 5) << total;
}

// Every pair of two-card totals 0-9 and every player third card 0-9 dealt from a scripted
// sequence: the number of cards, who drew, the totals and the winner, all from the rules as
// printed (naturals stand; the player draws on 0-5; the banker by the chart).
TEST(BaccaratTableau, EveryTwoCardTotalAndThirdCardDealsByTheRules) {
  int cases = 0;
  for (int p = 0; p <= 9; ++p) {
    for (int b = 0; b <= 9; ++b) {
      for (int v = 0; v <= 9; ++v) {
        const int banker_third = 5;
        // P1 = ten (0) + P2 = p; B1 = ten + B2 = b; then v and 5: the player's and the
        // banker's third cards when both draw.
        std::vector<Card> seq = {Card{10, Suit::spades},    Card{10, Suit::hearts},
                                 valued(p, Suit::spades),   valued(b, Suit::hearts),
                                 valued(v, Suit::diamonds), valued(banker_third)};
        std::optional<Outcome> o = deal_baccarat(seq);
        ASSERT_TRUE(o.has_value());
        std::optional<BaccaratCoup> coup = evaluate_baccarat(*o);
        ASSERT_TRUE(coup.has_value());

        const bool natural = p >= 8 || b >= 8;
        const bool player_draws_expected = !natural && p <= 5;
        const bool banker_draws_expected =
            !natural &&
            chart_draws(b, player_draws_expected ? std::optional<int>(v) : std::nullopt);
        int player_total = p, banker_total = b;
        if (player_draws_expected) player_total = (p + v) % 10;
        // The banker's third card is the next one: the sixth, or the fifth (v) when the
        // player stood.
        if (banker_draws_expected)
          banker_total = (b + (player_draws_expected ? banker_third : v)) % 10;
        const char winner = player_total > banker_total   ? 'P'
                            : banker_total > player_total ? 'B'
                                                          : 'T';

        SCOPED_TRACE("player " + std::to_string(p) + " banker " + std::to_string(b) + " third " +
                     std::to_string(v));
        EXPECT_EQ(coup->natural, natural);
        EXPECT_EQ(coup->player_cards, player_draws_expected ? 3 : 2);
        EXPECT_EQ(coup->banker_cards, banker_draws_expected ? 3 : 2);
        EXPECT_EQ(o->values[4] != kNoCard, player_draws_expected);
        EXPECT_EQ(o->values[5] != kNoCard, banker_draws_expected);
        // The banker's third card is the next card after the player's (or after the first
        // four when the player stood).
        if (banker_draws_expected) {
          EXPECT_EQ(o->values[5], seq[player_draws_expected ? 5 : 4].index());
        }
        EXPECT_EQ(coup->player_total, player_total);
        EXPECT_EQ(coup->banker_total, banker_total);
        EXPECT_EQ(coup->winner, winner);
        ++cases;
      }
    }
  }
  EXPECT_EQ(cases, 1000);
}

TEST(BaccaratTableau, DealingStopsWhenTheScriptRunsOut) {
  EXPECT_FALSE(deal_baccarat(cards({"KH", "2S", "3D"})).has_value());
  // Player 2 draws, banker 2 draws: six cards needed.
  EXPECT_FALSE(deal_baccarat(cards({"KH", "KS", "2D", "2C"})).has_value());
  EXPECT_FALSE(deal_baccarat(cards({"KH", "KS", "2D", "2C", "5H"})).has_value());
  EXPECT_TRUE(deal_baccarat(cards({"KH", "KS", "2D", "2C", "5H", "5S"})).has_value());
  // A natural needs four; later cards are not used.
  std::optional<Outcome> o = deal_baccarat(cards({"4H", "KS", "5D", "2C", "5H", "5S"}));
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->values, (std::vector<int>{card("4H").index(), card("KS").index(), card("5D").index(),
                                         card("2C").index(), -1, -1}));
}

TEST(BaccaratOutcome, EvaluateRefusesWhatTheTableauNeverDeals) {
  auto idx = [](std::string_view t) { return card(t).index(); };
  // Valid: player 4H 5D (9, natural) vs banker KS 2C.
  EXPECT_TRUE(evaluate_baccarat(Outcome{{idx("4H"), idx("KS"), idx("5D"), idx("2C"), -1, -1}}));
  // A natural with a third card.
  EXPECT_FALSE(
      evaluate_baccarat(Outcome{{idx("4H"), idx("KS"), idx("5D"), idx("2C"), idx("AH"), -1}}));
  // Player 2 must draw.
  EXPECT_FALSE(evaluate_baccarat(Outcome{{idx("KH"), idx("KS"), idx("2D"), idx("7C"), -1, -1}}));
  // Player 7 must stand.
  EXPECT_FALSE(
      evaluate_baccarat(Outcome{{idx("KH"), idx("KS"), idx("7D"), idx("7C"), idx("AH"), -1}}));
  // Player 7 stood, banker 3 must draw.
  EXPECT_FALSE(evaluate_baccarat(Outcome{{idx("KH"), idx("KS"), idx("7D"), idx("3C"), -1, -1}}));
  // Banker 3 against a player's third 8 must stand.
  EXPECT_FALSE(evaluate_baccarat(
      Outcome{{idx("KH"), idx("KS"), idx("2D"), idx("3C"), idx("8H"), idx("AH")}}));
  EXPECT_TRUE(
      evaluate_baccarat(Outcome{{idx("KH"), idx("KS"), idx("2D"), idx("3C"), idx("8H"), -1}}));
  // Sizes and ranges.
  EXPECT_FALSE(evaluate_baccarat(Outcome{{idx("4H"), idx("KS"), idx("5D"), idx("2C"), -1}}));
  EXPECT_FALSE(evaluate_baccarat(Outcome{{idx("4H"), idx("KS"), idx("5D"), 52, -1, -1}}));
  EXPECT_FALSE(evaluate_baccarat(Outcome{{idx("4H"), -1, idx("5D"), idx("2C"), -1, -1}}));
  EXPECT_FALSE(
      evaluate_baccarat(Outcome{{idx("KH"), idx("KS"), idx("2D"), idx("3C"), -2, idx("AH")}}));
  EXPECT_FALSE(evaluate_baccarat(Outcome{}));
}

// ---- Payouts ----------------------------------------------------------------------------
struct Expected {
  std::string_view spot;
  int64_t standard;  // units returned for a stake of 10.00 (1 000 000 units)
  int64_t super6;    // -1: not a spot of that variant
};

void expect_payouts(const Outcome& o, const std::vector<Expected>& table) {
  auto standard = make_baccarat("standard", {});
  auto super6 = make_baccarat("super6", {});
  const Money stake = Money::from_major(10);
  for (const Expected& e : table) {
    SCOPED_TRACE(std::string(e.spot) + " on " + standard->encode(o));
    if (e.standard >= 0) {
      EXPECT_EQ(standard->payout(e.spot, stake, o).units, e.standard);
    } else {
      EXPECT_FALSE(standard->canonical_spot(e.spot).has_value());
    }
    EXPECT_EQ(super6->payout(e.spot, stake, o).units, e.super6);
  }
}

constexpr int64_t k10 = 1'000'000;  // 10.00

TEST(BaccaratPayout, PlayerNaturalWinsSmall) {
  // Player 4H 5D = 9 (natural), banker KS 7C = 7: four cards.
  const Outcome o = dealt({"4H", "KS", "5D", "7C"});
  EXPECT_EQ(make_baccarat("standard", {})->encode(o), "P 9-7|P:4H,5D|B:KS,7C");
  expect_payouts(o, {{"PLAYER", 2 * k10, 2 * k10},
                     {"BANKER", 0, 0},
                     {"TIE", 0, 0},
                     {"PLAYER_PAIR", 0, 0},
                     {"BANKER_PAIR", 0, 0},
                     {"BIG", 0, 0},
                     {"SMALL", 25 * k10 / 10, 25 * k10 / 10},
                     {"SUPER6", -1, 0}});
}

TEST(BaccaratPayout, TiePushesPlayerAndBankerAndPaysPairs) {
  // Player 3S 3H = 6 stands; banker 8C 8D = 6 stands (the player stood): a 6-6 tie.
  const Outcome o = dealt({"3S", "8C", "3H", "8D"});
  EXPECT_EQ(make_baccarat("standard", {})->encode(o), "T 6-6|P:3S,3H|B:8C,8D");
  expect_payouts(o, {{"PLAYER", k10, k10},
                     {"BANKER", k10, k10},
                     {"TIE", 9 * k10, 9 * k10},
                     {"PLAYER_PAIR", 12 * k10, 12 * k10},
                     {"BANKER_PAIR", 12 * k10, 12 * k10},
                     {"BIG", 0, 0},
                     {"SMALL", 25 * k10 / 10, 25 * k10 / 10},
                     {"SUPER6", -1, 0}});  // a tie on 6 is no banker win
}

TEST(BaccaratPayout, BankerTwoCardSixPaysHalfOnSuper6) {
  // Player 2S 2D = 4 draws 10H -> 4; banker 3C 3H = 6 stands on a third card of 0.
  const Outcome o = dealt({"2S", "3C", "2D", "3H", "10H"});
  EXPECT_EQ(make_baccarat("standard", {})->encode(o), "B 4-6|P:2S,2D,10H|B:3C,3H");
  expect_payouts(o, {{"PLAYER", 0, 0},
                     {"BANKER", 195 * k10 / 100, 15 * k10 / 10},
                     {"TIE", 0, 0},
                     {"PLAYER_PAIR", 12 * k10, 12 * k10},
                     {"BANKER_PAIR", 12 * k10, 12 * k10},
                     {"BIG", 154 * k10 / 100, 154 * k10 / 100},
                     {"SMALL", 0, 0},
                     {"SUPER6", -1, 13 * k10}});
}

TEST(BaccaratPayout, BankerThreeCardSixPaysTwentyToOneOnSuper6) {
  // Player 10S 4D = 4 draws 9C -> 3; banker 2C AH = 3 draws (third card 9) 3S -> 6.
  const Outcome o = dealt({"10S", "2C", "4D", "AH", "9C", "3S"});
  EXPECT_EQ(make_baccarat("standard", {})->encode(o), "B 3-6|P:10S,4D,9C|B:2C,AH,3S");
  expect_payouts(o, {{"PLAYER", 0, 0},
                     {"BANKER", 195 * k10 / 100, 15 * k10 / 10},
                     {"TIE", 0, 0},
                     {"PLAYER_PAIR", 0, 0},
                     {"BANKER_PAIR", 0, 0},
                     {"BIG", 154 * k10 / 100, 154 * k10 / 100},
                     {"SMALL", 0, 0},
                     {"SUPER6", -1, 21 * k10}});
}

TEST(BaccaratPayout, BankerNaturalPaysEvenMoneyOnSuper6) {
  // Player 10S 7D = 7, banker 9C KH = 9 (natural).
  const Outcome o = dealt({"10S", "9C", "7D", "KH"});
  expect_payouts(o, {{"PLAYER", 0, 0},
                     {"BANKER", 195 * k10 / 100, 2 * k10},
                     {"TIE", 0, 0},
                     {"PLAYER_PAIR", 0, 0},
                     {"BANKER_PAIR", 0, 0},
                     {"BIG", 0, 0},
                     {"SMALL", 25 * k10 / 10, 25 * k10 / 10},
                     {"SUPER6", -1, 0}});
}

TEST(BaccaratPayout, BankerSixLosingOrTyingIsNoSuper6) {
  // Player KS 7D = 7 stands; banker 2C 4H = 6 stands: player wins 7-6.
  const Outcome o = dealt({"KS", "2C", "7D", "4H"});
  EXPECT_EQ(make_baccarat("super6", {})->label(o), "P 7-6");
  expect_payouts(o, {{"PLAYER", 2 * k10, 2 * k10},
                     {"BANKER", 0, 0},
                     {"SUPER6", -1, 0},
                     {"SMALL", 25 * k10 / 10, 25 * k10 / 10}});
}

TEST(BaccaratPayout, PlayerWinsWithSixCards) {
  // Player AS 2D = 3 draws 4H -> 7; banker 5C KD = 5 draws (third card 4) 10C -> 5.
  const Outcome o = dealt({"AS", "5C", "2D", "KD", "4H", "10C"});
  EXPECT_EQ(make_baccarat("standard", {})->encode(o), "P 7-5|P:AS,2D,4H|B:5C,KD,10C");
  expect_payouts(o, {{"PLAYER", 2 * k10, 2 * k10},
                     {"BANKER", 0, 0},
                     {"TIE", 0, 0},
                     {"BIG", 154 * k10 / 100, 154 * k10 / 100},
                     {"SMALL", 0, 0},
                     {"SUPER6", -1, 0}});
}

// Fractional ratios are exact on every whole-cent stake, and rounded down to 1/100000
// otherwise.
TEST(BaccaratPayout, FractionalRatiosAreExactOnWholeCentsAndRoundDownOtherwise) {
  std::optional<BaccaratCoup> banker_six =
      evaluate_baccarat(dealt({"2S", "3C", "2D", "3H", "10H"}));  // B 4-6, 5 cards
  std::optional<BaccaratCoup> small = evaluate_baccarat(dealt({"4H", "KS", "5D", "7C"}));
  ASSERT_TRUE(banker_six && small);
  for (int64_t cents = 1; cents <= 100'000; cents += cents < 1000 ? 1 : 97) {
    const Money stake = Money::from_units(cents * 1000);
    EXPECT_EQ(baccarat_payout(BaccaratSpot::banker, false, stake, *banker_six).units, cents * 1950);
    EXPECT_EQ(baccarat_payout(BaccaratSpot::banker, true, stake, *banker_six).units, cents * 1500);
    EXPECT_EQ(baccarat_payout(BaccaratSpot::big, false, stake, *banker_six).units, cents * 1540);
    EXPECT_EQ(baccarat_payout(BaccaratSpot::small, false, stake, *small).units, cents * 2500);
  }
  // Stakes that are not whole cents (never accepted by check()): rounded down.
  const Money odd = Money::from_units(1001);
  EXPECT_EQ(baccarat_payout(BaccaratSpot::banker, false, odd, *banker_six).units, 1951);  // 1951.95
  EXPECT_EQ(baccarat_payout(BaccaratSpot::banker, true, odd, *banker_six).units, 1501);   // 1501.5
  EXPECT_EQ(baccarat_payout(BaccaratSpot::big, false, odd, *banker_six).units, 1541);     // 1541.54
  EXPECT_EQ(baccarat_payout(BaccaratSpot::small, false, odd, *small).units, 2502);        // 2502.5
  EXPECT_EQ(baccarat_payout(BaccaratSpot::banker, false, Money::from_units(1), *banker_six).units,
            1);
  // Huge stakes do not overflow the intermediate product.
  const Money huge = Money::from_units(INT64_MAX / 100);
  EXPECT_EQ(baccarat_payout(BaccaratSpot::banker, false, huge, *banker_six).units,
            huge.units / 100 * 195 + huge.units % 100 * 195 / 100);
}

// ---- Outcome text -----------------------------------------------------------------------
TEST(BaccaratText, RoundTripsAndLabels) {
  auto engine = make_baccarat("standard", {});
  const Outcome o = dealt({"KH", "2S", "5D", "7C", "AD", "9H"});
  // Player KH 5D = 5 draws AD -> 6; banker 2S 7C = 9: a natural! Dealt as four cards.
  EXPECT_EQ(engine->encode(o), "B 5-9|P:KH,5D|B:2S,7C");
  EXPECT_EQ(engine->label(o), "B 5-9");
  EXPECT_EQ(engine->decode("B 5-9|P:KH,5D|B:2S,7C"), o);

  const Outcome six = dealt({"10S", "2C", "4D", "AH", "9C", "3S"});
  EXPECT_EQ(engine->decode(engine->encode(six)), six);
  EXPECT_EQ(engine->dealt_cards(six), (std::vector<DealtCard>{{"player", "10S"},
                                                              {"banker", "2C"},
                                                              {"player", "4D"},
                                                              {"banker", "AH"},
                                                              {"player", "9C"},
                                                              {"banker", "3S"}}));
  // The banker (3) draws after the player stood on 7: the fifth card is the banker's.
  const Outcome stood = dealt({"KS", "2C", "7D", "AH", "3S"});
  EXPECT_EQ(engine->encode(stood), "P 7-6|P:KS,7D|B:2C,AH,3S");
  EXPECT_EQ(stood.values[4], kNoCard);
  EXPECT_EQ(engine->dealt_cards(stood).back(), (DealtCard{"banker", "3S"}));
  EXPECT_EQ(engine->decode(engine->encode(stood)), stood);

  // Every outcome of many seeded deals survives a round trip.
  SeededRng rng(42);
  Shoe shoe(8);
  shoe.shuffle(rng);
  for (int i = 0; i < 20'000; ++i) {
    if (shoe.past_cut()) shoe.shuffle(rng);
    const Outcome d = engine->deal(shoe, rng);
    const std::string text = engine->encode(d);
    ASSERT_EQ(engine->decode(text), d) << text;
    ASSERT_EQ(text.substr(0, text.find('|')), engine->label(d));
    std::optional<BaccaratCoup> coup = evaluate_baccarat(d);
    ASSERT_TRUE(coup.has_value());
    ASSERT_EQ(engine->dealt_cards(d).size(), static_cast<size_t>(coup->cards()));
  }
}

TEST(BaccaratText, DecodeRefusesMalformedText) {
  auto engine = make_baccarat("super6", {});
  ASSERT_TRUE(engine->decode("B 5-9|P:KH,5D|B:2S,7C").has_value());
  for (const char* bad : {
           "",
           "B 5-9",
           "B 5-9|P:KH,5D",
           "B 5-9|P:KH,5D|B:2S,7C|",
           "P 5-9|P:KH,5D|B:2S,7C",         // wrong winner
           "B 4-9|P:KH,5D|B:2S,7C",         // wrong total
           "B 5-9 |P:KH,5D|B:2S,7C",        // space
           "B5-9|P:KH,5D|B:2S,7C",          // label form
           "b 5-9|P:KH,5D|B:2S,7C",         // case
           "B 5-9|B:2S,7C|P:KH,5D",         // hands swapped
           "B 5-9|P:KH|B:2S,7C",            // one card
           "B 5-9|P:KH,5D,AD|B:2S,7C",      // a third card after a natural
           "B 5-9|P:KH,5D|B:2S,7C,AH",      // idem
           "B 5-9|P:KH,5D,|B:2S,7C",        // empty card
           "B 5-9|P:KH,5D|B:2S,7X",         // not a card
           "B 5-9|P:kh,5d|B:2s,7c",         // case
           "B 5-9|P:KH 5D|B:2S,7C",         // separator
           "B 5-9|P:KH,5D|B:2S,7C,AH,2H",   // four cards
           "P 2-0|P:KH,2D|B:KS,KC",         // the player's 2 must draw
           "B 4-6|P:2S,2D,10H|B:3C,3H,AS",  // banker 6 stands on a third card of 0
           "P 1-0|P:AS,KD,KH,KC|B:KS,QS",
           "B 5-9|P:KH,5D|B:2S,7C|P:KH,5D|B:2S,7C|P:KH,5D|B:2S,7C|P:KH,5D|B:2S,7C",
       }) {
    EXPECT_FALSE(engine->decode(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace croupier::games::cards
