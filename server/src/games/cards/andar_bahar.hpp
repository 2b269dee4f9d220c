// Andar bahar: a joker card is dealt face up, then cards go alternately to andar and bahar,
// andar first, until one matches the joker's rank; that side wins. Every round is dealt
// from its own freshly shuffled single deck. docs/games/andarbahar.md has the rules,
// payouts and house edges with their sources.
//
// Spots (canonical codes; main spots first). A side bet wins when the number of cards
// dealt after the joker, the matching card included, is in its range (1 to 49: a deck
// holds 48 cards that do not match):
//   ANDAR        the match falls on andar (an odd count)   0.9:1
//   BAHAR        the match falls on bahar (an even count)  1:1
//   CARDS_1_5    2.5:1       CARDS_16_25  3.5:1
//   CARDS_6_10   3.5:1       CARDS_26_30  14:1
//   CARDS_11_15  4.5:1       CARDS_31_35  24:1
//                            CARDS_36_40  49:1
//                            CARDS_41_49  119:1
// ANDAR and BAHAR are an opposite pair (1037 when the table forbids opposite bets).
//
// Outcome::values = {joker, card 1, card 2, ..., card n}, card indices 0-51 in dealing
// order: card i goes to andar when i is odd, to bahar when even; only card n matches the
// joker's rank; all distinct (one deck).
// encode(): "<label>|J:<joker>|A:<andar cards>|B:<bahar cards>", the label "A" or "B" (the
// winning side), each side's cards in dealing order separated by ',' (bahar's may be
// empty): "A|J:7H|A:2S,7D|B:9C", "A|J:KS|A:KD|B:", "B|J:2C|A:5H|B:2D".
// decode() accepts exactly the texts encode() writes.
// dealt_cards(): {"joker", "7H"}, {"andar", "2S"}, {"bahar", "9C"}, {"andar", "7D"}.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "games/cards/card.hpp"
#include "games/cards/card_limits.hpp"
#include "games/engine.hpp"

namespace croupier::games::cards {

inline constexpr int kAndarBaharMaxDealt = 49;  // 48 non-matching cards, then a match

enum class AndarBaharSide { andar, bahar };

// The side the i-th card after the joker (i from 1) goes to: andar for odd i.
constexpr AndarBaharSide andar_bahar_side(int position) {
  return position % 2 == 1 ? AndarBaharSide::andar : AndarBaharSide::bahar;
}

// A side bet's range of cards dealt after the joker (matching card included).
struct CardCountRange {
  int from;
  int to;
  std::string_view spot;   // "CARDS_1_5"
  std::string_view label;  // "1-5", "41+" (as the statistics panel shows it)
};

inline constexpr size_t kCardCountRanges = 8;
inline constexpr std::array<CardCountRange, kCardCountRanges> kCardCountRangeTable = {{
    {1, 5, "CARDS_1_5", "1-5"},
    {6, 10, "CARDS_6_10", "6-10"},
    {11, 15, "CARDS_11_15", "11-15"},
    {16, 25, "CARDS_16_25", "16-25"},
    {26, 30, "CARDS_26_30", "26-30"},
    {31, 35, "CARDS_31_35", "31-35"},
    {36, 40, "CARDS_36_40", "36-40"},
    {41, 49, "CARDS_41_49", "41+"},
}};

// The index in kCardCountRangeTable of the range holding `dealt` (1..49).
size_t card_count_range(int dealt);

// The number of cards dealt after the joker and the winning side of an outcome the engine
// accepts.
int andar_bahar_dealt(const Outcome& outcome);
AndarBaharSide andar_bahar_winner(const Outcome& outcome);

// Whether `outcome` is a round of one deck as described above.
bool andar_bahar_valid(const Outcome& outcome);

// The round dealt from scripted cards: the first is the joker, then cards follow until one
// matches its rank. nullopt when none of the cards matches, when a card repeats (a round is
// one deck) or when a card is not a card. Cards after the match are not used.
std::optional<Outcome> deal_andar_bahar(std::span<const Card> cards);

// What the statistics panel shows (/api/ui/ABCardStats) for a list of past outcomes.
// Outcomes the engine would not accept are skipped and not counted.
struct AndarBaharStats {
  int rounds = 0;
  int andar_wins = 0;
  int bahar_wins = 0;
  std::array<int, 13> joker_ranks{};                 // by rank: [0] aces, [1] twos, ..., [12] kings
  std::array<int, 4> joker_suits{};                  // by Suit: spades, hearts, diamonds, clubs
  int joker_red = 0;                                 // hearts and diamonds
  int joker_black = 0;                               // spades and clubs
  std::array<int, kCardCountRanges> dealt_ranges{};  // by kCardCountRangeTable
  friend bool operator==(const AndarBaharStats&, const AndarBaharStats&) = default;
};

AndarBaharStats andar_bahar_stats(std::span<const Outcome> outcomes);

// game() "andarbahar", variant() "classic". deals_from_shoe() is false: draw() (and deal(),
// which ignores the table's shoe) deals each round from a freshly shuffled single deck.
std::unique_ptr<Engine> make_andar_bahar(CardLimits limits);

}  // namespace croupier::games::cards
