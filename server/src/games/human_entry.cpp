#include "games/human_entry.hpp"

#include <algorithm>

#include "games/cards/andar_bahar.hpp"
#include "games/cards/baccarat.hpp"
#include "games/cards/dragon_tiger.hpp"
#include "games/cards/shoe.hpp"
#include "games/roulette/roulette.hpp"

namespace croupier::games {

Result<Outcome, std::string> roulette_entry(std::string_view label, bool american) {
  const auto layout = american ? roulette::Layout::american : roulette::Layout::european;
  auto pocket = roulette::parse_pocket(label, layout);
  if (!pocket)
    return std::string("no pocket ") + std::string(label) + " on " +
           (american ? "an American" : "a European") + " wheel";
  return Outcome{{*pocket}};
}

bool human_dealing_supported(std::string_view game, std::string_view variant) {
  if (game == "roulette") return variant == "european" || variant == "american";
  return game == "baccarat" || game == "dragontiger" || game == "andarbahar";
}

CardEntry::CardEntry(std::string game, int decks)
    : game_(std::move(game)), decks_(game_ == "andarbahar" ? 1 : decks) {}

std::optional<std::string> CardEntry::next_hand() const {
  const size_t n = entered_.size();
  if (game_ == "dragontiger") {
    if (n >= 2) return std::nullopt;
    return n == 0 ? "dragon" : "tiger";
  }
  if (game_ == "andarbahar") {
    if (n == 0) return "joker";
    if (n >= 2 && entered_.back().rank == entered_.front().rank) return std::nullopt;
    if (n >= static_cast<size_t>(cards::kAndarBaharMaxDealt) + 1) return std::nullopt;
    return cards::andar_bahar_side(static_cast<int>(n)) == cards::AndarBaharSide::andar ? "andar"
                                                                                        : "bahar";
  }
  // Baccarat: P1, B1, P2, B2, then the tableau.
  static constexpr std::array<const char*, 4> kFirst = {"player", "banker", "player", "banker"};
  if (n < 4) return kFirst[n];
  if (cards::deal_baccarat(entered_)) return std::nullopt;  // complete
  const int player = (cards::baccarat_value(entered_[0]) + cards::baccarat_value(entered_[2])) % 10;
  if (n == 4) return cards::player_draws(player) ? "player" : "banker";
  return "banker";  // the banker's third card after the player's
}

int CardEntry::copies_left(cards::Card card) const {
  int in_round = 0;
  for (const auto& c : entered_) in_round += c == card ? 1 : 0;
  return decks_ - used_[card.index()] - in_round;
}

std::optional<std::string> CardEntry::check(std::string_view text) const {
  auto card = cards::card_from_text(text);
  if (!card) return std::string(text) + " is not a card (AS, 10H, QD, 7C)";
  if (!next_hand()) return std::string("the deal is complete: confirm it, or take back a card");
  if (copies_left(*card) <= 0)
    return game_ == "andarbahar" ? std::string(text) + " was already dealt this round (one deck)"
                                 : std::string(text) + " cannot be dealt again: the shoe's " +
                                       std::to_string(decks_) + " of it are out";
  return std::nullopt;
}

Result<CardEntry::Placed, std::string> CardEntry::enter(std::string_view text) {
  if (auto why = check(text)) return *why;
  auto card = cards::card_from_text(text);
  auto hand = next_hand();
  entered_.push_back(*card);
  return Placed{*hand, cards::to_text(*card), entered_.size() - 1};
}

std::optional<CardEntry::Placed> CardEntry::undo() {
  if (entered_.empty()) return std::nullopt;
  const cards::Card last = entered_.back();
  entered_.pop_back();
  return Placed{*next_hand(), cards::to_text(last), entered_.size()};
}

std::optional<Outcome> CardEntry::outcome() const {
  if (next_hand()) return std::nullopt;
  if (game_ == "dragontiger") return cards::deal_dragon_tiger(entered_);
  if (game_ == "andarbahar") return cards::deal_andar_bahar(entered_);
  return cards::deal_baccarat(entered_);
}

size_t CardEntry::remaining() const {
  int used = 0;
  for (int n : used_) used += n;
  const int left = decks_ * cards::kCardsPerDeck - used - static_cast<int>(entered_.size());
  return static_cast<size_t>(std::max(0, left));
}

void CardEntry::next_round() {
  if (game_ != "andarbahar")
    for (const auto& c : entered_) ++used_[c.index()];
  entered_.clear();
}

void CardEntry::new_shoe() {
  used_.fill(0);
  entered_.clear();
}

}  // namespace croupier::games
