// Glicko-2 against the worked example of Glickman's paper, and at its edges.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "tonk/glicko2.h"

namespace tonk {
namespace {

// The paper's example: a player rated 1500 (deviation 200, volatility 0.06) plays three opponents in
// one period, beats the first and loses to the other two; tau 0.5.
TEST(Glicko2, ThePapersWorkedExample) {
  const Glicko2Rating player{1500, 200, 0.06};
  const std::vector<GameResult> games{{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
  const Glicko2Rating after = rate_period(player, games, {.tau = 0.5});
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, APeriodWithoutGamesGrowsOnlyTheDeviation) {
  const Glicko2Rating player{1600, 100, 0.06};
  const Glicko2Rating after = rate_period(player, {});
  EXPECT_EQ(after.rating, 1600);
  EXPECT_EQ(after.volatility, 0.06);
  // sqrt(phi^2 + sigma^2) on the Glicko-2 scale: sqrt((100/173.7178)^2 + 0.06^2) * 173.7178.
  EXPECT_NEAR(after.deviation, std::sqrt(100.0 * 100.0 + std::pow(0.06 * 173.7178, 2)), 1e-9);
  EXPECT_GT(after.deviation, player.deviation);
}

TEST(Glicko2, AnIdlePlayerNeverBecomesLessKnownThanANewOne) {
  Glicko2Rating player{1600, 340, 0.5};
  for (int i = 0; i < 10; ++i) player = rate_period(player, {});
  EXPECT_EQ(player.deviation, kMaxDeviation);
}

TEST(Glicko2, WinningRaisesLosingLowersAndADrawBetweenEqualsChangesNothing) {
  const Glicko2Rating player{1500, 200, 0.06};
  const GameResult win{1500, 200, 1}, loss{1500, 200, 0}, draw{1500, 200, 0.5};
  EXPECT_GT(rate_period(player, std::span(&win, 1)).rating, 1500);
  EXPECT_LT(rate_period(player, std::span(&loss, 1)).rating, 1500);
  EXPECT_NEAR(rate_period(player, std::span(&draw, 1)).rating, 1500, 1e-9);
  EXPECT_LT(rate_period(player, std::span(&draw, 1)).deviation, 200) << "a game teaches something";
}

TEST(Glicko2, ExtremeRatingsGiveFiniteResultsInRange) {
  for (const double mine : {kMinRating, kMaxRating}) {
    for (const double theirs : {kMinRating, kMaxRating}) {
      for (const double score : {0.0, 0.5, 1.0}) {
        const GameResult game{theirs, 30, score};
        const Glicko2Rating after = rate_period({mine, 30, 0.06}, std::span(&game, 1));
        EXPECT_TRUE(std::isfinite(after.rating) && std::isfinite(after.deviation) && std::isfinite(after.volatility))
            << mine << " vs " << theirs << " score " << score;
        EXPECT_GE(after.rating, kMinRating);
        EXPECT_LE(after.rating, kMaxRating);
        EXPECT_GT(after.deviation, 0);
        EXPECT_LE(after.deviation, kMaxDeviation);
        EXPECT_GT(after.volatility, 0);
      }
    }
  }
}

TEST(Glicko2, ManyGamesAgainstOneOpponentConvergeOnTheirScore) {
  // 200 games at 76% against a player known to be 1500: about 200 points above (E = 1/(1+10^-0.5)).
  Glicko2Rating player = kNewPlayer;
  const std::vector<GameResult> games(20, GameResult{1500, 30, 0.76});
  for (int period = 0; period < 10; ++period) player = rate_period(player, games);
  EXPECT_NEAR(player.rating, 1500 + 200, 15);
  EXPECT_LT(player.deviation, 60);
}

void expect_refused(const Glicko2Rating& player, const GameResult& game, const std::string& words, Glicko2Settings settings = {}) {
  try {
    rate_period(player, std::span(&game, 1), settings);
    ADD_FAILURE() << "accepted: " << words;
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(Glicko2, BadInputIsRefusedNamingTheValue) {
  const Glicko2Rating ok = kNewPlayer;
  const GameResult game{1500, 100, 1};
  expect_refused({-1, 100, 0.06}, game, "the player's rating");
  expect_refused({1500, 0, 0.06}, game, "the player's deviation");
  expect_refused({1500, 351, 0.06}, game, "the player's deviation");
  expect_refused({1500, 100, 0}, game, "the player's volatility");
  expect_refused({NAN, 100, 0.06}, game, "the player's rating");
  expect_refused(ok, {6000, 100, 1}, "the opponent's rating 6000.000000 (game 1)");
  expect_refused(ok, {1500, -5, 1}, "the opponent's deviation");
  expect_refused(ok, {1500, 100, 2}, "the score 2.000000 (game 1) is not within 0..1");
  expect_refused(ok, {1500, 100, INFINITY}, "the score");
  expect_refused(ok, game, "tau", {.tau = 0});
  expect_refused(ok, game, "the iteration bound", {.tau = 0.5, .tolerance = 1e-6, .max_iterations = 0});
}

TEST(Glicko2, TheVolatilityIterationIsBoundedInSteps) {
  // One step of the Illinois iteration and a coarse tolerance still give a finite, positive answer.
  const std::vector<GameResult> games{{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
  const Glicko2Rating after = rate_period({1500, 200, 0.06}, games, {.tau = 0.5, .tolerance = 1, .max_iterations = 1});
  EXPECT_TRUE(std::isfinite(after.volatility));
  EXPECT_GT(after.volatility, 0);
  EXPECT_NEAR(after.rating, 1464, 2) << "the volatility barely moves the rating in one period";
}

TEST(Glicko2, TheExpectedScoreIsEvenBetweenEqualsAndFavoursTheStronger) {
  EXPECT_NEAR(expected_score(1500, 1500, 50), 0.5, 1e-12);
  EXPECT_GT(expected_score(1700, 1500, 50), 0.7);
  EXPECT_LT(expected_score(1300, 1500, 50), 0.3);
}

}  // namespace
}  // namespace tonk
