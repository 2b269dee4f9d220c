// Blackjack: hand values, decisions, auto-play, basic strategy, the dealer and settlement
// (blackjack.hpp; docs/games/blackjack.md).
#include "games/blackjack/blackjack.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>
#include <utility>

namespace croupier::games::blackjack {

namespace {

constexpr int kBlackjack = 21;

bool is_ace(Card c) {
  return c.rank == 1;
}

// The hand being played, or nullptr when every hand is finished.
const Hand* active_hand(const PlayerSeatState& s) {
  return s.active < s.hands.size() ? &s.hands[s.active] : nullptr;
}

// Finishes a hand of 21 or more, then moves `active` past finished hands.
void advance(PlayerSeatState& s) {
  for (Hand& h : s.hands)
    if (total(h) >= kBlackjack) h.finished = true;
  while (s.active < s.hands.size() && s.hands[s.active].finished) ++s.active;
}

// ---- The chart -------------------------------------------------------------------------
// Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy", dealer stands on soft 17, double
// after split allowed, no surrender. Columns: dealer 2 3 4 5 6 7 8 9 10 A.
// H hit, S stand, D double (else hit), Ds double (else stand, written 'd'), P split.

// Hard totals 8..17 (5-7 hit, 18+ stand like 17).
constexpr std::array<std::string_view, 10> kHard = {
    "HHHHHHHHHH",  // 8
    "HDDDDHHHHH",  // 9
    "DDDDDDDDHH",  // 10
    "DDDDDDDDDH",  // 11
    "HHSSSHHHHH",  // 12
    "SSSSSHHHHH",  // 13
    "SSSSSHHHHH",  // 14
    "SSSSSHHHHH",  // 15
    "SSSSSHHHHH",  // 16
    "SSSSSSSSSS",  // 17
};
constexpr int kHardFirst = 8;

// Soft totals 13 .. 20; soft 21 stands, soft 12 (A-A not split) hits.
constexpr std::array<std::string_view, 8> kSoft = {
    "HHHDDHHHHH",
    "HHHDDHHHHH",
    "HHDDDHHHHH",
    "HHDDDHHHHH",
    "HDDDDHHHHH",
    "SddddSSHHH",
    "SSSSSSSSSS",
    "SSSSSSSSSS",
};
constexpr int kSoftFirst = 13;

// Pairs by card value 2..10 then ace; P split, '-' play the total.
constexpr std::array<std::string_view, 10> kPairs = {
    "PPPPPP----",  // 2-2
    "PPPPPP----",  // 3-3
    "---PP-----",  // 4-4
    "----------",  // 5-5 (a hard 10)
    "PPPPP-----",  // 6-6
    "PPPPPP----",  // 7-7
    "PPPPPPPPPP",  // 8-8
    "PPPPP-PP--",  // 9-9
    "----------",  // 10-10
    "PPPPPPPPPP",  // A-A
};

size_t column(Card dealer_up) {
  const int v = card_value(dealer_up);
  return is_ace(dealer_up) ? 9 : static_cast<size_t>(v - 2);
}

Decision from_chart(char c, bool can_double) {
  switch (c) {
    case 'D':
      return can_double ? Decision::double_down : Decision::hit;
    case 'd':
      return can_double ? Decision::double_down : Decision::stand;
    case 'S':
      return Decision::stand;
    default:
      return Decision::hit;
  }
}

}  // namespace

// ---- Cards and hands -------------------------------------------------------------------

int total(std::span<const Card> cards) {
  int sum = 0;
  bool ace = false;
  for (Card c : cards) {
    sum += card_value(c);
    ace = ace || is_ace(c);
  }
  return ace && sum + 10 <= kBlackjack ? sum + 10 : sum;
}

bool soft(std::span<const Card> cards) {
  int sum = 0;
  bool ace = false;
  for (Card c : cards) {
    sum += card_value(c);
    ace = ace || is_ace(c);
  }
  return ace && sum + 10 <= kBlackjack;
}

bool is_natural(std::span<const Card> cards) {
  return cards.size() == 2 && total(cards) == kBlackjack;
}

int total(const Hand& hand) {
  return total(std::span<const Card>(hand.cards));
}
bool soft(const Hand& hand) {
  return soft(std::span<const Card>(hand.cards));
}
bool is_blackjack(const Hand& hand) {
  return !hand.split_from && is_natural(hand.cards);
}
bool busted(const Hand& hand) {
  return total(hand) > kBlackjack;
}

bool is_pair(const Hand& hand, const Rules& rules) {
  if (hand.cards.size() != 2) return false;
  const Card a = hand.cards[0], b = hand.cards[1];
  return a.rank == b.rank || (rules.split_by_value && card_value(a) == card_value(b));
}

// ---- Decisions -------------------------------------------------------------------------

std::string_view decision_name(Decision d) {
  switch (d) {
    case Decision::hit:
      return "hit";
    case Decision::stand:
      return "stand";
    case Decision::double_down:
      return "double";
    case Decision::split:
      return "split";
    case Decision::insurance:
      return "insurance";
    case Decision::no_insurance:
      return "no_insurance";
    case Decision::no_decision:
      return "no_decision";
  }
  return "";
}

PlayerSeatState new_seat(Money stake, Card first, Card second, Card dealer_up, const Rules& rules) {
  PlayerSeatState s;
  s.hands.push_back(Hand{{first, second}, stake});
  s.dealer_up = dealer_up;
  s.insurance_open = is_ace(dealer_up) && rules.insurance_pays > 0;
  advance(s);
  return s;
}

bool seat_done(const PlayerSeatState& s) {
  return !s.insurance_open && s.active >= s.hands.size();
}

std::optional<ErrorCode> check_decision(const PlayerSeatState& s, Decision decision,
                                        const Rules& rules) {
  switch (decision) {
    case Decision::no_decision:
      return std::nullopt;
    case Decision::insurance:
    case Decision::no_insurance:
      if (s.insurance_stake.is_positive()) return ErrorCode::InsuranceAlreadyBought;
      if (!s.insurance_open || !is_ace(s.dealer_up)) return ErrorCode::InsuranceFailed;
      return std::nullopt;
    case Decision::hit:
    case Decision::stand:
    case Decision::double_down:
    case Decision::split:
      break;
  }
  const Hand* hand = active_hand(s);
  if (s.insurance_open || !hand || hand->finished) return ErrorCode::InvalidDecision;
  switch (decision) {
    case Decision::hit:
      if (total(*hand) >= kBlackjack) return ErrorCode::InvalidDecision;
      return std::nullopt;
    case Decision::double_down:
      if (hand->cards.size() != 2 || hand->doubled) return ErrorCode::DoubleFailed;
      if (hand->split_from && !rules.double_after_split) return ErrorCode::DoubleFailed;
      return std::nullopt;
    case Decision::split:
      if (!is_pair(*hand, rules) || hand->split_from) return ErrorCode::SplitFailed;
      if (static_cast<int>(s.hands.size()) >= rules.max_hands) return ErrorCode::SplitFailed;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

int cards_needed(const PlayerSeatState& s, Decision decision) {
  switch (decision) {
    case Decision::hit:
    case Decision::double_down:
      return 1;
    case Decision::split:
      return 2;
    default:
      return 0;
  }
}

PlayerSeatState apply_decision(const PlayerSeatState& state, Decision decision,
                               std::span<const Card> cards, const Rules& rules) {
  if (decision == Decision::no_decision) decision = auto_decision(state);
  if (check_decision(state, decision, rules)) return state;
  if (cards.size() < static_cast<size_t>(cards_needed(state, decision))) return state;
  PlayerSeatState s = state;
  switch (decision) {
    case Decision::insurance:
      s.insurance_stake = scaled(s.hands.front().stake, 1, 2);
      s.insurance_open = false;
      break;
    case Decision::no_insurance:
      s.insurance_open = false;
      break;
    case Decision::hit:
      s.hands[s.active].cards.push_back(cards[0]);
      break;
    case Decision::stand:
      s.hands[s.active].finished = true;
      break;
    case Decision::double_down: {
      Hand& h = s.hands[s.active];
      h.doubled = true;
      h.cards.push_back(cards[0]);
      h.finished = true;
      break;
    }
    case Decision::split: {
      Hand& first = s.hands[s.active];
      Hand second{{first.cards[1], cards[1]}, first.stake, false, true, false};
      first.cards = {first.cards[0], cards[0]};
      first.split_from = true;
      if (is_ace(first.cards[0]) && rules.split_aces_one_card) {
        first.finished = true;
        second.finished = true;
      }
      s.hands.insert(s.hands.begin() + static_cast<std::ptrdiff_t>(s.active) + 1,
                     std::move(second));
      break;
    }
    case Decision::no_decision:
      break;
  }
  advance(s);
  return s;
}

PlayerSeatState apply_decision(const PlayerSeatState& state, Decision decision, Card next,
                               const Rules& rules) {
  return apply_decision(state, decision, std::span<const Card>(&next, 1), rules);
}

Decision auto_decision(const PlayerSeatState& s) {
  return s.insurance_open ? Decision::no_insurance : Decision::stand;
}

// ---- Auto-play ---------------------------------------------------------------------------

Decision autoplay_decision(const Hand& hand, Card dealer_up, const AutoPlay& a, bool can_double,
                           bool can_split) {
  const int t = total(hand);
  const int up = is_ace(dealer_up) ? 11 : card_value(dealer_up);
  if (can_split && hand.cards.size() == 2 &&
      card_value(hand.cards[0]) == card_value(hand.cards[1])) {
    const int v = card_value(hand.cards[0]);
    if (v != 5 && v != 10 && t >= a.split && t <= a.split_max) return Decision::split;
  }
  if (soft(hand)) return t >= 18 ? Decision::stand : Decision::hit;
  if (can_double && hand.cards.size() == 2 && t >= 9 && t <= 11 &&
      t + up <= std::min(a.double_at, a.double_max))
    return Decision::double_down;
  if (t < 12) return Decision::hit;
  if (up <= 6) return t >= a.stand ? Decision::stand : Decision::hit;
  return t <= a.hit ? Decision::hit : Decision::stand;
}

Decision autoplay_decision(const PlayerSeatState& s, const AutoPlay& a, const Rules& rules) {
  if (s.insurance_open) {
    const bool take = a.insurance == 1 || (a.insurance == 2 && is_blackjack(s.hands.front()));
    return take ? Decision::insurance : Decision::no_insurance;
  }
  const Hand* hand = active_hand(s);
  if (!hand) return Decision::stand;  // nothing to play: auto_decision's answer
  Decision d =
      autoplay_decision(*hand, s.dealer_up, a, !check_decision(s, Decision::double_down, rules),
                        !check_decision(s, Decision::split, rules));
  if (check_decision(s, d, rules)) d = Decision::stand;  // hit on 21 cannot happen: finished
  return d;
}

// ---- Basic strategy ------------------------------------------------------------------

Decision basic_strategy(const Hand& hand, Card dealer_up, bool can_double, bool can_split) {
  const size_t col = column(dealer_up);
  if (can_split && hand.cards.size() == 2 &&
      card_value(hand.cards[0]) == card_value(hand.cards[1])) {
    const size_t row =
        is_ace(hand.cards[0]) ? 9 : static_cast<size_t>(card_value(hand.cards[0]) - 2);
    if (kPairs[row][col] == 'P') return Decision::split;
  }
  const int t = total(hand);
  if (soft(hand)) {
    if (t >= 21) return Decision::stand;
    if (t < kSoftFirst) return Decision::hit;  // A-A that cannot be split: soft 12
    return from_chart(kSoft[static_cast<size_t>(t - kSoftFirst)][col], can_double);
  }
  if (t < kHardFirst) return Decision::hit;
  if (t >= 17) return Decision::stand;
  return from_chart(kHard[static_cast<size_t>(t - kHardFirst)][col], can_double);
}

Decision basic_strategy(const PlayerSeatState& s, const Rules& rules) {
  if (s.insurance_open) return Decision::no_insurance;
  const Hand* hand = active_hand(s);
  if (!hand) return Decision::stand;
  return basic_strategy(*hand, s.dealer_up, !check_decision(s, Decision::double_down, rules),
                        !check_decision(s, Decision::split, rules));
}

// ---- The dealer ------------------------------------------------------------------------

bool dealer_draws(std::span<const Card> dealer, const Rules& rules) {
  const int t = total(dealer);
  if (t < 17) return true;
  return t == 17 && rules.dealer_hits_soft_17 && soft(dealer);
}

std::vector<Card> dealer_play(std::vector<Card> dealer, const std::function<Card()>& deal,
                              const Rules& rules) {
  while (dealer_draws(dealer, rules)) dealer.push_back(deal());
  return dealer;
}

// ---- Settlement ------------------------------------------------------------------------

Money settle_hand(const Hand& hand, std::span<const Card> dealer, const Rules& rules) {
  const bool player_bj = is_blackjack(hand);
  const bool dealer_bj = is_natural(dealer);
  if (player_bj) {
    if (dealer_bj) return hand.stake;
    return hand.stake + scaled(hand.stake, rules.blackjack_pays_num, rules.blackjack_pays_den);
  }
  if (busted(hand) || dealer_bj) return Money::zero();
  const int player = total(hand);
  const int banker = total(dealer);
  if (banker > kBlackjack || player > banker) return hand.wager() * 2;
  if (player == banker) return hand.wager();
  return Money::zero();
}

Money settle_insurance(Money insurance_stake, bool dealer_blackjack, const Rules& rules) {
  return dealer_blackjack ? insurance_stake * (rules.insurance_pays + 1) : Money::zero();
}

}  // namespace croupier::games::blackjack
