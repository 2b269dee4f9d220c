#include "ledger/op_codec.hpp"

#include <gtest/gtest.h>

namespace croupier::ledger {
namespace {

TEST(Fingerprint, IgnoresTheTimestampButNothingElse) {
  PlaceBets a{"k", "r1", 7, "EUR", {{"red", Money{100}}, {"17", Money{5}}}, 1};
  PlaceBets b = a;
  b.at_ms = 999;
  EXPECT_EQ(fingerprint(a), fingerprint(b));
  b.bets[1].amount = Money{6};
  EXPECT_NE(fingerprint(a), fingerprint(b));
  b = a;
  std::swap(b.bets[0], b.bets[1]);  // line order decides the order of bet ids
  EXPECT_NE(fingerprint(a), fingerprint(b));
  b = a;
  b.player = 8;
  EXPECT_NE(fingerprint(a), fingerprint(b));
  EXPECT_EQ(fingerprint(a).size(), 32u);
}

TEST(Fingerprint, UnorderedListsAreSortedFirst) {
  SettleRound a{"r1", {{1, Money{10}}, {2, Money{0}}}, 1};
  SettleRound b{"r1", {{2, Money{0}}, {1, Money{10}}}, 2};
  EXPECT_EQ(fingerprint(a), fingerprint(b));
  b.returns[0].second = Money{1};
  EXPECT_NE(fingerprint(a), fingerprint(b));
  CancelBets c{"k", "r1", 7, {3, 1, 2}, 1};
  CancelBets d{"k", "r1", 7, {1, 2, 3}, 1};
  EXPECT_EQ(fingerprint(c), fingerprint(d));
}

TEST(Fingerprint, ACashOutIsItsPlayersBetsAndReturnsInAnyOrder) {
  SettleBets a{"k", "r1", 7, {{1, Money{10}}, {2, Money{0}}}, 1};
  SettleBets b{"k", "r1", 7, {{2, Money{0}}, {1, Money{10}}}, 2};
  EXPECT_EQ(fingerprint(a), fingerprint(b));
  b.returns[1].second = Money{11};
  EXPECT_NE(fingerprint(a), fingerprint(b));
  b = a;
  b.player = 8;
  EXPECT_NE(fingerprint(a), fingerprint(b));
  b = a;
  b.round_id = "r2";
  EXPECT_NE(fingerprint(a), fingerprint(b));
  b = a;
  b.returns.pop_back();
  EXPECT_NE(fingerprint(a), fingerprint(b));
  // Not the round's settlement with the same returns.
  EXPECT_NE(fingerprint(a), fingerprint(SettleRound{"r1", a.returns, 1}));
}

TEST(Fingerprint, FieldBoundariesCannotBlur) {
  // Without length prefixes "ab" + "c" and "a" + "bc" would serialize alike.
  OpenRound a{"r", "ab", "c", 1, 0};
  OpenRound b{"r", "a", "bc", 1, 0};
  EXPECT_NE(fingerprint(a), fingerprint(b));
  // The kind is part of the content: a result and a reason with the same text differ.
  EXPECT_NE(fingerprint(RecordResult{"r", "x", 0}), fingerprint(CancelRound{"r", "x", 0}));
}

TEST(StoredResult, RoundTrips) {
  EXPECT_EQ(decode_bet_ids(encode_bet_ids({4, 5, 6})), (std::vector<BetId>{4, 5, 6}));
  EXPECT_EQ(decode_bet_ids(""), std::vector<BetId>{});
  EXPECT_FALSE(decode_bet_ids("4,x").has_value());

  auto refund = decode_refund(encode_refund({Money{250000}, "EUR"}));
  ASSERT_TRUE(refund.has_value());
  EXPECT_EQ(refund->refunded, Money{250000});
  EXPECT_EQ(refund->currency, "EUR");
  EXPECT_FALSE(decode_refund("12").has_value());

  PlayerSettlement p;
  p.player = 7;
  p.currency = "USD";
  p.staked = Money{100};
  p.returned = Money{3600};
  auto players = decode_settlement(encode_settlement({p, p}));
  ASSERT_TRUE(players.has_value());
  ASSERT_EQ(players->size(), 2u);
  EXPECT_EQ((*players)[1].player, 7);
  EXPECT_EQ((*players)[1].currency, "USD");
  EXPECT_EQ((*players)[1].staked, Money{100});
  EXPECT_EQ((*players)[1].returned, Money{3600});
  EXPECT_EQ(decode_settlement("")->size(), 0u);
  EXPECT_FALSE(decode_settlement("7 USD 100\n").has_value());
}

}  // namespace
}  // namespace croupier::ledger
