// The subcommands of the `tonk` command line. main.cc parses arguments (CLI11) and calls these;
// each returns the process exit code: 0 done, 1 failed while running, 2 bad input (nothing ran).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "record_writer.h"
#include "tonk/hand_review.h"
#include "tonk/rules.h"

namespace tonk::cli {

/// `tonk replay FILE`: checks every action of every hand in the record against the rules and prints
/// how each hand ended and each player's payout. Exit 0 when every hand replays; 1 with an error
/// naming the line and the reason otherwise; 2 when the file cannot be read. (replay_command.cc)
int run_replay(const std::string& path, bool quiet);

/// What `tonk review` needs, already checked by main.cc.
struct ReviewCommandOptions {
  std::string path;         ///< the record file
  std::optional<int> hand;  ///< review only the hand numbered this ([Hand]); unset: every hand
  int seat = 0;             ///< the seat whose decisions are reviewed
  ReviewOptions review;     ///< the searches, the threshold, the seed and the time limit
  bool json = false;        ///< print JSON on stdout instead of the tables
};

/// `tonk review FILE`: for each chosen hand of the record, seat `seat`'s decisions valued by the
/// fair search from its view, the best move, the cost, the mistakes; and the oracle's hindsight
/// (tonk/hand_review.h). Exit 0 done; 1 for a record that does not replay, a hand not in it or a
/// seat it does not have; 2 when the file cannot be read. (review_command.cc)
int run_review(const ReviewCommandOptions& options);

/// What `tonk play` needs, already checked by main.cc: valid rules and one bot kind per opponent.
struct PlayOptions {
  Rules rules;                    ///< rules.players = 1 + bots.size()
  std::string rules_base;         ///< the preset the rules start from ("P-RUSH"), "" for none
  std::vector<std::string> bots;  ///< the bot kind of seats 1.. (the human is seat 0)
  std::optional<int> hands;       ///< play this many hands, then stop; unset: ask after each hand
  std::uint64_t seed = 0;
  RecordTarget record;  ///< --record FILE (path "" for none), --force, and the files not to write over
  bool confirm_drop = true;  ///< a drop typed as `d` asks first (--no-confirm turns it off)
};

/// `tonk play`: an interactive game at the terminal, reading commands from stdin. (play_command.cc)
int run_play(const PlayOptions& options);

/// What `tonk sim` needs, already checked by main.cc.
struct SimOptions {
  Rules rules;                    ///< rules.players = bots.size()
  std::string rules_base;         ///< the preset the rules start from ("P-RUSH"), "" for none
  std::vector<std::string> bots;  ///< the bot kind of each seat, seat 0 first
  long long hands = 0;            ///< >= 1
  std::uint64_t seed = 0;
  bool json = false;        ///< print JSON on stdout instead of the table
  bool progress = false;    ///< show the progress bar even when stderr is not a terminal
  RecordTarget record;      ///< --record FILE (path "" for none), --force, and the files not to write over
};

/// `tonk sim`: plays hands between bots in a Session and prints each seat's results. (sim_command.cc)
int run_sim(const SimOptions& options);

/// What `tonk arena` needs, already checked by main.cc.
struct ArenaCommandOptions {
  Rules rules;                    ///< rules.players = bots.size()
  std::string rules_base;         ///< the preset the rules start from ("P-RUSH"), "" for none
  std::vector<std::string> bots;  ///< the lineup: a fair or omniscient kind per entrant (arena.h)
  long long deals = 0;            ///< duplicate deals, >= 1; each is played once per rotation
  std::uint64_t seed = 0;
  int threads = 1;          ///< 1..tonk::kMaxArenaThreads
  bool json = false;        ///< print JSON on stdout instead of the table
  bool progress = false;    ///< show the progress bar even when stderr is not a terminal
};

/// `tonk arena`: a match on duplicate deals with seat rotation (tonk::run_arena); prints each
/// entrant's mean payout per hand with a 95% confidence interval over deals, and its decision
/// times. (arena_command.cc)
int run_arena(const ArenaCommandOptions& options);

/// What `tonk rules` shows, already checked by main.cc.
struct RulesOptions {
  Rules rules;            ///< the rule set whose values are shown
  bool markdown = false;  ///< print docs/OPTIONS.md instead (the standard game only)
  std::string source;     ///< the preset or rule file the rules come from; "" also lists the presets
  std::string base;       ///< the preset the rules start from ("P-RUSH"), "" for none
  bool all = false;       ///< every option even when the rules differ (otherwise the differences only)
};

/// `tonk rules ID`, `tonk explain ID`: prints the section of docs/RULES.md (built into the program)
/// that explains the rule, or says the ID is unknown (exit 2). (rule_explain.cc)
int run_explain(std::string_view id);

/// `tonk rules`: prints every rule option with its value under `rules` (marking those that differ
/// from the standard game) and, for the standard game, the presets; or the Markdown document of the
/// defaults and the presets (tonk::rules_markdown()). (rules_command.cc)
int run_rules(const RulesOptions& options);

}  // namespace tonk::cli
