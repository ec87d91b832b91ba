// Scoring in the variations (RULES.md §2): V12a (a drop called "tonk": words only), V12c (units),
// V14a (points), V15 (push-ups).
//
// Hands are one suit each, without spreads:  19 = A 2 4 5 7   22 = A 2 4 6 9   26 = A 3 5 7 T
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "tonk/rule_options.h"
#include "variation_util.h"

namespace tonk {
namespace {

using test::counts;
using test::payouts;
using test::play;
using test::seats;

std::vector<int> points(const Outcome& o, int n) { return {o.points.begin(), o.points.begin() + n}; }

// Three players, dealer 0: seat 1 drops 19 against 22 and 26.
const std::vector<std::string> kDrop3 = {"Ad 2d 4d 6d 9d", "Ac 2c 4c 5c 7c", "Ah 3h 5h 7h Th"};

// ---- V12a: "tonk" for a drop ----------------------------------------------------------------------

// V12a is words only: the option exists (for the interface) and changes no outcome.
TEST(VariationScoring, V12aDropCalledTonkIsWordsOnly) {
  const OptionSpec* spec = find_option("drop_called_tonk");
  ASSERT_NE(spec, nullptr);
  EXPECT_EQ(spec->rule_id, "V12a");
  EXPECT_EQ(spec->type, OptionType::kBool);
  EXPECT_EQ(spec->default_value(), 0);
  Rules r;
  r.players = 3;
  set_option(r, "drop_called_tonk", "true");
  EXPECT_TRUE(r.drop_called_tonk);
  const Game game(r);
  const Game standard(test::rules_for(3));
  State s = test::deal(game, kDrop3, "Ks");
  State t = test::deal(standard, kDrop3, "Ks");
  play(s, {"drop"});
  play(t, {"drop"});
  EXPECT_EQ(s.outcome().reason, EndReason::kDrop);
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{-1, 2, -1}));
  EXPECT_EQ(payouts(s.outcome(), 3), payouts(t.outcome(), 3));
}

// ---- V12c: units: a drop pays 1 unit, going out ("rum") 2 units --------------------------------------

Rules v12c() {
  Rules r;
  r.scoring = Scoring::kUnits;
  r.drop_pays = 1;
  r.tonk_out_pays = 2;
  r.hit_out_pays = 2;
  r.out_by_discard_pays = 2;
  return r;
}

TEST(VariationScoring, V12cDropPays1Unit) {
  Rules r = v12c();
  r.players = 3;
  const Game game(r);
  State s = test::deal(game, kDrop3, "Ks");
  play(s, {"drop"});
  EXPECT_EQ(s.outcome().reason, EndReason::kDrop);
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{-1, 2, -1}));
}

// V12c: going out by the final discard is a rum too: 2 units (the standard game pays 1x).
//   seat 0: Kc Qd Jh Ts 2c    seat 1: 4h 5h 6h 7h Kd    upcard 2d    stock 8h
TEST(VariationScoring, V12cRumPays2UnitsWithOrWithoutADiscard) {
  const Game game(v12c());
  {
    State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h Kd"}, "2d", "8h");
    play(s, {"stock", "spread 4h5h6h7h8h", "discard Kd"});
    EXPECT_EQ(s.outcome().reason, EndReason::kOutByDiscard);
    EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
  }
  {
    State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h 8h"}, "2d", "9h");
    play(s, {"stock", "spread 4h5h6h", "hit 0 7h8h9h"});
    EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
    EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
  }
}

// ---- V14a: points: the same numbers as stakes ----------------------------------------------------

// V14a: +(n-1) to the winner of 1 from each, -1 to each loser, summing to zero: the same payments as
// stakes; only the name changes. Outcome::points stays 0 (it is for push-ups).
TEST(VariationScoring, V14aPointsAreTheSameNumbers) {
  Rules r;
  r.players = 3;
  r.scoring = Scoring::kPoints;
  const Game game(r);
  State s = test::deal(game, kDrop3, "Ks");
  play(s, {"drop"});
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{-1, 2, -1}));
  EXPECT_EQ(points(s.outcome(), 3), (std::vector<int>{0, 0, 0}));
  // A caught drop: seat 1 drops 26 against 19 and 22 (S15b): the same numbers as stakes too.
  State t = test::deal(game, {"Ac 2c 4c 5c 7c", "Ah 3h 5h 7h Th", "Ad 2d 4d 6d 9d"}, "Ks");
  play(t, {"drop"});
  EXPECT_EQ(t.outcome().reason, EndReason::kCaught);
  EXPECT_EQ(payouts(t.outcome(), 3), (std::vector<int>{3, -4, 1}));
  EXPECT_TRUE(test::zero_sum(t.outcome()));
}

// ---- V15: push-ups ---------------------------------------------------------------------------------

Rules pushups(int players) {
  Rules r;
  r.players = players;
  r.scoring = Scoring::kPushups;
  return r;
}

// V15: the winner scores nothing; each loser scores the count left in hand. No stakes change hands.
TEST(VariationScoring, V15LosersScoreTheirCount) {
  const Game game(pushups(3));
  State s = test::deal(game, kDrop3, "Ks");
  play(s, {"drop"});
  EXPECT_EQ(s.outcome().reason, EndReason::kDrop);
  EXPECT_EQ(s.outcome().winners, seats({1}));
  EXPECT_EQ(counts(s.outcome(), 3), (std::vector<int>{22, 19, 26}));
  EXPECT_EQ(points(s.outcome(), 3), (std::vector<int>{22, 0, 26}));
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{0, 0, 0}));
}

// V15: a caught dropper is a loser and scores the count; the catcher scores nothing.
TEST(VariationScoring, V15CaughtDropperScoresTheirCount) {
  const Game game(pushups(2));
  State s = test::deal(game, {"Ac 2c 4c 5c 7c", "Ah 3h 5h 7h Th"}, "Ks");  // 19, dropper 26
  play(s, {"drop"});
  EXPECT_EQ(s.outcome().reason, EndReason::kCaught);
  EXPECT_EQ(points(s.outcome(), 2), (std::vector<int>{0, 26}));
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{0, 0}));
}

// V15: doubled after a double win: a tonk out ...
TEST(VariationScoring, V15DoubledAfterATonkOut) {
  const Game game(pushups(2));
  State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h 8h"}, "2d", "9h");
  play(s, {"stock", "spread 4h5h6h", "spread 7h8h9h"});
  EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
  EXPECT_EQ(points(s.outcome(), 2), (std::vector<int>{84, 0}));  // 2 x 42
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{0, 0}));
}

// ... and a dealt tonk.
TEST(VariationScoring, V15DoubledAfterADealtTonk) {
  const Game game(pushups(2));
  State s = test::deal(game, {"Ah 3h 5h 7h Th", "Kc Qd Jh Ts Tc"}, "2d");  // 26; seat 1 dealt 50
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kDealtTonk);
  EXPECT_EQ(points(s.outcome(), 2), (std::vector<int>{52, 0}));
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{0, 0}));
}

// V15: going out by the final discard is a single win: not doubled.
TEST(VariationScoring, V15NotDoubledAfterOutByDiscard) {
  const Game game(pushups(2));
  State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h Kd"}, "2d", "8h");
  play(s, {"stock", "spread 4h5h6h7h8h", "discard Kd"});
  EXPECT_EQ(s.outcome().reason, EndReason::kOutByDiscard);
  EXPECT_EQ(points(s.outcome(), 2), (std::vector<int>{42, 0}));
}

// V15: a void deal scores nothing.
TEST(VariationScoring, V15VoidDealScoresNothing) {
  const Game game(pushups(2));
  State s = test::deal(game, {"Ks Kd Qh Js Td", "Kc Qd Jh Ts Tc"}, "2d");  // two 50s (S7: void)
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kVoidDeal);
  EXPECT_EQ(points(s.outcome(), 2), (std::vector<int>{0, 0}));
}

// Under the other scorings Outcome::points stays 0.
TEST(VariationScoring, V15PointsOnlyUnderPushups) {
  const Game game;
  State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h 8h"}, "2d", "9h");
  play(s, {"stock", "spread 4h5h6h", "spread 7h8h9h"});
  EXPECT_EQ(points(s.outcome(), 2), (std::vector<int>{0, 0}));
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
}

}  // namespace
}  // namespace tonk
