#include "rollout_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>

#include "greedy_bot.h"
#include "tonk/view.h"

namespace tonk {

int greedy_rollout(State state, int player, std::uint64_t seed, RolloutPolicy policy) {
  // One bot (one tie-break stream) for every seat when the styles agree, so the plain rollouts of
  // the Monte Carlo bot and the oracle play as they always did.
  const bool one_style = policy.self == policy.others;
  GreedyBot self(seed, policy.self), others(seed ^ 0x9e3779b97f4a7c15ULL, policy.others);
  ActionList legal;
  while (!state.is_over()) {
    state.legal_actions(legal);
    Action a = legal[0];
    if (legal.size() > 1) {
      const int p = state.current_player();
      GreedyBot& bot = one_style || p == player ? self : others;
      a = bot.choose(make_view(state, p, {}), legal);
      // The policy chooses from `legal`; anything else is a bug to report, not to paper over.
      if (!legal.contains(a)) throw std::logic_error("greedy rollout: the policy chose " + to_string(a) + ", not a legal action");
    }
    state.apply(a);
  }
  // What the table scores, higher better: stakes, units, points, or minus the push-ups (V15).
  return signed_score(state.outcome(), state.game().rules().scoring, player);
}

std::vector<ActionValue> rollout_search(const std::function<State(Rng&)>& next_world, int player,
                                        const ActionList& legal, const SearchBudget& budget, Rng& rng,
                                        RolloutPolicy policy, RolloutRace race) {
  using Clock = std::chrono::steady_clock;
  constexpr int kRaceCheckEvery = 8;  // worlds between two looks at the race
  const int n = legal.size();
  const auto at = [](int i) { return static_cast<std::size_t>(i); };
  std::vector<long long> totals(at(n), 0);
  std::vector<int> rolled(at(n), 0);  // worlds each action was rolled out in
  std::vector<char> racing(at(n), 1);
  int num_racing = n;
  // For racing: each pair's sum of squared differences of result, over the worlds both were rolled
  // out in (every world so far while both race), and this world's results.
  std::vector<long long> square_sums(race.on() ? at(n * n) : 0, 0);
  std::vector<int> results(at(n), 0);
  const auto deadline = Clock::now() + std::chrono::milliseconds(budget.milliseconds);
  // A world where some action of `legal` is not legal (legality hanging on a hidden card, which no
  // rule of the engine does today) is skipped, for every action alike; the attempts are bounded.
  const long long max_attempts = budget.worlds > 0 ? 4LL * budget.worlds + 16 : -1;
  ActionList world_legal;
  int worlds = 0;
  for (long long attempts = 0; max_attempts < 0 || attempts < max_attempts; ++attempts) {
    if (budget.worlds > 0 ? worlds >= budget.worlds : (worlds > 0 || attempts >= 16) && Clock::now() >= deadline)
      break;
    if (race.on() && num_racing == 1) break;
    const State world = next_world(rng);
    const std::uint64_t rollout_seed = rng.next();  // the same for every action: common random numbers
    world.legal_actions(world_legal);
    if (!std::all_of(legal.begin(), legal.end(), [&](const Action& a) { return world_legal.contains(a); })) continue;
    for (int i = 0; i < n; ++i) {
      if (!racing[at(i)]) continue;
      State s = world;
      s.apply(legal[i]);
      results[at(i)] = greedy_rollout(s, player, rollout_seed, policy);
      totals[at(i)] += results[at(i)];
      ++rolled[at(i)];
    }
    ++worlds;
    if (!race.on()) continue;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (racing[at(i)] && racing[at(j)]) {
          const long long d = results[at(i)] - results[at(j)];
          square_sums[at(i * n + j)] += d * d;
        }
    if (worlds < race.min_worlds || worlds % kRaceCheckEvery != 0 || num_racing == 1) continue;
    // Every action still racing was rolled out in every world so far.
    int leader = -1;
    for (int i = 0; i < n; ++i)
      if (racing[at(i)] && (leader < 0 || totals[at(i)] > totals[at(leader)])) leader = i;
    for (int i = 0; i < n; ++i) {
      if (!racing[at(i)] || i == leader) continue;
      const double gap = static_cast<double>(totals[at(leader)] - totals[at(i)]) / worlds;
      const double mean_square = static_cast<double>(square_sums[at(std::min(i, leader) * n + std::max(i, leader))]) / worlds;
      const double variance = std::max(0.0, mean_square - gap * gap) * worlds / (worlds - 1);
      if (gap > 0 && gap > race.z * std::sqrt(variance / worlds)) {
        racing[at(i)] = 0;
        --num_racing;
      }
    }
  }
  std::vector<ActionValue> values;
  values.reserve(at(n));
  for (int i = 0; i < n; ++i)
    values.push_back({legal[i], rolled[at(i)] > 0 ? static_cast<double>(totals[at(i)]) / rolled[at(i)] : 0.0, rolled[at(i)]});
  std::stable_sort(values.begin(), values.end(),
                   [](const ActionValue& a, const ActionValue& b) { return a.value > b.value; });
  return values;
}

void require_one_budget(const SearchBudget& budget, const char* who) {
  if (budget.worlds < 0 || budget.milliseconds < 0 || (budget.worlds > 0) == (budget.milliseconds > 0))
    throw std::invalid_argument(std::string(who) + ": the budget must be a number of worlds or a time, not both");
}

Action best_action(const std::vector<ActionValue>& values) { return values.front().action; }

}  // namespace tonk
