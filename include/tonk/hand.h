// A Hand: one hand of Tonk in play, with its deck order and its public history.
//
// This is what the terminal game, the simulator and records work with; bots get views of it. Search
// bots clone the smaller State instead.
#pragma once

#include <span>
#include <vector>

#include "tonk/rng.h"
#include "tonk/state.h"
#include "tonk/view.h"

namespace tonk {

class Hand {
 public:
  /// Deals from `deck_order` (see State::deal; throws BadDeal). `game` must outlive the Hand.
  Hand(const Game& game, std::vector<Card> deck_order, int dealer);

  const Game& game() const { return state_.game(); }
  /// The full state. Omniscient: for the engine, tests, records and replays of finished hands only.
  const State& state() const { return state_; }
  const std::vector<Card>& deck_order() const { return deck_order_; }
  const std::vector<Move>& history() const { return history_; }
  int current_player() const { return state_.current_player(); }
  bool is_over() const { return state_.is_over(); }
  const Outcome& outcome() const { return state_.outcome(); }

  /// The legal actions of the current player (empty once the hand is over).
  ActionList legal_actions() const;
  /// Player p's view; valid until the next apply().
  View view(int player) const { return make_view(state_, player, history_); }

  /// Applies an action of the current player after checking it; records it in the history.
  /// Throws IllegalAction with the reason; the hand is unchanged then.
  void apply(const Action& action);

 private:
  std::vector<Card> deck_order_;
  std::vector<Move> history_;
  State state_;
};

/// A deck order for `game`: its deck shuffled by `rng` (Fisher-Yates over the cards in id order).
std::vector<Card> shuffled_deck(const Game& game, Rng& rng);

}  // namespace tonk
