// A bonus campaign's terms (docs/bonuses-and-promotions.md): what each player it is offered
// to receives, read from an operator's entry in the casino file ("campaigns") or from the
// signed operator API (POST /api/operator/bonus/campaign), and written back as JSON.
// Pure values and functions, thread-safe.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "core/money.hpp"
#include "core/result.hpp"
#include "ledger/ledger.hpp"

namespace croupier::config {

// SPEC §3: a bonus that names no chip limit gives 999999.
inline constexpr int64_t kNoChipLimit = 999999;

struct BonusCampaign {
  std::string id;    // 1-40 of letters, digits, '-' and '_'
  std::string name;  // campaignName, 1-80 printable characters
  std::string code;  // bonusCode, 1-40 of letters, digits, '-' and '_'
  ledger::BonusKind kind = ledger::BonusKind::free_bet;
  std::string currency;  // the players' currency it is for
  // Cash: the bonus and its play-through (amount times wager_multiplier, 0 for none).
  Money amount;
  int64_t wager_multiplier = 0;
  // Free bets: chips of chip_value each, at most max_chip_limit on one bet, winning at most
  // max_win in all (0: no limit).
  Money chip_value;
  int64_t chips = 0;
  int64_t max_chip_limit = kNoChipLimit;
  Money max_win;
  std::vector<std::string> games;  // the game families it is good for (a table's "game");
                                   // empty: every one
  int64_t valid_days = 7;          // from the offer to its expiry
  bool new_players = false;        // offered to every new player of the operator

  // What one player is given: the cash amount, or the chips' total.
  Money total() const { return kind == ledger::BonusKind::cash ? amount : chip_value * chips; }
  bool good_for(std::string_view game) const;
};

// Checks a campaign's terms; the error names the field.
Result<BonusCampaign, std::string> parse_campaign(const boost::json::object& o);
boost::json::object campaign_json(const BonusCampaign& c);

}  // namespace croupier::config
