// A set of cards held as a 64-bit mask: a hand, a spread, the cards of a deck.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "tonk/card.h"

namespace tonk {

/// A set of distinct cards. Bit i is set when the card with id i is in the set (see Card for the
/// layout: 13 bits per suit, clubs in bits 0..12, then diamonds, hearts, spades; jokers in 52..55).
/// A trivially copyable value; every operation is O(1) except iteration, O(size).
class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(std::uint64_t mask) : mask_(mask) {}
  constexpr CardSet(Card card) : mask_(card.valid() ? std::uint64_t{1} << card.id() : 0) {}  // NOLINT

  constexpr std::uint64_t mask() const { return mask_; }
  constexpr int size() const { return std::popcount(mask_); }
  constexpr bool empty() const { return mask_ == 0; }
  constexpr bool contains(Card card) const { return card.valid() && ((mask_ >> card.id()) & 1); }
  /// True when every card of `other` is in this set.
  constexpr bool contains_all(CardSet other) const { return (other.mask_ & ~mask_) == 0; }

  constexpr void insert(Card card) { mask_ |= CardSet(card).mask_; }
  constexpr void erase(Card card) { mask_ &= ~CardSet(card).mask_; }

  /// The 13-bit mask of one suit's ranks (bit r = rank r, ace = bit 0).
  constexpr std::uint32_t suit_ranks(Suit suit) const {
    return static_cast<std::uint32_t>(mask_ >> (static_cast<int>(suit) * kNumRanks)) & 0x1FFFu;
  }
  /// The 4-bit mask of the suits held in one rank (bit s = suit s).
  constexpr std::uint32_t rank_suits(Rank rank) const {
    const int r = static_cast<int>(rank);
    return static_cast<std::uint32_t>(((mask_ >> r) & 1) | (((mask_ >> (r + 13)) & 1) << 1) |
                                      (((mask_ >> (r + 26)) & 1) << 2) | (((mask_ >> (r + 39)) & 1) << 3));
  }
  /// The cards of this set that are jokers.
  constexpr CardSet jokers() const { return CardSet(mask_ & kJokerMask); }

  /// The card with the lowest id; none() when empty.
  constexpr Card first() const { return mask_ ? Card::from_id(std::countr_zero(mask_)) : Card::none(); }

  friend constexpr CardSet operator|(CardSet a, CardSet b) { return CardSet(a.mask_ | b.mask_); }
  friend constexpr CardSet operator&(CardSet a, CardSet b) { return CardSet(a.mask_ & b.mask_); }
  /// Set difference: the cards of a that are not in b.
  friend constexpr CardSet operator-(CardSet a, CardSet b) { return CardSet(a.mask_ & ~b.mask_); }
  constexpr CardSet& operator|=(CardSet o) { mask_ |= o.mask_; return *this; }
  constexpr CardSet& operator&=(CardSet o) { mask_ &= o.mask_; return *this; }
  constexpr CardSet& operator-=(CardSet o) { mask_ &= ~o.mask_; return *this; }
  friend constexpr bool operator==(CardSet a, CardSet b) = default;

  /// Forward iteration in id order (clubs A..K, diamonds, hearts, spades, jokers).
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Card;
    using difference_type = std::ptrdiff_t;
    using pointer = const Card*;
    using reference = Card;
    constexpr Iterator() = default;
    constexpr explicit Iterator(std::uint64_t m) : m_(m) {}
    constexpr Card operator*() const { return Card::from_id(std::countr_zero(m_)); }
    constexpr Iterator& operator++() { m_ &= m_ - 1; return *this; }
    constexpr Iterator operator++(int) { Iterator t = *this; ++*this; return t; }
    constexpr bool operator==(const Iterator& o) const { return m_ == o.m_; }
   private:
    std::uint64_t m_ = 0;
  };
  constexpr Iterator begin() const { return Iterator(mask_); }
  constexpr Iterator end() const { return Iterator(0); }

  static constexpr std::uint64_t kJokerMask = std::uint64_t{0xF} << (kNumSuits * kNumRanks);

 private:
  std::uint64_t mask_ = 0;
};

/// The cards in notation, space-separated, sorted for reading a hand: by suit (c d h s) and
/// within a suit by rank, jokers last. Example: "Ac 5c Td Kh X1". Empty set: "".
std::string to_string(CardSet cards);

/// The cards in notation, sorted by rank first (A..K) and by suit within a rank. Example: "Ac 5c Td Kh".
std::string to_string_by_rank(CardSet cards);

/// Parses cards written with or without spaces or commas between them ("4h5h6h", "4h 5h,6h").
/// Returns nullopt when any token is not a card or a card is repeated.
std::optional<CardSet> parse_cards(std::string_view text);

}  // namespace tonk
