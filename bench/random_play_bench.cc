// Uniform-random play of complete hands: the engine's raw speed (issue 2's performance targets).
#include <benchmark/benchmark.h>

#include "random_play.h"

namespace {

void BM_RandomHands(benchmark::State& st) {
  tonk::Rules rules;
  rules.players = static_cast<int>(st.range(0));
  tonk::bench::run_random_hands(st, rules);
}
BENCHMARK(BM_RandomHands)
    ->ArgNames({"players", "drops"})
    ->Args({2, 1})->Args({3, 1})->Args({4, 1})->Args({2, 0})->Args({3, 0});

// The same with a fresh shuffle every hand (shuffled_deck, as a session deals): the figure peer
// engines measure, and the one `tonk sim --bots random,random` is compared with (docs/PERFORMANCE.md).
void BM_RandomHandsShuffled(benchmark::State& st) {
  tonk::Rules rules;
  rules.players = static_cast<int>(st.range(0));
  const tonk::Game game(rules);
  tonk::Rng rng(42);
  tonk::ActionList legal;
  std::int64_t actions = 0, hands = 0;
  for (auto _ : st) {
    const std::vector<tonk::Card> deck = tonk::shuffled_deck(game, rng);
    actions += tonk::bench::play_random_hand(game, deck, rng, legal, /*drops=*/true);
    ++hands;
  }
  st.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  st.counters["hands/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
  st.counters["actions/hand"] = static_cast<double>(actions) / static_cast<double>(hands);
}
BENCHMARK(BM_RandomHandsShuffled)->ArgNames({"players"})->Arg(2)->Arg(3)->Arg(4);

}  // namespace
