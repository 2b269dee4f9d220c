#include "games/cards/shoe.hpp"

#include <algorithm>
#include <cassert>
#include <span>

namespace croupier::games::cards {

Shoe::Shoe(int decks, size_t cut_from_end) : decks_(decks), cut_from_end_(cut_from_end) {
  assert(decks >= 1 && decks <= 8);
  cards_.reserve(static_cast<size_t>(decks) * kCardsPerDeck);
}

void Shoe::shuffle(Rng& rng) {
  cards_.clear();
  for (int d = 0; d < decks_; ++d)
    for (int i = 0; i < kCardsPerDeck; ++i) cards_.push_back(Card::from_index(i));
  rng.shuffle(std::span<Card>(cards_));
  next_ = 0;
  cut_at_ = cards_.size() > cut_from_end_ ? cards_.size() - cut_from_end_ : cards_.size();
  burn_card_ = cards_[next_++];
  burnt_ = static_cast<size_t>(std::min(burn_card_.rank, uint8_t{10}));
  next_ += burnt_;
  ++number_;
}

Card Shoe::deal(Rng& rng) {
  if (next_ >= cards_.size()) shuffle(rng);
  return cards_[next_++];
}

}  // namespace croupier::games::cards
