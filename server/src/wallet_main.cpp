// croupier-wallet: the reference operator wallet (wallet/reference_wallet.hpp), for trying a
// seamless operator (docs/operators.md) and for the tests.
//
//   croupier-wallet --secret <operator secret> [--port 9100] [--bind 127.0.0.1]
//                   [--currency EUR] [--balance 1000.00] [--port-file <path>]
//
// Prints "listening <port>" once it accepts connections (--port 0 picks a free port), and
// writes the port to --port-file when given.
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <fstream>
#include <iostream>
#include <string>

#include "wallet/reference_wallet.hpp"

int main(int argc, char** argv) {
  using namespace croupier;
  wallet::ReferenceWalletOptions options;
  options.starting_balance = *parse_money("1000.00");
  std::string bind = "127.0.0.1";
  std::string port_file;
  unsigned long port = 9100;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "croupier-wallet: " << arg << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--secret") {
      options.secret = value();
    } else if (arg == "--port") {
      port = std::stoul(value());
    } else if (arg == "--port-file") {
      port_file = value();
    } else if (arg == "--bind") {
      bind = value();
    } else if (arg == "--currency") {
      options.currency = value();
    } else if (arg == "--balance") {
      auto m = parse_money(value());
      if (!m || m->is_negative()) {
        std::cerr << "croupier-wallet: --balance must be an amount such as 1000.00\n";
        return 2;
      }
      options.starting_balance = *m;
    } else if (arg == "--help" || arg == "-h") {
      std::cout << "croupier-wallet --secret <operator secret> [--port 9100] [--bind 127.0.0.1]\n"
                   "                [--currency EUR] [--balance 1000.00] [--port-file <path>]\n";
      return 0;
    } else {
      std::cerr << "croupier-wallet: unknown argument " << arg << "\n";
      return 2;
    }
  }
  if (options.secret.empty() || port > 65535) {
    std::cerr << "croupier-wallet: --secret is required (the operator's secret)\n";
    return 2;
  }
  try {
    boost::asio::io_context io;
    wallet::ReferenceWallet wallet(
        io,
        boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address(bind),
                                       static_cast<unsigned short>(port)),
        options);
    boost::asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](auto, int) { io.stop(); });
    if (!port_file.empty()) {
      std::ofstream(port_file + ".tmp") << wallet.port() << "\n";
      std::rename((port_file + ".tmp").c_str(), port_file.c_str());
    }
    std::cout << "listening " << wallet.port() << std::endl;
    io.run();
  } catch (const std::exception& e) {
    std::cerr << "croupier-wallet: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
