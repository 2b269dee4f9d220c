// The slots lobby and the built-in slot over real HTTP (docs/games/slots.md): the operator's
// slots, their launch addresses (a provider's signed), and spins that move exactly the stake
// and the win, answered once per request, only on the commitment the player was shown.
#include <gtest/gtest.h>

#include "core/crypto.hpp"
#include "core/fair.hpp"
#include "core/money.hpp"
#include "games/slots/fruits.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

constexpr const char* kSlotsCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "20.00", "currency": "EUR",
                 "slots": [{"id": "fruits", "name": "Croupier Fruits", "thumbnail": "/assets/slots/fruits.svg"},
                           {"id": "acme-gold", "name": "Gold Rush", "provider": "Acme",
                            "thumbnail": "https://cdn.acme.example/gold.png",
                            "launchUrl": "https://games.acme.example/launch?game={slot}&player={player}&currency={currency}&lang={lang}"}]}],
  "tables": [
    {"id": "rou-t", "name": "Roulette", "game": "roulette",
     "limits": {"EUR": {"min": "1.00", "tableMax": "100.00", "insideMax": "50.00",
                        "outsideMax": "100.00", "chips": ["1.00"]}}}
  ]})";

json::object spin(HttpClient& http, const std::string& line_bet, const std::string& request,
                  const std::string& hash, int* status = nullptr) {
  json::object body{{"slotId", "fruits"},
                    {"lineBet", line_bet},
                    {"requestId", request},
                    {"fairHash", hash},
                    {"clientSeed", "mine"}};
  HttpResponse r = http.post("/api/ui/slot/spin", json::serialize(body));
  if (status) *status = r.status;
  return r.json().as_object();
}

int64_t units_of(const json::value& v) {
  return parse_money(std::string(v.as_string()))->units;
}

TEST(Slots, TheOperatorsSlotsLaunchAndTheBuiltInOneSpinsExactlyOnce) {
  auto server = start_with_casino("croupier-slots", kSlotsCasino);
  HttpClient http(server->port());
  http.become_guest();

  // The lobby: both slots, in the casino file's order, and the SLOTS tab.
  HttpResponse listed = http.get("/api/ui/assignedSlotsForLobby");
  ASSERT_EQ(listed.status, 200) << listed.body;
  const json::value slots = listed.json();
  ASSERT_EQ(slots.at("slots").as_array().size(), 2u);
  EXPECT_EQ(slots.at("slots").as_array()[0].at("slotId").as_string(), "fruits");
  EXPECT_TRUE(slots.at("slots").as_array()[0].at("builtIn").as_bool());
  EXPECT_FALSE(slots.at("slots").as_array()[1].at("builtIn").as_bool());
  const json::value casino = http.get("/api/ui/casinoConfig").json();
  bool tab = false;
  for (const auto& t : casino.at("tabs_order").as_array()) tab = tab || t.as_string() == "SLOTS";
  EXPECT_TRUE(tab);

  // Launch: the built-in slot's page; the provider's address filled in and signed.
  const json::value own = http.get("/api/ui/SlotLaunch?slotId=fruits&lang=de").json();
  EXPECT_EQ(own.at("url").as_string(), "/play/slot?slotId=fruits&lang=de");
  const json::value other = http.get("/api/ui/SlotLaunch?slotId=acme-gold&lang=de").json();
  const std::string url(other.at("url").as_string());
  EXPECT_EQ(url.rfind("https://games.acme.example/launch?game=acme-gold&player=", 0), 0u) << url;
  EXPECT_NE(url.find("&currency=EUR&lang=de&ts="), std::string::npos) << url;
  const size_t sig = url.find("&sig=");
  ASSERT_NE(sig, std::string::npos);
  EXPECT_EQ(url.substr(sig + 5),
            crypto::to_hex(crypto::hmac_sha256("test-operator-secret-0123", url.substr(0, sig))));
  EXPECT_EQ(http.get("/api/ui/SlotLaunch?slotId=nope").status, 404);

  // The state: paytable, lines, strips, RTP and the next spin's commitment.
  HttpResponse state_reply = http.get("/api/ui/slot/state?slotId=fruits");
  ASSERT_EQ(state_reply.status, 200) << state_reply.body;
  const json::value state = state_reply.json();
  EXPECT_EQ(state.at("rtp").as_string(), "96.02");
  EXPECT_EQ(state.at("paylines").as_array().size(), 20u);
  EXPECT_EQ(state.at("balance").as_string(), "20.00");
  std::string hash(state.at("fairHash").as_string());
  EXPECT_EQ(http.get("/api/ui/slot/state?slotId=acme-gold").status, 404);

  // A spin on another commitment is refused with the current one; bad input is refused.
  int status = 0;
  json::object stale = spin(http, "0.05", "s-0", std::string(64, 'a'), &status);
  EXPECT_EQ(status, 409);
  EXPECT_EQ(stale.at("fairHash").as_string(), hash);
  spin(http, "0.03", "s-0", hash, &status);
  EXPECT_EQ(status, 400);
  spin(http, "0.05", "bad id!", hash, &status);
  EXPECT_EQ(status, 400);

  // Spins: each moves the stake and the win; its seed is the one committed to; its stops are
  // the words of the seed, the client seed and the round.
  int64_t balance = 2'000'000;
  for (int i = 1; i <= 10; ++i) {
    const std::string request = "s-" + std::to_string(i);
    json::object r = spin(http, "0.05", request, hash, &status);
    ASSERT_EQ(status, 200) << json::serialize(r);
    EXPECT_EQ(units_of(r.at("stake")), 100'000);  // 20 lines × 0.05
    const std::string seed(r.at("serverSeed").as_string());
    EXPECT_EQ(fair::commitment(seed), hash);
    fair::RoundRng words(seed, "mine", std::string(r.at("gameId").as_string()));
    const games::slots::Spin again = games::slots::draw(words);
    for (int reel = 0; reel < 5; ++reel)
      EXPECT_EQ(r.at("stops").as_array()[reel].as_int64(), again.stops[reel]);
    EXPECT_EQ(units_of(r.at("win")), 5'000 * again.times);
    balance += units_of(r.at("win")) - 100'000;
    EXPECT_EQ(units_of(r.at("balance")), balance);
    // The same request again: the same answer, spun once.
    json::object repeat = spin(http, "0.05", request, hash, &status);
    EXPECT_EQ(json::serialize(repeat), json::serialize(r));
    hash = std::string(r.at("fairHash").as_string());
  }
  const json::value after = http.get("/api/ui/balance").json();
  EXPECT_EQ(units_of(after.at("balance")), balance);

  // More than the balance: refused with 10104, nothing taken.
  json::object broke = spin(http, "5.00", "s-big", hash, &status);
  EXPECT_EQ(status, 400);
  EXPECT_EQ(broke.at("code").as_int64(), 10104);
  EXPECT_EQ(units_of(http.get("/api/ui/balance").json().at("balance")), balance);

  // The spins are in the player's history.
  HttpResponse history = http.get("/api/ui/history?limit=50");
  ASSERT_EQ(history.status, 200) << history.body;
  size_t spins = 0;
  const json::value rounds = history.json();
  for (const auto& r : rounds.at("rounds").as_array())
    if (r.at("game").as_string() == "slot") ++spins;
  EXPECT_EQ(spins, 10u) << history.body;
  stop_and_check_ledger(*server);
}

}  // namespace
}  // namespace croupier::testing
