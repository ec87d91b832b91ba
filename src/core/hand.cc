#include "tonk/hand.h"

#include <cassert>
#include <stdexcept>

#include "tonk/rng.h"

namespace tonk {

namespace {
const Game& checked(const std::shared_ptr<const Game>& game) {
  if (!game) throw std::invalid_argument("Hand: no Game (a null std::shared_ptr<const Game>)");
  return *game;
}
}  // namespace

Hand::Hand(std::shared_ptr<const Game> game, std::vector<Card> deck_order, int dealer)
    : game_(std::move(game)), deck_order_(std::move(deck_order)), state_(State::deal(checked(game_), deck_order_, dealer)) {
  history_.reserve(64);  // most hands need no more: no reallocation while they are played
}

void Hand::redeal(std::span<const Card> deck_order, int dealer) {
  state_.redeal(*game_, deck_order, dealer);  // in place; throws BadDeal before anything changes
  deck_order_.assign(deck_order.begin(), deck_order.end());
  history_.clear();
}

void Hand::redeal(Rng& rng, int dealer) {
  if (dealer < 0 || dealer >= game_->num_players())
    throw std::invalid_argument("Hand::redeal: dealer " + std::to_string(dealer) + " is not a seat (0.." +
                                std::to_string(game_->num_players() - 1) + ")");
  const std::span<const Card> deck = game_->deck_cards();
  deck_order_.assign(deck.begin(), deck.end());  // as shuffled_deck(): from card order
  rng.shuffle(deck_order_);
  state_.reset_and_deal(*game_, deck_order_, dealer);
  history_.clear();
}

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

void Hand::apply_listed(const Action& action) {
  assert(state_.is_legal(action));
  const int player = state_.current_player();
  state_.apply(action);
  history_.push_back({player, action});
}

void Hand::apply_judged(const Action& action) {
  const int player = state_.current_player();
  state_.apply(state_.normalize(action));
  history_.push_back({player, action});
}

std::vector<Card> shuffled_deck(const Game& game, Rng& rng) {
  const std::span<const Card> deck = game.deck_cards();
  std::vector<Card> cards(deck.begin(), deck.end());
  rng.shuffle(cards);
  return cards;
}

}  // namespace tonk
