// Blackjack: the pure rules a seated blackjack table drives, one player's seat at a time.
// docs/games/blackjack.md has the rules, the decisions and their error codes, settlement
// and rounding, the basic strategy chart and the house edge with their sources.
//
// Everything here is a value or a pure function: no shoe, clock, socket or JSON. The table
// owns the shoe and passes in the cards it deals (apply_decision takes exactly
// cards_needed() cards; dealer_play takes a function that deals one), so a table actor can
// drive a round decision by decision and tests can script any hand.
//
// A round, as the table runs it:
//   new_seat(stake, first, second, dealer_up)   the player's two cards and the up card
//   insurance / no_insurance                    while insurance_open (dealer shows an ace)
//   the dealer peeks (up card ace or ten): with a blackjack every hand is settled now
//   hit / stand / double_down / split           until seat_done()
//   dealer_play(dealer cards, deal one)         hits to 17, stands on soft 17 (S17)
//   settle_hand() per hand, settle_insurance()  what is returned to the player
// Thread-safe: nothing here has state.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/error_code.hpp"
#include "core/money.hpp"
#include "games/cards/card.hpp"

namespace croupier::games::blackjack {

using cards::Card;

// The table's rules. The defaults are the game this engine deals; a variant changes a field.
struct Rules {
  int decks = 8;
  bool dealer_hits_soft_17 = false;  // false: the dealer stands on soft 17 (S17)
  int64_t blackjack_pays_num = 3;    // a blackjack wins num:den (3:2)
  int64_t blackjack_pays_den = 2;
  bool double_after_split = true;   // DAS; doubling is on any first two cards
  int max_hands = 2;                // split once, no resplit
  bool split_by_value = true;       // any two ten-value cards (K, 10) are a pair
  bool split_aces_one_card = true;  // each split ace gets one card and is finished
  int64_t insurance_pays = 2;       // insurance wins 2:1
  bool dealer_peeks = true;         // with an ace or ten up (no European no-hole-card)
  bool surrender = false;           // not offered
};

// ---- Cards and hands -------------------------------------------------------------------

// Blackjack value of a card: ace 1 (counted 11 by total() when that does not bust), two to
// nine face value, ten to king 10.
inline int card_value(Card c) {
  return c.rank >= 10 ? 10 : c.rank;
}

// The best total of some cards: the sum with one ace counted 11 when that is 21 or less.
int total(std::span<const Card> cards);
// True when total() counts an ace as 11 ("soft 17": A-6).
bool soft(std::span<const Card> cards);
// Exactly two cards totalling 21 (an ace and a ten-value card); for the dealer's hand.
bool is_natural(std::span<const Card> cards);

struct Hand {
  std::vector<Card> cards;
  Money stake;              // the original stake of this hand (a split hand: the same again)
  bool doubled = false;     // the stake was doubled: wager() is 2 * stake
  bool split_from = false;  // one of the two hands of a split
  bool finished = false;    // no more decisions: stood, doubled, 21, bust, split aces

  // What the player has on this hand: stake, or twice the stake after a double.
  Money wager() const { return doubled ? stake * 2 : stake; }
  friend bool operator==(const Hand&, const Hand&) = default;
};

int total(const Hand& hand);
bool soft(const Hand& hand);
// Two cards totalling 21 that are not the result of a split (21 on a split ace is not one).
bool is_blackjack(const Hand& hand);
bool busted(const Hand& hand);
// Two cards the rules let the player split: same rank, or same value if split_by_value.
bool is_pair(const Hand& hand, const Rules& rules = {});

// ---- Decisions -------------------------------------------------------------------------

enum class Decision { hit, stand, double_down, split, insurance, no_insurance, no_decision };

std::string_view decision_name(Decision d);  // "hit", "stand", "double", "split", ...

// One player's seat in one round: the hands (one, or two after a split) played in order,
// the dealer's up card and the insurance.
struct PlayerSeatState {
  std::vector<Hand> hands;
  size_t active = 0;  // the hand being played; hands.size() when all are finished
  Card dealer_up{};
  bool insurance_open = false;  // insurance is offered and the player has not answered
  Money insurance_stake;        // bought insurance (half the stake), zero if none

  friend bool operator==(const PlayerSeatState&, const PlayerSeatState&) = default;
};

// A seat after the deal: one hand of `first` and `second` with `stake`, finished at once
// if it is a blackjack; insurance open when the dealer shows an ace.
PlayerSeatState new_seat(Money stake, Card first, Card second, Card dealer_up,
                         const Rules& rules = {});

// True when nothing is left to decide: insurance answered and every hand finished.
bool seat_done(const PlayerSeatState& state);

// Whether `decision` is allowed now: nullopt if it is, else the SPEC section 8 code.
//   insurance, no_insurance: insurance already bought -> 1027; not offered (up card not an
//     ace, or already answered) -> 1026.
//   hit, stand, double_down, split: insurance still open, or no hand left to play -> 1022;
//     hit on a hand of 21 -> 1022;
//     double_down on a hand without exactly two cards (after a hit), or after a split
//     when the rules forbid DAS -> 1024;
//     split of a hand that is not a pair, or when the seat already has max_hands -> 1023.
//   no_decision (the timer ran out): always allowed; it means auto_decision().
std::optional<ErrorCode> check_decision(const PlayerSeatState& state, Decision decision,
                                        const Rules& rules = {});

// No cards, for the decisions that take none (stand, no insurance).
inline constexpr std::span<const cards::Card> kNoCards{};

// How many cards apply_decision takes for `decision`: hit and double_down 1, split 2
// (the second card of each new hand), everything else 0.
int cards_needed(const PlayerSeatState& state, Decision decision);

// The seat after `decision`, with `cards` the next cards of the shoe in order (at least
// cards_needed()). A decision check_decision() refuses, or too few cards, leaves the state
// as it was. A hand that reaches 21 or busts is finished; play moves to the next hand.
// insurance takes half the hand's stake, rounded down to 1/100000.
PlayerSeatState apply_decision(const PlayerSeatState& state, Decision decision,
                               std::span<const Card> cards, const Rules& rules = {});
// For decisions that take at most one card (all but split).
PlayerSeatState apply_decision(const PlayerSeatState& state, Decision decision, Card next,
                               const Rules& rules = {});

// What a player who does not decide in time gets: no_insurance while insurance is open,
// otherwise stand. Never takes a card or more money.
Decision auto_decision(const PlayerSeatState& state);

// ---- Auto-play ---------------------------------------------------------------------------
// The player's auto-play settings (SPEC section 3 defaults; the settings keys
// bj_autoplay_*). Interpreted as (docs/games/blackjack.md, "Auto-play"):
//   stand       against a dealer 2-6, stand on hard totals of `stand` or more
//   hit         against a dealer 7-A, hit hard totals of `hit` or less
//   split       split a pair whose total (A-A counts 12) is from `split` to `split_max`,
//               never 5-5 or ten-value pairs
//   double      double a hard two-card 9, 10 or 11 when it plus the dealer's up card
//               (ace 11) is at most `double_at` (capped at double_max)
//   insurance   0 never, 1 always, 2 only on a blackjack (even money)
// Soft totals hit to soft 17 and stand on soft 18 or more.
struct AutoPlay {
  int stand = 12;
  int hit = 15;
  int split = 10;
  int split_max = 16;
  int double_at = 16;
  int double_max = 16;
  int insurance = 2;
};

// The auto-player's decision for the seat's active hand (or its insurance answer), always
// one check_decision() allows.
Decision autoplay_decision(const PlayerSeatState& state, const AutoPlay& settings = {},
                           const Rules& rules = {});
// The same for one hand: hit, stand, double_down or split (can_double, can_split say what
// the seat allows now).
Decision autoplay_decision(const Hand& hand, Card dealer_up, const AutoPlay& settings,
                           bool can_double, bool can_split);

// ---- Basic strategy ------------------------------------------------------------------
// Total-dependent basic strategy for these rules (4 to 8 decks, dealer stands on soft 17,
// double after split, no surrender): the Wizard of Odds' "4-Deck to 8-Deck Blackjack
// Strategy" chart (https://wizardofodds.com/games/blackjack/strategy/4-decks/). Returns
// hit, stand, double_down or split; where the chart doubles and the hand cannot, hits (or
// stands, for the chart's "double, else stand"); where it splits and the hand cannot, plays
// the total. Never insurance.
Decision basic_strategy(const Hand& hand, Card dealer_up, bool can_double, bool can_split);
// The same for the seat's active hand, asking check_decision() what is allowed.
Decision basic_strategy(const PlayerSeatState& state, const Rules& rules = {});

// ---- The dealer ------------------------------------------------------------------------

// Whether the dealer draws to these cards: below 17, or soft 17 when dealer_hits_soft_17.
bool dealer_draws(std::span<const Card> dealer, const Rules& rules = {});
// The dealer's final cards: `dealer` (up card and hole card) plus a card from `deal` for as
// long as dealer_draws().
std::vector<Card> dealer_play(std::vector<Card> dealer, const std::function<Card()>& deal,
                              const Rules& rules = {});

// ---- Settlement ------------------------------------------------------------------------

// The total returned to the player for `hand` against the dealer's final cards: zero on a
// loss (a bust always loses, even if the dealer busts), the wager on a push, twice the
// wager on a win, stake + 3/2 stake on a blackjack (rounded down to 1/100000), and the
// stake on a blackjack against a dealer blackjack. A dealer blackjack beats every other
// hand, 21 included.
Money settle_hand(const Hand& hand, std::span<const Card> dealer, const Rules& rules = {});
// What an insurance stake returns: 3x (2:1 and the stake) when the dealer has blackjack,
// zero otherwise.
Money settle_insurance(Money insurance_stake, bool dealer_blackjack, const Rules& rules = {});

}  // namespace croupier::games::blackjack
