// The exhausted stock (S16, with its tie rule) and the bounds of I2: discards taken after the stock is
// empty (empty_stock_takes) and the turns of a hand (max_turns).
//
// Each position runs the stock out by letting every player draw the top stock card and throw it at
// once, so the hands stay as dealt. Hands are one suit each, without spreads:
//   19 = A 2 4 5 7     22 = A 2 4 6 9     26 = A 3 5 7 T     30 = 2 4 6 8 T
#include <gtest/gtest.h>

#include <array>
#include <ostream>
#include <string>
#include <vector>

#include "test_util.h"

namespace tonk {
namespace {

using test::legal_strings;
using test::payouts;
using test::play;
using test::sorted;

// Draws and throws stock cards until the stock is empty; returns the number of turns played.
int run_out_the_stock(State& s) {
  int turns = 0;
  while (s.stock_size() > 0) {
    const Card top = s.stock()[0];
    s.apply_checked(Action::take_stock());
    EXPECT_TRUE(s.hand(s.current_player()).contains(top));
    s.apply_checked(Action::discard(top));
    EXPECT_FALSE(s.is_over());
    ++turns;
  }
  return turns;
}

// One stock-end case: hands by seat (dealer 0), their counts, the payouts and the winners.
struct StockCase {
  const char* name;
  std::vector<std::string> hands;
  std::vector<int> counts;
  std::vector<int> payouts;
  std::vector<int> winners;
};

// Expected payouts by hand from S16: the lowest count receives 1x from every other player; players
// tied for lowest each receive 1x from every player with a higher count (so ties pay each other
// nothing).
// Names the case in test listings (instead of its bytes).
void PrintTo(const StockCase& c, std::ostream* os) { *os << c.name; }

const StockCase kStockCases[] = {
    {"TwoPlayersLowest", {"Ac 2c 4c 5c 7c", "Ad 2d 4d 6d 9d"}, {19, 22}, {1, -1}, {0}},
    {"TwoPlayersTie", {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d"}, {22, 22}, {0, 0}, {0, 1}},
    {"ThreePlayersLowest", {"Ac 2c 4c 5c 7c", "Ad 2d 4d 6d 9d", "Ah 3h 5h 7h Th"}, {19, 22, 26}, {2, -1, -1}, {0}},
    {"ThreePlayersTwoTiedLowest", {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 2h 4h 5h 7h"}, {19, 26, 19},
     {1, -2, 1}, {0, 2}},
    {"ThreePlayersTwoTiedHigher", {"Ac 3c 5c 7c Tc", "Ad 2d 4d 5d 7d", "Ah 3h 5h 7h Th"}, {26, 19, 26},
     {-1, 2, -1}, {1}},
    {"ThreePlayersAllTied", {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d", "Ah 2h 4h 6h 9h"}, {22, 22, 22}, {0, 0, 0},
     {0, 1, 2}},
    {"FourPlayersLowest", {"Ac 2c 4c 6c 9c", "Ad 2d 4d 5d 7d", "Ah 3h 5h 7h Th", "2s 4s 6s 8s Ts"},
     {22, 19, 26, 30}, {-1, 3, -1, -1}, {1}},
    {"FourPlayersTwoTied", {"Ac 2c 4c 5c 7c", "2d 4d 6d 8d Td", "Ah 2h 4h 5h 7h", "As 3s 5s 7s Ts"},
     {19, 30, 19, 26}, {2, -2, 2, -2}, {0, 2}},
    {"FourPlayersThreeTied", {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d", "2h 4h 6h 8h Th", "As 2s 4s 6s 9s"},
     {22, 22, 30, 22}, {1, 1, -3, 1}, {0, 1, 3}},
    {"FourPlayersAllTied", {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d", "Ah 2h 4h 6h 9h", "As 2s 4s 6s 9s"},
     {22, 22, 22, 22}, {0, 0, 0, 0}, {0, 1, 2, 3}},
};

class StockEndTest : public ::testing::TestWithParam<StockCase> {};

// S16: when a player would have to draw from the empty stock, play ends and the lowest count wins.
TEST_P(StockEndTest, S16ExactPayouts) {
  const StockCase& c = GetParam();
  const int n = static_cast<int>(c.hands.size());
  const Game game(test::rules_for(n));
  State s = test::deal(game, c.hands, "Qc");
  const int turns = run_out_the_stock(s);
  EXPECT_EQ(turns, 52 - 5 * n - 1);  // one turn per stock card
  const int ender = s.current_player();
  // Play may go on by taking the discard or dropping; drawing ends it.
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  play(s, {"stock"});
  ASSERT_TRUE(s.is_over());
  const Outcome& o = s.outcome();
  EXPECT_EQ(o.reason, EndReason::kStockExhausted);
  EXPECT_EQ(o.player, ender);
  EXPECT_EQ(test::counts(o, n), c.counts);
  EXPECT_EQ(payouts(o, n), c.payouts);
  EXPECT_EQ(o.winners, [&] {
    std::uint8_t m = 0;
    for (int w : c.winners) m = static_cast<std::uint8_t>(m | (1u << w));
    return m;
  }());
  EXPECT_TRUE(test::zero_sum(o));
}

INSTANTIATE_TEST_SUITE_P(S16, StockEndTest, ::testing::ValuesIn(kStockCases),
                         [](const ::testing::TestParamInfo<StockCase>& info) { return std::string(info.param.name); });

// S16: the stock is dealt out top first: each draw takes the next card of the deck order.
TEST(Stock, S16StockIsDrawnTopFirst) {
  const Game game;
  State s = test::deal(game, {"Ac 2c 4c 5c 7c", "Ad 2d 4d 6d 9d"}, "Qc", "Kh Js 3s");
  for (const char* expected : {"Kh", "Js", "3s"}) {
    play(s, {"stock"});
    EXPECT_TRUE(s.hand(s.current_player()).contains(test::card(expected)));
    s.apply_checked(Action::discard(test::card(expected)));
  }
}

// S16: after the last stock card is taken, play goes on while players take the previous discard;
// the takes are counted per player (I2), and takes made before the stock ran out do not count.
TEST(Stock, S16PlayGoesOnWhileDiscardsAreTaken) {
  const Game game;
  State s = test::deal(game, {"Ac 2c 4c 5c 7c", "Ad 2d 4d 6d 9d"}, "Qc");
  play(s, {"take", "discard 9d"});  // seat 1 takes the upcard while the stock is full
  EXPECT_EQ(s.empty_stock_takes(1), 0);
  run_out_the_stock(s);  // 41 draws, seat 0 first and last
  ASSERT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.top_discard(), test::card("Ks"));  // the last stock card (the fill is in id order)
  play(s, {"take"});
  EXPECT_EQ(s.empty_stock_takes(1), 1);
  EXPECT_EQ(s.empty_stock_takes(0), 0);
  EXPECT_EQ(s.phase(), Phase::kAfterDraw);
  play(s, {"discard Qc"});  // seat 1: Ad 2d 4d 6d Ks = 23
  EXPECT_FALSE(s.is_over());
  play(s, {"drop"});  // S16: "(or drops)": seat 0, 19 against 23
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kDrop);
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{19, 23}));
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{1, -1}));
}

// I2: with every player taking the discard whenever allowed and never going out, the hand still
// ends: after the stock is empty each player takes exactly `bound` discards, then the next player
// may only drop or draw, and drawing ends play as in S16.
TEST(Stock, I2BoundEndsEveryHand) {
  for (int n = 2; n <= 4; ++n) {
    for (int bound : {0, 1, 3, 5}) {
      Rules r = test::rules_for(n);
      r.empty_stock_takes = bound;
      const Game game(r);
      const std::vector<std::string> all = {"Ac 2c 4c 5c 7c", "Ad 2d 4d 6d 9d", "Ah 3h 5h 7h Th", "2s 4s 6s 8s Ts"};
      State s = test::deal(game, std::vector<std::string>(all.begin(), all.begin() + n), "Qc");
      run_out_the_stock(s);
      const int first = s.current_player();
      int takes = 0;
      while (s.is_legal(Action::take_discard())) {
        ASSERT_LT(takes, n * bound) << n << " players, bound " << bound;
        const int p = s.current_player();
        play(s, {"take"});
        ++takes;
        EXPECT_EQ(s.empty_stock_takes(p), (takes - 1) / n + 1);
        // Throw the highest card that is not the one just taken (never spread, never go out).
        Card worst = Card::none();
        for (Card c : s.hand(p) - CardSet(s.taken_discard()))
          if (!worst.valid() || game.value(c) >= game.value(worst)) worst = c;
        s.apply_checked(Action::discard(worst));
        ASSERT_FALSE(s.is_over());
      }
      EXPECT_EQ(takes, n * bound) << n << " players, bound " << bound;
      EXPECT_EQ(s.current_player(), first);
      EXPECT_EQ(legal_strings(s), sorted({"drop", "stock"}));
      EXPECT_EQ(test::why(s, Action::take_discard()).rfind("I2", 0), 0u) << test::why(s, Action::take_discard());
      play(s, {"stock"});
      ASSERT_TRUE(s.is_over());
      EXPECT_EQ(s.outcome().reason, EndReason::kStockExhausted);
      EXPECT_EQ(s.outcome().player, first);
      EXPECT_TRUE(test::zero_sum(s.outcome()));
    }
  }
}

// I2 bounds only the takes after the stock is empty: with a bound of 0, the discard can still be
// taken while the stock holds cards.
TEST(Stock, I2ZeroBoundStillAllowsTakesBeforeTheStockIsEmpty) {
  Rules r;
  r.empty_stock_takes = 0;
  const Game game(r);
  State s = test::deal(game, {"Ac 2c 4c 5c 7c", "Ad 2d 4d 6d 9d"}, "Qc", "Kh");
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  play(s, {"take", "discard 9d", "take", "discard 7c"});
  EXPECT_EQ(s.empty_stock_takes(0), 0);
  EXPECT_EQ(s.empty_stock_takes(1), 0);
  run_out_the_stock(s);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock"}));
}

// I2: max_turns ends a hand even while the stock has cards, paid as S16 (kTurnLimit). Two players
// pass three cards round: seat 1 takes the upcard 4s and throws Kc, seat 0 takes Kc and throws Ad;
// from then on each takes the top discard and throws the card taken on the previous turn. The
// hands repeat every 6 turns from turn 2:
//   after turn 2, 8, ..., 200: seat 0 3c 6d 9h Qs Kc (38), seat 1 2c 5d 8h Js 4s (29)
//   after turn 4, 10, ...:     seat 0 3c 6d 9h Qs 4s (32), seat 1 2c 5d 8h Js Ad (26)
// Turn 200 (the default bound) and turn 10 (the smallest allowed) are seat 0's; seat 1 is lowest.
TEST(Stock, I2TurnLimitEndsAHandWithStockLeft) {
  struct Case {
    int max_turns;
    std::vector<int> counts;
  };
  for (const Case& c : {Case{200, {38, 29}}, Case{10, {32, 26}}}) {
    Rules r;
    r.max_turns = c.max_turns;
    const Game game(r);
    State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s", "7c");
    play(s, {"take", "discard Kc", "take", "discard Ad"});
    std::array<Card, 2> last_taken = {test::card("Kc"), test::card("4s")};
    while (!s.is_over()) {
      ASSERT_LE(s.turn(), c.max_turns);
      const int p = s.current_player();
      const Card top = s.top_discard();
      play(s, {"take"});
      s.apply_checked(Action::discard(last_taken[p]));
      last_taken[p] = top;
    }
    EXPECT_EQ(s.turn(), c.max_turns);
    const Outcome& o = s.outcome();
    EXPECT_EQ(o.reason, EndReason::kTurnLimit);
    EXPECT_EQ(o.player, 0);
    EXPECT_EQ(test::counts(o, 2), c.counts);
    EXPECT_EQ(payouts(o, 2), (std::vector<int>{-1, 1}));
    EXPECT_EQ(o.winners, test::seats({1}));
    EXPECT_EQ(s.stock_size(), 52 - 11);
  }
}

// I2: the turn limit is checked when a turn ends, so the turn numbered max_turns is played in full,
// a drop included.
TEST(Stock, I2TurnLimitStillAllowsTheLastTurn) {
  Rules r;
  r.max_turns = 10;
  const Game game(r);
  State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s", "7c");
  for (int t = 1; t < 10; ++t) {
    const Card top = s.stock()[0];
    play(s, {"stock"});
    s.apply_checked(Action::discard(top));
  }
  ASSERT_FALSE(s.is_over());
  EXPECT_EQ(s.turn(), 10);
  EXPECT_EQ(legal_strings(s), sorted({"drop", "stock", "take"}));
  play(s, {"drop"});  // seat 0: 29 against 35
  EXPECT_EQ(s.outcome().reason, EndReason::kDrop);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{1, -1}));
}

// I2 default: three takes per player (documented in the option table).
TEST(Stock, I2DefaultIsThreeTakes) {
  EXPECT_EQ(Rules{}.empty_stock_takes, 3);
}

// I8 in the S16 showdown: a book held in the hand counts by default, and is laid aside with
// held_spreads_count=false.
//   seat 0: Kc Kd Kh As 2s (33; 3 without the book)     seat 1: Ac 2d 3h 4s 5c (15)
TEST(Stock, I8HeldSpreadInTheStockShowdown) {
  const std::vector<std::string> hands = {"Kc Kd Kh As 2s", "Ac 2d 3h 4s 5c"};
  {
    const Game game;
    State s = test::deal(game, hands, "Qc");
    run_out_the_stock(s);
    play(s, {"stock"});
    EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{33, 15}));
    EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
  }
  {
    Rules r;
    r.held_spreads_count = false;
    const Game game(r);
    State s = test::deal(game, hands, "Qc");
    run_out_the_stock(s);
    play(s, {"stock"});
    EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{3, 15}));
    EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{1, -1}));
  }
}

// The S16 payout multiplier is an option (stock_end_pays).
TEST(Stock, S16PayoutOption) {
  Rules r = test::rules_for(3);
  r.stock_end_pays = 2;
  const Game game(r);
  State s = test::deal(game, {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 2h 4h 5h 7h"}, "Qc");
  run_out_the_stock(s);
  play(s, {"stock"});
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{2, -4, 2}));
}

}  // namespace
}  // namespace tonk
