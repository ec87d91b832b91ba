#include "tonk/outcome.h"

namespace tonk {

std::string_view to_string(EndReason reason) {
  switch (reason) {
    case EndReason::kNone: return "";
    case EndReason::kDealtTonk: return "dealt tonk";
    case EndReason::kVoidDeal: return "void deal";
    case EndReason::kTonkOut: return "tonk out";
    case EndReason::kOutByDiscard: return "out by discard";
    case EndReason::kDrop: return "drop";
    case EndReason::kCaught: return "caught";
    case EndReason::kStockExhausted: return "stock exhausted";
    case EndReason::kTurnLimit: return "turn limit";
    case EndReason::kDeadHand: return "dead hand";
  }
  return "";
}

}  // namespace tonk
