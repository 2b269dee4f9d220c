#include "ledger/reads.hpp"

#include <algorithm>

#include "ledger/accounts.hpp"

namespace croupier::ledger {

template <class Db>
Balance read_balance(Db& db, PlayerId player, std::string_view currency) {
  auto q = db.query("SELECT name, balance FROM accounts WHERE name IN (?, ?)");
  const std::string cash = player_cash(player, currency).name;
  q.bind(cash, player_bonus(player, currency).name);
  Balance balance;
  while (q.step()) {
    (q.text(0) == cash ? balance.cash : balance.bonus) = q.money(1);
  }
  return balance;
}

template <class Db>
std::vector<UnsettledRound> read_unsettled_rounds(Db& db, std::string_view table_id) {
  auto q = db.query(
      "SELECT r.id, r.game, r.seq, r.result, b.id, b.player_id, b.currency, b.spot, b.amount "
      "FROM rounds r LEFT JOIN bets b ON b.round_id = r.id AND b.status = 'accepted' "
      "WHERE r.table_id = ? AND r.state IN ('open', 'result') ORDER BY r.seq, b.id");
  q.bind(table_id);
  std::vector<UnsettledRound> rounds;
  while (q.step()) {
    std::string round_id = q.text(0);
    if (rounds.empty() || rounds.back().round_id != round_id) {
      rounds.push_back(UnsettledRound{std::move(round_id),
                                      std::string(table_id),
                                      q.text(1),
                                      q.int64(2),
                                      q.optional_text(3),
                                      {}});
    }
    if (q.is_null(4)) continue;  // a round without accepted bets
    rounds.back().bets.push_back(OpenBet{q.int64(4), q.int64(5), q.text(6), q.text(7), q.money(8)});
  }
  return rounds;
}

template <class Db>
bool read_has_bets_in_play(Db& db, PlayerId player) {
  auto q = db.query("SELECT 1 FROM bets WHERE player_id = ? AND status = 'accepted' LIMIT 1");
  q.bind(player);
  return q.step();
}

template <class Db>
int64_t read_max_round_seq(Db& db, std::string_view table_id) {
  auto q = db.query("SELECT COALESCE(MAX(seq), 0) FROM rounds WHERE table_id = ?");
  q.bind(table_id);
  q.step();
  return q.int64(0);
}

template <class Db>
std::vector<RoundResult> read_recent_results(Db& db, std::string_view table_id, size_t limit) {
  auto q = db.query(
      "SELECT id, seq, result, COALESCE(result_ms, closed_ms, opened_ms) FROM rounds "
      "WHERE table_id = ? AND state = 'settled' AND result IS NOT NULL "
      "ORDER BY seq DESC LIMIT ?");
  q.bind(table_id, static_cast<int64_t>(std::min(limit, kRecentResultsMax)));
  std::vector<RoundResult> results;
  while (q.step()) results.push_back(RoundResult{q.text(0), q.int64(1), q.text(2), q.int64(3)});
  return results;
}

template <class Db>
std::optional<FairRound> read_fair_round(Db& db, std::string_view round_id) {
  auto q = db.query(
      "SELECT id, table_id, game, result, fair, COALESCE(result_ms, closed_ms, opened_ms) "
      "FROM rounds WHERE id = ? AND state = 'settled' AND result IS NOT NULL");
  q.bind(round_id);
  if (!q.step()) return std::nullopt;
  return FairRound{q.text(0), q.text(1), q.text(2), q.text(3), q.optional_text(4), q.int64(5)};
}

// A bonus's columns (kBonusColumns) as read_bonus_view() takes them; the last is what is left
// of an active bonus (the bonus account's, or its chips account's, balance).
const char* const kBonusColumns =
    "b.id, b.player_id, b.currency, b.campaign, b.code, b.kind, b.status, b.amount, "
    "b.chip_value, b.wager_required, b.wagered, b.max_win, b.won, b.games, b.expires_ms, "
    "b.created_ms, b.updated_ms, CASE WHEN b.status <> 'active' THEN 0 ELSE COALESCE(("
    "SELECT a.balance FROM accounts a WHERE a.name = CASE WHEN b.kind = 'cash' "
    "THEN 'player:' || b.player_id || ':bonus:' || b.currency "
    "ELSE 'player:' || b.player_id || ':freebet:' || b.id || ':' || b.currency END), 0) END";

std::optional<BonusKind> parse_bonus_kind(std::string_view text) {
  if (text == "cash") return BonusKind::cash;
  if (text == "free_bet") return BonusKind::free_bet;
  return std::nullopt;
}

std::optional<BonusStatus> parse_bonus_status(std::string_view text) {
  for (BonusStatus s : {BonusStatus::pending, BonusStatus::active, BonusStatus::expired,
                        BonusStatus::wagered, BonusStatus::cancelled}) {
    if (bonus_status_name(s) == text) return s;
  }
  return std::nullopt;
}

template <class Query>
BonusView read_bonus_view(Query& q) {
  BonusView v;
  v.bonus_id = q.text(0);
  v.player = q.int64(1);
  v.currency = q.text(2);
  v.campaign = q.text(3);
  v.code = q.text(4);
  v.kind = parse_bonus_kind(q.text(5)).value_or(BonusKind::cash);
  v.status = parse_bonus_status(q.text(6)).value_or(BonusStatus::cancelled);
  v.amount = q.money(7);
  v.chip_value = q.money(8);
  v.wager_required = q.money(9);
  v.wagered = q.money(10);
  v.max_win = q.money(11);
  v.won = q.money(12);
  v.games = q.text(13);
  v.expires_ms = q.int64(14);
  v.created_ms = q.int64(15);
  v.updated_ms = q.int64(16);
  v.remaining = q.money(17);
  if (v.kind == BonusKind::free_bet && v.chip_value.is_positive())
    v.chips_left = v.remaining.units / v.chip_value.units;
  return v;
}

template <class Db>
std::vector<BonusView> read_bonuses(Db& db, PlayerId player) {
  auto q = db.query(std::string("SELECT ") + kBonusColumns +
                    " FROM bonuses b WHERE b.player_id = ? "
                    "ORDER BY b.created_ms DESC, b.id DESC LIMIT 100");
  q.bind(player);
  std::vector<BonusView> out;
  while (q.step()) out.push_back(read_bonus_view(q));
  return out;
}

template <class Db>
std::optional<BonusView> read_bonus(Db& db, std::string_view bonus_id) {
  auto q = db.query(std::string("SELECT ") + kBonusColumns + " FROM bonuses b WHERE b.id = ?");
  q.bind(bonus_id);
  if (!q.step()) return std::nullopt;
  return read_bonus_view(q);
}

template <class Db>
std::vector<PromoScore> read_promotion_scores(Db& db, const PromoQuery& query) {
  // One statement per entrant (by the index of a player's bets): a promotion's entrants
  // are its opted-in players, not every player. A round counts when the player's own stake
  // in it reaches the minimum bet, and then with every bet of theirs in it.
  std::string sql =
      "SELECT COUNT(*), COALESCE(SUM(t.stake), 0), COALESCE(MAX(t.best), 0), "
      "COALESCE(SUM(t.wins), 0), COALESCE(MAX(t.last), 0) FROM ("
      "SELECT SUM(b.amount) AS stake, MAX(b.returned * 1000 / b.amount) AS best, "
      "SUM(CASE WHEN b.returned > b.amount THEN 1 ELSE 0 END) AS wins, "
      "MAX(b.placed_ms) AS last FROM bets b JOIN rounds r ON r.id = b.round_id "
      "WHERE b.player_id = ? AND b.currency = ? AND b.status = 'settled' AND b.free_bet IS NULL "
      "AND b.placed_ms >= ? AND b.placed_ms < ?";
  if (!query.games.empty()) {
    sql += " AND r.game IN (";
    for (size_t i = 0; i < query.games.size(); ++i) sql += i ? ", ?" : "?";
    sql += ")";
  }
  sql += " GROUP BY b.round_id HAVING SUM(b.amount) >= ?) t";
  std::vector<PromoScore> out;
  for (const PromoEntrant& e : query.entrants) {
    auto q = db.query(sql);
    q.bind(e.player, query.currency, std::max(query.from_ms, e.since_ms), query.to_ms);
    int at = 5;
    for (const std::string& game : query.games) q.bind_from(at++, game);
    q.bind_from(at, query.min_bet);
    PromoScore s;
    s.player = e.player;
    if (q.step()) {
      s.bets = q.int64(0);
      s.wagered = q.money(1);
      s.best_multiple = q.int64(2);
      s.wins = q.int64(3);
      s.last_ms = q.int64(4);
    }
    out.push_back(s);
  }
  return out;
}

template <class Db>
bool read_has_active_cash_bonus(Db& db, PlayerId player, std::string_view currency) {
  auto q = db.query(
      "SELECT 1 FROM bonuses WHERE player_id = ? AND status = 'active' AND kind = 'cash' "
      "AND currency = ?");
  q.bind(player, currency);
  return q.step();
}

template <class Db>
std::vector<std::string> read_bonuses_due(Db& db, int64_t now_ms, size_t limit) {
  auto q = db.query(
      "SELECT id FROM bonuses WHERE status IN ('pending', 'active') AND expires_ms <= ? "
      "ORDER BY expires_ms, id LIMIT ?");
  q.bind(now_ms, static_cast<int64_t>(limit));
  std::vector<std::string> out;
  while (q.step()) out.push_back(q.text(0));
  return out;
}

template <class Db>
std::vector<PlayerTable> read_player_tables(Db& db, PlayerId player, size_t limit) {
  auto q = db.query(
      "SELECT r.table_id, MAX(r.opened_ms), COUNT(DISTINCT r.id) FROM bets b "
      "JOIN rounds r ON r.id = b.round_id WHERE b.player_id = ? "
      "GROUP BY r.table_id ORDER BY 2 DESC LIMIT ?");
  q.bind(player, static_cast<int64_t>(limit));
  std::vector<PlayerTable> out;
  while (q.step()) out.push_back(PlayerTable{q.text(0), q.int64(1), q.int64(2)});
  return out;
}

template <class Db>
std::vector<TablePlayer> read_recent_players(Db& db, int64_t since_ms, size_t limit) {
  auto q = db.query(
      "SELECT r.table_id, b.player_id, MAX(r.opened_ms) FROM rounds r "
      "JOIN bets b ON b.round_id = r.id WHERE r.opened_ms >= ? "
      "GROUP BY r.table_id, b.player_id ORDER BY r.table_id, 3 DESC LIMIT ?");
  q.bind(since_ms, static_cast<int64_t>(limit));
  std::vector<TablePlayer> out;
  while (q.step())
    out.push_back(TablePlayer{q.text(0), static_cast<PlayerId>(q.int64(1)), q.int64(2)});
  return out;
}

template <class Query>
std::vector<HistoryRound> read_history_rows(Query& q);

// One statement (one snapshot): the page of rounds, then each with the player's bets.
template <class Db>
std::vector<HistoryRound> read_player_history(Db& db, const HistoryQuery& query) {
  auto q = db.query(
      "WITH page AS ("
      " SELECT r.id, r.table_id, r.game, r.seq, r.state, r.result, r.opened_ms, r.closed_ms,"
      " r.detail"
      " FROM rounds r"
      " WHERE r.id IN (SELECT round_id FROM bets WHERE player_id = ?1)"
      " AND r.opened_ms >= ?2 AND r.opened_ms < ?3 AND (?4 = '' OR r.game = ?4)"
      " AND (?5 = 0 OR r.opened_ms < ?6 OR (r.opened_ms = ?6 AND r.id < ?7))"
      " ORDER BY r.opened_ms DESC, r.id DESC LIMIT ?8) "
      "SELECT p.id, p.table_id, p.game, p.seq, p.state, p.result, p.opened_ms, p.closed_ms,"
      " b.id, b.spot, b.amount, b.status, b.returned, b.place_key, b.placed_ms, b.currency,"
      " p.detail, b.player_id"
      " FROM page p JOIN bets b ON b.round_id = p.id AND b.player_id = ?1"
      " ORDER BY p.opened_ms DESC, p.id DESC, b.id");
  const bool has_cursor = query.before.has_value();
  q.bind(query.player, query.from_ms, query.to_ms, query.game, int64_t{has_cursor},
         has_cursor ? query.before->first : int64_t{0},
         has_cursor ? query.before->second : std::string(),
         static_cast<int64_t>(std::min(query.limit, kHistoryPageMax)));
  return read_history_rows(q);
}

// Rows of (round, bet) in page order into rounds with their bets: the columns of
// read_player_history's statement.
template <class Query>
std::vector<HistoryRound> read_history_rows(Query& q) {
  std::vector<HistoryRound> out;
  while (q.step()) {
    if (out.empty() || out.back().round_id != q.text(0)) {
      HistoryRound r;
      r.round_id = q.text(0);
      r.table_id = q.text(1);
      r.game = q.text(2);
      r.seq = q.int64(3);
      r.state = q.text(4);
      r.result = q.optional_text(5);
      r.opened_ms = q.int64(6);
      if (!q.is_null(7)) r.closed_ms = q.int64(7);
      r.currency = q.text(15);
      r.detail = q.optional_text(16);
      out.push_back(std::move(r));
    }
    HistoryBet b;
    b.id = q.int64(8);
    b.spot = q.text(9);
    b.amount = q.money(10);
    b.status = q.text(11);
    if (!q.is_null(12)) b.returned = q.money(12);
    b.place_key = q.text(13);
    b.placed_ms = q.int64(14);
    b.player = q.int64(17);
    out.back().bets.push_back(std::move(b));
  }
  return out;
}

template <class Db>
std::vector<HistoryRound> read_table_rounds(Db& db, const TableRoundsQuery& query) {
  auto q = db.query(
      "WITH page AS ("
      " SELECT r.id, r.table_id, r.game, r.seq, r.state, r.result, r.opened_ms, r.closed_ms,"
      " r.detail"
      " FROM rounds r"
      " WHERE r.table_id = ?1 AND r.opened_ms >= ?2 AND r.opened_ms < ?3"
      " AND EXISTS (SELECT 1 FROM bets x WHERE x.round_id = r.id)"
      " AND (?4 = 0 OR r.opened_ms < ?5 OR (r.opened_ms = ?5 AND r.id < ?6))"
      " ORDER BY r.opened_ms DESC, r.id DESC LIMIT ?7) "
      "SELECT p.id, p.table_id, p.game, p.seq, p.state, p.result, p.opened_ms, p.closed_ms,"
      " b.id, b.spot, b.amount, b.status, b.returned, b.place_key, b.placed_ms, b.currency,"
      " p.detail, b.player_id"
      " FROM page p JOIN bets b ON b.round_id = p.id"
      " ORDER BY p.opened_ms DESC, p.id DESC, b.id");
  const bool has_cursor = query.before.has_value();
  q.bind(query.table_id, query.from_ms, query.to_ms, int64_t{has_cursor},
         has_cursor ? query.before->first : int64_t{0},
         has_cursor ? query.before->second : std::string(),
         static_cast<int64_t>(std::min<size_t>(query.limit, 1000)));
  return read_history_rows(q);
}

template <class Db>
std::vector<GgrRow> read_ggr(Db& db, int64_t from_ms, int64_t to_ms) {
  auto q = db.query(
      "SELECT r.table_id, r.opened_ms / 86400000, b.player_id, b.currency,"
      " COUNT(DISTINCT r.id), COUNT(*),"
      " CAST(SUM(CASE WHEN b.free_bet IS NULL THEN b.amount ELSE 0 END) AS BIGINT),"
      " CAST(SUM(COALESCE(b.returned, 0)) AS BIGINT)"
      " FROM bets b JOIN rounds r ON r.id = b.round_id"
      " WHERE b.status = 'settled' AND r.opened_ms >= ? AND r.opened_ms < ?"
      " GROUP BY r.table_id, r.opened_ms / 86400000, b.player_id, b.currency"
      " ORDER BY 2, 1, 3 LIMIT 100000");
  q.bind(from_ms, to_ms);
  std::vector<GgrRow> out;
  while (q.step()) {
    out.push_back(GgrRow{q.text(0), q.int64(1), q.int64(2), q.text(3), q.int64(4), q.int64(5),
                         q.money(6), q.money(7)});
  }
  return out;
}

template <class Db>
std::vector<PlayerTotals> read_player_totals(Db& db, PlayerId player, int64_t since_ms) {
  auto q = db.query(
      "SELECT currency, COUNT(*),"
      " CAST(SUM(CASE WHEN free_bet IS NULL THEN amount ELSE 0 END) AS BIGINT),"
      " CAST(SUM(CASE WHEN status = 'settled' THEN COALESCE(returned, 0) ELSE 0 END) AS BIGINT),"
      " CAST(SUM(CASE WHEN status = 'accepted' AND free_bet IS NULL THEN amount ELSE 0 END)"
      " AS BIGINT)"
      " FROM bets WHERE player_id = ? AND placed_ms >= ? AND status <> 'refunded'"
      " GROUP BY currency ORDER BY currency");
  q.bind(player, since_ms);
  std::vector<PlayerTotals> out;
  while (q.step())
    out.push_back(PlayerTotals{q.text(0), q.int64(1), q.money(2), q.money(3), q.money(4)});
  return out;
}

template <class Db>
std::vector<WalletAnswer> read_wallet_attempts(Db& db, std::string_view call_id) {
  auto q = db.query(
      "SELECT call_id, attempt, outcome, detail, http_status, balance, latency_ms, at_ms "
      "FROM wallet_attempts WHERE call_id = ? ORDER BY attempt");
  q.bind(call_id);
  std::vector<WalletAnswer> out;
  while (q.step()) {
    WalletAnswer a;
    a.call_id = q.text(0);
    a.attempt = q.int64(1);
    a.outcome = q.text(2);
    a.detail = q.text(3);
    a.http_status = q.int64(4);
    if (!q.is_null(5)) a.balance = q.money(5);
    a.latency_ms = q.int64(6);
    a.at_ms = q.int64(7);
    out.push_back(std::move(a));
  }
  return out;
}

const char* const kWalletCallColumns =
    "w.id, w.operator_id, w.player_id, w.currency, w.kind, w.status, w.amount, "
    "COALESCE(w.round_id, ''), w.ref, w.attempts, w.detail, w.balance, w.created_ms, "
    "w.updated_ms";

template <class Query>
WalletCallView read_wallet_call_view(Query& q) {
  WalletCallView v;
  v.call_id = q.text(0);
  v.operator_id = q.text(1);
  v.player = q.int64(2);
  v.currency = q.text(3);
  const std::string kind = q.text(4);
  for (WalletKind k : {WalletKind::debit, WalletKind::credit, WalletKind::rollback})
    if (wallet_kind_name(k) == kind) v.kind = k;
  const std::string status = q.text(5);
  for (WalletStatus s :
       {WalletStatus::pending, WalletStatus::ok, WalletStatus::refused, WalletStatus::rolled_back})
    if (wallet_status_name(s) == status) v.status = s;
  v.amount = q.money(6);
  v.round_id = q.text(7);
  v.ref = q.text(8);
  v.attempts = q.int64(9);
  v.detail = q.text(10);
  if (!q.is_null(11)) v.balance = q.money(11);
  v.created_ms = q.int64(12);
  v.updated_ms = q.int64(13);
  return v;
}
template WalletCallView read_wallet_call_view(sqlite::Query&);
template WalletCallView read_wallet_call_view(postgres::Query&);

template <class Db>
std::vector<WalletCallView> read_pending_wallet_calls(Db& db, size_t limit) {
  auto q = db.query(std::string("SELECT ") + kWalletCallColumns +
                    " FROM wallet_calls w WHERE w.status = 'pending' "
                    "ORDER BY w.created_ms, w.id LIMIT ?");
  q.bind(static_cast<int64_t>(limit));
  std::vector<WalletCallView> out;
  while (q.step()) out.push_back(read_wallet_call_view(q));
  return out;
}

template <class Db>
std::optional<WalletCallView> read_wallet_call(Db& db, std::string_view call_id) {
  auto q =
      db.query(std::string("SELECT ") + kWalletCallColumns + " FROM wallet_calls w WHERE w.id = ?");
  q.bind(call_id);
  if (!q.step()) return std::nullopt;
  return read_wallet_call_view(q);
}

template <class Db>
std::vector<WalletCallView> read_wallet_calls(Db& db, const WalletCallQuery& query) {
  std::string sql = std::string("SELECT ") + kWalletCallColumns +
                    " FROM wallet_calls w WHERE w.operator_id = ? AND w.created_ms >= ? "
                    "AND w.created_ms < ?";
  if (query.player != 0) sql += " AND w.player_id = ?";
  if (query.after) sql += " AND (w.created_ms > ? OR (w.created_ms = ? AND w.id > ?))";
  sql += " ORDER BY w.created_ms, w.id LIMIT ?";
  auto q = db.query(sql);
  int index = 0;
  q.bind_from(++index, query.operator_id);
  q.bind_from(++index, query.from_ms);
  q.bind_from(++index, query.to_ms);
  if (query.player != 0) q.bind_from(++index, query.player);
  if (query.after) {
    q.bind_from(++index, query.after->first);
    q.bind_from(++index, query.after->first);
    q.bind_from(++index, query.after->second);
  }
  q.bind_from(++index, static_cast<int64_t>(std::min<size_t>(query.limit, 10000)));
  std::vector<WalletCallView> out;
  while (q.step()) out.push_back(read_wallet_call_view(q));
  return out;
}

template <class Db>
std::vector<CashHeld> read_cash_held(Db& db, const std::optional<CashHeld>& after, size_t limit) {
  // Only players who have wallet calls: a seamless player's first call comes before any cash.
  auto q = db.query(
      "SELECT p.player, p.currency, p.balance FROM ("
      " SELECT CASE WHEN a.kind = 'player_cash' THEN CAST(a.owner AS BIGINT) END AS player,"
      " a.currency, a.balance FROM accounts a WHERE a.kind = 'player_cash' AND a.balance > 0) p "
      "WHERE EXISTS (SELECT 1 FROM wallet_calls w WHERE w.player_id = p.player) "
      "AND (p.player > ? OR (p.player = ? AND p.currency > ?)) "
      "ORDER BY p.player, p.currency LIMIT ?");
  const PlayerId from = after ? after->player : 0;
  q.bind(from, from, after ? after->currency : std::string(), static_cast<int64_t>(limit));
  std::vector<CashHeld> out;
  while (q.step()) out.push_back(CashHeld{q.int64(0), q.text(1), q.money(2)});
  return out;
}

template <class Db>
std::optional<Money> read_last_wallet_balance(Db& db, PlayerId player, std::string_view currency) {
  auto q = db.query(
      "SELECT balance FROM wallet_calls WHERE player_id = ? AND currency = ? "
      "AND balance IS NOT NULL ORDER BY updated_ms DESC LIMIT 1");
  q.bind(player, currency);
  if (!q.step()) return std::nullopt;
  return q.money(0);
}

#define CROUPIER_LEDGER_READS(Db)                                                             \
  template Balance read_balance(Db&, PlayerId, std::string_view);                             \
  template std::vector<UnsettledRound> read_unsettled_rounds(Db&, std::string_view);          \
  template int64_t read_max_round_seq(Db&, std::string_view);                                 \
  template bool read_has_bets_in_play(Db&, PlayerId);                                         \
  template std::vector<PlayerTable> read_player_tables(Db&, PlayerId, size_t);                \
  template std::vector<TablePlayer> read_recent_players(Db&, int64_t, size_t);                \
  template std::vector<HistoryRound> read_player_history(Db&, const HistoryQuery&);           \
  template std::vector<RoundResult> read_recent_results(Db&, std::string_view, size_t);       \
  template std::optional<FairRound> read_fair_round(Db&, std::string_view);                   \
  template std::vector<BonusView> read_bonuses(Db&, PlayerId);                                \
  template std::optional<BonusView> read_bonus(Db&, std::string_view);                        \
  template std::vector<std::string> read_bonuses_due(Db&, int64_t, size_t);                   \
  template bool read_has_active_cash_bonus(Db&, PlayerId, std::string_view);                  \
  template std::vector<PromoScore> read_promotion_scores(Db&, const PromoQuery&);             \
  template std::vector<WalletCallView> read_pending_wallet_calls(Db&, size_t);                \
  template std::optional<WalletCallView> read_wallet_call(Db&, std::string_view);             \
  template std::vector<CashHeld> read_cash_held(Db&, const std::optional<CashHeld>&, size_t); \
  template std::optional<Money> read_last_wallet_balance(Db&, PlayerId, std::string_view);    \
  template std::vector<WalletCallView> read_wallet_calls(Db&, const WalletCallQuery&);        \
  template std::vector<WalletAnswer> read_wallet_attempts(Db&, std::string_view);             \
  template std::vector<PlayerTotals> read_player_totals(Db&, PlayerId, int64_t);              \
  template std::vector<HistoryRound> read_table_rounds(Db&, const TableRoundsQuery&);         \
  template std::vector<GgrRow> read_ggr(Db&, int64_t, int64_t);
CROUPIER_LEDGER_READS(sqlite::Db)
CROUPIER_LEDGER_READS(postgres::Db)
#undef CROUPIER_LEDGER_READS

}  // namespace croupier::ledger
