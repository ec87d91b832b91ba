// A View: what one player may know of a hand (the only door to hidden cards for bots and clients).
#pragma once

#include <array>
#include <span>

#include "tonk/action.h"
#include "tonk/card_set.h"
#include "tonk/outcome.h"
#include "tonk/rng.h"
#include "tonk/state.h"

namespace tonk {

/// One entry of the public history: who did what. Every action is public; the card taken from
/// the stock is not part of the action.
struct Move {
  int player = 0;
  Action action;
  friend bool operator==(const Move&, const Move&) = default;
};

/// Everything player `player` may know. Built by make_view(); holds no card the player may not see:
/// other hands appear only as sizes and as the cards they publicly took from the discard pile, until
/// the hand is over, when all hands are shown (S15, S16 showdown; `revealed`).
struct View {
  const Game* game = nullptr;  ///< the rules; not owned
  int player = 0;              ///< whose view this is
  int num_players = 0;
  int dealer = 0;
  int current_player = 0;
  Phase phase = Phase::kStartOfTurn;
  int turn = 0;                           ///< turns begun so far, all players together
  std::array<int, kMaxPlayers> turns_of{};  ///< turns begun by each player

  CardSet hand;                           ///< the player's own hand
  Card taken_discard = Card::none();      ///< own card taken from the pile this turn (I1)
  std::array<int, kMaxPlayers> hand_sizes{};    ///< cards in each player's hand
  std::array<CardSet, kMaxPlayers> known_cards{};  ///< cards each player publicly took and holds

  int num_spreads = 0;
  std::array<CardSet, kMaxSpreads> spreads{};   ///< spreads on the table, in the order laid
  std::array<int, kMaxSpreads> spread_owners{};  ///< who laid each spread
  std::array<std::uint8_t, kMaxSpreads> spread_shapes{};  ///< each spread's shape (V13a: what wild cards stand for)

  Card top_discard = Card::none();  ///< S10: the only card of the pile in view
  int discard_size = 0;
  CardSet discard_pile;             ///< cards in the pile: all were seen when discarded
  int stock_size = 0;
  std::array<int, kMaxPlayers> empty_stock_takes{};  ///< I2

  std::span<const Move> history;  ///< the public history of the hand; points into the Hand
  Outcome outcome;                ///< reason kNone until the hand is over
  std::array<CardSet, kMaxPlayers> revealed{};  ///< every hand, only once the hand is over

 private:
  friend View make_view(const State& state, int player, std::span<const Move> history);
  friend State resample_from_view(const View& view, Rng& rng);

/// The same world with the unseen cards in the order given: `hidden` (a permutation of
/// View::unseen(), as many cards) fills the other players' hidden places, seat by seat, then the
/// stock from its next card on. resample_from_view deals a shuffled order; a belief sampler
/// (the expert bot's chain) moves between orders.
State deal_from_view(const View& view, std::span<const Card> hidden);
  friend State deal_from_view(const View& view, std::span<const Card> hidden);
  State public_state_;
 public:

  /// The player's own count, in points (I8).
  int count() const;
  /// Every public fact of the hand as a State whose hidden cards are removed: other players' hands
  /// hold only their known_cards, the stock is empty. Read by resample_from_view(); it holds
  /// nothing this player may not know (a test checks it).
  const State& public_state() const { return public_state_; }
  /// Cards this player has not seen: in the deck but not in own hand, on the table, in the discard
  /// pile, or publicly known in another hand. The hidden cards are among these.
  CardSet unseen() const;
};

/// Builds player p's view of a state with its public history.
View make_view(const State& state, int player, std::span<const Move> history);

/// A full State consistent with everything `view`'s player knows: the public facts are the view's,
/// and the cards the player has not seen (View::unseen()) are dealt at random, uniformly, to the
/// other players' hidden places and to the stock. For determinized search. The result
/// points to view.game, which must outlive it.
State resample_from_view(const View& view, Rng& rng);

/// The same world with the unseen cards in the order given: `hidden` (a permutation of
/// View::unseen(), as many cards) fills the other players' hidden places, seat by seat, then the
/// stock from its next card on. resample_from_view deals a shuffled order; a belief sampler
/// (the expert bot's chain) moves between orders.
State deal_from_view(const View& view, std::span<const Card> hidden);

}  // namespace tonk
