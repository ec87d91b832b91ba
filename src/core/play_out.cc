#include <stdexcept>
#include <string>

#include "tonk/bot.h"

namespace tonk {

void play_out(Hand& hand, std::span<Bot* const> bots) {
  if (static_cast<int>(bots.size()) != hand.game().num_players())
    throw std::invalid_argument("play_out: " + std::to_string(bots.size()) + " bots for " +
                                std::to_string(hand.game().num_players()) + " players");
  ActionList legal;
  while (!hand.is_over()) {
    const int p = hand.current_player();
    hand.state().legal_actions(legal);
    hand.apply(bots[p]->choose(hand.view(p), legal));
  }
}

}  // namespace tonk
