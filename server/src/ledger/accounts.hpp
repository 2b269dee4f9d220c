// Account names of the ledger and the kind stored beside each one.
//
// An account is identified by its name (player:7:cash:EUR, round:rou-1-42:EUR,
// house:EUR, funding:demo:EUR); the kind and owner columns say the same thing in a form
// that checks can query without parsing names. Pure values and functions, thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "ledger/ledger.hpp"

namespace croupier::ledger {

// The `kind` column values. Player accounts must never go negative; the funding and
// house accounts may.
inline constexpr std::string_view kKindPlayerCash = "player_cash";
inline constexpr std::string_view kKindPlayerBonus = "player_bonus";
inline constexpr std::string_view kKindRound = "round";
inline constexpr std::string_view kKindHouse = "house";
inline constexpr std::string_view kKindFunding = "funding";

struct AccountRef {
  std::string name;
  std::string_view kind;
  std::string owner;  // the player id, round id or funding source; empty for the house
  std::string currency;
};

inline AccountRef player_cash(PlayerId player, std::string_view currency) {
  std::string id = std::to_string(player);
  std::string cur(currency);
  return {"player:" + id + ":cash:" + cur, kKindPlayerCash, id, cur};
}

inline AccountRef player_bonus(PlayerId player, std::string_view currency) {
  std::string id = std::to_string(player);
  std::string cur(currency);
  return {"player:" + id + ":bonus:" + cur, kKindPlayerBonus, id, cur};
}

// A free-bet bonus's chips: bonus money that only that bonus's free bets can stake.
inline AccountRef player_free_bet(PlayerId player, std::string_view bonus_id,
                                  std::string_view currency) {
  std::string id = std::to_string(player);
  std::string cur(currency);
  return {"player:" + id + ":freebet:" + std::string(bonus_id) + ":" + cur, kKindPlayerBonus, id,
          cur};
}

// Where bonus money comes from and goes back to.
inline constexpr std::string_view kBonusFunding = "bonus";

inline AccountRef round_account(std::string_view round_id, std::string_view currency) {
  std::string cur(currency);
  return {"round:" + std::string(round_id) + ":" + cur, kKindRound, std::string(round_id), cur};
}

inline AccountRef house_account(std::string_view currency) {
  std::string cur(currency);
  return {"house:" + cur, kKindHouse, "", cur};
}

inline AccountRef funding_account(std::string_view source, std::string_view currency) {
  std::string cur(currency);
  return {"funding:" + std::string(source) + ":" + cur, kKindFunding, std::string(source), cur};
}

// An operator's seamless wallet: money that came in with its confirmed debits, and went back
// with its credits (docs/operators.md).
inline AccountRef wallet_funding(std::string_view operator_id, std::string_view currency) {
  return funding_account("wallet-" + std::string(operator_id), currency);
}

}  // namespace croupier::ledger
