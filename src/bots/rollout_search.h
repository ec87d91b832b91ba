// The search shared by the Monte Carlo bot and the oracle: flat Monte Carlo over the legal actions
// of one decision, with greedy rollouts and common random numbers. Internal to the library.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "greedy_bot.h"
#include "tonk/action.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/rng.h"
#include "tonk/state.h"

namespace tonk {

/// The greedy styles played in a rollout: by the searching seat and by the others (plain for both in
/// the Monte Carlo bot and the oracle).
struct RolloutPolicy {
  GreedyStyle self;
  GreedyStyle others;
};

/// Plays `state` to the end of the hand with the greedy bot's policy for every seat (each seat sees
/// only its own view of `state`; tie-breaks drawn from `seed`) and returns `player`'s result in the
/// table's unit, higher better (signed_score: the payout, or minus the push-ups scored under V15). Any rule set: a policy choice that is not legal is replaced by the first legal action.
int greedy_rollout(State state, int player, std::uint64_t seed, RolloutPolicy policy = {});

/// Racing: an action whose results fall clearly below the leader's stops being rolled out, so the
/// worlds go to the actions still in contention. Off (min_worlds 0) in the Monte Carlo bot and the
/// oracle.
struct RolloutRace {
  /// Worlds every action is rolled out in before any is dropped from the race; 0: no racing.
  int min_worlds = 0;
  /// An action leaves the race when the leader's mean exceeds its own by more than `z` standard
  /// errors of their paired difference (the same worlds and rollout seeds for both).
  double z = 3.0;
  bool on() const { return min_worlds > 0; }
};

/// Values the actions of `legal` (the legal actions of the player to move, `player`). For each world
/// (a full State drawn by `next_world` from the search's randomness), every action is applied to the
/// world and rolled out with greedy_rollout, all actions with the same rollout seed. Runs
/// budget.worlds worlds, or worlds until budget.milliseconds have passed (at least one). A world in
/// which some action of `legal` is not legal is skipped (at most 4 × budget.worlds + 16 attempts,
/// or 16 past the time; values are 0 with worlds 0 if none was usable). With `race` on, an action
/// left behind is rolled out no further (its value is its mean over the worlds it had, `worlds`
/// says how many), and the search ends once one action is left. Returns the actions with their
/// mean results (signed_score), best first, ties in `legal` order.
std::vector<ActionValue> rollout_search(const std::function<State(Rng&)>& next_world, int player,
                                        const ActionList& legal, const SearchBudget& budget, Rng& rng,
                                        RolloutPolicy policy = {}, RolloutRace race = {});

/// Throws std::invalid_argument ("`who`: the budget must be ...") unless `budget` is a number of
/// worlds or a time, exactly one of them and neither negative: the check of every searching player.
void require_one_budget(const SearchBudget& budget, const char* who);

/// The first best action of a rollout_search result, or legal[0] when `legal` has one action.
Action best_action(const std::vector<ActionValue>& values);

}  // namespace tonk
