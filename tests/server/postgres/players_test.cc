// Players in the PostgreSQL storage (storage.h): the same checks as SQLite's, and a second server
// on the database sees what the first committed. Run through with_postgres.sh (ctest does).
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "players/player_storage_checks.h"
#include "storage.h"

namespace tonk::test {
namespace {

std::unique_ptr<serve::Storage> open_shared() {
  const char* url = std::getenv("TONK_PG_URL");
  if (url == nullptr) return nullptr;
  return serve::open_storage(url);
}

TEST(PostgresPlayers, PlayersAreStagedCommittedReadBackAndForgotten) {
  std::unique_ptr<serve::Storage> db = open_shared();
  ASSERT_NE(db, nullptr) << "TONK_PG_URL is not set: run this test through tests/server/postgres/with_postgres.sh";
  check_players_are_staged_then_read(*db);
  check_bad_player_writes_are_refused(*db);
  check_history_leaderboard_and_forget(*db);
}

TEST(PostgresPlayers, AnotherServerOnTheDatabaseSeesAPlayerAndItsForgetting) {
  std::unique_ptr<serve::Storage> one = open_shared(), two = open_shared();
  ASSERT_NE(one, nullptr) << "TONK_PG_URL is not set: run this test through tests/server/postgres/with_postgres.sh";
  const std::string ann = fresh_key_hash();
  one->put_player(ann, "Ann", 7);
  one->put_standing(ann, standing_of("standard", 1555, 90));
  one->commit();
  const auto read = two->read_player(ann);
  ASSERT_TRUE(read.has_value());
  ASSERT_EQ(read->standings.size(), 1u);
  EXPECT_EQ(read->standings[0].rating, 1555);
  two->forget_player(ann);
  two->commit();
  EXPECT_FALSE(one->read_player(ann).has_value());
}

}  // namespace
}  // namespace tonk::test
