// Caught drops in the variations (RULES.md §2): V4.1-V4.6 (alternatives to S15b), V12d (catchers
// only), V13g (the catcher only), V14d (2 points per player to the catcher). S15b is in drop_test.cc.
//
// The first player (the dealer's left) drops at once. Hands are one suit each, with no spread:
//   19 = A 2 4 5 7     22 = A 2 4 6 9     26 = A 3 5 7 T     30 = 2 4 6 8 T
// Position A (four players, dealer 0, dropper seat 1 with 26):
//   seat 0: 22 (equal or lower than the dropper)   seat 2: 19 (the lowest)   seat 3: 30 (higher)
// For comparison, S15b pays there: the dropper 2x to seats 0 and 2; seat 2 also 1x from seats 0 and 3:
//   {+1, -4, +4, -1}.
// The expected payouts of each case were worked out by hand from the text of the rule it cites.
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "test_util.h"

namespace tonk {
namespace {

using test::payouts;
using test::play;

const std::vector<std::string> kPositionA = {"Ac 2c 4c 6c 9c", "Ad 3d 5d 7d Td", "Ah 2h 4h 5h 7h",
                                             "2s 4s 6s 8s Ts"};

struct CaughtCase {
  const char* name;
  CaughtPayout payout;
  int caught_pays;
  bool per_player;
  int dealer;                      // the dropper is the dealer's left
  std::vector<std::string> hands;  // by seat
  std::vector<int> payouts;        // by seat
  std::vector<int> winners;
};

void PrintTo(const CaughtCase& c, std::ostream* os) { *os << c.name; }

const CaughtCase kCases[] = {
    {"S15bControl", CaughtPayout::kStandard, 2, false, 0, kPositionA, {1, -4, 4, -1}, {2}},
    // V4.1: the lowest gets 1x from every other player and 2x from the dropper, who pays only it.
    {"V4_1LowestDouble", CaughtPayout::kLowestDouble, 2, false, 0, kPositionA, {-1, -2, 4, -1}, {2}},
    // V4.1 with two tied for lowest (seats 0 and 2, 19 each; dropper 26, seat 3 30): each gets 2x from
    // the dropper and 1x from seat 3 (neither pays the other).
    {"V4_1LowestDoubleTied", CaughtPayout::kLowestDouble, 2, false, 0,
     {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 2h 4h 5h 7h", "2s 4s 6s 8s Ts"}, {3, -4, 3, -2}, {0, 2}},
    // V4.2: the dropper pays the lowest 1x on behalf of each of the n-1 others: 3x.
    {"V4_2DropperPaysLowest", CaughtPayout::kDropperPaysLowest, 2, false, 0, kPositionA, {0, -3, 3, 0}, {2}},
    // V4.3: the dropper pays 1x to each equal or lower (seats 0, 2); the lowest (seat 2) also gets 1x
    // from every other player, the dropper included.
    {"V4_3EqualOrLowerAndLowest", CaughtPayout::kEqualOrLowerAndLowest, 1, false, 0, kPositionA, {0, -3, 4, -1},
     {2}},
    // V4.4: the dropper pays 2x to every other player.
    {"V4_4DropperPaysAll", CaughtPayout::kDropperPaysAll, 2, false, 0, kPositionA, {2, -6, 2, 2}, {2}},
    // V4.5: the dropper pays 5x to the lowest, nothing else.
    {"V4_5LowestNearest", CaughtPayout::kLowestNearest, 5, false, 0, kPositionA, {0, -5, 5, 0}, {2}},
    // V4.5: two others tie for lowest (19 in seats 3 and 0); dealer 1, so the order from the dealer's
    // left is 2 (the dropper), 3, 0, 1: seat 3 is paid, seat 0 nothing.
    {"V4_5TieGoesNearestTheDealersLeft", CaughtPayout::kLowestNearest, 5, false, 1,
     {"Ac 2c 4c 5c 7c", "2s 4s 6s 8s Ts", "Ad 3d 5d 7d Td", "Ah 2h 4h 5h 7h"}, {0, 0, -5, 5}, {3}},
    // V4.5: the dropper loses ties: 22 against 22 is caught.
    {"V4_5DropperLosesTies", CaughtPayout::kLowestNearest, 5, false, 0, {"Ac 2c 4c 6c 9c", "Ad 2d 4d 6d 9d"},
     {5, -5}, {0}},
    // V4.6: as S15b, but the lowest's extra 1x comes only from counts above the dropper's: seat 3 (30)
    // pays it, seat 0 (22, not above 26) does not.
    {"V4_6Czech", CaughtPayout::kCzech, 2, false, 0, kPositionA, {2, -4, 3, -1}, {2}},
    // V12d: the dropper pays 4 units (2x the rum) to each player with an equal or lower count; no more.
    {"V12dCatchersOnly", CaughtPayout::kCatchersOnly, 4, false, 0, kPositionA, {4, -8, 4, 0}, {2}},
    // V13g: the dropper pays 2x to the player who caught them (the lowest); no more.
    {"V13gLowestOnly", CaughtPayout::kLowestOnly, 2, false, 0, kPositionA, {0, -2, 2, 0}, {2}},
    // V14d: 2 points per player in the game (4 players: 8) to the catcher.
    {"V14dPerPlayer", CaughtPayout::kLowestOnly, 2, true, 0, kPositionA, {0, -8, 8, 0}, {2}},
    // V14d: two catchers tied for lowest are both paid: 3 players, 6 each.
    {"V14dTiedCatchersBothPaid", CaughtPayout::kLowestOnly, 2, true, 0,
     {"Ac 2c 4c 5c 7c", "Ad 3d 5d 7d Td", "Ah 2h 4h 5h 7h"}, {6, -12, 6}, {0, 2}},
};

class CaughtPayouts : public ::testing::TestWithParam<CaughtCase> {};

TEST_P(CaughtPayouts, DropperIsCaught) {
  const CaughtCase& c = GetParam();
  const int n = static_cast<int>(c.hands.size());
  Rules r;
  r.players = n;
  r.caught_payout = c.payout;
  r.caught_pays = c.caught_pays;
  r.caught_pays_per_player = c.per_player;
  const Game game(r);
  State s = test::deal(game, c.hands, "Kc", "", c.dealer);
  const int dropper = (c.dealer + 1) % n;
  ASSERT_EQ(s.current_player(), dropper);
  play(s, {"drop"});
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kCaught);
  EXPECT_EQ(s.outcome().player, dropper);
  EXPECT_EQ(payouts(s.outcome(), n), c.payouts);
  std::uint8_t winners = 0;
  for (int w : c.winners) winners = static_cast<std::uint8_t>(winners | (1u << w));
  EXPECT_EQ(s.outcome().winners, winners);
  EXPECT_TRUE(test::zero_sum(s.outcome()));
}

INSTANTIATE_TEST_SUITE_P(VariationCaught, CaughtPayouts, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<CaughtCase>& info) { return std::string(info.param.name); });

// V4.2 [I]: "the dropper pays the lowest player 1x on behalf of every other player". Our default
// counts the n-1 players other than the lowest (the dropper among them): 3x at four players; the
// alternative counts only the non-droppers: 2x. Seat 1 drops 26 against 22, 19 (lowest), 30.
TEST(VariationCaught, V4_2InterpretationDefaultAndAlternative) {
  for (bool dropper_too : {true, false}) {
    Rules r;
    r.players = 4;
    r.caught_payout = CaughtPayout::kDropperPaysLowest;
    r.caught_for_dropper_too = dropper_too;
    const Game game(r);
    State s = test::deal(game, kPositionA, "Kc", "", 0);
    play(s, {"drop"});
    ASSERT_EQ(s.outcome().reason, EndReason::kCaught);
    if (dropper_too) {
      EXPECT_EQ(payouts(s.outcome(), 4), (std::vector<int>{0, -3, 3, 0}));
    } else {
      EXPECT_EQ(payouts(s.outcome(), 4), (std::vector<int>{0, -2, 2, 0}));
    }
  }
}

// A strictly lowest drop (S15a) is paid as usual under every caught rule: 1x from each.
// Seat 1 drops 19 against 22, 26, 30.
TEST(VariationCaught, V4V12dV13gV14dLeaveTheSuccessfulDropAlone) {
  for (CaughtPayout p : {CaughtPayout::kLowestDouble, CaughtPayout::kDropperPaysLowest,
                         CaughtPayout::kEqualOrLowerAndLowest, CaughtPayout::kDropperPaysAll,
                         CaughtPayout::kLowestNearest, CaughtPayout::kCzech, CaughtPayout::kCatchersOnly,
                         CaughtPayout::kLowestOnly}) {
    Rules r;
    r.players = 4;
    r.caught_payout = p;
    const Game game(r);
    State s = test::deal(game, {"Ac 2c 4c 6c 9c", "Ah 2h 4h 5h 7h", "Ad 3d 5d 7d Td", "2s 4s 6s 8s Ts"}, "Kc");
    play(s, {"drop"});
    EXPECT_EQ(s.outcome().reason, EndReason::kDrop) << static_cast<int>(p);
    EXPECT_EQ(payouts(s.outcome(), 4), (std::vector<int>{-1, 3, -1, -1})) << static_cast<int>(p);
  }
}

}  // namespace
}  // namespace tonk
