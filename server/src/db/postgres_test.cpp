#include "db/postgres.hpp"

#include <gtest/gtest.h>

#include "db/postgres_testing.hpp"

namespace croupier::postgres {
namespace {

TEST(PostgresPlaceholders, QuestionMarksBecomeNumberedOutsideQuotes) {
  EXPECT_EQ(to_dollar_placeholders("SELECT ? , ?"), "SELECT $1 , $2");
  EXPECT_EQ(to_dollar_placeholders("WHERE a = ?1 AND (?2 = '' OR b = ?2)"),
            "WHERE a = $1 AND ($2 = '' OR b = $2)");
  EXPECT_EQ(to_dollar_placeholders("SELECT '?', \"a?\", ?"), "SELECT '?', \"a?\", $1");
  EXPECT_EQ(to_dollar_placeholders("SELECT 'it''s ?', ?"), "SELECT 'it''s ?', $1");
  EXPECT_EQ(to_dollar_placeholders("VALUES (?,?),(?,?)"), "VALUES ($1,$2),($3,$4)");
}

TEST(PostgresArrays, TextArraysQuoteEveryElement) {
  EXPECT_EQ(text_array({}), "{}");
  EXPECT_EQ(text_array({"a", "b:c"}), R"({"a","b:c"})");
  EXPECT_EQ(text_array({R"(say "hi")", R"(back\slash)", "comma,brace}"}),
            R"({"say \"hi\"","back\\slash","comma,brace}"})");
}

class PostgresDb : public ::testing::Test {
 protected:
  std::unique_ptr<Db> db_ = Db::open(testing::TestServer::instance().fresh_database());
};

TEST_F(PostgresDb, ATextArrayComesBackWhole) {
  const std::vector<std::string> items = {"plain", R"(quote " and \ backslash)", "{,}", ""};
  auto q = db_->query("SELECT x FROM unnest(?::text[]) WITH ORDINALITY AS t(x, n) ORDER BY n");
  q.bind(text_array(items));
  std::vector<std::string> back;
  while (q.step()) back.push_back(q.text(0));
  EXPECT_EQ(back, items);
}

TEST_F(PostgresDb, RoundTripsIntegersTextNullsAndBytes) {
  db_->exec("CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT, note TEXT, digest BYTEA)");
  const std::string bytes("\x00\x01\xfe\xff zero", 8);
  db_->query("INSERT INTO t (id, name, note, digest) VALUES (?, ?, ?, ?)")
      .bind(int64_t{INT64_MAX}, "Ann ?", std::nullopt, Blob{bytes})
      .run();
  EXPECT_EQ(db_->changes(), 1);
  auto q = db_->query("SELECT id, name, note, digest FROM t WHERE id = ?");
  q.bind(int64_t{INT64_MAX});
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.int64(0), INT64_MAX);
  EXPECT_EQ(q.text(1), "Ann ?");
  EXPECT_TRUE(q.is_null(2));
  EXPECT_EQ(q.optional_text(2), std::nullopt);
  EXPECT_EQ(q.blob(3), bytes);
  EXPECT_FALSE(q.step());
}

TEST_F(PostgresDb, MultiRowInsertsAndChangedRows) {
  db_->exec("CREATE TABLE t (id BIGINT PRIMARY KEY, v BIGINT NOT NULL)");
  auto insert = db_->query("INSERT INTO t (id, v) VALUES (?,?),(?,?),(?,?)");
  insert.bind_from(1, 1, 10).bind_from(3, 2, 20).bind_from(5, 3, 30).run();
  EXPECT_EQ(db_->changes(), 3);
  db_->query("UPDATE t SET v = v + 1 WHERE v >= ?").bind(20).run();
  EXPECT_EQ(db_->changes(), 2);
  EXPECT_EQ(db_->scalar_text("SELECT SUM(v) FROM t"), "62");
}

TEST_F(PostgresDb, AFailedStatementThrowsWithItsSqlstateAndTheTransactionRollsBack) {
  db_->exec("CREATE TABLE t (id BIGINT PRIMARY KEY)");
  db_->exec("BEGIN");
  EXPECT_TRUE(db_->in_transaction());
  db_->query("INSERT INTO t (id) VALUES (?)").bind(1).run();
  try {
    db_->query("INSERT INTO t (id) VALUES (?)").bind(1).run();
    FAIL() << "a duplicate key was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.sqlstate(), "23505");
    EXPECT_NE(std::string(e.what()).find("INSERT INTO t"), std::string::npos);
  }
  db_->exec("ROLLBACK");
  EXPECT_FALSE(db_->in_transaction());
  EXPECT_EQ(db_->scalar_text("SELECT COUNT(*) FROM t"), "0");
}

TEST_F(PostgresDb, APreparedStatementIsReusedWithNewParameters) {
  db_->exec("CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT NOT NULL)");
  for (int i = 1; i <= 3; ++i)
    db_->query("INSERT INTO t (id, name) VALUES (?, ?)").bind(i, "p" + std::to_string(i)).run();
  auto q = db_->query("SELECT name FROM t WHERE id > ? ORDER BY id");
  q.bind(1);
  std::vector<std::string> names;
  while (q.step()) names.push_back(q.text(0));
  EXPECT_EQ(names, (std::vector<std::string>{"p2", "p3"}));
}

TEST(PostgresConnect, AnUnreachableServerIsAClearError) {
  try {
    Db::open("host=/nonexistent port=1 user=croupier dbname=x connect_timeout=2");
    FAIL() << "connected to nothing";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot connect to PostgreSQL"), std::string::npos);
    EXPECT_EQ(e.sqlstate(), "");
  }
}

}  // namespace
}  // namespace croupier::postgres
