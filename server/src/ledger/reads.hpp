// Queries behind the ledger's read functions, private to the ledger.
//
// Each is one SQL statement, so it sees one committed snapshot even while the writer
// commits. Thread-safety: as for the connection passed in (see db/sqlite.hpp); failures of
// SQLite are thrown as sqlite::Error.
#pragma once

#include <string_view>
#include <vector>

#include "db/sqlite.hpp"
#include "ledger/ledger.hpp"

namespace croupier::ledger {

// The most results recent_results() returns, whatever limit is asked for.
inline constexpr size_t kRecentResultsMax = 10000;

Balance read_balance(sqlite::Db& db, PlayerId player, std::string_view currency);
std::vector<UnsettledRound> read_unsettled_rounds(sqlite::Db& db, std::string_view table_id);
int64_t read_max_round_seq(sqlite::Db& db, std::string_view table_id);
std::vector<PlayerTable> read_player_tables(sqlite::Db& db, PlayerId player, size_t limit);
std::vector<TablePlayer> read_recent_players(sqlite::Db& db, int64_t since_ms, size_t limit);
// At most kHistoryPageMax rounds, whatever query.limit asks for.
inline constexpr size_t kHistoryPageMax = 100;
std::vector<HistoryRound> read_player_history(sqlite::Db& db, const HistoryQuery& query);
std::vector<RoundResult> read_recent_results(sqlite::Db& db, std::string_view table_id,
                                             size_t limit);

}  // namespace croupier::ledger
