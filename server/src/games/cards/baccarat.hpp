// Baccarat (punto banco) from the table's eight-deck shoe: two variants, their spots,
// limits, payouts and the drawing rules. docs/games/baccarat.md has the rules, the tableau
// chart, payouts and house edges with their sources.
//
//   "standard"  a winning BANKER pays 0.95:1 (5 % commission)
//   "super6"    no commission: a winning BANKER pays 1:1, or 0.5:1 when the banker wins
//               with a total of 6; adds the SUPER6 side bet
//
// Spots (canonical codes, exactly as written; main spots first):
//   PLAYER       the player's hand wins                      1:1, a tie returns the stake
//   BANKER       the banker's hand wins                      0.95:1 (super6: 1:1, six 0.5:1),
//                                                            a tie returns the stake
//   TIE          the two totals are equal                    8:1
//   PLAYER_PAIR  the player's first two cards share a rank   11:1
//   BANKER_PAIR  the banker's first two cards share a rank   11:1
//   BIG          5 or 6 cards dealt                          0.54:1
//   SMALL        4 cards dealt                               1.5:1
//   SUPER6       (super6 only) the banker wins with a total of 6:
//                with two cards 12:1, with three cards 20:1
// A win returns stake * (ratio + 1), rounded down to a whole 1/100000 (exact for every
// whole-cent stake: 1.95, 1.54, 1.5 and 2.5 times a multiple of 1000 units are whole).
//
// Checks, in order, for each added bet (the first failing one is reported):
//   unknown spot, non-positive amount or fractions of the currency's minor unit -> 1005;
//   the spot's total below min_bet -> 1013;
//   the spot's total above its kind's maximum (BaccaratLimits) -> 1010;
//   the player's total on the table above table_max -> 1012;
//   PLAYER with BANKER when the table forbids opposite bets -> 1037.
// Each added bet is checked as if the earlier added bets that passed were accepted.
//
// Outcome::values: always six card indices (0-51) in dealing order
//   {P1, B1, P2, B2, P3, B3}
// where P3 (the player's third card) and B3 (the banker's) are -1 when that hand did not
// draw. An outcome is valid only when the draws are exactly those of the tableau.
// encode(): "<label>|P:<player cards>|B:<banker cards>", each hand's cards in dealing order
// separated by ','; the label is the winner "P", "B" or "T", a space, and the final totals
// player-banker: "B 5-9|P:KH,5D|B:2S,7C" (banker wins 9 to 5), "P 7-3|P:4C,3D|B:QS,3H",
// "T 6-6|P:AS,5H,10C|B:6D,KC". decode() accepts exactly the texts encode() writes.
// dealt_cards(): {"player", "KH"}, {"banker", "2S"}, ... in dealing order.
// Pure values and functions; engines are immutable and thread-safe.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/money.hpp"
#include "games/cards/card.hpp"
#include "games/engine.hpp"

namespace croupier::games::cards {

inline constexpr int kBaccaratDecks = 8;
inline constexpr size_t kBaccaratValues = 6;  // Outcome::values of a baccarat round
inline constexpr int kNoCard = -1;            // P3 or B3 when that hand did not draw

// The spots in the order limits() lists them. The enum values are stable.
enum class BaccaratSpot { player, banker, tie, player_pair, banker_pair, big, small, super6 };

std::string_view spot_code(BaccaratSpot spot);  // "PLAYER", ..., "SUPER6"
std::string_view kind_name(BaccaratSpot spot);  // "player", ..., "super6"
// The spot whose canonical code is exactly `code` (any variant), or nullopt.
std::optional<BaccaratSpot> parse_baccarat_spot(std::string_view code);

// A table's limits. Every maximum is on one spot's total for one player in one round.
struct BaccaratLimits {
  Money min_bet = Money::from_major(1);           // every spot: its total at least this
  Money max_main = Money::from_major(5000);       // PLAYER, BANKER (each)
  Money max_tie = Money::from_major(500);         // TIE
  Money max_pair = Money::from_major(500);        // PLAYER_PAIR, BANKER_PAIR (each)
  Money max_big_small = Money::from_major(1000);  // BIG, SMALL (each)
  Money max_super6 = Money::from_major(250);      // SUPER6
  Money table_max = Money::from_major(10000);     // a player's total on the table
  bool opposite_bets_allowed = true;              // PLAYER and BANKER in one round
};

// The maximum of a spot under `limits`.
Money spot_max(const BaccaratLimits& limits, BaccaratSpot spot);

// ---- The tableau ---------------------------------------------------------------------
// Baccarat value of a card is baccarat_value() (shoe.hpp): ace 1, 2-9 face, ten-king 0.
// A hand's total is the sum of its values modulo 10. When either hand's first two cards
// total 8 or 9 (a natural) both stand. Otherwise the player draws on 0-5 and stands on 6-7,
// and then the banker draws by banker_draws().

// Whether the player, with a two-card total of 0-7 against a banker's two-card 0-7, draws.
bool player_draws(int player_total);

// Whether the banker, with a two-card total of 0-7 (no natural on either side), draws:
// when the player stood (nullopt) on 0-5; when the player drew a third card of value v,
// on 0-2 always, 3 unless v is 8, 4 when v is 2-7, 5 when v is 4-7, 6 when v is 6-7, and
// never on 7. Totals of 8 or 9 never draw.
bool banker_draws(int banker_total, std::optional<int> player_third_value);

// A round evaluated: the hands, their totals and everything a spot or a road looks at.
struct BaccaratCoup {
  std::array<Card, 3> player{};
  std::array<Card, 3> banker{};
  int player_cards = 0;  // 2 or 3
  int banker_cards = 0;  // 2 or 3
  int player_total = 0;  // final, 0-9
  int banker_total = 0;
  char winner = 'T';         // 'P', 'B' or 'T'
  bool player_pair = false;  // the player's first two cards have the same rank
  bool banker_pair = false;
  bool natural = false;  // either hand's first two cards total 8 or 9
  int cards() const { return player_cards + banker_cards; }
};

// The round an outcome describes, or nullopt when it is not a valid round (see the header
// comment: six values, card indices, draws exactly by the tableau).
std::optional<BaccaratCoup> evaluate_baccarat(const Outcome& outcome);

// The round dealt from scripted cards in order (P1, B1, P2, B2, then the third cards the
// tableau calls for); nullopt when the cards run out first. Later cards are not used.
std::optional<Outcome> deal_baccarat(std::span<const Card> cards);

// What `stake` on `spot` returns for the round `coup` in a variant (super6 or not):
// stake plus winnings on a win, the stake on a push, zero on a loss.
Money baccarat_payout(BaccaratSpot spot, bool super6, Money stake, const BaccaratCoup& coup);

// "P 7-3": the label of a round (see the header comment).
std::string baccarat_label(const BaccaratCoup& coup);

// game() "baccarat"; variant() "standard" or "super6"; nullptr for any other variant.
// deals_from_shoe() is true: deal() takes the cards from the table's shoe; draw() deals
// from a freshly shuffled eight-deck shoe.
std::unique_ptr<Engine> make_baccarat(std::string_view variant, BaccaratLimits limits);

}  // namespace croupier::games::cards
