// Baccarat roads: known result sequences to known grids, written from the published rules.
//
// Sources (also in docs/games/baccarat.md):
//   - Wizard of Odds, "Baccarat Score Boards" (wizardofodds.com/games/baccarat/history/):
//     bead plate filled down each column of six then the next column; big road with a new
//     column at each change of winner, ties as a slash on the previous cell, a streak longer
//     than six turning right (the "dragon tail");
//   - vendors' road-map rules (e.g. OG Plus "Road map", og-plus.oss-accelerate.aliyuncs.com/
//     v6/rule/roadmap.html; sikwin "five road rules"): the big eye boy starts at the big
//     road's column 2 row 2, or column 3 row 1 when column 2 has one cell; the small road at
//     column 3 row 2 / column 4 row 1; the cockroach pig at column 4 row 2 / column 5 row 1.
//     For a new column, compare the lengths of the two columns before it, skipping 0 (big eye
//     boy), 1 (small road) or 2 (cockroach pig) columns: equal is red, different blue. Going
//     down a column, look at the column 1, 2 or 3 back: a cell beside the new one is red;
//     an empty cell beside it with a filled cell above that is blue; two empty cells (the
//     column ended earlier, a "straight drop") are red.
// The expected grids below were worked out by hand from those sentences, not from the code.
#include "games/cards/roads.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/cards/card.hpp"

namespace croupier::games::cards {
namespace {

std::vector<RoadResult> seq(std::string_view winners) {
  std::vector<RoadResult> out;
  for (char c : winners) {
    if (c == ' ') continue;
    RoadResult r;
    r.winner = c;
    out.push_back(r);
  }
  return out;
}

struct At {
  int col;
  int row;
  friend bool operator==(const At&, const At&) = default;
};

std::ostream& operator<<(std::ostream& os, const At& a) {
  return os << '(' << a.col << ',' << a.row << ')';
}

template <class Cell>
std::vector<At> where(const std::vector<Cell>& cells) {
  std::vector<At> out;
  for (const Cell& c : cells) out.push_back({c.col, c.row});
  return out;
}

std::string colours(const std::vector<DerivedCell>& cells) {
  std::string out;
  for (const DerivedCell& c : cells) out += c.colour == RoadColour::red ? 'R' : 'B';
  return out;
}

std::string winners(const BigRoad& road) {
  std::string out;
  for (const BigRoadCell& c : road.cells) out += c.winner;
  return out;
}

TEST(BeadPlate, FillsEachColumnTopToBottomThenTheNext) {
  const std::vector<RoadResult> r = seq("BPTBBPPT");
  const std::vector<BeadCell> plate = bead_plate(r);
  ASSERT_EQ(plate.size(), 8u);
  EXPECT_EQ(where(plate),
            (std::vector<At>{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 0}, {1, 1}}));
  for (size_t i = 0; i < r.size(); ++i) EXPECT_EQ(plate[i].result, r[i]);  // ties included
  EXPECT_EQ(where(bead_plate(r, 3)),
            (std::vector<At>{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}}));
  EXPECT_TRUE(bead_plate({}).empty());
}

TEST(BigRoad, ColumnPerStreakWithTiesOnThePreviousCell) {
  const BigRoad road = big_road(seq("BB PPP B TT P"));
  EXPECT_EQ(winners(road), "BBPPPBP");
  EXPECT_EQ(where(road.cells),
            (std::vector<At>{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {3, 0}}));
  EXPECT_EQ(road.leading_ties, 0);
  std::vector<int> ties, streaks, positions;
  for (const BigRoadCell& c : road.cells) {
    ties.push_back(c.ties);
    streaks.push_back(c.streak);
    positions.push_back(c.position);
  }
  EXPECT_EQ(ties, (std::vector<int>{0, 0, 0, 0, 0, 2, 0}));
  EXPECT_EQ(streaks, (std::vector<int>{0, 0, 1, 1, 1, 2, 3}));
  EXPECT_EQ(positions, (std::vector<int>{0, 1, 0, 1, 2, 0, 0}));
  // A tie between two wins of the same side does not break the streak.
  const BigRoad streak = big_road(seq("PTP"));
  EXPECT_EQ(where(streak.cells), (std::vector<At>{{0, 0}, {0, 1}}));
  EXPECT_EQ(streak.cells[0].ties, 1);
}

TEST(BigRoad, TiesAtTheStartOfTheShoeHaveNoCellBeforeThem) {
  BigRoad only_ties = big_road(seq("TT"));
  EXPECT_TRUE(only_ties.cells.empty());
  EXPECT_EQ(only_ties.leading_ties, 2);

  BigRoad road = big_road(seq("TTBTP"));
  EXPECT_EQ(road.leading_ties, 2);
  ASSERT_EQ(road.cells.size(), 2u);
  EXPECT_EQ(road.cells[0].winner, 'B');
  EXPECT_EQ((At{road.cells[0].col, road.cells[0].row}), (At{0, 0}));
  EXPECT_EQ(road.cells[0].ties, 1);  // the tie after the first banker win
  EXPECT_EQ((At{road.cells[1].col, road.cells[1].row}), (At{1, 0}));
}

TEST(BigRoad, KeepsEachHandsPairsAndNatural) {
  std::vector<RoadResult> r = seq("BTP");
  r[0].banker_pair = true;
  r[0].natural = true;
  r[1].player_pair = true;  // a tie's pair shows only on the bead plate
  r[2].player_pair = true;
  const BigRoad road = big_road(r);
  ASSERT_EQ(road.cells.size(), 2u);
  EXPECT_TRUE(road.cells[0].banker_pair);
  EXPECT_FALSE(road.cells[0].player_pair);
  EXPECT_TRUE(road.cells[0].natural);
  EXPECT_TRUE(road.cells[1].player_pair);
  EXPECT_FALSE(road.cells[1].natural);
}

TEST(BigRoad, AStreakLongerThanTheColumnTurnsRightAsADragonTail) {
  // Eight bankers: six down column 0, then right along the bottom row.
  const BigRoad road = big_road(seq("BBBBBBBB PPPPPP B"));
  EXPECT_EQ(winners(road), "BBBBBBBBPPPPPPB");
  EXPECT_EQ(where(road.cells), (std::vector<At>{{0, 0},
                                                {0, 1},
                                                {0, 2},
                                                {0, 3},
                                                {0, 4},
                                                {0, 5},
                                                {1, 5},
                                                {2, 5},
                                                // The players start in column 1 and meet the tail
                                                // at row 5: they turn right at row 4.
                                                {1, 0},
                                                {1, 1},
                                                {1, 2},
                                                {1, 3},
                                                {1, 4},
                                                {2, 4},
                                                // The next streak starts in column 2, the column
                                                // after the players' first column.
                                                {2, 0}}));
  // Logically the columns are unchanged: 8, 6, 1.
  EXPECT_EQ(road.cells[7].streak, 0);
  EXPECT_EQ(road.cells[7].position, 7);
  EXPECT_EQ(road.cells[13].streak, 1);
  EXPECT_EQ(road.cells[13].position, 5);
  // A seventh banker alone on a three-row grid.
  EXPECT_EQ(where(big_road(seq("BBBB"), 3).cells),
            (std::vector<At>{{0, 0}, {0, 1}, {0, 2}, {1, 2}}));
}

// Columns (streaks) B B | P | B B B | P P | B, lengths 2, 1, 3, 2, 1.
constexpr std::string_view kExample = "BBPBBBPPB";

TEST(DerivedRoads, BigEyeBoyComparesWithOneColumnBack) {
  const BigRoad road = big_road(seq(kExample));
  // Column 3 row 1 (the first B of the third column): columns 2 and 1 have 1 and 2 cells:
  //   different, blue. (Column 2 has no row 2, so the road starts here.)
  // Column 3 row 2: column 2 has no row 2 but has row 1: blue.
  // Column 3 row 3: column 2 has neither row 3 nor row 2 (straight drop): red.
  // Column 4 row 1: columns 3 and 2 have 3 and 1 cells: blue.
  // Column 4 row 2: column 3 has a row 2: red.
  // Column 5 row 1: columns 4 and 3 have 2 and 3 cells: blue.
  const std::vector<DerivedCell> boy = derived_road(road, kBigEyeBoy);
  EXPECT_EQ(colours(boy), "BBRBRB");
  EXPECT_EQ(where(boy), (std::vector<At>{{0, 0}, {0, 1}, {1, 0}, {2, 0}, {3, 0}, {4, 0}}));
}

TEST(DerivedRoads, SmallRoadComparesWithTwoColumnsBack) {
  const BigRoad road = big_road(seq(kExample));
  // Starts at column 3 row 2 (column 3 exists with a second row):
  // Column 3 row 2: column 1 has a row 2: red.
  // Column 3 row 3: column 1 has no row 3 but a row 2: blue.
  // Column 4 row 1: columns 3 and 1 have 3 and 2 cells: blue.
  // Column 4 row 2: column 2 has no row 2 but a row 1: blue.
  // Column 5 row 1: columns 4 and 2 have 2 and 1 cells: blue.
  const std::vector<DerivedCell> small = derived_road(road, kSmallRoad);
  EXPECT_EQ(colours(small), "RBBBB");
  EXPECT_EQ(where(small), (std::vector<At>{{0, 0}, {1, 0}, {1, 1}, {1, 2}, {1, 3}}));
}

TEST(DerivedRoads, CockroachPigComparesWithThreeColumnsBack) {
  const BigRoad road = big_road(seq(kExample));
  // Starts at column 4 row 2:
  // Column 4 row 2: column 1 has a row 2: red.
  // Column 5 row 1: columns 4 and 1 have 2 and 2 cells: red.
  const std::vector<DerivedCell> pig = derived_road(road, kCockroachPig);
  EXPECT_EQ(colours(pig), "RR");
  EXPECT_EQ(where(pig), (std::vector<At>{{0, 0}, {0, 1}}));
}

TEST(DerivedRoads, StartingPoints) {
  // Big eye boy: column 2 row 2 when column 2 has two cells...
  EXPECT_EQ(colours(derived_road(big_road(seq("B")), kBigEyeBoy)), "");
  EXPECT_EQ(colours(derived_road(big_road(seq("BB")), kBigEyeBoy)), "");
  EXPECT_EQ(colours(derived_road(big_road(seq("BP")), kBigEyeBoy)), "");
  EXPECT_EQ(colours(derived_road(big_road(seq("BPP")), kBigEyeBoy)), "B");  // col 1 has 1
  EXPECT_EQ(colours(derived_road(big_road(seq("BBPP")), kBigEyeBoy)), "R");
  // ... else column 3 row 1.
  EXPECT_EQ(colours(derived_road(big_road(seq("BPB")), kBigEyeBoy)), "R");   // 1 and 1
  EXPECT_EQ(colours(derived_road(big_road(seq("BBPB")), kBigEyeBoy)), "B");  // 1 and 2
  // Small road: column 3 row 2, else column 4 row 1.
  EXPECT_EQ(colours(derived_road(big_road(seq("BPB")), kSmallRoad)), "");
  EXPECT_EQ(colours(derived_road(big_road(seq("BPBB")), kSmallRoad)), "B");
  EXPECT_EQ(colours(derived_road(big_road(seq("BBPBB")), kSmallRoad)), "R");
  EXPECT_EQ(colours(derived_road(big_road(seq("BPBP")), kSmallRoad)), "R");
}

TEST(DerivedRoads, StartingPointsOfTheSmallRoadSkipOneColumn) {
  // "BPPBP": columns B | P P | B | P. Column 4 row 1 compares columns 3 and 1: 1 and 1, red.
  EXPECT_EQ(colours(derived_road(big_road(seq("BPPBP")), kSmallRoad)), "R");
  // "BBPBP": columns B B | P | B | P: columns 3 and 1 have 1 and 2 cells: blue.
  EXPECT_EQ(colours(derived_road(big_road(seq("BBPBP")), kSmallRoad)), "B");
  // Cockroach pig: column 4 row 2, else column 5 row 1.
  EXPECT_EQ(colours(derived_road(big_road(seq("BPBP")), kCockroachPig)), "");
  EXPECT_EQ(colours(derived_road(big_road(seq("BPBPP")), kCockroachPig)), "B");
  EXPECT_EQ(colours(derived_road(big_road(seq("BBPBPP")), kCockroachPig)), "R");
  EXPECT_EQ(colours(derived_road(big_road(seq("BPBPB")), kCockroachPig)), "R");
  EXPECT_EQ(colours(derived_road(big_road(seq("BBPBPB")), kCockroachPig)), "B");
}

TEST(DerivedRoads, TiesChangeNothingAndAChopIsRedWithADragonTail) {
  // A chop (every column one cell): every mark from column 3 on is red.
  const BigRoad chop = big_road(seq("BPBPBPBPBP"));
  const std::vector<DerivedCell> boy = derived_road(chop, kBigEyeBoy);
  EXPECT_EQ(colours(boy), "RRRRRRRR");
  // Eight reds in one streak: six down, then the dragon tail along the bottom.
  EXPECT_EQ(where(boy),
            (std::vector<At>{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 5}, {2, 5}}));
  EXPECT_EQ(colours(derived_road(big_road(seq("TBTPTTBPTBPBTPBP")), kBigEyeBoy)), "RRRRRRRR");
  // A long streak: the column one back ended early: blue once, then red (straight drop).
  EXPECT_EQ(colours(derived_road(big_road(seq("BBBBPPPPPP")), kBigEyeBoy)), "RRRBR");
}

TEST(Predictions, AskPlayerAndAskBankerShowWhatEachRoadWouldAdd) {
  const BigRoad road = big_road(seq(kExample));  // the last cell: column 5 row 1, B
  // Ask banker: column 5 row 2. Big eye boy: column 4 has a row 2: red. Small road: column 3
  // has a row 2: red. Cockroach pig: column 2 has no row 2 but a row 1: blue.
  EXPECT_EQ(predict(road, 'B'),
            (RoadPrediction{RoadColour::red, RoadColour::red, RoadColour::blue}));
  // Ask player: column 6 row 1. Big eye boy: columns 5 and 4 have 1 and 2 cells: blue. Small
  // road: columns 5 and 3, 1 and 3: blue. Cockroach pig: columns 5 and 2, 1 and 1: red.
  EXPECT_EQ(predict(road, 'P'),
            (RoadPrediction{RoadColour::blue, RoadColour::blue, RoadColour::red}));
  // Before the starting points nothing would be added.
  EXPECT_EQ(predict(big_road(seq("")), 'P'), RoadPrediction{});
  EXPECT_EQ(predict(big_road(seq("TT")), 'B'), RoadPrediction{});
  EXPECT_EQ(predict(big_road(seq("B")), 'B'), RoadPrediction{});
  EXPECT_EQ(predict(big_road(seq("BP")), 'B'),
            (RoadPrediction{RoadColour::red, std::nullopt, std::nullopt}));
  // The prediction is what the road really adds.
  for (std::string_view history : {"BBPBBBPP", "PPBPBBBBBBBPB", "BTPBTTPPPB", "PBPBPBPBBP"}) {
    const BigRoad before = big_road(seq(history));
    for (char next : {'P', 'B'}) {
      const BigRoad after = big_road(seq(std::string(history) + next));
      const RoadPrediction p = predict(before, next);
      for (auto [offset, predicted] :
           {std::pair{kBigEyeBoy, p.big_eye_boy}, std::pair{kSmallRoad, p.small_road},
            std::pair{kCockroachPig, p.cockroach_pig}}) {
        const std::vector<RoadColour> a = derived_colours(after, offset);
        const std::vector<RoadColour> b = derived_colours(before, offset);
        if (predicted) {
          ASSERT_EQ(a.size(), b.size() + 1) << history << next << offset;
          EXPECT_EQ(a.back(), *predicted) << history << next << offset;
        } else {
          EXPECT_EQ(a.size(), b.size()) << history << next << offset;
        }
      }
    }
    // Asking player and asking banker always give opposite colours.
    const RoadPrediction p = predict(before, 'P'), b = predict(before, 'B');
    EXPECT_NE(p.big_eye_boy, b.big_eye_boy);
    EXPECT_NE(p.small_road, b.small_road);
  }
}

TEST(ShoeStatistics, CountsWinsPairsAndNaturals) {
  std::vector<RoadResult> r = seq("BPTBBT");
  r[0].banker_pair = r[0].natural = true;
  r[2].player_pair = r[2].banker_pair = true;
  r[4].natural = true;
  EXPECT_EQ(shoe_stats(r), (ShoeStats{6, 1, 3, 2, 1, 2, 2}));
  EXPECT_EQ(shoe_stats({}), ShoeStats{});
}

TEST(RoadResults, FromABaccaratOutcome) {
  auto deal = [](std::initializer_list<std::string_view> texts) {
    std::vector<Card> cards;
    for (std::string_view t : texts) cards.push_back(*card_from_text(t));
    return *deal_baccarat(cards);
  };
  // Player 3S 3H = 6, banker 8C 8D = 6: a tie with both pairs, no natural.
  EXPECT_EQ(road_result(deal({"3S", "8C", "3H", "8D"})),
            (RoadResult{'T', true, true, false, 6, 6}));
  // Player 4H 5D = 9 natural, banker KS 7C = 7.
  EXPECT_EQ(road_result(deal({"4H", "KS", "5D", "7C"})),
            (RoadResult{'P', false, false, true, 9, 7}));
  EXPECT_EQ(road_result(Outcome{{1, 2, 3}}), std::nullopt);
}

TEST(Roads, MakeRoadsAssemblesEveryPart) {
  const std::vector<RoadResult> r = seq("TBBPBBBPPBT");
  const Roads roads = make_roads(r);
  EXPECT_EQ(roads.rows, kRoadRows);
  EXPECT_EQ(roads.bead_plate.size(), r.size());
  EXPECT_EQ(roads.big_road.leading_ties, 1);
  EXPECT_EQ(winners(roads.big_road), "BBPBBBPPB");
  EXPECT_EQ(colours(roads.big_eye_boy), "BBRBRB");
  EXPECT_EQ(colours(roads.small_road), "RBBBB");
  EXPECT_EQ(colours(roads.cockroach_pig), "RR");
  EXPECT_EQ(roads.ask_banker, predict(roads.big_road, 'B'));
  EXPECT_EQ(roads.ask_player, predict(roads.big_road, 'P'));
  EXPECT_EQ(roads.stats.hands, 11);
  EXPECT_EQ(roads.stats.ties, 2);
}

}  // namespace
}  // namespace croupier::games::cards
