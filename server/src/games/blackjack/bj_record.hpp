// The players' hands of a blackjack round as the ledger keeps them for the history: the
// result text holds only the dealer's cards (bj_engine.hpp), so the table records the
// seats' hands with the settlement (ledger::SettleRound::detail) in this text.
//
// Text: seats separated by ';', each "<seat>:<hands>", hands separated by '/', each hand
// "<cards>=<outcome>" with the cards comma-separated ("AS,KD=blackjack/10H,6C,9S=bust").
// A one-hand infinite round has no seats; its common hand is recorded as seat 0 with no
// outcome ("0:9H,7C,2S="). Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/blackjack/play_types.hpp"

namespace croupier::games::blackjack {

struct RecordedHand {
  std::vector<std::string> cards;  // "AS", "10H"
  std::string outcome;             // "bust", "lose", "push", "win", "blackjack"; may be empty
  friend bool operator==(const RecordedHand&, const RecordedHand&) = default;
};

struct RecordedSeat {
  int seat = 0;  // 1-7; 0 for onebj's common hand
  std::vector<RecordedHand> hands;
  friend bool operator==(const RecordedSeat&, const RecordedSeat&) = default;
};

// The seats that played (a seat without cards is left out); empty text for none.
std::string record_hands(const RoundView& round);
// nullopt when the text is not of this form.
std::optional<std::vector<RecordedSeat>> read_hands(std::string_view text);

}  // namespace croupier::games::blackjack
