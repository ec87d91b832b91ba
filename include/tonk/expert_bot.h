// The expert bot: the Monte Carlo bot's determinized search with its worlds drawn by a Markov chain
// whose stationary law is the belief about the other hands, and the drop valued exactly at the root
// (issue "bots worth playing"; docs/BOTS.md).
//
// Like the Monte Carlo bot it reads only its View. Its ingredients, each switchable so that its
// worth is measured on its own (the ablation tables of docs/BOTS.md):
//  - Fair rollouts (always): in every sampled world each seat plays on with the greedy policy from
//    its own view of that world (make_view), so no seat acts on cards it could not know there.
//  - Belief: how likely each opponent's last discard is under greedy's discard scores (as the
//    Monte Carlo bot; OpponentEvidence). At 3 or more players each opponent's likelihood is mixed
//    with random play's (weight 20%), a floor under the likelihood of their moves, so opponents
//    unlike greedy do not drive the belief to hands they do not hold.
//  - Worlds from the belief: a Markov chain over the other hands (BeliefChain), 8 steps between the
//    worlds a decision uses, instead of importance-weighted uniform deals, of which few fit the
//    evidence with 7-card hands.
//  - Root drop (S15): the drop ends the hand at once, so its value in a world is exact, with no
//    rollout. It is valued over `drop_worlds` further worlds of the chain: P(caught) × what a catch
//    costs against what a win brings, far less noisy than the rollouts' few hundred worlds; the
//    other actions (play on) keep their rollout values.
//  - Opponents who weigh their drops (since 7 December 2026): in the rollouts the other seats drop,
//    within 6 points above greedy's threshold, when a drop is worth at least half a stake on
//    average over 16 worlds dealt from their own view (GreedyStyle::drop_value_margin), as a searching player
//    does. A threshold in points models greedy; the search bots drop sooner, by an amount that
//    depends on the rules' payouts, which the drop's value reads (docs/BOTS.md, "Seventh pass").
// Options kept for measuring, off by default because they measured no gain (docs/BOTS.md): passes,
// takes and non-drops as evidence too ("fullbelief"), uniform deals importance-weighted by the
// belief for the rollouts and the drop instead of the chain ("nochain"), the careful rollout style
// for the own seat or every seat (GreedyStyle), a keener own or opponents' drop in the rollouts (by
// points, or for the own seat by value: "selfdropN"), the opponents' drop at greedy's threshold alone
// ("opdropoff", the earlier default), a turn-aware
// reading of non-drops, a sharper or softer discard model, more proposals or drop worlds, a
// tempered belief ("trustN"), hands read as holding nothing they could have laid ("unlaid"), and
// racing the actions so the worlds go to the close choices ("raceN").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/bot.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/rng.h"

namespace tonk {

/// How an expert bot searches. Written after "expert:" in a bot kind, '/'-separated:
/// "expert:400" (worlds), "expert:nodrop", "expert:nobelief", "expert:fullbelief", "expert:nochain",
/// "expert:fullbelief/turndrop", "expert:sharp", "expert:soft", "expert:careful", "expert:carefulall", "expert:keen2",
/// "expert:dw16", "expert:nochain/p128", "expert:chain4", "expert:fullbelief/replay", "expert:trust50", "expert:mix20",
/// "expert:alldiscards/tremble20", "expert:alldiscards/tremble10/loose60", "expert:800/race100", "expert:unlaid", "expert:opkeen2",
/// "expert:opdrop4", "expert:opdrop12/reach8", "expert:opdropoff", "expert:selfdrop8".
/// "expert:lastdiscard" names the default evidence and changes nothing. A later part overrides an
/// earlier one ("nochain/chain4" is "chain4"); a part that would change nothing in the bot it is
/// written with (replay or turndrop without fullbelief, trembleN or looseN without alldiscards, looseN equal to trembleN, raceN of all the worlds or more, pN with the chain, dwN with nodrop, reachN with opdropoff and no selfdropN, any
/// belief option with nobelief) is refused, so two kinds never name one bot.
struct ExpertOptions {
  static constexpr int kDefaultWorlds = 200;
  int worlds = kDefaultWorlds;  ///< rollout worlds per decision, 1..SearchBudget::kMaxWorlds
  bool root_drop = true;        ///< value the drop over drop_worlds() exact worlds (else by rollouts)
  static constexpr int kMaxDropWorldsPerWorld = 64;
  int drop_worlds_per_world = 4;  ///< drop worlds per rollout world when root_drop ("dwN", 1..64)
  /// Passes, takes and non-drops as evidence besides the last discard ("fullbelief"). Off by
  /// default: with the chain it measured no gain, and it cost under the 7-card presets (docs/BOTS.md).
  bool full_belief = false;
  bool belief = true;           ///< any evidence at all (false: uniformly random worlds)
  static constexpr int kMaxProposals = 256;
  int proposals = 32;           ///< uniform deals per resampled rollout world with "nochain", 1..kMaxProposals ("pN")
  bool careful_self = false;    ///< the bot's own seat plays the careful greedy style in rollouts ("careful")
  bool careful_others = false;  ///< so do the other seats ("carefulall" sets both)
  double discard_temperature = 2.0;  ///< the discard model's softness: "sharp" 1, "soft" 4
  /// The belief's log-likelihoods times trust_percent / 100 ("trustN", 0..100): a softer belief for
  /// opponents unlike greedy (OpponentEvidence::trust).
  int trust_percent = 100;
  /// The weight, in percent, of random play against greedy's in each opponent's likelihood
  /// ("mixN", 0..99; OpponentEvidence::random_play): a floor under the likelihood of each
  /// opponent's moves. kRandomPlayByTable (the default): 0 at 2 players, kRandomPlayAtThreeOrMore
  /// with more, where a belief that reads every opponent as greedy misreads two or three opponents
  /// who are not, and lost to mc:200 (docs/BOTS.md, "At 3 players").
  static constexpr int kRandomPlayByTable = -1;
  static constexpr int kRandomPlayAtThreeOrMore = 20;
  int random_play_percent = kRandomPlayByTable;
  /// The chance, in [0, 1), that an opponent at a table of `num_players` plays at random.
  double random_play(int num_players) const {
    if (random_play_percent != kRandomPlayByTable) return random_play_percent / 100.0;
    return num_players > 2 ? kRandomPlayAtThreeOrMore / 100.0 : 0.0;
  }
  bool turn_aware_drop = false;  ///< the non-drop evidence reads greedy's threshold at that turn ("turndrop"; needs full_belief)
  int keen = 0;                 ///< points added to the own seat's drop threshold in rollouts ("keenN", 0..10)
  /// Points added to the other seats' drop threshold in rollouts ("opkeenN", 0..10): opponents who
  /// drop sooner than greedy, as the search bots do (docs/BOTS.md, "How the Monte Carlo bot wins").
  int opponent_keen = 0;
  /// The other seats in rollouts drop, above their threshold and within drop_value_reach points of
  /// it, when dropping is worth at least N sixteenths of the table's unit on average over 16 worlds
  /// dealt from their own view ("opdropN", 0..16; GreedyStyle::drop_value_margin), as a searching
  /// opponent weighs a drop under the table's rules (docs/BOTS.md, "Seventh pass"); off under
  /// push-ups (V15). kDefaultOpponentDropMargin by default; kNoDropValue ("opdropoff"): greedy's
  /// threshold alone, the default until 7 December 2026.
  int opponent_drop_margin = kDefaultOpponentDropMargin;
  /// The same for the bot's own seat in rollouts ("selfdropN", 0..16), whose later drops the
  /// search itself weighs when they come. kNoDropValue by default.
  int own_drop_margin = kNoDropValue;
  /// How far above greedy's threshold, in points, opdropN and selfdropN weigh the drop ("reachN",
  /// 1..30; GreedyStyle::drop_value_reach).
  int drop_value_reach = kDefaultDropValueReach;
  static constexpr int kNoDropValue = -1;
  static constexpr int kDefaultOpponentDropMargin = 8;
  static constexpr int kMaxDropMargin = 16;
  static constexpr int kDefaultDropValueReach = 6;
  static constexpr int kMaxChainSteps = 64;
  static constexpr int kDefaultChainSteps = 8;
  /// Worlds drawn by a Markov chain over the belief (BeliefChain) with this many steps between
  /// rollout worlds ("chainN", 1..64; drop worlds take a quarter as many, at least one). 0
  /// ("nochain"): each rollout world resampled from `proposals` uniform deals by the belief, and the
  /// drop valued over uniform deals importance-weighted by it.
  int chain_steps = kDefaultChainSteps;
  /// Each opponent's last take or pass replayed with greedy's rule (OpponentEvidence::replay_draws)
  /// instead of the pass and take penalties ("replay"; needs full_belief).
  bool replay_draws = false;
  /// Every earlier discard of each opponent read too, on the hand they held then, the cards they
  /// drew from the stock since left out at their most favourable (OpponentEvidence::earlier_discards;
  /// "alldiscards").
  bool earlier_discards = false;
  /// The weight, in percent, of a uniform choice in each earlier discard's likelihood
  /// (OpponentEvidence::earlier_tremble; "trembleN", 0..99; needs earlier_discards).
  int earlier_tremble_percent = 0;
  /// A second, looser type of opponent, in percent: each opponent's earlier discards read as half
  /// trembling at earlier_tremble_percent and half at this rate (OpponentEvidence::earlier_loose_tremble;
  /// "looseN", 1..99, not trembleN's; needs earlier_discards). 0: one type.
  int earlier_loose_tremble_percent = 0;
  /// Each opponent's hand read as holding no spread and no hit they could have made in their last
  /// turn, as greedy lays every one (OpponentEvidence::unlaid_spreads; "unlaid").
  bool unlaid_spreads = false;
  /// Racing ("raceN", 1..worlds): after N worlds an action whose rollouts fall clearly below the
  /// leader's (3 standard errors of their paired difference) is rolled out no further, so the
  /// worlds go to the close choices and `worlds` is a ceiling. 0: every action gets every world.
  int race_min_worlds = 0;

  int drop_worlds() const { return worlds * drop_worlds_per_world; }
  friend bool operator==(const ExpertOptions&, const ExpertOptions&) = default;
};

/// Parses the part after "expert:" (may be empty). Throws std::invalid_argument naming the text.
ExpertOptions parse_expert_options(std::string_view text);

/// The kind naming `options`, as make_bot accepts it ("expert", "expert:nodrop").
std::string expert_kind(const ExpertOptions& options);

class ExpertBot final : public Bot {
 public:
  ExpertBot(ExpertOptions options, std::uint64_t seed);

  std::string_view name() const override { return name_; }
  const ExpertOptions& options() const { return options_; }

  /// The legal action of highest value (the first in `legal` order among equals); with one legal
  /// action it is returned at once, using no randomness.
  Action choose(const View& view, const ActionList& legal) override;

  /// Every action of `legal` (not empty) with its value in the table's unit (signed_score), best
  /// first. `view` must be the view of the player to move. Reproducible from the seed.
  std::vector<ActionValue> evaluate(const View& view, const ActionList& legal);

 private:
  ExpertOptions options_;
  std::string name_;
  Rng rng_;
};

}  // namespace tonk
