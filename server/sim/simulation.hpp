// One seed of the deterministic simulation (docs/testing.md "The simulator"): a few real
// Tables of different families on one real Ledger (inline mode, a SQLite file of the
// seed's own), dozens of simulated players, faults in the ledger (failed and slow writes,
// crashes with recovery), and time moved on by random steps, all drawn from the seed.
// After every step the invariants are checked; the first one broken ends the seed with the
// step it broke at. Everything the players receive is hashed into a digest, so that two
// runs of one seed can be compared.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "faults.hpp"

namespace croupier::sim {

struct Options {
  uint64_t seed = 1;
  Breakage breakage = Breakage::none;
  int steps = 300;
  std::string dir;     // where the seed's ledger file is made (and deleted); empty: in memory
  bool trace = false;  // print every command, answer, operation and event to stdout
};

struct Stats {
  int64_t steps = 0, sim_ms = 0, players = 0;
  int64_t commands = 0, repeats = 0, lines_accepted = 0, lines_refused = 0, cancels = 0,
          cash_outs_paid = 0, events = 0;
  int64_t crashes = 0;                       // runs of the tables dropped without shutdown
  int64_t unannounced_after_crash = 0;       // round ends whose announcement died with a run
  int64_t unannounced_recovery_settles = 0;  // rounds settled by Table::recover
  Books::Counts ledger;
  FaultCounts faults;
};

struct Outcome {
  bool ok = true;
  int64_t step = 0;  // the step the failure was found at
  std::string failure;
  uint64_t digest = 0;  // of everything the players received, in order
  Stats stats;
};

Outcome run_seed(const Options& options);

// "pay-double", "skip-refund"; nullopt for anything else ("none" is Breakage::none).
std::optional<Breakage> parse_breakage(std::string_view name);
std::string_view breakage_name(Breakage b);

}  // namespace croupier::sim
