// The crash games' engine (spaceman, big bass: docs/games/crash.md): the bet panels, their
// limits, the crash point as an outcome and what a stake still flying at the crash returns.
//
// Spots: "BET_1" and "BET_2", the two bet panels, both main spots bounded by
// CardLimits::main_max (checks of cards::check_bets: 1005, 1013, 1010, 1012; never 1037).
// A panel's stake is cashed out during the flight by the flow (crash_flow.hpp); what the
// engine pays is only the end of the flight: nothing at a crash, the cap (5000×) when the
// round reached it.
//
// Outcome::values = {crash point in hundredths, 1 when capped else 0}. encode(): the crash
// point with two decimals, "|cap" appended when capped ("2.37", "5000.00|cap"); label() is
// the crash point. decode() accepts exactly what encode() writes.
//
// Pure; the engine is immutable and thread-safe.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "games/cards/card_limits.hpp"
#include "games/engine.hpp"

namespace croupier::games::crash {

inline constexpr std::string_view kPanels[] = {"BET_1", "BET_2"};

// "2.37" for 237 hundredths.
std::string multiplier_text(int64_t hundredths);
// "2.37", "2", "2.3" → hundredths; nullopt for anything else (negative, more than two
// decimals, beyond the cap).
std::optional<int64_t> parse_multiplier(std::string_view text);

// game() "crash", variant() the skin ("spaceman", "bigbass").
std::unique_ptr<Engine> make_engine(std::string_view skin, cards::CardLimits limits);

}  // namespace croupier::games::crash
