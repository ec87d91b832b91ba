// The bots' fixed, published ratings (docs/RATINGS.md "Bots", docs/BOTS.md "Ratings"): what a level
// would be rated if it played people, so a new player sees where they stand. Bots never play rated
// hands (rated_hand.h), so these never change; they are measured in the arena and fitted with the
// same Glicko-2 (fit_ratings).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "tonk/glicko2.h"

namespace tonk {

/// One bot's published rating.
struct BotRating {
  std::string_view level;  ///< the level a person chooses ("beginner" .. "expert"; bot_level.h), or "random"
  double rating = 0;       ///< rating points; medium (the greedy bot) is 1500 by definition
  double deviation = 0;    ///< rating points: how sure the fit is
};

/// The published ratings, weakest first (the run that made them: docs/BOTS.md "Ratings").
std::span<const BotRating> bot_ratings();

/// The published rating of `level`, or nullptr.
const BotRating* find_bot_rating(std::string_view level);

/// What a match between two entrants gave: `games` games, of which entrant `a` scored `score_a`
/// (wins plus half the draws); entrant b scored games - score_a.
struct PairTally {
  int a = 0;
  int b = 0;
  long long games = 0;
  double score_a = 0;
};

/// Glicko-2 ratings of a fixed field of `entrants` from their matches: every entrant starts new
/// (kNewPlayer) and plays `periods` rating periods, each holding an equal share of every match at
/// its mean score, all entrants rated at once from the previous period's ratings; the ratings are
/// then shifted so that entrant `anchor` has `anchor_rating`. Throws std::invalid_argument for an
/// entrant out of range, a pair of one entrant, negative games, a score outside 0..games, or
/// periods outside 1..10000.
std::vector<Glicko2Rating> fit_ratings(int entrants, std::span<const PairTally> tallies, int anchor, double anchor_rating,
                                       int periods = 50, const Glicko2Settings& settings = {});

/// The rating of entrant `entrant` alone, from its matches against a field held fixed at `field`
/// (one rating per entrant; entrant's own is not read): it starts new and plays `periods` periods as
/// in fit_ratings. For an entrant whose games should not move the others. Throws as fit_ratings.
Glicko2Rating rate_against_field(std::span<const PairTally> tallies, int entrant, std::span<const Glicko2Rating> field,
                                 int periods = 50, const Glicko2Settings& settings = {});

}  // namespace tonk
