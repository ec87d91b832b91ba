#include "rollout_search.h"

#include <algorithm>
#include <chrono>

#include "greedy_bot.h"
#include "tonk/view.h"

namespace tonk {

int greedy_rollout(State state, int player, std::uint64_t seed) {
  GreedyBot policy(seed);
  ActionList legal;
  while (!state.is_over()) {
    state.legal_actions(legal);
    Action a = legal[0];
    if (legal.size() > 1) {
      a = policy.choose(make_view(state, state.current_player(), {}), legal);
      if (!legal.contains(a)) a = legal[0];  // a phase the policy does not know
    }
    state.apply(a);
  }
  return state.outcome().payouts[player];
}

std::vector<ActionValue> rollout_search(const std::function<State(Rng&)>& next_world, int player,
                                        const ActionList& legal, const SearchBudget& budget, Rng& rng) {
  using Clock = std::chrono::steady_clock;
  const int n = legal.size();
  std::vector<long long> totals(static_cast<std::size_t>(n), 0);
  const auto deadline = Clock::now() + std::chrono::milliseconds(budget.milliseconds);
  int worlds = 0;
  while (budget.worlds > 0 ? worlds < budget.worlds : worlds == 0 || Clock::now() < deadline) {
    const State world = next_world(rng);
    const std::uint64_t rollout_seed = rng.next();  // the same for every action: common random numbers
    for (int i = 0; i < n; ++i) {
      State s = world;
      s.apply(legal[i]);
      totals[static_cast<std::size_t>(i)] += greedy_rollout(s, player, rollout_seed);
    }
    ++worlds;
  }
  std::vector<ActionValue> values;
  values.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    values.push_back({legal[i], static_cast<double>(totals[static_cast<std::size_t>(i)]) / worlds, worlds});
  std::stable_sort(values.begin(), values.end(),
                   [](const ActionValue& a, const ActionValue& b) { return a.value > b.value; });
  return values;
}

Action best_action(const std::vector<ActionValue>& values) { return values.front().action; }

}  // namespace tonk
