// What each wild card of a spread on the table stands for (V13a): the one reading of a spread and
// its shape, used by the CLI's table, the view JSON (and so the browser) and Python's observation.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "tonk/card_set.h"
#include "tonk/game.h"

namespace tonk {

/// One wild card of a spread and what it stands for.
struct StandIn {
  Card wild;                 ///< the deuce or joker
  Rank rank = Rank::kAce;    ///< the rank it stands for
  std::optional<Suit> suit;  ///< in a run, the run's suit: it stands for Card(rank, *suit); in a book none
  friend bool operator==(const StandIn&, const StandIn&) = default;
};

/// The stand-ins of one spread, in card order of the wild cards (at most the deck's wild cards:
/// four deuces and four jokers).
struct WildReading {
  std::array<StandIn, kNumSuits + kMaxJokers> items{};
  int size = 0;
  const StandIn* begin() const { return items.data(); }
  const StandIn* end() const { return items.data() + size; }
};

/// What each wild card of `spread` stands for under `shape` (as on the table: State::spread_shape,
/// View::spread_shapes; action.h's shape_book / shape_run). Empty when the shape is 0 or the spread
/// holds no wild card. In a book every wild card stands for the book's rank, of no one suit, except a
/// deuce in a book of deuces, which stands for itself. In a run the natural cards of the run's suit,
/// and the suit's deuce in its own place, stand for themselves; the other wild cards fill the places
/// left, from the lowest, in card order (run places by Game::rank_at, so V11 is the Game's). A
/// spread that does not fit its shape (Game::fits) gives the places it can; no error.
WildReading read_wild_cards(const Game& game, CardSet spread, std::uint8_t shape);

/// What a stand-in stands for in the record notation (docs/VIEW_JSON.md `stands_for`): the card in
/// a run ("8s"), the rank alone in a book ("9", as in the shape "book:9").
std::string stands_for_text(const StandIn& stand_in);

}  // namespace tonk
