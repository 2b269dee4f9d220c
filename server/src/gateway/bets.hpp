// Bets as the gateway hands them to a table, whether they came over the socket (<pbet>,
// <placebets>, <lpbet>) or over HTTP (POST /api/ui/megawheel/placebet).
//
// Pure functions of their arguments; safe on any thread.
#pragma once

#include <string>

#include "gateway/protocol/commands.hpp"
#include "gateway/services.hpp"
#include "store/store.hpp"
#include "table/table.hpp"

namespace croupier::gateway {

// The table's command for a player's bet command (not cancelbets), with what the player's
// operator asks of every bet (a regulated market's table minimum, safe bets refused).
// `name` is the player's current screen name.
table::PlaceBetsCommand place_bets_command(const Services& svc, const store::Player& player,
                                           std::string name, BetCommand c);

}  // namespace croupier::gateway
