// The end of the stock in the variations (RULES.md §2): V5 (dead stock), V5a (play ends after the
// turn of the last stock card), V12e (the "boobed" deck). S16 and I2 are in stock_test.cc.
//
// The stock is run out by turns that take the top stock card and throw it at once, so the hands stay
// as dealt. Hands are one suit each, without spreads:
//   19 = A 2 4 5 7     22 = A 2 4 6 9     26 = A 3 5 7 T
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "variation_util.h"

namespace tonk {
namespace {

using test::legal_strings;
using test::pass_turn;
using test::pass_until_stock;
using test::payouts;
using test::play;
using test::seats;
using test::sorted;

const std::vector<std::string> kTwo = {"Ac 2c 4c 5c 7c", "Ad 2d 4d 6d 9d"};  // 19, 22

// ---- V5: dead stock ------------------------------------------------------------------------------

// V5, the lead's interpretation: the hand is dead at the moment S16 would pay, i.e. when a player would
// draw from the empty stock. Until then play goes on (a discard may still be taken).
TEST(VariationStock, V5DeadWhenAPlayerWouldDrawFromTheEmptyStock) {
  Rules r;
  r.stock_end = StockEnd::kDead;
  const Game game(r);
  State s = test::deal(game, kTwo, "Kh");
  pass_until_stock(s, 0);
  EXPECT_FALSE(s.is_over());  // taking the last stock card does not end the hand
  EXPECT_EQ(s.stock_size(), 0);
  const int p = s.current_player();
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  const Card taken = s.top_discard();
  play(s, {"take"});
  s.apply_checked(Action::discard((s.hand(p) - CardSet(taken)).first()));  // throw another card (I1)
  EXPECT_FALSE(s.is_over());
  play(s, {"stock"});  // would draw from the empty stock
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kDeadHand);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{0, 0}));
  EXPECT_EQ(s.outcome().winners, 0);
}

// V5: the same position under S16 would pay the lowest; under V5 nothing.
TEST(VariationStock, V5NoPaymentWhereS16WouldPay) {
  for (StockEnd end : {StockEnd::kLowestWins, StockEnd::kDead}) {
    Rules r;
    r.stock_end = end;
    const Game game(r);
    State s = test::deal(game, kTwo, "Kh");
    pass_until_stock(s, 0);
    play(s, {"stock"});
    ASSERT_TRUE(s.is_over());
    EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{19, 22}));
    if (end == StockEnd::kDead) {
      EXPECT_EQ(s.outcome().reason, EndReason::kDeadHand);
      EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{0, 0}));
    } else {
      EXPECT_EQ(s.outcome().reason, EndReason::kStockExhausted);
      EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{1, -1}));
    }
  }
}

// ---- V5a: play ends when the player who took the last stock card ends that turn -------------------

TEST(VariationStock, V5aPlayEndsAfterTheTurnOfTheLastStockCard) {
  Rules r;
  r.players = 3;
  r.stock_end = StockEnd::kAfterLastDraw;
  const Game game(r);
  State s = test::deal(game, {"Ac 2c 4c 5c 7c", "Ad 2d 4d 6d 9d", "Ah 3h 5h 7h Th"}, "Ks");
  pass_until_stock(s, 1);
  EXPECT_FALSE(s.is_over());
  const int last = s.current_player();
  const Card c = s.stock()[0];
  play(s, {"stock"});
  EXPECT_FALSE(s.is_over());  // the turn is not over yet
  EXPECT_EQ(s.stock_size(), 0);
  s.apply_checked(Action::discard(c));
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kStockExhausted);
  EXPECT_EQ(s.outcome().player, last);
  EXPECT_EQ(test::counts(s.outcome(), 3), (std::vector<int>{19, 22, 26}));
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{2, -1, -1}));  // paid as S16
  EXPECT_EQ(s.outcome().winners, seats({0}));
}

// V5a: ties for the lowest are paid as S16: each tied player 1x from every higher count.
TEST(VariationStock, V5aTiesPaidAsS16) {
  Rules r;
  r.players = 3;
  r.stock_end = StockEnd::kAfterLastDraw;
  const Game game(r);
  State s = test::deal(game, {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 2h 4h 5h 7h"}, "Ks");  // 19 26 19
  pass_until_stock(s, 0);
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{1, -2, 1}));
  EXPECT_EQ(s.outcome().winners, seats({0, 2}));
}

// ---- V12e: the boobed deck -----------------------------------------------------------------------

Rules v12e() {
  Rules r;
  r.boobed_deck = true;
  r.stock_end = StockEnd::kLowestAsDrop;
  return r;
}

// V12e: the deck is boobed once the stock holds no more cards than there are players.
TEST(VariationStock, V12eBoobedWhenTheStockHoldsAtMostOneCardPerPlayer) {
  const Game game(v12e());
  State s = test::deal(game, kTwo, "Kh");
  pass_until_stock(s, 3);
  EXPECT_FALSE(s.boobed());
  pass_turn(s);
  EXPECT_EQ(s.stock_size(), 2);
  EXPECT_TRUE(s.boobed());
  // Without the option the same stock is not boobed.
  const Game standard;
  State t = test::deal(standard, kTwo, "Kh");
  pass_until_stock(t, 2);
  EXPECT_FALSE(t.boobed());
}

// V12e: nobody goes out once the deck is boobed: an empty hand counts 0, and that player may drop on
// the next turn. The stock's last three cards are Js Qs Ks (the test deck stacks the rest in id order),
// and seat 1 draws when the stock holds an odd number, so it draws Js with three left.
//   seat 0: Ac 2c 5c 7c 8c (23)    seat 1: 9s Ts 4c 4d 4h    upcard Kd
TEST(VariationStock, V12eEmptyingTheHandByTwoSpreadsDoesNotWin) {
  const Game game(v12e());
  State s = test::deal(game, {"Ac 2c 5c 7c 8c", "9s Ts 4c 4d 4h"}, "Kd");
  pass_until_stock(s, 3);
  ASSERT_EQ(s.current_player(), 1);
  ASSERT_EQ(s.stock()[0], test::card("Js"));
  play(s, {"stock"});
  EXPECT_TRUE(s.boobed());
  EXPECT_EQ(legal_strings(s), test::joined({"spread 9sTsJs", "spread 4c4d4h"}, test::discards("9s Ts Js 4c 4d 4h")));
  play(s, {"spread 9sTsJs", "spread 4c4d4h"});
  EXPECT_FALSE(s.is_over());
  EXPECT_TRUE(s.hand(1).empty());
  EXPECT_EQ(s.showdown_count(1), 0);
  EXPECT_EQ(s.current_player(), 0);  // the turn ended with no discard
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  pass_turn(s);  // seat 0 draws Qs and throws it
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  play(s, {"drop"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kDrop);
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{23, 0}));
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
}

// V12e: nor by the final discard. Seat 1 draws Js, lays 7s..Js and throws its last card.
//   seat 0: Ac 2c 5c 7c 8c (23)    seat 1: 7s 8s 9s Ts 4c    upcard Kd
TEST(VariationStock, V12eEmptyingTheHandByADiscardDoesNotWin) {
  const Game game(v12e());
  State s = test::deal(game, {"Ac 2c 5c 7c 8c", "7s 8s 9s Ts 4c"}, "Kd");
  pass_until_stock(s, 3);
  ASSERT_EQ(s.current_player(), 1);
  play(s, {"stock", "spread 7s8s9sTsJs", "discard 4c"});
  EXPECT_FALSE(s.is_over());
  EXPECT_TRUE(s.hand(1).empty());
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.top_discard(), test::card("4c"));
  // Before the deck is boobed the same play goes out (S14).
  State t = test::deal(game, {"Ac 2c 5c 7c 8c", "7s 8s 9s Ts 4c"}, "Kd", "Js");
  play(t, {"stock", "spread 7s8s9sTsJs", "discard 4c"});
  ASSERT_TRUE(t.is_over());
  EXPECT_EQ(t.outcome().reason, EndReason::kOutByDiscard);
}

// V12e: if the stock runs out with no drop, the lowest count wins as a drop (1x from each).
TEST(VariationStock, V12eStockEndLowestWinsAsADrop) {
  Rules r = v12e();
  r.players = 3;
  const Game game(r);
  State s = test::deal(game, {"Ad 2d 4d 6d 9d", "Ac 2c 4c 5c 7c", "Ah 3h 5h 7h Th"}, "Ks");  // 22 19 26
  pass_until_stock(s, 0);
  play(s, {"stock"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kStockExhausted);
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{-1, 2, -1}));
  EXPECT_EQ(s.outcome().winners, seats({1}));
}

// V12e: a tie for the lowest is a dead hand (S16 would pay both tied players).
TEST(VariationStock, V12eStockEndTieIsADeadHand) {
  Rules r = v12e();
  r.players = 3;
  const Game game(r);
  State s = test::deal(game, {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 2h 4h 5h 7h"}, "Ks");  // 19 26 19
  pass_until_stock(s, 0);
  play(s, {"stock"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kDeadHand);
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{0, 0, 0}));
  EXPECT_EQ(s.outcome().winners, 0);
}

}  // namespace
}  // namespace tonk
