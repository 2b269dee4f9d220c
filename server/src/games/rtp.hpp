// The theoretical return to player of each game's bets (SPEC section 7,
// /api/ui/getRtpDetails), as docs/games/<game>.md derives it and the games' exact and
// simulation tests hold it, at each family's default paytable. A table whose casino file
// sets its own ratios (sic bo's "paytable") has other returns: rtp_of() gives nothing
// for it rather than a wrong figure.
#pragma once

#include <span>
#include <string_view>

namespace croupier::games {

struct RtpLine {
  // The spot codes it covers, space-separated; a code ending in "_" stands for every code
  // it begins ("STRAIGHT_" is every straight-up); "*" for every spot not named before.
  std::string_view bets;
  int basis_points;  // return to player in 1/100 of a percent: 9730 is 97.30 %
};

// The lines of a game's variant; empty when the game or variant has no figures here.
std::span<const RtpLine> rtp_of(std::string_view game, std::string_view variant);

}  // namespace croupier::games
