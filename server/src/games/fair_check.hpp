// Recomputing a round from what it revealed (docs/provably-fair.md), as a player's verifier
// does: the server's own check of its records (tests, the vectors the client's verifier is
// held to) and the reference the browser's verifier follows. Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/fair.hpp"
#include "games/engine.hpp"

namespace croupier::games {

struct Recomputed {
  std::string result;              // the engine's outcome text (at a shoe table: dealt by
                                   // its rules from the round's shoe, without decisions)
  std::vector<std::string> cards;  // shoe tables: the cards the round's words take
};

// Nullopt when the record cannot be recomputed (a malformed shoe).
std::optional<Recomputed> recompute(const Engine& engine, const fair::Record& record,
                                    std::string_view round_id);

}  // namespace croupier::games
