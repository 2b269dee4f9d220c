// Baccarat roads (roads.hpp; docs/games/baccarat.md).
#include "games/cards/roads.hpp"

#include <algorithm>
#include <cassert>
#include <set>
#include <utility>

namespace croupier::games::cards {

namespace {

struct Point {
  int col;
  int row;
  friend auto operator<=>(const Point&, const Point&) = default;
};

// Where the entries of a road go on a grid of `rows` rows, given each entry's streak
// (0, 0, 1, 2, 2, 2, ...: the same number while the streak goes on, one more for a new
// one). A streak starts at the top of the column after the previous streak's first column
// (further right if a dragon tail already holds that top cell); it goes down while the cell
// below is inside the grid and free, and then turns right along its row for good.
std::vector<Point> place(std::span<const int> streaks, int rows) {
  rows = std::max(rows, 1);
  std::set<Point> taken;
  std::vector<Point> out;
  out.reserve(streaks.size());
  int start = -1;  // the column the current streak started in
  int current = -1;
  bool turned = false;
  Point at{0, 0};
  for (int streak : streaks) {
    if (streak != current) {
      current = streak;
      ++start;
      while (taken.count({start, 0})) ++start;
      at = {start, 0};
      turned = false;
    } else if (!turned && at.row + 1 < rows && !taken.count({at.col, at.row + 1})) {
      ++at.row;
    } else {
      turned = true;
      ++at.col;
      while (taken.count(at)) ++at.col;
    }
    taken.insert(at);
    out.push_back(at);
  }
  return out;
}

std::vector<int> streak_lengths(const BigRoad& road) {
  std::vector<int> lengths;
  for (const BigRoadCell& cell : road.cells) {
    if (static_cast<size_t>(cell.streak) >= lengths.size())
      lengths.resize(static_cast<size_t>(cell.streak) + 1, 0);
    lengths[static_cast<size_t>(cell.streak)] =
        std::max(lengths[static_cast<size_t>(cell.streak)], cell.position + 1);
  }
  return lengths;
}

}  // namespace

RoadResult road_result(const BaccaratCoup& coup) {
  return {coup.winner,  coup.player_pair,  coup.banker_pair,
          coup.natural, coup.player_total, coup.banker_total};
}

std::optional<RoadResult> road_result(const Outcome& outcome) {
  std::optional<BaccaratCoup> coup = evaluate_baccarat(outcome);
  if (!coup) return std::nullopt;
  return road_result(*coup);
}

std::vector<BeadCell> bead_plate(std::span<const RoadResult> results, int rows) {
  rows = std::max(rows, 1);
  std::vector<BeadCell> cells;
  cells.reserve(results.size());
  for (size_t i = 0; i < results.size(); ++i) {
    const int n = static_cast<int>(i);
    cells.push_back({n / rows, n % rows, results[i]});
  }
  return cells;
}

BigRoad big_road(std::span<const RoadResult> results, int rows) {
  BigRoad road;
  std::vector<int> streaks;
  for (const RoadResult& r : results) {
    if (r.winner != 'P' && r.winner != 'B') {
      assert(r.winner == 'T');
      if (road.cells.empty()) {
        ++road.leading_ties;
      } else {
        ++road.cells.back().ties;
      }
      continue;
    }
    BigRoadCell cell;
    cell.winner = r.winner;
    cell.player_pair = r.player_pair;
    cell.banker_pair = r.banker_pair;
    cell.natural = r.natural;
    if (!road.cells.empty()) {
      const BigRoadCell& last = road.cells.back();
      const bool same = last.winner == r.winner;
      cell.streak = same ? last.streak : last.streak + 1;
      cell.position = same ? last.position + 1 : 0;
    }
    road.cells.push_back(cell);
    streaks.push_back(cell.streak);
  }
  const std::vector<Point> points = place(streaks, rows);
  for (size_t i = 0; i < road.cells.size(); ++i) {
    road.cells[i].col = points[i].col;
    road.cells[i].row = points[i].row;
  }
  return road;
}

std::optional<RoadColour> derived_mark(std::span<const int> streak_lengths, int streak,
                                       int position, int offset) {
  auto length = [&](int s) {
    return s >= 0 && static_cast<size_t>(s) < streak_lengths.size()
               ? streak_lengths[static_cast<size_t>(s)]
               : 0;
  };
  if (position == 0) {
    if (streak < offset + 1) return std::nullopt;
    return length(streak - 1) == length(streak - 1 - offset) ? RoadColour::red : RoadColour::blue;
  }
  if (streak < offset) return std::nullopt;
  return length(streak - offset) == position ? RoadColour::blue : RoadColour::red;
}

std::vector<RoadColour> derived_colours(const BigRoad& road, int offset) {
  const std::vector<int> lengths = streak_lengths(road);
  std::vector<RoadColour> colours;
  for (const BigRoadCell& cell : road.cells)
    if (std::optional<RoadColour> mark = derived_mark(lengths, cell.streak, cell.position, offset))
      colours.push_back(*mark);
  return colours;
}

std::vector<DerivedCell> derived_road(const BigRoad& road, int offset, int rows) {
  const std::vector<RoadColour> colours = derived_colours(road, offset);
  std::vector<DerivedCell> cells;
  std::vector<int> streaks;
  for (RoadColour colour : colours) {
    DerivedCell cell;
    cell.colour = colour;
    if (!cells.empty()) {
      const DerivedCell& last = cells.back();
      const bool same = last.colour == colour;
      cell.streak = same ? last.streak : last.streak + 1;
      cell.position = same ? last.position + 1 : 0;
    }
    cells.push_back(cell);
    streaks.push_back(cell.streak);
  }
  const std::vector<Point> points = place(streaks, rows);
  for (size_t i = 0; i < cells.size(); ++i) {
    cells[i].col = points[i].col;
    cells[i].row = points[i].row;
  }
  return cells;
}

RoadPrediction predict(const BigRoad& road, char next_winner) {
  assert(next_winner == 'P' || next_winner == 'B');
  RoadPrediction prediction;
  if (road.cells.empty()) return prediction;  // the shoe's first cell marks nothing
  const std::vector<int> lengths = streak_lengths(road);
  const BigRoadCell& last = road.cells.back();
  const bool same = last.winner == next_winner;
  const int streak = same ? last.streak : last.streak + 1;
  const int position = same ? last.position + 1 : 0;
  prediction.big_eye_boy = derived_mark(lengths, streak, position, kBigEyeBoy);
  prediction.small_road = derived_mark(lengths, streak, position, kSmallRoad);
  prediction.cockroach_pig = derived_mark(lengths, streak, position, kCockroachPig);
  return prediction;
}

ShoeStats shoe_stats(std::span<const RoadResult> results) {
  ShoeStats stats;
  for (const RoadResult& r : results) {
    ++stats.hands;
    stats.player_wins += r.winner == 'P';
    stats.banker_wins += r.winner == 'B';
    stats.ties += r.winner == 'T';
    stats.player_pairs += r.player_pair;
    stats.banker_pairs += r.banker_pair;
    stats.naturals += r.natural;
  }
  return stats;
}

Roads make_roads(std::span<const RoadResult> results, int rows) {
  Roads roads;
  roads.rows = std::max(rows, 1);
  roads.bead_plate = bead_plate(results, roads.rows);
  roads.big_road = big_road(results, roads.rows);
  roads.big_eye_boy = derived_road(roads.big_road, kBigEyeBoy, roads.rows);
  roads.small_road = derived_road(roads.big_road, kSmallRoad, roads.rows);
  roads.cockroach_pig = derived_road(roads.big_road, kCockroachPig, roads.rows);
  roads.ask_player = predict(roads.big_road, 'P');
  roads.ask_banker = predict(roads.big_road, 'B');
  roads.stats = shoe_stats(results);
  return roads;
}

}  // namespace croupier::games::cards
