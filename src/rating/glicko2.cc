// Glicko-2, step by step as in Glickman's "Example of the Glicko-2 system" (the step numbers below
// are the paper's).
#include "tonk/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace tonk {

namespace {

// Step 2: the Glicko-2 scale is the Glicko-1 scale divided by 400 / ln 10.
constexpr double kScale = 173.7178;
constexpr double kCentre = 1500;

// Expected scores are kept this far from 0 and 1, so that the variance of step 3 stays finite for
// the widest rating gap accepted (5000 points: e^-28.8, far below this bound only past it).
constexpr double kMinExpected = 1e-12;

std::string describe(const char* what, double value, int game) {
  std::string text = std::string(what) + " " + std::to_string(value);
  if (game >= 0) text += " (game " + std::to_string(game + 1) + ")";
  return text;
}

void check(bool ok, const char* what, double value, const char* range, int game = -1) {
  if (!ok || !std::isfinite(value))
    throw std::invalid_argument("glicko-2: " + describe(what, value, game) + " is not " + range);
}

void check_rating(double rating, double deviation, const char* whose, int game = -1) {
  const std::string r = std::string(whose) + " rating", d = std::string(whose) + " deviation";
  check(rating >= kMinRating && rating <= kMaxRating, r.c_str(), rating, "within 0..5000", game);
  check(deviation > 0 && deviation <= kMaxDeviation, d.c_str(), deviation, "within (0, 350]", game);
}

// g(phi): how much a game against an opponent known to within phi counts.
double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) {
  const double e = 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j)));
  return std::clamp(e, kMinExpected, 1 - kMinExpected);
}

// Step 5: the new volatility, the root of f by the Illinois algorithm.
double new_volatility(double phi, double sigma, double v, double delta, const Glicko2Settings& s) {
  const double a = std::log(sigma * sigma);
  const double tau2 = s.tau * s.tau;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / tau2;
  };
  double lo = a, hi;
  if (delta * delta > phi * phi + v) {
    hi = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * s.tau) < 0 && k < s.max_iterations) ++k;
    hi = a - k * s.tau;
  }
  double f_lo = f(lo), f_hi = f(hi);
  for (int i = 0; i < s.max_iterations && std::abs(hi - lo) > s.tolerance; ++i) {
    const double c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
    if (!std::isfinite(c)) break;  // f flat across the bracket: its ends are as good as it gets
    const double f_c = f(c);
    if (f_c * f_hi <= 0) {
      lo = hi;
      f_lo = f_hi;
    } else {
      f_lo /= 2;  // the Illinois step: keep the old end but halve its weight
    }
    hi = c;
    f_hi = f_c;
  }
  const double found = std::exp(lo / 2);
  return std::isfinite(found) && found > 0 ? found : sigma;
}

}  // namespace

double expected_score(double player, double opponent_rating, double opponent_deviation) {
  check_rating(player, kMaxDeviation, "the player's");
  check_rating(opponent_rating, opponent_deviation, "the opponent's");
  return expected((player - kCentre) / kScale, (opponent_rating - kCentre) / kScale, opponent_deviation / kScale);
}

Glicko2Rating rate_period(const Glicko2Rating& player, std::span<const GameResult> games, const Glicko2Settings& settings) {
  check(settings.tau > 0, "tau", settings.tau, "positive");
  check(settings.tolerance > 0, "the tolerance", settings.tolerance, "positive");
  check(settings.max_iterations > 0, "the iteration bound", settings.max_iterations, "positive");
  check_rating(player.rating, player.deviation, "the player's");
  check(player.volatility > 0 && player.volatility <= kMaxVolatility, "the player's volatility", player.volatility,
        "within (0, 1]");
  for (std::size_t j = 0; j < games.size(); ++j) {
    const int game = static_cast<int>(j);
    check_rating(games[j].opponent_rating, games[j].opponent_deviation, "the opponent's", game);
    check(games[j].score >= 0 && games[j].score <= 1, "the score", games[j].score, "within 0..1", game);
  }

  // Step 2.
  const double mu = (player.rating - kCentre) / kScale;
  const double phi = player.deviation / kScale;
  const double max_phi = kMaxDeviation / kScale;
  if (games.empty()) {
    // Step 6 alone: a period without games.
    const double grown = std::sqrt(phi * phi + player.volatility * player.volatility);
    return {player.rating, std::min(grown, max_phi) * kScale, player.volatility};
  }

  // Steps 3 and 4: the estimated variance of the rating from the games alone, and the improvement.
  double information = 0, surprise = 0;
  for (const GameResult& game : games) {
    const double mu_j = (game.opponent_rating - kCentre) / kScale;
    const double phi_j = game.opponent_deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    information += g(phi_j) * g(phi_j) * e * (1 - e);
    surprise += g(phi_j) * (game.score - e);
  }
  const double v = 1 / information;
  const double delta = v * surprise;

  // Steps 5 to 7.
  const double sigma = new_volatility(phi, player.volatility, v, delta, settings);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double new_phi = std::min(1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v), max_phi);
  const double new_mu = mu + new_phi * new_phi * surprise;

  // Step 8: back to the Glicko-1 scale, inside the accepted range.
  const double rating = std::clamp(new_mu * kScale + kCentre, kMinRating, kMaxRating);
  return {rating, new_phi * kScale, std::min(sigma, kMaxVolatility)};
}

}  // namespace tonk
