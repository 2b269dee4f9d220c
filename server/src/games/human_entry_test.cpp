// A human dealer's entries: roulette numbers that exist, cards dealt to the hands the rules
// give them, refused when the deal is complete or the shoe holds no more of them, taken
// back before confirmation, and the outcome the engine would have drawn from those cards.
#include "games/human_entry.hpp"

#include <gtest/gtest.h>

#include "games/cards/andar_bahar.hpp"
#include "games/cards/baccarat.hpp"
#include "games/cards/dragon_tiger.hpp"

namespace croupier::games {
namespace {

TEST(HumanEntry, ARouletteNumberMustExistOnTheWheel) {
  EXPECT_EQ(roulette_entry("17", false).value(), (Outcome{{17}}));
  EXPECT_EQ(roulette_entry("0", false).value(), (Outcome{{0}}));
  EXPECT_EQ(roulette_entry("00", true).value(), (Outcome{{37}}));
  for (const char* bad : {"37", "00", "-1", "017", " 5", "", "red"}) {
    auto r = roulette_entry(bad, false);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error().find("European"), std::string::npos);
  }
  EXPECT_FALSE(roulette_entry("38", true).ok());
}

TEST(HumanEntry, OnlyTheGamesAHumanCanDealAreOffered) {
  EXPECT_TRUE(human_dealing_supported("roulette", "european"));
  EXPECT_TRUE(human_dealing_supported("roulette", "american"));
  EXPECT_FALSE(human_dealing_supported("roulette", "mega"));  // multipliers drawn by the RNG
  EXPECT_TRUE(human_dealing_supported("baccarat", "standard"));
  EXPECT_TRUE(human_dealing_supported("dragontiger", "classic"));
  EXPECT_TRUE(human_dealing_supported("andarbahar", "classic"));
  EXPECT_FALSE(human_dealing_supported("blackjack", "classic"));
  EXPECT_FALSE(human_dealing_supported("crash", "spaceman"));
}

// Enters cards, each expected to go to `hands[i]`.
void deal(CardEntry& e, std::vector<std::pair<std::string, std::string>> cards_and_hands) {
  for (const auto& [card, hand] : cards_and_hands) {
    ASSERT_EQ(e.next_hand().value_or("complete"), hand) << card;
    auto placed = e.enter(card);
    ASSERT_TRUE(placed.ok()) << card << ": " << placed.error();
    EXPECT_EQ(placed->hand, hand);
    EXPECT_EQ(placed->card, card);
  }
}

TEST(HumanEntry, BaccaratCardsFollowTheTableau) {
  // A natural: four cards and no more.
  CardEntry natural("baccarat", 8);
  deal(natural, {{"9S", "player"}, {"2C", "banker"}, {"KD", "player"}, {"5H", "banker"}});
  EXPECT_FALSE(natural.next_hand());
  auto refused = natural.enter("3S");
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("complete"), std::string::npos);
  auto outcome = natural.outcome();
  ASSERT_TRUE(outcome);
  auto coup = cards::evaluate_baccarat(*outcome);
  ASSERT_TRUE(coup);
  EXPECT_EQ(cards::baccarat_label(*coup), "P 9-7");

  // The player draws on 3; the banker, on 5 against a player's third card of 4, draws too.
  CardEntry drawn("baccarat", 8);
  deal(drawn, {{"AS", "player"},
               {"2C", "banker"},
               {"2D", "player"},
               {"3H", "banker"},
               {"4C", "player"},
               {"7S", "banker"}});
  EXPECT_FALSE(drawn.next_hand());
  ASSERT_TRUE(drawn.outcome());
  // Card indices: suit (spades, hearts, diamonds, clubs) * 13 + rank - 1.
  EXPECT_EQ(drawn.outcome()->values, (std::vector<int>{0, 40, 27, 15, 42, 6}));

  // The player stands on 7; the banker on 4 draws.
  CardEntry stood("baccarat", 8);
  deal(stood,
       {{"4S", "player"}, {"2C", "banker"}, {"3D", "player"}, {"2H", "banker"}, {"9C", "banker"}});
  EXPECT_FALSE(stood.next_hand());
  EXPECT_TRUE(stood.outcome());
}

TEST(HumanEntry, AMisreadCardIsTakenBackAndTheDealGoesOn) {
  CardEntry e("baccarat", 8);
  deal(e, {{"9S", "player"}, {"2C", "banker"}});
  auto back = e.undo();
  ASSERT_TRUE(back);
  EXPECT_EQ(back->card, "2C");
  EXPECT_EQ(back->hand, "banker");
  EXPECT_EQ(back->index, 1u);
  EXPECT_EQ(e.next_hand(), "banker");
  deal(e, {{"3C", "banker"}});
  EXPECT_EQ(e.entered().size(), 2u);
  CardEntry empty("baccarat", 8);
  EXPECT_FALSE(empty.undo());
  EXPECT_FALSE(e.enter("1S").ok());  // not a card
  EXPECT_FALSE(e.enter("KX").ok());
}

TEST(HumanEntry, AShoeHoldsAsManyOfACardAsItHasDecks) {
  // A one-deck shoe: the ace of spades once, until a new shoe.
  CardEntry e("dragontiger", 1);
  deal(e, {{"AS", "dragon"}, {"KH", "tiger"}});
  ASSERT_TRUE(e.outcome());
  EXPECT_EQ(cards::dragon_tiger_result(*e.outcome()), cards::DragonTigerResult::tiger);  // ace low
  e.next_round();
  auto again = e.enter("AS");
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.error().find("the shoe's 1 of it are out"), std::string::npos);
  deal(e, {{"AD", "dragon"}});
  EXPECT_FALSE(e.enter("AD").ok());  // twice in one round of a one-deck shoe
  // A new shoe has every card again, once.
  e.new_shoe();
  deal(e, {{"AS", "dragon"}});
  EXPECT_FALSE(e.enter("AS").ok());
  deal(e, {{"2S", "tiger"}});
}

TEST(HumanEntry, AndarBaharDealsUntilTheJokersRankFromOneDeck) {
  CardEntry e("andarbahar", 8);
  deal(e, {{"7H", "joker"}, {"2S", "andar"}, {"9C", "bahar"}, {"KD", "andar"}});
  ASSERT_FALSE(e.enter("2S").ok());  // one deck a round
  deal(e, {{"7D", "bahar"}});
  EXPECT_FALSE(e.next_hand());
  auto outcome = e.outcome();
  ASSERT_TRUE(outcome);
  EXPECT_EQ(cards::andar_bahar_winner(*outcome), cards::AndarBaharSide::bahar);
  EXPECT_EQ(cards::andar_bahar_dealt(*outcome), 4);
  // The next round takes any card again.
  e.next_round();
  deal(e, {{"2S", "joker"}});
}

}  // namespace
}  // namespace croupier::games
