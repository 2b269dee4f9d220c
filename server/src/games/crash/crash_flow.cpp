#include "games/crash/crash_flow.hpp"

#include <algorithm>

#include "games/crash/crash_engine.hpp"

namespace croupier::games::crash {

namespace {

bool is_panel(std::string_view spot) {
  return std::find(std::begin(kPanels), std::end(kPanels), spot) != std::end(kPanels);
}

Refusal invalid(std::string detail) {
  return Refusal{ErrorCode::InvalidBet, std::move(detail)};
}

}  // namespace

CrashFlow::CrashFlow(const Engine& engine, CrashFlowConfig config, FlowHost& host)
    : engine_(engine), config_(std::move(config)), host_(host) {}

int64_t CrashFlow::minor_units(const std::string& currency) const {
  int64_t units = 1;
  for (int i = currency_decimals(currency); i < 5; ++i) units *= 10;
  return units;
}

// A new round: the last flight is over for everyone.
void CrashFlow::round_opened(FlowHost&) {
  ++flight_;
  flying_ = crashed_ = voided_ = settled_ = false;
  tickets_.clear();
  by_player_.clear();
  auto_queue_.clear();
  flown_.clear();
  cashed_count_ = 0;
}

void CrashFlow::begin(const FlowStart& start, Rng& rng, FlowOut& out) {
  ++flight_;
  tickets_.clear();
  by_player_.clear();
  auto_queue_.clear();
  to_announce_.clear();
  mine_to_announce_.clear();
  next_announce_.reset();
  cashed_count_ = 0;
  crashed_ = voided_ = settled_ = false;

  // The crash point is drawn first, from the round's words (or a test's script).
  std::optional<Outcome> scripted;
  while (!scripted && scripted_next_ < config_.script.size())
    scripted = engine_.decode(config_.script[scripted_next_++]);
  outcome_ = scripted ? *scripted : engine_.draw(rng);
  point_ = {outcome_.values[0], outcome_.values[1] == 1};

  launched_ = start.now;
  crash_at_ = launched_ + time_to(point_.at);
  flying_ = true;

  // One ticket per player and panel, holding every bet the player placed on it.
  std::map<std::pair<PlayerRef, std::string>, TicketId> index;
  for (const FlowStake& s : start.stakes) {
    auto [it, fresh] = index.try_emplace({s.player, s.spot}, tickets_.size());
    if (fresh) {
      Ticket t;
      t.player = s.player;
      t.name = s.name;
      t.currency = s.currency;
      t.spot = s.spot;
      tickets_.push_back(std::move(t));
      by_player_[s.player].push_back(it->second);
    }
    Ticket& t = tickets_[it->second];
    t.bets.emplace_back(s.bet, s.amount);
    flown_.insert(s.bet);
    t.stake += s.amount;
  }
  for (TicketId t = 0; t < tickets_.size(); ++t) schedule(t, launched_);

  // The state lasts at most until the cap: its end says nothing of the crash point.
  const MonoTime longest = launched_ + time_to(kCap);
  out.push_back(StateShown{RoundState::waiting_for_result, longest, std::nullopt});
  out.push_back(FlightLaunched{launched_});
  if (start.closing) hurry(start.now);
}

// Queues the automatic cash-outs of a flying ticket; entries are checked again when due.
void CrashFlow::schedule(TicketId id, MonoTime from) {
  const Ticket& t = tickets_[id];
  if (t.state != Ticket::State::flying) return;
  auto player = autos_.find(t.player);
  if (player == autos_.end()) return;
  auto a = player->second.find(t.spot);
  if (a == player->second.end()) return;
  for (const auto& target : {t.half_done ? std::nullopt : a->second.half_at, a->second.at}) {
    if (!target) continue;
    const MonoTime due = launched_ + time_to(*target);
    if (due >= from) auto_queue_.emplace(due, id);
  }
}

void CrashFlow::advance(MonoTime now, FlowOut& out) {
  if (!flying_) {
    // Cash-outs paid at or just before the crash whose ledger answer came after it.
    if (next_announce_ && now >= *next_announce_) announce(now, out);
    return;
  }
  // Automatic cash-outs due by now, in time order, each at its target exactly: a target
  // the round reaches (at most the crash point) is paid, whenever the timer runs.
  while (!auto_queue_.empty() && auto_queue_.begin()->first <= now) {
    const auto [when, id] = *auto_queue_.begin();
    auto_queue_.erase(auto_queue_.begin());
    const Ticket& t = tickets_[id];
    if (t.state != Ticket::State::flying) continue;
    auto player = autos_.find(t.player);
    if (player == autos_.end()) continue;
    auto a = player->second.find(t.spot);
    if (a == player->second.end()) continue;
    const AutoCashOut& autos = a->second;
    std::optional<int64_t> target;
    bool half = false;
    if (autos.half_at && !t.half_done && launched_ + time_to(*autos.half_at) == when) {
      target = autos.half_at;
      half = true;
    } else if (autos.at && launched_ + time_to(*autos.at) == when) {
      target = autos.at;
    }
    if (!target || *target > point_.at || voided_) continue;  // stale, or never reached
    pay(id, *target, half, true, nullptr);
  }
  if (now >= crash_at_) {
    crash(out);
    return;
  }
  if (next_announce_ && now >= *next_announce_) announce(now, out);
}

std::optional<MonoTime> CrashFlow::deadline(MonoTime now) const {
  if (!flying_) {
    const MonoTime settle = crash_at_ + config_.grace;
    return next_announce_ ? std::min(settle, *next_announce_) : settle;
  }
  MonoTime next = crash_at_;
  if (!auto_queue_.empty()) next = std::min(next, auto_queue_.begin()->first);
  if (next_announce_) next = std::min(next, *next_announce_);
  return next;
}

MonoTime CrashFlow::ends() const {
  return flying_ ? launched_ + time_to(kCap) : crash_at_;
}

void CrashFlow::hurry(MonoTime now) {
  // A flight past its crash instant crashes as drawn (its due automatic cash-outs paid).
  if (!flying_ || now >= crash_at_) return;
  voided_ = true;
  crash_at_ = std::min(crash_at_, now);
}

void CrashFlow::crash(FlowOut& out) {
  flying_ = false;
  crashed_ = true;
  auto_queue_.clear();
  for (Ticket& t : tickets_)
    if (t.state == Ticket::State::flying) t.state = Ticket::State::lost;
  announce(crash_at_, out);
  out.push_back(FlightCrashed{point_.at, point_.capped && !voided_});
}

void CrashFlow::announce(MonoTime now, FlowOut& out) {
  next_announce_.reset();
  if (to_announce_.empty() && mine_to_announce_.empty()) return;
  CashOutsShown shown;
  shown.count = cashed_count_;
  // The latest, when more were paid than the list holds.
  const size_t skip = to_announce_.size() > CashOutsShown::kListMax
                          ? to_announce_.size() - CashOutsShown::kListMax
                          : 0;
  shown.list.assign(to_announce_.begin() + static_cast<std::ptrdiff_t>(skip), to_announce_.end());
  shown.mine = std::move(mine_to_announce_);
  to_announce_.clear();
  mine_to_announce_.clear();
  out.push_back(std::move(shown));
}

std::vector<std::pair<BetRef, Money>> CrashFlow::returns(
    const std::vector<FlowStake>& stakes) const {
  // Every bet still accepted: those of the tickets not cashed out in full. A cash-out the
  // ledger took is settled already, and none is in flight at the settlement.
  std::vector<std::pair<BetRef, Money>> out;
  // A bet committed only after the launch (the ledger was slow, or the table shut down as
  // bets were being taken) never flew: its stake is returned.
  for (const FlowStake& s : stakes)
    if (!flown_.contains(s.bet)) out.emplace_back(s.bet, s.amount);
  for (const Ticket& t : tickets_) {
    if (t.state == Ticket::State::cashed) continue;
    for (const auto& [bet, stake] : t.bets) {
      Money r = Money::zero();
      if (voided_)
        r = stake;
      else if (point_.capped)
        r = cash_out_return(stake, kCap, minor_units(t.currency));
      out.emplace_back(bet, r);
    }
  }
  return out;
}

void CrashFlow::cash_out(const CashOutIn& in, std::function<void(CashOutAnswer)> done) {
  auto refuse = [&](Refusal r) { done({std::nullopt, std::move(r)}); };
  if (!is_panel(in.spot)) return refuse(invalid("no panel " + in.spot));
  if (!flying_ && !crashed_)
    return refuse(Refusal{ErrorCode::WaitForNextRound, "the flight has not started"});
  // Decided by the table's time of receipt against the crash instant, never the client's.
  const MonoTime received = in.received.value_or(host_.now());
  if (received < launched_)
    return refuse(Refusal{ErrorCode::WaitForNextRound, "received before the launch"});
  if (received >= crash_at_ || settled_ || voided_)
    return refuse(Refusal{ErrorCode::TurnEnded, "the flight crashed", "crashed"});
  auto mine = by_player_.find(in.player);
  if (mine != by_player_.end()) {
    for (TicketId id : mine->second) {
      const Ticket& t = tickets_[id];
      if (t.spot != in.spot) continue;
      // A stake lost at the crash is still paid for a cash-out received before it (the
      // table's queue handed it over late), until the settlement.
      if (t.state != Ticket::State::flying && t.state != Ticket::State::lost)
        return refuse(invalid(t.state == Ticket::State::cashing ? "a cash-out is being paid"
                                                                : "already cashed out"));
      if (in.half && t.half_done) return refuse(invalid("half was cashed out already"));
      const int64_t x = multiplier_at(received - launched_);
      return pay(id, x, in.half, false, std::move(done));
    }
  }
  refuse(invalid("nothing flying on " + in.spot));
}

void CrashFlow::pay(TicketId id, int64_t x, bool half, bool automatic,
                    std::function<void(CashOutAnswer)> done) {
  Ticket& t = tickets_[id];
  const int64_t unit = minor_units(t.currency);
  FlowHost::EarlySettle settle;
  settle.player = t.player;
  settle.currency = t.currency;
  settle.key = "co:" + std::to_string(t.bets.front().first);
  Money part = Money::zero(), paid = Money::zero(), keep = Money::zero();
  for (const auto& [bet, stake] : t.bets) {
    // Half of each bet, in whole minor units, is cashed; the rest is returned to be
    // restaked as one bet.
    const Money cashed = half ? Money::from_units(stake.units / unit / 2 * unit) : stake;
    const Money ret = cash_out_return(cashed, x, unit);
    part += cashed;
    paid += ret;
    keep += stake - cashed;
    settle.returns.emplace_back(bet, ret + (stake - cashed));
  }
  if (part.is_zero()) {
    if (done) done({std::nullopt, invalid("the stake is too small to halve")});
    return;
  }
  if (keep.is_positive()) settle.restake = FlowHost::Stake{t.player, t.currency, t.spot, keep};
  t.state = Ticket::State::cashing;
  host_.settle_early(settle, [this, id, x, half, automatic, part, paid, keep, flight = flight_,
                              done = std::move(done)](std::optional<FlowHost::Settled> r) {
    if (flight != flight_) return;  // cannot happen: the settlement waits for cash-outs
    Ticket& t = tickets_[id];
    if (!r) {
      // Nothing was paid: the stake flies on (or was lost at a crash meanwhile).
      t.state = crashed_ ? Ticket::State::lost : Ticket::State::flying;
      if (done)
        done({std::nullopt, Refusal{ErrorCode::ActionFailed, "the cash-out could not be paid"}});
      return;
    }
    t.returned += paid;
    t.x = x;
    t.last_part = part;
    if (keep.is_positive() && r->restaked) {
      t.bets = {{*r->restaked, keep}};
      t.stake = keep;
      t.half_done = true;
      t.state = Ticket::State::flying;
      if (!crashed_) {
        schedule(id, launched_);
      } else if (auto target = auto_target(t); target && *target > x && !voided_) {
        // The rest came back after the crash: its automatic target, if the round reached
        // it, is paid as it would have been (the settlement waits for it).
        pay(id, *target, false, true, nullptr);
      } else {
        t.state = Ticket::State::lost;
      }
    } else {
      // Cashed in full (or the rest of a half could not be restaked: it was returned).
      t.bets.clear();
      t.stake = Money::zero();
      t.state = Ticket::State::cashed;
    }
    ++cashed_count_;
    CashedOut c{t.player,   t.name,          t.spot,          half, automatic, x, part, paid,
                t.currency, r->balance.cash, r->balance.bonus};
    to_announce_.push_back(c);
    if (automatic) mine_to_announce_.push_back(c);
    // After the crash, at once: the round's result follows.
    if (crashed_)
      next_announce_ = host_.now();
    else if (!next_announce_)
      next_announce_ = host_.now() + config_.announce;
    if (done) done({std::move(c), std::nullopt});
  });
}

// The whole-stake target of a ticket's automatic cash-out that the round reached, if any.
std::optional<int64_t> CrashFlow::auto_target(const Ticket& t) const {
  auto player = autos_.find(t.player);
  if (player == autos_.end()) return std::nullopt;
  auto a = player->second.find(t.spot);
  if (a == player->second.end() || !a->second.at || *a->second.at > point_.at) return std::nullopt;
  return a->second.at;
}

std::optional<Refusal> CrashFlow::set_auto_cash_out(PlayerRef player, const std::string& spot,
                                                    const AutoCashOut& autos) {
  if (!is_panel(spot)) return invalid("no panel " + spot);
  for (const auto& target : {autos.at, autos.half_at})
    if (target && (*target < kMinTarget || *target > kCap))
      return invalid("a target is between 1.01 and 5000.00");
  if (autos.at && autos.half_at && *autos.half_at >= *autos.at)
    return invalid("the half target is below the whole one");
  if (autos.off()) {
    if (auto it = autos_.find(player); it != autos_.end()) {
      it->second.erase(spot);
      if (it->second.empty()) autos_.erase(it);
    }
    return std::nullopt;
  }
  autos_[player][spot] = autos;
  // During a flight it applies at once to the panel's stake, where its targets are ahead
  // (schedule() queues them; one already behind is never due again). After the crash
  // instant it waits for the next round.
  if (flying_ && host_.now() < crash_at_) {
    if (auto mine = by_player_.find(player); mine != by_player_.end())
      for (TicketId id : mine->second)
        if (tickets_[id].spot == spot) schedule(id, host_.now());
  }
  return std::nullopt;
}

std::optional<FlightView> CrashFlow::flight_view(PlayerRef player) const {
  FlightView v;
  if (flying_ || crashed_) v.launched = launched_;
  if (crashed_) {
    v.crashed = point_.at;
    v.capped = point_.capped && !voided_;
  }
  v.cashed_out = cashed_count_;
  if (auto mine = by_player_.find(player); mine != by_player_.end()) {
    for (TicketId id : mine->second) {
      const Ticket& t = tickets_[id];
      static constexpr const char* kStates[] = {"flying", "cashing", "cashed", "lost"};
      v.mine.push_back({t.spot, t.state == Ticket::State::cashed ? t.last_part : t.stake,
                        kStates[static_cast<int>(t.state)], t.x, t.returned, t.half_done});
    }
  }
  if (auto a = autos_.find(player); a != autos_.end())
    v.autos = {a->second.begin(), a->second.end()};
  return v;
}

void CrashFlow::remembered(std::vector<PlayerRef>& players) const {
  for (const auto& [player, autos] : autos_) players.push_back(player);
}

void CrashFlow::forget(const std::function<bool(PlayerRef)>& idle) {
  std::erase_if(autos_, [&](const auto& entry) { return idle(entry.first); });
}

}  // namespace croupier::games::crash
