// Boom or bust's rules (boom_or_bust.hpp): the grid, the outcome texts, what each bet
// returns for the choices made, the default (the best play), and the exact return to
// player of every bet (docs/games/boomorbust.md).
#include "games/show/boom_or_bust.hpp"

#include <gtest/gtest.h>

#include <map>
#include <numeric>

#include "core/rng.hpp"

namespace croupier::games::show::boom {
namespace {

__extension__ using Wide = __int128;  // (__extension__ keeps -Wpedantic quiet)

// Exact fractions, small enough for the bonus's denominators (36^11).
struct Frac {
  Wide n = 0, d = 1;
};
Wide gcd(Wide a, Wide b) {
  if (a < 0) a = -a;
  while (b != 0) {
    Wide t = a % b;
    a = b;
    b = t;
  }
  return a;
}
Frac operator+(Frac a, Frac b) {
  Frac r{a.n * b.d + b.n * a.d, a.d * b.d};
  const Wide g = gcd(r.n, r.d);
  return g > 1 ? Frac{r.n / g, r.d / g} : r;
}
Frac operator*(Frac a, Frac b) {
  Frac r{a.n * b.n, a.d * b.d};
  const Wide g = gcd(r.n, r.d);
  return g > 1 ? Frac{r.n / g, r.d / g} : r;
}

TEST(BoomOrBust, TheGridIsTheDocumentedOne) {
  int busts = 0, sum = 0;
  std::map<int, int> values;
  for (int r = 1; r <= 6; ++r)
    for (int b = 1; b <= 6; ++b) {
      const int v = square_value(r, b);
      busts += v == 0;
      sum += v;
      values[v]++;
    }
  EXPECT_EQ(busts, 6);  // the diagonal
  EXPECT_EQ(sum, 82);   // 10×1 + 8×2 + 6×3 + 4×6 + 2×7
  EXPECT_EQ(values[7], 2);
  EXPECT_EQ(square_value(1, 6), 7);
  EXPECT_EQ(square_value(0, 6), 0);
}

TEST(BoomOrBust, OutcomeTextsRoundTripAndOthersAreRefused) {
  auto engine = make_engine({});
  SeededRng rng(11);
  int bonuses = 0, tenth = 0;
  for (int i = 0; i < 50000; ++i) {
    const Outcome o = engine->draw(rng);
    const std::string text = engine->encode(o);
    auto back = engine->decode(text);
    ASSERT_TRUE(back) << text;
    EXPECT_EQ(*back, o) << text;
    bonuses += o.values.size() > 2;
    tenth += o.values.size() == 2 + 2 * kRolls;
  }
  EXPECT_GT(bonuses, 7000);  // about 1 in 6
  EXPECT_GT(tenth, 0);
  EXPECT_TRUE(engine->decode("3,5"));
  EXPECT_TRUE(engine->decode("4,4|16,25,33"));
  EXPECT_TRUE(engine->decode("4,4|11"));
  for (auto bad : {"", "3", "3,5|12", "4,4", "4,4|16,25", "4,4|33,16", "7,1", "4,4|17,11",
                   "4,4|16,25,33|", "3,5,1", "4,4|1,2"})
    EXPECT_FALSE(engine->decode(bad)) << bad;
  EXPECT_FALSE(engine->decode("4,4|12,12,12,12,12,12,12,12,12,12,11"));  // an eleventh roll
  EXPECT_TRUE(engine->decode("4,4|12,12,12,12,12,12,12,12,12,12"));      // ten, no bust
}

TEST(BoomOrBust, NumbersPayByHowManyDiceShowThem) {
  auto engine = make_engine({});
  const Money stake = Money::from_major(10);
  const Outcome o = *engine->decode("3,5");
  EXPECT_EQ(engine->payout("3", stake, o), Money::from_major(30));
  EXPECT_EQ(engine->payout("5", stake, o), Money::from_major(30));
  EXPECT_EQ(engine->payout("4", stake, o), Money::zero());
  EXPECT_EQ(engine->payout("BOOM", stake, o), Money::zero());
  const Outcome d = *engine->decode("4,4|11");
  EXPECT_EQ(engine->payout("4", stake, d), Money::from_major(40));
}

TEST(BoomOrBust, TheBonusPaysTheTotalWhereThePlayerCashedOut) {
  auto engine = make_engine({});
  const Money stake = Money::from_major(10);
  // Rolls 1-6 (7), 2-5 (3), 3-3 bust.
  const Outcome o = *engine->decode("4,4|16,25,33");
  EXPECT_EQ(engine->returns("BOOM", stake, o, {"cash"}), Money::from_major(70));
  EXPECT_EQ(engine->returns("BOOM", stake, o, {"keep", "cash"}), Money::from_major(100));
  EXPECT_EQ(engine->returns("BOOM", stake, o, {"keep", "keep"}), Money::zero());
  // The default keeps at 7 and 10 (at most 13) and so busts.
  EXPECT_EQ(engine->payout("BOOM", stake, o), Money::zero());
  // 7 + 7 = 14: the default cashes out there.
  const Outcome high = *engine->decode("2,2|16,61,12,33");
  EXPECT_EQ(engine->payout("BOOM", stake, high), Money::from_major(140));
  EXPECT_EQ(engine->default_choice(high, 1), "keep");
  EXPECT_EQ(engine->default_choice(high, 3), "cash");
  // Ten rolls without a bust pay whoever is still in.
  const Outcome ten = *engine->decode("4,4|12,12,12,12,12,12,12,12,12,12");
  EXPECT_EQ(engine->returns("BOOM", stake, ten, std::vector<std::string>(9, "keep")),
            Money::from_major(100));
}

TEST(BoomOrBust, ThePlanRollsAndAsksAfterEveryRollButTheLast) {
  auto engine = make_engine({});
  EXPECT_TRUE(engine->plan(*engine->decode("3,5")).steps.empty());
  const Plan p = engine->plan(*engine->decode("4,4|16,25,33"));
  EXPECT_EQ(p.bonus, "boom");
  EXPECT_EQ(p.spot, "BOOM");
  EXPECT_EQ(p.leaves, "cash");
  ASSERT_EQ(p.steps.size(), 5u);  // roll, choose, roll, choose, roll (a bust)
  EXPECT_EQ(p.steps[0].values, (std::vector<int64_t>{1, 6, 7, 7}));
  EXPECT_EQ(p.steps[1].kind, Step::Kind::choose);
  EXPECT_EQ(p.steps[2].values, (std::vector<int64_t>{2, 5, 3, 10}));
  EXPECT_EQ(p.steps[4].values, (std::vector<int64_t>{3, 3, 0, 0}));
  const Plan ten = engine->plan(*engine->decode("4,4|12,12,12,12,12,12,12,12,12,12"));
  EXPECT_EQ(ten.steps.size(), 19u);  // no choice after the tenth roll
}

// The bonus's expected total under the default, from the rules alone: V(T, k) after k rolls.
Frac bonus_value(int64_t total, int rolls, std::map<std::pair<int64_t, int>, Frac>& memo) {
  if (rolls == kRolls || total > kKeepUpTo) return Frac{total, 1};
  if (auto it = memo.find({total, rolls}); it != memo.end()) return it->second;
  Frac sum;
  for (int r = 1; r <= 6; ++r)
    for (int b = 1; b <= 6; ++b)
      if (r != b)
        sum = sum +
              bonus_value(total + kValues[static_cast<size_t>(std::abs(r - b))], rolls + 1, memo);
  return memo[{total, rolls}] = sum * Frac{1, 36};
}

TEST(BoomOrBust, ExactReturnsToPlayer) {
  auto engine = make_engine({});
  // The numbers, over the 36 first rolls: 34/36.
  for (char n = '1'; n <= '6'; ++n) {
    int64_t units = 0;
    for (int r = 1; r <= 6; ++r)
      for (int b = 1; b <= 6; ++b) {
        Outcome o{{r, b}};
        if (r == b) o.values.insert(o.values.end(), {1, 1});  // any bonus: numbers ignore it
        units += engine->payout(std::string(1, n), Money{1}, o).units;
      }
    EXPECT_EQ(units, 34) << n;
  }
  // BOOM: 1/6 of the bonus's expected total under the default, 5119796773483/5355700839936.
  std::map<std::pair<int64_t, int>, Frac> memo;
  const Frac boom = bonus_value(0, 0, memo) * Frac{1, 6};
  EXPECT_TRUE(boom.n == 5119796773483 && boom.d == 5355700839936);
}

}  // namespace
}  // namespace croupier::games::show::boom
