// Restrictions in the variations (RULES.md §2): V2 and V2a (spreads may not be held), V13i (holding is
// allowed: the default), V19a-V19d (rare restrictions), V20 (touching the stock), and the fallback when
// restrictions leave no legal action.
//
// Most positions: two players, dealer 0, so seat 1 plays first.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "variation_util.h"

namespace tonk {
namespace {

using test::act;
using test::discards;
using test::joined;
using test::legal_strings;
using test::payouts;
using test::play;
using test::sorted;

// ---- V2: a complete spread held in hand must be laid before the discard ---------------------------

Rules v2() {
  Rules r;
  r.must_lay_spreads = true;
  return r;
}

// The lead's interpretation: a discard is legal only if the hand after it holds no complete spread.
// Seat 1 holds 4h 5h 6h 9c Kd and draws Qh: throwing 9c, Kd or Qh would keep the run in hand; throwing
// a card of the run breaks it.
//   seat 0: Kc Qd Js 8c 2s    seat 1: 4h 5h 6h 9c Kd    upcard Jd    stock Qh
TEST(VariationRestriction, V2MustLayTheSpreadBeforeDiscarding) {
  const Game game(v2());
  State s = test::deal(game, {"Kc Qd Js 8c 2s", "4h 5h 6h 9c Kd"}, "Jd", "Qh");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), joined({"spread 4h5h6h"}, discards("4h 5h 6h")));
  EXPECT_EQ(test::why(s, act("discard 9c")), "V2: you hold a complete spread; lay it down before discarding");
  play(s, {"spread 4h5h6h"});
  EXPECT_EQ(legal_strings(s), discards("9c Kd Qh"));
}

// V2 with a run of four: throwing an end card leaves a run of three, so only the middle cards may go.
TEST(VariationRestriction, V2RunOfFourLeavesOnlyTheMiddleCards) {
  const Game game(v2());
  State s = test::deal(game, {"Kc Qd Js 8c 2s", "4h 5h 6h 7h Kd"}, "Jd", "Qc");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), joined({"spread 4h5h6h", "spread 5h6h7h", "spread 4h5h6h7h"}, discards("5h 6h")));
}

// The lead's interpretation: V2 does not restrict the drop; a dealt spread may be shown in a drop.
TEST(VariationRestriction, V2DoesNotRestrictTheDrop) {
  const Game game(v2());
  State s = test::deal(game, {"Kc Qd Js 8c 2s", "4h 5h 6h 9c Kd"}, "Jd");
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  play(s, {"drop"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kDrop);  // 34 against 40
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{40, 34}));
}

// ---- V2a: three aces may be held ------------------------------------------------------------------

Rules v2a() {
  Rules r = v2();
  r.may_hold_three_aces = true;
  return r;
}

TEST(VariationRestriction, V2aThreeAcesMayBeHeld) {
  const Game game(v2a());
  State s = test::deal(game, {"Kc Qd Js 8c 2s", "Ac Ad Ah 9c Kd"}, "Jd", "Qh");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), joined({"spread AcAdAh"}, discards("Ac Ad Ah 9c Kd Qh")));
  // Without V2a the aces are a spread like any other.
  const Game strict(v2());
  State t = test::deal(strict, {"Kc Qd Js 8c 2s", "Ac Ad Ah 9c Kd"}, "Jd", "Qh");
  play(t, {"stock"});
  EXPECT_EQ(legal_strings(t), joined({"spread AcAdAh"}, discards("Ac Ad Ah")));
}

// V2a, the lead's interpretation: exactly three aces. Four aces must be broken to three (or laid).
TEST(VariationRestriction, V2aFourAcesMayNotBeHeld) {
  const Game game(v2a());
  State s = test::deal(game, {"Kc Qd Js 8c 2s", "Ac Ad Ah As 9c"}, "Jd", "Qh");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), joined({"spread AcAdAh", "spread AcAdAs", "spread AcAhAs", "spread AdAhAs",
                                      "spread AcAdAhAs"},
                                     discards("Ac Ad Ah As")));
}

// ---- V13i: holding spreads is allowed (the default) ---------------------------------------------

TEST(VariationRestriction, V13iHoldingSpreadsIsAllowedByDefault) {
  EXPECT_FALSE(Rules{}.must_lay_spreads);
  const Game game;
  State s = test::deal(game, {"Kc Qd Js 8c 2s", "4h 5h 6h 9c Kd"}, "Jd", "Qh");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), joined({"spread 4h5h6h"}, discards("4h 5h 6h 9c Kd Qh")));
  play(s, {"discard 9c"});
  EXPECT_EQ(s.hand(1), test::cards("4h 5h 6h Kd Qh"));
  EXPECT_EQ(s.current_player(), 0);
}

// ---- V19a: no fourth card on a book -----------------------------------------------------------------

Rules v19a() {
  Rules r;
  r.book_max = 3;
  return r;
}

// V19a: four of a kind can only be laid as a book of three.
TEST(VariationRestriction, V19aNoBookOfFour) {
  const Game game(v19a());
  State s = test::deal(game, {"Kc Qd Js 8c 2s", "9c 9d 9h 9s Kd"}, "Jd", "Qh");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), joined({"spread 9c9d9h", "spread 9c9d9s", "spread 9c9h9s", "spread 9d9h9s"},
                                     discards("9c 9d 9h 9s Kd Qh")));
}

// V19a: a book on the table takes no fourth card; runs still grow. Seat 1 lays 9c9d9h; seat 0, holding
// 9s, may not hit it, but lays 2c3c4c and hits it with 5c.
//   seat 0: 9s 2c 3c 4c 5c    seat 1: 9c 9d 9h 4h 5h    upcard Jd    stock Kd Kh
TEST(VariationRestriction, V19aBooksTakeNoHitsRunsDo) {
  const Game game(v19a());
  State s = test::deal(game, {"9s 2c 3c 4c 5c", "9c 9d 9h 4h 5h"}, "Jd", "Kd Kh");
  play(s, {"stock", "spread 9c9d9h", "discard Kd"});
  play(s, {"stock", "spread 2c3c4c"});
  EXPECT_EQ(legal_strings(s), joined({"hit 1 5c"}, discards("9s 5c Kh")));
  EXPECT_EQ(test::why(s, act("hit 0 9s")), "I5: spread 0 (9c 9d 9h) is a full book");
  // Control: the standard game lets the fourth 9 go on the book.
  const Game standard;
  State t = test::deal(standard, {"9s 2c 3c 4c 5c", "9c 9d 9h 4h 5h"}, "Jd", "Kd Kh");
  play(t, {"stock", "spread 9c9d9h", "discard Kd"});
  play(t, {"stock", "spread 2c3c4c"});
  EXPECT_EQ(legal_strings(t), joined({"hit 0 9s", "hit 1 5c"}, discards("9s 5c Kh")));
}

// ---- V19b: one card per turn to hit with ------------------------------------------------------

// Seat 1 lays 4h5h6h; seat 0 holds 3h 7h 8h: only single-card hits (3h or 7h), and after one hit no
// more (8h would fit after 7h).
//   seat 0: 3h 7h 8h Kc 2s    seat 1: 4h 5h 6h 9c Kd    upcard Jd    stock Ad Qs
TEST(VariationRestriction, V19bOneCardPerTurnToHitWith) {
  Rules r;
  r.hit_cards_per_turn = 1;
  const Game game(r);
  State s = test::deal(game, {"3h 7h 8h Kc 2s", "4h 5h 6h 9c Kd"}, "Jd", "Ad Qs");
  play(s, {"stock", "spread 4h5h6h", "discard Ad"});
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), joined({"hit 0 3h", "hit 0 7h"}, discards("3h 7h 8h Kc 2s Qs")));
  EXPECT_EQ(test::why(s, act("hit 0 7h8h")), "V19b: you may hit with only 1 card(s) a turn");
  play(s, {"hit 0 7h"});
  EXPECT_EQ(legal_strings(s), discards("3h 8h Kc 2s Qs"));
  // Control: the standard game offers every extension.
  const Game standard;
  State t = test::deal(standard, {"3h 7h 8h Kc 2s", "4h 5h 6h 9c Kd"}, "Jd", "Ad Qs");
  play(t, {"stock", "spread 4h5h6h", "discard Ad"});
  play(t, {"stock"});
  EXPECT_EQ(legal_strings(t), joined({"hit 0 3h", "hit 0 7h", "hit 0 7h8h", "hit 0 3h7h", "hit 0 3h7h8h"},
                                     discards("3h 7h 8h Kc 2s Qs")));
}

// ---- V19c: a player who hits does not discard ---------------------------------------------------

// The lead's interpretation: after a hit there is no discard; the legal "end" action ends the turn.
//   seat 0: 3h 7h Kc Qd 2s    seat 1: 4h 5h 6h 9c Kd    upcard Jd    stock Ad Qs
TEST(VariationRestriction, V19cAfterAHitTheTurnEndsWithoutADiscard) {
  Rules r;
  r.hit_skips_discard = true;
  const Game game(r);
  State s = test::deal(game, {"3h 7h Kc Qd 2s", "4h 5h 6h 9c Kd"}, "Jd", "Ad Qs");
  play(s, {"stock", "spread 4h5h6h"});
  EXPECT_EQ(legal_strings(s), discards("9c Kd Ad"));  // no hit yet: discard as usual, no "end"
  EXPECT_EQ(test::why(s, act("end")), "V19c: a turn ends without a discard only after a hit");
  play(s, {"discard Ad"});
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), joined({"hit 0 3h", "hit 0 7h", "hit 0 3h7h"}, discards("3h 7h Kc Qd 2s Qs")));
  play(s, {"hit 0 7h"});
  EXPECT_EQ(legal_strings(s), sorted({"hit 0 3h", "end"}));
  EXPECT_EQ(test::why(s, act("discard Kc")), "V19c: you hit this turn, so you end it without a discard");
  play(s, {"end"});
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(s.hand(0), test::cards("3h Kc Qd 2s Qs"));
  EXPECT_EQ(s.top_discard(), test::card("Ad"));
}

// ---- V19d: the card taken from the pile must go at once into a new spread --------------------------

TEST(VariationRestriction, V19dTakenDiscardMustSpreadAtOnce) {
  Rules r;
  r.taken_discard_must_spread = true;
  const Game game(r);
  // The upcard 9h makes 9c9d9h: it may be taken, and must then be laid at once.
  State s = test::deal(game, {"Kc Qd Js 8c 2s", "9c 9d 4h 5h Kd"}, "9h", "Qc");
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  play(s, {"take"});
  EXPECT_EQ(legal_strings(s), sorted({"spread 9c9d9h"}));
  EXPECT_EQ(test::why(s, act("discard Kd")), "V19d: first lay a new spread with 9h, taken from the pile");
  play(s, {"spread 9c9d9h"});
  EXPECT_EQ(legal_strings(s), discards("4h 5h Kd"));
  // An upcard that makes no spread with the hand may not be taken.
  State t = test::deal(game, {"Kc Qd Js 8c 2s", "9c 9d 4h 5h Kd"}, "2h", "Qc");
  EXPECT_EQ(legal_strings(t), sorted({"drop", "stock"}));
  EXPECT_EQ(test::why(t, act("take")), "V19d: the top discard can be taken only to make a new spread with it at once");
}

// ---- V20: once the stock is chosen, the discard can no longer be taken ----------------------------

// V20 is inherent in the atomic action model: taking the stock card is one action, after which the
// player has a card and the take of the discard is no longer among the legal actions.
TEST(VariationRestriction, V20AfterTheStockTheDiscardCannotBeTaken) {
  const Game game;
  State s = test::deal(game, {"Kc Qd Js 8c 2s", "4h 5h 6h 9c Kd"}, "Jd", "Qh");
  EXPECT_TRUE(test::legal(s, "take"));
  play(s, {"stock"});
  EXPECT_FALSE(test::legal(s, "take"));
  EXPECT_FALSE(s.is_legal(Action::take_discard()));
  EXPECT_EQ(test::why(s, act("take")), "S9: you have already taken a card this turn; lay spreads, hit, or discard");
  EXPECT_THROW(play(s, {"take"}), IllegalAction);
}

// ---- The fallback: no legal action under the restrictions ------------------------------------------

// When the restrictions leave a player no legal action, any card may be discarded. Seat 1 lays 4h5h6h
// and keeps 9c 9d; seat 0 hits the run (V6c: seat 1 may not go out next turn) and throws 9h. Seat 1
// takes 9h (V19d: it makes 9c9d9h), but must lay it at once in a new spread, and the only one,
// 9c9d9h, would empty the hand. Nothing is legal, so any card may be thrown, the taken 9h included.
//   seat 0: 7h Kc Qd Js 2s    seat 1: 4h 5h 6h 9c 9d    upcard 3c    stock Ks 9h
TEST(VariationRestriction, FallbackAnyDiscardWhenNothingIsLegal) {
  Rules r;
  r.taken_discard_must_spread = true;
  r.hit_wait = 1;
  r.hit_blocks_going_out = true;
  const Game game(r);
  State s = test::deal(game, {"7h Kc Qd Js 2s", "4h 5h 6h 9c 9d"}, "3c", "Ks 9h");
  play(s, {"stock", "spread 4h5h6h", "discard Ks"});  // seat 1 keeps 9c 9d
  play(s, {"stock", "hit 0 7h", "discard 9h"});       // seat 0
  EXPECT_TRUE(s.out_blocked());
  EXPECT_EQ(legal_strings(s), sorted({"stock", "take"}));
  play(s, {"take"});
  EXPECT_EQ(legal_strings(s), discards("9c 9d 9h"));
  play(s, {"discard 9h"});
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.hand(1), test::cards("9c 9d"));
  EXPECT_EQ(s.current_player(), 0);
}

}  // namespace
}  // namespace tonk
