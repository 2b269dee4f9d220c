// The blackjack table's Engine: its bet spots and limits, and its result text. The round
// itself (cards, decisions, settlement) is played by the table with the rules in
// blackjack.hpp, because what a bet returns depends on the player's decisions, which an
// Engine::payout cannot know.
//
// Spots: a seated table ("blackjack") has SEAT_1..SEAT_7 (the main bet of a seat, a main
// spot bounded by main_max) and BB_1..BB_7 (a bet behind a seat, bounded by side_max); a
// one-hand infinite table ("onebj") has MAIN. The checks are the card tables' (card_limits):
// 1005 unknown spot or bad amount, 1013 below min, 1010 over the spot's maximum, 1012 over
// the table maximum. Who may bet on which seat is the table's rule, not the engine's.
//
// An outcome is the dealer's final cards (values: card indices in dealing order). Its
// text is "<label>|<cards>": "D 20|KH,QS", "D BJ|AS,KD", "D BUST|9H,5C,KS", and for a round
// in which the dealer drew no card because no hand was left to beat, just the up and hole
// cards. Pure; thread-safe.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "games/cards/card.hpp"
#include "games/cards/card_limits.hpp"
#include "games/engine.hpp"

namespace croupier::games::blackjack {

inline constexpr int kSeats = 7;

// game: "blackjack" (seated, seven seats, bet behind) or "onebj" (one-hand infinite).
std::unique_ptr<Engine> make_engine(std::string_view game, cards::CardLimits limits);

// The seat a spot names with `prefix`: seat_of("SEAT_3", "SEAT_") is 3, seat_of("BB_2",
// "BB_") 2; 0 when the spot is not of that form.
int seat_of(std::string_view spot, std::string_view prefix);

// The label of the dealer's final cards: "D 17", "D BJ", "D BUST".
std::string dealer_label(std::span<const cards::Card> dealer);

}  // namespace croupier::games::blackjack
