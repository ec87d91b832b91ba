// V13a: six wild cards, the four deuces and two jokers (54 cards). A spread or hit with a wild card
// names its shape ("run:3h", "book:9"), since the cards alone may not say what the wild stands for;
// at least one card of a spread stands for itself; a run grows only at its ends.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <vector>

#include "test_util.h"
#include "tonk/rule_options.h"
#include "tonk/session.h"

namespace tonk {
namespace {

using test::act;
using test::cards;
using test::legal_strings;
using test::play;
using test::sorted;

Rules wild_rules() {
  Rules r;
  r.jokers = 2;
  r.wild_cards = WildCards::kDeucesJokers;
  return r;
}

TEST(V13a, DeckHasFiftyFourCardsAndSixWilds) {
  const Game game(wild_rules());
  EXPECT_EQ(game.deck_size(), 54);
  EXPECT_EQ(game.wild_cards(), cards("2c 2d 2h 2s X1 X2"));
  EXPECT_EQ(game.count(cards("2c X1 X2")), 2);  // V16: jokers count 0; a deuce counts 2
}

TEST(V13a, SpreadWithAWildNamesItsShape) {
  const Game game(wild_rules());
  State s = test::deal(game, {"4h 5h X1 9c Kd", "6h 3h 2c Jd Js"}, "Qs", "7d 8s", /*dealer=*/1);
  play(s, {"stock"});  // seat 0 draws 7d
  // 4h 5h X1 is a run 3h-5h or 4h-6h; nothing else spreads.
  EXPECT_EQ(legal_strings(s), sorted({"spread 4h5hX1 run:3h", "spread 4h5hX1 run:4h", "discard 4h", "discard 5h",
                                      "discard X1", "discard 9c", "discard Kd", "discard 7d"}));
  EXPECT_FALSE(s.is_legal(act("spread 4h5hX1")));
  EXPECT_NE(test::why(s, act("spread 4h5hX1")).find("V13a"), std::string::npos);
  EXPECT_FALSE(s.is_legal(act("spread 4h5hX1 run:5h")));  // 5h-7h would need two wild cards
}

TEST(V13a, RunGrowsAtItsEndsWithNaturalsOrWilds) {
  const Game game(wild_rules());
  State s = test::deal(game, {"4h 5h X1 9c Kd", "6h 3h 2c Jd Js"}, "Qs", "7d 8s", /*dealer=*/1);
  play(s, {"stock", "spread 4h5hX1 run:3h", "discard Kd", "stock"});  // seat 1 draws 8s
  EXPECT_EQ(s.spread_shape(0), shape_run(Suit::kHearts, Rank::kThree));
  // The joker stands for 3h, so seat 1's 3h cannot go in (nothing on the table moves); 6h extends
  // the top; the wild 2c extends either end.
  EXPECT_EQ(legal_strings(s),
            sorted({"hit 0 6h", "hit 0 2c run:2h", "hit 0 2c run:3h", "hit 0 2c6h run:2h", "hit 0 2c6h run:3h",
                    "spread 2cJdJs book:J", "discard 6h", "discard 3h", "discard 2c", "discard Jd", "discard Js",
                    "discard 8s"}));
  play(s, {"hit 0 2c run:2h"});
  EXPECT_EQ(s.spread(0), cards("2c 4h 5h X1"));
  EXPECT_EQ(s.spread_shape(0), shape_run(Suit::kHearts, Rank::kTwo));  // 2h-5h: 2c stands for 2h
  play(s, {"hit 0 6h"});
  EXPECT_EQ(s.spread_shape(0), shape_run(Suit::kHearts, Rank::kTwo));  // 2h-6h
}

TEST(V13a, BookWithAWildAndDeucesStandingForThemselves) {
  const Game game(wild_rules());
  EXPECT_TRUE(game.fits(cards("9c 9d X1"), shape_book(Rank::kNine)));
  EXPECT_FALSE(game.fits(cards("9c 8d X1"), shape_book(Rank::kNine)));
  EXPECT_TRUE(game.fits(cards("2c X1 X2"), shape_book(Rank::kTwo)));              // 2c stands for itself
  EXPECT_TRUE(game.fits(cards("2c X1 X2"), shape_run(Suit::kClubs, Rank::kAce)));  // 2c in its own place
  EXPECT_FALSE(game.fits(cards("2c X1 X2"), shape_run(Suit::kHearts, Rank::kAce)));  // nothing stands for itself
  EXPECT_FALSE(game.fits(cards("2c X1 X2"), shape_book(Rank::kNine)));
  EXPECT_FALSE(game.fits(cards("9c 9d 9h X1 X2"), shape_book(Rank::kNine)));  // I5: at most four
}

TEST(V13a, LowestCountUsesWildCards) {
  const Game game(wild_rules());
  EXPECT_EQ(game.lowest_count(cards("4h 5h X1 Kd Qc")), 20);  // 4h5hX1 laid
  EXPECT_EQ(game.lowest_count(cards("Kd Kc 2s 9h")), 9);      // KdKc2s laid
  const Game plain;
  EXPECT_EQ(plain.lowest_count(cards("Kd Kc 2s 9h")), 31);    // without V13a, no spread
}

TEST(V13a, WithoutTheOptionJokersNeverSpread) {
  Rules r;
  r.jokers = 2;  // V16 only
  const Game game(r);
  EXPECT_FALSE(game.is_spread(cards("4h 5h X1")));
  EXPECT_TRUE(game.wild_cards().empty());
}

}  // namespace
}  // namespace tonk

namespace tonk {
namespace {

// The jokers are interchangeable, so the legal list names the lowest-numbered ones; an action naming
// X2 while X1 is held means the same and is accepted (State::normalize).
TEST(V13a, JokersAreInterchangeable) {
  const Game game(wild_rules());
  State s = test::deal(game, {"4h 5h X1 X2 Kd", "6h 3h 2c Jd Js"}, "Qs", "7d 8s", /*dealer=*/1);
  test::play(s, {"stock"});
  EXPECT_TRUE(s.is_legal(test::act("spread 4h5hX1 run:3h")));
  EXPECT_TRUE(s.is_legal(test::act("spread 4h5hX2 run:3h")));
  s.apply_checked(test::act("spread 4h5hX2 run:3h"));
  EXPECT_EQ(s.spread(0), test::cards("4h 5h X1"));
  EXPECT_EQ(s.hand(0), test::cards("X2 Kd 7d"));
}

TEST(V13a, HandsOfMoreThanSevenCardsAreRefused) {
  Rules r = wild_rules();
  r.hand_size = 8;
  try {
    const Game game(r);
    FAIL() << "accepted";
  } catch (const RuleError& e) {
    EXPECT_EQ(e.option(), "wild_cards");
  }
}

}  // namespace
}  // namespace tonk

namespace tonk {
namespace {

// A spread or hit with a wild card that names no shape takes its only legal shape; an ambiguous
// one is still refused (found by a first-time player: the game's "can lay 2c3c3s" hint failed).
TEST(V13a, TheOnlyPossibleShapeNeedNotBeNamed) {
  const Game game(wild_rules());
  State s = test::deal(game, {"3c 3s 2c 9h Kd", "6h 7h 8c Jd Js"}, "Qs", "7d 8s", /*dealer=*/1);
  test::play(s, {"stock"});  // 7d
  // 2c 3c 3s: a book of threes only (a clubs run 2c3c needs a third card of clubs).
  EXPECT_TRUE(s.is_legal(test::act("spread 2c3c3s")));
  s.apply_checked(test::act("spread 2c3c3s"));
  EXPECT_EQ(s.spread_shape(0), shape_book(Rank::kThree));
  State t = test::deal(game, {"4h 5h X1 9c Kd", "6h 3h 2c Jd Js"}, "Qs", "7d 8s", 1);
  test::play(t, {"stock"});
  EXPECT_FALSE(t.is_legal(test::act("spread 4h5hX1")));  // run:3h or run:4h
}

// I7 with V16: jokers have no rank, so the cut passes over them.
TEST(V16, CutNeverDealsAJoker) {
  Rules r = wild_rules();
  r.players = 4;
  const Game game(r);
  Rng rng(15);
  for (int i = 0; i < 2000; ++i) {
    const Cut cut = cut_for_deal(game, rng);
    for (const auto& round : cut.rounds)
      for (Card c : round) EXPECT_FALSE(c.is_joker());
  }
}

}  // namespace
}  // namespace tonk

namespace tonk {
namespace {

// V13a, S12: Game::can_hit(spread, cards) tries only the shapes the spread itself can fit (the rank
// or suit its natural cards name). It must answer exactly as trying every shape does, for every
// spread and hit drawn from random hands, under both decks and both book sizes.
bool can_hit_trying_every_shape(const Game& game, CardSet spread, CardSet hit) {
  if (hit.empty() || !(spread & hit).empty()) return false;
  for (int r = 0; r < kNumRanks; ++r) {
    const std::uint8_t b = shape_book(static_cast<Rank>(r));
    if (game.fits(spread, b) && game.fits(spread | hit, b)) return true;
  }
  for (int s = 0; s < kNumSuits; ++s)
    for (int low = 0; low <= game.top_run_position(); ++low) {
      const std::uint8_t shape = game.run_shape(static_cast<Suit>(s), low);
      if (!game.fits(spread, shape)) continue;
      for (int new_low = 0; new_low <= low; ++new_low)
        if (game.can_hit(spread, shape, hit, game.run_shape(static_cast<Suit>(s), new_low))) return true;
    }
  return false;
}

TEST(V13a, CanHitAnswersAsTryingEveryShape) {
  for (const bool forty : {false, true})
    for (const int book_max : {3, 4}) {
      Rules r = wild_rules();
      if (forty) r.deck = DeckKind::kForty;
      r.book_max = book_max;
      const Game game(r);
      std::mt19937 gen(forty * 2 + book_max);
      std::vector<Card> deck(game.deck_cards().begin(), game.deck_cards().end());
      int spreads = 0, hits = 0;
      for (int trial = 0; trial < 150; ++trial) {
        std::shuffle(deck.begin(), deck.end(), gen);
        const std::vector<Card> hand(deck.begin(), deck.begin() + 9);
        // Every subset of 3..5 of the nine cards that is a spread, against every hit of one or two
        // of the others.
        for (unsigned m = 0; m < (1u << 9); ++m) {
          const int k = std::popcount(m);
          if (k < 3 || k > 5) continue;
          CardSet spread;
          for (int i = 0; i < 9; ++i)
            if (m >> i & 1) spread.insert(hand[i]);
          if (!game.is_spread(spread)) continue;
          ++spreads;
          for (int i = 0; i < 9; ++i) {
            if (m >> i & 1) continue;
            for (int j = i; j < 9; ++j) {
              if (m >> j & 1) continue;
              const CardSet hit = CardSet(hand[i]) | CardSet(hand[j]);
              const bool expected = can_hit_trying_every_shape(game, spread, hit);
              hits += expected;
              ASSERT_EQ(game.can_hit(spread, hit), expected)
                  << "spread " << to_string(spread) << " hit " << to_string(hit) << " forty " << forty;
            }
          }
        }
      }
      EXPECT_GT(spreads, 1000);  // the draw reaches many spreads, and hits that fit and do not
      EXPECT_GT(hits, 100);
    }
}

}  // namespace
}  // namespace tonk
