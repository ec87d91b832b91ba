// Actions: the atomic steps of a turn (S9), and a fixed-capacity list of them.
#pragma once

#include <array>
#include <cassert>
#include <cstring>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tonk/card_set.h"

namespace tonk {

/// What an action does. A turn (S9) is: kDrop, or a draw (kTakeStock / kTakeDiscard) followed by
/// any number of kSpread and kHit, then kDiscard unless the hand is empty (S13). Variations add a
/// claim at the start of a first turn (V13d), ending a turn without a discard after a hit (V19c), and
/// the slap window after a discard (V21: each player in turn slaps or passes).
enum class ActionKind : std::uint8_t {
  kDrop = 0,         ///< S15: show the hand at the start of the turn, claiming the lowest count.
  kTakeStock = 1,    ///< S9: take the top stock card. With the stock empty this ends play (S16).
  kTakeDiscard = 2,  ///< S9: take the top card of the discard pile.
  kSpread = 3,       ///< S11: lay a new spread from the hand.
  kHit = 4,          ///< S12: add cards from the hand to a spread on the table.
  kDiscard = 5,      ///< S9, S14: discard one card face up, ending the turn.
  kClaim = 6,        ///< V13d: claim a win with a dealt count of dealt_claim_total before one's first turn.
  kEndTurn = 7,      ///< V19c: end the turn without a discard after hitting.
  kSlap = 8,         ///< V21: slap the top discard onto spread `target`.
  kPass = 9,         ///< V21: let the top discard go unslapped.
};

/// What a spread with wild cards stands for (V13a), in one byte: 0 when the cards say it themselves
/// (no wild card among them); `shape_book(r)` a book of rank r; `shape_run(s, r)` a run of suit s
/// whose lowest card has rank r. Written after the cards as "book:R" or "run:RS" ("run:3h").
constexpr std::uint8_t shape_book(Rank r) { return static_cast<std::uint8_t>(0x40 | static_cast<int>(r)); }
constexpr std::uint8_t shape_run(Suit s, Rank low) {
  return static_cast<std::uint8_t>(0x80 | (static_cast<int>(s) << 4) | static_cast<int>(low));
}
constexpr bool shape_is_book(std::uint8_t shape) { return (shape & 0xC0) == 0x40; }
constexpr bool shape_is_run(std::uint8_t shape) { return (shape & 0x80) != 0; }
constexpr Rank shape_rank(std::uint8_t shape) { return static_cast<Rank>(shape & 0x0F); }
constexpr Suit shape_suit(std::uint8_t shape) { return static_cast<Suit>((shape >> 4) & 0x03); }

/// The shape's notation (V13a), the one writer of it: "book:9", "run:3h"; "" for 0 (no shape).
std::string shape_text(std::uint8_t shape);

/// Reads the notation of shape_text: "book:R" or "run:RS" (a rank and suit as in RULES.md, no
/// joker). Returns nullopt when `text` is not a shape.
std::optional<std::uint8_t> parse_shape(std::string_view text);

/// One action. 16 bytes, trivially copyable.
///  - kSpread: `cards` is the new spread.
///  - kHit: `cards` are the cards added; `target` is the spread's index on the table (0-based, in
///    the order spreads were laid).
///  - kDiscard: `cards` holds exactly the discarded card.
///  - kSlap: `target` is the spread the top discard goes to.
///  - kDrop, kTakeStock, kTakeDiscard, kClaim, kEndTurn, kPass: no operands (the card taken from the stock is hidden, so the
///    action itself is public information).
struct Action {
  ActionKind kind = ActionKind::kDrop;
  std::uint8_t target = 0;
  /// kSpread, kHit with a wild card among `cards` (V13a): the shape of the spread after the action
  /// (see shape_book, shape_run); 0 otherwise.
  std::uint8_t shape = 0;
  CardSet cards;

  static constexpr Action drop() { return {ActionKind::kDrop, 0, 0, {}}; }
  static constexpr Action take_stock() { return {ActionKind::kTakeStock, 0, 0, {}}; }
  static constexpr Action take_discard() { return {ActionKind::kTakeDiscard, 0, 0, {}}; }
  static constexpr Action spread(CardSet cards, std::uint8_t shape = 0) {
    return {ActionKind::kSpread, 0, shape, cards};
  }
  static constexpr Action hit(int spread_index, CardSet cards, std::uint8_t shape = 0) {
    return {ActionKind::kHit, static_cast<std::uint8_t>(spread_index), shape, cards};
  }
  static constexpr Action discard(Card card) { return {ActionKind::kDiscard, 0, 0, CardSet(card)}; }
  static constexpr Action claim() { return {ActionKind::kClaim, 0, 0, {}}; }
  static constexpr Action end_turn() { return {ActionKind::kEndTurn, 0, 0, {}}; }
  static constexpr Action slap(int spread_index) {
    return {ActionKind::kSlap, static_cast<std::uint8_t>(spread_index), 0, {}};
  }
  static constexpr Action pass() { return {ActionKind::kPass, 0, 0, {}}; }

  /// The discarded card of a kDiscard.
  Card card() const { return cards.first(); }

  friend constexpr bool operator==(const Action&, const Action&) = default;
};

static_assert(std::is_trivially_copyable_v<Action> && sizeof(Action) == 16);

/// The action in the record and command notation: "drop", "stock", "take", "spread 4h5h6h",
/// "hit 2 7h8h" (spread index, then cards), "discard Kc", "claim", "end", "slap 2", "pass". A spread
/// or hit with a wild card names the shape last: "spread 4h5hX1 run:3h", "hit 0 X2 book:9" (V13a).
std::string to_string(const Action& action);

/// Parses the notation of to_string(Action). Returns nullopt with `error` set to the reason when
/// the text is not an action.
std::optional<Action> parse_action(std::string_view text, std::string* error = nullptr);

/// A list of actions that never allocates. kCapacity bounds the legal actions of any state the
/// engine can reach (a hand of at most kMaxHandSize + 1 cards and at most 18 spreads on the table;
/// wild cards (V13a) multiply the ways to spread, which is what the capacity is sized for).
class ActionList {
 public:
  static constexpr int kCapacity = 4096;

  ActionList() {}  // the storage stays uninitialized: only the first size() entries are ever read
  ActionList(const ActionList& other) : size_(other.size_) {
    std::memcpy(storage_, other.storage_, sizeof(Action) * static_cast<std::size_t>(size_));
  }
  ActionList& operator=(const ActionList& other) {
    size_ = other.size_;
    std::memmove(storage_, other.storage_, sizeof(Action) * static_cast<std::size_t>(size_));
    return *this;
  }

  void clear() { size_ = 0; }
  /// Appends an action. Throws std::length_error past kCapacity, which no reachable state needs
  /// (validation bounds the hand size where wild cards could multiply the actions).
  void push_back(const Action& a) {
    if (size_ == kCapacity) throw std::length_error("tonk::ActionList: more than kCapacity legal actions");
    std::memcpy(storage_ + sizeof(Action) * static_cast<std::size_t>(size_++), &a, sizeof(Action));
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Action& operator[](int i) const { return begin()[i]; }
  const Action* begin() const { return std::launder(reinterpret_cast<const Action*>(storage_)); }
  const Action* end() const { return begin() + size_; }
  bool contains(const Action& a) const;

 private:
  alignas(Action) unsigned char storage_[sizeof(Action) * kCapacity];
  int size_ = 0;
};

}  // namespace tonk
