// Variations of the deck and the deal (RULES.md §2): V1 and V13e (no upcard), V11 (the 40-card
// deck), V16 (jokers), V17 (ranked face values), V18 (seven cards).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "variation_util.h"

namespace tonk {
namespace {

using test::act;
using test::cards;
using test::legal_strings;
using test::payouts;
using test::play;
using test::seats;
using test::sorted;

// ---- V1, V13e: no upcard -------------------------------------------------------------------------

// V1: no card is turned up; the first player must draw from the stock (or drop, I3), and the discard
// pile starts with that player's discard. The card after the hands is the top of the stock.
//   seat 0: Kc Qd Jh Ts 2c (42)    seat 1: Ac 3d 5h 7s 9c (25)    stock top 4d
TEST(VariationDeck, V1NoUpcardFirstPlayerMustDrawFromTheStock) {
  Rules r;
  r.upcard = false;
  const Game game(r);
  State s = test::deal(game, {"Kc Qd Jh Ts 2c", "Ac 3d 5h 7s 9c"}, "", "4d");
  EXPECT_EQ(s.discard_size(), 0);
  EXPECT_EQ(s.top_discard(), Card::none());
  EXPECT_EQ(s.stock_size(), 52 - 10);  // no upcard: 42, not 41
  EXPECT_EQ(s.stock()[0], test::card("4d"));
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock"}));
  EXPECT_EQ(test::why(s, act("take")), "S10: the discard pile is empty");
  play(s, {"stock"});
  EXPECT_TRUE(s.hand(1).contains(test::card("4d")));
  play(s, {"discard 9c"});
  // The discard pile starts with the first player's discard.
  ASSERT_EQ(s.discard_size(), 1);
  EXPECT_EQ(s.top_discard(), test::card("9c"));
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
}

// V13e (Chicago): no upcard, as V1; here with three players and the dealer in seat 2, so seat 0
// plays first with only the stock to draw from.
TEST(VariationDeck, V13eNoUpcardThreePlayers) {
  Rules r;
  r.players = 3;
  r.upcard = false;
  const Game game(r);
  State s = test::deal(game, {"Ac 3d 5h 7s 9c", "Kc Qd Jh Ts 2c", "2d 4h 6s 8c Td"}, "", "", 2);
  EXPECT_EQ(s.discard_size(), 0);
  EXPECT_EQ(s.stock_size(), 52 - 15);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock"}));
  // With the upcard (the standard game, S6) the same seat could take it.
  const Game standard(test::rules_for(3));
  State t = test::deal(standard, {"Ac 3d 5h 7s 9c", "Kc Qd Jh Ts 2c", "2d 4h 6s 8c Td"}, "Kd", "", 2);
  EXPECT_EQ(t.stock_size(), 52 - 16);
  EXPECT_EQ(legal_strings(t), sorted({"drop", "stock", "take"}));
}

// ---- V11: the 40-card deck ------------------------------------------------------------------------

Rules forty() {
  Rules r;
  r.deck = DeckKind::kForty;
  r.dealt_tonk_min = 47;  // V11: dealt tonk only with 47 or 50 (as preset P-BATON)
  return r;
}

// V11: no 8s, 9s or 10s: 40 cards; two players are dealt 10 cards, one upcard, 29 in the stock.
TEST(VariationDeck, V11FortyCardDeck) {
  const Game game(forty());
  EXPECT_EQ(game.deck_size(), 40);
  for (const char* c : {"8c", "8d", "8h", "8s", "9c", "9d", "9h", "9s", "Tc", "Td", "Th", "Ts"})
    EXPECT_FALSE(game.deck().contains(test::card(c))) << c;
  for (const char* c : {"Ac", "7d", "Jh", "Ks"}) EXPECT_TRUE(game.deck().contains(test::card(c))) << c;
  State s = test::deal(game, {"Ac 3d 5h 7s Qc", "2c 4d 6h Js Kd"}, "3c");
  EXPECT_EQ(s.stock_size(), 29);
  // A card not in the deck cannot be dealt.
  EXPECT_THROW(test::deal(game, {"Ac 3d 5h 7s 8c", "2c 4d 6h Js Kd"}, "3c"), std::invalid_argument);
}

// V11: in runs the 7 is next to the jack: 67J and 7JQ are runs; 6-7-Q, Q-K-A are not. In the
// 52-card deck 67J is not a run.
TEST(VariationDeck, V11SevenIsNextToTheJackInRuns) {
  const Game game(forty());
  EXPECT_TRUE(game.is_run(cards("6h 7h Jh")));
  EXPECT_TRUE(game.is_run(cards("7h Jh Qh")));
  EXPECT_TRUE(game.is_run(cards("5s 6s 7s Js Qs Ks")));
  EXPECT_FALSE(game.is_run(cards("6h 7h Qh")));
  EXPECT_FALSE(game.is_run(cards("Qh Kh Ah")));  // S11: the ace is still low only
  EXPECT_TRUE(game.can_hit(cards("5d 6d 7d"), cards("Jd")));
  EXPECT_TRUE(game.can_hit(cards("Jd Qd Kd"), cards("6d 7d")));
  const Game full;
  EXPECT_FALSE(full.is_run(cards("6h 7h Jh")));
}

// V11 in play: a player holding 6h 7h Jh may lay them as a run, and a 7 hits a J-Q-K run.
//   seat 0: 2c 3d 4s Ks Kd (29)   seat 1: 6h 7h Jh 7c Qc (40)   upcard Ac   stock Qh
TEST(VariationDeck, V11RunsThroughTheGapInPlay) {
  const Game game(forty());
  State s = test::deal(game, {"2c 3d 4s Ks Kd", "6h 7h Jh 7c Qc"}, "Ac", "Qh");
  play(s, {"stock"});  // seat 1 draws Qh: 6h 7h Jh Qh 7c Qc
  EXPECT_EQ(legal_strings(s), test::joined({"spread 6h7hJh", "spread 7hJhQh", "spread 6h7hJhQh"},
                                           test::discards("6h 7h Jh Qh 7c Qc")));
  play(s, {"spread 7hJhQh"});
  EXPECT_EQ(legal_strings(s), test::joined({"hit 0 6h"}, test::discards("6h 7c Qc")));
  play(s, {"hit 0 6h", "discard Qc"});
  EXPECT_EQ(s.spread(0), cards("6h 7h Jh Qh"));
}

// V11: a dealt 47 (four tens and a 7) or 50 is a dealt tonk; 46 is not. Five cards of this deck
// cannot count 48 or 49.
TEST(VariationDeck, V11DealtTonkWith47Or50) {
  const Game game(forty());
  {
    State s = test::deal(game, {"Ac 3d 5h 7s Qc", "Kc Kd Kh Ks 7c"}, "2c");  // seat 1: 47
    ASSERT_TRUE(s.is_over());
    EXPECT_EQ(s.outcome().reason, EndReason::kDealtTonk);
    EXPECT_EQ(s.outcome().winners, seats({1}));
    EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
  }
  {
    State s = test::deal(game, {"Kc Kd Qh Qs Jc", "Ac 3d 5h 7s 2c"}, "4c");  // seat 0: 50
    ASSERT_TRUE(s.is_over());
    EXPECT_EQ(s.outcome().reason, EndReason::kDealtTonk);
    EXPECT_EQ(s.outcome().winners, seats({0}));
    EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{2, -2}));
  }
  {
    State s = test::deal(game, {"Ac 3d 5h 7s 2c", "Kc Kd Kh Ks 6c"}, "4c");  // seat 1: 46
    EXPECT_FALSE(s.is_over());
  }
}

// ---- V16: jokers ----------------------------------------------------------------------------------

// V16: two or more jokers are added (54, 56 cards); each counts 0.
TEST(VariationDeck, V16JokersAddToTheDeckAndCountZero) {
  Rules r;
  r.jokers = 2;
  const Game game(r);
  EXPECT_EQ(game.deck_size(), 54);
  EXPECT_TRUE(game.deck().contains(test::card("X1")));
  EXPECT_TRUE(game.deck().contains(test::card("X2")));
  EXPECT_FALSE(game.deck().contains(test::card("X3")));
  EXPECT_EQ(game.value(test::card("X1")), 0);
  EXPECT_EQ(game.count(cards("X1 X2 Ac Kd")), 11);
  r.jokers = 4;
  EXPECT_EQ(Game(r).deck_size(), 56);
}

// V16: jokers are never part of a spread (without wild cards, V13a).
TEST(VariationDeck, V16JokersNeverSpread) {
  Rules r;
  r.jokers = 2;
  const Game game(r);
  EXPECT_FALSE(game.is_spread(cards("4h 5h X1")));
  EXPECT_FALSE(game.is_spread(cards("9c 9d X1")));
  EXPECT_FALSE(game.is_spread(cards("X1 X2 Ac")));
  EXPECT_FALSE(game.can_hit(cards("4h 5h 6h"), cards("X1")));
  // In play: seat 1 holds 4h 5h X1 X2 9c and draws 6h; the only spread is 4h5h6h.
  //   seat 0: Kc Qd Jh Ts 2c (42)    upcard 3c    stock 6h
  State s = test::deal(game, {"Kc Qd Jh Ts 2c", "4h 5h X1 X2 9c"}, "3c", "6h");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), test::joined({"spread 4h5h6h"}, test::discards("4h 5h 6h X1 X2 9c")));
}

// V16: a joker counts 0 in a showdown. Seat 1 holds X1 X2 Kc Qd Jh (30) and drops against 26.
TEST(VariationDeck, V16JokersCountZeroInAShowdown) {
  Rules r;
  r.jokers = 2;
  const Game game(r);
  State s = test::deal(game, {"Ad 3d 5d 7d Td", "X1 X2 Kc Qd Jh"}, "2c");
  play(s, {"drop"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kCaught);
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{26, 30}));
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{2, -2}));
}

// ---- V17: J 11, Q 12, K 13 ------------------------------------------------------------------------

Rules ranked() {
  Rules r;
  r.face_values = FaceValues::kRanked;
  r.dealt_tonk_min = 0;  // V17: no dealt-tonk win with 49 or 50
  return r;
}

TEST(VariationDeck, V17FaceValues) {
  const Game game(ranked());
  EXPECT_EQ(game.value(test::card("Jc")), 11);
  EXPECT_EQ(game.value(test::card("Qd")), 12);
  EXPECT_EQ(game.value(test::card("Kh")), 13);
  EXPECT_EQ(game.value(test::card("Ts")), 10);
  EXPECT_EQ(game.value(test::card("As")), 1);
  EXPECT_EQ(game.count(cards("Kc Kd Qh Js Ac")), 50);
}

// V17: a dealt 50 (Kc Kd Qh Js Ac = 13+13+12+11+1) wins nothing; the hand is played and counts 50.
TEST(VariationDeck, V17NoDealtTonkWith49Or50) {
  const Game game(ranked());
  State s = test::deal(game, {"Ad 3d 5d 7d Td", "Kc Kd Qh Js Ac"}, "2c");
  EXPECT_FALSE(s.is_over());
  play(s, {"drop"});
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{26, 50}));
  EXPECT_EQ(s.outcome().reason, EndReason::kCaught);
  // Nor does a 49: Kc Qh Jd Js 2c = 13+12+11+11+2.
  State t = test::deal(game, {"Ad 3d 5d 7d Td", "Kc Qh Jd Js 2c"}, "3c");
  EXPECT_EQ(game.count(t.hand(1)), 49);
  EXPECT_FALSE(t.is_over());
  // Control: with ranked values and the S7 default, the same 50 is a dealt tonk.
  Rules r = ranked();
  r.dealt_tonk_min = 49;
  const Game with_tonk(r);
  EXPECT_TRUE(test::deal(with_tonk, {"Ad 3d 5d 7d Td", "Kc Kd Qh Js Ac"}, "2c").is_over());
}

// ---- V18: seven cards -----------------------------------------------------------------------------

// V18: seven cards to each player: 52 - 2*7 - 1 = 37 in the stock (P-SEATTLE).
TEST(VariationDeck, V18SevenCards) {
  Rules r;
  r.hand_size = 7;
  const Game game(r);
  State s = test::deal(game, {"Ac 2d 4h 6s 8c Td Qh", "3c 5d 7h 9s Jc Kd 2h"}, "4c", "5c");
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.hand(0), cards("Ac 2d 4h 6s 8c Td Qh"));
  EXPECT_EQ(s.hand(1), cards("3c 5d 7h 9s Jc Kd 2h"));
  EXPECT_EQ(s.stock_size(), 37);
  EXPECT_EQ(s.top_discard(), test::card("4c"));
  play(s, {"stock"});
  EXPECT_EQ(s.hand(1).size(), 8);
}

// V18 with V11's deck (P-VIETNAM): 40 - 2*7 - 1 = 25 in the stock.
TEST(VariationDeck, V18SevenCardsFortyCardDeck) {
  Rules r = forty();
  r.hand_size = 7;
  const Game game(r);
  State s = test::deal(game, {"Ac 2d 4h 6s 7c Jd Qh", "3c 5d 7h 2s Jc Kd 2h"}, "4c");
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.stock_size(), 25);
  EXPECT_EQ(s.hand(1).size(), 7);
}

}  // namespace
}  // namespace tonk
