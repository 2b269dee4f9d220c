#include "games/blackjack/bj_record.hpp"

#include <charconv>

#include "games/blackjack/bj_engine.hpp"

namespace croupier::games::blackjack {

namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

std::string hand_text(const std::vector<cards::Card>& cards, std::string_view outcome) {
  std::string text;
  for (const auto& c : cards) text += (text.empty() ? "" : ",") + cards::to_text(c);
  return text + "=" + std::string(outcome);
}

bool plain_word(std::string_view w) {
  for (char c : w)
    if (c < 'a' || c > 'z') return false;
  return true;
}

}  // namespace

std::string record_hands(const RoundView& round) {
  std::string text;
  auto add_seat = [&](int seat, const std::vector<std::string>& hands) {
    if (hands.empty()) return;
    text += (text.empty() ? "" : ";") + std::to_string(seat) + ":";
    for (size_t i = 0; i < hands.size(); ++i) text += (i ? "/" : "") + hands[i];
  };
  if (round.onebj) {
    if (!round.shared.empty()) add_seat(0, {hand_text(round.shared, "")});
    return text;
  }
  for (const SeatView& seat : round.seats) {
    std::vector<std::string> hands;
    for (const HandView& h : seat.box.hands)
      if (!h.cards.empty()) hands.push_back(hand_text(h.cards, h.outcome.value_or("")));
    add_seat(seat.seat, hands);
  }
  return text;
}

std::optional<std::vector<RecordedSeat>> read_hands(std::string_view text) {
  std::vector<RecordedSeat> seats;
  if (text.empty()) return seats;
  for (std::string_view seat_text : split(text, ';')) {
    const size_t colon = seat_text.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    RecordedSeat seat;
    auto [end, ec] = std::from_chars(seat_text.data(), seat_text.data() + colon, seat.seat);
    if (ec != std::errc() || end != seat_text.data() + colon || seat.seat < 0 || seat.seat > kSeats)
      return std::nullopt;
    for (std::string_view hand_text : split(seat_text.substr(colon + 1), '/')) {
      const size_t eq = hand_text.find('=');
      if (eq == std::string_view::npos) return std::nullopt;
      RecordedHand hand;
      for (std::string_view card : split(hand_text.substr(0, eq), ',')) {
        if (!cards::card_from_text(card)) return std::nullopt;
        hand.cards.emplace_back(card);
      }
      hand.outcome = std::string(hand_text.substr(eq + 1));
      if (!plain_word(hand.outcome)) return std::nullopt;
      seat.hands.push_back(std::move(hand));
    }
    seats.push_back(std::move(seat));
  }
  return seats;
}

}  // namespace croupier::games::blackjack
