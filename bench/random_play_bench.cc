// Uniform-random play of complete hands: the engine's raw speed (issue 2's performance targets).
#include <benchmark/benchmark.h>

#include <vector>

#include "tonk/hand.h"
#include "tonk/rng.h"
#include "tonk/state.h"

namespace {

using tonk::ActionList;
using tonk::Game;
using tonk::Rng;
using tonk::State;

// Plays one hand uniformly at random from a fresh deal; returns the number of actions applied.
// With `drops` false a drawn drop is replaced by the next action, so hands run long and the table
// fills with spreads (the costlier positions).
int play_random_hand(const Game& game, const std::vector<tonk::Card>& deck, Rng& rng, ActionList& legal,
                     bool drops) {
  State s = State::deal(game, deck, 0);
  int actions = 0;
  while (!s.is_over()) {
    s.legal_actions(legal);
    int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())));
    if (!drops && legal[i].kind == tonk::ActionKind::kDrop) i = (i + 1) % legal.size();
    s.apply(legal[i]);
    ++actions;
  }
  return actions;
}

void BM_RandomHands(benchmark::State& st) {
  tonk::Rules rules;
  rules.players = static_cast<int>(st.range(0));
  const Game game(rules);
  Rng rng(42);
  ActionList legal;
  // Pre-shuffled decks so the shuffle is not measured with the play.
  std::vector<std::vector<tonk::Card>> decks;
  for (int i = 0; i < 1024; ++i) decks.push_back(tonk::shuffled_deck(game, rng));
  std::int64_t actions = 0, hands = 0;
  for (auto _ : st) {
    actions += play_random_hand(game, decks[hands & 1023], rng, legal, st.range(1) != 0);
    ++hands;
  }
  st.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  st.counters["hands/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
  st.counters["actions/hand"] = static_cast<double>(actions) / static_cast<double>(hands);
}
BENCHMARK(BM_RandomHands)
    ->ArgNames({"players", "drops"})
    ->Args({2, 1})->Args({3, 1})->Args({4, 1})->Args({2, 0})->Args({3, 0});

}  // namespace


