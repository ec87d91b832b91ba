// Cards, ranks and suits: the smallest value types of the engine.
//
// Notation (RULES.md §0): rank `A 2 3 4 5 6 7 8 9 T J Q K`, suit `c d h s`, so `Ts` is the ten of
// spades. A joker is `X`; where several jokers must be told apart they are `X1`, `X2`, ...
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tonk {

/// A suit. Suits are equal in play and in the cut (I7); the order below is only the bit layout.
enum class Suit : std::uint8_t { kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3 };

/// Number of suits in a deck.
inline constexpr int kNumSuits = 4;
/// Number of ranks in a suit of the 52-card deck (S2).
inline constexpr int kNumRanks = 13;
/// Largest number of jokers a deck may hold (V16 allows "two or more"; four is our ceiling).
inline constexpr int kMaxJokers = 4;
/// Number of distinct card ids: 52 suited cards plus up to kMaxJokers jokers.
inline constexpr int kNumCardIds = kNumSuits * kNumRanks + kMaxJokers;

/// A rank, numbered so that the ace is 0 and the king 12. The ace is low only (S11).
enum class Rank : std::uint8_t {
  kAce = 0, kTwo, kThree, kFour, kFive, kSix, kSeven, kEight, kNine, kTen, kJack, kQueen, kKing
};

/// One card, packed in a byte.
///
/// Bit layout: a suited card has id `suit * 13 + rank` (0..51, clubs first, ace low); a joker has
/// id `52 + k` for the k-th joker (k in 0..kMaxJokers-1). `Card::none()` (id 255) marks "no card".
/// The id is also the card's bit position in a CardSet.
class Card {
 public:
  constexpr Card() = default;
  constexpr Card(Rank rank, Suit suit)
      : id_(static_cast<std::uint8_t>(static_cast<int>(suit) * kNumRanks + static_cast<int>(rank))) {}

  /// The card with the given id (0..kNumCardIds-1); other ids give a card that is not valid().
  static constexpr Card from_id(int id) {
    Card c;
    c.id_ = static_cast<std::uint8_t>(id);
    return c;
  }
  /// The k-th joker, k in 0..kMaxJokers-1 (V16, V13a).
  static constexpr Card joker(int k) { return from_id(kNumSuits * kNumRanks + k); }
  /// The "no card" marker.
  static constexpr Card none() { return from_id(255); }

  constexpr int id() const { return id_; }
  constexpr bool valid() const { return id_ < kNumCardIds; }
  constexpr bool is_joker() const { return id_ >= kNumSuits * kNumRanks && id_ < kNumCardIds; }
  /// The rank; only meaningful when !is_joker().
  constexpr Rank rank() const { return static_cast<Rank>(id_ % kNumRanks); }
  /// The suit; only meaningful when !is_joker().
  constexpr Suit suit() const { return static_cast<Suit>(id_ / kNumRanks); }

  friend constexpr bool operator==(Card a, Card b) = default;

 private:
  std::uint8_t id_ = 255;
};

/// The rank letter: 'A', '2'..'9', 'T', 'J', 'Q', 'K'.
char rank_char(Rank rank);
/// The suit letter: 'c', 'd', 'h', 's'.
char suit_char(Suit suit);

/// The card in notation: "Ts", "Ah"; a joker is "X1", "X2", ... (numbered from 1); none() is "--".
std::string to_string(Card card);

/// Parses one card in notation ("Ts", "ah", "10s" is refused: ten is `T`). A plain "X" is the first
/// joker; "X1".."X4" name a joker. Returns nullopt if the text is not exactly one card.
std::optional<Card> parse_card(std::string_view text);

}  // namespace tonk
