#include "tonk/rated_hand.h"

#include <stdexcept>

namespace tonk {

std::string rated_hand_problem(std::span<const SeatPlayer> seats) {
  const auto n = static_cast<int>(seats.size());
  if (n < kMinRatedPlayers || n > kMaxRatedPlayers)
    return std::to_string(n) + " seats: a rated hand has 2 to 4 people";
  for (int s = 0; s < n; ++s) {
    if (!seats[s]) return "seat " + std::to_string(s) + " is a bot: hands with bots are not rated";
    if (seats[s]->empty()) return "seat " + std::to_string(s) + " has no player id";
    for (int t = 0; t < s; ++t)
      if (*seats[t] == *seats[s])
        return "seats " + std::to_string(t) + " and " + std::to_string(s) + " are the same person";
  }
  return "";
}

std::vector<PairwiseResult> pairwise_results(const Outcome& outcome, Scoring scoring, int players) {
  if (players < 2 || players > kMaxPlayers)
    throw std::invalid_argument("pairwise results: " + std::to_string(players) + " players, not 2.." +
                                std::to_string(kMaxPlayers));
  if (outcome.reason == EndReason::kNone) throw std::invalid_argument("pairwise results: the hand is not over");
  std::vector<PairwiseResult> out;
  out.reserve(static_cast<std::size_t>(players * (players - 1)));
  for (int s = 0; s < players; ++s) {
    const int mine = signed_score(outcome, scoring, s);
    for (int o = 0; o < players; ++o) {
      if (o == s) continue;
      const int theirs = signed_score(outcome, scoring, o);
      out.push_back({s, o, mine > theirs ? 1.0 : mine == theirs ? 0.5 : 0.0});
    }
  }
  return out;
}

std::vector<PairwiseResult> rated_pairs(const Outcome& outcome, Scoring scoring, std::span<const SeatPlayer> seats) {
  if (!rated_hand_problem(seats).empty() || outcome.reason == EndReason::kVoidDeal) return {};
  return pairwise_results(outcome, scoring, static_cast<int>(seats.size()));
}

}  // namespace tonk
