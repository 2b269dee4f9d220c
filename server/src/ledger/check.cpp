// check_ledger: the independent audit of a ledger file (see ledger.hpp). It reads the
// file on its own read-only connection inside one read transaction, so it sees one
// consistent snapshot even while a server is writing, and it trusts nothing the writer
// keeps in memory: balances are recomputed from transfers, and every bet's transfers
// are recomputed from the bet.
#include <map>
#include <type_traits>
#include <unordered_map>

#include "db/postgres.hpp"
#include "db/sqlite.hpp"
#include "ledger/accounts.hpp"
#include "ledger/ledger.hpp"
#include "ledger/schema.hpp"

namespace croupier::ledger {

namespace {

// Enough lines to diagnose any damage without flooding a terminal.
constexpr size_t kProblemsMax = 1000;

// Sums of a tampered file may exceed int64. (__extension__ keeps -Wpedantic quiet.)
__extension__ using Wide = __int128;

std::string show(Wide units) {
  if (units > INT64_MAX || units < INT64_MIN) return "(beyond int64)";
  return format_money(Money{static_cast<int64_t>(units)});
}
std::string show(Money m) {
  return format_money(m);
}

// What the transfers of one bet add up to.
struct BetFlows {
  Wide stake_cash = 0, stake_bonus = 0;
  int stake_n = 0;
  Wide stake_in = 0;
  int stake_in_n = 0;
  Wide payout_cash = 0, payout_bonus = 0;
  int payout_n = 0;
  Wide refund_cash = 0, refund_bonus = 0;
  int refund_n = 0;
  int misdirected = 0;  // transfers between accounts the bet has nothing to do with
};

struct BetRow {
  BetId id = 0;
  std::string round_id;
  PlayerId player = 0;
  std::string currency;
  Money amount, cash_part, bonus_part;
  std::string status;
  std::optional<int64_t> returned;
  std::optional<std::string> round_state;  // nullopt: the round does not exist
  std::optional<std::string> settle_key;   // the operation that settled or refunded it
  std::optional<std::string> settle_kind;  // its recorded kind; nullopt: not recorded
  std::string free_bet;                    // the free-bet bonus that staked it; empty: none
};

int nonzero(Money m) {
  return m.is_zero() ? 0 : 1;
}

template <class Db>
class Checker {
 public:
  Checker(Db& db, CheckReport& report) : db_(db), report_(report) {}

  void run() {
    count();
    currency_sums();
    account_balances();
    players_not_negative();
    transfer_shapes();
    bets();
    rounds_in_play();
    rounds_closed();
    bonuses();
    wallets();
    if (dropped_ > 0) {
      report_.problems.push_back("... and " + std::to_string(dropped_) + " more problems");
    }
  }

 private:
  void problem(std::string line) {
    if (report_.problems.size() < kProblemsMax) {
      report_.problems.push_back(std::move(line));
    } else {
      ++dropped_;
    }
  }

  int64_t count_of(std::string_view sql) {
    auto q = db_.query(sql);
    q.step();
    return q.int64(0);
  }

  void count() {
    report_.accounts = count_of("SELECT count(*) FROM accounts");
    report_.transfers = count_of("SELECT count(*) FROM transfers");
    report_.bets = count_of("SELECT count(*) FROM bets");
    report_.bets_settled = count_of("SELECT count(*) FROM bets WHERE status = 'settled'");
    report_.bets_refunded = count_of("SELECT count(*) FROM bets WHERE status = 'refunded'");
    report_.bets_in_play = count_of(
        "SELECT count(*) FROM bets b JOIN rounds r ON r.id = b.round_id "
        "WHERE b.status = 'accepted' AND r.state IN ('open', 'result')");
    report_.rounds_open = count_of("SELECT count(*) FROM rounds WHERE state IN ('open', 'result')");
  }

  void currency_sums() {
    // Added up here, wide: SQLite's SUM stops with "integer overflow" when its running total
    // leaves 64 bits, which balances that add up to zero can do on the way (a whale's
    // account and the funding account it came from).
    std::map<std::string, Wide> sums;
    auto q = db_.query("SELECT currency, balance FROM accounts");
    while (q.step()) sums[q.text(0)] += q.int64(1);
    for (const auto& [currency, sum] : sums) {
      if (sum > INT64_MAX || sum < INT64_MIN) {
        problem("currency " + currency + " sums to " + show(sum) + " instead of zero");
        continue;
      }
      report_.sum_by_currency[currency] = Money{static_cast<int64_t>(sum)};
      if (sum != 0) problem("currency " + currency + " sums to " + show(sum) + " instead of zero");
    }
  }

  void account_balances() {
    auto q = db_.query(
        "SELECT a.name, a.balance, COALESCE(c.total, 0) - COALESCE(d.total, 0) FROM accounts a "
        "LEFT JOIN (SELECT credit_account AS id, SUM(amount) AS total FROM transfers "
        "           GROUP BY credit_account) c ON c.id = a.id "
        "LEFT JOIN (SELECT debit_account AS id, SUM(amount) AS total FROM transfers "
        "           GROUP BY debit_account) d ON d.id = a.id "
        "WHERE a.balance <> COALESCE(c.total, 0) - COALESCE(d.total, 0)");
    while (q.step()) {
      problem("account " + q.text(0) + " holds " + show(q.money(1)) +
              " but its transfers add up to " + show(q.money(2)));
    }
  }

  void players_not_negative() {
    auto q = db_.query(
        "SELECT name, balance FROM accounts "
        "WHERE kind IN ('player_cash', 'player_bonus') AND balance < 0");
    while (q.step()) problem("player account " + q.text(0) + " is negative: " + show(q.money(1)));
  }

  // Transfers that are malformed whatever bet they belong to.
  void transfer_shapes() {
    auto orphans = db_.query(
        "SELECT t.id, t.op_key FROM transfers t LEFT JOIN ops o ON o.key = t.op_key "
        "WHERE o.key IS NULL");
    while (orphans.step()) {
      problem("transfer " + std::to_string(orphans.int64(0)) + " names operation " +
              orphans.text(1) + ", which is not recorded");
    }
    auto shapes = db_.query(
        "SELECT t.id, t.kind, d.name, c.name FROM transfers t "
        "LEFT JOIN accounts d ON d.id = t.debit_account "
        "LEFT JOIN accounts c ON c.id = t.credit_account "
        "WHERE d.id IS NULL OR c.id IS NULL OR d.currency <> c.currency "
        "   OR (t.kind IN ('fund', 'bonus', 'wallet')) <> (t.bet_id IS NULL) "
        "   OR (t.kind = 'wallet' AND NOT ((d.kind = 'funding' AND c.kind = 'player_cash') "
        "       OR (d.kind = 'player_cash' AND c.kind = 'funding'))) "
        "   OR (t.kind = 'fund' AND (d.kind <> 'funding' "
        "       OR c.kind NOT IN ('player_cash', 'player_bonus'))) "
        "   OR (t.kind = 'bonus' AND (d.kind <> 'player_bonus' "
        "       OR c.kind NOT IN ('player_cash', 'funding')))");
    while (shapes.step()) {
      problem("transfer " + std::to_string(shapes.int64(0)) + " (" + shapes.text(1) + " from " +
              shapes.text(2) + " to " + shapes.text(3) + ") is malformed");
    }
  }

  // Bets and the transfers that name them, read in bet id order and merged.
  void bets() {
    load_account_names();
    auto transfers = db_.query(
        "SELECT bet_id, kind, debit_account, credit_account, amount FROM transfers "
        "WHERE bet_id IS NOT NULL ORDER BY bet_id, id");
    bool more = transfers.step();
    auto q = db_.query(
        "SELECT b.id, b.round_id, b.player_id, b.currency, b.amount, b.cash_part, "
        "b.bonus_part, b.status, b.returned, r.state, b.settle_key, o.kind, "
        "COALESCE(b.free_bet, '') FROM bets b "
        "LEFT JOIN rounds r ON r.id = b.round_id LEFT JOIN ops o ON o.key = b.settle_key "
        "ORDER BY b.id");
    while (q.step()) {
      BetRow bet{q.int64(0),
                 q.text(1),
                 q.int64(2),
                 q.text(3),
                 q.money(4),
                 q.money(5),
                 q.money(6),
                 q.text(7),
                 q.is_null(8) ? std::nullopt : std::optional(q.int64(8)),
                 q.optional_text(9),
                 q.optional_text(10),
                 q.optional_text(11),
                 q.text(12)};
      BetFlows flows;
      while (more && transfers.int64(0) < bet.id) {
        problem("transfer for bet " + std::to_string(transfers.int64(0)) +
                ", which does not exist");
        more = transfers.step();
      }
      for (; more && transfers.int64(0) == bet.id; more = transfers.step()) {
        add_flow(bet, transfers.text(1), transfers.int64(2), transfers.int64(3), transfers.money(4),
                 flows);
      }
      check_bet(bet, flows);
    }
    for (; more; more = transfers.step()) {
      problem("transfer for bet " + std::to_string(transfers.int64(0)) + ", which does not exist");
    }
  }

  void load_account_names() {
    auto q = db_.query("SELECT id, name FROM accounts");
    while (q.step()) account_names_[q.int64(0)] = q.text(1);
  }

  const std::string& name_of(int64_t id) {
    static const std::string missing = "(missing account)";
    auto it = account_names_.find(id);
    return it == account_names_.end() ? missing : it->second;
  }

  void add_flow(const BetRow& bet, const std::string& kind, int64_t debit_id, int64_t credit_id,
                Money amount, BetFlows& f) {
    const std::string& debit = name_of(debit_id);
    const std::string& credit = name_of(credit_id);
    const std::string cash = player_cash(bet.player, bet.currency).name;
    // A free bet's stake comes from, and goes back to, its bonus's chips.
    const std::string bonus = bet.free_bet.empty()
                                  ? player_bonus(bet.player, bet.currency).name
                                  : player_free_bet(bet.player, bet.free_bet, bet.currency).name;
    const std::string in_play = round_account(bet.round_id, bet.currency).name;
    const std::string house = house_account(bet.currency).name;
    if (kind == "stake" && credit == in_play && (debit == cash || debit == bonus)) {
      (debit == cash ? f.stake_cash : f.stake_bonus) += amount.units;
      ++f.stake_n;
    } else if (kind == "stake_in" && debit == in_play && credit == house) {
      f.stake_in += amount.units;
      ++f.stake_in_n;
    } else if (kind == "payout" && debit == house && (credit == cash || credit == bonus)) {
      (credit == cash ? f.payout_cash : f.payout_bonus) += amount.units;
      ++f.payout_n;
    } else if (kind == "refund" && debit == in_play && (credit == cash || credit == bonus)) {
      (credit == cash ? f.refund_cash : f.refund_bonus) += amount.units;
      ++f.refund_n;
    } else {
      ++f.misdirected;
    }
  }

  void check_bet(const BetRow& bet, const BetFlows& f) {
    const std::string who = "bet " + std::to_string(bet.id) + " (round " + bet.round_id + ")";
    if (!bet.round_state) problem(who + " belongs to a round that does not exist");
    if (f.misdirected > 0) problem(who + " has transfers between the wrong accounts");
    // The stake left the player once: one transfer per source, for the recorded parts.
    if (f.stake_cash != bet.cash_part.units || f.stake_bonus != bet.bonus_part.units ||
        f.stake_n != nonzero(bet.cash_part) + nonzero(bet.bonus_part)) {
      problem(who + " stake of " + show(bet.amount) + " was transferred as " +
              show(f.stake_cash + f.stake_bonus) + " in " + std::to_string(f.stake_n) +
              " transfers");
    }
    if (bet.status == "settled") {
      check_settled(who, bet, f);
    } else if (bet.status == "refunded") {
      check_refunded(who, bet, f);
    } else {
      check_accepted(who, bet, f);
    }
  }

  void check_settled(const std::string& who, const BetRow& bet, const BetFlows& f) {
    if (f.refund_n > 0) problem(who + " was both settled and refunded");
    // By its round's settlement, or earlier by a cash-out (SettleBets), after which the
    // round may be open, have its result, or have ended either way.
    const bool by_round = bet.settle_kind == "settle" && bet.settle_key == "settle:" + bet.round_id;
    const bool cashed_out = bet.settle_kind == "settle_bets";
    if (!by_round && !cashed_out) {
      problem(who + " is settled by " + bet.settle_key.value_or("(none)") +
              ", which is neither its round's settlement nor a recorded cash-out");
    }
    if (by_round && bet.round_state && *bet.round_state != "settled") {
      problem(who + " is settled but its round is " + *bet.round_state);
    }
    if (f.stake_in_n != 1 || f.stake_in != bet.amount.units) {
      problem(who + " stake of " + show(bet.amount) + " reached the house as " + show(f.stake_in) +
              " in " + std::to_string(f.stake_in_n) + " transfers");
    }
    if (!bet.returned || *bet.returned < 0) {
      problem(who + " is settled without a recorded return");
      return;
    }
    const Wide returned = *bet.returned;
    // A free bet pays its winnings (what it records as returned) in cash alone.
    const Wide to_bonus =
        bet.free_bet.empty() ? returned * bet.bonus_part.units / bet.amount.units : 0;
    if (f.payout_cash + f.payout_bonus != returned || f.payout_bonus != to_bonus ||
        f.payout_n > 2) {
      problem(who + " should have been paid " + show(returned) + " (bonus " + show(to_bonus) +
              ") but was paid " + show(f.payout_cash + f.payout_bonus) + " (bonus " +
              show(f.payout_bonus) + ") in " + std::to_string(f.payout_n) + " transfers");
    }
  }

  void check_refunded(const std::string& who, const BetRow& bet, const BetFlows& f) {
    if (f.stake_in_n > 0 || f.payout_n > 0) problem(who + " was both refunded and settled");
    if (f.refund_cash != bet.cash_part.units || f.refund_bonus != bet.bonus_part.units ||
        f.refund_n != nonzero(bet.cash_part) + nonzero(bet.bonus_part)) {
      problem(who + " stake of " + show(bet.amount) + " was refunded as " +
              show(f.refund_cash + f.refund_bonus) + " in " + std::to_string(f.refund_n) +
              " transfers");
    }
  }

  void check_accepted(const std::string& who, const BetRow& bet, const BetFlows& f) {
    if (f.stake_in_n > 0 || f.payout_n > 0 || f.refund_n > 0) {
      problem(who + " is still accepted but money already moved back out of it");
    }
    if (bet.round_state && *bet.round_state != "open" && *bet.round_state != "result") {
      problem(who + " is still accepted but its round is " + *bet.round_state);
    }
  }

  // Open rounds hold exactly their accepted stakes; ended rounds hold nothing.
  void rounds_in_play() {
    auto q = db_.query(
        "SELECT a.name, a.balance, r.state, "
        "  (SELECT COALESCE(SUM(b.amount), 0) FROM bets b WHERE b.round_id = a.owner "
        "     AND b.currency = a.currency AND b.status = 'accepted') "
        "FROM accounts a LEFT JOIN rounds r ON r.id = a.owner WHERE a.kind = 'round'");
    while (q.step()) {
      const std::string name = q.text(0);
      const Money balance = q.money(1);
      const std::optional<std::string> state = q.optional_text(2);
      const bool ended = state == "settled" || state == "cancelled";
      const Money expected = ended ? Money{} : q.money(3);
      if (!state) problem("account " + name + " belongs to a round that does not exist");
      if (balance != expected) {
        problem("account " + name + " of a round that is " + state.value_or("missing") + " holds " +
                show(balance) + " instead of " + show(expected));
      }
    }
    auto missing = db_.query(
        "SELECT b.round_id, b.currency, SUM(b.amount) FROM bets b WHERE b.status = 'accepted' "
        "AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.kind = 'round' "
        "                AND a.owner = b.round_id AND a.currency = b.currency) "
        "GROUP BY b.round_id, b.currency");
    while (missing.step()) {
      problem("round " + missing.text(0) + " has " + show(missing.money(2)) + " " +
              missing.text(1) + " of accepted bets but no account holding them");
    }
  }

  // A round ends once, by the operation that is recorded for it.
  void rounds_closed() {
    auto q = db_.query(
        "SELECT r.id, r.state FROM rounds r WHERE "
        "(r.state = 'settled' AND NOT EXISTS (SELECT 1 FROM ops WHERE key = 'settle:' || r.id)) "
        "OR (r.state = 'cancelled' AND NOT EXISTS (SELECT 1 FROM ops WHERE key = 'cancel:' || "
        "r.id)) "
        "OR (r.state = 'settled' AND EXISTS (SELECT 1 FROM ops WHERE key = 'cancel:' || r.id)) "
        "OR (r.state = 'cancelled' AND EXISTS (SELECT 1 FROM ops WHERE key = 'settle:' || r.id)) "
        "OR (r.state = 'result' AND r.result IS NULL)");
    while (q.step()) {
      problem("round " + q.text(0) + " is " + q.text(1) + " without a matching record of how");
    }
  }

  // A free bet's chips: what its bonus gave, less the stakes of its bets not refunded, is
  // what its account holds while it is active (nothing once it ended); what it won is what
  // its bets were paid, within max_win. At most one active cash bonus per player and currency.
  void bonuses() {
    auto q = db_.query(
        "SELECT b.id, b.status, b.amount, b.max_win, b.won, "
        "  COALESCE((SELECT a.balance FROM accounts a WHERE a.name = "
        "    'player:' || b.player_id || ':freebet:' || b.id || ':' || b.currency), 0), "
        "  (SELECT COALESCE(SUM(x.amount), 0) FROM bets x WHERE x.free_bet = b.id "
        "     AND x.status <> 'refunded'), "
        "  (SELECT COALESCE(SUM(x.returned), 0) FROM bets x WHERE x.free_bet = b.id "
        "     AND x.status = 'settled') "
        "FROM bonuses b WHERE b.kind = 'free_bet'");
    while (q.step()) {
      const std::string who = "free-bet bonus " + q.text(0);
      const bool active = q.text(1) == "active";
      const Wide amount = q.int64(2), max_win = q.int64(3), won = q.int64(4);
      const Wide chips = q.int64(5), staked = q.int64(6), paid = q.int64(7);
      if (active && chips + staked != amount) {
        problem(who + " gave " + show(amount) + " but holds " + show(chips) + " with " +
                show(staked) + " staked");
      }
      if (!active && chips != 0) problem(who + " has ended but still holds " + show(chips));
      if (won != paid) problem(who + " won " + show(won) + " but its bets were paid " + show(paid));
      if (max_win > 0 && won > max_win)
        problem(who + " won " + show(won) + ", beyond its limit of " + show(max_win));
    }
    auto twice = db_.query(
        "SELECT player_id, currency FROM bonuses WHERE kind = 'cash' AND status = 'active' "
        "GROUP BY player_id, currency HAVING COUNT(*) > 1");
    while (twice.step()) {
      problem("player " + std::to_string(twice.int64(0)) +
              " has more than one active cash bonus in " + twice.text(1));
    }
  }

  // Operators' seamless wallets: each operator's funding account holds what its credits
  // gave back less what its confirmed debits brought in; a rolled-back debit has exactly one
  // rollback, and a rollback names a rolled-back debit of its player and amount.
  void wallets() {
    auto sums = db_.query(
        "SELECT a.owner, a.currency, a.balance, "
        "  COALESCE((SELECT SUM(w.amount) FROM wallet_calls w WHERE w.kind = 'credit' "
        "    AND 'wallet-' || w.operator_id = a.owner AND w.currency = a.currency), 0), "
        "  COALESCE((SELECT SUM(w.amount) FROM wallet_calls w WHERE w.kind = 'debit' "
        "    AND w.status = 'ok' AND 'wallet-' || w.operator_id = a.owner "
        "    AND w.currency = a.currency), 0) "
        "FROM accounts a WHERE a.kind = 'funding' AND a.owner LIKE 'wallet-%'");
    while (sums.step()) {
      const Money balance = sums.money(2), credits = sums.money(3), debits = sums.money(4);
      if (balance != credits - debits) {
        problem("funding:" + sums.text(0) + ":" + sums.text(1) + " holds " + show(balance) +
                ", but its credits less its confirmed debits come to " + show(credits - debits));
      }
    }
    auto rollbacks = db_.query(
        "SELECT d.id, d.status, COUNT(r.id), "
        "  SUM(CASE WHEN r.id IS NULL OR (r.player_id = d.player_id AND r.amount = d.amount) "
        "THEN 0 ELSE 1 END) "
        "FROM wallet_calls d LEFT JOIN wallet_calls r ON r.kind = 'rollback' AND r.ref = d.id "
        "WHERE d.kind = 'debit' GROUP BY d.id, d.status "
        "HAVING (d.status = 'rolled_back') <> (COUNT(r.id) = 1) "
        "   OR SUM(CASE WHEN r.id IS NULL OR (r.player_id = d.player_id AND r.amount = d.amount) "
        "THEN 0 ELSE 1 END) "
        "      > 0");
    while (rollbacks.step()) {
      problem("debit " + rollbacks.text(0) + " (" + rollbacks.text(1) + ") has " +
              std::to_string(rollbacks.int64(2)) + " rollbacks, not matching it");
    }
    auto orphans = db_.query(
        "SELECT r.id FROM wallet_calls r LEFT JOIN wallet_calls d ON d.id = r.ref "
        "WHERE r.kind = 'rollback' AND (d.id IS NULL OR d.kind <> 'debit')");
    while (orphans.step()) problem("rollback " + orphans.text(0) + " names no debit");
  }

  Db& db_;
  CheckReport& report_;
  std::unordered_map<int64_t, std::string> account_names_;
  size_t dropped_ = 0;
};

template <class Db>
bool schema_is_ours(Db& db, CheckReport& report) {
  if (!has_table(db, "meta")) {
    report.problems.push_back(db.path() + " is not a ledger (no meta table)");
    return false;
  }
  auto version = db.scalar_text("SELECT value FROM meta WHERE key = 'schema_version'");
  if (version != std::string(kSchemaVersion)) {
    report.problems.push_back(db.path() + " has schema_version " + version.value_or("(none)") +
                              ", this checker reads " + std::string(kSchemaVersion));
    return false;
  }
  return true;
}

template <class Db>
void check_on(Db& db, CheckReport& report) {
  // One read transaction: every check sees the same committed snapshot.
  db.exec(std::is_same_v<Db, sqlite::Db> ? "BEGIN"
                                         : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  if (schema_is_ours(db, report)) {
    Checker<Db> checker(db, report);
    checker.run();
  }
  db.exec("COMMIT");
}

}  // namespace

CheckReport check_ledger(const std::string& path) {
  CheckReport report;
  try {
    if (is_postgres_location(path)) {
      check_on(*open_postgres_read_connection(path), report);
    } else {
      check_on(*open_read_connection(path), report);
    }
  } catch (const std::exception& e) {
    report.problems.push_back(std::string("cannot read ledger: ") + e.what());
  }
  report.ok = report.problems.empty();
  return report;
}

}  // namespace croupier::ledger
