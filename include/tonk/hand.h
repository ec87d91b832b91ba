// A Hand: one hand of Tonk in play, with its deck order and its public history.
//
// This is what the terminal game, the simulator and records work with; bots get views of it. Search
// bots clone the smaller State instead.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "tonk/rng.h"
#include "tonk/state.h"
#include "tonk/view.h"

namespace tonk {

class Hand {
 public:
  /// Deals from `deck_order` (see State::deal; throws BadDeal) under `game`, which the Hand shares
  /// (copies and moves of the Hand share it too). Throws std::invalid_argument when `game` is null.
  Hand(std::shared_ptr<const Game> game, std::vector<Card> deck_order, int dealer);

  const Game& game() const { return *game_; }
  /// The Game as shared by the Hand: to keep it alive beyond the Hand, or to share it further.
  const std::shared_ptr<const Game>& shared_game() const { return game_; }
  /// The full state. Omniscient: for the engine, tests, records and replays of finished hands only.
  const State& state() const { return state_; }
  const std::vector<Card>& deck_order() const { return deck_order_; }
  const std::vector<Move>& history() const { return history_; }
  int current_player() const { return state_.current_player(); }
  bool is_over() const { return state_.is_over(); }
  const Outcome& outcome() const { return state_.outcome(); }

  /// The legal actions of the current player (empty once the hand is over).
  ActionList legal_actions() const;
  /// Player p's view; valid until the next apply() (its history points into the Hand).
  View view(int player) const { return make_view(state_, player, history_); }

  /// Deals a new hand into this one from `deck_order` (as the constructor; throws BadDeal, the Hand
  /// unchanged then) under the same Game, reusing the storage: a table dealing hand after hand
  /// allocates nothing.
  void redeal(std::span<const Card> deck_order, int dealer);
  /// The same with a fresh shuffle: the deck order is shuffled_deck(game, rng) (the same numbers
  /// drawn, the same order), made in this hand's storage and, being a permutation of the deck by
  /// construction, not checked again. Throws std::invalid_argument when `dealer` is not a seat.
  void redeal(Rng& rng, int dealer);

  /// Applies an action of the current player after checking it; records it in the history.
  /// Throws IllegalAction with the reason; the hand is unchanged then.
  void apply(const Action& action);
  /// Applies `action` unchecked (State::apply): for an action taken unchanged from the current
  /// state's legal_actions() list, such as a bot's choice from the list it was given, which needs
  /// no second listing. Precondition: it is such an element (checked only by assert).
  void apply_listed(const Action& action);
  /// Applies `action` as the engine already judged it: State::why_illegal(action) returned nullopt
  /// at this position (a served table's logged action, judged once when it was played). Normalized
  /// (State::normalize) but not checked again; recorded as given. Precondition: so judged (checked
  /// only by assert).
  void apply_judged(const Action& action);

 private:
  std::shared_ptr<const Game> game_;  // shared: state_ points to it
  std::vector<Card> deck_order_;
  std::vector<Move> history_;
  State state_;
};

/// A deck order for `game`: its deck shuffled by `rng` (Fisher-Yates over the cards in id order).
std::vector<Card> shuffled_deck(const Game& game, Rng& rng);

}  // namespace tonk
