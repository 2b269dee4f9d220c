#include "games/rtp.hpp"

#include <array>
#include <string>

namespace croupier::games {

namespace {

// docs/games/roulette.md "RTP by bet": 36/37 on a single-zero wheel; 36/38 on the double
// zero, whose top line returns 35/38; power-up's straight-up 1331/1369.
constexpr std::array<RtpLine, 1> kEuropean = {{{"*", 9730}}};
constexpr std::array<RtpLine, 2> kAmerican = {{{"TOPLINE_", 9211}, {"*", 9474}}};
constexpr std::array<RtpLine, 2> kPowerUp = {{{"STRAIGHT_", 9722}, {"*", 9730}}};
// docs/games/baccarat.md "House edges".
constexpr std::array<RtpLine, 6> kBaccarat = {{{"BANKER", 9894},
                                               {"PLAYER", 9876},
                                               {"TIE", 8564},
                                               {"PLAYER_PAIR BANKER_PAIR", 8964},
                                               {"BIG", 9565},
                                               {"SMALL", 9472}}};
constexpr std::array<RtpLine, 7> kSuper6 = {{{"BANKER", 9854},
                                             {"PLAYER", 9876},
                                             {"TIE", 8564},
                                             {"SUPER6", 8332},
                                             {"PLAYER_PAIR BANKER_PAIR", 8964},
                                             {"BIG", 9565},
                                             {"SMALL", 9472}}};
// docs/games/dragontiger.md (eight decks).
constexpr std::array<RtpLine, 3> kDragonTiger = {
    {{"DRAGON TIGER", 9627}, {"TIE", 8964}, {"SUITED_TIE", 8602}}};
// docs/games/andarbahar.md.
constexpr std::array<RtpLine, 10> kAndarBahar = {{{"ANDAR", 9785},
                                                  {"BAHAR", 9700},
                                                  {"CARDS_1_5", 9487},
                                                  {"CARDS_6_10", 9767},
                                                  {"CARDS_11_15", 9297},
                                                  {"CARDS_16_25", 9810},
                                                  {"CARDS_26_30", 9148},
                                                  {"CARDS_31_35", 9244},
                                                  {"CARDS_36_40", 9484},
                                                  {"CARDS_41_49", 9508}}};
// docs/games/blackjack.md: these rules' house edge 0.47 % with basic strategy.
// Insurance pays 2:1 on the dealer's blackjack: 3 × 128/415 of an eight-deck shoe with the
// ace out returns 92.53 %.
constexpr std::array<RtpLine, 2> kBlackjack = {{{"INSURANCE", 9253}, {"*", 9953}}};
// docs/games/sicbo.md, the default (Macau) paytable.
constexpr std::array<RtpLine, 12> kSicBo = {{{"SMALL BIG ODD EVEN", 9722},
                                             {"TOTAL_4 TOTAL_17", 7083},
                                             {"TOTAL_5 TOTAL_16", 5278},
                                             {"TOTAL_6 TOTAL_15", 6944},
                                             {"TOTAL_7 TOTAL_14", 9028},
                                             {"TOTAL_8 TOTAL_13 TOTAL_10 TOTAL_11", 8750},
                                             {"TOTAL_9 TOTAL_12", 8102},
                                             {"TRIPLE_", 6991},
                                             {"ANY_TRIPLE", 6944},
                                             {"DOUBLE_", 6667},
                                             {"COMBO_", 8333},
                                             {"SINGLE_", 9213}}};
// docs/games/megawheel.md: 96.51 % on every number (96.5093 % to 96.5123 %).
constexpr std::array<RtpLine, 1> kMegaWheel = {{{"*", 9651}}};
// docs/games/crash.md: every cash-out target, and the cap, return 96.5 %.
constexpr std::array<RtpLine, 1> kCrash = {{{"*", 9650}}};
// docs/games/sweetbonanza.md: 13,104/13,770 on every bet, whatever candy is picked.
constexpr std::array<RtpLine, 1> kCandyWheel = {{{"*", 9516}}};
// docs/games/boomorbust.md: the numbers 34/36; BOOM 95.5953 % with the best play (the default).
constexpr std::array<RtpLine, 2> kBoomOrBust = {{{"BOOM", 9560}, {"*", 9444}}};

}  // namespace

std::span<const RtpLine> rtp_of(std::string_view game, std::string_view variant) {
  // Exact names only: a variant not listed here has no figures, never another's.
  if (game == "roulette") {
    if (variant == "european" || variant == "mega") return kEuropean;
    if (variant == "american") return kAmerican;
    if (variant == "powerup") return kPowerUp;
    return {};
  }
  if (game == "baccarat") {
    if (variant == "standard") return kBaccarat;
    if (variant == "super6") return kSuper6;
    return {};
  }
  if (game == "dragontiger" && variant == "classic") return kDragonTiger;
  if (game == "andarbahar" && variant == "classic") return kAndarBahar;
  if ((game == "blackjack" && variant == "classic") || (game == "onebj" && variant == "infinite"))
    return kBlackjack;
  if (game == "sicbo" && variant == "classic") return kSicBo;
  if (game == "megawheel" && variant == "classic") return kMegaWheel;
  if (game == "crash" && (variant == "spaceman" || variant == "bigbass")) return kCrash;
  if (game == "sweetbonanza" && variant == "candyland") return kCandyWheel;
  if (game == "boomorbust" && variant == "classic") return kBoomOrBust;
  return {};
}

}  // namespace croupier::games
