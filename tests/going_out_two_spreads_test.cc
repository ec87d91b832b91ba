// I9, I10, I11: what going out with no final discard pays when rules speak of "two spreads".
// P-CHICAGO (V13f, V13h): the first turn with two spreads 2x; a later turn with two spreads laid
// in that turn 1x; a later turn by laying a single spread 2x unless the player has hit during the
// hand (V13f: 1x). P-NEWARK (V10): a run of six laid on the first turn counts as two spreads (I10).
#include <gtest/gtest.h>

#include "test_util.h"
#include "tonk/preset.h"

namespace tonk {
namespace {

using test::play;

Rules chicago(int hand_size = 5) {
  Rules r = preset_or_throw("P-CHICAGO").rules;
  r.hand_size = hand_size;
  return r;
}

// Seat 1 (first to play, dealer 0) lays 777 on its first turn and KKK on its second: no discard,
// never having hit, one spread laid in the going-out turn: 2x (I9; before I9 the engine paid 1x,
// which made hit_breaks_double unable to change any payout under its own preset).
TEST(I9Chicago, ALaterTurnWithOneSpreadPaysDouble) {
  const Game game(chicago());
  State s = test::deal(game, {"4s 5s 6s Qc Jd", "7c 7d 7h Kc Kd"}, "", "9s 9c Kh");
  play(s, {"stock", "spread 7c7d7h", "discard 9s", "stock", "discard 9c", "stock", "spread KcKdKh"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
  EXPECT_EQ(test::payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
}

// Two spreads laid in one later turn: 1x (V13h).
TEST(I9Chicago, ALaterTurnWithTwoSpreadsPaysSingle) {
  const Game game(chicago());
  State s = test::deal(game, {"4s 5s 6s Qc Jd", "7c 7d 7h Kc Kd"}, "", "9s 9c Kh");
  play(s, {"stock", "discard 9s", "stock", "discard 9c", "stock", "spread 7c7d7h", "spread KcKdKh"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
  EXPECT_EQ(test::payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
}

// The first turn with two spreads: 2x (V13h, first_turn_out_pays).
TEST(I9Chicago, TheFirstTurnWithTwoSpreadsPaysDouble) {
  const Game game(chicago());
  State s = test::deal(game, {"4s 5s 6s Qc Jd", "7c 7d 7h Kc Kd"}, "", "Kh");
  play(s, {"stock", "spread 7c7d7h", "spread KcKdKh"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(test::payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
}

// V13f: having hit on an earlier turn, going out later by a single spread pays 1x. Seven cards,
// seat 0 first (dealer 1): seat 0 lays 4s5s6s; seat 1 hits it with 3s, lays 777 and throws 8d;
// on its next turn it draws Kh and lays the four kings.
TEST(I9Chicago, GoingOutAfterHittingPaysSingle) {
  const Game game(chicago(7));
  State s = test::deal(game, {"4s 5s 6s Qc Jd Tc 9d", "7c 7d 7h Kc Kd Ks 8d"}, "", "Jh 3s 9c Kh", /*dealer=*/1);
  play(s, {"stock", "spread 4s5s6s", "discard Jh", "stock", "hit 0 3s", "spread 7c7d7h", "discard 8d", "stock",
           "discard 9c", "stock", "spread KcKdKhKs"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
  EXPECT_EQ(test::payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
}

// I10 under P-NEWARK (V10: the first turn with two spreads pays 4x): a run of six laid at once on
// the first turn could be laid as two runs, so it counts as two spreads.
TEST(I10Newark, ARunOfSixOnTheFirstTurnIsTwoSpreads) {
  const Game game(preset_or_throw("P-NEWARK").rules);
  State s = test::deal(game, {"4s 5s 6s Qc Jd", "4h 5h 6h 7h 8h"}, "Kc", "9h");
  play(s, {"stock", "spread 4h5h6h7h8h9h"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(test::payouts(s.outcome(), 2), (std::vector<int>{-4, 4}));
  // A run of five plus one card is not two spreads: going out that way is an ordinary tonk out.
  EXPECT_EQ(game.spreads_in(test::cards("4h 5h 6h 7h 8h"), 0), 1);
  EXPECT_EQ(game.spreads_in(test::cards("4h 5h 6h 7h 8h 9h"), 0), 2);
}

// I10 with wild cards: a run of six splits in two only when each part has a card standing for
// itself (V13a); 4h 5h X1 X2 2c 2d as run:4h (4h..9h) has no natural card above 5h.
TEST(I10Chicago, AWildRunOfSixSplitsOnlyWhenBothPartsStand) {
  const Game game(chicago());
  const std::uint8_t run4h = game.run_shape(Suit::kHearts, game.run_position(Rank::kFour));
  EXPECT_EQ(game.spreads_in(test::cards("4h 5h X1 X2 2c 2d"), run4h), 1);
  EXPECT_EQ(game.spreads_in(test::cards("4h 5h X1 X2 8h 2d"), run4h), 2);
}

}  // namespace
}  // namespace tonk
