// A seeded random simulation of the ledger against an independent model.
//
// Thousands of random operations (funding, rounds, bets that may exceed the balance,
// cancellations, results, cash-outs and settlements with random returns, replays and
// conflicting reuses of keys) are submitted in batches. The model predicts every answer
// and every balance with its own simple arithmetic; after each batch the ledger must
// agree with it, and after each batch (each third under the sanitizers, and the last)
// every currency must sum to zero and check_ledger must find no problem.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <variant>

#include "core/rng.hpp"
#include "ledger/ledger.hpp"
#include "ledger/ledger_testing.hpp"
#include "support/time_scale.hpp"

namespace croupier::ledger {
namespace {

using testing_support::TempDir;

using Op = std::variant<Fund, OpenRound, PlaceBets, CancelBets, RecordResult, SettleRound,
                        SettleBets, CancelRound>;

const std::vector<std::string> kCurrencies = {"EUR", "USD", "JPY"};
const std::vector<std::string> kTables = {"t1", "t2"};
constexpr PlayerId kPlayers = 5;

// What the model expects the ledger to answer.
struct Answer {
  std::optional<Failure> failure;
  bool replayed = false;
  std::vector<BetId> bet_ids;             // PlacedBets (model-side ids until bound to real ones)
  Balance balance;                        // PlacedBets, CancelledBets, SettledBets
  Money refunded;                         // CancelledBets
  Money returned;                         // SettledBets
  std::string currency;                   // CancelledBets, SettledBets
  std::vector<PlayerSettlement> players;  // Settlement
};

Answer refused(Failure f) {
  Answer a;
  a.failure = f;
  return a;
}

// ---- Content equality, written apart from the ledger's fingerprints ---------------------

bool same(const Fund& a, const Fund& b) {
  return a.player == b.player && a.currency == b.currency && a.amount == b.amount &&
         a.source == b.source && a.to_bonus == b.to_bonus;
}
bool same(const OpenRound& a, const OpenRound& b) {
  return a.table_id == b.table_id && a.game == b.game && a.seq == b.seq;
}
bool same(const PlaceBets& a, const PlaceBets& b) {
  if (a.round_id != b.round_id || a.player != b.player || a.currency != b.currency ||
      a.bets.size() != b.bets.size()) {
    return false;
  }
  for (size_t i = 0; i < a.bets.size(); ++i) {
    if (a.bets[i].spot != b.bets[i].spot || a.bets[i].amount != b.bets[i].amount) return false;
  }
  return true;
}
bool same(const CancelBets& a, const CancelBets& b) {
  auto x = a.bets, y = b.bets;
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  return a.round_id == b.round_id && a.player == b.player && x == y;
}
bool same(const RecordResult& a, const RecordResult& b) {
  return a.result == b.result;
}
bool same(const SettleRound& a, const SettleRound& b) {
  auto x = a.returns, y = b.returns;
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  return x == y;
}
bool same(const SettleBets& a, const SettleBets& b) {
  auto x = a.returns, y = b.returns;
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  return a.round_id == b.round_id && a.player == b.player && x == y;
}
bool same(const CancelRound& a, const CancelRound& b) {
  return a.reason == b.reason;
}

// ---- The model --------------------------------------------------------------------------

enum class BetState { accepted, settled, refunded };
enum class RoundState { open, result, settled, cancelled };

struct ModelBet {
  std::string round;
  PlayerId player = 0;
  std::string currency;
  Money amount, cash, bonus;
  BetState state = BetState::accepted;
};

struct ModelRound {
  std::string table;
  RoundState state = RoundState::open;
};

class Model {
 public:
  Balance balance(PlayerId p, const std::string& cur) const {
    auto it = wallets_.find({p, cur});
    return it == wallets_.end() ? Balance{} : it->second;
  }
  const std::map<std::string, ModelRound>& rounds() const { return rounds_; }
  const std::map<BetId, ModelBet>& bets() const { return bets_; }
  int64_t max_seq(const std::string& table) const {
    auto it = max_seq_.find(table);
    return it == max_seq_.end() ? 0 : it->second;
  }
  const std::map<std::string, std::pair<Op, Answer>>& recorded() const { return recorded_; }

  Answer apply(const Fund& op) {
    if (auto prior = seen(op.key, op)) return *prior;
    Balance& w = wallets_[{op.player, op.currency}];
    (op.to_bonus ? w.bonus : w.cash) += op.amount;
    return record(op.key, op, Answer{});
  }

  Answer apply(const OpenRound& op) {
    const std::string key = "open:" + op.round_id;
    if (auto prior = seen(key, op)) return *prior;
    if (rounds_.contains(op.round_id)) return refused(Failure::key_conflict);
    if (op.seq <= max_seq(op.table_id)) return refused(Failure::invalid_request);
    rounds_[op.round_id] = ModelRound{op.table_id};
    max_seq_[op.table_id] = op.seq;
    return record(key, op, Answer{});
  }

  Answer apply(const PlaceBets& op) {
    if (auto prior = seen(op.key, op)) return *prior;
    if (auto refusal = not_open(op.round_id)) return refused(*refusal);
    Balance& w = wallets_[{op.player, op.currency}];
    Money total;
    for (const StakeLine& line : op.bets) total += line.amount;
    if (total > w.total()) return refused(Failure::insufficient_funds);
    Answer answer;
    for (const StakeLine& line : op.bets) {
      const Money cash = std::min(line.amount, w.cash);
      const Money bonus = line.amount - cash;
      w.cash -= cash;
      w.bonus -= bonus;
      const BetId id = next_model_id_--;  // negative until the ledger's id is known
      bets_[id] = ModelBet{op.round_id, op.player, op.currency, line.amount, cash, bonus};
      answer.bet_ids.push_back(id);
    }
    answer.balance = w;
    return record(op.key, op, answer);
  }

  Answer apply(const CancelBets& op) {
    if (auto prior = seen(op.key, op)) return *prior;
    if (auto refusal = not_open(op.round_id)) return refused(*refusal);
    std::string currency;
    for (BetId id : op.bets) {
      auto it = bets_.find(id);
      if (it == bets_.end() || it->second.round != op.round_id || it->second.player != op.player ||
          it->second.state != BetState::accepted ||
          (!currency.empty() && it->second.currency != currency)) {
        return refused(Failure::invalid_request);
      }
      currency = it->second.currency;
    }
    Answer answer;
    for (BetId id : op.bets) {
      refund(bets_[id]);
      answer.refunded += bets_[id].amount;
    }
    answer.currency = currency;
    answer.balance = balance(op.player, currency);
    return record(op.key, op, answer);
  }

  Answer apply(const RecordResult& op) {
    const std::string key = "result:" + op.round_id;
    if (auto prior = seen(key, op)) return *prior;
    if (auto refusal = not_open(op.round_id)) return refused(*refusal);
    rounds_[op.round_id].state = RoundState::result;
    return record(key, op, Answer{});
  }

  Answer apply(const SettleRound& op) {
    const std::string key = "settle:" + op.round_id;
    if (auto prior = seen(key, op)) return *prior;
    if (auto refusal = ended(op.round_id)) return refused(*refusal);
    std::map<BetId, Money> returns(op.returns.begin(), op.returns.end());
    std::set<BetId> accepted;
    for (const auto& [id, bet] : bets_) {
      if (bet.round == op.round_id && bet.state == BetState::accepted) accepted.insert(id);
    }
    std::set<BetId> named;
    for (const auto& [id, returned] : returns) named.insert(id);
    if (returns.size() != op.returns.size() || named != accepted) {
      return refused(Failure::invalid_request);
    }
    std::map<std::pair<PlayerId, std::string>, PlayerSettlement> lines;
    for (const auto& [id, returned] : returns) {
      ModelBet& bet = bets_[id];
      pay(bet, returned);
      PlayerSettlement& line = lines[{bet.player, bet.currency}];
      line.player = bet.player;
      line.currency = bet.currency;
      line.staked += bet.amount;
      line.returned += returned;
    }
    rounds_[op.round_id].state = RoundState::settled;
    return record(key, op, settlement(lines));
  }

  Answer apply(const SettleBets& op) {
    std::set<BetId> named;
    for (const auto& [id, returned] : op.returns) {
      if (returned.is_negative()) return refused(Failure::invalid_request);
      named.insert(id);
    }
    if (op.returns.empty() || named.size() != op.returns.size()) {
      return refused(Failure::invalid_request);
    }
    if (auto prior = seen(op.key, op)) return *prior;
    auto round = rounds_.find(op.round_id);
    if (round == rounds_.end()) return refused(Failure::round_not_found);
    if (round->second.state == RoundState::settled ||
        round->second.state == RoundState::cancelled) {
      return refused(Failure::round_not_open);
    }
    std::string currency;
    for (const auto& [id, returned] : op.returns) {
      auto it = bets_.find(id);
      if (it == bets_.end() || it->second.round != op.round_id || it->second.player != op.player ||
          it->second.state != BetState::accepted ||
          (!currency.empty() && it->second.currency != currency)) {
        return refused(Failure::invalid_request);
      }
      currency = it->second.currency;
    }
    Answer answer;
    for (const auto& [id, returned] : op.returns) {
      pay(bets_[id], returned);
      answer.returned += returned;
    }
    answer.currency = currency;
    answer.balance = balance(op.player, currency);
    return record(op.key, op, answer);
  }

  Answer apply(const CancelRound& op) {
    const std::string key = "cancel:" + op.round_id;
    if (auto prior = seen(key, op)) return *prior;
    if (auto refusal = ended(op.round_id)) return refused(*refusal);
    std::map<std::pair<PlayerId, std::string>, PlayerSettlement> lines;
    for (auto& [id, bet] : bets_) {
      if (bet.round != op.round_id || bet.state != BetState::accepted) continue;
      refund(bet);
      PlayerSettlement& line = lines[{bet.player, bet.currency}];
      line.player = bet.player;
      line.currency = bet.currency;
      line.staked += bet.amount;
      line.returned += bet.amount;
    }
    rounds_[op.round_id].state = RoundState::cancelled;
    return record(key, op, settlement(lines));
  }

  // The ledger answered with real ids for bets the model numbered itself.
  void bind(const std::string& key, const std::vector<BetId>& model_ids,
            const std::vector<BetId>& real_ids) {
    ASSERT_EQ(model_ids.size(), real_ids.size());
    for (size_t i = 0; i < model_ids.size(); ++i) {
      auto node = bets_.extract(model_ids[i]);
      ASSERT_FALSE(node.empty());
      ASSERT_FALSE(bets_.contains(real_ids[i]));
      node.key() = real_ids[i];
      bets_.insert(std::move(node));
    }
    recorded_.at(key).second.bet_ids = real_ids;
  }

 private:
  template <class T>
  std::optional<Answer> seen(const std::string& key, const T& op) {
    auto it = recorded_.find(key);
    if (it == recorded_.end()) return std::nullopt;
    const T* before = std::get_if<T>(&it->second.first);
    if (!before || !same(*before, op)) return refused(Failure::key_conflict);
    Answer answer = it->second.second;
    answer.replayed = true;
    // A replay reports the balance of now, not of the first time.
    if constexpr (std::is_same_v<T, PlaceBets>) answer.balance = balance(op.player, op.currency);
    if constexpr (std::is_same_v<T, CancelBets> || std::is_same_v<T, SettleBets>) {
      answer.balance = balance(op.player, answer.currency);
    }
    for (PlayerSettlement& p : answer.players) p.balance = balance(p.player, p.currency);
    return answer;
  }

  template <class T>
  Answer record(const std::string& key, const T& op, Answer answer) {
    recorded_.emplace(key, std::make_pair(Op(op), answer));
    return answer;
  }

  std::optional<Failure> not_open(const std::string& round) const {
    auto it = rounds_.find(round);
    if (it == rounds_.end()) return Failure::round_not_found;
    if (it->second.state != RoundState::open) return Failure::round_not_open;
    return std::nullopt;
  }

  std::optional<Failure> ended(const std::string& round) const {
    auto it = rounds_.find(round);
    if (it == rounds_.end()) return Failure::round_not_found;
    if (it->second.state == RoundState::settled || it->second.state == RoundState::cancelled) {
      return Failure::key_conflict;
    }
    return std::nullopt;
  }

  void refund(ModelBet& bet) {
    Balance& w = wallets_[{bet.player, bet.currency}];
    w.cash += bet.cash;
    w.bonus += bet.bonus;
    bet.state = BetState::refunded;
  }

  // The bonus share of a return: returned * bonus / amount, rounded down.
  static Money bonus_share(Money returned, Money bonus, Money amount) {
    __extension__ using Wide = __int128;
    const Wide product = static_cast<Wide>(returned.units) * bonus.units;
    return Money{static_cast<int64_t>(product / amount.units)};
  }

  void pay(ModelBet& bet, Money returned) {
    Balance& w = wallets_[{bet.player, bet.currency}];
    const Money to_bonus = bonus_share(returned, bet.bonus, bet.amount);
    w.bonus += to_bonus;
    w.cash += returned - to_bonus;
    bet.state = BetState::settled;
  }

  Answer settlement(std::map<std::pair<PlayerId, std::string>, PlayerSettlement>& lines) {
    Answer answer;
    for (auto& [who, line] : lines) {
      line.balance = balance(line.player, line.currency);
      answer.players.push_back(line);
    }
    return answer;
  }

  std::map<std::pair<PlayerId, std::string>, Balance> wallets_;
  std::map<std::string, ModelRound> rounds_;
  std::map<std::string, int64_t> max_seq_;
  std::map<BetId, ModelBet> bets_;
  std::map<std::string, std::pair<Op, Answer>> recorded_;
  BetId next_model_id_ = -1;
};

// ---- The simulation ---------------------------------------------------------------------

struct Submitted {
  Op op;
  std::string key;  // the key the model recorded it under
  Answer expected;
  std::optional<Answer> actual;
};

template <class T>
Answer to_answer(const Result<T, Failure>& r) {
  Answer a;
  if (!r.ok()) {
    a.failure = r.error();
    return a;
  }
  const T& v = r.value();
  a.replayed = v.replayed;
  if constexpr (std::is_same_v<T, PlacedBets>) {
    a.bet_ids = v.bet_ids;
    a.balance = v.balance;
  } else if constexpr (std::is_same_v<T, CancelledBets>) {
    a.refunded = v.refunded;
    a.balance = v.balance;
  } else if constexpr (std::is_same_v<T, SettledBets>) {
    a.returned = v.returned;
    a.balance = v.balance;
  } else if constexpr (std::is_same_v<T, Settlement>) {
    a.players = v.players;
  }
  return a;
}

std::string describe(const Op& op) {
  static const char* names[] = {"Fund",         "OpenRound",   "PlaceBets",  "CancelBets",
                                "RecordResult", "SettleRound", "SettleBets", "CancelRound"};
  static_assert(std::size(names) == std::variant_size_v<Op>);
  return names[op.index()];
}

class Simulation {
 public:
  Simulation(uint64_t seed, bool inline_mode, testing_support::Database database)
      : rng_(seed),
        inline_mode_(inline_mode),
        path_(testing_support::new_location(database, dir_, "ledger.db")) {
    reopen();
  }

  // After every batch the answers and balances are the model's; the whole ledger is
  // checked (check_ledger, which reads all of it) after every kTestTimeScale-th batch and
  // after the last: under the sanitizers each check costs several times more, and most of
  // the Postgres seeds' time was these checks.
  void run(int ops_total) {
    int done = 0;
    while (done < ops_total && !::testing::Test::HasFatalFailure()) {
      const int n = 1 + static_cast<int>(rng_.uniform(40));
      done += n;
      run_batch(n, (batches_ + 1) % kTestTimeScale == 0 || done >= ops_total);
      if (++batches_ % 25 == 0) reopen();  // what was committed must survive a restart
    }
  }

  std::map<std::string, int> outcomes;  // "PlaceBets:insufficient_funds" -> count

 private:
  uint64_t pick(uint64_t n) { return rng_.uniform(n); }
  bool chance(int percent) { return static_cast<int>(pick(100)) < percent; }
  template <class T>
  const T& pick_from(const std::vector<T>& items) {
    return items[pick(items.size())];
  }

  void reopen() {
    ledger_.reset();
    Options options;
    options.path = path_;
    options.inline_mode = inline_mode_;
    options.batch_max = 16;  // so some batches split
    ledger_ = Ledger::open(options);
  }

  void run_batch(int n, bool check_all) {
    std::vector<Submitted> batch;
    batch.reserve(static_cast<size_t>(n));
    pending_rounds_.clear();
    for (int i = 0; i < n; ++i) batch.push_back(generate());
    for (Submitted& s : batch) submit(s);
    ledger_->flush();
    for (Submitted& s : batch) verify(s);
    verify_balances();
    if (check_all) verify_ledger();
  }

  void submit(Submitted& s) {
    std::visit(
        [&](const auto& op) {
          using T = std::decay_t<decltype(op)>;
          ledger_->submit(op, [&s](Result<typename testing_support::ResultOf<T>::type, Failure> r) {
            s.actual = to_answer(r);
          });
        },
        s.op);
  }

  void verify(Submitted& s) {
    const std::string what = describe(s.op) + " " + s.key;
    ASSERT_TRUE(s.actual.has_value()) << what << " was never answered";
    const Answer& want = s.expected;
    const Answer& got = *s.actual;
    ASSERT_EQ(got.failure, want.failure) << what;
    ++outcomes[describe(s.op) + ":" +
               (got.failure    ? std::string(failure_name(*got.failure))
                : got.replayed ? "replayed"
                               : "ok")];
    if (got.failure) return;
    EXPECT_EQ(got.replayed, want.replayed) << what;
    EXPECT_EQ(got.balance.cash, want.balance.cash) << what;
    EXPECT_EQ(got.balance.bonus, want.balance.bonus) << what;
    EXPECT_EQ(got.refunded, want.refunded) << what;
    EXPECT_EQ(got.returned, want.returned) << what;
    ASSERT_EQ(got.players.size(), want.players.size()) << what;
    for (size_t i = 0; i < got.players.size(); ++i) {
      EXPECT_EQ(got.players[i].player, want.players[i].player) << what;
      EXPECT_EQ(got.players[i].currency, want.players[i].currency) << what;
      EXPECT_EQ(got.players[i].staked, want.players[i].staked) << what;
      EXPECT_EQ(got.players[i].returned, want.players[i].returned) << what;
      EXPECT_EQ(got.players[i].balance.cash, want.players[i].balance.cash) << what;
      EXPECT_EQ(got.players[i].balance.bonus, want.players[i].balance.bonus) << what;
    }
    if (!std::holds_alternative<PlaceBets>(s.op)) return;
    if (want.replayed) {
      EXPECT_EQ(got.bet_ids, want.bet_ids) << what;
    } else {
      model_.bind(s.key, want.bet_ids, got.bet_ids);
    }
  }

  void verify_balances() {
    for (PlayerId p = 1; p <= kPlayers; ++p) {
      for (const std::string& cur : kCurrencies) {
        const Balance got = ledger_->balance(p, cur);
        const Balance want = model_.balance(p, cur);
        ASSERT_EQ(got.cash, want.cash) << "player " << p << " " << cur;
        ASSERT_EQ(got.bonus, want.bonus) << "player " << p << " " << cur;
        ASSERT_FALSE(got.cash.is_negative() || got.bonus.is_negative());
      }
    }
  }

  void verify_ledger() {
    const CheckReport report = check_ledger(path_);
    ASSERT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
    ASSERT_TRUE(report.problems.empty());
    for (const auto& [currency, sum] : report.sum_by_currency) {
      ASSERT_EQ(sum, Money{}) << currency;
    }
    int64_t in_play = 0, open = 0;
    for (const auto& [id, round] : model_.rounds()) {
      if (round.state == RoundState::open || round.state == RoundState::result) ++open;
    }
    for (const auto& [id, bet] : model_.bets()) {
      auto state = model_.rounds().at(bet.round).state;
      if (bet.state == BetState::accepted &&
          (state == RoundState::open || state == RoundState::result)) {
        ++in_play;
      }
    }
    ASSERT_EQ(report.bets_in_play, in_play);
    ASSERT_EQ(report.rounds_open, open);
    ASSERT_EQ(report.bets, static_cast<int64_t>(model_.bets().size()));
  }

  // ---- Generators: each builds an operation and asks the model what it should do ----

  Submitted generate() {
    const int roll = static_cast<int>(pick(100));
    if (roll < 12) return with(gen_fund());
    if (roll < 24) return with(gen_open());
    if (roll < 56) return with(gen_place());
    if (roll < 62) return with(gen_cancel_bets());
    if (roll < 68) return with(gen_cash_out());
    if (roll < 74) return with(gen_record());
    if (roll < 82) return with(gen_settle());
    if (roll < 86) return with(gen_cancel_round());
    if (roll < 95) return with(gen_replay());
    return with(gen_conflict());
  }

  Submitted with(std::pair<Op, std::string> op_and_key) {
    Submitted s{std::move(op_and_key.first), std::move(op_and_key.second), {}, std::nullopt};
    s.expected = std::visit([&](const auto& op) { return model_.apply(op); }, s.op);
    return s;
  }

  std::string fresh_key() { return "k" + std::to_string(next_key_++); }
  int64_t now() { return ++clock_ms_; }
  PlayerId any_player() { return 1 + static_cast<PlayerId>(pick(kPlayers)); }
  const std::string& any_currency() { return pick_from(kCurrencies); }

  std::pair<Op, std::string> gen_fund() {
    Fund f{fresh_key(),
           any_player(),
           any_currency(),
           Money{1000 * (1 + static_cast<int64_t>(pick(500)))},
           chance(50) ? "demo" : "promo",
           chance(30)};
    std::string key = f.key;
    return {f, key};
  }

  std::pair<Op, std::string> gen_open() {
    const std::string& table = pick_from(kTables);
    int64_t seq = model_.max_seq(table) + 1;
    if (chance(10) && seq > 1) seq = 1 + static_cast<int64_t>(pick(static_cast<uint64_t>(seq - 1)));
    std::string id = "r" + std::to_string(next_round_++);
    return {OpenRound{id, table, "roulette", seq, now()}, "open:" + id};
  }

  // A round of any state, mostly one in `preferred` states, sometimes one that does not
  // exist.
  std::string any_round(std::set<RoundState> preferred) {
    std::vector<std::string> liked, all;
    for (const auto& [id, round] : model_.rounds()) {
      all.push_back(id);
      if (preferred.contains(round.state)) liked.push_back(id);
    }
    if (!liked.empty() && chance(85)) return pick_from(liked);
    if (all.empty() || chance(5)) return "unknown-" + std::to_string(pick(3));
    return pick_from(all);
  }

  std::pair<Op, std::string> gen_place() {
    PlaceBets p{fresh_key(), any_round({RoundState::open}), any_player(), any_currency(), {},
                now()};
    const size_t lines = 1 + pick(3);
    for (size_t i = 0; i < lines; ++i) {
      p.bets.push_back(
          {"spot" + std::to_string(pick(10)), Money{1000 * (1 + static_cast<int64_t>(pick(400)))}});
    }
    pending_rounds_.insert(p.round_id);
    std::string key = p.key;
    return {p, key};
  }

  std::pair<Op, std::string> gen_cancel_bets() {
    // The player's accepted bets of one round in one currency, as far as the ledger
    // has told us their ids.
    std::map<std::tuple<std::string, PlayerId, std::string>, std::vector<BetId>> groups;
    for (const auto& [id, bet] : model_.bets()) {
      if (id > 0 && bet.state == BetState::accepted) {
        groups[{bet.round, bet.player, bet.currency}].push_back(id);
      }
    }
    if (groups.empty()) return gen_fund();
    auto it = std::next(groups.begin(), static_cast<std::ptrdiff_t>(pick(groups.size())));
    const auto& [round, player, currency] = it->first;
    std::vector<BetId> ids;
    for (BetId id : it->second) {
      if (chance(60)) ids.push_back(id);
    }
    if (ids.empty()) ids.push_back(it->second.front());
    if (chance(10)) ids.push_back(foreign_bet(player));  // makes it invalid_request
    CancelBets c{fresh_key(), round, player, ids, now()};
    std::string key = c.key;
    return {c, key};
  }

  // Another player's bet, or one that does not exist.
  BetId foreign_bet(PlayerId player) {
    std::vector<BetId> others;
    for (const auto& [id, bet] : model_.bets()) {
      if (id > 0 && bet.player != player) others.push_back(id);
    }
    return others.empty() ? 900'000'000 : pick_from(others);
  }

  std::pair<Op, std::string> gen_record() {
    std::string round = any_round({RoundState::open});
    return {RecordResult{round, std::to_string(pick(37)), now()}, "result:" + round};
  }

  // Rounds whose accepted bets are all known by id (no bet placed in this batch).
  std::string settleable_round() {
    for (int tries = 0; tries < 5; ++tries) {
      std::string round = any_round({RoundState::open, RoundState::result});
      if (!pending_rounds_.contains(round)) return round;
    }
    return "unknown-x";
  }

  std::pair<Op, std::string> gen_settle() {
    const std::string round = settleable_round();
    SettleRound s{round, {}, now()};
    for (const auto& [id, bet] : model_.bets()) {
      if (bet.round != round || bet.state != BetState::accepted) continue;
      static const int64_t multipliers[] = {0, 0, 0, 1, 2, 3, 36};
      Money returned =
          chance(70)
              ? bet.amount * multipliers[pick(7)]
              : Money{static_cast<int64_t>(pick(static_cast<uint64_t>(bet.amount.units) * 3 + 1))};
      s.returns.push_back({id, returned});
    }
    if (chance(8)) {
      if (!s.returns.empty() && chance(50)) {
        s.returns.pop_back();  // a missing bet
      } else {
        s.returns.push_back({999'999'999, Money{}});  // a bet that is not in the round
      }
    }
    std::reverse(s.returns.begin(), s.returns.end());  // order carries no meaning
    return {s, "settle:" + round};
  }

  // Some of a player's bets of one round, in one currency, cashed out: mostly accepted
  // bets of a round that has not ended, sometimes bets already settled or refunded (of an
  // ended round too), another player's, a bet named twice or a negative return.
  std::pair<Op, std::string> gen_cash_out() {
    std::map<std::tuple<std::string, PlayerId, std::string>, std::vector<BetId>> accepted, any;
    for (const auto& [id, bet] : model_.bets()) {
      if (id <= 0) continue;  // not yet known by its id
      any[{bet.round, bet.player, bet.currency}].push_back(id);
      if (bet.state == BetState::accepted)
        accepted[{bet.round, bet.player, bet.currency}].push_back(id);
    }
    const auto& groups = !accepted.empty() && chance(85) ? accepted : any;
    if (groups.empty()) return gen_fund();
    auto it = std::next(groups.begin(), static_cast<std::ptrdiff_t>(pick(groups.size())));
    const auto& [round, player, currency] = it->first;
    SettleBets s{fresh_key(), chance(3) ? "unknown-c" : round, player, {}, now()};
    for (BetId id : it->second) {
      if (!chance(50)) continue;
      const Money amount = model_.bets().at(id).amount;
      static const int64_t tenths[] = {0, 10, 11, 15, 20, 35, 100};
      s.returns.push_back({id, Money{amount.units * tenths[pick(7)] / 10}});
    }
    if (s.returns.empty()) s.returns.push_back({it->second.front(), Money{}});
    const int roll = static_cast<int>(pick(100));
    if (roll < 4) {
      s.returns.push_back({foreign_bet(player), Money{}});
    } else if (roll < 6) {
      s.returns.push_back(s.returns.front());  // named twice
    } else if (roll < 8) {
      s.returns.back().second = Money{-1};
    }
    std::string key = s.key;
    return {s, key};
  }

  std::pair<Op, std::string> gen_cancel_round() {
    const std::string round = settleable_round();
    return {CancelRound{round, chance(50) ? "fault" : "dealer", now()}, "cancel:" + round};
  }

  // A recorded key whose bet ids (if any) the ledger has told us.
  const std::pair<const std::string, std::pair<Op, Answer>>* recorded_earlier() {
    const auto& recorded = model_.recorded();
    if (recorded.empty()) return nullptr;
    for (int tries = 0; tries < 10; ++tries) {
      auto it = std::next(recorded.begin(), static_cast<std::ptrdiff_t>(pick(recorded.size())));
      const auto& [key, entry] = *it;
      bool known = true;
      for (BetId id : entry.second.bet_ids) known = known && id > 0;
      if (known) return &*it;
    }
    return nullptr;
  }

  // Sent again as it was, but at a later time.
  std::pair<Op, std::string> gen_replay() {
    auto entry = recorded_earlier();
    if (!entry) return gen_fund();
    Op op = entry->second.first;
    std::visit([&](auto& o) { set_time(o); }, op);
    return {op, entry->first};
  }

  template <class T>
  void set_time(T& op) {
    if constexpr (!std::is_same_v<T, Fund>) op.at_ms = now();
  }

  // A key recorded earlier, sent with other content.
  std::pair<Op, std::string> gen_conflict() {
    auto entry = recorded_earlier();
    if (!entry) return gen_fund();
    Op op = entry->second.first;
    if (auto* f = std::get_if<Fund>(&op)) {
      f->amount += Money{1000};
    } else if (auto* p = std::get_if<PlaceBets>(&op)) {
      p->bets[0].amount += Money{1000};
    } else if (auto* c = std::get_if<CancelBets>(&op)) {
      c->bets = {c->bets[0] + 1'000'000};
    } else if (auto* r = std::get_if<RecordResult>(&op)) {
      r->result += "x";
    } else if (auto* cr = std::get_if<CancelRound>(&op)) {
      cr->reason += "!";
    } else if (auto* sb = std::get_if<SettleBets>(&op)) {
      sb->returns[0].second += Money{1000};
    } else {
      return gen_replay();
    }
    return {op, entry->first};
  }

  SeededRng rng_;
  const bool inline_mode_;
  TempDir dir_;
  const std::string path_;  // a file, or a PostgreSQL database's address
  std::unique_ptr<Ledger> ledger_;
  Model model_;
  std::set<std::string> pending_rounds_;
  int batches_ = 0;
  int64_t next_key_ = 1;
  int64_t next_round_ = 1;
  int64_t clock_ms_ = 1'700'000'000'000;
};

class Conservation
    : public ::testing::TestWithParam<std::tuple<testing_support::Database, bool, uint64_t>> {};

INSTANTIATE_TEST_SUITE_P(Seeds, Conservation,
                         ::testing::Combine(::testing::Values(testing_support::Database::sqlite,
                                                              testing_support::Database::postgres),
                                            ::testing::Values(false, true),
                                            ::testing::Values(1u, 2u, 3u)),
                         [](const auto& info) {
                           return testing_support::name_of(std::get<0>(info.param)) +
                                  (std::get<1>(info.param) ? "Inline" : "Threaded") + "Seed" +
                                  std::to_string(std::get<2>(info.param));
                         });

TEST_P(Conservation, RandomOperationsMatchTheModelAndConserveMoney) {
  const auto [database, inline_mode, seed] = GetParam();
  Simulation sim(seed, inline_mode, database);
  sim.run(3000);
  RecordProperty("outcomes", ::testing::PrintToString(sim.outcomes));
  // The run must have exercised every path, or it proves little.
  for (const char* outcome :
       {"Fund:ok", "Fund:replayed", "Fund:key_conflict", "OpenRound:ok",
        "OpenRound:invalid_request", "PlaceBets:ok", "PlaceBets:insufficient_funds",
        "PlaceBets:round_not_open", "PlaceBets:round_not_found", "PlaceBets:replayed",
        "PlaceBets:key_conflict", "CancelBets:ok", "CancelBets:invalid_request", "RecordResult:ok",
        "RecordResult:round_not_open", "SettleRound:ok", "SettleRound:invalid_request",
        "SettleRound:key_conflict", "CancelRound:ok"}) {
    EXPECT_GT(sim.outcomes[outcome], 0)
        << outcome << " never happened; seen: " << ::testing::PrintToString(sim.outcomes);
  }
  for (const char* outcome :
       {"SettleBets:ok", "SettleBets:invalid_request", "SettleBets:round_not_open",
        "SettleBets:replayed", "SettleBets:key_conflict"}) {
    EXPECT_GT(sim.outcomes[outcome], 0)
        << outcome << " never happened; seen: " << ::testing::PrintToString(sim.outcomes);
  }
}

}  // namespace
}  // namespace croupier::ledger
