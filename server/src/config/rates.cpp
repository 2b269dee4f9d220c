#include "config/rates.hpp"

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "core/money.hpp"

namespace croupier::config {

namespace json = boost::json;

Result<Rates, std::string> load_rates(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "cannot read " + path;
  std::stringstream buf;
  buf << in.rdbuf();
  boost::system::error_code ec;
  json::value doc = json::parse(buf.str(), ec);
  if (ec || !doc.is_object()) return path + ": not a JSON object";
  const json::object& root = doc.as_object();
  Rates rates;
  auto* base = root.if_contains("base");
  auto* date = root.if_contains("date");
  auto* currencies = root.if_contains("currencies");
  if (!base || !base->is_string()) return path + ": base must be a currency code";
  if (!currencies || !currencies->is_object()) return path + ": currencies must be an object";
  rates.base = std::string(base->as_string());
  rates.date = date && date->is_string() ? std::string(date->as_string()) : "";
  for (const auto& [code, value] : currencies->as_object()) {
    std::string at = path + ": currencies." + std::string(code);
    if (!is_currency_code(code) || !value.is_object())
      return at + " must be an object under a currency code";
    const json::object& c = value.as_object();
    CurrencyInfo info;
    info.code = std::string(code);
    auto* rate = c.if_contains("rate");
    auto* symbol = c.if_contains("symbol");
    if (!rate || !rate->is_string() || !parse_money(rate->as_string()) ||
        !parse_money(rate->as_string())->is_positive())
      return at + ".rate must be a positive decimal string";
    if (!symbol || !symbol->is_string()) return at + ".symbol must be a string";
    info.rate = std::string(rate->as_string());
    info.symbol = std::string(symbol->as_string());
    if (auto* before = c.if_contains("symbolBefore"); before && before->is_bool())
      info.symbol_before = before->as_bool();
    if (auto* dec = c.if_contains("decimals"); dec && dec->is_int64())
      info.decimals = static_cast<int>(dec->as_int64());
    rates.currencies.emplace(info.code, std::move(info));
  }
  if (!rates.find(rates.base)) return path + ": the base currency " + rates.base + " is not listed";
  return rates;
}

}  // namespace croupier::config
