// Queries behind the ledger's read functions, private to the ledger.
//
// Each is one SQL statement, so it sees one committed snapshot even while the writer
// commits; the same SQL on SQLite and PostgreSQL (instantiated for sqlite::Db and
// postgres::Db). Thread-safety: as for the connection passed in (see db/sqlite.hpp); the
// engine's failures are thrown as its Error.
#pragma once

#include <string_view>
#include <vector>

#include "db/postgres.hpp"
#include "db/sqlite.hpp"
#include "ledger/ledger.hpp"

namespace croupier::ledger {

// The most results recent_results() returns, whatever limit is asked for.
inline constexpr size_t kRecentResultsMax = 10000;

template <class Db>
Balance read_balance(Db& db, PlayerId player, std::string_view currency);
template <class Db>
std::vector<UnsettledRound> read_unsettled_rounds(Db& db, std::string_view table_id);
// Whether the player has accepted bets (the writer counts them in memory where it is the
// only writer).
template <class Db>
bool read_has_bets_in_play(Db& db, PlayerId player);
template <class Db>
int64_t read_max_round_seq(Db& db, std::string_view table_id);
template <class Db>
std::vector<PlayerTable> read_player_tables(Db& db, PlayerId player, size_t limit);
template <class Db>
std::vector<TablePlayer> read_recent_players(Db& db, int64_t since_ms, size_t limit);
// At most kHistoryPageMax rounds, whatever query.limit asks for.
inline constexpr size_t kHistoryPageMax = 100;
template <class Db>
std::vector<HistoryRound> read_player_history(Db& db, const HistoryQuery& query);
template <class Db>
std::vector<RoundResult> read_recent_results(Db& db, std::string_view table_id, size_t limit);
template <class Db>
std::optional<FairRound> read_fair_round(Db& db, std::string_view round_id);
template <class Db>
std::vector<BonusView> read_bonuses(Db& db, PlayerId player);
template <class Db>
std::optional<BonusView> read_bonus(Db& db, std::string_view bonus_id);
template <class Db>
std::vector<PromoScore> read_promotion_scores(Db& db, const PromoQuery& query);
template <class Db>
bool read_has_active_cash_bonus(Db& db, PlayerId player, std::string_view currency);
template <class Db>
std::vector<std::string> read_bonuses_due(Db& db, int64_t now_ms, size_t limit);
template <class Db>
std::vector<WalletCallView> read_pending_wallet_calls(Db& db, size_t limit);
template <class Db>
std::optional<WalletCallView> read_wallet_call(Db& db, std::string_view call_id);
template <class Db>
std::vector<WalletCallView> read_wallet_calls(Db& db, const WalletCallQuery& query);
template <class Db>
std::vector<PlayerTotals> read_player_totals(Db& db, PlayerId player, int64_t since_ms);
template <class Db>
std::vector<WalletAnswer> read_wallet_attempts(Db& db, std::string_view call_id);
template <class Db>
std::vector<HistoryRound> read_table_rounds(Db& db, const TableRoundsQuery& query);
template <class Db>
std::vector<GgrRow> read_ggr(Db& db, int64_t from_ms, int64_t to_ms);
template <class Db>
std::vector<CashHeld> read_cash_held(Db& db, const std::optional<CashHeld>& after, size_t limit);
template <class Db>
std::optional<Money> read_last_wallet_balance(Db& db, PlayerId player, std::string_view currency);
// The columns read_wallet_call_view() takes (of wallet_calls w).
extern const char* const kWalletCallColumns;
template <class Query>
WalletCallView read_wallet_call_view(Query& q);
std::optional<BonusKind> parse_bonus_kind(std::string_view text);
std::optional<BonusStatus> parse_bonus_status(std::string_view text);

}  // namespace croupier::ledger
