// Shared by the random-play benchmarks: uniform-random play of complete hands from fresh deals.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "tonk/hand.h"
#include "tonk/rng.h"
#include "tonk/state.h"

namespace tonk::bench {

// Plays one hand uniformly at random from a fresh deal; returns the number of actions applied.
// With `drops` false a drawn drop is replaced by the next legal action, so hands run long and the
// table fills with spreads (the costlier positions).
inline int play_random_hand(const Game& game, const std::vector<Card>& deck, Rng& rng, ActionList& legal,
                            bool drops) {
  State s = State::deal(game, deck, 0);
  int actions = 0;
  while (!s.is_over()) {
    s.legal_actions(legal);
    int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())));
    if (!drops && legal[i].kind == ActionKind::kDrop) i = (i + 1) % legal.size();
    s.apply(legal[i]);
    ++actions;
  }
  return actions;
}

// The benchmark body: hands under `rules` (st.range(1) != 0: drops allowed), reporting actions/s,
// hands/s and actions per hand. With `fresh_shuffle` every hand is dealt from a deck shuffled for it
// inside the timed loop, as peer engines measure (the headline figure); otherwise 1,024 decks are
// shuffled beforehand and reused, which measures the rules alone.
inline void run_random_hands(benchmark::State& st, const Rules& rules, bool fresh_shuffle = false) {
  const Game game(rules);
  Rng rng(42);
  ActionList legal;
  std::vector<std::vector<Card>> decks;
  for (int i = 0; i < (fresh_shuffle ? 1 : 1024); ++i) decks.push_back(shuffled_deck(game, rng));
  std::int64_t actions = 0, hands = 0;
  for (auto _ : st) {
    std::vector<Card>& deck = decks[fresh_shuffle ? 0 : hands & 1023];
    if (fresh_shuffle) rng.shuffle(deck);  // Fisher-Yates in place: no allocation
    actions += play_random_hand(game, deck, rng, legal, st.range(1) != 0);
    ++hands;
  }
  st.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  st.counters["hands/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
  st.counters["actions/hand"] = static_cast<double>(actions) / static_cast<double>(hands);
}

}  // namespace tonk::bench
