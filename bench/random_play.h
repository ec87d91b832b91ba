// Shared by the random-play benchmarks: uniform-random play of complete hands from fresh deals.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "tonk/hand.h"
#include "tonk/rng.h"
#include "tonk/state.h"

namespace tonk::bench {

// Plays the dealt hand `s` to its end uniformly at random; returns the number of actions applied.
// With `drops` false a drawn drop is replaced by the next legal action, so hands run long and the
// table fills with spreads (the costlier positions).
inline int play_out_random(State& s, Rng& rng, ActionList& legal, bool drops) {
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

// Plays one hand uniformly at random from a deal of `deck`; returns the number of actions applied.
inline int play_random_hand(const Game& game, const std::vector<Card>& deck, Rng& rng, ActionList& legal,
                            bool drops) {
  State s = State::deal(game, deck, 0);
  return play_out_random(s, rng, legal, drops);
}

// How each benchmark hand is dealt.
enum class Dealing {
  kPreShuffled,   // 1,024 decks shuffled beforehand and reused (State::deal, which checks the order): the rules alone
  kFreshShuffle,  // the last deck order shuffled again in the timed loop, then State::deal (checked): as peers measure
  kRedeal,        // State::redeal(game, rng, dealer): a fresh shuffle dealt in place, unchecked (a permutation by construction)
};

// The benchmark body: hands under `rules` (st.range(1) != 0: drops allowed), reporting actions/s,
// hands/s and actions per hand.
inline void run_random_hands(benchmark::State& st, const Rules& rules, Dealing dealing = Dealing::kPreShuffled) {
  const Game game(rules);
  Rng rng(42);
  ActionList legal;
  std::vector<std::vector<Card>> decks;
  for (int i = 0; i < (dealing == Dealing::kPreShuffled ? 1024 : 1); ++i) decks.push_back(shuffled_deck(game, rng));
  const bool drops = st.range(1) != 0;
  State s;
  std::int64_t actions = 0, hands = 0;
  for (auto _ : st) {
    switch (dealing) {
      case Dealing::kPreShuffled: actions += play_random_hand(game, decks[hands & 1023], rng, legal, drops); break;
      case Dealing::kFreshShuffle:
        rng.shuffle(decks[0]);  // Fisher-Yates in place: no allocation
        actions += play_random_hand(game, decks[0], rng, legal, drops);
        break;
      case Dealing::kRedeal:
        s.redeal(game, rng, 0);
        actions += play_out_random(s, rng, legal, drops);
        break;
    }
    ++hands;
  }
  st.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  st.counters["hands/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
  st.counters["actions/hand"] = static_cast<double>(actions) / static_cast<double>(hands);
}

}  // namespace tonk::bench
