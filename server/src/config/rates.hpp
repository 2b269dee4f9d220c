// Rates: currencies the casino knows (symbol, its side, decimals) and display exchange
// rates against EUR, read from rates.json. Display only: no balance is ever converted.
// Immutable after loading; safe to read from any thread.
#pragma once

#include <map>
#include <string>

#include "core/result.hpp"

namespace croupier::config {

struct CurrencyInfo {
  std::string code;
  std::string symbol;
  bool symbol_before = true;
  int decimals = 2;
  std::string rate;  // units of this currency per one EUR, as decimal text
};

struct Rates {
  std::string base;  // "EUR"
  std::string date;
  std::map<std::string, CurrencyInfo, std::less<>> currencies;

  const CurrencyInfo* find(std::string_view code) const {
    auto it = currencies.find(code);
    return it == currencies.end() ? nullptr : &it->second;
  }
};

Result<Rates, std::string> load_rates(const std::string& path);

}  // namespace croupier::config
