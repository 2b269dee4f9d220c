// A seeded random simulation of bonuses against an independent model (issue 19).
//
// Random operations (funding, cash bonuses and free-bet bonuses granted, accepted, declined,
// cancelled and expired at random times, rounds, bets mixing the player's money and free-bet
// chips that may exceed what there is, bets taken back, settlements with random returns up
// to 36 times the stake, cancelled rounds, replays) are submitted in batches. The model
// predicts every answer, every balance, every bonus's status, chips, play-through and
// winnings with its own arithmetic; after each batch the ledger must agree, and every so
// often (and at the end) ledger-check must find nothing and every currency sum to zero:
// money is conserved across cash, bonus, chips, in-play, house and funding accounts.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <variant>

#include "core/rng.hpp"
#include "ledger/ledger.hpp"
#include "ledger/ledger_testing.hpp"
#include "support/time_scale.hpp"

namespace croupier::ledger {
namespace {

using testing_support::Database;
using testing_support::TempDir;

__extension__ using Wide = __int128;  // (__extension__ keeps -Wpedantic quiet)

constexpr PlayerId kPlayers = 4;
const std::string kCur = "EUR";

struct MBonus {
  PlayerId player = 0;
  BonusKind kind = BonusKind::cash;
  BonusStatus status = BonusStatus::pending;
  Money amount, chip, wager_required, wagered, max_win, won, chips;
  int64_t expires = 0;
  int64_t updated = 0;
  bool accepted = false;  // was active once
};

struct MBet {
  std::string round;
  PlayerId player = 0;
  Money amount, cash, bonus;
  std::string free_bet;
  bool accepted = true;
};

struct MWallet {
  Money cash, bonus;
};

// The rules of ledger.hpp, written again in the plainest way.
class Model {
 public:
  std::map<std::string, MBonus> bonuses;
  std::map<PlayerId, MWallet> wallets;
  std::map<PlayerId, std::vector<std::string>> by_player;  // bonus ids
  std::map<std::string, bool> rounds;                      // id -> open
  std::map<BetId, MBet> bets;                              // by the ledger's ids, in order
  std::map<std::string, std::vector<BetId>> round_bets;
  std::set<std::string> touched;            // bonuses changed since the last comparison
  std::map<std::string, std::string> keys;  // key -> the content it was first recorded with

  std::optional<std::string> active_cash(PlayerId p) const {
    auto ids = by_player.find(p);
    if (ids == by_player.end()) return std::nullopt;
    for (const std::string& id : ids->second) {
      const MBonus& b = bonuses.at(id);
      if (b.kind == BonusKind::cash && b.status == BonusStatus::active) return id;
    }
    return std::nullopt;
  }
  void release(MBonus& b, int64_t at) {
    MWallet& w = wallets[b.player];
    w.cash += w.bonus;
    w.bonus = Money{};
    b.status = BonusStatus::wagered;
    b.updated = at;
  }
  void forfeit(MBonus& b, BonusStatus to, int64_t at) {
    if (b.kind == BonusKind::cash) {
      wallets[b.player].bonus = Money{};
    } else {
      b.chips = Money{};
    }
    b.status = to;
    b.updated = at;
  }
  // A bonus share back with no active cash bonus follows the last one that ended.
  void follow(PlayerId p, Money share) {
    if (share.is_zero() || active_cash(p)) return;
    const MBonus* last = nullptr;
    std::string last_id;
    for (const std::string& id : by_player[p]) {
      const MBonus& b = bonuses.at(id);
      if (b.kind != BonusKind::cash || !b.accepted) continue;
      if (b.status == BonusStatus::pending || b.status == BonusStatus::active) continue;
      if (!last || b.updated > last->updated || (b.updated == last->updated && id > last_id)) {
        last = &b;
        last_id = id;
      }
    }
    if (!last) return;
    MWallet& w = wallets[p];
    w.bonus -= share;
    if (last->status == BonusStatus::wagered) w.cash += share;
  }
  void count_wager(PlayerId p, Money stake, int64_t at) {
    auto id = active_cash(p);
    if (!id) return;
    MBonus& b = bonuses[*id];
    touched.insert(*id);
    b.wagered += stake;
    b.updated = at;
    if (b.wagered >= b.wager_required) release(b, at);
  }
};

std::string content(const GrantBonus& g) {
  return std::to_string(g.player) + "/" + std::to_string(static_cast<int>(g.kind)) + "/" +
         std::to_string(g.amount.units) + "/" + std::to_string(g.chip_value.units) + "/" +
         std::to_string(g.wager_required.units) + "/" + std::to_string(g.max_win.units) + "/" +
         std::to_string(g.expires_ms);
}

class Simulation {
 public:
  Simulation(uint64_t seed, bool inline_mode, Database database)
      : rng_(seed), path_(testing_support::new_location(database, dir_, "ledger.db")) {
    Options o;
    o.path = path_;
    o.inline_mode = inline_mode;
    ledger_ = Ledger::open(o);
  }

  std::map<std::string, int> outcomes;

  void run(int operations, int check_every_batches) {
    int done = 0, batch = 0;
    while (done < operations) {
      const int n = 1 + static_cast<int>(rng_.uniform(40));
      for (int i = 0; i < n; ++i) {
        std::lock_guard lock(mu_);
        step();
      }
      ledger_->flush();
      done += n;
      compare(batch % 20 == 0);
      if (++batch % check_every_batches == 0) audit();
      if (::testing::Test::HasFailure()) return;
    }
    ledger_->stop();
    compare(true);
    audit();
  }

 private:
  int64_t tick() { return clock_ += 1 + static_cast<int64_t>(rng_.uniform(20)); }
  Money some(int64_t max_major) {
    return Money::from_major(1 + static_cast<int64_t>(rng_.uniform(max_major)));
  }
  PlayerId player() { return 1 + static_cast<PlayerId>(rng_.uniform(kPlayers)); }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[rng_.uniform(v.size())];
  }
  void tally(const std::string& what, bool expected_ok, std::optional<Failure> expected_failure,
             std::optional<Failure> got) {
    EXPECT_EQ(got, expected_ok ? std::nullopt : expected_failure) << what << " #" << serial_;
    outcomes[what + ":" + (got ? std::string(failure_name(*got)) : "ok")]++;
  }

  void step() {
    ++serial_;
    const uint64_t r = rng_.uniform(100);
    if (r < 5) return fund();
    if (r < 15) return grant();
    if (r < 35) return change();
    if (r < 42) return open_round();
    if (r < 75) return place();
    if (r < 80) return cancel_bets();
    if (r < 95) return settle();
    return cancel_round();
  }

  // Each operation's callback runs in order (the writer applies a batch in order): the model
  // is advanced there, so its answers are those the ledger gave before.
  void fund() {
    const PlayerId p = player();
    const Money amount = some(200);
    ledger_->submit(Fund{"f" + std::to_string(serial_), p, kCur, amount, "demo"},
                    [this, p, amount](Result<Done, Failure> r) {
                      std::lock_guard lock(mu_);
                      tally("Fund", true, std::nullopt,
                            r.ok() ? std::nullopt : std::optional(r.error()));
                      if (r.ok()) model_.wallets[p].cash += amount;
                    });
  }

  void grant() {
    GrantBonus g;
    const bool replay = !granted_.empty() && rng_.uniform(10) == 0;
    if (replay) {
      g = pick(granted_);
      if (rng_.uniform(2) == 0) g.amount += Money::from_major(1);  // other terms: a conflict
      if (g.kind == BonusKind::free_bet)
        g.amount = g.chip_value * (g.amount.units / g.chip_value.units);
    } else {
      g.bonus_id = "B" + std::to_string(serial_);
      g.player = player();
      g.currency = kCur;
      g.campaign = "sim";
      g.code = "SIM";
      g.kind = rng_.uniform(2) == 0 ? BonusKind::cash : BonusKind::free_bet;
      if (g.kind == BonusKind::cash) {
        g.amount = some(100);
        g.wager_required = rng_.uniform(5) == 0 ? Money{} : some(300);
      } else {
        g.chip_value = Money::from_major(1 + static_cast<int64_t>(rng_.uniform(3)));
        g.amount = g.chip_value * (1 + static_cast<int64_t>(rng_.uniform(8)));
        g.max_win = rng_.uniform(3) == 0 ? Money{} : some(100);
      }
      g.at_ms = tick();
      g.expires_ms = g.at_ms + 50 + static_cast<int64_t>(rng_.uniform(3000));
      granted_index_[g.bonus_id] = granted_.size();
      granted_.push_back(g);
    }
    ledger_->submit(g, [this, g](Result<BonusView, Failure> r) {
      std::lock_guard lock(mu_);
      const std::string key = "grant:" + g.bonus_id;
      std::optional<Failure> expected;
      bool replayed = false;
      if (auto it = model_.keys.find(key); it != model_.keys.end()) {
        if (it->second != content(g)) {
          expected = Failure::key_conflict;
        } else {
          replayed = true;
        }
      }
      tally("Grant", !expected, expected, r.ok() ? std::nullopt : std::optional(r.error()));
      if (!r.ok() || expected) return;
      EXPECT_EQ(r->replayed, replayed);
      if (replayed) return;
      model_.keys[key] = content(g);
      MBonus b;
      b.player = g.player;
      b.kind = g.kind;
      b.amount = g.amount;
      b.chip = g.chip_value;
      b.wager_required = g.wager_required;
      b.max_win = g.max_win;
      b.expires = g.expires_ms;
      b.updated = g.at_ms;
      model_.bonuses[g.bonus_id] = b;
      model_.by_player[g.player].push_back(g.bonus_id);
    });
  }

  void change() {
    if (granted_.empty()) return;
    // Mostly the recent ones, which are still pending or active.
    const size_t recent = std::min<size_t>(granted_.size(), 30);
    const GrantBonus& g = rng_.uniform(5) == 0
                              ? pick(granted_)
                              : granted_[granted_.size() - 1 - rng_.uniform(recent)];
    ChangeBonus c;
    c.bonus_id = g.bonus_id;
    c.action = static_cast<BonusAction>(rng_.uniform(4));
    const bool players = c.action == BonusAction::accept || c.action == BonusAction::decline;
    c.player = players ? (rng_.uniform(8) == 0 ? player() : g.player) : 0;
    c.at_ms = tick();
    if (c.action == BonusAction::expire && rng_.uniform(2) == 0)
      c.at_ms = clock_ = std::max(clock_, g.expires_ms);
    ledger_->submit(c, [this, c](Result<BonusView, Failure> r) {
      std::lock_guard lock(mu_);
      const std::string key =
          "bonus:" + c.bonus_id + ":" + std::to_string(static_cast<int>(c.action));
      const std::string what = std::to_string(c.player);
      std::optional<Failure> expected;
      bool replayed = false;
      if (auto it = model_.keys.find(key); it != model_.keys.end()) {
        if (it->second == what) {
          replayed = true;
        } else {
          expected = Failure::key_conflict;
        }
      } else {
        expected = apply(c);
      }
      tally("Change", !expected, expected, r.ok() ? std::nullopt : std::optional(r.error()));
      if (r.ok() && !expected) {
        EXPECT_EQ(r->replayed, replayed);
        if (!replayed) model_.keys[key] = what;
      }
    });
  }

  bool in_play(PlayerId p) const {
    for (const auto& [id, bet] : model_.bets)
      if (bet.player == p && bet.accepted) return true;
    return false;
  }

  // The model's change; nullopt when it is done.
  std::optional<Failure> apply(const ChangeBonus& c) {
    auto it = model_.bonuses.find(c.bonus_id);
    if (it == model_.bonuses.end()) return Failure::bonus_unavailable;
    MBonus& b = it->second;
    model_.touched.insert(c.bonus_id);
    switch (c.action) {
      case BonusAction::accept:
        if (c.player != b.player || b.status != BonusStatus::pending || c.at_ms >= b.expires)
          return Failure::bonus_unavailable;
        if (b.kind == BonusKind::cash) {
          if (model_.active_cash(b.player) || in_play(b.player)) return Failure::bonus_unavailable;
          model_.wallets[b.player].bonus += b.amount;
          b.status = BonusStatus::active;
          b.accepted = true;
          b.updated = c.at_ms;
          if (b.wager_required.is_zero()) model_.release(b, c.at_ms);
        } else {
          b.chips = b.amount;
          b.status = BonusStatus::active;
          b.accepted = true;
        }
        break;
      case BonusAction::decline:
        if (c.player != b.player || b.status != BonusStatus::pending)
          return Failure::bonus_unavailable;
        b.status = BonusStatus::cancelled;
        break;
      case BonusAction::cancel:
      case BonusAction::expire: {
        const auto to =
            c.action == BonusAction::cancel ? BonusStatus::cancelled : BonusStatus::expired;
        if (c.action == BonusAction::expire && c.at_ms < b.expires)
          return Failure::bonus_unavailable;
        if (b.status == BonusStatus::pending) {
          b.status = to;
        } else if (b.status == BonusStatus::active) {
          model_.forfeit(b, to, c.at_ms);
        } else {
          return Failure::bonus_unavailable;
        }
        break;
      }
    }
    b.updated = c.at_ms;
    return std::nullopt;
  }

  void open_round() {
    const std::string id = "r" + std::to_string(++rounds_);
    ledger_->submit(
        OpenRound{id, "t", "roulette", rounds_, tick()}, [this, id](Result<Done, Failure> r) {
          std::lock_guard lock(mu_);
          tally("OpenRound", true, std::nullopt, r.ok() ? std::nullopt : std::optional(r.error()));
          if (r.ok()) {
            model_.rounds[id] = true;
            open_.push_back(id);
          }
        });
  }

  void place() {
    if (open_.empty()) return;
    PlaceBets op;
    const bool replay = !placed_.empty() && rng_.uniform(12) == 0;
    if (replay) {
      op = pick(placed_);
      if (rng_.uniform(3) == 0) op.bets[0].amount += op.bets[0].amount;  // other content
    } else {
      op.key = "p" + std::to_string(serial_);
      op.round_id = open_[rng_.uniform(open_.size())];
      op.player = player();
      op.currency = kCur;
      op.bonus_first = rng_.uniform(3) == 0;
      const int lines = 1 + static_cast<int>(rng_.uniform(3));
      for (int i = 0; i < lines; ++i) {
        StakeLine line{"s" + std::to_string(i), some(60)};
        if (!granted_.empty() && rng_.uniform(3) == 0) {
          // A free bet: usually on one of the player's active bonuses, in whole chips.
          std::vector<const GrantBonus*> own;
          for (const std::string& id : model_.by_player[op.player]) {
            const MBonus& m = model_.bonuses[id];
            if (m.kind == BonusKind::free_bet && m.status == BonusStatus::active)
              own.push_back(&granted_[granted_index_[id]]);
          }
          const GrantBonus* g = own.empty() || rng_.uniform(10) == 0
                                    ? &pick(granted_)
                                    : own[rng_.uniform(own.size())];
          line.free_bet = g->bonus_id;
          if (g->chip_value.is_positive() && rng_.uniform(4) != 0) {
            line.amount = g->chip_value * (1 + static_cast<int64_t>(rng_.uniform(3)));
            // Now and then half a unit more: not whole chips (invalid_request). Left to the
            // random amounts alone, a run on the threaded ledger could miss it.
            if (rng_.uniform(6) == 0) line.amount += Money::from_units(kMoneyScale / 2);
          }
        }
        op.bets.push_back(line);
      }
      placed_.push_back(op);
    }
    op.at_ms = tick();
    ledger_->submit(op, [this, op](Result<PlacedBets, Failure> r) {
      std::lock_guard lock(mu_);
      std::optional<Failure> expected;
      bool replayed = false;
      std::string what;
      for (const auto& l : op.bets)
        what += l.spot + "=" + std::to_string(l.amount.units) + ":" + l.free_bet + ";";
      what += op.round_id + std::to_string(op.player) + (op.bonus_first ? "B" : "");
      if (auto it = model_.keys.find(op.key); it != model_.keys.end()) {
        if (it->second != what)
          expected = Failure::key_conflict;
        else
          replayed = true;
      } else {
        expected = place_in_model(op, r);
      }
      tally("PlaceBets", !expected, expected, r.ok() ? std::nullopt : std::optional(r.error()));
      if (expected != (r.ok() ? std::nullopt : std::optional(r.error())))
        ADD_FAILURE() << op.key << " " << what << " round known "
                      << model_.rounds.count(op.round_id);
      if (r.ok() && !expected) {
        EXPECT_EQ(r->replayed, replayed);
        if (!replayed) model_.keys[op.key] = what;
      }
    });
  }

  std::optional<Failure> place_in_model(const PlaceBets& op, const Result<PlacedBets, Failure>& r) {
    auto round = model_.rounds.find(op.round_id);
    if (round == model_.rounds.end()) return Failure::round_not_found;
    if (!round->second) return Failure::round_not_open;
    Money own;
    std::map<std::string, Money> free;
    for (const StakeLine& l : op.bets) {
      if (l.free_bet.empty()) {
        own += l.amount;
        continue;
      }
      auto it = model_.bonuses.find(l.free_bet);
      if (it == model_.bonuses.end()) return Failure::bonus_unavailable;
      const MBonus& b = it->second;
      if (b.player != op.player || b.kind != BonusKind::free_bet ||
          b.status != BonusStatus::active || op.at_ms >= b.expires)
        return Failure::bonus_unavailable;
      if (l.amount.units % b.chip.units != 0) return Failure::invalid_request;
      free[l.free_bet] += l.amount;
    }
    for (const auto& [id, amount] : free) {
      if (amount > model_.bonuses[id].chips) return Failure::insufficient_funds;
    }
    MWallet& w = model_.wallets[op.player];
    if (own > w.cash + w.bonus) return Failure::insufficient_funds;
    if (!r.ok() || r->bet_ids.size() != op.bets.size()) return std::nullopt;  // reported by tally
    for (size_t i = 0; i < op.bets.size(); ++i) {
      const StakeLine& l = op.bets[i];
      MBet bet{op.round_id, op.player, l.amount, {}, {}, l.free_bet};
      if (!l.free_bet.empty()) {
        model_.bonuses[l.free_bet].chips -= l.amount;
        bet.bonus = l.amount;
      } else if (op.bonus_first) {
        bet.bonus = std::min(l.amount, w.bonus);
        bet.cash = l.amount - bet.bonus;
        w.cash -= bet.cash;
        w.bonus -= bet.bonus;
      } else {
        bet.cash = std::min(l.amount, w.cash);
        bet.bonus = l.amount - bet.cash;
        w.cash -= bet.cash;
        w.bonus -= bet.bonus;
      }
      model_.bets[r->bet_ids[i]] = bet;
      model_.round_bets[op.round_id].push_back(r->bet_ids[i]);
    }
    return std::nullopt;
  }

  void refund_in_model(MBet& bet) {
    bet.accepted = false;
    if (!bet.free_bet.empty()) {
      MBonus& b = model_.bonuses[bet.free_bet];
      if (b.status == BonusStatus::active) b.chips += bet.amount;
      return;
    }
    MWallet& w = model_.wallets[bet.player];
    w.cash += bet.cash;
    w.bonus += bet.bonus;
    model_.follow(bet.player, bet.bonus);
  }

  void cancel_bets() {
    std::vector<BetId> ids;
    for (const std::string& round : open_) {
      for (BetId id : accepted_of(round)) ids.push_back(id);
    }
    if (ids.empty()) return;
    const BetId id = pick(ids);
    const MBet& bet = model_.bets[id];
    CancelBets op{"c" + std::to_string(serial_), bet.round, bet.player, {id}, tick()};
    ledger_->submit(op, [this, op](Result<CancelledBets, Failure> r) {
      std::lock_guard lock(mu_);
      MBet& b = model_.bets[op.bets[0]];
      const bool open = model_.rounds[b.round];
      const bool ok = b.accepted && open;
      tally("CancelBets", ok, open ? Failure::invalid_request : Failure::round_not_open,
            r.ok() ? std::nullopt : std::optional(r.error()));
      if (ok) refund_in_model(b);
    });
  }

  std::vector<BetId> accepted_of(const std::string& round) {
    std::vector<BetId> ids;
    for (BetId id : model_.round_bets[round])
      if (model_.bets[id].accepted) ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    return ids;
  }

  // Settles the oldest open round with what the model knows of its bets now; a bet placed
  // meanwhile in the same batch makes the ledger refuse the list (so is the model).
  void settle() {
    if (open_.empty()) return;
    const std::string round = open_.front();
    SettleRound op{round, {}, tick()};
    for (BetId id : accepted_of(round)) {
      const uint64_t k = rng_.uniform(4);
      const Money amount = model_.bets[id].amount;
      op.returns.emplace_back(id, k == 0 ? amount * 36 : k == 1 ? amount * 2 : Money{});
    }
    open_.erase(open_.begin());
    ledger_->submit(op, [this, op](Result<Settlement, Failure> r) {
      std::lock_guard lock(mu_);
      const auto now = accepted_of(op.round_id);
      std::vector<BetId> named;
      for (const auto& [id, amount] : op.returns) named.push_back(id);
      const bool ok = now == named;  // both in id order
      tally("SettleRound", ok, Failure::invalid_request,
            r.ok() ? std::nullopt : std::optional(r.error()));
      if (!ok) {
        open_.push_back(op.round_id);  // settled later
        return;
      }
      model_.rounds[op.round_id] = false;
      std::map<BetId, Money> returns(op.returns.begin(), op.returns.end());
      for (BetId id : now) {
        MBet& bet = model_.bets[id];
        bet.accepted = false;
        const Money ret = returns[id];
        MWallet& w = model_.wallets[bet.player];
        if (!bet.free_bet.empty()) {
          MBonus& b = model_.bonuses[bet.free_bet];
          model_.touched.insert(bet.free_bet);
          Money win = ret > bet.amount ? ret - bet.amount : Money{};
          if (b.max_win.is_positive())
            win = std::min(win, b.max_win > b.won ? b.max_win - b.won : Money{});
          w.cash += win;
          b.won += win;
          if (win.is_positive()) b.updated = op.at_ms;
          continue;
        }
        const Money to_bonus{static_cast<int64_t>(static_cast<Wide>(ret.units) * bet.bonus.units /
                                                  bet.amount.units)};
        w.bonus += to_bonus;
        w.cash += ret - to_bonus;
        model_.follow(bet.player, to_bonus);
        model_.count_wager(bet.player, bet.amount, op.at_ms);
      }
    });
  }

  void cancel_round() {
    if (open_.empty()) return;
    const std::string round = open_.back();
    open_.pop_back();
    ledger_->submit(CancelRound{round, "sim", tick()}, [this,
                                                        round](Result<Settlement, Failure> r) {
      std::lock_guard lock(mu_);
      tally("CancelRound", true, std::nullopt, r.ok() ? std::nullopt : std::optional(r.error()));
      if (!r.ok()) ADD_FAILURE() << round << " open " << model_.rounds[round];
      model_.rounds[round] = false;
      for (BetId id : accepted_of(round)) refund_in_model(model_.bets[id]);
    });
  }

  void compare(bool bonuses) {
    for (PlayerId p = 1; p <= kPlayers; ++p) {
      const Balance b = ledger_->balance(p, kCur);
      EXPECT_EQ(b.cash, model_.wallets[p].cash) << "player " << p << " after #" << serial_;
      EXPECT_EQ(b.bonus, model_.wallets[p].bonus) << "player " << p << " after #" << serial_;
    }
    if (!bonuses) return;
    // The bonuses that may still change, and those that changed since the last time.
    for (const auto& [id, m] : model_.bonuses) {
      if (m.status != BonusStatus::pending && m.status != BonusStatus::active &&
          !model_.touched.contains(id))
        continue;
      const auto v = ledger_->bonus(id);
      ASSERT_TRUE(v) << id;
      EXPECT_EQ(v->status, m.status) << id << " after #" << serial_;
      EXPECT_EQ(v->wagered, m.wagered) << id;
      EXPECT_EQ(v->won, m.won) << id;
      if (m.kind == BonusKind::free_bet && m.status == BonusStatus::active) {
        EXPECT_EQ(v->remaining, m.chips) << id << " after #" << serial_;
      }
    }
    model_.touched.clear();
  }

  void audit() {
    auto report = check_ledger(path_);
    EXPECT_TRUE(report.ok) << ::testing::PrintToString(report.problems);
    for (const auto& [currency, sum] : report.sum_by_currency) EXPECT_EQ(sum, Money{}) << currency;
  }

  // Callbacks run on the writer thread while the next operations are built: both hold this
  // (recursive: a submission refused at the door is answered inside submit()).
  std::recursive_mutex mu_;
  SeededRng rng_;
  TempDir dir_;
  const std::string path_;
  std::unique_ptr<Ledger> ledger_;
  Model model_;
  std::vector<GrantBonus> granted_;
  std::map<std::string, size_t> granted_index_;
  std::vector<PlaceBets> placed_;
  std::vector<std::string> open_;
  int64_t rounds_ = 0;
  int64_t serial_ = 0;
  int64_t clock_ = 1000;
};

class BonusConservation : public ::testing::TestWithParam<std::tuple<Database, uint64_t>> {};

INSTANTIATE_TEST_SUITE_P(Seeds, BonusConservation,
                         ::testing::Combine(::testing::Values(Database::sqlite, Database::postgres),
                                            ::testing::Values(1u, 2u)),
                         [](const auto& info) {
                           return testing_support::name_of(std::get<0>(info.param)) + "Seed" +
                                  std::to_string(std::get<1>(info.param));
                         });

// 10^5 operations on SQLite, 10^4 on PostgreSQL (a batch there costs round trips), per seed;
// on SQLite a third of that under ASan, where a seed took 80 s of its CTest (PostgreSQL's
// round trips are the server's, and the same in every build).
TEST_P(BonusConservation, RandomBonusOperationsMatchTheModelAndConserveMoney) {
  const auto [database, seed] = GetParam();
  Simulation sim(seed, false, database);
  const bool sqlite = database == Database::sqlite;
  sim.run(sqlite ? 100'000 / kTestTimeScale : 10'000, sqlite ? 500 : 100);
  for (const char* outcome :
       {"Grant:ok", "Grant:key_conflict", "Change:ok", "Change:bonus_unavailable",
        "Change:key_conflict", "PlaceBets:ok", "PlaceBets:bonus_unavailable",
        "PlaceBets:insufficient_funds", "PlaceBets:invalid_request", "PlaceBets:key_conflict",
        "SettleRound:ok", "CancelBets:ok", "CancelRound:ok"}) {
    EXPECT_GT(sim.outcomes[outcome], 0)
        << outcome << " never happened; seen: " << ::testing::PrintToString(sim.outcomes);
  }
}

}  // namespace
}  // namespace croupier::ledger
