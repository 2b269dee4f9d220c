#include "store/store.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

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
  EXPECT_FALSE(store->set_screen_name(bob.id, "ANNIE", "annie", 3));          // chosen by Ann
  EXPECT_FALSE(store->set_screen_name(bob.id, "Cat-From-Operator", "x", 3));  // not chosen
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

}  // namespace
}  // namespace croupier::store
