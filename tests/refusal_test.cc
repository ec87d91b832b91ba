// One hand-built case per rule ID the engine refuses with (State::why_illegal): each asserts the
// Refusal's rule_id, so a program reading refusals gets the rule that was really broken. The V19d
// case with an empty stock was blamed on I2 before the rules were written once.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "test_util.h"

namespace tonk {
namespace {

using test::act;
using test::play;

// Two players, dealer 0: seat 1 moves first and holds the run 4h5h6h; the upcard is 9s by default.
const std::vector<std::string> kRefusalHands = {"2d 3c Qh Jh 9d", "4h 5h 6h 9c Kd"};

State standard_deal(const Rules& r = Rules{}, std::string_view upcard = "9s", std::string_view stock = "7h 5d") {
  static std::vector<std::unique_ptr<Game>> games;  // the States point to their Game
  games.push_back(std::make_unique<Game>(r));
  return test::deal(*games.back(), kRefusalHands, upcard, stock);
}

std::string rule_of(const State& s, const Action& a) {
  const auto refusal = s.why_illegal(a);
  EXPECT_TRUE(refusal.has_value()) << to_string(a) << " is legal";
  if (!refusal) return "(legal)";
  EXPECT_FALSE(refusal->message.empty());
  EXPECT_FALSE(s.is_legal(a));
  return refusal->rule_id;
}

TEST(Refusal, S9TurnOrderAndOperands) {
  State s = standard_deal();
  EXPECT_EQ(rule_of(s, act("discard 9c")), "S9");  // take a card first
  EXPECT_EQ(rule_of(s, act("spread 4h5h6h")), "S9");
  EXPECT_EQ(rule_of(s, Action{ActionKind::kDrop, 3, 0, {}}), "S9");  // operands a drop does not take
  play(s, {"stock"});
  EXPECT_EQ(rule_of(s, act("take")), "S9");  // one card a turn
  EXPECT_EQ(rule_of(s, act("discard Qh")), "S9");  // not held
  EXPECT_EQ(rule_of(s, Action{ActionKind::kDiscard, 0, 0, test::cards("9c Kd")}), "S9");  // two cards
}

TEST(Refusal, S10EmptyPile) {
  Rules r;
  r.upcard = false;  // V1
  State s = standard_deal(r, "");
  EXPECT_EQ(rule_of(s, act("take")), "S10");
}

TEST(Refusal, S11NotASpread) {
  State s = standard_deal();
  play(s, {"stock"});  // 7h
  EXPECT_EQ(rule_of(s, act("spread 9c Kd 7h")), "S11");
  EXPECT_EQ(rule_of(s, Action::spread({})), "S11");
}

TEST(Refusal, S12HitsAndSpreads) {
  State s = standard_deal();
  EXPECT_EQ(rule_of(s, act("hit 0 7h")), "S12");  // before taking a card
  play(s, {"stock", "spread 4h5h6h", "discard Kd"});  // seat 1 lays 4h5h6h
  play(s, {"stock"});                                 // seat 0 draws 5d
  EXPECT_EQ(rule_of(s, act("hit 0 Qh")), "S12");      // does not extend
  EXPECT_EQ(rule_of(s, act("hit 1 Qh")), "S12");      // no spread 1
}

TEST(Refusal, S15DropAfterTheDraw) {
  State s = standard_deal();
  play(s, {"stock"});
  EXPECT_EQ(rule_of(s, act("drop")), "S15");
}

TEST(Refusal, AfterTheEndTheRuleThatEndedIt) {
  State s = standard_deal();
  play(s, {"drop"});
  EXPECT_EQ(rule_of(s, act("stock")), "S15");
  const Game game;
  State dealt = test::deal(game, {"2d 3c Qh Jh 9d", "Kc Kd Kh Ks Qc"}, "9s");  // a dealt 50
  ASSERT_EQ(dealt.outcome().reason, EndReason::kDealtTonk);
  EXPECT_EQ(rule_of(dealt, act("stock")), "S7");
}

TEST(Refusal, I1TheTakenCard) {
  State s = standard_deal();
  play(s, {"take"});  // 9s
  EXPECT_EQ(rule_of(s, act("discard 9s")), "I1");
}

TEST(Refusal, I2TakesAfterTheStockRanOut) {
  Rules r;
  r.empty_stock_takes = 0;
  const Game game(r);
  State s = test::deal(game, kRefusalHands, "9s");
  test::draw_and_throw(s);  // until the stock is empty
  EXPECT_EQ(rule_of(s, act("take")), "I2");
}

TEST(Refusal, I3NoDropOnTheFirstTurn) {
  Rules r;
  r.drop_on_first_turn = false;
  State s = standard_deal(r);
  EXPECT_EQ(rule_of(s, act("drop")), "I3");
}

TEST(Refusal, I5FullBook) {
  Rules r;
  r.book_max = 3;  // V19a: a book of three is full
  const Game game(r);
  State s = test::deal(game, {"9d 2c 3c 5s 7d", "9c 9h 9s 4h Kd"}, "Qs", "Jc 8d");
  play(s, {"stock", "spread 9c9h9s", "discard Kd", "stock"});
  EXPECT_EQ(rule_of(s, act("hit 0 9d")), "I5");
}

TEST(Refusal, V2HoldASpread) {
  Rules r;
  r.must_lay_spreads = true;
  State s = standard_deal(r);
  play(s, {"stock"});
  EXPECT_EQ(rule_of(s, act("discard Kd")), "V2");
}

TEST(Refusal, V6WaitBeforeDropping) {
  Rules r;
  r.spread_wait = 3;
  State s = standard_deal(r);
  play(s, {"stock", "spread 4h5h6h", "discard Kd", "stock", "discard Qh"});
  EXPECT_EQ(rule_of(s, act("drop")), "V6");
}

TEST(Refusal, V13aShapes) {
  State standard = standard_deal();
  play(standard, {"stock"});
  EXPECT_EQ(rule_of(standard, act("spread 4h5h6h run:4h")), "V13a");  // no wild card, no shape
  Rules r;
  r.jokers = 2;
  r.wild_cards = WildCards::kDeucesJokers;
  const Game game(r);
  State s = test::deal(game, {"2d 3c Qh Jh 9d", "4h 5h X1 9c Kd"}, "9s", "Kc");
  play(s, {"stock"});
  EXPECT_EQ(rule_of(s, act("spread 4h5hX1")), "V13a");         // run:3h or run:4h
  EXPECT_EQ(rule_of(s, act("spread 4h5hX1 run:5h")), "V13a");  // 5h-7h needs two wild cards
  EXPECT_EQ(rule_of(s, act("spread 4h5hX1 book:4")), "V13a");
}

TEST(Refusal, V13dClaims) {
  State none = standard_deal();
  EXPECT_EQ(rule_of(none, act("claim")), "V13d");  // this table has no claim
  Rules r;
  r.dealt_claim_total = 40;
  State s = standard_deal(r);
  EXPECT_EQ(rule_of(s, act("claim")), "V13d");  // seat 1's count is not 40
  play(s, {"stock"});
  EXPECT_EQ(rule_of(s, act("claim")), "V13d");  // after the draw
}

TEST(Refusal, V19bOneCardAHit) {
  Rules r;
  r.hit_cards_per_turn = 1;
  State s = standard_deal(r, "9s", "7h 5d 8h");
  play(s, {"stock", "spread 4h5h6h", "discard Kd", "stock", "discard Qh", "stock"});  // seat 1 holds 7h 8h
  EXPECT_EQ(rule_of(s, act("hit 0 8h7h")), "V19b");
  play(s, {"hit 0 7h"});
  EXPECT_EQ(rule_of(s, act("hit 0 8h")), "V19b");
}

TEST(Refusal, V6cNoGoingOutAfterBeingHit) {
  Rules r;
  r.hit_wait = 1;
  r.hit_blocks_going_out = true;
  const Game game(r);
  State s = test::deal(game, {"7h 2c 3c 5s 7d", "4h 5h 6h 9c Kd"}, "Qs", "9h 8d 9s");
  play(s, {"stock", "spread 4h5h6h", "discard Kd", "stock", "hit 0 7h", "discard 8d", "stock"});
  EXPECT_EQ(rule_of(s, act("spread 9c9h9s")), "V6c");
}

TEST(Refusal, V19cEndingTheTurn) {
  State none = standard_deal();
  play(none, {"stock"});
  EXPECT_EQ(rule_of(none, act("end")), "V19c");  // the table has no such rule
  Rules r;
  r.hit_skips_discard = true;
  State s = standard_deal(r, "9s", "Jc 8d 7h");
  play(s, {"stock"});
  EXPECT_EQ(rule_of(s, act("end")), "V19c");  // no hit this turn
  play(s, {"spread 4h5h6h", "discard Jc", "stock", "discard 8d", "stock", "hit 0 7h"});
  EXPECT_EQ(rule_of(s, act("discard Kd")), "V19c");  // a hit ends the turn without a discard
}

TEST(Refusal, V19dTheTakenCardMustMakeASpread) {
  Rules r;
  r.taken_discard_must_spread = true;
  State s = standard_deal(r, "2h");  // 2h makes no spread with seat 1's hand
  EXPECT_EQ(rule_of(s, act("take")), "V19d");
}

// The case that was misjudged: with the stock empty and takes left under I2, refusing a take under V19d
// must cite V19d, not I2.
TEST(Refusal, V19dWithAnEmptyStockIsStillV19d) {
  Rules r;
  r.taken_discard_must_spread = true;
  const Game game(r);
  State s = test::deal(game, kRefusalHands, "9s");
  test::draw_and_throw(s);  // until the stock is empty
  ASSERT_EQ(s.empty_stock_takes(s.current_player()), 0);
  ASSERT_LT(0, r.empty_stock_takes);
  const auto refusal = s.why_illegal(act("take"));
  ASSERT_TRUE(refusal.has_value()) << "the top discard " << to_string(s.top_discard()) << " makes a spread";
  EXPECT_EQ(refusal->rule_id, "V19d") << refusal->text();
}

TEST(Refusal, V21Slapping) {
  State none = standard_deal();
  EXPECT_EQ(rule_of(none, act("pass")), "V21");
  EXPECT_EQ(rule_of(none, act("slap 0")), "V21");
  Rules r;
  r.slapping = Slapping::kOn;
  State s = standard_deal(r, "9s", "7h 5d");
  play(s, {"stock", "spread 4h5h6h", "discard 7h"});  // 7h fits the run: the slap window opens
  ASSERT_EQ(s.phase(), Phase::kSlap);
  EXPECT_EQ(rule_of(s, act("discard 2d")), "V21");  // slap or pass
  EXPECT_EQ(rule_of(s, act("slap 1")), "V21");      // no spread 1
  play(s, {"slap 0"});
  ASSERT_EQ(s.phase(), Phase::kSlapDiscard);
  EXPECT_EQ(rule_of(s, act("pass")), "V21");  // after a slap, one extra discard
}

}  // namespace
}  // namespace tonk
