// What the other players' public moves say about their hidden cards: a weight for each determinized
// world, so that the search imagines hands that fit how people (and bots) actually play.
//
// The evidence is each opponent's last discard. When the discard was their last move, their hand
// then was exactly their hand now plus that card. A player discards a card they value little: a
// high card without partners toward a spread, and not one that fits a spread on the table (a gift
// to the next player). The discard is modelled as drawn from a softmax over the cards held at that
// moment, so a world where an opponent who just threw a 9 holds an unpaired king is unlikely.
// (Not dropping was tried as evidence too, with the greedy bot's threshold; it made no measurable
// difference against greedy, so it is left out.) Internal to the library.
#pragma once

#include <array>

#include "tonk/card_set.h"
#include "tonk/state.h"
#include "tonk/view.h"

namespace tonk {

class OpponentModel {
 public:
  /// Softness of the discard model, in keep-score units (4 units = one card point).
  static constexpr double kDiscardTemperature = 2.0;

  /// Reads the evidence of `view`'s public history (once per decision).
  explicit OpponentModel(const View& view);

  /// True when some evidence applies (otherwise every world has weight 1).
  bool informative() const { return informative_; }
  /// The log-likelihood of the evidence in `world` (a full State consistent with the view), up to a
  /// constant: higher is more plausible.
  double log_weight(const State& world) const;

 private:
  const Game* game_;
  int num_players_;
  bool informative_ = false;
  std::array<Card, kMaxPlayers> last_discard_{};  ///< per opponent; none() when there is no evidence
  std::array<CardSet, kMaxSpreads> spreads_{};
  int num_spreads_ = 0;
};

}  // namespace tonk
