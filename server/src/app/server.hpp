// App: croupierd's one process. Opens the databases, starts a table actor per table of
// the casino file, serves HTTP and WebSockets, and shuts down gracefully: it stops
// accepting connections and bets, finishes or refunds the open rounds, closes the
// sockets and flushes the ledger before returning.
//
// Threads: start() and stop() are called from the owning thread; run() blocks the
// calling thread as one of the io threads until the App has stopped.
#pragma once

#include <memory>

#include "config/settings.hpp"

namespace croupier::gateway {
struct Services;
class Router;
}  // namespace croupier::gateway

namespace croupier::app {

class App {
 public:
  explicit App(config::Settings settings);
  ~App();

  // Loads the casino, opens the databases, starts the tables and listens. Returns false
  // (after logging why) when any of it fails; the exit code is then exit_code().
  bool start();
  // Runs the io threads until the App stops. With `handle_signals`, SIGTERM and SIGINT
  // trigger stop().
  void run(bool handle_signals);
  // Begins a graceful stop (thread-safe); run() returns once it is complete.
  void stop();

  uint16_t port() const;
  gateway::Services& services();
  // Every HTTP route (the fuzz target of the request path calls it as the listener does).
  gateway::Router& router();
  int exit_code() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// `croupierd` (serve): runs an App until SIGTERM; returns the process exit code.
int serve(const config::Settings& settings);

// `croupierd ledger-check`: verifies the ledger in the data directory, prints the report
// and returns 0 when it is sound, 1 when it is not, 2 when it cannot be read.
int ledger_check(const config::Settings& settings);

}  // namespace croupier::app
