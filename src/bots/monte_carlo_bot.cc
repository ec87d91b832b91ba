#include "tonk/monte_carlo_bot.h"

#include <charconv>
#include <stdexcept>

#include "opponent_model.h"
#include "rollout_search.h"
#include "tonk/quoted_text.h"

namespace tonk {

SearchBudget parse_search_budget(std::string_view text) {
  const bool ms = text.size() > 2 && text.substr(text.size() - 2) == "ms";
  const std::string_view digits = ms ? text.substr(0, text.size() - 2) : text;
  int n = 0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  const int max = ms ? SearchBudget::kMaxMilliseconds : SearchBudget::kMaxWorlds;
  if (digits.empty() || ec != std::errc() || ptr != digits.data() + digits.size() || n < 1 || n > max)
    throw std::invalid_argument("bad search budget " + quoted_text(text) + ": expected worlds per decision (1 to " +
                                std::to_string(SearchBudget::kMaxWorlds) + ", e.g. 200) or a time (1ms to " +
                                std::to_string(SearchBudget::kMaxMilliseconds) + "ms, e.g. 20ms)");
  return ms ? SearchBudget::of_milliseconds(n) : SearchBudget::of_worlds(n);
}

std::string to_string(const SearchBudget& budget) {
  return budget.worlds > 0 ? std::to_string(budget.worlds) : std::to_string(budget.milliseconds) + "ms";
}

MonteCarloBot::MonteCarloBot(SearchBudget budget, std::uint64_t seed)
    : budget_(budget), name_("mc:" + to_string(budget)), rng_(seed) {
  require_one_budget(budget, "MonteCarloBot");
}

Action MonteCarloBot::choose(const View& view, const ActionList& legal) {
  if (legal.size() == 1) return legal[0];
  return best_action(evaluate(view, legal));
}

std::vector<ActionValue> MonteCarloBot::evaluate(const View& view, const ActionList& legal) {
  if (legal.empty()) throw std::invalid_argument("MonteCarloBot::evaluate: no legal actions");
  // Each world deals the cards this player has not seen at random (the view is the only input). Of
  // kProposals such deals one is kept, with probability proportional to how well it explains the
  // other players' discards (sampling-importance-resampling, by the Gumbel-max trick: the largest
  // log-weight plus Gumbel noise wins, so only the best deal so far is kept).
  const OpponentModel model(view);
  auto next_world = [&view, &model](Rng& rng) { return sample_world(view, model, kProposals, rng); };
  return rollout_search(next_world, view.player, legal, budget_, rng_);
}

}  // namespace tonk
