// Dragon tiger: dealing, every spot's payout, outcome texts, checks, limits, and the exact
// house edge of every spot by enumerating the pairs of cards of eight decks through the
// engine's own payout() (docs/games/dragontiger.md).
#include "games/cards/dragon_tiger.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/cards/baccarat_testing.hpp"
#include "games/cards/shoe.hpp"
#include "games/games_testing.hpp"

namespace croupier::games::cards {
namespace {

using baccarat_testing::card;

Outcome round_of(std::string_view dragon, std::string_view tiger) {
  std::vector<Card> cards = {card(dragon), card(tiger)};
  return deal_dragon_tiger(cards).value();
}

TEST(DragonTiger, DealsTheFirstCardToTheDragonAndTheSecondToTheTiger) {
  std::vector<Card> cards = {card("KH"), card("5S"), card("9D")};
  std::optional<Outcome> o = deal_dragon_tiger(cards);
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->values, (std::vector<int>{card("KH").index(), card("5S").index()}));
  EXPECT_FALSE(deal_dragon_tiger(std::span<const Card>(cards).first(1)).has_value());
  std::vector<Card> bad = {Card{14, Suit::clubs}, card("5S")};
  EXPECT_FALSE(deal_dragon_tiger(bad).has_value());

  auto engine = make_dragon_tiger({});
  EXPECT_EQ(engine->game(), "dragontiger");
  EXPECT_EQ(engine->variant(), "classic");
  EXPECT_TRUE(engine->deals_from_shoe());
  EXPECT_EQ(engine->dealt_cards(*o), (std::vector<DealtCard>{{"dragon", "KH"}, {"tiger", "5S"}}));
}

TEST(DragonTiger, DealTakesTheNextTwoCardsOfTheTablesShoe) {
  SeededRng rng(7);
  Shoe shoe(kDragonTigerDecks);
  shoe.shuffle(rng);
  auto engine = make_dragon_tiger({});
  for (int round = 0; round < 50; ++round) {
    // The same shoe and the same words deal the same two cards.
    Shoe copy = shoe;
    SeededRng same = rng;
    const Card dragon = copy.deal(same), tiger = copy.deal(same);
    const size_t before = shoe.remaining();
    const Outcome o = engine->deal(shoe, rng);
    EXPECT_EQ(shoe.remaining(), before - 2);
    EXPECT_EQ(o.values, (std::vector<int>{dragon.index(), tiger.index()}));
  }
  // Without a shoe: a fresh eight-deck shoe each time, so any two cards, even the same.
  for (int i = 0; i < 200; ++i) {
    const Outcome o = engine->draw(rng);
    ASSERT_EQ(o.values.size(), 2u);
    EXPECT_GE(o.values[0], 0);
    EXPECT_LT(o.values[1], 52);
    EXPECT_EQ(engine->decode(engine->encode(o)), o);
  }
}

TEST(DragonTiger, AceIsLowKingIsHighAndSuitsDoNotRank) {
  EXPECT_EQ(dragon_tiger_result(round_of("KH", "QS")), DragonTigerResult::dragon);
  EXPECT_EQ(dragon_tiger_result(round_of("AS", "2S")), DragonTigerResult::tiger);
  EXPECT_EQ(dragon_tiger_result(round_of("AS", "KS")), DragonTigerResult::tiger);
  EXPECT_EQ(dragon_tiger_result(round_of("10C", "9H")), DragonTigerResult::dragon);
  EXPECT_EQ(dragon_tiger_result(round_of("7C", "7H")), DragonTigerResult::tie);
  EXPECT_EQ(dragon_tiger_result(round_of("7C", "7C")), DragonTigerResult::suited_tie);
  EXPECT_EQ(dragon_tiger_result(round_of("AD", "AD")), DragonTigerResult::suited_tie);
}

TEST(DragonTiger, EverySpotPaysItsRatio) {
  auto engine = make_dragon_tiger({});
  const Money ten = eur(10);
  struct Case {
    const char* dragon;
    const char* tiger;
    int64_t dragon_back, tiger_back, tie_back, suited_back;  // in euros
  };
  const Case cases[] = {
      {"KH", "5S", 20, 0, 0, 0},     // dragon wins 1:1
      {"2D", "JC", 0, 20, 0, 0},     // tiger wins 1:1
      {"7C", "7H", 5, 5, 120, 0},    // tie: half lost on the sides, tie 11:1
      {"QS", "QS", 5, 5, 120, 510},  // suited tie: the tie wins too, suited tie 50:1
  };
  for (const Case& k : cases) {
    const Outcome o = round_of(k.dragon, k.tiger);
    EXPECT_EQ(engine->payout("DRAGON", ten, o), eur(k.dragon_back)) << k.dragon << k.tiger;
    EXPECT_EQ(engine->payout("TIGER", ten, o), eur(k.tiger_back)) << k.dragon << k.tiger;
    EXPECT_EQ(engine->payout("TIE", ten, o), eur(k.tie_back)) << k.dragon << k.tiger;
    EXPECT_EQ(engine->payout("SUITED_TIE", ten, o), eur(k.suited_back)) << k.dragon << k.tiger;
  }
}

TEST(DragonTiger, HalfOfAStakeIsExactOnCentsAndRoundedDownOtherwise) {
  auto engine = make_dragon_tiger({});
  const Outcome tie = round_of("3S", "3H");
  EXPECT_EQ(engine->payout("DRAGON", *parse_money("0.01"), tie), *parse_money("0.005"));
  EXPECT_EQ(engine->payout("TIGER", *parse_money("12.35"), tie), *parse_money("6.175"));
  EXPECT_EQ(engine->payout("TIGER", Money::from_units(1), tie), Money::from_units(0));
  EXPECT_EQ(engine->payout("DRAGON", Money::from_units(3), tie), Money::from_units(1));
  EXPECT_EQ(engine->payout("TIE", *parse_money("0.01"), tie), *parse_money("0.12"));
}

TEST(DragonTiger, OutcomeTextsRoundTripForEveryPairOfCards) {
  auto engine = make_dragon_tiger({});
  EXPECT_EQ(engine->encode(round_of("KH", "5S")), "D|D:KH|T:5S");
  EXPECT_EQ(engine->encode(round_of("AS", "10D")), "T|D:AS|T:10D");
  EXPECT_EQ(engine->encode(round_of("7C", "7H")), "X|D:7C|T:7H");
  EXPECT_EQ(engine->encode(round_of("7C", "7C")), "X|D:7C|T:7C");
  EXPECT_EQ(engine->label(round_of("KH", "5S")), "D");
  EXPECT_EQ(engine->label(round_of("7C", "7C")), "X");
  for (int d = 0; d < 52; ++d)
    for (int t = 0; t < 52; ++t) {
      const Outcome o{{d, t}};
      const std::string text = engine->encode(o);
      EXPECT_EQ(engine->decode(text), o) << text;
    }
}

TEST(DragonTiger, MalformedTextsAreRefused) {
  auto engine = make_dragon_tiger({});
  for (const char* bad : {"", "D", "D|", "D|D:KH", "D|D:KH|T:", "D|KH|5S", "T|D:KH|T:5S",
                          "X|D:KH|T:5S", "D|D:KH|T:5S|", "D|D:KH|T:5S|x", "d|D:KH|T:5S",
                          "D |D:KH|T:5S", "D|D:KH,|T:5S", "D|T:5S|D:KH", "D|D:1H|T:5S",
                          "D|D:KH|T:5X", "X|D:7C|T:7C ", "D|D:KH|T:5S,6S", "DX|D:KH|T:5S"})
    EXPECT_FALSE(engine->decode(bad).has_value()) << bad;
}

TEST(DragonTiger, CanonicalSpotsAreExact) {
  auto engine = make_dragon_tiger({});
  for (const char* code : {"DRAGON", "TIGER", "TIE", "SUITED_TIE"})
    EXPECT_EQ(engine->canonical_spot(code), std::string(code));
  for (const char* code : {"", "dragon", "Dragon", "SUITEDTIE", "BANKER", "DRAGON ", "TIE_"})
    EXPECT_FALSE(engine->canonical_spot(code).has_value()) << code;
}

CardLimits dragon_tiger_limits(bool opposite_allowed = true) {
  CardLimits l;
  l.min_bet = eur(1);
  l.main_max = eur(500);
  l.side_max = eur(50);
  l.table_max = eur(600);
  l.opposite_bets_allowed = opposite_allowed;
  return l;
}

using Verdicts = std::vector<std::optional<ErrorCode>>;

TEST(DragonTiger, ChecksRefuseEachLineForItsFirstReason) {
  auto engine = make_dragon_tiger(dragon_tiger_limits());
  const std::optional<ErrorCode> ok;
  EXPECT_EQ(engine->check({}, {{"DRAGON", eur(10)}}, "EUR"), Verdicts{ok});
  // 1005: unknown spot, non-positive amounts, fractions of a cent (or of a yen).
  EXPECT_EQ(engine->check({},
                          {{"BANKER", eur(10)},
                           {"TIE", Money::zero()},
                           {"TIE", eur(-5)},
                           {"TIE", *parse_money("1.005")}},
                          "EUR"),
            (Verdicts{ErrorCode::InvalidBet, ErrorCode::InvalidBet, ErrorCode::InvalidBet,
                      ErrorCode::InvalidBet}));
  EXPECT_EQ(engine->check({}, {{"DRAGON", *parse_money("100.50")}}, "JPY"),
            Verdicts{ErrorCode::InvalidBet});
  // 1013: the spot's total below the minimum; a second chip makes it enough.
  EXPECT_EQ(engine->check({}, {{"TIE", *parse_money("0.50")}}, "EUR"),
            Verdicts{ErrorCode::BelowMinimum});
  EXPECT_EQ(engine->check({{"TIE", *parse_money("0.50")}}, {{"TIE", *parse_money("0.50")}}, "EUR"),
            Verdicts{ok});
  // 1010: main spots up to 500, side bets up to 50, counting what is already there.
  EXPECT_EQ(engine->check({}, {{"DRAGON", eur(500)}, {"TIGER", eur(501)}}, "EUR"),
            (Verdicts{ok, ErrorCode::OverOutsideMax}));
  EXPECT_EQ(
      engine->check({{"SUITED_TIE", eur(40)}},
                    {{"SUITED_TIE", eur(11)}, {"SUITED_TIE", eur(10)}, {"TIE", eur(50)}}, "EUR"),
      (Verdicts{ErrorCode::OverOutsideMax, ok, ok}));
  // 1012: the table total; a refused line does not count towards the next.
  EXPECT_EQ(engine->check(
                {{"DRAGON", eur(500)}},
                {{"TIGER", eur(101)}, {"TIE", eur(50)}, {"SUITED_TIE", eur(50)}, {"TIGER", eur(1)}},
                "EUR"),
            (Verdicts{ErrorCode::OverTableMax, ok, ok, ErrorCode::OverTableMax}));
  // Opposite bets are allowed on this table.
  EXPECT_EQ(engine->check({{"DRAGON", eur(10)}}, {{"TIGER", eur(10)}}, "EUR"), Verdicts{ok});
}

TEST(DragonTiger, OppositeBetsAreRefusedWhenTheTableForbidsThem) {
  auto engine = make_dragon_tiger(dragon_tiger_limits(false));
  const std::optional<ErrorCode> ok;
  EXPECT_EQ(engine->check({{"DRAGON", eur(10)}}, {{"TIGER", eur(10)}}, "EUR"),
            Verdicts{ErrorCode::OppositeBets});
  EXPECT_EQ(engine->check({}, {{"TIGER", eur(10)}, {"DRAGON", eur(10)}, {"TIE", eur(5)}}, "EUR"),
            (Verdicts{ok, ErrorCode::OppositeBets, ok}));
  // A refused line is not on the table: its opposite is still free.
  EXPECT_EQ(engine->check({}, {{"TIGER", eur(9999)}, {"DRAGON", eur(10)}}, "EUR"),
            (Verdicts{ErrorCode::OverOutsideMax, ok}));
  EXPECT_EQ(
      engine->check({{"DRAGON", eur(10)}}, {{"DRAGON", eur(10)}, {"SUITED_TIE", eur(1)}}, "EUR"),
      (Verdicts{ok, ok}));
}

TEST(DragonTiger, LimitsListEverySpotKind) {
  auto engine = make_dragon_tiger(dragon_tiger_limits(false));
  const TableLimitsInfo info = engine->limits();
  EXPECT_EQ(info.min_bet, eur(1));
  EXPECT_EQ(info.table_max, eur(600));
  EXPECT_FALSE(info.opposite_bets_allowed);
  EXPECT_EQ(info.max_multiplier, 0);
  ASSERT_EQ(info.spots.size(), 4u);
  const char* kinds[] = {"dragon", "tiger", "tie", "suited_tie"};
  const int ratios[] = {1, 1, 11, 50};
  const Money maxima[] = {eur(500), eur(500), eur(50), eur(50)};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(info.spots[i].kind, kinds[i]);
    EXPECT_EQ(info.spots[i].payout_ratio, ratios[i]);
    EXPECT_FALSE(info.spots[i].inside);
    EXPECT_EQ(info.spots[i].min, eur(1));
    EXPECT_EQ(info.spots[i].max, maxima[i]);
    EXPECT_EQ(info.spots[i].payout_text, "");  // every ratio is whole
  }
}

// Every ordered pair of cards dealt from 416: the same card index (the same card of two
// different decks) in 8 * 7 ways, two different indices in 8 * 8 ways. For each spot the
// sum of weight * payout must equal the documented fraction of weight total * stake.
TEST(DragonTiger, EverySpotReturnsExactlyTheDocumentedFraction) {
  __extension__ using Int128 = __int128;
  auto engine = make_dragon_tiger({});
  const Money stake = eur(1);
  struct Expected {
    const char* spot;
    int64_t num, den;  // return to player
  };
  // DRAGON/TIGER: 1 - 31/830; TIE (11:1): 1 - 43/415; SUITED_TIE (50:1): 1 - 58/415.
  const Expected expected[] = {
      {"DRAGON", 799, 830}, {"TIGER", 799, 830}, {"TIE", 372, 415}, {"SUITED_TIE", 357, 415}};
  for (const Expected& e : expected) {
    Int128 returned = 0, total = 0;
    for (int d = 0; d < 52; ++d)
      for (int t = 0; t < 52; ++t) {
        const int64_t weight = d == t ? 8 * 7 : 8 * 8;
        total += weight;
        returned +=
            static_cast<Int128>(weight) * engine->payout(e.spot, stake, Outcome{{d, t}}).units;
      }
    EXPECT_TRUE(total == 416 * 415);
    EXPECT_TRUE(returned * e.den == total * stake.units * e.num)
        << e.spot << " returns "
        << static_cast<double>(returned) / static_cast<double>(total * stake.units);
  }
}

}  // namespace
}  // namespace croupier::games::cards
