#include "ledger/leases.hpp"

#include <stdexcept>

namespace croupier::ledger {

namespace {

// The database's clock in milliseconds: every node judges expiry by the same clock.
constexpr const char* kNowMs = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

}  // namespace

void Fences::own(const std::string& table_id, int64_t epoch) {
  std::lock_guard lock(mu_);
  epochs_[table_id] = epoch;
}

void Fences::drop(const std::string& table_id) {
  std::lock_guard lock(mu_);
  epochs_.erase(table_id);
}

std::optional<int64_t> Fences::epoch_of(std::string_view table_id) const {
  std::lock_guard lock(mu_);
  auto it = epochs_.find(std::string(table_id));
  if (it == epochs_.end()) return std::nullopt;
  return it->second;
}

Leases::Leases(const std::string& conninfo, std::string node, int64_t ttl_ms)
    : conninfo_(conninfo), node_(std::move(node)), ttl_ms_(ttl_ms) {
  if (node_.empty()) throw std::runtime_error("leases: a node needs a name");
  try {
    connect();
  } catch (const postgres::Error& e) {
    throw std::runtime_error(std::string("leases: ") + e.what());
  }
}

void Leases::connect() {
  db_ = postgres::Db::open(conninfo_);
  // A takeover waits for the old owner's batch in flight (its FOR SHARE on the lease),
  // but not for a stalled one: after 2 s the lease is left for the next try. No call
  // waits longer than that on the server either: a lease is renewed or given up in time.
  db_->exec("SET lock_timeout = '2s'; SET statement_timeout = '2s'");
}

postgres::Db& Leases::db() {
  // A connection lost (the server restarted, the network dropped) is replaced here; the
  // call that met the loss failed, the next one works again.
  if (!db_ || !db_->ok()) connect();
  return *db_;
}

std::optional<int64_t> Leases::acquire(const std::string& table_id) {
  static const std::string sql =
      std::string(
          "INSERT INTO table_leases (table_id, node, epoch, expires_ms) VALUES (?, ?, 1, ") +
      kNowMs +
      " + ?) ON CONFLICT (table_id) DO UPDATE SET node = EXCLUDED.node, "
      "epoch = table_leases.epoch + 1, expires_ms = EXCLUDED.expires_ms "
      "WHERE table_leases.expires_ms < " +
      kNowMs + " OR table_leases.node = EXCLUDED.node RETURNING epoch";
  std::lock_guard lock(mu_);
  try {
    auto q = db().query(sql);
    q.bind(table_id, node_, ttl_ms_);
    if (!q.step()) return std::nullopt;
    return q.int64(0);
  } catch (const postgres::Error& e) {
    if (e.sqlstate() == "55P03") return std::nullopt;  // the holder is busy: try later
    throw;
  }
}

bool Leases::renew(const std::string& table_id, int64_t epoch) {
  static const std::string sql = std::string("UPDATE table_leases SET expires_ms = ") + kNowMs +
                                 " + ? WHERE table_id = ? AND node = ? AND epoch = ?";
  std::lock_guard lock(mu_);
  db().query(sql).bind(ttl_ms_, table_id, node_, epoch).run();
  return db_->changes() == 1;
}

void Leases::release(const std::string& table_id, int64_t epoch) {
  std::lock_guard lock(mu_);
  db().query("UPDATE table_leases SET expires_ms = 0 WHERE table_id = ? AND node = ? AND epoch = ?")
      .bind(table_id, node_, epoch)
      .run();
}

std::vector<Lease> Leases::all() {
  static const std::string sql = std::string("SELECT table_id, node, epoch, expires_ms - ") +
                                 kNowMs + " FROM table_leases ORDER BY table_id";
  std::lock_guard lock(mu_);
  auto q = db().query(sql);
  std::vector<Lease> out;
  while (q.step()) out.push_back(Lease{q.text(0), q.text(1), q.int64(2), q.int64(3)});
  return out;
}

}  // namespace croupier::ledger
