// SlotService: the built-in slots of the slots lobby (docs/games/slots.md), played one
// player at a time outside the tables.
//
// A spin is a round of its own in the ledger, at the player's own slot "table"
// ("slot-<slot>-<player>", rounds numbered per player): OpenRound with the commitment of the
// spin's server seed, PlaceBets of the stake (20 line bets, keyed by the player's request id)
// and SettleRound with the win, the stops as the result and the revealed seed. A spin that
// stops half way (a crash) is refunded the next time the player's slot is used on a node.
//
// Provably fair (docs/provably-fair.md): the next spin's seed is drawn ahead and its
// commitment shown (slot state, and every spin's answer); a spin names the commitment it was
// shown, and is refused (409) when it is not the server's, so a player never spins on a seed
// whose commitment they did not see. The stops are uniform(32) per reel from HMAC-SHA256
// words of the seed, the player's client seed and the round id.
//
// Thread-safety: every member may be called from any thread; the work runs on the service's
// strand and answers are called there.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/error_code.hpp"
#include "core/money.hpp"
#include "core/rng.hpp"
#include "games/slots/fruits.hpp"
#include "ledger/ledger.hpp"

namespace croupier::gateway {

class SlotService : public std::enable_shared_from_this<SlotService> {
 public:
  SlotService(ledger::Ledger& ledger, const Clock& clock, boost::asio::any_io_executor executor);

  struct SpinIn {
    ledger::PlayerId player = 0;
    std::string currency;
    std::string slot;  // a built-in slot: "fruits"
    Money line_bet;
    std::string request_id;
    std::string fair_hash;  // the commitment the player was shown
    std::string client_seed;
  };
  struct SpinOut {
    std::optional<Refusal> refusal;
    std::string game_id;
    games::slots::Spin spin;
    Money stake, win;
    ledger::Balance balance;
    std::string server_seed, client_seed;
    std::string fair_hash;  // the next spin's commitment (also on a stale-commitment refusal)
    bool stale = false;     // refused: the commitment named is not the server's
  };

  // The commitment of the player's next spin at `slot` (its seed drawn if need be).
  void next_hash(ledger::PlayerId player, const std::string& slot,
                 std::function<void(std::string)> done);
  void spin(SpinIn in, std::function<void(const SpinOut&)> done);

  // The line bets a spin may use, and the spin's line count.
  static const std::vector<Money>& line_bets();

 private:
  struct PlayerSlot {
    bool ready = false;  // its rounds were looked at on this node
    int64_t seq = 0;     // the last round number
    std::string seed, hash;
    std::map<std::string, SpinOut> answers;  // by request id (the last kAnswersMax)
    std::map<std::string, std::vector<std::function<void(const SpinOut&)>>> waiting;
  };
  // Answers kept per player for repeats, and players kept per node: past it, players with
  // no spin under way are forgotten (their next spin is refused with 409 and spun again on
  // a new commitment).
  static constexpr size_t kAnswersMax = 4;
  static constexpr size_t kPlayersMax = 50'000;

  PlayerSlot& prepare(ledger::PlayerId player, const std::string& slot);
  void answer(PlayerSlot& s, const std::string& request_id, SpinOut out);

  ledger::Ledger& ledger_;
  const Clock& clock_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  std::unique_ptr<Rng> rng_;
  std::map<std::pair<ledger::PlayerId, std::string>, PlayerSlot> players_;
};

}  // namespace croupier::gateway
