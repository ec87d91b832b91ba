// Dealt-hand wins in the variations (RULES.md §2): V7 (49 versus 50), V8a-V8d (low dealt hands),
// V9 (DC ranking), V10 (Newark ranking, ties to the player nearest the dealer's left), V12b (five
// face cards), V13b (several 50s), V13c (13 or less), V13d (the claim of a dealt 49), V14b (all are
// paid). Dealt tonks of the standard game (S7) are in deal_test.cc.
//
// Hands used below, named by count; none of them holds a spread, and the names say which can
// share a table (the test deck refuses a card dealt twice).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "variation_util.h"

namespace tonk {
namespace {

using test::legal_strings;
using test::payouts;
using test::play;
using test::seats;
using test::sorted;

// 50s and 49s (tens and faces).
const char* const k50a = "Kc Kd Kh Ks Jc";
const char* const k50b = "Qc Qd Qh Qs Jd";
const char* const k49a = "Jh Js Tc Td 9c";
const char* const k49b = "Kc Kd Qh Qs 9d";  // not with k50a or k50b
// Plain hands, fives to eights.
const char* const kPlainA = "5c 6d 7h 8s 8c";  // 34
const char* const kPlainB = "5d 6h 7s 8d 6c";  // 32
// Low hands, aces to fives.
const char* const kLow8 = "Ah As 2c 2s 2h";
const char* const kLow9 = "Ac As Ah 2s 4c";
const char* const kLow10 = "Ac As Ah 2s 5s";
const char* const kLow10b = "Ad 2c 3c 2h 2d";  // with kLow10
const char* const kLow11 = "Ac 2d 3c 4d Ad";
const char* const kLow13 = "Ac Ad 3h 4s 4c";
const char* const kLow13b = "As 2d 3c 4h 3s";  // with kLow13
const char* const kLow14 = "Ac Ad 3h 4s 5s";
const char* const kLow15 = "Ac 2d 3h 4s 5s";
const char* const kLow16 = "2c 2d 3h 4s 5s";

// Deals `hands` (by seat) with the first card of the deck no hand holds as the upcard.
State deal(const Game& game, const std::vector<std::string>& hands, int dealer = 0) {
  CardSet used;
  for (const auto& h : hands) used |= test::cards(h);
  const Card up = (game.deck() - used).first();
  return test::deal(game, hands, to_string(up), "", dealer);
}

// Expects a finished deal: the reason, the winners and every payout.
void expect_dealt(const State& s, EndReason reason, std::uint8_t winners, const std::vector<int>& pay) {
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, reason);
  EXPECT_EQ(s.outcome().winners, winners);
  EXPECT_EQ(payouts(s.outcome(), static_cast<int>(pay.size())), pay);
  EXPECT_TRUE(test::zero_sum(s.outcome()));
}

// ---- V7: 49 versus 50 -----------------------------------------------------------------------------

Rules v7() {
  Rules r;
  r.dealt_tonk_below_max_pays = 1;                    // V7: a dealt 49 pays 1x
  r.multiple_dealt_tonks = MultipleDealtTonks::kBest;  // V7: a 50 and a 49: only the 50 is paid
  return r;
}

TEST(VariationDealt, V7Dealt49Pays1AndDealt50Pays2) {
  const Game game(v7());
  expect_dealt(deal(game, {kPlainA, k49a}), EndReason::kDealtTonk, seats({1}), {-1, 1});
  expect_dealt(deal(game, {k50a, kPlainA}), EndReason::kDealtTonk, seats({0}), {2, -2});
}

// V7: a 50 and a 49 at the table: only the 50 is paid (the 49 pays it like everyone else).
TEST(VariationDealt, V7FiftyBeatsFortyNine) {
  Rules r = v7();
  r.players = 3;
  const Game game(r);
  expect_dealt(deal(game, {k49a, k50b, kPlainB}), EndReason::kDealtTonk, seats({1}), {-2, 4, -2});
  // Two 49s: a tie for the best voids the hand (multiple_dealt_tonks=best).
  expect_dealt(deal(game, {k49a, k49b, kPlainB}), EndReason::kVoidDeal, 0, {0, 0, 0});
}

// ---- V8: low dealt hands --------------------------------------------------------------------------

// V8a: a dealt 15 or less pays 2x from every other player; 16 does not.
TEST(VariationDealt, V8aDealt15OrLessWins) {
  Rules r;
  r.players = 3;
  r.dealt_low_max = 15;
  const Game game(r);
  expect_dealt(deal(game, {kPlainA, kPlainB, kLow15}), EndReason::kDealtTonk, seats({2}), {-2, -2, 4});
  EXPECT_FALSE(deal(game, {kPlainA, kPlainB, kLow16}).is_over());
}

// V8a: another automatic win (49, 50 or another low hand) at the table voids the hand.
TEST(VariationDealt, V8aAnotherAutomaticWinVoidsTheHand) {
  Rules r;
  r.players = 3;
  r.dealt_low_max = 15;
  const Game game(r);
  expect_dealt(deal(game, {kPlainA, k49a, kLow15}), EndReason::kVoidDeal, 0, {0, 0, 0});
  expect_dealt(deal(game, {k50b, kPlainA, kLow15}), EndReason::kVoidDeal, 0, {0, 0, 0});
  expect_dealt(deal(game, {kLow13, kPlainB, kLow13b}), EndReason::kVoidDeal, 0, {0, 0, 0});
}

// V8b: 9 or less pays 3x; 10 is not low enough.
TEST(VariationDealt, V8bDealt9OrLessPays3) {
  Rules r;
  r.dealt_low_max = 9;
  r.dealt_low_pays = 3;
  const Game game(r);
  expect_dealt(deal(game, {kPlainA, kLow9}), EndReason::kDealtTonk, seats({1}), {-3, 3});
  EXPECT_FALSE(deal(game, {kPlainA, kLow10}).is_over());
  // A dealt 50 still pays 2x (S7).
  expect_dealt(deal(game, {k50a, kPlainA}), EndReason::kDealtTonk, seats({0}), {2, -2});
}

// V8c: 9 or less pays 2x, and a dealt 49 or 50 pays nothing (dealt_tonk_min=0).
TEST(VariationDealt, V8cDealt9OrLessAnd50PaysNothing) {
  Rules r;
  r.dealt_low_max = 9;
  r.dealt_tonk_min = 0;
  const Game game(r);
  expect_dealt(deal(game, {kPlainA, kLow9}), EndReason::kDealtTonk, seats({1}), {-2, 2});
  EXPECT_FALSE(deal(game, {kPlainA, k50a}).is_over());
  EXPECT_FALSE(deal(game, {kPlainA, k49a}).is_over());
}

// V8d: 13 or less is an automatic win; 14 is not.
TEST(VariationDealt, V8dDealt13OrLessWins) {
  Rules r;
  r.dealt_low_max = 13;
  const Game game(r);
  expect_dealt(deal(game, {kLow13, kPlainB}), EndReason::kDealtTonk, seats({0}), {2, -2});
  EXPECT_FALSE(deal(game, {kLow14, kPlainB}).is_over());
}

// ---- V9: Washington DC ranking: 11-or-less beats 50 beats 49; among lows the lower ----------------

Rules v9() {
  Rules r;
  r.players = 3;
  r.dealt_low_max = 11;
  r.multiple_dealt_tonks = MultipleDealtTonks::kBest;
  r.dealt_priority = DealtPriority::kLowFirst;
  return r;
}

TEST(VariationDealt, V9LowBeatsFifty) {
  const Game game(v9());
  expect_dealt(deal(game, {kPlainA, kLow11, k50b}), EndReason::kDealtTonk, seats({1}), {-2, 4, -2});
  expect_dealt(deal(game, {kLow11, k49a, kPlainB}), EndReason::kDealtTonk, seats({0}), {4, -2, -2});
}

TEST(VariationDealt, V9FiftyBeatsFortyNine) {
  const Game game(v9());
  expect_dealt(deal(game, {kPlainA, k49a, k50b}), EndReason::kDealtTonk, seats({2}), {-2, -2, 4});
  // A 49 alone is paid (2x: V9 keeps S7's payment).
  expect_dealt(deal(game, {kPlainA, k49a, kPlainB}), EndReason::kDealtTonk, seats({1}), {-2, 4, -2});
}

TEST(VariationDealt, V9LowerLowCountIsBetter) {
  const Game game(v9());
  expect_dealt(deal(game, {kPlainA, kLow11, kLow8}), EndReason::kDealtTonk, seats({2}), {-2, -2, 4});
  // Two 10s: a tie for the best voids the hand.
  expect_dealt(deal(game, {kPlainA, kLow10, kLow10b}), EndReason::kVoidDeal, 0, {0, 0, 0});
}

// ---- V10: Newark ranking: 50 beats 49 beats 13-or-less; ties to the nearest the dealer's left -----

Rules dealt_v10_rules() {
  Rules r;
  r.players = 3;
  r.dealt_low_max = 13;
  r.multiple_dealt_tonks = MultipleDealtTonks::kBestNearest;
  r.dealt_priority = DealtPriority::kHighFirst;
  r.first_turn_out_pays = 4;
  return r;
}

TEST(VariationDealt, V10FiftyBeats49Beats13OrLess) {
  const Game game(dealt_v10_rules());
  expect_dealt(deal(game, {kPlainA, kLow13, k50b}), EndReason::kDealtTonk, seats({2}), {-2, -2, 4});
  expect_dealt(deal(game, {k49a, kLow13, kPlainB}), EndReason::kDealtTonk, seats({0}), {4, -2, -2});
  expect_dealt(deal(game, {k49a, kPlainA, k50a}), EndReason::kDealtTonk, seats({2}), {-2, -2, 4});
}

TEST(VariationDealt, V10AmongLowsTheLowestCount) {
  const Game game(dealt_v10_rules());
  expect_dealt(deal(game, {kPlainA, kLow13, kLow8}), EndReason::kDealtTonk, seats({2}), {-2, -2, 4});
}

// V10: a tie goes to the player nearest the dealer's left. Dealer 0, so the order is seats 1, 2, 0:
// two 50s in seats 0 and 2 go to seat 2 (not the lower seat number); seat 0 pays like seat 1.
TEST(VariationDealt, V10TieGoesToThePlayerNearestTheDealersLeft) {
  const Game game(dealt_v10_rules());
  expect_dealt(deal(game, {k50a, kPlainA, k50b}, 0), EndReason::kDealtTonk, seats({2}), {-2, -2, 4});
  // The same hands with dealer 1 (order 2, 0, 1): still seat 2. With dealer 2 (order 0, 1, 2): seat 0.
  expect_dealt(deal(game, {k50a, kPlainA, k50b}, 1), EndReason::kDealtTonk, seats({2}), {-2, -2, 4});
  expect_dealt(deal(game, {k50a, kPlainA, k50b}, 2), EndReason::kDealtTonk, seats({0}), {4, -2, -2});
  // Two lows of 10 in seats 0 and 2, dealer 0: seat 2.
  expect_dealt(deal(game, {kLow10, kPlainB, kLow10b}, 0), EndReason::kDealtTonk, seats({2}), {-2, -2, 4});
}

// ---- V12b: five face cards ------------------------------------------------------------------------

Rules v12b() {
  Rules r;
  r.dealt_tonk_min = 0;          // V12b: 49 and 50 win nothing
  r.dealt_five_faces_pays = 2;   // V12b: five face cards is an automatic rummy (paid as a rum, V12c)
  return r;
}

TEST(VariationDealt, V12bFiveFaceCardsWin) {
  const Game game(v12b());
  expect_dealt(deal(game, {kPlainA, "Kc Qd Jh Ks Qc"}), EndReason::kDealtTonk, seats({1}), {-2, 2});
}

// V12b: tens are not face cards; a 50 with a ten, a 49 and a low count win nothing.
TEST(VariationDealt, V12bTensDoNotCountAnd49Or50WinNothing) {
  const Game game(v12b());
  EXPECT_FALSE(deal(game, {kPlainA, "Kc Qd Jh Ks Tc"}).is_over());
  EXPECT_FALSE(deal(game, {kPlainA, k49a}).is_over());
  EXPECT_FALSE(deal(game, {kPlainA, kLow9}).is_over());
}

// V12b: only at the deal. A player who collects five face cards in play has won nothing: seat 1
// holds Kc Qd Jh Ks 2c, draws Qc and throws 2c; the hand goes on.
TEST(VariationDealt, V12bOnlyAtTheDeal) {
  const Game game(v12b());
  State s = test::deal(game, {"Ad 3d 5d 7d 9d", "Kc Qd Jh Ks 2c"}, "3c", "Qc");
  play(s, {"stock", "discard 2c"});
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.hand(1), test::cards("Kc Qd Jh Ks Qc"));
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
}

// ---- V13b: a dealt 50; several 50s -----------------------------------------------------------------

Rules v13b() {
  Rules r;
  r.players = 3;
  r.dealt_tonk_min = 50;  // V13b: only a dealt 50 wins (a 49 may claim, V13d)
  r.dealt_tonk_max = 50;
  r.multiple_dealt_tonks = MultipleDealtTonks::kBest;  // as preset P-CHICAGO: several 50s tie, no payments
  return r;
}

TEST(VariationDealt, V13bDealt50Wins2x) {
  const Game game(v13b());
  expect_dealt(deal(game, {kPlainA, k50a, kPlainB}), EndReason::kDealtTonk,
               seats({1}), {-2, 4, -2});
  EXPECT_FALSE(deal(game, {kPlainA, k49a, kPlainB}).is_over());  // 49
}

// V13b: several 50s: the hand is dead (no payments).
TEST(VariationDealt, V13bSeveral50sAreDead) {
  const Game game(v13b());
  expect_dealt(deal(game, {k50a, kPlainA, k50b}), EndReason::kVoidDeal, 0,
               {0, 0, 0});
  Rules r = v13b();
  r.multiple_dealt_tonks = MultipleDealtTonks::kVoid;  // the same with S7's void
  const Game void_game(r);
  expect_dealt(deal(void_game, {k50a, kPlainA, k50b}), EndReason::kVoidDeal, 0,
               {0, 0, 0});
}

// V13b option: the earliest seat from the dealer's left wins 2x; the other 50 wins nothing (and pays).
// Dealer 0: order 1, 2, 0, so of seats 0 and 2 it is seat 2.
TEST(VariationDealt, V13bOptionEarliestSeatWins) {
  Rules r = v13b();
  r.multiple_dealt_tonks = MultipleDealtTonks::kEarliest;
  const Game game(r);
  expect_dealt(deal(game, {k50a, kPlainA, k50b}, 0), EndReason::kDealtTonk,
               seats({2}), {-2, -2, 4});
  expect_dealt(deal(game, {k50a, kPlainA, k50b}, 2), EndReason::kDealtTonk,
               seats({0}), {4, -2, -2});
}

// ---- V13c: the lowest dealt 13-or-less wins 2x; a tie pays nothing ---------------------------------

Rules v13c() {
  Rules r = v13b();
  r.dealt_low_max = 13;
  return r;
}

TEST(VariationDealt, V13cLowestOf13OrLessWins) {
  const Game game(v13c());
  expect_dealt(deal(game, {kPlainA, kLow13, kLow8}), EndReason::kDealtTonk,
               seats({2}), {-2, -2, 4});
  expect_dealt(deal(game, {kPlainA, kLow13, kPlainB}), EndReason::kDealtTonk,
               seats({1}), {-2, 4, -2});
  EXPECT_FALSE(deal(game, {kPlainA, kLow14, kPlainB}).is_over());  // 14
}

TEST(VariationDealt, V13cTieForTheLowestPaysNothing) {
  const Game game(v13c());
  expect_dealt(deal(game, {kLow10, kPlainA, kLow10b}), EndReason::kVoidDeal, 0,
               {0, 0, 0});
}

// ---- V13d: the claim of a dealt 49 ------------------------------------------------------------------

Rules v13d(int players = 2) {
  Rules r;
  r.players = players;
  r.dealt_tonk_min = 50;  // a 49 is not a dealt tonk here (V13b) ...
  r.dealt_tonk_max = 50;
  r.dealt_claim_total = 49;  // ... but may claim (V13d)
  r.dealt_claim_pays = 1;
  return r;
}

// V13d: the first player, with a dealt 49, may claim just before the first turn: 1x from each.
// The claim is EndReason::kDealtTonk (the lead's interpretation: a claimed dealt win).
TEST(VariationDealt, V13dFirstPlayerClaims) {
  const Game game(v13d(3));
  State s = test::deal(game, {"Ad 3d 5d 7d 9d", "Kc Qd Jh Ts 9c", "Ah 3h 5h 7h 9h"}, "2c");
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(legal_strings(s), sorted({"claim", "drop", "stock", "take"}));
  play(s, {"claim"});
  expect_dealt(s, EndReason::kDealtTonk, seats({1}), {-1, 2, -1});
  EXPECT_EQ(s.outcome().player, 1);
}

// V13d option 2: the claim pays 2x.
TEST(VariationDealt, V13dOptionClaimPays2) {
  Rules r = v13d();
  r.dealt_claim_pays = 2;
  const Game game(r);
  State s = test::deal(game, {"Ad 3d 5d 7d 9d", "Kc Qd Jh Ts 9c"}, "2c");
  play(s, {"claim"});
  expect_dealt(s, EndReason::kDealtTonk, seats({1}), {-2, 2});
}

// V13d: the dealer, playing second, may claim before their own first turn if nobody has spread.
TEST(VariationDealt, V13dDealerClaimsIfNobodyHasSpread) {
  const Game game(v13d());
  State s = test::deal(game, {"Kc Qd Jh Ts 9c", "Ad 3d 5d 7d 9d"}, "2c", "4c");
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));  // seat 1 has 25: no claim
  EXPECT_NE(test::why(s, test::act("claim")), "");
  play(s, {"stock", "discard 4c"});
  EXPECT_EQ(legal_strings(s), sorted({"claim", "drop", "stock", "take"}));
  play(s, {"claim"});
  expect_dealt(s, EndReason::kDealtTonk, seats({0}), {1, -1});
}

// V13d: not when a spread has been laid. Seat 1 lays 4h5h6h on the first turn; the dealer's 49
// can no longer claim.
TEST(VariationDealt, V13dNoClaimAfterASpread) {
  const Game game(v13d());
  State s = test::deal(game, {"Kc Qd Jh Ts 9c", "4h 5h 6h 2d 3s"}, "2c", "Ac");
  play(s, {"stock", "spread 4h5h6h", "discard Ac"});
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(game.count(s.hand(0)), 49);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  EXPECT_EQ(test::why(s, test::act("claim")), "V13d: someone has already spread");
}

// V13d: only immediately before one's first turn. Seat 1 takes a card and throws it back, keeping
// the 49; on the second turn there is no claim.
TEST(VariationDealt, V13dOnlyBeforeTheFirstTurn) {
  const Game game(v13d());
  State s = test::deal(game, {"Ad 3d 5d 7d 9d", "Kc Qd Jh Ts 9c"}, "2c", "4c 6c");
  play(s, {"stock", "discard 4c"});  // seat 1 lets the claim go
  play(s, {"stock", "discard 6c"});  // seat 0
  EXPECT_EQ(game.count(s.hand(1)), 49);
  EXPECT_EQ(s.turns_of(1), 2);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  EXPECT_EQ(test::why(s, test::act("claim")), "V13d: a claim is made only just before your first turn");
}

// ---- V14b: all dealt wins are paid ------------------------------------------------------------------

// V14b: a dealt 50, 49 or 14 or less is a double tonk, 2 from each opponent; several are all paid.
// seat 0: 50, seat 1: 14, seat 2: 32. Seat 0 gets 2 from seats 1 and 2 and pays 2 to seat 1.
TEST(VariationDealt, V14bAllDoubleTonksArePaid) {
  Rules r;
  r.players = 3;
  r.dealt_low_max = 14;
  r.multiple_dealt_tonks = MultipleDealtTonks::kAll;
  r.scoring = Scoring::kPoints;
  const Game game(r);
  expect_dealt(deal(game, {k50a, kLow14, kPlainB}), EndReason::kDealtTonk,
               seats({0, 1}), {2, 2, -4});
  // A 49 and a 50: both paid, so they cancel between themselves.
  expect_dealt(deal(game, {k49a, k50b, kPlainB}), EndReason::kDealtTonk,
               seats({0, 1}), {2, 2, -4});
  // One alone: 2 from each.
  expect_dealt(deal(game, {kPlainA, kLow14, kPlainB}), EndReason::kDealtTonk,
               seats({1}), {-2, 4, -2});
}

}  // namespace
}  // namespace tonk
