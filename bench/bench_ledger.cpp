// bench_ledger: durable PlaceBets accepted per second through the threaded ledger.
//
// One driver thread keeps N bets in flight (N = 1, 8, 64: one player at a time up to a
// busy table tick), each a one-line PlaceBets into an open round, against a ledger file
// in a fresh temporary directory with synchronous=FULL, so every commit is an fsync.
// items_per_second is bets accepted per second; avg_batch is operations per commit,
// which shows group commit at work.
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <string>

#include "core/log.hpp"
#include "ledger/ledger.hpp"

namespace {

using namespace croupier;
using namespace croupier::ledger;

constexpr int kPlayers = 64;

// A fresh directory under the system's temporary directory, removed afterwards.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "bench-ledger-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string file(const char* name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// Lets at most `max` submissions be outstanding at once.
class Window {
 public:
  explicit Window(int max) : max_(max) {}
  void acquire() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return outstanding_ < max_; });
    ++outstanding_;
  }
  void release() {
    {
      std::lock_guard lock(mu_);
      --outstanding_;
    }
    cv_.notify_one();
  }

 private:
  const int max_;
  std::mutex mu_;
  std::condition_variable cv_;
  int outstanding_ = 0;
};

void prepare(Ledger& ledger) {
  for (int p = 0; p < kPlayers; ++p) {
    ledger.submit(
        Fund{"fund-" + std::to_string(p), p + 1, "EUR", Money::from_major(1'000'000'000), "bench"},
        nullptr);
  }
  ledger.submit(OpenRound{"bench-round", "bench-table", "roulette", 1, 0}, nullptr);
  ledger.flush();
}

void BM_LedgerPlaceBets(benchmark::State& state) {
  const int in_flight = static_cast<int>(state.range(0));
  ScratchDir dir;
  auto ledger = Ledger::open(Options{dir.file("ledger.db")});
  prepare(*ledger);
  std::atomic<int64_t> commits{0}, committed_ops{0}, accepted{0}, refused{0};
  ledger->set_commit_observer([&](size_t ops, double) {
    ++commits;
    committed_ops += static_cast<int64_t>(ops);
  });

  Window window(in_flight);
  int64_t i = 0;
  for (auto _ : state) {
    window.acquire();
    ledger->submit(PlaceBets{"bet-" + std::to_string(i),
                             "bench-round",
                             static_cast<PlayerId>(i % kPlayers + 1),
                             "EUR",
                             {{"red", Money::from_major(1)}},
                             i},
                   [&](Result<PlacedBets, Failure> r) {
                     ++(r.ok() ? accepted : refused);
                     window.release();
                   });
    ++i;
  }
  ledger->flush();  // at most in_flight bets finish after the timed loop

  if (refused > 0) state.SkipWithError("some bets were refused");
  state.SetItemsProcessed(accepted.load());
  state.counters["avg_batch"] =
      commits > 0 ? static_cast<double>(committed_ops) / static_cast<double>(commits) : 0.0;
  state.counters["commits"] = static_cast<double>(commits);
}

BENCHMARK(BM_LedgerPlaceBets)
    ->ArgName("in_flight")
    ->Arg(1)
    ->Arg(8)
    ->Arg(64)
    ->UseRealTime()
    ->MinTime(2.0)
    ->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  croupier::log::set_level(croupier::log::Level::warn);  // keep the figures readable
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
