// What a table tells its players, as typed values: every event it publishes (one per
// version, with per-player parts) and the snapshot a player gets instead of the events it
// missed. The gateway's protocol module (gateway/protocol/) is the one place that writes
// them as the wire JSON of docs/protocol.md; the lobby feed reads them as they are.
//
// Times are kept as the table's monotonic time together with the wall time and the
// monotonic time at which the event was made (`ts`, `at`), so the writer converts them
// exactly as the table would. Plain values, safe to copy to any thread.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/clock.hpp"
#include "core/money.hpp"
#include "games/blackjack/play_types.hpp"
#include "games/cards/roads.hpp"
#include "games/engine.hpp"
#include "games/flow.hpp"
#include "games/round_state.hpp"
#include "ledger/ledger.hpp"

namespace croupier::table {

struct BetAck;

// What every event and snapshot carries first.
struct EventHead {
  std::string table;
  uint64_t v = 0;
  int64_t ts = 0;  // wall time, ms since the epoch
  MonoTime at{};   // the table's monotonic time when ts was read
  std::string game_id;
  // The wall time of a monotonic time of the table.
  int64_t wall(MonoTime t) const { return ts + (t - at).count(); }
};

// Who a player is at a table, as the others see them: the screen name and the avatar
// chosen (an id of the client's avatar set; empty when none was chosen).
struct Persona {
  std::string name;
  std::string avatar;
  Persona() = default;
  Persona(std::string n, std::string a = {})  // NOLINT: a name alone is a persona
      : name(std::move(n)), avatar(std::move(a)) {}
  Persona(const char* n) : name(n) {}  // NOLINT
};

struct SeatInfo {
  int seat = 0;  // 1-based
  std::optional<ledger::PlayerId> player;
  std::string name;
  std::string avatar;
};

// ---- Event bodies, by the event's wire type ------------------------------------------

// gamestate: the round moved to `state` (until `ends`, when it ends by time).
struct StateChanged {
  games::RoundState state;
  std::optional<MonoTime> ends;
  std::optional<Millis> spin;
};
// betsopen
struct BetsOpened {
  MonoTime ends{};
  Millis betting{0};
  bool special_ball = false;
  std::optional<std::string> spinner;  // the special ball's spinner, by name
  std::string fair_hash;               // the commitment to the round's server seed
  std::string shoe_hash;               // and to the shoe it deals from, at a shoe table
};
// betsclosingsoon, and timer (while bets are open)
struct BetsClosingSoon {
  MonoTime ends{};
  Millis remaining{0};
};
struct BetsTimer {
  MonoTime ends{};
  Millis remaining{0};
};
// betsclosed
struct BetsClosed {};
// multipliers: drawn with the result, shown before it (mega roulette)
struct MultipliersShown {
  std::vector<games::Multiplier> multipliers;
};
// card, squeezer, squeeze, startshuffling: the flow's own
// endshuffling, with the new shoe's (empty) roads at a baccarat table
struct ShuffleDone {
  games::ShuffleEnded shuffle;
  std::shared_ptr<const games::cards::Roads> roads;
};
// gameresult
struct ResultShown {
  std::string label;    // as players see it: "17"
  std::string outcome;  // the engine's whole outcome text
  std::vector<int> values;
  std::vector<games::Multiplier> announced;  // drawn with the result
  std::vector<games::Multiplier> revealed;   // the multipliers that paid
  std::vector<games::DealtCard> cards;
  std::shared_ptr<const games::cards::Roads> roads;
  std::optional<games::blackjack::RoundView> hands;
  // The round's revealed seeds (docs/provably-fair.md), a scripted result's too.
  std::string server_seed;
  std::string client_seed;
};
// cancelround
struct RoundCancelled {
  std::string reason;       // "cancelled", "shutdown", "restart", "no_hands"
  bool with_state = false;  // sends state 21 (not for a round refunded at start-up)
};
// table_closed
struct TableClosed {
  std::string reason;
};
// seats
struct SeatsChanged {
  std::vector<SeatInfo> seats;
};
// chat (at a private table the others receive a noop of the same version)
inline constexpr std::string_view kPlayerRole = "GAME_USER";
struct ChatSaid {
  ledger::PlayerId player = 0;  // 0 for the studio's staff
  std::string name;
  std::string text;
  // SPEC §3: GAME_USER (a player), SUPERVISOR (shown as the game host), LIVE_SUPPORT or
  // BOT (shown as live support).
  std::string role = std::string(kPlayerRole);
  std::string avatar;  // the player's (Persona), empty for the staff
};
struct Noop {};
// tablewillclose: the studio closes the table in `minutes` (SPEC §4 TABLE_WILL_CLOSE)
struct ClosingAnnounced {
  int minutes = 0;
  MonoTime at{};  // when it closes
};
// blackjack: the hands changed
struct HandsChanged {
  games::RoundState state;
  games::blackjack::RoundView hands;
};

// launch: a crash table's flight started (games/crash/crash_flow.hpp); the seed chain the
// round's seed comes from (docs/provably-fair.md)
struct FlightStarted {
  MonoTime launched{};
  std::string chain_anchor;
  size_t chain_index = 0;
};
// cashouts: the cash-outs paid lately (each player's own automatic ones in their part)
struct CashOutsPaid {
  size_t count = 0;
  std::vector<games::crash::CashedOut> list;
};
// crash: the flight ended
using FlightEnded = games::FlightCrashed;
// showstep: a game show's next step (games/show/show_flow.hpp)
using ShowStepped = games::show::StepShown;

using EventBody =
    std::variant<StateChanged, BetsOpened, BetsClosingSoon, BetsTimer, BetsClosed, MultipliersShown,
                 games::CardShown, games::SqueezerChosen, games::SqueezeMoved,
                 games::ShuffleStarted, ShuffleDone, ResultShown, RoundCancelled, TableClosed,
                 SeatsChanged, ChatSaid, Noop, HandsChanged, ClosingAnnounced, FlightStarted,
                 CashOutsPaid, FlightEnded, ShowStepped>;

// What one player alone receives with an event.
struct PlayerPart {
  bool you_squeeze = false;                                // squeezer
  bool you_spin = false;                                   // betsopen
  std::optional<games::blackjack::AutoplayView> autoplay;  // betsopen: state and rounds left
  struct Settled {
    Money stake, win;
    ledger::Balance balance;
  };
  std::optional<Settled> settled;  // gameresult
  struct Refunded {
    Money refunded;
    ledger::Balance balance;
  };
  std::optional<Refunded> refunded;                     // cancelround
  std::optional<games::blackjack::PersonalView> hands;  // blackjack, gameresult
  std::optional<ChatSaid> chat;                         // noop: the private chat instead
  std::vector<games::crash::CashedOut> cashed;          // cashouts: the player's automatic ones
};

struct TableEvent {
  std::string epoch;
  EventHead head;
  EventBody body;
  std::map<ledger::PlayerId, PlayerPart> personal;
};

// The wire type of an event: "gamestate", "betsopen", …
std::string_view event_type(const EventBody& body);

// ---- The snapshot -----------------------------------------------------------------

struct RecentResult {
  std::string game_id;
  std::string result;  // the engine's outcome text
  int64_t at_ms = 0;
};

struct TableSnapshot {
  EventHead head;  // v: the version the events continue from
  std::string epoch;
  games::RoundState state;
  bool bets_open = false;
  std::optional<MonoTime> ends;
  Millis betting{0};
  std::vector<RecentResult> results;   // newest first
  std::optional<std::string> outcome;  // this round's, while its result is shown
  std::vector<games::BetLine> my_bets;
  Money my_total;
  std::vector<BetAck> my_acks;  // the answers to the player's commands, this round and the last
  bool special_ball = false;
  std::optional<std::string> spinner;
  bool you_spin = false;
  std::vector<games::Multiplier> multipliers;
  std::optional<std::vector<SeatInfo>> seats;
  // Blackjack: the hands with the player's own part, and the player's autoplay.
  std::optional<games::blackjack::RoundView> hands;
  games::blackjack::PersonalView my_hands;
  std::optional<games::blackjack::AutoplayView> autoplay;
  bool blackjack = false;  // a table whose flow takes decisions
  // Other flows: their view (cards, shoe, squeezer) and the roads.
  games::FlowView flow;
  std::shared_ptr<const games::cards::Roads> roads;
  std::optional<MonoTime> closes;  // the announced closing, while it is ahead
  std::string fair_hash;           // the commitment to this round's server seed
  std::string shoe_hash;           // and to its shoe, at a shoe table
  // Crash tables: the flight as the player sees it, and the seed chain.
  std::optional<games::crash::FlightView> flight;
  std::string chain_anchor;
  size_t chain_index = 0;
  // Game shows: the show as the player sees it.
  std::optional<games::show::ShowView> show;
};

}  // namespace croupier::table
