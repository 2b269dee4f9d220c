// Promotions (docs/protocol.md "Promotions"): each operator's promotions in their current
// periods, the players' entries, the standings computed from the ledger's settled bets,
// the prizes paid once a period has ended, and the players' promotions sockets told of
// every change. Standings live only in memory, recomputed every tick from the ledger and
// the store, so a restart loses nothing; a prize is a ledger Fund keyed by its period and
// rank, paid once whatever restarts.
//
// Thread-safety: every member may be called from any thread (one mutex); tick() waits for
// the ledger when it pays prizes, so it is not called from a ledger callback.
#pragma once

#include <boost/json/object.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "config/casino.hpp"
#include "config/promotion.hpp"
#include "store/store.hpp"

namespace croupier::gateway {

struct Services;
class WsSession;

class PromotionService {
 public:
  // `token_secret` signs and checks the players' tokens (gateway/jwt.hpp).
  PromotionService(Services& svc, std::string token_secret);

  const std::string& token_secret() const { return secret_; }

  // GET /v2/fetchPromotionsInfo: the player's promotions and trophy.
  boost::json::object info(const store::Player& player);

  enum class Opted { ok, unknown, ended };
  // Opts the player in or out of the promotion's current period; the promotion as info()
  // shows it.
  std::pair<Opted, boost::json::object> opt(const store::Player& player,
                                            std::string_view promotion_id, bool opt_in);

  // Recomputes the running periods' standings, pays the ended ones, and sends every
  // promotions socket whose view changed its new view.
  void tick();

  // A player's promotions socket: sent its view now and on every change.
  void attach(const std::shared_ptr<WsSession>& socket, const store::Player& player);

 private:
  struct Standing {
    int64_t player = 0;
    int64_t key = 0;  // what ranks: the higher the better
    std::string score;
    int64_t last_ms = 0;
  };
  struct Board {
    std::vector<Standing> ranked;  // every entrant, the best first
  };
  struct Socket {
    std::weak_ptr<WsSession> ws;
    store::Player player;
    std::string last;  // the last view sent
  };

  Board compute(const config::Promotion& p, const config::Promotion::Period& period);
  const Board& board_of(const config::Promotion& p, const config::Promotion::Period& period);
  boost::json::object promotion_json(const store::Player& player, const config::Operator& op,
                                     const config::Promotion& p, int64_t now_ms);
  void pay(const config::Promotion& p, const config::Promotion::Period& period);
  std::string name_of(int64_t player, bool hidden);

  Services& svc_;
  const std::string secret_;
  std::recursive_mutex mu_;
  std::map<std::string, Board> boards_;  // by period id, as last computed
  std::set<std::string> paid_;           // periods whose prizes were paid (or found paid)
  std::vector<Socket> sockets_;
};

}  // namespace croupier::gateway
