#include "games/cards/shoe.hpp"

#include <algorithm>
#include <cassert>

namespace croupier::games::cards {

Shoe::Shoe(int decks, size_t cut_from_end) : decks_(decks), cut_from_end_(cut_from_end) {
  assert(decks >= 1 && decks <= 8);  // a count is one digit in composition()
}

void Shoe::shuffle(Rng& rng) {
  taken_.clear();  // a shoe is changed between rounds: the burn is no round's
  counts_.fill(static_cast<uint8_t>(decks_));
  left_ = size();
  burn_card_ = take(rng);
  burnt_ = static_cast<size_t>(std::min(burn_card_.rank, uint8_t{10}));
  for (size_t i = 0; i < burnt_; ++i) take(rng);
  ++number_;
}

Card Shoe::deal(Rng& rng) {
  // Run out mid-round (a cut card too near the end): the decks are refilled, without a
  // burn, and the round goes on drawing from its own words (a verifier does the same).
  if (left_ == 0) {
    counts_.fill(static_cast<uint8_t>(decks_));
    left_ = size();
    ++number_;
  }
  return take(rng);
}

Card Shoe::take(Rng& rng) {
  assert(left_ > 0);
  uint64_t r = rng.uniform(left_);
  for (int i = 0; i < kCardsPerDeck; ++i) {
    if (r < counts_[static_cast<size_t>(i)]) {
      --counts_[static_cast<size_t>(i)];
      --left_;
      taken_.push_back(Card::from_index(i));
      return taken_.back();
    }
    r -= counts_[static_cast<size_t>(i)];
  }
  assert(false && "unreachable: r < left_, the sum of the counts");
  return Card{};
}

std::optional<Shoe> Shoe::from_composition(std::string_view counts, int decks) {
  if (counts.size() != static_cast<size_t>(kCardsPerDeck) || decks < 1 || decks > 8)
    return std::nullopt;
  Shoe shoe(decks, 0);
  for (size_t i = 0; i < counts.size(); ++i) {
    const int n = counts[i] - '0';
    if (n < 0 || n > decks) return std::nullopt;
    shoe.counts_[i] = static_cast<uint8_t>(n);
    shoe.left_ += static_cast<size_t>(n);
  }
  shoe.number_ = 1;
  return shoe;
}

void Shoe::mark() {
  marked_ = composition();
  taken_.clear();
}

std::string Shoe::composition() const {
  std::string out;
  out.reserve(kCardsPerDeck);
  for (uint8_t n : counts_) out.push_back(static_cast<char>('0' + n));
  return out;
}

}  // namespace croupier::games::cards
