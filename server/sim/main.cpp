// croupier_sim: runs the deterministic simulation (simulation.hpp) over a range of seeds.
//
//   croupier_sim --seeds 200 --from 1                     # seeds 1..200
//   croupier_sim --seeds 1 --from 4711                    # one seed again, as reported
//   croupier_sim --seeds 50 --break-invariant pay-double --expect-failure
//
// A failing seed is printed with the step it failed at and the command that reproduces it,
// and is run a second time to confirm that it fails the same way. Exit status: 0 when every
// seed passed (with --expect-failure: when a seed failed, reproducibly), 1 otherwise, 2 for a
// bad command line. Documented in docs/testing.md "The simulator".
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/log.hpp"
#include "simulation.hpp"

namespace {

using croupier::sim::Breakage;
using croupier::sim::Options;
using croupier::sim::Outcome;

int usage(const char* why) {
  std::fprintf(stderr,
               "croupier_sim: %s\n"
               "usage: croupier_sim [--seeds N] [--from S] [--steps N] [--jobs N]\n"
               "                    [--break-invariant pay-double|skip-refund]\n"
               "                    [--expect-failure] [--check-determinism] [--dir DIR] "
               "[--verbose] [--trace] [--log]\n",
               why);
  return 2;
}

bool number(const char* text, uint64_t& out) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (errno || !end || *end || end == text) return false;
  out = v;
  return true;
}

std::string reproduce(uint64_t seed, const Options& o) {
  std::string cmd = "croupier_sim --seeds 1 --from " + std::to_string(seed);
  if (o.steps != Options{}.steps) cmd += " --steps " + std::to_string(o.steps);
  if (o.breakage != Breakage::none)
    cmd += " --break-invariant " + std::string(croupier::sim::breakage_name(o.breakage));
  return cmd + "   (add --trace to follow it)";
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t seeds = 100, from = 1, jobs = 1, steps = Options{}.steps;
  Options base;
  bool expect_failure = false, check_determinism = false, log = false, verbose = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (arg == "--seeds" || arg == "--from" || arg == "--jobs" || arg == "--steps") {
      const char* v = value();
      uint64_t n = 0;
      if (!v || !number(v, n)) return usage(("a number must follow " + arg).c_str());
      (arg == "--seeds" ? seeds : arg == "--from" ? from : arg == "--jobs" ? jobs : steps) = n;
    } else if (arg == "--break-invariant") {
      const char* v = value();
      auto b = v ? croupier::sim::parse_breakage(v) : std::nullopt;
      if (!b) return usage("--break-invariant takes pay-double or skip-refund");
      base.breakage = *b;
    } else if (arg == "--dir") {
      const char* v = value();
      if (!v) return usage("a directory must follow --dir");
      base.dir = v;
    } else if (arg == "--expect-failure") {
      expect_failure = true;
    } else if (arg == "--check-determinism") {
      check_determinism = true;
    } else if (arg == "--verbose") {
      verbose = true;
    } else if (arg == "--trace") {
      base.trace = true;
    } else if (arg == "--log") {
      log = true;
    } else {
      return usage(("unknown argument " + arg).c_str());
    }
  }
  if (jobs == 0 || steps == 0 || steps > 1'000'000) return usage("bad --jobs or --steps");
  base.steps = static_cast<int>(steps);
  // Each seed's ledger is a SQLite database in memory unless --dir names a directory for
  // its file. The second run of a seed (--check-determinism, or to confirm a failure) is on
  // a file, in /dev/shm when it can be: it must go exactly as the first, which also proves
  // that the ledger in memory stands for the one on a file (docs/testing.md).
  std::string again_dir = base.dir;
  if (again_dir.empty())
    again_dir = std::filesystem::is_directory("/dev/shm") && ::access("/dev/shm", W_OK) == 0
                    ? "/dev/shm"
                    : std::filesystem::temp_directory_path().string();
  // The tables log every fault they meet; the simulation reports what matters.
  if (!log)
    croupier::log::set_level(
        static_cast<croupier::log::Level>(static_cast<int>(croupier::log::Level::error) + 1));

  const auto started = std::chrono::steady_clock::now();
  std::vector<Outcome> outcomes(seeds);
  std::vector<bool> done(seeds, false);
  std::atomic<uint64_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex print;
  auto worker = [&] {
    for (uint64_t i; !stop && (i = next++) < seeds;) {
      Options o = base;
      o.seed = from + i;
      Outcome out = croupier::sim::run_seed(o);
      std::string note;
      if (check_determinism || !out.ok) {
        // The same seed again, on a ledger file, must go exactly the same way.
        Options on_file = o;
        on_file.dir = again_dir;
        const Outcome again = croupier::sim::run_seed(on_file);
        if (again.digest != out.digest || again.failure != out.failure) {
          out.ok = false;
          out.failure = (out.failure.empty() ? "passed" : out.failure) +
                        "; NOT REPRODUCED: the second run (on a ledger file) " +
                        (again.failure.empty() ? "passed" : "failed at " + again.failure) +
                        (again.digest != out.digest ? " and the players saw other things" : "");
        } else if (!out.ok) {
          note = "  reproduced: the second run fails the same way\n";
        }
      }
      std::lock_guard lock(print);
      outcomes[i] = std::move(out);
      done[i] = true;
      const Outcome& r = outcomes[i];
      if (verbose)
        std::printf(
            "seed %llu: %s, digest %016llx, %lld steps, %lld rounds, %lld crashes\n",
            static_cast<unsigned long long>(o.seed), r.ok ? "passed" : "FAILED",
            static_cast<unsigned long long>(r.digest), static_cast<long long>(r.stats.steps),
            static_cast<long long>(r.stats.ledger.rounds_settled + r.stats.ledger.rounds_cancelled),
            static_cast<long long>(r.stats.crashes));
      if (!r.ok) {
        std::printf("SIMULATION FAILED: seed %llu, %s\n%s  reproduce: %s\n",
                    static_cast<unsigned long long>(o.seed), r.failure.c_str(), note.c_str(),
                    reproduce(o.seed, o).c_str());
        std::fflush(stdout);
        if (expect_failure) stop = true;
      }
    }
  };
  std::vector<std::thread> threads;
  for (uint64_t j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  uint64_t run = 0, failed = 0, reproduced = 0;
  croupier::sim::Stats total;
  for (uint64_t i = 0; i < seeds; ++i) {
    if (!done[i]) continue;
    ++run;
    const Outcome& r = outcomes[i];
    if (!r.ok) {
      ++failed;
      if (r.failure.find("NOT REPRODUCED") == std::string::npos) ++reproduced;
    }
    const auto& s = r.stats;
    total.steps += s.steps;
    total.sim_ms += s.sim_ms;
    total.players += s.players;
    total.commands += s.commands;
    total.repeats += s.repeats;
    total.lines_accepted += s.lines_accepted;
    total.lines_refused += s.lines_refused;
    total.cancels += s.cancels;
    total.cash_outs_paid += s.cash_outs_paid;
    total.events += s.events;
    total.crashes += s.crashes;
    total.unannounced_after_crash += s.unannounced_after_crash;
    total.unannounced_recovery_settles += s.unannounced_recovery_settles;
    total.ledger.commits += s.ledger.commits;
    total.ledger.rounds_settled += s.ledger.rounds_settled;
    total.ledger.rounds_cancelled += s.ledger.rounds_cancelled;
    total.ledger.bets += s.ledger.bets;
    total.faults.failed += s.faults.failed;
    total.faults.delayed += s.faults.delayed;
    total.faults.crashes_at_op += s.faults.crashes_at_op;
    total.faults.broken += s.faults.broken;
  }
  std::printf(
      "croupier_sim: %llu seeds from %llu (%d steps each, breakage %s): %llu passed, %llu "
      "failed, in %.1f s\n"
      "  %lld steps, %.1f h simulated, %lld players, %lld commands (%lld repeated), "
      "%lld bet lines accepted and %lld refused, %lld take-backs, %lld cash-outs, %lld events\n"
      "  ledger: %lld commits, %lld bets, %lld rounds settled, %lld refunded\n"
      "  faults: %lld writes failed, %lld answers held, %lld crashes (%lld at an operation), "
      "%lld deliberate breakages\n"
      "  round ends never announced: %lld lost with a crashed run, %lld settled at a restart\n",
      static_cast<unsigned long long>(run), static_cast<unsigned long long>(from), base.steps,
      std::string(croupier::sim::breakage_name(base.breakage)).c_str(),
      static_cast<unsigned long long>(run - failed), static_cast<unsigned long long>(failed),
      seconds, static_cast<long long>(total.steps), total.sim_ms / 3.6e6,
      static_cast<long long>(total.players), static_cast<long long>(total.commands),
      static_cast<long long>(total.repeats), static_cast<long long>(total.lines_accepted),
      static_cast<long long>(total.lines_refused), static_cast<long long>(total.cancels),
      static_cast<long long>(total.cash_outs_paid), static_cast<long long>(total.events),
      static_cast<long long>(total.ledger.commits), static_cast<long long>(total.ledger.bets),
      static_cast<long long>(total.ledger.rounds_settled),
      static_cast<long long>(total.ledger.rounds_cancelled),
      static_cast<long long>(total.faults.failed), static_cast<long long>(total.faults.delayed),
      static_cast<long long>(total.crashes), static_cast<long long>(total.faults.crashes_at_op),
      static_cast<long long>(total.faults.broken),
      static_cast<long long>(total.unannounced_after_crash),
      static_cast<long long>(total.unannounced_recovery_settles));
  if (expect_failure) {
    if (failed > 0 && reproduced == failed) {
      std::printf("croupier_sim: the broken invariant was caught, reproducibly\n");
      return 0;
    }
    std::printf("croupier_sim: EXPECTED A FAILURE%s\n",
                failed ? " THAT REPRODUCES" : ", EVERY SEED PASSED");
    return 1;
  }
  return failed == 0 ? 0 : 1;
}
