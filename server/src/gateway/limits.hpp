// Responsible-gaming limits (docs/regulation.md "Limits"): loss and wager limits per UTC day,
// week (from Monday) and month, set by the player or by the operator, and the ledger in front
// that refuses a stake beyond one (Failure::limit_reached: SPEC §8 101019).
//
// The limit that counts for a kind is the lower of the player's and the operator's. A player
// lowers their own limit at once; a raise or a removal takes effect after a cooling-off
// period (24 hours). The operator's changes take effect at once.
//
// Thread-safety: LimitsLedger is a ledger (any thread); the functions are pure or read the
// store, which is thread-safe.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/money.hpp"
#include "ledger/forwarding_ledger.hpp"
#include "store/store.hpp"

namespace croupier::gateway {

inline constexpr int64_t kLimitCoolingOffMs = 24 * 3600 * 1000;
inline constexpr std::string_view kLimitKinds[] = {"loss_day",  "loss_week",  "loss_month",
                                                   "wager_day", "wager_week", "wager_month"};
bool is_limit_kind(std::string_view kind);

// The start (Unix ms, UTC) of the period a kind counts in, at `now_ms`.
int64_t period_start(std::string_view kind, int64_t now_ms);

// A row's amount at `now_ms` (its pending change applied once due).
std::optional<int64_t> effective_amount(const store::LimitRow& row, int64_t now_ms);
// The limit of each kind that counts (the lower of the player's and the operator's).
std::map<std::string, Money> effective_limits(const std::vector<store::LimitRow>& rows,
                                              int64_t now_ms);

// A player's change to their own limit (nullopt: remove it), applied to their row.
store::LimitRow player_change(std::optional<store::LimitRow> current, int64_t player,
                              const std::string& kind, std::optional<int64_t> amount,
                              int64_t now_ms);

// The figure a limit is measured against for the bets since its period began: stakes of the
// player's own money (wager), or stakes less what came back (loss; stakes in play count).
Money usage(const ledger::Ledger& ledger, ledger::PlayerId player, const std::string& currency,
            std::string_view kind, int64_t now_ms);

class LimitsLedger final : public ledger::ForwardingLedger {
 public:
  LimitsLedger(std::unique_ptr<ledger::Ledger> inner, const store::Store& store,
               const Clock& clock);
  // A stake of the player's own money that would take a loss or wager limit beyond itself is
  // refused with limit_reached (the whole command), before anything moves.
  void submit(ledger::PlaceBets op, ledger::Callback<ledger::PlacedBets> done) override;
  // Forgets what it knows of the player's limits (after a change here).
  void forget(ledger::PlayerId player);

 private:
  std::map<std::string, Money> limits_of(ledger::PlayerId player);

  const store::Store& store_;
  const Clock& clock_;
  std::mutex mu_;
  struct Known {
    std::map<std::string, Money> limits;
    int64_t until_ms = 0;
  };
  std::map<ledger::PlayerId, Known> known_;  // for a few seconds (another node may change them)
};

}  // namespace croupier::gateway
