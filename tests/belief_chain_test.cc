// The belief chain (src/bots/opponent_model.h): its worlds keep everything the seat knows, and it
// draws from the opponent model's posterior (checked against importance sampling of many uniform
// deals); and the handsight measuring player (oracle_bot.h), which sees every hand but not the stock.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "bots/opponent_model.h"
#include "test_util.h"
#include "tonk/hand.h"
#include "tonk/oracle_bot.h"
#include "tonk/rng.h"

namespace tonk {
namespace {

using test::make_hand;

// Seat 1 took the Kd, then threw the Jc and the 5d, keeping the Kd: a player who throws a five and
// keeps a king has partners for the king (the model's reading), so the posterior moves seat 1's
// hidden cards away from the uniform deal's average.
Hand hand_with_evidence(const std::shared_ptr<const Game>& game) {
  Hand hand = make_hand(game, {"Ac 2c 3c Kd Qd", "9s 9h 4d 5d Jc"}, "7h", "8c 3s 6h", 1);
  for (const char* a : {"stock", "discard Kd", "take", "discard Jc", "stock", "discard Qd", "stock", "discard 5d"})
    hand.apply(test::act(a));
  return hand;
}

// Points of seat 1's cards that seat 0 has not seen (its hidden cards), in `world`.
int hidden_points(const Game& game, const State& world, const View& view) {
  int points = 0;
  for (Card c : world.hand(1) - view.known_cards[1]) points += game.value(c);
  return points;
}

TEST(BeliefChain, WorldsKeepEverythingTheSeatKnows) {
  const std::shared_ptr<const Game> game = make_game();
  const Hand hand = hand_with_evidence(game);
  const View view = hand.view(0);
  const OpponentModel model(view, OpponentEvidence{.passes = true, .takes = true, .non_drops = true});
  ASSERT_TRUE(model.informative());
  Rng rng(5);
  BeliefChain chain(view, model, 50, rng);
  for (int i = 0; i < 200; ++i) {
    const State& world = chain.advance(3, rng);
    const View seen = make_view(world, 0, view.history);
    ASSERT_EQ(seen.hand, view.hand);
    ASSERT_EQ(seen.hand_sizes, view.hand_sizes);
    ASSERT_EQ(seen.known_cards, view.known_cards);
    ASSERT_EQ(seen.unseen(), view.unseen());
    ASSERT_EQ(seen.top_discard, view.top_discard);
    ASSERT_EQ(world.stock_size(), view.stock_size);
    ASSERT_TRUE(world.hand(1).contains(Card(Rank::kKing, Suit::kDiamonds)));  // the taken Kd
  }
  EXPECT_GT(chain.accepted(), 0);
  EXPECT_LT(chain.accepted(), chain.proposed());  // the evidence refuses some swaps
}

// The chain's mean of seat 1's hidden points against the same posterior mean estimated by weighting
// 40,000 uniform deals by their likelihood; both far from the uniform deals' own mean, so a chain
// that ignored the weights fails.
TEST(BeliefChain, DrawsFromTheModelsPosterior) {
  const std::shared_ptr<const Game> game = make_game();
  const Hand hand = hand_with_evidence(game);
  const View view = hand.view(0);
  const OpponentModel model(view);  // the last discard, as the Monte Carlo bot reads it

  Rng rng(17);
  double prior_sum = 0, weighted_sum = 0, weight_sum = 0;
  constexpr int kDeals = 40000;
  std::vector<std::pair<double, int>> deals;
  double max_lw = -INFINITY;
  for (int i = 0; i < kDeals; ++i) {
    const State world = resample_from_view(view, rng);
    const double lw = model.log_weight(world);
    deals.emplace_back(lw, hidden_points(*game, world, view));
    max_lw = std::max(max_lw, lw);
  }
  for (const auto& [lw, points] : deals) {
    const double w = std::exp(lw - max_lw);
    prior_sum += points;
    weighted_sum += w * points;
    weight_sum += w;
  }
  const double prior = prior_sum / kDeals, posterior = weighted_sum / weight_sum;

  BeliefChain chain(view, model, 200, rng);
  double chain_sum = 0;
  constexpr int kWorlds = 8000;
  for (int i = 0; i < kWorlds; ++i) chain_sum += hidden_points(*game, chain.advance(4, rng), view);
  const double chained = chain_sum / kWorlds;

  EXPECT_GT(std::abs(posterior - prior), 1.5) << "the evidence should move seat 1's expected points";
  EXPECT_NEAR(chained, posterior, 0.5) << "prior " << prior;
}

// The handsight player imagines only new orders of the stock: two states that differ only in the
// stock's order get the same decisions, and it reads the other hand (it drops where that hand counts
// more than its own and plays on where it counts less).
TEST(HandsightPlayer, SeesEveryHandButNotTheStock) {
  const std::shared_ptr<const Game> game = make_game();
  EXPECT_EQ(make_omniscient_player("handsight", 1)->name(), "handsight:" + std::to_string(HandsightPlayer::kDefaultWorlds));
  EXPECT_EQ(make_omniscient_player("handsight:30", 1)->name(), "handsight:30");
  EXPECT_THROW(make_omniscient_player("handsight:x", 1), std::invalid_argument);

  const Hand one = make_hand(game, {"Ac 2c 3d 4h 9s", "Kc Kd Qh 5c 8d"}, "7h", "8c 3s 6h Td", 1);
  const Hand two = make_hand(game, {"Ac 2c 3d 4h 9s", "Kc Kd Qh 5c 8d"}, "7h", "Td 6h 8c 3s", 1);
  const Hand low = make_hand(game, {"Ac 2c 3d 4h 9s", "Ah 2h 3h 2s As"}, "7h", "8c 3s 6h Td", 1);
  ASSERT_EQ(one.current_player(), 0);
  for (int seed = 1; seed <= 3; ++seed) {
    const auto budget = SearchBudget::of_worlds(HandsightPlayer::kDefaultWorlds);
    HandsightPlayer a(budget, seed), b(budget, seed), c(budget, seed);
    EXPECT_EQ(a.choose(one.state(), one.legal_actions()), Action::drop());  // 19 against 43
    EXPECT_EQ(b.choose(two.state(), two.legal_actions()), Action::drop());
    EXPECT_NE(c.choose(low.state(), low.legal_actions()), Action::drop());  // 19 against 3: caught
  }
  // After the draw, the same discards whatever the stock's order.
  Hand d1 = one, d2 = two;
  d1.apply(test::act("take"));
  d2.apply(test::act("take"));
  HandsightPlayer a(SearchBudget::of_worlds(40), 7), b(SearchBudget::of_worlds(40), 7);
  for (int call = 0; call < 3; ++call)
    EXPECT_EQ(a.choose(d1.state(), d1.legal_actions()), b.choose(d2.state(), d2.legal_actions()));
}

}  // namespace
}  // namespace tonk
