#include "config/promotion.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cstdio>

#include "config/parsing.hpp"
#include "games/registry.hpp"

namespace croupier::config {

namespace json = boost::json;

namespace {

constexpr int64_t kDayMs = 24LL * 60 * 60 * 1000;
constexpr int64_t kWeekMs = 7 * kDayMs;
// 1970-01-01 was a Thursday: weeks start on Mondays, 4 days later.
constexpr int64_t kMondayOffsetMs = 4 * kDayMs;

using detail::token;

std::string day_of(int64_t ms) {
  const time_t seconds = static_cast<time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char text[48];  // room for any int the format could be given
  std::snprintf(text, sizeof text, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
  return text;
}

int64_t floor_to(int64_t ms, int64_t step, int64_t offset) {
  int64_t k = (ms - offset) / step;
  if ((ms - offset) % step < 0) --k;
  return k * step + offset;
}

}  // namespace

std::string_view scoring_name(Scoring s) {
  switch (s) {
    case Scoring::most_wagered:
      return "most_wagered";
    case Scoring::biggest_multiplier:
      return "biggest_multiplier";
    case Scoring::most_wins:
      return "most_wins";
  }
  return "most_wagered";
}

Promotion::Period Promotion::period_at(int64_t now_ms) const {
  if (recurrence.empty()) return Period{id, starts_ms, ends_ms};
  const bool daily = recurrence == "daily";
  const int64_t step = daily ? kDayMs : kWeekMs;
  const int64_t start = floor_to(now_ms, step, daily ? 0 : kMondayOffsetMs);
  return Period{id + ":" + day_of(start), start, start + step};
}

Promotion::Period Promotion::period_before(int64_t now_ms) const {
  if (recurrence.empty()) return Period{};
  const Period now = period_at(now_ms);
  return period_at(now.starts_ms - 1);
}

bool Promotion::good_for(std::string_view game) const {
  return games.empty() || std::find(games.begin(), games.end(), game) != games.end();
}

Result<Promotion, std::string> parse_promotion(const json::object& o) {
  Promotion p;
  auto text = [&](std::string_view key) {
    const json::value* v = o.if_contains(key);
    return v && v->is_string() ? std::string(v->as_string()) : std::string();
  };
  p.id = text("promotionId");
  if (!token(p.id, 40)) return std::string("promotionId must be 1-40 of letters, digits, '-', '_'");
  p.name = text("name");
  if (p.name.empty() || p.name.size() > 80 || std::any_of(p.name.begin(), p.name.end(), [](char c) {
        return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
      }))
    return std::string("name must be 1-80 printable characters");
  p.currency = text("currency");
  if (!is_currency_code(p.currency)) return std::string("currency must be a code such as EUR");
  if (const json::value* list = o.if_contains("games")) {
    if (!list->is_array()) return std::string("games must list game families");
    for (const json::value& g : list->as_array()) {
      if (!g.is_string() || !games::find_family(g.as_string()))
        return std::string("games must list game families such as [\"roulette\"]");
      p.games.emplace_back(g.as_string());
    }
  }
  auto min = parse_money(text("minBet"));
  if (!min || min->is_negative()) return std::string("minBet must be an amount such as \"1.00\"");
  p.min_bet = *min;
  const std::string scoring = text("scoring");
  if (scoring == "most_wagered") {
    p.scoring = Scoring::most_wagered;
  } else if (scoring == "biggest_multiplier") {
    p.scoring = Scoring::biggest_multiplier;
  } else if (scoring == "most_wins") {
    p.scoring = Scoring::most_wins;
  } else {
    return std::string("scoring must be most_wagered, biggest_multiplier or most_wins");
  }
  const json::value* prizes = o.if_contains("prizes");
  if (!prizes || !prizes->is_array() || prizes->as_array().empty() ||
      prizes->as_array().size() > 100)
    return std::string("prizes must list 1 to 100 amounts, the first place's first");
  for (const json::value& v : prizes->as_array()) {
    auto m = v.is_string() ? parse_money(v.as_string()) : std::nullopt;
    if (!m || !m->is_positive()) return std::string("prizes must list amounts such as \"100.00\"");
    p.prizes.push_back(*m);
  }
  p.recurrence = text("recurrence");
  if (!p.recurrence.empty() && p.recurrence != "daily" && p.recurrence != "weekly")
    return std::string("recurrence must be daily or weekly (or absent, with startsAt and endsAt)");
  if (p.recurrence.empty()) {
    const json::value* s = o.if_contains("startsAt");
    const json::value* e = o.if_contains("endsAt");
    if (!s || !e || !s->is_int64() || !e->is_int64() || s->as_int64() >= e->as_int64())
      return std::string("startsAt and endsAt (Unix ms, the start first) are required");
    p.starts_ms = s->as_int64();
    p.ends_ms = e->as_int64();
  }
  return p;
}

}  // namespace croupier::config
