#include "gateway/bets.hpp"

namespace croupier::gateway {

namespace {

table::PlaceBetsCommand::Kind kind_of(BetCommand::Kind k) {
  switch (k) {
    case BetCommand::Kind::pbet:
      return table::PlaceBetsCommand::Kind::add;
    case BetCommand::Kind::placebets:
      return table::PlaceBetsCommand::Kind::all_or_nothing;
    case BetCommand::Kind::lpbet:
      return table::PlaceBetsCommand::Kind::repeat_last;
    case BetCommand::Kind::cancelbets:
      break;  // not a placement
  }
  return table::PlaceBetsCommand::Kind::add;
}

}  // namespace

table::PlaceBetsCommand place_bets_command(const Services& svc, const store::Player& player,
                                           std::string name, BetCommand c) {
  table::PlaceBetsCommand cmd;
  cmd.kind = kind_of(c.kind);
  cmd.player = player.id;
  cmd.currency = player.currency;
  cmd.request_id = std::move(c.request_id);
  cmd.game_id = std::move(c.game_id);
  cmd.bets = std::move(c.bets);
  cmd.check_total = c.check_value;
  cmd.name = std::move(name);
  cmd.client_seed = std::move(c.client_seed);
  if (const config::Operator* op = svc.casino.find_operator(player.operator_id)) {
    cmd.regulated = op->regulated;
    cmd.block_safe_bets = op->block_safe_bets;
    cmd.bonus_first = op->bonus_first;
  }
  // Under an active cash bonus the player's blocksafebets flag is set (SPEC §5).
  if (!cmd.block_safe_bets)
    cmd.block_safe_bets = svc.ledger.has_active_cash_bonus(player.id, player.currency);
  return cmd;
}

}  // namespace croupier::gateway
