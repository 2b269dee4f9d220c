#include "games/blackjack/bj_engine.hpp"

#include <array>
#include <charconv>
#include <string>
#include <vector>

#include "games/blackjack/blackjack.hpp"
#include "games/cards/shoe.hpp"
#include "games/text.hpp"

namespace croupier::games::blackjack {

namespace {

// Blackjack pays 3:2 on the main spots; a bet behind the same. payout_text names both.
constexpr std::array<cards::CardSpot, 14> kSeatedSpots = {{
    {"SEAT_1", "seat", false, "", 1, 1, "1,1.5"},
    {"SEAT_2", "seat", false, "", 1, 1, "1,1.5"},
    {"SEAT_3", "seat", false, "", 1, 1, "1,1.5"},
    {"SEAT_4", "seat", false, "", 1, 1, "1,1.5"},
    {"SEAT_5", "seat", false, "", 1, 1, "1,1.5"},
    {"SEAT_6", "seat", false, "", 1, 1, "1,1.5"},
    {"SEAT_7", "seat", false, "", 1, 1, "1,1.5"},
    {"BB_1", "bet_behind", true, "", 1, 1, "1,1.5"},
    {"BB_2", "bet_behind", true, "", 1, 1, "1,1.5"},
    {"BB_3", "bet_behind", true, "", 1, 1, "1,1.5"},
    {"BB_4", "bet_behind", true, "", 1, 1, "1,1.5"},
    {"BB_5", "bet_behind", true, "", 1, 1, "1,1.5"},
    {"BB_6", "bet_behind", true, "", 1, 1, "1,1.5"},
    {"BB_7", "bet_behind", true, "", 1, 1, "1,1.5"},
}};
constexpr std::array<cards::CardSpot, 1> kOneHandSpots = {{
    {"MAIN", "main", false, "", 1, 1, "1,1.5"},
}};

class BlackjackEngine final : public Engine {
 public:
  BlackjackEngine(bool seated, cards::CardLimits limits)
      : seated_(seated), limits_(std::move(limits)) {}

  std::string_view game() const override { return seated_ ? "blackjack" : "onebj"; }
  std::string_view variant() const override { return seated_ ? "classic" : "infinite"; }

  std::optional<std::string> canonical_spot(std::string_view code) const override {
    if (const cards::CardSpot* spot = cards::find_spot(spots(), code))
      return std::string(spot->code);
    return std::nullopt;
  }

  std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                              const std::vector<BetLine>& added,
                                              std::string_view currency) const override {
    // Doubles, splits and insurance are the table's own bets (SEAT_3_DOUBLE_0, ...): they
    // are not spots a player places, so only the placeable spots count here.
    std::vector<BetLine> placed;
    for (const auto& line : existing)
      if (cards::find_spot(spots(), line.spot)) placed.push_back(line);
    return cards::check_bets(spots(), limits_, placed, added, currency);
  }

  // Blackjack is dealt card by card by the table; a draw is a dealer's two cards.
  Outcome draw(Rng& rng) const override {
    cards::Shoe shoe(8);
    shoe.shuffle(rng);
    return deal(shoe, rng);
  }
  bool deals_from_shoe() const override { return true; }
  Outcome deal(cards::Shoe& shoe, Rng& rng) const override {
    const Card up = shoe.deal(rng);
    const Card hole = shoe.deal(rng);
    return Outcome{{up.index(), hole.index()}};
  }

  // What a bet returns depends on the decisions; the table settles blackjack itself.
  Money payout(std::string_view, Money, const Outcome&) const override { return Money::zero(); }

  std::string encode(const Outcome& outcome) const override {
    std::vector<Card> cards;
    std::string list;
    for (int v : outcome.values) {
      cards.push_back(Card::from_index(v));
      list += (list.empty() ? "" : ",") + cards::to_text(cards.back());
    }
    return dealer_label(cards) + "|" + list;
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    const size_t bar = text.find('|');
    if (bar == std::string_view::npos) return std::nullopt;
    Outcome outcome;
    std::vector<Card> cards;
    for (std::string_view part : split(text.substr(bar + 1), ',')) {
      auto card = cards::card_from_text(part);
      if (!card) return std::nullopt;
      cards.push_back(*card);
      outcome.values.push_back(card->index());
    }
    if (cards.size() < 2 || cards.size() > 12) return std::nullopt;
    if (text.substr(0, bar) != dealer_label(cards)) return std::nullopt;
    return outcome;
  }

  // The dealer's hand; the players' hands are the flow's (bj_flow.hpp).
  std::vector<DealtCard> dealt_cards(const Outcome& outcome) const override {
    std::vector<DealtCard> out;
    for (int v : outcome.values) out.push_back({"dealer", cards::to_text(Card::from_index(v))});
    return out;
  }

  TableLimitsInfo limits() const override { return cards::limits_info(spots(), limits_); }

 private:
  std::span<const cards::CardSpot> spots() const {
    return seated_ ? std::span<const cards::CardSpot>(kSeatedSpots)
                   : std::span<const cards::CardSpot>(kOneHandSpots);
  }
  const bool seated_;
  const cards::CardLimits limits_;
};

}  // namespace

std::string dealer_label(std::span<const cards::Card> dealer) {
  if (is_natural(dealer)) return "D BJ";
  const int t = total(dealer);
  if (t > 21) return "D BUST";
  return "D " + std::to_string(t);
}

std::unique_ptr<Engine> make_engine(std::string_view game, cards::CardLimits limits) {
  return std::make_unique<BlackjackEngine>(game == "blackjack", std::move(limits));
}

int seat_of(std::string_view spot, std::string_view prefix) {
  if (!spot.starts_with(prefix)) return 0;
  spot.remove_prefix(prefix.size());
  int n = 0;
  auto [end, ec] = std::from_chars(spot.data(), spot.data() + spot.size(), n);
  if (ec != std::errc() || end != spot.data() + spot.size()) return 0;
  return n;
}

}  // namespace croupier::games::blackjack
