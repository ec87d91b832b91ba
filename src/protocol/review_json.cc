#include "review_json.h"

#include "protocol_json.h"
#include "tonk/outcome.h"

namespace tonk::serve {

namespace {

using nlohmann::json;

json column_json(const ReviewColumn& c, const Game& game) {
  return json{{"played", c.played}, {"best", c.best}, {"best_action", to_string(c.best_action())},
              {"best_move", action_json(c.best_action(), game)}, {"cost", c.cost()}};
}

}  // namespace

json review_json(const HandReview& r, const Game& game, int number, const std::string& name, const ReviewOptions& options) {
  json decisions = json::array();
  for (const DecisionReview& d : r.decisions)
    decisions.push_back({{"move", d.move},
                         {"turn", d.turn},
                         {"played", to_string(d.played)},
                         {"played_move", action_json(d.played, game)},
                         {"choices", d.choices},
                         {"fair", column_json(d.fair, game)},
                         {"mistake", d.mistake},
                         {"hindsight", r.hindsight ? column_json(d.hindsight, game) : json(nullptr)}});
  return json{{"hand", number},
              {"seat", r.seat},
              {"name", name},
              {"unit", std::string(score_unit(r.scoring))},
              {"threshold", options.mistake_threshold},
              {"fair_search", expert_kind(options.fair)},
              {"hindsight_search", r.hindsight ? json("oracle:" + std::to_string(options.hindsight_rollouts)) : json(nullptr)},
              {"hand_over", r.hand_over},
              {"hindsight", r.hindsight},
              {"forced", r.forced},
              {"unreviewed", r.unreviewed},
              {"mistakes", r.mistakes()},
              {"total_cost", r.total_cost()},
              {"decisions", std::move(decisions)}};
}

}  // namespace tonk::serve
