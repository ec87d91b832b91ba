// Uniform-random play of complete hands: the engine's raw speed (docs/PERFORMANCE.md's targets).
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

// The headline (docs/PERFORMANCE.md): a fresh shuffle every hand, as every peer engine measures.
void BM_RandomHandsFreshShuffle(benchmark::State& st) {
  tonk::Rules rules;
  rules.players = static_cast<int>(st.range(0));
  tonk::bench::run_random_hands(st, rules, tonk::bench::Dealing::kFreshShuffle);
}
BENCHMARK(BM_RandomHandsFreshShuffle)->ArgNames({"players", "drops"})->Args({2, 1})->Args({3, 1})->Args({4, 1})->Args({2, 0});

// The same with State::redeal(game, rng, dealer): the shuffle and the deal in place, the order not
// checked again (a permutation by construction).
void BM_RandomHandsRedeal(benchmark::State& st) {
  tonk::Rules rules;
  rules.players = static_cast<int>(st.range(0));
  tonk::bench::run_random_hands(st, rules, tonk::bench::Dealing::kRedeal);
}
BENCHMARK(BM_RandomHandsRedeal)->ArgNames({"players", "drops"})->Args({2, 1})->Args({3, 1})->Args({4, 1})->Args({2, 0});

}  // namespace
