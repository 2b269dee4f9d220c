// CrashFlow: the round of a crash game (spaceman, big bass: docs/games/crash.md) after bets
// close. The flight launches at once: the multiplier rises from 1.00× on the server's clock
// (crash.hpp) until the crash point drawn at launch, which nobody sees before the crash.
// Until then each player cashes out the stake of a panel, in full or half of it (the other
// half keeps flying), by command or automatically at a target they set; a cash-out is paid
// at the multiplier of the moment the table receives it when that moment is before the crash
// instant, and is refused with 1017 after it. An automatic cash-out is paid at its target
// exactly when the round reaches it (target ≤ crash point), whether or not its player is
// still connected. A round that reaches the cap pays every stake still flying 5000×.
//
// Each cash-out is settled in the ledger when it is decided (FlowHost::settle_early, a
// SettleBets keyed by the bet), before its player is answered, so a node that dies mid-flight
// refunds only the stakes still flying. The flow settles itself: the stakes still flying at
// the crash lose (or are paid the cap) in the round's settlement, with the result. A table
// that shuts down mid-flight ends the flight at once and returns the stakes still flying.
//
// The crash point is drawn from the round's words, which come from a hash chain of seeds
// committed before the first round (chained_seeds(): no client seed is mixed in, so the
// sequence is fixed before anyone bets; docs/provably-fair.md).
//
// Pure apart from its host; one table's thread only (games/flow.hpp).
#pragma once

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/crash/crash.hpp"
#include "games/crash/crash_types.hpp"
#include "games/flow.hpp"

namespace croupier::games::crash {

struct CrashFlowConfig {
  Millis announce{500};  // cash-outs are shown to everyone at most this often
  // After the crash, the settlement waits this long for cash-outs received before the
  // crash instant that the table's queue had not yet handed to the flow.
  Millis grace{300};
  // Tests: the crash points of the first rounds (the engine's outcome texts).
  std::vector<std::string> script;
};

class CrashFlow : public RoundFlow {
 public:
  CrashFlow(const Engine& engine, CrashFlowConfig config, FlowHost& host);

  bool wants_stakes() const override { return true; }
  bool settles_itself() const override { return true; }
  bool chained_seeds() const override { return true; }
  std::vector<std::pair<BetRef, Money>> returns(
      const std::vector<FlowStake>& stakes) const override;
  void begin(const FlowStart& start, Rng& rng, FlowOut& out) override;
  void advance(MonoTime now, FlowOut& out) override;
  std::optional<MonoTime> deadline(MonoTime now) const override;
  MonoTime ends() const override;
  bool done() const override { return crashed_; }
  void hurry(MonoTime now) override;
  const Outcome& outcome() const override { return outcome_; }
  void round_opened(FlowHost& host) override;
  void after_result() override { settled_ = true; }
  void remembered(std::vector<PlayerRef>& players) const override;
  void forget(const std::function<bool(PlayerRef)>& idle) override;

  void cash_out(const CashOutIn& in, std::function<void(CashOutAnswer)> done) override;
  std::optional<Refusal> set_auto_cash_out(PlayerRef player, const std::string& spot,
                                           const AutoCashOut& autos) override;
  std::optional<FlightView> flight_view(PlayerRef player) const override;

  // The crash instant of the flight in progress (tests).
  MonoTime crash_instant() const { return crash_at_; }

 private:
  // One panel's stake of one player in the flight.
  struct Ticket {
    PlayerRef player = 0;
    std::string name;
    std::string currency;
    std::string spot;
    // The bets now flying, with their stakes (a player may bet on a panel more than once; a
    // half cash-out settles them and restakes the rest as one bet).
    std::vector<std::pair<BetRef, Money>> bets;
    Money stake;  // their sum
    enum class State { flying, cashing, cashed, lost } state = State::flying;
    bool half_done = false;
    int64_t x = 0;    // the last cash-out's multiplier
    Money returned;   // paid by this panel's cash-outs this round
    Money last_part;  // the stake of the last cash-out
  };
  using TicketId = size_t;

  // Pays ticket `t` at `x` (hundredths); `done` (if any) gets the answer once the ledger has it.
  void pay(TicketId t, int64_t x, bool half, bool automatic,
           std::function<void(CashOutAnswer)> done);
  // Queues a flying ticket's automatic cash-outs due at `from` or later.
  void schedule(TicketId t, MonoTime from);
  std::optional<int64_t> auto_target(const Ticket& t) const;
  void crash(FlowOut& out);
  void announce(MonoTime now, FlowOut& out);
  int64_t minor_units(const std::string& currency) const;

  const Engine& engine_;
  const CrashFlowConfig config_;
  FlowHost& host_;
  size_t scripted_next_ = 0;

  Outcome outcome_;
  CrashPoint point_;
  MonoTime launched_{};
  MonoTime crash_at_{};
  bool flying_ = false;
  bool crashed_ = false;
  bool voided_ = false;   // the table shut down mid-flight: stakes still flying are returned
  bool settled_ = false;  // the round's settlement was asked for: no cash-out any more
  uint64_t flight_ = 0;   // counts flights: a ledger answer of an earlier one is ignored
  std::vector<Ticket> tickets_;
  std::set<BetRef> flown_;  // every bet that took off with the flight (placed before launch)
  std::unordered_map<PlayerRef, std::vector<TicketId>> by_player_;
  // Automatic cash-outs: by player and panel, kept across rounds; and the flight's queue of
  // (when, ticket) in time order, checked again when due.
  std::unordered_map<PlayerRef, std::map<std::string, AutoCashOut>> autos_;
  std::multimap<MonoTime, TicketId> auto_queue_;
  size_t cashed_count_ = 0;
  std::vector<CashedOut> to_announce_;
  std::vector<CashedOut> mine_to_announce_;
  std::optional<MonoTime> next_announce_;
};

}  // namespace croupier::games::crash
