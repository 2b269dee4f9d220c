// DealFlow: the round of a card table that deals the outcome card by card (baccarat,
// dragon tiger, andar bahar). When betting ends the outcome is dealt (from the table's
// shoe, or at a table without one from a fresh deck) and its cards are shown one at a time
// across the dealing time: card i at start + i * spin / n, the result when the last
// interval ends (state 15, dealing).
//
// Squeeze mode (baccarat): the player with the highest stake squeezes the first two cards
// of the side they backed most (player or banker; ties go to the lower player id). Those
// cards are dealt face down, on the deal's clock like the others; the squeeze time starts
// with the first of them (one squeeze time a round, however the cards come). Once the first
// four cards are out with a card still held, the deal waits at once (state 13, card wait)
// until the squeezer has revealed every held card (squeeze() with progress 1) or the
// squeeze time is over; then the rest of the deal goes on from that moment, the next card
// (or the result) due at once. A squeezer who reveals early brings the result forward; one
// who reveals everything before the fourth card costs the round no time at all.
//
// Pure; one table's thread only (games/flow.hpp).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "games/cards/table_shoe.hpp"
#include "games/flow.hpp"

namespace croupier::games::cards {

struct DealFlowConfig {
  bool shoe = true;  // deals from a shoe kept across rounds (else a fresh deck each round)
  int decks = 8;
  size_t cut_from_end = 16;
  bool roads = false;    // keeps the baccarat roads of each shoe
  bool squeeze = false;  // squeeze mode
  Millis squeeze_time{8000};
};

class DealFlow : public RoundFlow {
 public:
  DealFlow(const Engine& engine, DealFlowConfig config);

  bool wants_stakes() const override { return config_.squeeze; }
  void before_round(Rng& rng, FlowOut& out) override;
  void begin(const FlowStart& start, Rng& rng, FlowOut& out) override;
  void advance(MonoTime now, FlowOut& out) override { reveal_due(now, out); }
  std::optional<MonoTime> deadline(MonoTime now) const override;
  MonoTime ends() const override {
    return state_ == RoundState::card_wait ? squeeze_until_ : ends_;
  }
  bool done() const override;
  void hurry(MonoTime now) override;
  const Outcome& outcome() const override { return outcome_; }
  void after_result() override;
  std::optional<ErrorCode> squeeze(PlayerRef player, size_t index, double progress, bool in_play,
                                   MonoTime now, FlowOut& out) override;
  FlowView view(PlayerRef player, bool over, bool in_play) const override;
  std::vector<DealtCard> result_cards() const override;
  const Roads* roads() const override { return shoe_ ? shoe_->roads() : nullptr; }
  std::optional<FairDeal> fair_deal() const override;
  std::optional<std::string> shoe_composition() const override {
    return shoe_ ? std::optional(shoe_->shoe().composition()) : std::nullopt;
  }
  uint64_t roads_version() const override { return shoe_ ? shoe_->roads_version() : 0; }

 private:
  MonoTime card_at(size_t i) const;
  void reveal_due(MonoTime now, FlowOut& out);
  void set_state(RoundState state, MonoTime ends, FlowOut& out);
  void choose_squeezer(const std::vector<FlowStake>& stakes, FlowOut& out);
  bool squeezable(size_t index) const;
  void reveal_held(size_t index, FlowOut& out);

  // Constant after construction.
  const Engine& engine_;
  const DealFlowConfig config_;

  std::optional<TableShoe> shoe_;
  Outcome outcome_;
  std::vector<DealtCard> dealt_;
  size_t shown_ = 0;
  RoundState state_ = RoundState::dealing;
  MonoTime from_{};  // when card 0 is due (moved on by a card wait)
  MonoTime ends_{};  // the end of the deal: from_ + the dealing time
  Millis spin_{0};
  bool closing_ = false;
  bool scripted_ = false;  // this round's outcome was scripted (tests)
  // Squeeze: who squeezes which hand, the cards held face down, and until when.
  std::optional<PlayerRef> squeezer_;
  std::string squeezer_name_;
  std::string squeeze_hand_;
  std::set<size_t> held_;
  bool squeeze_started_ = false;  // this round's squeeze time has begun
  MonoTime squeeze_until_{};
};

}  // namespace croupier::games::cards
