#include "games/blackjack/bj_record.hpp"

#include <gtest/gtest.h>

namespace croupier::games::blackjack {
namespace {

std::vector<cards::Card> cards_of(std::initializer_list<const char*> texts) {
  std::vector<cards::Card> out;
  for (const char* t : texts) out.push_back(*cards::card_from_text(t));
  return out;
}

HandView played(std::initializer_list<const char*> texts, std::string outcome) {
  HandView h;
  h.cards = cards_of(texts);
  h.outcome = std::move(outcome);
  return h;
}

TEST(BlackjackRecord, TheSeatsHandsGoToTextAndBack) {
  RoundView round;
  SeatView three;
  three.seat = 3;
  three.box.hands = {played({"9C", "9D"}, "win"), played({"9H", "2S", "10C"}, "bust")};
  SeatView one;
  one.seat = 1;
  one.box.hands = {played({"AS", "KD"}, "blackjack")};
  SeatView empty;  // a seat that did not play is left out
  empty.seat = 5;
  round.seats = {one, three, empty};

  const std::string text = record_hands(round);
  EXPECT_EQ(text, "1:AS,KD=blackjack;3:9C,9D=win/9H,2S,10C=bust");
  auto seats = read_hands(text);
  ASSERT_TRUE(seats);
  ASSERT_EQ(seats->size(), 2u);
  EXPECT_EQ((*seats)[1].seat, 3);
  EXPECT_EQ((*seats)[1].hands[1].cards, (std::vector<std::string>{"9H", "2S", "10C"}));
  EXPECT_EQ((*seats)[1].hands[1].outcome, "bust");
}

TEST(BlackjackRecord, OneHandInfiniteKeepsTheCommonHandAsSeatZero) {
  RoundView round;
  round.onebj = true;
  round.shared = cards_of({"9H", "7C", "2S"});
  EXPECT_EQ(record_hands(round), "0:9H,7C,2S=");
  EXPECT_EQ(read_hands("0:9H,7C,2S=")->at(0).hands[0].outcome, "");
  EXPECT_EQ(record_hands(RoundView{}), "");
  EXPECT_TRUE(read_hands("")->empty());
}

TEST(BlackjackRecord, RefusesTextOfAnotherForm) {
  for (const char* bad : {"x:AS=win", "8:AS=win", "1:AS", "1:XX=win", "1:AS=Win!", "1", ";"})
    EXPECT_FALSE(read_hands(bad)) << bad;
}

}  // namespace
}  // namespace croupier::games::blackjack
