// How a hand ended and what each player is paid.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "tonk/rules.h"

namespace tonk {

/// Why a hand ended. kNone while it is still being played.
enum class EndReason : std::uint8_t {
  kNone = 0,
  kDealtTonk,       ///< S7: a qualifying dealt hand.
  kVoidDeal,        ///< S7: two or more dealt tonks; no payments.
  kTonkOut,         ///< S13: hand emptied by spreads and hits, no final discard.
  kOutByDiscard,    ///< S14: the final discard emptied the hand.
  kDrop,            ///< S15a: the dropper had strictly the lowest count.
  kCaught,          ///< S15b: the dropper was caught.
  kStockExhausted,  ///< S16 / I2: play ended on an empty stock; the lowest count won.
  kTurnLimit,       ///< I2: the hand reached max_turns; paid as S16 whatever stock_end (stock empty: as stock_end).
  kDeadHand,        ///< V5, V12e, V13b: the hand is dead; no payments.
};

/// Number of EndReason values, for tables indexed by reason.
inline constexpr int kNumEndReasons = 10;

/// A short lowercase name: "dealt tonk", "void deal", "tonk out", "out by discard", "drop",
/// "caught", "stock exhausted", "turn limit", "dead hand" ("" for kNone).
std::string_view to_string(EndReason reason);

/// The result of a finished hand.
struct Outcome {
  EndReason reason = EndReason::kNone;
  /// The player whose action ended the hand (the dealt-tonk holder, the player who went out, the
  /// dropper, the player who ended play on the empty stock); -1 for a void deal.
  std::int8_t player = -1;
  /// Bit p set when player p won the hand: the dealt-tonk holder, the player who went out, a
  /// successful dropper, the catcher(s) with the lowest count (S15b), the lowest count(s) (S16).
  std::uint8_t winners = 0;
  /// Net payment to each player, in stakes (S4); sums to zero over the table.
  std::array<int, kMaxPlayers> payouts{};
  /// Each player's count at the end, in points (I8: spreads held in hand count); 0 for unused seats.
  std::array<int, kMaxPlayers> counts{};
  /// V15 push-ups: the points each player scores (lower is better); all 0 under other scoring.
  std::array<int, kMaxPlayers> points{};
  /// V23b: the first player to lay a book in this hand, or -1.
  std::int8_t first_book = -1;

  bool is_winner(int player) const { return (winners >> player) & 1; }
};

}  // namespace tonk
