// What every Storage backend must do with players (storage.h), run against SQLite
// (sqlite_players_test.cc) and PostgreSQL (postgres/players_test.cc). Each call uses fresh player
// keys, so a shared database may hold other players.
#pragma once

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "fair_deal.h"
#include "player_key.h"
#include "storage.h"

namespace tonk::test {

inline std::string fresh_key_hash() { return serve::player_key_hash(serve::random_hex(32)); }

inline serve::PlayerStanding standing_of(const std::string& group, double rating, double deviation) {
  serve::PlayerStanding s;
  s.group = group;
  s.rating = rating;
  s.deviation = deviation;
  s.volatility = 0.0599;
  s.hands = 12;
  s.wins[static_cast<int>(EndReason::kDrop)] = 5;
  s.wins[static_cast<int>(EndReason::kTonkOut)] = 2;
  s.stakes_won = -7;
  s.period = "1400 30 1;1550 100 0";
  s.period_hands = 2;
  s.period_start_ms = 1'700'000'000'000;
  return s;
}

inline void check_players_are_staged_then_read(serve::Storage& db) {
  const std::string ann = fresh_key_hash();
  db.put_player(ann, "Ann", 1000);
  EXPECT_TRUE(db.pending());
  EXPECT_FALSE(db.read_player(ann).has_value()) << "read before its commit";
  db.commit();
  EXPECT_FALSE(db.pending());
  auto read = db.read_player(ann);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->key_hash, ann);
  EXPECT_EQ(read->name, "Ann");
  EXPECT_EQ(read->created_ms, 1000);
  EXPECT_TRUE(read->standings.empty());

  db.put_player(ann, "Annie", 2000);  // a new name; the creation time stays
  db.put_standing(ann, standing_of("standard", 1620.5, 80.25));
  db.put_standing(ann, standing_of("chicago", 1400, 200));
  db.commit();
  read = db.read_player(ann);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->name, "Annie");
  EXPECT_EQ(read->created_ms, 1000);
  ASSERT_EQ(read->standings.size(), 2u);
  const serve::PlayerStanding& s = read->standings[1];  // by group: chicago, standard
  EXPECT_EQ(s.group, "standard");
  EXPECT_EQ(s.rating, 1620.5);
  EXPECT_EQ(s.deviation, 80.25);
  EXPECT_EQ(s.volatility, 0.0599);
  EXPECT_EQ(s.hands, 12);
  EXPECT_EQ(s.wins, standing_of("standard", 0, 1).wins);
  EXPECT_EQ(s.stakes_won, -7);
  EXPECT_EQ(s.period, "1400 30 1;1550 100 0");
  EXPECT_EQ(s.period_hands, 2);
  EXPECT_EQ(s.period_start_ms, 1'700'000'000'000);

  serve::PlayerStanding later = standing_of("standard", 1630, 79);
  later.period = "";
  later.period_hands = 0;
  db.put_standing(ann, later);  // replaces the group's standing
  db.commit();
  read = db.read_player(ann);
  ASSERT_EQ(read->standings.size(), 2u);
  EXPECT_EQ(read->standings[1].rating, 1630);
  EXPECT_EQ(read->standings[1].period, "");
  EXPECT_FALSE(db.read_player(fresh_key_hash()).has_value());
}

inline void check_bad_player_writes_are_refused(serve::Storage& db) {
  const std::string bob = fresh_key_hash();
  EXPECT_THROW(db.put_player("not a hash", "Bob", 1), std::invalid_argument);
  EXPECT_THROW(db.put_player(std::string(64, 'A'), "Bob", 1), std::invalid_argument) << "upper case is not a stored hash";
  try {
    db.put_player(bob, " Bob", 1);
    ADD_FAILURE() << "a name with a leading space was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("`name`"), std::string::npos) << e.what();
  }
  EXPECT_THROW(db.put_player(bob, "Bob\x07", 1), std::invalid_argument);
  EXPECT_THROW(db.put_standing(bob, standing_of("", 1500, 350)), std::invalid_argument);
  EXPECT_FALSE(db.pending()) << "a refused write was staged";

  // A standing of a player nobody stored fails at commit, and nothing of that commit is kept.
  const std::string carl = fresh_key_hash();
  db.put_player(carl, "Carl", 5);
  db.put_standing(bob, standing_of("standard", 1500, 350));
  EXPECT_THROW(db.commit(), serve::StorageError);
  EXPECT_FALSE(db.pending());
  EXPECT_FALSE(db.read_player(carl).has_value()) << "half a failed commit was kept";
}

inline void check_history_leaderboard_and_forget(serve::Storage& db) {
  // A group of this call's own, so players of other calls do not show in its leaderboard.
  const std::string group = "g" + serve::random_hex(6);
  const std::string dee = fresh_key_hash(), eve = fresh_key_hash(), fay = fresh_key_hash();
  db.put_player(dee, "Dee", 1);
  db.put_player(eve, "Eve", 2);
  db.put_player(fay, "Fay", 3);
  db.put_standing(dee, standing_of(group, 1700, 60));
  db.put_standing(eve, standing_of(group, 1800, 50));
  db.put_standing(fay, standing_of(group, 1900, 200));  // too uncertain for the board
  for (int hand = 1; hand <= 5; ++hand) {
    db.add_player_hand(dee, {"TABLE1", hand, group, 1000 + hand, hand % 2 ? 1 : -1});
    db.add_player_hand(eve, {"TABLE1", hand, group, 1000 + hand, hand % 2 ? -1 : 1});
  }
  db.commit();

  const auto recent = db.player_hands(dee, 3);
  ASSERT_EQ(recent.size(), 3u);
  EXPECT_EQ(recent[0].hand, 5) << "newest first";
  EXPECT_EQ(recent[0].code, "TABLE1");
  EXPECT_EQ(recent[0].group, group);
  EXPECT_EQ(recent[0].ended_ms, 1005);
  EXPECT_EQ(recent[0].payout, 1);
  EXPECT_EQ(recent[2].hand, 3);

  auto board = db.leaderboard(group, 100, 10);
  ASSERT_EQ(board.size(), 2u) << "a deviation of 200 is not under 100";
  EXPECT_EQ(board[0].name, "Eve");
  EXPECT_EQ(board[0].rating, 1800);
  EXPECT_EQ(board[0].deviation, 50);
  EXPECT_EQ(board[0].hands, 12);
  EXPECT_EQ(board[1].name, "Dee");
  EXPECT_EQ(db.leaderboard(group, 100, 1).size(), 1u);
  EXPECT_EQ(db.leaderboard(group, 1000, 10).front().name, "Fay");

  db.forget_player(eve);
  EXPECT_TRUE(db.read_player(eve).has_value()) << "forgotten before its commit";
  db.commit();
  EXPECT_FALSE(db.read_player(eve).has_value());
  EXPECT_TRUE(db.player_hands(eve, 10).empty()) << "the history outlived its player";
  board = db.leaderboard(group, 100, 10);
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0].name, "Dee");
  EXPECT_EQ(db.player_hands(dee, 10).size(), 5u) << "forgetting one player touched another";
  EXPECT_TRUE(db.read_player(dee).has_value());
}

}  // namespace tonk::test
