// Engine: the pure rules of one game variant at one table, as the table actor sees them.
//
// An engine knows bet spots, limits, how a result is drawn and what each bet returns.
// It never touches a socket, a clock, SQL, JSON or XML: inputs and outputs are plain
// values, so every rule is tested with plain values. An engine is immutable after
// construction and therefore safe to call from any thread.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error_code.hpp"
#include "core/money.hpp"
#include "core/rng.hpp"

namespace croupier::games {

namespace cards {
class Shoe;
}

// One stake on one spot, as the table holds it. `spot` is the engine's canonical code.
struct BetLine {
  std::string spot;
  Money amount;
};

// A drawn result. For roulette values[0] is the pocket (0-36; 37 stands for 00 on an
// American wheel) and special-ball variants append their lucky or powered numbers and
// multipliers (games/roulette/roulette.hpp). Later games put cards here.
struct Outcome {
  std::vector<int> values;
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

// A multiplier of a special-ball round: a winning bet on `spot` (canonical code) pays
// `times` to 1 instead of its normal ratio. In an announcement `times` may be 0: the spot
// is marked (for example "powered up") and its multiplier, if any, comes with the result.
// One card as it is dealt: the hand it goes to and its text ("KH", "10S").
struct DealtCard {
  std::string hand;
  std::string card;
  friend bool operator==(const DealtCard&, const DealtCard&) = default;
};

struct Multiplier {
  std::string spot;
  int times;
  friend bool operator==(const Multiplier&, const Multiplier&) = default;
};

// What a table advertises about one kind of spot (for the limits and payouts panels).
struct SpotKindInfo {
  std::string kind;  // "straight", "split", ..., "red", "dozen"
  int payout_ratio;  // wins `payout_ratio` to 1
  bool inside;       // inside bet (counts towards the inside maximum)
  Money min;         // per-spot minimum
  Money max;         // per-spot maximum
  // The exact ratio to 1 as decimal text when payout_ratio (a whole number) cannot say it:
  // "0.95" for baccarat's banker (payout_ratio 0), "1.5" for 1.5:1. A spot that pays
  // differently by how it wins lists its ratios separated by ',' in the order its game's
  // documentation gives (super 6 BANKER "1,0.5": 1:1, 0.5:1 on a winning six). Empty when
  // the engine does not set it; then payout_ratio is exact.
  std::string payout_text = {};
};

struct TableLimitsInfo {
  Money min_bet;      // per-spot minimum
  Money inside_max;   // a player's total on inside spots
  Money outside_max;  // a player's total on outside spots
  Money table_max;    // a player's total on the table in one round
  bool opposite_bets_allowed;
  std::vector<SpotKindInfo> spots;
  int max_multiplier = 0;  // the highest multiplier a straight-up can pay; 0 if none
};

class Engine {
 public:
  virtual ~Engine() = default;

  virtual std::string_view game() const = 0;     // "roulette"
  virtual std::string_view variant() const = 0;  // "european"

  // The canonical form of a spot code, or nullopt if the table has no such spot.
  virtual std::optional<std::string> canonical_spot(std::string_view code) const = 0;

  // Checks `added` bets in order against the player's bets already accepted this round
  // (`existing`, canonical codes). Each added bet is checked as if the earlier added bets
  // that passed were already accepted. Returns one entry per added bet: nullopt when it
  // is acceptable, else the SPEC section 8 code that refuses it. Amounts must also be
  // whole minor units of `currency`.
  virtual std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                                      const std::vector<BetLine>& added,
                                                      std::string_view currency) const = 0;

  // Draws a result with the RNG dealer.
  virtual Outcome draw(Rng& rng) const = 0;

  // The total returned for a stake on a canonical spot: stake plus winnings for a win,
  // zero for a loss.
  virtual Money payout(std::string_view spot, Money stake, const Outcome& outcome) const = 0;

  // A result as text for storage, and back: decode(encode(o)) == o. The text may carry
  // more than the public result (lucky numbers, multipliers), but up to its first '|' it
  // is exactly label(o).
  virtual std::string encode(const Outcome& outcome) const = 0;
  virtual std::optional<Outcome> decode(std::string_view text) const = 0;

  virtual TableLimitsInfo limits() const = 0;

  // The part of a drawn outcome shown to every player after bets close and before the
  // result (a mega round's lucky numbers). None by default.
  virtual std::vector<Multiplier> announced_multipliers(const Outcome& outcome) const { return {}; }

  // The multipliers that apply to this result, revealed with it. None by default.
  virtual std::vector<Multiplier> result_multipliers(const Outcome& outcome) const { return {}; }

  // The public short result ("17", "00"): for roulette the pocket only.
  virtual std::string label(const Outcome& outcome) const {
    std::string text = encode(outcome);
    return text.substr(0, text.find('|'));
  }

  // True when a player's bets of one round together count as "safe bets", which a table
  // refuses in special-ball rounds. No engine has such bets by default.
  virtual bool is_safe(const std::vector<BetLine>& bets) const { return false; }

  // The pocket labels of the wheel clockwise from zero; empty for games without a wheel.
  virtual std::vector<std::string> wheel() const { return {}; }

  // ---- Card games ----------------------------------------------------------------------
  // A card game deals each round from the table's shoe (cards::Shoe, owned by the table,
  // shuffled by it when past_cut()) instead of drawing from the Rng alone.
  virtual bool deals_from_shoe() const { return false; }
  // Deals one round's whole outcome from the shoe, card by card, by the game's rules.
  // Wheel games ignore the shoe and draw.
  virtual Outcome deal(cards::Shoe& shoe, Rng& rng) const { return draw(rng); }
  // The cards of an outcome in the order they are dealt, each with the hand it goes to
  // ("player", "banker", "dragon", "tiger", "joker", "andar", "bahar"), so that the table
  // can show them one at a time. Empty for wheel games.
  virtual std::vector<DealtCard> dealt_cards(const Outcome& outcome) const { return {}; }
};

}  // namespace croupier::games
