// Shoe: the decks a card table deals from, shuffled by the table's Rng (a CSPRNG in
// production) with Fisher-Yates, with a cut card and a burn.
//
// shuffle() puts every card of `decks` decks back, shuffles them, places the cut card
// `cut_from_end` cards before the end and burns: the first card is shown and as many
// cards as its value (ace 1, ten to king 10) are discarded unseen. The table deals hands
// with deal(); once the cut card has come out (past_cut()), the hand in progress is
// finished and the shoe is changed before the next round. A Shoe is owned by one table
// and is not thread-safe.
#pragma once

#include <cstddef>
#include <vector>

#include "core/rng.hpp"
#include "games/cards/card.hpp"

namespace croupier::games::cards {

class Shoe {
 public:
  explicit Shoe(int decks = 8, size_t cut_from_end = 16);

  // A new shoe: every card back, shuffled, cut card placed, burn done.
  void shuffle(Rng& rng);

  // The next card. A shoe that runs out entirely (which the cut card prevents in play)
  // is reshuffled first, so deal() always returns a card.
  Card deal(Rng& rng);

  bool past_cut() const { return next_ >= cut_at_; }
  size_t remaining() const { return cards_.size() - next_; }
  size_t size() const { return cards_.size(); }
  int decks() const { return decks_; }
  // The card shown at the burn and how many were burnt after it (for the shuffle event).
  Card burn_card() const { return burn_card_; }
  size_t burnt() const { return burnt_; }
  // Shoes dealt from since this object was made: 1 after the first shuffle.
  int number() const { return number_; }

 private:
  int decks_;
  size_t cut_from_end_;
  std::vector<Card> cards_;
  size_t next_ = 0;
  size_t cut_at_ = 0;
  Card burn_card_{};
  size_t burnt_ = 0;
  int number_ = 0;
};

// Baccarat value of a card: ace 1, two to nine face value, ten and faces 0.
inline int baccarat_value(Card c) {
  return c.rank >= 10 ? 0 : c.rank;
}

}  // namespace croupier::games::cards
