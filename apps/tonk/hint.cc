#include "hint.h"

#include <algorithm>

#include "text_layout.h"
#include "tonk/monte_carlo_bot.h"

namespace tonk::cli {

namespace {

// What the values are in: the table's unit, signed so that higher is better (signed_score).
std::string hint_unit(const View& view) {
  const Scoring scoring = view.game->rules().scoring;
  if (scoring == Scoring::kPushups) return "push-ups (V15; shown negative, so higher is better)";
  return std::string(score_unit(scoring));
}

}  // namespace

std::string hint_text(const View& view, const ActionList& legal, std::uint64_t seed, const Style& style) {
  MonteCarloBot bot(SearchBudget::of_worlds(kHintWorlds), seed);
  const std::vector<ActionValue> values = bot.evaluate(view, legal);
  std::string out = "  Hint from the Monte Carlo bot (" + std::to_string(kHintWorlds) +
                    " deals of the cards you have not seen), in " + hint_unit(view) + " per hand:\n";
  const std::size_t shown = std::min<std::size_t>(values.size(), kHintShown);
  std::size_t width = 0;
  for (std::size_t i = 0; i < shown; ++i) width = std::max(width, to_string(values[i].action).size());
  for (std::size_t i = 0; i < shown; ++i) {
    const std::string text = pad_right(to_string(values[i].action), width);
    out += "    " + (i == 0 ? style.bold(text) : text) + "  " + fixed(values[i].value, 2, true) +
           (i == 0 ? "  (its choice)" : "") + "\n";
  }
  if (values.size() > shown)
    out += "    (" + std::to_string(values.size() - shown) + " more legal action" + (values.size() - shown == 1 ? "" : "s") +
           "; type a to list them all)\n";
  return out;
}

}  // namespace tonk::cli
