// A Game: a validated rule set and the facts derived from it (the deck, card values, run order).
//
// A Game is built once and shared, read-only, by every State played under it; States hold a
// pointer to their Game, so the Game must outlive them.
#pragma once

#include <array>
#include <cstdint>

#include "tonk/card_set.h"
#include "tonk/rules.h"

namespace tonk {

class Game {
 public:
  /// Validates the rules (see validate()) and derives the tables. Throws RuleError on a bad rule set.
  explicit Game(const Rules& rules = Rules{});

  const Rules& rules() const { return rules_; }
  int num_players() const { return rules_.players; }
  int hand_size() const { return rules_.hand_size; }

  /// Every card of the deck (S2 / V11 / V16).
  CardSet deck() const { return deck_; }
  int deck_size() const { return deck_.size(); }

  /// A card's value in points (S3 / V17): ace 1, 2..10 face value, J Q K 10 each (or 11 12 13).
  int value(Card card) const { return values_[card.id()]; }
  /// The count of a set of cards: the sum of their values, in points.
  int count(CardSet cards) const;

  /// True when `cards` is a book: 3..book_max cards of one rank (S11, I5). Jokers never spread (V16).
  bool is_book(CardSet cards) const;
  /// True when `cards` is a run: 3 or more cards of one suit, consecutive in the deck's rank order
  /// (S11: ace low only; V11: 7 next to J).
  bool is_run(CardSet cards) const;
  /// is_book || is_run.
  bool is_spread(CardSet cards) const { return is_book(cards) || is_run(cards); }
  /// True when adding `cards` (not empty, disjoint from `spread`) to the spread on the table makes
  /// a valid spread of the same kind (S12, I5): a book grows to at most book_max cards; a run grows
  /// at either end. A hit of several cards is legal when the union is still a spread.
  bool can_hit(CardSet spread, CardSet cards) const;

  /// The lowest count the hand can reach by laying spreads from it (no hits), in points.
  /// Hands of up to kMaxHandSize + 1 cards; exhaustive over disjoint spreads.
  int lowest_count(CardSet hand) const;

  /// Position of a rank in this deck's run order (ace 0; with V11 the jack follows the 7), or -1
  /// when the deck has no such rank.
  int run_position(Rank rank) const { return run_pos_[static_cast<int>(rank)]; }

  /// The suit's ranks held in `cards`, as a mask over run positions (bit i = run position i).
  std::uint32_t run_line(CardSet cards, Suit suit) const;

 private:
  Rules rules_;
  CardSet deck_;
  std::array<std::int8_t, kNumCardIds> values_{};
  std::array<std::int8_t, kNumRanks> run_pos_{};
};

}  // namespace tonk
