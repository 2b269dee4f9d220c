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
// XML, so it is tested under a simulated clock with plain values. A flow belongs to one
// table and is called from that table's thread only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/clock.hpp"
#include "core/error_code.hpp"
#include "core/money.hpp"
#include "core/rng.hpp"
#include "games/cards/roads.hpp"
#include "games/engine.hpp"
#include "games/round_state.hpp"

namespace croupier::games {

using PlayerRef = int64_t;  // a player, as the ledger numbers them

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

using FlowEvent =
    std::variant<StateShown, CardShown, SqueezerChosen, SqueezeMoved, ShuffleStarted, ShuffleEnded>;
using FlowOut = std::vector<FlowEvent>;

// ---- What a flow is given ---------------------------------------------------------------

// One stake of the round as the flow may need it (the squeeze goes to the biggest one).
struct FlowStake {
  PlayerRef player = 0;
  std::string name;
  std::string spot;
  Money amount;
};

struct FlowStart {
  MonoTime now{};
  Millis spin{0};                   // the time to show the outcome; 0 when the table closes
  bool closing = false;             // the table is shutting down: no squeeze
  std::optional<Outcome> scripted;  // tests: the outcome to use instead of drawing
  std::vector<FlowStake> stakes;    // every accepted stake, if the flow wants_stakes()
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

class RoundFlow {
 public:
  virtual ~RoundFlow() = default;

  // Whether begin() needs the round's stakes (FlowStart::stakes): the host gathers them
  // only then, as a big table holds many.
  virtual bool wants_stakes() const { return false; }
  // Before each round opens (a shoe table changes its shoe when the cut card came out).
  virtual void before_round(Rng& rng, FlowOut& out) {}
  // The dealer starts: draws or deals the outcome and starts showing it.
  virtual void begin(const FlowStart& start, Rng& rng, FlowOut& out) = 0;
  // Shows what is due at `now`.
  virtual void advance(MonoTime now, FlowOut& out) = 0;
  // When advance() should next be called while the round is shown.
  virtual MonoTime deadline(MonoTime now) const = 0;
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

  // The flow's part of a snapshot for `player`; `over` when the round's result is out.
  virtual FlowView view(PlayerRef player, bool over, bool in_play) const { return {}; }
  // The cards of the round, for the result (empty when the flow deals none).
  virtual std::vector<DealtCard> result_cards() const { return {}; }
  // The baccarat roads of the current shoe, or nullptr; roads_version() changes whenever
  // they do, so the host converts them once per change.
  virtual const cards::Roads* roads() const { return nullptr; }
  virtual uint64_t roads_version() const { return 0; }
};

}  // namespace croupier::games
