#include "games/cards/table_shoe.hpp"

namespace croupier::games::cards {

TableShoe::TableShoe(int decks, size_t cut_from_end, bool roads)
    : shoe_(decks, cut_from_end), keep_roads_(roads) {}

void TableShoe::change_if_due(Rng& rng, FlowOut& out) {
  if (shoe_.number() > 0 && !shoe_.past_cut()) return;
  out.push_back(ShuffleStarted{shoe_.number() + 1});
  shoe_.shuffle(rng);
  results_.clear();
  update_roads();
  out.push_back(
      ShuffleEnded{shoe_.number(), to_text(shoe_.burn_card()), shoe_.burnt(), shoe_.remaining()});
}

void TableShoe::add_result(const Outcome& outcome) {
  if (!keep_roads_) return;
  if (auto r = road_result(outcome)) results_.push_back(*r);
  update_roads();
}

// The roads are made once per change; events and snapshots copy them.
void TableShoe::update_roads() {
  if (!keep_roads_) return;
  roads_ = make_roads(results_);
  ++roads_version_;
}

FairDeal fair_deal_of(const Shoe& shoe, bool scripted) {
  FairDeal deal{shoe.marked(), shoe.decks(), {}, scripted};
  deal.cards.reserve(shoe.taken().size());
  for (Card c : shoe.taken()) deal.cards.push_back(to_text(c));
  return deal;
}

}  // namespace croupier::games::cards
