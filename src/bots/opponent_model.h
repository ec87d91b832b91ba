// What the other players' public moves say about their hidden cards: a weight for each determinized
// world, so that the search imagines hands that fit how people (and bots) actually play.
//
// The evidence is each opponent's last discard. When the discard was their last move, their hand
// then was exactly their hand now plus that card. A player discards a card they value little: a
// high card without partners toward a spread, and not one that fits a spread on the table (a gift
// to the next player). The discard is modelled as drawn from a softmax over the cards held at that
// moment, so a world where an opponent who just threw a 9 holds an unpaired king is unlikely.
//
// The Monte Carlo bot reads only that. The expert bot (expert_bot.h) may read more of each
// opponent's public moves, each a soft (softmax- or sigmoid-of-greedy) likelihood:
//  - a pass: they drew from the stock, leaving a discard that would have made a book or a run of
//    three with the cards they hold now (greedy takes such a card): unlikely;
//  - a take: they took a discard they still hold, worth more than 3, with no partner toward a spread
//    among their cards (greedy takes a high card only to build a spread): unlikely;
//  - a non-drop: they began their last turn without dropping (S15) though their count then (now,
//    plus the card discarded since, less the card drawn) was at or below the count at which greedy
//    drops (a logistic in the points above that threshold).
//  - or, in place of the pass and the take, the last choice between the discard and the stock
//    replayed with greedy's rule on the hand they held then (`replay_draws`);
//  - a hand with something left to lay: an opponent whose turn ended with a discard holds no spread
//    and no hit they could have made in that turn (greedy lays every spread and hit it holds;
//    `unlaid_spreads`);
//  - every earlier discard, each on the hand they held then, with a trembling hand
//    (`earlier_discards`, `earlier_tremble`), and each opponent as one of two types trembling at
//    different rates (`earlier_loose_tremble`).
// Each is switchable (OpponentEvidence), so their worth is measured (docs/BOTS.md). Internal to the library.
#pragma once

#include <array>
#include <vector>

#include "greedy_bot.h"

#include "tonk/card_set.h"
#include "tonk/state.h"
#include "tonk/view.h"

namespace tonk {

/// Which public moves count as evidence. The default is the Monte Carlo bot's: the last discard.
struct OpponentEvidence {
  bool last_discard = true;
  bool passes = false;
  bool takes = false;
  bool non_drops = false;
  /// The non-drop compared with greedy's threshold as it stood at that turn (GreedyBot::drop_threshold:
  /// 5, 4 or 3 points per card of the shortest other hand as the hand goes on, +3 under push-ups),
  /// instead of its middle setting of 4 points per card.
  bool turn_aware_drop = false;
  /// Each opponent's last choice between the discard and the stock replayed with greedy's rule on
  /// the hand they held then (their hand now, plus what they laid and discarded since, less the card
  /// drawn: for a draw from the stock, each card they may have drawn in turn): greedy takes a card
  /// that makes a spread, or one lower by more than 2 points than its highest card in no spread
  /// (by more than 0 for a card worth 3 or less). Replaces `passes` and `takes`.
  bool replay_draws = false;
  /// Every earlier discard of each opponent read too, each on the hand they held then: their hand
  /// now, plus what they laid and discarded since, less the discards they took since, and less as
  /// many cards as they drew from the stock since. Which cards those draws were is hidden, so the
  /// likelihood is the most favourable: the cards of highest appeal are taken for the later draws
  /// (a profile likelihood over the draws). A low discard then says the cards held since are low.
  bool earlier_discards = false;
  /// The weight, in [0, 1), of a uniform choice in each earlier discard's likelihood (a trembling
  /// hand: (1 - tremble) × greedy's softmax + tremble / the cards held then), so that one discard
  /// unlike greedy's costs a world a bounded amount rather than everything.
  double earlier_tremble = 0.0;
  /// With earlier_discards, in [0, 1) and not earlier_tremble: each opponent read as one of two
  /// types, half and half before their discards are read, trembling at earlier_tremble or at this
  /// rate; the type their earlier discards fit better dominates, so an opponent who throws what
  /// greedy would is read sharply and one who does not, loosely. 0: one type.
  double earlier_loose_tremble = 0.0;
  /// With last_discard: each opponent whose last move was the discard that ended their turn holds
  /// now the hand they ended it with, and greedy lays every spread and hit it holds before
  /// discarding, so a world where that hand holds a spread (Game::lowest_count below its count), or
  /// a card that hits a spread on the table when no spread was laid or hit since, costs
  /// OpponentModel::kUnlaidSpreadPenalty (once).
  bool unlaid_spreads = false;
  /// The discard model's softness, in keep-score units (OpponentModel::kDiscardTemperature by
  /// default); lower is a sharper belief that the opponent throws what greedy would.
  double discard_temperature = 2.0;
  /// How far the evidence is trusted: every log-likelihood is multiplied by this, in [0, 1] (a
  /// tempered posterior). 1 reads each opponent as greedy; lower is a softer belief for opponents
  /// who play otherwise; 0 is uniform deals.
  double trust = 1.0;
  /// The weight, in [0, 1), of random play against greedy's in each opponent's likelihood: the
  /// mixture (1 - random_play) × greedy's + random_play × a uniform discard's of the cards held then, for
  /// each discard read (the last, and with earlier_discards every earlier one; likelihood 1, no
  /// penalty, for the other moves, so it is a floor rather than a calibrated
  /// prior probability). A world that greedy could never
  /// have played then keeps a floor of likelihood instead of vanishing, so an opponent unlike
  /// greedy does not drive the belief to hands they do not hold; one who plays like greedy is read
  /// almost as sharply as at 0.
  double random_play = 0.0;
};

class OpponentModel {
 public:
  /// Log-likelihood of a pass that leaves a card making a book or run of three with the hand.
  static constexpr double kPassPenalty = -2.5;
  /// Log-likelihood of a choice between the discard and the stock that greedy's rule would not make.
  static constexpr double kUnlikeGreedyDraw = -2.5;
  /// Log-likelihood of holding a taken card worth more than 3 points with no partner for it.
  static constexpr double kLonelyTakePenalty = -2.0;
  /// Log-likelihood of ending a turn with a spread or a hit in hand that could have been laid.
  static constexpr double kUnlaidSpreadPenalty = -3.0;
  /// Softness of the non-drop model, in points of count.
  static constexpr double kDropTemperature = 2.0;

  /// Softness of the discard model, in keep-score units (4 units = one card point).
  static constexpr double kDiscardTemperature = OpponentEvidence{}.discard_temperature;

  /// Reads the evidence of `view`'s public history (once per decision). Throws std::invalid_argument
  /// when evidence.trust is outside [0, 1] or evidence.random_play outside [0, 1).
  explicit OpponentModel(const View& view, OpponentEvidence evidence = {});

  /// True when some evidence applies (otherwise every world has weight 1).
  bool informative() const { return informative_; }
  /// The log-likelihood of the evidence in `world` (a full State consistent with the view), up to a
  /// constant: higher is more plausible.
  double log_weight(const State& world) const;

 private:
  const Game* game_;
  int num_players_;
  int view_player_;
  double discard_temperature_;
  double trust_;
  double random_play_;
  double earlier_tremble_;
  double earlier_loose_tremble_;
  bool informative_ = false;
  bool unlaid_spreads_ = false;
  std::array<bool, kMaxPlayers> table_as_then_{};  ///< no spread laid or hit since each opponent's last discard
  double discard_log_weight(const State& world, int p) const;
  /// True when `hand` holds a spread, or (`table_as_then`) a card that hits a spread on the table.
  bool holds_a_play(CardSet hand, bool table_as_then) const;
  /// How much discarding `c` from `held` appeals, in units of the temperature; `read_table`: less
  /// for a card that fits a spread on the table now.
  double discard_appeal(CardSet held, Card c, bool read_table) const;
  double other_log_weight(const State& world, int p) const;

  std::array<Card, kMaxPlayers> last_discard_{};  ///< per opponent; none() when there is no evidence
  std::array<Card, kMaxPlayers> last_pass_{};     ///< the discard each opponent last left for the stock
  std::array<Card, kMaxPlayers> last_take_{};     ///< the discard each opponent last took and still holds
  std::array<bool, kMaxPlayers> did_not_drop_{};  ///< began their last turn without dropping
  std::array<Card, kMaxPlayers> discarded_since_{};  ///< the card they discarded in that turn, if any
  std::array<Card, kMaxPlayers> drawn_{};            ///< the discard they took in that turn, if they did
  std::array<int, kMaxPlayers> turn_then_{};         ///< View::turn at that start of turn; 0: use 4 points per card
  std::array<CardSet, kMaxPlayers> known_{};         ///< cards each player publicly holds
  // replay_draws: the top discard each opponent was offered at their last start of a turn (none()
  // when unknown), whether they took it, and the cards they laid and discarded in that turn.
  std::array<Card, kMaxPlayers> offered_{};
  std::array<bool, kMaxPlayers> took_offered_{};
  std::array<CardSet, kMaxPlayers> played_since_{};
  double replay_log_weight(const State& world, int p) const;
  // earlier_discards: each opponent's discards before the one in last_discard_, with what they
  // laid and discarded from then on (that card included), the discards they took after it, and how
  // many cards they drew from the stock after it.
  struct EarlierDiscard {
    int player = 0;
    Card card;
    CardSet played_since;
    CardSet taken_since;
    int stock_draws_since = 0;
  };
  std::vector<EarlierDiscard> earlier_;
  /// The earlier discards' log-likelihood under greedy's model; adds random play's (a uniform
  /// choice of the cards held then, the later draws left out) to `*random`.
  double earlier_log_weight(const State& world, int p, double* random) const;
  std::array<CardSet, kMaxSpreads> spreads_{};
  int num_spreads_ = 0;
};

/// One world for the search: of `proposals` (>= 1) uniform deals of the cards the view's player has
/// not seen (resample_from_view), one is kept with probability proportional to its likelihood under
/// `model` (sampling-importance-resampling by the Gumbel-max trick: the largest log-weight plus
/// Gumbel noise wins, so only the best deal so far is kept).
State sample_world(const View& view, const OpponentModel& model, int proposals, Rng& rng);

/// Worlds drawn from the model's posterior by a Markov chain (Metropolis-Hastings) instead of by
/// resampling a few uniform deals: a step swaps one hidden card of an opponent with another unseen
/// card (in another hand or the stock), and is kept with probability min(1, likelihood ratio). A
/// swap is its own reverse, so the chain's stationary law is exactly the posterior over hands, with
/// the stock in uniform order. Where the evidence is sharp (an opponent who just threw a 3 holds
/// little above 3) a handful of uniform deals rarely holds a plausible hand; the chain walks to them.
class BeliefChain {
 public:
  /// Starts from a uniform deal and runs `burn_in` steps. `view` and `model` must outlive the chain.
  BeliefChain(const View& view, const OpponentModel& model, int burn_in, Rng& rng);
  /// Runs `steps` more steps and returns the world where the chain stands.
  const State& advance(int steps, Rng& rng);
  /// Steps proposed and kept so far (for tests and tuning).
  long long proposed() const { return proposed_; }
  long long accepted() const { return accepted_; }

 private:
  const View* view_;
  const OpponentModel* model_;
  std::array<Card, kNumCardIds> hidden_{};
  int unseen_ = 0;        ///< cards in hidden_
  int hand_places_ = 0;   ///< the first places of hidden_, which are in opponents' hands
  State world_;
  double log_weight_ = 0;
  long long proposed_ = 0, accepted_ = 0;
};

}  // namespace tonk
