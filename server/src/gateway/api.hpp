// The HTTP API of SPEC section 7 and the operator integration, as routes on a Router.
// Each add_* function registers one group; handlers are documented in docs/protocol.md.
// Handlers run on io threads and only call thread-safe services.
#pragma once

#include <boost/json/object.hpp>
#include <string>

#include "gateway/router.hpp"
#include "gateway/services.hpp"
#include "table/table.hpp"

namespace croupier::gateway {

void add_ops_routes(Router& router, Services& svc);       // /healthz /readyz /metrics
void add_ui_routes(Router& router, Services& svc);        // /api/ui/*, /api/env/*, url list
void add_operator_routes(Router& router, Services& svc);  // /api/operator/*, /launch
void set_page_fallback(Router& router, Services& svc);    // "/", /play/*, static files
// /api/ui/lobbyFilters, /api/info/recentPlayersAllTables, /api/info/lastPlayersTables
void add_lobby_routes(Router& router, Services& svc);
// /api/user/screenName (GET, PUT, POST)
void add_user_routes(Router& router, Services& svc);
// /api/ui/betBehindSettings, /api/bjstrategy/*
void add_blackjack_routes(Router& router, Services& svc);
// /api/ui/sicbo/stats, /api/ui/sicbo/charts, /api/ui/<mode>/placebet (mega wheel)
void add_game_routes(Router& router, Services& svc);
// /api/ui/history
void add_history_routes(Router& router, Services& svc);
void add_slot_routes(Router& router, Services& svc);
// /bonus/chips, /bonus/offers, /bonus/accept, /bonus/decline (gateway/bonus.hpp)
void add_bonus_routes(Router& router, Services& svc);
// /v2/fetchPromotionsInfo, /api/ui/promotions/optin, /api/ui/updateJwtToken, /api/ui/promoToken
void add_promotion_routes(Router& router, Services& svc);
// /eventcapture/*, /quality/video: the statistics collector (docs/studio.md "Telemetry")
void add_eventcapture_routes(Router& router, Services& svc);
// /video/<table>/<file>: the tables' HLS streams (docs/studio.md)
void add_video_routes(Router& router, Services& svc);

// A player's saved blackjack preferences at a table (defaults when none), and their
// auto-play strategy (the bj_autoplay_* settings).
table::BlackjackPrefs blackjack_prefs(const store::Store& store, int64_t player,
                                      std::string_view table_id);
games::blackjack::AutoPlay autoplay_strategy(const store::Store& store, int64_t player);

// Shared by the groups above.
boost::json::object player_json(Services& svc, const store::Player& player);
boost::json::object balance_json(Services& svc, const store::Player& player);
// Credits a new player of a demo operator with its fun money and offers the operator's
// new-player bonus campaigns; waits for the commits.
void welcome_new_player(Services& svc, const config::Operator& op, const store::Player& player);
// The table and number of games a statistics call names (tableId; numberOfGames or
// noOfGames, 1 to 100, default 100), or the reply that refuses the call.
Result<std::pair<const LiveTable*, size_t>, StringReply> statistics_request(Ctx& ctx);
// The base URL for links the server hands out (launch URLs).
std::string public_base(const Ctx& ctx);

// A signed operator request (docs/protocol.md "Operator integration"): the body's
// HMAC-SHA256 under the operator's secret, as "X-Croupier-Signature: sha256=<hex>", with a
// timestamp (ms) within the accepted skew; or the reply that refuses it.
struct SignedRequest {
  const config::Operator* op = nullptr;
  boost::json::object body;
};
Result<SignedRequest, StringReply> verify_signed(Ctx& ctx);
// The studio's tools (api_operator.cpp), for the operator API's supervisor and the studio
// console: a staff message in a table's chat (role SUPERVISOR, LIVE_SUPPORT or BOT); a
// player's chat muted for `minutes` (0 lifts it); the table's closing announced.
StringReply staff_chat(Ctx& ctx, const LiveTable& live, const std::string& text,
                       const std::string& role);
StringReply mute_player(Ctx& ctx, const std::string& player_id, const boost::json::value* minutes);
StringReply announce_table_closing(Ctx& ctx, const LiveTable& live,
                                   const boost::json::value* minutes);
// /studio/api/*: the studio console (api_studio.cpp, docs/studio.md "The console")
void add_studio_routes(Router& router, Services& svc);
// /api/cgibin/regulation/realityCheck (regulated markets, api_regulation.cpp)
void add_regulation_routes(Router& router, Services& svc);
// Location rules (docs/regulation.md "Location"). The caller's country: the edge proxy's
// header when croupierd trusts one (--country-header), else the player's launch country.
std::string country_of(const Ctx& ctx, const store::Player* player);
// The location page for a refusal: /play/location-restrictions?code=...&lang=...(&uk=1).
std::string location_page(const config::Operator* op, ErrorCode code, std::string_view lang);
// The refusal (403 with 1052 and the page) of a caller the operator's countries keep out.
std::optional<StringReply> location_refusal(const Ctx& ctx, const config::Operator& op,
                                            const store::Player* player);
// Whether the table is offered in the caller's country (2006 when not).
bool table_offered(const Ctx& ctx, const config::TableDef& def, const store::Player* player);
// The refusal of a table not offered in the caller's country: 403 with 2006 and the page.
StringReply country_unavailable(const Ctx& ctx, const store::Player& player);
// The player's open Italian game session's ids ("" when none), for the player's config.
std::pair<std::string, std::string> regulated_session_ids(Services& svc, int64_t player_id);
// /api/account/* (player accounts) and /api/operator/player/status, /api/operator/voucher
void add_account_routes(Router& router, Services& svc);
// /api/operator/report/* (the operator's back office, api_backoffice.cpp)
void add_backoffice_routes(Router& router, Services& svc);
// What a round's result says, as the history shows it (the pocket, the cards by hand, ...).
boost::json::object outcome_detail(const LiveTable* live, const std::string& outcome_text,
                                   const std::optional<std::string>& recorded);

}  // namespace croupier::gateway
