// Internal: the rules an action can break, one value each (State::Breach, declared in state.h).
// legality.cc's predicates return them; State::describe turns them into a Refusal with the rule ID.
#pragma once

#include <cstdint>

#include "tonk/state.h"

namespace tonk {

enum class State::Breach : std::uint8_t {
  kNone,
  kBadOperands,        // S9: an action with operands its kind does not take
  kHandOver,           // the hand has ended (S7, S13-S16, I2)
  kDrawFirst,          // S9: spreads, discards and ends come after taking a card
  kHitBeforeDraw,      // S12: hits come after taking a card
  kAlreadyDrew,        // S9: one card is taken per turn
  kDropAfterDraw,      // S15: a drop is made before taking a card
  kClaimAfterDraw,     // V13d: a claim is made before one's first turn
  kNoSlapNow,          // V21: slap and pass belong to the slap window
  kSlapOrPass,         // V21: in the slap window only slap or pass
  kSlapDiscardOnly,    // V21: after a slap, one extra discard
  kNoClaimRule,        // V13d: the table has no claim
  kClaimNotFirstTurn,  // V13d
  kClaimAfterSpread,   // V13d
  kClaimWrongCount,    // V13d
  kDropWait,           // V6
  kDropFirstTurn,      // I3
  kPileEmpty,          // S10
  kEmptyStockTakes,    // I2
  kTakeMustSpread,     // V19d: take only to spread the card at once
  kNoCards,            // S11, S12: a spread or hit names its cards
  kNotHeld,            // S9: only cards in one's hand can be played
  kOneCard,            // S9: a discard is exactly one card
  kNotASpread,         // S11
  kShapeWithoutWild,   // V13a: only an action with wild cards names a shape
  kShapeMissing,       // V13a: the wild cards could stand for more than one shape
  kShapeMisfit,        // V13a: the named shape does not fit the cards
  kNoSuchSpread,       // S12
  kFullBook,           // I5
  kDoesNotExtend,      // S12
  kMustSpreadTaken,    // V19d
  kHitLimit,           // V19b
  kNoGoingOut,         // V6c: may not empty the hand
  kNoKeepingOne,       // V6c: may not keep one card to throw
  kDiscardAfterHit,    // V19c
  kTakenDiscard,       // I1
  kLastCardBlocked,    // V6c: the last card cannot be thrown to go out
  kHoldsSpread,        // V2
  kNoEndTurnRule,      // V19c: the table has no ending a turn without a discard
  kEndWithoutHit,      // V19c
  kSlapDoesNotFit,     // V21
};

}  // namespace tonk
