// The game shows (the candy wheel, docs/games/sweetbonanza.md; boom or bust,
// docs/games/boomorbust.md): what their engines tell the show flow (show_flow.hpp) besides
// what every engine does, and the plain values the flow shows.
//
// A show's whole outcome is drawn when bets close, from the round's words like any other
// draw (so it is provably fair as drawn): the first result, then what the show reveals after
// it step by step (a Sugar Bomb's multiplier and re-spin, the candies of a Candy Drop, the
// rolls of a boom or bust bonus). Some steps are choices of the players whose stakes play a
// bonus (which candy; keep rolling or cash out): each has a deadline and a default for
// whoever does not choose, and what a stake returns depends on its player's choices.
//
// Pure values; engines are immutable and thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/money.hpp"
#include "games/engine.hpp"

namespace croupier::games::show {

// One step of the show after the first result.
struct Step {
  enum class Kind { reveal, choose };
  Kind kind = Kind::reveal;
  // reveal: what is revealed ("bomb", "candies", "bubbles", "spin", "roll");
  // choose: what is chosen ("candy", "keep").
  std::string what;
  std::vector<int64_t> values;       // reveal: what it shows (its documentation says)
  std::vector<std::string> options;  // choose: the choices
  friend bool operator==(const Step&, const Step&) = default;
};

// What the show plays after its first result.
struct Plan {
  std::string bonus;  // "candydrop", "bubbles", "sweetspins", "boom"; empty: none
  std::string spot;   // the bet whose stakes play the bonus (and choose); empty: none
  std::vector<Step> steps;
  // A choice `leaves` names takes its player out of the bonus: the show stops when nobody
  // is left in it (boom or bust's "cash").
  std::string leaves;
};

class ShowEngine : public Engine {
 public:
  // The first result as the wheel or the dice show it (Outcome::values[0] and on, as the
  // game's documentation says), and the rest of the show.
  virtual std::vector<int64_t> first(const Outcome& outcome) const = 0;
  virtual Plan plan(const Outcome& outcome) const = 0;
  // The choice made for a player who made none at choose step `step` (an index of
  // plan().steps). Everybody still in a bonus at a choice made the same choices before it.
  virtual std::string default_choice(const Outcome& outcome, size_t step) const = 0;
  // What a stake on `spot` returns when its player chose `choices` (in the order of the
  // plan's choose steps; missing ones are the defaults). payout() is this with no choices.
  virtual Money returns(std::string_view spot, Money stake, const Outcome& outcome,
                        const std::vector<std::string>& choices) const = 0;
};

// ---- What the flow shows -----------------------------------------------------------------

// A step of the show (a showstep event): `index` in the plan, or -1 for the first result.
struct StepShown {
  std::string bonus;
  int index = -1;
  Step step;
  MonoTime until{};       // when the next step comes (a choice's deadline)
  size_t players_in = 0;  // players still in the bonus
};

// A player's choice, as it was taken (the answer to a <choose> command).
struct ChoiceIn {
  int64_t player = 0;
  int step = 0;  // the plan's index of the choose step it answers
  std::string choice;
  std::optional<MonoTime> received;  // the table's clock; nullopt: now
};

// What a player sees of the show (a snapshot's "show").
struct ShowView {
  std::vector<int64_t> first;  // once landed
  std::string bonus;
  std::vector<StepShown> shown;      // the steps shown so far, in order
  std::optional<StepShown> current;  // the step on now
  bool in = false;                   // the player plays the bonus (and may choose)
  bool out = false;                  // the player left it (cashed out)
  std::vector<std::string> choices;  // the player's choices so far
  size_t players_in = 0;
};

}  // namespace croupier::games::show
