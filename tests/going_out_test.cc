// Going out: tonk out with no final discard (S13, 2x) and out by the final discard (S14, 1x).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"

namespace tonk {
namespace {

using test::legal_strings;
using test::payouts;
using test::play;
using test::seats;
using test::sorted;

// Hands for 2, 3 or 4 players, dealer 0, so seat 1 plays first and holds `first`.
std::vector<std::string> table(int n, const std::string& first) {
  const std::vector<std::string> others = {"Kc Qd Jh Ts 2c", "Ks Qc Jd Th 3c", "Kh Qs Jc Td 4c"};
  std::vector<std::string> hands;
  hands.push_back(others[0]);
  hands.push_back(first);
  for (int p = 2; p < n; ++p) hands.push_back(others[p - 1]);
  return hands;
}

// S13: two spreads empty the hand: 2x from every other player, at once, no discard.
//   seat 1: 4h 5h 6h 9c 9d     draws 9s
TEST(GoingOut, S13TonkOutWithTwoSpreads) {
  for (int n = 2; n <= 4; ++n) {
    const Game game(test::rules_for(n));
    State s = test::deal(game, table(n, "4h 5h 6h 9c 9d"), "2d", "9s");
    play(s, {"stock", "spread 4h5h6h"});
    EXPECT_FALSE(s.is_over());
    EXPECT_EQ(legal_strings(s), sorted({"spread 9c9d9s", "discard 9c", "discard 9d", "discard 9s"}));
    play(s, {"spread 9c9d9s"});
    ASSERT_TRUE(s.is_over()) << n;
    EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
    EXPECT_EQ(s.outcome().player, 1);
    EXPECT_EQ(s.outcome().winners, seats({1}));
    std::vector<int> expected(n, -2);
    expected[1] = 2 * (n - 1);
    EXPECT_EQ(payouts(s.outcome(), n), expected) << n << " players";
    EXPECT_EQ(s.outcome().counts[1], 0);
    EXPECT_EQ(s.outcome().counts[0], 42);  // Kc Qd Jh Ts 2c
    EXPECT_TRUE(test::zero_sum(s.outcome()));
    EXPECT_EQ(legal_strings(s), std::vector<std::string>{});
  }
}

// S13: one spread and three hits (on another player's run) with no final discard is a tonk out.
//   seat 0: 2d 3d 4d Qh Jh     seat 1: 7s 8s 9s 5d Kc     upcard 2h     stock Ad Th 6d
TEST(GoingOut, S13TonkOutWithOneSpreadAndThreeHits) {
  const Game game;
  State s = test::deal(game, {"2d 3d 4d Qh Jh", "7s 8s 9s 5d Kc"}, "2h", "Ad Th 6d");
  play(s, {"stock", "discard Kc"});                   // seat 1 keeps 7s 8s 9s 5d Ad
  play(s, {"stock", "spread 2d3d4d", "discard Qh"});  // seat 0 keeps Jh Th
  play(s, {"stock", "spread 7s8s9s", "hit 0 Ad", "hit 0 5d"});
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.spread(0), test::cards("Ad 2d 3d 4d 5d"));
  play(s, {"hit 0 6d"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
  EXPECT_EQ(s.outcome().player, 1);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{20, 0}));
}

// S13: one spread of all six cards empties the hand too.
TEST(GoingOut, S13TonkOutWithOneLongRun) {
  const Game game;
  State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h 8h"}, "2d", "9h");
  play(s, {"stock", "spread 4h5h6h7h8h9h"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
}

// S13 with the card taken from the discard pile in the second spread.
TEST(GoingOut, S13TonkOutWithTheTakenDiscard) {
  const Game game;
  State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 9c 9d"}, "9s", "2d");
  play(s, {"take", "spread 9c9d9s", "spread 4h5h6h"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
}

// S14: the final discard empties the hand: 1x from every other player.
//   seat 1: 4h 5h 6h 7h Kd     draws 8h
TEST(GoingOut, S14OutByDiscard) {
  for (int n = 2; n <= 4; ++n) {
    const Game game(test::rules_for(n));
    State s = test::deal(game, table(n, "4h 5h 6h 7h Kd"), "2d", "8h");
    play(s, {"stock", "spread 4h5h6h7h8h"});
    EXPECT_FALSE(s.is_over());
    EXPECT_EQ(legal_strings(s), sorted({"discard Kd"}));
    play(s, {"discard Kd"});
    ASSERT_TRUE(s.is_over());
    EXPECT_EQ(s.outcome().reason, EndReason::kOutByDiscard);
    EXPECT_EQ(s.outcome().player, 1);
    EXPECT_EQ(s.outcome().winners, seats({1}));
    std::vector<int> expected(n, -1);
    expected[1] = n - 1;
    EXPECT_EQ(payouts(s.outcome(), n), expected) << n << " players";
    EXPECT_EQ(s.top_discard(), test::card("Kd"));
  }
}

// S14 after a spread and a hit: still 1x, because the hand emptied by a discard (I6).
TEST(GoingOut, S14SpreadHitThenDiscard) {
  const Game game(test::rules_for(3));
  State s = test::deal(game, table(3, "4h 5h 6h 7h Kd"), "2d", "8h");
  play(s, {"stock", "spread 4h5h6h", "hit 0 7h8h", "discard Kd"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kOutByDiscard);
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{-1, 2, -1}));
}

// The multipliers are rule options (S13 tonk_out_pays, S14 out_by_discard_pays).
TEST(GoingOut, S13S14PayoutOptions) {
  Rules r;
  r.tonk_out_pays = 3;
  r.out_by_discard_pays = 5;
  const Game game(r);
  State a = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 9c 9d"}, "2d", "9s");
  play(a, {"stock", "spread 4h5h6h", "spread 9c9d9s"});
  EXPECT_EQ(payouts(a.outcome(), 2), (std::vector<int>{-3, 3}));
  State b = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h Kd"}, "2d", "8h");
  play(b, {"stock", "spread 4h5h6h7h8h", "discard Kd"});
  EXPECT_EQ(payouts(b.outcome(), 2), (std::vector<int>{-5, 5}));
}

}  // namespace
}  // namespace tonk
