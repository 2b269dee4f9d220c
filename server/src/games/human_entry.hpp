// Human dealing: a dealer's entries checked against the game's rules before they become a
// round's outcome (docs/studio.md "Human dealers"). A roulette number must exist on the
// wheel. Cards come one at a time in dealing order, as a card-shoe scanner reads them:
// each goes to the hand the rules give it (baccarat's tableau, dragon then tiger, andar
// bahar's joker then alternate sides), a card is refused when the deal is already complete
// or when the shoe cannot hold another copy of it (an 8-deck shoe holds eight of each; an
// andar bahar round is one deck), and the last card can be taken back until the dealer
// confirms. The outcome is exactly what the engine would have drawn from those cards.
//
// Pure values; one table's thread.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "games/cards/card.hpp"
#include "games/engine.hpp"

namespace croupier::games {

// The outcome of a roulette wheel on which the dealer saw `label` ("0".."36", "00" on an
// American wheel); an error in words when no such pocket exists.
Result<Outcome, std::string> roulette_entry(std::string_view label, bool american);

// Whether a game's results can be entered by a human dealer: European and American
// roulette, baccarat, dragon tiger, andar bahar.
bool human_dealing_supported(std::string_view game, std::string_view variant);

class CardEntry {
 public:
  // `game`: "baccarat", "dragontiger" or "andarbahar"; `decks`: the shoe's (andar bahar
  // deals each round from one deck).
  CardEntry(std::string game, int decks);

  struct Placed {
    std::string hand;  // "player", "banker", "dragon", "tiger", "joker", "andar", "bahar"
    std::string card;  // "KH"
    size_t index = 0;  // in dealing order
  };

  // The hand the next card goes to; nullopt once the deal is complete.
  std::optional<std::string> next_hand() const;
  // Takes the next card; an error in words (not a card, the deal complete, no such card
  // left in the shoe, a repeat in an andar bahar round).
  Result<Placed, std::string> enter(std::string_view card_text);
  // Why enter() would refuse `card_text` now, if it would.
  std::optional<std::string> check(std::string_view card_text) const;
  // Takes back the last card entered this round (a misread); nullopt when there is none.
  std::optional<Placed> undo();
  // The round's outcome once the deal is complete.
  std::optional<Outcome> outcome() const;
  const std::vector<cards::Card>& entered() const { return entered_; }
  // The cards still in the shoe (this round's entries are out of it).
  size_t remaining() const;
  // The round is over (settled or voided): its cards leave the shoe (voided: they were
  // burnt all the same).
  void next_round();
  // A new shoe: every card is back.
  void new_shoe();

 private:
  int copies_left(cards::Card card) const;

  const std::string game_;
  const int decks_;
  std::array<int, cards::kCardsPerDeck> used_{};  // by card index, in this shoe
  std::vector<cards::Card> entered_;              // this round
};

}  // namespace croupier::games
