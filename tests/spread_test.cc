// Spreads (S11: books and runs, ace low), hits (S12, I5) and Game::lowest_count.
#include <gtest/gtest.h>

#include "test_util.h"
#include "tonk/game.h"

namespace tonk {
namespace {

using test::cards;

Game game_with_book_max(int book_max) {
  Rules r;
  r.book_max = book_max;
  return Game(r);
}

// S11: a book is 3 or 4 cards of one rank.
TEST(Spreads, S11Books) {
  const Game game;
  EXPECT_TRUE(game.is_book(cards("QcQdQh")));
  EXPECT_TRUE(game.is_book(cards("4c4d4h4s")));
  EXPECT_TRUE(game.is_book(cards("AdAhAs")));
  EXPECT_FALSE(game.is_book(cards("QcQd")));        // too few
  EXPECT_FALSE(game.is_book(cards("QcQdKh")));      // two ranks
  EXPECT_FALSE(game.is_book(cards("Qc")));
  EXPECT_FALSE(game.is_book(CardSet()));
  EXPECT_FALSE(game.is_run(cards("QcQdQh")));
  EXPECT_TRUE(game.is_spread(cards("QcQdQh")));
}

// S11: a run is 3 or more consecutive cards of one suit; the ace is low only.
TEST(Spreads, S11RunsAceLowOnly) {
  const Game game;
  EXPECT_TRUE(game.is_run(cards("Ah2h3h")));
  EXPECT_TRUE(game.is_run(cards("8s9sTsJs")));
  EXPECT_TRUE(game.is_run(cards("JcQcKc")));
  EXPECT_TRUE(game.is_run(cards("Ad2d3d4d5d6d7d8d9dTdJdQdKd")));  // a whole suit
  EXPECT_FALSE(game.is_run(cards("QhKhAh")));  // S11: QKA is not a run
  EXPECT_FALSE(game.is_run(cards("KhAh2h")));  // S11: KA2 is not a run
  EXPECT_FALSE(game.is_run(cards("JhQhKhAh")));
  EXPECT_FALSE(game.is_run(cards("2h3h5h")));  // gap
  EXPECT_FALSE(game.is_run(cards("2h3d4h")));  // two suits
  EXPECT_FALSE(game.is_run(cards("2h3h")));    // too short
  EXPECT_FALSE(game.is_book(cards("Ah2h3h")));
  EXPECT_FALSE(game.is_spread(cards("QhKhAh")));
  EXPECT_FALSE(game.is_spread(cards("2h3h5h")));
}

// I5: a 4-card book takes no more cards; with book_max=3 (V19a) no book takes a fourth card, and a
// 4-card book cannot be laid.
TEST(Spreads, I5BookMax) {
  const Game four;
  const Game three = game_with_book_max(3);
  EXPECT_TRUE(four.is_book(cards("9c9d9h9s")));
  EXPECT_FALSE(three.is_book(cards("9c9d9h9s")));
  EXPECT_TRUE(three.is_book(cards("9c9d9h")));
  EXPECT_TRUE(four.can_hit(cards("9c9d9h"), cards("9s")));
  EXPECT_FALSE(three.can_hit(cards("9c9d9h"), cards("9s")));
}

// S12: a hit extends a run at either end or makes a 3-card book into a 4-card book; several cards
// may be added at once; I5: a run grows without limit.
TEST(Hits, S12RunsGrowAtEitherEnd) {
  const Game game;
  const CardSet run = cards("4h5h6h");
  EXPECT_TRUE(game.can_hit(run, cards("3h")));
  EXPECT_TRUE(game.can_hit(run, cards("7h")));
  EXPECT_TRUE(game.can_hit(run, cards("7h8h9h")));      // a card sequence at once
  EXPECT_TRUE(game.can_hit(run, cards("Ah2h3h")));      // down to the ace
  EXPECT_TRUE(game.can_hit(run, cards("3h7h")));        // both ends in one hit
  EXPECT_TRUE(game.can_hit(run, cards("7h8h9hThJhQhKh")));  // I5: no limit
  EXPECT_FALSE(game.can_hit(run, cards("8h")));         // gap
  EXPECT_FALSE(game.can_hit(run, cards("7h9h")));       // gap inside the hit
  EXPECT_FALSE(game.can_hit(run, cards("7d")));         // other suit
  EXPECT_FALSE(game.can_hit(run, cards("4d")));         // a run is not a book
  EXPECT_FALSE(game.can_hit(run, cards("5h")));         // already in the spread
  EXPECT_FALSE(game.can_hit(run, CardSet()));
  EXPECT_FALSE(game.can_hit(cards("JhQhKh"), cards("Ah")));  // S11: ace low only
  EXPECT_FALSE(game.can_hit(cards("Ah2h3h"), cards("Kh")));
}

TEST(Hits, S12BookToFourCards) {
  const Game game;
  const CardSet book = cards("QcQdQh");
  EXPECT_TRUE(game.can_hit(book, cards("Qs")));
  EXPECT_FALSE(game.can_hit(book, cards("Ks")));
  EXPECT_FALSE(game.can_hit(book, cards("Qs Ks")));
  EXPECT_FALSE(game.can_hit(book, cards("Jc")));  // QcQdQh is no run
  EXPECT_FALSE(game.can_hit(cards("QcQdQhQs"), cards("Kc")));
  EXPECT_FALSE(game.can_hit(cards("Qc Qd"), cards("Qh")));  // not a spread
}

TEST(LowestCount, LaysTheBestSetOfSpreads) {
  const Game game;
  EXPECT_EQ(game.lowest_count(cards("Kc Qd 9h 5s 2c")), 36);  // nothing to lay
  EXPECT_EQ(game.lowest_count(cards("5h6h7h Kc Kd")), 20);
  EXPECT_EQ(game.lowest_count(cards("5h6h7h8h 2c")), 2);
  EXPECT_EQ(game.lowest_count(cards("4c4d4h4s")), 0);
  EXPECT_EQ(game.lowest_count(cards("2c2d2h 9s9d9h")), 0);
  // 4c4d4h or 4h5h6h, not both: laying the run leaves 4c4d (8), the book leaves 5h6h (11).
  EXPECT_EQ(game.lowest_count(cards("4c4d4h 5h6h")), 8);
  // AcAdAh or Ac2c3c: the run leaves AdAh (2), the book leaves 2c3c (5).
  EXPECT_EQ(game.lowest_count(cards("AcAdAh 2c3c")), 2);
  // The book of 4 lays everything; with book_max=3 one four stays in hand (I5 / V19a).
  EXPECT_EQ(game_with_book_max(3).lowest_count(cards("4c4d4h4s")), 4);
  // QKA is no run (S11).
  EXPECT_EQ(game.lowest_count(cards("QhKhAh")), 21);
  EXPECT_EQ(game.lowest_count(CardSet()), 0);
  // Two runs of one suit, six cards: all laid.
  EXPECT_EQ(game.lowest_count(cards("Ac2c3c 7c8c9c")), 0);
  // A six-card run can be split as 3+3 or laid whole; either way nothing is left.
  EXPECT_EQ(game.lowest_count(cards("4s5s6s7s8s9s Kd")), 10);
  // The longer run is worth one point more than the shorter one: A234 (10) beats 234 (9).
  EXPECT_EQ(game.lowest_count(cards("Ac 2c 3c 4c Kd")), 10);
}

}  // namespace
}  // namespace tonk
