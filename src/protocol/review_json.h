// A hand's review (tonk/hand_review.h) as JSON, for `tonk review --json` and the page's Review
// (apps/wasm, web/src/review.ts); the fields are documented in docs/REVIEW.md.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "tonk/hand_review.h"

namespace tonk::serve {

/// The review of hand `number`, seat `name`, under `options` (its threshold and searches named):
/// {"hand", "seat", "name", "unit", "threshold", "fair_search", "hindsight_search", "hand_over",
///  "hindsight", "forced", "unreviewed", "mistakes", "total_cost", "decisions": [...]}. Values are in
/// the table's unit per hand (score_unit), actions in the notation of docs/RECORDS.md, each with its
/// structured form (`played_move`, `best_move`: protocol_json.h action_json under `game`, the hand's).
nlohmann::json review_json(const HandReview& review, const Game& game, int number, const std::string& name,
                           const ReviewOptions& options);

}  // namespace tonk::serve
