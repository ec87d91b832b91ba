// Players in the SQLite storage (storage.h), and the player key's hash.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "fair_deal.h"
#include "player_rows.h"
#include "player_key.h"
#include "player_storage_checks.h"
#include "sqlite_storage.h"
#include "tonk/rating_period.h"

namespace tonk::test {
namespace {

TEST(PlayerKey, OnlyItsHashIsKeptTheSameForEitherCase) {
  const std::string key(64, 'a');
  EXPECT_EQ(serve::player_key_hash(key), serve::sha256_hex(key));
  EXPECT_EQ(serve::player_key_hash(std::string(64, 'A')), serve::sha256_hex(key));
  EXPECT_TRUE(serve::is_key_hash(serve::player_key_hash(key)));
  EXPECT_FALSE(serve::is_key_hash(key.substr(1)));
}

TEST(PlayerKey, AKeyThatIsNotHexOfTheRightLengthIsRefused) {
  for (const std::string& bad : {std::string(30, 'a'), std::string(130, 'a'), std::string(63, 'a'), std::string(64, 'g'), std::string()}) {
    try {
      serve::player_key_hash(bad);
      ADD_FAILURE() << "accepted a key of " << bad.size() << " characters";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()).rfind("`key`", 0), 0u) << e.what();
    }
  }
}

TEST(PlayerStanding, ARatedHandIsCountedAndRatedThroughTheStoredStanding) {
  serve::PlayerStanding stored;
  stored.group = "standard";
  Outcome outcome;
  outcome.reason = EndReason::kCaught;
  outcome.winners = 0b10;  // seat 1 caught the dropper
  serve::count_hand(stored, outcome, 1, 4);
  serve::count_hand(stored, outcome, 1, 2);
  EXPECT_EQ(stored.hands, 2);
  EXPECT_EQ(stored.wins[static_cast<int>(EndReason::kCaught)], 2);
  EXPECT_EQ(stored.stakes_won, 6);
  serve::count_hand(stored, outcome, 0, -2);
  EXPECT_EQ(stored.wins[static_cast<int>(EndReason::kCaught)], 2) << "a loss counted as a win";

  RatedStanding rated = serve::rated_standing(stored);
  const std::vector<GameResult> win{{1400, 30, 1}};
  add_rated_hand(rated, win, 5000);
  serve::set_rated(stored, rated);
  EXPECT_EQ(stored.period, "1400 30 1");
  EXPECT_EQ(stored.period_hands, 1);
  EXPECT_EQ(serve::rated_standing(stored).period.size(), 1u);
  stored.period = "1400 thirty 1";
  EXPECT_THROW(serve::rated_standing(stored), serve::StorageError);
}

TEST(SqlitePlayers, PlayersAreStagedCommittedAndReadBack) {
  serve::SqliteStorage db(":memory:");
  check_players_are_staged_then_read(db);
}

TEST(SqlitePlayers, BadWritesAreRefusedAndAFailedCommitKeepsNothing) {
  serve::SqliteStorage db(":memory:");
  check_bad_player_writes_are_refused(db);
}

TEST(SqlitePlayers, HistoryLeaderboardAndForgetDeletingEverything) {
  serve::SqliteStorage db(":memory:");
  check_history_leaderboard_and_forget(db);
}

TEST(SqlitePlayers, PlayersSurviveAReopenedFile) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("tonk-players-" + serve::random_hex(6) + ".db");
  const std::string ann = fresh_key_hash();
  {
    serve::SqliteStorage db(path.string());
    db.put_player(ann, "Ann", 42);
    db.put_standing(ann, standing_of("standard", 1510, 300));
    db.commit();
  }
  {
    serve::SqliteStorage db(path.string());
    const auto read = db.read_player(ann);
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->created_ms, 42);
    ASSERT_EQ(read->standings.size(), 1u);
    EXPECT_EQ(read->standings[0].rating, 1510);
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
}

TEST(SqlitePlayers, APlayersWritesCommitWithTheTablesWrites) {
  serve::SqliteStorage db(":memory:");
  const std::string ann = fresh_key_hash();
  db.create_table("ABC", "{}");
  db.put_player(ann, "Ann", 1);
  db.commit();
  EXPECT_TRUE(db.code_used("ABC"));
  EXPECT_TRUE(db.read_player(ann).has_value());
  // A clash in the tables' part fails the whole commit, the player's part too.
  const std::string bob = fresh_key_hash();
  db.create_table("ABC", "{}");
  db.put_player(bob, "Bob", 1);
  EXPECT_THROW(db.commit(), serve::StorageError);
  EXPECT_FALSE(db.read_player(bob).has_value());
}

}  // namespace
}  // namespace tonk::test
