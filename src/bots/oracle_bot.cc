#include "tonk/oracle_bot.h"

#include <array>
#include <stdexcept>

#include "rollout_search.h"
#include "tonk/quoted_text.h"

namespace tonk {

namespace {
constexpr std::array<std::string_view, 2> kOmniscientKinds = {"oracle", "handsight"};
}

OracleBot::OracleBot(SearchBudget budget, std::uint64_t seed)
    : budget_(budget), name_("oracle:" + to_string(budget)), rng_(seed) {
  require_one_budget(budget, "OracleBot");
}

Action OracleBot::choose(const State& state, const ActionList& legal) {
  if (legal.size() == 1) return legal[0];
  return best_action(evaluate(state, legal));
}

std::vector<ActionValue> OracleBot::evaluate(const State& state, const ActionList& legal) {
  if (legal.empty()) throw std::invalid_argument("OracleBot::evaluate: no legal actions");
  // Every "world" is the true state: no resampling.
  return rollout_search([&state](Rng&) { return state; }, state.current_player(), legal, budget_, rng_);
}

HandsightPlayer::HandsightPlayer(SearchBudget budget, std::uint64_t seed)
    : budget_(budget), name_("handsight:" + to_string(budget)), rng_(seed) {
  require_one_budget(budget, "HandsightPlayer");
}

Action HandsightPlayer::choose(const State& state, const ActionList& legal) {
  if (legal.size() == 1) return legal[0];
  const int player = state.current_player();
  const Action drop = Action::drop();
  ActionList play_on;
  for (const Action& a : legal)
    if (a != drop) play_on.push_back(a);
  const auto values = rollout_search([&state](Rng& rng) { return reshuffle_stock(state, rng); }, player, play_on, budget_, rng_);
  if (!legal.contains(drop)) return best_action(values);
  State dropped = state;
  dropped.apply(drop);
  const int drop_value = signed_score(dropped.outcome(), state.game().rules().scoring, player);
  return drop_value >= values.front().value ? drop : best_action(values);
}

std::span<const std::string_view> omniscient_kinds() { return kOmniscientKinds; }

std::unique_ptr<OmniscientPlayer> make_omniscient_player(std::string_view kind, std::uint64_t seed) {
  const std::size_t colon = kind.find(':');
  const std::string_view base = kind.substr(0, colon);
  auto budget = [&](int default_worlds) {
    return colon == std::string_view::npos ? SearchBudget::of_worlds(default_worlds) : parse_search_budget(kind.substr(colon + 1));
  };
  if (base == "oracle") return std::make_unique<OracleBot>(budget(OracleBot::kDefaultWorlds), seed);
  if (base == "handsight") return std::make_unique<HandsightPlayer>(budget(HandsightPlayer::kDefaultWorlds), seed);
  throw std::invalid_argument("unknown omniscient player " + quoted_text(kind) + " (known: oracle, oracle:N, handsight, handsight:N)");
}

}  // namespace tonk
