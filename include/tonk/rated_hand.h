// Which finished hands count for ratings, and what they say: a hand of two to four people is rated
// as the pairwise results of every two of them by the hand's result (docs/RATINGS.md "Rated hands").
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/outcome.h"
#include "tonk/rules.h"

namespace tonk {

/// Who sits in a seat, as the server knows it: a person's player id (the hash of their player key),
/// or nullopt for a bot.
using SeatPlayer = std::optional<std::string>;

/// Fewest and most people at a rated hand.
inline constexpr int kMinRatedPlayers = 2;
inline constexpr int kMaxRatedPlayers = 4;

/// "" when a hand with these seats (seat 0 first, one entry per seat of the table) may be rated;
/// otherwise why not, in words: a seat is a bot, a seat's id is empty, one person holds two seats,
/// or there are fewer than 2 or more than 4 seats. The table itself being rated (quick play's
/// standard presets) is the server's to decide; this checks the people.
std::string rated_hand_problem(std::span<const SeatPlayer> seats);

/// One pairwise result of a hand, from `seat`'s side.
struct PairwiseResult {
  int seat = 0;        ///< the rated seat
  int opponent = 0;    ///< the other seat
  double score = 0.5;  ///< 1: seat's result was higher; 0.5: equal; 0: lower
};

/// Every ordered pair of different seats among the first `players` (2..kMaxPlayers) of a finished
/// hand, scored by each seat's result in the table's unit (signed_score: the payout in stakes, S4,
/// or minus the push-ups scored, V15): the higher result wins 1, equal results 0.5 each. So each seat
/// gets players - 1 results, and a pair's two scores sum to 1. Side bets (V23) and the Big One's
/// double stakes (V22) change no order and are not looked at. Throws std::invalid_argument when
/// `players` is out of range or the hand is not over (reason kNone).
std::vector<PairwiseResult> pairwise_results(const Outcome& outcome, Scoring scoring, int players);

/// The pairwise results of a hand when it may be rated (rated_hand_problem is ""), else none:
/// `seats` gives the table's size and its people. A void deal (S7: nobody played) gives none.
std::vector<PairwiseResult> rated_pairs(const Outcome& outcome, Scoring scoring, std::span<const SeatPlayer> seats);

}  // namespace tonk
