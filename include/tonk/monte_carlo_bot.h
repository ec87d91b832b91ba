// The Monte Carlo bot: determinized search for a game of hidden cards.
//
// At each decision the bot deals the cards it has not seen at random, consistently with its view
// (resample_from_view), and so imagines a "world": a full State. In every world it tries each legal
// action and plays the hand out with the greedy bot's policy for every seat (each seat seeing only
// its own view of that world). An action's value is its mean result to the bot's seat over the
// worlds, in what the table scores (signed_score: stakes, units, points, or minus V15's push-ups). Every action is tried in the same worlds with the same rollout randomness
// (common random numbers), so the comparison between actions is much less noisy than the values.
//
// The bot reads nothing but its View and the legal actions, and drives the engine only through the
// generic State API (legal_actions, apply, is_over, outcome), so it plays under any rule set.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/action.h"
#include "tonk/bot.h"
#include "tonk/rng.h"
#include "tonk/view.h"

namespace tonk {

/// How much a search bot may think per decision: a number of worlds, or a time in milliseconds.
///
/// Notation (the part after the colon in a bot kind such as "mc:200"):
///  - "200": 200 worlds (determinizations) per decision, each legal action rolled out once in each.
///    Decisions are reproducible from the bot's seed. 1 <= worlds <= kMaxWorlds.
///  - "20ms": as many worlds as fit in 20 ms of wall-clock time (at least one). Decisions then
///    depend on the machine's speed and are not reproducible. 1 <= milliseconds <= kMaxMilliseconds.
struct SearchBudget {
  static constexpr int kMaxWorlds = 1'000'000;
  static constexpr int kMaxMilliseconds = 600'000;

  int worlds = 0;        ///< worlds per decision; 0 when the budget is a time
  int milliseconds = 0;  ///< wall-clock time per decision, in ms; 0 when the budget is worlds

  static constexpr SearchBudget of_worlds(int n) { return {n, 0}; }
  static constexpr SearchBudget of_milliseconds(int ms) { return {0, ms}; }
  /// True when decisions depend only on the seed (a budget of worlds).
  bool reproducible() const { return worlds > 0; }

  friend bool operator==(const SearchBudget&, const SearchBudget&) = default;
};

/// Parses the notation above ("200", "20ms"). Throws std::invalid_argument with a message naming
/// the text when it is not a budget or is out of range.
SearchBudget parse_search_budget(std::string_view text);

/// The notation of a budget: "200" or "20ms".
std::string to_string(const SearchBudget& budget);

/// One legal action with the value the search gives it.
struct ActionValue {
  Action action;
  /// Mean result to the searching seat after this action, per hand, in the table's unit, higher
  /// better (signed_score: stakes, units, points, or minus the push-ups scored under V15).
  double value = 0;
  int worlds = 0;    ///< worlds in which the action was rolled out
};

class MonteCarloBot final : public Bot {
 public:
  /// The budget of the plain kind "mc": fast enough for play and strong enough to beat greedy.
  static constexpr int kDefaultWorlds = 100;
  /// Random deals drawn for each world; the one kept is chosen by how well it explains the other
  /// players' last discards (a player discards a card they value little).
  static constexpr int kProposals = 16;

  /// A bot whose worlds and rollouts are drawn from `seed`.
  MonteCarloBot(SearchBudget budget, std::uint64_t seed);

  /// "mc:N" or "mc:Nms", as accepted by make_bot.
  std::string_view name() const override { return name_; }
  const SearchBudget& budget() const { return budget_; }

  /// The legal action with the highest value (the first in `legal` order among equals). With a
  /// single legal action it is returned at once, without search and without using randomness.
  Action choose(const View& view, const ActionList& legal) override;

  /// Every action of `legal` (not empty) with its value, best first (ties in `legal` order).
  /// Uses the bot's randomness, so two calls give different (equally distributed) estimates; the
  /// sequence of calls is reproducible from the seed under a budget of worlds. `view` must be the
  /// view of the player to move.
  std::vector<ActionValue> evaluate(const View& view, const ActionList& legal);

 private:
  SearchBudget budget_;
  std::string name_;
  Rng rng_;
};

}  // namespace tonk
