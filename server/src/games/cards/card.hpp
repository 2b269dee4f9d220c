// Cards and the shoe they are dealt from: the shared parts of the card tables (baccarat,
// dragon tiger, andar bahar).
//
// A card is a rank 1-13 (ace 1, jack 11, queen 12, king 13) and a suit; its text is the
// rank's letter or number and the suit's letter: "AS", "10H", "QD", "7C". A card also
// has a number 0-51 (suit * 13 + rank - 1) for compact outcomes. Pure values; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace croupier::games::cards {

enum class Suit : uint8_t { spades, hearts, diamonds, clubs };

struct Card {
  uint8_t rank = 1;  // 1 (ace) .. 13 (king)
  Suit suit = Suit::spades;

  int index() const { return static_cast<int>(suit) * 13 + rank - 1; }  // 0..51
  static Card from_index(int index) {
    return Card{static_cast<uint8_t>(index % 13 + 1), static_cast<Suit>(index / 13)};
  }
  bool red() const { return suit == Suit::hearts || suit == Suit::diamonds; }
  friend bool operator==(const Card&, const Card&) = default;
};

inline constexpr int kCardsPerDeck = 52;

// "AS", "10H", "KD"; from_text accepts exactly what to_text writes.
std::string to_text(Card card);
std::optional<Card> card_from_text(std::string_view text);

}  // namespace croupier::games::cards
