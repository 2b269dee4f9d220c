// Andar bahar (andar_bahar.hpp). After the joker, 51 cards remain of which 3 match its
// rank, so the count n of cards dealt up to the first match has probability
// C(51 - n, 2) / C(51, 3) (n = 1..49). Andar wins when n is odd, with probability
// 429/833 = 51.50 %; bahar 404/833. House edges: ANDAR at 0.9:1 179/8330 = 2.15 %, BAHAR at
// 1:1 25/833 = 3.00 %; the side bets are in docs/games/andarbahar.md.
#include "games/cards/andar_bahar.hpp"

#include <array>
#include <cassert>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "games/cards/shoe.hpp"
#include "games/text.hpp"

namespace croupier::games::cards {

namespace {

constexpr std::array<CardSpot, 2 + kCardCountRanges> kAndarBaharSpots = {{
    {"ANDAR", "andar", false, "BAHAR", 9, 10, "0.9"},
    {"BAHAR", "bahar", false, "ANDAR", 1, 1, ""},
    {"CARDS_1_5", "cards_1_5", true, "", 5, 2, "2.5"},
    {"CARDS_6_10", "cards_6_10", true, "", 7, 2, "3.5"},
    {"CARDS_11_15", "cards_11_15", true, "", 9, 2, "4.5"},
    {"CARDS_16_25", "cards_16_25", true, "", 7, 2, "3.5"},
    {"CARDS_26_30", "cards_26_30", true, "", 14, 1, ""},
    {"CARDS_31_35", "cards_31_35", true, "", 24, 1, ""},
    {"CARDS_36_40", "cards_36_40", true, "", 49, 1, ""},
    {"CARDS_41_49", "cards_41_49", true, "", 119, 1, ""},
}};

std::string_view label_of(AndarBaharSide side) {
  return side == AndarBaharSide::andar ? "A" : "B";
}

std::string_view hand_of(AndarBaharSide side) {
  return side == AndarBaharSide::andar ? "andar" : "bahar";
}

using games::split;

// The cards of one side's list ("2S,7D"; "" is no card), or nullopt if malformed.
std::optional<std::vector<int>> parse_cards(std::string_view text) {
  std::vector<int> out;
  if (text.empty()) return out;
  for (std::string_view part : split(text, ',')) {
    std::optional<Card> card = card_from_text(part);
    if (!card) return std::nullopt;
    out.push_back(card->index());
  }
  return out;
}

class AndarBahar final : public Engine {
 public:
  explicit AndarBahar(CardLimits limits) : limits_(std::move(limits)) {}

  std::string_view game() const override { return "andarbahar"; }
  std::string_view variant() const override { return "classic"; }

  std::optional<std::string> canonical_spot(std::string_view code) const override {
    if (const CardSpot* spot = find_spot(kAndarBaharSpots, code)) return std::string(spot->code);
    return std::nullopt;
  }

  std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                              const std::vector<BetLine>& added,
                                              std::string_view currency) const override {
    return check_bets(kAndarBaharSpots, limits_, existing, added, currency);
  }

  // A freshly shuffled deck, dealt as far as the first match: each card is drawn uniformly
  // from the cards not yet dealt (Fisher-Yates, one step per card), which is the same as
  // shuffling the whole deck first.
  Outcome draw(Rng& rng) const override {
    std::array<int, kCardsPerDeck> deck;
    std::iota(deck.begin(), deck.end(), 0);
    size_t next = 0;
    auto take = [&] {
      const size_t j = next + static_cast<size_t>(rng.uniform(kCardsPerDeck - next));
      std::swap(deck[next], deck[j]);
      return deck[next++];
    };
    Outcome outcome;
    outcome.values.reserve(8);
    const int joker = take();
    outcome.values.push_back(joker);
    const int rank = joker % 13;
    for (;;) {
      const int card = take();
      outcome.values.push_back(card);
      if (card % 13 == rank) break;
    }
    return outcome;
  }

  // Andar bahar does not deal from the table's shoe: every round is one fresh deck.
  Outcome deal(Shoe& /*shoe*/, Rng& rng) const override { return draw(rng); }

  Money payout(std::string_view code, Money stake, const Outcome& outcome) const override {
    const CardSpot* spot = find_spot(kAndarBaharSpots, code);
    assert(spot && "payout asked for a spot that check() never accepted");
    assert(andar_bahar_valid(outcome) && "payout asked for an outcome this engine never deals");
    if (!spot || !andar_bahar_valid(outcome)) return Money::zero();
    bool wins;
    if (spot->code == "ANDAR") {
      wins = andar_bahar_winner(outcome) == AndarBaharSide::andar;
    } else if (spot->code == "BAHAR") {
      wins = andar_bahar_winner(outcome) == AndarBaharSide::bahar;
    } else {
      wins = kCardCountRangeTable[card_count_range(andar_bahar_dealt(outcome))].spot == code;
    }
    return wins ? win_return(*spot, stake) : Money::zero();
  }

  std::string encode(const Outcome& outcome) const override {
    assert(andar_bahar_valid(outcome));
    if (!andar_bahar_valid(outcome)) return {};
    std::string andar, bahar;
    for (size_t i = 1; i < outcome.values.size(); ++i) {
      std::string& side =
          andar_bahar_side(static_cast<int>(i)) == AndarBaharSide::andar ? andar : bahar;
      if (!side.empty()) side += ',';
      side += to_text(Card::from_index(outcome.values[i]));
    }
    std::string text(label_of(andar_bahar_winner(outcome)));
    text += "|J:" + to_text(Card::from_index(outcome.values[0]));
    text += "|A:" + andar + "|B:" + bahar;
    return text;
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    std::vector<std::string_view> parts = split(text, '|');
    if (parts.size() != 4) return std::nullopt;
    if (!parts[1].starts_with("J:") || !parts[2].starts_with("A:") || !parts[3].starts_with("B:"))
      return std::nullopt;
    std::optional<Card> joker = card_from_text(parts[1].substr(2));
    std::optional<std::vector<int>> andar = parse_cards(parts[2].substr(2));
    std::optional<std::vector<int>> bahar = parse_cards(parts[3].substr(2));
    if (!joker || !andar || !bahar) return std::nullopt;
    // Andar is dealt first: it holds as many cards as bahar or one more.
    if (andar->size() != bahar->size() && andar->size() != bahar->size() + 1) return std::nullopt;
    Outcome outcome{{joker->index()}};
    for (size_t i = 0; i < andar->size(); ++i) {
      outcome.values.push_back((*andar)[i]);
      if (i < bahar->size()) outcome.values.push_back((*bahar)[i]);
    }
    if (!andar_bahar_valid(outcome)) return std::nullopt;
    if (parts[0] != label_of(andar_bahar_winner(outcome))) return std::nullopt;
    return outcome;
  }

  TableLimitsInfo limits() const override { return limits_info(kAndarBaharSpots, limits_); }

  std::vector<DealtCard> dealt_cards(const Outcome& outcome) const override {
    assert(andar_bahar_valid(outcome));
    if (!andar_bahar_valid(outcome)) return {};
    std::vector<DealtCard> out;
    out.reserve(outcome.values.size());
    out.push_back({"joker", to_text(Card::from_index(outcome.values[0]))});
    for (size_t i = 1; i < outcome.values.size(); ++i)
      out.push_back({std::string(hand_of(andar_bahar_side(static_cast<int>(i)))),
                     to_text(Card::from_index(outcome.values[i]))});
    return out;
  }

 private:
  const CardLimits limits_;
};

}  // namespace

size_t card_count_range(int dealt) {
  assert(dealt >= 1 && dealt <= kAndarBaharMaxDealt);
  for (size_t i = 0; i < kCardCountRanges; ++i)
    if (dealt <= kCardCountRangeTable[i].to) return i;
  return kCardCountRanges - 1;
}

int andar_bahar_dealt(const Outcome& outcome) {
  assert(!outcome.values.empty());
  return static_cast<int>(outcome.values.size()) - 1;
}

AndarBaharSide andar_bahar_winner(const Outcome& outcome) {
  return andar_bahar_side(andar_bahar_dealt(outcome));
}

bool andar_bahar_valid(const Outcome& outcome) {
  const std::vector<int>& v = outcome.values;
  if (v.size() < 2 || v.size() > 1 + static_cast<size_t>(kAndarBaharMaxDealt)) return false;
  uint64_t seen = 0;
  for (int card : v) {
    if (card < 0 || card >= kCardsPerDeck) return false;
    const uint64_t bit = uint64_t{1} << card;
    if (seen & bit) return false;
    seen |= bit;
  }
  const int rank = v[0] % 13;
  for (size_t i = 1; i + 1 < v.size(); ++i)
    if (v[i] % 13 == rank) return false;
  return v.back() % 13 == rank;
}

std::optional<Outcome> deal_andar_bahar(std::span<const Card> cards) {
  Outcome outcome;
  for (const Card& card : cards) {
    if (card.rank < 1 || card.rank > 13 || static_cast<int>(card.suit) > 3) return std::nullopt;
    outcome.values.push_back(card.index());
    if (outcome.values.size() > 1 && card.rank == cards[0].rank) break;
  }
  if (!andar_bahar_valid(outcome)) return std::nullopt;
  return outcome;
}

AndarBaharStats andar_bahar_stats(std::span<const Outcome> outcomes) {
  AndarBaharStats stats;
  for (const Outcome& outcome : outcomes) {
    if (!andar_bahar_valid(outcome)) continue;
    ++stats.rounds;
    (andar_bahar_winner(outcome) == AndarBaharSide::andar ? stats.andar_wins : stats.bahar_wins)++;
    const Card joker = Card::from_index(outcome.values[0]);
    stats.joker_ranks[joker.rank - 1u]++;
    stats.joker_suits[static_cast<size_t>(joker.suit)]++;
    (joker.red() ? stats.joker_red : stats.joker_black)++;
    stats.dealt_ranges[card_count_range(andar_bahar_dealt(outcome))]++;
  }
  return stats;
}

std::unique_ptr<Engine> make_andar_bahar(CardLimits limits) {
  return std::make_unique<AndarBahar>(std::move(limits));
}

}  // namespace croupier::games::cards
