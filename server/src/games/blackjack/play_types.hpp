// The values blackjack's flow (games/blackjack/bj_flow.hpp) takes and gives through the
// round host: a player's preferences, a decision and its answer, autoplay, and what
// players see of the round (the blackjack event and a player's own part of it). Plain
// values; the gateway's protocol module writes them as JSON (docs/protocol.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/error_code.hpp"
#include "core/money.hpp"
#include "games/blackjack/blackjack.hpp"
#include "games/cards/card.hpp"

namespace croupier::games::blackjack {

// A player's preferences at one table (the SPEC's bet-behind settings).
struct Prefs {
  bool doubledown = true;        // behind a seat: double when the seat doubles
  bool split = true;             // behind a seat: split when the seat splits
  bool insurance = false;        // behind a seat: buy insurance when it is offered
  bool allow_bet_behind = true;  // others may bet behind this player's seats
  int auto_stand = 12;           // automatic decisions in a row that cost a seat (1004)
};

// A decision for a seat (seated tables) or for the player's hand (onebj: seat 0).
struct DecisionIn {
  int64_t player = 0;
  int seat = 0;
  Decision decision = Decision::no_decision;
};

// Autoplay at onebj: the server plays `rounds` rounds for the player (0 stops).
struct AutoplayIn {
  int64_t player = 0;
  std::string name;
  std::string currency;
  int rounds = 0;
  AutoPlay strategy;
  bool regulated = false;
};

struct AutoplayView {
  std::string state;  // "running", "completed", "stopped"
  int rounds_left = 0;
  std::string reason;  // why it stopped: "player", "funds", "limits"
};

// ---- What players see -------------------------------------------------------------------

struct HandView {
  std::vector<cards::Card> cards;
  int total = 0;
  bool soft = false;
  Money stake;
  bool doubled = false;
  bool split = false;
  bool done = false;
  bool blackjack = false;
  // Once the dealer's hand is final, or the hand busted: how it ended and what it returns.
  std::optional<std::string> outcome;  // "bust", "lose", "push", "win", "blackjack"
  Money returned;
};

struct BoxView {
  std::vector<HandView> hands;
  size_t active = 0;
  Money insurance;
  bool insurance_open = false;
};

struct SeatView {
  int seat = 0;
  int64_t player = 0;
  std::string name;
  BoxView box;
  int behind_players = 0;
  Money behind_total;
};

// The round as everyone sees it (the blackjack event).
struct RoundView {
  bool onebj = false;
  std::vector<cards::Card> dealer;  // shown so far
  bool dealer_hidden = false;       // the hole card is down
  int dealer_total = 0;
  bool dealer_soft = false;
  std::optional<bool> dealer_blackjack;  // once the hole card is shown
  std::vector<SeatView> seats;           // seated tables
  struct Turn {
    int seat = 0;     // seated: whose turn
    size_t hand = 0;  // seated: which of its hands
    int step = 0;     // onebj: the decision step
    MonoTime ends{};
    Millis decision{0};
  };
  std::optional<Turn> turn;
  struct Insurance {
    MonoTime ends{};
    Millis insurance{0};
  };
  std::optional<Insurance> insurance;
  std::vector<cards::Card> shared;  // onebj: the common hand's cards
  size_t players = 0;               // onebj: hands in the round
};

// What only one player sees: their hands behind seats, their onebj hand, the automatic
// decisions counted against their seat, their autoplay.
struct PersonalView {
  struct Behind {
    int seat = 0;
    BoxView box;
  };
  std::vector<Behind> behind;
  struct You {
    BoxView box;
    std::optional<Decision> decision;  // this step's, once decided
    bool timed_out = false;
  };
  std::optional<You> you;
  std::optional<int> auto_stands;
  std::optional<AutoplayView> autoplay;
};

}  // namespace croupier::games::blackjack
