// A Game: a validated rule set and the facts derived from it (the deck, card values, run order).
//
// A Game is built once and shared, read-only, by everything played under it. The long-lived
// objects (Hand, Session, Table) own it together through a std::shared_ptr<const Game> (make_game);
// a State and a View, which are plain values copied by the thousand in search, only point to it
// (not owned): whoever holds the State keeps its Game alive (its Hand, Table, or the caller).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "tonk/action.h"
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
  /// The same cards in card-id order (deck_size() of them; valid as long as the Game): what a
  /// shuffle starts from (shuffled_deck, Hand::redeal).
  std::span<const Card> deck_cards() const { return {deck_cards_.data(), static_cast<std::size_t>(deck_size())}; }

  /// A card's value in points (S3 / V17): ace 1, 2..10 face value, J Q K 10 each (or 11 12 13).
  int value(Card card) const { return values_[card.id()]; }
  /// The count of a set of cards: the sum of their values, in points.
  int count(CardSet cards) const;

  /// True when `cards` is a book: 3..book_max cards of one rank (S11, I5). Jokers never spread (V16).
  /// The three checks below ignore wild cards (V13a) except through is_spread and can_hit.
  bool is_book(CardSet cards) const;
  /// True when `cards` is a run: 3 or more cards of one suit, consecutive in the deck's rank order
  /// (S11: ace low only; V11: 7 next to J).
  bool is_run(CardSet cards) const;
  /// True when the cards make a spread of some shape (S11; with V13a's wild cards, any shape).
  bool is_spread(CardSet cards) const;
  /// True when adding `cards` (not empty, disjoint from `spread`) to the spread on the table makes
  /// a valid spread of the same kind (S12, I5): a book grows to at most book_max cards; a run grows
  /// at either end. A hit of several cards is legal when the union is still a spread. With wild
  /// cards (V13a) true when some shapes of the spread and of the result allow it (for heuristics;
  /// the engine itself tracks each spread's shape).
  bool can_hit(CardSet spread, CardSet cards) const;

  /// True when the rules make some cards wild in spreads (V13a).
  bool has_wilds() const { return !wild_.empty(); }
  /// The cards that are wild in spreads: the deuces and jokers of the deck under V13a, else none.
  CardSet wild_cards() const { return wild_; }
  /// The last run position of this deck (12; 9 with V11's 40 cards).
  int top_run_position() const { return top_pos_; }

  /// The shape (action.h: shape_book / shape_run) of a spread without wild cards, or 0 when the
  /// cards are not a spread or include a wild card.
  std::uint8_t shape_of(CardSet cards) const;
  /// True when `cards` make a spread of the given shape (S11, I5, V13a): a book of 3..book_max cards
  /// whose non-wild cards all have the rank, or a run whose non-wild cards are of the suit at
  /// distinct positions within the run, wild cards filling the rest. At least one card must stand
  /// for itself (a deuce does, in its own place).
  bool fits(CardSet cards, std::uint8_t shape) const;
  /// The shape a run of `size` cards from run position `low` of `suit` has.
  std::uint8_t run_shape(Suit suit, int low) const;
  /// The run positions [low, high] a shape of `size` cards covers (runs only).
  int shape_low(std::uint8_t shape) const { return run_position(shape_rank(shape)); }
  /// True when `cards` (not empty, disjoint from `spread`) can be added to the spread of shape
  /// `shape` on the table so that the result has shape `new_shape` (S12, I5, V13a): a book stays a
  /// book; a run grows at its ends, never by moving a card already laid.
  bool can_hit(CardSet spread, std::uint8_t shape, CardSet cards, std::uint8_t new_shape) const;

  /// How many spreads a spread laid on the table counts as where a rule speaks of "two spreads"
  /// (I10; V10, V13h): 2 for a run of six or more cards that could be laid as two runs (each part
  /// with a card standing for itself, V13a), else 1. `shape` as on the table (0: the cards say it).
  int spreads_in(CardSet cards, std::uint8_t shape) const;

  /// The lowest count the hand can reach by laying spreads from it (no hits), in points.
  /// Hands of up to kMaxHandSize + 1 cards; exhaustive over disjoint spreads.
  int lowest_count(CardSet hand) const;

  /// Position of a rank in this deck's run order (ace 0; with V11 the jack follows the 7), or -1
  /// when the deck has no such rank.
  int run_position(Rank rank) const { return run_pos_[static_cast<int>(rank)]; }
  /// The rank at a run position (the inverse of run_position), or nullopt outside
  /// 0..top_run_position(). Which ranks are adjacent in a run (V11) is decided here and in the
  /// constructor alone: every other reader of run order asks these.
  std::optional<Rank> rank_at(int position) const {
    if (position < 0 || position > top_pos_) return std::nullopt;
    return static_cast<Rank>(position < gap_at_ ? position : position + gap_);
  }

  /// The suit's ranks held in `cards`, as a mask over run positions (bit i = run position i).
  std::uint32_t run_line(CardSet cards, Suit suit) const;
  /// The inverse of run_line: a mask over run positions as a mask over ranks (bit r = rank r).
  std::uint32_t line_ranks(std::uint32_t line) const {
    const std::uint32_t below = (1u << gap_at_) - 1;  // the positions before the deck's gap (V11)
    return (line & below) | ((line & ~below) << gap_);
  }

 private:
  Rules rules_;
  CardSet deck_;
  std::array<Card, kNumCardIds> deck_cards_{};
  CardSet wild_;
  int top_pos_ = 12;
  int gap_at_ = kNumRanks;  // the first rank the deck lacks (V11: the 8), kNumRanks for none
  int gap_ = 0;             // how many ranks it lacks there (V11: 8, 9, 10)
  std::array<std::int8_t, kNumCardIds> values_{};
  std::array<std::int8_t, kNumRanks> run_pos_{};
};

/// A Game for `rules`, to be shared by the Hands, Sessions and Tables played under it (they keep it
/// alive as long as any of them lives). Throws RuleError on a bad rule set, as Game's constructor.
std::shared_ptr<const Game> make_game(const Rules& rules = Rules{});

}  // namespace tonk
