#include "tonk/hand_review.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>

#include "tonk/rng.h"

namespace tonk {

namespace {

// A column from a search's values: the played action's value and the best.
ReviewColumn column(std::vector<ActionValue> values, const Action& played) {
  ReviewColumn c;
  c.values = std::move(values);
  c.best = c.values.front().value;
  const auto it = std::find_if(c.values.begin(), c.values.end(), [&](const ActionValue& v) { return v.action == played; });
  if (it == c.values.end()) throw std::logic_error("review: the move played, " + to_string(played) + ", was not searched");
  c.played = it->value;
  return c;
}

}  // namespace

int HandReview::mistakes() const {
  return static_cast<int>(std::count_if(decisions.begin(), decisions.end(), [](const DecisionReview& d) { return d.mistake; }));
}

double HandReview::total_cost() const {
  double sum = 0;
  for (const DecisionReview& d : decisions) sum += d.fair.cost();
  return sum;
}

std::uint64_t review_seed(std::uint64_t seed, std::size_t move) { return mix_seed(seed, 2 * static_cast<std::uint64_t>(move)); }

HandReview review_hand(const Hand& hand, int seat, const ReviewOptions& options) {
  const State& end = hand.state();
  if (seat < 0 || seat >= end.game().num_players())
    throw std::invalid_argument("review: seat " + std::to_string(seat) + " is not a seat of this hand (0 to " +
                                std::to_string(end.game().num_players() - 1) + ")");
  if (options.hindsight_rollouts < 1 || options.hindsight_rollouts > SearchBudget::kMaxWorlds)
    throw std::invalid_argument("review: hindsight rollouts must be from 1 to " + std::to_string(SearchBudget::kMaxWorlds));
  if (!(options.mistake_threshold >= 0)) throw std::invalid_argument("review: the mistake threshold must be 0 or more");
  if (options.time_limit_ms < 0) throw std::invalid_argument("review: the time limit must be 0 or more ms");
  ExpertBot{options.fair, 0};  // checks the fair options' ranges before any work

  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(options.time_limit_ms);
  HandReview review;
  review.seat = seat;
  review.scoring = end.game().rules().scoring;
  review.hand_over = hand.is_over();
  review.hindsight = options.hindsight && hand.is_over();

  // The hand is played again from its deal; at each of the seat's decisions the fair search sees
  // the seat's View of that moment, and the hindsight search the full State.
  Hand replayed(hand.shared_game(), hand.deck_order(), end.dealer());
  const std::vector<Move>& moves = hand.history();
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const Move& move = moves[k];
    if (move.player == seat && replayed.current_player() == seat) {
      const ActionList legal = replayed.legal_actions();
      if (legal.size() < 2) {
        ++review.forced;
      } else if (options.time_limit_ms > 0 && Clock::now() >= deadline) {
        ++review.unreviewed;
      } else {
        const View view = replayed.view(seat);
        DecisionReview d;
        d.move = k;
        d.turn = std::max(1, view.turns_of[seat]);
        d.played = move.action;
        d.choices = legal.size();
        ExpertBot fair(options.fair, review_seed(options.seed, k));
        d.fair = column(fair.evaluate(view, legal), move.action);
        d.mistake = d.fair.cost() > options.mistake_threshold;
        if (review.hindsight) {
          OracleBot oracle(SearchBudget::of_worlds(options.hindsight_rollouts), mix_seed(review_seed(options.seed, k), 1));
          d.hindsight = column(oracle.evaluate(replayed.state(), legal), move.action);
        }
        review.decisions.push_back(std::move(d));
      }
    }
    replayed.apply(move.action);
  }
  return review;
}

}  // namespace tonk
