// The greedy bot with deliberate, human-looking mistakes: the bot of the lower difficulty levels
// (bot_level.h). At a decision with a choice, with probability `rate`, it plays a plausible other
// move instead of greedy's: a drop it misses or makes a few points too early (S15), a discard it
// does not take (S9), a spread or hit it holds back (S11, S12), or another discard (S14). A mistaken
// discard is never a card that is part of a spread in hand, makes a pair or a two-card run with
// another held card, or fits a spread on the table. When no such move exists it plays greedy's.
// Internal to the library; tests read the counters.
#pragma once

#include <optional>
#include <string>

#include "greedy_bot.h"
#include "tonk/bot.h"
#include "tonk/rng.h"

namespace tonk {

class MistakeBot final : public Bot {
 public:
  /// `name` is the level's; `rate` in [0, 1]. Greedy's choices come from `seed`, the mistakes from
  /// a second stream, so at rate 0 it plays exactly as GreedyBot(seed).
  MistakeBot(std::string name, double rate, std::uint64_t seed);

  std::string_view name() const override { return name_; }
  Action choose(const View& view, const ActionList& legal) override;

  int decisions() const { return decisions_; }        ///< calls with two or more legal actions
  int mistakes() const { return mistakes_; }          ///< of those, the ones played as a mistake
  bool last_was_mistake() const { return last_was_mistake_; }

  /// A plausible mistake instead of `chosen` (greedy's choice), or nothing when there is none.
  static std::optional<Action> plausible_mistake(const View& view, const ActionList& legal, const Action& chosen, Rng& rng);
  /// True when discarding `c` would break something a person would see: c is in a spread that
  /// `legal` offers, pairs or runs with another card of the hand, or fits a spread on the table.
  static bool obviously_useful(const View& view, const ActionList& legal, Card c);

 private:
  std::string name_;
  double rate_;
  GreedyBot greedy_;
  Rng rng_;
  int decisions_ = 0;
  int mistakes_ = 0;
  bool last_was_mistake_ = false;
};

}  // namespace tonk
