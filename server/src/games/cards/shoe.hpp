// Shoe: the decks a card table deals from, with a cut card and a burn.
//
// The shoe holds counts, not an order: each card dealt is drawn uniformly from the cards
// left (r = uniform(left), the r-th card walking the 52 kinds in index order), which deals
// exactly like a shoe shuffled by Fisher-Yates and read from the top, one step at a time.
// It lets a round be verified from its own seed (docs/provably-fair.md): a verifier needs
// only the 52 counts the round began with (composition()) and the round's random words,
// not the history of the shoe.
//
// shuffle() puts every card of `decks` decks back, places the cut card `cut_from_end`
// cards before the end and burns: the first card drawn is shown and as many cards as its
// value (ace 1, ten to king 10) are discarded unseen. The table deals hands with deal();
// once the cut card has come out (past_cut()), the hand in progress is finished and the
// shoe is changed before the next round. A Shoe is owned by one table and is not
// thread-safe.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"
#include "games/cards/card.hpp"

namespace croupier::games::cards {

class Shoe {
 public:
  explicit Shoe(int decks = 8, size_t cut_from_end = 16);

  // A shoe holding `counts` (composition()'s 52 digits, none above `decks`), as a verifier
  // rebuilds the one a round began with; nullopt when the text is not such counts.
  static std::optional<Shoe> from_composition(std::string_view counts, int decks = 8);

  // A new shoe: every card back, cut card placed, burn done.
  void shuffle(Rng& rng);

  // The next card. A shoe that runs out entirely (which the cut card prevents in play)
  // is refilled with its full decks first, without a burn, so deal() always returns a card.
  Card deal(Rng& rng);

  bool past_cut() const { return left_ <= cut_from_end_; }
  size_t remaining() const { return left_; }
  size_t size() const { return static_cast<size_t>(decks_) * kCardsPerDeck; }
  // The cards left as 52 digits, the count of each card by index (Card::index()).
  std::string composition() const;
  // A round's part, for its fair record: mark() before the round's first card, then the
  // composition at the mark and the cards taken since, in order.
  void mark();
  const std::string& marked() const { return marked_; }
  const std::vector<Card>& taken() const { return taken_; }
  int decks() const { return decks_; }
  // The card shown at the burn and how many were burnt after it (for the shuffle event).
  Card burn_card() const { return burn_card_; }
  size_t burnt() const { return burnt_; }
  // Shoes dealt from since this object was made: 1 after the first shuffle.
  int number() const { return number_; }

 private:
  Card take(Rng& rng);

  int decks_;
  size_t cut_from_end_;
  std::array<uint8_t, kCardsPerDeck> counts_{};
  size_t left_ = 0;
  std::string marked_;
  std::vector<Card> taken_;
  Card burn_card_{};
  size_t burnt_ = 0;
  int number_ = 0;
};

// Baccarat value of a card: ace 1, two to nine face value, ten and faces 0.
inline int baccarat_value(Card c) {
  return c.rank >= 10 ? 0 : c.rank;
}

}  // namespace croupier::games::cards
