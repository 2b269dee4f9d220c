// BlackjackFlow: the round of a blackjack table (seated, with bets behind, or one-hand
// infinite) on the round host. After betting closes it deals the first cards, offers
// insurance, lets the seats decide in turn (or, at one-hand infinite blackjack, every
// player at once, step by step, on shared cards), plays the dealer and settles every bet
// itself, since what a bet returns depends on the decisions. docs/games/blackjack.md has
// the rules and the order of play; docs/protocol.md the events and the <decide> command.
//
// Money: the main bets are the round's bets placed while betting was open; a double, a
// split and insurance are stakes of their own, which the flow asks the host to take
// (FlowHost::take_stake) while the round is open, keyed by the player and the spot so each
// is taken once. The result is recorded with the settlement: a round interrupted before it
// is refunded at the next start.
//
// The flow also keeps what blackjack remembers of players between rounds: their
// preferences (bets behind follow a seat by them; a seat's player allows bets behind or
// not), the automatic decisions in a row that cost a seat, and autoplay at onebj.
//
// Pure (no ledger, socket, JSON or XML: games/flow.hpp); one table's thread only.
#pragma once

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "games/blackjack/bj_engine.hpp"
#include "games/blackjack/blackjack.hpp"
#include "games/blackjack/play_types.hpp"
#include "games/cards/table_shoe.hpp"
#include "games/flow.hpp"

namespace croupier::games::blackjack {

struct FlowConfig {
  bool onebj = false;  // one-hand infinite: one shared hand, decisions in steps
  int decks = 8;
  size_t cut_from_end = 16;
  Millis decision{15000};         // state 11, for each decision (onebj: each step)
  Millis insurance{8000};         // state 12, to answer the insurance offer
  Millis card{600};               // the pace of dealing, per card
  Millis decision_closing{1000};  // state 14, before the dealer's hole card
  // Tests only: the cards of each round in dealing order ("AS,KH,…"), before the shoe's.
  std::vector<std::string> script;
};

class BlackjackFlow : public RoundFlow {
 public:
  BlackjackFlow(FlowConfig config, FlowHost& host);

  bool wants_stakes() const override { return true; }
  bool settles_itself() const override { return true; }
  std::vector<std::pair<BetRef, Money>> returns(
      const std::vector<FlowStake>& stakes) const override;
  void round_opened(FlowHost& host) override;
  void before_round(Rng& rng, FlowOut& out) override;
  void begin(const FlowStart& start, Rng& rng, FlowOut& out) override;
  void advance(MonoTime now, FlowOut& out) override;
  std::optional<MonoTime> deadline(MonoTime now) const override;
  MonoTime ends() const override { return round_.ends; }
  bool done() const override;
  void hurry(MonoTime now) override { closing_ = true; }
  const Outcome& outcome() const override { return outcome_; }
  void after_result() override;
  std::optional<FairDeal> fair_deal() const override;
  std::optional<std::string> shoe_composition() const override {
    return shoe_->shoe().composition();
  }

  void remembered(std::vector<PlayerRef>& players) const override;
  void forget(const std::function<bool(PlayerRef)>& idle) override;

  bool takes_decisions() const override { return true; }
  void decide(const DecisionIn& in, std::function<void(DecisionAnswer)> done) override;
  void set_prefs(PlayerRef player, const Prefs& prefs) override { prefs_[player] = prefs; }
  std::optional<Refusal> autoplay(const AutoplayIn& in, bool has_bets) override;
  std::optional<AutoplayView> autoplay_of(PlayerRef player) const override;
  std::optional<Refusal> refuse_bet(PlayerRef player, std::string_view spot) const override;
  std::optional<RoundView> hands_view() const override;
  PersonalView personal_view(PlayerRef player) const override;
  std::vector<PlayerRef> personal_viewers(bool every_hand = false) const override;

 private:
  using Card = cards::Card;
  struct StakeRef {
    BetRef id;
    Money amount;
  };
  // One set of hands: a seat's, a bet behind a seat, or one player's at onebj.
  struct Box {
    PlayerRef player = 0;
    std::string name;
    std::string currency;
    int seat = 0;         // 1-7; 0 at onebj
    bool behind = false;  // a bet behind `seat`
    std::string spot;     // "SEAT_3", "BB_3", "MAIN": the prefix of its own bets
    PlayerSeatState st;
    std::vector<std::vector<StakeRef>> bets;  // per hand: the bets riding on it
    std::vector<StakeRef> insurance;
    Prefs prefs;                     // behind: follows the seat by these
    size_t drawn = 0;                // onebj: extra shared cards taken
    std::optional<Decision> chosen;  // onebj: this step's decision
    bool pending = false;            // a stake for a decision is being taken
    bool timed_out = false;          // the timer decided (seated: the turn is over)
    // Behind: the seat's decisions still to apply, in order, with their cards.
    std::deque<std::pair<Decision, std::vector<Card>>> follow;
  };
  enum class Phase { none, dealing, insurance, decisions, closing, dealer, over };
  struct Round {
    Phase phase = Phase::none;
    std::vector<Card> dealer;
    bool hole_shown = false;
    std::vector<Box> boxes;    // seats in seat order, then the bets behind them
    std::vector<Card> shared;  // onebj: the common hand's cards in dealing order
    size_t turn = SIZE_MAX;    // seated: the box deciding
    int step = 0;              // onebj: decision steps so far
    MonoTime ends{};           // of the current phase or decision
    std::deque<Card> script;   // tests: cards before the shoe
  };
  struct Autoplay {
    AutoplayIn command;
    int rounds_left = 0;
    std::string state;  // "running", "completed", "stopped"
    std::string reason;
  };

  // Round steps (bj_flow.cpp).
  Card card();
  bool make_boxes(const std::vector<FlowStake>& stakes);
  void deal_first(MonoTime now);
  void after_deal();
  void peek();
  void next_turn();
  void start_step();
  void end_step();
  void closing();
  void dealer();
  void show_state(RoundState state, MonoTime ends);
  void show_hands() { host_.show({HandsShown{}}); }
  bool busy() const;
  Millis pace(Millis d) const { return closing_ ? Millis{0} : d; }

  // Decisions (bj_decide.cpp).
  std::optional<Refusal> refuse_decision(const DecisionIn& in, size_t box, Decision& d) const;
  void apply(size_t box, Decision decision);
  void run_follow(size_t box);
  void follow_at_own_stake(Box& box, Decision decision, const std::vector<Card>& cards);
  void take_stake(size_t box, Decision decision,
                  std::function<void(std::optional<FlowHost::Taken>)> done);
  void count_auto(PlayerRef player, int seat, bool automatic);
  void autoplay_decide(size_t box);
  size_t box_of(PlayerRef player, int seat) const;

  // Views (bj_view.cpp).
  BoxView box_view(const Box& box) const;

  // Constant after construction.
  const FlowConfig config_;
  FlowHost& host_;

  std::optional<cards::TableShoe> shoe_;
  Rng* rng_ = nullptr;  // the table's, from the first begin() on
  size_t script_next_ = 0;
  Round round_;
  RoundState shown_ = RoundState::initialising;  // the state last shown
  bool closing_ = false;
  bool scripted_ = false;  // this round dealt scripted cards first (tests)
  Outcome outcome_;
  std::unordered_map<PlayerRef, Prefs> prefs_;
  std::unordered_map<PlayerRef, int> auto_count_;  // automatic decisions in a row
  std::map<PlayerRef, Autoplay> autoplay_;
};

}  // namespace croupier::games::blackjack
