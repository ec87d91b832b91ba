// A review of one seat's play in a hand (docs/REVIEW.md): for each of the seat's decisions, what the
// fair search thought of the move played and of its best move, from that seat's View alone, and
// what the cost was; after the hand, the same by hindsight (the oracle, seeing every card).
//
// The fair column is the expert bot's own evaluation (ExpertBot::evaluate) of the seat's View at
// the decision (make_view: the same boundary of hidden information the bots play behind), so it
// can use no card the seat could not see (a test permutes those cards and finds the same values).
// The hindsight column is OracleBot::evaluate of the true State: labelled hindsight, never fair.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tonk/expert_bot.h"
#include "tonk/hand.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/oracle_bot.h"

namespace tonk {

/// How a review searches, and what counts as a mistake.
struct ReviewOptions {
  /// The fair search: the expert bot's options (worlds per decision etc.; expert_bot.h).
  ExpertOptions fair;
  /// The hindsight search: oracle rollouts per legal action (OracleBot); worlds only, reproducible.
  int hindsight_rollouts = OracleBot::kDefaultWorlds;
  /// Whether to add the hindsight column when the hand is over (it never is before).
  bool hindsight = true;
  /// A decision whose fair cost exceeds this, in the table's unit per hand (signed_score), is a
  /// mistake. >= 0.
  double mistake_threshold = 0.25;
  /// The searches' seed: decision k's fair search is seeded review_seed(seed, k).
  std::uint64_t seed = 1;
  /// Wall-clock bound on the whole review, in ms (0: none). When it has passed, the decisions left
  /// are counted in HandReview::unreviewed and not searched; a decision already begun finishes.
  int time_limit_ms = 0;
};

/// One column of a decision: the search's values, in the table's unit per hand, higher better.
struct ReviewColumn {
  std::vector<ActionValue> values;  ///< every legal action, best first (ties in legal order)
  double played = 0;                ///< the value of the action played
  double best = 0;                  ///< the value of the best action, values.front()
  /// What the move played cost against the best: best - played, >= 0.
  double cost() const { return best - played; }
  const Action& best_action() const { return values.front().action; }
};

/// One decision of the reviewed seat that had a choice (two or more legal actions).
struct DecisionReview {
  std::size_t move = 0;  ///< index of the move in the hand's history, from 0
  int turn = 0;          ///< the seat's own turn the decision was in, from 1
  Action played;         ///< the move the seat made
  int choices = 0;       ///< legal actions at the decision, >= 2
  ReviewColumn fair;     ///< the expert's search from the seat's View
  bool mistake = false;  ///< fair.cost() > ReviewOptions::mistake_threshold
  /// The oracle's search of the true State (every card known): hindsight, empty when the review
  /// has none (HandReview::hindsight false).
  ReviewColumn hindsight;
};

/// The review of one seat's play in one hand.
struct HandReview {
  int seat = 0;
  Scoring scoring = Scoring::kStakes;  ///< the table's unit (score_unit names it)
  bool hand_over = false;              ///< the hand had ended (records of unfinished hands can be reviewed)
  bool hindsight = false;              ///< every reviewed decision has its hindsight column
  std::vector<DecisionReview> decisions;  ///< the decisions reviewed, in play order
  int forced = 0;       ///< the seat's decisions with a single legal action (nothing to review)
  int unreviewed = 0;   ///< decisions with a choice left out by ReviewOptions::time_limit_ms
  int mistakes() const;
  /// The sum of the fair costs, in the table's unit per hand.
  double total_cost() const;
};

/// The seed of the fair search at the decision that is move `move` of the hand (the hindsight
/// search's seed is mix_seed of it): a test reproduces one decision's search from it.
std::uint64_t review_seed(std::uint64_t seed, std::size_t move);

/// Reviews seat `seat`'s decisions in `hand` (replayed from its deck, dealer and history: the
/// hand need not be over). Throws std::invalid_argument when `seat` is not a seat of the hand or an
/// option is out of range (ExpertBot's ranges, hindsight_rollouts 1..SearchBudget::kMaxWorlds, a
/// negative threshold or time).
HandReview review_hand(const Hand& hand, int seat, const ReviewOptions& options);

}  // namespace tonk
