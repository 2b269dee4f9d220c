// The bonus service's parts shared by its HTTP calls (api_bonus.cpp), the operator API
// (api_operator.cpp), the bet commands (bets.cpp) and the server's expiry sweep
// (docs/bonuses-and-promotions.md). A bonus is the ledger's (ledger.hpp GrantBonus); its id
// is "<campaignId>:<playerId>", so a campaign is offered to a player once.
//
// Thread-safety: the functions may be called from any thread but a ledger callback; those
// that change a bonus wait for the ledger's commit.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "config/bonus_campaign.hpp"
#include "config/casino.hpp"
#include "core/error_code.hpp"
#include "core/result.hpp"
#include "gateway/services.hpp"
#include "ledger/ledger.hpp"
#include "store/store.hpp"

namespace croupier::gateway {

// The operator's campaign of that id: the store's (the operator API's) over the casino
// file's.
std::optional<config::BonusCampaign> find_campaign(const Services& svc, const config::Operator& op,
                                                   std::string_view campaign_id);
std::string bonus_id_for(std::string_view campaign_id, int64_t player_id);
// The campaign id a bonus id names ("" when it names none).
std::string campaign_of_bonus(std::string_view bonus_id);

// A bonus as the player's calls show it (docs/protocol.md "Bonuses and free bets"); the
// campaign, when it is still known, adds its chip limit.
boost::json::object bonus_json(const ledger::BonusView& b, const config::BonusCampaign* campaign);
boost::json::object bonus_json(const Services& svc, const ledger::BonusView& b);

// Submits and waits for the commit.
Result<ledger::BonusView, ledger::Failure> grant_campaign(Services& svc,
                                                          const config::BonusCampaign& campaign,
                                                          const store::Player& player);
Result<ledger::BonusView, ledger::Failure> change_bonus(Services& svc, ledger::ChangeBonus change);
// Offers the operator's new-player campaigns (newPlayers) in the player's currency.
void offer_new_player_bonuses(Services& svc, const config::Operator& op,
                              const store::Player& player);
// Expires every bonus whose time is up (at most `limit`); returns how many it expired.
size_t expire_due_bonuses(ledger::Ledger& ledger, int64_t now_ms, size_t limit = 1000);

// The player's eligible free-bet bonuses (GET /bonus/chips): pending or active and not
// expired, the active ones first, each oldest first.
std::vector<ledger::BonusView> eligible_free_bets(const Services& svc, int64_t player_id);

// A free-bet command's bonus (bets.cpp), checked: the player's active free-bet bonus of that
// id, good at this game, with the chip value the command names; each bet a whole number of
// chips, at most the campaign's chip limit. The error is the code and the rule's name.
struct FreeBetRefusal {
  ErrorCode code;
  std::string reason;
};
struct FreeBetClaim {
  std::string bonus_id;
  Money chip_value;
  std::vector<int64_t> chip_counts;  // per bet, as the command gave them
};
// Free bets are taken where a bet is settled once, by the result (wheels, dice, cards drawn
// or dealt from a shoe): not at blackjack (a bet behind an unplayed seat comes back), a
// crash game (a cash-out by half re-stakes the rest) or a game show (choices).
bool takes_free_bets(const games::Family& family);
// `bets` with their canonical spots: the chips of a command's bets on one spot count
// together against maxChipLimit.
Result<std::string, FreeBetRefusal> check_free_bet(const Services& svc, const store::Player& player,
                                                   const games::Family& family,
                                                   const FreeBetClaim& claim,
                                                   const std::vector<games::BetLine>& bets);

}  // namespace croupier::gateway
