#include "tonk/bot_factory.h"

#include <array>
#include <stdexcept>
#include <string>

#include "greedy_bot.h"
#include "mistake_bot.h"
#include "random_bot.h"
#include "tonk/bot_level.h"
#include "tonk/expert_bot.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/quoted_text.h"

namespace tonk {

namespace {
// The base names. A kind is a base name, optionally followed by ":" and a search budget for the
// search bots: "mc" (MonteCarloBot::kDefaultWorlds worlds), "mc:200" (200 worlds per decision),
// "mc:20ms" (20 ms per decision; not reproducible). See parse_search_budget().
// The difficulty levels (bot_level.h) are kinds too, listed first: what a person chooses.
constexpr std::array<std::string_view, 8> kKinds = {"beginner", "easy", "medium", "hard", "expert", "random", "greedy", "mc"};
}

std::span<const std::string_view> bot_kinds() { return kKinds; }

std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t seed) {
  const std::size_t colon = kind.find(':');
  const std::string_view base = kind.substr(0, colon);
  const bool has_budget = colon != std::string_view::npos;
  if (base == "mc") {
    const SearchBudget budget = has_budget ? parse_search_budget(kind.substr(colon + 1))
                                           : SearchBudget::of_worlds(MonteCarloBot::kDefaultWorlds);
    return std::make_unique<MonteCarloBot>(budget, seed);
  }
  if (const BotLevel* level = has_budget ? nullptr : find_bot_level(kind); level && level->name != "expert") {
    if (level->bot == "greedy") return std::make_unique<MistakeBot>(std::string(level->name), level->mistake_rate, seed);
    return make_bot(level->bot, seed);
  }
  if (base == "expert") return std::make_unique<ExpertBot>(parse_expert_options(has_budget ? kind.substr(colon + 1) : ""), seed);
  if (!has_budget && kind == "random") return std::make_unique<RandomBot>(seed);
  if (!has_budget && kind == "greedy") return std::make_unique<GreedyBot>(seed);
  std::string known;
  for (auto k : kKinds) known += (known.empty() ? "" : ", ") + std::string(k);
  throw std::invalid_argument("unknown bot " + quoted_text(kind) + " (known: " + known + ", mc:N, mc:Nms, expert:OPTIONS)");
}


}  // namespace tonk
