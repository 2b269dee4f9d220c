// Scene: what the synthetic studio's camera sees at one table, drawn from the table's own
// events, so the video and the game agree: the wheel's ball lands in the pocket of the
// announced number, the cards appear as the table deals them, the dice show the thrown
// faces. It stands in for a real studio's camera in the demo and the tests
// (docs/studio.md); every frame carries the frame code (studio/frame_code.hpp).
//
// Thread-safety: observe() is called on the table's thread, render() on the studio's; a
// mutex keeps the table's state between them, and drawing happens outside it.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "studio/canvas.hpp"
#include "studio/frame_code.hpp"
#include "table/events.hpp"

namespace croupier::studio {

struct SceneConfig {
  std::string table_id;
  std::string name;     // shown in the top bar
  std::string game;     // "roulette", "baccarat", "sicbo", ...
  std::string variant;  // "american" draws a wheel with 00
  std::string dealer;   // who deals, shown in the top bar
  // The table's delay budget (studio.hpp): the betting window players see announced ends
  // this much after the studio's call, so the video counts down to the call itself.
  Millis delay_budget{0};
};

class Scene {
 public:
  explicit Scene(SceneConfig config);

  // Takes in one event the table published.
  void observe(const table::TableEvent& event);
  // Draws the frame at wall time `wall_ms` (the frame code carries it).
  void render(Canvas& canvas, int64_t wall_ms);
  // What the frame code says now: the number on the wheel, the dice's total, the cards.
  int value() const;

 private:
  enum class Phase {
    waiting,
    betting,
    closed,
    running,
    result,
    cancelled,
    shuffling,
    closed_table
  };
  enum class Family { roulette, cards, dice, other };
  struct State {
    Phase phase = Phase::waiting;
    std::string game_id;
    int64_t ends_ms = 0;      // betting's end, or the spin's
    int64_t run_from_ms = 0;  // the spin's or the deal's start
    int64_t run_until_ms = 0;
    std::string label;                    // the result as players see it
    std::vector<int> values;              // the result's values
    std::vector<games::DealtCard> cards;  // face up (empty text: face down)
    std::deque<std::string> recent;       // newest first
    int closing_minutes = 0;
  };

  void draw_background();
  void draw_roulette(Canvas& c, const State& s, int64_t now) const;
  void draw_cards(Canvas& c, const State& s) const;
  void draw_dice(Canvas& c, const State& s) const;
  static int value_of(Family family, const State& s);

  const SceneConfig config_;
  const Family family_;
  std::vector<int> wheel_;  // roulette: pockets clockwise from twelve o'clock
  Canvas background_;       // the table and the wheel, drawn once

  mutable std::mutex mutex_;
  State state_;
};

}  // namespace croupier::studio
