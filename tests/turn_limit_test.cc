// I2: every hand terminates, even while the stock still has cards. Two players can pass three
// discards round for ever (I1 only stops the card just taken going straight back); max_turns ends
// such a hand and pays it as S16.
#include <gtest/gtest.h>

#include "test_util.h"

namespace tonk {
namespace {

using test::act;

// Seat 0 holds Kd, seat 1 holds Jc, the upcard is Qd. Twelve moves bring the hand back to where it
// started: each player takes the discard and throws back the card taken the turn before.
const char* const kCycle[] = {"take", "discard Kd", "take", "discard Jc", "take", "discard Qd",
                              "take", "discard Kd", "take", "discard Jc", "take", "discard Qd"};

State cycling_deal(const Game& game) {
  return test::deal(game, {"Kd 2c 3d 4h 5s", "Jc 7c 8d 9h Ts"}, "Qd", "", /*dealer=*/1);
}

TEST(I2TurnLimit, EndlessDiscardCycleEndsAtMaxTurnsPaidAsS16) {
  const Game game;  // max_turns = 200
  State s = cycling_deal(game);
  int moves = 0;
  while (!s.is_over()) {
    s.apply_checked(act(kCycle[moves % 12]));
    ++moves;
    ASSERT_LT(moves, 10000) << "the hand did not end";
  }
  EXPECT_EQ(s.outcome().reason, EndReason::kTurnLimit);
  EXPECT_EQ(s.turn(), 200);
  EXPECT_EQ(moves, 400);  // 200 turns of take + discard
  EXPECT_GT(s.stock_size(), 0);
  // After 400 moves (33 full cycles and 4 moves) seat 0 holds Qd 2c 3d 4h 5s = 24 and seat 1 holds
  // Kd 7c 8d 9h Ts = 44: seat 0 is lowest and is paid 1 stake (S16).
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{24, 44}));
  EXPECT_EQ(test::payouts(s.outcome(), 2), (std::vector<int>{1, -1}));
  EXPECT_EQ(s.outcome().winners, test::seats({0}));
}

TEST(I2TurnLimit, TheLimitIsAnOption) {
  Rules rules;
  rules.max_turns = 10;
  const Game game(rules);
  State s = cycling_deal(game);
  for (int moves = 0; !s.is_over(); ++moves) s.apply_checked(act(kCycle[moves % 12]));
  EXPECT_EQ(s.outcome().reason, EndReason::kTurnLimit);
  EXPECT_EQ(s.turn(), 10);
}

}  // namespace
}  // namespace tonk

namespace tonk {
namespace {

// I2 (as RULES.md now reads it): the turn bound, reached with cards still in the stock, ends play
// as in S16 whatever the stock-end rule; V5's dead hand is for a stock that has run out. Counts 19
// and 45 after ten turns of drawing and discarding, 31 cards left in the stock: +1/-1, "turn limit".
TEST(I2TurnLimit, TheBoundWithCardsInTheStockPaysAsS16UnderADeadStockRule) {
  Rules rules;
  rules.max_turns = 10;
  rules.stock_end = StockEnd::kDead;  // V5
  const Game game(rules);
  // Seat 1 (first) and seat 0 each draw and throw the card drawn: the hands never change.
  State s = test::deal(game, {"Kd Qd Jd Tc 5s", "Ac 2c 3d 4h 9s"}, "Qc", "8c 8d 8h 8s 7c 7d 7h 7s 6c 6d");
  test::draw_and_throw(s, 10);
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kTurnLimit);
  EXPECT_EQ(s.stock_size(), 52 - 11 - 10);
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{45, 19}));
  EXPECT_EQ(test::payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
}

// Under V12e's stock end (the lowest wins as a drop, a tie is dead), a three-way tie at the turn
// bound is paid as S16: each tied lowest receives from every higher count (+1 +1 -2).
TEST(I2TurnLimit, ATieAtTheBoundIsPaidAsS16UnderLowestAsDrop) {
  Rules rules = test::rules_for(3);
  rules.max_turns = 12;
  rules.stock_end = StockEnd::kLowestAsDrop;  // V12e
  const Game game(rules);
  // Counts: seat 0 = 20, seat 1 = 20, seat 2 = 41.
  State s = test::deal(game, {"Ac 3d 5h 7s 4c", "2c 4d 6h 3s 5d", "Tc Jd Qh 9s 2s"}, "Qc",
                       "8c 8d 8h 7c 7d 7h 6c 6d 6s 5c Jc 5s");
  test::draw_and_throw(s, 12);
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kTurnLimit);
  EXPECT_GT(s.stock_size(), 0);
  EXPECT_EQ(test::counts(s.outcome(), 3), (std::vector<int>{20, 20, 41}));
  EXPECT_EQ(test::payouts(s.outcome(), 3), (std::vector<int>{1, 1, -2}));
  EXPECT_EQ(s.outcome().winners, test::seats({0, 1}));
}

}  // namespace
}  // namespace tonk
