#include "games/crash/crash_engine.hpp"

#include <array>
#include <cassert>
#include <charconv>

#include "games/crash/crash.hpp"

namespace croupier::games::crash {

namespace {

using cards::CardSpot;

// num/den are unused: a panel is paid by its cash-outs (or the cap), not by a ratio.
constexpr std::array<CardSpot, 2> kSpots = {{
    {"BET_1", "bet_1", false, {}, 0, 1, {}},
    {"BET_2", "bet_2", false, {}, 0, 1, {}},
}};

bool valid(const Outcome& o) {
  return o.values.size() == 2 && o.values[0] >= kOne && o.values[0] <= kCap &&
         (o.values[1] == 0 || (o.values[1] == 1 && o.values[0] == kCap));
}

class CrashEngine final : public Engine {
 public:
  CrashEngine(std::string skin, cards::CardLimits limits)
      : skin_(std::move(skin)), limits_(limits) {}

  std::string_view game() const override { return "crash"; }
  std::string_view variant() const override { return skin_; }

  std::optional<std::string> canonical_spot(std::string_view code) const override {
    if (const CardSpot* spot = cards::find_spot(kSpots, code)) return std::string(spot->code);
    return std::nullopt;
  }

  std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                              const std::vector<BetLine>& added,
                                              std::string_view currency) const override {
    return cards::check_bets(kSpots, limits_, existing, added, currency);
  }

  Outcome draw(Rng& rng) const override {
    const CrashPoint p = draw_crash_point(rng);
    return Outcome{{static_cast<int>(p.at), p.capped ? 1 : 0}};
  }

  // A stake still flying at the end of the flight: lost at a crash, paid the cap when the
  // round reached it.
  Money payout(std::string_view, Money stake, const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome) || outcome.values[1] == 0) return Money::zero();
    return cash_out_return(stake, kCap, 1);
  }

  std::string encode(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    std::string text = multiplier_text(outcome.values[0]);
    if (outcome.values[1] == 1) text += "|cap";
    return text;
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    bool capped = false;
    if (text.ends_with("|cap")) {
      capped = true;
      text.remove_suffix(4);
    }
    auto x = parse_multiplier(text);
    if (!x || multiplier_text(*x) != text) return std::nullopt;
    Outcome o{{static_cast<int>(*x), capped ? 1 : 0}};
    if (!valid(o)) return std::nullopt;
    return o;
  }

  TableLimitsInfo limits() const override {
    TableLimitsInfo info = cards::limits_info(kSpots, limits_);
    info.max_multiplier = static_cast<int>(kCap / kOne);
    return info;
  }

 private:
  std::string skin_;
  cards::CardLimits limits_;
};

}  // namespace

std::string multiplier_text(int64_t hundredths) {
  std::string cents = std::to_string(hundredths % 100);
  if (cents.size() < 2) cents.insert(0, "0");
  return std::to_string(hundredths / 100) + "." + cents;
}

std::optional<int64_t> parse_multiplier(std::string_view text) {
  const size_t dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  std::string_view frac = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (whole.empty() || whole.size() > 4 || frac.size() > 2) return std::nullopt;
  if (dot != std::string_view::npos && frac.empty()) return std::nullopt;
  int64_t w = 0;
  for (char c : whole) {
    if (c < '0' || c > '9') return std::nullopt;
    w = w * 10 + (c - '0');
  }
  int64_t f = 0;
  for (size_t i = 0; i < 2; ++i) {
    const char c = i < frac.size() ? frac[i] : '0';
    if (c < '0' || c > '9') return std::nullopt;
    f = f * 10 + (c - '0');
  }
  const int64_t h = w * 100 + f;
  if (h > kCap) return std::nullopt;
  return h;
}

std::unique_ptr<Engine> make_engine(std::string_view skin, cards::CardLimits limits) {
  return std::make_unique<CrashEngine>(std::string(skin), limits);
}

}  // namespace croupier::games::crash
