// ErrorCode: every refusal the server sends, as the numeric codes of SPEC section 8.
//
// Rejections are values, not exceptions: engines, the table and the gateway return an
// ErrorCode and the transport turns it into a JSON body or an event. The list below is
// the one place the codes are defined; meaning() gives the catalogue's English meaning
// and key() the message key the client looks up ("ERROR_1007"). Pure and thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace croupier {

// X(name, code, meaning)
#define CROUPIER_ERROR_CODES(X)                                                       \
  /* Account and session */                                                           \
  X(InsufficientFunds, 10104, "insufficient funds for this bet")                      \
  X(InsufficientFundsAlt, 10008, "insufficient funds for this bet")                   \
  X(AccountDisabled, 10103, "account disabled, contact support")                      \
  X(AccountSuspended, 10102, "account suspended")                                     \
  X(AccountSuspendedAlt, 10007, "account suspended")                                  \
  X(SessionExpired, 2400, "session expired, log in again")                            \
  X(ResponsibleGamingLimit, 101019, "responsible gaming limit reached")               \
  X(UnderMinimumAge, 20100, "under minimum age")                                      \
  X(CannotRegisterAlias, 20101, "cannot register alias now")                          \
  X(CannotRetrieveBalance, 20102, "cannot retrieve balance")                          \
  X(CannotTransferFunds, 20103, "cannot transfer funds")                              \
  X(CannotRetrieveRates, 20104, "cannot retrieve exchange rates")                     \
  X(LoggedInElsewhere, 10003, "logged out because of login on another device")        \
  X(BetsAlreadyAccepted, 10006, "bets already accepted this round")                   \
  /* Game and bets */                                                                 \
  X(GameServerProblem, 1001, "game server problem")                                   \
  X(SeatLost, 1004, "seat lost, restart")                                             \
  X(InvalidBet, 1005, "invalid bet")                                                  \
  X(InvalidBet1028, 1028, "invalid bet")                                              \
  X(InvalidBet1029, 1029, "invalid bet")                                              \
  X(InvalidBet1030, 1030, "invalid bet")                                              \
  X(WaitForNextRound, 1006, "wait for next round")                                    \
  X(BetLate, 1007, "bet late, retry next round")                                      \
  X(BetsNotAccepted, 1008, "bets not accepted")                                       \
  X(OverInsideMax, 1009, "over inside-bet maximum")                                   \
  X(OverOutsideMax, 1010, "over outside-bet maximum")                                 \
  X(OverTableMax, 1012, "over table maximum")                                         \
  X(BelowMinimum, 1013, "below minimum")                                              \
  X(TurnEnded, 1017, "turn ended")                                                    \
  X(DecisionTimeOver, 1018, "decision time over")                                     \
  X(CannotAlterDecision, 1019, "cannot alter decision")                               \
  X(SeatError, 1020, "seat error")                                                    \
  X(NotYourTurn, 1021, "not your turn")                                               \
  X(InvalidDecision, 1022, "invalid decision")                                        \
  X(SplitFailed, 1023, "split failed")                                                \
  X(DoubleFailed, 1024, "double failed")                                              \
  X(ResultsTransmissionError, 1025, "results transmission error")                     \
  X(InsuranceFailed, 1026, "insurance failed")                                        \
  X(InsuranceAlreadyBought, 1027, "insurance already bought")                         \
  X(SeatOccupied, 1031, "seat occupied")                                              \
  X(OppositeBets, 1037, "opposite bets not accepted")                                 \
  /* Service and regulation */                                                        \
  X(ActionFailed, 2001, "action failed, retry")                                       \
  X(RestartNewWindow, 2002, "restart game in a new window")                           \
  X(OverMaxLimit, 2003, "over max limit")                                             \
  X(UnderMinLimit, 2004, "under min limit")                                           \
  X(LowBalance, 2005, "low balance, offer cashier")                                   \
  X(CountryUnavailable, 2006, "service unavailable in country")                       \
  X(EnterCredentials, 2007, "enter username and password")                            \
  X(InvalidCredentials, 2008, "invalid credentials")                                  \
  X(CheckInternet, 4001, "check internet connection")                                 \
  X(AccountDisabledRegulation, 3001, "account disabled")                              \
  X(SessionBalanceInsufficient, 3002, "session balance insufficient, set new limits") \
  X(RegulationLimit, 3003, "bet exceeds regulation limit")                            \
  X(LocationRestricted, 1052, "location restricted")                                  \
  X(RestartInNewWindow, 104, "restart in a new window")                               \
  /* "Contact customer support" codes */                                              \
  X(ContactSupport, 1000, "contact customer support")                                 \
  X(ContactSupport1400, 1400, "contact customer support")                             \
  X(ContactSupport1500, 1500, "contact customer support")                             \
  X(ContactSupport1002, 1002, "contact customer support")                             \
  X(ContactSupport1003, 1003, "contact customer support")                             \
  X(ContactSupport1014, 1014, "contact customer support")                             \
  X(ContactSupport1016, 1016, "contact customer support")                             \
  X(ContactSupport2000, 2000, "contact customer support")

enum class ErrorCode : int {
#define CROUPIER_ENUM(name, code, meaning) name = code,
  CROUPIER_ERROR_CODES(CROUPIER_ENUM)
#undef CROUPIER_ENUM
};

constexpr int to_int(ErrorCode c) {
  return static_cast<int>(c);
}

// The catalogue's meaning, e.g. "bet late, retry next round".
std::string_view meaning(ErrorCode c);
// The symbolic name, e.g. "BetLate"; used in logs and metrics labels.
std::string_view name(ErrorCode c);
// The code for a number, if the catalogue has it.
std::optional<ErrorCode> error_code_from_int(int code);

// A refusal, as every layer passes one on: the SPEC section 8 code, why in words (sent as
// the answer's "detail"), and, where the code alone is ambiguous, the name of the rule
// that refused ("safe_bets", "table_min", "bet_behind").
struct Refusal {
  ErrorCode code;
  std::string detail = {};
  std::string rule = {};
};

// The code of a refusal, if there is one.
inline std::optional<ErrorCode> code_of(const std::optional<Refusal>& refusal) {
  return refusal ? std::optional<ErrorCode>(refusal->code) : std::nullopt;
}

}  // namespace croupier
