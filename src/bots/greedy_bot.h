// The greedy bot: one-ply heuristics that play sensibly. It keeps its count low, takes the discard
// when that helps, lays spreads and hits whenever they lower its count, discards its least useful
// high card, and drops when its count is likely the lowest at the table.
#pragma once

#include "tonk/bot.h"
#include "tonk/rng.h"

namespace tonk {

/// How a greedy bot departs from the plain policy; the expert bot's rollouts use them (docs/BOTS.md).
struct GreedyStyle {
  /// Discards also weigh what the seat can see of the rest of the deck: a partner toward a spread
  /// counts only while a card that would complete it is still live (not in the discard pile), and
  /// a card that pairs or runs with cards an opponent publicly took from the pile is held back.
  bool careful = false;
  /// Points added to drop_threshold (S15): positive drops sooner.
  int drop_offset = 0;
  /// A drop judged by its value, as a searching player judges it, or kNoDropValue. At the start of
  /// a turn with a count above the threshold (drop_threshold + drop_offset) by at most
  /// drop_value_reach points, the seat deals kDropValueWorlds worlds from its own view (uniform
  /// deals of the cards it has not seen) and drops when the total result of dropping in them
  /// (signed_score in the table's unit: won, or caught, under the table's rules, S15 and its
  /// variations) is at least drop_value_margin, 0..kDropValueWorlds: a mean of margin / 16 of the
  /// unit. Unlike a threshold in points it reads the rules' payouts, so it drops sooner where a
  /// catch costs little. Off under V15's push-ups, where a drop's result is minus the push-ups it
  /// scores, never above 0, so no margin reads it: the seat drops at its threshold alone.
  int drop_value_margin = kNoDropValue;
  /// How far above the threshold, in points, the drop is weighed (1..kMaxDropValueReach).
  int drop_value_reach = kDefaultDropValueReach;
  static constexpr int kNoDropValue = -1;
  static constexpr int kDefaultDropValueReach = 6;
  static constexpr int kMaxDropValueReach = 30;
  static constexpr int kDropValueWorlds = 16;
  friend bool operator==(const GreedyStyle&, const GreedyStyle&) = default;
};

class GreedyBot final : public Bot {
 public:
  explicit GreedyBot(std::uint64_t seed, GreedyStyle style = {}) : rng_(seed), style_(style) {}
  std::string_view name() const override { return "greedy"; }
  Action choose(const View& view, const ActionList& legal) override;

  /// The count at or below which the bot drops, given the fewest cards any opponent holds, the
  /// turn number and the scoring (points; 3 higher under V15's push-ups, where being caught costs
  /// only one's count). Public for tests and tuning.
  static int drop_threshold(const View& view);
  /// The same from its inputs: `fewest` cards in another hand, `turn` (View::turn, 1 for the first
  /// turn of the hand), `players` at the table.
  static int drop_threshold(int fewest, int turn, int players, Scoring scoring);

 private:
  Rng rng_;  // tie-breaks, and the worlds of a drop judged by its value
  GreedyStyle style_;
};

/// How much card `c` helps toward spreads in `hand`, in partnership units: 2 for each card of its
/// rank, 2 for each card of its suit one run position away, 1 two away. With `read_wild_cards`
/// each wild card held (V13a) is a partner of every natural card, worth 2, and a wild card itself
/// scores 8, the card a player keeps; without, wild cards count as the naturals they are (greedy's
/// own reading, and the only one when the rules have no wild cards). A joker that is not wild (V16)
/// partners nothing and scores 0.
int spread_potential(const Game& game, CardSet hand, Card c, bool read_wild_cards);

}  // namespace tonk
