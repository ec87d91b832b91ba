// Plays random hands of the standard game with the tonk core and prints how they ended.
#include <cstdio>
#include <vector>

#include <tonk/game.h>
#include <tonk/rng.h>
#include <tonk/state.h>

int main() {
  const tonk::Game game;  // the standard game (S1-S18), two players
  tonk::Rng rng(2026);
  for (int hand = 0; hand < 5; ++hand) {
    std::vector<tonk::Card> deck(game.deck().begin(), game.deck().end());
    rng.shuffle(deck);
    tonk::State state = tonk::State::deal(game, deck, /*dealer=*/0);
    tonk::ActionList legal;
    while (!state.is_over()) {
      state.legal_actions(legal);  // the engine decides legality; we pick at random
      state.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    }
    const tonk::Outcome& out = state.outcome();
    std::printf("hand %d: %s, payouts %+d %+d\n", hand + 1, std::string(tonk::to_string(out.reason)).c_str(),
                out.payouts[0], out.payouts[1]);
  }
}
