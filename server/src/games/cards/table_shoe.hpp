// TableShoe: a card table's shoe across rounds: it is changed before a round when the cut
// card has come out (and before the first round), with the shuffle announced, and at a
// baccarat table it keeps the shoe's results and their roads.
//
// Pure; one table's thread only.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "games/cards/roads.hpp"
#include "games/cards/shoe.hpp"
#include "games/flow.hpp"

namespace croupier::games::cards {

class TableShoe {
 public:
  // `roads`: keep the baccarat roads of each shoe.
  TableShoe(int decks, size_t cut_from_end, bool roads);

  // A new shoe when the cut card has come out, or before the first round: ShuffleStarted,
  // the shuffle and burn, ShuffleEnded (and the roads start empty).
  void change_if_due(Rng& rng, FlowOut& out);

  Shoe& shoe() { return shoe_; }
  const Shoe& shoe() const { return shoe_; }

  // A settled round's outcome joins the shoe's results (and its roads).
  void add_result(const Outcome& outcome);
  const Roads* roads() const { return roads_ ? &*roads_ : nullptr; }
  uint64_t roads_version() const { return roads_version_; }

 private:
  void update_roads();

  Shoe shoe_;
  const bool keep_roads_;
  std::vector<RoadResult> results_;  // of this shoe, for the roads
  std::optional<Roads> roads_;
  uint64_t roads_version_ = 0;
};

// A round's fair record from its shoe (marked when the round began).
FairDeal fair_deal_of(const Shoe& shoe, bool scripted);

}  // namespace croupier::games::cards
