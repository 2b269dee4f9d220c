// croupierd: the Croupier game server. See --help.
#include <iostream>

#include "app/server.hpp"
#include "config/settings.hpp"
#include "core/crypto.hpp"

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
  if (loaded->command == "hash-password") {
    // The studio's staff (docs/studio.md "The console"): the hash for the casino file.
    std::string password;
    std::getline(std::cin, password);
    if (password.size() < 8) {
      std::cerr << "croupierd: a password of at least 8 characters, on standard input\n";
      return 2;
    }
    std::cout << croupier::crypto::hash_password(password) << "\n";
    return 0;
  }
  if (loaded->command == "ledger-check") return croupier::app::ledger_check(loaded->settings);
  return croupier::app::serve(loaded->settings);
}
