// JSON helpers shared by the table and the gateway: amounts are sent as exact decimal
// strings ("12.50"), never as binary floating point.
#pragma once

#include <boost/json/string.hpp>
#include <boost/json/value.hpp>

#include "core/money.hpp"

namespace croupier::table {

inline boost::json::value money_json(Money m) {
  return boost::json::value(boost::json::string(format_money(m)));
}

}  // namespace croupier::table
