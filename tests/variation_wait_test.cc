// Waiting (RULES.md §2): V6.1-V6.5, V6a, V6b, V6c and V14c. The lead's interpretation: a wait is a
// number of the player's own coming turns on which the drop is illegal; going out is never stopped by a
// wait (V6.5) unless V6c applies.
//
// Most positions: two players, dealer 0, so seat 1 plays first.
//   seat 0: 7h 3c Kc Qd Js (40)    seat 1: 4h 5h 6h 9c Kd (34)    upcard Jd
// Seat 1 lays 4h5h6h on the first turn; seat 0 can hit it with 7h.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "variation_util.h"

namespace tonk {
namespace {

using test::legal_strings;
using test::pass_turn;
using test::payouts;
using test::play;
using test::sorted;

const std::vector<std::string> kWaitHands = {"7h 3c Kc Qd Js", "4h 5h 6h 9c Kd"};

// Plays turns that change nothing (pass_turn) until `player` may drop at the start of a turn, and
// returns how many of that player's turns began with the drop forbidden. On each of those the player
// may only draw.
int turns_blocked(State& s, int player) {
  int blocked = 0;
  for (int guard = 0; guard < 40; ++guard) {
    while (s.current_player() != player) pass_turn(s);
    if (test::legal(s, "drop")) return blocked;
    EXPECT_TRUE(s.drop_blocked());
    EXPECT_EQ(legal_strings(s), sorted({"stock", "take"}));
    EXPECT_EQ(test::why(s, test::act("drop")), "V6: you must wait before dropping (a spread laid or a hit)");
    ++blocked;
    pass_turn(s);
  }
  ADD_FAILURE() << "the wait never ends";
  return blocked;
}

// ---- V6.1: no drop on the next three turns after laying a spread -------------------------------------

TEST(VariationWait, V6_1SpreadCostsThreeTurns) {
  Rules r;
  r.spread_wait = 3;
  const Game game(r);
  State s = test::deal(game, kWaitHands, "Jd", "Ac");
  play(s, {"stock", "spread 4h5h6h", "discard Ac"});
  EXPECT_EQ(test::waiting_turns(s, 1), 3);
  EXPECT_EQ(test::waiting_turns(s, 0), 0);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));  // seat 0 is free
  // Seat 1's turns 2, 3 and 4 are without a drop; the first chance is the fourth turn after.
  EXPECT_EQ(turns_blocked(s, 1), 3);
  EXPECT_EQ(s.turns_of(1), 5);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
}

// ---- V6.2: being hit by another player costs one turn ------------------------------------------------

TEST(VariationWait, V6_2BeingHitCostsOneTurn) {
  Rules r;
  r.hit_wait = 1;
  const Game game(r);
  State s = test::deal(game, kWaitHands, "Jd", "Ac 2c");
  play(s, {"stock", "spread 4h5h6h", "discard Ac"});
  EXPECT_EQ(test::waiting_turns(s, 1), 0);  // laying a spread costs nothing here
  play(s, {"stock", "hit 0 7h", "discard 2c"});
  EXPECT_EQ(test::waiting_turns(s, 1), 1);
  EXPECT_EQ(test::waiting_turns(s, 0), 0);  // the hitter does not wait
  EXPECT_EQ(turns_blocked(s, 1), 1);
  EXPECT_EQ(s.turns_of(1), 3);
}

// V6.2 alone: hitting one's own spread costs nothing.
TEST(VariationWait, V6_2OwnHitCostsNothing) {
  Rules r;
  r.hit_wait = 1;
  const Game game(r);
  State s = test::deal(game, {"9h 3c Kc Qd Js", "4h 5h 6h 7h Kd"}, "Jd", "Ac");
  play(s, {"stock", "spread 4h5h6h", "hit 0 7h", "discard Ac"});
  EXPECT_EQ(test::waiting_turns(s, 1), 0);
  EXPECT_EQ(turns_blocked(s, 1), 0);
}

// ---- V6.3: hitting one's own spread costs one turn -----------------------------------------------

TEST(VariationWait, V6_3OwnHitCostsOneTurn) {
  Rules r;
  r.own_hit_wait = 1;
  const Game game(r);
  State s = test::deal(game, {"9h 3c Kc Qd Js", "4h 5h 6h 7h Kd"}, "Jd", "Ac");
  play(s, {"stock", "spread 4h5h6h", "hit 0 7h", "discard Ac"});
  EXPECT_EQ(test::waiting_turns(s, 1), 1);
  EXPECT_EQ(turns_blocked(s, 1), 1);
}

// V6.3 alone: being hit by another player costs nothing.
TEST(VariationWait, V6_3BeingHitCostsNothing) {
  Rules r;
  r.own_hit_wait = 1;
  const Game game(r);
  State s = test::deal(game, kWaitHands, "Jd", "Ac 2c");
  play(s, {"stock", "spread 4h5h6h", "discard Ac"});
  play(s, {"stock", "hit 0 7h", "discard 2c"});
  EXPECT_EQ(test::waiting_turns(s, 1), 0);
  EXPECT_EQ(turns_blocked(s, 1), 0);
}

// ---- V6.4: waits add up (otherwise the longest applies) -----------------------------------------

// Seat 1 lays 4h5h6h (spread_wait 1) and hits it with 7h (own_hit_wait 1) in one turn.
int wait_after_spread_and_own_hit(bool waits_add) {
  Rules r;
  r.spread_wait = 1;
  r.own_hit_wait = 1;
  r.waits_add = waits_add;
  const Game game(r);
  State s = test::deal(game, {"9h 3c Kc Qd Js", "4h 5h 6h 7h Kd"}, "Jd", "Ac");
  play(s, {"stock", "spread 4h5h6h", "hit 0 7h", "discard Ac"});
  EXPECT_EQ(test::waiting_turns(s, 1), waits_add ? 2 : 1);
  return turns_blocked(s, 1);
}

TEST(VariationWait, V6_4WaitsAddUp) { EXPECT_EQ(wait_after_spread_and_own_hit(true), 2); }

TEST(VariationWait, V6_4WithoutItTheLongestWaitApplies) { EXPECT_EQ(wait_after_spread_and_own_hit(false), 1); }

// ---- V6.5: waiting never prevents winning by emptying the hand -------------------------------------

// Seat 1 lays 4h5h6h (three turns without a drop) and on the next turn, still waiting, lays 9c9d9s.
//   seat 0: 7h 3c Kc Qd Js    seat 1: 4h 5h 6h 9c 9d    stock Ks 2c 9s
TEST(VariationWait, V6_5WaitingDoesNotPreventGoingOut) {
  Rules r;
  r.spread_wait = 3;
  const Game game(r);
  State s = test::deal(game, {"7h 3c Kc Qd Js", "4h 5h 6h 9c 9d"}, "Jd", "Ks 2c 9s");
  play(s, {"stock", "spread 4h5h6h", "discard Ks"});
  play(s, {"stock", "discard 2c"});
  EXPECT_TRUE(s.drop_blocked());
  EXPECT_EQ(legal_strings(s), sorted({"stock", "take"}));
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), test::joined({"spread 9c9d9s"}, test::discards("9c 9d 9s")));
  play(s, {"spread 9c9d9s"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
}

// V6.5 by the final discard: seat 1 lays 4h5h6h7h (three turns without a drop) and keeps Kd; still
// waiting, it draws 8h, hits its run and throws Kd: out by discard, 1x.
//   seat 0: 9h 3c Kc Qd Js    seat 1: 4h 5h 6h 7h Kd    stock Ks 2c 8h
TEST(VariationWait, V6_5WaitingDoesNotPreventGoingOutByDiscard) {
  Rules r;
  r.spread_wait = 3;
  const Game game(r);
  State s = test::deal(game, {"9h 3c Kc Qd Js", "4h 5h 6h 7h Kd"}, "Jd", "Ks 2c 8h");
  play(s, {"stock", "spread 4h5h6h7h", "discard Ks"});
  play(s, {"stock", "discard 2c"});
  EXPECT_TRUE(s.drop_blocked());
  play(s, {"stock", "hit 0 8h"});
  EXPECT_EQ(legal_strings(s), test::discards("Kd"));
  play(s, {"discard Kd"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kOutByDiscard);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
}

// ---- V6a: several hits in one round make one wait ----------------------------------------------

// Three players, dealer 0 (order 1, 2, 0). Seat 1 lays 4h5h6h; seats 2 and 0 both hit it before seat
// 1's next turn. With waits_add each hit would add a turn; V6a makes the two hits one wait.
//   seat 0: 8h Ks Qc Jc 3s    seat 1: 4h 5h 6h 9c Kd    seat 2: 7h Kc Qd Js 2s    stock Ac 2c 3c
int wait_after_two_hits_in_a_round(bool one_wait) {
  Rules r;
  r.players = 3;
  r.hit_wait = 1;
  r.waits_add = true;
  r.round_hits_one_wait = one_wait;
  const Game game(r);
  State s = test::deal(game, {"8h Ks Qc Jc 3s", "4h 5h 6h 9c Kd", "7h Kc Qd Js 2s"}, "Jd", "Ac 2c 3c");
  play(s, {"stock", "spread 4h5h6h", "discard Ac"});  // seat 1
  play(s, {"stock", "hit 0 7h", "discard 2c"});       // seat 2
  EXPECT_EQ(test::waiting_turns(s, 1), 1);
  play(s, {"stock", "hit 0 8h", "discard 3c"});       // seat 0
  EXPECT_EQ(test::waiting_turns(s, 1), one_wait ? 1 : 2);
  return turns_blocked(s, 1);
}

TEST(VariationWait, V6aSeveralHitsInARoundAreOneWait) { EXPECT_EQ(wait_after_two_hits_in_a_round(true), 1); }

TEST(VariationWait, V6aWithoutItEachHitWaits) { EXPECT_EQ(wait_after_two_hits_in_a_round(false), 2); }

// V6a: a hit in a later round is a new wait. After seat 1's blocked turn, seat 2 hits the run again
// (3h at the low end).
//   seat 0: 8h Ks Qc Jc 3s    seat 1: 4h 5h 6h 9c Kd    seat 2: 7h 3h Qd Js 2s    stock Ac 2c 3c 4c 5c
TEST(VariationWait, V6aAHitInTheNextRoundIsANewWait) {
  Rules r;
  r.players = 3;
  r.hit_wait = 1;
  r.round_hits_one_wait = true;
  const Game game(r);
  State s = test::deal(game, {"8h Ks Qc Jc 3s", "4h 5h 6h 9c Kd", "7h 3h Qd Js 2s"}, "Jd", "Ac 2c 3c 4c 5c");
  play(s, {"stock", "spread 4h5h6h", "discard Ac"});  // seat 1
  play(s, {"stock", "hit 0 7h", "discard 2c"});       // seat 2
  play(s, {"stock", "hit 0 8h", "discard 3c"});       // seat 0
  EXPECT_EQ(test::waiting_turns(s, 1), 1);
  EXPECT_EQ(legal_strings(s), sorted({"stock", "take"}));  // seat 1, turn 2: the one wait
  play(s, {"stock", "discard 4c"});
  EXPECT_EQ(test::waiting_turns(s, 1), 0);
  play(s, {"stock", "hit 0 3h", "discard 5c"});  // seat 2, a new round
  EXPECT_EQ(test::waiting_turns(s, 1), 1);
  EXPECT_EQ(turns_blocked(s, 1), 1);
}

// V6a with own hits: several hits on one's own spreads within one turn make one wait. Seven cards
// (V18) so seat 1 can lay 4h5h6h and hit it twice, 7h then 8h, and still discard.
//   seat 0: Kc Qd Js 9c 2s 3s Ad (45)    seat 1: 4h 5h 6h 7h 8h 2c 3d (35)    stock Kd
int wait_after_two_own_hits(bool one_wait) {
  Rules r;
  r.hand_size = 7;
  r.own_hit_wait = 1;
  r.waits_add = true;
  r.round_hits_one_wait = one_wait;
  const Game game(r);
  State s = test::deal(game, {"Kc Qd Js 9c 2s 3s Ad", "4h 5h 6h 7h 8h 2c 3d"}, "Jd", "Kd");
  play(s, {"stock", "spread 4h5h6h", "hit 0 7h", "hit 0 8h", "discard Kd"});
  EXPECT_EQ(test::waiting_turns(s, 1), one_wait ? 1 : 2);
  return turns_blocked(s, 1);
}

TEST(VariationWait, V6aOwnHitsInOneTurnAreOneWait) { EXPECT_EQ(wait_after_two_own_hits(true), 1); }

TEST(VariationWait, V6aWithoutItEachOwnHitWaits) { EXPECT_EQ(wait_after_two_own_hits(false), 2); }

// ---- V6b: a hit costs three turns --------------------------------------------------------------

TEST(VariationWait, V6bBeingHitCostsThreeTurns) {
  Rules r;
  r.hit_wait = 3;
  r.own_hit_wait = 3;
  const Game game(r);
  State s = test::deal(game, kWaitHands, "Jd", "Ac 2c");
  play(s, {"stock", "spread 4h5h6h", "discard Ac"});
  play(s, {"stock", "hit 0 7h", "discard 2c"});
  EXPECT_EQ(test::waiting_turns(s, 1), 3);
  EXPECT_EQ(turns_blocked(s, 1), 3);
}

TEST(VariationWait, V6bOwnHitCostsThreeTurns) {
  Rules r;
  r.hit_wait = 3;
  r.own_hit_wait = 3;
  const Game game(r);
  State s = test::deal(game, {"9h 3c Kc Qd Js", "4h 5h 6h 7h Kd"}, "Jd", "Ac");
  play(s, {"stock", "spread 4h5h6h", "hit 0 7h", "discard Ac"});
  EXPECT_EQ(turns_blocked(s, 1), 3);
}

// ---- V6c: being hit also forbids going out on the next turn -------------------------------------

// Seat 1 lays 4h5h6h and keeps 9c 9d; seat 0 hits the run with 7h. On seat 1's next turn 9s would make
// 9c9d9s and empty the hand, but V6c forbids it; the turn after, 9h does.
//   seat 0: 7h 3c Kc Qd Js    seat 1: 4h 5h 6h 9c 9d    stock Ks Ac 9s 2c 9h
TEST(VariationWait, V6cBeingHitForbidsGoingOutNextTurn) {
  Rules r;
  r.hit_wait = 1;
  r.hit_blocks_going_out = true;
  const Game game(r);
  State s = test::deal(game, {"7h 3c Kc Qd Js", "4h 5h 6h 9c 9d"}, "Jd", "Ks Ac 9s 2c 9h");
  play(s, {"stock", "spread 4h5h6h", "discard Ks"});
  play(s, {"stock", "hit 0 7h", "discard Ac"});
  EXPECT_TRUE(s.out_blocked());
  EXPECT_TRUE(s.drop_blocked());
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), test::discards("9c 9d 9s"));
  EXPECT_EQ(test::why(s, test::act("spread 9c9d9s")), "V6c: your spread was hit, so you may not go out this turn");
  play(s, {"discard 9s"});
  play(s, {"stock", "discard 2c"});  // seat 0
  EXPECT_FALSE(s.out_blocked());
  play(s, {"stock", "spread 9c9d9h"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kTonkOut);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
}

// V6c: the player may not go out on the blocked turn in any way, so a spread or hit that would leave a
// single card (which the discard would then throw, emptying the hand) is not allowed either.
// Seat 1 lays 4h5h6h7h and keeps Ac; seat 0 hits the run with 8h; seat 1 draws 3h. Hitting 3h would
// leave only Ac to throw, so seat 1 may only discard; on the turn after, 3h goes on and the last
// discard goes out.
//   seat 0: 8h 2h Kc Qd Js    seat 1: 4h 5h 6h 7h Kd    stock Ac Ks 3h 5c Qc
const std::vector<std::string> kHitThenOneCard = {"8h 2h Kc Qd Js", "4h 5h 6h 7h Kd"};

TEST(VariationWait, V6cForbidsAHitThatLeavesOneCardToThrow) {
  Rules r;
  r.hit_wait = 1;
  r.hit_blocks_going_out = true;
  const Game game(r);
  State s = test::deal(game, kHitThenOneCard, "Jd", "Ac Ks 3h 5c Qc");
  play(s, {"stock", "spread 4h5h6h7h", "discard Kd"});  // seat 1 keeps Ac
  play(s, {"stock", "hit 0 8h", "discard Ks"});         // seat 0
  ASSERT_TRUE(s.out_blocked());
  play(s, {"stock"});
  EXPECT_EQ(s.hand(1), test::cards("Ac 3h"));
  EXPECT_EQ(legal_strings(s), test::discards("Ac 3h"));
  EXPECT_EQ(test::why(s, test::act("hit 0 3h")),
            "V6c: your spread was hit, so you may not go out this turn, nor keep one card to throw");
  play(s, {"discard Ac"});
  play(s, {"stock", "discard 5c"});  // seat 0
  EXPECT_FALSE(s.out_blocked());
  play(s, {"stock", "hit 0 3h", "discard Qc"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kOutByDiscard);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
}

// With V19c no discard follows a hit, so under V6c a hit may leave a single card: the turn then ends.
TEST(VariationWait, V6cWithV19cAHitMayLeaveOneCard) {
  Rules r;
  r.hit_wait = 1;
  r.hit_blocks_going_out = true;
  r.hit_skips_discard = true;
  const Game game(r);
  State s = test::deal(game, kHitThenOneCard, "Jd", "Ac Ks 3h");
  play(s, {"stock", "spread 4h5h6h7h", "discard Kd"});  // seat 1 keeps Ac
  play(s, {"stock", "hit 0 8h", "end"});                // seat 0 keeps Ks
  ASSERT_TRUE(s.out_blocked());
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), test::joined({"hit 0 3h"}, test::discards("Ac 3h")));
  play(s, {"hit 0 3h"});
  EXPECT_EQ(legal_strings(s), sorted({"end"}));
  play(s, {"end"});
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.hand(1), test::cards("Ac"));
}

// Control: without V6c (V6.5) the same hit is legal and the last discard goes out at once.
TEST(VariationWait, V6_5WithoutV6cTheHitAndLastDiscardGoOut) {
  Rules r;
  r.hit_wait = 1;
  const Game game(r);
  State s = test::deal(game, kHitThenOneCard, "Jd", "Ac Ks 3h");
  play(s, {"stock", "spread 4h5h6h7h", "discard Kd"});
  play(s, {"stock", "hit 0 8h", "discard Ks"});
  EXPECT_TRUE(s.drop_blocked());
  play(s, {"stock", "hit 0 3h", "discard Ac"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kOutByDiscard);
}

// ---- V14c: being hit costs one turn; laying a spread none --------------------------------------

TEST(VariationWait, V14cSpreadCostsNothingHitCostsOneTurn) {
  Rules r;
  r.hit_wait = 1;
  const Game game(r);
  State s = test::deal(game, kWaitHands, "Jd", "Ac 2c");
  play(s, {"stock", "spread 4h5h6h", "discard Ac"});  // seat 1
  pass_turn(s);                                       // seat 0 draws 2c, no hit
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  pass_turn(s);                                           // seat 1
  play(s, {"stock", "hit 0 7h"});                         // seat 0 hits ...
  s.apply_checked(Action::discard(s.hand(0).first()));    // ... and throws a card
  EXPECT_EQ(turns_blocked(s, 1), 1);
}

}  // namespace
}  // namespace tonk
