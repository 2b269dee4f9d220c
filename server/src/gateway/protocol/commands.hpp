// Commands: the XML text messages a client sends over the WebSocket (SPEC section 7),
// parsed into typed values. Nothing here touches a socket or a table.
//
//   <subscribe channel="table-rou-1" epoch="kq3J..." v="42"/>
//   <unsubscribe channel="table-rou-1"/>
//   <ping id="7"/>
//   <pbet tableId="rou-1" gameMode="roulette_desktop" gameId="rou-1-000042"
//         userId="12" checkValue="6.00" requestId="c-1" [clientSeed="my-seed"]>
//     <bet code="RED" amount="5.00"/><bet code="STRAIGHT_17" amount="1.00"/>
//   </pbet>
//   <placebets ...same as pbet: every bet or none.../>
//   <lpbet tableId="rou-1" gameMode="roulette_desktop" gameId="rou-1-000042" userId="12"
//          requestId="c-2"/>
//   <cancelbets ...as lpbet... [of="c-1"]/>   takes back the bets of request c-1, or all
//   <sit tableId="prive-1" requestId="s-1" [seat="2"]/>   takes a seat (any free one without seat)
//   <leave tableId="prive-1" requestId="s-2"/>            gives it up
//   <chat tableId="rou-1" requestId="m-1">Good luck!</chat>   1-200 characters of text
//   <squeeze tableId="bac-2" requestId="q-1" index="0" progress="0.45"/>   1 reveals the card
//   <decide tableId="bj-1" requestId="d-1" gameId="bj-1-000004" seat="3" decision="hit"/>
//   <autoplay tableId="onebj-1" requestId="a-1" rounds="10"/>   0 stops
//   <cashout tableId="sm-1" requestId="co-1" gameId="sm-1-000012" bet="BET_1" [part="half"]/>
//   <autocashout tableId="sm-1" requestId="ac-1" bet="BET_1" [at="2.50"] [halfAt="1.50"]/>
//
// A message that is not one of these, or breaks a rule (size, attribute format, more
// than bets_max bets) is refused with an error naming what was wrong. Pure functions,
// thread-safe.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/error_code.hpp"
#include "core/money.hpp"
#include "core/result.hpp"
#include "games/blackjack/blackjack.hpp"
#include "games/engine.hpp"

namespace croupier::gateway {

struct SubscribeCommand {
  std::string channel;  // "table-<id>"
  std::optional<std::string> epoch;
  std::optional<uint64_t> version;  // the last version the client has seen
};

struct UnsubscribeCommand {
  std::string channel;
};

struct PingCommand {
  std::string id;
};

// The player is here (input on the page, or "I'm still here" on the idle message): it
// counts as activity for the inactivity timeout and has no answer.
struct ActiveCommand {};

struct BetCommand {
  enum class Kind { pbet, placebets, lpbet, cancelbets };
  Kind kind = Kind::pbet;
  std::string table_id;
  std::string game_mode;
  std::string game_id;
  std::string user_id;
  std::string request_id;
  std::optional<Money> check_value;
  std::vector<games::BetLine> bets;
  std::string of_request;   // cancelbets: the request whose bets to take back; empty: all
  std::string client_seed;  // the player's provably fair seed (docs/provably-fair.md)
  // A free bet (pbet or placebets naming a bonus): every bet's stake is the bonus's chips,
  // `chip_counts[i]` of them for bets[i] (docs/protocol.md "Free bets at a table").
  struct FreeBet {
    std::string bonus_id;
    std::string bonus_code;
    std::string campaign_name;
    std::string bonus_request_id;
    Money chip_value;
    std::vector<int64_t> chip_counts;
  };
  std::optional<FreeBet> free_bet = std::nullopt;
};

struct SeatCommand {
  bool sit = true;  // false: leave
  std::string table_id;
  std::string request_id;
  int seat = 0;  // 1-based; 0 takes any free seat (sit) or gives up every seat (leave)
};

struct ChatCommand {
  std::string table_id;
  std::string request_id;
  std::string text;  // trimmed, 1-200 characters, no control characters
};

struct SqueezeCommand {
  std::string table_id;
  std::string request_id;
  size_t index = 0;       // the card, in dealing order
  double progress = 0.0;  // 0 to 1; 1 reveals it
};

// A blackjack decision: hit, stand, double, split, insurance, no_insurance, no_decision.
struct DecideCommand {
  std::string table_id;
  std::string request_id;
  std::string game_id;
  int seat = 0;  // seated tables; 0 at onebj
  games::blackjack::Decision decision = games::blackjack::Decision::no_decision;
};

struct AutoplayCommand {
  std::string table_id;
  std::string request_id;
  int rounds = 0;  // 1-100; 0 stops
};

// Crash tables: cash out a panel's flying stake, all of it or half.
struct CashOutCommand {
  std::string table_id;
  std::string request_id;
  std::string game_id;
  std::string bet;  // the panel: "BET_1", "BET_2"
  bool half = false;
};

// Crash tables: a panel's automatic cash-out (hundredths of a multiplier); neither: off.
struct AutoCashOutCommand {
  std::string table_id;
  std::string request_id;
  std::string bet;
  std::optional<int64_t> at;
  std::optional<int64_t> half_at;
};

// Game shows: a choice in the bonus at the round's choose step `step` ("1" to "3" for a
// candy, "keep" or "cash").
struct ChooseCommand {
  std::string table_id;
  std::string request_id;
  std::string game_id;
  int step = 0;
  std::string choice;
};

using Command = std::variant<SubscribeCommand, UnsubscribeCommand, PingCommand, ActiveCommand,
                             BetCommand, SeatCommand, ChatCommand, SqueezeCommand, DecideCommand,
                             AutoplayCommand, CashOutCommand, AutoCashOutCommand, ChooseCommand>;

inline constexpr size_t kChatCharsMax = 200;
// The characters of a chat text; nullopt when it is not valid UTF-8 or holds a control
// character.
std::optional<size_t> chat_chars(std::string_view text);

struct CommandError {
  ErrorCode code = ErrorCode::InvalidBet;
  std::string detail;      // what was wrong, for the player's support and our logs
  std::string request_id;  // echoed when the message had one
};

inline constexpr size_t kBetsPerCommandMax = 200;

Result<Command, CommandError> parse_command(std::string_view text);

// A bet command sent as a JSON body (POST /api/ui/megawheel/placebet): the attributes of
// <pbet> as text fields (requestId, tableId, gameMode, gameId, checkValue; userId may be
// left out, the session names the player) and "bets": [{"code":"40","amount":"1.00"}].
// Amounts are text, as everywhere in the protocol; an unknown field is refused.
Result<BetCommand, CommandError> parse_json_bet(const boost::json::object& body);

// game_mode values look like roulette_desktop or lobby_mobile.
bool valid_game_mode(std::string_view mode);

}  // namespace croupier::gateway
