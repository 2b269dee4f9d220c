#include "games/cards/shoe.hpp"

#include <gtest/gtest.h>

#include <map>

namespace croupier::games::cards {
namespace {

TEST(Cards, TextRoundTripsForEveryCard) {
  for (int i = 0; i < kCardsPerDeck; ++i) {
    Card c = Card::from_index(i);
    EXPECT_EQ(c.index(), i);
    auto back = card_from_text(to_text(c));
    ASSERT_TRUE(back.has_value()) << to_text(c);
    EXPECT_EQ(*back, c);
  }
  EXPECT_EQ(to_text(Card{1, Suit::spades}), "AS");
  EXPECT_EQ(to_text(Card{10, Suit::hearts}), "10H");
  EXPECT_EQ(to_text(Card{13, Suit::clubs}), "KC");
  for (const char* bad : {"", "A", "1S", "11H", "TS", "AX", "as", "10HH", "0D"})
    EXPECT_FALSE(card_from_text(bad).has_value()) << bad;
  EXPECT_TRUE((Card{5, Suit::diamonds}.red()));
  EXPECT_FALSE((Card{5, Suit::clubs}.red()));
  EXPECT_EQ(baccarat_value(Card{1, Suit::clubs}), 1);
  EXPECT_EQ(baccarat_value(Card{9, Suit::clubs}), 9);
  for (uint8_t r = 10; r <= 13; ++r) EXPECT_EQ(baccarat_value(Card{r, Suit::clubs}), 0);
}

TEST(Shoe, HoldsEightFullDecksAndBurnsByTheFirstCard) {
  SeededRng rng(11);
  Shoe shoe(8, 16);
  shoe.shuffle(rng);
  EXPECT_EQ(shoe.size(), 416u);
  EXPECT_EQ(shoe.number(), 1);
  const size_t burnt = shoe.burnt();
  EXPECT_EQ(burnt, static_cast<size_t>(std::min<int>(shoe.burn_card().rank, 10)));
  EXPECT_EQ(shoe.remaining(), 416u - 1 - burnt);
  // Every card of eight decks, eight times each, across the burn and the deals.
  std::map<int, int> seen;
  seen[shoe.burn_card().index()]++;
  size_t dealt = 0;
  while (!shoe.past_cut()) {
    seen[shoe.deal(rng).index()]++;
    ++dealt;
  }
  EXPECT_EQ(shoe.remaining(), 16u);  // the cut card sits 16 from the end
  while (shoe.remaining() > 0) seen[shoe.deal(rng).index()]++;
  int total = 0;
  for (const auto& [card, n] : seen) total += n;
  EXPECT_EQ(total + static_cast<int>(burnt), 416);
  EXPECT_EQ(shoe.number(), 1);
  shoe.deal(rng);  // past the last card: a new shoe
  EXPECT_EQ(shoe.number(), 2);
}

TEST(Shoe, ShufflesDifferentlyEachTime) {
  SeededRng rng(5);
  Shoe a(8), b(8);
  a.shuffle(rng);
  b.shuffle(rng);
  int same = 0;
  for (int i = 0; i < 50; ++i) same += a.deal(rng) == b.deal(rng);
  EXPECT_LT(same, 10);
}

}  // namespace
}  // namespace croupier::games::cards
