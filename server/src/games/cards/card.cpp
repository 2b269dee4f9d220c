#include "games/cards/card.hpp"

#include <array>

namespace croupier::games::cards {

namespace {
constexpr std::array<std::string_view, 14> kRanks = {"",  "A", "2", "3",  "4", "5", "6",
                                                     "7", "8", "9", "10", "J", "Q", "K"};
constexpr std::array<char, 4> kSuits = {'S', 'H', 'D', 'C'};
}  // namespace

std::string to_text(Card card) {
  std::string text(kRanks[card.rank]);
  text += kSuits[static_cast<size_t>(card.suit)];
  return text;
}

std::optional<Card> card_from_text(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  std::string_view rank = text.substr(0, text.size() - 1);
  char suit = text.back();
  for (uint8_t r = 1; r <= 13; ++r) {
    if (kRanks[r] != rank) continue;
    for (size_t s = 0; s < kSuits.size(); ++s)
      if (kSuits[s] == suit) return Card{r, static_cast<Suit>(s)};
  }
  return std::nullopt;
}

}  // namespace croupier::games::cards
