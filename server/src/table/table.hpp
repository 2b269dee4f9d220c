// Table: one live table's round host: round state machine, bet book and event stream.
//
// A Table runs rounds of any game family: it opens a round, takes bets while the round
// is open, closes betting, hands the round to the family's flow (games/flow.hpp: the
// draw, the card-by-card deal, blackjack's play), records the result, settles every bet
// through the ledger and announces the result, then waits
// and opens the next round. Every event it emits carries the table's
// version, which grows by one per event; the epoch names one run of the table (it
// changes at every start), so versions from an earlier run are never confused with
// the current ones.
//
// The Table has no threads, sockets or timers of its own. Time comes from the injected
// Clock; the owner calls advance() at next_deadline() and after every callback. Ledger
// callbacks are handed to `post`, which must run them later on the same thread that
// calls the Table (the actor's strand), never inline inside the call that submitted
// them. A Table is therefore single-threaded: every member must be called from that
// one thread.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/clock.hpp"
#include "core/error_code.hpp"
#include "core/fair.hpp"
#include "core/money.hpp"
#include "core/rng.hpp"
#include "games/blackjack/play_types.hpp"
#include "games/engine.hpp"
#include "games/flow.hpp"
#include "games/human_flow.hpp"
#include "games/registry.hpp"
#include "games/round_state.hpp"
#include "ledger/ledger.hpp"
#include "table/events.hpp"

namespace croupier::table {

using games::RoundState;
using games::state_name;
using games::to_int;

struct Timings {
  Millis betting{35000};          // state 2: bets open
  Millis closing_soon{5000};      // betsclosingsoon this long before betting ends
  Millis bets_closed{1000};       // state 3: no more bets, before the ball is launched
  Millis spin{12000};             // state 6: the ball spins; the result is drawn at its start
  Millis result{6000};            // state 24: the result stays on screen
  Millis next_game{3000};         // state 901: pause before the next round opens
  Millis timer_interval{5000};    // a timer event this often while bets are open
  Millis retry{1000};             // wait before retrying a failed ledger operation
  Millis squeeze{8000};           // baccarat squeeze: how long the squeezer has
  Millis decision{15000};         // blackjack: state 11, for each decision (onebj: each step)
  Millis insurance{8000};         // blackjack: state 12, to answer the insurance offer
  Millis card{600};               // blackjack: the pace of dealing, per card
  Millis decision_closing{1000};  // blackjack: state 14, before the dealer's hole card
  Millis reveal{3000};            // game shows: each step the show reveals
  Millis choose{8000};            // game shows: each choice of the bonus's players
};

// The SPEC §8 code of a refusal by the ledger (or by an operator's wallet in front of it).
ErrorCode code_for(ledger::Failure f);

struct TableConfig {
  std::string id;       // "rou-1"; also the prefix of its round ids
  std::string name;     // "Roulette Azure"
  std::string game;     // "roulette"
  std::string variant;  // the engine: "european", "american", "mega", "powerup"
  std::string type;     // the table type: "roulette", "autoroulette", "priveroulette", ...
  std::string kind;     // the SPEC section 1 game kind: "classic-roulette", "megaroulette", ...
  std::string dealer;   // shown to players
  // A person in the studio deals (docs/studio.md "Human dealers"); else the RNG. Only where
  // games::human_dealing_supported.
  bool human_dealer = false;
  Timings timings;
  // Every Nth round is a special-ball round (the previous round's biggest bettor is
  // chosen to spin; safe bets are refused); 0: never.
  int special_ball_every = 0;
  // Private tables: the number of seats. A player must be seated to bet and to chat,
  // and chat reaches only the seated players. 0: no seats, anyone bets and chats.
  int seats = 0;
  // Blackjack: the seats one player may hold at once (SPEC: "maximum seats per player").
  int seats_per_player = 1;
  // In a regulated market a player's total on the table must reach this minimum (by
  // currency); a currency missing here uses the engine's minimum bet.
  std::map<std::string, Money, std::less<>> table_min;
  // Tests only: results the RNG dealer deals, in order (engine outcome texts), before
  // it draws again. Empty in production.
  std::vector<std::string> scripted_results;
  // Baccarat squeeze mode: the biggest stake on the table squeezes the cards.
  bool squeeze = false;
  // The table's chat (SPEC §5: spaceman tables may have none).
  bool chat_enabled = true;
  // Card tables: the decks in the shoe and where the cut card sits.
  int shoe_decks = 8;
  size_t shoe_cut_from_end = 16;
  // Crash tables: rounds played from one hash chain of seeds (about four days of 35 s
  // rounds); made (hashed) in full when the table starts.
  size_t seed_chain_length = 10'000;
  size_t bets_per_player_max = 300;       // bet lines one player may hold in a round
  size_t players_per_round_max = 200000;  // players with bets in one round
  size_t last_bets_max = 100000;          // players whose last bets are kept for lpbet
  // Players whose other state the table keeps between rounds (blackjack preferences,
  // automatic-decision counts, lost seats, autoplay): past it, the state of players who
  // are neither seated nor betting nor on a running autoplay is forgotten.
  size_t players_remembered_max = 100000;
  size_t recent_results_max = 100;  // results kept for snapshots and statistics
};

// The engines of a table, one per currency it plays in (the rules are the same, the
// limits differ).
using Engines = std::map<std::string, std::shared_ptr<const games::Engine>, std::less<>>;

struct PlaceBetsCommand {
  enum class Kind {
    add,             // pbet: each bet accepted or refused on its own
    all_or_nothing,  // placebets: every bet or none
    repeat_last,     // lpbet: the player's last bets at this table, every one or none
  };
  Kind kind = Kind::add;
  ledger::PlayerId player = 0;
  std::string currency;
  std::string request_id;  // the client's id for this command; a repeat is answered once
  std::string game_id;     // the round meant; empty means the current one
  std::vector<games::BetLine> bets;
  std::optional<Money> check_total;  // if given, must equal the sum of the bets
  std::string name;                  // the player's screen name, for notices to others
  bool regulated = false;            // the player's market requires the table minimum
  bool block_safe_bets = false;      // the player may not place safe bets (bonus terms)
  std::string client_seed;           // the player's provably fair seed, if they set one
  // A free bet: the active free-bet bonus whose chips stake every bet of the command
  // (checked by the gateway; the ledger refuses chips the player does not hold).
  std::string free_bet = {};
  bool bonus_first = false;  // the operator's rule: stakes draw on the bonus before cash
};

struct RejectedBet {
  std::string spot;
  Money amount;
  ErrorCode code;
  std::string reason =
      {};  // a rule's name when the code alone is ambiguous: "safe_bets", "table_min"
};

struct CancelBetsCommand {
  ledger::PlayerId player = 0;
  std::string request_id;  // this command's own id; a repeat is answered once
  std::string game_id;     // the round meant; empty means the current one
  std::string of_request;  // cancel the bets placed by that request; empty: all of them
};

// The answer to a bet command (placing or cancelling).
struct BetAck {
  std::string request_id;
  std::string game_id;
  bool cancel = false;                    // the answer to a CancelBetsCommand
  std::vector<games::BetLine> accepted;   // canonical spots
  std::vector<games::BetLine> cancelled;  // bets taken back and refunded
  std::vector<RejectedBet> rejected;
  std::optional<Refusal> refusal;          // set when the whole command was refused
  std::optional<ledger::Balance> balance;  // after the accepted bets were taken
  Money round_total;                       // the player's stake on the table this round
  bool duplicate = false;                  // this request was seen before
  uint64_t version = 0;
  std::string free_bet = {};  // a free bet's: the bonus whose chips it staked
  std::optional<ErrorCode> error() const { return code_of(refusal); }
};
using AckFn = std::function<void(const BetAck&)>;

// The answer to taking a seat.
struct SeatReply {
  std::optional<Refusal> refusal;
  int seat = 0;  // 1-based, when seated
  std::optional<ErrorCode> error() const { return code_of(refusal); }
};

// Blackjack: a player's preferences at one table (the SPEC's bet-behind settings).
using BlackjackPrefs = games::blackjack::Prefs;

// A blackjack decision (docs/protocol.md, <decide>).
struct DecisionCommand {
  ledger::PlayerId player = 0;
  std::string request_id;
  std::string game_id;  // the round meant; empty means the current one
  int seat = 0;         // seated tables: the seat; 0 at onebj
  games::blackjack::Decision decision = games::blackjack::Decision::no_decision;
};

struct DecisionAck {
  std::string request_id;
  std::string game_id;
  int seat = 0;
  std::string decision;
  std::optional<Refusal> refusal;
  std::optional<ledger::Balance> balance;  // after a stake was taken (double, split, insurance)
  std::optional<ErrorCode> error() const { return code_of(refusal); }
};
using DecisionFn = std::function<void(const DecisionAck&)>;

// One-hand infinite blackjack: the server plays `rounds` rounds for the player.
struct AutoplayCommand {
  ledger::PlayerId player = 0;
  std::string name;
  std::string currency;
  std::string request_id;
  int rounds = 0;  // 0 stops
  games::blackjack::AutoPlay strategy;
  bool regulated = false;
};

struct AutoplayAck {
  std::string request_id;
  int rounds = 0;
  std::string state;  // "started", "stopped"
  std::optional<Refusal> refusal;
  std::optional<ErrorCode> error() const { return code_of(refusal); }
};

// Crash tables: a cash-out of one panel's flying stake (docs/protocol.md, <cashout>).
struct CashOutCommand {
  ledger::PlayerId player = 0;
  std::string request_id;
  std::string game_id;  // the round meant; empty means the current one
  std::string spot;     // "BET_1", "BET_2"
  bool half = false;
  // When the table received it, on its clock (stamped by the actor); nullopt: when handled.
  std::optional<MonoTime> received;
};

struct CashOutAck {
  std::string request_id;
  std::string game_id;
  std::string spot;
  bool half = false;
  std::optional<games::crash::CashedOut> paid;
  std::optional<Refusal> refusal;
  std::optional<ErrorCode> error() const { return code_of(refusal); }
};
using CashOutFn = std::function<void(const CashOutAck&)>;

// Crash tables: a panel's automatic cash-out, kept for the player until changed.
struct AutoCashOutCommand {
  ledger::PlayerId player = 0;
  std::string request_id;
  std::string spot;
  games::crash::AutoCashOut autos;
};

struct AutoCashOutAck {
  std::string request_id;
  std::string spot;
  games::crash::AutoCashOut autos;
  std::optional<Refusal> refusal;
  std::optional<ErrorCode> error() const { return code_of(refusal); }
};

// Game shows: a player's choice in the bonus (a candy, keep rolling or cash out), at the
// choose step `step` of the round's plan (games/show/show.hpp).
struct ChooseCommand {
  ledger::PlayerId player = 0;
  std::string request_id;
  std::string game_id;  // the round meant; empty means the current one
  int step = 0;
  std::string choice;
  // When the table received it, on its clock (stamped by the actor); nullopt: when handled.
  std::optional<MonoTime> received;
};

struct ChooseAck {
  std::string request_id;
  std::string game_id;
  int step = 0;
  std::string choice;
  std::optional<Refusal> refusal;
  std::optional<ErrorCode> error() const { return code_of(refusal); }
};

// The studio's dealer at a human-dealt table (docs/studio.md "A human-dealt round").
struct DealerCommand {
  enum class Action { open, close, spin, card, undo, number, confirm, void_round, new_shoe };
  Action action = Action::open;
  std::string value;  // the card ("KH") or the roulette number ("17")
};
// The action named `name` ("open", "card", "void", ...), if any.
std::optional<DealerCommand::Action> dealer_action(std::string_view name);

// What the studio console shows of a table: its dealing, the round's entries, what the
// dealer may do now, and the bets.
struct DealerView {
  bool human = false;              // this round (or the next one) is dealt by a person
  std::optional<bool> next_human;  // a switch waiting for the round boundary
  bool human_possible = false;     // the game can be dealt by a person
  bool paused = false;
  RoundState state = RoundState::initialising;
  std::string round_id;
  std::vector<games::DealtCard> cards;  // entered this round, in dealing order
  std::optional<std::string> next_hand;
  std::optional<std::string> number;
  std::optional<std::string> result;  // the outcome's label once the entries make one
  bool can_open = false, can_close = false, can_spin = false, can_enter = false, can_undo = false,
       can_confirm = false, can_void = false, can_new_shoe = false;
  struct Bettor {
    ledger::PlayerId player = 0;
    std::string name;
    std::string currency;
    Money total;
  };
  size_t bettors = 0;
  std::map<std::string, Money, std::less<>> stakes;  // by currency
  std::vector<Bettor> bets;                          // the biggest kBetsShown
  static constexpr size_t kBetsShown = 50;
  std::optional<MonoTime> closes;
};

// The total of some bet lines (saturating at the largest amount instead of overflowing).
Money sum_of(const std::vector<games::BetLine>& lines);

class Table : private games::FlowHost {
 public:
  using Post = std::function<void(std::function<void()>)>;
  using Publish = std::function<void(TableEvent)>;

  Table(TableConfig config, Engines engines, const Clock& clock, Rng& rng, ledger::Ledger& ledger,
        Post post, Publish publish);
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  // Settles or refunds the rounds a previous run left open (see recover()), then opens
  // the first round.
  void start();
  // Applies every transition that is due at clock.now().
  void advance();
  // When advance() should next be called; nullopt while waiting only for the ledger.
  std::optional<MonoTime> next_deadline() const;

  void place_bets(PlaceBetsCommand command, AckFn ack);
  // Takes back (and refunds) bets of the player while the round is open: undo and clear.
  void cancel_bets(CancelBetsCommand command, AckFn ack);

  // Seats (private tables, blackjack). A player holds at most seats_per_player seats;
  // `seat` 0 takes any free one. leave() gives up `seat`, or every seat when 0.
  SeatReply sit(ledger::PlayerId player, Persona who, int seat);
  void leave(ledger::PlayerId player, int seat = 0);

  // Blackjack (table_blackjack.cpp; played by games/blackjack/bj_flow.hpp): a decision for
  // a seat or an onebj hand; the player's preferences; autoplay at onebj.
  void decide(DecisionCommand command, DecisionFn ack);
  void set_blackjack_prefs(ledger::PlayerId player, BlackjackPrefs prefs);
  AutoplayAck autoplay(AutoplayCommand command);
  // Crash tables (table_crash.cpp; played by games/crash/crash_flow.hpp): a cash-out,
  // answered once per request after the ledger paid it, and a panel's automatic cash-out.
  void cash_out(CashOutCommand command, CashOutFn ack);
  AutoCashOutAck auto_cash_out(AutoCashOutCommand command);
  // Game shows (played by games/show/show_flow.hpp): a choice of a bonus's player, which
  // they may change until its deadline (the last one counts).
  ChooseAck choose(ChooseCommand command);
  // Chat: published to every subscriber, or only to the seated players at a private
  // table (where only they may write); the studio's staff (any role but GAME_USER) reach
  // everyone. A table without chat (chat_enabled false) refuses with 2001. The text and
  // the player's right to chat are checked by the caller.
  std::optional<ErrorCode> chat(ledger::PlayerId player, const Persona& who,
                                const std::string& text, std::string_view role = kPlayerRole);
  // Squeeze mode: the squeezer's progress on a card dealt face down (0 to 1), shown to
  // everyone as it happens; 1 reveals the card. Anyone else gets 1021.
  std::optional<ErrorCode> squeeze(ledger::PlayerId player, size_t index, double progress);
  // The studio announces that the table closes in `minutes` (1-120): a tablewillclose
  // event now, and `closesAt` in every snapshot until then. A later notice replaces it.
  void announce_closing(int minutes);

  // The studio (docs/studio.md): the human dealer's actions, refused with the rule they
  // break; the console's view; a supervisor's pause (the round in play ends, no new one
  // opens until resumed) and switch between human and RNG dealing (at once between rounds,
  // else when the round in play is over).
  std::optional<Refusal> dealer(const DealerCommand& command);
  DealerView dealer_view() const;
  void pause(bool paused);
  std::optional<Refusal> set_dealer_mode(bool human);

  // The whole visible state for a client that cannot resume from its version: round,
  // state, deadline, recent results, the player's own bets this round and the answers
  // to the player's bet commands of this round and the last (so that a client that lost
  // its connection resends only what was never answered).
  TableSnapshot snapshot(ledger::PlayerId player) const;

  // Stops taking bets. An open round is refunded (cancelround); a round whose bets are
  // closed is finished: drawn now if need be, settled and announced. Then table_closed
  // is published and `done` runs, once the ledger has committed whatever that took.
  void shutdown(std::function<void()> done);
  // Lets the table go to another node of a cluster between two rounds: the round in play
  // is played to its end as usual, and where the next would open, `done` runs and the
  // table stays still for good (no table_closed: for its players it only moves). A table
  // waiting for a seated player goes at once.
  void hand_over(std::function<void()> done);

  const TableConfig& config() const { return config_; }
  const std::string& epoch() const { return epoch_; }
  RoundState state() const { return state_; }
  const std::string& round_id() const { return round_id_; }
  uint64_t version() const { return version_; }
  const std::deque<RecentResult>& recent_results() const { return recent_; }
  // The players whose per-player state (see TableConfig::players_remembered_max) is kept.
  size_t players_remembered() const;

 private:
  struct PlacedBet {
    ledger::BetId id;
    games::BetLine line;
    std::string request_key;  // the command that placed it
    bool free = false;        // a free bet's (a bonus's chips): not repeated by lpbet
  };
  struct PlayerBook {
    std::string currency;
    std::string name;
    std::vector<PlacedBet> placed;
    std::map<std::string, std::vector<games::BetLine>> pending;  // by request key
  };
  // Commands remembered for repeats in one round, at most.
  static constexpr size_t kRequestsRememberedMax = 1'000'000;
  // One command seen this round (or the last), answered once: a repeat of its request id
  // gets the first answer. Bet commands (placing, taking back) and blackjack decisions
  // share the store; a decision's key starts with "decide:".
  struct Request {
    std::optional<BetAck> ack;                // a bet command's answer, once given
    std::optional<DecisionAck> decision;      // a decision's answer
    std::optional<CashOutAck> cash_out;       // a cash-out's answer
    std::vector<CashOutFn> cash_out_waiters;  // a repeat while the first is being paid
    std::vector<AckFn> waiters;               // answered together when the ledger replies
  };
  struct LastBets {
    std::string currency;
    std::vector<games::BetLine> lines;
    int64_t seq = 0;
  };

  // Round steps, in order. recover() settles or refunds the rounds a previous run left
  // open (only those named in `only`, when given: a retry of the ones that failed).
  void recover(const std::set<std::string>& only = {});
  void on_recovered(const std::string& round_id, bool ok);
  void open_round();
  void on_round_opened(Result<ledger::Done, ledger::Failure> r);
  std::optional<MonoTime> round_deadline() const;  // next_deadline()'s, for the round
  void close_bets();
  void launch();
  // Human dealing: the table waits for the dealer (or is paused) before the next round.
  bool held() const;
  bool next_round_human() const { return next_human_.value_or(human_); }
  void apply_dealer_mode(bool human);
  std::optional<Refusal> void_by_dealer();
  void on_result_recorded(Result<ledger::Done, ledger::Failure> r);
  void settle();
  void on_settled(Result<ledger::Settlement, ledger::Failure> r);
  void finish_round();
  void close_table();
  void cancel_round(const std::string& reason);
  void on_cancelled(const std::string& round_id, Result<ledger::Settlement, ledger::Failure> r);

  // Bets.
  // `arrived_in`: the round a command that waited its turn came in while bets were open (it
  // is judged in time, as it would have been had it not waited); empty for the others.
  std::optional<Refusal> refuse_command(const PlaceBetsCommand& c,
                                        const std::string& arrived_in) const;
  void place_bets_now(PlaceBetsCommand command, AckFn ack, const std::string& arrived_in);
  void cancel_bets_now(CancelBetsCommand command, AckFn ack, const std::string& arrived_in);
  std::vector<games::BetLine> existing_lines(const PlayerBook* book) const;
  void on_bets_placed(std::string key, PlaceBetsCommand command,
                      Result<ledger::PlacedBets, ledger::Failure> r);
  void on_bets_cancelled(std::string key, ledger::PlayerId player, std::vector<ledger::BetId> ids,
                         Result<ledger::CancelledBets, ledger::Failure> r);
  std::optional<Refusal> refuse_round(const std::string& game_id,
                                      const std::string& arrived_in = {}) const;
  // Answers a request seen before (from memory, or by waiting for it); true if it was.
  bool answer_repeat(const std::string& key, ledger::PlayerId player, AckFn& ack);
  // Keeps the answer for repeats and snapshots, then sends it.
  void remember(const std::string& key, ledger::PlayerId player, BetAck reply, const AckFn& ack);
  // A player's bet commands run one at a time: one that comes while the player's last is
  // with the ledger waits for its answer, so that each is checked against committed bets
  // (a top-up never stands alone under the minimum because the stake under it failed or
  // was taken back meanwhile). One that came while bets were open keeps its place in the
  // round: the round waits for it as for a bet with the ledger, and it is not late when its
  // turn comes after bets closed. True when the command waits (or was refused: too many
  // wait); `later` gets the round it came in time for, or nothing.
  bool wait_turn(ledger::PlayerId player, const std::string& request_id, const std::string& game_id,
                 bool cancel, const AckFn& ack,
                 std::function<void(const std::string& arrived_in)> later);
  // The player's last command was answered: the next waiting ones run.
  void next_turn(ledger::PlayerId player);
  void answer(const std::string& key, BetAck ack);
  void remember_last_bets();
  void forget_idle_players();

  // Events.
  EventHead head() const;
  void publish(EventBody body, std::map<ledger::PlayerId, PlayerPart> personal = {});
  void publish(TableEvent event);
  std::vector<std::pair<ledger::BetId, Money>> returns_for(const games::Outcome& outcome) const;
  std::optional<games::Outcome> next_scripted();
  // The round's words for the flow, from its seeds as they stand at launch.
  Rng& start_fair_draw();
  // What verifies the round, kept with its result.
  std::string fair_record() const;
  std::vector<games::FlowStake> stakes() const;
  void before_round();
  void publish_flow(const games::FlowOut& out);
  // A gamestate: the round is in `state` until `ends`.
  void show_state(RoundState state, MonoTime ends) {
    publish_flow({games::StateShown{state, ends, std::nullopt}});
  }
  // The flow's roads, copied once per change; events and snapshots share the copy.
  std::shared_ptr<const games::cards::Roads> roads() const;
  bool in_play() const {
    return state_ == RoundState::waiting_for_result || state_ == RoundState::dealing ||
           state_ == RoundState::card_wait || state_ == RoundState::decision_wait ||
           state_ == RoundState::insurance_wait || state_ == RoundState::decision_closing;
  }
  std::vector<SeatInfo> seats_info() const;
  void publish_seats();
  bool seated(ledger::PlayerId player) const;
  void choose_special_ball_spinner();

  // Constant after construction.
  const TableConfig config_;
  const Engines engines_;
  const Clock& clock_;
  Rng& rng_;
  ledger::Ledger& ledger_;
  const Post post_;
  const Publish publish_;
  const std::string epoch_;

  // Round state.
  RoundState state_ = RoundState::initialising;
  int64_t seq_ = 0;
  std::string round_id_;
  std::string round_before_;  // while a round is being opened: the one before, if it fails
  MonoTime opened_at_{};
  MonoTime bets_close_at_{};
  MonoTime deadline_{};  // of the current timed state
  MonoTime next_timer_at_{};
  std::optional<MonoTime> closing_at_;  // the announced closing
  std::optional<MonoTime> retry_at_;    // a failed ledger step is tried again then
  bool closing_soon_sent_ = false;
  bool waiting_for_ledger_ = false;  // a round step is committing
  bool result_recorded_ = false;
  bool round_has_result_ = false;  // the result is drawn (even if not yet recorded)
  games::Outcome outcome_;
  // Provably fair (docs/provably-fair.md): the round's server seed, committed to when
  // betting opens; the client seeds of its first players; the words the result is drawn
  // from, made at launch and kept for the flow's mid-round draws (blackjack's hits).
  std::string server_seed_;
  std::string fair_hash_;
  std::string seed_round_;  // the round the seed was drawn for
  std::string shoe_hash_;   // the commitment to the round's shoe, at a shoe table
  fair::RoundSeeds client_seeds_;
  std::string client_seed_;  // the round's, fixed at launch
  std::optional<fair::RoundRng> round_rng_;
  // Crash tables: seeds from a hash chain committed before the first round (flow's
  // chained_seeds()), and the round's place in it.
  std::optional<fair::SeedChain> chain_;
  std::string chain_anchor_;
  size_t chain_index_ = 0;
  bool scripted_round_ = false;
  uint64_t version_ = 0;
  bool closing_ = false;
  std::function<void()> shutdown_done_;
  std::function<void()> hand_over_done_;
  bool handed_over_ = false;

  std::unordered_map<ledger::PlayerId, PlayerBook> book_;
  size_t bet_ops_in_flight_ = 0;  // placements and cancellations the ledger has not answered
  static constexpr size_t kCommandsWaitingMax = 32;  // a player's, behind the one in flight
  std::set<ledger::PlayerId> busy_;                  // players with a bet command with the ledger
  std::unordered_map<ledger::PlayerId, std::deque<std::function<void()>>> waiting_commands_;
  // Rounds of a previous run whose settlement or refund is with the ledger, or failed and
  // is tried again at recovery_retry_at_; the table closes only once they are done.
  std::set<std::string> recovering_;
  std::set<std::string> recovery_failed_;
  std::optional<MonoTime> recovery_retry_at_;
  bool rounds_closed_ = false;  // closing: this run's rounds are over (close_table)
  std::unordered_map<std::string, Request> requests_;       // this round
  std::unordered_map<std::string, Request> past_requests_;  // the round before
  // Request keys by player, for snapshots: this round and the one before.
  std::unordered_map<ledger::PlayerId, std::vector<std::string>> player_requests_;
  std::unordered_map<ledger::PlayerId, std::vector<std::string>> past_player_requests_;
  std::unordered_map<std::string, BetAck> pending_replies_;  // refusals so far, by request
  std::unordered_map<ledger::PlayerId, LastBets> last_bets_;
  std::deque<RecentResult> recent_;  // newest first
  size_t scripted_next_ = 0;         // the next of config_.scripted_results to deal

  // What happens after bets close, by the family (games/flow.hpp): the RNG's flow, and a
  // person's where the game can be dealt by hand; flow_ is the one in use.
  std::unique_ptr<games::RoundFlow> rng_flow_;
  std::unique_ptr<games::HumanFlow> human_flow_;
  games::RoundFlow* flow_ = nullptr;
  // Human dealing: this round's dealer is a person; a switch due at the round boundary; the
  // dealer opened betting (consumed by the round it opens); the dealer started the spin or
  // the deal; a supervisor's pause.
  bool human_ = false;
  std::optional<bool> next_human_;
  bool dealer_open_ = false;
  bool dealer_started_ = false;
  bool paused_ = false;
  mutable std::shared_ptr<const games::cards::Roads> roads_;
  mutable uint64_t roads_version_ = UINT64_MAX;

  // Special-ball round: this round is one, and who spins (the previous round's biggest
  // bettor), if anybody bet then.
  bool special_ball_ = false;
  std::optional<ledger::PlayerId> spinner_;
  std::string spinner_name_;

  struct Seat {
    ledger::PlayerId player = 0;
    Persona who;
  };
  std::vector<std::optional<Seat>> seats_;  // config_.seats of them
  // Private roulette tables: only seated players bet and chat (blackjack's seats hold
  // hands: anyone bets behind them and chats).
  bool seated_only() const {
    return config_.seats > 0 && !(family_ && family_->seats_hold_hands());
  }
  int seats_held(ledger::PlayerId player) const;

  // ---- The flow's host (table_flow.cpp): what a flow asks of the table mid-round ------
  void take_stake(const Stake& stake, std::function<void(std::optional<Taken>)> done) override;
  bool stakes_in_flight() const override { return bet_ops_in_flight_ > 0; }
  std::optional<games::PlayerRef> seat_holder(int seat) const override;
  bool seat_lost(games::PlayerRef player, int seat) const override {
    return lost_seats_.contains({player, seat});
  }
  void lose_seat(games::PlayerRef player, int seat) override;
  void repeat_bets(const Repeat& repeat, std::function<void(std::optional<Refusal>)> done) override;
  void settle_early(const EarlySettle& settle,
                    std::function<void(std::optional<Settled>)> done) override;
  void void_round(const std::string& reason) override { cancel_round(reason); }
  void show(const games::FlowOut& out) override { publish_flow(out); }
  MonoTime now() const override { return clock_.now(); }
  // The flow's result, once a flow that settles itself is done.
  void take_flow_result();

  // Blackjack's event (table_blackjack.cpp): the hands, with each player's own part.
  void publish_hands();

  const games::Family* const family_;  // of config_.game; nullptr for an unknown game
  std::set<std::pair<ledger::PlayerId, int>> lost_seats_;  // seats lost to auto-stands
};

}  // namespace croupier::table
