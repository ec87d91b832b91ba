// Which hands are rated and the pairwise results they give; when rating periods close.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "tonk/rated_hand.h"
#include "tonk/rating_period.h"

namespace tonk {
namespace {

Outcome finished(std::initializer_list<int> payouts) {
  Outcome o;
  o.reason = EndReason::kDrop;
  int p = 0;
  for (int x : payouts) o.payouts[p++] = x;
  return o;
}

double score_of(const std::vector<PairwiseResult>& results, int seat, int opponent) {
  for (const PairwiseResult& r : results)
    if (r.seat == seat && r.opponent == opponent) return r.score;
  ADD_FAILURE() << "no result for seat " << seat << " against " << opponent;
  return -1;
}

TEST(RatedHand, AFourPlayerHandIsSixPairsRankedByPayout) {
  // Seat 0 went out (+3), seats 1 and 2 paid 1 each, seat 3 paid 1 too (S4: zero-sum).
  const auto results = pairwise_results(finished({3, -1, -1, -1}), Scoring::kStakes, 4);
  ASSERT_EQ(results.size(), 12u) << "each seat against each other seat";
  EXPECT_EQ(score_of(results, 0, 1), 1);
  EXPECT_EQ(score_of(results, 1, 0), 0);
  EXPECT_EQ(score_of(results, 1, 2), 0.5) << "equal payouts are a draw";
  EXPECT_EQ(score_of(results, 3, 2), 0.5);
  for (const PairwiseResult& r : results) EXPECT_EQ(r.score + score_of(results, r.opponent, r.seat), 1);
}

TEST(RatedHand, AVoidDealIsNotRatedADeadHandIsADrawForEveryone) {
  Outcome o;
  o.reason = EndReason::kVoidDeal;
  const std::vector<SeatPlayer> people{"aa", "bb", "cc"};
  EXPECT_TRUE(rated_pairs(o, Scoring::kStakes, people).empty()) << "nobody played a void deal";
  o.reason = EndReason::kDeadHand;
  const auto results = rated_pairs(o, Scoring::kStakes, people);
  ASSERT_EQ(results.size(), 6u);
  for (const PairwiseResult& r : results) EXPECT_EQ(r.score, 0.5);
}

TEST(RatedHand, UnderPushUpsFewerPushUpsWin) {
  Outcome o;
  o.reason = EndReason::kOutByDiscard;
  o.points = {0, 12, 5};  // V15: the winner scores nothing, the others their count
  const auto results = pairwise_results(o, Scoring::kPushups, 3);
  EXPECT_EQ(score_of(results, 0, 1), 1);
  EXPECT_EQ(score_of(results, 2, 1), 1);
  EXPECT_EQ(score_of(results, 1, 2), 0);
}

TEST(RatedHand, OnlyHandsBetweenTwoToFourDifferentPeopleAreRated) {
  const Outcome o = finished({1, -1});
  const std::vector<SeatPlayer> people{"aa", "bb"};
  EXPECT_EQ(rated_hand_problem(people), "");
  EXPECT_EQ(rated_pairs(o, Scoring::kStakes, people).size(), 2u);

  const std::vector<SeatPlayer> with_bot{"aa", std::nullopt};
  EXPECT_NE(rated_hand_problem(with_bot).find("seat 1 is a bot"), std::string::npos);
  EXPECT_TRUE(rated_pairs(o, Scoring::kStakes, with_bot).empty());

  const std::vector<SeatPlayer> twice{"aa", "aa"};
  EXPECT_NE(rated_hand_problem(twice).find("same person"), std::string::npos);
  EXPECT_TRUE(rated_pairs(o, Scoring::kStakes, twice).empty());

  const std::vector<SeatPlayer> alone{"aa"};
  EXPECT_NE(rated_hand_problem(alone).find("2 to 4"), std::string::npos);
  const std::vector<SeatPlayer> five{"a", "b", "c", "d", "e"};
  EXPECT_NE(rated_hand_problem(five).find("2 to 4"), std::string::npos);
  const std::vector<SeatPlayer> nameless{"aa", ""};
  EXPECT_NE(rated_hand_problem(nameless).find("no player id"), std::string::npos);
}

TEST(RatedHand, AHandInPlayOrABadTableSizeIsRefused) {
  EXPECT_THROW(pairwise_results(Outcome{}, Scoring::kStakes, 2), std::invalid_argument);
  EXPECT_THROW(pairwise_results(finished({1, -1}), Scoring::kStakes, 1), std::invalid_argument);
  EXPECT_THROW(pairwise_results(finished({1, -1}), Scoring::kStakes, kMaxPlayers + 1), std::invalid_argument);
}

TEST(RatingPeriod, ByHandsAPeriodClosesAtItsNthHand) {
  const RatingPeriod rule{PeriodRule::kHands, 10};
  EXPECT_EQ(periods_closing(rule, 9, 0, 1), 0);
  EXPECT_EQ(periods_closing(rule, 10, 0, 1), 1);
}

TEST(RatingPeriod, ByDayAPeriodClosesAtMidnightUtcAndIdleDaysAreEmptyPeriods) {
  const RatingPeriod rule{PeriodRule::kDay, 10};
  constexpr std::int64_t day = 86'400'000;
  const std::int64_t noon = 20'000 * day + day / 2;
  EXPECT_EQ(periods_closing(rule, 50, noon, noon + day / 4), 0) << "the same day";
  EXPECT_EQ(periods_closing(rule, 50, noon, noon + day), 1) << "the next day";
  EXPECT_EQ(periods_closing(rule, 0, noon, noon + 3 * day), 3);
  EXPECT_THROW(periods_closing({PeriodRule::kHands, 0}, 1, 0, 0), std::invalid_argument);
}

TEST(RatingPeriod, ClosingSeveralPeriodsRatesTheGamesThenGrowsTheDeviation) {
  const std::vector<GameResult> games{{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
  const Glicko2Rating one = close_periods({1500, 200, 0.06}, games, 1);
  EXPECT_NEAR(one.rating, 1464.06, 0.01);
  const Glicko2Rating three = close_periods({1500, 200, 0.06}, games, 3);
  EXPECT_EQ(three.rating, one.rating);
  EXPECT_GT(three.deviation, one.deviation);
  EXPECT_EQ(close_periods({1500, 200, 0.06}, games, 0).deviation, 200);
}

TEST(RatingPeriod, ByHandsTheTenthHandClosesThePeriodWithEveryGame) {
  RatedStanding s;
  const std::vector<GameResult> win{{1500, 100, 1}};
  for (int hand = 1; hand <= 9; ++hand) add_rated_hand(s, win, 1000 * hand);
  EXPECT_EQ(s.rating.rating, 1500) << "rated before its period closed";
  EXPECT_EQ(s.period_hands, 9);
  EXPECT_EQ(s.period.size(), 9u);
  EXPECT_EQ(s.period_start_ms, 1000);
  add_rated_hand(s, win, 10'000);
  const std::vector<GameResult> ten(10, win[0]);
  EXPECT_EQ(s.rating.rating, rate_period(kNewPlayer, ten).rating);
  EXPECT_EQ(s.period_hands, 0);
  EXPECT_TRUE(s.period.empty());
}

TEST(RatingPeriod, ByDayAHandOnALaterDayClosesTheOldPeriodFirst) {
  const RatingPeriod by_day{PeriodRule::kDay, 10};
  constexpr std::int64_t day = 86'400'000;
  RatedStanding s;
  const std::vector<GameResult> win{{1500, 100, 1}}, loss{{1500, 100, 0}};
  add_rated_hand(s, win, 100 * day + 5, by_day);
  add_rated_hand(s, win, 100 * day + 6, by_day);
  EXPECT_EQ(s.rating.rating, 1500);
  add_rated_hand(s, loss, 103 * day, by_day);  // three midnights later: the day's period, then two empty ones
  const Glicko2Rating expected = close_periods(kNewPlayer, std::vector<GameResult>{win[0], win[0]}, 3);
  EXPECT_EQ(s.rating.rating, expected.rating);
  EXPECT_EQ(s.rating.deviation, expected.deviation);
  ASSERT_EQ(s.period.size(), 1u);
  EXPECT_EQ(s.period[0].score, 0);
  EXPECT_EQ(s.period_hands, 1);

  RatedStanding seen = s;
  bring_up_to_date(seen, 103 * day + 10, by_day);
  EXPECT_EQ(seen.period_hands, 1) << "the day is not over";
  bring_up_to_date(seen, 110 * day, by_day);
  EXPECT_EQ(seen.period_hands, 0);
  EXPECT_LT(seen.rating.rating, s.rating.rating) << "the loss was rated";
}

TEST(RatingPeriod, ABadGameLeavesTheStandingAsItWas) {
  RatedStanding s;
  const std::vector<GameResult> good{{1500, 100, 1}}, bad{{1500, 100, 7}};
  add_rated_hand(s, good, 1);
  EXPECT_THROW(add_rated_hand(s, bad, 2), std::invalid_argument);
  EXPECT_EQ(s.period_hands, 1);
  EXPECT_EQ(s.period.size(), 1u);
}

TEST(RatingPeriod, AnOpenPeriodsResultsSurviveTheirText) {
  const std::vector<GameResult> games{{1400, 30, 1}, {1550.25, 100.125, 0.5}, {1700, 300, 0}};
  const std::string text = encode_results(games);
  EXPECT_EQ(text, "1400 30 1;1550.25 100.125 0.5;1700 300 0");
  const std::vector<GameResult> back = decode_results(text);
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[1].opponent_rating, 1550.25);
  EXPECT_EQ(back[1].score, 0.5);
  EXPECT_TRUE(decode_results("").empty());
}

TEST(RatingPeriod, BadResultsTextIsRefusedNamingTheGame) {
  for (const char* bad : {"1400 30", "1400 30 1;", "1400 30 1 2", "1400 x 1", "1400 30 3", "1400  30 1"}) {
    try {
      decode_results(bad);
      ADD_FAILURE() << "accepted \"" << bad << "\"";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("rating results: game "), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace tonk
