// Andar bahar: dealing from scripted cards, the andar-first rule, every spot's payout
// (side-bet ranges at their edges), outcome texts, checks, limits, the statistics panel,
// and the exact house edge of every spot by enumerating the count of cards dealt through
// the engine's own payout() (docs/games/andarbahar.md).
#include "games/cards/andar_bahar.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/cards/baccarat_testing.hpp"
#include "games/cards/shoe.hpp"
#include "games/games_testing.hpp"

namespace croupier::games::cards {
namespace {

using baccarat_testing::card;

std::vector<Card> cards_of(std::initializer_list<std::string_view> texts) {
  std::vector<Card> out;
  for (std::string_view t : texts) out.push_back(card(t));
  return out;
}

Outcome deal(std::initializer_list<std::string_view> texts) {
  std::vector<Card> cards = cards_of(texts);
  std::optional<Outcome> o = deal_andar_bahar(cards);
  EXPECT_TRUE(o.has_value());
  return o.value_or(Outcome{});
}

// A valid round in which exactly `dealt` cards follow the joker (the 7 of spades): the
// first dealt - 1 cards are other ranks in deck order, the last is the 7 of hearts.
Outcome round_with(int dealt) {
  const Card joker{7, Suit::spades};
  Outcome o{{joker.index()}};
  for (int i = 0; static_cast<int>(o.values.size()) < dealt; ++i)
    if (Card::from_index(i).rank != 7) o.values.push_back(i);
  o.values.push_back(Card{7, Suit::hearts}.index());
  return o;
}

TEST(AndarBahar, DealsUntilACardMatchesTheJokersRank) {
  const Outcome o = deal({"7H", "2S", "9C", "7D", "KD"});  // KD comes after the match
  EXPECT_EQ(o.values, (std::vector<int>{card("7H").index(), card("2S").index(), card("9C").index(),
                                        card("7D").index()}));
  EXPECT_EQ(andar_bahar_dealt(o), 3);
  EXPECT_EQ(andar_bahar_winner(o), AndarBaharSide::andar);
  // The very first card matches: andar.
  const Outcome first = deal({"KS", "KD"});
  EXPECT_EQ(andar_bahar_dealt(first), 1);
  EXPECT_EQ(andar_bahar_winner(first), AndarBaharSide::andar);
  // The second: bahar.
  const Outcome second = deal({"2C", "5H", "2D"});
  EXPECT_EQ(andar_bahar_winner(second), AndarBaharSide::bahar);
  // Only the rank matters, not the suit or colour.
  EXPECT_EQ(andar_bahar_dealt(deal({"QH", "JH", "10H", "QC"})), 3);

  std::vector<Card> no_match = cards_of({"7H", "2S", "9C"});
  EXPECT_FALSE(deal_andar_bahar(no_match).has_value());
  std::vector<Card> repeated = cards_of({"7H", "2S", "2S", "7D"});
  EXPECT_FALSE(deal_andar_bahar(repeated).has_value());
  std::vector<Card> joker_again = cards_of({"7H", "7H"});
  EXPECT_FALSE(deal_andar_bahar(joker_again).has_value());
  std::vector<Card> not_a_card = {card("7H"), Card{0, Suit::clubs}, card("7D")};
  EXPECT_FALSE(deal_andar_bahar(not_a_card).has_value());
  EXPECT_FALSE(deal_andar_bahar({}).has_value());
}

TEST(AndarBahar, TheFirstCardAfterTheJokerAlwaysGoesToAndar) {
  auto engine = make_andar_bahar({});
  EXPECT_EQ(engine->game(), "andarbahar");
  EXPECT_EQ(engine->variant(), "classic");
  EXPECT_FALSE(engine->deals_from_shoe());
  // A red joker and a black joker are dealt alike.
  EXPECT_EQ(
      engine->dealt_cards(deal({"7H", "2S", "9C", "7D"})),
      (std::vector<DealtCard>{{"joker", "7H"}, {"andar", "2S"}, {"bahar", "9C"}, {"andar", "7D"}}));
  EXPECT_EQ(
      engine->dealt_cards(deal({"7S", "2S", "9C", "4H", "7D"})),
      (std::vector<DealtCard>{
          {"joker", "7S"}, {"andar", "2S"}, {"bahar", "9C"}, {"andar", "4H"}, {"bahar", "7D"}}));
  for (int i = 1; i <= kAndarBaharMaxDealt; ++i)
    EXPECT_EQ(andar_bahar_side(i), i % 2 ? AndarBaharSide::andar : AndarBaharSide::bahar);
}

TEST(AndarBahar, DrawsRoundsOfOneFreshDeck) {
  auto engine = make_andar_bahar({});
  SeededRng rng(3);
  Shoe shoe(8);
  shoe.shuffle(rng);
  const size_t before = shoe.remaining();
  std::set<int> counts;
  for (int i = 0; i < 3000; ++i) {
    const Outcome o = i % 2 ? engine->draw(rng) : engine->deal(shoe, rng);
    ASSERT_TRUE(andar_bahar_valid(o)) << engine->encode(o);
    counts.insert(andar_bahar_dealt(o));
    EXPECT_EQ(engine->decode(engine->encode(o)), o);
  }
  EXPECT_EQ(shoe.remaining(), before);  // the table's shoe is not used
  EXPECT_TRUE(counts.count(1) && counts.count(2) && *counts.rbegin() > 30);
}

TEST(AndarBahar, MainBetsPayAndarNineTenthsAndBaharEvenMoney) {
  auto engine = make_andar_bahar({});
  const Outcome andar = deal({"7H", "2S", "9C", "7D"});
  const Outcome bahar = deal({"2C", "5H", "2D"});
  EXPECT_EQ(engine->payout("ANDAR", eur(10), andar), eur(19));
  EXPECT_EQ(engine->payout("BAHAR", eur(10), andar), eur(0));
  EXPECT_EQ(engine->payout("ANDAR", eur(10), bahar), eur(0));
  EXPECT_EQ(engine->payout("BAHAR", eur(10), bahar), eur(20));
  // 0.9:1 is exact on whole cents and rounds down below them.
  EXPECT_EQ(engine->payout("ANDAR", *parse_money("0.01"), andar), *parse_money("0.019"));
  EXPECT_EQ(engine->payout("ANDAR", *parse_money("12.34"), andar), *parse_money("23.446"));
  EXPECT_EQ(engine->payout("ANDAR", Money::from_units(1), andar), Money::from_units(1));
  EXPECT_EQ(engine->payout("ANDAR", Money::from_units(7), andar), Money::from_units(13));
}

TEST(AndarBahar, EachSideBetWinsOnItsRangeOnly) {
  auto engine = make_andar_bahar({});
  // Winning returns for 2 euros (stake included): 2.5:1, 3.5:1, 4.5:1, 3.5:1, 14:1, 24:1,
  // 49:1, 119:1.
  const int64_t back[] = {7, 9, 11, 9, 30, 50, 100, 240};
  ASSERT_EQ(kCardCountRangeTable.size(), 8u);
  EXPECT_EQ(kCardCountRangeTable.front().from, 1);
  EXPECT_EQ(kCardCountRangeTable.back().to, kAndarBaharMaxDealt);
  for (size_t r = 0; r + 1 < kCardCountRanges; ++r)
    EXPECT_EQ(kCardCountRangeTable[r].to + 1, kCardCountRangeTable[r + 1].from);
  for (int n = 1; n <= kAndarBaharMaxDealt; ++n) {
    const Outcome o = round_with(n);
    ASSERT_TRUE(andar_bahar_valid(o)) << n;
    ASSERT_EQ(andar_bahar_dealt(o), n);
    const size_t in = card_count_range(n);
    EXPECT_GE(n, kCardCountRangeTable[in].from);
    EXPECT_LE(n, kCardCountRangeTable[in].to);
    for (size_t r = 0; r < kCardCountRanges; ++r) {
      const Money paid = engine->payout(kCardCountRangeTable[r].spot, eur(2), o);
      EXPECT_EQ(paid, r == in ? eur(back[r]) : eur(0)) << kCardCountRangeTable[r].spot << " " << n;
    }
    EXPECT_EQ(engine->payout("ANDAR", eur(10), o), n % 2 ? eur(19) : eur(0)) << n;
    EXPECT_EQ(engine->payout("BAHAR", eur(10), o), n % 2 ? eur(0) : eur(20)) << n;
  }
  // The edges, by name.
  const std::pair<int, const char*> edges[] = {
      {1, "CARDS_1_5"},    {5, "CARDS_1_5"},    {6, "CARDS_6_10"},   {10, "CARDS_6_10"},
      {11, "CARDS_11_15"}, {15, "CARDS_11_15"}, {16, "CARDS_16_25"}, {25, "CARDS_16_25"},
      {26, "CARDS_26_30"}, {30, "CARDS_26_30"}, {31, "CARDS_31_35"}, {35, "CARDS_31_35"},
      {36, "CARDS_36_40"}, {40, "CARDS_36_40"}, {41, "CARDS_41_49"}, {49, "CARDS_41_49"}};
  for (auto [n, spot] : edges)
    EXPECT_TRUE(engine->payout(spot, eur(1), round_with(n)).is_positive()) << n << spot;
  // 2.5:1 on a cent is exact.
  EXPECT_EQ(engine->payout("CARDS_1_5", *parse_money("0.01"), round_with(1)),
            *parse_money("0.035"));
}

TEST(AndarBahar, OutcomeTextsListEachSidesCards) {
  auto engine = make_andar_bahar({});
  EXPECT_EQ(engine->encode(deal({"7H", "2S", "9C", "7D"})), "A|J:7H|A:2S,7D|B:9C");
  EXPECT_EQ(engine->encode(deal({"KS", "KD"})), "A|J:KS|A:KD|B:");
  EXPECT_EQ(engine->encode(deal({"2C", "5H", "2D"})), "B|J:2C|A:5H|B:2D");
  EXPECT_EQ(engine->encode(deal({"10C", "AS", "3D", "4H", "10H"})), "B|J:10C|A:AS,4H|B:3D,10H");
  EXPECT_EQ(engine->label(deal({"2C", "5H", "2D"})), "B");
  for (int n = 1; n <= kAndarBaharMaxDealt; ++n) {
    const Outcome o = round_with(n);
    const std::string text = engine->encode(o);
    EXPECT_EQ(engine->decode(text), o) << text;
    EXPECT_EQ(engine->label(o), n % 2 ? "A" : "B");
  }
}

TEST(AndarBahar, MalformedTextsAreRefused) {
  auto engine = make_andar_bahar({});
  for (const char* bad : {"",
                          "A",
                          "A|",
                          "A|J:KS",
                          "A|J:KS|A:KD",
                          "A|J:KS|A:KD|B",
                          "A|J:KS|A:KD|B:|",
                          "B|J:KS|A:KD|B:",          // wrong label
                          "A|J:KS|A:|B:",            // no card dealt
                          "A|J:KS|A:|B:KD",          // bahar before andar
                          "A|J:KS|A:2S,3S,KD|B:4S",  // andar two cards ahead
                          "A|J:KS|A:2S,KD|B:4S,5S",  // bahar ahead
                          "A|J:KS|A:2S|B:KD",        // the match is on bahar
                          "A|J:7H|A:7D,7C|B:9C",     // play continued past the match
                          "A|J:7H|A:2S,2S|B:9C",     // a card twice
                          "A|J:7H|A:7H|B:",          // the joker again
                          "A|J:7H|A:2S,,7D|B:9C",
                          "A|J:7H|A:2S,7D,|B:9C",
                          "A|J:7H|A:2S;7D|B:9C",
                          "A|J:7H|B:9C|A:2S,7D",
                          "a|J:KS|A:KD|B:",
                          "A|J:ks|A:KD|B:",
                          "A|j:KS|A:KD|B:",
                          "A|J:KS|A:KD |B:",
                          "A|J:KS|A: KD|B:",
                          "X|J:KS|A:KD|B:",
                          "A|J:1S|A:KD|B:"})
    EXPECT_FALSE(engine->decode(bad).has_value()) << bad;
}

TEST(AndarBahar, CanonicalSpotsAreExact) {
  auto engine = make_andar_bahar({});
  for (const char* code :
       {"ANDAR", "BAHAR", "CARDS_1_5", "CARDS_6_10", "CARDS_11_15", "CARDS_16_25", "CARDS_26_30",
        "CARDS_31_35", "CARDS_36_40", "CARDS_41_49"})
    EXPECT_EQ(engine->canonical_spot(code), std::string(code));
  for (const char* code : {"", "andar", "CARDS_1_6", "CARDS_41", "CARDS_41_PLUS", "TIE"})
    EXPECT_FALSE(engine->canonical_spot(code).has_value()) << code;
}

using Verdicts = std::vector<std::optional<ErrorCode>>;

CardLimits test_limits(bool opposite_allowed) {
  CardLimits l;
  l.min_bet = *parse_money("0.50");
  l.main_max = eur(200);
  l.side_max = eur(20);
  l.table_max = eur(250);
  l.opposite_bets_allowed = opposite_allowed;
  return l;
}

TEST(AndarBahar, ChecksRefuseEachLineForItsFirstReason) {
  const std::optional<ErrorCode> ok;
  auto engine = make_andar_bahar(test_limits(true));
  EXPECT_EQ(engine->check({},
                          {{"ANDAR", eur(200)},
                           {"CARDS_41_49", eur(20)},
                           {"CARDS_41_49", *parse_money("0.01")},
                           {"CARDS_1_5", *parse_money("0.40")},
                           {"CARDS_1_5", *parse_money("0.001")},
                           {"CARDS_99", eur(1)},
                           {"BAHAR", eur(31)},
                           {"BAHAR", eur(30)}},
                          "EUR"),
            (Verdicts{ok, ok, ErrorCode::OverOutsideMax, ErrorCode::BelowMinimum,
                      ErrorCode::InvalidBet, ErrorCode::InvalidBet, ErrorCode::OverTableMax, ok}));
  EXPECT_EQ(engine->check({{"BAHAR", eur(50)}}, {{"ANDAR", eur(50)}}, "EUR"), Verdicts{ok});

  auto strict = make_andar_bahar(test_limits(false));
  EXPECT_EQ(
      strict->check({{"BAHAR", eur(50)}}, {{"ANDAR", eur(50)}, {"CARDS_6_10", eur(5)}}, "EUR"),
      (Verdicts{ErrorCode::OppositeBets, ok}));
  EXPECT_EQ(strict->check({}, {{"ANDAR", eur(5)}, {"BAHAR", eur(5)}, {"ANDAR", eur(5)}}, "EUR"),
            (Verdicts{ok, ErrorCode::OppositeBets, ok}));
}

TEST(AndarBahar, LimitsListEverySpotKindWithItsWholeRatio) {
  auto engine = make_andar_bahar(test_limits(false));
  const TableLimitsInfo info = engine->limits();
  EXPECT_EQ(info.min_bet, *parse_money("0.50"));
  EXPECT_EQ(info.table_max, eur(250));
  EXPECT_FALSE(info.opposite_bets_allowed);
  const char* kinds[] = {"andar",       "bahar",       "cards_1_5",   "cards_6_10",  "cards_11_15",
                         "cards_16_25", "cards_26_30", "cards_31_35", "cards_36_40", "cards_41_49"};
  const int ratios[] = {0, 1, 2, 3, 4, 3, 14, 24, 49, 119};
  // The exact ratio where the whole one is not exact; empty otherwise.
  const char* texts[] = {"0.9", "", "2.5", "3.5", "4.5", "3.5", "", "", "", ""};
  ASSERT_EQ(info.spots.size(), 10u);
  for (size_t i = 0; i < info.spots.size(); ++i) {
    EXPECT_EQ(info.spots[i].kind, kinds[i]);
    EXPECT_EQ(info.spots[i].payout_ratio, ratios[i]) << kinds[i];
    EXPECT_EQ(info.spots[i].max, i < 2 ? eur(200) : eur(20)) << kinds[i];
    EXPECT_EQ(info.spots[i].min, *parse_money("0.50"));
    EXPECT_FALSE(info.spots[i].inside);
    EXPECT_EQ(info.spots[i].payout_text, texts[i]) << kinds[i];
  }
}

TEST(AndarBahar, StatisticsCountSidesJokersAndRanges) {
  std::vector<Outcome> history = {
      deal({"7H", "2S", "9C", "7D"}),  // andar, 3 cards, red 7
      deal({"KS", "KD"}),              // andar, 1 card, black king
      deal({"2C", "5H", "2D"}),        // bahar, 2 cards, black 2
      round_with(6),                   // bahar, 6 cards, 7 of spades
      round_with(41),                  // andar, 41 cards
      round_with(49),                  // andar, 49 cards
      Outcome{{1, 2}},                 // not a round: skipped
      Outcome{},                       // skipped
  };
  const AndarBaharStats s = andar_bahar_stats(history);
  EXPECT_EQ(s.rounds, 6);
  EXPECT_EQ(s.andar_wins, 4);
  EXPECT_EQ(s.bahar_wins, 2);
  std::array<int, 13> ranks{};
  ranks[6] = 4;   // sevens
  ranks[12] = 1;  // kings
  ranks[1] = 1;   // twos
  EXPECT_EQ(s.joker_ranks, ranks);
  EXPECT_EQ(s.joker_suits, (std::array<int, 4>{4, 1, 0, 1}));
  EXPECT_EQ(s.joker_red, 1);
  EXPECT_EQ(s.joker_black, 5);
  EXPECT_EQ(s.dealt_ranges, (std::array<int, kCardCountRanges>{3, 1, 0, 0, 0, 0, 0, 2}));
  EXPECT_EQ(andar_bahar_stats({}), AndarBaharStats{});
}

// The count n of cards dealt after the joker has probability C(51 - n, 2) / C(51, 3): what
// a bet returns depends on n only, so enumerating n = 1..49 with weight C(51 - n, 2) (out of
// 20825) gives each spot's exact return.
TEST(AndarBahar, EverySpotReturnsExactlyTheDocumentedFraction) {
  __extension__ using Int128 = __int128;
  auto engine = make_andar_bahar({});
  const Money stake = eur(1);
  struct Expected {
    const char* spot;
    int64_t num, den;  // return to player = 1 - house edge
  };
  const Expected expected[] = {{"ANDAR", 8330 - 179, 8330},       {"BAHAR", 833 - 25, 833},
                               {"CARDS_1_5", 1190 - 61, 1190},    {"CARDS_6_10", 4165 - 97, 4165},
                               {"CARDS_11_15", 4165 - 293, 4165}, {"CARDS_16_25", 4165 - 79, 4165},
                               {"CARDS_26_30", 833 - 71, 833},    {"CARDS_31_35", 119 - 9, 119},
                               {"CARDS_36_40", 833 - 43, 833},    {"CARDS_41_49", 833 - 41, 833}};
  for (const Expected& e : expected) {
    Int128 returned = 0, total = 0;
    for (int n = 1; n <= kAndarBaharMaxDealt; ++n) {
      const int64_t weight = (51 - n) * (50 - n) / 2;
      total += weight;
      returned += static_cast<Int128>(weight) * engine->payout(e.spot, stake, round_with(n)).units;
    }
    EXPECT_TRUE(total == 20825);
    EXPECT_TRUE(returned * e.den == total * stake.units * e.num)
        << e.spot << " returns "
        << static_cast<double>(returned) / static_cast<double>(total * stake.units);
  }
}

}  // namespace
}  // namespace croupier::games::cards
