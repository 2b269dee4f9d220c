// DrawFlow: the round of a game whose dealer draws the whole outcome at once when betting
// ends (the roulette wheels, sic bo's dice, the mega wheel): the outcome is drawn, the
// round waits for the result (state 6) while the ball spins, the dice roll or the wheel
// turns, and then it is settled. Multipliers drawn with the outcome (mega roulette, the
// mega wheel) are announced by the host from the engine.
//
// Pure; one table's thread only (games/flow.hpp).
#pragma once

#include <algorithm>

#include "games/flow.hpp"

namespace croupier::games {

class DrawFlow : public RoundFlow {
 public:
  explicit DrawFlow(const Engine& engine) : engine_(engine) {}

  void begin(const FlowStart& start, Rng& rng, FlowOut& out) override;
  void advance(MonoTime, FlowOut&) override {}
  std::optional<MonoTime> deadline(MonoTime) const override { return ends_; }
  MonoTime ends() const override { return ends_; }
  bool done() const override { return true; }
  void hurry(MonoTime now) override { ends_ = std::min(ends_, now); }
  const Outcome& outcome() const override { return outcome_; }

 private:
  const Engine& engine_;
  Outcome outcome_;
  MonoTime ends_{};
};

}  // namespace croupier::games
