#include "config/bonus_campaign.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "config/parsing.hpp"
#include "games/registry.hpp"

namespace croupier::config {

namespace json = boost::json;

namespace {

using detail::token;

bool printable(std::string_view s, size_t max) {
  return !s.empty() && s.size() <= max && std::none_of(s.begin(), s.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
  });
}

struct Fields {
  const json::object& o;
  std::string error;

  const json::value* get(std::string_view key) { return o.if_contains(key); }
  bool fail(std::string_view key, std::string_view what) {
    if (error.empty()) error = std::string(key) + " " + std::string(what);
    return false;
  }
  std::string text(std::string_view key) {
    const json::value* v = get(key);
    return v && v->is_string() ? std::string(v->as_string()) : std::string();
  }
  // An amount as a decimal string ("1.00"); absent: zero.
  Money money(std::string_view key, bool required) {
    const json::value* v = get(key);
    if (!v) {
      if (required) fail(key, "is required");
      return Money{};
    }
    auto m = v->is_string() ? parse_money(v->as_string()) : std::nullopt;
    if (!m || m->is_negative() || *m > Money::from_major(1'000'000)) {
      fail(key, "must be an amount such as \"1.00\", at most 1000000");
      return Money{};
    }
    return *m;
  }
  int64_t count(std::string_view key, int64_t fallback, int64_t min, int64_t max) {
    const json::value* v = get(key);
    if (!v) return fallback;
    if (!v->is_int64() || v->as_int64() < min || v->as_int64() > max) {
      fail(key,
           "must be a whole number from " + std::to_string(min) + " to " + std::to_string(max));
      return fallback;
    }
    return v->as_int64();
  }
};

}  // namespace

bool BonusCampaign::good_for(std::string_view game) const {
  return games.empty() || std::find(games.begin(), games.end(), game) != games.end();
}

Result<BonusCampaign, std::string> parse_campaign(const json::object& o) {
  Fields f{o, {}};
  BonusCampaign c;
  c.id = f.text("campaignId");
  if (!token(c.id, 40)) f.fail("campaignId", "must be 1-40 of letters, digits, '-' and '_'");
  c.name = f.text("name");
  if (!printable(c.name, 80)) f.fail("name", "must be 1-80 printable characters");
  c.code = f.text("code");
  if (!token(c.code, 40)) f.fail("code", "must be 1-40 of letters, digits, '-' and '_'");
  const std::string kind = f.text("kind");
  if (kind == "cash") {
    c.kind = ledger::BonusKind::cash;
  } else if (kind == "free_bet") {
    c.kind = ledger::BonusKind::free_bet;
  } else {
    f.fail("kind", "must be \"cash\" or \"free_bet\"");
  }
  c.currency = f.text("currency");
  if (!is_currency_code(c.currency)) f.fail("currency", "must be a currency code such as EUR");
  if (c.kind == ledger::BonusKind::cash) {
    c.amount = f.money("amount", true);
    if (f.error.empty() && !c.amount.is_positive()) f.fail("amount", "must be above zero");
    c.wager_multiplier = f.count("wagerMultiplier", 0, 0, 100);
    for (const char* chip_field : {"chipValue", "noOfChips", "maxChipLimit", "maxWinningLimit"})
      if (f.get(chip_field)) f.fail(chip_field, "is for free-bet campaigns");
  } else {
    c.chip_value = f.money("chipValue", true);
    if (f.error.empty() && !c.chip_value.is_positive()) f.fail("chipValue", "must be above zero");
    c.chips = f.count("noOfChips", 0, 1, 10000);
    if (!f.get("noOfChips")) f.fail("noOfChips", "is required");
    c.max_chip_limit = f.count("maxChipLimit", kNoChipLimit, 1, 9999999);
    c.max_win = f.money("maxWinningLimit", false);
    for (const char* cash_field : {"amount", "wagerMultiplier"})
      if (f.get(cash_field)) f.fail(cash_field, "is for cash campaigns");
  }
  if (const json::value* list = f.get("games")) {
    if (!list->is_array())
      f.fail("games", "must list game families such as [\"roulette\", \"baccarat\"]");
    for (const json::value& g : list->is_array() ? list->as_array() : json::array{}) {
      const games::Family* family = g.is_string() ? games::find_family(g.as_string()) : nullptr;
      if (!family) {
        f.fail("games", "must list game families such as [\"roulette\", \"baccarat\"]");
        break;
      }
      // Free bets are settled once by the result (gateway/bonus.hpp takes_free_bets).
      if (c.kind == ledger::BonusKind::free_bet && family->shape != games::Shape::draw &&
          family->shape != games::Shape::shoe) {
        f.fail("games", "of free bets must be games settled by their result alone, not " +
                            std::string(g.as_string()));
        break;
      }
      c.games.emplace_back(g.as_string());
    }
  }
  c.valid_days = f.count("validForDays", 7, 1, 365);
  if (const json::value* v = f.get("newPlayers")) {
    if (!v->is_bool()) f.fail("newPlayers", "must be true or false");
    c.new_players = v->is_bool() && v->as_bool();
  }
  if (!f.error.empty()) return f.error;
  return c;
}

json::object campaign_json(const BonusCampaign& c) {
  json::object o{{"campaignId", c.id},
                 {"name", c.name},
                 {"code", c.code},
                 {"kind", std::string(ledger::bonus_kind_name(c.kind))},
                 {"currency", c.currency},
                 {"validForDays", c.valid_days},
                 {"newPlayers", c.new_players}};
  if (c.kind == ledger::BonusKind::cash) {
    o["amount"] = format_money(c.amount);
    o["wagerMultiplier"] = c.wager_multiplier;
  } else {
    o["chipValue"] = format_money(c.chip_value);
    o["noOfChips"] = c.chips;
    o["maxChipLimit"] = c.max_chip_limit;
    o["maxWinningLimit"] = format_money(c.max_win);
  }
  json::array list;
  for (const std::string& g : c.games) list.emplace_back(g);
  o["games"] = std::move(list);
  return o;
}

}  // namespace croupier::config
