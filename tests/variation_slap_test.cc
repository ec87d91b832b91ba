// Slapping (RULES.md §2): V21 and V21a. The lead's interpretation: after a discard that can hit a
// spread on the table, the phase is kSlap and the players are asked in order clockwise from the
// discarder's left, the discarder last; each may "slap N" or "pass". A slapper other than the discarder
// then discards one extra card (kSlapDiscard), which cannot be slapped; the discarder slapping their own
// discard makes no extra discard. Play then resumes with the player after the discarder. V21a: the
// next player's slap gets no extra discard.
//
// Three players, dealer 0 (order 1, 2, 0):
//   seat 0: 8c 8d Jc Ts 5s (41)    seat 1: 4h 5h 6h 8h Kd (33)    seat 2: 7h 2c 3d Qs Js (32)
//   upcard Ad    stock Kh 3s 2d
// Seat 1 lays 4h5h6h and throws Kh (which fits nothing: no slap). Seat 2 draws 3s and throws 7h, which
// fits the run: the slap window opens, seat 0 first.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "variation_util.h"

namespace tonk {
namespace {

using test::cards;
using test::discards;
using test::legal_strings;
using test::play;
using test::sorted;

const std::vector<std::string> kSlapHands = {"8c 8d Jc Ts 5s", "4h 5h 6h 8h Kd", "7h 2c 3d Qs Js"};

Rules slapping(Slapping mode) {
  Rules r;
  r.players = 3;
  r.slapping = mode;
  return r;
}

// Deals and plays up to seat 2's discard of 7h.
State up_to_the_slap(const Game& game) {
  State s = test::deal(game, kSlapHands, "Ad", "Kh 3s 2d");
  play(s, {"stock", "spread 4h5h6h", "discard Kh"});  // seat 1: Kh fits nothing
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(s.current_player(), 2);
  play(s, {"stock", "discard 7h"});  // seat 2
  return s;
}

// V21: the window opens with the discarder's left (seat 0), then seat 1, then the discarder; when all
// pass, the next player's turn begins and the discard can be taken as usual.
TEST(VariationSlap, V21PlayersAreAskedInOrderAndMayAllPass) {
  const Game game(slapping(Slapping::kOn));
  State s = up_to_the_slap(game);
  EXPECT_EQ(s.phase(), Phase::kSlap);
  EXPECT_EQ(s.slap_discarder(), 2);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(legal_strings(s), sorted({"pass", "slap 0"}));
  play(s, {"pass"});
  EXPECT_EQ(s.phase(), Phase::kSlap);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(legal_strings(s), sorted({"pass", "slap 0"}));
  play(s, {"pass"});
  EXPECT_EQ(s.current_player(), 2);  // the discarder last
  EXPECT_EQ(legal_strings(s), sorted({"pass", "slap 0"}));
  play(s, {"pass"});
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.top_discard(), test::card("7h"));
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  play(s, {"take"});  // taken without slapping: played normally, no extra discard
  EXPECT_EQ(s.phase(), Phase::kAfterDraw);
  EXPECT_TRUE(test::legal(s, "hit 0 7h"));
}

// V21: a slapper other than the discarder plays the card on the spread and discards one extra card,
// which cannot be slapped even though it fits (8h onto 4h..7h). Play resumes after the discarder.
TEST(VariationSlap, V21SlapperDiscardsOneExtraCard) {
  const Game game(slapping(Slapping::kOn));
  State s = up_to_the_slap(game);
  play(s, {"pass", "slap 0"});  // seat 0 passes, seat 1 slaps
  EXPECT_EQ(s.spread(0), cards("4h 5h 6h 7h"));
  EXPECT_EQ(s.phase(), Phase::kSlapDiscard);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(legal_strings(s), discards("8h Kd"));
  play(s, {"discard 8h"});
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);  // no new slap window for the extra discard
  EXPECT_EQ(s.current_player(), 0);           // the player after the discarder (seat 2)
  EXPECT_EQ(s.hand(1), cards("Kd"));
  EXPECT_EQ(s.top_discard(), test::card("8h"));
  EXPECT_EQ(s.discard_size(), 3);  // Ad Kh 8h: the 7h went to the spread
}

// V21: the discarder slapping their own discard puts it on the spread with no extra discard.
TEST(VariationSlap, V21DiscarderSlapsOwnDiscardNoExtra) {
  const Game game(slapping(Slapping::kOn));
  State s = up_to_the_slap(game);
  play(s, {"pass", "pass", "slap 0"});
  EXPECT_EQ(s.spread(0), cards("4h 5h 6h 7h"));
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.hand(2), cards("2c 3d Qs Js 3s"));
  EXPECT_EQ(s.top_discard(), test::card("Kh"));
}

// V21: the next player may slap too, discards one extra card, then plays their turn.
TEST(VariationSlap, V21NextPlayerSlapsAndDiscardsExtra) {
  const Game game(slapping(Slapping::kOn));
  State s = up_to_the_slap(game);
  play(s, {"slap 0"});
  EXPECT_EQ(s.phase(), Phase::kSlapDiscard);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(legal_strings(s), discards("8c 8d Jc Ts 5s"));
  play(s, {"discard Jc"});
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.hand(0), cards("8c 8d Ts 5s"));
}

// V21 off (the standard game): the same discard opens no window.
TEST(VariationSlap, V21OffNoSlapWindow) {
  const Game game(slapping(Slapping::kOff));
  State s = up_to_the_slap(game);
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
}

// V21a: the next player (asked first) wins the race but gets no extra discard; the turn follows.
TEST(VariationSlap, V21aNextPlayerSlapsWithoutExtraDiscard) {
  const Game game(slapping(Slapping::kNextPriority));
  State s = up_to_the_slap(game);
  EXPECT_EQ(s.current_player(), 0);
  play(s, {"slap 0"});
  EXPECT_EQ(s.spread(0), cards("4h 5h 6h 7h"));
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.hand(0), cards("8c 8d Jc Ts 5s"));
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
}

// V21a: any other slapper still discards one extra card, as in V21.
TEST(VariationSlap, V21aOtherSlapperDiscardsExtra) {
  const Game game(slapping(Slapping::kNextPriority));
  State s = up_to_the_slap(game);
  play(s, {"pass", "slap 0"});
  EXPECT_EQ(s.phase(), Phase::kSlapDiscard);
  EXPECT_EQ(s.current_player(), 1);
  play(s, {"discard Kd"});
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(s.current_player(), 0);
}

// ---- Slaps are hits: the waits of V6 -------------------------------------------------------------

// Seat 2 lays 2c3c4c and hits it with 5c (an own hit, V6.3) before throwing 7h; seat 1 slaps 7h onto its
// own run: an own hit too, so seat 1 waits a turn. Seat 2's own hit in its turn must not swallow seat
// 1's wait under V6a (which joins own hits within one turn of the same player only).
//   seat 0: 8c 8d Jc Ts 5s    seat 1: 4h 5h 6h 9c Kd    seat 2: 2c 3c 4c 5c 7h    upcard Ad
//   stock Kh Qs Qd
State slap_onto_own_spread(const Game& game) {
  State s = test::deal(game, {"8c 8d Jc Ts 5s", "4h 5h 6h 9c Kd", "2c 3c 4c 5c 7h"}, "Ad", "Kh Qs Qd");
  play(s, {"stock", "spread 4h5h6h", "discard Kh"});                // seat 1
  play(s, {"stock", "spread 2c3c4c", "hit 1 5c", "discard 7h"});    // seat 2
  EXPECT_EQ(s.phase(), Phase::kSlap);
  play(s, {"pass", "slap 0", "discard 9c"});  // seat 0 passes; seat 1 slaps onto its own run
  EXPECT_EQ(s.spread(0), cards("4h 5h 6h 7h"));
  EXPECT_EQ(s.current_player(), 0);
  return s;
}

TEST(VariationSlap, V21SlapOntoOwnSpreadIsAnOwnHitV6_3) {
  for (bool one_wait : {false, true}) {
    Rules r = slapping(Slapping::kOn);
    r.own_hit_wait = 1;
    r.round_hits_one_wait = one_wait;
    const Game game(r);
    State s = slap_onto_own_spread(game);
    EXPECT_EQ(test::waiting_turns(s, 2), 1) << one_wait;  // seat 2's own hit in its turn
    EXPECT_EQ(test::waiting_turns(s, 1), 1) << one_wait;  // seat 1's slap onto its own run
    test::pass_turn(s);                                   // seat 0 draws Qd and throws it
    EXPECT_EQ(s.current_player(), 1);
    EXPECT_EQ(legal_strings(s), sorted({"stock", "take"})) << one_wait;
  }
}

// The discarder's slap of its own discard onto its own spread belongs to its turn: under V6a it joins
// the own hit made in that turn (one wait); without V6a, with waits_add, the two waits add up.
//   seat 2: 2c 3c 4c 5c 6c: lays 2c3c4c, hits it with 5c, throws 6c and slaps it back onto 2c..5c.
TEST(VariationSlap, V21DiscardersOwnSlapJoinsTheTurnsOwnHitsV6a) {
  for (bool one_wait : {false, true}) {
    Rules r = slapping(Slapping::kOn);
    r.own_hit_wait = 1;
    r.waits_add = true;
    r.round_hits_one_wait = one_wait;
    const Game game(r);
    State s = test::deal(game, {"8c 8d Jc Ts 5s", "4h 5h 6h 9c Kd", "2c 3c 4c 5c 6c"}, "Ad", "Kh Qs");
    play(s, {"stock", "spread 4h5h6h", "discard Kh"});
    play(s, {"stock", "spread 2c3c4c", "hit 1 5c", "discard 6c"});
    play(s, {"pass", "pass", "slap 1"});
    EXPECT_EQ(s.spread(1), cards("2c 3c 4c 5c 6c"));
    EXPECT_EQ(s.current_player(), 0);
    EXPECT_EQ(test::waiting_turns(s, 2), one_wait ? 1 : 2) << one_wait;
  }
}

// A slap onto another player's spread is a hit on that player's spread (V6.2): seat 0 slaps seat 2's
// 7h onto seat 1's run, and seat 1 waits a turn.
TEST(VariationSlap, V21SlapOntoAnothersSpreadIsAHitV6_2) {
  Rules r = slapping(Slapping::kOn);
  r.hit_wait = 1;
  const Game game(r);
  State s = up_to_the_slap(game);
  play(s, {"slap 0", "discard Jc"});  // seat 0
  EXPECT_EQ(test::waiting_turns(s, 1), 1);
  EXPECT_EQ(test::waiting_turns(s, 0), 0);
  test::pass_turn(s);  // seat 0's own turn
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(legal_strings(s), sorted({"stock", "take"}));
}

}  // namespace
}  // namespace tonk
