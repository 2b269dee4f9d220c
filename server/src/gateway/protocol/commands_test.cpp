#include "gateway/protocol/commands.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace croupier::gateway {
namespace {

TEST(Commands, ParsesABetCommandWithItsBets) {
  auto r = parse_command(
      R"(<pbet tableId="rou-1" gameMode="roulette_mobile" gameId="rou-1-000042" userId="12" )"
      R"(checkValue="6.00" requestId="c-1"><bet code="RED" amount="5.00"/><bet code="STRAIGHT_17" amount="1"/></pbet>)");
  ASSERT_TRUE(r.ok()) << r.error().detail;
  const auto& c = std::get<BetCommand>(r.value());
  EXPECT_EQ(c.kind, BetCommand::Kind::pbet);
  EXPECT_EQ(c.table_id, "rou-1");
  EXPECT_EQ(c.game_mode, "roulette_mobile");
  EXPECT_EQ(c.game_id, "rou-1-000042");
  EXPECT_EQ(c.user_id, "12");
  EXPECT_EQ(c.request_id, "c-1");
  EXPECT_EQ(c.check_value, parse_money("6"));
  ASSERT_EQ(c.bets.size(), 2u);
  EXPECT_EQ(c.bets[1].spot, "STRAIGHT_17");
  EXPECT_EQ(c.bets[1].amount, Money::from_major(1));
}

TEST(Commands, ABetCarriesThePlayersClientSeedWhenItIsOne) {
  auto seeded = parse_command(
      R"(<pbet tableId="rou-1" gameMode="roulette_mobile" userId="12" requestId="c-1" )"
      R"(clientSeed="lucky_7-A"><bet code="RED" amount="5.00"/></pbet>)");
  ASSERT_TRUE(seeded.ok()) << seeded.error().detail;
  EXPECT_EQ(std::get<BetCommand>(seeded.value()).client_seed, "lucky_7-A");
  for (const char* bad : {"", "a,b", "two words", "ÿ"}) {
    auto r = parse_command(
        std::string(R"(<lpbet tableId="rou-1" gameMode="roulette_mobile" userId="12" )") +
        R"(requestId="c-2" clientSeed=")" + bad + R"("/>)");
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error().detail.find("clientSeed"), std::string::npos) << r.error().detail;
  }
}

TEST(Commands, AFreeBetNamesItsBonusAndEachBetsChips) {
  auto r = parse_command(
      R"(<pbet tableId="rou-1" gameMode="roulette_mobile" userId="12" requestId="c-9" )"
      R"(bonusId="welcome-chips:12" bonusCode="FREECHIP" chipValue="1.00" )"
      R"(campaignName="Welcome chips" bonusRequestId="welcome-chips:12">)"
      R"(<bet code="RED" amount="2.00" chipCount="2"/><bet code="STRAIGHT_17" amount="1" chipCount="1"/></pbet>)");
  ASSERT_TRUE(r.ok()) << r.error().detail;
  const auto& c = std::get<BetCommand>(r.value());
  ASSERT_TRUE(c.free_bet);
  EXPECT_EQ(c.free_bet->bonus_id, "welcome-chips:12");
  EXPECT_EQ(c.free_bet->bonus_code, "FREECHIP");
  EXPECT_EQ(c.free_bet->campaign_name, "Welcome chips");
  EXPECT_EQ(c.free_bet->chip_value, Money::from_major(1));
  EXPECT_EQ(c.free_bet->chip_counts, (std::vector<int64_t>{2, 1}));
  // A player's own bets carry no bonus.
  auto own = parse_command(
      R"(<pbet tableId="rou-1" gameMode="roulette_mobile" userId="12" requestId="c-1"><bet code="RED" amount="1"/></pbet>)");
  ASSERT_TRUE(own.ok());
  EXPECT_FALSE(std::get<BetCommand>(own.value()).free_bet);
  struct Bad {
    std::string xml, says;
  };
  const std::string head =
      R"(<pbet tableId="rou-1" gameMode="roulette_mobile" userId="12" requestId="c-2" )";
  for (
      const Bad& bad : std::vector<Bad>{
          {head + R"(bonusId="b:1" chipValue="1.00"><bet code="RED" amount="1"/></pbet>)",
           "chipCount"},
          {head +
               R"(bonusId="b:1" chipValue="1.00"><bet code="RED" amount="1" chipCount="0"/></pbet>)",
           "chipCount"},
          {head + R"(bonusId="b:1"><bet code="RED" amount="1" chipCount="1"/></pbet>)",
           "chipValue"},
          {head +
               R"(bonusId="b:1" chipValue="-1"><bet code="RED" amount="1" chipCount="1"/></pbet>)",
           "chipValue"},
          {head + R"(><bet code="RED" amount="1" chipCount="1"/></pbet>)", "chipCount"},
          {R"(<lpbet tableId="rou-1" gameMode="roulette_mobile" userId="12" requestId="c-3" bonusId="b:1" chipValue="1"/>)",
           "free chips"},
      }) {
    auto refused = parse_command(bad.xml);
    ASSERT_FALSE(refused.ok()) << bad.xml;
    EXPECT_NE(refused.error().detail.find(bad.says), std::string::npos)
        << refused.error().detail << " for " << bad.xml;
  }
}

TEST(Commands, AStakeMustBePositive) {
  // Found by fuzz_command: a zero or negative amount parsed as money and went on to the table.
  for (const char* amount : {"0", "0.00", "-1.00", "-0.00001"}) {
    auto r = parse_command(std::string(R"(<pbet tableId="rou-1" gameMode="roulette_mobile" )") +
                           R"(gameId="rou-1-000042" userId="12" requestId="c-1">)" +
                           R"(<bet code="RED" amount=")" + amount + R"("/></pbet>)");
    ASSERT_FALSE(r.ok()) << amount;
    EXPECT_EQ(r.error().code, ErrorCode::InvalidBet);
    EXPECT_EQ(r.error().request_id, "c-1");
  }
  auto json = parse_json_bet(
      boost::json::parse(R"({"requestId":"r2","tableId":"mw-1","gameMode":"megawheel_mobile",)"
                         R"("bets":[{"code":"1","amount":"0"}]})")
          .as_object());
  EXPECT_FALSE(json.ok());
}

TEST(Commands, ParsesSubscribePingAndRebet) {
  auto sub = parse_command(R"(<subscribe channel="table-rou-1" epoch="abc_D-9" v="42"/>)");
  ASSERT_TRUE(sub.ok());
  EXPECT_EQ(std::get<SubscribeCommand>(sub.value()).version, 42u);
  EXPECT_EQ(std::get<SubscribeCommand>(sub.value()).epoch, "abc_D-9");
  auto fresh = parse_command(R"(<subscribe channel="table-rou-1"/>)");
  EXPECT_FALSE(std::get<SubscribeCommand>(fresh.value()).version.has_value());
  EXPECT_TRUE(std::holds_alternative<PingCommand>(parse_command(R"(<ping id="7"/>)").value()));
  EXPECT_TRUE(std::holds_alternative<ActiveCommand>(parse_command("<active/>").value()));
  auto rebet = parse_command(
      R"(<lpbet tableId="rou-1" gameMode="roulette_desktop" userId="1" requestId="r"/>)");
  ASSERT_TRUE(rebet.ok());
  EXPECT_EQ(std::get<BetCommand>(rebet.value()).kind, BetCommand::Kind::lpbet);
}

TEST(Commands, ParsesCancelBets) {
  auto undo = parse_command(
      R"(<cancelbets tableId="rou-1" gameMode="roulette_mobile" gameId="g" userId="3" requestId="u-1" of="c-7"/>)");
  ASSERT_TRUE(undo.ok()) << undo.error().detail;
  EXPECT_EQ(std::get<BetCommand>(undo.value()).kind, BetCommand::Kind::cancelbets);
  EXPECT_EQ(std::get<BetCommand>(undo.value()).of_request, "c-7");
  auto clear = parse_command(
      R"(<cancelbets tableId="rou-1" gameMode="roulette_mobile" userId="3" requestId="u-2"/>)");
  ASSERT_TRUE(clear.ok());
  EXPECT_TRUE(std::get<BetCommand>(clear.value()).of_request.empty());
  EXPECT_FALSE(
      parse_command(
          R"(<pbet tableId="rou-1" gameMode="roulette_mobile" userId="3" requestId="u" of="x"><bet code="RED" amount="1"/></pbet>)")
          .ok());
  EXPECT_FALSE(
      parse_command(
          R"(<cancelbets tableId="rou-1" gameMode="roulette_mobile" userId="3" requestId="u"><bet code="RED" amount="1"/></cancelbets>)")
          .ok());
}

TEST(Commands, RefusesWhatIsNotACommandWith1005AndSaysWhy) {
  const char* bad[] = {
      "",
      "not xml",
      "<pbet",
      "<a/><b/>",
      "<launchmissiles/>",
      R"(<pbet tableId="rou-1" gameMode="roulette_desktop" userId="1"><bet code="RED" amount="1"/></pbet>)",
      R"(<pbet tableId="rou-1" gameMode="roulette_desktop" userId="1" requestId="r"/>)",
      R"(<pbet tableId="rou-1" gameMode="roulette" userId="1" requestId="r"><bet code="RED" amount="1"/></pbet>)",
      R"(<pbet tableId="rou-1" gameMode="roulette_desktop" userId="1" requestId="r"><bet code="RED" amount="1.000001"/></pbet>)",
      R"(<pbet tableId="rou-1" gameMode="roulette_desktop" userId="1" requestId="r"><bet code="RED"/></pbet>)",
      R"(<pbet tableId="rou-1" gameMode="roulette_desktop" userId="1" requestId="r"><chip/></pbet>)",
      R"(<pbet tableId="rou 1" gameMode="roulette_desktop" userId="1" requestId="r"><bet code="RED" amount="1"/></pbet>)",
      R"(<lpbet tableId="rou-1" gameMode="roulette_desktop" userId="1" requestId="r"><bet code="RED" amount="1"/></lpbet>)",
      R"(<subscribe channel="table-rou-1" v="-1"/>)",
      R"(<subscribe/>)",
      R"(<!DOCTYPE x [<!ENTITY a "aaaa">]><ping id="&a;"/>)",
  };
  for (const char* text : bad) {
    auto r = parse_command(text);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_EQ(r.error().code, ErrorCode::InvalidBet) << text;
    EXPECT_FALSE(r.error().detail.empty()) << text;
  }
}

TEST(Commands, EchoesTheRequestIdOfARefusedBet) {
  auto r = parse_command(R"(<pbet tableId="rou-1" gameMode="x" userId="1" requestId="keep-me"/>)");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().request_id, "keep-me");
}

TEST(Commands, BoundsTheNumberOfBets) {
  std::string xml =
      R"(<pbet tableId="rou-1" gameMode="roulette_desktop" userId="1" requestId="r">)";
  for (size_t i = 0; i <= kBetsPerCommandMax; ++i) xml += R"(<bet code="RED" amount="1"/>)";
  xml += "</pbet>";
  EXPECT_FALSE(parse_command(xml).ok());
}

TEST(Commands, GameModes) {
  EXPECT_TRUE(valid_game_mode("roulette_desktop"));
  EXPECT_TRUE(valid_game_mode("lobby_mobile"));
  EXPECT_TRUE(valid_game_mode("onebj_mobile"));
  EXPECT_FALSE(valid_game_mode("roulette"));
  EXPECT_FALSE(valid_game_mode("_desktop"));
  EXPECT_FALSE(valid_game_mode("Roulette_desktop"));
  EXPECT_FALSE(valid_game_mode("roulette_tv"));
}

TEST(Commands, SeatsAndChat) {
  auto sit = parse_command(R"(<sit tableId="prive-1" requestId="s1" seat="3"/>)");
  ASSERT_TRUE(sit.ok());
  const auto& seat = std::get<SeatCommand>(sit.value());
  EXPECT_TRUE(seat.sit);
  EXPECT_EQ(seat.seat, 3);
  EXPECT_EQ(
      std::get<SeatCommand>(parse_command(R"(<sit tableId="p" requestId="s"/>)").value()).seat, 0);
  EXPECT_FALSE(
      std::get<SeatCommand>(parse_command(R"(<leave tableId="prive-1" requestId="s2"/>)").value())
          .sit);
  EXPECT_FALSE(parse_command(R"(<sit tableId="p" requestId="s" seat="-1"/>)").ok());
  EXPECT_FALSE(parse_command(R"(<sit tableId="p" requestId="s" seat="2x"/>)").ok());
  // Blackjack players hold several seats: leave names the one given up.
  EXPECT_EQ(
      std::get<SeatCommand>(parse_command(R"(<leave tableId="p" requestId="s" seat="2"/>)").value())
          .seat,
      2);

  auto chat =
      parse_command(R"(<chat tableId="rou-1" requestId="m1">  Bonne chance à tous! </chat>)");
  ASSERT_TRUE(chat.ok());
  EXPECT_EQ(std::get<ChatCommand>(chat.value()).text, "Bonne chance à tous!");
  // Markup arrives as text, never as elements.
  auto markup =
      parse_command(R"(<chat tableId="rou-1" requestId="m2">&lt;b&gt;hi&lt;/b&gt;</chat>)");
  ASSERT_TRUE(markup.ok());
  EXPECT_EQ(std::get<ChatCommand>(markup.value()).text, "<b>hi</b>");
  EXPECT_FALSE(parse_command(R"(<chat tableId="rou-1" requestId="m3">   </chat>)").ok());
  EXPECT_FALSE(parse_command("<chat tableId=\"rou-1\" requestId=\"m4\">a\x01b</chat>").ok());
  EXPECT_TRUE(
      parse_command("<chat tableId=\"rou-1\" requestId=\"m5\">" + std::string(200, 'a') + "</chat>")
          .ok());
  EXPECT_FALSE(
      parse_command("<chat tableId=\"rou-1\" requestId=\"m6\">" + std::string(201, 'a') + "</chat>")
          .ok());
  // 200 characters of two bytes each are 200 characters.
  std::string accents;
  for (int i = 0; i < 200; ++i) accents += "é";
  EXPECT_TRUE(
      parse_command("<chat tableId=\"rou-1\" requestId=\"m7\">" + accents + "</chat>").ok());
}

TEST(Commands, BlackjackDecisionsAndAutoplay) {
  using games::blackjack::Decision;
  auto d = parse_command(
      R"(<decide tableId="bj-1" requestId="d1" gameId="bj-1-000004" seat="3" decision="double"/>)");
  ASSERT_TRUE(d.ok());
  const auto& decide = std::get<DecideCommand>(d.value());
  EXPECT_EQ(decide.table_id, "bj-1");
  EXPECT_EQ(decide.game_id, "bj-1-000004");
  EXPECT_EQ(decide.seat, 3);
  EXPECT_EQ(decide.decision, Decision::double_down);
  for (auto [text, want] : {std::pair{"hit", Decision::hit},
                            {"stand", Decision::stand},
                            {"split", Decision::split},
                            {"insurance", Decision::insurance},
                            {"no_insurance", Decision::no_insurance},
                            {"no_decision", Decision::no_decision}}) {
    auto c = parse_command(std::string(R"(<decide tableId="onebj-1" requestId="d" decision=")") +
                           text + "\"/>");
    ASSERT_TRUE(c.ok()) << text;
    EXPECT_EQ(std::get<DecideCommand>(c.value()).decision, want);
    EXPECT_EQ(std::get<DecideCommand>(c.value()).seat, 0);
  }
  auto bad =
      parse_command(R"(<decide tableId="bj-1" requestId="d2" seat="1" decision="surrender"/>)");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, ErrorCode::InvalidDecision);
  EXPECT_EQ(bad.error().request_id, "d2");
  EXPECT_FALSE(
      parse_command(R"(<decide tableId="bj-1" requestId="d3" seat="0" decision="hit"/>)").ok());
  EXPECT_FALSE(
      parse_command(R"(<decide tableId="bj-1" requestId="d4" seat="x" decision="hit"/>)").ok());

  auto a = parse_command(R"(<autoplay tableId="onebj-1" requestId="a1" rounds="10"/>)");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(std::get<AutoplayCommand>(a.value()).rounds, 10);
  EXPECT_EQ(std::get<AutoplayCommand>(
                parse_command(R"(<autoplay tableId="onebj-1" requestId="a2" rounds="0"/>)").value())
                .rounds,
            0);
  EXPECT_FALSE(parse_command(R"(<autoplay tableId="onebj-1" requestId="a3" rounds="101"/>)").ok());
  EXPECT_FALSE(parse_command(R"(<autoplay tableId="onebj-1" requestId="a4"/>)").ok());
}

TEST(Commands, CrashCashOutsAndTheirAutomaticTargets) {
  auto c = parse_command(
      R"(<cashout tableId="sm-1" requestId="co-1" gameId="sm-1-000012" bet="BET_1" part="half"/>)");
  ASSERT_TRUE(c.ok());
  const auto& cash = std::get<CashOutCommand>(c.value());
  EXPECT_EQ(cash.table_id, "sm-1");
  EXPECT_EQ(cash.game_id, "sm-1-000012");
  EXPECT_EQ(cash.bet, "BET_1");
  EXPECT_TRUE(cash.half);
  auto all = parse_command(R"(<cashout tableId="sm-1" requestId="co-2" bet="BET_2"/>)");
  ASSERT_TRUE(all.ok());
  EXPECT_FALSE(std::get<CashOutCommand>(all.value()).half);
  EXPECT_FALSE(parse_command(R"(<cashout tableId="sm-1" requestId="co-3"/>)").ok());
  EXPECT_FALSE(
      parse_command(R"(<cashout tableId="sm-1" requestId="co-4" bet="BET_1" part="most"/>)").ok());

  auto a = parse_command(
      R"(<autocashout tableId="sm-1" requestId="ac-1" bet="BET_1" at="2.5" halfAt="1.50"/>)");
  ASSERT_TRUE(a.ok());
  const auto& autos = std::get<AutoCashOutCommand>(a.value());
  EXPECT_EQ(autos.at, 250);
  EXPECT_EQ(autos.half_at, 150);
  auto off = parse_command(R"(<autocashout tableId="sm-1" requestId="ac-2" bet="BET_1"/>)");
  ASSERT_TRUE(off.ok());
  EXPECT_FALSE(std::get<AutoCashOutCommand>(off.value()).at.has_value());
  for (const char* bad : {"2.555", "-1", "x", "5000.01", "1e3", "2."}) {
    auto r = parse_command(
        std::string(R"(<autocashout tableId="sm-1" requestId="ac-3" bet="BET_1" at=")") + bad +
        "\"/>");
    EXPECT_FALSE(r.ok()) << bad;
  }
}

TEST(Commands, ChooseNamesTheStepAndTheChoice) {
  auto c = parse_command(
      R"(<choose tableId="sbz-1" requestId="ch-1" gameId="sbz-1-000012" step="1" choice="2"/>)");
  ASSERT_TRUE(c.ok());
  const auto& choose = std::get<ChooseCommand>(c.value());
  EXPECT_EQ(choose.table_id, "sbz-1");
  EXPECT_EQ(choose.step, 1);
  EXPECT_EQ(choose.choice, "2");
  EXPECT_EQ(choose.game_id, "sbz-1-000012");
  for (const char* bad : {R"(<choose tableId="sbz-1" requestId="ch-2" choice="2"/>)",
                          R"(<choose tableId="sbz-1" requestId="ch-3" step="-1" choice="2"/>)",
                          R"(<choose tableId="sbz-1" requestId="ch-4" step="x" choice="2"/>)",
                          R"(<choose tableId="sbz-1" requestId="ch-5" step="100" choice="2"/>)",
                          R"(<choose tableId="sbz-1" requestId="ch-6" step="1"/>)",
                          R"(<choose tableId="sbz-1" requestId="ch-7" step="1" choice="a b"/>)"})
    EXPECT_FALSE(parse_command(bad).ok()) << bad;
}

}  // namespace
}  // namespace croupier::gateway
