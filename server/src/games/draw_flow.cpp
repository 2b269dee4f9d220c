#include "games/draw_flow.hpp"

namespace croupier::games {

void DrawFlow::begin(const FlowStart& start, Rng& rng, FlowOut& out) {
  outcome_ = start.scripted ? *start.scripted : engine_.draw(rng);
  ends_ = start.now + start.spin;
  out.push_back(StateShown{RoundState::waiting_for_result, ends_, start.spin});
}

}  // namespace croupier::games
