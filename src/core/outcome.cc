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

int signed_score(const Outcome& outcome, Scoring scoring, int player) {
  const auto p = static_cast<std::size_t>(player);
  return scoring == Scoring::kPushups ? -outcome.points[p] : outcome.payouts[p];  // V15: fewer is better
}

std::string_view score_unit(Scoring scoring) {
  switch (scoring) {
    case Scoring::kStakes: return "stakes";
    case Scoring::kUnits: return "units";
    case Scoring::kPoints: return "points";
    case Scoring::kPushups: return "push-ups";
  }
  return "stakes";
}

}  // namespace tonk
