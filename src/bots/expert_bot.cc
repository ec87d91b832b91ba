#include "tonk/expert_bot.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "opponent_model.h"
#include "rollout_search.h"
#include "tonk/quoted_text.h"

namespace tonk {

namespace {
constexpr int kChainBurnIn = 200;  // steps before the chain's first world
static_assert(ExpertOptions::kNoDropValue == GreedyStyle::kNoDropValue);
static_assert(ExpertOptions::kDefaultDropValueReach == GreedyStyle::kDefaultDropValueReach);
static_assert(ExpertOptions::kMaxDropMargin == GreedyStyle::kDropValueWorlds);
}

ExpertOptions parse_expert_options(std::string_view text) {
  ExpertOptions o;
  // An option written as a prefix and a number ("keen2", "dw16", "p128"): the number, or nothing
  // when `part` does not have the prefix; throws when the number is malformed or out of [lo, hi].
  auto counted = [&text](std::string_view part, std::string_view prefix, int lo, int hi, const char* what) -> std::optional<int> {
    if (part.size() <= prefix.size() || part.substr(0, prefix.size()) != prefix) return std::nullopt;
    int n = lo - 1;
    const auto [ptr, ec] = std::from_chars(part.data() + prefix.size(), part.data() + part.size(), n);
    if (ec != std::errc() || ptr != part.data() + part.size() || n < lo || n > hi)
      throw std::invalid_argument("bad expert option " + quoted_text(part) + " in " + quoted_text(text) + ": expected " +
                                  std::string(prefix) + "N, N " + what + " from " + std::to_string(lo) + " to " +
                                  std::to_string(hi));
    return n;
  };
  for (std::size_t start = 0; !text.empty() && start <= text.size();) {
    const std::size_t slash = std::min(text.find('/', start), text.size());
    const std::string_view part = text.substr(start, slash - start);
    start = slash + 1;
    if (part == "nodrop") {
      o.root_drop = false;
    } else if (part == "nobelief") {
      o.belief = false;
    } else if (part == "lastdiscard" || part == "fullbelief") {
      o.full_belief = part == "fullbelief";
    } else if (part == "nochain") {
      o.chain_steps = 0;
    } else if (part == "sharp" || part == "soft") {
      o.discard_temperature = part == "sharp" ? 1.0 : 4.0;
    } else if (part == "replay") {
      o.replay_draws = true;
    } else if (part == "alldiscards") {
      o.earlier_discards = true;
    } else if (part == "unlaid") {
      o.unlaid_spreads = true;
    } else if (part == "turndrop") {
      o.turn_aware_drop = true;
    } else if (part == "careful") {
      o.careful_self = true;
    } else if (part == "carefulall") {
      o.careful_self = o.careful_others = true;
    } else if (const auto trust = counted(part, "trust", 0, 100, "percent of the evidence's log-likelihood")) {
      o.trust_percent = *trust;
    } else if (const auto mix = counted(part, "mix", 0, 99, "percent weight of random play in each opponent's likelihood")) {
      o.random_play_percent = *mix;
    } else if (const auto tremble = counted(part, "tremble", 0, 99, "percent weight of a uniform choice in each earlier discard")) {
      o.earlier_tremble_percent = *tremble;
    } else if (const auto loose = counted(part, "loose", 1, 99, "percent weight of a uniform choice in each earlier discard of the looser type")) {
      o.earlier_loose_tremble_percent = *loose;
    } else if (const auto race = counted(part, "race", 1, SearchBudget::kMaxWorlds, "worlds before an action may leave the race")) {
      o.race_min_worlds = *race;
    } else if (const auto opkeen = counted(part, "opkeen", 0, 10, "points added to the opponents' drop threshold in rollouts")) {
      o.opponent_keen = *opkeen;
    } else if (part == "opdropoff") {
      o.opponent_drop_margin = ExpertOptions::kNoDropValue;
    } else if (const auto margin = counted(part, "opdrop", 0, ExpertOptions::kMaxDropMargin, "sixteenths of the table's unit a drop must be worth to the opponents in rollouts")) {
      o.opponent_drop_margin = *margin;
    } else if (const auto margin = counted(part, "selfdrop", 0, ExpertOptions::kMaxDropMargin, "sixteenths of the table's unit a drop must be worth to the own seat in rollouts")) {
      o.own_drop_margin = *margin;
    } else if (const auto reach = counted(part, "reach", 1, GreedyStyle::kMaxDropValueReach, "points above greedy's threshold within which a drop is weighed")) {
      o.drop_value_reach = *reach;
    } else if (const auto keen = counted(part, "keen", 0, 10, "points added to the own drop threshold in rollouts")) {
      o.keen = *keen;
    } else if (const auto steps = counted(part, "chain", 1, ExpertOptions::kMaxChainSteps, "chain steps between worlds")) {
      o.chain_steps = *steps;
    } else if (const auto dw = counted(part, "dw", 1, ExpertOptions::kMaxDropWorldsPerWorld, "drop worlds per rollout world")) {
      o.drop_worlds_per_world = *dw;
    } else if (const auto proposals = counted(part, "p", 1, ExpertOptions::kMaxProposals, "proposals per world")) {
      o.proposals = *proposals;
    } else {
      int n = 0;
      const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
      if (part.empty() || ec != std::errc() || ptr != part.data() + part.size() || n < 1 || n > SearchBudget::kMaxWorlds)
        throw std::invalid_argument("bad expert option " + quoted_text(part) + " in " + quoted_text(text) +
                                    ": expected worlds (1 to " + std::to_string(SearchBudget::kMaxWorlds) +
                                    "), nodrop, nobelief, fullbelief, lastdiscard, nochain, sharp, soft, alldiscards, unlaid, turndrop, replay, careful, carefulall, trustN, mixN, trembleN, looseN, raceN, keenN, opkeenN, selfdropN, opdropN, opdropoff, reachN, dwN, pN or chainN, '/'-separated");
      o.worlds = n;
    }
  }
  // A part that changes nothing in the bot it is written with is refused, so that two kinds never
  // name one bot (an arena would rate them apart).
  const ExpertOptions d;
  auto refuse = [&text](const std::string& why) {
    throw std::invalid_argument("bad expert options " + quoted_text(text) + ": " + why);
  };
  if (!o.belief && (o.full_belief || o.earlier_discards || o.unlaid_spreads || o.replay_draws || o.turn_aware_drop || o.discard_temperature != d.discard_temperature ||
                    o.trust_percent != d.trust_percent || o.random_play_percent != d.random_play_percent ||
                    o.chain_steps != d.chain_steps || o.proposals != d.proposals))
    refuse("nobelief reads no evidence, so fullbelief, alldiscards, unlaid, replay, turndrop, sharp, soft, trustN, mixN, nochain, chainN and pN change nothing with it");
  if ((o.replay_draws || o.turn_aware_drop) && !o.full_belief)
    refuse("replay and turndrop read takes, passes and non-drops, which only fullbelief reads");
  if (o.proposals != d.proposals && o.chain_steps != 0)
    refuse("pN sets the uniform deals behind each world, which only nochain draws (the chain needs none)");
  if ((o.earlier_tremble_percent != 0 || o.earlier_loose_tremble_percent != 0) && !o.earlier_discards)
    refuse("trembleN and looseN soften the earlier discards, which only alldiscards reads");
  if (o.earlier_loose_tremble_percent != 0 && o.earlier_loose_tremble_percent == o.earlier_tremble_percent)
    refuse("looseN is a second type of opponent, trembling otherwise than trembleN: the same rate is one type");
  if (o.race_min_worlds >= o.worlds)
    refuse("raceN lets actions leave the race after N worlds, so N must be below the worlds (" + std::to_string(o.worlds) + ")");
  if (o.drop_value_reach != d.drop_value_reach && o.own_drop_margin == ExpertOptions::kNoDropValue &&
      o.opponent_drop_margin == ExpertOptions::kNoDropValue)
    refuse("reachN sets how far above the threshold selfdropN and opdropN weigh a drop, and neither is given");
  if (!o.root_drop && o.drop_worlds_per_world != d.drop_worlds_per_world)
    refuse("dwN sets the root drop's worlds, which nodrop turns off");
  return o;
}

std::string expert_kind(const ExpertOptions& o) {
  std::string parts;
  auto add = [&parts](const std::string& p) { parts += (parts.empty() ? "" : "/") + p; };
  if (o.worlds != ExpertOptions::kDefaultWorlds) add(std::to_string(o.worlds));
  if (!o.root_drop) add("nodrop");
  if (!o.belief) add("nobelief");
  if (o.belief && o.full_belief) add("fullbelief");
  if (o.earlier_discards) add("alldiscards");
  if (o.earlier_tremble_percent != 0) add("tremble" + std::to_string(o.earlier_tremble_percent));
  if (o.earlier_loose_tremble_percent != 0) add("loose" + std::to_string(o.earlier_loose_tremble_percent));
  if (o.unlaid_spreads) add("unlaid");
  if (o.careful_self && o.careful_others) add("carefulall");
  else if (o.careful_self) add("careful");
  if (o.discard_temperature != ExpertOptions{}.discard_temperature) add(o.discard_temperature < ExpertOptions{}.discard_temperature ? "sharp" : "soft");
  if (o.turn_aware_drop) add("turndrop");
  if (o.trust_percent != ExpertOptions{}.trust_percent) add("trust" + std::to_string(o.trust_percent));
  if (o.random_play_percent != ExpertOptions::kRandomPlayByTable) add("mix" + std::to_string(o.random_play_percent));
  if (o.race_min_worlds != 0) add("race" + std::to_string(o.race_min_worlds));
  if (o.keen != 0) add("keen" + std::to_string(o.keen));
  if (o.opponent_keen != 0) add("opkeen" + std::to_string(o.opponent_keen));
  if (o.own_drop_margin != ExpertOptions::kNoDropValue) add("selfdrop" + std::to_string(o.own_drop_margin));
  if (o.opponent_drop_margin == ExpertOptions::kNoDropValue) add("opdropoff");
  else if (o.opponent_drop_margin != ExpertOptions::kDefaultOpponentDropMargin) add("opdrop" + std::to_string(o.opponent_drop_margin));
  if (o.drop_value_reach != ExpertOptions::kDefaultDropValueReach) add("reach" + std::to_string(o.drop_value_reach));
  if (o.drop_worlds_per_world != ExpertOptions{}.drop_worlds_per_world) add("dw" + std::to_string(o.drop_worlds_per_world));
  if (o.proposals != ExpertOptions{}.proposals) add("p" + std::to_string(o.proposals));
  if (o.replay_draws) add("replay");
  if (o.belief && o.chain_steps == 0) add("nochain");
  else if (o.belief && o.chain_steps != ExpertOptions::kDefaultChainSteps) add("chain" + std::to_string(o.chain_steps));
  return parts.empty() ? "expert" : "expert:" + parts;
}

ExpertBot::ExpertBot(ExpertOptions options, std::uint64_t seed) : options_(options), name_(expert_kind(options)), rng_(seed) {
  if (options.worlds < 1 || options.worlds > SearchBudget::kMaxWorlds || options.proposals < 1 || options.proposals > ExpertOptions::kMaxProposals ||
      options.drop_worlds_per_world < 1 || options.drop_worlds_per_world > ExpertOptions::kMaxDropWorldsPerWorld ||
      options.chain_steps < 0 || options.chain_steps > ExpertOptions::kMaxChainSteps || options.trust_percent < 0 || options.trust_percent > 100 ||
      options.random_play_percent < ExpertOptions::kRandomPlayByTable || options.random_play_percent > 99 ||
      options.earlier_tremble_percent < 0 || options.earlier_tremble_percent > 99 ||
      options.earlier_loose_tremble_percent < 0 || options.earlier_loose_tremble_percent > 99 ||
      options.opponent_keen < 0 || options.opponent_keen > 10 ||
      options.opponent_drop_margin < ExpertOptions::kNoDropValue || options.opponent_drop_margin > ExpertOptions::kMaxDropMargin ||
      options.own_drop_margin < ExpertOptions::kNoDropValue || options.own_drop_margin > ExpertOptions::kMaxDropMargin ||
      options.drop_value_reach < 1 || options.drop_value_reach > GreedyStyle::kMaxDropValueReach || options.keen < 0 || options.keen > 10 ||
      options.race_min_worlds < 0 || (options.race_min_worlds > 0 && options.race_min_worlds >= options.worlds))
    throw std::invalid_argument("ExpertBot: worlds, proposals, drop worlds, chain steps, trust, random play, tremble, keenness, drop margin or reach, or race out of range");
}

Action ExpertBot::choose(const View& view, const ActionList& legal) {
  if (legal.size() == 1) return legal[0];
  return best_action(evaluate(view, legal));
}

std::vector<ActionValue> ExpertBot::evaluate(const View& view, const ActionList& legal) {
  if (legal.empty()) throw std::invalid_argument("ExpertBot::evaluate: no legal actions");
  OpponentEvidence evidence;
  evidence.last_discard = options_.belief;
  evidence.passes = evidence.takes = evidence.non_drops = options_.belief && options_.full_belief;
  evidence.turn_aware_drop = options_.turn_aware_drop;
  evidence.earlier_discards = options_.belief && options_.earlier_discards;
  evidence.earlier_tremble = options_.earlier_tremble_percent / 100.0;
  evidence.earlier_loose_tremble = options_.earlier_loose_tremble_percent / 100.0;
  evidence.unlaid_spreads = options_.belief && options_.unlaid_spreads;
  evidence.replay_draws = options_.belief && options_.full_belief && options_.replay_draws;
  evidence.discard_temperature = options_.discard_temperature;
  evidence.trust = options_.trust_percent / 100.0;
  evidence.random_play = options_.random_play(view.num_players);
  const OpponentModel model(view, evidence);
  const int proposals = options_.belief ? options_.proposals : 1;
  const bool chained = options_.chain_steps > 0 && options_.belief;
  std::optional<BeliefChain> chain;
  if (chained) chain.emplace(view, model, kChainBurnIn, rng_);
  auto next_world = [&](Rng& rng) { return chained ? chain->advance(options_.chain_steps, rng) : sample_world(view, model, proposals, rng); };

  const Action drop = Action::drop();
  const bool drop_at_root = options_.root_drop && legal.size() > 1 && legal.contains(drop);
  ActionList play_on;
  for (const Action& a : legal)
    if (!(drop_at_root && a == drop)) play_on.push_back(a);
  std::vector<ActionValue> values =
      rollout_search(next_world, view.player, play_on, SearchBudget::of_worlds(options_.worlds), rng_,
                    RolloutPolicy{{options_.careful_self, options_.keen, options_.own_drop_margin, options_.drop_value_reach},
                                  {options_.careful_others, options_.opponent_keen, options_.opponent_drop_margin, options_.drop_value_reach}},
                    RolloutRace{options_.race_min_worlds});
  if (!drop_at_root) return values;

  // The drop ends the hand (S15), so its value in a world is exact: many worlds, each cheap, drawn
  // by the chain, or (nochain) uniform deals weighed by their likelihood (self-normalized importance
  // sampling) instead of resampled a few at a time.
  const Scoring scoring = view.game->rules().scoring;
  std::vector<std::pair<double, int>> samples;  // log-weight, result of the drop
  samples.reserve(static_cast<std::size_t>(options_.drop_worlds()));
  double max_log_weight = -INFINITY;
  const int drop_steps = std::max(1, options_.chain_steps / 4);
  for (int k = 0; k < options_.drop_worlds(); ++k) {
    // From the chain every world has weight 1 (it is drawn from the posterior); uniform deals are
    // weighted by their likelihood.
    State world = chained ? chain->advance(drop_steps, rng_) : resample_from_view(view, rng_);
    if (!world.is_legal(drop)) continue;
    const double lw = chained ? 0.0 : model.log_weight(world);
    world.apply(drop);
    samples.emplace_back(lw, signed_score(world.outcome(), scoring, view.player));
    max_log_weight = std::max(max_log_weight, lw);
  }
  double weight_sum = 0, value_sum = 0;
  for (const auto& [lw, result] : samples) {
    const double w = std::exp(lw - max_log_weight);
    weight_sum += w;
    value_sum += w * result;
  }
  values.push_back({drop, (weight_sum > 0 ? value_sum / weight_sum : 0.0), static_cast<int>(samples.size())});
  // Best first; among equals the order of `legal`.
  auto index = [&legal](const Action& a) { return static_cast<int>(std::find(legal.begin(), legal.end(), a) - legal.begin()); };
  std::stable_sort(values.begin(), values.end(), [&](const ActionValue& a, const ActionValue& b) {
    return a.value != b.value ? a.value > b.value : index(a.action) < index(b.action);
  });
  return values;
}

}  // namespace tonk
