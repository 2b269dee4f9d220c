// Table leases: which node of a cluster runs which table (issue 17).
//
// A node runs a table only while it holds the table's lease in the shared PostgreSQL
// database (table_leases: table, node, epoch, expiry). A lease is taken when it is free
// or expired, which starts a new epoch; its holder renews it well before it expires; a
// node that stops cleanly releases it so another may take it at once. Expiry is judged
// by the database's clock, the one clock every node shares.
//
// Fencing: a node's ledger is told the epochs it holds (Fences). Every batch that
// changes a round locks the round's lease row (FOR SHARE, to COMMIT) and refuses the
// operation with Failure::fenced unless this node holds it at that epoch, so a node whose
// lease was taken over (it paused, lost the network, or was presumed dead) can never
// settle, refund or take a bet for the table again, and a takeover waits for a batch
// in flight to commit before the new owner reads the table's rounds.
//
// Thread-safety: Fences may be used from any thread. Leases holds one connection behind
// a mutex; every call may be made from any thread and blocks for one round trip (2 s at
// most on the server's side); a lost connection is opened again at the next call.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "db/postgres.hpp"

namespace croupier::ledger {

class Fences {
 public:
  void own(const std::string& table_id, int64_t epoch);
  void drop(const std::string& table_id);
  std::optional<int64_t> epoch_of(std::string_view table_id) const;

 private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, int64_t> epochs_;
};

// What a ledger checks its round operations against: this node's name and epochs.
struct Fencing {
  std::string node;
  std::shared_ptr<const Fences> fences;
};

struct Lease {
  std::string table_id;
  std::string node;
  int64_t epoch = 0;
  int64_t expires_in_ms = 0;  // by the database's clock; negative once expired
};

class Leases {
 public:
  // Connects to the ledger's database (its schema must be at version 3 or later: open the
  // ledger first). Throws std::runtime_error when it cannot.
  Leases(const std::string& conninfo, std::string node, int64_t ttl_ms);

  // Takes the table's lease when it is free, expired or already this node's (a node
  // restarted under the same name); the new epoch, or nullopt while another node holds it
  // (or holds its row locked for more than 2 s). Throws postgres::Error when the database
  // fails.
  std::optional<int64_t> acquire(const std::string& table_id);
  // Extends this node's lease of that epoch; false when it is no longer ours.
  bool renew(const std::string& table_id, int64_t epoch);
  // Lets another node take the table at once (a clean stop).
  void release(const std::string& table_id, int64_t epoch);
  std::vector<Lease> all();

  const std::string& node() const { return node_; }
  int64_t ttl_ms() const { return ttl_ms_; }

 private:
  void connect();
  postgres::Db& db();  // under mu_: the connection, opened again if it was lost

  std::mutex mu_;
  const std::string conninfo_;
  std::unique_ptr<postgres::Db> db_;
  const std::string node_;
  const int64_t ttl_ms_;
};

}  // namespace croupier::ledger
