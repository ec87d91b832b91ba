// A program that uses only the core (State, legal actions, View) and is linked against tonk_core
// alone: the build fails if the core needs anything above it (toml++, threads, bots, records).
#include <cstdio>
#include <vector>

#include "tonk/game.h"
#include "tonk/rng.h"
#include "tonk/state.h"
#include "tonk/view.h"

int main() {
  const tonk::Game game;  // the standard game, S1-S18
  tonk::Rng rng(7);
  long long actions = 0;
  for (int hand = 0; hand < 200; ++hand) {
    std::vector<tonk::Card> deck(game.deck().begin(), game.deck().end());
    rng.shuffle(deck);
    tonk::State state = tonk::State::deal(game, deck, hand % game.num_players());
    tonk::ActionList legal;
    while (!state.is_over()) {
      state.legal_actions(legal);
      state.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
      ++actions;
    }
    int sum = 0;
    for (int p = 0; p < game.num_players(); ++p) sum += state.outcome().payouts[p];
    if (sum != 0) return 1;  // S4: zero-sum
  }
  std::printf("core only: 200 hands, %lld actions\n", actions);
  return actions > 0 ? 0 : 1;
}
