// The ledger's SQLite schema and how its connections are opened, private to the ledger.
//
// The write connection sets WAL, synchronous=FULL (a committed batch survives a power
// cut), foreign keys and a busy timeout, creates the schema in an empty file and refuses
// a file whose schema is not ours. Read connections are read-only: under WAL they see
// the last committed state without ever blocking the writer.
//
// Thread-safety: the functions may be called from any thread; each returned connection
// belongs to one thread at a time (see db/sqlite.hpp).
#pragma once

#include <memory>
#include <string>

#include "db/sqlite.hpp"

namespace croupier::ledger {

inline constexpr std::string_view kSchemaVersion = "1";
inline constexpr int kBusyTimeoutMs = 5000;

// Throws std::runtime_error (or sqlite::Error, which is one) with a message naming the
// file when it cannot be opened, is not a database, or holds another schema.
std::unique_ptr<sqlite::Db> open_write_connection(const std::string& path);
std::unique_ptr<sqlite::Db> open_read_connection(const std::string& path);

}  // namespace croupier::ledger
