// Baccarat: the tableau, the two variants' spots and payouts, the outcome text, and the
// engine (baccarat.hpp; docs/games/baccarat.md).
#include "games/cards/baccarat.hpp"

#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "games/cards/shoe.hpp"
#include "games/text.hpp"

namespace croupier::games::cards {

namespace {

constexpr size_t kP1 = 0, kB1 = 1, kP2 = 2, kB2 = 3, kP3 = 4, kB3 = 5;
constexpr size_t kTextBytesMax = 64;  // longer outcome text is refused before it is split
constexpr size_t kSpotCount = 8;

struct SpotTraits {
  BaccaratSpot spot;
  std::string_view code;
  std::string_view kind;
};

// One row per BaccaratSpot, in enum order so that a spot indexes its own row.
constexpr std::array<SpotTraits, kSpotCount> kBaccaratSpots = {{
    {BaccaratSpot::player, "PLAYER", "player"},
    {BaccaratSpot::banker, "BANKER", "banker"},
    {BaccaratSpot::tie, "TIE", "tie"},
    {BaccaratSpot::player_pair, "PLAYER_PAIR", "player_pair"},
    {BaccaratSpot::banker_pair, "BANKER_PAIR", "banker_pair"},
    {BaccaratSpot::big, "BIG", "big"},
    {BaccaratSpot::small, "SMALL", "small"},
    {BaccaratSpot::super6, "SUPER6", "super6"},
}};

size_t index_of(BaccaratSpot spot) {
  return static_cast<size_t>(spot);
}

// What a spot pays, to 1, as limits() advertises it: the whole part and the exact text.
struct Advertised {
  int ratio;
  std::string_view text;
};

Advertised advertised(BaccaratSpot spot, bool super6) {
  switch (spot) {
    case BaccaratSpot::player:
      return {1, "1"};
    case BaccaratSpot::banker:
      return super6 ? Advertised{1, "1,0.5"} : Advertised{0, "0.95"};
    case BaccaratSpot::tie:
      return {8, "8"};
    case BaccaratSpot::player_pair:
    case BaccaratSpot::banker_pair:
      return {11, "11"};
    case BaccaratSpot::big:
      return {0, "0.54"};
    case BaccaratSpot::small:
      return {1, "1.5"};
    case BaccaratSpot::super6:
      return {12, "12,20"};
  }
  return {0, ""};
}

int value_of(int index) {
  return baccarat_value(Card::from_index(index));
}

bool is_card(int index) {
  return index >= 0 && index < kCardsPerDeck;
}

// Deals a round card by card from `next` (a callable returning std::optional<Card>), by
// the tableau; nullopt when `next` runs out.
template <class Next>
std::optional<Outcome> deal_with(Next&& next) {
  Outcome outcome{std::vector<int>(kBaccaratValues, kNoCard)};
  for (size_t i = kP1; i <= kB2; ++i) {
    std::optional<Card> card = next();
    if (!card) return std::nullopt;
    outcome.values[i] = card->index();
  }
  const std::vector<int>& v = outcome.values;
  const int player = (value_of(v[kP1]) + value_of(v[kP2])) % 10;
  const int banker = (value_of(v[kB1]) + value_of(v[kB2])) % 10;
  if (player >= 8 || banker >= 8) return outcome;  // a natural: both stand
  std::optional<int> third;
  if (player_draws(player)) {
    std::optional<Card> card = next();
    if (!card) return std::nullopt;
    outcome.values[kP3] = card->index();
    third = baccarat_value(*card);
  }
  if (banker_draws(banker, third)) {
    std::optional<Card> card = next();
    if (!card) return std::nullopt;
    outcome.values[kB3] = card->index();
  }
  return outcome;
}

using games::split;

// "<prefix>c1,c2[,c3]" -> the card indices, or nullopt.
std::optional<std::vector<int>> parse_hand(std::string_view text, std::string_view prefix) {
  if (text.substr(0, prefix.size()) != prefix) return std::nullopt;
  std::vector<std::string_view> parts = split(text.substr(prefix.size()), ',');
  if (parts.size() < 2 || parts.size() > 3) return std::nullopt;
  std::vector<int> cards;
  for (std::string_view part : parts) {
    std::optional<Card> card = card_from_text(part);
    if (!card) return std::nullopt;
    cards.push_back(card->index());
  }
  return cards;
}

void append_hand(std::string& text, const std::array<Card, 3>& cards, int count) {
  for (int i = 0; i < count; ++i) {
    if (i > 0) text += ',';
    text += to_text(cards[static_cast<size_t>(i)]);
  }
}

// Stakes come from clients, so a sum of them may exceed int64 even though every accepted
// total is small: saturating keeps such a sum "above every maximum" (and refused).
Money saturating_add(Money a, Money b) {
  if (std::optional<Money> sum = checked_add(a, b)) return *sum;
  return Money{b.is_negative() ? INT64_MIN : INT64_MAX};
}

// A player's bets this round: per spot and on the whole table.
struct Book {
  std::array<Money, kSpotCount> per_spot{};
  Money table;

  // A line on no spot of the table (which cannot happen for bets the engine accepted)
  // still has money on the table, so it counts towards the table total.
  void add(std::optional<BaccaratSpot> spot, Money amount) {
    table = saturating_add(table, amount);
    if (spot) per_spot[index_of(*spot)] = saturating_add(per_spot[index_of(*spot)], amount);
  }
};

class Baccarat final : public Engine {
 public:
  Baccarat(bool super6, BaccaratLimits limits) : super6_(super6), limits_(std::move(limits)) {}

  std::string_view game() const override { return "baccarat"; }
  std::string_view variant() const override { return super6_ ? "super6" : "standard"; }

  std::optional<std::string> canonical_spot(std::string_view code) const override {
    std::optional<BaccaratSpot> spot = spot_of(code);
    if (!spot) return std::nullopt;
    return std::string(spot_code(*spot));
  }

  std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                              const std::vector<BetLine>& added,
                                              std::string_view currency) const override {
    Book book;
    for (const BetLine& bet : existing) book.add(spot_of(bet.spot), bet.amount);
    std::vector<std::optional<ErrorCode>> verdicts;
    verdicts.reserve(added.size());
    for (const BetLine& bet : added) {
      std::optional<BaccaratSpot> spot = spot_of(bet.spot);
      std::optional<ErrorCode> verdict = refusal(book, spot, bet.amount, currency);
      // Only an accepted bet counts towards the totals of the bets after it.
      if (!verdict) book.add(spot, bet.amount);
      verdicts.push_back(verdict);
    }
    return verdicts;
  }

  Outcome draw(Rng& rng) const override {
    Shoe shoe(kBaccaratDecks);
    shoe.shuffle(rng);
    return deal(shoe, rng);
  }

  Outcome deal(Shoe& shoe, Rng& rng) const override {
    std::optional<Outcome> outcome =
        deal_with([&]() -> std::optional<Card> { return shoe.deal(rng); });
    assert(outcome && "a shoe always deals a card");
    return std::move(*outcome);
  }

  Money payout(std::string_view spot, Money stake, const Outcome& outcome) const override {
    std::optional<BaccaratSpot> parsed = spot_of(spot);
    std::optional<BaccaratCoup> coup = evaluate_baccarat(outcome);
    assert(parsed && "payout asked for a spot that check() never accepted");
    assert(coup && "payout asked for an outcome this engine never deals");
    if (!parsed || !coup) return Money::zero();
    return baccarat_payout(*parsed, super6_, stake, *coup);
  }

  std::string encode(const Outcome& outcome) const override {
    std::optional<BaccaratCoup> coup = evaluate_baccarat(outcome);
    assert(coup);
    if (!coup) return {};
    std::string text = baccarat_label(*coup);
    text += "|P:";
    append_hand(text, coup->player, coup->player_cards);
    text += "|B:";
    append_hand(text, coup->banker, coup->banker_cards);
    return text;
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    if (text.size() > kTextBytesMax) return std::nullopt;
    std::vector<std::string_view> parts = split(text, '|');
    if (parts.size() != 3) return std::nullopt;
    std::optional<std::vector<int>> player = parse_hand(parts[1], "P:");
    std::optional<std::vector<int>> banker = parse_hand(parts[2], "B:");
    if (!player || !banker) return std::nullopt;
    Outcome outcome{{(*player)[0], (*banker)[0], (*player)[1], (*banker)[1],
                     player->size() == 3 ? (*player)[2] : kNoCard,
                     banker->size() == 3 ? (*banker)[2] : kNoCard}};
    std::optional<BaccaratCoup> coup = evaluate_baccarat(outcome);
    if (!coup || baccarat_label(*coup) != parts[0]) return std::nullopt;
    return outcome;
  }

  std::string label(const Outcome& outcome) const override {
    std::optional<BaccaratCoup> coup = evaluate_baccarat(outcome);
    assert(coup);
    return coup ? baccarat_label(*coup) : std::string();
  }

  TableLimitsInfo limits() const override {
    TableLimitsInfo info;
    info.min_bet = limits_.min_bet;
    // No inside/outside split: both are the table maximum, and no spot is inside.
    info.inside_max = limits_.table_max;
    info.outside_max = limits_.table_max;
    info.table_max = limits_.table_max;
    info.opposite_bets_allowed = limits_.opposite_bets_allowed;
    for (const SpotTraits& traits : kBaccaratSpots) {
      if (traits.spot == BaccaratSpot::super6 && !super6_) continue;
      const Advertised pays = advertised(traits.spot, super6_);
      SpotKindInfo kind;
      kind.kind = std::string(traits.kind);
      kind.payout_ratio = pays.ratio;
      kind.inside = false;
      kind.min = limits_.min_bet;
      kind.max = spot_max(limits_, traits.spot);
      kind.payout_text = std::string(pays.text);
      info.spots.push_back(std::move(kind));
    }
    return info;
  }

  bool deals_from_shoe() const override { return true; }

  std::vector<DealtCard> dealt_cards(const Outcome& outcome) const override {
    std::vector<DealtCard> cards;
    std::optional<BaccaratCoup> coup = evaluate_baccarat(outcome);
    assert(coup);
    if (!coup) return cards;
    for (size_t i = kP1; i <= kB3; ++i) {
      if (outcome.values[i] == kNoCard) continue;
      const bool player = i == kP1 || i == kP2 || i == kP3;
      cards.push_back({player ? "player" : "banker", to_text(Card::from_index(outcome.values[i]))});
    }
    return cards;
  }

 private:
  // The spot a code names on this variant's table.
  std::optional<BaccaratSpot> spot_of(std::string_view code) const {
    std::optional<BaccaratSpot> spot = parse_baccarat_spot(code);
    if (spot == BaccaratSpot::super6 && !super6_) return std::nullopt;
    return spot;
  }

  // Why `amount` on `spot` is refused given the accepted `book`, in the order of the
  // header comment; nullopt when it is acceptable.
  std::optional<ErrorCode> refusal(const Book& book, std::optional<BaccaratSpot> spot, Money amount,
                                   std::string_view currency) const {
    if (!spot || !amount.is_positive() || !is_whole_minor_unit(amount, currency))
      return ErrorCode::InvalidBet;
    const Money spot_total = saturating_add(book.per_spot[index_of(*spot)], amount);
    if (spot_total < limits_.min_bet) return ErrorCode::BelowMinimum;
    if (spot_total > spot_max(limits_, *spot)) return ErrorCode::OverOutsideMax;
    if (saturating_add(book.table, amount) > limits_.table_max) return ErrorCode::OverTableMax;
    if (!limits_.opposite_bets_allowed &&
        ((*spot == BaccaratSpot::player &&
          book.per_spot[index_of(BaccaratSpot::banker)].is_positive()) ||
         (*spot == BaccaratSpot::banker &&
          book.per_spot[index_of(BaccaratSpot::player)].is_positive())))
      return ErrorCode::OppositeBets;
    return std::nullopt;
  }

  // Constant after construction.
  const bool super6_;
  const BaccaratLimits limits_;
};

}  // namespace

std::string_view spot_code(BaccaratSpot spot) {
  return kBaccaratSpots[index_of(spot)].code;
}

std::string_view kind_name(BaccaratSpot spot) {
  return kBaccaratSpots[index_of(spot)].kind;
}

std::optional<BaccaratSpot> parse_baccarat_spot(std::string_view code) {
  for (const SpotTraits& traits : kBaccaratSpots)
    if (traits.code == code) return traits.spot;
  return std::nullopt;
}

Money spot_max(const BaccaratLimits& limits, BaccaratSpot spot) {
  switch (spot) {
    case BaccaratSpot::player:
    case BaccaratSpot::banker:
      return limits.max_main;
    case BaccaratSpot::tie:
      return limits.max_tie;
    case BaccaratSpot::player_pair:
    case BaccaratSpot::banker_pair:
      return limits.max_pair;
    case BaccaratSpot::big:
    case BaccaratSpot::small:
      return limits.max_big_small;
    case BaccaratSpot::super6:
      return limits.max_super6;
  }
  return Money::zero();
}

bool player_draws(int player_total) {
  return player_total <= 5;
}

bool banker_draws(int banker_total, std::optional<int> player_third_value) {
  if (!player_third_value) return banker_total <= 5;
  const int v = *player_third_value;
  switch (banker_total) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return v != 8;
    case 4:
      return v >= 2 && v <= 7;
    case 5:
      return v >= 4 && v <= 7;
    case 6:
      return v == 6 || v == 7;
    default:  // 7 stands; 8 and 9 are naturals
      return false;
  }
}

std::optional<BaccaratCoup> evaluate_baccarat(const Outcome& outcome) {
  const std::vector<int>& v = outcome.values;
  if (v.size() != kBaccaratValues) return std::nullopt;
  for (size_t i = kP1; i <= kB2; ++i)
    if (!is_card(v[i])) return std::nullopt;
  for (size_t i : {kP3, kB3})
    if (v[i] != kNoCard && !is_card(v[i])) return std::nullopt;

  BaccaratCoup coup;
  coup.player = {Card::from_index(v[kP1]), Card::from_index(v[kP2]), Card{}};
  coup.banker = {Card::from_index(v[kB1]), Card::from_index(v[kB2]), Card{}};
  coup.player_cards = coup.banker_cards = 2;
  const int player = (value_of(v[kP1]) + value_of(v[kP2])) % 10;
  const int banker = (value_of(v[kB1]) + value_of(v[kB2])) % 10;
  coup.natural = player >= 8 || banker >= 8;
  coup.player_pair = coup.player[0].rank == coup.player[1].rank;
  coup.banker_pair = coup.banker[0].rank == coup.banker[1].rank;
  coup.player_total = player;
  coup.banker_total = banker;

  // The draws must be exactly the tableau's.
  const bool player_drew = v[kP3] != kNoCard, banker_drew = v[kB3] != kNoCard;
  if (coup.natural) {
    if (player_drew || banker_drew) return std::nullopt;
  } else {
    if (player_drew != player_draws(player)) return std::nullopt;
    std::optional<int> third;
    if (player_drew) third = value_of(v[kP3]);
    if (banker_drew != banker_draws(banker, third)) return std::nullopt;
  }
  if (player_drew) {
    coup.player[2] = Card::from_index(v[kP3]);
    coup.player_cards = 3;
    coup.player_total = (player + value_of(v[kP3])) % 10;
  }
  if (banker_drew) {
    coup.banker[2] = Card::from_index(v[kB3]);
    coup.banker_cards = 3;
    coup.banker_total = (banker + value_of(v[kB3])) % 10;
  }
  coup.winner = coup.player_total > coup.banker_total   ? 'P'
                : coup.banker_total > coup.player_total ? 'B'
                                                        : 'T';
  return coup;
}

std::optional<Outcome> deal_baccarat(std::span<const Card> cards) {
  size_t next = 0;
  return deal_with([&]() -> std::optional<Card> {
    if (next >= cards.size()) return std::nullopt;
    return cards[next++];
  });
}

Money baccarat_payout(BaccaratSpot spot, bool super6, Money stake, const BaccaratCoup& coup) {
  const bool tie = coup.winner == 'T';
  switch (spot) {
    case BaccaratSpot::player:
      if (tie) return stake;
      return coup.winner == 'P' ? scaled(stake, 2, 1) : Money::zero();
    case BaccaratSpot::banker:
      if (tie) return stake;
      if (coup.winner != 'B') return Money::zero();
      if (!super6) return scaled(stake, 195, 100);                                // 0.95:1
      return coup.banker_total == 6 ? scaled(stake, 3, 2) : scaled(stake, 2, 1);  // 0.5:1, 1:1
    case BaccaratSpot::tie:
      return tie ? scaled(stake, 9, 1) : Money::zero();
    case BaccaratSpot::player_pair:
      return coup.player_pair ? scaled(stake, 12, 1) : Money::zero();
    case BaccaratSpot::banker_pair:
      return coup.banker_pair ? scaled(stake, 12, 1) : Money::zero();
    case BaccaratSpot::big:
      return coup.cards() >= 5 ? scaled(stake, 154, 100) : Money::zero();  // 0.54:1
    case BaccaratSpot::small:
      return coup.cards() == 4 ? scaled(stake, 5, 2) : Money::zero();  // 1.5:1
    case BaccaratSpot::super6:
      if (!super6 || coup.winner != 'B' || coup.banker_total != 6) return Money::zero();
      return scaled(stake, coup.banker_cards == 2 ? 13 : 21, 1);  // 12:1, 20:1
  }
  return Money::zero();
}

std::string baccarat_label(const BaccaratCoup& coup) {
  std::string text(1, coup.winner);
  text += ' ';
  text += static_cast<char>('0' + coup.player_total);
  text += '-';
  text += static_cast<char>('0' + coup.banker_total);
  return text;
}

std::unique_ptr<Engine> make_baccarat(std::string_view variant, BaccaratLimits limits) {
  if (variant == "standard") return std::make_unique<Baccarat>(false, std::move(limits));
  if (variant == "super6") return std::make_unique<Baccarat>(true, std::move(limits));
  return nullptr;
}

}  // namespace croupier::games::cards
