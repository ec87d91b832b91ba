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
