#include "gateway/table_codec.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cstdint>
#include <functional>
#include <limits>
#include <variant>
#include <vector>

namespace croupier::gateway::table_codec {
namespace {

namespace json = boost::json;
namespace bj = games::blackjack;

// ---- Field-by-field equality (the structs have no operator==) ---------------------------

void expect_same(Money a, Money b) {
  EXPECT_EQ(a.units, b.units);
}
void expect_same(const games::BetLine& a, const games::BetLine& b) {
  EXPECT_EQ(a.spot, b.spot);
  EXPECT_EQ(a.amount.units, b.amount.units);
}
void expect_same(const table::RejectedBet& a, const table::RejectedBet& b) {
  EXPECT_EQ(a.spot, b.spot);
  EXPECT_EQ(a.amount.units, b.amount.units);
  EXPECT_EQ(to_int(a.code), to_int(b.code));
  EXPECT_EQ(a.reason, b.reason);
}
void expect_same(const Refusal& a, const Refusal& b) {
  EXPECT_EQ(to_int(a.code), to_int(b.code));
  EXPECT_EQ(a.detail, b.detail);
  EXPECT_EQ(a.rule, b.rule);
}
void expect_same(const ledger::Balance& a, const ledger::Balance& b) {
  EXPECT_EQ(a.cash.units, b.cash.units);
  EXPECT_EQ(a.bonus.units, b.bonus.units);
}
void expect_same(const table::Persona& a, const table::Persona& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.avatar, b.avatar);
}
void expect_same(const table::BlackjackPrefs& a, const table::BlackjackPrefs& b) {
  EXPECT_EQ(a.doubledown, b.doubledown);
  EXPECT_EQ(a.split, b.split);
  EXPECT_EQ(a.insurance, b.insurance);
  EXPECT_EQ(a.allow_bet_behind, b.allow_bet_behind);
  EXPECT_EQ(a.auto_stand, b.auto_stand);
}
void expect_same(const bj::AutoPlay& a, const bj::AutoPlay& b) {
  EXPECT_EQ(a.stand, b.stand);
  EXPECT_EQ(a.hit, b.hit);
  EXPECT_EQ(a.split, b.split);
  EXPECT_EQ(a.split_max, b.split_max);
  EXPECT_EQ(a.double_at, b.double_at);
  EXPECT_EQ(a.double_max, b.double_max);
  EXPECT_EQ(a.insurance, b.insurance);
}

template <class T>
void expect_same(const std::vector<T>& a, const std::vector<T>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE(i);
    expect_same(a[i], b[i]);
  }
}

template <class T>
void expect_same(const std::optional<T>& a, const std::optional<T>& b) {
  ASSERT_EQ(a.has_value(), b.has_value());
  if (a) expect_same(*a, *b);
}

void expect_same(const table::PlaceBetsCommand& a, const table::PlaceBetsCommand& b) {
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.player, b.player);
  EXPECT_EQ(a.currency, b.currency);
  EXPECT_EQ(a.request_id, b.request_id);
  EXPECT_EQ(a.game_id, b.game_id);
  expect_same(a.bets, b.bets);
  expect_same(a.check_total, b.check_total);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.regulated, b.regulated);
  EXPECT_EQ(a.block_safe_bets, b.block_safe_bets);
  EXPECT_EQ(a.client_seed, b.client_seed);
  EXPECT_EQ(a.free_bet, b.free_bet);
  EXPECT_EQ(a.bonus_first, b.bonus_first);
}
void expect_same(const table::CancelBetsCommand& a, const table::CancelBetsCommand& b) {
  EXPECT_EQ(a.player, b.player);
  EXPECT_EQ(a.request_id, b.request_id);
  EXPECT_EQ(a.game_id, b.game_id);
  EXPECT_EQ(a.of_request, b.of_request);
}
void expect_same(const table::DecisionCommand& a, const table::DecisionCommand& b) {
  EXPECT_EQ(a.player, b.player);
  EXPECT_EQ(a.request_id, b.request_id);
  EXPECT_EQ(a.game_id, b.game_id);
  EXPECT_EQ(a.seat, b.seat);
  EXPECT_EQ(a.decision, b.decision);
}
void expect_same(const table::AutoplayCommand& a, const table::AutoplayCommand& b) {
  EXPECT_EQ(a.player, b.player);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.currency, b.currency);
  EXPECT_EQ(a.request_id, b.request_id);
  EXPECT_EQ(a.rounds, b.rounds);
  expect_same(a.strategy, b.strategy);
  EXPECT_EQ(a.regulated, b.regulated);
}
void expect_same(const table::BetAck& a, const table::BetAck& b) {
  EXPECT_EQ(a.request_id, b.request_id);
  EXPECT_EQ(a.game_id, b.game_id);
  EXPECT_EQ(a.cancel, b.cancel);
  expect_same(a.accepted, b.accepted);
  expect_same(a.cancelled, b.cancelled);
  expect_same(a.rejected, b.rejected);
  expect_same(a.refusal, b.refusal);
  expect_same(a.balance, b.balance);
  EXPECT_EQ(a.round_total.units, b.round_total.units);
  EXPECT_EQ(a.duplicate, b.duplicate);
  EXPECT_EQ(a.version, b.version);
  EXPECT_EQ(a.free_bet, b.free_bet);
}
void expect_same(const table::SeatReply& a, const table::SeatReply& b) {
  expect_same(a.refusal, b.refusal);
  EXPECT_EQ(a.seat, b.seat);
}
void expect_same(const table::DecisionAck& a, const table::DecisionAck& b) {
  EXPECT_EQ(a.request_id, b.request_id);
  EXPECT_EQ(a.game_id, b.game_id);
  EXPECT_EQ(a.seat, b.seat);
  EXPECT_EQ(a.decision, b.decision);
  expect_same(a.refusal, b.refusal);
  expect_same(a.balance, b.balance);
}
void expect_same(const table::AutoplayAck& a, const table::AutoplayAck& b) {
  EXPECT_EQ(a.request_id, b.request_id);
  EXPECT_EQ(a.rounds, b.rounds);
  EXPECT_EQ(a.state, b.state);
  expect_same(a.refusal, b.refusal);
}

// ---- Samples: every field set, and not to its default -----------------------------------

constexpr ledger::PlayerId kBigPlayer = 1'000'000'000'123;  // beyond 32 bits
constexpr int64_t kBeyondDouble = 9'007'199'254'740'993;    // 2^53 + 1: a double loses it
// Bytes a player's text may hold that JSON must escape, and bytes that are not UTF-8.
const std::string kAwkward =
    std::string("quote \" backslash \\ nl \n nul ") + '\0' + " ff \xff" + " é 🎲";

table::PlaceBetsCommand sample_bets() {
  table::PlaceBetsCommand c;
  c.kind = table::PlaceBetsCommand::Kind::all_or_nothing;
  c.player = kBigPlayer;
  c.currency = "USD";
  c.request_id = "c-17";
  c.game_id = "rou-1-000042";
  c.bets = {{"STRAIGHT_17", Money::from_units(kBeyondDouble)}, {"RED", Money::from_major(5)}};
  c.check_total = Money::from_units(-12'345);  // not the sum: the table's to check, not ours
  c.name = "Zoë";
  c.regulated = true;
  c.block_safe_bets = true;
  c.client_seed = "seed-9";
  c.free_bet = "welcome-chips:9007199254740993";
  c.bonus_first = true;
  return c;
}

table::BetAck sample_ack() {
  table::BetAck a;
  a.request_id = "c-18";
  a.game_id = "bac-2-000007";
  a.cancel = true;
  a.accepted = {{"PLAYER", Money::from_units(123'456)}, {"TIE", Money::from_units(1)}};
  a.cancelled = {{"BANKER", Money::from_units(kBeyondDouble)}};
  a.rejected = {{"P_PAIR", Money::from_major(3), ErrorCode::OverTableMax, "table_min"},
                {"B_PAIR", Money::from_units(7), ErrorCode::InvalidBet1030, ""}};
  a.refusal = Refusal{ErrorCode::BetLate, "bets are closed", "safe_bets"};
  a.balance = ledger::Balance{Money::from_units(987'654'321), Money::from_units(-5)};
  a.round_total = Money::from_units(4'200'000);
  a.duplicate = true;
  a.version = 4'294'967'301;  // beyond 32 bits
  a.free_bet = "welcome-chips:7";
  return a;
}

table::DecisionAck sample_decision_ack() {
  table::DecisionAck a;
  a.request_id = "d-1";
  a.game_id = "bj-1-000004";
  a.seat = 3;
  a.decision = "double";
  a.refusal = Refusal{ErrorCode::DoubleFailed, "two cards only", "das"};
  a.balance = ledger::Balance{Money::from_units(1), Money::from_units(kBeyondDouble)};
  return a;
}

table::AutoplayAck sample_autoplay_ack() {
  table::AutoplayAck a;
  a.request_id = "a-1";
  a.rounds = 25;
  a.state = "started";
  a.refusal = Refusal{ErrorCode::BetsNotAccepted, "not at this table", "onebj"};
  return a;
}

table::AutoplayCommand sample_autoplay() {
  table::AutoplayCommand c;
  c.player = kBigPlayer;
  c.name = "Ann";
  c.currency = "JPY";
  c.request_id = "a-2";
  c.rounds = 37;
  c.strategy.stand = 13;
  c.strategy.hit = 14;
  c.strategy.split = 9;
  c.strategy.split_max = 17;
  c.strategy.double_at = 10;
  c.strategy.double_max = 11;
  c.strategy.insurance = 0;
  c.regulated = true;
  return c;
}

table::BlackjackPrefs sample_prefs() {
  table::BlackjackPrefs p;
  p.doubledown = false;
  p.split = false;
  p.insurance = true;
  p.allow_bet_behind = false;
  p.auto_stand = 3;
  return p;
}

// The request a text decodes to, as the op expected.
template <class T>
T request_as(const std::string& text) {
  auto r = decode_request(text);
  if (!r) {
    ADD_FAILURE() << "refused: " << text;
    return T{};
  }
  if (!std::holds_alternative<T>(*r)) {
    ADD_FAILURE() << "another op: " << text;
    return T{};
  }
  return std::get<T>(*r);
}

json::object object_of(const std::string& text) {
  return json::parse(text).as_object();
}

std::string with(const std::string& text, std::string_view key, json::value v) {
  json::object o = object_of(text);
  o[key] = std::move(v);
  return json::serialize(o);
}

// ---- Requests ------------------------------------------------------------------------

TEST(TableCodec, PlaceBetsComeBackWhole) {
  const table::PlaceBetsCommand c = sample_bets();
  const std::string text = encode(c);
  expect_same(request_as<PlaceBets>(text).cmd, c);
  // Amounts are integers of 1/100000, never floating point.
  json::object o = object_of(text);
  EXPECT_TRUE(o.at("checkTotal").is_int64());
  EXPECT_EQ(o.at("bets").as_array().at(0).as_object().at("amount").as_int64(), kBeyondDouble);

  for (auto kind : {table::PlaceBetsCommand::Kind::add, table::PlaceBetsCommand::Kind::repeat_last,
                    table::PlaceBetsCommand::Kind::all_or_nothing}) {
    table::PlaceBetsCommand other = c;
    other.kind = kind;
    other.check_total.reset();
    other.bets.clear();
    const std::string t = encode(other);
    EXPECT_FALSE(object_of(t).contains("checkTotal"));
    expect_same(request_as<PlaceBets>(t).cmd, other);
  }
}

TEST(TableCodec, CancelBetsComeBackWhole) {
  table::CancelBetsCommand c{kBigPlayer, "x-1", "rou-1-000043", "c-17"};
  expect_same(request_as<CancelBets>(encode(c)).cmd, c);
}

TEST(TableCodec, SitAndLeaveComeBackWhole) {
  const table::Persona who("Ann", "avatar-7");
  Sit sit = request_as<Sit>(encode_sit(kBigPlayer, who, 4));
  EXPECT_EQ(sit.player, kBigPlayer);
  expect_same(sit.who, who);
  EXPECT_EQ(sit.seat, 4);
  Sit any = request_as<Sit>(encode_sit(-3, table::Persona("Bob"), 0));  // any free seat
  EXPECT_EQ(any.player, -3);
  expect_same(any.who, table::Persona("Bob"));
  EXPECT_EQ(any.seat, 0);

  Leave leave = request_as<Leave>(encode_leave(kBigPlayer, 6));
  EXPECT_EQ(leave.player, kBigPlayer);
  EXPECT_EQ(leave.seat, 6);
  EXPECT_EQ(request_as<Leave>(encode_leave(9, 0)).seat, 0);  // every seat
}

TEST(TableCodec, EveryDecisionComesBackWhole) {
  for (auto d :
       {bj::Decision::hit, bj::Decision::stand, bj::Decision::double_down, bj::Decision::split,
        bj::Decision::insurance, bj::Decision::no_insurance, bj::Decision::no_decision}) {
    SCOPED_TRACE(bj::decision_name(d));
    table::DecisionCommand c{kBigPlayer, "d-9", "bj-1-000004", 5, d};
    expect_same(request_as<Decide>(encode(c)).cmd, c);
  }
}

TEST(TableCodec, PrefsAndAutoplayComeBackWhole) {
  Prefs p = request_as<Prefs>(encode_prefs(kBigPlayer, sample_prefs()));
  EXPECT_EQ(p.player, kBigPlayer);
  expect_same(p.prefs, sample_prefs());
  // The defaults, too (true flags, not only the ones set above).
  expect_same(request_as<Prefs>(encode_prefs(1, table::BlackjackPrefs{})).prefs,
              table::BlackjackPrefs{});

  const table::AutoplayCommand c = sample_autoplay();
  expect_same(request_as<Autoplay>(encode(c)).cmd, c);
}

TEST(TableCodec, ChatSqueezeClosingAndSnapshotComeBackWhole) {
  const table::Persona who(kAwkward, "a\"1");
  Chat chat = request_as<Chat>(encode_chat(kBigPlayer, who, kAwkward, "DEALER"));
  EXPECT_EQ(chat.player, kBigPlayer);
  expect_same(chat.who, who);
  EXPECT_EQ(chat.text, kAwkward);
  EXPECT_EQ(chat.role, "DEALER");

  for (double progress : {0.0, 0.45, 0.1 + 0.2, 0.999999, 1.0}) {
    Squeeze s = request_as<Squeeze>(encode_squeeze(kBigPlayer, 4, progress));
    EXPECT_EQ(s.player, kBigPlayer);
    EXPECT_EQ(s.index, 4u);
    EXPECT_DOUBLE_EQ(s.progress, progress);
  }
  EXPECT_EQ(request_as<Squeeze>(encode_squeeze(1, 0, 1.0)).progress, 1.0);  // 1 reveals
  EXPECT_EQ(request_as<Squeeze>(encode_squeeze(1, 0, 0.5)).progress, 0.5);
  // An integer progress, as a hand-written message would give it.
  EXPECT_EQ(request_as<Squeeze>(R"({"op":"squeeze","player":1,"index":2,"progress":1})").progress,
            1.0);

  EXPECT_EQ(request_as<Closing>(encode_closing(15)).minutes, 15);
  EXPECT_EQ(request_as<Closing>(encode_closing(120)).minutes, 120);
  EXPECT_EQ(request_as<Snapshot>(encode_snapshot(kBigPlayer)).player, kBigPlayer);
}

TEST(TableCodec, UnknownKeysAreIgnored) {
  // A newer node may add fields.
  const table::CancelBetsCommand c{7, "x-2", "", ""};
  expect_same(request_as<CancelBets>(with(encode(c), "since", json::value(3))).cmd, c);
  auto ack = decode_seat_reply(with(encode(table::SeatReply{std::nullopt, 2}), "new", "x"));
  ASSERT_TRUE(ack.has_value());
  EXPECT_EQ(ack->seat, 2);
}

// ---- Replies -------------------------------------------------------------------------

TEST(TableCodec, BetAcksComeBackWhole) {
  const table::BetAck a = sample_ack();
  auto back = decode_bet_ack(encode(a));
  ASSERT_TRUE(back.has_value());
  expect_same(*back, a);

  table::BetAck plain;  // no refusal, no balance, empty lists
  plain.request_id = "c-1";
  plain.version = std::numeric_limits<uint64_t>::max();
  plain.round_total = Money::from_units(kBeyondDouble);
  const std::string text = encode(plain);
  EXPECT_FALSE(object_of(text).contains("refusal"));
  EXPECT_FALSE(object_of(text).contains("balance"));
  back = decode_bet_ack(text);
  ASSERT_TRUE(back.has_value());
  expect_same(*back, plain);
}

TEST(TableCodec, SeatRepliesComeBackWhole) {
  const table::SeatReply refused{Refusal{ErrorCode::SeatError, "you already have seat 3", "x"}, 3};
  auto back = decode_seat_reply(encode(refused));
  ASSERT_TRUE(back.has_value());
  expect_same(*back, refused);

  const table::SeatReply seated{std::nullopt, 5};
  back = decode_seat_reply(encode(seated));
  ASSERT_TRUE(back.has_value());
  expect_same(*back, seated);
}

TEST(TableCodec, DecisionAcksComeBackWhole) {
  const table::DecisionAck a = sample_decision_ack();
  auto back = decode_decision_ack(encode(a));
  ASSERT_TRUE(back.has_value());
  expect_same(*back, a);

  table::DecisionAck plain = a;
  plain.refusal.reset();
  plain.balance.reset();
  back = decode_decision_ack(encode(plain));
  ASSERT_TRUE(back.has_value());
  expect_same(*back, plain);
}

TEST(TableCodec, AutoplayAcksComeBackWhole) {
  const table::AutoplayAck a = sample_autoplay_ack();
  auto back = decode_autoplay_ack(encode(a));
  ASSERT_TRUE(back.has_value());
  expect_same(*back, a);

  table::AutoplayAck plain{"a-3", 0, "stopped", std::nullopt};
  back = decode_autoplay_ack(encode(plain));
  ASSERT_TRUE(back.has_value());
  expect_same(*back, plain);
}

table::CashOutAck sample_cash_out_ack() {
  table::CashOutAck a;
  a.request_id = "co-1";
  a.game_id = "sm-1-000012";
  a.spot = "BET_1";
  a.half = true;
  a.paid = games::crash::CashedOut{
      7,     "Ann",          "BET_1",      true, false, 215, Money{500000}, Money{1075000},
      "EUR", Money{9000000}, Money{100000}};
  return a;
}

TEST(TableCodec, CashOutsComeBackWhole) {
  auto r =
      decode_request(encode(table::CashOutCommand{7, "co-1", "sm-1-000012", "BET_2", true, {}}));
  ASSERT_TRUE(r.has_value());
  const auto& c = std::get<CashOut>(*r).cmd;
  EXPECT_EQ(c.player, 7);
  EXPECT_EQ(c.request_id, "co-1");
  EXPECT_EQ(c.game_id, "sm-1-000012");
  EXPECT_EQ(c.spot, "BET_2");
  EXPECT_TRUE(c.half);

  auto a = decode_request(encode(table::AutoCashOutCommand{7, "ac-1", "BET_1", {250, 150}}));
  ASSERT_TRUE(a.has_value());
  const auto& autos = std::get<AutoCashOut>(*a).cmd;
  EXPECT_EQ(autos.spot, "BET_1");
  EXPECT_EQ(autos.autos, (games::crash::AutoCashOut{250, 150}));
  auto off = decode_request(encode(table::AutoCashOutCommand{7, "ac-2", "BET_1", {}}));
  ASSERT_TRUE(off.has_value());
  EXPECT_TRUE(std::get<AutoCashOut>(*off).cmd.autos.off());

  const table::CashOutAck paid = sample_cash_out_ack();
  auto back = decode_cash_out_ack(encode(paid));
  ASSERT_TRUE(back.has_value());
  ASSERT_TRUE(back->paid.has_value());
  EXPECT_EQ(back->request_id, "co-1");
  EXPECT_TRUE(back->half);
  EXPECT_EQ(back->paid->x, 215);
  EXPECT_EQ(back->paid->returned, Money{1075000});
  EXPECT_EQ(back->paid->cash, Money{9000000});
  EXPECT_EQ(back->paid->name, "Ann");
  table::CashOutAck refused = paid;
  refused.paid.reset();
  refused.refusal = Refusal{ErrorCode::TurnEnded, "the flight crashed", "crashed"};
  back = decode_cash_out_ack(encode(refused));
  ASSERT_TRUE(back.has_value());
  EXPECT_FALSE(back->paid.has_value());
  EXPECT_EQ(code_of(back->refusal), ErrorCode::TurnEnded);

  auto ack =
      decode_auto_cash_out_ack(encode(table::AutoCashOutAck{"ac-1", "BET_1", {300, {}}, {}}));
  ASSERT_TRUE(ack.has_value());
  EXPECT_EQ(ack->autos.at, 300);
  EXPECT_FALSE(ack->autos.half_at.has_value());
  EXPECT_FALSE(decode_cash_out_ack(encode(*ack)).has_value());  // not taken for another
}

TEST(TableCodec, ShowChoicesComeBackWhole) {
  auto r = decode_request(encode(table::ChooseCommand{7, "ch-1", "sbz-1-000012", 3, "cash", {}}));
  ASSERT_TRUE(r.has_value());
  const auto& c = std::get<Choose>(*r).cmd;
  EXPECT_EQ(c.player, 7);
  EXPECT_EQ(c.request_id, "ch-1");
  EXPECT_EQ(c.game_id, "sbz-1-000012");
  EXPECT_EQ(c.step, 3);
  EXPECT_EQ(c.choice, "cash");

  table::ChooseAck refused{"ch-1", "sbz-1-000012", 3, "cash",
                           Refusal{ErrorCode::DecisionTimeOver, "this choice is closed"}};
  auto back = decode_choose_ack(encode(refused));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->step, 3);
  EXPECT_EQ(back->choice, "cash");
  EXPECT_EQ(code_of(back->refusal), ErrorCode::DecisionTimeOver);
  EXPECT_FALSE(decode_auto_cash_out_ack(encode(refused)).has_value());
}

TEST(TableCodec, ChatAndSqueezeAnswersComeBackWhole) {
  auto refused = decode_error(encode_error(ErrorCode::NotYourTurn));
  ASSERT_TRUE(refused.has_value());
  ASSERT_TRUE(refused->has_value());
  EXPECT_EQ(**refused, ErrorCode::NotYourTurn);

  auto fine = decode_error(encode_error(std::nullopt));
  ASSERT_TRUE(fine.has_value());
  EXPECT_FALSE(fine->has_value());
}

// ---- Malformed input -----------------------------------------------------------------

using Decoder = std::function<bool(std::string_view)>;

bool request_ok(std::string_view t) {
  return decode_request(t).has_value();
}

// Every encoded message, each with the decoder it belongs to and its optional keys.
struct Sample {
  std::string name;
  std::string text;
  Decoder decode;
  std::vector<std::string> optional_keys;
  bool request = false;
};

std::vector<Sample> samples() {
  const table::Persona who("Ann", "a1");
  return {
      {"place_bets",
       encode(sample_bets()),
       request_ok,
       {"checkTotal", "clientSeed", "freeBet", "bonusFirst"},
       true},
      {"cancel_bets", encode(table::CancelBetsCommand{1, "x", "g", "c"}), request_ok, {}, true},
      {"sit", encode_sit(1, who, 2), request_ok, {}, true},
      {"leave", encode_leave(1, 2), request_ok, {}, true},
      {"decide",
       encode(table::DecisionCommand{1, "d", "g", 2, bj::Decision::split}),
       request_ok,
       {},
       true},
      {"prefs", encode_prefs(1, sample_prefs()), request_ok, {}, true},
      {"autoplay", encode(sample_autoplay()), request_ok, {}, true},
      {"chat", encode_chat(1, who, "hi", "GAME_USER"), request_ok, {}, true},
      {"squeeze", encode_squeeze(1, 2, 0.5), request_ok, {}, true},
      {"closing", encode_closing(10), request_ok, {}, true},
      {"snapshot", encode_snapshot(1), request_ok, {}, true},
      {"cash_out",
       encode(table::CashOutCommand{1, "c", "g", "BET_1", false, {}}),
       request_ok,
       {},
       true},
      {"auto_cash_out",
       encode(table::AutoCashOutCommand{1, "a", "BET_1", {250, 150}}),
       request_ok,
       {"at", "halfAt"},
       true},
      {"cash out ack",
       encode(sample_cash_out_ack()),
       [](std::string_view t) { return decode_cash_out_ack(t).has_value(); },
       {"paid", "refusal", "paid.cash", "paid.bonus"}},
      {"bet ack",
       encode(sample_ack()),
       [](std::string_view t) { return decode_bet_ack(t).has_value(); },
       {"refusal", "balance", "freeBet"}},
      {"seat reply",
       encode(table::SeatReply{Refusal{ErrorCode::SeatOccupied, "d", "r"}, 1}),
       [](std::string_view t) { return decode_seat_reply(t).has_value(); },
       {"refusal"}},
      {"decision ack",
       encode(sample_decision_ack()),
       [](std::string_view t) { return decode_decision_ack(t).has_value(); },
       {"refusal", "balance"}},
      {"autoplay ack",
       encode(sample_autoplay_ack()),
       [](std::string_view t) { return decode_autoplay_ack(t).has_value(); },
       {"refusal"}},
      {"result",
       encode_error(ErrorCode::ActionFailed),
       [](std::string_view t) { return decode_error(t).has_value(); },
       {"error"}},
  };
}

// A step into a JSON value: a key of an object or an index of an array.
using Step = std::variant<std::string, size_t>;

json::value& at(json::value& root, const std::vector<Step>& path) {
  json::value* v = &root;
  for (const Step& s : path) {
    if (const auto* key = std::get_if<std::string>(&s))
      v = &v->as_object().at(*key);
    else
      v = &v->as_array().at(std::get<size_t>(s));
  }
  return *v;
}

// The path of every member of every object and of every element of every array.
void paths(const json::value& v, std::vector<Step>& path, std::vector<std::vector<Step>>& out) {
  if (v.is_object()) {
    for (const auto& [k, child] : v.as_object()) {
      path.push_back(std::string(k));
      out.push_back(path);
      paths(child, path, out);
      path.pop_back();
    }
  } else if (v.is_array()) {
    const json::array& a = v.as_array();
    for (size_t i = 0; i < a.size(); ++i) {
      path.push_back(i);
      out.push_back(path);
      paths(a[i], path, out);
      path.pop_back();
    }
  }
}

std::string describe(const std::vector<Step>& path) {
  std::string out;
  for (const Step& s : path) {
    if (const auto* key = std::get_if<std::string>(&s))
      out += "." + *key;
    else
      out += "[" + std::to_string(std::get<size_t>(s)) + "]";
  }
  return out;
}

TEST(TableCodec, EveryFieldIsRequiredAndTyped) {
  for (const Sample& s : samples()) {
    SCOPED_TRACE(s.name);
    ASSERT_TRUE(s.decode(s.text)) << s.text;
    const json::value root = json::parse(s.text);
    std::vector<Step> path;
    std::vector<std::vector<Step>> all;
    paths(root, path, all);
    for (const auto& p : all) {
      SCOPED_TRACE(describe(p));
      // null and an empty object are never a field's value (nor an element's).
      for (const json::value& bad : {json::value(nullptr), json::value(json::object{})}) {
        json::value changed = root;
        at(changed, p) = bad;
        EXPECT_FALSE(s.decode(json::serialize(changed))) << json::serialize(changed);
      }
      // A field left out: refused, unless it is an optional one.
      if (const auto* key = std::get_if<std::string>(&p.back())) {
        json::value changed = root;
        std::vector<Step> parent(p.begin(), p.end() - 1);
        at(changed, parent).as_object().erase(*key);
        // Keys of a nested object (a cash-out's balance) are named with their parent's.
        std::string name = *key;
        if (p.size() == 2)
          if (const auto* outer = std::get_if<std::string>(&p.front())) name = *outer + "." + *key;
        const bool optional =
            p.size() <= 2 && std::find(s.optional_keys.begin(), s.optional_keys.end(), name) !=
                                 s.optional_keys.end();
        EXPECT_EQ(s.decode(json::serialize(changed)), optional) << json::serialize(changed);
      }
    }
    // Cut short anywhere, or followed by more: not JSON.
    for (size_t cut = 0; cut < s.text.size(); ++cut)
      EXPECT_FALSE(s.decode(std::string_view(s.text).substr(0, cut))) << cut;
    EXPECT_FALSE(s.decode(s.text + "x"));
    EXPECT_FALSE(s.decode(s.text + s.text));
  }
}

TEST(TableCodec, RepliesAreNotTakenForOneAnother) {
  const auto all = samples();
  for (const Sample& a : all) {
    for (const Sample& b : all) {
      if (&a == &b || (a.request && b.request)) continue;  // the requests share one decoder
      EXPECT_FALSE(b.decode(a.text)) << a.name << " read as " << b.name;
    }
  }
}

TEST(TableCodec, MalformedTextIsRefused) {
  for (std::string_view text :
       {"", " ", "[]", "{}", "null", "42", "\"op\"", "{\"op\":\"sit\"", "{op:\"snapshot\"}",
        R"({"op":"snapshot","player":1,})", R"({"op":"dance","player":1})",
        R"({"op":7,"player":1})", R"({"op":null})", R"({"player":1})", R"([{"op":"snapshot"}])",
        R"({"op":"SNAPSHOT","player":1})", R"({"reply":"seat","seat":1})"}) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(decode_request(text).has_value());
    EXPECT_FALSE(decode_bet_ack(text).has_value());
    EXPECT_FALSE(decode_decision_ack(text).has_value());
    EXPECT_FALSE(decode_autoplay_ack(text).has_value());
    EXPECT_FALSE(decode_error(text).has_value());
  }
  for (std::string_view text :
       {"", "[]", "{}", R"({"reply":"bet","seat":1})", R"({"reply":"seat"})", R"({"seat":1})"}) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(decode_seat_reply(text).has_value());
  }
  // Deeply nested: refused, not a stack overflow.
  std::string deep = R"({"op":"snapshot","player":1,"x":)" + std::string(100'000, '[') +
                     std::string(100'000, ']') + "}";
  EXPECT_FALSE(decode_request(deep).has_value());
}

TEST(TableCodec, WrongTypesAndUnknownValuesAreRefused) {
  const std::string bets = encode(sample_bets());
  EXPECT_FALSE(decode_request(with(bets, "kind", "some")).has_value());
  EXPECT_FALSE(decode_request(with(bets, "kind", 0)).has_value());
  EXPECT_FALSE(decode_request(with(bets, "player", "42")).has_value());
  EXPECT_FALSE(decode_request(with(bets, "player", 42.0)).has_value());
  EXPECT_FALSE(decode_request(with(bets, "player", std::numeric_limits<uint64_t>::max()))
                   .has_value());  // beyond int64
  EXPECT_FALSE(decode_request(with(bets, "regulated", 1)).has_value());
  EXPECT_FALSE(decode_request(with(bets, "currency", 978)).has_value());
  EXPECT_FALSE(decode_request(with(bets, "checkTotal", "1.00")).has_value());
  EXPECT_FALSE(decode_request(with(bets, "checkTotal", 1.0)).has_value());  // never a double
  EXPECT_FALSE(decode_request(with(bets, "bets", json::array{1})).has_value());
  EXPECT_FALSE(decode_request(with(bets, "bets", json::object{})).has_value());
  EXPECT_FALSE(decode_request(
                   with(bets, "bets", json::array{json::object{{"spot", "RED"}, {"amount", 1.5}}}))
                   .has_value());

  const std::string decide = encode(table::DecisionCommand{1, "d", "g", 2, bj::Decision::hit});
  EXPECT_FALSE(decode_request(with(decide, "decision", "surrender")).has_value());
  EXPECT_FALSE(decode_request(with(decide, "decision", "double_down")).has_value());
  EXPECT_FALSE(decode_request(with(decide, "decision", 0)).has_value());
  EXPECT_FALSE(decode_request(with(decide, "seat", -1)).has_value());
  EXPECT_FALSE(decode_request(with(decide, "seat", "2")).has_value());

  // Seats and counts are never negative, nor beyond an int.
  EXPECT_FALSE(decode_request(encode_sit(1, table::Persona("Ann"), -1)).has_value());
  EXPECT_FALSE(decode_request(with(encode_sit(1, table::Persona("Ann"), 1), "seat",
                                   int64_t{std::numeric_limits<int>::max()} + 1))
                   .has_value());
  EXPECT_FALSE(decode_request(encode_leave(1, -2)).has_value());
  EXPECT_FALSE(
      decode_request(with(encode_sit(1, table::Persona("Ann"), 1), "who", "Ann")).has_value());
  table::AutoplayCommand autoplay = sample_autoplay();
  autoplay.rounds = -1;
  EXPECT_FALSE(decode_request(encode(autoplay)).has_value());
  EXPECT_FALSE(
      decode_request(with(encode(sample_autoplay()), "strategy", json::object{{"stand", 12}}))
          .has_value());
  EXPECT_FALSE(decode_request(with(encode_prefs(1, sample_prefs()), "prefs",
                                   json::object{{"doubledown", true}}))
                   .has_value());

  // Squeeze: a card's index from 0, a progress from 0 to 1.
  const std::string squeeze = encode_squeeze(1, 2, 0.5);
  EXPECT_FALSE(decode_request(with(squeeze, "index", -1)).has_value());
  EXPECT_FALSE(decode_request(with(squeeze, "index", 1.0)).has_value());
  EXPECT_FALSE(decode_request(with(squeeze, "progress", 1.5)).has_value());
  EXPECT_FALSE(decode_request(with(squeeze, "progress", -0.1)).has_value());
  EXPECT_FALSE(decode_request(with(squeeze, "progress", 2)).has_value());
  EXPECT_FALSE(decode_request(with(squeeze, "progress", "0.5")).has_value());
  EXPECT_FALSE(decode_request(R"({"op":"squeeze","player":1,"index":0,"progress":1e999})")
                   .has_value());  // infinite

  // Closing: 1 to 120 minutes.
  EXPECT_FALSE(decode_request(encode_closing(0)).has_value());
  EXPECT_FALSE(decode_request(encode_closing(121)).has_value());
  EXPECT_FALSE(decode_request(encode_closing(-5)).has_value());

  // Error codes must be in the catalogue.
  EXPECT_FALSE(decode_error(R"({"reply":"result","error":9999})").has_value());
  EXPECT_FALSE(decode_error(R"({"reply":"result","error":"1021"})").has_value());
  EXPECT_FALSE(decode_error(R"({"reply":"result","error":4294968317})").has_value());
  const std::string ack = encode(sample_ack());
  EXPECT_FALSE(
      decode_bet_ack(with(ack, "refusal", json::object{{"code", 42}, {"detail", ""}, {"rule", ""}}))
          .has_value());
  EXPECT_FALSE(
      decode_bet_ack(with(ack, "rejected",
                          json::array{json::object{
                              {"spot", "RED"}, {"amount", 1}, {"code", 1}, {"reason", ""}}}))
          .has_value());
  EXPECT_FALSE(decode_bet_ack(with(ack, "version", -1)).has_value());
  EXPECT_FALSE(decode_bet_ack(with(ack, "balance", json::object{{"cash", 1}})).has_value());
  EXPECT_FALSE(decode_seat_reply(encode(table::SeatReply{std::nullopt, -1})).has_value());
  EXPECT_FALSE(decode_autoplay_ack(with(encode(sample_autoplay_ack()), "rounds", -3)).has_value());
}

}  // namespace
}  // namespace croupier::gateway::table_codec
