// The drop (S15): a strictly lowest dropper wins (S15a); otherwise the dropper is caught (S15b).
//
// Every case below is a hand dealt so that the first player drops at once (I3 allows the drop on the
// first turn). To keep the counts plain, each seat's hand is one suit with no spread in it:
//   19 = A 2 4 5 7     22 = A 2 4 6 9     26 = A 3 5 7 T     30 = 2 4 6 8 T     35 = 4 5 7 9 J
// The expected payouts were computed by hand from the text of S15b:
//   - the dropper pays 2x to every player whose count is equal to or lower than the dropper's;
//   - a single lowest player (the dropper aside) also receives 1x from every other non-dropper;
//   - players tied for the lowest each receive 1x from every non-dropper with a higher count.
// Worked example (S15bFourTwoTiedLowestOneEqual): dropper 30; others 19, 19, 30. The dropper pays
// 2x to all three (19, 19 and 30 are <= 30): -6. Seats 0 and 2 tie for lowest: each gets 2x from the
// dropper and 1x from seat 3 (30 > 19): +3 each. Seat 3 gets 2x from the dropper (equal count) and
// pays 1x to each of the two lowest: 0.
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "test_util.h"

namespace tonk {
namespace {

using test::payouts;
using test::play;

struct DropCase {
  const char* name;
  int players;
  int dealer;  // the dropper is the first player, at the dealer's left
  std::vector<std::string> hands;  // by seat
  std::vector<int> counts;         // by seat
  EndReason reason;
  std::vector<int> payouts;        // by seat
  std::vector<int> winners;
};

// Names the case in test listings (instead of its bytes).
void PrintTo(const DropCase& c, std::ostream* os) { *os << c.name; }

const DropCase kCases[] = {
    {"S15aTwoPlayers", 2, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 5d 7d"},
     {22, 19}, EndReason::kDrop, {-1, 1}, {1}},
    {"S15bTwoPlayersTie", 2, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d"},
     {22, 22}, EndReason::kCaught, {2, -2}, {0}},
    {"S15bTwoPlayersLower", 2, 0, {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td"},
     {19, 26}, EndReason::kCaught, {2, -2}, {0}},
    {"S15bTwoPlayersDropperInSeat0", 2, 1, {"2c 4c 6c 8c Tc", "Ad 2d 4d 6d 9d"},
     {30, 22}, EndReason::kCaught, {-2, 2}, {1}},
    {"S15aThreePlayers", 3, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 5d 7d", "Ah 3h 5h 7h Th"},
     {22, 19, 26}, EndReason::kDrop, {-1, 2, -1}, {1}},
    {"S15aThreePlayersOthersTied", 3, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 5d 7d", "Ah 2h 4h 6h 9h"},
     {22, 19, 22}, EndReason::kDrop, {-1, 2, -1}, {1}},
    {"S15bThreeOneLowerOneHigher", 3, 0, {"Ac 2c 4c 5c 7c", "Ad 2d 4d 6d 9d", "Ah 3h 5h 7h Th"},
     {19, 22, 26}, EndReason::kCaught, {3, -2, -1}, {0}},
    {"S15bThreeOneEqualOneHigher", 3, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d", "Ah 3h 5h 7h Th"},
     {22, 22, 26}, EndReason::kCaught, {3, -2, -1}, {0}},
    {"S15bThreeBothLower", 3, 0, {"Ac 2c 4c 5c 7c", "2d 4d 6d 8d Td", "Ah 2h 4h 6h 9h"},
     {19, 30, 22}, EndReason::kCaught, {3, -4, 1}, {0}},
    {"S15bThreeOneLowerOneEqual", 3, 0, {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 3h 5h 7h Th"},
     {19, 26, 26}, EndReason::kCaught, {3, -4, 1}, {0}},
    {"S15bThreeBothLowerTied", 3, 0, {"Ac 2c 4c 6c 9c", "2d 4d 6d 8d Td", "Ah 2h 4h 6h 9h"},
     {22, 30, 22}, EndReason::kCaught, {2, -4, 2}, {0, 2}},
    {"S15bThreeAllEqual", 3, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d", "Ah 2h 4h 6h 9h"},
     {22, 22, 22}, EndReason::kCaught, {2, -4, 2}, {0, 2}},
    {"S15bThreeDropperInSeat0", 3, 2, {"Ac 3c 5c 7c Tc", "Ad 2d 4d 5d 7d", "4h 5h 7h 9h Jh"},
     {26, 19, 35}, EndReason::kCaught, {-2, 3, -1}, {1}},
    {"S15bThreeDropperInSeat2", 3, 1, {"4c 5c 7c 9c Jc", "Ad 3d 5d 7d Td", "Ah 3h 5h 7h Th"},
     {35, 26, 26}, EndReason::kCaught, {-1, 3, -2}, {1}},
    {"S15aFourPlayers", 4, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 5d 7d", "Ah 3h 5h 7h Th", "2s 4s 6s 8s Ts"},
     {22, 19, 26, 30}, EndReason::kDrop, {-1, 3, -1, -1}, {1}},
    {"S15bFourOneLower", 4, 0, {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "2h 4h 6h 8h Th", "4s 5s 7s 9s Js"},
     {19, 26, 30, 35}, EndReason::kCaught, {4, -2, -1, -1}, {0}},
    {"S15bFourOneEqual", 4, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d", "2h 4h 6h 8h Th", "4s 5s 7s 9s Js"},
     {22, 22, 30, 35}, EndReason::kCaught, {4, -2, -1, -1}, {0}},
    {"S15bFourOneLowerHigherTied", 4, 0, {"Ac 2c 4c 5c 7c", "Ad 2d 4d 6d 9d", "2h 4h 6h 8h Th", "2s 4s 6s 8s Ts"},
     {19, 22, 30, 30}, EndReason::kCaught, {4, -2, -1, -1}, {0}},
    {"S15bFourTwoLowerDistinct", 4, 0, {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 2h 4h 6h 9h", "4s 5s 7s 9s Js"},
     {19, 26, 22, 35}, EndReason::kCaught, {4, -4, 1, -1}, {0}},
    {"S15bFourTwoLowerTied", 4, 0, {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 2h 4h 5h 7h", "4s 5s 7s 9s Js"},
     {19, 26, 19, 35}, EndReason::kCaught, {3, -4, 3, -2}, {0, 2}},
    {"S15bFourThreeLowerTied", 4, 0, {"Ac 2c 4c 6c 9c", "2d 4d 6d 8d Td", "Ah 2h 4h 6h 9h", "As 2s 4s 6s 9s"},
     {22, 30, 22, 22}, EndReason::kCaught, {2, -6, 2, 2}, {0, 2, 3}},
    {"S15bFourAllEqual", 4, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d", "Ah 2h 4h 6h 9h", "As 2s 4s 6s 9s"},
     {22, 22, 22, 22}, EndReason::kCaught, {2, -6, 2, 2}, {0, 2, 3}},
    {"S15bFourLowestThenTwoTiedBelow", 4, 0, {"Ac 2c 4c 5c 7c", "4d 5d 7d 9d Jd", "Ah 3h 5h 7h Th", "As 3s 5s 7s Ts"},
     {19, 35, 26, 26}, EndReason::kCaught, {4, -6, 1, 1}, {0}},
    {"S15bFourThreeLowerDistinct", 4, 0, {"Ac 2c 4c 5c 7c", "4d 5d 7d 9d Jd", "Ah 2h 4h 6h 9h", "As 3s 5s 7s Ts"},
     {19, 35, 22, 26}, EndReason::kCaught, {4, -6, 1, 1}, {0}},
    {"S15bFourTwoTiedWithDropperOneHigher", 4, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d", "Ah 2h 4h 6h 9h", "2s 4s 6s 8s Ts"},
     {22, 22, 22, 30}, EndReason::kCaught, {3, -4, 3, -2}, {0, 2}},
    {"S15bFourOneLowerOneEqualOneHigher", 4, 0, {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 3h 5h 7h Th", "4s 5s 7s 9s Js"},
     {19, 26, 26, 35}, EndReason::kCaught, {4, -4, 1, -1}, {0}},
    {"S15bFourTwoTiedLowestOneEqual", 4, 0, {"Ac 2c 4c 5c 7c", "2d 4d 6d 8d Td", "Ah 2h 4h 5h 7h", "2s 4s 6s 8s Ts"},
     {19, 30, 19, 30}, EndReason::kCaught, {3, -6, 3, 0}, {0, 2}},
    {"S15bFourOneLowerTwoEqual", 4, 0, {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 3h 5h 7h Th", "As 3s 5s 7s Ts"},
     {19, 26, 26, 26}, EndReason::kCaught, {4, -6, 1, 1}, {0}},
    {"S15bFourDropperInSeat3", 4, 2, {"Ac 3c 5c 7c Tc", "Ad 2d 4d 5d 7d", "Ah 2h 4h 5h 7h", "As 2s 4s 6s 9s"},
     {26, 19, 19, 22}, EndReason::kCaught, {-2, 3, 3, -4}, {1, 2}},
};

class DropTest : public ::testing::TestWithParam<DropCase> {};

TEST_P(DropTest, ExactPayouts) {
  const DropCase& c = GetParam();
  const Game game(test::rules_for(c.players));
  State s = test::deal(game, c.hands, "Qc", "", c.dealer);
  const int dropper = (c.dealer + 1) % c.players;
  ASSERT_EQ(s.current_player(), dropper);
  play(s, {"drop"});
  ASSERT_TRUE(s.is_over());
  const Outcome& o = s.outcome();
  EXPECT_EQ(o.reason, c.reason);
  EXPECT_EQ(o.player, dropper);
  EXPECT_EQ(test::counts(o, c.players), c.counts);
  EXPECT_EQ(payouts(o, c.players), c.payouts);
  std::uint8_t winners = 0;
  for (int w : c.winners) winners = static_cast<std::uint8_t>(winners | (1u << w));
  EXPECT_EQ(o.winners, winners);
  EXPECT_TRUE(test::zero_sum(o));
}

INSTANTIATE_TEST_SUITE_P(S15, DropTest, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<DropCase>& info) { return std::string(info.param.name); });

// S15 later in the hand: seat 0 drops on its first turn after seat 1 has played one; the counts are
// those of the hands at the drop.
//   seat 0: 2c 4c 6c 8c Tc (30)     seat 1: Ad 2d 4d 5d 7d (19), draws Kh and throws 7d: 22
TEST(Drop, S15bAfterPlay) {
  const Game game;
  State s = test::deal(game, {"2c 4c 6c 8c Tc", "Ad 2d 4d 5d 7d"}, "Qc", "Kh");
  play(s, {"stock", "discard 7d", "drop"});
  EXPECT_EQ(s.outcome().reason, EndReason::kCaught);
  EXPECT_EQ(s.outcome().player, 0);
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{30, 22}));
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
}

// The multipliers are options: caught_pays (S15b, 2 by default), caught_lowest_pays (1), drop_pays
// (S15a, 1). Dropper 30, others 19 and 22: seat 0 gets 3 + 2, seat 2 gets 3 and pays 2.
TEST(Drop, S15PayoutOptions) {
  Rules r = test::rules_for(3);
  r.caught_pays = 3;
  r.caught_lowest_pays = 2;
  r.drop_pays = 4;
  const Game game(r);
  State caught = test::deal(game, {"Ac 2c 4c 5c 7c", "2d 4d 6d 8d Td", "Ah 2h 4h 6h 9h"}, "Qc");
  play(caught, {"drop"});
  EXPECT_EQ(payouts(caught.outcome(), 3), (std::vector<int>{5, -6, 1}));
  State won = test::deal(game, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 5d 7d", "Ah 2h 4h 6h 9h"}, "Qc");
  play(won, {"drop"});
  EXPECT_EQ(payouts(won.outcome(), 3), (std::vector<int>{-4, 8, -4}));
}

// I8: a spread held in the hand counts in the showdown by default; with held_spreads_count=false it
// is laid aside (the hand's lowest_count is shown).
//   seat 0: As 2c 2s 3c 3d (11)     seat 1 drops: 4h 5h 6h Ac 2d (18; 3 without the run)
TEST(Drop, I8HeldSpreadOfTheDropper) {
  const std::vector<std::string> hands = {"As 2c 2s 3c 3d", "4h 5h 6h Ac 2d"};
  {
    const Game game;
    State s = test::deal(game, hands, "Qc");
    play(s, {"drop"});
    EXPECT_EQ(s.outcome().reason, EndReason::kCaught);
    EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{11, 18}));
    EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{2, -2}));
  }
  {
    Rules r;
    r.held_spreads_count = false;
    const Game game(r);
    State s = test::deal(game, hands, "Qc");
    EXPECT_EQ(s.showdown_count(1), 3);
    play(s, {"drop"});
    EXPECT_EQ(s.outcome().reason, EndReason::kDrop);
    EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{11, 3}));
    EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
  }
}

// I8 on the other side: the catcher's held book.
//   seat 0: Kc Kd Kh As 2s (33; 3 without the book)     seat 1 drops: Ac 2d 3h 4s 5c (15)
TEST(Drop, I8HeldSpreadOfTheCatcher) {
  const std::vector<std::string> hands = {"Kc Kd Kh As 2s", "Ac 2d 3h 4s 5c"};
  {
    const Game game;
    State s = test::deal(game, hands, "Qc");
    play(s, {"drop"});
    EXPECT_EQ(s.outcome().reason, EndReason::kDrop);
    EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-1, 1}));
  }
  {
    Rules r;
    r.held_spreads_count = false;
    const Game game(r);
    State s = test::deal(game, hands, "Qc");
    play(s, {"drop"});
    EXPECT_EQ(s.outcome().reason, EndReason::kCaught);
    EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{3, 15}));
    EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{2, -2}));
    EXPECT_EQ(s.outcome().winners, test::seats({0}));
  }
}

}  // namespace
}  // namespace tonk
