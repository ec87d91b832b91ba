#include "tonk/hand.h"

#include "tonk/rng.h"

namespace tonk {

Hand::Hand(const Game& game, std::vector<Card> deck_order, int dealer)
    : deck_order_(std::move(deck_order)), state_(State::deal(game, deck_order_, dealer)) {}

ActionList Hand::legal_actions() const {
  ActionList list;
  state_.legal_actions(list);
  return list;
}

void Hand::apply(const Action& action) {
  const int player = state_.current_player();
  state_.apply_checked(action);
  history_.push_back({player, action});
}

std::vector<Card> shuffled_deck(const Game& game, Rng& rng) {
  std::vector<Card> cards(game.deck().begin(), game.deck().end());
  rng.shuffle(cards);
  return cards;
}

}  // namespace tonk
