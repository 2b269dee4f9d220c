// Baccarat roads ("scoreboards"): the displays of one shoe's results that baccarat tables
// show, as pure functions from the shoe's sequence of results to grids of cells.
// docs/games/baccarat.md has the rules with examples and their sources.
//
//   bead plate     every hand, ties included, in order: down a column of `rows` cells,
//                  then the next column from the top
//   big road       a column per streak of the same winner (P or B); a tie is no cell of
//                  its own but a count on the cell before it; a streak longer than the
//                  column (or that meets a cell below) turns right along its row: the
//                  "dragon tail"
//   big eye boy,   derived from the big road: one red or blue mark per big-road cell from
//   small road,    a starting point on, red when the big road repeats the pattern of k
//   cockroach pig  columns back (k = 1, 2, 3) and blue when it breaks it, drawn like the
//                  big road (streaks of one colour down a column)
//   ask player /   the mark each derived road would add if the next hand were P / B
//   ask banker
// Coordinates: `col` from 0 at the left, `row` from 0 at the top. Every function is pure
// and thread-safe.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "games/cards/baccarat.hpp"
#include "games/engine.hpp"

namespace croupier::games::cards {

inline constexpr int kRoadRows = 6;

// One hand of a shoe as the roads see it.
struct RoadResult {
  char winner = 'T';  // 'P', 'B' or 'T'
  bool player_pair = false;
  bool banker_pair = false;
  bool natural = false;  // either hand's first two cards totalled 8 or 9
  int player_total = 0;
  int banker_total = 0;
  friend bool operator==(const RoadResult&, const RoadResult&) = default;
};

RoadResult road_result(const BaccaratCoup& coup);
// The result of a baccarat outcome, or nullopt when it is not a valid baccarat outcome.
std::optional<RoadResult> road_result(const Outcome& outcome);

// ---- Bead plate ----------------------------------------------------------------------
struct BeadCell {
  int col = 0;
  int row = 0;
  RoadResult result;
  friend bool operator==(const BeadCell&, const BeadCell&) = default;
};

// Hand i at col i / rows, row i % rows.
std::vector<BeadCell> bead_plate(std::span<const RoadResult> results, int rows = kRoadRows);

// ---- Big road ------------------------------------------------------------------------
struct BigRoadCell {
  int col = 0;  // where it is drawn (a dragon tail moves it right of its streak's column)
  int row = 0;
  int streak = 0;            // which streak (0 for the shoe's first), the logical column
  int position = 0;          // its place in the streak (0 for the first), the logical row
  char winner = 'P';         // 'P' or 'B'
  int ties = 0;              // ties dealt after this hand and before the next P or B
  bool player_pair = false;  // of this hand (the pairs of a tie hand show on the bead plate)
  bool banker_pair = false;
  bool natural = false;
  friend bool operator==(const BigRoadCell&, const BigRoadCell&) = default;
};

struct BigRoad {
  std::vector<BigRoadCell> cells;  // in the order of the hands
  // Ties before the shoe's first P or B: they have no cell before them. Displays draw them
  // on the first cell (col 0, row 0), alone while the shoe has had only ties.
  int leading_ties = 0;
  friend bool operator==(const BigRoad&, const BigRoad&) = default;
};

BigRoad big_road(std::span<const RoadResult> results, int rows = kRoadRows);

// ---- Derived roads -------------------------------------------------------------------
enum class RoadColour { red, blue };

struct DerivedCell {
  int col = 0;  // drawn like the big road: a streak of one colour per column, dragon tails
  int row = 0;
  int streak = 0;
  int position = 0;
  RoadColour colour = RoadColour::red;
  friend bool operator==(const DerivedCell&, const DerivedCell&) = default;
};

// The three derived roads compare the big road with the column `offset` columns back.
inline constexpr int kBigEyeBoy = 1;
inline constexpr int kSmallRoad = 2;
inline constexpr int kCockroachPig = 3;

// The mark a derived road gives the big-road cell at logical (streak, position), given the
// lengths of the streaks before it; nullopt before the road's starting point:
//   position 0 (a new column): red when the two columns before it (streaks - 1 and
//     streak - 1 - offset) have the same length, else blue; none when streak < offset + 1;
//   position p >= 1: blue when the column `offset` back (streak - offset) has exactly p
//     cells (its cell beside this one is empty but the one above that is not), else red;
//     none when streak < offset.
std::optional<RoadColour> derived_mark(std::span<const int> streak_lengths, int streak,
                                       int position, int offset);

// The colours of a derived road in order (one per big-road cell from its starting point).
std::vector<RoadColour> derived_colours(const BigRoad& road, int offset);

// The derived road drawn on a grid of `rows` rows.
std::vector<DerivedCell> derived_road(const BigRoad& road, int offset, int rows = kRoadRows);

// ---- Predictions ---------------------------------------------------------------------
// What each derived road would add if the next hand were won by one side; nullopt where it
// would add nothing (before its starting point).
struct RoadPrediction {
  std::optional<RoadColour> big_eye_boy;
  std::optional<RoadColour> small_road;
  std::optional<RoadColour> cockroach_pig;
  friend bool operator==(const RoadPrediction&, const RoadPrediction&) = default;
};

RoadPrediction predict(const BigRoad& road, char next_winner);  // 'P' or 'B'

// ---- Statistics ----------------------------------------------------------------------
struct ShoeStats {
  int hands = 0;
  int player_wins = 0;
  int banker_wins = 0;
  int ties = 0;
  int player_pairs = 0;
  int banker_pairs = 0;
  int naturals = 0;
  friend bool operator==(const ShoeStats&, const ShoeStats&) = default;
};

ShoeStats shoe_stats(std::span<const RoadResult> results);

// ---- Everything at once --------------------------------------------------------------
struct Roads {
  int rows = kRoadRows;  // of every grid
  std::vector<BeadCell> bead_plate;
  BigRoad big_road;
  std::vector<DerivedCell> big_eye_boy;
  std::vector<DerivedCell> small_road;
  std::vector<DerivedCell> cockroach_pig;
  RoadPrediction ask_player;
  RoadPrediction ask_banker;
  ShoeStats stats;
};

Roads make_roads(std::span<const RoadResult> results, int rows = kRoadRows);

}  // namespace croupier::games::cards
