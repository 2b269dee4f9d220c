// Sic bo (sicbo.hpp). Returns to player with the default (Macau) paytable, from the 216
// equally likely throws: SMALL, BIG, ODD, EVEN 35/36; TRIPLE_n 151/216; ANY_TRIPLE 25/36;
// DOUBLE_n 2/3; COMBO_a_b 5/6; SINGLE_n 199/216; TOTAL_n from 7/8 (8, 10, 11, 13) down to
// 19/36 (5, 16) (docs/games/sicbo.md has every figure and its derivation).
#include "games/sicbo/sicbo.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <string>
#include <utility>
#include <vector>

namespace croupier::games::sicbo {

namespace {

using cards::CardLimits;
using cards::CardSpot;

enum class Bet { small, big, odd, even, total, triple, any_triple, pair, combo, single };

// One spot of the board: its code, its kind for the limits panel, what it bets on (with the
// number or numbers in `a` and `b`) and the spot it is opposite to.
struct Layout {
  std::string_view code;
  std::string_view kind;
  Bet bet;
  int a;
  int b;
  std::string_view opposite;
};

// The board in the order of spot_codes(). Codes are written out rather than generated so
// that a reader (and find_spot) sees exactly what the client sends.
constexpr std::array<Layout, 52> kLayout = {{
    {"SMALL", "small", Bet::small, 0, 0, "BIG"},
    {"BIG", "big", Bet::big, 0, 0, "SMALL"},
    {"ODD", "odd", Bet::odd, 0, 0, "EVEN"},
    {"EVEN", "even", Bet::even, 0, 0, "ODD"},
    {"TOTAL_4", "total_4", Bet::total, 4, 0, ""},
    {"TOTAL_5", "total_5", Bet::total, 5, 0, ""},
    {"TOTAL_6", "total_6", Bet::total, 6, 0, ""},
    {"TOTAL_7", "total_7", Bet::total, 7, 0, ""},
    {"TOTAL_8", "total_8", Bet::total, 8, 0, ""},
    {"TOTAL_9", "total_9", Bet::total, 9, 0, ""},
    {"TOTAL_10", "total_10", Bet::total, 10, 0, ""},
    {"TOTAL_11", "total_11", Bet::total, 11, 0, ""},
    {"TOTAL_12", "total_12", Bet::total, 12, 0, ""},
    {"TOTAL_13", "total_13", Bet::total, 13, 0, ""},
    {"TOTAL_14", "total_14", Bet::total, 14, 0, ""},
    {"TOTAL_15", "total_15", Bet::total, 15, 0, ""},
    {"TOTAL_16", "total_16", Bet::total, 16, 0, ""},
    {"TOTAL_17", "total_17", Bet::total, 17, 0, ""},
    {"TRIPLE_1", "triple", Bet::triple, 1, 0, ""},
    {"TRIPLE_2", "triple", Bet::triple, 2, 0, ""},
    {"TRIPLE_3", "triple", Bet::triple, 3, 0, ""},
    {"TRIPLE_4", "triple", Bet::triple, 4, 0, ""},
    {"TRIPLE_5", "triple", Bet::triple, 5, 0, ""},
    {"TRIPLE_6", "triple", Bet::triple, 6, 0, ""},
    {"ANY_TRIPLE", "any_triple", Bet::any_triple, 0, 0, ""},
    {"DOUBLE_1", "double", Bet::pair, 1, 0, ""},
    {"DOUBLE_2", "double", Bet::pair, 2, 0, ""},
    {"DOUBLE_3", "double", Bet::pair, 3, 0, ""},
    {"DOUBLE_4", "double", Bet::pair, 4, 0, ""},
    {"DOUBLE_5", "double", Bet::pair, 5, 0, ""},
    {"DOUBLE_6", "double", Bet::pair, 6, 0, ""},
    {"COMBO_1_2", "combo", Bet::combo, 1, 2, ""},
    {"COMBO_1_3", "combo", Bet::combo, 1, 3, ""},
    {"COMBO_1_4", "combo", Bet::combo, 1, 4, ""},
    {"COMBO_1_5", "combo", Bet::combo, 1, 5, ""},
    {"COMBO_1_6", "combo", Bet::combo, 1, 6, ""},
    {"COMBO_2_3", "combo", Bet::combo, 2, 3, ""},
    {"COMBO_2_4", "combo", Bet::combo, 2, 4, ""},
    {"COMBO_2_5", "combo", Bet::combo, 2, 5, ""},
    {"COMBO_2_6", "combo", Bet::combo, 2, 6, ""},
    {"COMBO_3_4", "combo", Bet::combo, 3, 4, ""},
    {"COMBO_3_5", "combo", Bet::combo, 3, 5, ""},
    {"COMBO_3_6", "combo", Bet::combo, 3, 6, ""},
    {"COMBO_4_5", "combo", Bet::combo, 4, 5, ""},
    {"COMBO_4_6", "combo", Bet::combo, 4, 6, ""},
    {"COMBO_5_6", "combo", Bet::combo, 5, 6, ""},
    {"SINGLE_1", "single", Bet::single, 1, 0, ""},
    {"SINGLE_2", "single", Bet::single, 2, 0, ""},
    {"SINGLE_3", "single", Bet::single, 3, 0, ""},
    {"SINGLE_4", "single", Bet::single, 4, 0, ""},
    {"SINGLE_5", "single", Bet::single, 5, 0, ""},
    {"SINGLE_6", "single", Bet::single, 6, 0, ""},
}};

constexpr std::array<std::string_view, kLayout.size()> kCodes = [] {
  std::array<std::string_view, kLayout.size()> codes{};
  for (size_t i = 0; i < kLayout.size(); ++i) codes[i] = kLayout[i].code;
  return codes;
}();

// The ratio of TOTAL_n is kTotalRatios[n - 4].
constexpr std::array<int64_t Paytable::*, 14> kTotalRatios = {
    &Paytable::total_4,  &Paytable::total_5,  &Paytable::total_6,  &Paytable::total_7,
    &Paytable::total_8,  &Paytable::total_9,  &Paytable::total_10, &Paytable::total_11,
    &Paytable::total_12, &Paytable::total_13, &Paytable::total_14, &Paytable::total_15,
    &Paytable::total_16, &Paytable::total_17};

// Every ratio of a paytable, so that validation cannot miss a field.
constexpr std::array<int64_t Paytable::*, 9> kOtherRatios = {
    &Paytable::small_big,  &Paytable::odd_even,        &Paytable::specific_triple,
    &Paytable::any_triple, &Paytable::specific_double, &Paytable::combination,
    &Paytable::single_one, &Paytable::single_two,      &Paytable::single_three};

// How many of the three dice show `face`.
int count(const Outcome& outcome, int face) {
  return static_cast<int>(std::count(outcome.values.begin(), outcome.values.end(), face));
}

// The whole-number ratio a spot is listed with: for SINGLE_n the ratio of one matching die.
int64_t listed_ratio(const Layout& spot, const Paytable& p) {
  switch (spot.bet) {
    case Bet::small:
    case Bet::big:
      return p.small_big;
    case Bet::odd:
    case Bet::even:
      return p.odd_even;
    case Bet::total:
      return p.*kTotalRatios[static_cast<size_t>(spot.a - 4)];
    case Bet::triple:
      return p.specific_triple;
    case Bet::any_triple:
      return p.any_triple;
    case Bet::pair:
      return p.specific_double;
    case Bet::combo:
      return p.combination;
    case Bet::single:
      return p.single_one;
  }
  return 0;
}

// Whether a spot other than SINGLE_n wins on a valid outcome. SMALL, BIG, ODD and EVEN lose
// on every triple: that is where their house edge comes from.
bool wins(const Layout& spot, const Outcome& outcome) {
  const int sum = total(outcome);
  const bool triple = is_triple(outcome);
  switch (spot.bet) {
    case Bet::small:
      return !triple && sum >= 4 && sum <= 10;
    case Bet::big:
      return !triple && sum >= 11 && sum <= 17;
    case Bet::odd:
      return !triple && sum % 2 == 1;
    case Bet::even:
      return !triple && sum % 2 == 0;
    case Bet::total:
      return sum == spot.a;
    case Bet::triple:
      return triple && outcome.values[0] == spot.a;
    case Bet::any_triple:
      return triple;
    case Bet::pair:
      return count(outcome, spot.a) >= 2;
    case Bet::combo:
      return count(outcome, spot.a) >= 1 && count(outcome, spot.b) >= 1;
    case Bet::single:
      return count(outcome, spot.a) >= 1;
  }
  return false;
}

std::string sorted_label(const Outcome& outcome) {
  std::array<int, kDice> dice{};
  std::copy(outcome.values.begin(), outcome.values.end(), dice.begin());
  std::sort(dice.begin(), dice.end());
  std::string label;
  for (int die : dice) label += static_cast<char>('0' + die);
  return label;
}

bool is_face_digit(char c) {
  return c >= '1' && c <= '0' + kFaces;
}

class SicBo final : public Engine {
 public:
  SicBo(CardLimits limits, Paytable paytable) : limits_(std::move(limits)), paytable_(paytable) {
    for (const Layout& spot : kLayout) {
      spots_.push_back({spot.code, spot.kind, is_side(spot), spot.opposite,
                        listed_ratio(spot, paytable_), 1, ""});
      const bool seen = std::any_of(kinds_.begin(), kinds_.end(),
                                    [&](const CardSpot& k) { return k.kind == spot.kind; });
      if (!seen) kinds_.push_back(spots_.back());
    }
  }

  std::string_view game() const override { return "sicbo"; }
  std::string_view variant() const override { return "classic"; }

  std::optional<std::string> canonical_spot(std::string_view code) const override {
    if (const CardSpot* spot = cards::find_spot(spots_, code)) return std::string(spot->code);
    return std::nullopt;
  }

  std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                              const std::vector<BetLine>& added,
                                              std::string_view currency) const override {
    return cards::check_bets(spots_, limits_, existing, added, currency);
  }

  // Each die is its own unbiased draw (Rng::uniform rejects rather than takes a modulo),
  // so the 216 ordered throws are equally likely.
  Outcome draw(Rng& rng) const override {
    Outcome outcome;
    outcome.values.reserve(kDice);
    for (int i = 0; i < kDice; ++i)
      outcome.values.push_back(1 + static_cast<int>(rng.uniform(kFaces)));
    return outcome;
  }

  Money payout(std::string_view code, Money stake, const Outcome& outcome) const override {
    const CardSpot* spot = cards::find_spot(spots_, code);
    assert(spot && "payout asked for a spot that check() never accepted");
    assert(valid_outcome(outcome) && "payout asked for an outcome this engine never draws");
    if (!spot || !valid_outcome(outcome)) return Money::zero();
    const Layout& layout = kLayout[static_cast<size_t>(spot - spots_.data())];
    if (layout.bet == Bet::single) return single_return(layout.a, stake, outcome);
    return wins(layout, outcome) ? cards::win_return(*spot, stake) : Money::zero();
  }

  std::string encode(const Outcome& outcome) const override {
    assert(valid_outcome(outcome));
    if (!valid_outcome(outcome)) return {};
    std::string text = sorted_label(outcome) + '|';
    for (int die : outcome.values) text += static_cast<char>('0' + die);
    return text;
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    if (text.size() != 2 * kDice + 1 || text[kDice] != '|') return std::nullopt;
    Outcome outcome;
    for (char c : text.substr(kDice + 1)) {
      if (!is_face_digit(c)) return std::nullopt;
      outcome.values.push_back(c - '0');
    }
    // The label must be the sorted throw, so that one result has exactly one text.
    if (text.substr(0, kDice) != sorted_label(outcome)) return std::nullopt;
    return outcome;
  }

  std::string label(const Outcome& outcome) const override {
    assert(valid_outcome(outcome));
    if (!valid_outcome(outcome)) return {};
    return sorted_label(outcome);
  }

  TableLimitsInfo limits() const override {
    TableLimitsInfo info = cards::limits_info(kinds_, limits_);
    // A single number pays by how many dice show it, which one whole ratio cannot say.
    for (SpotKindInfo& kind : info.spots)
      if (kind.kind == "single") kind.payout_text = single_text();
    return info;
  }

 private:
  static bool is_side(const Layout& spot) {
    return spot.bet != Bet::small && spot.bet != Bet::big && spot.bet != Bet::odd &&
           spot.bet != Bet::even;
  }

  Money single_return(int face, Money stake, const Outcome& outcome) const {
    const std::array<int64_t, kDice> ratios = {paytable_.single_one, paytable_.single_two,
                                               paytable_.single_three};
    const int matches = count(outcome, face);
    if (matches == 0) return Money::zero();
    return cards::scaled(stake, ratios[static_cast<size_t>(matches - 1)] + 1, 1);
  }

  std::string single_text() const {
    return std::to_string(paytable_.single_one) + "," + std::to_string(paytable_.single_two) + "," +
           std::to_string(paytable_.single_three);
  }

  const CardLimits limits_;
  const Paytable paytable_;
  std::vector<CardSpot> spots_;  // kLayout's spots with this paytable's ratios, same order
  std::vector<CardSpot> kinds_;  // the first spot of each kind, for limits()
};

}  // namespace

namespace {
constexpr std::array<PaytableField, 23> kPaytableFields = {{
    {"small_big", &Paytable::small_big},
    {"odd_even", &Paytable::odd_even},
    {"total_4", &Paytable::total_4},
    {"total_5", &Paytable::total_5},
    {"total_6", &Paytable::total_6},
    {"total_7", &Paytable::total_7},
    {"total_8", &Paytable::total_8},
    {"total_9", &Paytable::total_9},
    {"total_10", &Paytable::total_10},
    {"total_11", &Paytable::total_11},
    {"total_12", &Paytable::total_12},
    {"total_13", &Paytable::total_13},
    {"total_14", &Paytable::total_14},
    {"total_15", &Paytable::total_15},
    {"total_16", &Paytable::total_16},
    {"total_17", &Paytable::total_17},
    {"specific_triple", &Paytable::specific_triple},
    {"any_triple", &Paytable::any_triple},
    {"specific_double", &Paytable::specific_double},
    {"combination", &Paytable::combination},
    {"single_one", &Paytable::single_one},
    {"single_two", &Paytable::single_two},
    {"single_three", &Paytable::single_three},
}};
}  // namespace

std::span<const PaytableField> paytable_fields() {
  return kPaytableFields;
}

bool valid_paytable(const Paytable& paytable) {
  auto in_range = [&](int64_t Paytable::*ratio) {
    return paytable.*ratio >= 1 && paytable.*ratio <= kMaxRatio;
  };
  return std::all_of(kTotalRatios.begin(), kTotalRatios.end(), in_range) &&
         std::all_of(kOtherRatios.begin(), kOtherRatios.end(), in_range);
}

bool valid_outcome(const Outcome& outcome) {
  return outcome.values.size() == kDice &&
         std::all_of(outcome.values.begin(), outcome.values.end(),
                     [](int die) { return die >= 1 && die <= kFaces; });
}

int total(const Outcome& outcome) {
  assert(valid_outcome(outcome));
  if (!valid_outcome(outcome)) return 0;
  return outcome.values[0] + outcome.values[1] + outcome.values[2];
}

bool is_triple(const Outcome& outcome) {
  assert(valid_outcome(outcome));
  if (!valid_outcome(outcome)) return false;
  return outcome.values[0] == outcome.values[1] && outcome.values[1] == outcome.values[2];
}

std::span<const std::string_view> spot_codes() {
  return kCodes;
}

std::unique_ptr<Engine> make_engine(CardLimits limits, Paytable paytable) {
  assert(valid_paytable(paytable) && "the caller checks a paytable before building a table");
  return std::make_unique<SicBo>(std::move(limits), paytable);
}

}  // namespace croupier::games::sicbo
