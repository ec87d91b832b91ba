// The structure of a turn (S9), the discard pile (S10), hits in one's own turn (S12) and the
// interpretations I1 (re-discarding a taken card), I3 (drop on the first turn), I4 (a player's own
// turns) and I6 (ordinary turns versus tonk out).
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "test_util.h"
#include "tonk/view.h"

namespace tonk {
namespace {

using test::act;
using test::card;
using test::cards;
using test::legal_strings;
using test::payouts;
using test::play;
using test::sorted;

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// Two players, dealer 0: seat 1 plays first.
//   seat 0: 3c 6d 9h Qs Ad     seat 1: 2c 5d 8h Js Kc     upcard 4s     stock 7c 7d ...
State plain_deal(const Game& game) {
  return test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s", "7c 7d");
}

// S9: at the start of the turn: drop, or take one card (stock or discard); then spreads and hits;
// then one discard, which ends the turn.
TEST(Turn, S9DropOrTakeThenDiscard) {
  const Game game;
  State s = plain_deal(game);
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  for (const char* a : {"discard 2c", "spread 2c3c4c", "hit 0 2c"}) EXPECT_FALSE(s.is_legal(act(a))) << a;
  EXPECT_TRUE(starts_with(test::why(s, act("discard 2c")), "S9")) << test::why(s, act("discard 2c"));
  EXPECT_TRUE(starts_with(test::why(s, act("spread 2c3c4c")), "S9"));
  EXPECT_TRUE(starts_with(test::why(s, act("hit 0 2c")), "S12"));

  play(s, {"stock"});
  EXPECT_EQ(s.phase(), Phase::kAfterDraw);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.hand(1), cards("2c 5d 8h Js Kc 7c"));
  EXPECT_EQ(s.stock_size(), 52 - 11 - 1);
  EXPECT_EQ(s.top_discard(), card("4s"));
  // One card per turn; the drop is only at the start of the turn.
  for (const char* a : {"stock", "take", "drop"}) EXPECT_FALSE(s.is_legal(act(a))) << a;
  EXPECT_TRUE(starts_with(test::why(s, act("take")), "S9"));
  EXPECT_TRUE(starts_with(test::why(s, act("drop")), "S15"));
  // The turn can end only by a discard: no spread is possible here.
  EXPECT_EQ(legal_strings(s),
            sorted({"discard 2c", "discard 7c", "discard 5d", "discard 8h", "discard Js", "discard Kc"}));

  play(s, {"discard Kc"});
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(s.current_player(), 0);  // S8: clockwise
  EXPECT_EQ(s.hand(1), cards("2c 5d 8h Js 7c"));
  EXPECT_EQ(s.top_discard(), card("Kc"));
  EXPECT_EQ(s.turn(), 2);
  EXPECT_FALSE(s.is_over());
}

// S9: a drop at the start of the turn ends the hand (the payouts are checked in drop_test.cc).
TEST(Turn, S9DropAtTheStart) {
  const Game game;
  State s = plain_deal(game);
  play(s, {"drop"});
  EXPECT_TRUE(s.is_over());
  EXPECT_EQ(s.phase(), Phase::kOver);
}

// S8, S9: with three players the turn passes 1 -> 2 -> 0 -> 1 when seat 0 deals.
TEST(Turn, S8TurnsPassClockwise) {
  const Game game(test::rules_for(3));
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc", "4c 7d Th 2s 3d"}, "4s", "7c 7h 7s 8c");
  std::vector<int> order;
  for (const char* drawn : {"7c", "7h", "7s", "8c"}) {
    order.push_back(s.current_player());
    play(s, {"stock"});
    s.apply_checked(Action::discard(card(drawn)));
  }
  EXPECT_EQ(order, (std::vector<int>{1, 2, 0, 1}));
}

// S10: only the top card of the pile is in view and can be taken; taking it shows the one below.
TEST(Turn, S10OnlyTheTopDiscardIsTaken) {
  const std::shared_ptr<const Game> game = make_game();
  Hand hand = test::make_hand(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s", "7c 7d");
  play(hand, {"stock", "discard Kc"});
  const State& s = hand.state();
  ASSERT_EQ(s.discard_size(), 2);
  EXPECT_EQ(s.discard_pile()[0], card("4s"));  // bottom first
  EXPECT_EQ(s.discard_pile()[1], card("Kc"));
  EXPECT_EQ(hand.view(0).top_discard, card("Kc"));
  EXPECT_EQ(hand.view(1).top_discard, card("Kc"));
  play(hand, {"take"});
  EXPECT_TRUE(s.hand(0).contains(card("Kc")));
  EXPECT_FALSE(s.hand(0).contains(card("4s")));
  EXPECT_EQ(s.top_discard(), card("4s"));
  EXPECT_EQ(s.discard_size(), 1);
}

// S12: hits are made in one's own turn, after taking a card; on one's own spreads or another
// player's. I6: hitting everything and then discarding the last card is an ordinary turn's end: out
// by discard (1x, S14), not a tonk out.
//   seat 0: 9c 9d Tc Jd 2s     seat 1: 3h 4h 5h Kc 9h     upcard Qh     stock 8d 9s 6h
TEST(Turn, S12HitsOwnAndOthersSpreadsI6ThenDiscardIsOutByDiscard) {
  const Game game;
  State s = test::deal(game, {"9c 9d Tc Jd 2s", "3h 4h 5h Kc 9h"}, "Qh", "8d 9s 6h");
  play(s, {"stock", "spread 3h4h5h", "discard Kc"});        // seat 1 keeps 9h 8d
  play(s, {"stock", "spread 9c9d9s", "discard 2s"});        // seat 0 keeps Tc Jd
  EXPECT_FALSE(s.is_legal(act("hit 1 9h")));                // S12: not before taking a card
  play(s, {"stock"});                                       // seat 1 draws 6h
  EXPECT_EQ(legal_strings(s), sorted({"hit 0 6h", "hit 1 9h", "discard 6h", "discard 8d", "discard 9h"}));
  play(s, {"hit 1 9h"});                                    // seat 0's book
  EXPECT_EQ(s.spread(1), cards("9c9d9h9s"));
  EXPECT_EQ(s.spread_owner(1), 0);                          // the spread stays seat 0's
  play(s, {"hit 0 6h"});                                    // own run
  EXPECT_EQ(s.spread(0), cards("3h4h5h6h"));
  EXPECT_FALSE(s.is_over());                                // 8d is still in hand
  EXPECT_EQ(legal_strings(s), sorted({"discard 8d"}));
  play(s, {"discard 8d"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kOutByDiscard);
  EXPECT_EQ(s.outcome().player, 1);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
}

// I6: laying down the card taken from the pile in a spread and then discarding is an ordinary turn.
TEST(Turn, I6SpreadingTheTakenCardThenDiscardingGoesOn) {
  const Game game;
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "4h 5h 9c Kc 2d"}, "6h", "7c");
  play(s, {"take", "spread 4h5h6h", "discard Kc"});
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.hand(1), cards("9c 2d"));
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.num_spreads(), 1);
  EXPECT_EQ(s.spread_owner(0), 1);
}

// I1: the card taken from the pile may not be discarded in the same turn...
//   seat 1: 4h 5h 6h 7h 2c     upcard Kd
TEST(Turn, I1TakenCardMayNotBeRediscarded) {
  const Game game;
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "4h 5h 6h 7h 2c"}, "Kd", "7c");
  play(s, {"take"});
  EXPECT_EQ(s.taken_discard(), card("Kd"));
  EXPECT_FALSE(s.is_legal(act("discard Kd")));
  EXPECT_TRUE(starts_with(test::why(s, act("discard Kd")), "I1"));
  EXPECT_EQ(legal_strings(s), sorted({"spread 4h5h6h", "spread 5h6h7h", "spread 4h5h6h7h", "discard 4h",
                                      "discard 5h", "discard 6h", "discard 7h", "discard 2c"}));
  play(s, {"spread 4h5h6h7h"});
  EXPECT_EQ(legal_strings(s), sorted({"discard 2c"}));
  play(s, {"discard 2c"});
  EXPECT_EQ(s.hand(1), cards("Kd"));
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.taken_discard(), Card::none());  // the next player has taken nothing yet
  // ...but on a later turn it may.
  play(s, {"stock", "discard 7c"});
  EXPECT_EQ(s.taken_discard(), Card::none());
  play(s, {"stock"});
  EXPECT_TRUE(s.is_legal(act("discard Kd")));
}

// I1 alternative: rediscard_taken_card=true allows it.
TEST(Turn, I1RediscardAllowedByOption) {
  Rules r;
  r.rediscard_taken_card = true;
  const Game game(r);
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "4h 5h 6h 7h 2c"}, "Kd", "7c");
  play(s, {"take", "spread 4h5h6h7h"});
  EXPECT_EQ(legal_strings(s), sorted({"discard 2c", "discard Kd"}));
  play(s, {"discard Kd"});
  EXPECT_EQ(s.top_discard(), card("Kd"));
  EXPECT_EQ(s.hand(1), cards("2c"));
}

// I1 does not concern a card drawn from the stock.
TEST(Turn, I1StockCardMayBeDiscarded) {
  const Game game;
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "4h 5h 6h 7h 2c"}, "Kd", "Kh");
  play(s, {"stock"});
  EXPECT_EQ(s.taken_discard(), Card::none());
  EXPECT_TRUE(s.is_legal(act("discard Kh")));
}

// I1 exception: the taken card is the only card left, so it is discarded, and that discard goes out
// (S14, 1x).   seat 1: 4h 5h 6h 7h 8h     upcard Kd
TEST(Turn, I1TakenCardIsTheLastCard) {
  const Game game;
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "4h 5h 6h 7h 8h"}, "Kd", "7c");
  play(s, {"take", "spread 4h5h6h7h8h"});
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(legal_strings(s), sorted({"discard Kd"}));
  play(s, {"discard Kd"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kOutByDiscard);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
}

// I3: by default a player may drop on their first turn, the first turn of the hand included.
TEST(Turn, I3DropOnFirstTurnByDefault) {
  const Game game;
  State s = plain_deal(game);
  EXPECT_TRUE(s.is_legal(Action::drop()));
  play(s, {"stock", "discard 7c"});
  EXPECT_EQ(s.turns_of(0), 1);
  EXPECT_TRUE(s.is_legal(Action::drop()));  // seat 0's first turn too
}

// I3 alternative, with I4: drop_on_first_turn=false forbids a drop on each player's own first turn
// (seat 0's first turn is the hand's second); each player's second turn allows it.
TEST(Turn, I3NoDropOnFirstTurnByOptionI4CountsOwnTurns) {
  Rules r;
  r.drop_on_first_turn = false;
  const Game game(r);
  State s = plain_deal(game);
  EXPECT_EQ(legal_strings(s), sorted({"stock", "take"}));
  EXPECT_TRUE(starts_with(test::why(s, Action::drop()), "I3"));
  play(s, {"stock", "discard 7c"});
  EXPECT_EQ(s.turn(), 2);
  EXPECT_EQ(s.turns_of(0), 1);
  EXPECT_EQ(legal_strings(s), sorted({"stock", "take"}));  // seat 0's first turn
  play(s, {"stock", "discard 7d"});
  EXPECT_EQ(s.turn(), 3);
  EXPECT_EQ(s.turns_of(1), 2);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));  // seat 1's second turn
  play(s, {"stock", "discard Kc"});
  EXPECT_EQ(s.turns_of(0), 2);
  EXPECT_TRUE(s.is_legal(Action::drop()));
}

// I4: a player's turns are counted separately; turn() counts all turns begun.
TEST(Turn, I4TurnsOfEachPlayer) {
  const Game game(test::rules_for(3));
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc", "4c 7d Th 2s 3d"}, "4s", "7c 7h 7s 8c 8d");
  const std::vector<std::array<int, 3>> expected = {{0, 1, 0}, {0, 1, 1}, {1, 1, 1}, {1, 2, 1}, {1, 2, 2}};
  const char* drawn[] = {"7c", "7h", "7s", "8c", "8d"};
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(s.turn(), k + 1);
    for (int p = 0; p < 3; ++p) EXPECT_EQ(s.turns_of(p), expected[k][p]) << "turn " << k + 1 << " seat " << p;
    play(s, {"stock"});
    s.apply_checked(Action::discard(card(drawn[k])));
  }
}

// I3 and I4 over a long hand: a turn counter must not wrap. While the stock has cards, two players
// can trade discards until max_turns (I2) ends the hand; with a large bound each begins hundreds of
// turns, and every turn after a player's first still allows the drop.
TEST(Turn, I3DropStaysLegalOnVeryLongHands) {
  Rules r;
  r.drop_on_first_turn = false;
  r.max_turns = 10000;  // I2: the turn bound would otherwise end this hand at turn 200
  const Game game(r);
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s", "7c");
  play(s, {"take", "discard Kc"});  // seat 1 holds 4s
  play(s, {"take", "discard Ad"});  // seat 0 holds Kc
  // From here each player takes the top discard and throws the card they took on their previous turn.
  std::array<Card, 2> last_taken = {card("Kc"), card("4s")};
  for (int k = 0; k < 600; ++k) {
    const int p = s.current_player();
    ASSERT_TRUE(s.is_legal(Action::drop())) << "turn " << s.turn() << " of seat " << p;
    // The count is exact while it fits its byte; past that it must still say "not the first turn".
    if (k / 2 + 2 < 255) {
      ASSERT_EQ(s.turns_of(p), k / 2 + 2);
    }
    ASSERT_GT(s.turns_of(p), 1);
    const Card top = s.top_discard();
    play(s, {"take"});
    s.apply_checked(Action::discard(last_taken[p]));
    last_taken[p] = top;
  }
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.stock_size(), 52 - 11);
}

}  // namespace
}  // namespace tonk
