// What the table scores, higher better (signed_score): bots, hint, sim and arena use it, so
// that under push-ups (V15) they minimize the push-ups scored instead of seeing 0 everywhere.
#include <gtest/gtest.h>

#include <memory>

#include "bots/greedy_bot.h"
#include "tonk/hand.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/outcome.h"
#include "tonk/preset.h"
#include "tonk/rng.h"

namespace tonk {
namespace {

TEST(Scoring, SignedScoreIsThePayoutOrMinusThePushUps) {
  Outcome o;
  o.payouts = {2, -2};
  o.points = {0, 17};
  EXPECT_EQ(signed_score(o, Scoring::kStakes, 0), 2);
  EXPECT_EQ(signed_score(o, Scoring::kUnits, 1), -2);
  EXPECT_EQ(signed_score(o, Scoring::kPoints, 1), -2);
  EXPECT_EQ(signed_score(o, Scoring::kPushups, 0), 0);
  EXPECT_EQ(signed_score(o, Scoring::kPushups, 1), -17);
  EXPECT_EQ(score_unit(Scoring::kPushups), "push-ups");
  EXPECT_EQ(score_unit(Scoring::kUnits), "units");
}

TEST(Scoring, MonteCarloValuesDifferUnderPushUps) {  // V15: every action was valued +0.00
  const auto game_shared = std::make_shared<const Game>(preset_or_throw("pushup").rules);
  const Game& game = *game_shared;
  Rng rng(11);
  for (int h = 0; h < 20; ++h) {
    Hand hand(game_shared, shuffled_deck(game, rng), 0);
    if (hand.is_over()) continue;
    const ActionList legal = hand.legal_actions();
    if (legal.size() < 2) continue;
    MonteCarloBot bot(SearchBudget::of_worlds(30), 5);
    const auto values = bot.evaluate(hand.view(hand.current_player()), legal);
    EXPECT_LT(values.back().value, values.front().value) << "the actions are told apart";
    EXPECT_LE(values.front().value, 0.0) << "minus the push-ups: never above 0";
    // A drop with a high count is a likely catch: it is not the choice.
    if (hand.view(hand.current_player()).count() >= 36) {
      EXPECT_NE(values.front().action, Action::drop());
    }
    return;
  }
  FAIL() << "no decision with two legal actions";
}

TEST(Scoring, GreedyTakesMoreDropRiskUnderPushUps) {  // V15: a catch costs only the count
  const auto standard_shared = std::make_shared<const Game>();
  const Game& standard = *standard_shared;
  const auto pushup_shared = std::make_shared<const Game>(preset_or_throw("pushup").rules);
  const Game& pushup = *pushup_shared;
  Rng a(4), b(4);
  const Hand s(standard_shared, shuffled_deck(standard, a), 0);
  const Hand p(pushup_shared, shuffled_deck(pushup, b), 0);
  EXPECT_EQ(GreedyBot::drop_threshold(p.view(p.current_player())),
            GreedyBot::drop_threshold(s.view(s.current_player())) + 3);
}

}  // namespace
}  // namespace tonk
