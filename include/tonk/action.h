// Actions: the atomic steps of a turn (S9), and a fixed-capacity list of them.
#pragma once

#include <array>
#include <cassert>
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
  CardSet cards;

  static constexpr Action drop() { return {ActionKind::kDrop, 0, {}}; }
  static constexpr Action take_stock() { return {ActionKind::kTakeStock, 0, {}}; }
  static constexpr Action take_discard() { return {ActionKind::kTakeDiscard, 0, {}}; }
  static constexpr Action spread(CardSet cards) { return {ActionKind::kSpread, 0, cards}; }
  static constexpr Action hit(int spread_index, CardSet cards) {
    return {ActionKind::kHit, static_cast<std::uint8_t>(spread_index), cards};
  }
  static constexpr Action discard(Card card) { return {ActionKind::kDiscard, 0, CardSet(card)}; }
  static constexpr Action claim() { return {ActionKind::kClaim, 0, {}}; }
  static constexpr Action end_turn() { return {ActionKind::kEndTurn, 0, {}}; }
  static constexpr Action slap(int spread_index) {
    return {ActionKind::kSlap, static_cast<std::uint8_t>(spread_index), {}};
  }
  static constexpr Action pass() { return {ActionKind::kPass, 0, {}}; }

  /// The discarded card of a kDiscard.
  Card card() const { return cards.first(); }

  friend constexpr bool operator==(const Action&, const Action&) = default;
};

/// The action in the record and command notation: "drop", "stock", "take", "spread 4h5h6h",
/// "hit 2 7h8h" (spread index, then cards), "discard Kc", "claim", "end", "slap 2", "pass".
std::string to_string(const Action& action);

/// Parses the notation of to_string(Action). Returns nullopt with `error` set to the reason when
/// the text is not an action.
std::optional<Action> parse_action(std::string_view text, std::string* error = nullptr);

/// A list of actions that never allocates. kCapacity bounds the legal actions of any state the
/// engine can reach (a hand of at most kMaxHandSize + 1 cards and at most 18 spreads on the table).
class ActionList {
 public:
  static constexpr int kCapacity = 320;

  void clear() { size_ = 0; }
  void push_back(const Action& a) {
    assert(size_ < kCapacity);
    items_[size_++] = a;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Action& operator[](int i) const { return items_[i]; }
  const Action* begin() const { return items_.data(); }
  const Action* end() const { return items_.data() + size_; }
  bool contains(const Action& a) const;

 private:
  std::array<Action, kCapacity> items_;
  int size_ = 0;
};

}  // namespace tonk
