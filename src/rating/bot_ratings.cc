#include "tonk/bot_ratings.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace tonk {

namespace {

// Measured by scripts/bot_ratings.sh, the pairs without the expert on 6 December 2026 and those with
// it on 7 December (docs/BOTS.md "Ratings": 2 players, standard game, seed 1, 4,000 to 40,000 hands
// a pair, hard = mc:50; the pairs are bench/ratings/pairs.txt,
// and a test refits them to these figures) and bench/ratings/fit_bot_ratings.cc
// (fit_ratings over the five levels, 50 periods, tau 0.5, medium anchored at 1500; random rated
// against them held fixed).
constexpr std::array kBotRatings{
    BotRating{"random", 1316, 6},
    BotRating{"beginner", 1428, 6},
    BotRating{"easy", 1478, 6},
    BotRating{"medium", 1500, 5},
    BotRating{"hard", 1518, 6},
    BotRating{"expert", 1554, 11},
};

// The games entrant `e` plays in period `period` of `periods`: of each of its matches an equal share
// (games / periods, the remainder spread over the first periods) at the match's mean score, against
// the opponent as rated in `field`.
void period_games(std::span<const PairTally> tallies, int e, std::span<const Glicko2Rating> field, int period, int periods,
                  std::vector<GameResult>& games) {
  games.clear();
  for (const PairTally& t : tallies) {
    if (t.games == 0 || (t.a != e && t.b != e)) continue;
    const int opponent = t.a == e ? t.b : t.a;
    const double mean = t.score_a / static_cast<double>(t.games);
    const long long share = t.games / periods + (period < t.games % periods ? 1 : 0);
    const GameResult game{field[opponent].rating, field[opponent].deviation, t.a == e ? mean : 1 - mean};
    games.insert(games.end(), static_cast<std::size_t>(share), game);
  }
}

void check_tallies(int entrants, std::span<const PairTally> tallies, int periods) {
  if (periods < 1 || periods > 10000) throw std::invalid_argument("fit ratings: " + std::to_string(periods) + " periods, not 1..10000");
  for (const PairTally& t : tallies) {
    if (t.a < 0 || t.a >= entrants || t.b < 0 || t.b >= entrants || t.a == t.b)
      throw std::invalid_argument("fit ratings: the pair " + std::to_string(t.a) + ", " + std::to_string(t.b) + " is not two entrants");
    if (t.games < 0 || !(t.score_a >= 0 && t.score_a <= static_cast<double>(t.games)))
      throw std::invalid_argument("fit ratings: pair " + std::to_string(t.a) + ", " + std::to_string(t.b) + " scored " +
                                  std::to_string(t.score_a) + " of " + std::to_string(t.games));
  }
}

}  // namespace

std::span<const BotRating> bot_ratings() { return kBotRatings; }

const BotRating* find_bot_rating(std::string_view level) {
  for (const BotRating& r : kBotRatings)
    if (r.level == level) return &r;
  return nullptr;
}

std::vector<Glicko2Rating> fit_ratings(int entrants, std::span<const PairTally> tallies, int anchor, double anchor_rating,
                                       int periods, const Glicko2Settings& settings) {
  if (entrants < 1 || anchor < 0 || anchor >= entrants)
    throw std::invalid_argument("fit ratings: the anchor " + std::to_string(anchor) + " is not one of " + std::to_string(entrants) + " entrants");
  check_tallies(entrants, tallies, periods);
  std::vector<Glicko2Rating> ratings(static_cast<std::size_t>(entrants), kNewPlayer);
  std::vector<GameResult> games;
  for (int period = 0; period < periods; ++period) {
    std::vector<Glicko2Rating> next = ratings;
    for (int e = 0; e < entrants; ++e) {
      period_games(tallies, e, ratings, period, periods, games);
      next[e] = rate_period(ratings[e], games, settings);
    }
    // Only differences mean anything: keep the anchor where it started, so no rating leaves the range.
    const double shift = kNewPlayer.rating - next[anchor].rating;
    for (Glicko2Rating& r : next) r.rating = std::clamp(r.rating + shift, kMinRating, kMaxRating);
    ratings = next;
  }
  for (Glicko2Rating& r : ratings) r.rating = std::clamp(r.rating + anchor_rating - kNewPlayer.rating, kMinRating, kMaxRating);
  return ratings;
}

Glicko2Rating rate_against_field(std::span<const PairTally> tallies, int entrant, std::span<const Glicko2Rating> field,
                                 int periods, const Glicko2Settings& settings) {
  const int entrants = static_cast<int>(field.size());
  if (entrant < 0 || entrant >= entrants)
    throw std::invalid_argument("fit ratings: " + std::to_string(entrant) + " is not one of " + std::to_string(entrants) + " entrants");
  check_tallies(entrants, tallies, periods);
  Glicko2Rating rating = kNewPlayer;
  std::vector<GameResult> games;
  for (int period = 0; period < periods; ++period) {
    period_games(tallies, entrant, field, period, periods, games);
    rating = rate_period(rating, games, settings);
  }
  return rating;
}

}  // namespace tonk
