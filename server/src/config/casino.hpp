// Casino: the operators and tables a croupierd serves, read from a JSON data file
// (server/data/casino.json for the demo casino).
//
// Loading validates everything and refuses a file with a message naming the bad field
// ("tables[2].limits.EUR.min: not an amount"), so a typo never reaches a player. The
// loaded Casino is immutable and safe to read from any thread.
#pragma once

#include <boost/json/object.hpp>
#include <map>
#include <string>
#include <vector>

#include "config/bonus_campaign.hpp"
#include "config/promotion.hpp"
#include "core/money.hpp"
#include "core/result.hpp"
#include "games/cards/card_limits.hpp"
#include "games/engine.hpp"
#include "games/registry.hpp"
#include "games/roulette/roulette.hpp"
#include "studio/studio.hpp"
#include "table/table.hpp"

namespace croupier::config {

// A slot game the operator offers in the slots lobby (SPEC §7 assignedSlotsForLobby): one
// Croupier plays itself (`id` a built-in slot, games/slots: "fruits"), or another provider's,
// opened at `launch_url` (a template with {player}, {currency}, {lang}, {slot}; SlotLaunch
// signs it).
struct SlotAssignment {
  std::string id;
  std::string name;
  std::string provider;
  std::string thumbnail;
  std::string launch_url;  // empty: built in
  bool built_in() const { return launch_url.empty(); }
};

// Where an operator's players' money is (docs/operators.md): in Croupier's ledger
// ("internal"), or in the operator's own wallet, called over its API ("seamless").
struct OperatorWallet {
  bool seamless = false;
  std::string url;  // the wallet API's base, http://host:port/path
  int64_t timeout_ms = 2000;
  int debit_attempts = 3;
};

// Player accounts for an operator without its own login (docs/operators.md "Player
// accounts"): registration with a voucher, login, and free play under a demo operator.
struct OperatorAccounts {
  bool enabled = false;
  int minimum_age = 18;
  std::string free_play_operator;  // a demo operator's id; empty: no free play
};

// Where players may play from (docs/regulation.md "Location"), by ISO 3166-1 alpha-2 code.
struct CountryRule {
  std::vector<std::string> allowed;  // when not empty: only these
  std::vector<std::string> blocked;  // never these
  bool any() const { return !allowed.empty() || !blocked.empty(); }
  // Whether `country` ("" when unknown) may play. An unknown country is refused where only
  // some countries are allowed: a regulated market cannot check it.
  bool permits(std::string_view country) const;
  // The operator plays in the UK only (the location page's UK-only play message).
  bool uk_only() const { return allowed.size() == 1 && allowed.front() == "GB"; }
};

// An operator's regulated-market rules (docs/regulation.md).
struct OperatorRegulation {
  CountryRule countries;
  bool italian_session = false;  // the Italian game session: an amount brought in before play
  int64_t italian_session_minutes = 60;
  std::optional<Money> max_bet;  // the most one bet command may stake (3003)
};

struct Operator {
  // A true/false flag of the casino configuration (uk_regulation_check, micro_gaming, ...).
  bool config_flag(std::string_view key) const;

  std::string id;
  std::string name;
  std::string secret;                 // HMAC-SHA256 key for signed operator requests
  bool demo = false;                  // players get fun money; "/" without a session makes a guest
  Money fun_money;                    // credited once to each new player of a demo operator
  std::string currency;               // currency of guests
  std::string landing;                // where "/" sends a new guest
  std::vector<std::string> origins;   // host pages allowed to embed and open /ws
  std::string casino_config_file;     // where casino_config came from ("" when inline)
  boost::json::object casino_config;  // SPEC section 3 settings, checked, defaults filled in
  boost::json::object features;       // feature flags (feature_combineAPI, ...)
  bool regulated = false;  // a regulated market: a player's total must reach the table minimum
  bool block_safe_bets = false;  // players are under bonus terms that refuse safe bets
  bool bonus_first = false;      // stakes draw on the bonus balance before cash
  // The jurisdiction's functionalities (SPEC §5): "disable_chat" turns the chat off.
  std::vector<std::string> functionalities;
  // The studio's own entry: its signed requests may post in the tables' chats as the game
  // host and mute players (POST /api/operator/chat, /api/operator/chat/mute).
  bool supervisor = false;
  // The slots lobby's games, in the order shown.
  std::vector<SlotAssignment> slots;
  // Bonus campaigns of the casino file (docs/bonuses-and-promotions.md); the operator API
  // adds or replaces campaigns in the store, which stand over these.
  std::vector<BonusCampaign> campaigns;
  // Promotions (docs/protocol.md "Promotions"), in the order shown.
  std::vector<Promotion> promotions;
  OperatorWallet wallet;
  OperatorAccounts accounts;
  OperatorRegulation regulation;
};

// What one table offers in one currency.
struct CurrencyTerms {
  games::roulette::Limits limits;        // roulette; for card tables only min_bet and table_max
  games::cards::CardLimits card_limits;  // card tables
  std::vector<Money> chips;
  Money default_chip;
};

struct TableDef {
  table::TableConfig config;
  std::map<std::string, CurrencyTerms, std::less<>> terms;  // by currency code
  // Ratios set instead of the family's default paytable (Family::paytable), by name.
  std::map<std::string, int64_t, std::less<>> paytable;
  // The countries the table is offered in (2006 elsewhere; the lobby leaves it out).
  CountryRule countries;
  // The table's live video (docs/studio.md); none: the client draws the studio.
  std::optional<studio::VideoConfig> video;

  // The table's game family (games/registry.hpp); every loaded table has one.
  const games::Family& family() const { return *games::find_family(config.game); }
};

// A person of the studio's staff (docs/studio.md "The console"): dealers deal at human-dealt
// tables; supervisors deal too, and have the supervisor's tools.
struct StaffMember {
  std::string login;
  std::string name;
  bool supervisor = false;
  std::string password_hash;        // crypto::hash_password's
  std::vector<std::string> tables;  // where they work; empty: everywhere
  bool works_at(std::string_view table) const;
};

struct Casino {
  std::vector<Operator> operators;
  std::vector<TableDef> tables;
  std::vector<StaffMember> staff;
  const StaffMember* find_staff(std::string_view login) const;

  const Operator* find_operator(std::string_view id) const;
  const TableDef* find_table(std::string_view id) const;
  // The operator whose guests "/" creates: the first demo operator, if any.
  const Operator* demo_operator() const;
};

Result<Casino, std::string> load_casino(const std::string& path);
// `base_dir` is where operators' casinoConfigFile paths are relative to.
Result<Casino, std::string> parse_casino(std::string_view json_text,
                                         const std::string& base_dir = ".");

// The engines of a table, one per currency.
table::Engines make_engines(const TableDef& def);
std::unique_ptr<games::Engine> make_engine(const TableDef& def, const CurrencyTerms& terms);

// The lobby tabs a casino configuration may order, and a table's tab (its family).
const std::vector<std::string>& lobby_tabs();
std::string tab_of(const table::TableConfig& t);

// Checks an operator's casino configuration (SPEC section 3) field by field and fills in
// every default; the error names the field ("tabs_order[1]: ...").
Result<boost::json::object, std::string> complete_casino_config(
    const boost::json::object& given, const Operator& op, const std::vector<TableDef>& tables);

// The configuration as served: the operator's, plus host_origins and voice_over_languages.
boost::json::object casino_config_json(const Operator& op, const Casino& casino);

// A true/false field of the operator's casino configuration (false when absent).
bool casino_flag(const Operator& op, std::string_view key);

// `wanted` if the configuration offers it, else the first language it offers.
std::string offered_language(const boost::json::object& casino_config, std::string_view wanted);

}  // namespace croupier::config
