#include "gateway/bonus.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <future>
#include <map>

#include "core/log.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

constexpr int64_t kDayMs = 24LL * 60 * 60 * 1000;

template <class R, class Op>
Result<R, ledger::Failure> submit_and_wait(ledger::Ledger& ledger, Op op) {
  auto promise = std::make_shared<std::promise<Result<R, ledger::Failure>>>();
  auto answer = promise->get_future();
  ledger.submit(std::move(op),
                [promise](Result<R, ledger::Failure> r) { promise->set_value(std::move(r)); });
  return answer.get();
}

std::vector<std::string> split_games(const std::string& games) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < games.size()) {
    size_t comma = games.find(',', at);
    if (comma == std::string::npos) comma = games.size();
    if (comma > at) out.push_back(games.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}

std::string join_games(const std::vector<std::string>& games) {
  std::string out;
  for (const std::string& g : games) out += (out.empty() ? "" : ",") + g;
  return out;
}

}  // namespace

std::optional<config::BonusCampaign> find_campaign(const Services& svc, const config::Operator& op,
                                                   std::string_view campaign_id) {
  if (auto stored = svc.store.campaign(op.id, std::string(campaign_id))) {
    boost::system::error_code ec;
    json::value v = json::parse(stored->terms_json, ec);
    if (!ec && v.is_object()) {
      auto parsed = config::parse_campaign(v.as_object());
      if (parsed.ok()) return std::move(parsed).value();
    }
    log::error("a stored campaign is unreadable", {{"operator", op.id}, {"campaign", campaign_id}});
    return std::nullopt;
  }
  for (const auto& c : op.campaigns)
    if (c.id == campaign_id) return c;
  return std::nullopt;
}

std::string bonus_id_for(std::string_view campaign_id, int64_t player_id) {
  return std::string(campaign_id) + ":" + std::to_string(player_id);
}

std::string campaign_of_bonus(std::string_view bonus_id) {
  const size_t colon = bonus_id.rfind(':');
  return colon == std::string_view::npos ? std::string() : std::string(bonus_id.substr(0, colon));
}

json::object bonus_json(const ledger::BonusView& b, const config::BonusCampaign* campaign) {
  const bool free = b.kind == ledger::BonusKind::free_bet;
  const int64_t chips =
      free && b.chip_value.is_positive() ? b.amount.units / b.chip_value.units : 0;
  const int64_t chip_limit = campaign ? campaign->max_chip_limit : config::kNoChipLimit;
  json::array games;
  for (const std::string& g : split_games(b.games)) games.emplace_back(g);
  return json::object{
      {"bonusId", b.bonus_id},
      {"bonusCode", b.code},
      {"requestId", b.bonus_id},
      {"campaignName", b.campaign},
      {"kind", std::string(ledger::bonus_kind_name(b.kind))},
      {"bonusStatus", std::string(ledger::bonus_status_name(b.status))},
      {"amount", format_money(b.amount)},
      {"chipValue", format_money(b.chip_value)},
      {"noOfChips", chips},
      {"bonusRemaining", b.chips_left},
      {"maxChipLimit", chip_limit},
      {"maxBetLimit",
       format_money(b.chip_value * std::min(chip_limit, std::max<int64_t>(chips, 0)))},
      {"maxWinningLimit", format_money(b.max_win)},
      {"accumulatedWins", format_money(b.won)},
      {"wagerRequired", format_money(b.wager_required)},
      {"wagered", format_money(b.wagered)},
      {"remaining", format_money(b.remaining)},
      {"currency", b.currency},
      {"games", std::move(games)},
      {"expiresAt", b.expires_ms},
      {"createdAt", b.created_ms}};
}

json::object bonus_json(const Services& svc, const ledger::BonusView& b) {
  std::optional<config::BonusCampaign> campaign;
  if (auto player = svc.store.player(b.player)) {
    if (const config::Operator* op = svc.casino.find_operator(player->operator_id))
      campaign = find_campaign(svc, *op, campaign_of_bonus(b.bonus_id));
  }
  return bonus_json(b, campaign ? &*campaign : nullptr);
}

Result<ledger::BonusView, ledger::Failure> grant_campaign(Services& svc,
                                                          const config::BonusCampaign& campaign,
                                                          const store::Player& player) {
  ledger::GrantBonus g;
  g.bonus_id = bonus_id_for(campaign.id, player.id);
  g.player = player.id;
  g.currency = player.currency;
  g.campaign = campaign.name;
  g.code = campaign.code;
  g.kind = campaign.kind;
  g.amount = campaign.total();
  g.chip_value = campaign.kind == ledger::BonusKind::free_bet ? campaign.chip_value : Money{};
  g.wager_required = campaign.kind == ledger::BonusKind::cash
                         ? campaign.amount * campaign.wager_multiplier
                         : Money{};
  g.max_win = campaign.kind == ledger::BonusKind::free_bet ? campaign.max_win : Money{};
  g.games = join_games(campaign.games);
  g.at_ms = svc.clock.wall_ms();
  g.expires_ms = g.at_ms + campaign.valid_days * kDayMs;
  auto granted = submit_and_wait<ledger::BonusView>(svc.ledger, g);
  // Offered before (its terms have changed since, or its time differs): the bonus stands.
  if (!granted.ok() && granted.error() == ledger::Failure::key_conflict) {
    if (auto earlier = svc.ledger.bonus(g.bonus_id)) return *earlier;
  }
  return granted;
}

Result<ledger::BonusView, ledger::Failure> change_bonus(Services& svc, ledger::ChangeBonus change) {
  change.at_ms = svc.clock.wall_ms();
  return submit_and_wait<ledger::BonusView>(svc.ledger, std::move(change));
}

void offer_new_player_bonuses(Services& svc, const config::Operator& op,
                              const store::Player& player) {
  std::vector<config::BonusCampaign> offers;
  for (const auto& c : op.campaigns) {
    if (auto current = find_campaign(svc, op, c.id)) offers.push_back(*current);
  }
  for (const auto& stored : svc.store.campaigns(op.id)) {
    auto c = find_campaign(svc, op, stored.id);
    if (c &&
        std::none_of(offers.begin(), offers.end(), [&](const auto& o) { return o.id == c->id; }))
      offers.push_back(*c);
  }
  for (const auto& c : offers) {
    if (!c.new_players || c.currency != player.currency) continue;
    auto granted = grant_campaign(svc, c, player);
    if (!granted.ok()) {
      log::error("offering a new player's bonus failed",
                 {{"player", player.id},
                  {"campaign", c.id},
                  {"failure", ledger::failure_name(granted.error())}});
    }
  }
}

size_t expire_due_bonuses(ledger::Ledger& ledger, int64_t now_ms, size_t limit) {
  // Submitted together (one batch, one commit), then waited for.
  using Answer = std::promise<Result<ledger::BonusView, ledger::Failure>>;
  std::vector<std::pair<std::string, std::shared_ptr<Answer>>> pending;
  for (const std::string& id : ledger.bonuses_due(now_ms, limit)) {
    auto answer = std::make_shared<Answer>();
    ledger.submit(ledger::ChangeBonus{id, ledger::BonusAction::expire, 0, now_ms},
                  [answer](Result<ledger::BonusView, ledger::Failure> r) {
                    answer->set_value(std::move(r));
                  });
    pending.emplace_back(id, std::move(answer));
  }
  size_t expired = 0;
  for (auto& [id, answer] : pending) {
    auto r = answer->get_future().get();
    // Another node may have expired it first: then its key answers the same.
    if (r.ok()) {
      ++expired;
    } else {
      log::warn("expiring a bonus failed",
                {{"bonus", id}, {"failure", ledger::failure_name(r.error())}});
    }
  }
  return expired;
}

std::vector<ledger::BonusView> eligible_free_bets(const Services& svc, int64_t player_id) {
  const int64_t now = svc.clock.wall_ms();
  std::vector<ledger::BonusView> active, pending;
  for (auto& b : svc.ledger.bonuses(player_id)) {
    if (b.kind != ledger::BonusKind::free_bet || b.expires_ms <= now) continue;
    if (b.status == ledger::BonusStatus::active) active.push_back(std::move(b));
    if (b.status == ledger::BonusStatus::pending) pending.push_back(std::move(b));
  }
  // bonuses() is newest first: oldest first here.
  std::reverse(active.begin(), active.end());
  std::reverse(pending.begin(), pending.end());
  active.insert(active.end(), std::make_move_iterator(pending.begin()),
                std::make_move_iterator(pending.end()));
  return active;
}

bool takes_free_bets(const games::Family& family) {
  return family.shape == games::Shape::draw || family.shape == games::Shape::shoe;
}

Result<std::string, FreeBetRefusal> check_free_bet(const Services& svc, const store::Player& player,
                                                   const games::Family& family,
                                                   const FreeBetClaim& claim,
                                                   const std::vector<games::BetLine>& bets) {
  const std::string_view game = family.game;
  auto refuse = [](ErrorCode code, std::string reason) {
    return Result<std::string, FreeBetRefusal>(FreeBetRefusal{code, std::move(reason)});
  };
  auto bonus = svc.ledger.bonus(claim.bonus_id);
  if (!bonus || bonus->player != player.id || bonus->kind != ledger::BonusKind::free_bet ||
      bonus->status != ledger::BonusStatus::active || bonus->expires_ms <= svc.clock.wall_ms())
    return refuse(ErrorCode::InvalidBet, "bonus");
  if (bonus->chip_value != claim.chip_value) return refuse(ErrorCode::InvalidBet, "chip_value");
  const auto games = split_games(bonus->games);
  if (!takes_free_bets(family) ||
      (!games.empty() && std::find(games.begin(), games.end(), game) == games.end()))
    return refuse(ErrorCode::InvalidBet, "bonus_game");
  int64_t chip_limit = config::kNoChipLimit;
  if (const config::Operator* op = svc.casino.find_operator(player.operator_id)) {
    if (auto c = find_campaign(svc, *op, campaign_of_bonus(claim.bonus_id)))
      chip_limit = c->max_chip_limit;
  }
  if (claim.chip_counts.size() != bets.size()) return refuse(ErrorCode::InvalidBet, "chips");
  std::map<std::string, int64_t, std::less<>> per_spot;
  for (size_t i = 0; i < bets.size(); ++i) {
    // Whole chips, by division: the amount is the client's, its product could overflow.
    const int64_t chips = claim.chip_counts[i];
    const Money amount = bets[i].amount;
    if (chips < 1 || chips > chip_limit || amount.units % claim.chip_value.units != 0 ||
        amount.units / claim.chip_value.units != chips)
      return refuse(ErrorCode::InvalidBet, "chips");
    int64_t& on_spot = per_spot[bets[i].spot];
    on_spot += chips;
    if (on_spot > chip_limit) return refuse(ErrorCode::InvalidBet, "chips");
  }
  return bonus->bonus_id;
}

}  // namespace croupier::gateway
