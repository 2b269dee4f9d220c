// Services: everything the HTTP handlers and sockets of the gateway use, assembled once
// by the server at start-up. The references and maps are fixed after start-up; each
// service documents its own thread-safety.
#pragma once

#include <boost/asio/io_context.hpp>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "config/casino.hpp"
#include "config/rates.hpp"
#include "config/settings.hpp"
#include "core/clock.hpp"
#include "gateway/hub.hpp"
#include "gateway/limits.hpp"
#include "gateway/lobby.hpp"
#include "gateway/rate_limit.hpp"
#include "gateway/sessions.hpp"
#include "gateway/slots.hpp"
#include "gateway/table_link.hpp"
#include "ledger/ledger.hpp"
#include "store/store.hpp"
#include "studio/studio.hpp"
#include "table/table_actor.hpp"
#include "wallet/seamless_ledger.hpp"

namespace croupier::gateway {

class Connections;
class PromotionService;

struct LiveTable {
  const config::TableDef* def = nullptr;
  table::Engines engines;            // one per currency, shared with the actor
  std::shared_ptr<TableLink> table;  // the table, here or on the node that runs it
  std::shared_ptr<Channel> channel;
  // The table's live video, when it has one and video is on (studio/studio.hpp).
  std::shared_ptr<studio::Studio> studio;
};

struct Services {
  const config::Settings& settings;
  const config::Casino& casino;
  const config::Rates& rates;
  const std::vector<std::string>& swearwords;
  const Clock& clock;
  store::Store& store;
  ledger::Ledger& ledger;
  Sessions& sessions;
  Connections& connections;
  RateLimiter& http_limiter;
  std::map<std::string, LiveTable, std::less<>> tables;
  std::atomic<bool> ready{false};     // /readyz: tables started, not shutting down
  std::atomic<bool> draining{false};  // shutting down: refuse new bets and sockets
  std::shared_ptr<LobbyFeed> lobby;   // every table's summary, channel "lobby"
  // The socket threads: each WebSocket lives on one of them (handed out in turn), and a
  // channel hands each of them an event in one task (gateway/hub.hpp).
  std::vector<boost::asio::any_io_executor> socket_shards;
  std::atomic<size_t> next_shard{0};
  // The built-in slots (gateway/slots.hpp). Last: Services is built with its fields in order.
  std::shared_ptr<SlotService> slots = nullptr;
  // Promotions (gateway/promotions.hpp).
  std::shared_ptr<PromotionService> promotions = nullptr;
  // The ledger in front of operators' own wallets, when an operator has one (`ledger` is
  // then this one): its players' balances are asked of their operator.
  wallet::SeamlessLedger* seamless = nullptr;
  // The ledger in front of everything, refusing stakes beyond responsible-gaming limits.
  LimitsLedger* limits = nullptr;

  const LiveTable* table(std::string_view id) const {
    auto it = tables.find(id);
    return it == tables.end() ? nullptr : &it->second;
  }
};

}  // namespace croupier::gateway
