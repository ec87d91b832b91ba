// The arena: duplicate deals replay the same deck orders with the seats rotated, results
// do not depend on the number of threads, and the confidence interval is computed over deals.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "tonk/arena.h"

namespace tonk {
namespace {

ArenaOptions options(std::vector<std::string> lineup, long long deals, std::uint64_t seed, int threads) {
  ArenaOptions o;
  o.rules.players = static_cast<int>(lineup.size());
  o.lineup = std::move(lineup);
  o.deals = deals;
  o.seed = seed;
  o.threads = threads;
  return o;
}

// Hand-computed: samples 1, -1, 2, 0 have mean 0.5; squared deviations 0.25 + 2.25 + 2.25 + 0.25 = 5,
// so s^2 = 5/3, s = 1.2909944, and the half-width is 1.96 * s / sqrt(4) = 1.2651745.
TEST(Arena, ConfidenceIntervalOfAHandComputedExample) {
  const std::vector<double> samples = {1, -1, 2, 0};
  const MeanInterval m = mean_interval(samples);
  EXPECT_EQ(m.n, 4);
  EXPECT_DOUBLE_EQ(m.mean, 0.5);
  EXPECT_NEAR(m.half_width, 1.2651745, 1e-7);
  EXPECT_NEAR(m.low(), -0.7651745, 1e-7);
  EXPECT_NEAR(m.high(), 1.7651745, 1e-7);
  // One sample has no spread to estimate; none has no mean.
  const std::vector<double> one = {3};
  EXPECT_EQ(mean_interval(one).mean, 3);
  EXPECT_EQ(mean_interval(one).half_width, 0);
  EXPECT_EQ(mean_interval({}).n, 0);
}

TEST(Arena, DecisionTimePercentiles) {
  std::vector<float> times = {5, 1, 4, 2, 3};
  const DecisionTimes t = summarize_times(times);
  EXPECT_EQ(t.decisions, 5);
  EXPECT_DOUBLE_EQ(t.mean_ms, 3);
  EXPECT_DOUBLE_EQ(t.median_ms, 3);  // the 3rd smallest of 5
  EXPECT_DOUBLE_EQ(t.p99_ms, 5);     // nearest rank: ceil(0.99 * 5) = 5th
  std::vector<float> hundred;
  for (int i = 1; i <= 100; ++i) hundred.push_back(static_cast<float>(i));
  const DecisionTimes h = summarize_times(hundred);
  EXPECT_DOUBLE_EQ(h.median_ms, 50);  // the lower median
  EXPECT_DOUBLE_EQ(h.p99_ms, 99);
}

TEST(Arena, EntrantsRotateThroughEverySeat) {
  for (int n : {2, 3, 4}) {
    for (int r = 0; r < n; ++r) {
      std::set<int> entrants;
      for (int seat = 0; seat < n; ++seat) entrants.insert(arena_entrant(seat, r, n));
      EXPECT_EQ(static_cast<int>(entrants.size()), n);  // a permutation
    }
    for (int e = 0; e < n; ++e) {
      std::set<int> seats;
      for (int r = 0; r < n; ++r)
        for (int seat = 0; seat < n; ++seat)
          if (arena_entrant(seat, r, n) == e) seats.insert(seat);
      EXPECT_EQ(static_cast<int>(seats.size()), n);  // every seat once
    }
  }
  EXPECT_EQ(arena_entrant(0, 1, 3), 2);
  EXPECT_EQ(arena_entrant(2, 1, 3), 1);
}

// Every hand of a deal is dealt from the same deck order and dealer, so each seat gets the same
// cards in every rotation, held by a different entrant each time (entrant e in seat (e + r) mod n);
// the deck is the deal's own (arena_deal), and deals differ.
TEST(Arena, DuplicateDealsReplayTheSameDecksWithRotatedSeats) {
  for (int n : {2, 3}) {
    std::vector<std::string> lineup = {"greedy", "random", "mc:1"};
    lineup.resize(static_cast<std::size_t>(n));
    ArenaOptions o = options(lineup, 6, 77, 1);
    const Game game(o.rules);
    std::map<std::pair<long long, int>, ArenaHand> hands;
    std::map<std::pair<long long, int>, std::vector<Card>> decks;
    o.on_hand = [&](const ArenaHand& h) {
      hands[{h.deal, h.rotation}] = h;
      decks[{h.deal, h.rotation}] = *h.deck;
    };
    const ArenaResult result = run_arena(o);
    EXPECT_EQ(result.hands, 6 * n);
    ASSERT_EQ(static_cast<int>(hands.size()), 6 * n);
    for (long long d = 0; d < 6; ++d) {
      const ArenaDeal deal = arena_deal(game, 77, d);
      for (int r = 0; r < n; ++r) {
        const ArenaHand& h = hands.at({d, r});
        EXPECT_EQ(decks.at({d, r}), deal.deck);
        EXPECT_EQ(h.dealer, deal.dealer);
        for (int seat = 0; seat < n; ++seat)
          EXPECT_EQ(h.entrant_of_seat[static_cast<std::size_t>(seat)], arena_entrant(seat, r, n));
      }
      if (d > 0) {
        EXPECT_NE(deal.deck, arena_deal(game, 77, d - 1).deck);
      }
    }
  }
}

TEST(Arena, DealsDependOnlyOnTheSeedAndTheirNumber) {
  const Game game;
  EXPECT_EQ(arena_deal(game, 5, 3).deck, arena_deal(game, 5, 3).deck);
  EXPECT_NE(arena_deal(game, 5, 3).deck, arena_deal(game, 6, 3).deck);
  EXPECT_EQ(arena_bot_seed(5, 3, 1, 0), arena_bot_seed(5, 3, 1, 0));
  EXPECT_NE(arena_bot_seed(5, 3, 1, 0), arena_bot_seed(5, 3, 1, 1));
  EXPECT_NE(arena_bot_seed(5, 3, 1, 0), arena_bot_seed(5, 3, 0, 0));
}

TEST(Arena, ResultsDoNotDependOnTheThreads) {
  for (const auto& lineup : {std::vector<std::string>{"mc:2", "greedy"},
                             std::vector<std::string>{"oracle:1", "greedy", "random"}}) {
    const ArenaResult one = run_arena(options(lineup, 24, 9, 1));
    const ArenaResult two = run_arena(options(lineup, 24, 9, 2));
    EXPECT_EQ(one.hands, two.hands);
    EXPECT_EQ(one.reasons, two.reasons);
    ASSERT_EQ(one.entrants.size(), two.entrants.size());
    for (std::size_t e = 0; e < one.entrants.size(); ++e) {
      EXPECT_EQ(one.entrants[e].kind, two.entrants[e].kind);
      EXPECT_EQ(one.entrants[e].payout.mean, two.entrants[e].payout.mean);  // bit for bit
      EXPECT_EQ(one.entrants[e].payout.half_width, two.entrants[e].payout.half_width);
      EXPECT_EQ(one.entrants[e].total, two.entrants[e].total);
      EXPECT_EQ(one.entrants[e].wins, two.entrants[e].wins);
      EXPECT_EQ(one.entrants[e].times.decisions, two.entrants[e].times.decisions);
    }
  }
}

// The interval is over deals: one sample per deal, the entrant's mean payout over that deal's hands.
TEST(Arena, IntervalIsOverDealsNotHands) {
  ArenaOptions o = options({"greedy", "random", "random"}, 15, 3, 1);
  std::map<long long, double> per_deal;
  long long total = 0;
  o.on_hand = [&](const ArenaHand& h) {
    for (int seat = 0; seat < 3; ++seat)
      if (h.entrant_of_seat[static_cast<std::size_t>(seat)] == 0) {
        per_deal[h.deal] += h.outcome.payouts[seat] / 3.0;
        total += h.outcome.payouts[seat];
      }
  };
  const ArenaResult r = run_arena(o);
  std::vector<double> samples;
  for (const auto& [deal, mean] : per_deal) samples.push_back(mean);
  ASSERT_EQ(samples.size(), 15u);
  const MeanInterval expected = mean_interval(samples);
  EXPECT_NEAR(r.entrants[0].payout.mean, expected.mean, 1e-12);
  EXPECT_NEAR(r.entrants[0].payout.half_width, expected.half_width, 1e-12);
  EXPECT_EQ(r.entrants[0].payout.n, 15);
  EXPECT_EQ(r.entrants[0].total, total);
  // S4: payouts sum to zero over the table, so over the entrants too.
  EXPECT_EQ(r.entrants[0].total + r.entrants[1].total + r.entrants[2].total, 0);
}

TEST(Arena, RefusesBadOptions) {
  EXPECT_THROW(run_arena(options({"greedy", "wizard"}, 1, 1, 1)), std::invalid_argument);
  EXPECT_THROW(run_arena(options({"greedy", "random"}, 0, 1, 1)), std::invalid_argument);
  EXPECT_THROW(run_arena(options({"greedy", "random"}, 1, 1, 0)), std::invalid_argument);
  ArenaOptions o = options({"greedy", "random"}, 1, 1, 1);
  o.rules.players = 3;
  EXPECT_THROW(run_arena(o), std::invalid_argument);
}

}  // namespace
}  // namespace tonk
