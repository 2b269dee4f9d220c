#include "gateway/protocol/json.hpp"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>
#include <span>

#include "games/cards/card.hpp"
#include "games/crash/crash.hpp"
#include "games/crash/crash_engine.hpp"

namespace croupier::gateway::protocol {

namespace json = boost::json;
namespace bj = games::blackjack;
using games::RoundState;
using games::state_name;
using games::to_int;

namespace {

json::array lines(const std::vector<games::BetLine>& bets) {
  json::array out;
  out.reserve(bets.size());
  for (const auto& l : bets)
    out.push_back(json::object{{"spot", l.spot}, {"amount", money_json(l.amount)}});
  return out;
}

json::array multipliers_json(const std::vector<games::Multiplier>& list) {
  json::array out;
  for (const auto& m : list) out.push_back(json::object{{"spot", m.spot}, {"x", m.times}});
  return out;
}

json::array seats_json(const std::vector<table::SeatInfo>& seats) {
  json::array out;
  for (const auto& s : seats) {
    json::object seat{{"seat", s.seat}};
    if (s.player) {
      seat["playerId"] = std::to_string(*s.player);
      seat["name"] = s.name;
      if (!s.avatar.empty()) seat["avatar"] = s.avatar;
    }
    out.push_back(std::move(seat));
  }
  return out;
}

// ---- Roads ----------------------------------------------------------------------------

std::string_view colour_name(games::cards::RoadColour colour) {
  return colour == games::cards::RoadColour::red ? "red" : "blue";
}

json::value colour_json(std::optional<games::cards::RoadColour> colour) {
  if (!colour) return nullptr;
  return json::string(colour_name(*colour));
}

json::array derived_json(const std::vector<games::cards::DerivedCell>& cells) {
  json::array out;
  for (const auto& c : cells)
    out.push_back(json::object{{"col", c.col},
                               {"row", c.row},
                               {"streak", c.streak},
                               {"position", c.position},
                               {"colour", colour_name(c.colour)}});
  return out;
}

json::object prediction_json(const games::cards::RoadPrediction& p) {
  return {{"bigEyeBoy", colour_json(p.big_eye_boy)},
          {"smallRoad", colour_json(p.small_road)},
          {"cockroachPig", colour_json(p.cockroach_pig)}};
}

// ---- Blackjack ------------------------------------------------------------------------

json::array cards_json(std::span<const games::cards::Card> cards) {
  json::array out;
  for (const auto& c : cards) out.emplace_back(games::cards::to_text(c));
  return out;
}

json::object box_json(const bj::BoxView& box) {
  json::array hands;
  for (const bj::HandView& h : box.hands) {
    json::object j;
    j["cards"] = cards_json(h.cards);
    j["total"] = h.total;
    j["soft"] = h.soft;
    j["stake"] = money_json(h.stake);
    j["doubled"] = h.doubled;
    j["split"] = h.split;
    j["done"] = h.done;
    j["blackjack"] = h.blackjack;
    if (h.outcome) {
      j["outcome"] = *h.outcome;
      j["returned"] = money_json(h.returned);
    }
    hands.push_back(std::move(j));
  }
  json::object o;
  o["hands"] = std::move(hands);
  o["active"] = box.active;
  o["insurance"] = money_json(box.insurance);
  o["insuranceOpen"] = box.insurance_open;
  return o;
}

json::object autoplay_json(const bj::AutoplayView& a, bool reason) {
  json::object o{{"state", a.state}, {"roundsLeft", a.rounds_left}};
  if (reason && !a.reason.empty()) o["reason"] = a.reason;
  return o;
}

// The round's hands as everyone sees them (the blackjack event, and the result's and the
// snapshot's "blackjack").
json::object hands_json(const bj::RoundView& v, const table::EventHead& head) {
  json::object o;
  json::object dealer;
  dealer["cards"] = cards_json(v.dealer);
  dealer["hidden"] = v.dealer_hidden;
  dealer["total"] = v.dealer_total;
  dealer["soft"] = v.dealer_soft;
  if (v.dealer_blackjack) dealer["blackjack"] = *v.dealer_blackjack;
  o["dealer"] = std::move(dealer);
  json::array seats;
  for (const bj::SeatView& seat : v.seats) {
    json::object s = box_json(seat.box);
    s["seat"] = seat.seat;
    s["playerId"] = std::to_string(seat.player);
    s["name"] = seat.name;
    s["behind"] =
        json::object{{"players", seat.behind_players}, {"total", money_json(seat.behind_total)}};
    seats.push_back(std::move(s));
  }
  o["seats"] = std::move(seats);
  if (v.turn && !v.onebj) {
    o["turn"] = json::object{{"seat", v.turn->seat},
                             {"hand", v.turn->hand},
                             {"endsAt", head.wall(v.turn->ends)},
                             {"decisionMs", v.turn->decision.count()}};
  } else if (v.turn) {
    o["turn"] = json::object{{"step", v.turn->step},
                             {"endsAt", head.wall(v.turn->ends)},
                             {"decisionMs", v.turn->decision.count()}};
  } else {
    o["turn"] = nullptr;
  }
  if (v.insurance)
    o["insurance"] = json::object{{"endsAt", head.wall(v.insurance->ends)},
                                  {"insuranceMs", v.insurance->insurance.count()}};
  else
    o["insurance"] = nullptr;
  if (v.onebj) {
    o["shared"] = cards_json(v.shared);
    o["players"] = v.players;
  }
  return o;
}

// What only one player sees of the hands: their hands behind seats, their onebj hand.
void add_personal_hands(json::object& o, const bj::PersonalView& v) {
  json::array behind;
  for (const auto& b : v.behind) {
    json::object j = box_json(b.box);
    j["seat"] = b.seat;
    behind.push_back(std::move(j));
  }
  if (v.you) {
    json::object you = box_json(v.you->box);
    you["decided"] = v.you->decision.has_value();
    if (v.you->decision) you["decision"] = bj::decision_name(*v.you->decision);
    you["timedOut"] = v.you->timed_out;
    o["you"] = std::move(you);
  }
  if (!behind.empty()) o["behind"] = std::move(behind);
  if (v.auto_stands) o["autoStands"] = *v.auto_stands;
  if (v.autoplay) o["autoplay"] = autoplay_json(*v.autoplay, true);
}

// A refused command's code, message and detail, added to its answer.
void add_refusal(json::object& answer, const std::optional<Refusal>& refusal) {
  if (!refusal) return;
  answer["code"] = to_int(refusal->code);
  answer["message"] = meaning(refusal->code);
  answer["detail"] = refusal->detail;
}

// ---- Crash tables -----------------------------------------------------------------------

std::string multiplier(int64_t hundredths) {
  return games::crash::multiplier_text(hundredths);
}

// One cash-out as its own player sees it (the fields of a cashoutack).
void add_cashed(json::object& o, const games::crash::CashedOut& c) {
  o["bet"] = c.spot;
  o["part"] = c.half ? "half" : "all";
  o["x"] = multiplier(c.x);
  o["stake"] = money_json(c.stake);
  o["returned"] = money_json(c.returned);
  if (c.cash && c.bonus) {
    o["balance"] = money_json(*c.cash + *c.bonus);
    o["bonusBalance"] = money_json(*c.bonus);
  }
  o["auto"] = c.automatic;
}

json::object autos_json(const games::crash::AutoCashOut& a) {
  json::object o;
  if (a.at) o["at"] = multiplier(*a.at);
  if (a.half_at) o["halfAt"] = multiplier(*a.half_at);
  return o;
}

// A game show's step (games/show/show.hpp): what it reveals or asks, until when.
json::object show_step_json(const games::show::StepShown& s, const table::EventHead& head) {
  json::array values, options;
  for (int64_t v : s.step.values) values.push_back(v);
  for (const auto& option : s.step.options) options.push_back(json::string(option));
  return json::object{
      {"bonus", s.bonus},
      {"index", s.index},
      {"kind", s.step.kind == games::show::Step::Kind::choose ? "choose" : "reveal"},
      {"what", s.step.what},
      {"values", std::move(values)},
      {"options", std::move(options)},
      {"until", head.wall(s.until)},
      {"playersIn", s.players_in}};
}

// ---- Events ---------------------------------------------------------------------------

json::object head_json(std::string_view type, const table::EventHead& head) {
  json::object o;
  o["type"] = type;
  o["table"] = head.table;
  o["v"] = head.v;
  o["ts"] = head.ts;
  o["gameId"] = head.game_id;
  return o;
}

// Writes each kind of event's own fields after its head.
struct BodyWriter {
  json::object& o;
  const table::EventHead& head;

  void operator()(const table::StateChanged& e) const {
    o["state"] = to_int(e.state);
    o["stateName"] = state_name(e.state);
    if (e.spin) o["spinMs"] = e.spin->count();
    if (e.ends) o["endsAt"] = head.wall(*e.ends);
  }
  void operator()(const table::BetsOpened& e) const {
    o["state"] = to_int(RoundState::waiting_for_bets);
    o["betsOpen"] = true;
    o["endsAt"] = head.wall(e.ends);
    o["bettingMs"] = e.betting.count();
    if (!e.fair_hash.empty()) o["fairHash"] = e.fair_hash;
    if (!e.shoe_hash.empty()) o["shoeHash"] = e.shoe_hash;
    if (e.special_ball) {
      o["specialBall"] = true;
      if (e.spinner) o["spinner"] = *e.spinner;
    }
  }
  void operator()(const table::BetsClosingSoon& e) const {
    o["endsAt"] = head.wall(e.ends);
    o["remainingMs"] = e.remaining.count();
  }
  void operator()(const table::BetsTimer& e) const {
    o["state"] = to_int(RoundState::waiting_for_bets);
    o["endsAt"] = head.wall(e.ends);
    o["remainingMs"] = e.remaining.count();
  }
  void operator()(const table::BetsClosed&) const {
    o["state"] = to_int(RoundState::bets_closed);
    o["betsOpen"] = false;
  }
  void operator()(const table::MultipliersShown& e) const {
    o["multipliers"] = multipliers_json(e.multipliers);
  }
  void operator()(const games::CardShown& c) const {
    o["state"] = to_int(RoundState::dealing);
    o["hand"] = c.hand;
    if (c.reveal) o["card"] = c.card;
    o["index"] = c.index;
    o["of"] = c.of;
    if (c.withdrawn)
      o["withdrawn"] = true;
    else if (c.reveal)
      o["reveal"] = true;
    else if (c.face_down)
      o["faceDown"] = true;
    else
      o["card"] = c.card;
  }
  void operator()(const games::SqueezerChosen& q) const {
    o["name"] = q.name;
    o["hand"] = q.hand;
    o["squeezeMs"] = q.squeeze.count();
  }
  void operator()(const games::SqueezeMoved& m) const {
    o["index"] = m.index;
    o["progress"] = m.progress;
  }
  void operator()(const games::ShuffleStarted& s) const { o["shoe"] = s.shoe; }
  void operator()(const table::ShuffleDone& e) const {
    o["shoe"] = e.shuffle.shoe;
    o["burnCard"] = e.shuffle.burn_card;
    o["burnt"] = e.shuffle.burnt;
    o["cards"] = e.shuffle.cards;
    if (e.roads) o["roads"] = roads_json(*e.roads);
  }
  void operator()(const table::ResultShown& e) const {
    o["state"] = to_int(RoundState::game_over);
    o["result"] = e.label;
    o["outcome"] = e.outcome;
    o["values"] = json::array(e.values.begin(), e.values.end());
    if (!e.announced.empty()) o["multipliers"] = multipliers_json(e.announced);
    if (!e.revealed.empty()) o["resultMultipliers"] = multipliers_json(e.revealed);
    if (!e.cards.empty()) {
      json::array cards;
      for (const auto& c : e.cards)
        cards.push_back(json::object{{"hand", c.hand}, {"card", c.card}});
      o["cards"] = std::move(cards);
    }
    if (e.roads) o["roads"] = roads_json(*e.roads);
    if (e.hands) o["blackjack"] = hands_json(*e.hands, head);
    if (!e.server_seed.empty()) {
      o["serverSeed"] = e.server_seed;
      o["clientSeed"] = e.client_seed;
    }
  }
  void operator()(const table::RoundCancelled& e) const {
    if (e.with_state) o["state"] = to_int(RoundState::cancelled);
    o["reason"] = e.reason;
  }
  void operator()(const table::TableClosed& e) const { o["reason"] = e.reason; }
  void operator()(const table::SeatsChanged& e) const { o["seats"] = seats_json(e.seats); }
  void operator()(const table::ChatSaid& e) const {
    o["playerId"] = std::to_string(e.player);
    o["name"] = e.name;
    o["text"] = e.text;
    o["role"] = e.role;
    if (!e.avatar.empty()) o["avatar"] = e.avatar;
  }
  void operator()(const table::Noop&) const {}
  void operator()(const table::ClosingAnnounced& e) const {
    o["minutes"] = e.minutes;
    o["closesAt"] = head.wall(e.at);
  }
  void operator()(const table::HandsChanged& e) const {
    o["state"] = to_int(e.state);
    for (auto& [k, v] : hands_json(e.hands, head)) o[k] = std::move(v);
  }
  void operator()(const table::FlightStarted& e) const {
    o["launchedAt"] = head.wall(e.launched);
    o["growth"] = games::crash::kGrowthPerMs;
    o["cap"] = multiplier(games::crash::kCap);
    o["chain"] = json::object{{"anchor", e.chain_anchor}, {"index", e.chain_index}};
  }
  void operator()(const table::CashOutsPaid& e) const {
    o["count"] = e.count;
    json::array list;
    for (const auto& c : e.list)
      list.push_back(json::object{{"name", c.name},
                                  {"bet", c.spot},
                                  {"part", c.half ? "half" : "all"},
                                  {"x", multiplier(c.x)},
                                  {"win", money_json(c.returned)}});
    o["list"] = std::move(list);
  }
  void operator()(const table::FlightEnded& e) const {
    o["x"] = multiplier(e.x);
    o["capped"] = e.capped;
  }
  void operator()(const table::ShowStepped& e) const {
    for (auto& [k, v] : show_step_json(e, head)) o[k] = std::move(v);
  }
};

// A player's part, written over the event's own fields.
void add_part(json::object& o, const table::PlayerPart& p) {
  if (p.you_squeeze) o["youSqueeze"] = true;
  if (p.you_spin) o["youSpin"] = true;
  if (p.hands) add_personal_hands(o, *p.hands);
  if (p.autoplay) o["autoplay"] = autoplay_json(*p.autoplay, false);
  if (p.settled) {
    o["stake"] = money_json(p.settled->stake);
    o["win"] = money_json(p.settled->win);
    o["net"] = money_json(p.settled->win - p.settled->stake);
    o["balance"] = money_json(p.settled->balance.total());
    o["bonusBalance"] = money_json(p.settled->balance.bonus);
  }
  if (!p.cashed.empty()) {
    json::array mine;
    for (const auto& c : p.cashed) {
      json::object one;
      add_cashed(one, c);
      mine.push_back(std::move(one));
    }
    o["mine"] = std::move(mine);
  }
  if (p.refunded) {
    o["refunded"] = money_json(p.refunded->refunded);
    o["balance"] = money_json(p.refunded->balance.total());
    o["bonusBalance"] = money_json(p.refunded->balance.bonus);
  }
}

}  // namespace

json::object result_json(const std::string& game_id, const std::string& outcome) {
  json::object o{{"gameId", game_id}, {"result", result_label(outcome)}};
  if (outcome.find('|') != std::string::npos) o["outcome"] = outcome;
  return o;
}

json::object ack_json(const table::BetAck& ack, const std::string& table_id, int64_t now_ms) {
  json::array rejected;
  for (const auto& r : ack.rejected) {
    rejected.push_back(json::object{{"spot", r.spot},
                                    {"amount", money_json(r.amount)},
                                    {"code", to_int(r.code)},
                                    {"message", meaning(r.code)}});
    if (!r.reason.empty()) rejected.back().as_object()["reason"] = r.reason;
  }
  json::object o{{"type", ack.cancel ? "cancelack" : "betack"},
                 {"table", table_id},
                 {"v", ack.version},
                 {"ts", now_ms},
                 {"requestId", ack.request_id},
                 {"gameId", ack.game_id}};
  if (ack.cancel) {
    o["cancelled"] = lines(ack.cancelled);
  } else {
    o["accepted"] = lines(ack.accepted);
    o["rejected"] = std::move(rejected);
  }
  o["roundTotal"] = money_json(ack.round_total);
  o["duplicate"] = ack.duplicate;
  if (!ack.free_bet.empty()) o["bonusId"] = ack.free_bet;
  if (ack.refusal) {
    o["code"] = to_int(ack.refusal->code);
    o["message"] = meaning(ack.refusal->code);
    if (!ack.refusal->detail.empty()) o["detail"] = ack.refusal->detail;
  }
  if (ack.balance) {
    o["balance"] = money_json(ack.balance->total());
    o["bonusBalance"] = money_json(ack.balance->bonus);
  }
  return o;
}

json::object seat_ack_json(const table::SeatReply& reply, const std::string& table_id,
                           const std::string& request_id) {
  json::object o{
      {"type", "seatack"}, {"table", table_id}, {"requestId", request_id}, {"seat", reply.seat}};
  add_refusal(o, reply.refusal);
  return o;
}

json::object decision_ack_json(const table::DecisionAck& a, const std::string& table_id) {
  json::object o{{"type", "decisionack"}, {"table", table_id}, {"requestId", a.request_id},
                 {"gameId", a.game_id},   {"seat", a.seat},    {"decision", a.decision}};
  add_refusal(o, a.refusal);
  if (a.balance) {
    o["balance"] = money_json(a.balance->total());
    o["bonusBalance"] = money_json(a.balance->bonus);
  }
  return o;
}

json::object autoplay_ack_json(const table::AutoplayAck& a, const std::string& table_id) {
  json::object o{{"type", "autoplayack"},
                 {"table", table_id},
                 {"requestId", a.request_id},
                 {"rounds", a.rounds},
                 {"state", a.state}};
  add_refusal(o, a.refusal);
  return o;
}

json::object cash_out_ack_json(const table::CashOutAck& a, const std::string& table_id) {
  json::object o{{"type", "cashoutack"}, {"table", table_id}, {"requestId", a.request_id},
                 {"gameId", a.game_id},  {"bet", a.spot},     {"part", a.half ? "half" : "all"},
                 {"auto", false}};
  if (a.paid) add_cashed(o, *a.paid);
  add_refusal(o, a.refusal);
  return o;
}

json::object auto_cash_out_ack_json(const table::AutoCashOutAck& a, const std::string& table_id) {
  json::object o{{"type", "autocashoutack"},
                 {"table", table_id},
                 {"requestId", a.request_id},
                 {"bet", a.spot}};
  for (auto& [k, v] : autos_json(a.autos)) o[k] = std::move(v);
  add_refusal(o, a.refusal);
  return o;
}

json::object choose_ack_json(const table::ChooseAck& a, const std::string& table_id) {
  json::object o{{"type", "chooseack"}, {"table", table_id}, {"requestId", a.request_id},
                 {"gameId", a.game_id}, {"step", a.step},    {"choice", a.choice}};
  add_refusal(o, a.refusal);
  return o;
}

json::value roads_json(const games::cards::Roads& roads) {
  json::array bead;
  for (const auto& c : roads.bead_plate)
    bead.push_back(json::object{{"col", c.col},
                                {"row", c.row},
                                {"winner", std::string(1, c.result.winner)},
                                {"playerTotal", c.result.player_total},
                                {"bankerTotal", c.result.banker_total},
                                {"playerPair", c.result.player_pair},
                                {"bankerPair", c.result.banker_pair},
                                {"natural", c.result.natural}});
  json::array cells;
  for (const auto& c : roads.big_road.cells)
    cells.push_back(json::object{{"col", c.col},
                                 {"row", c.row},
                                 {"streak", c.streak},
                                 {"position", c.position},
                                 {"winner", std::string(1, c.winner)},
                                 {"ties", c.ties},
                                 {"playerPair", c.player_pair},
                                 {"bankerPair", c.banker_pair},
                                 {"natural", c.natural}});
  const auto& st = roads.stats;
  return json::object{{"rows", roads.rows},
                      {"beadPlate", std::move(bead)},
                      {"bigRoad", json::object{{"leadingTies", roads.big_road.leading_ties},
                                               {"cells", std::move(cells)}}},
                      {"bigEyeBoy", derived_json(roads.big_eye_boy)},
                      {"smallRoad", derived_json(roads.small_road)},
                      {"cockroachPig", derived_json(roads.cockroach_pig)},
                      {"askPlayer", prediction_json(roads.ask_player)},
                      {"askBanker", prediction_json(roads.ask_banker)},
                      {"stats", json::object{{"hands", st.hands},
                                             {"player", st.player_wins},
                                             {"banker", st.banker_wins},
                                             {"tie", st.ties},
                                             {"playerPair", st.player_pairs},
                                             {"bankerPair", st.banker_pairs},
                                             {"natural", st.naturals}}}};
}

json::object event_json(const table::TableEvent& event) {
  json::object o = head_json(table::event_type(event.body), event.head);
  std::visit(BodyWriter{o, event.head}, event.body);
  return o;
}

json::object event_json(const table::TableEvent& event, ledger::PlayerId player) {
  auto part = event.personal.find(player);
  if (part == event.personal.end()) return event_json(event);
  if (part->second.chat) {
    // A private table's chat: the seated players read it where the others get a noop.
    json::object o = head_json("chat", event.head);
    BodyWriter{o, event.head}(*part->second.chat);
    return o;
  }
  json::object o = event_json(event);
  add_part(o, part->second);
  return o;
}

WireEvent wire_event(const table::TableEvent& event) {
  WireEvent w;
  w.epoch = event.epoch;
  w.version = event.head.v;
  w.type = std::string(table::event_type(event.body));
  json::object everyone = event_json(event);
  for (const auto& [player, part] : event.personal) {
    json::object mine;
    if (part.chat) {
      mine = event_json(event, player);
    } else {
      mine = everyone;
      add_part(mine, part);
    }
    w.personal.emplace(player, std::make_shared<const std::string>(json::serialize(mine)));
  }
  w.json = std::make_shared<const std::string>(json::serialize(everyone));
  return w;
}

json::object snapshot_json(const table::TableSnapshot& s) {
  json::object o;
  o["type"] = "resync";
  o["table"] = s.head.table;
  o["v"] = s.head.v;
  o["epoch"] = s.epoch;
  o["ts"] = s.head.ts;
  o["gameId"] = s.head.game_id;
  o["state"] = to_int(s.state);
  o["stateName"] = state_name(s.state);
  o["betsOpen"] = s.bets_open;
  if (s.ends) o["endsAt"] = s.head.wall(*s.ends);
  o["bettingMs"] = s.betting.count();
  json::array results;
  for (const auto& r : s.results) results.push_back(result_json(r.game_id, r.result));
  o["results"] = std::move(results);
  if (s.outcome) {
    o["result"] = result_label(*s.outcome);
    o["outcome"] = *s.outcome;
  }
  o["myBets"] = lines(s.my_bets);
  o["myTotal"] = money_json(s.my_total);
  json::array acks;
  for (const auto& ack : s.my_acks) acks.push_back(ack_json(ack, s.head.table, s.head.ts));
  o["myAcks"] = std::move(acks);
  if (s.special_ball) {
    o["specialBall"] = true;
    if (s.spinner) {
      o["spinner"] = *s.spinner;
      o["youSpin"] = s.you_spin;
    }
  }
  if (!s.multipliers.empty()) o["multipliers"] = multipliers_json(s.multipliers);
  if (s.seats) o["seats"] = seats_json(*s.seats);
  if (s.closes) o["closesAt"] = s.head.wall(*s.closes);
  if (!s.fair_hash.empty()) o["fairHash"] = s.fair_hash;
  if (!s.shoe_hash.empty()) o["shoeHash"] = s.shoe_hash;
  if (s.flight) {
    const games::crash::FlightView& f = *s.flight;
    json::object crash{
        {"growth", games::crash::kGrowthPerMs},
        {"cap", multiplier(games::crash::kCap)},
        {"cashedOut", f.cashed_out},
        {"chain", json::object{{"anchor", s.chain_anchor}, {"index", s.chain_index}}}};
    crash["launchedAt"] = f.launched ? json::value(s.head.wall(*f.launched)) : json::value(nullptr);
    crash["x"] = f.crashed ? json::value(multiplier(*f.crashed)) : json::value(nullptr);
    crash["capped"] = f.capped;
    json::array mine;
    for (const auto& t : f.mine)
      mine.push_back(json::object{{"bet", t.spot},
                                  {"stake", money_json(t.stake)},
                                  {"state", t.state},
                                  {"x", t.x ? json::value(multiplier(t.x)) : json::value(nullptr)},
                                  {"returned", money_json(t.returned)},
                                  {"halfDone", t.half_done}});
    crash["my"] = std::move(mine);
    json::object autos;
    for (const auto& [spot, a] : f.autos) autos[spot] = autos_json(a);
    crash["auto"] = std::move(autos);
    o["crash"] = std::move(crash);
  }
  if (s.show) {
    const games::show::ShowView& v = *s.show;
    json::array first, steps, choices;
    for (int64_t x : v.first) first.push_back(x);
    for (const auto& step : v.shown) steps.push_back(show_step_json(step, s.head));
    for (const auto& c : v.choices) choices.push_back(json::string(c));
    o["show"] = json::object{{"first", std::move(first)},
                             {"bonus", v.bonus},
                             {"steps", std::move(steps)},
                             {"current", v.current ? json::value(show_step_json(*v.current, s.head))
                                                   : json::value(nullptr)},
                             {"in", v.in},
                             {"out", v.out},
                             {"choices", std::move(choices)},
                             {"playersIn", v.players_in}};
  }
  if (s.blackjack) {
    if (s.hands) {
      json::object hands = hands_json(*s.hands, s.head);
      add_personal_hands(hands, s.my_hands);
      o["blackjack"] = std::move(hands);
    }
    if (s.autoplay) o["autoplay"] = autoplay_json(*s.autoplay, false);
    return o;
  }
  const games::FlowView& v = s.flow;
  if (v.cards_shown) {
    json::array cards;
    for (const auto& c : v.cards) {
      json::object card{{"hand", c.hand}};
      if (c.card.empty())
        card["faceDown"] = true;
      else
        card["card"] = c.card;
      cards.push_back(std::move(card));
    }
    o["cards"] = std::move(cards);
  }
  if (v.shoe) {
    o["shoe"] = *v.shoe;
    o["shoeCards"] = v.shoe_cards;
  }
  if (s.roads) o["roads"] = roads_json(*s.roads);
  if (v.squeezer) {
    o["squeezer"] = v.squeezer->name;
    o["squeezeHand"] = v.squeezer->hand;
    o["youSqueeze"] = v.squeezer->you;
  }
  return o;
}

}  // namespace croupier::gateway::protocol
