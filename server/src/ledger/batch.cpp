#include "ledger/batch.hpp"

#include <algorithm>
#include <cassert>
#include <map>
#include <set>
#include <span>
#include <stdexcept>

#include "core/log.hpp"
#include "ledger/op_codec.hpp"
#include "ledger/reads.hpp"

namespace croupier::ledger {

namespace {

__extension__ using Wide = __int128;  // (__extension__ keeps -Wpedantic quiet)

// A round's fair record (fair::Record's text) begins with its commitment, "hash=<64 hex>":
// a result's record replaces the one written when the round opened only if it keeps that
// commitment (kFairKeepsCommitment, in the UPDATE's WHERE; its two parameters: the new
// record twice).
constexpr const char* kFairKeepsCommitment =
    "(fair IS NULL OR CAST(? AS TEXT) IS NULL OR substr(fair, 1, 69) = substr(CAST(? AS TEXT), 1, "
    "69))";

// Empty text is stored as NULL (a column with nothing to say).
std::optional<std::string> optional_text(const std::string& s) {
  return s.empty() ? std::nullopt : std::optional<std::string>(s);
}

bool valid_name(std::string_view s) {
  return !s.empty() && s.size() <= kNameBytesMax;
}

[[maybe_unused]] bool is_player_kind(std::string_view kind) {
  return kind == kKindPlayerCash || kind == kKindPlayerBonus;
}

// The total of a PlaceBets request, or nullopt when it is malformed.
std::optional<Money> stake_total(const PlaceBets& op) {
  if (!valid_name(op.key) || !valid_name(op.round_id) || !is_currency_code(op.currency)) {
    return std::nullopt;
  }
  if (op.bets.empty() || op.bets.size() > kLinesMax) return std::nullopt;
  Money total;
  for (const StakeLine& line : op.bets) {
    if (!valid_name(line.spot) || !line.amount.is_positive()) return std::nullopt;
    if (!line.free_bet.empty() && !valid_name(line.free_bet)) return std::nullopt;
    auto sum = checked_add(total, line.amount);
    if (!sum) return std::nullopt;
    total = *sum;
  }
  return total;
}

bool has_duplicates(std::vector<BetId> ids) {
  std::sort(ids.begin(), ids.end());
  return std::adjacent_find(ids.begin(), ids.end()) != ids.end();
}

// The part of a return that goes back to the bonus account: the bonus share of the
// stake, rounded down, so rounding never creates bonus money.
Money bonus_share(Money returned, Money bonus_part, Money amount) {
  assert(amount.is_positive() && bonus_part <= amount && !returned.is_negative());
  const Wide share = static_cast<Wide>(returned.units) * bonus_part.units / amount.units;
  return Money{static_cast<int64_t>(share)};
}

// Rows per multi-row INSERT: long enough that a statement's set-up is shared by many
// rows, short enough that the statements stay few in the connection's cache.
constexpr size_t kRowsPerInsert = 64;

// db::values_sql, built once per shape and kept.
const std::string& values_sql(std::vector<std::string>& built, const char* head, const char* row,
                              int columns, size_t rows, const char* tail) {
  if (built.size() <= rows) built.resize(rows + 1);
  std::string& sql = built[rows];
  if (sql.empty()) sql = db::values_sql(head, columns, rows, row, tail);
  return sql;
}

// Writes `rows` by statements of up to kRowsPerInsert rows each: `head` names the table
// and its `columns` columns (or, with `row` and `tail`, any statement over a VALUES list),
// and bind_row(query, first parameter, row) binds one row.
template <class Db, class Row, class BindRow>
void insert_rows(Db& db, std::vector<std::string>& built, const char* head, const char* row,
                 int columns, std::span<const Row> rows, BindRow&& bind_row,
                 const char* tail = "") {
  for (size_t at = 0; at < rows.size(); at += kRowsPerInsert) {
    const auto chunk = rows.subspan(at, std::min(kRowsPerInsert, rows.size() - at));
    auto q = db.query(values_sql(built, head, row, columns, chunk.size(), tail));
    int p = 1;
    for (const Row& row : chunk) {
      bind_row(q, p, row);
      p += columns;
    }
    q.run();
  }
}

// A stored result we wrote ourselves could not be read back: the file is damaged.
[[noreturn]] void corrupt_record(std::string_view key) {
  throw std::runtime_error("ledger: unreadable result stored for operation " + std::string(key));
}

}  // namespace

template <class Db>
Batch<Db>::Batch(Db& db, const Committed& committed, int64_t now_ms)
    : db_(db),
      committed_(committed),
      now_ms_(now_ms),
      next_bet_id_(committed.next_bet_id),
      bet_ids_end_(committed.bet_ids_end) {}

template <class Db>
void Committed::load(Db& db) {
  unended_rounds.clear();
  bets_in_play.clear();
  if constexpr (Engine<Db>::shared) {
    // Other writers change everything: nothing is kept but this writer's block of bet
    // ids, taken at the first bet.
    next_bet_id = bet_ids_end = 0;
    return;
  } else {
    auto rounds = db.query("SELECT id, state FROM rounds WHERE state IN ('open', 'result')");
    while (rounds.step()) unended_rounds.emplace(rounds.text(0), rounds.text(1));
    // Only rounds not yet ended hold accepted bets: settling or cancelling a round ends
    // every one of its bets. (CROSS JOIN keeps the few unended rounds outside: otherwise
    // SQLite may scan every bet ever placed.)
    auto bets = db.query(
        "SELECT b.player_id, COUNT(*) FROM rounds r CROSS JOIN bets b "
        "WHERE b.round_id = r.id AND b.status = 'accepted' "
        "AND r.state IN ('open', 'result') GROUP BY b.player_id");
    while (bets.step()) bets_in_play.emplace(bets.int64(0), bets.int64(1));
    active_cash_bonus.clear();
    auto bonuses = db.query(
        "SELECT player_id, currency, id FROM bonuses WHERE status = 'active' AND kind = 'cash'");
    while (bonuses.step())
      active_cash_bonus.emplace(std::pair(bonuses.int64(0), bonuses.text(1)), bonuses.text(2));
    auto last = db.query("SELECT COALESCE(MAX(id), 0) FROM bets");
    last.step();
    next_bet_id = last.int64(0) + 1;
    auto count = db.query("SELECT COUNT(*) FROM ops");
    count.step();
    op_keys = KeyFilter(std::max<size_t>(size_t{1} << 20, 2 * static_cast<size_t>(count.int64(0))));
    auto keys = db.query("SELECT key FROM ops");
    while (keys.step()) op_keys.add(keys.text(0));
  }
}

template void Committed::load(sqlite::Db&);
template void Committed::load(postgres::Db&);

// ---- Locks where writers share the database ---------------------------------------------

template <class Db>
void Batch<Db>::expect(const Fund& op) {
  expected_keys_.push_back(op.key);
  expected_accounts_.push_back(funding_account(op.source, op.currency).name);
  expected_accounts_.push_back(
      (op.to_bonus ? player_bonus(op.player, op.currency) : player_cash(op.player, op.currency))
          .name);
}

template <class Db>
void Batch<Db>::expect(const OpenRound& op) {
  expected_keys_.push_back(open_key(op.round_id));
  // Locked when it exists already (then the database's table is the one that counts).
  expected_rounds_.push_back(op.round_id);
  round_tables_.emplace(op.round_id, op.table_id);
}

template <class Db>
std::optional<std::string> Batch<Db>::witness_key() const {
  if (recorded_.empty()) return std::nullopt;
  return recorded_.begin()->first;
}

template <class Db>
void Batch<Db>::also_lock(const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    if (name.starts_with("bonus:")) {
      expected_bonuses_.insert(name.substr(6));
    } else if (name.starts_with("bonus-of:")) {
      const std::string rest = name.substr(9);
      const size_t colon = rest.find(':');
      bonus_players_.emplace(std::stoll(rest.substr(0, colon)), rest.substr(colon + 1));
      bonus_players_asked_ = true;
    } else {
      expected_accounts_.push_back(name);
    }
  }
}

template <class Db>
void Batch<Db>::expect(const CancelBets& op) {
  expected_keys_.push_back(op.key);
  expected_rounds_.push_back(op.round_id);
  refunding_rounds_.push_back(op.round_id);
}

template <class Db>
void Batch<Db>::expect(const RecordResult& op) {
  expected_keys_.push_back(result_key(op.round_id));
  expected_rounds_.push_back(op.round_id);
}

template <class Db>
void Batch<Db>::expect(const PlaceBets& op) {
  expected_keys_.push_back(op.key);
  expected_accounts_.push_back(player_cash(op.player, op.currency).name);
  expected_accounts_.push_back(player_bonus(op.player, op.currency).name);
  expected_accounts_.push_back(round_account(op.round_id, op.currency).name);
  expected_rounds_.push_back(op.round_id);
  placed_currencies_.insert(op.currency);
  for (const StakeLine& line : op.bets) {
    if (line.free_bet.empty()) continue;
    expected_accounts_.push_back(player_free_bet(op.player, line.free_bet, op.currency).name);
    expected_bonuses_.insert(line.free_bet);
  }
  if (!op.wallet_debit.empty())
    expected_accounts_.push_back(wallet_funding(op.wallet_operator, op.currency).name);
  // A round may open, take its bets and be settled in one batch: its players' active cash
  // bonuses are then looked up with the others (only when the batch settles anything).
  bonus_players_.emplace(op.player, op.currency);
}

template <class Db>
void Batch<Db>::expect(const GrantBonus& op) {
  expected_keys_.push_back(grant_key(op.bonus_id));
}

// A change's accounts are learnt from the bonus's row in lock_expected.
template <class Db>
void Batch<Db>::expect(const ChangeBonus& op) {
  expected_keys_.push_back(bonus_key(op.bonus_id, op.action));
  changing_bonuses_.push_back(op.bonus_id);
  expected_bonuses_.insert(op.bonus_id);
}

template <class Db>
void Batch<Db>::expect(const WalletCall& op) {
  expected_keys_.push_back(wallet_key(op.call_id));
  if (op.kind == WalletKind::credit) {
    expected_accounts_.push_back(player_cash(op.player, op.currency).name);
    expected_accounts_.push_back(wallet_funding(op.operator_id, op.currency).name);
  }
}

// An answer moves nothing; its call's row is locked when read.
template <class Db>
void Batch<Db>::expect(const WalletAnswer&) {}

template <class Db>
void Batch<Db>::expect(const SettleRound& op) {
  expected_keys_.push_back(settle_key(op.round_id));
  expected_rounds_.push_back(op.round_id);
  refunding_rounds_.push_back(op.round_id);
  settles_ = true;
}

// A cash-out touches one player's accounts, the round's account and the house, in the
// currency of its bets (read from them in lock_expected): never every player of the round.
template <class Db>
void Batch<Db>::expect(const SettleBets& op) {
  expected_keys_.push_back(op.key);
  expected_rounds_.push_back(op.round_id);
  for (const auto& [bet, returned] : op.returns) cashed_out_bets_.push_back(std::to_string(bet));
  cashing_out_.emplace(op.player, op.round_id);
}

template <class Db>
void Batch<Db>::expect(const CancelRound& op) {
  expected_keys_.push_back(cancel_key(op.round_id));
  expected_rounds_.push_back(op.round_id);
  refunding_rounds_.push_back(op.round_id);
}

// A player's accounts, and their active cash bonus (what a settlement may change).
template <class Db>
void Batch<Db>::expect_player(PlayerId player, const std::string& currency) {
  expected_accounts_.push_back(player_cash(player, currency).name);
  expected_accounts_.push_back(player_bonus(player, currency).name);
  bonus_players_.emplace(player, currency);
}

template <class Db>
void Batch<Db>::lock_expected(const Fencing* fencing) {
  assert(Engine<Db>::shared);  // SQLite has one writer: nothing to wait for
  // Each list goes as one array parameter, joined from unnest() so that the plan looks
  // each name up by its index (with `= ANY(?)` the generic plan scanned the whole table).
  if (!refunding_rounds_.empty()) {
    // The accounts of every player with a bet in a round the batch may refund or settle
    // (bets this batch places are expected already), and the house.
    auto q = db_.query(
        "SELECT DISTINCT b.player_id, b.currency, b.free_bet FROM unnest(?::text[]) AS r(id) "
        "JOIN bets b ON b.round_id = r.id");
    q.bind(postgres::text_array(refunding_rounds_));
    std::set<std::string> currencies;
    while (q.step()) {
      const PlayerId player = q.int64(0);
      const std::string currency = q.text(1);
      expect_player(player, currency);
      if (auto free_bet = q.optional_text(2)) {
        expected_accounts_.push_back(player_free_bet(player, *free_bet, currency).name);
        expected_bonuses_.insert(*free_bet);
      }
      currencies.insert(currency);
    }
    for (const std::string& round_id : refunding_rounds_) {
      for (const std::string& currency : currencies)
        expected_accounts_.push_back(round_account(round_id, currency).name);
    }
    if (settles_) {
      // Of the bets on file, and of those this batch places (a round may open, take its
      // bets and be settled in one batch).
      currencies.insert(placed_currencies_.begin(), placed_currencies_.end());
      for (const std::string& currency : currencies)
        expected_accounts_.push_back(house_account(currency).name);
    }
  }
  if (!cashed_out_bets_.empty()) {
    // The currencies of the bets cashed out (a bet's player, round and currency never
    // change, so they are read without a lock). A bet of another player or round is
    // refused before any money moves: its accounts are not needed.
    auto q = db_.query(
        "SELECT DISTINCT b.player_id, b.round_id, b.currency, b.free_bet "
        "FROM unnest(?::bigint[]) AS k(id) JOIN bets b ON b.id = k.id");
    q.bind(postgres::text_array(cashed_out_bets_));
    while (q.step()) {
      const PlayerId player = q.int64(0);
      const std::string round_id = q.text(1);
      if (!cashing_out_.contains({player, round_id})) continue;
      const std::string currency = q.text(2);
      expect_player(player, currency);
      expected_accounts_.push_back(round_account(round_id, currency).name);
      expected_accounts_.push_back(house_account(currency).name);
      if (auto free_bet = q.optional_text(3)) expected_bonuses_.insert(*free_bet);
    }
  }
  if (!changing_bonuses_.empty()) {
    // A bonus's player, currency and kind never change: read without a lock, they name the
    // accounts its change moves money between.
    auto q = db_.query(
        "SELECT b.id, b.player_id, b.currency FROM unnest(?::text[]) AS k(id) "
        "JOIN bonuses b ON b.id = k.id");
    q.bind(postgres::text_array(changing_bonuses_));
    while (q.step()) {
      const PlayerId player = q.int64(1);
      const std::string currency = q.text(2);
      expect_player(player, currency);
      expected_accounts_.push_back(player_free_bet(player, q.text(0), currency).name);
      expected_accounts_.push_back(funding_account(kBonusFunding, currency).name);
    }
  }
  // Bonuses matter to a batch that settles, refunds, stakes free bets or changes a bonus;
  // a batch of bets alone leaves them be.
  const bool bonuses_matter = !refunding_rounds_.empty() || !cashed_out_bets_.empty() ||
                              !expected_bonuses_.empty() || bonus_players_asked_;
  if (!bonuses_matter) bonus_players_.clear();
  std::sort(expected_accounts_.begin(), expected_accounts_.end());
  expected_accounts_.erase(std::unique(expected_accounts_.begin(), expected_accounts_.end()),
                           expected_accounts_.end());
  if (!expected_accounts_.empty()) {
    auto q = db_.query(
        "SELECT a.name, a.id, a.balance FROM unnest(?::text[]) AS k(name) "
        "JOIN accounts a ON a.name = k.name ORDER BY a.name FOR UPDATE OF a");
    q.bind(postgres::text_array(expected_accounts_));
    while (q.step()) overlay_.emplace(q.text(0), Entry{CachedAccount{q.int64(1), q.money(2)}});
    // The rest do not exist yet: created when first credited (another writer creating the
    // same one makes the batch run again).
    for (const std::string& name : expected_accounts_) overlay_.try_emplace(name, Entry{});
  }
  std::vector<std::string> rounds = std::move(expected_rounds_);
  std::sort(rounds.begin(), rounds.end());
  rounds.erase(std::unique(rounds.begin(), rounds.end()), rounds.end());
  if (!rounds.empty()) {
    auto q = db_.query(
        "SELECT r.id, r.state, r.table_id FROM unnest(?::text[]) AS k(id) "
        "JOIN rounds r ON r.id = k.id ORDER BY r.id FOR UPDATE OF r");
    q.bind(postgres::text_array(rounds));
    while (q.step()) {
      locked_rounds_.emplace(q.text(0), q.text(1));
      round_tables_.insert_or_assign(q.text(0), q.text(2));
    }
  }
  if (fencing && fencing->fences) {
    // The leases of the rounds' tables, held (FOR SHARE) to COMMIT: a node taking a table
    // over waits for this batch, and this batch sees a takeover that came first.
    std::vector<std::string> tables;
    for (const auto& [round_id, table_id] : round_tables_) tables.push_back(table_id);
    std::sort(tables.begin(), tables.end());
    tables.erase(std::unique(tables.begin(), tables.end()), tables.end());
    owned_tables_.emplace();
    auto q = db_.query(
        "SELECT l.table_id, l.node, l.epoch FROM unnest(?::text[]) AS k(id) "
        "JOIN table_leases l ON l.table_id = k.id ORDER BY l.table_id FOR SHARE OF l");
    q.bind(postgres::text_array(tables));
    while (q.step()) {
      if (q.text(1) == fencing->node && fencing->fences->epoch_of(q.text(0)) == q.int64(2))
        owned_tables_->insert(q.text(0));
    }
  }
  if (!expected_bonuses_.empty() || !bonus_players_.empty()) {
    // The bonuses named and the players' active cash bonuses, locked in one order (by id)
    // after every account and round.
    std::vector<std::string> ids(expected_bonuses_.begin(), expected_bonuses_.end());
    std::vector<std::string> players;
    for (const auto& [player, currency] : bonus_players_) {
      players.push_back(std::to_string(player));
      active_cash_.try_emplace({player, currency});  // none, unless found below
    }
    auto q = db_.query(
        "SELECT b.id, b.player_id, b.currency, b.kind, b.status FROM bonuses b "
        "WHERE b.id IN (SELECT unnest(?::text[])) OR (b.status = 'active' AND b.kind = 'cash' "
        "AND b.player_id IN (SELECT unnest(?::bigint[]))) ORDER BY b.id FOR UPDATE OF b");
    q.bind(postgres::text_array(ids), postgres::text_array(players));
    while (q.step()) {
      locked_bonuses_.insert(q.text(0));
      if (q.text(3) == "cash" && q.text(4) == "active") {
        const PlayerCurrency who{q.int64(1), q.text(2)};
        if (bonus_players_.contains(who)) active_cash_[who] = q.text(0);
      }
    }
  }
  if (!expected_keys_.empty()) {
    auto q = db_.query(
        "SELECT o.key, o.kind, o.fingerprint, o.result, o.created_ms "
        "FROM unnest(?::text[]) AS k(key) JOIN ops o ON o.key = k.key");
    q.bind(postgres::text_array(expected_keys_));
    for (const std::string& key : expected_keys_) read_keys_.try_emplace(key);
    while (q.step()) read_keys_[q.text(0)] = OpRecord{q.text(1), q.blob(2), q.text(3), q.int64(4)};
  }
}

// ---- Savepoints ---------------------------------------------------------------------

// Every operation in a savepoint may read bets, so the rows of the operations before it
// are written first, and its own before the savepoint is released.
template <class Db>
template <class F>
auto Batch<Db>::in_savepoint(F&& body) -> decltype(body()) {
  flush_rows();
  db_.query("SAVEPOINT op").run();
  const size_t retired_mark = retired_.size();
  const BetId next_bet_mark = next_bet_id_, bet_ids_end_mark = bet_ids_end_;
  auto result = body();
  if (result.ok()) {
    flush_rows();
  } else {
    for (const std::string& key : pending_.op_keys) recorded_.erase(key);
    pending_ = Pending{};
    next_bet_id_ = next_bet_mark;
    bet_ids_end_ = bet_ids_end_mark;
    db_.query("ROLLBACK TO op").run();
    undo_op();
    retired_.resize(retired_mark);
  }
  db_.query("RELEASE op").run();
  forget_undo();
  return result;
}

template <class Db>
void Batch<Db>::undo_op() {
  for (auto it = undo_.rbegin(); it != undo_.rend(); ++it) overlay_[it->name] = it->before;
  for (auto it = round_undo_.rbegin(); it != round_undo_.rend(); ++it) {
    if (it->before) {
      round_overlay_[it->round_id] = *it->before;
    } else {
      round_overlay_.erase(it->round_id);
    }
  }
  for (const auto& [player, delta] : in_play_undo_) in_play_delta_[player] -= delta;
  for (auto it = active_cash_undo_.rbegin(); it != active_cash_undo_.rend(); ++it) {
    if (it->second) {
      active_cash_[it->first] = *it->second;
    } else {
      active_cash_.erase(it->first);
    }
  }
  forget_undo();
}

template <class Db>
void Batch<Db>::forget_undo() {
  ++op_serial_;
  undo_.clear();
  round_undo_.clear();
  in_play_undo_.clear();
  active_cash_undo_.clear();
}

template <class Db>
Result<Done, Failure> Batch<Db>::apply(const Fund& op) {
  return in_savepoint([&] { return fund(op); });
}
template <class Db>
Result<Done, Failure> Batch<Db>::apply(const OpenRound& op) {
  return in_savepoint([&] { return open_round(op); });
}
template <class Db>
Result<PlacedBets, Failure> Batch<Db>::apply(const PlaceBets& op) {
  // No savepoint for the busiest operation: place_bets refuses only before its first
  // write (opening and releasing a savepoint, with its copies of every page the bet
  // touches, took about a sixth of a bet's time), and a failure after it is a bug that
  // throws, failing the whole batch.
  auto result = place_bets(op);
  forget_undo();
  return result;
}
template <class Db>
Result<CancelledBets, Failure> Batch<Db>::apply(const CancelBets& op) {
  return in_savepoint([&] { return cancel_bets(op); });
}
template <class Db>
Result<Done, Failure> Batch<Db>::apply(const RecordResult& op) {
  return in_savepoint([&] { return record_result(op); });
}
template <class Db>
Result<Settlement, Failure> Batch<Db>::apply(const SettleRound& op) {
  return in_savepoint([&] { return settle_round(op); });
}
template <class Db>
Result<SettledBets, Failure> Batch<Db>::apply(const SettleBets& op) {
  return in_savepoint([&] { return settle_bets(op); });
}
template <class Db>
Result<Settlement, Failure> Batch<Db>::apply(const CancelRound& op) {
  return in_savepoint([&] { return cancel_round(op); });
}
template <class Db>
Result<BonusView, Failure> Batch<Db>::apply(const GrantBonus& op) {
  return in_savepoint([&] { return grant_bonus(op); });
}
template <class Db>
Result<BonusView, Failure> Batch<Db>::apply(const ChangeBonus& op) {
  return in_savepoint([&] { return change_bonus(op); });
}
template <class Db>
Result<WalletCallView, Failure> Batch<Db>::apply(const WalletCall& op) {
  return in_savepoint([&] { return wallet_call(op); });
}
template <class Db>
Result<WalletCallView, Failure> Batch<Db>::apply(const WalletAnswer& op) {
  return in_savepoint([&] { return wallet_answer(op); });
}

// ---- Operations ---------------------------------------------------------------------

template <class Db>
Result<Done, Failure> Batch<Db>::fund(const Fund& op) {
  if (!valid_name(op.key) || !valid_name(op.source) || !is_currency_code(op.currency) ||
      !op.amount.is_positive()) {
    return Failure::invalid_request;
  }
  const std::string fp = fingerprint(op);
  switch (seen(op.key, fp, nullptr)) {
    case Seen::conflict:
      return Failure::key_conflict;
    case Seen::same:
      return Done{true};
    case Seen::fresh:
      break;
  }
  AccountRef to =
      op.to_bonus ? player_bonus(op.player, op.currency) : player_cash(op.player, op.currency);
  // Only an absurd amount can overflow a balance; refuse it rather than wrap.
  if (!move(funding_account(op.source, op.currency), to, op.amount, "fund", std::nullopt, op.key)) {
    return Failure::invalid_request;
  }
  record_op(op.key, "fund", fp, "", now_ms_);
  return Done{};
}

template <class Db>
Result<Done, Failure> Batch<Db>::open_round(const OpenRound& op) {
  if (!valid_name(op.round_id) || !valid_name(op.table_id) || !valid_name(op.game) || op.seq <= 0 ||
      op.fair.size() > kTextBytesMax) {
    return Failure::invalid_request;
  }
  const std::string key = open_key(op.round_id);
  const std::string fp = fingerprint(op);
  switch (seen(key, fp, nullptr)) {
    case Seen::conflict:
      return Failure::key_conflict;
    case Seen::same:
      return Done{true};
    case Seen::fresh:
      break;
  }
  if (auto refused = require_owned(op.round_id)) return *refused;
  if (round_state(op.round_id)) return Failure::key_conflict;
  // Round numbers of a table only increase, so recovery can trust max_round_seq.
  auto max_seq = db_.query("SELECT COALESCE(MAX(seq), 0) FROM rounds WHERE table_id = ?");
  max_seq.bind(op.table_id);
  max_seq.step();
  if (max_seq.int64(0) >= op.seq) return Failure::invalid_request;
  db_.query(
         "INSERT INTO rounds (id, table_id, game, seq, state, opened_ms, fair) "
         "VALUES (?, ?, ?, ?, 'open', ?, ?)")
      .bind(op.round_id, op.table_id, op.game, op.seq, op.at_ms, optional_text(op.fair))
      .run();
  set_round_state(op.round_id, "open");
  record_op(key, "open", fp, "", op.at_ms);
  return Done{};
}

template <class Db>
Result<PlacedBets, Failure> Batch<Db>::place_bets(const PlaceBets& op) {
  const std::optional<Money> total = stake_total(op);
  if (!total) return Failure::invalid_request;
  const std::string fp = fingerprint(op);
  std::string stored;
  switch (seen(op.key, fp, &stored)) {
    case Seen::conflict:
      return Failure::key_conflict;
    case Seen::same: {
      auto ids = decode_bet_ids(stored);
      if (!ids) corrupt_record(op.key);
      return PlacedBets{std::move(*ids), player_balance(op.player, op.currency), true};
    }
    case Seen::fresh:
      break;
  }
  if (auto refused = require_owned(op.round_id)) return *refused;
  if (auto refused = require_open(op.round_id)) return *refused;
  // Free bets draw on their bonuses' chips: each bonus must be the player's active free bet
  // in this currency, each line a whole number of its chips, and its chips must cover them.
  Money own_total = *total;
  std::map<std::string, Money, std::less<>> free_totals;
  for (const StakeLine& line : op.bets) {
    if (line.free_bet.empty()) continue;
    const auto row = read_bonus_row(line.free_bet);
    if (!row || row->player != op.player || row->currency != op.currency ||
        row->kind != BonusKind::free_bet || row->status != BonusStatus::active ||
        op.at_ms >= row->expires_ms) {
      return Failure::bonus_unavailable;
    }
    if (line.amount.units % row->chip_value.units != 0) return Failure::invalid_request;
    free_totals[line.free_bet] += line.amount;
    own_total -= line.amount;
  }
  for (const auto& [bonus_id, amount] : free_totals) {
    if (amount > load(player_free_bet(op.player, bonus_id, op.currency)).account.balance)
      return Failure::insufficient_funds;
  }
  // A seamless wallet's debit, confirmed by the operator, brings the own stakes in first.
  Money debited;
  if (!op.wallet_debit.empty()) {
    const auto debit = read_wallet_row(op.wallet_debit);
    if (!debit || debit->kind != WalletKind::debit || debit->status != WalletStatus::pending ||
        debit->player != op.player || debit->currency != op.currency ||
        debit->operator_id != op.wallet_operator || debit->amount > own_total) {
      return Failure::wallet_call;
    }
    debited = debit->amount;
    if (!checked_add(load(player_cash(op.player, op.currency)).account.balance, debited))
      return Failure::invalid_request;
  }
  Balance before = player_balance(op.player, op.currency);
  before.cash += debited;
  auto available = checked_add(before.cash, before.bonus);
  if (available && own_total > *available) return Failure::insufficient_funds;

  const AccountRef cash = player_cash(op.player, op.currency);
  const AccountRef bonus = player_bonus(op.player, op.currency);
  const AccountRef in_play = round_account(op.round_id, op.currency);
  // Every stake ends in the round's in-play account: with room for the total there (and
  // the funds checked above), no move below can be refused, so nothing is refused after
  // the first write.
  if (!checked_add(load(in_play).account.balance, *total)) return Failure::invalid_request;
  if (debited.is_positive()) {
    if (!move(wallet_funding(op.wallet_operator, op.currency), cash, debited, "wallet",
              std::nullopt, op.key)) {
      throw std::logic_error("ledger: a debit checked for room could not move (bet " + op.key +
                             ")");
    }
    db_.query("UPDATE wallet_calls SET status = 'ok', updated_ms = ? WHERE id = ?")
        .bind(op.at_ms, op.wallet_debit)
        .run();
  }
  Money cash_left = before.cash;
  Money bonus_left = before.bonus;
  std::vector<BetId> ids;
  for (const StakeLine& line : op.bets) {
    if (!line.free_bet.empty()) {
      const BetId id = insert_bet(op, line, Money{}, line.amount);
      if (!move(player_free_bet(op.player, line.free_bet, op.currency), in_play, line.amount,
                "stake", id, op.key)) {
        throw std::logic_error("ledger: a free bet checked for room could not move (bet " + op.key +
                               ")");
      }
      ids.push_back(id);
      continue;
    }
    // Cash first, or the bonus first by the operator's rule; the other covers the rest.
    const Money bonus_part = op.bonus_first ? std::min(line.amount, bonus_left)
                                            : line.amount - std::min(line.amount, cash_left);
    const Money cash_part = line.amount - bonus_part;
    cash_left -= cash_part;
    bonus_left -= bonus_part;
    const BetId id = insert_bet(op, line, cash_part, bonus_part);
    if (!move(cash, in_play, cash_part, "stake", id, op.key) ||
        !move(bonus, in_play, bonus_part, "stake", id, op.key)) {
      throw std::logic_error("ledger: a stake checked for room could not move (bet " + op.key +
                             ")");
    }
    ids.push_back(id);
  }
  count_in_play(op.player, static_cast<int64_t>(ids.size()));
  record_op(op.key, "bets", fp, encode_bet_ids(ids), op.at_ms);
  return PlacedBets{std::move(ids), player_balance(op.player, op.currency), false};
}

template <class Db>
Result<CancelledBets, Failure> Batch<Db>::cancel_bets(const CancelBets& op) {
  if (!valid_name(op.key) || !valid_name(op.round_id) || op.bets.empty() ||
      op.bets.size() > kLinesMax || has_duplicates(op.bets)) {
    return Failure::invalid_request;
  }
  const std::string fp = fingerprint(op);
  if (auto earlier = earlier_payment(op.key, fp, op.player)) {
    if (!earlier->ok()) return earlier->error();
    return CancelledBets{(*earlier)->amount, (*earlier)->balance, true};
  }
  if (auto refused = require_owned(op.round_id)) return *refused;
  if (auto refused = require_open(op.round_id)) return *refused;
  std::vector<BetRow> bets;
  for (BetId id : op.bets) {
    auto bet = read_bet(id);
    // Only the player's own accepted bets of this round, all in one currency.
    if (!bet || bet->round_id != op.round_id || bet->player != op.player ||
        bet->status != "accepted" || (!bets.empty() && bet->currency != bets[0].currency)) {
      return Failure::invalid_request;
    }
    bets.push_back(std::move(*bet));
  }
  Money refunded;
  RoundAccounts accounts(op.round_id);
  for (const BetRow& bet : bets) {
    if (!refund_bet(bet, op.key, accounts.of(bet.player, bet.currency)))
      return Failure::invalid_request;
    db_.query("UPDATE bets SET status = 'refunded', settle_key = ? WHERE id = ?")
        .bind(op.key, bet.id)
        .run();
    refunded += bet.amount;
  }
  const std::string& currency = bets[0].currency;
  record_op(op.key, "cancel_bets", fp, encode_refund({refunded, currency}), op.at_ms);
  return CancelledBets{refunded, player_balance(op.player, currency), false};
}

template <class Db>
Result<Done, Failure> Batch<Db>::record_result(const RecordResult& op) {
  if (!valid_name(op.round_id) || op.result.empty() || op.result.size() > kTextBytesMax ||
      op.fair.size() > kTextBytesMax) {
    return Failure::invalid_request;
  }
  const std::string key = result_key(op.round_id);
  const std::string fp = fingerprint(op);
  switch (seen(key, fp, nullptr)) {
    case Seen::conflict:
      return Failure::key_conflict;
    case Seen::same:
      return Done{true};
    case Seen::fresh:
      break;
  }
  if (auto refused = require_owned(op.round_id)) return *refused;
  if (auto refused = require_open(op.round_id)) return *refused;
  const auto fair = optional_text(op.fair);
  db_.query(std::string("UPDATE rounds SET state = 'result', result = ?, result_ms = ?, fair = ? "
                        "WHERE id = ? AND ") +
            kFairKeepsCommitment)
      .bind(op.result, op.at_ms, fair, op.round_id, fair, fair)
      .run();
  if (db_.changes() != 1) return Failure::invalid_request;  // another commitment
  set_round_state(op.round_id, "result");
  record_op(key, "result", fp, "", op.at_ms);
  return Done{};
}

template <class Db>
Result<Settlement, Failure> Batch<Db>::settle_round(const SettleRound& op) {
  if (!valid_name(op.round_id)) return Failure::invalid_request;
  for (const auto& [bet, returned] : op.returns) {
    if (returned.is_negative()) return Failure::invalid_request;
  }
  if (op.result.size() > kTextBytesMax || op.detail.size() > kTextBytesMax ||
      op.fair.size() > kTextBytesMax)
    return Failure::invalid_request;
  const std::string key = settle_key(op.round_id);
  const std::string fp = fingerprint(op);
  if (auto earlier = earlier_round_end(key, fp)) return std::move(*earlier);
  if (auto refused = require_owned(op.round_id)) return *refused;
  if (auto refused = require_unended(op.round_id)) return *refused;

  // The returns must name every accepted bet of the round exactly once.
  const std::vector<BetRow> bets = accepted_bets(op.round_id);
  std::unordered_map<BetId, Money> returns(op.returns.begin(), op.returns.end());
  if (returns.size() != op.returns.size() || returns.size() != bets.size()) {
    return Failure::invalid_request;
  }
  for (const BetRow& bet : bets) {
    if (!returns.contains(bet.id)) return Failure::invalid_request;
  }

  PlayerTotals totals;
  RoundAccounts accounts(op.round_id);
  std::vector<std::pair<BetId, Money>> paid;  // a free bet's differ from the returns
  paid.reserve(bets.size());
  for (const BetRow& bet : bets) {
    const auto sum =
        settle_bet(bet, returns.at(bet.id), key, accounts.of(bet.player, bet.currency), op.at_ms);
    if (!sum || !totals.add(bet, *sum)) return Failure::invalid_request;
    paid.emplace_back(bet.id, *sum);
  }
  mark_settled(op.round_id, key, paid);
  if (!op.result.empty()) {
    const auto fair = optional_text(op.fair);
    db_.query(std::string("UPDATE rounds SET result = ?, result_ms = ?, fair = ? "
                          "WHERE id = ? AND result IS NULL AND ") +
              kFairKeepsCommitment)
        .bind(op.result, op.at_ms, fair, op.round_id, fair, fair)
        .run();
  }
  if (!op.detail.empty())
    db_.query("UPDATE rounds SET detail = ? WHERE id = ?").bind(op.detail, op.round_id).run();
  close_round(op.round_id, "settled", std::nullopt, op.at_ms);
  return finish_round_end(key, "settle", fp, std::move(totals), op.at_ms);
}

// A cash-out: the bets are settled as the round's settlement would settle them, and leave
// the round's accepted bets (its SettleRound names the others only).
template <class Db>
Result<SettledBets, Failure> Batch<Db>::settle_bets(const SettleBets& op) {
  if (!valid_name(op.key) || !valid_name(op.round_id) || op.returns.empty() ||
      op.returns.size() > kLinesMax) {
    return Failure::invalid_request;
  }
  std::vector<BetId> ids;
  for (const auto& [bet, returned] : op.returns) {
    if (returned.is_negative()) return Failure::invalid_request;
    ids.push_back(bet);
  }
  if (has_duplicates(std::move(ids))) return Failure::invalid_request;
  const std::string fp = fingerprint(op);
  if (auto earlier = earlier_payment(op.key, fp, op.player)) {
    if (!earlier->ok()) return earlier->error();
    return SettledBets{(*earlier)->amount, (*earlier)->balance, true};
  }
  if (auto refused = require_owned(op.round_id)) return *refused;
  // Open for bets or with its result recorded; a round that ended has nothing in play.
  const std::optional<std::string> state = round_state(op.round_id);
  if (!state) return Failure::round_not_found;
  if (*state != "open" && *state != "result") return Failure::round_not_open;
  std::vector<BetRow> bets;
  for (const auto& [id, returned] : op.returns) {
    auto bet = read_bet(id);
    // Only the player's own accepted bets of this round, all in one currency.
    if (!bet || bet->round_id != op.round_id || bet->player != op.player ||
        bet->status != "accepted" || (!bets.empty() && bet->currency != bets[0].currency)) {
      return Failure::invalid_request;
    }
    bets.push_back(std::move(*bet));
  }
  const std::string& currency = bets[0].currency;
  Money paid;
  RoundAccounts accounts(op.round_id);
  std::vector<std::pair<BetId, Money>> paid_each;
  for (size_t i = 0; i < bets.size(); ++i) {
    const auto one = settle_bet(bets[i], op.returns[i].second, op.key,
                                accounts.of(op.player, currency), op.at_ms);
    const auto sum = one ? checked_add(paid, *one) : std::nullopt;
    if (!sum) return Failure::invalid_request;
    paid = *sum;
    paid_each.emplace_back(bets[i].id, *one);
  }
  mark_settled(op.round_id, op.key, paid_each);
  record_op(op.key, "settle_bets", fp, encode_refund({paid, currency}), op.at_ms);
  return SettledBets{paid, player_balance(op.player, currency), false};
}

template <class Db>
Result<Settlement, Failure> Batch<Db>::cancel_round(const CancelRound& op) {
  if (!valid_name(op.round_id) || op.reason.size() > kTextBytesMax) {
    return Failure::invalid_request;
  }
  const std::string key = cancel_key(op.round_id);
  const std::string fp = fingerprint(op);
  if (auto earlier = earlier_round_end(key, fp)) return std::move(*earlier);
  if (auto refused = require_owned(op.round_id)) return *refused;
  if (auto refused = require_unended(op.round_id)) return *refused;

  PlayerTotals totals;
  RoundAccounts accounts(op.round_id);
  for (const BetRow& bet : accepted_bets(op.round_id)) {
    if (!refund_bet(bet, key, accounts.of(bet.player, bet.currency)) ||
        !totals.add(bet, bet.free_bet.empty() ? bet.amount : Money{}))
      return Failure::invalid_request;
  }
  db_.query(
         "UPDATE bets SET status = 'refunded', settle_key = ? "
         "WHERE round_id = ? AND status = 'accepted'")
      .bind(key, op.round_id)
      .run();
  close_round(op.round_id, "cancelled", op.reason, op.at_ms);
  return finish_round_end(key, "cancel", fp, std::move(totals), op.at_ms);
}

template <class Db>
std::optional<Result<typename Batch<Db>::EarlierPayment, Failure>> Batch<Db>::earlier_payment(
    const std::string& key, std::string_view fp, PlayerId player) {
  std::string stored;
  switch (seen(key, fp, &stored)) {
    case Seen::conflict:
      return Result<EarlierPayment, Failure>(Failure::key_conflict);
    case Seen::same: {
      auto paid = decode_refund(stored);
      if (!paid) corrupt_record(key);
      return Result<EarlierPayment, Failure>(
          EarlierPayment{paid->refunded, player_balance(player, paid->currency)});
    }
    case Seen::fresh:
      break;
  }
  return std::nullopt;
}

// The answer to a settlement or cancellation seen before: its first result when the
// content is the same, key_conflict when it differs; nullopt for a new one.
template <class Db>
std::optional<Result<Settlement, Failure>> Batch<Db>::earlier_round_end(const std::string& key,
                                                                        std::string_view fp) {
  std::string stored;
  switch (seen(key, fp, &stored)) {
    case Seen::conflict:
      return Result<Settlement, Failure>(Failure::key_conflict);
    case Seen::same: {
      auto players = replayed_settlement(stored);
      if (!players) corrupt_record(key);
      return Result<Settlement, Failure>(Settlement{std::move(*players), true});
    }
    case Seen::fresh:
      break;
  }
  return std::nullopt;
}

template <class Db>
bool Batch<Db>::PlayerTotals::add(const BetRow& bet, Money returned) {
  PlayerSettlement& p = by_player[{bet.player, bet.currency}];
  p.player = bet.player;
  p.currency = bet.currency;
  // A free bet's chips are not the player's money: its stake counts for nothing here.
  auto staked = checked_add(p.staked, bet.free_bet.empty() ? bet.amount : Money{});
  auto paid = checked_add(p.returned, returned);
  if (!staked || !paid) return false;
  p.staked = *staked;
  p.returned = *paid;
  return true;
}

// Records the round's end under its key and answers with each player's totals and
// balance.
template <class Db>
Result<Settlement, Failure> Batch<Db>::finish_round_end(const std::string& key,
                                                        std::string_view kind, std::string_view fp,
                                                        PlayerTotals totals, int64_t at_ms) {
  std::vector<PlayerSettlement> players;
  for (auto& [who, p] : totals.by_player) players.push_back(std::move(p));
  record_op(key, kind, fp, encode_settlement(players), at_ms);
  fill_balances(players);
  return Settlement{std::move(players), false};
}

// ---- Accounts and transfers ---------------------------------------------------------

template <class Db>
typename Batch<Db>::Entry& Batch<Db>::load(const AccountRef& ref) {
  if (auto it = overlay_.find(ref.name); it != overlay_.end()) return it->second;
  CachedAccount account;
  if (auto it = committed_.accounts.find(ref.name); it != committed_.accounts.end()) {
    account = it->second;
  } else {
    // Where writers share the database every account was locked up front (lock_expected);
    // one that was not must be, before anything is read from it.
    if constexpr (Engine<Db>::shared) throw MissedLock(ref.name);
    // Not touched by this batch, so the row holds the committed value.
    auto q = db_.query("SELECT id, balance FROM accounts WHERE name = ?");
    q.bind(ref.name);
    if (q.step()) account = CachedAccount{q.int64(0), q.money(1)};
  }
  return overlay_.emplace(ref.name, Entry{account, false}).first->second;
}

template <class Db>
Balance Batch<Db>::player_balance(PlayerId player, std::string_view currency) {
  return Balance{load(player_cash(player, currency)).account.balance,
                 load(player_bonus(player, currency)).account.balance};
}

template <class Db>
bool Batch<Db>::move(const AccountRef& from, const AccountRef& to, Money amount,
                     std::string_view kind, std::optional<BetId> bet, std::string_view op_key) {
  assert(!amount.is_negative());
  if (amount.is_zero()) return true;
  Entry& debit = load(from);
  Entry& credit = load(to);
  const auto debit_after = checked_sub(debit.account.balance, amount);
  const auto credit_after = checked_add(credit.account.balance, amount);
  if (!debit_after || !credit_after) return false;
  // Callers check player funds first; a player account going negative is a bug.
  assert(!(is_player_kind(from.kind) && debit_after->is_negative()));

  remember(from.name, debit);
  remember(to.name, credit);
  if (debit.account.id == 0) create(from, debit);
  if (credit.account.id == 0) create(to, credit);
  debit.account.balance = *debit_after;
  credit.account.balance = *credit_after;
  debit.dirty = credit.dirty = true;
  pending_.transfers.push_back(
      TransferInsert{std::string(op_key), debit.account.id, credit.account.id, amount, bet, kind});
  return true;
}

template <class Db>
void Batch<Db>::create(const AccountRef& ref, Entry& entry) {
  // Where writers share the database, another one creating the same account makes this
  // INSERT fail (unique name) and the batch is tried again: the row is then read.
  auto q = db_.query(
      "INSERT INTO accounts (name, kind, owner, currency, balance) VALUES (?, ?, ?, ?, 0) "
      "RETURNING id");
  q.bind(ref.name, ref.kind, ref.owner, ref.currency);
  if (!q.step()) throw std::logic_error("ledger: INSERT of account " + ref.name + " gave no id");
  entry.account.id = q.int64(0);
}

// Once per account per operation: its value before the operation is what undo restores.
template <class Db>
void Batch<Db>::remember(const std::string& name, Entry& entry) {
  if (entry.remembered_in == op_serial_) return;
  undo_.push_back(Undo{name, entry});
  entry.remembered_in = op_serial_;
}

template <class Db>
void Batch<Db>::retire_round_accounts(std::string_view round_id) {
  auto q = db_.query("SELECT DISTINCT currency FROM bets WHERE round_id = ?");
  q.bind(round_id);
  while (q.step()) retired_.push_back(round_account(round_id, q.text(0)).name);
}

template <class Db>
void Batch<Db>::flush_rows() {
  thread_local std::vector<std::string> bets_sql, transfers_sql, ops_sql;
  insert_rows(db_, bets_sql,
              "INSERT INTO bets (id, round_id, player_id, currency, spot, amount, cash_part, "
              "bonus_part, status, place_key, placed_ms, free_bet)",
              nullptr, 12, std::span<const BetInsert>(pending_.bets),
              [](auto& q, int p, const BetInsert& b) {
                q.bind_from(p, b.id, b.op->round_id, b.op->player, b.op->currency, b.line->spot,
                            b.line->amount, b.cash_part, b.bonus_part, "accepted", b.op->key,
                            b.op->at_ms, optional_text(b.line->free_bet));
              });
  insert_rows(db_, transfers_sql,
              "INSERT INTO transfers (op_key, debit_account, credit_account, amount, bet_id, kind)",
              nullptr, 6, std::span<const TransferInsert>(pending_.transfers),
              [](auto& q, int p, const TransferInsert& t) {
                q.bind_from(p, t.op_key, t.debit, t.credit, t.amount);
                if (t.bet) {
                  q.bind_from(p + 4, *t.bet, t.kind);
                } else {
                  q.bind_from(p + 4, std::nullopt, t.kind);
                }
              });
  insert_rows(db_, ops_sql, "INSERT INTO ops (key, kind, fingerprint, result, created_ms)", nullptr,
              5, std::span<const std::string>(pending_.op_keys),
              [&](auto& q, int p, const std::string& key) {
                const OpRecord& op = recorded_.at(key);
                q.bind_from(p, key, op.kind, db::Blob{op.fingerprint}, op.result, op.at_ms);
              });
  pending_ = Pending{};
}

template <class Db>
void Batch<Db>::write_balances() {
  flush_rows();
  if constexpr (Engine<Db>::shared) {
    // Over a network a statement costs a round trip: the balances go 64 to a statement.
    std::vector<const CachedAccount*> dirty;
    for (const auto& [name, entry] : overlay_) {
      if (entry.dirty) dirty.push_back(&entry.account);
    }
    thread_local std::vector<std::string> sql;
    insert_rows(
        db_, sql, "UPDATE accounts SET balance = v.column2 FROM (",
        "(CAST(? AS BIGINT),CAST(? AS BIGINT))", 2, std::span<const CachedAccount* const>(dirty),
        [](auto& q, int p, const CachedAccount* a) { q.bind_from(p, a->id, a->balance); },
        ") AS v WHERE accounts.id = v.column1");
  } else {
    for (const auto& [name, entry] : overlay_) {
      if (!entry.dirty) continue;
      db_.query("UPDATE accounts SET balance = ? WHERE id = ?")
          .bind(entry.account.balance, entry.account.id)
          .run();
    }
  }
}

template <class Db>
void Batch<Db>::publish(Committed& committed) const {
  committed.next_bet_id = next_bet_id_;
  committed.bet_ids_end = bet_ids_end_;
  // Where writers share the database, nothing else the batch saw stays true.
  if (Engine<Db>::shared) return;
  for (const auto& [name, entry] : overlay_)
    committed.accounts.insert_or_assign(name, entry.account);
  for (const std::string& name : retired_) committed.accounts.erase(name);
  for (const auto& [key, op] : recorded_) committed.op_keys.add(key);
  for (const auto& [round_id, state] : round_overlay_) {
    if (state == "open" || state == "result") {
      committed.unended_rounds.insert_or_assign(round_id, state);
    } else {
      committed.unended_rounds.erase(round_id);
    }
  }
  for (const auto& [who, id] : active_cash_) {
    if (id) {
      committed.active_cash_bonus.insert_or_assign(who, *id);
    } else {
      committed.active_cash_bonus.erase(who);
    }
  }
  for (const auto& [player, delta] : in_play_delta_) {
    if (delta == 0) continue;
    const int64_t now = committed.bets_in_play[player] += delta;
    if (now < 0) {
      // A bug: more bets ended than were placed. The count stops at zero.
      log::error("ledger: a player's count of bets in play went below zero",
                 {{"player", player}, {"count", now}});
    }
    if (now <= 0) committed.bets_in_play.erase(player);
  }
}

// ---- Idempotency records ------------------------------------------------------------

template <class Db>
typename Batch<Db>::Seen Batch<Db>::seen(std::string_view key, std::string_view fingerprint,
                                         std::string* result) {
  if (auto it = recorded_.find(key); it != recorded_.end()) {
    if (it->second.fingerprint != fingerprint) return Seen::conflict;
    if (result) *result = it->second.result;
    return Seen::same;
  }
  if constexpr (Engine<Db>::shared) {
    if (auto it = read_keys_.find(key); it != read_keys_.end()) {
      if (!it->second) return Seen::fresh;
      if (it->second->fingerprint != fingerprint) return Seen::conflict;
      if (result) *result = it->second->result;
      return Seen::same;
    }
  } else {
    if (!committed_.op_keys.may_contain(key)) return Seen::fresh;
  }
  auto q = db_.query("SELECT fingerprint, result FROM ops WHERE key = ?");
  q.bind(key);
  if (!q.step()) return Seen::fresh;
  if (q.blob(0) != fingerprint) return Seen::conflict;
  if (result) *result = q.text(1);
  return Seen::same;
}

template <class Db>
void Batch<Db>::record_op(std::string_view key, std::string_view kind, std::string_view fingerprint,
                          std::string_view result, int64_t at_ms) {
  auto [it, fresh] = recorded_.emplace(
      std::string(key),
      OpRecord{std::string(kind), std::string(fingerprint), std::string(result), at_ms});
  assert(fresh);
  pending_.op_keys.push_back(it->first);
}

// ---- Rounds and bets ----------------------------------------------------------------

// Rounds not yet ended are known in memory; only an ended or unknown round is looked up
// (a refusal, or the existence check of a new round).
template <class Db>
std::optional<std::string> Batch<Db>::round_state(std::string_view round_id) {
  if (auto it = round_overlay_.find(round_id); it != round_overlay_.end()) return it->second;
  if (auto it = committed_.unended_rounds.find(round_id); it != committed_.unended_rounds.end())
    return it->second;
  if (auto it = locked_rounds_.find(round_id); it != locked_rounds_.end()) return it->second;
  // Where writers share the database every round an operation names was looked for, and
  // locked, up front: one not found then does not exist for this batch (another node may
  // open it meanwhile, for a table that is not this node's).
  if constexpr (Engine<Db>::shared) return std::nullopt;
  auto q = db_.query("SELECT state FROM rounds WHERE id = ?");
  q.bind(round_id);
  if (!q.step()) return std::nullopt;
  return q.text(0);
}

template <class Db>
void Batch<Db>::set_round_state(const std::string& round_id, std::string state) {
  auto it = round_overlay_.find(round_id);
  round_undo_.push_back(
      RoundUndo{round_id, it == round_overlay_.end() ? std::nullopt : std::optional(it->second)});
  round_overlay_.insert_or_assign(round_id, std::move(state));
}

template <class Db>
void Batch<Db>::count_in_play(PlayerId player, int64_t delta) {
  in_play_undo_.emplace_back(player, delta);
  in_play_delta_[player] += delta;
}

template <class Db>
std::optional<Failure> Batch<Db>::require_owned(std::string_view round_id) {
  if (!owned_tables_) return std::nullopt;
  auto table = round_tables_.find(round_id);
  if (table == round_tables_.end()) return std::nullopt;
  // A slot's rounds belong to one player, not to a table a node holds: no lease fences them
  // (gateway/slots.hpp).
  if (table->second.starts_with("slot-")) return std::nullopt;
  if (owned_tables_->contains(table->second)) return std::nullopt;
  return Failure::fenced;
}

template <class Db>
std::optional<Failure> Batch<Db>::require_open(std::string_view round_id) {
  auto state = round_state(round_id);
  if (!state) return Failure::round_not_found;
  if (*state != "open") return Failure::round_not_open;
  return std::nullopt;
}

// A round ends exactly once: settling a cancelled round or cancelling a settled one
// conflicts with how it already ended.
template <class Db>
std::optional<Failure> Batch<Db>::require_unended(std::string_view round_id) {
  auto state = round_state(round_id);
  if (!state) return Failure::round_not_found;
  if (*state != "open" && *state != "result") return Failure::key_conflict;
  return std::nullopt;
}

template <class Db>
std::optional<typename Batch<Db>::BetRow> Batch<Db>::read_bet(BetId id) {
  auto q = db_.query(
      "SELECT round_id, player_id, currency, amount, cash_part, bonus_part, status, "
      "COALESCE(free_bet, '') FROM bets WHERE id = ?");
  q.bind(id);
  if (!q.step()) return std::nullopt;
  return BetRow{id,         q.text(0),  q.int64(1), q.text(2), q.money(3),
                q.money(4), q.money(5), q.text(6),  q.text(7)};
}

template <class Db>
std::vector<typename Batch<Db>::BetRow> Batch<Db>::accepted_bets(std::string_view round_id) {
  auto q = db_.query(
      "SELECT id, player_id, currency, amount, cash_part, bonus_part, COALESCE(free_bet, '') "
      "FROM bets WHERE round_id = ? AND status = 'accepted' ORDER BY id");
  q.bind(round_id);
  std::vector<BetRow> bets;
  while (q.step()) {
    bets.push_back(BetRow{q.int64(0), std::string(round_id), q.int64(1), q.text(2), q.money(3),
                          q.money(4), q.money(5), "accepted", q.text(6)});
  }
  return bets;
}

template <class Db>
BetId Batch<Db>::insert_bet(const PlaceBets& op, const StakeLine& line, Money cash_part,
                            Money bonus_part) {
  if constexpr (Engine<Db>::shared) {
    // A block of ids from the sequence, this writer's alone (writers share the table).
    if (next_bet_id_ >= bet_ids_end_) {
      auto q = db_.query("SELECT nextval('bet_ids')");
      q.step();
      next_bet_id_ = q.int64(0);
      bet_ids_end_ = next_bet_id_ + kBetIdBlock;
    }
  }
  const BetId id = next_bet_id_++;
  pending_.bets.push_back(BetInsert{id, &op, &line, cash_part, bonus_part});
  return id;
}

// The stake moves from the round to the house, then the house pays the return to the
// accounts the stake came from, in proportion.
template <class Db>
typename Batch<Db>::RoundAccounts::Refs Batch<Db>::RoundAccounts::of(PlayerId player,
                                                                     const std::string& currency) {
  auto in = by_currency_.find(currency);
  if (in == by_currency_.end()) {
    in = by_currency_
             .emplace(currency,
                      InCurrency{round_account(round_id_, currency), house_account(currency), {}})
             .first;
  }
  auto [it, fresh] = in->second.players.try_emplace(player);
  if (fresh) it->second = {player_cash(player, currency), player_bonus(player, currency)};
  return Refs{in->second.round, in->second.house, it->second.first, it->second.second};
}

template <class Db>
std::optional<Money> Batch<Db>::settle_bet(const BetRow& bet, Money returned,
                                           std::string_view op_key,
                                           const typename RoundAccounts::Refs& to, int64_t at_ms) {
  if (!move(to.round, to.house, bet.amount, "stake_in", bet.id, op_key)) return std::nullopt;
  if (!bet.free_bet.empty()) {
    // A free bet: its stake was the bonus's, so only its winnings are paid, in cash, and
    // no more than the bonus's max_win leaves.
    auto row = read_bonus_row(bet.free_bet);
    if (!row)
      throw std::logic_error("ledger: bet " + std::to_string(bet.id) + " names bonus " +
                             bet.free_bet + ", which does not exist");
    Money win = returned > bet.amount ? returned - bet.amount : Money{};
    if (row->max_win.is_positive()) {
      const Money left = row->max_win > row->won ? row->max_win - row->won : Money{};
      win = std::min(win, left);
    }
    if (!move(to.house, to.cash, win, "payout", bet.id, op_key)) return std::nullopt;
    if (win.is_positive()) {
      row->won += win;
      write_bonus_row(*row, at_ms);
    }
    count_in_play(bet.player, -1);
    return win;
  }
  const Money to_bonus = bonus_share(returned, bet.bonus_part, bet.amount);
  if (!move(to.house, to.bonus, to_bonus, "payout", bet.id, op_key) ||
      !move(to.house, to.cash, returned - to_bonus, "payout", bet.id, op_key) ||
      !follow_bonus_share(bet.player, bet.currency, to_bonus, op_key) ||
      !count_wager(bet.player, bet.currency, bet.amount, op_key, at_ms)) {
    return std::nullopt;
  }
  count_in_play(bet.player, -1);
  return returned;
}

// The bets named are settled with their returns (every accepted bet of the round, or a
// cash-out's): the returns go in bulk to the connection's temporary table, and one UPDATE
// applies them.
template <class Db>
void Batch<Db>::mark_settled(std::string_view round_id, std::string_view op_key,
                             std::span<const std::pair<BetId, Money>> returns) {
  thread_local std::vector<std::string> sql;
  insert_rows(
      db_, sql, "INSERT INTO settle_returns (bet_id, returned)", nullptr, 2, returns,
      [](auto& q, int p, const std::pair<BetId, Money>& r) { q.bind_from(p, r.first, r.second); });
  db_.query(
         "UPDATE bets SET status = 'settled', settle_key = ?, returned = r.returned "
         "FROM settle_returns r WHERE bets.id = r.bet_id AND bets.round_id = ? "
         "AND bets.status = 'accepted'")
      .bind(op_key, round_id)
      .run();
  if (db_.changes() != static_cast<int64_t>(returns.size())) {
    throw std::logic_error("ledger: settling round " + std::string(round_id) + " marked " +
                           std::to_string(db_.changes()) + " bets, not " +
                           std::to_string(returns.size()));
  }
  db_.query("DELETE FROM settle_returns").run();
}

template <class Db>
bool Batch<Db>::refund_bet(const BetRow& bet, std::string_view op_key,
                           const typename RoundAccounts::Refs& to) {
  if (!bet.free_bet.empty()) {
    // The chips go back to their bonus; one that has ended gives them back at once.
    const AccountRef chips = player_free_bet(bet.player, bet.free_bet, bet.currency);
    if (!move(to.round, chips, bet.amount, "refund", bet.id, op_key)) return false;
    auto row = read_bonus_row(bet.free_bet);
    if (row && row->status != BonusStatus::active &&
        !move(chips, funding_account(kBonusFunding, bet.currency), bet.amount, "bonus",
              std::nullopt, op_key)) {
      return false;
    }
    count_in_play(bet.player, -1);
    return true;
  }
  if (!move(to.round, to.cash, bet.cash_part, "refund", bet.id, op_key) ||
      !move(to.round, to.bonus, bet.bonus_part, "refund", bet.id, op_key) ||
      !follow_bonus_share(bet.player, bet.currency, bet.bonus_part, op_key)) {
    return false;
  }
  count_in_play(bet.player, -1);
  return true;
}

template <class Db>
void Batch<Db>::close_round(std::string_view round_id, std::string_view state,
                            const std::optional<std::string>& reason, int64_t at_ms) {
  db_.query("UPDATE rounds SET state = ?, reason = ?, closed_ms = ? WHERE id = ?")
      .bind(state, reason, at_ms, round_id)
      .run();
  set_round_state(std::string(round_id), std::string(state));
  retire_round_accounts(round_id);
}

template <class Db>
std::optional<std::vector<PlayerSettlement>> Batch<Db>::replayed_settlement(
    const std::string& stored) {
  auto players = decode_settlement(stored);
  if (players) fill_balances(*players);
  return players;
}

template <class Db>
void Batch<Db>::fill_balances(std::vector<PlayerSettlement>& players) {
  for (PlayerSettlement& p : players) p.balance = player_balance(p.player, p.currency);
}

// ---- Bonuses ------------------------------------------------------------------------

template <class Db>
Result<BonusView, Failure> Batch<Db>::grant_bonus(const GrantBonus& op) {
  const bool cash = op.kind == BonusKind::cash;
  if (!valid_name(op.bonus_id) || op.player <= 0 || !is_currency_code(op.currency) ||
      !valid_name(op.campaign) || op.code.size() > kNameBytesMax ||
      op.games.size() > kTextBytesMax || !op.amount.is_positive() ||
      op.wager_required.is_negative() || op.max_win.is_negative() || op.expires_ms <= op.at_ms) {
    return Failure::invalid_request;
  }
  if (cash ? (!op.chip_value.is_zero() || !op.max_win.is_zero())
           : (!op.chip_value.is_positive() || op.amount.units % op.chip_value.units != 0 ||
              !op.wager_required.is_zero())) {
    return Failure::invalid_request;
  }
  const std::string key = grant_key(op.bonus_id);
  const std::string fp = fingerprint(op);
  switch (seen(key, fp, nullptr)) {
    case Seen::conflict:
      return Failure::key_conflict;
    case Seen::same:
      return bonus_view(op.bonus_id, true);
    case Seen::fresh:
      break;
  }
  db_.query(
         "INSERT INTO bonuses (id, player_id, currency, campaign, code, kind, status, amount, "
         "chip_value, wager_required, wagered, max_win, won, games, expires_ms, created_ms, "
         "updated_ms) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, 0, ?, 0, ?, ?, ?, ?)")
      .bind(op.bonus_id, op.player, op.currency, op.campaign, op.code, bonus_kind_name(op.kind),
            op.amount, op.chip_value, op.wager_required, op.max_win, op.games, op.expires_ms,
            op.at_ms, op.at_ms)
      .run();
  // A row this transaction inserted is its own until COMMIT: later operations of the batch
  // read it as one it locked.
  if constexpr (Engine<Db>::shared) locked_bonuses_.insert(op.bonus_id);
  record_op(key, "grant", fp, "", op.at_ms);
  return bonus_view(op.bonus_id, false);
}

template <class Db>
Result<BonusView, Failure> Batch<Db>::change_bonus(const ChangeBonus& op) {
  if (!valid_name(op.bonus_id)) return Failure::invalid_request;
  const std::string key = bonus_key(op.bonus_id, op.action);
  const std::string fp = fingerprint(op);
  switch (seen(key, fp, nullptr)) {
    case Seen::conflict:
      return Failure::key_conflict;
    case Seen::same:
      return bonus_view(op.bonus_id, true);
    case Seen::fresh:
      break;
  }
  auto row = read_bonus_row(op.bonus_id);
  if (!row) return Failure::bonus_unavailable;
  const bool players = op.action == BonusAction::accept || op.action == BonusAction::decline;
  if (players && op.player != row->player) return Failure::bonus_unavailable;
  const AccountRef funding = funding_account(kBonusFunding, row->currency);
  switch (op.action) {
    case BonusAction::accept: {
      if (row->status != BonusStatus::pending || op.at_ms >= row->expires_ms)
        return Failure::bonus_unavailable;
      if (row->kind == BonusKind::cash) {
        // One cash bonus at a time per currency: the bonus account is that bonus's. And none
        // while the player has bets in play: a stake placed before the bonus must not count
        // toward its play-through, nor bonus money of an earlier bonus come back into it.
        if (active_cash_bonus(row->player, row->currency) || has_bets_in_play(row->player))
          return Failure::bonus_unavailable;
        if (!move(funding, player_bonus(row->player, row->currency), row->amount, "fund",
                  std::nullopt, key)) {
          return Failure::invalid_request;
        }
        row->status = BonusStatus::active;
        set_active_cash_bonus(row->player, row->currency, row->id);
        db_.query("UPDATE bonuses SET accepted_ms = ? WHERE id = ?").bind(op.at_ms, row->id).run();
        // No play-through asked: it is cash at once.
        if (row->wager_required.is_zero() && !release_bonus(*row, key, op.at_ms))
          return Failure::invalid_request;
      } else {
        if (!move(funding, player_free_bet(row->player, row->id, row->currency), row->amount,
                  "fund", std::nullopt, key)) {
          return Failure::invalid_request;
        }
        row->status = BonusStatus::active;
        db_.query("UPDATE bonuses SET accepted_ms = ? WHERE id = ?").bind(op.at_ms, row->id).run();
      }
      break;
    }
    case BonusAction::decline:
      if (row->status != BonusStatus::pending) return Failure::bonus_unavailable;
      row->status = BonusStatus::cancelled;
      break;
    case BonusAction::cancel:
    case BonusAction::expire: {
      const BonusStatus to =
          op.action == BonusAction::cancel ? BonusStatus::cancelled : BonusStatus::expired;
      if (op.action == BonusAction::expire && op.at_ms < row->expires_ms)
        return Failure::bonus_unavailable;
      if (row->status == BonusStatus::pending) {
        row->status = to;
      } else if (row->status == BonusStatus::active) {
        if (!end_active_bonus(*row, to, key, op.at_ms)) return Failure::invalid_request;
      } else {
        return Failure::bonus_unavailable;
      }
      break;
    }
  }
  write_bonus_row(*row, op.at_ms);
  record_op(key, "bonus", fp, "", op.at_ms);
  return bonus_view(op.bonus_id, false);
}

// ---- Operators' wallets --------------------------------------------------------------

template <class Db>
Result<WalletCallView, Failure> Batch<Db>::wallet_call(const WalletCall& op) {
  if (!valid_name(op.call_id) || !valid_name(op.operator_id) || op.player <= 0 ||
      !is_currency_code(op.currency) || op.amount.is_negative() ||
      (op.kind != WalletKind::credit && !op.amount.is_positive()) ||
      op.round_id.size() > kNameBytesMax || op.ref.size() > kNameBytesMax ||
      (op.kind == WalletKind::rollback && op.ref.empty())) {
    return Failure::invalid_request;
  }
  const std::string key = wallet_key(op.call_id);
  const std::string fp = fingerprint(op);
  const auto nothing_to_credit = [&](bool replayed) {
    WalletCallView v;
    v.call_id = op.call_id;
    v.operator_id = op.operator_id;
    v.player = op.player;
    v.currency = op.currency;
    v.kind = op.kind;
    v.status = WalletStatus::ok;
    v.round_id = op.round_id;
    v.ref = op.ref;
    v.created_ms = v.updated_ms = op.at_ms;
    v.replayed = replayed;
    return v;
  };
  switch (seen(key, fp, nullptr)) {
    case Seen::conflict:
      return Failure::key_conflict;
    case Seen::same: {
      auto row = read_wallet_row(op.call_id);
      if (!row) return nothing_to_credit(true);  // a credit of all the cash, when there was none
      row->replayed = true;
      return *row;
    }
    case Seen::fresh:
      break;
  }
  Money amount = op.amount;
  switch (op.kind) {
    case WalletKind::debit:
      break;
    case WalletKind::credit: {
      const AccountRef cash = player_cash(op.player, op.currency);
      const Money held = load(cash).account.balance;
      if (amount.is_zero()) amount = held;
      if (amount.is_zero()) {
        record_op(key, "wallet", fp, "", op.at_ms);
        return nothing_to_credit(false);
      }
      if (amount > held) return Failure::insufficient_funds;
      if (!move(cash, wallet_funding(op.operator_id, op.currency), amount, "wallet", std::nullopt,
                key)) {
        return Failure::invalid_request;
      }
      break;
    }
    case WalletKind::rollback: {
      const auto debit = read_wallet_row(op.ref);
      if (!debit || debit->kind != WalletKind::debit || debit->player != op.player ||
          debit->operator_id != op.operator_id || debit->currency != op.currency ||
          debit->amount != op.amount || debit->status != WalletStatus::pending) {
        return Failure::wallet_call;
      }
      db_.query("UPDATE wallet_calls SET status = 'rolled_back', updated_ms = ? WHERE id = ?")
          .bind(op.at_ms, op.ref)
          .run();
      break;
    }
  }
  db_.query(
         "INSERT INTO wallet_calls (id, operator_id, player_id, currency, kind, status, amount, "
         "round_id, ref, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)")
      .bind(op.call_id, op.operator_id, op.player, op.currency, wallet_kind_name(op.kind), amount,
            optional_text(op.round_id), op.ref, op.at_ms, op.at_ms)
      .run();
  record_op(key, "wallet", fp, "", op.at_ms);
  auto row = read_wallet_row(op.call_id);
  if (!row) throw std::logic_error("ledger: wallet call " + op.call_id + " not found after INSERT");
  return *row;
}

template <class Db>
Result<WalletCallView, Failure> Batch<Db>::wallet_answer(const WalletAnswer& op) {
  if (!valid_name(op.call_id) || op.attempt < 0 ||
      (op.outcome != "ok" && op.outcome != "refused" && op.outcome != "error") ||
      op.detail.size() > kTextBytesMax) {
    return Failure::invalid_request;
  }
  auto row = read_wallet_row(op.call_id);
  if (!row) return Failure::invalid_request;
  // Attempt 0: the next one, numbered here under the row's lock (two nodes may answer for
  // the same call).
  const int64_t attempt = op.attempt > 0 ? op.attempt : row->attempts + 1;
  auto seen_before = db_.query("SELECT 1 FROM wallet_attempts WHERE call_id = ? AND attempt = ?");
  seen_before.bind(op.call_id, attempt);
  if (seen_before.step()) {
    row->replayed = true;
    return *row;
  }
  db_.query(
         "INSERT INTO wallet_attempts (call_id, attempt, outcome, detail, http_status, balance, "
         "latency_ms, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(op.call_id, attempt, op.outcome, op.detail, op.http_status, op.balance, op.latency_ms,
            op.at_ms)
      .run();
  // Only a pending call changes: an answer arriving after the call ended (a debit answered
  // after it was rolled back) is kept for the record alone.
  if (row->status != WalletStatus::pending) {
    db_.query(
           "UPDATE wallet_calls SET attempts = CASE WHEN attempts > ? THEN attempts ELSE ? END "
           "WHERE id = ?")
        .bind(attempt, attempt, op.call_id)
        .run();
  } else {
    std::string status = "pending";
    if (op.outcome == "ok" && row->kind != WalletKind::debit) status = "ok";
    if (op.outcome == "refused" && row->kind == WalletKind::debit) status = "refused";
    db_.query(
           "UPDATE wallet_calls SET status = ?, "
           "attempts = CASE WHEN attempts > ? THEN attempts ELSE ? END, detail = ?, "
           "balance = COALESCE(?, balance), updated_ms = ? WHERE id = ?")
        .bind(status, attempt, attempt, op.detail, op.balance, op.at_ms, op.call_id)
        .run();
  }
  auto after = read_wallet_row(op.call_id);
  return *after;
}

template <class Db>
std::optional<WalletCallView> Batch<Db>::read_wallet_row(std::string_view id) {
  std::string sql =
      std::string("SELECT ") + kWalletCallColumns + " FROM wallet_calls w WHERE w.id = ?";
  if constexpr (Engine<Db>::shared) sql += " FOR UPDATE";
  auto q = db_.query(sql);
  q.bind(id);
  if (!q.step()) return std::nullopt;
  return read_wallet_call_view(q);
}

template <class Db>
std::optional<typename Batch<Db>::BonusRow> Batch<Db>::read_bonus_row(std::string_view id) {
  if constexpr (Engine<Db>::shared) {
    if (!locked_bonuses_.contains(std::string(id))) {
      // Unknown to the lock (absent, or not named up front): look once more under a lock
      // taken in a rerun, unless it does not exist at all.
      auto exists = db_.query("SELECT 1 FROM bonuses WHERE id = ?");
      exists.bind(id);
      if (!exists.step()) return std::nullopt;
      throw MissedLock("bonus:" + std::string(id));
    }
  }
  auto q = db_.query(
      "SELECT player_id, currency, kind, status, amount, chip_value, wager_required, wagered, "
      "max_win, won, expires_ms FROM bonuses WHERE id = ?");
  q.bind(id);
  if (!q.step()) return std::nullopt;
  BonusRow row;
  row.id = std::string(id);
  row.player = q.int64(0);
  row.currency = q.text(1);
  const auto kind = parse_bonus_kind(q.text(2));
  const auto status = parse_bonus_status(q.text(3));
  if (!kind || !status) throw std::runtime_error("ledger: bonus " + row.id + " is unreadable");
  row.kind = *kind;
  row.status = *status;
  row.amount = q.money(4);
  row.chip_value = q.money(5);
  row.wager_required = q.money(6);
  row.wagered = q.money(7);
  row.max_win = q.money(8);
  row.won = q.money(9);
  row.expires_ms = q.int64(10);
  return row;
}

template <class Db>
void Batch<Db>::write_bonus_row(const BonusRow& row, int64_t at_ms) {
  db_.query("UPDATE bonuses SET status = ?, wagered = ?, won = ?, updated_ms = ? WHERE id = ?")
      .bind(bonus_status_name(row.status), row.wagered, row.won, at_ms, row.id)
      .run();
}

// The row as written, with what is left of it from the batch's balances (not yet written).
template <class Db>
BonusView Batch<Db>::bonus_view(std::string_view id, bool replayed) {
  auto view = read_bonus(db_, id);
  if (!view) throw std::logic_error("ledger: bonus " + std::string(id) + " vanished");
  view->replayed = replayed;
  if (view->status == BonusStatus::active) {
    view->remaining =
        load(view->kind == BonusKind::cash ? player_bonus(view->player, view->currency)
                                           : player_free_bet(view->player, id, view->currency))
            .account.balance;
    view->chips_left = view->kind == BonusKind::free_bet && view->chip_value.is_positive()
                           ? view->remaining.units / view->chip_value.units
                           : 0;
  }
  return std::move(*view);
}

template <class Db>
bool Batch<Db>::has_bets_in_play(PlayerId player) {
  if constexpr (Engine<Db>::shared) {
    // The player's accounts are locked by this batch: no other writer places their bets
    // meanwhile, and those placed before are committed (or this batch's own).
    auto q = db_.query("SELECT 1 FROM bets WHERE player_id = ? AND status = 'accepted' LIMIT 1");
    q.bind(player);
    return q.step();
  } else {
    int64_t n = 0;
    if (auto it = committed_.bets_in_play.find(player); it != committed_.bets_in_play.end())
      n += it->second;
    if (auto it = in_play_delta_.find(player); it != in_play_delta_.end()) n += it->second;
    return n > 0;
  }
}

template <class Db>
std::optional<std::string> Batch<Db>::active_cash_bonus(PlayerId player,
                                                        const std::string& currency) {
  const PlayerCurrency who{player, currency};
  if (auto it = active_cash_.find(who); it != active_cash_.end()) return it->second;
  if constexpr (Engine<Db>::shared) {
    throw MissedLock("bonus-of:" + std::to_string(player) + ":" + currency);
  } else {
    auto it = committed_.active_cash_bonus.find(who);
    if (it == committed_.active_cash_bonus.end()) return std::nullopt;
    return it->second;
  }
}

template <class Db>
void Batch<Db>::set_active_cash_bonus(PlayerId player, const std::string& currency,
                                      std::optional<std::string> id) {
  const PlayerCurrency who{player, currency};
  auto it = active_cash_.find(who);
  // Absent (the committed value shows through) is not the same as present and none.
  std::optional<std::optional<std::string>> before;
  if (it != active_cash_.end()) before.emplace(it->second);
  active_cash_undo_.emplace_back(who, std::move(before));
  active_cash_.insert_or_assign(who, std::move(id));
}

template <class Db>
bool Batch<Db>::end_active_bonus(BonusRow& row, BonusStatus status, std::string_view op_key,
                                 int64_t) {
  const AccountRef account = row.kind == BonusKind::cash
                                 ? player_bonus(row.player, row.currency)
                                 : player_free_bet(row.player, row.id, row.currency);
  const Money left = load(account).account.balance;
  if (!move(account, funding_account(kBonusFunding, row.currency), left, "bonus", std::nullopt,
            op_key)) {
    return false;
  }
  if (row.kind == BonusKind::cash) set_active_cash_bonus(row.player, row.currency, std::nullopt);
  row.status = status;
  return true;
}

template <class Db>
bool Batch<Db>::release_bonus(BonusRow& row, std::string_view op_key, int64_t) {
  const AccountRef bonus = player_bonus(row.player, row.currency);
  if (!move(bonus, player_cash(row.player, row.currency), load(bonus).account.balance, "bonus",
            std::nullopt, op_key)) {
    return false;
  }
  set_active_cash_bonus(row.player, row.currency, std::nullopt);
  row.status = BonusStatus::wagered;
  return true;
}

template <class Db>
bool Batch<Db>::count_wager(PlayerId player, const std::string& currency, Money stake,
                            std::string_view op_key, int64_t at_ms) {
  if constexpr (!Engine<Db>::shared) {
    // The common case costs two lookups in empty or small maps.
    if (committed_.active_cash_bonus.empty() && active_cash_.empty()) return true;
  }
  const auto id = active_cash_bonus(player, currency);
  if (!id) return true;
  auto row = read_bonus_row(*id);
  if (!row) throw std::logic_error("ledger: active bonus " + *id + " does not exist");
  const auto wagered = checked_add(row->wagered, stake);
  row->wagered = wagered ? *wagered : Money{INT64_MAX};
  if (row->wagered >= row->wager_required && !release_bonus(*row, op_key, at_ms)) return false;
  write_bonus_row(*row, at_ms);
  return true;
}

template <class Db>
bool Batch<Db>::follow_bonus_share(PlayerId player, const std::string& currency, Money share,
                                   std::string_view op_key) {
  if (share.is_zero() || active_cash_bonus(player, currency)) return true;
  // An ended bonus's status never changes again: read without a lock.
  auto q = db_.query(
      "SELECT status FROM bonuses WHERE player_id = ? AND currency = ? AND kind = 'cash' "
      "AND status IN ('wagered', 'expired', 'cancelled') AND accepted_ms IS NOT NULL "
      "ORDER BY updated_ms DESC, id DESC LIMIT 1");
  q.bind(player, currency);
  if (!q.step()) return true;  // bonus money from before bonuses (a fund to the bonus account)
  const AccountRef bonus = player_bonus(player, currency);
  const AccountRef to = q.text(0) == "wagered" ? player_cash(player, currency)
                                               : funding_account(kBonusFunding, currency);
  return move(bonus, to, share, "bonus", std::nullopt, op_key);
}

template class Batch<sqlite::Db>;
template class Batch<postgres::Db>;

}  // namespace croupier::ledger
