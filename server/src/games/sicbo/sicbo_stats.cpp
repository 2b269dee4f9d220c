#include "games/sicbo/sicbo_stats.hpp"

#include <algorithm>
#include <numeric>

#include "games/sicbo/sicbo.hpp"

namespace croupier::games::sicbo {

namespace {

void count(Share& s, bool yes) {
  if (yes) ++s.count;
}

void set_share(Share& s, int games) {
  s.per_mille = games == 0 ? 0 : (s.count * 2000 + games) / (2 * games);
}

}  // namespace

DiceStats dice_stats(std::span<const Outcome> outcomes) {
  DiceStats st;
  for (const Outcome& o : outcomes) {
    if (!valid_outcome(o)) continue;
    ++st.games;
    const int sum = total(o);
    const bool triple = is_triple(o);
    for (int face = 1; face <= kFaces; ++face)
      count(st.faces[face - 1],
            std::find(o.values.begin(), o.values.end(), face) != o.values.end());
    ++st.totals[sum - 3].count;
    count(st.small, !triple && sum <= 10);
    count(st.big, !triple && sum >= 11);
    count(st.odd, !triple && sum % 2 == 1);
    count(st.even, !triple && sum % 2 == 0);
    count(st.triple, triple);
  }
  for (Share& s : st.faces) set_share(s, st.games);
  for (Share& s : st.totals) set_share(s, st.games);
  for (Share* s : {&st.small, &st.big, &st.odd, &st.even, &st.triple}) set_share(*s, st.games);

  std::array<int, kFaces> order;
  std::iota(order.begin(), order.end(), 1);
  auto seen = [&](int face) { return st.faces[face - 1].count; };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return seen(a) > seen(b); });
  st.hot = {order[0], order[1]};
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return seen(a) < seen(b); });
  st.cold = {order[0], order[1]};
  return st;
}

}  // namespace croupier::games::sicbo
