// RoundState: the numeric round states of SPEC section 4, as sent to clients.
#pragma once

#include <string_view>

namespace croupier::games {

enum class RoundState : int {
  initialising = 0,
  no_game = 1,
  waiting_for_bets = 2,
  bets_closed = 3,
  waiting_for_result = 6,
  decision_wait = 11,
  insurance_wait = 12,
  card_wait = 13,
  decision_closing = 14,
  dealing = 15,
  cancelled = 21,
  game_over = 24,
  wait_for_next_game = 901,
  take_a_seat = 902,
};

constexpr int to_int(RoundState s) {
  return static_cast<int>(s);
}

constexpr std::string_view state_name(RoundState s) {
  switch (s) {
    case RoundState::initialising:
      return "INITIALISING";
    case RoundState::no_game:
      return "NO_GAME";
    case RoundState::waiting_for_bets:
      return "WAITING_FOR_BETS";
    case RoundState::bets_closed:
      return "BETS_CLOSED";
    case RoundState::waiting_for_result:
      return "WAITING_FOR_RESULT";
    case RoundState::decision_wait:
      return "DECISION_WAIT";
    case RoundState::insurance_wait:
      return "INSURANCE_WAIT";
    case RoundState::card_wait:
      return "CARD_WAIT";
    case RoundState::decision_closing:
      return "DECISION_CLOSING";
    case RoundState::dealing:
      return "DEALING";
    case RoundState::cancelled:
      return "CANCELLED";
    case RoundState::game_over:
      return "GAME_OVER";
    case RoundState::wait_for_next_game:
      return "WAIT_FOR_NEXT_GAME";
    case RoundState::take_a_seat:
      return "TAKE_A_SEAT";
  }
  return "UNKNOWN";
}

}  // namespace croupier::games
