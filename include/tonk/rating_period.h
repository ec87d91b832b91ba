// When a player's rating period closes (docs/RATINGS.md "Rating periods"). Glicko-2 treats the games
// of a period as played at once; the paper advises 10 to 15 games a period. The rule is per player
// and per preset group:
//  - kHands (the default): a period closes at the player's `hands`-th rated hand of it (10);
//  - kDay (a setting): a period closes at midnight UTC, and each whole day after it without a rated
//    hand is an empty period (the deviation grows).
// The results of an open period are stored with the player as text (encode_results), so that a
// restart loses none.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/glicko2.h"

namespace tonk {

enum class PeriodRule : std::uint8_t {
  kHands = 0,  ///< a period is a number of the player's rated hands
  kDay = 1,    ///< a period is a UTC day
};

struct RatingPeriod {
  PeriodRule rule = PeriodRule::kHands;
  int hands = 10;  ///< kHands: the rated hands in a period, 1..1000
};

/// Most empty periods applied at once: past them the deviation has long reached kMaxDeviation.
inline constexpr int kMaxEmptyPeriods = 1000;

/// How many periods close now for a player whose open period began at `period_start_ms` (ms since
/// the Unix epoch) and holds `hands_in_period` rated hands: under kHands 1 when hands_in_period >=
/// hands, else 0; under kDay the number of UTC midnights from period_start_ms to now_ms (0 while the
/// day lasts). Throws std::invalid_argument for hands out of 1..1000 or negative counts or times.
int periods_closing(const RatingPeriod& period, int hands_in_period, std::int64_t period_start_ms, std::int64_t now_ms);

/// The rating after `closing` periods: the first with `games` (the open period's), the others empty.
/// `closing` 0 returns `player` unchanged. Throws std::invalid_argument as rate_period does, or for
/// a negative `closing`.
Glicko2Rating close_periods(const Glicko2Rating& player, std::span<const GameResult> games, int closing,
                            const Glicko2Settings& settings = {});

/// A player's rating in one preset group with its open period: what the server stores (the period's
/// games as encode_results text).
struct RatedStanding {
  Glicko2Rating rating;
  std::vector<GameResult> period;    ///< the open period's games, oldest first
  int period_hands = 0;              ///< rated hands in the open period
  std::int64_t period_start_ms = 0;  ///< when the open period began, ms since the Unix epoch; 0: none yet
};

/// Books one rated hand of the player, ended at `now_ms`, with its games (the player's pairwise
/// results, rated_pairs, against the opponents' ratings as they stood): under kDay the periods that
/// ended before it are closed first (the open period's games, then empty ones) and the hand opens a
/// new period; then the games join the open period, and under kHands the period closes when it holds
/// `hands` hands. Throws std::invalid_argument as periods_closing and rate_period do; the standing is
/// unchanged then.
void add_rated_hand(RatedStanding& standing, std::span<const GameResult> games, std::int64_t now_ms,
                    const RatingPeriod& period = {}, const Glicko2Settings& settings = {});

/// The standing as it stands at `now_ms` without a new hand (for a player's page or a leaderboard
/// under kDay: the periods that ended are closed, the deviation grown for the days away). Under
/// kHands, or within the day, unchanged. Throws as add_rated_hand.
void bring_up_to_date(RatedStanding& standing, std::int64_t now_ms, const RatingPeriod& period = {},
                      const Glicko2Settings& settings = {});

/// The results of an open period as text, to store: "rating deviation score" per game, games
/// separated by ";" (numbers in their shortest exact decimal form). "" for none.
std::string encode_results(std::span<const GameResult> games);
/// The games encode_results wrote. Throws std::invalid_argument naming the game that is not three
/// numbers or is out of range (as rate_period checks).
std::vector<GameResult> decode_results(std::string_view text);

}  // namespace tonk
