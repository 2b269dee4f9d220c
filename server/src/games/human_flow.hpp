// HumanFlow: the round of a table whose dealer is a person in the studio (docs/studio.md
// "Human dealers"). Nothing is drawn: when the dealer starts the round (spins the ball, or
// scans the first card) the flow waits, showing the spin or the deal, for the dealer's
// entries: the roulette number the ball landed on, or the cards one at a time as they come
// out of the shoe, each checked against the game's rules (games/human_entry.hpp) and shown
// to the players as it is taken. A misread card is taken back (shown as withdrawn); the
// number can be changed. The round's outcome exists only when the dealer confirms it:
// outcome_at_end(), so the host records the result then, and a round the dealer voids, or
// a server that stops first, is refunded.
//
// A card table keeps its shoe's use across rounds (a card cannot come out more often than
// the shoe holds it) until the dealer starts a new shoe, and at baccarat the shoe's roads.
//
// Pure; one table's thread only (games/flow.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/cards/roads.hpp"
#include "games/flow.hpp"
#include "games/human_entry.hpp"

namespace croupier::games {

class HumanFlow : public RoundFlow {
 public:
  // `decks`: the shoe's, at a card table; `roads`: keep the baccarat roads.
  HumanFlow(const Engine& engine, int decks, bool roads);

  bool outcome_at_end() const override { return true; }
  void begin(const FlowStart& start, Rng& rng, FlowOut& out) override;
  void advance(MonoTime, FlowOut&) override {}
  // Waits for the dealer (woken by the host after each entry) until confirmed.
  std::optional<MonoTime> deadline(MonoTime now) const override {
    return confirmed_ ? std::optional<MonoTime>(now) : std::nullopt;
  }
  MonoTime ends() const override { return ends_; }
  bool done() const override { return confirmed_; }
  // A closing table cannot make up a person's result: the host voids an unconfirmed round.
  void hurry(MonoTime) override {}
  const Outcome& outcome() const override { return outcome_; }
  void after_result() override;
  FlowView view(PlayerRef player, bool over, bool in_play) const override;
  std::vector<DealtCard> result_cards() const override;
  const cards::Roads* roads() const override { return roads_ ? &*roads_ : nullptr; }
  uint64_t roads_version() const override { return roads_version_; }

  // ---- The dealer's entries (refusals name the rule) ----------------------------------
  bool deals_cards() const { return entry_.has_value(); }
  // A card, in dealing order (begun: the round is being dealt).
  std::optional<Refusal> enter_card(std::string_view text, FlowOut& out);
  // Why `text` would be refused as the next card, if it would (nothing is taken).
  std::optional<Refusal> check_card(std::string_view text) const;
  // Takes back the last card entered this round.
  std::optional<Refusal> undo(FlowOut& out);
  // The roulette number the ball landed on; entered again, it replaces the first.
  std::optional<Refusal> enter_number(std::string_view label);
  // The entries are the round's result: done() from now.
  std::optional<Refusal> confirm();
  // The round was voided: its cards are burnt all the same (they left the shoe).
  void voided();
  // A new shoe (between rounds): every card back, the roads begin again.
  void new_shoe(FlowOut& out);

  // What the console shows.
  std::optional<std::string> next_hand() const;
  const std::vector<DealtCard>& entered() const { return entered_; }
  const std::optional<std::string>& number() const { return number_; }
  // The outcome the entries make so far (the deal complete, or the number entered).
  std::optional<Outcome> pending() const;
  bool begun() const { return begun_; }
  bool confirmed() const { return confirmed_; }
  int shoe_number() const { return shoe_; }

 private:
  void update_roads();

  const Engine& engine_;
  const bool american_;
  std::optional<CardEntry> entry_;  // card tables
  const int decks_;
  const bool keep_roads_;

  bool begun_ = false;
  bool confirmed_ = false;
  MonoTime ends_{};
  std::optional<std::string> number_;
  std::optional<Outcome> pending_number_;
  std::vector<DealtCard> entered_;
  Outcome outcome_;
  int shoe_ = 1;
  std::vector<cards::RoadResult> results_;  // of this shoe, for the roads
  std::optional<cards::Roads> roads_;
  uint64_t roads_version_ = 0;
};

}  // namespace croupier::games
