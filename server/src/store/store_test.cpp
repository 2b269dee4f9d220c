#include "store/store.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>

namespace croupier::store {
namespace {

class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() / ("store-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    store = Store::open((dir / "app.db").string());
  }
  void TearDown() override {
    store.reset();
    std::filesystem::remove_all(dir);
  }
  Player launch(const std::string& external, const std::string& name) {
    return store->upsert_player({"op", external, name, "EUR", "", "en"}, 1).first;
  }
  std::filesystem::path dir;
  std::unique_ptr<Store> store;
};

TEST_F(StoreTest, AChosenScreenNameIsUniqueAndOutlivesTheOperatorsName) {
  Player ann = launch("a", "ann-from-operator");
  Player bob = launch("b", "bob-from-operator");
  launch("c", "cat-from-operator");
  EXPECT_TRUE(store->set_screen_name(ann.id, "Annie", "annie", 2));
  EXPECT_FALSE(store->set_screen_name(bob.id, "ANNIE", "annie", 3));  // chosen by Ann
  EXPECT_FALSE(store->set_screen_name(bob.id, "Cat-From-Operator", "cat-from-operator", 3));
  EXPECT_EQ(store->player(bob.id)->screen_name, "bob-from-operator");
  // The operator's next launch keeps Ann's choice; Bob's name follows the operator.
  EXPECT_EQ(launch("a", "ann-renamed-by-operator").screen_name, "Annie");
  EXPECT_EQ(launch("b", "robert").screen_name, "robert");
  // Ann changes again: her old name is free for Bob.
  EXPECT_TRUE(store->set_screen_name(ann.id, "Anna", "anna", 4));
  EXPECT_TRUE(store->set_screen_name(bob.id, "Annie", "annie", 5));
  // Another operator's players may use the same name.
  Player other = store->upsert_player({"op2", "a", "x", "EUR", "", "en"}, 1).first;
  EXPECT_TRUE(store->set_screen_name(other.id, "Annie", "annie", 6));
}

TEST_F(StoreTest, OperatorGivenNamesCompareByTheGatewaysRule) {
  Player ann = launch("a", "Jose\u0301");  // from the operator, decomposed
  Player bob = launch("b", "b");
  // The gateway's rule (here: composed é, and lower case) applies to the operator's names.
  store->use_name_key([](std::string_view name) {
    std::string k(name);
    if (auto at = k.find("e\u0301"); at != std::string::npos) k.replace(at, 3, "\u00e9");
    for (char& c : k) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return k;
  });
  EXPECT_FALSE(store->set_screen_name(bob.id, "Jos\u00e9", "jos\u00e9", 2));  // Ann's name
  EXPECT_EQ(store->player(ann.id)->screen_name, "Jose\u0301");
  EXPECT_TRUE(store->set_screen_name(bob.id, "Josie", "josie", 2));
}

TEST_F(StoreTest, KeysMadeByAnEarlierRuleAreBroughtUpToTheNewOne) {
  Player ann = launch("a", "a");
  Player bob = launch("b", "b");
  Player cat = launch("c", "c");
  // Under the old rule "Ann" and "Anne" had keys of their own; the new one makes them one.
  EXPECT_TRUE(store->set_screen_name(ann.id, "Ann", "k-ann", 2));
  EXPECT_TRUE(store->set_screen_name(bob.id, "Anne", "k-anne", 3));
  EXPECT_TRUE(store->set_screen_name(cat.id, "Zed", "k-zed", 4));
  auto rule = [](const std::string& name) {
    return name.rfind("Ann", 0) == 0 ? std::string("ann") : "new-" + name;
  };
  EXPECT_EQ(store->rekey_screen_names(rule), 1u);  // Bob's would clash with Ann's: kept
  EXPECT_EQ(store->rekey_screen_names(rule), 1u);  // and stays so; nothing else moves
  Player dan = launch("d", "d");
  EXPECT_FALSE(store->set_screen_name(dan.id, "Zzz", "new-Zed", 5));  // Cat's, rekeyed
  EXPECT_FALSE(store->set_screen_name(dan.id, "Annie", "ann", 5));    // Ann's, rekeyed
  EXPECT_FALSE(store->set_screen_name(dan.id, "Ann2", "k-anne", 5));  // Bob's, kept
  EXPECT_TRUE(store->set_screen_name(dan.id, "Dan", "new-Dan", 5));
}

}  // namespace
}  // namespace croupier::store
