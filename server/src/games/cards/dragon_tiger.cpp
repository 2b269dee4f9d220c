// Dragon tiger (dragon_tiger.hpp). House edges on eight decks, from the probabilities of a
// pair of cards dealt from 416 (a tie 31/415, of which suited 7/415, each side winning
// 192/415): DRAGON and TIGER 31/830 = 3.73 %, TIE at 11:1 43/415 = 10.36 %, SUITED_TIE at
// 50:1 58/415 = 13.98 % (docs/games/dragontiger.md).
#include "games/cards/dragon_tiger.hpp"

#include <array>
#include <cassert>
#include <string>
#include <utility>

#include "games/cards/shoe.hpp"

namespace croupier::games::cards {

namespace {

constexpr std::array<CardSpot, 4> kDragonTigerSpots = {{
    {"DRAGON", "dragon", false, "TIGER", 1, 1, ""},
    {"TIGER", "tiger", false, "DRAGON", 1, 1, ""},
    {"TIE", "tie", true, "", 11, 1, ""},
    {"SUITED_TIE", "suited_tie", true, "", 50, 1, ""},
}};

bool valid(const Outcome& outcome) {
  const std::vector<int>& v = outcome.values;
  return v.size() == 2 && v[0] >= 0 && v[0] < kCardsPerDeck && v[1] >= 0 && v[1] < kCardsPerDeck;
}

std::string_view label_of(DragonTigerResult result) {
  switch (result) {
    case DragonTigerResult::dragon:
      return "D";
    case DragonTigerResult::tiger:
      return "T";
    default:
      return "X";
  }
}

class DragonTiger final : public Engine {
 public:
  explicit DragonTiger(CardLimits limits) : limits_(std::move(limits)) {}

  std::string_view game() const override { return "dragontiger"; }
  std::string_view variant() const override { return "classic"; }

  std::optional<std::string> canonical_spot(std::string_view code) const override {
    if (const CardSpot* spot = find_spot(kDragonTigerSpots, code)) return std::string(spot->code);
    return std::nullopt;
  }

  std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                              const std::vector<BetLine>& added,
                                              std::string_view currency) const override {
    return check_bets(kDragonTigerSpots, limits_, existing, added, currency);
  }

  Outcome draw(Rng& rng) const override {
    Shoe shoe(kDragonTigerDecks);
    shoe.shuffle(rng);
    return deal(shoe, rng);
  }

  bool deals_from_shoe() const override { return true; }

  Outcome deal(Shoe& shoe, Rng& rng) const override {
    const Card dragon = shoe.deal(rng);
    const Card tiger = shoe.deal(rng);
    return Outcome{{dragon.index(), tiger.index()}};
  }

  Money payout(std::string_view code, Money stake, const Outcome& outcome) const override {
    const CardSpot* spot = find_spot(kDragonTigerSpots, code);
    assert(spot && "payout asked for a spot that check() never accepted");
    assert(valid(outcome) && "payout asked for an outcome this engine never deals");
    if (!spot || !valid(outcome)) return Money::zero();
    const DragonTigerResult result = dragon_tiger_result(outcome);
    const bool tie = result == DragonTigerResult::tie || result == DragonTigerResult::suited_tie;
    bool wins = false;
    if (spot->code == "DRAGON" || spot->code == "TIGER") {
      if (tie) return scaled(stake, 1, 2);  // half the stake is lost
      wins = (spot->code == "DRAGON") == (result == DragonTigerResult::dragon);
    } else if (spot->code == "TIE") {
      wins = tie;
    } else {
      wins = result == DragonTigerResult::suited_tie;
    }
    return wins ? win_return(*spot, stake) : Money::zero();
  }

  std::string encode(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    std::string text(label_of(dragon_tiger_result(outcome)));
    text += "|D:" + to_text(Card::from_index(outcome.values[0]));
    text += "|T:" + to_text(Card::from_index(outcome.values[1]));
    return text;
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    const size_t bar = text.find('|');
    if (bar == std::string_view::npos) return std::nullopt;
    const std::string_view label = text.substr(0, bar);
    std::string_view rest = text.substr(bar + 1);
    if (!rest.starts_with("D:")) return std::nullopt;
    rest.remove_prefix(2);
    const size_t second = rest.find("|T:");
    if (second == std::string_view::npos) return std::nullopt;
    std::optional<Card> dragon = card_from_text(rest.substr(0, second));
    std::optional<Card> tiger = card_from_text(rest.substr(second + 3));
    if (!dragon || !tiger) return std::nullopt;
    Outcome outcome{{dragon->index(), tiger->index()}};
    if (label != label_of(dragon_tiger_result(outcome))) return std::nullopt;
    return outcome;
  }

  TableLimitsInfo limits() const override { return limits_info(kDragonTigerSpots, limits_); }

  std::vector<DealtCard> dealt_cards(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    return {{"dragon", to_text(Card::from_index(outcome.values[0]))},
            {"tiger", to_text(Card::from_index(outcome.values[1]))}};
  }

 private:
  const CardLimits limits_;
};

}  // namespace

DragonTigerResult dragon_tiger_result(const Outcome& outcome) {
  assert(valid(outcome));
  if (!valid(outcome)) return DragonTigerResult::tie;
  const Card dragon = Card::from_index(outcome.values[0]);
  const Card tiger = Card::from_index(outcome.values[1]);
  if (dragon.rank > tiger.rank) return DragonTigerResult::dragon;
  if (tiger.rank > dragon.rank) return DragonTigerResult::tiger;
  return dragon.suit == tiger.suit ? DragonTigerResult::suited_tie : DragonTigerResult::tie;
}

std::optional<Outcome> deal_dragon_tiger(std::span<const Card> cards) {
  if (cards.size() < 2) return std::nullopt;
  for (size_t i = 0; i < 2; ++i)
    if (cards[i].rank < 1 || cards[i].rank > 13 || static_cast<int>(cards[i].suit) > 3)
      return std::nullopt;
  return Outcome{{cards[0].index(), cards[1].index()}};
}

std::unique_ptr<Engine> make_dragon_tiger(CardLimits limits) {
  return std::make_unique<DragonTiger>(std::move(limits));
}

}  // namespace croupier::games::cards
