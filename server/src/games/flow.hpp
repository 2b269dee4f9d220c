// RoundFlow: what happens to a round of one game family between bets closing and its
// settlement, as the table (the round host) drives it.
//
// The host owns what every game shares: round ids, versions, the betting window and its
// timers, the bet book and its duplicate-request store, seats and chat, the ledger's round
// steps and the event stream. When the bets-closed pause ends the host calls begin(): the
// flow draws or deals the outcome and starts showing it. The host calls advance() at
// deadline() until done(); then, once the result is durable and no bet is still being
// committed, it settles every bet with the engine's payouts for outcome() and calls
// after_result(). Mid-round commands (a squeeze) come through the flow's own methods.
//
// A flow tells the host what players should see as FlowEvents pushed onto a FlowOut; the
// host stamps, numbers and publishes them. A flow is pure: time comes in as arguments,
// randomness from the Rng it is given, and it never touches a socket, the ledger, JSON or
// XML, so it is tested under a simulated clock with plain values. What a flow needs of the
// host mid-round (a stake taken from a player, who holds a seat, autoplay's bets) it asks
// through FlowHost, which the table implements over its ledger and seats. A flow belongs to
// one table and is called from that table's thread only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/clock.hpp"
#include "core/error_code.hpp"
#include "core/money.hpp"
#include "core/rng.hpp"
#include "games/blackjack/play_types.hpp"
#include "games/cards/roads.hpp"
#include "games/crash/crash_types.hpp"
#include "games/engine.hpp"
#include "games/round_state.hpp"
#include "games/show/show.hpp"

namespace croupier::games {

using PlayerRef = int64_t;  // a player, as the ledger numbers them
using BetRef = int64_t;     // an accepted bet, as the ledger numbers them

// ---- What a flow shows ----------------------------------------------------------------

// The round moved to `state` (a gamestate event), which lasts until `ends`. `spin` is the
// whole spin or dealing time, when the state starts one.
struct StateShown {
  RoundState state;
  MonoTime ends;
  std::optional<Millis> spin;
};

// One card of the deal (a card event): shown face up, or dealt face down for the
// squeezer (no `card`), or a face-down card revealed.
struct CardShown {
  std::string hand;
  std::string card;  // empty while face down
  size_t index = 0;  // in dealing order
  size_t of = 0;     // cards in the deal
  bool face_down = false;
  bool reveal = false;
  bool withdrawn = false;  // a human dealer took back the card at `index` (and any after it)
};

// Squeeze mode: who squeezes which hand, for how long.
struct SqueezerChosen {
  PlayerRef player = 0;
  std::string name;
  std::string hand;
  Millis squeeze{0};
};

// The squeezer's progress on a face-down card (0 to 1).
struct SqueezeMoved {
  size_t index = 0;
  double progress = 0.0;
};

// A new shoe: the shuffle begins, then ends with the burn.
struct ShuffleStarted {
  int shoe = 0;
};
struct ShuffleEnded {
  int shoe = 0;
  std::string burn_card;
  size_t burnt = 0;
  size_t cards = 0;  // left in the shoe
};

// Blackjack: the hands changed (a blackjack event); the flow's blackjack view says how.
struct HandsShown {};

// Crash games (games/crash/crash_flow.hpp): the flight started at `launched`, and the
// multiplier rises from 1.00× on the server's clock (games/crash/crash.hpp).
struct FlightLaunched {
  MonoTime launched{};
};
// The cash-outs paid since the last such event (`list`, at most kListMax of them, which
// everyone sees by name) and how many this round so far; `mine` are each player's own
// automatic ones, which only that player is told of.
struct CashOutsShown {
  static constexpr size_t kListMax = 20;
  size_t count = 0;
  std::vector<crash::CashedOut> list;
  std::vector<crash::CashedOut> mine;
};
// The flight ended at `x` hundredths: a crash, or the cap (every stake still flying is paid
// there).
struct FlightCrashed {
  int64_t x = 0;
  bool capped = false;
};

using FlowEvent =
    std::variant<StateShown, CardShown, SqueezerChosen, SqueezeMoved, ShuffleStarted, ShuffleEnded,
                 HandsShown, FlightLaunched, CashOutsShown, FlightCrashed, show::StepShown>;
using FlowOut = std::vector<FlowEvent>;

// ---- What a flow is given ---------------------------------------------------------------

// One stake of the round as the flow may need it (the squeeze goes to the biggest one).
struct FlowStake {
  PlayerRef player = 0;
  std::string name;
  std::string spot;
  Money amount;
  BetRef bet = 0;
  std::string currency;
};

// What a flow asks of the host (the table) while a round is played. Callbacks run later,
// on the table's thread, never inside the call that asked.
class FlowHost {
 public:
  struct Stake {
    PlayerRef player = 0;
    std::string currency;
    std::string spot;  // also the stake's key in the round: taken once
    Money amount;
  };
  struct Funds {
    Money cash;
    Money bonus;
  };
  struct Taken {
    BetRef bet = 0;
    Funds balance;  // the player's, after the stake was taken
  };
  // Places `stake` as a bet of its player in the open round, then calls `done` with the
  // bet, or nullopt when it could not be taken (funds).
  virtual void take_stake(const Stake& stake, std::function<void(std::optional<Taken>)> done) = 0;
  // Stakes and bets still being committed (the round cannot be settled meanwhile).
  virtual bool stakes_in_flight() const = 0;
  // Who holds `seat` (1-based) now.
  virtual std::optional<PlayerRef> seat_holder(int seat) const = 0;
  // Whether `player` lost `seat` to automatic decisions (until they sit again).
  virtual bool seat_lost(PlayerRef player, int seat) const = 0;
  // Takes `seat` from `player` (too many automatic decisions).
  virtual void lose_seat(PlayerRef player, int seat) = 0;
  // Autoplay: places the player's last bets again in the new round; `done` gets the
  // refusal, or nullopt when at least one bet was accepted.
  struct Repeat {
    PlayerRef player = 0;
    std::string name;
    std::string currency;
    std::string request_id;
    bool regulated = false;
  };
  virtual void repeat_bets(const Repeat& repeat,
                           std::function<void(std::optional<Refusal>)> done) = 0;
  // Crash games: settles bets of `player` at once for their `returns` (a cash-out), under
  // the ledger key `key`; with `restake`, then places that stake again as a new bet of the
  // round (a half cash-out: the other half keeps flying). `done` gets the player's balance
  // and the new bet, or nullopt when the ledger refused the cash-out (nothing was paid). A
  // restake the ledger refuses leaves its money with the player (it was part of
  // `returned`): `restaked` is then nullopt.
  struct EarlySettle {
    PlayerRef player = 0;
    std::string currency;
    std::vector<std::pair<BetRef, Money>> returns;
    std::string key;
    std::optional<Stake> restake;
  };
  struct Settled {
    Funds balance;
    std::optional<BetRef> restaked;
  };
  virtual void settle_early(const EarlySettle& settle,
                            std::function<void(std::optional<Settled>)> done) {
    done(std::nullopt);
  }
  // Nobody played a hand: the round is refunded (cancelround with `reason`).
  virtual void void_round(const std::string& reason) = 0;
  // Shows `out` now: for what a flow shows outside begin() and advance() (after a stake
  // was taken, a decision made).
  virtual void show(const FlowOut& out) = 0;
  // The time now, for a flow called back after a stake.
  virtual MonoTime now() const = 0;

 protected:
  ~FlowHost() = default;
};

struct FlowStart {
  MonoTime now{};
  Millis spin{0};                   // the time to show the outcome; 0 when the table closes
  bool closing = false;             // the table is shutting down: no squeeze
  std::optional<Outcome> scripted;  // tests: the outcome to use instead of drawing
  std::vector<FlowStake> stakes;    // every accepted stake, if the flow wants_stakes()
};

// Provably fair (docs/provably-fair.md): what verifies a shoe game's round besides its
// seeds, the shoe it began with (Shoe::composition()) and the cards it took, in order.
struct FairDeal {
  std::string shoe;
  int decks = 0;  // what a shoe that runs out mid-round is refilled with
  std::vector<std::string> cards;
  bool scripted = false;  // tests: some cards were scripted, not drawn
};

// What a joining player sees of the flow's part of the round (the host adds its own).
struct FlowView {
  struct Card {
    std::string hand;
    std::string card;  // empty when face down
  };
  bool cards_shown = false;  // the flow shows cards: `cards` is meaningful (even empty)
  std::vector<Card> cards;
  std::optional<int> shoe;  // the shoe's number and what is left in it, at shoe tables
  size_t shoe_cards = 0;
  struct Squeezer {
    std::string name;
    std::string hand;
    bool you = false;
  };
  std::optional<Squeezer> squeezer;
};

// The answer to a blackjack decision: the decision as applied, or why it was refused, and
// the balance after a stake it took.
struct DecisionAnswer {
  blackjack::Decision decision = blackjack::Decision::no_decision;
  std::optional<Refusal> refusal;
  std::optional<FlowHost::Funds> balance;
};

class RoundFlow {
 public:
  virtual ~RoundFlow() = default;

  // Whether begin() needs the round's stakes (FlowStart::stakes): the host gathers them
  // only then, as a big table holds many.
  virtual bool wants_stakes() const { return false; }
  // A flow whose returns depend on what players do mid-round (blackjack) settles every
  // bet itself (returns()) and its outcome is known only when done(): the host records
  // the result with the settlement, and a crash before it refunds the round. It reads
  // its own scripted results (tests) from its settings.
  virtual bool settles_itself() const { return false; }
  // What each of `stakes` (every bet of the round) returns, for a flow that settles itself.
  virtual std::vector<std::pair<BetRef, Money>> returns(
      const std::vector<FlowStake>& stakes) const {
    return {};
  }
  // A flow whose outcome exists only once it is done (a human dealer's confirmed entries):
  // the host records the result then, not when the round begins.
  virtual bool outcome_at_end() const { return false; }
  // A new round opened: a flow may place bets for its players (autoplay).
  virtual void round_opened(FlowHost& host) {}
  // Before each round opens (a shoe table changes its shoe when the cut card came out).
  virtual void before_round(Rng& rng, FlowOut& out) {}
  // The dealer starts: draws or deals the outcome and starts showing it.
  virtual void begin(const FlowStart& start, Rng& rng, FlowOut& out) = 0;
  // Shows what is due at `now`.
  virtual void advance(MonoTime now, FlowOut& out) = 0;
  // When advance() should next be called while the round is shown; nullopt while the
  // flow waits for a stake (the host wakes it).
  virtual std::optional<MonoTime> deadline(MonoTime now) const = 0;
  // When the showing ends (a squeeze moves it back), for snapshots.
  virtual MonoTime ends() const = 0;
  // Everything is shown and only the end of the showing time remains: the host settles
  // at deadline() once the result is durable.
  virtual bool done() const = 0;
  // The table is closing: finish showing at once.
  virtual void hurry(MonoTime now) = 0;
  // The outcome of the round begun last.
  virtual const Outcome& outcome() const = 0;
  // The round is settled (a shoe table's roads take the result).
  virtual void after_result() {}

  // Squeeze mode: `player` moves a face-down card; nullopt when taken. `in_play` says
  // whether the round is still being shown.
  virtual std::optional<ErrorCode> squeeze(PlayerRef player, size_t index, double progress,
                                           bool in_play, MonoTime now, FlowOut& out) {
    return ErrorCode::NotYourTurn;
  }

  // Per-player state a flow keeps between rounds (blackjack preferences and autoplay):
  // who it remembers, and forgetting those `idle` says may go (the flow keeps those it
  // still plays for).
  virtual void remembered(std::vector<PlayerRef>& players) const {}
  virtual void forget(const std::function<bool(PlayerRef)>& idle) {}

  // ---- Crash games' commands and views (games/crash/crash_flow.hpp); other flows refuse
  // the commands and have no flight to show.
  // `done` runs once: at once for a refusal, after the ledger paid the cash-out.
  virtual void cash_out(const crash::CashOutIn& in,
                        std::function<void(crash::CashOutAnswer)> done) {
    done({std::nullopt, Refusal{ErrorCode::InvalidBet, "this is not a crash table"}});
  }
  // Sets a player's automatic cash-out of one panel, kept until changed.
  virtual std::optional<Refusal> set_auto_cash_out(PlayerRef player, const std::string& spot,
                                                   const crash::AutoCashOut& autos) {
    return Refusal{ErrorCode::InvalidBet, "this is not a crash table"};
  }
  virtual std::optional<crash::FlightView> flight_view(PlayerRef player) const {
    return std::nullopt;
  }
  // Whether the round's outcome is fixed before any bet (a hash chain of seeds, so no
  // client seed is mixed in: docs/provably-fair.md).
  virtual bool chained_seeds() const { return false; }

  // ---- The game shows' choices and views (games/show/show_flow.hpp); other flows refuse
  // the choices and have no show to view.
  virtual std::optional<Refusal> choose(const show::ChoiceIn& in, MonoTime now) {
    return Refusal{ErrorCode::InvalidDecision, "this is not a game show"};
  }
  virtual std::optional<show::ShowView> show_view(PlayerRef player) const { return std::nullopt; }

  // ---- Blackjack's commands and views (games/blackjack/bj_flow.hpp); other flows refuse
  // the commands and have no hands to show.
  virtual bool takes_decisions() const { return false; }
  // `done` runs once: at once for a refusal or a decision that takes no stake, after the
  // stake was taken for a double, a split or insurance.
  virtual void decide(const blackjack::DecisionIn& in, std::function<void(DecisionAnswer)> done) {
    done({in.decision, Refusal{ErrorCode::InvalidDecision, "this is not a blackjack table"},
          std::nullopt});
  }
  virtual void set_prefs(PlayerRef player, const blackjack::Prefs& prefs) {}
  // Starts or stops autoplay; `has_bets`: the player has bets to repeat (now or last round).
  virtual std::optional<Refusal> autoplay(const blackjack::AutoplayIn& in, bool has_bets) {
    return Refusal{ErrorCode::BetsNotAccepted, "autoplay is played at one-hand blackjack"};
  }
  virtual std::optional<blackjack::AutoplayView> autoplay_of(PlayerRef player) const {
    return std::nullopt;
  }
  // Whether `player` may bet on `spot` at all now (blackjack: their own seat, or behind
  // another's that allows it); the engine checks the amounts.
  virtual std::optional<Refusal> refuse_bet(PlayerRef player, std::string_view spot) const {
    return std::nullopt;
  }
  // The hands of the round, while one is played or its result shown; nullopt elsewhere.
  virtual std::optional<blackjack::RoundView> hands_view() const { return std::nullopt; }
  // What `player` alone sees of the hands, and who has such a view now.
  virtual blackjack::PersonalView personal_view(PlayerRef player) const { return {}; }
  // `every_hand`: also the seated players (at the result).
  virtual std::vector<PlayerRef> personal_viewers(bool every_hand = false) const { return {}; }

  // The flow's part of a snapshot for `player`; `over` when the round's result is out.
  virtual FlowView view(PlayerRef player, bool over, bool in_play) const { return {}; }
  // The cards of the round, for the result (empty when the flow deals none).
  virtual std::vector<DealtCard> result_cards() const { return {}; }
  // The round's shoe and cards, at a table that deals from a shoe; nullopt elsewhere.
  virtual std::optional<FairDeal> fair_deal() const { return std::nullopt; }
  // The shoe the next round will deal from (its composition), committed to as betting
  // opens; nullopt at a table without a shoe.
  virtual std::optional<std::string> shoe_composition() const { return std::nullopt; }
  // The baccarat roads of the current shoe, or nullptr; roads_version() changes whenever
  // they do, so the host converts them once per change.
  virtual const cards::Roads* roads() const { return nullptr; }
  virtual uint64_t roads_version() const { return 0; }
};

}  // namespace croupier::games
