// Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system", Boston University, 2013):
// a player's strength as a rating, how sure we are of it (the deviation) and how erratic the player
// is (the volatility), updated once per rating period from the games of the period (docs/RATINGS.md).
// The standard library only: no JSON, no third-party header.
#pragma once

#include <span>

namespace tonk {

/// A player's Glicko-2 rating on the usual (Glicko-1) scale.
struct Glicko2Rating {
  double rating = 1500;     ///< the strength, in rating points; kMinRating..kMaxRating
  double deviation = 350;   ///< one standard deviation of the rating, in rating points; (0, kMaxDeviation]
  double volatility = 0.06; ///< expected fluctuation of the rating (Glicko-2 scale); (0, kMaxVolatility]
};

/// The rating of a player nobody has seen play: 1500, deviation 350, volatility 0.06 (the paper's
/// suggested start).
inline constexpr Glicko2Rating kNewPlayer{};

/// Accepted ranges. Ratings outside 0..5000 are refused (std::invalid_argument): no real field
/// spans more, and within it the expected scores stay representable in a double.
inline constexpr double kMinRating = 0;
inline constexpr double kMaxRating = 5000;
/// A deviation never grows past an unrated player's 350: a long absence makes a player as unknown as
/// a new one, never more (Glicko's own cap).
inline constexpr double kMaxDeviation = 350;
inline constexpr double kMaxVolatility = 1;

/// One game of a rating period, from the rated player's side.
struct GameResult {
  double opponent_rating = 1500;   ///< the opponent's rating at the start of the period
  double opponent_deviation = 350; ///< the opponent's deviation at the start of the period, (0, kMaxDeviation]
  double score = 0.5;              ///< 1 a win, 0.5 a draw, 0 a loss; a mean over several games is accepted (0..1)
};

/// The system's settings.
struct Glicko2Settings {
  /// The system constant tau: how much the volatility may change in one period. The paper suggests
  /// 0.3 to 1.2 and small values (down to 0.2) when improbable results are common; Tonk hands are
  /// noisy (a dealt tonk wins whatever the skill), so a value in the lower half: 0.5.
  double tau = 0.5;
  /// The volatility's iteration (the Illinois variant of regula falsi, the paper's step 5) stops when
  /// its bracket is narrower than this (the paper's epsilon, 0.000001) ...
  double tolerance = 1e-6;
  /// ... or after this many steps, whichever comes first (then the bracket's best end is taken).
  int max_iterations = 100;
};

/// The rating after one rating period in which the player played `games` (all treated as played at
/// once, against the opponents' ratings at the start of the period). With no games the rating and
/// volatility stay and the deviation grows to sqrt(deviation² + volatility²) (on the Glicko-2 scale;
/// at most kMaxDeviation). Throws std::invalid_argument, naming the value and the game, when a
/// number is not finite or out of its range, or `settings` are not positive.
Glicko2Rating rate_period(const Glicko2Rating& player, std::span<const GameResult> games,
                          const Glicko2Settings& settings = {});

/// The expected score (0..1) of a player rated `player` against an opponent (rating, deviation):
/// the paper's E(mu, mu_j, phi_j). For showing a player where they stand against a bot.
double expected_score(double player, double opponent_rating, double opponent_deviation);

}  // namespace tonk
