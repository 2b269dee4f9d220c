#include "ledger/op_codec.hpp"

#include <algorithm>
#include <charconv>

#include "core/crypto.hpp"

namespace croupier::ledger {

namespace {

// Builds the canonical text: every field is "<length>:<bytes>", so no choice of field
// contents can make two different operations serialize alike.
class Canon {
 public:
  explicit Canon(std::string_view kind) { add(kind); }
  Canon& add(std::string_view field) {
    text_ += std::to_string(field.size());
    text_ += ':';
    text_ += field;
    return *this;
  }
  Canon& add(int64_t value) { return add(std::string_view(std::to_string(value))); }
  Canon& add(Money value) { return add(value.units); }
  Canon& add(bool value) { return add(std::string_view(value ? "1" : "0")); }
  std::string digest() const { return crypto::sha256(text_); }

 private:
  std::string text_;
};

// Splits `text` at `sep`, dropping a trailing empty piece.
std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  while (!text.empty()) {
    size_t at = text.find(sep);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) break;
    text.remove_prefix(at + 1);
  }
  return parts;
}

std::optional<int64_t> parse_int(std::string_view text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

}  // namespace

std::string fingerprint(const Fund& op) {
  return Canon("fund")
      .add(op.player)
      .add(op.currency)
      .add(op.amount)
      .add(op.source)
      .add(op.to_bonus)
      .digest();
}

std::string fingerprint(const OpenRound& op) {
  return Canon("open").add(op.round_id).add(op.table_id).add(op.game).add(op.seq).digest();
}

std::string fingerprint(const PlaceBets& op) {
  Canon c("bets");
  c.add(op.round_id).add(op.player).add(op.currency).add(static_cast<int64_t>(op.bets.size()));
  for (const StakeLine& line : op.bets) {
    c.add(line.spot).add(line.amount);
    // Only a free bet says more (the line count keeps the forms apart), so the keys of bets
    // placed before free bets existed keep their fingerprints.
    if (!line.free_bet.empty()) c.add(std::string_view("free")).add(line.free_bet);
  }
  // Only the operator's other rule says more, so earlier keys keep their fingerprints.
  if (op.bonus_first) c.add(std::string_view("bonus_first"));
  if (!op.wallet_debit.empty())
    c.add(std::string_view("wallet_debit")).add(op.wallet_debit).add(op.wallet_operator);
  return c.digest();
}

std::string fingerprint(const CancelBets& op) {
  std::vector<BetId> ids = op.bets;
  std::sort(ids.begin(), ids.end());
  Canon c("cancel_bets");
  c.add(op.round_id).add(op.player).add(static_cast<int64_t>(ids.size()));
  for (BetId id : ids) c.add(id);
  return c.digest();
}

std::string fingerprint(const RecordResult& op) {
  return Canon("result").add(op.round_id).add(op.result).digest();
}

std::string fingerprint(const SettleRound& op) {
  auto returns = op.returns;
  std::sort(returns.begin(), returns.end());
  Canon c("settle");
  c.add(op.round_id).add(static_cast<int64_t>(returns.size()));
  for (const auto& [bet, returned] : returns) c.add(bet).add(returned);
  if (!op.result.empty()) c.add(op.result);
  return c.digest();
}

std::string fingerprint(const SettleBets& op) {
  auto returns = op.returns;
  std::sort(returns.begin(), returns.end());
  Canon c("settle_bets");
  c.add(op.round_id).add(op.player).add(static_cast<int64_t>(returns.size()));
  for (const auto& [bet, returned] : returns) c.add(bet).add(returned);
  return c.digest();
}

std::string fingerprint(const CancelRound& op) {
  return Canon("cancel").add(op.round_id).add(op.reason).digest();
}

std::string fingerprint(const GrantBonus& op) {
  return Canon("grant")
      .add(op.bonus_id)
      .add(op.player)
      .add(op.currency)
      .add(op.campaign)
      .add(op.code)
      .add(bonus_kind_name(op.kind))
      .add(op.amount)
      .add(op.chip_value)
      .add(op.wager_required)
      .add(op.max_win)
      .add(op.games)
      .add(op.expires_ms)
      .digest();
}

std::string fingerprint(const ChangeBonus& op) {
  return Canon("bonus").add(op.bonus_id).add(bonus_action_name(op.action)).add(op.player).digest();
}

std::string fingerprint(const WalletCall& op) {
  return Canon("wallet")
      .add(op.call_id)
      .add(op.operator_id)
      .add(op.player)
      .add(op.currency)
      .add(wallet_kind_name(op.kind))
      .add(op.amount)
      .add(op.round_id)
      .add(op.ref)
      .digest();
}

std::string_view bonus_action_name(BonusAction action) {
  switch (action) {
    case BonusAction::accept:
      return "accept";
    case BonusAction::decline:
      return "decline";
    case BonusAction::cancel:
      return "cancel";
    case BonusAction::expire:
      return "expire";
  }
  return "?";
}

std::string encode_bet_ids(const std::vector<BetId>& ids) {
  std::string text;
  for (BetId id : ids) {
    if (!text.empty()) text += ',';
    text += std::to_string(id);
  }
  return text;
}

std::optional<std::vector<BetId>> decode_bet_ids(std::string_view text) {
  std::vector<BetId> ids;
  for (std::string_view part : split(text, ',')) {
    auto id = parse_int(part);
    if (!id) return std::nullopt;
    ids.push_back(*id);
  }
  return ids;
}

std::string encode_refund(const StoredRefund& refund) {
  return std::to_string(refund.refunded.units) + " " + refund.currency;
}

std::optional<StoredRefund> decode_refund(std::string_view text) {
  auto parts = split(text, ' ');
  if (parts.size() != 2) return std::nullopt;
  auto units = parse_int(parts[0]);
  if (!units) return std::nullopt;
  return StoredRefund{Money{*units}, std::string(parts[1])};
}

std::string encode_settlement(const std::vector<PlayerSettlement>& players) {
  std::string text;
  for (const PlayerSettlement& p : players) {
    text += std::to_string(p.player) + " " + p.currency + " " + std::to_string(p.staked.units) +
            " " + std::to_string(p.returned.units) + "\n";
  }
  return text;
}

std::optional<std::vector<PlayerSettlement>> decode_settlement(std::string_view text) {
  std::vector<PlayerSettlement> players;
  for (std::string_view line : split(text, '\n')) {
    auto parts = split(line, ' ');
    if (parts.size() != 4) return std::nullopt;
    auto player = parse_int(parts[0]);
    auto staked = parse_int(parts[2]);
    auto returned = parse_int(parts[3]);
    if (!player || !staked || !returned) return std::nullopt;
    PlayerSettlement p;
    p.player = *player;
    p.currency = std::string(parts[1]);
    p.staked = Money{*staked};
    p.returned = Money{*returned};
    players.push_back(std::move(p));
  }
  return players;
}

}  // namespace croupier::ledger
