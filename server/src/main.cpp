// croupierd: the Croupier game server. See --help.
#include <iostream>

#include "app/server.hpp"
#include "config/settings.hpp"

extern char** environ;

int main(int argc, char** argv) {
  auto loaded = croupier::config::load_settings(argc, argv, environ);
  if (!loaded.ok()) {
    std::cerr << "croupierd: " << loaded.error() << "\n";
    return 2;
  }
  if (loaded->help) {
    std::cout << croupier::config::settings_help();
    return 0;
  }
  if (loaded->version) {
    std::cout << "croupierd 0.1.0\n";
    return 0;
  }
  if (loaded->command == "ledger-check") return croupier::app::ledger_check(loaded->settings);
  return croupier::app::serve(loaded->settings);
}
