// The bots' published ratings and the fit that makes them.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "tonk/bot_ratings.h"

namespace tonk {
namespace {

TEST(BotRatings, AFieldIsFittedToItsScoresAroundTheAnchor) {
  // B scores 76% against A (about 200 points: 1/(1+10^-0.5)), C 76% against B, C 91% against A.
  const std::vector<PairTally> tallies{{0, 1, 10'000, 2'400}, {1, 2, 10'000, 2'400}, {0, 2, 10'000, 900}};
  const std::vector<Glicko2Rating> r = fit_ratings(3, tallies, 1, 1500);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[1].rating, 1500) << "the anchor";
  EXPECT_NEAR(r[0].rating, 1300, 25);
  EXPECT_NEAR(r[2].rating, 1700, 25);
  for (const Glicko2Rating& x : r) EXPECT_LT(x.deviation, 50) << "30,000 games say a lot";
}

TEST(BotRatings, AnEntrantWithoutGamesStaysUnknown) {
  const std::vector<PairTally> tallies{{0, 1, 1000, 500}};
  const std::vector<Glicko2Rating> r = fit_ratings(3, tallies, 0, 1500, 10);
  EXPECT_NEAR(r[1].rating, 1500, 1);
  EXPECT_EQ(r[2].deviation, kMaxDeviation);
}

TEST(BotRatings, AnEntrantRatedAgainstAFixedFieldMovesNobodyElse) {
  // Entrant 2 scores 76% against entrant 0, held at 1300: about 200 points above it.
  const std::vector<Glicko2Rating> field{{1300, 30, 0.06}, {1500, 30, 0.06}, kNewPlayer};
  const std::vector<PairTally> tallies{{0, 2, 5'000, 1'200}};
  const Glicko2Rating r = rate_against_field(tallies, 2, field);
  EXPECT_NEAR(r.rating, 1500, 25);
  EXPECT_LT(r.deviation, 50);
  EXPECT_THROW(rate_against_field(tallies, 3, field), std::invalid_argument);
}

TEST(BotRatings, BadTalliesAreRefused) {
  const std::vector<PairTally> self{{1, 1, 10, 5}}, outside{{0, 3, 10, 5}}, overscored{{0, 1, 10, 11}};
  EXPECT_THROW(fit_ratings(2, self, 0, 1500), std::invalid_argument);
  EXPECT_THROW(fit_ratings(2, outside, 0, 1500), std::invalid_argument);
  EXPECT_THROW(fit_ratings(2, overscored, 0, 1500), std::invalid_argument);
  EXPECT_THROW(fit_ratings(2, {}, 2, 1500), std::invalid_argument);
  EXPECT_THROW(fit_ratings(2, {}, 0, 1500, 0), std::invalid_argument);
}

TEST(BotRatings, ThePublishedTableHasEveryLevelWithMediumAt1500) {
  const auto table = bot_ratings();
  const std::vector<std::string_view> levels{"random", "beginner", "easy", "medium", "hard", "expert"};
  ASSERT_EQ(table.size(), levels.size());
  for (std::size_t i = 0; i < levels.size(); ++i) {
    EXPECT_EQ(table[i].level, levels[i]);
    EXPECT_EQ(find_bot_rating(levels[i]), &table[i]);
    EXPECT_GT(table[i].deviation, 0) << levels[i];
  }
  EXPECT_EQ(find_bot_rating("medium")->rating, 1500);
  EXPECT_EQ(find_bot_rating("oracle"), nullptr);
  // The arena's order (docs/BOTS.md "Levels"): strict from random to expert.
  for (std::size_t i = 1; i < table.size(); ++i) EXPECT_LT(table[i - 1].rating, table[i].rating) << table[i].level;
}

}  // namespace
}  // namespace tonk
