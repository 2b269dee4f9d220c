#include "studio/scene.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <map>
#include <numbers>
#include <set>

#include "games/cards/card.hpp"
#include "games/roulette/roulette.hpp"

namespace croupier::studio {

namespace {

constexpr Rgb kFelt{11, 61, 46};
constexpr Rgb kBar{16, 22, 28};
constexpr Rgb kWhite{245, 245, 240};
constexpr Rgb kGold{232, 190, 80};
constexpr Rgb kRed{200, 30, 40};
constexpr Rgb kBlack{25, 25, 25};
constexpr Rgb kGreen{20, 140, 60};
constexpr Rgb kWood{110, 62, 30};
constexpr Rgb kDarkWood{70, 40, 20};
constexpr Rgb kGrey{150, 160, 160};
constexpr Rgb kCardBack{40, 60, 150};

constexpr double kWheelX = 240, kWheelY = 262, kRim = 192, kPocketsOut = 180, kPocketsIn = 128;

bool red_number(int n) {
  static const std::set<int> reds = {1,  3,  5,  7,  9,  12, 14, 16, 18,
                                     19, 21, 23, 25, 27, 30, 32, 34, 36};
  return reds.contains(n);
}

Rgb pocket_colour(int n) {
  if (n == 0 || n == games::roulette::kDoubleZero) return kGreen;
  return red_number(n) ? kRed : kBlack;
}

std::string upper(std::string s) {
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return s;
}

void centred(Canvas& c, int cx, int y, std::string_view s, int scale, Rgb colour) {
  c.text(cx - Canvas::text_width(s, scale) / 2, y, s, scale, colour);
}

std::string clock_text(int64_t wall_ms) {
  const std::time_t t = wall_ms / 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%02d:%02d:%02d", tm.tm_hour, tm.tm_min, tm.tm_sec);
  return buf;
}

// A card face at (x, y), 56×80: its rank and a suit mark in the suit's colour.
void draw_card(Canvas& c, int x, int y, const std::string& text) {
  constexpr int w = 56, h = 80;
  if (text.empty()) {  // face down
    c.rect(x, y, w, h, kWhite);
    c.rect(x + 3, y + 3, w - 6, h - 6, kCardBack);
    return;
  }
  auto card = games::cards::card_from_text(text);
  c.rect(x, y, w, h, kWhite);
  if (!card) return;
  const Rgb ink = card->red() ? kRed : kBlack;
  const std::string rank = text.substr(0, text.size() - 1);
  c.text(x + (w - Canvas::text_width(rank, 3)) / 2, y + 8, rank, 3, ink);
  const double sx = x + w / 2.0, sy = y + 56;
  switch (card->suit) {
    case games::cards::Suit::diamonds:
      c.triangle(sx, sy - 12, sx - 9, sy, sx + 9, sy, ink);
      c.triangle(sx, sy + 12, sx - 9, sy, sx + 9, sy, ink);
      break;
    case games::cards::Suit::hearts:
      c.disc(sx - 5, sy - 4, 6, ink);
      c.disc(sx + 5, sy - 4, 6, ink);
      c.triangle(sx - 11, sy - 2, sx + 11, sy - 2, sx, sy + 11, ink);
      break;
    case games::cards::Suit::spades:
      c.disc(sx - 5, sy + 2, 6, ink);
      c.disc(sx + 5, sy + 2, 6, ink);
      c.triangle(sx - 11, sy, sx + 11, sy, sx, sy - 13, ink);
      c.rect(static_cast<int>(sx) - 1, static_cast<int>(sy) + 2, 3, 10, ink);
      break;
    case games::cards::Suit::clubs:
      c.disc(sx, sy - 6, 5.5, ink);
      c.disc(sx - 6, sy + 2, 5.5, ink);
      c.disc(sx + 6, sy + 2, 5.5, ink);
      c.rect(static_cast<int>(sx) - 1, static_cast<int>(sy), 3, 12, ink);
      break;
  }
}

// One die at (x, y), 64 px square, showing `face` (1-6).
void draw_die(Canvas& c, int x, int y, int face) {
  constexpr int s = 64;
  c.rect(x, y, s, s, kWhite);
  auto pip = [&](int col, int row) { c.disc(x + 16 + col * 16, y + 16 + row * 16, 6, kBlack); };
  if (face % 2 == 1) pip(1, 1);
  if (face >= 2) pip(0, 0), pip(2, 2);
  if (face >= 4) pip(2, 0), pip(0, 2);
  if (face == 6) pip(0, 1), pip(2, 1);
}

}  // namespace

Scene::Scene(SceneConfig config)
    : config_(std::move(config)),
      family_(config_.game == "roulette" ? Family::roulette
              : config_.game == "baccarat" || config_.game == "dragontiger" ||
                      config_.game == "andarbahar"
                  ? Family::cards
              : config_.game == "sicbo" ? Family::dice
                                        : Family::other),
      background_(kSourceWidth, kSourceHeight) {
  if (family_ == Family::roulette)
    wheel_ = games::roulette::wheel_order(config_.variant == "american"
                                              ? games::roulette::Layout::american
                                              : games::roulette::Layout::european);
  draw_background();
}

void Scene::draw_background() {
  Canvas& c = background_;
  c.fill(kFelt);
  c.rect(0, 0, kSourceWidth, 52, kBar);
  c.text(16, 6, upper(config_.name), 3, kWhite);
  c.text(16, 34, "DEALER " + upper(config_.dealer), 2, kGrey);
  if (family_ != Family::roulette) return;
  c.disc(kWheelX, kWheelY, kRim, kWood);
  const double step = 2 * std::numbers::pi / static_cast<double>(wheel_.size());
  for (size_t i = 0; i < wheel_.size(); ++i) {
    const double a0 = (static_cast<double>(i) - 0.5) * step;
    c.ring_sector(kWheelX, kWheelY, kPocketsIn, kPocketsOut,
                  a0 < 0 ? a0 + 2 * std::numbers::pi : a0,
                  (a0 < 0 ? a0 + 2 * std::numbers::pi : a0) + step, pocket_colour(wheel_[i]));
    const double a = static_cast<double>(i) * step;
    const double r = (kPocketsIn + kPocketsOut) / 2 + 14;
    const std::string label = games::roulette::pocket_label(wheel_[i]);
    c.text(static_cast<int>(kWheelX + r * std::sin(a)) - Canvas::text_width(label, 1) / 2,
           static_cast<int>(kWheelY - r * std::cos(a)) - 3, label, 1, kWhite);
  }
  c.disc(kWheelX, kWheelY, kPocketsIn, kDarkWood);
  c.disc(kWheelX, kWheelY, 40, kGold);
}

void Scene::observe(const table::TableEvent& event) {
  const auto& head = event.head;
  std::lock_guard lock(mutex_);
  State& s = state_;
  std::visit(
      [&](const auto& body) {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, table::BetsOpened>) {
          s.phase = Phase::betting;
          s.game_id = head.game_id;
          s.ends_ms = head.wall(body.ends);
          s.cards.clear();
          s.label.clear();
          s.values.clear();
        } else if constexpr (std::is_same_v<T, table::BetsClosed>) {
          s.phase = Phase::closed;
        } else if constexpr (std::is_same_v<T, table::StateChanged>) {
          if (body.state == games::RoundState::waiting_for_result ||
              body.state == games::RoundState::dealing) {
            s.phase = Phase::running;
            s.run_from_ms = head.ts;
            s.run_until_ms = body.ends ? head.wall(*body.ends) : head.ts;
          } else if (body.state == games::RoundState::waiting_for_bets && body.ends) {
            s.phase = Phase::betting;
            s.ends_ms = head.wall(*body.ends);
          }
        } else if constexpr (std::is_same_v<T, games::CardShown>) {
          if (body.withdrawn) {
            if (body.index < s.cards.size()) s.cards.resize(body.index);
          } else if (body.reveal) {
            for (auto& card : s.cards)
              if (card.hand == body.hand && card.card.empty()) {
                card.card = body.card;
                break;
              }
          } else {
            s.cards.push_back({body.hand, body.card});
          }
        } else if constexpr (std::is_same_v<T, table::ResultShown>) {
          s.phase = Phase::result;
          s.label = body.label;
          s.values = body.values;
          if (!body.cards.empty()) s.cards = body.cards;
          s.recent.push_front(body.label);
          if (s.recent.size() > 8) s.recent.pop_back();
        } else if constexpr (std::is_same_v<T, table::RoundCancelled>) {
          s.phase = Phase::cancelled;
        } else if constexpr (std::is_same_v<T, games::ShuffleStarted>) {
          s.phase = Phase::shuffling;
          s.cards.clear();
        } else if constexpr (std::is_same_v<T, table::ShuffleDone>) {
          if (s.phase == Phase::shuffling) s.phase = Phase::waiting;
        } else if constexpr (std::is_same_v<T, table::TableClosed>) {
          s.phase = Phase::closed_table;
        } else if constexpr (std::is_same_v<T, table::ClosingAnnounced>) {
          s.closing_minutes = body.minutes;
        }
      },
      event.body);
}

int Scene::value_of(Family family, const State& s) {
  switch (family) {
    case Family::roulette:
      return s.phase == Phase::result && !s.values.empty() ? s.values[0] : kNoValue;
    case Family::cards:
      return static_cast<int>(std::count_if(s.cards.begin(), s.cards.end(),
                                            [](const auto& c) { return !c.card.empty(); }));
    case Family::dice: {
      if (s.phase != Phase::result || s.values.size() < 3) return kNoValue;
      return s.values[0] + s.values[1] + s.values[2];
    }
    case Family::other:
      break;
  }
  return kNoValue;
}

int Scene::value() const {
  std::lock_guard lock(mutex_);
  return value_of(family_, state_);
}

void Scene::render(Canvas& c, int64_t wall_ms) {
  State s;
  {
    std::lock_guard lock(mutex_);
    s = state_;
  }
  c.copy_from(background_);
  const std::string clock = clock_text(wall_ms);
  c.text(kSourceWidth - 16 - Canvas::text_width(clock, 3), 6, clock, 3, kWhite);

  // The phase, over the right-hand side.
  std::string phase;
  switch (s.phase) {
    case Phase::waiting:
      phase = "NEXT ROUND SOON";
      break;
    case Phase::betting:
      phase = "PLACE YOUR BETS " +
              std::to_string(std::max<int64_t>(
                  0, (s.ends_ms - config_.delay_budget.count() - wall_ms + 999) / 1000));
      break;
    case Phase::closed:
      phase = "NO MORE BETS";
      break;
    case Phase::running:
      phase = family_ == Family::roulette ? "SPINNING"
              : family_ == Family::cards  ? "DEALING"
                                          : "DRAWING";
      break;
    case Phase::result:
      phase = "RESULT";
      break;
    case Phase::cancelled:
      phase = "ROUND VOID";
      break;
    case Phase::shuffling:
      phase = "SHUFFLING";
      break;
    case Phase::closed_table:
      phase = "TABLE CLOSED";
      break;
  }
  const int panel = family_ == Family::roulette ? 660 : kSourceWidth / 2;
  centred(c, panel, 70, phase, 3, kGold);
  if (s.closing_minutes > 0)
    centred(c, panel, 100, "TABLE CLOSES IN " + std::to_string(s.closing_minutes) + " MIN", 2,
            kWhite);

  switch (family_) {
    case Family::roulette:
      draw_roulette(c, s, wall_ms);
      break;
    case Family::cards:
      draw_cards(c, s);
      break;
    case Family::dice:
      draw_dice(c, s);
      break;
    case Family::other:
      if (s.phase == Phase::result) centred(c, panel, 200, upper(s.label), 6, kWhite);
      break;
  }
  if (!s.game_id.empty()) {
    const std::string round = "ROUND " + upper(s.game_id);
    c.text(kSourceWidth - 16 - Canvas::text_width(round, 2), 432, round, 2, kGrey);
  }
  draw_code(c, {value_of(family_, s), static_cast<uint32_t>(wall_ms / 10)});
}

void Scene::draw_roulette(Canvas& c, const State& s, int64_t now) const {
  const double step = 2 * std::numbers::pi / static_cast<double>(wheel_.size());
  const double track = (kPocketsIn + kPocketsOut) / 2;
  if (s.phase == Phase::running && s.run_until_ms > s.run_from_ms) {
    // The ball runs round the rim against the wheel, slowing down.
    const double t = std::clamp(static_cast<double>(now - s.run_from_ms) /
                                    static_cast<double>(s.run_until_ms - s.run_from_ms),
                                0.0, 1.0);
    const double a = -(t * 14 - t * t * 5) * 2 * std::numbers::pi;
    c.disc(kWheelX + (kRim - 8) * std::sin(a), kWheelY - (kRim - 8) * std::cos(a), 8, kWhite);
  } else if (s.phase == Phase::result && !s.values.empty()) {
    const auto it = std::find(wheel_.begin(), wheel_.end(), s.values[0]);
    if (it != wheel_.end()) {
      const double a = static_cast<double>(it - wheel_.begin()) * step;
      // The pocket lit, the ball in it.
      c.ring_sector(kWheelX, kWheelY, kPocketsOut, kRim,
                    a - step / 2 < 0 ? a - step / 2 + 2 * std::numbers::pi : a - step / 2,
                    (a - step / 2 < 0 ? a - step / 2 + 2 * std::numbers::pi : a - step / 2) + step,
                    kGold);
      c.disc(kWheelX + track * std::sin(a), kWheelY - track * std::cos(a), 8, kWhite);
    }
    const int n = s.values[0];
    const std::string label = games::roulette::pocket_label(n);
    c.rect(660 - 80, 130, 160, 130, pocket_colour(n));
    centred(c, 660, 146, label, 14, kWhite);
  }
  // The last results, newest first.
  int x = 500;
  for (size_t i = 0; i < s.recent.size() && i < 8; ++i, x += 42) {
    const std::string& label = s.recent[i];
    auto pocket = games::roulette::parse_pocket(label, config_.variant == "american"
                                                           ? games::roulette::Layout::american
                                                           : games::roulette::Layout::european);
    c.rect(x, 300, 38, 38, pocket ? pocket_colour(*pocket) : kBlack);
    centred(c, x + 19, 312, label, 2, kWhite);
  }
}

void Scene::draw_cards(Canvas& c, const State& s) const {
  // One row for each hand, in the order the hands were first dealt to.
  std::vector<std::string> hands;
  for (const auto& card : s.cards)
    if (std::find(hands.begin(), hands.end(), card.hand) == hands.end()) hands.push_back(card.hand);
  int y = 130;
  for (const auto& hand : hands) {
    c.text(40, y + 32, upper(hand), 3, kWhite);
    std::vector<const games::DealtCard*> row;
    for (const auto& card : s.cards)
      if (card.hand == hand) row.push_back(&card);
    // A long row (andar bahar) overlaps its cards and keeps the last ones in sight.
    const size_t shown = std::min<size_t>(row.size(), 20);
    const int gap = shown > 8 ? 28 : 64;
    int x = 240;
    for (size_t i = row.size() - shown; i < row.size(); ++i, x += gap)
      draw_card(c, x, y, row[i]->card);
    y += 96;
    if (y > 380) break;
  }
  if (s.phase == Phase::result) centred(c, kSourceWidth / 2, 100, upper(s.label), 3, kWhite);
}

void Scene::draw_dice(Canvas& c, const State& s) const {
  if (s.phase != Phase::result || s.values.size() < 3) return;
  int x = kSourceWidth / 2 - 3 * 64 / 2 - 24;
  for (int i = 0; i < 3; ++i, x += 88) draw_die(c, x, 180, std::clamp(s.values[i], 1, 6));
  centred(c, kSourceWidth / 2, 290, std::to_string(s.values[0] + s.values[1] + s.values[2]), 6,
          kWhite);
}

}  // namespace croupier::studio
