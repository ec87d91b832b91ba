// Going-out payouts in the variations (RULES.md §2): V3a, V3b (going out with hits or always 1x),
// V10 (4x on one's first turn by spreads alone), V13f (a player who has hit goes out for 1x), V13h
// (2x on the first turn, 1x later). The standard game (S13, S14) is in going_out_test.cc.
//
// Most positions: two players, dealer 0, so seat 1 plays first.
//   seat 0: Kc Qd Jh Ts 2c (42)    seat 1: 4h 5h 6h 7h 8h    upcard 2d    stock 9h ...
// Seat 1 draws 9h and can go out three ways: two spreads (4h5h6h, 7h8h9h), one spread of six, or a
// spread and a hit on it (4h5h6h, then 7h8h9h onto it).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "variation_util.h"

namespace tonk {
namespace {

using test::payouts;
using test::play;
using test::seats;

const std::vector<std::string> kGoingOutHands = {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h 8h"};

// Expects seat `winner` to have gone out for `pays` from the other seat (two players).
void expect_out(const State& s, EndReason reason, int winner, int pays) {
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, reason);
  EXPECT_EQ(s.outcome().player, winner);
  EXPECT_EQ(s.outcome().winners, seats({winner}));
  std::vector<int> expected(2, -pays);
  expected[winner] = pays;
  EXPECT_EQ(payouts(s.outcome(), 2), expected);
}

// ---- V3a: 2x only for going out by a second spread; by hits 1x --------------------------------------

Rules v3a() {
  Rules r;
  r.hit_out_pays = 1;
  return r;
}

TEST(VariationGoingOut, V3aTwoSpreadsPay2) {
  const Game game(v3a());
  State s = test::deal(game, kGoingOutHands, "2d", "9h");
  play(s, {"stock", "spread 4h5h6h", "spread 7h8h9h"});
  expect_out(s, EndReason::kTonkOut, 1, 2);
}

TEST(VariationGoingOut, V3aGoingOutByHitsPays1) {
  const Game game(v3a());
  State s = test::deal(game, kGoingOutHands, "2d", "9h");
  play(s, {"stock", "spread 4h5h6h", "hit 0 7h8h9h"});
  expect_out(s, EndReason::kTonkOut, 1, 1);
  // The same under the standard game pays 2 (S13).
  const Game standard;
  State t = test::deal(standard, kGoingOutHands, "2d", "9h");
  play(t, {"stock", "spread 4h5h6h", "hit 0 7h8h9h"});
  expect_out(t, EndReason::kTonkOut, 1, 2);
}

// V3a, the lead's interpretation: any turn that included a hit pays hit_out_pays, even when the last
// card went down in a new spread. Seat 1 hits seat 0's 2c3c4c with 5c6c7c, then lays 9d9h9s.
//   seat 0: 2c 3c 4c Kd Qs    seat 1: 5c 6c 7c 9d 9h    upcard Jd    stock Kh Ad 9s
TEST(VariationGoingOut, V3aTurnWithAHitThenASpreadPays1) {
  const Game game(v3a());
  State s = test::deal(game, {"2c 3c 4c Kd Qs", "5c 6c 7c 9d 9h"}, "Jd", "Kh Ad 9s");
  play(s, {"stock", "discard Kh"});                   // seat 1
  play(s, {"stock", "spread 2c3c4c", "discard Ad"});  // seat 0 keeps Kd Qs
  play(s, {"stock", "hit 0 5c6c7c", "spread 9d9h9s"});
  expect_out(s, EndReason::kTonkOut, 1, 1);
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{20, 0}));
}

// V3a leaves going out by the final discard at 1x (S14).
TEST(VariationGoingOut, V3aOutByDiscardStillPays1) {
  const Game game(v3a());
  State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h Kd"}, "2d", "8h");
  play(s, {"stock", "spread 4h5h6h7h8h", "discard Kd"});
  expect_out(s, EndReason::kOutByDiscard, 1, 1);
}

// ---- V3b: going out always pays 1x ---------------------------------------------------------------

TEST(VariationGoingOut, V3bGoingOutAlwaysPays1) {
  Rules r;
  r.tonk_out_pays = 1;
  r.hit_out_pays = 1;
  const Game game(r);
  {
    State s = test::deal(game, kGoingOutHands, "2d", "9h");
    play(s, {"stock", "spread 4h5h6h", "spread 7h8h9h"});
    expect_out(s, EndReason::kTonkOut, 1, 1);
  }
  {
    State s = test::deal(game, kGoingOutHands, "2d", "9h");
    play(s, {"stock", "spread 4h5h6h", "hit 0 7h8h9h"});
    expect_out(s, EndReason::kTonkOut, 1, 1);
  }
  {
    State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h Kd"}, "2d", "8h");
    play(s, {"stock", "spread 4h5h6h7h8h", "discard Kd"});
    expect_out(s, EndReason::kOutByDiscard, 1, 1);
  }
}

// ---- V10: going out on one's first turn with spreads of one's own pays 4x --------------------------

Rules going_out_v10_rules() {
  Rules r;
  r.first_turn_out_pays = 4;
  return r;
}

TEST(VariationGoingOut, V10FirstTurnTwoSpreadsPays4) {
  const Game game(going_out_v10_rules());
  State s = test::deal(game, kGoingOutHands, "2d", "9h");
  play(s, {"stock", "spread 4h5h6h", "spread 7h8h9h"});
  expect_out(s, EndReason::kTonkOut, 1, 4);
}

// The lead's interpretation: "spreads only": one spread of all six cards on the first turn pays 4x too.
TEST(VariationGoingOut, V10FirstTurnOneLongSpreadPays4) {
  const Game game(going_out_v10_rules());
  State s = test::deal(game, kGoingOutHands, "2d", "9h");
  play(s, {"stock", "spread 4h5h6h7h8h9h"});
  expect_out(s, EndReason::kTonkOut, 1, 4);
}

// V10: not with hits: a spread and a hit on it empties the hand on the first turn for the usual 2x.
TEST(VariationGoingOut, V10FirstTurnWithAHitPaysTheUsual) {
  const Game game(going_out_v10_rules());
  State s = test::deal(game, kGoingOutHands, "2d", "9h");
  play(s, {"stock", "spread 4h5h6h", "hit 0 7h8h9h"});
  expect_out(s, EndReason::kTonkOut, 1, 2);
}

// V10: "not when going out with one spread plus hits and a discard": 1x, out by discard.
TEST(VariationGoingOut, V10FirstTurnSpreadHitsAndDiscardPays1) {
  const Game game(going_out_v10_rules());
  State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h 6h 7h Kd"}, "2d", "8h");
  play(s, {"stock", "spread 4h5h6h", "hit 0 7h8h", "discard Kd"});
  expect_out(s, EndReason::kOutByDiscard, 1, 1);
}

// V10: on a later turn two spreads pay the usual 2x.
TEST(VariationGoingOut, V10SecondTurnTwoSpreadsPays2) {
  const Game game(going_out_v10_rules());
  State s = test::deal(game, kGoingOutHands, "2d", "Ks 3c 9h");
  play(s, {"stock", "discard Ks"});  // seat 1, first turn
  play(s, {"stock", "discard 3c"});  // seat 0
  play(s, {"stock", "spread 4h5h6h", "spread 7h8h9h"});
  expect_out(s, EndReason::kTonkOut, 1, 2);
}

// V10: "one's first turn" is each player's own first turn: the dealer, playing second, gets 4x too.
//   seat 0 (dealer): 4c 5c 6c 7c 8c    seat 1: Kh Qd Jh Ts 2s    upcard 2d    stock 3d 9c
TEST(VariationGoingOut, V10DealersFirstTurnPays4) {
  const Game game(going_out_v10_rules());
  State s = test::deal(game, {"4c 5c 6c 7c 8c", "Kh Qd Jh Ts 2s"}, "2d", "3d 9c");
  play(s, {"stock", "discard 3d"});  // seat 1
  EXPECT_EQ(s.turns_of(0), 1);
  play(s, {"stock", "spread 4c5c6c", "spread 7c8c9c"});
  expect_out(s, EndReason::kTonkOut, 0, 4);
}

// ---- V13f: a player who has hit ("broken the hand") goes out for 1x ----------------------------------

// Seat 1 hits seat 0's 2c3c4c with 5c on one turn and on a later turn lays 9d..Kd, emptying the hand
// with no hit that turn: 1x instead of 2x.
//   seat 0: 2c 3c 4c Kh Qs    seat 1: 5c 9d Td Jd Ks    upcard Ah    stock As 2h Qd 3h Kd
void play_hit_then_go_out(State& s) {
  play(s, {"stock", "discard As"});                   // seat 1
  play(s, {"stock", "spread 2c3c4c", "discard 2h"});  // seat 0 keeps Kh Qs
  play(s, {"stock", "hit 0 5c", "discard Ks"});       // seat 1 keeps 9d Td Jd Qd
  play(s, {"stock", "discard 3h"});                   // seat 0
  play(s, {"stock", "spread 9dTdJdQdKd"});            // seat 1
}

TEST(VariationGoingOut, V13fAPlayerWhoHasHitGoesOutFor1) {
  Rules r;
  r.hit_breaks_double = true;
  const Game game(r);
  State s = test::deal(game, {"2c 3c 4c Kh Qs", "5c 9d Td Jd Ks"}, "Ah", "As 2h Qd 3h Kd");
  play_hit_then_go_out(s);
  expect_out(s, EndReason::kTonkOut, 1, 1);
  // Control: the same play in the standard game pays 2x (S13).
  const Game standard;
  State t = test::deal(standard, {"2c 3c 4c Kh Qs", "5c 9d Td Jd Ks"}, "Ah", "As 2h Qd 3h Kd");
  play_hit_then_go_out(t);
  expect_out(t, EndReason::kTonkOut, 1, 2);
}

// V13f: only the hitter is affected. Seat 0 hits seat 1's run with 6h; seat 1, who never hit, still
// goes out for 2x.
//   seat 0: 6h Kc Qd Js 2c    seat 1: 3h 4h 5h 9c 9d    upcard Ad    stock Ks 7s 9s
TEST(VariationGoingOut, V13fOnlyTheHitterIsAffected) {
  Rules r;
  r.hit_breaks_double = true;
  const Game game(r);
  State s = test::deal(game, {"6h Kc Qd Js 2c", "3h 4h 5h 9c 9d"}, "Ad", "Ks 7s 9s");
  play(s, {"stock", "spread 3h4h5h", "discard Ks"});  // seat 1 keeps 9c 9d
  play(s, {"stock", "hit 0 6h", "discard 7s"});       // seat 0 hits seat 1's run
  play(s, {"stock", "spread 9c9d9s"});                // seat 1 empties the hand
  expect_out(s, EndReason::kTonkOut, 1, 2);
}

// ---- V13h: 2x for going out on the first turn by two spreads, 1x later ------------------------------

Rules v13h() {
  Rules r;
  r.first_turn_out_pays = 2;
  r.tonk_out_pays = 1;
  r.hit_out_pays = 1;
  return r;
}

TEST(VariationGoingOut, V13hFirstTurnDoubleSpreadPays2) {
  const Game game(v13h());
  State s = test::deal(game, kGoingOutHands, "2d", "9h");
  play(s, {"stock", "spread 4h5h6h", "spread 7h8h9h"});
  expect_out(s, EndReason::kTonkOut, 1, 2);
}

TEST(VariationGoingOut, V13hLaterDoubleSpreadPays1) {
  const Game game(v13h());
  State s = test::deal(game, kGoingOutHands, "2d", "Ks 3c 9h");
  play(s, {"stock", "discard Ks"});
  play(s, {"stock", "discard 3c"});
  play(s, {"stock", "spread 4h5h6h", "spread 7h8h9h"});
  expect_out(s, EndReason::kTonkOut, 1, 1);
}

}  // namespace
}  // namespace tonk
