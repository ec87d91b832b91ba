// The oracle: a search bot that sees every card. For measuring the gap to perfect information only.
//
// It is deliberately not a Bot: a Bot is given a View (bot.h), and the oracle needs the full State,
// which no fair player may see. So it has an interface of its own, OmniscientPlayer, which only the
// arena (arena.h) and tests call with the true State. make_bot() does not know it, and `tonk play`
// cannot seat it; `tonk arena` can.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "tonk/action.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/rng.h"
#include "tonk/state.h"

namespace tonk {

/// A player that chooses from the true State (every hand and the stock order in view).
class OmniscientPlayer {
 public:
  virtual ~OmniscientPlayer() = default;
  /// The kind, as accepted by make_omniscient_player ("oracle:40").
  virtual std::string_view name() const = 0;
  /// Chooses one of `legal` (never empty, the legal actions of `state`) for state.current_player().
  virtual Action choose(const State& state, const ActionList& legal) = 0;
};

/// The Monte Carlo search of MonteCarloBot run on the true State instead of resampled worlds: each
/// legal action is rolled out `budget` times from the true state with the greedy policy for every
/// seat (rollouts differ only in the greedy bot's tie-breaks). It knows the stock order and every
/// hand, so it is an upper bound for fair search with the same rollout policy, not a fair player.
class OracleBot final : public OmniscientPlayer {
 public:
  /// The budget of the plain kind "oracle": rollouts per action per decision.
  static constexpr int kDefaultWorlds = 20;

  OracleBot(SearchBudget budget, std::uint64_t seed);
  std::string_view name() const override { return name_; }
  /// The legal action with the highest value; a single legal action is returned without search.
  Action choose(const State& state, const ActionList& legal) override;
  /// Every legal action with its value (mean payout to the player to move, in stakes), best first.
  std::vector<ActionValue> evaluate(const State& state, const ActionList& legal);

 private:
  SearchBudget budget_;
  std::string name_;
  Rng rng_;
};

/// The oracle's search and its exact root drop with the stock hidden: it sees every hand but not
/// the order of the stock, and imagines worlds that differ only in that order (reshuffle_stock). The
/// ceiling of a fair bot whose belief about the other hands were perfect, with this search: what a
/// better belief can still gain (docs/BOTS.md). A drop ends the hand, so with every hand in view its
/// value is exact and it is compared with the rollout values of playing on.
class HandsightPlayer final : public OmniscientPlayer {
 public:
  /// The budget of the plain kind "handsight": rollout worlds per decision, as the expert's.
  static constexpr int kDefaultWorlds = 200;

  HandsightPlayer(SearchBudget budget, std::uint64_t seed);
  std::string_view name() const override { return name_; }
  Action choose(const State& state, const ActionList& legal) override;

 private:
  SearchBudget budget_;
  std::string name_;
  Rng rng_;
};

/// The kinds make_omniscient_player() knows (base names, without a budget): {"oracle", "handsight"}.
std::span<const std::string_view> omniscient_kinds();

/// A new omniscient player: "oracle", "handsight", or either with ":BUDGET" (as in parse_search_budget).
/// Throws std::invalid_argument naming the kind when it is unknown or its budget is malformed.
std::unique_ptr<OmniscientPlayer> make_omniscient_player(std::string_view kind, std::uint64_t seed);

}  // namespace tonk
