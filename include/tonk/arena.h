// The arena: matches between bots on duplicate deals, with a confidence interval that means something.
//
// A match is a number of deals. Each deal is one deck order (and dealer), drawn from the seed and
// the deal's number only, and it is played once per rotation of the lineup: with n players, entrant
// e sits in seat (e + r) mod n in rotation r = 0..n-1. So every entrant plays every seat's cards of
// every deal, and the luck of the deal cancels out of the comparison. The deals are independent of
// each other (the rotations of one deal are not), so the confidence interval of an entrant's mean
// payout per hand is computed over deals: one sample per deal, the entrant's mean payout over that
// deal's n hands.
//
// Every hand builds its bots afresh, their seeds drawn from the seed, the deal's number, the rotation
// and the entrant; so results depend only on the options, never on the number of threads.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "tonk/card.h"
#include "tonk/game.h"
#include "tonk/outcome.h"
#include "tonk/rules.h"

namespace tonk {

/// Most threads an arena run may use.
inline constexpr int kMaxArenaThreads = 64;

/// A mean with the half-width of its 95% confidence interval (normal approximation:
/// 1.96 · s / √n, with s the sample standard deviation, n - 1 in its denominator).
struct MeanInterval {
  double mean = 0;
  double half_width = 0;  ///< 0 when n < 2 (no spread to estimate)
  long long n = 0;        ///< number of samples

  double low() const { return mean - half_width; }
  double high() const { return mean + half_width; }
};

/// The mean of `samples` and its 95% confidence interval. Empty: all zero.
MeanInterval mean_interval(std::span<const double> samples);

/// The time one entrant took per decision (one call to choose), in milliseconds of wall-clock time.
struct DecisionTimes {
  long long decisions = 0;
  double mean_ms = 0;
  double median_ms = 0;  ///< the lower median
  double p99_ms = 0;     ///< the 99th percentile (nearest rank)
};

/// The percentiles above of a list of times in ms (reordered in place). Empty: all zero.
DecisionTimes summarize_times(std::vector<float>& times_ms);

/// Decision times in a fixed number of bins (log-scaled, 64 per doubling, from 1 ns to about
/// 18 minutes), so the arena's memory does not grow with the number of decisions. Its median and
/// 99th percentile are those of summarize_times() to within 1.1% (half a bin); the mean is exact.
class TimeHistogram {
 public:
  TimeHistogram();
  /// One decision's time, in ms; times below 1 ns go to the first bin, above the range to the last.
  void add(double ms);
  /// Adds the other's decisions to these.
  void merge(const TimeHistogram& other);
  /// The decisions, mean, median (lower median) and 99th percentile (nearest rank), in ms.
  DecisionTimes summary() const;

  static constexpr double kMinMs = 1e-6;
  static constexpr int kBinsPerDoubling = 64;
  static constexpr int kBins = 40 * kBinsPerDoubling;

 private:
  static int bin_of(double ms);
  static double value_of(int bin);
  std::vector<long long> counts_;
  long long count_ = 0;
  double sum_ms_ = 0;
};

/// One deal of a match: the deck order (every card of the game's deck once, as State::deal takes it)
/// and the dealer. A function of the game, the seed and the deal's number only.
struct ArenaDeal {
  std::vector<Card> deck;
  int dealer = 0;
};

/// Deal number `deal` (0-based) of a match with this seed.
ArenaDeal arena_deal(const Game& game, std::uint64_t seed, long long deal);

/// The entrant sitting in `seat` in rotation `rotation` (both 0..players-1): (seat - rotation) mod players.
int arena_entrant(int seat, int rotation, int players);

/// The seed of entrant `entrant`'s bot in one hand (deal, rotation) of a match with this seed.
std::uint64_t arena_bot_seed(std::uint64_t seed, long long deal, int rotation, int entrant);

/// One hand as played, for observers (ArenaOptions::on_hand).
struct ArenaHand {
  long long deal = 0;
  int rotation = 0;
  std::vector<int> entrant_of_seat;  ///< entrant_of_seat[seat]
  const std::vector<Card>* deck = nullptr;  ///< the deck order dealt; valid during the call only
  int dealer = 0;
  Outcome outcome;
};

struct ArenaOptions {
  Rules rules;  ///< the rule set; rules.players must equal lineup.size()
  /// The entrants: a bot kind (make_bot: "greedy", "mc:200") or an omniscient kind
  /// (make_omniscient_player: "oracle:20") per entrant. Entrant e sits in seat e in rotation 0.
  std::vector<std::string> lineup;
  long long deals = 0;     ///< duplicate deals to play, >= 1; each is played `players` times
  std::uint64_t seed = 0;  ///< decides every deck order and every bot seed
  int threads = 1;         ///< worker threads, 1..kMaxArenaThreads; results do not depend on it
  /// Called on the calling thread with the number of deals finished, about ten times a second and
  /// once at the end. Optional.
  std::function<void(long long deals_done)> progress;
  /// Called after every hand, from a worker thread but never two calls at once; in an order that
  /// depends on the threads. Optional (tests use it).
  std::function<void(const ArenaHand&)> on_hand;
};

/// One entrant's results.
struct ArenaEntrant {
  std::string kind;     ///< as in the lineup
  /// Result per hand in the table's unit, higher better (signed_score: stakes, units, points, or
  /// minus the push-ups scored under V15), over deals (see the top of this file).
  MeanInterval payout;
  /// Per hand, the entrant's result minus the mean of all entrants' results in the same deal, over
  /// deals: above zero means better than the table's average. Under zero-sum scoring (every unit but
  /// push-ups) it equals `payout`; under push-ups it is the comparison that means something.
  MeanInterval edge;
  long long total = 0;  ///< net result over every hand, in the table's unit (signed_score)
  long long wins = 0;   ///< hands won (Outcome::winners)
  DecisionTimes times;  ///< not reproducible: wall-clock
};

struct ArenaResult {
  long long deals = 0;
  long long hands = 0;  ///< deals × players
  std::vector<ArenaEntrant> entrants;  ///< in lineup order
  std::array<long long, kNumEndReasons> reasons{};  ///< hands by how they ended
  double seconds = 0;  ///< wall-clock time of the run
  /// The unit of the results (score_unit): "stakes", "units" (V12c), "points" (V14a), or "push-ups"
  /// (V15, as minus the push-ups scored).
  std::string unit = "stakes";
  bool lower_is_better = false;  ///< always false: results are signed so that higher is better
};

/// Plays the match. Throws std::invalid_argument for bad options (an unknown kind, a lineup that does
/// not fit the table, deals < 1, threads out of range), RuleError for bad rules, and IllegalAction
/// when a bot returns an illegal action (a bug in the bot).
ArenaResult run_arena(const ArenaOptions& options);

}  // namespace tonk
