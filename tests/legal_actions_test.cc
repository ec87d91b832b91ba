// Exact legal-action sets of hand-picked positions, compared as sorted lists of action strings.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "test_util.h"

namespace tonk {
namespace {

using test::legal_strings;
using test::play;
using test::sorted;

// Every listed action is legal, with an empty reason, and listed once.
void expect_consistent(const State& s) {
  ActionList list;
  s.legal_actions(list);
  std::set<std::string> seen;
  for (const Action& a : list) {
    EXPECT_TRUE(s.is_legal(a)) << to_string(a);
    EXPECT_EQ(test::why(s, a), "") << to_string(a);
    EXPECT_TRUE(seen.insert(to_string(a)).second) << "listed twice: " << to_string(a);
  }
}

// S9, I3: the start of a turn.
TEST(LegalActions, S9StartOfTurn) {
  const Game game;
  const State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s");
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  expect_consistent(s);
}

TEST(LegalActions, I3StartOfFirstTurnWithoutDrop) {
  Rules r;
  r.drop_on_first_turn = false;
  const Game game(r);
  const State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s");
  EXPECT_EQ(legal_strings(s), sorted({"stock", "take"}));
}

// V1 (upcard=false): nothing to take on the first turn (S10: the pile is empty).
TEST(LegalActions, S10NoUpcardNothingToTake) {
  Rules r;
  r.upcard = false;
  const Game game(r);
  const State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "");
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock"}));
  EXPECT_EQ(test::why(s, Action::take_discard()).rfind("S10", 0), 0u);
}

// S11: every run in the hand, of every length.   seat 1: 4h 5h 6h 7h 9c, draws 9d
TEST(LegalActions, S11RunsOfEveryLength) {
  const Game game;
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "4h 5h 6h 7h 9c"}, "2s", "9d");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s),
            sorted({"spread 4h5h6h", "spread 5h6h7h", "spread 4h5h6h7h", "discard 4h", "discard 5h", "discard 6h",
                    "discard 7h", "discard 9c", "discard 9d"}));
  expect_consistent(s);
}

// S11, I5: four of a rank give four books of three and one of four.   seat 1: 9c 9d 9h 9s Kc, draws 2d
TEST(LegalActions, S11BooksOfThreeAndFour) {
  const Game game;
  State s = test::deal(game, {"3c 6d 8h Qs Ad", "9c 9d 9h 9s Kc"}, "2s", "2d");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s),
            sorted({"spread 9c9d9h", "spread 9c9d9s", "spread 9c9h9s", "spread 9d9h9s", "spread 9c9d9h9s",
                    "discard 9c", "discard 9d", "discard 9h", "discard 9s", "discard Kc", "discard 2d"}));
  expect_consistent(s);
}

// I5 alternative (book_max=3, V19a): no book of four.
TEST(LegalActions, I5BookMaxThree) {
  Rules r;
  r.book_max = 3;
  const Game game(r);
  State s = test::deal(game, {"3c 6d 8h Qs Ad", "9c 9d 9h 9s Kc"}, "2s", "2d");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s),
            sorted({"spread 9c9d9h", "spread 9c9d9s", "spread 9c9h9s", "spread 9d9h9s", "discard 9c", "discard 9d",
                    "discard 9h", "discard 9s", "discard Kc", "discard 2d"}));
}

// S11: the ace is low only: A23 and JQK, never QKA or KA2.   seat 1: Qh Kh Ah 2h 3h, draws Jh
TEST(LegalActions, S11AceLowOnly) {
  const Game game;
  State s = test::deal(game, {"3c 6d 8h Qs Ad", "Qh Kh Ah 2h 3h"}, "2s", "Jh");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), sorted({"spread Ah2h3h", "spread JhQhKh", "discard Ah", "discard 2h", "discard 3h",
                                      "discard Jh", "discard Qh", "discard Kh"}));
}

// A card that fits a book and a run gives both spreads (only one can be laid).
//   seat 1: 4c 4d 4h 5h 6h, draws Kd
TEST(LegalActions, S11OverlappingBookAndRun) {
  const Game game;
  State s = test::deal(game, {"3c 6d 8h Qs Ad", "4c 4d 4h 5h 6h"}, "2s", "Kd");
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s), sorted({"spread 4c4d4h", "spread 4h5h6h", "discard 4c", "discard 4d", "discard 4h",
                                      "discard 5h", "discard 6h", "discard Kd"}));
  play(s, {"spread 4h5h6h"});
  EXPECT_EQ(legal_strings(s), sorted({"discard 4c", "discard 4d", "discard Kd"}));
}

// I1 in the list: the card just taken from the pile is not among the discards.
//   seat 1: 4h 5h 9c Kc 2d, takes 6h
TEST(LegalActions, I1TakenCardNotListed) {
  const Game game;
  State s = test::deal(game, {"3c 6d 8h Qs Ad", "4h 5h 9c Kc 2d"}, "6h");
  play(s, {"take"});
  EXPECT_EQ(legal_strings(s),
            sorted({"spread 4h5h6h", "discard 4h", "discard 5h", "discard 9c", "discard Kc", "discard 2d"}));
}

// S12, I5: hits on two other players' spreads. Three players, dealer 0.
//   seat 1: 2d 3d 4d Kc Ks  draws 8s, lays 2d3d4d (spread 0), throws Kc
//   seat 2: Qc Qd Qs 7c Th  draws 9s, lays QcQdQs (spread 1), throws Th
//   seat 0: Ad 5d 6d Qh 9c  draws Jh: may hit spread 0 below (Ad) and above (5d, 5d6d), in any
//   combination, and spread 1 with Qh.
State hits_position(const Game& game) {
  State s = test::deal(game, {"Ad 5d 6d Qh 9c", "2d 3d 4d Kc Ks", "Qc Qd Qs 7c Th"}, "2s", "8s 9s Jh");
  play(s, {"stock", "spread 2d3d4d", "discard Kc"});
  play(s, {"stock", "spread QcQdQs", "discard Th"});
  play(s, {"stock"});
  return s;
}

TEST(LegalActions, S12HitsOnOthersSpreads) {
  const Game game(test::rules_for(3));
  State s = hits_position(game);
  EXPECT_EQ(legal_strings(s),
            sorted({"hit 0 Ad", "hit 0 5d", "hit 0 5d6d", "hit 0 Ad5d", "hit 0 Ad5d6d", "hit 1 Qh", "discard Ad",
                    "discard 5d", "discard 6d", "discard 9c", "discard Jh", "discard Qh"}));
  expect_consistent(s);
  play(s, {"hit 0 Ad"});
  EXPECT_EQ(legal_strings(s), sorted({"hit 0 5d", "hit 0 5d6d", "hit 1 Qh", "discard 5d", "discard 6d",
                                      "discard 9c", "discard Jh", "discard Qh"}));
  play(s, {"hit 1 Qh", "hit 0 5d"});
  EXPECT_EQ(legal_strings(s), sorted({"hit 0 6d", "discard 6d", "discard 9c", "discard Jh"}));
}

// I5 alternative: with book_max=3 a book on the table takes no hit.
TEST(LegalActions, I5NoHitOnABookWithBookMaxThree) {
  Rules r = test::rules_for(3);
  r.book_max = 3;
  const Game game(r);
  State s = hits_position(game);
  EXPECT_EQ(legal_strings(s),
            sorted({"hit 0 Ad", "hit 0 5d", "hit 0 5d6d", "hit 0 Ad5d", "hit 0 Ad5d6d", "discard Ad", "discard 5d",
                    "discard 6d", "discard 9c", "discard Jh", "discard Qh"}));
  EXPECT_EQ(test::why(s, test::act("hit 1 Qh")).rfind("I5", 0), 0u) << test::why(s, test::act("hit 1 Qh"));
}

// S12: a run grows at both ends, by one or several cards, in one hit.
//   seat 1: 5s 6s 7s Kc Qd  draws Jd, lays 5s6s7s, throws Kc
//   seat 0: 3s 4s 8s 9s 2c  draws Th: below 4s or 3s4s, above 8s or 8s9s, or both ends.
TEST(LegalActions, S12HitsAtBothEnds) {
  const Game game;
  State s = test::deal(game, {"3s 4s 8s 9s 2c", "5s 6s 7s Kc Qd"}, "2h", "Jd Th");
  play(s, {"stock", "spread 5s6s7s", "discard Kc"});
  play(s, {"stock"});
  EXPECT_EQ(legal_strings(s),
            sorted({"hit 0 4s", "hit 0 3s4s", "hit 0 8s", "hit 0 8s9s", "hit 0 4s8s", "hit 0 4s8s9s", "hit 0 3s4s8s",
                    "hit 0 3s4s8s9s", "discard 3s", "discard 4s", "discard 8s", "discard 9s", "discard 2c",
                    "discard Th"}));
  expect_consistent(s);
  EXPECT_FALSE(s.is_legal(test::act("hit 0 3s")));    // not next to the run
  EXPECT_FALSE(s.is_legal(test::act("hit 0 9s")));
  EXPECT_FALSE(s.is_legal(test::act("hit 0 3s8s")));
  EXPECT_FALSE(s.is_legal(test::act("hit 1 4s")));    // no spread 1
  EXPECT_FALSE(s.is_legal(test::act("hit 0 Qd")));    // not held
}

// Once the hand is over nothing is legal.
TEST(LegalActions, NothingAfterTheEnd) {
  const Game game;
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s");
  play(s, {"drop"});
  EXPECT_EQ(legal_strings(s), std::vector<std::string>{});
  for (const char* a : {"drop", "stock", "take", "discard 2c"}) EXPECT_FALSE(s.is_legal(test::act(a))) << a;
  EXPECT_EQ(test::why(s, Action::take_stock()), "S15: the hand is over");  // the drop ended it
}

// apply_checked refuses an illegal action with the reason and leaves the state unchanged.
TEST(LegalActions, ApplyCheckedRefusesAndKeepsTheState) {
  const Game game;
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s");
  const State before = s;
  try {
    s.apply_checked(test::act("discard 2c"));
    FAIL() << "discard before drawing was accepted";
  } catch (const IllegalAction& e) {
    EXPECT_EQ(std::string(e.what()).rfind("S9", 0), 0u) << e.what();
  }
  EXPECT_EQ(s.hand(1), before.hand(1));
  EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
  EXPECT_EQ(legal_strings(s), legal_strings(before));
}

}  // namespace
}  // namespace tonk
