// Dragon tiger: one card to the dragon, one to the tiger, from the table's eight-deck shoe;
// the higher rank wins (ace low, king high; suits do not rank). docs/games/dragontiger.md
// has the rules, payouts and house edges with their sources.
//
// Spots (canonical codes; main spots first):
//   DRAGON      the dragon's card ranks higher    1:1; on a tie half the stake is lost
//   TIGER       the tiger's card ranks higher     1:1; on a tie half the stake is lost
//   TIE         the two cards have the same rank  11:1            (side bet)
//   SUITED_TIE  same rank and same suit           50:1            (side bet)
// DRAGON and TIGER are an opposite pair (1037 when the table forbids opposite bets).
//
// Outcome::values = {dragon card, tiger card}, card indices 0-51 in dealing order.
// encode(): "<label>|D:<dragon card>|T:<tiger card>", the label being "D" (dragon wins),
// "T" (tiger wins) or "X" (a tie, suited or not): "D|D:KH|T:5S", "X|D:7C|T:7C".
// decode() accepts exactly the texts encode() writes.
// dealt_cards(): {"dragon", "KH"}, {"tiger", "5S"}.
#pragma once

#include <memory>
#include <optional>
#include <span>

#include "games/cards/card.hpp"
#include "games/cards/card_limits.hpp"
#include "games/engine.hpp"

namespace croupier::games::cards {

inline constexpr int kDragonTigerDecks = 8;

enum class DragonTigerResult { dragon, tiger, tie, suited_tie };

// The result of an outcome the engine accepts (two cards 0-51).
DragonTigerResult dragon_tiger_result(const Outcome& outcome);

// The round dealt from scripted cards: the first goes to the dragon, the second to the
// tiger; nullopt with fewer than two cards. Later cards are not used.
std::optional<Outcome> deal_dragon_tiger(std::span<const Card> cards);

// game() "dragontiger", variant() "classic"; deals_from_shoe() is true: deal() takes two
// cards from the table's shoe, draw() from a freshly shuffled eight-deck shoe.
std::unique_ptr<Engine> make_dragon_tiger(CardLimits limits);

}  // namespace croupier::games::cards
