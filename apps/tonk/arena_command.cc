// `tonk arena`: a match between bots on duplicate deals with seat rotation, on several threads; per
// entrant the mean payout per hand with a 95% confidence interval over deals, the wins and the time
// per decision; as a table or as JSON.
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "end_reason_key.h"
#include "progress_bar.h"
#include "rule_flags.h"
#include "seats.h"
#include "text_layout.h"
#include "tonk/arena.h"
#include "tonk/rule_options.h"

namespace tonk::cli {

namespace {

nlohmann::ordered_json ci_json(const MeanInterval& m) {
  if (m.n < 2) return nullptr;  // one deal has no spread to estimate
  return {m.low(), m.high()};
}

void print_json(const ArenaCommandOptions& o, const Game& game, const std::vector<std::string>& names,
                const ArenaResult& r) {
  nlohmann::ordered_json j;
  j["deals"] = r.deals;
  j["hands"] = r.hands;
  j["seed"] = o.seed;
  j["players"] = game.num_players();
  j["threads"] = o.threads;
  j["rules"] = to_string(game.rules());
  j["unit"] = score_unit(game.rules().scoring);  // of mean and total, signed so that higher is better
  j["entrants"] = nlohmann::ordered_json::array();
  for (std::size_t e = 0; e < r.entrants.size(); ++e) {
    const ArenaEntrant& a = r.entrants[e];
    nlohmann::ordered_json entrant;
    entrant["entrant"] = e;
    entrant["name"] = names[e];
    entrant["bot"] = a.kind;
    entrant["mean"] = a.payout.mean;
    entrant["ci95"] = ci_json(a.payout);
    entrant["edge"] = a.edge.mean;  // vs the table's mean in the same deals; = mean unless push-ups
    entrant["edge_ci95"] = ci_json(a.edge);
    entrant["total"] = a.total;
    entrant["wins"] = a.wins;
    entrant["decisions"] = a.times.decisions;
    entrant["decision_ms"] = {{"mean", a.times.mean_ms}, {"median", a.times.median_ms}, {"p99", a.times.p99_ms}};
    j["entrants"].push_back(entrant);
  }
  nlohmann::ordered_json ends;
  for (int k = 1; k < kNumEndReasons; ++k) ends[end_reason_key(static_cast<EndReason>(k))] = r.reasons[static_cast<std::size_t>(k)];
  j["ends"] = ends;
  j["seconds"] = r.seconds;
  std::cout << j.dump(2) << "\n";
}

std::string row(std::string_view entrant, std::string_view bot, std::size_t bot_width, std::string_view mean,
                std::string_view ci, std::string_view edge, std::string_view wins, std::string_view decisions,
                std::string_view median, std::string_view p99) {
  return pad_left(entrant, 7) + "  " + pad_right(bot, bot_width) + "  " + pad_left(mean, 9) + "  " + pad_left(ci, 18) +
         (edge.empty() ? "" : "  " + pad_left(edge, 26)) + "  " + pad_left(wins, 7) + "  " + pad_left(decisions, 9) +
         "  " + pad_left(median, 9) + "  " + pad_left(p99, 9) + "\n";
}

std::string interval_text(const MeanInterval& m) {
  if (m.n < 2) return "n/a";
  return "[" + fixed(m.low(), 3, true) + ", " + fixed(m.high(), 3, true) + "]";
}

void print_table(const ArenaCommandOptions& o, const Game& game, const std::vector<std::string>& names,
                 const ArenaResult& r) {
  std::string lineup;
  for (std::size_t e = 0; e < names.size(); ++e) lineup += (e ? " vs " : "") + names[e];
  std::cout << r.deals << (r.deals == 1 ? " deal" : " deals") << " x " << game.num_players()
            << " rotations = " << r.hands << " hands: " << lineup << " (" << game.num_players() << " players, "
            << describe_changes(game.rules(), o.rules_base) << "), seed " << o.seed << "\n\n";
  std::size_t width = 4;
  for (const auto& name : names) width = std::max(width, name.size());
  // Under push-ups (V15) the results do not sum to zero: the edge over the table's mean compares.
  const bool pushups = game.rules().scoring == Scoring::kPushups;
  const std::string unit(score_unit(game.rules().scoring));
  std::cout << row("entrant", "bot", width, "mean/hand", "95% CI", pushups ? "edge over the table (95% CI)" : "", "wins",
                   "decisions", "median ms", "p99 ms");
  for (std::size_t e = 0; e < r.entrants.size(); ++e) {
    const ArenaEntrant& a = r.entrants[e];
    const std::string edge = pushups ? fixed(a.edge.mean, 3, true) + " " + interval_text(a.edge) : "";
    std::cout << row(std::to_string(e), names[e], width, fixed(a.payout.mean, 3, true), interval_text(a.payout), edge,
                     std::to_string(a.wins), std::to_string(a.times.decisions), fixed(a.times.median_ms, 3),
                     fixed(a.times.p99_ms, 3));
  }
  std::cout << "\nEach deal (deck order and dealer) is played once per rotation of the seats, so every entrant\n"
               "plays every seat's cards. Results are in "
            << (pushups ? "push-ups per hand, negative (V15: minus the push-ups scored), so that higher is better;\n"
                          "the edge is the entrant's result less the table's mean in the same deals"
                        : unit + " per hand, higher is better")
            << "; 95% CI = mean ± 1.96·s/√n over the\n"
               "n deals (one sample per deal: the entrant's mean over its hands). Decision times are wall-clock\n"
               "milliseconds per call to the bot (medians and p99 to within 1.1%).\n";
  std::string ends;
  for (int k = 1; k < kNumEndReasons; ++k) {
    const long long count = r.reasons[static_cast<std::size_t>(k)];
    if (count > 0) ends += (ends.empty() ? "" : ", ") + std::string(to_string(static_cast<EndReason>(k))) + " " + std::to_string(count);
  }
  std::cout << "hands by end: " << ends << "\n";
  const double rate = r.seconds > 0 ? static_cast<double>(r.hands) / r.seconds : 0.0;
  std::cout << "speed: " << fixed(rate, 0) << " hands/s (" << r.hands << " hands in " << fixed(r.seconds, 2) << " s on "
            << o.threads << (o.threads == 1 ? " thread" : " threads") << ")\n";
}

}  // namespace

int run_arena(const ArenaCommandOptions& options) {
  const Game game(options.rules);
  const std::vector<std::string> names = seat_names(options.bots, /*human_first=*/false);
  ProgressBar bar(options.deals, "deals", options.progress);
  tonk::ArenaOptions o;
  o.rules = options.rules;
  o.lineup = options.bots;
  o.deals = options.deals;
  o.seed = options.seed;
  o.threads = options.threads;
  o.progress = [&bar](long long done) { bar.update(done); };
  const ArenaResult result = tonk::run_arena(o);
  bar.finish();
  if (options.json) {
    print_json(options, game, names, result);
  } else {
    print_table(options, game, names, result);
  }
  return 0;
}

}  // namespace tonk::cli
